"""engine.sevens.puzzles: reading a puzzle block, judging it by the rules, and where each problem is.

These import only the engine and pytest, so they could also run under Pyodide.
"""

from __future__ import annotations

import pytest

from engine.core.puzzles import Problem, PuzzleError, read_fields
from engine.sevens.puzzles import FitsPuzzle, GuidedPuzzle, OpenerPuzzle, PickPuzzle, PlayOrPassPuzzle
from engine.sevens.puzzles import parse as parse_puzzle


def problems(text: str) -> list[Problem]:
    with pytest.raises(PuzzleError) as caught:
        parse_puzzle(text)
    return list(caught.value.problems)


def block(*lines: str) -> str:
    return "\n".join(lines)


FITS = ("id: fit-9h", "kind: fits", "question: Does 9♥ fit?", "table: 7D 5H-8H", "card: 9H", "hint: Ends.")


def test_fields_continue_on_indented_lines_and_keep_their_first_line() -> None:
    fields, found = read_fields("id: a\nquestion: One\n  two\n\nhint: h")
    assert found == []
    assert fields["question"].value == "One\ntwo" and fields["question"].line == 2
    assert fields["hint"].line == 5


def test_fits_right_answer_gives_the_engines_reason_for_both_choices() -> None:
    puzzle = parse_puzzle(block(*FITS, "answer: yes"))
    assert isinstance(puzzle, FitsPuzzle)
    judgement = puzzle.judge()
    assert judgement.answer == ("yes",)
    assert judgement.reasons["no"] == "9♥ fits: the hearts row runs 5♥–8♥, so 9♥ goes next to 8♥"


def test_fits_wrong_answer_names_the_answer_line_and_the_engines_reason() -> None:
    assert problems(block(*FITS, "answer: no")) == [
        Problem(7, 'puzzle "fit-9h": answer says no, but 9♥ fits: the hearts row runs 5♥–8♥, so 9♥ goes next to 8♥')
    ]


def test_a_card_that_does_not_fit_is_explained_by_the_engine() -> None:
    text = block("id: x", "kind: fits", "question: q", "table: 7D 5H-7H", "card: 9H", "answer: yes", "hint: h")
    assert problems(text) == [
        Problem(
            6,
            'puzzle "x": answer says yes, but 9♥ does not fit: the hearts row runs 5♥–7♥, so the next hearts are 4♥ and 8♥',
        )
    ]


def test_every_problem_is_found_in_one_pass_with_its_line() -> None:
    text = block("id: x", "kind: fits", "table: 7D 5H-8X", "card: 1H", "colour: red", "answer: maybe")
    found = problems(text)
    assert [p.line for p in found] == [0, 0, 3, 4, 5, 6]
    messages = [p.message for p in found]
    assert messages[:2] == ["puzzle \"x\": missing field 'hint'", "puzzle \"x\": missing field 'question'"]
    assert messages[2].startswith("puzzle \"x\": table: unknown card '8X'")
    assert messages[3].startswith("puzzle \"x\": card: unknown card '1H'")
    assert messages[4].startswith("puzzle \"x\": unknown field 'colour' for a fits puzzle")
    assert messages[5] == "puzzle \"x\": answer: 'maybe' is not yes or no"


def test_unknown_kind_points_at_the_kind_line() -> None:
    assert problems(block("id: x", "kind: riddle", "hint: h")) == [
        Problem(2, "puzzle \"x\": unknown kind 'riddle': use fits, pick, play-or-pass, opener, best, guided, chips")
    ]


def test_impossible_tables_and_hands() -> None:
    found = problems(block("id: x", "kind: pick", "question: q", "table: 7D 5H", "hand: 3S", "answer: none", "hint: h"))
    assert found == [Problem(4, 'puzzle "x": table: the hearts row has cards but not the 7♥, which must start it')]
    found = problems(block("id: x", "kind: pick", "question: q", "table: 7D", "hand: 7D 8D", "answer: 8D", "hint: h"))
    assert found == [Problem(5, 'puzzle "x": hand: 7♦ is already on the table')]
    found = problems(block("id: x", "kind: pick", "question: q", "table: 7D", "hand: 8D 8D", "answer: 8D", "hint: h"))
    assert found == [Problem(5, 'puzzle "x": hand: 8D appears twice')]


PICK = ("id: pick", "kind: pick", "question: q", "table: 7D 5H-8H", "hand: 3H 4H 9H 10H 5C", "hint: h")


def test_pick_answer_must_be_the_engines_legal_set() -> None:
    puzzle = parse_puzzle(block(*PICK, "answer: 4H 9H"))
    assert isinstance(puzzle, PickPuzzle)
    judgement = puzzle.judge()
    assert judgement.answer == ("4H", "9H")
    assert judgement.reasons["5C"] == "5♣ does not fit: the clubs row has not started, so only the 7♣ can begin it"
    assert set(judgement.reasons) == {"3H", "4H", "9H", "10H", "5C"}
    assert problems(block(*PICK, "answer: 9H 10H")) == [
        Problem(
            7,
            'puzzle "pick": answer says 9H 10H, but 10♥ does not fit: the hearts row runs 5♥–8♥, so the next hearts '
            "are 4♥ and 9♥; 4♥ fits: the hearts row runs 5♥–8♥, so 4♥ goes next to 5♥",
        )
    ]


