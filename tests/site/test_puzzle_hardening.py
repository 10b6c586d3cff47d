"""Hardening of the lesson puzzle reader: any text gives a puzzle or a PuzzleError with a line for every problem.

The puzzles are part of the site build, not the engine, so these run in CPython only; the
near-valid-text strategies are the engine hardening tests' own.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from engine.core.cards import ALL_CARDS, cards_of
from engine.core.puzzles import Puzzle, PuzzleError
from engine.sevens.position import OPENING_CARD, format_table, playable_mask
from engine.sevens.puzzles import KINDS, BestPuzzle
from engine.sevens.puzzles import parse as parse_puzzle

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_hardening import BAD_WORDS, EXAMPLES, edited, games, spelled, spelled_plain

# "Which card" puzzles need Sam's verdict (seconds each) before they have page data: tests/site/test_best_puzzles.py.
JUDGED_BY_RULES = [kind for kind in KINDS.names() if kind != BestPuzzle.kind]


# -- lesson puzzles ------------------------------------------------------------------------


def block(draw: st.DrawFn, fields: dict[str, str]) -> str:
    """A puzzle block of *fields* in any order, sometimes with a value going on over an indented line."""
    lines = []
    for name, value in draw(st.permutations(list(fields.items()))):
        if name in {"question", "hint"} and draw(st.booleans()):
            lines += [f"{name}: {value}", "  and more words"]
        else:
            lines.append(f"{name}:{draw(st.sampled_from([' ', '', '   ']))}{value}")
    return "\n".join(lines)


def common(draw: st.DrawFn, kind: str) -> dict[str, str]:
    fields = {"id": draw(st.from_regex(r"[a-z0-9]{1,5}(-[a-z0-9]{1,5}){0,2}", fullmatch=True)), "kind": kind}
    fields["hint"] = "Look at the ends of the rows."
    if draw(st.booleans()):
        fields["explain"] = "Each row grows from its seven."
    return fields


def hand_from(draw: st.DrawFn, cards: int, size: int) -> int:
    chosen = draw(st.lists(st.sampled_from(list(cards_of(cards))), max_size=size, unique=True)) if cards else []
    hand = 0
    for card in chosen:
        hand |= card.bit
    return hand


@st.composite
def puzzle_texts(draw: st.DrawFn) -> tuple[str, str]:
    """The kind and text of a valid puzzle block of any kind, its answer worked out with the rules."""
    kind = draw(st.sampled_from(JUDGED_BY_RULES))
    fields = common(draw, kind)
    position = draw(games(unfinished=True)).position
    table = position.table
    off_table = ((1 << 52) - 1) & ~table
    if kind == "fits":
        card = draw(st.sampled_from(list(cards_of(off_table))))
        fits = bool(playable_mask(table) & card.bit)
        fields |= {"table": format_table(table), "card": spelled(draw, [card]), "answer": "yes" if fits else "no"}
    elif kind in {"pick", "play-or-pass"}:
        hand = hand_from(draw, off_table, 13)
        if kind == "pick" and not hand:
            hand = next(cards_of(off_table)).bit
        legal = playable_mask(table) & hand
        fields |= {"table": format_table(table), "hand": spelled(draw, list(cards_of(hand))) or "-"}
        if kind == "pick":
            fields["answer"] = spelled(draw, list(cards_of(legal))) or "none"
        else:
            fields["answer"] = "play" if legal else "pass"
            if legal and draw(st.booleans()):
                fields["cards"] = spelled(draw, list(cards_of(legal)))
    elif kind == "opener":
        dealt = draw(games()).dealt
        opener = draw(st.integers(0, 3))
        turn = (opener - next(s for s, hand in enumerate(dealt) if hand & OPENING_CARD.bit)) % 4
        hands = dealt[-turn:] + dealt[:-turn] if turn else dealt
        names = ["you", "robin", "alex", "sam"]
        fields |= {name: spelled(draw, list(cards_of(hand))) or "-" for name, hand in zip(names, hands, strict=True)}
        fields["answer"] = draw(st.sampled_from([names[opener], names[opener].title()]))
    elif kind == "chips":
        counts = draw(st.lists(st.integers(1, 13), min_size=3, max_size=3))
        passes = draw(st.lists(st.integers(0, 13), min_size=4, max_size=4))
        taken = 4 + sum(passes) + sum(counts)
        fields |= {
            "rules": draw(st.sampled_from(["fan-tan", "parliament", "opening=any-seven,scoring=chips"])),
            "counts": " ".join(map(str, counts)),
            "passes": " ".join(map(str, passes)),
            "choices": f"{taken - 1} {taken}",
            "answer": str(taken),
        }
    else:
        script = []
        for seat in (1, 2, 3):
            for card in cards_of(hand_from(draw, position.hands[seat], 2)):
                script.append(f"{['You', 'Robin', 'Alex', 'Sam'][seat]}: {card.code}")
        fields |= {"position": position.text(), "goal": "Play all your cards."}
        if script:
            fields["script"] = "; ".join(script)
    if "question" not in fields and kind != "guided":
        fields["question"] = "What now?"
    return kind, block(draw, fields)


def check_puzzle_outcome(text: str) -> Puzzle | None:
    """Parse *text*: a puzzle whose page data is JSON, or a PuzzleError with a line and a message for every problem."""
    try:
        puzzle = parse_puzzle(text)
    except PuzzleError as error:
        assert error.problems
        lines = len(text.splitlines())
        for problem in error.problems:
            assert 0 <= problem.line <= lines and problem.message
        return None
    if not isinstance(puzzle, BestPuzzle):  # its data waits for Sam's verdict
        json.dumps(puzzle.data())
    return puzzle


@EXAMPLES
@given(puzzle_texts())
def test_valid_puzzles_of_every_kind_parse(case: tuple[str, str]) -> None:
    kind, text = case
    puzzle = check_puzzle_outcome(text)
    assert puzzle is not None and puzzle.kind == kind


@st.composite
def edited_puzzle_lines(draw: st.DrawFn) -> str:
    """A valid puzzle with lines dropped, repeated, swapped between fields, or given another field's value."""
    lines = draw(puzzle_texts())[1].splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        edit = draw(st.sampled_from(["drop", "repeat", "swap values", "swap lines", "indent", "new value"]))
        if edit == "drop" and len(lines) > 1:
            del lines[i]
        elif edit == "repeat":
            lines.insert(j, lines[i])
        elif edit == "swap values":
            name_i, _, value_i = lines[i].partition(":")
            name_j, _, value_j = lines[j].partition(":")
            lines[i], lines[j] = f"{name_i}:{value_j}", f"{name_j}:{value_i}"
        elif edit == "swap lines":
            lines[i], lines[j] = lines[j], lines[i]
        elif edit == "indent":
            lines[i] = "  " + lines[i]
        else:
            values = ["yes", "no", "play", "pass", "none", "-", "You", "Sam", "8D", "7D 7H", "6D 8D 7S"]
            others = st.sampled_from(values) | st.lists(st.sampled_from(ALL_CARDS), max_size=14).map(spelled_plain)
            lines[i] = f"{lines[i].partition(':')[0]}: {draw(others)}"
    return "\n".join(lines)


