"""Lesson puzzles as a per-game plug-in: the one protocol every game's puzzle kinds follow.

A lesson writes a puzzle as a ```` ```puzzle ```` block of ``key: value`` lines
(a value may go on over following lines indented by two spaces). A game offers
its kinds as :class:`PuzzleKinds` (its registry entry's ``puzzle_kinds``); each
:class:`Kind` names its fields, reads them through a :class:`FieldReader` into a
:class:`Puzzle` (checking the author's answer against the game's engine), and
may make fresh puzzles for the practice bank. A puzzle then says everything the
site needs, with no HTML and nothing the site must know about the game:

- :meth:`Puzzle.judge`: the right answer, the engine's reason for every choice and a nudge for every wrong one;
- :meth:`Puzzle.choices` and :attr:`Puzzle.answered_by`: the answers it offers, and how they are given;
- :meth:`Puzzle.drawing`: its position as neutral parts (:class:`Rows`, :class:`Hand`, :class:`Shown`,
  :class:`Pile`, :class:`Note`, :class:`Steps`) that the site draws; :meth:`Puzzle.parts` adds the
  :class:`Variant` it is asked under, when a ``rules`` field names other rules than the game's defaults;
- :meth:`Puzzle.answer_label`: the right answer in words;
- :meth:`Puzzle.guided`: for a short deal played in the browser, its position and script;
- :meth:`Puzzle.verdict_position` and :meth:`Puzzle.with_verdict`: for a choice only the game's computer player
  can judge, what to ask it (through the game's ``play_outs`` hook) and its figures once it has answered.

A kind the game marks ``ruled`` may be asked under other rules: the block's ``rules`` field (a preset's name, or
options, as the game's options declaration reads them: ``rules: fan-tan``, ``rules: crazy-eights``) reaches
the kind's reader as ``common["variant"]`` and the puzzle keeps it, so it is judged, and drawn, under those
rules.

Every problem carries the line of the offending field (line 0 is the fence that
opens the block, line 1 the first field), so the site build can report
``file:line: message``. Like the rest of the engine this module does no input
or output.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, TypeVar

from .cards import Card, Suit, parse_cards
from .fields import FieldError, read_number, whole_numbers
from .goals import FIELD as GOAL_CHECK
from .goals import GoalCheck
from .text import sentence

__all__ = [
    "ANY_COUNT",
    "COMMON_OPTIONAL",
    "COMMON_REQUIRED",
    "GOAL_CHECK",
    "RIGHT",
    "SEAT_NAMES",
    "AnsweredBy",
    "Field",
    "FieldReader",
    "GuidedDeal",
    "Hand",
    "Judgement",
    "Kind",
    "Note",
    "Part",
    "Pile",
    "Problem",
    "Puzzle",
    "PuzzleError",
    "PuzzleKinds",
    "Rows",
    "Shown",
    "Steps",
    "Variant",
    "card_list",
    "check_answer",
    "feedback_problems",
    "named_steps",
    "numbers",
    "one_of",
    "parse_puzzle",
    "praise_problems",
    "puzzle_rules",
    "read_fields",
    "read_goal_check",
    "seat_name",
    "text_problems",
    "yes_no",
]

SEAT_NAMES = ("You", "Robin", "Alex", "Sam")  # every lesson's table: you, then the computer players, in seat order
COMMON_REQUIRED = ("id", "kind", "hint")
COMMON_OPTIONAL = ("question", "explain")
RULES_FIELD = "rules"  # the rules a ruled kind's puzzle is asked under, when not the game's defaults
_FIELD_LINE = re.compile(r"^([a-z][a-z0-9-]*)\s*:(.*)$")
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
T = TypeVar("T")
# How the learner answers: one of the puzzle's choices, a selection of every right card of the hand then a
# check, or one card of the hand played.
AnsweredBy = Literal["choice", "selection", "card"]


# -- reading a block ----------------------------------------------------------------------------------------------


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


class FieldReader:
    """A kind's way into its block: turns fields into values, noting a problem (at the field's line) for each bad one."""

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
        """The field *name* read by *read*; None when it is missing, or when *read* refuses it (a problem noted)."""
        if name not in self.fields:
            return None
        try:
            return read(self.fields[name].value)
        except ValueError as error:
            self.refuse(name, error)
            return None

    def number(self, name: str, allowed: Sequence[int], what: str) -> int | None:
        """The whole-number field *name*, read and checked by the one reader of every game's number fields
        (:func:`engine.core.fields.whole_number`); None when missing or refused (a problem noted)."""
        return self.convert(name, lambda text: read_number(name, text, allowed, what))

    def numbers(self, name: str, count: int | range, allowed: Sequence[int], what: str) -> tuple[int, ...] | None:
        """The field *name* that lists *count* whole numbers (see :func:`engine.core.fields.whole_numbers`)."""
        return self.convert(name, lambda text: whole_numbers(name, text, count, allowed, what))

    def refuse(self, name: str, error: ValueError) -> None:
        """Note *error* at the field *name*, named once: an error that names the field itself (a
        :class:`~engine.core.fields.FieldError` for *name*) is not prefixed with it again."""
        named = isinstance(error, FieldError) and error.name == name
        self.fail(name, str(error) if named else f"{name}: {error}")


def yes_no(text: str) -> bool:
    word = text.strip().lower()
    if word not in {"yes", "no"}:
        raise ValueError(f"{text!r} is not yes or no")
    return word == "yes"


def card_list(text: str) -> list[Card]:
    """Cards written as codes, or ``none`` for no card.

    >>> card_list("5H 10S"), card_list("None")
    ([Card.parse('5H'), Card.parse('10S')], [])
    """
    return [] if text.strip().lower() == "none" else parse_cards(text)


def one_of(choices: Sequence[str]) -> Callable[[str], str]:
    """A reader of one of *choices* (case ignored), refusing anything else with the choices named."""

    def read(text: str) -> str:
        word = text.strip().lower()
        allowed = {choice.lower(): choice for choice in choices}
        if word not in allowed:
            raise ValueError(f"{text.strip()!r} is not one of {', '.join(choices)}")
        return allowed[word]

    return read


ANY_COUNT = range(10**9)  # a puzzle's numbers offered: any whole number the puzzle's judgement can reach


def numbers(reader: FieldReader) -> tuple[int, ...] | None:
    """The ``choices`` field: two to six whole numbers, the answers a puzzle offers (``0 2 4`` or ``0, 2, 4``)."""
    return reader.numbers("choices", range(2, 7), ANY_COUNT, "two to six whole numbers, the answers offered")


def check_answer(reader: FieldReader, puzzle: Puzzle, stated: str | None) -> None:
    """Note a problem at the ``answer`` field when *stated* is not one of the right answers, with the judgement's
    reason against it (its explanation if it has none)."""
    if stated is None:
        return
    right = puzzle.judge()
    if stated not in right.answer:
        reader.fail("answer", f"answer says {stated}, but {right.reasons.get(stated, right.explanation)}")


def seat_name(text: str) -> int:
    """The seat of a lesson's player named *text* (case ignored)."""
    for seat, name in enumerate(SEAT_NAMES):
        if text.strip().lower() == name.lower():
            return seat
    raise ValueError(f"{text!r} is not a player: use {', '.join(SEAT_NAMES)}")


