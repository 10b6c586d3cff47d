"""Sevens' lesson puzzles: each kind read from its block, judged by the rules, drawn and named for the site.

The kinds follow :mod:`engine.core.puzzles`; the registry reaches them as
``SEVENS.puzzle_kinds`` and the practice bank makes them with
:mod:`engine.sevens.puzzles_bank`.

>>> puzzle = parse('''id: fit-9h
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
>>> parse("id: x\\nkind: fits\\ncard: 9H\\ntable: 7D\\nanswer: yes\\nquestion: ?\\nhint: ?")
Traceback (most recent call last):
...
engine.core.puzzles.PuzzleError: line 5: puzzle "x": answer says yes, but 9♥ does not fit: the hearts row has not started, so only the 7♥ can begin it
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ..core.cards import Card, cards_of, format_cards, mask_of, parse_cards
from ..core.puzzles import (
    ANY_COUNT,
    GOAL_CHECK,
    SEAT_NAMES,
    AnsweredBy,
    FieldReader,
    GuidedDeal,
    Hand,
    Judgement,
    Kind,
    Note,
    Part,
    Puzzle,
    PuzzleKinds,
    Rows,
    Shown,
    check_answer,
    named_steps,
    number_choices,
    numbers,
    others_counts,
    others_seats,
    parse_puzzle,
    puzzle_rules,
    read_goal_check,
    seat_name,
    yes_no,
)
from ..core.text import join_words
from . import puzzles_bank as bank
from .position import (
    OPENING_CARD,
    Position,
    describe_row,
    fitting,
    parse_table,
    playable_mask,
    row_ends,
    settle,
    table_problem,
    why_card_does_not_fit,
)
from .rules import DEFAULT, OPTIONS, SevensRules

__all__ = [
    "KINDS",
    "BestPuzzle",
    "ChipsPuzzle",
    "FitsPuzzle",
    "GuidedPuzzle",
    "OpenerPuzzle",
    "PickPuzzle",
    "PlayOrPassPuzzle",
    "parse",
    "why_card_fits",
]

GAME = "sevens"


def parse(text: str) -> Puzzle:
    """A Sevens puzzle block, read and judged (see :func:`engine.core.puzzles.parse_puzzle`)."""
    return parse_puzzle(text, KINDS)


def why_card_fits(table: int, card: Card, rules: SevensRules = DEFAULT) -> str:
    """Why *card* fits on *table* under *rules*, in plain words (the card must fit)."""
    if not table and rules.opening == "7D":
        return f"{card.display} fits: the {OPENING_CARD.display} always opens the deal"
    if not table:
        return f"{card.display} fits: any seven may open the deal"
    if card.rank == 7:
        return f"{card.display} fits: any seven starts its suit's row"
    ends = row_ends(table, card.suit)
    assert ends is not None
    neighbour = Card.of(card.rank + 1 if card.rank < 7 else card.rank - 1, card.suit)
    return f"{card.display} fits: {describe_row(table, card.suit)}, so {card.display} goes next to {neighbour.display}"


def why_card(table: int, card: Card, rules: SevensRules = DEFAULT) -> str:
    return why_card_does_not_fit(table, card, rules) or why_card_fits(table, card, rules)


def nudge_not_fitting(table: int, card: Card, rules: SevensRules = DEFAULT) -> str:
    """For a learner who thinks *card* fits when it does not: where to look, not the answer."""
    if not table and rules.opening == "7D":
        return f"A deal always opens with one particular card: is {card.display} that card?"
    if row_ends(table, card.suit) is None:
        return f"{card.display} is a {card.suit.plural[:-1]}: has the {card.suit.plural} row started yet? Only its seven can begin it"
    return f"Look at both ends of the {card.suit.plural} row: is {card.display} the very next rank beyond one of them?"


def nudge_fitting(table: int, card: Card, rules: SevensRules = DEFAULT) -> str:
    """For a learner who thinks *card* does not fit when it does."""
    if not table and rules.opening == "7D":
        return "Which card opens every deal?"
    if not table:
        return "Under these rules, which cards may open the deal?"
    if card.rank == 7:
        return "What does it take to start a new row once the deal has opened?"
    low, high = row_ends(table, card.suit) or (card.rank, card.rank)
    end = Card.of(high if card.rank > high else low, card.suit)
    side = "top" if card.rank > high else "bottom"
    return f"Look at the {side} end of the {card.suit.plural} row, {end.display}: which rank comes next?"


PASS_NUDGE = "You may pass only when nothing fits: check each card against both ends of its own row"


def _join(cards: int) -> str:
    return join_words([card.display for card in cards_of(cards)])


def _rules(puzzle: Puzzle) -> SevensRules:
    """The rules *puzzle* is judged under: its ``rules`` field's, else the defaults."""
    return puzzle.variant.rules if puzzle.variant is not None else DEFAULT


