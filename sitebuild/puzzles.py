"""Lesson puzzles: read a puzzle block's fields, judge it with the rules, and say why.

A puzzle is written in a lesson as ``key: value`` lines (a value may go on over
following lines indented by two spaces). :func:`parse_puzzle` turns the text
into a typed puzzle and checks the stated answer against the engine; every
problem it finds carries the line of the offending field (line 0 is the fence
that opens the block, line 1 the first field), so the site build can report
``file:line: message``.

>>> puzzle = parse_puzzle('''id: fit-9h
... kind: fits
... question: Does the 9♥ fit?
... table: 7D 5H-7H
... card: 9H
... answer: no
... hint: Look at the ends of the hearts row.''')
>>> puzzle.judge().answer
('no',)
>>> puzzle.judge().reasons["yes"]
'9♥ does not fit: the hearts row runs 5♥–7♥, so the next hearts are 4♥ and 8♥'
>>> parse_puzzle("id: x\\nkind: fits\\ncard: 9H\\ntable: 7D\\nanswer: yes\\nquestion: ?\\nhint: ?")
Traceback (most recent call last):
...
sitebuild.puzzles.PuzzleError: line 5: puzzle "x": answer says yes, but 9♥ does not fit: the hearts row has not started, so only the 7♥ can begin it

This module does no input or output, so the browser can use it too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from engine.core.cards import Card, cards_of, format_cards, mask_of, parse_cards
from engine.core.text import join_words, sentence
from engine.sevens.game import DEFAULT_NAMES
from engine.sevens.position import (
    OPENING_CARD,
    Position,
    describe_row,
    parse_table,
    playable_mask,
    row_ends,
    table_problem,
    why_card_does_not_fit,
)

from .verdicts import Verdict

__all__ = [
    "KINDS",
    "SEVENS_KINDS",
    "BestPuzzle",
    "FitsPuzzle",
    "GameKinds",
    "GuidedPuzzle",
    "Judgement",
    "OpenerPuzzle",
    "PickPuzzle",
    "PlayOrPassPuzzle",
    "Problem",
    "Puzzle",
    "PuzzleError",
    "parse_puzzle",
    "read_fields",
    "why_card_fits",
]

SEAT_NAMES = DEFAULT_NAMES
_FIELD_LINE = re.compile(r"^([a-z][a-z0-9-]*)\s*:(.*)$")
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a puzzle, at *line* of its block (0 is the opening fence)."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


class PuzzleError(ValueError):
    """A puzzle that cannot be used, with every problem found in it."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = tuple(problems)


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    value: str
    line: int


def read_fields(text: str) -> tuple[dict[str, Field], list[Problem]]:
    """The ``key: value`` fields of a block, and the problems met while reading them.

    >>> fields, problems = read_fields("question: Which cards\\n  fit here?\\nhint: ends")
    >>> fields["question"].value, fields["hint"].line, problems
    ('Which cards\\nfit here?', 3, [])
    """
    fields: dict[str, Field] = {}
    problems: list[Problem] = []
    current: Field | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if line.startswith("  ") and current is not None:
            current = Field(current.name, f"{current.value}\n{line.strip()}".strip(), current.line)
            fields[current.name] = current
            continue
        match = _FIELD_LINE.match(line)
        if match is None:
            problems.append(Problem(number, f"expected a 'key: value' line, got {line.strip()!r}"))
            current = None
            continue
        name, value = match.group(1), match.group(2).strip()
        if name in fields:
            problems.append(Problem(number, f"field {name!r} is given twice (first on line {fields[name].line})"))
            current = None
            continue
        current = fields[name] = Field(name, value, number)
    return fields, problems


