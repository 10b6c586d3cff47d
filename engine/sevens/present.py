"""Sevens in words and JSON for a page: rows with their captions, cards, moves and results.

Every sentence the page shows comes from here (or from the rules' reasons),
so no rule is written in JavaScript.

>>> from engine.sevens.position import parse_table
>>> from engine.sevens.rules import DEFAULT
>>> row_json(parse_table("7D 8D"), 0, DEFAULT, 1)["caption"]
'diamonds row runs 7♦–8♦; next: 6♦ or 9♦'
>>> row_json(0, 0, DEFAULT, 0)["caption"]
'clubs row has not started; the 7♦ must open the deal first'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.cards import SUITS, Card, cards_of
from ..core.text import counted, join_words
from .moves import Move
from .position import OPENING_CARD, SUIT_MASKS, Position, describe_row, fitting, row_ends
from .rules import OPTIONS, SevensRules

__all__ = ["card_json", "move_json", "result_json", "row_json", "rules_json", "rules_menu", "score_json"]

JSON = dict[str, Any]


def card_json(card: Card) -> JSON:
    return {"code": card.code, "display": card.display, "name": card.name, "suit": card.suit.value}


def row_json(table: int, loose: int, rules: SevensRules, suit_index: int) -> JSON:
    """One suit's row: its cards, its ends, the cards that fit next to it, and the row in words."""
    suit = SUITS[suit_index]
    reached = table & ~loose
    ends = row_ends(reached, suit)
    nexts = fitting(table, loose, rules) & SUIT_MASKS[suit_index]
    text = describe_row(reached, suit)
    caption = text.removeprefix("the ")
    shown_nexts = [card.display for card in cards_of(nexts)]
    if reached & SUIT_MASKS[suit_index] == SUIT_MASKS[suit_index]:
        caption += "; complete"
    elif reached & SUIT_MASKS[suit_index]:
        caption += f"; next: {join_words(shown_nexts, 'or')}" if shown_nexts else "; nothing fits next to it yet"
    elif shown_nexts:
        caption += f"; the 7{suit.symbol} can begin it"
    elif rules.opening == "7D" and not table & OPENING_CARD.bit:
        caption += f"; the {OPENING_CARD.display} must open the deal first"
    lying = [card.display for card in cards_of(loose & SUIT_MASKS[suit_index])]
    if lying:
        caption += f"; {join_words(lying)} {'lies' if len(lying) == 1 else 'lie'} waiting for the row to reach"
    return {
        "suit": suit.value,
        "name": suit.plural,
        "symbol": suit.symbol,
        "cards": [card.code for card in cards_of(table & SUIT_MASKS[suit_index])],
        "loose": [card.code for card in cards_of(loose & SUIT_MASKS[suit_index])],
        "low": int(ends[0]) if ends else None,
        "high": int(ends[1]) if ends else None,
        "next": [card.code for card in cards_of(nexts)],
        "text": text,
        "caption": caption,
    }


def move_json(move: Move, names: Sequence[str]) -> JSON:
    return {
        "seat": move.seat,
        "card": card_json(move.card) if move.card else None,
        "text": move.describe(names),
    }


def rules_json(rules: SevensRules) -> JSON:
    """The options, the rules' name and one sentence per option that differs from plain Sevens (and the opening's)."""
    return OPTIONS.table_json(rules)


def score_json(rules: SevensRules) -> JSON:
    """What a match's scores are (see :meth:`engine.core.session.DealSession._score_json`): chips won and lost,
    or deals won; the highest total leads.

    >>> score_json(SevensRules())
    {'scoring': 'wins', 'heading': 'Deals won', 'signed': False, 'lower_is_better': False}
    """
    chips = rules.scoring == "chips"
    return {
        "scoring": rules.scoring,
        "heading": "Chips" if chips else "Deals won",
        "signed": chips,
        "lower_is_better": False,
    }


def rules_menu() -> JSON:
    """What a page offers to choose from (see :meth:`engine.core.options.Options.menu`). The site's build writes it
    into the game page.

    >>> menu = rules_menu()
    >>> [preset["title"] for preset in menu["presets"]]
    ['Sevens', 'Fan Tan', 'Shichinarabe', 'Parliament']
    >>> menu["options"][4]["values"], menu["options"][4]["words"][:2], menu["default"]
    (['none', '1', '2', '3', '4', '5'], ['no limit', '1 pass'], 'sevens')
    """
    return OPTIONS.menu()


def result_json(position: Position, moves: Sequence[Move], names: Sequence[str], you: int) -> JSON | None:
    """The end of the deal: who won, with which card, cards left, places and chips as the rules have them."""
    winner = position.winner
    if winner is None or not position.is_over:
        return None
    final = moves[-1].card if moves and moves[-1].seat == winner else None
    who = names[winner]
    verb = "win" if winner == you else "wins"
    if final is not None:
        text = f"{who} {verb}, going out with {final.display}."
    elif position.done:
        text = f"{who} {verb}."
    else:
        text = f"{who} {verb}: everyone else is out."
    places = position.places()
    chips = list(position.chips) if position.chips is not None else None
    if chips is not None:
        text += f" {who} {'take' if winner == you else 'takes'} {counted(chips[winner], 'chip')}."
    return {
        "winner": winner,
        "winner_name": who,
        "final_card": card_json(final) if final else None,
        "left": list(position.counts()),
        "places": places if position.rules.finish == "places" else None,
        "chips": chips,
        "text": text,
    }