@dataclass(frozen=True, slots=True)
class FitsPuzzle(Puzzle):
    """Does this card fit on this table? The learner answers yes or no."""

    kind: ClassVar[str] = "fits"
    table: int = 0
    card: Card = OPENING_CARD

    def choices(self) -> tuple[tuple[str, str], ...]:
        return (("yes", "Yes, it fits"), ("no", "No, it does not fit"))

    def answer_label(self) -> str:
        return self.judge().answer[0].capitalize()

    def drawing(self) -> tuple[Part, ...]:
        return (Rows(self.table), Shown("Card", self.card))

    def judge(self) -> Judgement:
        rules = _rules(self)
        fits = bool(fitting(self.table, 0, rules) & self.card.bit)
        reason = why_card(self.table, self.card, rules)
        wrong = "no" if fits else "yes"
        nudge = (nudge_fitting if fits else nudge_not_fitting)(self.table, self.card, rules)
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
        return fitting(self.table, 0, _rules(self)) & self.hand

    def drawing(self) -> tuple[Part, ...]:
        return (Rows(self.table), Hand("Your hand", self.hand, choose=True))


@dataclass(frozen=True, slots=True)
class PickPuzzle(_HandPuzzle):
    """Which cards of this hand fit? The learner selects them all."""

    kind: ClassVar[str] = "pick"
    answered_by: ClassVar[AnsweredBy] = "selection"

    def answer_label(self) -> str:
        return " ".join(card.display for card in cards_of(self.legal())) or "None of them"

    def judge(self) -> Judgement:
        legal = self.legal()
        rules = _rules(self)
        explanation = f"{_fit(legal)}; nothing else in the hand does" if legal else "nothing in this hand fits"
        reasons = {card.code: why_card(self.table, card, rules) for card in cards_of(self.hand)}
        nudges = {card.code: nudge_not_fitting(self.table, card, rules) for card in cards_of(self.hand & ~legal)}
        # One sentence naming the learner's own selection, not a line per card of the hand (each card's reason
        # stays in *reasons*; a wrong card gets its nudge).
        return Judgement(tuple(c.code for c in cards_of(legal)), explanation, reasons, nudges)


