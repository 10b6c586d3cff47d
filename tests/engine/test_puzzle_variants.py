"""Puzzles asked under a variant's rules (the ``rules`` field): the engine judges them under those rules, and a bad
``rules`` value is refused at its line, naming the field and the value."""

from __future__ import annotations

import pytest

from engine.blackjack.puzzles import parse_bj
from engine.core.puzzles import Puzzle, PuzzleError, Variant
from engine.sevens.puzzles import parse

HEAD = "id: p\nquestion: q\nhint: h\n"


def sevens(text: str) -> Puzzle:
    return parse(HEAD + text)


def problems(read: object, text: str) -> str:
    with pytest.raises(PuzzleError) as caught:
        read(HEAD + text)  # type: ignore[operator]
    return str(caught.value)


def test_any_seven_opens_under_fan_tan_only() -> None:
    block = "kind: fits\ntable: -\ncard: 7S\nanswer: {}"
    assert sevens(block.format("no")).judge().answer == ("no",)
    ruled = sevens("rules: fan-tan\n" + block.format("yes"))
    assert ruled.judge().answer == ("yes",)
    assert "any seven may open the deal" in ruled.judge().explanation
    # The author's answer is checked under the puzzle's rules, not the defaults.
    assert "7♠ fits: any seven may open the deal" in problems(parse, "rules: fan-tan\n" + block.format("no"))


def test_pick_under_fan_tan_takes_every_seven() -> None:
    pick = sevens("rules: fan-tan\nkind: pick\ntable: -\nhand: 7S 7H 8H 2C\nanswer: 7S 7H")
    assert set(pick.judge().answer) == {"7S", "7H"}
    assert 'line 8: puzzle "p": answer says 7H, but 7♠ fits' in problems(
        parse, "rules: fan-tan\nkind: pick\ntable: -\nhand: 7S 7H 8H\nanswer: 7H"
    )


def test_the_variant_is_drawn_first_with_its_notes() -> None:
    puzzle = sevens("rules: fan-tan\nkind: fits\ntable: -\ncard: 7S\nanswer: yes")
    first = puzzle.parts()[0]
    assert isinstance(first, Variant)
    assert (first.preset, first.title) == ("fan-tan", "Fan Tan")
    assert any("any seven" in note for note in first.notes)
    # Only what differs from the defaults: Parliament keeps the 7♦ opening, so its note says only the chips.
    parliament = sevens("rules: parliament\nkind: fits\ntable: -\ncard: 7D\nanswer: yes").parts()[0]
    assert isinstance(parliament, Variant) and len(parliament.notes) == 1 and "chip" in parliament.notes[0]
    plain = sevens("kind: fits\ntable: -\ncard: 7D\nanswer: yes")
    assert not any(isinstance(part, Variant) for part in plain.parts())


def test_shichinarabe_lets_you_pass_until_the_limit() -> None:
    base = "kind: play-or-pass\ntable: 7C 7D 7H 7S\nhand: 8C 2H\n"
    assert sevens(base + "answer: play").judge().answer == ("play",)
    free = sevens("rules: shichinarabe\npassed: 1\n" + base + "answer: pass").judge()
    assert free.answer == ("play", "pass")
    assert "2 left" in free.explanation
    last = sevens("rules: shichinarabe\npassed: 3\n" + base + "answer: play").judge()
    assert last.answer == ("play",)
    assert "puts you out" in last.reasons["pass"]
    # Under the pass limit the table holds all four sevens; passes count only where there is a limit.
    assert "holds all four" in problems(parse, "rules: shichinarabe\nkind: pick\ntable: 7D\nhand: 8D\nanswer: 8D")
    assert "line 4: " in problems(parse, "passed: 1\n" + base + "answer: play")


def test_chips_are_the_pool_and_a_chip_a_card() -> None:
    block = "kind: chips\ncounts: 3 5 2\npasses: 1 2 0 3\nchoices: 10 16 20\nanswer: {}"
    assert sevens("rules: fan-tan\n" + block.format(20)).judge().answer == ("20",)
    assert "answer says 16" in problems(parse, "rules: parliament\n" + block.format(16))
    assert "rules played for chips" in problems(parse, block.format(20))


def bj(text: str) -> Puzzle:
    return parse_bj(HEAD + text)


def test_crazy_eights_judges_eights_wild_and_one_card_a_turn() -> None:
    fits = "kind: fits\npile: 5H\ncard: 8S\nanswer: {}"
    assert bj(fits.format("no")).judge().answer == ("no",)
    assert bj("rules: crazy-eights\n" + fits.format("yes")).judge().answer == ("yes",)
    longest = "kind: longest\npile: 5H\nhand: 5S 6S 6C\nchoices: 1 2 3\nanswer: {}"
    assert bj(longest.format(3)).judge().answer == ("3",)
    assert bj("rules: crazy-eights\n" + longest.format(1)).judge().answer == ("1",)
    pick = bj("rules: crazy-eights\nkind: pick\npile: 5H\nhand: 8C AS 2H\nanswer: 8C 2H")
    assert set(pick.judge().answer) == {"8C", "2H"}


def test_points_score_a_hand_left_under_crazy_eights() -> None:
    block = "kind: points\nhand: 8C KS AH 4D\nchoices: 15 25 65\nanswer: 65"
    assert bj("rules: crazy-eights\n" + block).judge().answer == ("65",)
    assert "scored in points" in problems(parse_bj, block)


@pytest.mark.parametrize(
    ("read", "text", "said"),
    [
        (parse, "rules: fun-tan\nkind: fits\ntable: -\ncard: 7D\nanswer: yes", "line 4: puzzle \"p\": rules 'fun-tan'"),
        (parse, "rules: opening=8D\nkind: fits\ntable: -\ncard: 7D\nanswer: yes", "rules 'opening=8D': opening"),
        (parse, "rules: sevens\nkind: fits\ntable: -\ncard: 7D\nanswer: yes", "are the default rules"),
        (parse, "rules: fan-tan\nkind: opener\nyou: 7D\nrobin: 2C\nalex: 3C\nsam: 4C\nanswer: you", "line 4"),
        (parse_bj, "rules: crazy-eights,players=3\nkind: fits\npile: 5H\ncard: 8S\nanswer: yes", "4 players"),
        (parse_bj, "rules: wild=9\nkind: fits\npile: 5H\ncard: 8S\nanswer: yes", "rules 'wild=9': wild"),
    ],
)
def test_a_bad_rules_field_is_named_at_its_line(read: object, text: str, said: str) -> None:
    found = problems(read, text)
    assert said in found
    assert found.startswith("line 4:")
