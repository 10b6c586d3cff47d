"""Alex: sound habits. Play cards that lead to your own, hold back cards that only help others.

Alex scores every card that fits with :func:`~engine.sevens.players.heuristics.card_value`
and plays the best one; the reason says which habit decided.

>>> import random
>>> from engine.sevens.position import Position
>>> pos = Position.parse("7D 6H-8H / 7S 9H 10H 2C / 8D / KC / 2S / 0")
>>> view = PlayerView(0, pos.hands[0], pos.table, pos.counts(), ())
>>> AlexPlayer(random.Random(1)).decide(view).reason
'Hold the 7♠ — you have no other spades, so it would only help others; play 9♥ instead, which opens the way to your 10♥.'
"""

from __future__ import annotations

from ...core.cards import ALL_CARDS, Card, cards_of
from ...core.game import SeededPlayer
from ...core.text import NUMBER_WORDS, join_words
from ..view import PlayerView
from .base import PASS_REASON, Decision
from .heuristics import best_card, card_value, paths_of

__all__ = ["AlexPlayer", "describe", "explain", "own_gain"]


class AlexPlayer(SeededPlayer):
    name = "alex"

    def decide(self, view: PlayerView) -> Decision:
        legal = view.legal_mask()
        if not legal:
            return Decision(None, PASS_REASON)
        card = ALL_CARDS[best_card(legal, view.hand)]
        return Decision(card, explain(card, view.hand, legal))


def own_gain(card: Card, hand: int) -> str | None:
    """What playing *card* does for your own cards, as a clause; ``None`` if nothing."""
    paths = [p for p in paths_of(card, hand) if p.mine]
    if not paths:
        return None
    at_once = [c for p in paths for c in p.run]
    if at_once:
        return f"opens the way to your {join_words([c.display for c in at_once])}"
    nearest = min(paths, key=lambda p: p.released)
    return f"brings your {nearest.mine[0].display} closer"


def _blocker_note(card: Card) -> str:
    suit = card.suit.plural
    if card.rank == 7:
        return f"you have no other {suit}"
    return f"you hold no {suit} {'below' if card.rank < 7 else 'above'} it"


def explain(card: Card, hand: int, legal: int) -> str:
    """One sentence saying why *card* is a good play from *hand* when the cards in *legal* fit."""
    if legal.bit_count() == 1:
        return f"Play {card.display}: it is the only card that fits."
    gain = own_gain(card, hand)
    # Cards held back because only other people's cards lie beyond them, the worst first.
    held = [
        other
        for other in cards_of(legal)
        if other != card and paths_of(other, hand) and not any(p.mine for p in paths_of(other, hand))
    ]
    held.sort(key=lambda c: card_value(c.index, hand))
    held = [c for c in held if card_value(c.index, hand) < card_value(card.index, hand)]
    # Holding back a seven is the lesson worth saying; otherwise what the card does for you comes first.
    if held and (held[0].rank == 7 or not gain):
        blocker = held[0]
        return (
            f"Hold the {blocker.display} — {_blocker_note(blocker)}, so it would only help others; "
            f"play {card.display} instead, which {gain or _cost(card, hand)}."
        )
    if gain:
        return f"Play {card.display}: it {gain}."
    if not paths_of(card, hand):
        return f"Play {card.display}: it {_cost(card, hand)}."
    return f"Play {card.display}: every card that fits helps others, and this one {_cost(card, hand)}."


def _cost(card: Card, hand: int) -> str:
    """What playing *card* gives the others, as a clause after "it" or "which"; only true of Alex's choice."""
    paths = paths_of(card, hand)
    if not paths:
        end = "a king" if card.rank == 13 else "an ace"
        return f"gives nobody a new card, since nothing can follow {end}"
    let_out = sum(p.released for p in paths)
    # In the lessons' words: a card opens the way for the cards beyond it, here only cards the others hold.
    return f"opens the way for the fewest cards the others hold, only {NUMBER_WORDS[let_out]}"


def describe(card: Card, hand: int) -> str:
    """What playing *card* does, as a clause after "it", whatever else fits."""
    gain = own_gain(card, hand)
    if gain:
        return gain
    paths = paths_of(card, hand)
    if not paths:
        return _cost(card, hand)
    return f"opens the way for {_count(sum(p.released for p in paths))} the others hold"


def _count(cards: int) -> str:
    return f"{NUMBER_WORDS[cards]} card{'' if cards == 1 else 's'}"