@EXAMPLES
@given(st.text() | edited(puzzle_texts().map(lambda case: case[1])) | edited_puzzle_lines())
@example("kind: guided\nid: g\nhint: h\ngoal: g\nposition: 7D / / / / / 0\nscript: Robin: 8D")
@example("kind: opener\nid: o\nhint: h\nquestion: q\nanswer: you\nyou: 7D\nrobin: -\nalex: -\nsam: -")
@example("kind: pick\nid: p\nhint: h\nquestion: q\ntable: 7D\nhand: -\nanswer: none")
@example("kind: fits\nid: f\nhint: h\nquestion: q\ntable: 7D\ncard: 7D\nanswer: no")
@example("kind: fits\nid: f\n  g\nhint: h\nquestion: q\ntable: 7D\ncard: 8D\nanswer: yes")
def test_parse_puzzle_reads_a_puzzle_or_lists_its_problems_by_line(text: str) -> None:
    check_puzzle_outcome(text)


@EXAMPLES
@given(puzzle_texts(), BAD_WORDS, st.data())
def test_a_bad_card_in_a_puzzle_field_is_reported_on_that_line(
    case: tuple[str, str], bad: str, data: st.DataObject
) -> None:
    _, text = case
    lines = text.splitlines()
    card_fields = ("table", "card", "hand", "you", "robin", "alex", "sam")
    targets = [n for n, line in enumerate(lines) if line.partition(":")[0] in card_fields]
    if not targets:
        return
    target = data.draw(st.sampled_from(targets))
    name, _, value = lines[target].partition(":")
    lines[target] = f"{name}: {bad}" if value.strip() == "-" else f"{lines[target]} {bad}"
    with pytest.raises(PuzzleError) as error:
        parse_puzzle("\n".join(lines))
    assert any(p.line == target + 1 and repr(bad)[1:-1] in p.message for p in error.value.problems), (
        error.value.problems
    )