def others_counts(reader: FieldReader, most: int) -> tuple[int, int, int] | None:
    """The ``counts`` field: the cards Robin, Alex and Sam hold, three numbers from 1 to *most*.

    >>> fields, _ = read_fields("counts: 10 8, 9")
    >>> others_counts(FieldReader(fields, ""), 13)
    (10, 8, 9)
    """
    counts = reader.numbers(
        "counts", 3, range(1, most + 1), f"three numbers from 1 to {most}: the cards Robin, Alex and Sam hold"
    )
    return None if counts is None else (counts[0], counts[1], counts[2])


def others_seats(what: str) -> Callable[[str], tuple[int, ...]]:
    """A reader of the other players who did *what* (``passed``, ``called``): their seats, in order.

    >>> others_seats("passed")("Sam, robin")
    (1, 3)
    """

    def read(text: str) -> tuple[int, ...]:
        seats = tuple(sorted({seat_name(word) for word in text.replace(",", " ").split()}))
        if 0 in seats:
            raise ValueError(f"list only the others who {what} (Robin, Alex, Sam): you are the one to play")
        return seats

    return read


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
        steps.append((seat_name(name), what.strip(), step.strip()))
    return steps


# -- what a puzzle offers the site ---------------------------------------------------------------------------------


def number_choices(offered: Sequence[int]) -> tuple[tuple[str, str], ...]:
    """The buttons of a puzzle answered by a number: each number offered, as its own label."""
    return tuple((str(n), str(n)) for n in offered)