@dataclass(frozen=True, slots=True)
class Judgement:
    """What a page needs to answer a static puzzle on its own.

    *answer* lists the right choices (for ``pick``, every card that fits; for
    ``play-or-pass``, ``play`` or ``pass``, and *cards* the cards that may be
    played); *explanation* is the engine's reason for the right answer, and
    *items* its details when several cards are involved; *reasons* says, for
    every choice, why it is right or wrong (the full truth, shown once solved);
    *nudges* says, for every wrong choice, what to look at again without
    giving the answer away.
    """

    answer: tuple[str, ...]
    explanation: str
    reasons: dict[str, str]
    nudges: dict[str, str] = field(default_factory=dict)
    items: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()

    def data(self) -> dict[str, object]:
        # The explanation and its items are in the page's "Show the answer" block; the script copies them.
        data: dict[str, object] = {
            "answer": list(self.answer),
            "nudges": {choice: sentence(text) for choice, text in self.nudges.items()},
        }
        if self.cards:
            data["cards"] = list(self.cards)
        return data


@dataclass(frozen=True, slots=True)
class Puzzle:
    """Fields every puzzle has; the kinds below add their own."""

    kind: ClassVar[str] = ""
    game: ClassVar[str] = "sevens"  # the engine's name of the game whose rules judge it
    id: str
    question: str
    hint: str
    explain: str | None

    def judge(self) -> Judgement:
        raise NotImplementedError(f"{self.kind} puzzles are judged in the browser")

    def data(self) -> dict[str, object]:
        """The JSON a page embeds for this puzzle."""
        return {"id": self.id, "kind": self.kind, **self.judge().data()}


def why_card_fits(table: int, card: Card) -> str:
    """Why *card* fits on *table*, in plain words (the card must fit)."""
    if not table:
        return f"{card.display} fits: the {OPENING_CARD.display} always opens the deal"
    if card.rank == 7:
        return f"{card.display} fits: any seven starts its suit's row"
    ends = row_ends(table, card.suit)
    assert ends is not None
    neighbour = Card.of(card.rank + 1 if card.rank < 7 else card.rank - 1, card.suit)
    return f"{card.display} fits: {describe_row(table, card.suit)}, so {card.display} goes next to {neighbour.display}"


def why_card(table: int, card: Card) -> str:
    return why_card_does_not_fit(table, card) or why_card_fits(table, card)


def nudge_not_fitting(table: int, card: Card) -> str:
    """For a learner who thinks *card* fits when it does not: where to look, not the answer."""
    if not table:
        return f"A deal always opens with one particular card: is {card.display} that card?"
    if row_ends(table, card.suit) is None:
        return f"{card.display} is a {card.suit.plural[:-1]}: has the {card.suit.plural} row started yet? Only its seven can begin it"
    return f"Look at both ends of the {card.suit.plural} row: is {card.display} the very next rank beyond one of them?"


def nudge_fitting(table: int, card: Card) -> str:
    """For a learner who thinks *card* does not fit when it does."""
    if not table:
        return "Which card opens every deal?"
    if card.rank == 7:
        return "What does it take to start a new row once the deal has opened?"
    low, high = row_ends(table, card.suit) or (card.rank, card.rank)
    end = Card.of(high if card.rank > high else low, card.suit)
    side = "top" if card.rank > high else "bottom"
    return f"Look at the {side} end of the {card.suit.plural} row, {end.display}: which rank comes next?"


PASS_NUDGE = "You may pass only when nothing fits: check each card against both ends of its own row"


def _join(cards: int) -> str:
    return join_words([card.display for card in cards_of(cards)])


@dataclass(frozen=True, slots=True)
class FitsPuzzle(Puzzle):
    """Does this card fit on this table? The learner answers yes or no."""

    kind: ClassVar[str] = "fits"
    table: int = 0
    card: Card = OPENING_CARD

    def judge(self) -> Judgement:
        fits = bool(playable_mask(self.table) & self.card.bit)
        reason = why_card(self.table, self.card)
        wrong = "no" if fits else "yes"
        nudge = (nudge_fitting if fits else nudge_not_fitting)(self.table, self.card)
        return Judgement(("yes",) if fits else ("no",), reason, {"yes": reason, "no": reason}, {wrong: nudge})


