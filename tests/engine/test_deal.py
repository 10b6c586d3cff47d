"""Seeded deals: the same seed deals the same hands everywhere, 13 each, every card once.

The pinned hands below were dealt by CPython 3.11; this module also runs in
Pyodide, so passing there proves the browser deals the very same games.
"""

import pytest

from engine.cards import FULL_DECK, Card, format_cards
from engine.deal import deal_hands, player_rng
from engine.game import Game
from engine.position import Position, opener

PINNED = {
    0: [
        "2C 3C 5C 10C 3D 6D KD 3H QH KH AS QS KS",
        "8C 9C JC QC KC 10D JD AH 4H 6H 10H 9S JS",
        "4C 6C 7C 8D 9D 5H 7H 8H 9H 4S 7S 8S 10S",
        "AC AD 2D 4D 5D 7D QD 2H JH 2S 3S 5S 6S",
    ],
    42: [
        "5C 9C 10C 7D 9D 5H 8H JH QH 3S 4S 9S KS",
        "AC 2C 6C QC 2D 8D JD 3H 4H 7H KH JS QS",
        "3C 8C JC 3D 4D 10D KD 6H 9H 10H 6S 7S 8S",
        "4C 7C KC AD 5D 6D QD AH 2H AS 2S 5S 10S",
    ],
    2026: [
        "2C 10C KC 10D 3H 4H JH KH 5S 7S JS QS KS",
        "4C 5C 6C AD 2D 9D JD AH 7H 8H QH 6S 8S",
        "AC 7C JC QC 4D 5D 8D 2H 5H 6H 10H 2S 9S",
        "3C 8C 9C 3D 6D 7D QD KD 9H AS 3S 4S 10S",
    ],
}


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_known_seeds_deal_exactly_these_hands(seed: int) -> None:
    assert [format_cards(hand) for hand in deal_hands(seed)] == PINNED[seed]


def test_known_seeds_open_with_the_7d_holder() -> None:
    assert [opener(deal_hands(seed)) for seed in sorted(PINNED)] == [3, 0, 3]


def test_player_random_sources_are_pinned_too() -> None:
    # Computer players draw from these, so they must also agree between CPython and Pyodide.
    assert player_rng(42, 0).getrandbits(32) == 1212740931
    assert player_rng(42, 1).random() == 0.100579408211938


def test_player_random_sources_differ_by_seat() -> None:
    draws = {player_rng(7, seat).getrandbits(64) for seat in range(4)}
    assert len(draws) == 4


def test_the_same_seed_deals_the_same_hands() -> None:
    for seed in range(50):
        assert deal_hands(seed) == deal_hands(seed)


def test_different_seeds_deal_differently() -> None:
    assert len({deal_hands(seed) for seed in range(200)}) == 200


def test_every_deal_gives_13_cards_each_and_all_52_once() -> None:
    for seed in range(200):
        hands = deal_hands(seed)
        assert [hand.bit_count() for hand in hands] == [13, 13, 13, 13]
        union = 0
        for hand in hands:
            assert not union & hand
            union |= hand
        assert union == FULL_DECK


def test_the_7d_holder_opens() -> None:
    seven = Card.parse("7D")
    for seed in range(50):
        hands = deal_hands(seed)
        holder = opener(hands)
        assert hands[holder] & seven.bit
        assert Position.deal(hands).turn == holder
        game = Game.new(seed)
        assert game.opener == game.turn == holder
        assert game.position.legal_moves() == [seven]


def test_the_opener_varies_with_the_seed() -> None:
    assert {opener(deal_hands(seed)) for seed in range(40)} == {0, 1, 2, 3}


def test_a_negative_seed_is_refused_rather_than_dealt_like_its_positive_twin() -> None:
    with pytest.raises(ValueError, match="seed -7 is out of range: seeds are whole numbers from 0 to"):
        deal_hands(-7)