@dataclass(frozen=True, slots=True)
class Judgement:
    """What a page needs to answer a static puzzle on its own.

    *answer* lists the right choices (for a pick, every card that fits; for a
    play-or-pass, ``play`` or ``pass``, and *cards* the cards that may be
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

    @classmethod
    def of_number(cls, right: int, offered: Sequence[int], why: str, nudge: str) -> Judgement:
        """The judgement of a puzzle answered by one of the numbers *offered*: *why* for every one of them, and
        *nudge* for each wrong one."""
        choices = [str(n) for n in offered]
        return cls((str(right),), why, dict.fromkeys(choices, why), {c: nudge for c in choices if c != str(right)})

    def data(self) -> dict[str, object]:
        # The explanation and its items are in the page's "Show the answer" block; the script copies them.
        data: dict[str, object] = {
            "answer": list(self.answer),
            "nudges": {choice: sentence(text) for choice, text in self.nudges.items()},
        }
        if self.cards:
            data["cards"] = list(self.cards)
        return data


# A position drawn as neutral parts, in order; the site turns each into HTML (cards as faces with their names).


@dataclass(frozen=True, slots=True)
class Rows:
    """The cards on the table laid out in suit rows, ace to king (*cards* a mask)."""

    cards: int


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand of *cards* (a mask) under *label*; *choose*: the learner selects from it."""

    label: str
    cards: int
    choose: bool = False


@dataclass(frozen=True, slots=True)
class Shown:
    """One card under *label*: ``Card: 9♥``."""

    label: str
    card: Card


@dataclass(frozen=True, slots=True)
class Pile:
    """A discard pile: its *top* card and the *suit* to follow (named for the top card when not its own)."""

    top: Card
    suit: Suit


@dataclass(frozen=True, slots=True)
class Note:
    """A sentence about the position (``Cards held: Robin 4, Alex 6.``)."""

    text: str


@dataclass(frozen=True, slots=True)
class Steps:
    """What happened next, one sentence a step, under *label*."""

    label: str
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Variant:
    """Rules a puzzle is asked under that are not the game's defaults: *rules* as the game reads them, *text* as
    the block wrote them, *preset* the name of the preset they are ("" for none), *title* the table's name for
    them ("Fan Tan") and *notes* what they change from the defaults, one sentence each (the options' notes). Drawn above the
    position, so that a learner never takes them for the rules every other puzzle is asked under."""

    rules: Any
    text: str
    preset: str
    title: str
    notes: tuple[str, ...]


Part = Rows | Hand | Shown | Pile | Note | Steps | Variant


@dataclass(frozen=True, slots=True)
class GuidedDeal:
    """A short deal the learner plays in the browser: the *game*, its *position* and *script* in the game's text;
    *marks*: the cards that fit are marked, for a stage that teaches by showing (the block's ``marks: yes``); a
    stage that asks the learner to find the card marks none (the default); *rules*: the options text the deal is
    played under when not the game's defaults (the block's ``rules``: an early lesson's deal switches off what its
    learner has not met yet), else ""; *goal_check*: what the engine checks of the *goal* (the block's
    ``goal-check``, see :mod:`engine.core.goals`), so the page says the goal is reached only when it is."""

    game: str
    position: str
    script: str
    goal: str
    marks: bool = False
    rules: str = ""
    goal_check: str = "win"