def _fit(cards: int) -> str:
    """``"8♣ fits"`` or ``"8♣ and 6♥ fit"``."""
    return f"{_join(cards)} {'fits' if cards.bit_count() == 1 else 'fit'}"


@dataclass(frozen=True, slots=True)
class _HandPuzzle(Puzzle):
    """A table and the learner's hand."""

    table: int = 0
    hand: int = 0

    def legal(self) -> int:
        return playable_mask(self.table) & self.hand


@dataclass(frozen=True, slots=True)
class PickPuzzle(_HandPuzzle):
    """Which cards of this hand fit? The learner selects them all."""

    kind: ClassVar[str] = "pick"

    def judge(self) -> Judgement:
        legal = self.legal()
        explanation = f"{_fit(legal)}; nothing else in the hand does" if legal else "nothing in this hand fits"
        reasons = {card.code: why_card(self.table, card) for card in cards_of(self.hand)}
        nudges = {card.code: nudge_not_fitting(self.table, card) for card in cards_of(self.hand & ~legal)}
        items = tuple(reasons[card.code] for card in cards_of(self.hand))
        return Judgement(tuple(c.code for c in cards_of(legal)), explanation, reasons, nudges, items)


@dataclass(frozen=True, slots=True)
class PlayOrPassPuzzle(_HandPuzzle):
    """Must this hand play, or does it pass?"""

    kind: ClassVar[str] = "play-or-pass"

    def judge(self) -> Judgement:
        legal = self.legal()
        reasons = {card.code: why_card(self.table, card) for card in cards_of(self.hand)}
        nudges = {card.code: nudge_not_fitting(self.table, card) for card in cards_of(self.hand & ~legal)}
        if legal:
            # The items say which cards fit and why ("8♣ fits: …"), so the explanation does not say it first.
            must_play = f"you must play: {_fit(legal)}"
            items = tuple(reasons[card.code] for card in cards_of(legal))
            codes = tuple(card.code for card in cards_of(legal))
            return Judgement(
                ("play",), "you must play", reasons | {"pass": must_play}, nudges | {"pass": PASS_NUDGE}, items, codes
            )
        nothing = "nothing fits, so you pass"
        items = tuple(reasons[card.code] for card in cards_of(self.hand))
        return Judgement(("pass",), nothing, reasons | {"pass": nothing}, nudges, items)


@dataclass(frozen=True, slots=True)
class BestPuzzle(_HandPuzzle):
    """Which card would you play? Judged by Sam's imagined deals (:mod:`sitebuild.verdicts`).

    *counts* are the cards Robin, Alex and Sam hold; *passed* the seats that passed
    since the last card went down, so they hold none of the cards that fit now.
    The build attaches Sam's *verdict*; the page shows its figures as the reason.
    """

    kind: ClassVar[str] = "best"
    counts: tuple[int, int, int] = (13, 13, 13)
    passed: tuple[int, ...] = ()
    answer: Card = OPENING_CARD
    verdict: Verdict | None = None

    def judge(self) -> Judgement:
        if self.verdict is None:
            raise ValueError(f'puzzle "{self.id}": Sam has not judged this puzzle yet')
        verdict, best = self.verdict, self.answer
        order = sorted(verdict.wins, key=lambda code: (-verdict.wins[code], code))
        explanation = (
            f"Sam played the deal out {verdict.deals} times after each card that fits: {best.display} won "
            f"{verdict.rate(best.code):.0%} of them, clearly more than any other"
        )
        items = tuple(f"{Card.parse(code).display}: won {verdict.rate(code):.0%}" for code in order)
        reasons = {code: explanation for code in order}
        nudges = {card.code: nudge_best(self.table, self.hand, card) for card in cards_of(self.legal() & ~best.bit)}
        nudges |= {card.code: nudge_not_fitting(self.table, card) for card in cards_of(self.hand & ~self.legal())}
        return Judgement((best.code,), explanation, reasons, nudges, items)