@dataclass(frozen=True, slots=True)
class PlayOrPassPuzzle(_HandPuzzle):
    """Must this hand play, or does it pass?"""

    kind: ClassVar[str] = "play-or-pass"
    asks_which_card: ClassVar[bool] = True
    passed: int = 0  # how many times you have passed this deal (it matters under a pass limit)

    def choices(self) -> tuple[tuple[str, str], ...]:
        return (("play", "Play a card"), ("pass", "Pass"))

    def answer_label(self) -> str:
        return self.judge().answer[0].capitalize()

    def drawing(self) -> tuple[Part, ...]:
        if _rules(self).pass_limit is None:
            return _HandPuzzle.drawing(self)
        times = {0: "not passed yet", 1: "passed once", 2: "passed twice"}.get(
            self.passed, f"passed {self.passed} times"
        )
        return (Rows(self.table), Note(f"You have {times} this deal."), Hand("Your hand", self.hand, choose=True))

    def judge(self) -> Judgement:
        legal = self.legal()
        rules = _rules(self)
        reasons = {card.code: why_card(self.table, card, rules) for card in cards_of(self.hand)}
        nudges = {card.code: nudge_not_fitting(self.table, card, rules) for card in cards_of(self.hand & ~legal)}
        limit = rules.pass_limit
        puts_out = limit is not None and self.passed >= limit
        out = (
            f"you have passed {self.passed} times already, so one more pass puts you out: your cards go on the table "
            "and you finish behind everyone still in"
        )
        if legal and rules.voluntary_pass:
            items = tuple(reasons[card.code] for card in cards_of(legal))
            codes = tuple(card.code for card in cards_of(legal))
            if puts_out:
                stay = f"{out}; play instead: {_fit(legal)}"
                nudge = f"Count your passes against the limit of {limit}: what happens at one more?"
                return Judgement(("play",), stay, reasons | {"pass": stay}, nudges | {"pass": nudge}, items, codes)
            left = (
                ""
                if limit is None
                else f"; you have passed {self.passed} of the {limit} times you may, so {limit - self.passed} left"
            )
            both = f"either is allowed: {_fit(legal)}, and under these rules you may pass even so{left}"
            return Judgement(("play", "pass"), both, reasons | {"pass": both}, nudges, items, codes)
        if legal:
            # The items say which cards fit and why ("8♣ fits: …"), so the explanation does not say it first.
            must_play = f"you must play: {_fit(legal)}"
            items = tuple(reasons[card.code] for card in cards_of(legal))
            codes = tuple(card.code for card in cards_of(legal))
            return Judgement(
                ("play",), "you must play", reasons | {"pass": must_play}, nudges | {"pass": PASS_NUDGE}, items, codes
            )
        nothing = "nothing fits, so you pass" + (f", though {out}" if puts_out else "")
        items = tuple(reasons[card.code] for card in cards_of(self.hand))
        return Judgement(("pass",), nothing, reasons | {"pass": nothing}, nudges, items)


