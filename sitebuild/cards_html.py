"""Cards, rows and hands as accessible HTML.

Every card shows its rank and suit symbol (so red suits never rely on colour
alone) and carries its full name for screen readers.

>>> from engine.core.cards import Card
>>> card_html(Card.parse("6H"))
'<span class="card card--hearts" role="img" aria-label="six of hearts"><span aria-hidden="true">6♥</span></span>'
"""

from __future__ import annotations

from html import escape

from engine.core.cards import SUITS, Card, cards_of
from engine.sevens.position import SUIT_MASKS


def card_html(card: Card) -> str:
    return (
        f'<span class="card card--{card.suit.plural}" role="img" aria-label="{card.name}">'
        f'<span aria-hidden="true">{card.display}</span></span>'
    )


def card_button(card: Card) -> str:
    """A card the learner can select (a toggle button)."""
    return (
        f'<button type="button" class="card card--{card.suit.plural}" data-card="{card.code}" '
        f'aria-pressed="false" aria-label="{card.name}"><span aria-hidden="true">{card.display}</span></button>'
    )


def cards_html(mask: int, *, buttons: bool = False) -> str:
    if not mask:
        return '<span class="cards__empty">no cards</span>'
    render = card_button if buttons else card_html
    return "".join(render(card) for card in cards_of(mask))


def table_html(table: int) -> str:
    """The four rows on the table, one line per suit, lowest card first."""
    rows = []
    for suit in SUITS:
        row = table & SUIT_MASKS[suit.index]
        cards = cards_html(row) if row else '<span class="table__empty">not started</span>'
        rows.append(
            f'<li class="table__row table__row--{suit.plural}"><span class="table__suit">{suit.symbol} {suit.plural.capitalize()}'
            f'<span class="visually-hidden">:</span></span> <span class="table__cards">{cards}</span></li>'
        )
    return (
        f'<div class="table"><p class="table__label">On the table</p><ul class="table__rows">{"".join(rows)}</ul></div>'
    )


def hand_html(label: str, hand: int, *, buttons: bool = False) -> str:
    group = f' role="group" aria-label="{escape(label)}"' if buttons else ""
    return (
        f'<div class="seat-hand"{group}><p class="seat-hand__label">{escape(label)}</p>'
        f'<div class="seat-hand__cards">{cards_html(hand, buttons=buttons)}</div></div>'
    )