def nudge_best(table: int, hand: int, card: Card) -> str:
    """For a learner who picks a card that fits but is not the best: what it opens, and for whom."""
    opened = playable_mask(table | card.bit) & ~playable_mask(table) & ~card.bit
    if not opened & hand:
        held = "you do not hold it" if opened.bit_count() == 1 else "you hold none of them"
        return f"After {card.display}, {_join(opened)} can follow, and {held}: who gains from that?"
    return (
        f"{card.display} leads to your own {_join(opened & hand)}, but what else would it open? "
        "Compare what each card that fits gives the others"
    )


@dataclass(frozen=True, slots=True)
class OpenerPuzzle(Puzzle):
    """Who plays first? The holder of the 7♦."""

    kind: ClassVar[str] = "opener"
    hands: tuple[int, ...] = (0, 0, 0, 0)

    def opener(self) -> int:
        return next(seat for seat, hand in enumerate(self.hands) if hand & OPENING_CARD.bit)

    def judge(self) -> Judgement:
        first = SEAT_NAMES[self.opener()]
        holds = "hold" if first == "You" else "holds"
        explanation = f"{first} {holds} the {OPENING_CARD.display}, so {first} {'open' if first == 'You' else 'opens'}"
        reasons = {}
        for name in SEAT_NAMES:
            if name == first:
                reasons[name] = explanation
            else:
                lacks = "do not" if name == "You" else "does not"
                reasons[name] = f"{name} {lacks} hold the {OPENING_CARD.display}: {explanation}"
        nudges = {
            name: f"Look again at {'your' if name == 'You' else name + chr(39) + 's'} cards: is the {OPENING_CARD.display} there?"
            for name in SEAT_NAMES
            if name != first
        }
        return Judgement((first,), explanation, reasons, nudges)


@dataclass(frozen=True, slots=True)
class ScriptedMove:
    seat: int
    card: Card | None

    def text(self) -> str:
        return f"{SEAT_NAMES[self.seat]}: {self.card.code if self.card else 'pass'}"


@dataclass(frozen=True, slots=True)
class GuidedPuzzle(Puzzle):
    """A short deal the learner plays in the browser from seat 0."""

    kind: ClassVar[str] = "guided"
    position: Position = field(default_factory=lambda: Position(0, (0, 0, 0, 0), 0))
    script: tuple[ScriptedMove, ...] = ()
    goal: str = ""

    def script_text(self) -> str:
        return "; ".join(move.text() for move in self.script)

    def data(self) -> dict[str, object]:
        return {
            "id": self.id,
            "kind": self.kind,
            "position": self.position.text(),
            "script": [{"seat": m.seat, "card": m.card.code if m.card else None} for m in self.script],
            "goal": self.goal,
        }


COMMON_REQUIRED = ("id", "kind", "hint")
COMMON_OPTIONAL = ("question", "explain")
KIND_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # kind: (required fields, optional fields), besides the common ones
    "fits": (("question", "table", "card", "answer"), ()),
    "pick": (("question", "table", "hand", "answer"), ()),
    "play-or-pass": (("question", "table", "hand", "answer"), ("cards",)),
    "opener": (("question", "you", "robin", "alex", "sam", "answer"), ()),
    "best": (("question", "table", "hand", "counts", "answer"), ("passed",)),
    "guided": (("position", "goal"), ("script",)),
}
KINDS = tuple(KIND_FIELDS)