@dataclass(frozen=True, slots=True)
class BestPuzzle(_HandPuzzle):
    """Which card would you play? Judged by Sam's imagined deals (:func:`engine.sevens.puzzles_bank.play_outs`).

    *counts* are the cards Robin, Alex and Sam hold; *passed* the seats that passed
    since the last card went down, so they hold none of the cards that fit now.
    The build attaches Sam's figures (*wins* of *deals*); the page shows them as the reason.
    """

    kind: ClassVar[str] = "best"
    answered_by: ClassVar[AnsweredBy] = "card"
    counts: tuple[int, int, int] = (13, 13, 13)
    passed: tuple[int, ...] = ()
    answer: Card = OPENING_CARD
    deals: int = 0
    wins: Mapping[str, int] = field(default_factory=dict)

    def drawing(self) -> tuple[Part, ...]:
        held = ", ".join(f"{name} {count}" for name, count in zip(SEAT_NAMES[1:], self.counts, strict=True))
        passed = [SEAT_NAMES[seat] for seat in self.passed]
        said = f" {' and '.join(passed)} passed since the last card went down." if passed else ""
        return (Rows(self.table), Note(f"Cards held: {held}.{said}"), Hand("Your hand", self.hand, choose=True))

    def answer_label(self) -> str:
        return f"play {self.answer.display}"

    def verdict_position(self) -> tuple[list[Any], str] | None:
        return [self.table, self.hand, list(self.counts), list(self.passed)], self.answer.code

    def with_verdict(self, deals: int, wins: Mapping[str, int]) -> BestPuzzle:
        return replace(self, deals=deals, wins=dict(wins))

    def judge(self) -> Judgement:
        if not self.deals:
            raise ValueError(f'puzzle "{self.id}": Sam has not judged this puzzle yet')
        wins, best = self.wins, self.answer
        order = sorted(wins, key=lambda code: (-wins[code], code))
        explanation = (
            f"Sam played the deal out {self.deals} times after each card that fits: {best.display} won "
            f"{wins[best.code] / self.deals:.0%} of them, clearly more than any other"
        )
        items = tuple(f"{Card.parse(code).display}: won {wins[code] / self.deals:.0%}" for code in order)
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

    def choices(self) -> tuple[tuple[str, str], ...]:
        return tuple((name, name) for name in SEAT_NAMES)

    def drawing(self) -> tuple[Part, ...]:
        return tuple(Hand(name, hand) for name, hand in zip(SEAT_NAMES, self.hands, strict=True))

    def opener(self) -> int:
        return next(seat for seat, hand in enumerate(self.hands) if hand & OPENING_CARD.bit)

    def judge(self) -> Judgement:
        first = SEAT_NAMES[self.opener()]
        holds = "hold" if first == "You" else "holds"
        opens = "you open" if first == "You" else f"{first} opens"
        explanation = f"{first} {holds} the {OPENING_CARD.display}, so {opens}"
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
class ChipsPuzzle(Puzzle):
    """You go out first in a deal played for chips: how many chips come to you? *counts* are the cards Robin, Alex
    and Sam hold at that moment, *passes* how many times each of you, Robin, Alex and Sam passed; judged by the
    engine's settlement (:func:`engine.sevens.position.settle`)."""

    kind: ClassVar[str] = "chips"
    counts: tuple[int, int, int] = (1, 1, 1)
    passes: tuple[int, int, int, int] = (0, 0, 0, 0)
    offered: tuple[int, ...] = ()

    def position(self) -> Position:
        # Each other hand as that many cards (which ones does not matter to the chips), and you out first.
        hands = [0, *((1 << count) - 1 for count in self.counts)]
        return Position(0, hands, 0, _rules(self), passes=self.passes, done=(0,))

    def taken(self) -> int:
        """The chips that come to you: what the engine's settlement gives you, plus the one you put in."""
        return settle(self.position())[0] + 1 + self.passes[0]

    def choices(self) -> tuple[tuple[str, str], ...]:
        return number_choices(self.offered)

    def drawing(self) -> tuple[Part, ...]:
        held = ", ".join(f"{name} {count}" for name, count in zip(SEAT_NAMES[1:], self.counts, strict=True))
        passed = ", ".join(f"{name} {count}" for name, count in zip(SEAT_NAMES, self.passes, strict=True))
        return (Note(f"You have just played your last card. Cards left: {held}."), Note(f"Passes this deal: {passed}."))

    def judge(self) -> Judgement:
        pool = len(self.passes) + sum(self.passes)
        left = sum(self.counts)
        why = (
            f"the pool holds {pool} chips (one from each of the {len(self.passes)} players, and one for each of "
            f"{sum(self.passes)} passes), and the others still hold {left} cards, a chip each: {pool} + {left} = "
            f"{self.taken()}"
        )
        nudge = "Count the pool first (a chip from every player, one for every pass), then a chip for every card left"
        return Judgement.of_number(self.taken(), self.offered, why, nudge)


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
    marks: bool = False  # the cards that fit are marked (a stage that shows; one that asks to find them does not)
    goal_check: str = "win"  # what the engine checks of the goal (see engine.core.goals)

    def script_text(self) -> str:
        return "; ".join(move.text() for move in self.script)

    def drawing(self) -> tuple[Part, ...]:
        hands = (Hand(name, hand) for name, hand in zip(SEAT_NAMES, self.position.hands, strict=True))
        return (Rows(self.position.table), *hands)

    def guided(self) -> GuidedDeal:
        return GuidedDeal(
            GAME, self.position.text(), self.script_text(), self.goal, self.marks, goal_check=self.goal_check
        )

    def data(self) -> dict[str, object]:
        return {
            "id": self.id,
            "kind": self.kind,
            "position": self.position.text(),
            "script": [{"seat": m.seat, "card": m.card.code if m.card else None} for m in self.script],
            "goal": self.goal,
        }