@dataclass(frozen=True, slots=True)
class Puzzle:
    """Fields every puzzle has; a game's kinds add their own and answer the methods below."""

    kind: ClassVar[str] = ""
    answered_by: ClassVar[AnsweredBy] = "choice"  # see AnsweredBy; "choice" offers :meth:`choices`
    asks_which_card: ClassVar[bool] = False  # once "play" is chosen, the learner also selects a card that may be played
    id: str
    question: str
    hint: str
    explain: str | None
    variant: Variant | None = field(default=None, kw_only=True)  # other rules than the defaults (``rules:``)

    @property
    def choose_cards(self) -> bool:
        """Whether the learner presses cards of the hand drawn: to select them, to play one, or to say which one
        once "play" is chosen."""
        return self.answered_by != "choice" or self.asks_which_card

    def judge(self) -> Judgement:
        raise NotImplementedError(f"{self.kind} puzzles are judged in the browser")

    def choices(self) -> tuple[tuple[str, str], ...]:
        """The answers offered, as (value, label)."""
        return ()

    def answer_label(self) -> str:
        """The right answer in words, for the page's "Show the answer"."""
        return self.judge().answer[0]

    def drawing(self) -> tuple[Part, ...]:
        """The position, as parts the site draws in order."""
        return ()

    def parts(self) -> tuple[Part, ...]:
        """What the site draws: the rules it is asked under when they are not the defaults, then :meth:`drawing`."""
        return ((self.variant,) if self.variant is not None else ()) + self.drawing()

    def guided(self) -> GuidedDeal | None:
        """For a deal played in the browser, what it starts from; None for a puzzle answered on the page."""
        return None

    def verdict_position(self) -> tuple[list[Any], str] | None:
        """For a choice that only the game's computer player can judge: the position to hand its ``play_outs``
        hook (JSON data) and the card the author says is best; None for a puzzle the rules judge alone."""
        return None

    def with_verdict(self, deals: int, wins: Mapping[str, int]) -> Puzzle:
        """This puzzle with the computer player's figures: of *deals* imagined deals, those won after each card."""
        raise NotImplementedError(f"{self.kind} puzzles take no verdict")

    def data(self) -> dict[str, object]:
        """The JSON a page embeds for this puzzle: a guided deal's start, or a static puzzle's judgement."""
        deal = self.guided()
        if deal is not None:
            return {
                "id": self.id,
                "kind": self.kind,
                "position": deal.position,
                "script": deal.script,
                "goal": deal.goal,
            }
        return {"id": self.id, "kind": self.kind, **self.judge().data()}

    def absent(self) -> tuple[str, ...]:
        """Words naming features this position does not have (``pick-up`` for a hand without one), which no text
        of the puzzle may then mention; a kind that cannot know says none."""
        return ()