class _Reader:
    """Turns fields into values, noting a problem (and the field's line) for each bad one."""

    def __init__(self, fields: dict[str, Field], label: str) -> None:
        self.fields = fields
        self.label = label
        self.problems: list[Problem] = []

    def fail(self, name: str, message: str) -> None:
        line = self.fields[name].line if name in self.fields else 0
        self.problems.append(Problem(line, f"{self.label}{message}"))

    def text(self, name: str) -> str:
        return self.fields[name].value if name in self.fields else ""

    def convert(self, name: str, read: Callable[[str], T]) -> T | None:
        if name not in self.fields:
            return None
        try:
            return read(self.fields[name].value)
        except ValueError as error:
            self.fail(name, f"{name}: {error}")
            return None

    def table(self) -> int | None:
        table = self.convert("table", parse_table)
        if table is not None and (problem := table_problem(table)):
            self.fail("table", f"table: {problem}")
            return None
        return table

    def hand(self, name: str, table: int | None) -> int | None:
        hand = self.convert(name, lambda text: mask_of(parse_cards(text)))
        if hand is None:
            return None
        if table is not None and hand & table:
            self.fail(name, f"{name}: {format_cards(hand & table, display=True)} is already on the table")
            return None
        if hand.bit_count() > 13:
            self.fail(name, f"{name}: {hand.bit_count()} cards; nobody holds more than 13")
            return None
        return hand


@dataclass(frozen=True, slots=True)
class GameKinds:
    """A game's puzzle kinds: for each, its (required, optional) fields and the reader that builds and checks it."""

    fields: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]
    readers: dict[str, Callable[[_Reader, dict[str, Any]], Puzzle | None]]


def parse_puzzle(text: str, kinds: GameKinds | None = None) -> Puzzle:
    """Read and judge one puzzle block (its text between the fences) of the game whose *kinds* are given (Sevens').

    Raises :class:`PuzzleError` listing every problem found, each with its line.
    """
    kinds = kinds or SEVENS_KINDS
    kind_fields = kinds.fields
    fields, problems = read_fields(text)
    identifier = fields["id"].value if "id" in fields else ""
    reader = _Reader(fields, f'puzzle "{identifier}": ' if identifier else "puzzle: ")
    reader.problems.extend(problems)
    if identifier and not _ID.match(identifier):
        reader.fail("id", f"id {identifier!r} must be lower-case letters, digits and single hyphens")
    kind = fields["kind"].value if "kind" in fields else None
    for name in COMMON_REQUIRED:
        if name not in fields:
            reader.fail(name, f"missing field {name!r}")
    if kind is not None and kind not in kind_fields:
        reader.fail("kind", f"unknown kind {kind!r}: use {', '.join(kind_fields)}")
    if kind not in kind_fields:
        raise PuzzleError(reader.problems)
    required, optional = kind_fields[kind]
    for name in required:
        if name not in fields and name not in COMMON_REQUIRED:
            reader.fail(name, f"missing field {name!r}")
    allowed = {*COMMON_REQUIRED, *COMMON_OPTIONAL, *required, *optional}
    for name in fields:
        if name not in allowed:
            reader.fail(name, f"unknown field {name!r} for a {kind} puzzle: use {', '.join(sorted(allowed))}")
    common = {
        "id": identifier,
        "question": reader.text("question"),
        "hint": reader.text("hint"),
        "explain": fields["explain"].value if "explain" in fields else None,
    }
    puzzle = kinds.readers[kind](reader, common)
    if reader.problems or puzzle is None:
        raise PuzzleError(sorted(reader.problems, key=lambda p: p.line))
    return puzzle


def _yes_no(text: str) -> bool:
    word = text.strip().lower()
    if word not in {"yes", "no"}:
        raise ValueError(f"{text!r} is not yes or no")
    return word == "yes"


def _read_fits(reader: _Reader, common: dict[str, Any]) -> Puzzle | None:
    table = reader.table()
    card = reader.convert("card", Card.parse)
    answer = reader.convert("answer", _yes_no)
    if table is None or card is None or answer is None:
        return None
    if table & card.bit:
        reader.fail("card", f"card: {card.display} is already on the table")
        return None
    puzzle = FitsPuzzle(**common, table=table, card=card)
    fits = puzzle.judge().answer == ("yes",)
    if answer != fits:
        stated = "yes" if answer else "no"
        reader.fail("answer", f"answer says {stated}, but {why_card(table, card)}")
    return puzzle


