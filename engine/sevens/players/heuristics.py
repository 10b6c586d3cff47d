"""How good a card is to play, judged from your own hand: the arithmetic behind Alex and Sam.

Every card on the table's rows leads somewhere: a six leads down to the five,
four … ace of its suit, an eight up to the nine … king, a seven both ways, and
an ace or a king nowhere. Playing a card makes the next card along its way
playable, and the cards after that follow one by one unless somebody holds
them back. So a card is worth playing when your own cards lie along its way,
and worth holding when only other people's cards do: then it blocks them.

:func:`card_value` turns that into a number from two bit masks, fast enough to
run inside Sam's play-outs (no objects, only integers and precomputed tables).

>>> from engine.core.cards import Card, parse_mask
>>> hand = parse_mask("8C 9C 10C 7S 6H")
>>> card_value(Card.parse("8C").index, hand) > card_value(Card.parse("6H").index, hand)
True
>>> card_value(Card.parse("7S").index, hand) < card_value(Card.parse("6H").index, hand)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Card, cards_of

__all__ = ["Path", "best_card", "card_value", "paths_of"]

# What one of your own cards further along a card's way is worth, and what each
# other card let out costs when none of yours lies along that way. Tuned on
# duplicate deals against ``random`` (see bench/strength.py): charging for the
# other cards before your own one (the gap) made Alex weaker, so only a way
# with nothing of yours on it is charged.
OWN_WEIGHT = 4
RELEASE_WEIGHT = 1


def _ways(index: int) -> tuple[tuple[int, bool], ...]:
    """For the card *index*: each way it leads, as (mask of the cards beyond it, leads upwards)."""
    suit, rank = divmod(index, 13)
    rank += 1
    base = suit * 13

    def span(low: int, high: int) -> int:
        return sum(1 << (base + r - 1) for r in range(low, high + 1))

    if rank == 7:
        return ((span(1, 6), False), (span(8, 13), True))
    if rank < 7:
        return ((span(1, rank - 1), False),) if rank > 1 else ()
    return ((span(rank + 1, 13), True),) if rank < 13 else ()


WAYS: tuple[tuple[tuple[int, bool], ...], ...] = tuple(_ways(i) for i in range(52))
# The same, with what letting the whole way out costs, for the inner loop of :func:`best_card`.
COSTS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((beyond, RELEASE_WEIGHT * beyond.bit_count()) for beyond, _ in ways) for ways in WAYS
)


def card_value(index: int, hand: int) -> int:
    """How much good playing card *index* does its holder, whose hand is *hand*.

    For each way the card leads: +``OWN_WEIGHT`` for each of your cards along
    it, or, when none of yours is, -``RELEASE_WEIGHT`` for each card it lets out
    to the others.
    """
    value = 0
    for beyond, cost in COSTS[index]:
        mine = hand & beyond
        value += OWN_WEIGHT * mine.bit_count() if mine else -cost
    return value


def best_card(legal: int, hand: int) -> int:
    """The index of the card in *legal* with the highest :func:`card_value`; ties go to the first in hand order."""
    # card_value written out in the loop: this runs millions of times in Sam's play-outs.
    best = -1
    best_value = -1000
    own = OWN_WEIGHT
    while legal:
        low = legal & -legal
        index = low.bit_length() - 1
        value = 0
        for beyond, cost in COSTS[index]:
            mine = hand & beyond
            value += own * mine.bit_count() if mine else -cost
        if value > best_value:
            best, best_value = index, value
        legal ^= low
    return best


@dataclass(frozen=True, slots=True)
class Path:
    """One way a card leads, in words-ready form: your cards along it and the others it lets out."""

    mine: tuple[Card, ...]
    released: int
    up: bool

    @property
    def run(self) -> tuple[Card, ...]:
        """Your cards that can follow at once, one after another, with nobody else's card needed."""
        if self.released:
            return ()
        run = [self.mine[0]]
        for card in self.mine[1:]:
            if abs(card.rank - run[-1].rank) != 1:
                break
            run.append(card)
        return tuple(run)


def paths_of(card: Card, hand: int) -> list[Path]:
    """The ways *card* leads, for explaining a choice (the same arithmetic as :func:`card_value`).

    >>> from engine.core.cards import parse_mask
    >>> [(p.up, [c.code for c in p.mine], p.released) for p in paths_of(Card.parse("7C"), parse_mask("9C 10C 5C"))]
    [(False, ['5C'], 1), (True, ['9C', '10C'], 1)]
    """
    paths = []
    for beyond, up in WAYS[card.index]:
        mine = hand & beyond
        order = list(cards_of(beyond))
        if not up:
            order.reverse()
        released = 0
        for other in order:
            if mine & other.bit:
                break
            released += 1
        own = tuple(c for c in order if mine & c.bit)
        paths.append(Path(own, released, up))
    return paths
