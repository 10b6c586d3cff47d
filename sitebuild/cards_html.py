"""Cards, rows and hands as accessible HTML.

Every card shows its rank and suit symbol (so red suits never rely on colour
alone) and carries its full name for screen readers.

>>> from engine.core.cards import Card
>>> card_html(Card.parse("6H"))
'<span class="face suit-H" role="img" aria-label="six of hearts">6<b>♥</b></span>'
"""

from __future__ import annotations

from html import escape

from engine.core.cards import SUITS, Card, cards_of


def _pip(card: Card) -> str:
    # The game's card face (site.css `.face`) in its small form: the rank over the suit symbol.
    return f"{card.display[:-1]}<b>{card.suit.symbol}</b>"


def card_html(card: Card) -> str:
    return f'<span class="face suit-{card.suit.value}" role="img" aria-label="{card.name}">{_pip(card)}</span>'


def card_button(card: Card) -> str:
    """A card the learner can select (a toggle button)."""
    return (
        f'<button type="button" class="card" data-card="{card.code}" aria-pressed="false" aria-label="{card.name}">'
        f'<span class="face suit-{card.suit.value}" aria-hidden="true">{_pip(card)}</span></button>'
    )


def cards_html(mask: int, *, buttons: bool = False) -> str:
    if not mask:
        return '<span class="cards__empty">no cards</span>'
    render = card_button if buttons else card_html
    return "".join(render(card) for card in cards_of(mask))


def table_html(table: int) -> str:
    """The cards on the table in four suit rows of thirteen columns, ace to king.

    Each card sits in its rank's column, so a row that grows outwards from its middle
    is seen doing so; empty places are drawn faintly and hidden from screen readers.
    """
    rows = []
    for suit in SUITS:
        row = [Card.of(rank, suit) for rank in range(1, 14)]
        # One <i> per column (an empty one has no content, so screen readers skip it); CSS finds the
        # middle column as the seventh. Kept this terse: a lesson page draws a table per puzzle.
        # A card is read as its rank and symbol ("7♥"), in order along the row, after the row's name.
        cells = "".join(f'<i class="face suit-{suit.value}">{_pip(c)}</i>' if table & c.bit else "<i></i>" for c in row)
        label = suit.plural.capitalize()
        empty = "" if any(table & c.bit for c in row) else '<span class="visually-hidden">not started</span>'
        rows.append(
            f'<li class="layout-grid__row"><span class="layout-grid__suit">'
            f'<span aria-hidden="true">{suit.symbol}</span><span class="visually-hidden">{label}:</span></span>'
            f"{cells}{empty}</li>"
        )
    return (
        f'<div class="table"><p class="table__label">On the table</p><ul class="layout-grid">{"".join(rows)}</ul></div>'
    )


def hand_html(label: str, hand: int, *, buttons: bool = False) -> str:
    group = f' role="group" aria-label="{escape(label)}"' if buttons else ""
    return (
        f'<div class="seat-hand"{group}><p class="seat-hand__label">{escape(label)}</p>'
        f'<div class="seat-hand__cards">{cards_html(hand, buttons=buttons)}</div></div>'
    )