def _read_cards_answer(text: str) -> int:
    return 0 if text.strip().lower() == "none" else mask_of(parse_cards(text))


def _compare_cards(reader: _Reader, name: str, stated: int, table: int, legal: int) -> None:
    if stated == legal:
        return
    wrong = [why_card(table, card) for card in cards_of(stated & ~legal)]
    missed = [why_card(table, card) for card in cards_of(legal & ~stated)]
    said = format_cards(stated) if stated else "none"
    reader.fail(name, f"{name} says {said}, but {'; '.join(wrong + missed)}")


def _read_pick(reader: _Reader, common: dict[str, Any]) -> Puzzle | None:
    table = reader.table()
    hand = reader.hand("hand", table)
    answer = reader.convert("answer", _read_cards_answer)
    if table is None or hand is None or answer is None:
        return None
    if not hand:
        reader.fail("hand", "hand: a pick puzzle needs at least one card in the hand")
        return None
    puzzle = PickPuzzle(**common, table=table, hand=hand)
    if answer & ~hand:
        reader.fail("answer", f"answer lists {format_cards(answer & ~hand, display=True)}, not in the hand")
    else:
        _compare_cards(reader, "answer", answer, table, puzzle.legal())
    return puzzle


def _play_or_pass(text: str) -> str:
    word = text.strip().lower()
    if word not in {"play", "pass"}:
        raise ValueError(f"{text!r} is not play or pass")
    return word


def _read_play_or_pass(reader: _Reader, common: dict[str, Any]) -> Puzzle | None:
    table = reader.table()
    hand = reader.hand("hand", table)
    answer = reader.convert("answer", _play_or_pass)
    cards = reader.convert("cards", _read_cards_answer)
    if table is None or hand is None or answer is None:
        return None
    puzzle = PlayOrPassPuzzle(**common, table=table, hand=hand)
    judgement = puzzle.judge()
    if (answer,) != judgement.answer:
        reader.fail("answer", f"answer says {answer}, but {judgement.explanation}: {'; '.join(judgement.items)}")
    elif cards is not None:
        if answer == "pass":
            reader.fail("cards", "cards: a pass plays no cards; remove this field")
        elif cards & ~hand:
            reader.fail("cards", f"cards lists {format_cards(cards & ~hand, display=True)}, not in the hand")
        else:
            _compare_cards(reader, "cards", cards, table, puzzle.legal())
    return puzzle


def _read_opener(reader: _Reader, common: dict[str, Any]) -> Puzzle | None:
    names = [name.lower() for name in SEAT_NAMES]
    hands = [reader.hand(name, None) for name in names]
    answer = reader.convert("answer", _seat_name)
    if answer is None or any(hand is None for hand in hands):
        return None
    seen = 0
    for name, hand in zip(names, hands, strict=True):
        assert hand is not None
        if hand & seen:
            reader.fail(name, f"{name}: {format_cards(hand & seen, display=True)} is also in another hand")
        seen |= hand
    holders = [SEAT_NAMES[seat] for seat, hand in enumerate(hands) if hand and hand & OPENING_CARD.bit]
    if len(holders) != 1:
        reader.fail("answer", f"exactly one player must hold the {OPENING_CARD.display}, but {len(holders)} do")
        return None
    puzzle = OpenerPuzzle(**common, hands=tuple(h or 0 for h in hands))
    if SEAT_NAMES[answer] != holders[0]:
        reader.fail("answer", f"answer says {SEAT_NAMES[answer]}, but {puzzle.judge().explanation}")
    return puzzle


def _seat_name(text: str) -> int:
    for seat, name in enumerate(SEAT_NAMES):
        if text.strip().lower() == name.lower():
            return seat
    raise ValueError(f"{text!r} is not a player: use {', '.join(SEAT_NAMES)}")


