"""Dealing Sevens: the whole pack, one card at a time, starting with the player after the dealer.

>>> hands = deal_hands(42)
>>> [h.bit_count() for h in hands], [h.bit_count() for h in deal_hands(42, players=5, dealer=3)]
([13, 13, 13, 13], [11, 10, 10, 10, 11])
>>> deal_hands(42) == hands
True
"""

from __future__ import annotations

from ..core.chance import shuffled_pack

__all__ = ["deal_hands"]


def deal_hands(seed: int, players: int = 4, dealer: int = 0) -> tuple[int, ...]:
    """Shuffle a 52-card pack with *seed* and deal it round from the seat after *dealer*.

    With 52 not a multiple of *players*, the first ``52 mod players`` seats after
    the dealer hold one card more.
    """
    pack = shuffled_pack(seed)
    hands = [0] * players
    first = dealer + 1
    for i in range(players):
        hands[(first + i) % players] = sum(map(BITS.__getitem__, pack[i::players]))  # distinct bits: sum is or
    return tuple(hands)


BITS = tuple(1 << card for card in range(52))
