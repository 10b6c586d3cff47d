"""The engine behaves the same in CPython and in Pyodide.

The expected values were computed once in CPython 3.11; the same test runs
inside Pyodide (``make test``), so a difference in shuffling or seeding between
the two would fail there.
"""

from __future__ import annotations

import sys

from engine.core.cards import format_cards
from engine.core.chance import player_rng
from engine.sevens.deal import deal_hands


def test_python_is_new_enough() -> None:
    assert sys.version_info >= (3, 11)


def test_a_seeded_deal_is_the_same_everywhere() -> None:
    assert [format_cards(hand) for hand in deal_hands(2026)] == [
        "3C 8C 9C 3D 6D 7D QD KD 9H AS 3S 4S 10S",
        "2C 10C KC 10D 3H 4H JH KH 5S 7S JS QS KS",
        "4C 5C 6C AD 2D 9D JD AH 7H 8H QH 6S 8S",
        "AC 7C JC QC 4D 5D 8D 2H 5H 6H 10H 2S 9S",
    ]


def test_computer_players_draw_the_same_random_numbers_everywhere() -> None:
    assert [player_rng(2026, seat).randrange(1000) for seat in range(4)] == [804, 75, 123, 765]