def named_steps(text: str, example: str) -> list[tuple[int, str, str]]:
    """``"Robin: 8D; Alex: pass"`` (or one step a line) as (seat, what, the whole step); *example* shows a step.

    >>> named_steps("Robin: 8D; alex: pass", "Robin: 8D")
    [(1, '8D', 'Robin: 8D'), (2, 'pass', 'alex: pass')]
    """
    steps = []
    for step in re.split(r"[;\n]", text):
        if not step.strip():
            continue
        name, colon, what = step.partition(":")
        if not colon:
            raise ValueError(f"step {step.strip()!r} should read like '{example}'")
        steps.append((_seat_name(name), what.strip(), step.strip()))
    return steps


def _read_script(text: str) -> tuple[ScriptedMove, ...]:
    moves = []
    for seat, move, step in named_steps(text, "Robin: 8D' or 'Alex: pass"):
        if seat == 0:
            raise ValueError(f"step {step.strip()!r}: the script gives only the computer players' moves")
        card = None if move.strip().lower() == "pass" else Card.parse(move)
        moves.append(ScriptedMove(seat, card))
    return tuple(moves)


def _read_guided(reader: _Reader, common: dict[str, Any]) -> Puzzle | None:
    position = reader.convert("position", Position.parse)
    script = reader.convert("script", _read_script) or ()
    if position is None:
        return None
    played = 0
    for move in script:
        if move.card is None:
            continue
        name = SEAT_NAMES[move.seat]
        if position.table & move.card.bit:
            reader.fail("script", f"script: {name} plays {move.card.display}, already on the table")
        elif played & move.card.bit:
            reader.fail("script", f"script: {move.card.display} is played twice")
        elif not position.hands[move.seat] & move.card.bit:
            reader.fail("script", f"script: {name} plays {move.card.display}, not in {name}'s hand")
        played |= move.card.bit
    return GuidedPuzzle(**common, position=position, script=script, goal=reader.text("goal"))


def _counts(text: str) -> tuple[int, int, int]:
    words = text.replace(",", " ").split()
    if len(words) != 3 or not all(word.isdigit() and 1 <= int(word) <= 13 for word in words):
        raise ValueError(f"{text!r} should be three numbers from 1 to 13: the cards Robin, Alex and Sam hold")
    return int(words[0]), int(words[1]), int(words[2])


def _seats(text: str) -> tuple[int, ...]:
    seats = tuple(sorted({_seat_name(word) for word in text.replace(",", " ").split()}))
    if 0 in seats:
        raise ValueError("list only the others who passed (Robin, Alex, Sam): you are the one to play")
    return seats


def _read_best(reader: _Reader, common: dict[str, Any]) -> Puzzle | None:
    table = reader.table()
    hand = reader.hand("hand", table)
    counts = reader.convert("counts", _counts)
    passed = reader.convert("passed", _seats) or ()
    answer = reader.convert("answer", Card.parse)
    if table is None or hand is None or counts is None or answer is None:
        return None
    hidden = 52 - table.bit_count() - hand.bit_count()
    if sum(counts) > hidden:
        reader.fail(
            "counts", f"counts: the others hold {sum(counts)} cards, but only {hidden} are not on the table or yours"
        )
        return None
    puzzle = BestPuzzle(**common, table=table, hand=hand, counts=counts, passed=passed, answer=answer)
    legal = puzzle.legal()
    if not hand & answer.bit:
        reader.fail("answer", f"answer: {answer.display} is not in the hand")
    elif not legal & answer.bit:
        reader.fail("answer", f"answer says {answer.display}, but {why_card(table, answer)}")
    elif legal.bit_count() < 2:
        reader.fail("hand", f"hand: only {_fit(legal)}, so there is no choice to make")
    return puzzle


_READERS: dict[str, Callable[[_Reader, dict[str, Any]], Puzzle | None]] = {
    "fits": _read_fits,
    "pick": _read_pick,
    "play-or-pass": _read_play_or_pass,
    "opener": _read_opener,
    "guided": _read_guided,
    "best": _read_best,
}
SEVENS_KINDS = GameKinds(KIND_FIELDS, _READERS)