def test_pick_answer_none_and_cards_outside_the_hand() -> None:
    text = block("id: p", "kind: pick", "question: q", "table: 7D", "hand: 3H", "hint: h")
    assert parse_puzzle(text + "\nanswer: none").judge().answer == ()
    assert problems(text + "\nanswer: 8D") == [Problem(7, 'puzzle "p": answer lists 8♦, not in the hand')]


PLAY = ("id: pp", "kind: play-or-pass", "question: q", "table: 6D-9D 7C", "hand: 3S 8C QH", "hint: h")


def test_play_or_pass_and_its_cards_are_checked() -> None:
    puzzle = parse_puzzle(block(*PLAY, "answer: play", "cards: 8C"))
    assert isinstance(puzzle, PlayOrPassPuzzle)
    assert puzzle.judge().reasons["pass"] == "you must play: 8♣ fits"
    # Said once: the explanation, then why each card fits (the page shows both, one after the other).
    assert (puzzle.judge().explanation, puzzle.judge().items) == (
        "you must play",
        ("8♣ fits: the clubs row holds only the 7♣, so 8♣ goes next to 7♣",),
    )
    assert problems(block(*PLAY, "answer: pass")) == [
        Problem(
            7,
            'puzzle "pp": answer says pass, but you must play: 8♣ fits: the clubs row holds only the 7♣, so 8♣ goes next to 7♣',
        )
    ]
    assert problems(block(*PLAY, "answer: play", "cards: 8C QH")) == [
        Problem(
            8,
            'puzzle "pp": cards says 8C QH, but Q♥ does not fit: the hearts row has not started, so only the 7♥ can begin it',
        )
    ]


def test_pass_when_nothing_fits() -> None:
    text = block("id: pp", "kind: play-or-pass", "question: q", "table: 7D 6S-7S", "hand: 3S 9H", "hint: h")
    judgement = parse_puzzle(text + "\nanswer: pass").judge()
    assert judgement.answer == ("pass",)
    assert judgement.explanation == "nothing fits, so you pass"
    assert any(item.startswith("9♥ does not fit") for item in judgement.items)
    assert set(judgement.nudges) == {"3S", "9H"}  # what to look at again, for the card the learner tried
    assert problems(text + "\nanswer: play")[0].line == 7


OPENER = ("id: who", "kind: opener", "question: q", "you: 2C 3C", "robin: 7D 9S", "alex: KH", "sam: 4D", "hint: h")


def test_opener_is_the_seven_of_diamonds_holder() -> None:
    puzzle = parse_puzzle(block(*OPENER, "answer: Robin"))
    assert isinstance(puzzle, OpenerPuzzle)
    assert puzzle.judge().reasons["Sam"] == "Sam does not hold the 7♦: Robin holds the 7♦, so Robin opens"
    assert problems(block(*OPENER, "answer: Sam")) == [
        Problem(9, 'puzzle "who": answer says Sam, but Robin holds the 7♦, so Robin opens')
    ]


def test_opener_hands_must_be_distinct_and_hold_one_seven_of_diamonds() -> None:
    text = block("id: who", "kind: opener", "question: q", "you: 2C", "robin: 2C", "alex: KH", "sam: 4D", "hint: h")
    assert problems(text + "\nanswer: You") == [
        Problem(5, 'puzzle "who": robin: 2♣ is also in another hand'),
        Problem(9, 'puzzle "who": exactly one player must hold the 7♦, but 0 do'),
    ]


GUIDED = ("id: g", "kind: guided", "position: 7D / 8D 2C / 6D / 9D / 3S / 0", "goal: Win.", "hint: h")


def test_guided_position_and_script() -> None:
    puzzle = parse_puzzle(block(*GUIDED, "script: Robin: 6D; Alex: 9D", "  Sam: pass"))
    assert isinstance(puzzle, GuidedPuzzle)
    assert puzzle.script_text() == "Robin: 6D; Alex: 9D; Sam: pass"
    assert puzzle.data()["position"] == "7D / 2C 8D / 6D / 9D / 3S / 0"


def test_guided_script_cards_must_be_in_that_seats_hand_and_off_the_table() -> None:
    assert problems(block(*GUIDED, "script: Robin: 9D")) == [
        Problem(6, 'puzzle "g": script: Robin plays 9♦, not in Robin\'s hand')
    ]
    assert problems(block(*GUIDED, "script: Robin: 7D")) == [
        Problem(6, 'puzzle "g": script: Robin plays 7♦, already on the table')
    ]
    assert problems(block(*GUIDED, "script: You: 8D"))[0].message.endswith(
        "the script gives only the computer players' moves"
    )


def test_guided_position_must_be_possible() -> None:
    found = problems(block("id: g", "kind: guided", "position: 7D / 7D / - / - / - / 0", "goal: g", "hint: h"))
    assert found == [Problem(3, 'puzzle "g": position: hand 0 holds 7♦, already on the table')]


def test_id_must_be_a_slug() -> None:
    found = problems(block("id: Fit 9H", "kind: fits", *FITS[2:], "answer: yes"))
    assert found == [Problem(1, "puzzle \"Fit 9H\": id 'Fit 9H' must be lower-case letters, digits and single hyphens")]
