"""Every rule of the version we teach has puzzles that practise it: the map from rule to puzzles.

The rules are those of the version the site teaches (tutorials/pages/rules.md: four players, 13
cards each, the 7♦ opens, aces low). Each puzzle named here must exist in tutorials/, so a renamed
or deleted puzzle that leaves a rule unpractised fails this test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core.cards import FULL_DECK, mask_of, parse_cards
from engine.core.puzzles import read_fields
from sitebuild.lessons import tutorials_of

TUTORIALS = Path(__file__).resolve().parents[2] / "tutorials"
FENCE = re.compile(r"^```puzzle\n(.*?)^```", re.DOTALL | re.MULTILINE)

RULES: dict[str, list[str]] = {
    "The whole 52-card pack is dealt: 13 cards each for four players": ["who-opens-full-deal"],
    "Whoever holds 7♦ plays it first, whoever dealt": [
        "who-opens",
        "who-opens-robin",
        "who-opens-you",
        "who-opens-full-deal",
    ],
    "The opening card is 7♦ and no other, even for a player holding other sevens": ["first-card", "opening-first"],
    "Play goes clockwise: You, Robin, Alex, Sam": ["guided-opening", "guided-finish"],
    "After the opening, any seven starts its suit's row": [
        "fit-7c-start",
        "pick-sevens",
        "fit-7s-later",
        "pass-or-play-2",
    ],
    "A card joins only its own suit's row": ["fit-5h-no-row", "wrong-suit", "pass-or-play-no-row"],
    "A card fits as the next rank at either end of its row": ["fit-9c", "fit-5c-low", "pick-two-ends", "pick-hearts"],
    "No gaps: a card waits for its neighbour": ["fit-10c-gap", "pass-or-play-near-miss", "pass-or-play-4"],
    "Aces are low: an ace goes on after the two": ["fit-ace", "fit-ace-early"],
    "A king goes on after the queen, and rows never wrap round": ["fit-king", "fit-ace-above-king"],
    "One card a turn; a seven is a whole turn": ["fit-9h-too-soon"],
    "If any card fits you must play one": ["pass-or-play-1", "pass-or-play-two-fit", "only-seven", "only-seven-again"],
    "With several cards that fit, you choose any": ["pick-choice", "pick-choice-sevens", "pick-choice-spades"],
    "Pass only when nothing fits; no drawing, no penalty": ["pass-or-play-3", "pass-or-play-4", "pick-none"],
    "The first player to play their last card wins, and the deal ends at once": ["last-card-fits", "fit-after-finish"],
    "A last card must fit like any other": ["last-card-waits", "last-card-seven"],
    "Rows are usually unfinished when the deal ends": ["fit-after-finish", "guided-finish"],
}


def puzzles() -> dict[str, dict[str, str]]:
    found = {}
    for path in tutorials_of(TUTORIALS, "sevens"):
        for block in FENCE.findall(path.read_text(encoding="utf-8")):
            fields, _ = read_fields(block)
            found[fields["id"].value] = {name: field.value for name, field in fields.items()}
    return found


@pytest.mark.parametrize("rule", RULES)
def test_each_rule_has_puzzles_that_exist(rule: str) -> None:
    known = puzzles()
    assert RULES[rule], rule
    assert [pid for pid in RULES[rule] if pid not in known] == [], rule


def test_the_full_deal_puzzle_shows_the_whole_pack_in_four_hands_of_13() -> None:
    fields = puzzles()["who-opens-full-deal"]
    hands = [mask_of(parse_cards(fields[name])) for name in ("you", "robin", "alex", "sam")]
    assert [hand.bit_count() for hand in hands] == [13, 13, 13, 13]
    assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK


def test_there_are_at_least_60_puzzles_and_every_kind_is_used() -> None:
    known = puzzles()
    assert len(known) >= 60
    assert {fields["kind"] for fields in known.values()} == {
        "fits",
        "pick",
        "play-or-pass",
        "opener",
        "best",
        "guided",
        "chips",
    }