def _table(reader: FieldReader, rules: SevensRules = DEFAULT) -> int | None:
    """The ``table`` field: rows as a deal under *rules* can lay them out."""
    table = reader.convert("table", parse_table)
    if table is None:
        return None
    problem = table_problem(table, rules)
    if problem:
        reader.fail("table", f"table: {problem}")
        return None
    return table


def _hand(reader: FieldReader, name: str, table: int | None) -> int | None:
    hand = reader.convert(name, lambda text: mask_of(parse_cards(text)))
    if hand is None:
        return None
    if table is not None and hand & table:
        reader.fail(name, f"{name}: {format_cards(hand & table, display=True)} is already on the table")
        return None
    if hand.bit_count() > 13:
        reader.fail(name, f"{name}: {hand.bit_count()} cards; nobody holds more than 13")
        return None
    return hand


def _read_fits(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    rules = puzzle_rules(common, DEFAULT)
    table = _table(reader, rules)
    card = reader.convert("card", Card.parse)
    answer = reader.convert("answer", yes_no)
    if table is None or card is None or answer is None:
        return None
    if table & card.bit:
        reader.fail("card", f"card: {card.display} is already on the table")
        return None
    puzzle = FitsPuzzle(**common, table=table, card=card)
    fits = puzzle.judge().answer == ("yes",)
    if answer != fits:
        stated = "yes" if answer else "no"
        reader.fail("answer", f"answer says {stated}, but {why_card(table, card, rules)}")
    return puzzle


def _read_cards_answer(text: str) -> int:
    return 0 if text.strip().lower() == "none" else mask_of(parse_cards(text))


def _compare_cards(
    reader: FieldReader, name: str, stated: int, table: int, legal: int, rules: SevensRules = DEFAULT
) -> None:
    if stated == legal:
        return
    wrong = [why_card(table, card, rules) for card in cards_of(stated & ~legal)]
    missed = [why_card(table, card, rules) for card in cards_of(legal & ~stated)]
    said = format_cards(stated) if stated else "none"
    reader.fail(name, f"{name} says {said}, but {'; '.join(wrong + missed)}")


def _read_pick(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    rules = puzzle_rules(common, DEFAULT)
    table = _table(reader, rules)
    hand = _hand(reader, "hand", table)
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
        _compare_cards(reader, "answer", answer, table, puzzle.legal(), rules)
    return puzzle


def _play_or_pass(text: str) -> str:
    word = text.strip().lower()
    if word not in {"play", "pass"}:
        raise ValueError(f"{text!r} is not play or pass")
    return word


def _read_play_or_pass(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    rules = puzzle_rules(common, DEFAULT)
    table = _table(reader, rules)
    hand = _hand(reader, "hand", table)
    answer = reader.convert("answer", _play_or_pass)
    cards = reader.convert("cards", _read_cards_answer)
    passed = reader.number("passed", range(52), "a number from 0 to 51: how many times you have passed this deal")
    if passed is not None and rules.pass_limit is None:
        reader.fail(
            "passed", "passed: your passes count only under a pass limit; give rules with one, or remove this field"
        )
        return None
    if table is None or hand is None or answer is None:
        return None
    puzzle = PlayOrPassPuzzle(**common, table=table, hand=hand, passed=passed or 0)
    judgement = puzzle.judge()
    if answer not in judgement.answer:
        reader.fail("answer", f"answer says {answer}, but {judgement.explanation}: {'; '.join(judgement.items)}")
    elif cards is not None:
        if answer == "pass":
            reader.fail("cards", "cards: a pass plays no cards; remove this field")
        elif cards & ~hand:
            reader.fail("cards", f"cards lists {format_cards(cards & ~hand, display=True)}, not in the hand")
        else:
            _compare_cards(reader, "cards", cards, table, puzzle.legal(), rules)
    return puzzle


def _read_opener(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    names = [name.lower() for name in SEAT_NAMES]
    hands = [_hand(reader, name, None) for name in names]
    answer = reader.convert("answer", seat_name)
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


def _read_script(text: str) -> tuple[ScriptedMove, ...]:
    moves = []
    for seat, move, step in named_steps(text, "Robin: 8D' or 'Alex: pass"):
        if seat == 0:
            raise ValueError(f"step {step.strip()!r}: the script gives only the computer players' moves")
        card = None if move.strip().lower() == "pass" else Card.parse(move)
        moves.append(ScriptedMove(seat, card))
    return tuple(moves)


def _read_guided(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
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
    marks = reader.convert("marks", yes_no) or False
    goal, check = reader.text("goal"), read_goal_check(reader)
    return GuidedPuzzle(**common, position=position, script=script, goal=goal, marks=marks, goal_check=check)


def _read_best(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    table = _table(reader)
    hand = _hand(reader, "hand", table)
    counts = others_counts(reader, 13)
    passed = reader.convert("passed", others_seats("passed")) or ()
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


def _read_chips(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    rules = puzzle_rules(common, DEFAULT)
    counts = others_counts(reader, 13)
    passes = reader.numbers("passes", 4, range(14), "four numbers from 0 to 13: the passes of You, Robin, Alex and Sam")
    offered = numbers(reader)
    answer = reader.number("answer", ANY_COUNT, "a whole number: the right answer")
    if rules.scoring != "chips":
        reader.fail(
            "rules" if "rules" in reader.fields else "kind", "chips: give rules played for chips (rules: fan-tan)"
        )
        return None
    if rules.players != 4:
        reader.fail("rules", "rules: a chips puzzle sits at the lessons' table of four players")
        return None
    if counts is None or passes is None or offered is None or answer is None:
        return None
    puzzle = ChipsPuzzle(**common, counts=counts, passes=(passes[0], passes[1], passes[2], passes[3]), offered=offered)
    if puzzle.taken() not in offered:
        reader.fail("choices", f"choices: {puzzle.taken()}, the right answer, is not among them")
    else:
        check_answer(reader, puzzle, str(answer))
    return puzzle


KINDS = PuzzleKinds(
    (
        Kind(
            "fits",
            ("question", "table", "card", "answer"),
            (),
            _read_fits,
            160,
            bank.fits,
            hint=bank.HINTS["fits"],
            label="Does it fit?",
            ruled=True,
        ),
        Kind(
            "pick",
            ("question", "table", "hand", "answer"),
            (),
            _read_pick,
            130,
            bank.pick,
            hint=bank.HINTS["pick"],
            label="Which cards fit?",
            ruled=True,
        ),
        Kind(
            "play-or-pass",
            ("question", "table", "hand", "answer"),
            ("cards", "passed"),
            _read_play_or_pass,
            130,
            bank.play_or_pass,
            hint=bank.HINTS["play-or-pass"],
            label="Play or pass?",
            ruled=True,
        ),
        Kind(
            "opener",
            ("question", "you", "robin", "alex", "sam", "answer"),
            (),
            _read_opener,
            100,
            bank.opener,
            hint=bank.HINTS["opener"],
            label="Who opens?",
        ),
        Kind(
            "best",
            ("question", "table", "hand", "counts", "answer"),
            ("passed",),
            _read_best,
            kept=bank.best,
            hint=bank.HINTS["best"],
            label="Which card would you play?",
        ),
        Kind("guided", ("position", "goal"), ("script", "marks", GOAL_CHECK), _read_guided),
        Kind(
            "chips", ("question", "counts", "passes", "choices", "answer"), (), _read_chips, label="Chips", ruled=True
        ),
    ),
    kept_file="practice_best.txt",
    options=OPTIONS,
)