Reader = Callable[[FieldReader, dict[str, Any]], Puzzle | None]
Maker = Callable[[random.Random, int], str]


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of puzzle: its fields besides the common ones, how they are read, and how the practice bank makes it.

    *read* builds the puzzle from the block's fields (and the common ones, already read) and checks the author's
    answer by the engine, noting each problem on the reader; it returns None when the puzzle cannot be built.
    *make* writes the fields of a fresh practice puzzle (``table: …\ncard: …``) from a random source and its number
    in the bank, and *practice* is how many the bank holds; *kept* writes them from a line of the game's
    :attr:`PuzzleKinds.kept_file`, for a kind too slow to make on every build. *hint* is the hint the bank's
    puzzles of this kind carry when its maker writes none of its own. *label* names the kind for the learner
    (the progress page's practice table), as a question: "Does it fit?".
    """

    name: str
    required: tuple[str, ...]
    optional: tuple[str, ...]
    read: Reader
    practice: int = 0
    make: Maker | None = None
    kept: Callable[[str], str] | None = None
    hint: str = ""
    label: str = ""
    ruled: bool = False  # its puzzles may be asked under other rules (a ``rules`` field), which its reader uses


@dataclass(frozen=True, slots=True)
class PuzzleKinds:
    """A game's puzzle kinds, in the order the practice bank makes them.

    *kept_file* names a text file in the game's package that holds practice puzzles found once (the engine never
    reads it; the site build does): one puzzle a line, ``#`` for comments, read by the kind whose ``kept`` is set.
    """

    kinds: tuple[Kind, ...]
    kept_file: str = ""
    # The game's options declaration (engine.core.options.Options), which reads a ruled kind's ``rules`` field.
    options: Any = None

    def __getitem__(self, name: str) -> Kind:
        for kind in self.kinds:
            if kind.name == name:
                return kind
        raise KeyError(name)

    def names(self) -> tuple[str, ...]:
        return tuple(kind.name for kind in self.kinds)


def parse_puzzle(text: str, kinds: PuzzleKinds) -> Puzzle:
    """Read and judge one puzzle block (its text between the fences) of the game whose *kinds* are given.

    Raises :class:`PuzzleError` listing every problem found, each with its line.
    """
    fields, problems = read_fields(text)
    identifier = fields["id"].value if "id" in fields else ""
    reader = FieldReader(fields, f'puzzle "{identifier}": ' if identifier else "puzzle: ")
    reader.problems.extend(problems)
    if identifier and not _ID.match(identifier):
        reader.fail("id", f"id {identifier!r} must be lower-case letters, digits and single hyphens")
    name = fields["kind"].value if "kind" in fields else None
    for required in COMMON_REQUIRED:
        if required not in fields:
            reader.fail(required, f"missing field {required!r}")
    names = kinds.names()
    if name is not None and name not in names:
        reader.fail("kind", f"unknown kind {name!r}: use {', '.join(names)}")
    if name is None or name not in names:
        raise PuzzleError(reader.problems)
    kind = kinds[name]
    for required in kind.required:
        if required not in fields and required not in COMMON_REQUIRED:
            reader.fail(required, f"missing field {required!r}")
    allowed = {*COMMON_REQUIRED, *COMMON_OPTIONAL, *kind.required, *kind.optional}
    for given in fields:
        if given == RULES_FIELD and given not in allowed:
            continue  # said by read_variant, with the kinds that take it
        if given not in allowed:
            reader.fail(given, f"unknown field {given!r} for a {name} puzzle: use {', '.join(sorted(allowed))}")
    common = {
        "id": identifier,
        "question": reader.text("question"),
        "hint": reader.text("hint"),
        "explain": fields["explain"].value if "explain" in fields else None,
        "variant": read_variant(reader, kind, kinds),
    }
    puzzle = kind.read(reader, common)
    if reader.problems or puzzle is None:
        raise PuzzleError(sorted(reader.problems, key=lambda p: p.line))
    return puzzle


def read_variant(reader: FieldReader, kind: Kind, kinds: PuzzleKinds) -> Variant | None:
    """The block's ``rules`` field read through the game's options; None when it has none (or a problem is noted
    at its line: a kind that is always asked under the defaults, rules the game does not know, the defaults)."""
    if RULES_FIELD not in reader.fields:
        return None
    text = reader.text(RULES_FIELD)
    ruled = [k.name for k in kinds.kinds if k.ruled]
    if not kind.ruled or kinds.options is None:
        said = f"only {', '.join(ruled)} puzzles take it" if ruled and kinds.options is not None else "none take it"
        reader.fail(RULES_FIELD, f"rules: {kind.name} puzzles are asked under the default rules only ({said})")
        return None
    options = kinds.options
    try:
        rules = options.parse(text)
    except ValueError as error:
        reader.fail(RULES_FIELD, f"rules {text!r}: {error}")
        return None
    if rules == options.default:
        reader.fail(RULES_FIELD, f"rules {text!r} are the default rules: remove the field")
        return None
    preset = options.preset_of(rules)
    usual = set(options.notes(options.default))
    notes = tuple(note for note in options.notes(rules) if note not in usual)  # only what differs from the defaults
    return Variant(rules, text, preset.name if preset else "", options.describe(rules), notes)


def read_goal_check(reader: FieldReader) -> str:
    """A guided deal's ``goal-check`` field (see :mod:`engine.core.goals`) in its own form, ``win`` when the block
    has none; a problem noted at its line names anything else and the forms the engine checks."""
    check = reader.convert(GOAL_CHECK, GoalCheck.read)
    return (check or GoalCheck()).text()


def puzzle_rules(common: Mapping[str, Any], default: T) -> T:
    """The rules a kind's reader judges with: the block's ``rules`` (``common["variant"]``), else *default*."""
    variant = common.get("variant")
    return variant.rules if isinstance(variant, Variant) else default


# -- what the page says to each answer, checked -------------------------------------------------------------------

# What the page (site/static/js/puzzle.js) says before the solution when an answer is right.
RIGHT = ("Right first time!", "Right.")
_PRAISE = re.compile(r"\b(?:Right|Good choice|Well done|Correct)\b")
_CHECKS = (
    (re.compile(r"\bRight\b[.!:,]?\s+Right\b"), "repeats “Right”"),
    (re.compile(r"[.!?][”’\"]\s*[.!?]"), "has a full stop after a closing quote that already ends the sentence"),
    # Two stops ending a sentence (not an ellipsis, nor a relative address such as ../../ in a link).
    (re.compile(r"(?<![.])[.][.](?![./\w])"), "has a doubled full stop"),
    (
        re.compile(r"(?:,|\bso|\band|\bbut)\s+(?:You|Your|They|Their|He|She|It|We)\b"),
        "has a capital letter in mid-sentence",
    ),
)


def text_problems(text: str, absent: Sequence[str] = ()) -> list[str]:
    """What is wrong with a sentence the page shows: a repeated “Right”, stray full stops, a capital letter in
    mid-sentence, or a word for a feature the position does not have (*absent*).

    >>> text_problems("Right. You hold the 7♦, so You open.")
    ['has a capital letter in mid-sentence: Right. You hold the 7♦, so You open.']
    """
    found = [f"{message}: {text}" for pattern, message in _CHECKS if pattern.search(text)]
    found += [
        f"mentions “{word}”, which this position does not have: {text}"
        for word in absent
        if re.search(rf"\b{re.escape(word)}", text, re.IGNORECASE)
    ]
    return found


def praise_problems(text: str, own: str, others: Sequence[str]) -> list[str]:
    """A text said to the learner's answer *own* that praises it, then recommends one of *others* (the words of
    the other answers: a card, a choice's label).

    >>> praise_problems("You play 2♦. Good choice: play 9♥.", "2♦", ["9♥", "Draw"])
    ['praises an answer, then names another (9♥): You play 2♦. Good choice: play 9♥.']
    """
    praise = _PRAISE.search(text)
    if praise is None:
        return []
    rest = text[praise.end() :]
    return [
        f"praises an answer, then names another ({other}): {text}"
        for other in others
        if other
        and other != own
        and own not in other
        and re.search(rf"\b(?:play|choose|pick|answer(?: is)?:?)\s+(?:the\s+)?{re.escape(other)}", rest, re.IGNORECASE)
    ]


def _words(puzzle: Puzzle, answer: str) -> str:
    """How the page names *answer*: its choice's label, else its cards (``play:2D`` is the 2♦)."""
    labels = dict(puzzle.choices())
    if answer in labels:
        return labels[answer]
    codes = answer.removeprefix("play:").split()
    try:
        return " ".join(Card.parse(code).display for code in codes)
    except ValueError:
        return answer


def feedback_problems(puzzle: Puzzle) -> list[str]:
    """Every text the page can show for *puzzle*, for every answer, checked: after a right answer the page says
    one of :data:`RIGHT` then the solution; after a wrong one, its nudge; once solved, the reasons and the answer;
    and the author's hint and explanation. A right selection is answered in one sentence, not a line per card.

    A puzzle judged in the browser (a guided deal) has none to check here.
    """
    if puzzle.guided() is not None:
        return []
    judgement = puzzle.judge()
    said = [sentence(judgement.explanation)]
    if len(judgement.items) == 1:
        said.append(sentence(judgement.items[0]))
    solution = " ".join(said)
    listed = [sentence(item) for item in judgement.items] if len(judgement.items) > 1 else []
    if puzzle.asks_which_card and judgement.answer == ("play",):
        rights = [f"play:{card}" for card in judgement.cards]
    elif puzzle.answered_by == "selection":
        rights = [" ".join(judgement.answer)]
    else:
        rights = list(judgement.answer)
    answers = [*rights, *judgement.nudges, *(value for value, _ in puzzle.choices())]
    words = [_words(puzzle, answer) for answer in dict.fromkeys(answers)]
    absent = puzzle.absent()
    problems: list[str] = []
    if puzzle.answered_by == "selection" and len(judgement.items) > 1:
        # A selection is one answer: the page would print a line per item after it.
        problems.append(f"a right selection is followed by {len(judgement.items)} lines, not one sentence: {solution}")
    for right in rights:
        own = _words(puzzle, right)
        for prefix in RIGHT:
            text = f"{prefix} {solution}"
            problems += text_problems(text, absent) + praise_problems(text, own, words)
    for answer, nudge in judgement.nudges.items():
        text = sentence(nudge)
        problems += text_problems(text, absent) + praise_problems(text, _words(puzzle, answer), words)
    others = [
        *listed,
        *(sentence(reason) for reason in judgement.reasons.values()),
        sentence(f"Answer: {puzzle.answer_label()}"),
    ]
    for text in others:
        problems += text_problems(text, absent)
    for text in (puzzle.hint, puzzle.explain or ""):  # the author's words, shown beside the engine's
        problems += text_problems(text, absent)
    return [f'puzzle "{puzzle.id}": {problem}' for problem in dict.fromkeys(problems)]
