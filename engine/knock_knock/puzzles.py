"""Knock! Knock!'s lesson puzzles: the blocks, fields and judging of :mod:`engine.core.puzzles`, asked of this game.

A puzzle shows the discard pile's top card and the playing suit (``pile``, top
card last, and ``suit`` when one was named for a pick-up card), or a whole
``state`` in the engine's text form followed by ``moves``, the actions taken
from there (``Robin: 2S D; Alex: draw; You: 9H knock; Sam: call``). Every
answer is worked out by :mod:`engine.knock_knock` and compared with the one
the author wrote; the reasons are the engine's (why a card does not fit, what a
call or a pick-up card did), said for the learner.

>>> puzzle = parse_kk('''id: nine
... kind: fits
... question: Does the 9♥ fit?
... pile: 4C 6C
... card: 9H
... answer: no
... hint: Suit or rank?''')
>>> puzzle.judge().explanation
'9♥ does not fit: the playing suit is clubs and the top card is the 6♣'
>>> parse_kk("id: x\\nkind: fits\\npile: 6C\\ncard: 6H\\nanswer: no\\nquestion: ?\\nhint: ?")
Traceback (most recent call last):
...
engine.core.puzzles.PuzzleError: line 5: puzzle "x": answer says no, but 6♥ fits: it has the same rank as the top card, the 6♣, so it makes hearts the playing suit
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..core.cards import Card, Suit, mask_of
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
    Pile,
    Puzzle,
    PuzzleKinds,
    Shown,
    Steps,
    card_list,
    check_answer,
    named_steps,
    number_choices,
    numbers,
    one_of,
    parse_puzzle,
    read_goal_check,
    seat_name,
    yes_no,
)
from . import practice
from .present import describe
from .rules import KNOCK_AT, Rules, card_points, is_pickup
from .session import parse_script
from .state import (
    Action,
    Challenge,
    Draw,
    Event,
    PickUp,
    Play,
    Quiet,
    SeededChance,
    State,
    TakeBack,
)

__all__ = ["KINDS", "KnockKnockPuzzle", "parse_kk", "read_steps"]

GAME = "knock-knock"

SIX_OF_CLUBS = Card.parse("6C")  # a default for the dataclasses' fields; every puzzle gives its own
RULES = Rules(players=len(SEAT_NAMES))  # the lessons' table: you, Robin, Alex and Sam, clockwise
SUIT_CHOICES = tuple(suit.plural for suit in Suit)
_SEAT = re.compile(r"\bseat (\d+)(?:'s)?")


def parse_kk(text: str) -> Puzzle:
    """A Knock! Knock! puzzle block, read and judged (see :func:`engine.core.puzzles.parse_puzzle`)."""
    return parse_puzzle(text, KINDS)


def named(text: str) -> str:
    """The engine's reasons number the seats; the lessons name the players.

    >>> named("too late: seat 2 has drawn since the last discard")
    'too late: Alex has drawn since the last discard'
    >>> named("it is seat 1's turn, not seat 0's")
    "it is Robin's turn, not yours"
    """

    def name(match: re.Match[str]) -> str:
        who = SEAT_NAMES[int(match.group(1))]
        if match.group(0).endswith("'s"):
            return "yours" if who == "You" else f"{who}'s"
        return who

    return _SEAT.sub(name, text)


def mid(text: str) -> str:
    """An engine sentence about "You" put in the middle of another sentence.

    >>> mid("You pick up 2 cards and miss a turn")
    'you pick up 2 cards and miss a turn'
    """
    return "you" + text[3:] if text.startswith("You ") or text == "You" else text


def _singular(suit: Suit) -> str:
    return suit.plural[:-1]


def _list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# -- what a card does on the pile ---------------------------------------------------------------------------


def why_fits(top: Card, suit: Suit, card: Card) -> str:
    """Why *card* may be discarded on *top* with *suit* the playing suit (it must fit)."""
    if is_pickup(card):
        return f"{card.display} fits: it is a pick-up card, and a pick-up card fits on anything"
    if card.suit == suit:
        return f"{card.display} fits: it is a {_singular(suit)}, and {suit.plural} is the playing suit"
    return (
        f"{card.display} fits: it has the same rank as the top card, the {top.display}, "
        f"so it makes {card.suit.plural} the playing suit"
    )


def _table(pile: list[Card], suit: Suit | None, hand: list[Card]) -> State:
    return State.setup(RULES, [hand, [], [], []], pile, [], 0, suit)


def why_card(state: State, card: Card) -> str:
    """The engine's reason why *card* does not fit, else why it fits."""
    reason = state.why_illegal(0, Play(card, Suit.CLUBS if is_pickup(card) else None))
    return reason if reason is not None else why_fits(state.top, state.suit, card)


def nudge_not_fitting(state: State, card: Card) -> str:
    top = state.top
    if card.suit == top.suit and top.suit != state.suit:
        return f"The {top.display} is a pick-up card: which suit did its player name?"
    return f"Compare {card.display} with the playing suit and with the rank of the top card, {top.display}: does it match either?"


def nudge_fitting(state: State, card: Card) -> str:
    if is_pickup(card):
        return f"Some cards fit on anything: is {card.display} one of them?"
    if card.suit == state.suit:
        return f"Look at the playing suit again: what suit is {card.display}?"
    return f"Compare {card.display} with the top card, {state.top.display}: what do they share?"


# -- the puzzles ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KnockKnockPuzzle(Puzzle):
    """A puzzle on a Knock! Knock! table; *state* is the table it shows (you in seat 0)."""

    state: State = field(default_factory=lambda: _table([SIX_OF_CLUBS], None, []))

    def pile(self) -> Pile:
        return Pile(self.state.top, self.state.suit)

    def drawing(self) -> tuple[Part, ...]:
        """The top card and the playing suit, then your hand (to select from when the puzzle asks for cards)."""
        return (self.pile(), Hand("Your hand", mask_of(self.state.hands[0]), choose=self.choose_cards))

    def absent(self) -> tuple[str, ...]:
        """No pick-up card on the pile, in your hand or among the cards played: no text may talk of one."""
        seen = [self.state.top, *self.state.hands[0], *(card for card in [getattr(self, "card", None)] if card)]
        seen += [action.card for _, action in getattr(self, "moves", ()) if isinstance(action, Play)]
        return () if any(is_pickup(card) for card in seen) else ("pick-up",)

    def choices(self) -> tuple[tuple[str, str], ...]:
        return (("yes", "Yes"), ("no", "No"))

    def answer_label(self) -> str:
        return self.judge().answer[0].capitalize()

    def hand_reasons(self) -> tuple[list[Card], dict[str, str], dict[str, str]]:
        """The cards of your hand that fit; for each card, why it fits or not; for each that does not, a nudge."""
        state, hand = self.state, self.state.hands[0]
        legal = state.fitting(0)
        reasons = {card.code: why_card(state, card) for card in hand}
        nudges = {card.code: nudge_not_fitting(state, card) for card in hand if card not in legal}
        return legal, reasons, nudges


@dataclass(frozen=True, slots=True)
class FitsPuzzle(KnockKnockPuzzle):
    """May this card be discarded now? Yes or no."""

    kind: ClassVar[str] = "fits"
    card: Card = SIX_OF_CLUBS

    def drawing(self) -> tuple[Part, ...]:
        return (self.pile(), Shown("Card", self.card))

    def choices(self) -> tuple[tuple[str, str], ...]:
        return (("yes", "Yes, it fits"), ("no", "No, it does not fit"))

    def judge(self) -> Judgement:
        fits = self.state.fits(self.card)
        reason = why_card(self.state, self.card)
        nudge = (nudge_fitting if fits else nudge_not_fitting)(self.state, self.card)
        return Judgement(
            ("yes",) if fits else ("no",), reason, {"yes": reason, "no": reason}, {"no" if fits else "yes": nudge}
        )


def _fit(cards: list[Card]) -> str:
    return f"{_list([card.display for card in cards])} {'fits' if len(cards) == 1 else 'fit'}"


@dataclass(frozen=True, slots=True)
class PickPuzzle(KnockKnockPuzzle):
    """Select every card of your hand that may be discarded."""

    kind: ClassVar[str] = "pick"
    answered_by: ClassVar[AnsweredBy] = "selection"

    def choices(self) -> tuple[tuple[str, str], ...]:
        return ()

    def answer_label(self) -> str:
        return " ".join(card.display for card in self.state.fitting(0)) or "None of them"

    def judge(self) -> Judgement:
        legal, reasons, nudges = self.hand_reasons()
        explanation = f"{_fit(legal)}; nothing else in the hand does" if legal else "nothing in this hand fits"
        # One sentence naming the learner's own selection, as Sevens' pick says it, not a line per card.
        return Judgement(tuple(c.code for c in legal), explanation, reasons, nudges)


# Drawing is never against the rules, so a draw here is not called wrong for that: it is a card more to get rid of.
DRAW_NUDGE = (
    "Drawing is always allowed, but it gives you one more card to get rid of, and the first to put down their "
    "last card wins: is there a card of yours that fits (the playing suit, the top card's rank{anything})?"
)


def draw_nudge(hand: Sequence[Card]) -> str:
    """The nudge for a draw where a card fits; a card that fits on anything is named only to a hand that holds one
    (a learner in lesson 1 has not met pick-up cards yet)."""
    return DRAW_NUDGE.format(anything=", or a card that fits on anything" if any(map(is_pickup, hand)) else "")


@dataclass(frozen=True, slots=True)
class PlayOrDrawPuzzle(KnockKnockPuzzle):
    """Can you discard, or must you draw? Choosing to discard asks which card."""

    kind: ClassVar[str] = "play-or-draw"
    asks_which_card: ClassVar[bool] = True

    def choices(self) -> tuple[tuple[str, str], ...]:
        return (("play", "Discard a card"), ("draw", "Draw"))

    def answer_label(self) -> str:
        return {"play": "Discard", "draw": "Draw"}[self.judge().answer[0]]

    def judge(self) -> Judgement:
        legal, reasons, nudges = self.hand_reasons()
        if legal:
            # As in Sevens' play-or-pass: the items say which cards fit and why, so the explanation does not.
            must = f"you can discard: {_fit(legal)}"
            items = tuple(reasons[card.code] for card in legal)
            codes = tuple(card.code for card in legal)
            return Judgement(
                ("play",),
                "you can discard",
                reasons | {"draw": must},
                nudges | {"draw": draw_nudge(self.state.hands[0])},
                items,
                codes,
            )
        nothing = "nothing fits, so you must draw"
        return Judgement(("draw",), nothing, reasons | {"draw": nothing}, nudges, tuple(reasons.values()))


@dataclass(frozen=True, slots=True)
class _Situation(KnockKnockPuzzle):
    """A table (*state*, before) and what happened there (*moves*); *after* is the table once they were taken."""

    moves: tuple[tuple[int, Action], ...] = ()
    after: State = field(default_factory=lambda: _table([SIX_OF_CLUBS], None, []))
    events: tuple[Event, ...] = ()  # what the moves made happen, in the engine's order

    def drawing(self) -> tuple[Part, ...]:
        held = ", ".join(f"{name} {len(hand)}" for name, hand in zip(SEAT_NAMES, self.state.hands, strict=True))
        said = tuple(describe(event, SEAT_NAMES) for event in self.events)
        then = (Steps("Then:", said),) if said else ()
        return (*KnockKnockPuzzle.drawing(self), Note(f"Cards held: {held}."), *then)

    def last_play(self) -> tuple[int, Play] | None:
        return next(((seat, a) for seat, a in reversed(self.moves) if isinstance(a, Play)), None)

    def first_play(self) -> tuple[int, Play] | None:
        return next(((seat, a) for seat, a in self.moves if isinstance(a, Play)), None)


def _who(seat: int) -> str:
    return SEAT_NAMES[seat]


@dataclass(frozen=True, slots=True)
class SuitNowPuzzle(_Situation):
    """Which is the playing suit after these moves?"""

    kind: ClassVar[str] = "suit-now"

    def choices(self) -> tuple[tuple[str, str], ...]:
        return tuple((name, name.capitalize()) for name in SUIT_CHOICES)

    def judge(self) -> Judgement:
        suit = self.after.suit
        last = self.last_play()
        if last is None:
            why = f"nobody has put a card down, so {suit.plural} is still the playing suit"
        else:
            seat, play = last
            if play.suit is not None:
                why = f"{_who(seat)} named {suit.plural} for the {play.card.display}, so {suit.plural} is the playing suit"
            elif play.card.suit != self.state.suit:
                why = f"the {play.card.display} matched the top card's rank and made {suit.plural} the playing suit"
            else:
                why = f"the {play.card.display} is a {_singular(suit)}, so {suit.plural} stays the playing suit"
        nudges = {}
        for name in SUIT_CHOICES:
            if name == suit.plural:
                continue
            if last is not None and last[1].suit is not None:
                nudges[name] = (
                    f"The {last[1].card.display} is a pick-up card: what did its player say as they put it down?"
                )
            else:
                nudges[name] = "The playing suit comes from the last card put down: look at it again"
        return Judgement((suit.plural,), why, dict.fromkeys(SUIT_CHOICES, why), nudges)

    def answer_label(self) -> str:
        return self.after.suit.plural.capitalize()


@dataclass(frozen=True, slots=True)
class WhoNextPuzzle(_Situation):
    """Who discards or draws next, once any pick-up card has done its work?"""

    kind: ClassVar[str] = "who-next"

    def choices(self) -> tuple[tuple[str, str], ...]:
        return tuple((name, name) for name in SEAT_NAMES)

    def judge(self) -> Judgement:
        after = self.after.copy()
        after.settle(SeededChance(random.Random(0)))
        nxt = _who(after.turn)
        pickups = [e for e in after.events[len(self.events) :] if isinstance(e, PickUp)]
        verb = "play" if nxt == "You" else "plays"
        if pickups:
            victim = _who(pickups[0].seat)
            why = f"{describe(pickups[0], SEAT_NAMES)[:-1]} for the {self.after.top.display}, so {mid(nxt)} {verb} next"
        else:
            last = self.moves[-1][0] if self.moves else None
            before = "the last move" if last is None else f"{_who(last)}"
            why = f"nobody misses a turn, so play goes on clockwise: after {before}, {mid(nxt)} {verb}"
            victim = None
        nudges = {}
        for name in SEAT_NAMES:
            if name == nxt:
                continue
            if name == victim:
                comes = "come" if name == "You" else "comes"
                nudges[name] = (
                    f"{name} {comes} next round the table, but look at the card just put down: what does it do to {mid(name)}?"
                )
            else:
                nudges[name] = (
                    "Play goes clockwise: You, Robin, Alex, Sam. Who comes after the last player, and does anyone miss a turn?"
                )
        return Judgement((nxt,), why, dict.fromkeys(SEAT_NAMES, why), nudges)


@dataclass(frozen=True, slots=True)
class PicksUpPuzzle(_Situation):
    """How many cards does *seat* pick up because of the card just discarded?"""

    kind: ClassVar[str] = "picks-up"
    seat: int = 1
    offered: tuple[int, ...] = (0, 1, 2, 5)

    def choices(self) -> tuple[tuple[str, str], ...]:
        return number_choices(self.offered)

    def count(self) -> tuple[int, str]:
        after = self.after.copy()
        after.settle(SeededChance(random.Random(0)))
        pickups = [e for e in after.events[len(self.events) :] if isinstance(e, PickUp) and e.seat == self.seat]
        last = self.last_play()
        card = self.after.top.display if last is None else last[1].card.display
        if not pickups:
            picks = "pick" if self.seat == 0 else "picks"
            return 0, f"the {card} is not a pick-up card, so {mid(_who(self.seat))} {picks} up nothing"
        return pickups[0].wanted, f"the {card} is a pick-up card: {mid(describe(pickups[0], SEAT_NAMES)[:-1])}"

    def absent(self) -> tuple[str, ...]:
        return ()  # the question is whether the card is a pick-up card: "it is not a pick-up card" answers it

    def judge(self) -> Judgement:
        count, why = self.count()
        nudge = "Which kind of card went down: an ace, a two, the 5♦, or none of these?"
        return Judgement.of_number(count, self.offered, why, nudge)

    def answer_label(self) -> str:
        return str(self.count()[0])


@dataclass(frozen=True, slots=True)
class KnockPuzzle(KnockKnockPuzzle):
    """You are about to discard *card*: must you knock as you do?"""

    kind: ClassVar[str] = "knock"
    card: Card = SIX_OF_CLUBS

    def drawing(self) -> tuple[Part, ...]:
        return (*KnockKnockPuzzle.drawing(self), Shown("You discard", self.card))

    def choices(self) -> tuple[tuple[str, str], ...]:
        return (("yes", "Knock"), ("no", "No knock"))

    def answer_label(self) -> str:
        return "Knock" if self.judge().answer == ("yes",) else "No knock"

    def judge(self) -> Judgement:
        held = len(self.state.hands[0])
        rule = self.state.missed_knock(0, Play(self.card, Suit.CLUBS if is_pickup(self.card) else None))
        if rule is not None:
            why = f"you hold {held} cards, so the {self.card.display} is your third-to-last card: {rule}"
            return Judgement(
                ("yes",),
                why,
                {"yes": why, "no": why},
                {"no": "Count your cards: how many will you hold once this one is down?"},
            )
        if held == 1:
            why = f"the {self.card.display} is your last card: put it down and you have won, no knock needed"
        elif held < KNOCK_AT:
            why = f"you hold {held} cards, so you knocked on your third-to-last card already; the {self.card.display} needs no knock"
        else:
            why = f"you hold {held} cards, so after the {self.card.display} you still have {held - 1}: the knock comes on your third-to-last card"
        return Judgement(
            ("no",), why, {"yes": why, "no": why}, {"yes": "Count your cards: is this one your third-to-last?"}
        )


@dataclass(frozen=True, slots=True)
class CallPuzzle(_Situation):
    """After these moves, do you call "Knock! Knock!" or let the discard pass?"""

    kind: ClassVar[str] = "call"

    def choices(self) -> tuple[tuple[str, str], ...]:
        return (("call", "Call “Knock! Knock!”"), ("quiet", "Let it pass"))

    def answer_label(self) -> str:
        return "Call “Knock! Knock!”" if self.judge().answer == ("call",) else "Let it pass"

    def judge(self) -> Judgement:
        last = self.first_play()  # the discard the puzzle is about
        offender = _who(last[0]) if last else "the player"
        nudges = {
            "call": f"Did {offender} knock, was that card {offender}'s third-to-last, and has anyone acted since?",
            "quiet": f"How many cards did {offender} hold before that discard, and did {offender} knock?",
        }
        refused = self.after.why_illegal(0, Challenge())
        if refused is not None:  # the engine's reason: too late, or someone called first
            why = named(refused)
            return Judgement(("quiet",), why, {"call": why, "quiet": why}, {"call": nudges["call"]})
        window = self.after.window
        assert window is not None
        called = self.after.copy()
        called.apply(0, Challenge(), SeededChance(random.Random(0)))
        said = " ".join(describe(e, SEAT_NAMES) for e in called.events[len(self.events) + 1 :]).replace(
            " so You ", " so you "
        )
        if any(isinstance(e, TakeBack) for e in called.events):
            # The page says "Right." first: the engine's "Right call: " would say it twice.
            said = said.removeprefix("Right call: ")
            return Judgement(("call",), said, {"call": said, "quiet": said}, {"quiet": nudges["quiet"]})
        who, card = _who(window.seat), window.card.display
        slip = f"{who} knocked with the {card}" if window.knocked else f"the {card} was not {who}'s third-to-last card"
        last_card = f"{who}'s {card}"
        if last and last[0] != window.seat:  # play has moved on: a call now is against a later discard
            why = f"{offender}'s {last[1].card.display} is safe now that play has moved on, and {slip}"
        else:
            why = f"{slip}, so there is nothing to call"
        # The quoted answer ends its own sentence, so nothing follows the closing quote.
        why += f". A call now, against {last_card}, would be answered: “{said}”"
        return Judgement(("quiet",), why, {"call": why, "quiet": why}, {"call": nudges["call"]})


@dataclass(frozen=True, slots=True)
class ScorePuzzle(KnockKnockPuzzle):
    """Under points scoring, what does this hand left at the end score?"""

    kind: ClassVar[str] = "score"
    offered: tuple[int, ...] = ()

    def choices(self) -> tuple[tuple[str, str], ...]:
        return number_choices(self.offered)

    def drawing(self) -> tuple[Part, ...]:
        return (Hand("Cards left in the hand", mask_of(self.state.hands[0])),)

    def total(self) -> int:
        return sum(card_points(card) for card in self.state.hands[0])

    def answer_label(self) -> str:
        return f"{self.total()} points"

    def judge(self) -> Judgement:
        total = self.total()
        parts = [f"{card.display} {card_points(card)}" for card in self.state.hands[0]]
        why = f"{_list(parts)}: {total} point{'' if total == 1 else 's'}"
        nudge = "Go through the cards one at a time: what does each one score?"
        if any(is_pickup(card) for card in self.state.hands[0]):
            nudge = "Go through the cards one at a time: do the pick-up cards count the same as the others?"
        return Judgement.of_number(total, self.offered, why, nudge)


@dataclass(frozen=True, slots=True)
class GuidedPuzzle(KnockKnockPuzzle):
    """A short deal the learner plays in the browser from seat 0; *script* gives the computers' replies."""

    kind: ClassVar[str] = "guided"
    script: str = ""
    goal: str = ""
    marks: bool = False  # the cards that fit are marked (a stage that shows; one that asks to find them does not)
    goal_check: str = "win"  # what the engine checks of the goal (see engine.core.goals)

    def drawing(self) -> tuple[Part, ...]:
        hands = (Hand(name, mask_of(hand)) for name, hand in zip(SEAT_NAMES, self.state.hands, strict=True))
        return (self.pile(), *hands)

    def guided(self) -> GuidedDeal:
        return GuidedDeal(GAME, self.state.text(), self.script, self.goal, self.marks, goal_check=self.goal_check)


# -- reading the fields ------------------------------------------------------------------------------------------


def _pile_state(reader: FieldReader, hand_field: str | None) -> State | None:
    pile = reader.convert("pile", card_list)
    suit = reader.convert("suit", Suit.parse)
    hand = reader.convert(hand_field, card_list) if hand_field else []
    if pile is None or hand is None or (suit is None and "suit" in reader.fields):
        return None
    if not pile:
        reader.fail("pile", "pile: it needs at least its top card")
        return None
    if suit is not None and not is_pickup(pile[-1]):
        reader.fail("suit", f"suit: only a pick-up card on top has a named suit, and the {pile[-1].display} is not one")
        return None
    try:
        return _table(pile, suit, hand)
    except ValueError as error:
        reader.fail(hand_field or "pile", f"{hand_field or 'pile'}: {error}")
        return None


def read_action(text: str) -> Action:
    """``9H``, ``2S D``, ``9H knock``, ``draw``, ``call`` or ``pass`` (let a discard pass without a call)."""
    words = text.split()
    if len(words) == 1 and words[0].lower() in ("draw", "call", "pass"):
        actions: dict[str, Action] = {"draw": Draw(), "call": Challenge(), "pass": Quiet()}
        return actions[words[0].lower()]
    if not words:
        raise ValueError("an action is missing")
    card = Card.parse(words[0])
    suit, knock = None, False
    for word in words[1:]:
        if word.lower() == "knock":
            knock = True
        elif suit is None:
            suit = Suit.parse(word)
        else:
            raise ValueError(f"{text.strip()!r}: name one suit at most")
    return Play(card, suit, knock)


def read_steps(text: str) -> tuple[tuple[int, Action], ...]:
    """``"Robin: 2S D; You: draw"`` as (seat, action) pairs."""
    example = "Robin: 9H', 'Alex: 2S D' or 'Sam: draw"
    return tuple((seat, read_action(action)) for seat, action, _ in named_steps(text, example))


def _situation(reader: FieldReader) -> tuple[State, tuple[tuple[int, Action], ...], State] | None:
    """The ``state`` field, its ``moves`` and the state they lead to, each move checked by the engine."""
    state = reader.convert("state", lambda text: State.parse(text, RULES))
    moves = reader.convert("moves", read_steps) or ()
    if state is None or ("moves" in reader.fields and not moves):
        return None
    after = state.copy()
    chance = SeededChance(random.Random(0))
    for seat, action in moves:
        refused = after.why_illegal(seat, action)
        if refused is not None:
            reader.fail("moves", f"moves: {_who(seat)} cannot {_doing(action)}: {named(refused)}")
            return None
        after.apply(seat, action, chance)
    return state, moves, after


def _doing(action: Action) -> str:
    if isinstance(action, Play):
        return f"play {action.card.display}"
    return {Draw: "draw", Challenge: "call", Quiet: "let it pass"}[type(action)]


def _read_fits(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    state = _pile_state(reader, None)
    card = reader.convert("card", Card.parse)
    answer = reader.convert("answer", yes_no)
    if state is None or card is None or answer is None:
        return None
    try:
        state = _table(state.pile, state.suit, [card])
    except ValueError as error:
        reader.fail("card", f"card: {error}")
        return None
    puzzle = FitsPuzzle(**common, state=state, card=card)
    check_answer(reader, puzzle, "yes" if answer else "no")
    return puzzle


def _read_pick(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    state = _pile_state(reader, "hand")
    answer = reader.convert("answer", card_list)
    if state is None or answer is None:
        return None
    puzzle = PickPuzzle(**common, state=state)
    legal = state.fitting(0)
    if Counter(answer) - Counter(state.hands[0]):
        reader.fail("answer", "answer lists a card that is not in the hand")
    elif sorted(answer) != legal:
        wrong = [why_card(state, c) for c in answer if c not in legal] + [
            why_card(state, c) for c in legal if c not in answer
        ]
        reader.fail("answer", f"answer says {' '.join(c.code for c in answer) or 'none'}, but {'; '.join(wrong)}")
    return puzzle


def _read_play_or_draw(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    state = _pile_state(reader, "hand")
    answer = reader.convert("answer", one_of(("play", "draw")))
    cards = reader.convert("cards", card_list)
    if state is None or answer is None:
        return None
    puzzle = PlayOrDrawPuzzle(**common, state=state)
    check_answer(reader, puzzle, answer)
    if cards is not None and answer == "play" and sorted(cards) != state.fitting(0):
        why = puzzle.judge().reasons["draw"]  # the reason against drawing names the cards that fit
        reader.fail("cards", f"cards says {' '.join(c.code for c in cards)}, but {why}")
    return puzzle


def _situation_puzzle(cls: type[_Situation], choices: tuple[str, ...]) -> Any:
    def read(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
        found = _situation(reader)
        answer = reader.convert("answer", one_of(choices))
        if found is None or answer is None:
            return None
        state, moves, after = found
        puzzle = cls(**common, state=state, moves=moves, after=after, events=tuple(after.events))
        check_answer(reader, puzzle, answer)
        return puzzle

    return read


def _read_picks_up(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    found = _situation(reader)
    seat = reader.convert("seat", seat_name)
    offered = numbers(reader) or (0, 1, 2, 5)
    answer = reader.convert("answer", one_of(tuple(str(n) for n in offered)))
    if found is None or seat is None or answer is None:
        return None
    state, moves, after = found
    puzzle = PicksUpPuzzle(
        **common, state=state, moves=moves, after=after, events=tuple(after.events), seat=seat, offered=offered
    )
    check_answer(reader, puzzle, answer)
    return puzzle


def _read_knock(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    found = _situation(reader)
    card = reader.convert("card", Card.parse)
    answer = reader.convert("answer", yes_no)
    if found is None or card is None or answer is None:
        return None
    state = found[2]
    refused = state.why_illegal(0, Play(card, Suit.CLUBS if is_pickup(card) else None))
    if refused is not None:
        reader.fail("card", f"card: {named(refused)}")
        return None
    puzzle = KnockPuzzle(**common, state=state, card=card)
    check_answer(reader, puzzle, "yes" if answer else "no")
    return puzzle


def _read_score(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    hand = reader.convert("hand", card_list)
    offered = numbers(reader)
    answer = reader.number("answer", ANY_COUNT, "a whole number: the right answer")
    if hand is None or offered is None or answer is None:
        return None
    if not hand:
        reader.fail("hand", "hand: a hand that scores needs at least one card")
        return None
    puzzle = ScorePuzzle(**common, state=_table([Card.parse("KS")], None, hand), offered=offered)
    if str(puzzle.total()) not in {str(n) for n in offered}:
        reader.fail("choices", f"choices: the right total, {puzzle.total()}, is not among them")
    check_answer(reader, puzzle, str(answer))
    return puzzle


def _read_guided(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    state = reader.convert("position", lambda text: State.parse(text, RULES))
    # The script is read by the engine's own reader: what the build accepts, the browser's session plays.
    steps = reader.convert("script", lambda text: parse_script(text, SEAT_NAMES)) or ()
    if state is None:
        return None
    if state.to_move != 0:
        reader.fail("position", f"position: you start a guided deal, but it is {_who(state.to_move)}'s turn")
    held = [Counter(hand) for hand in state.hands]
    for seat, action in steps:
        if isinstance(action, Play):
            if not held[seat][action.card]:
                reader.fail("script", f"script: {_who(seat)} plays {action.card.display}, not in {_who(seat)}'s hand")
            held[seat][action.card] -= 1
            if is_pickup(action.card) and action.suit is None:
                reader.fail("script", f"script: {_who(seat)} must name a suit for the {action.card.display}")
    script = "; ".join(f"{_who(seat)}: {_step_text(action)}" for seat, action in steps)
    marks = reader.convert("marks", yes_no) or False
    goal, check = reader.text("goal"), read_goal_check(reader)
    return GuidedPuzzle(**common, state=state, script=script, goal=goal, marks=marks, goal_check=check)


def _step_text(action: Action) -> str:
    if isinstance(action, Play):
        return " ".join(
            [action.card.code] + ([action.suit.value] if action.suit else []) + (["knock"] if action.knock else [])
        )
    return {Draw: "draw", Challenge: "call", Quiet: "pass"}[type(action)]


KINDS = PuzzleKinds(
    (
        Kind(
            "fits",
            ("question", "pile", "card", "answer"),
            ("suit",),
            _read_fits,
            120,
            practice.fits,
            hint=practice.HINTS["fits"],
            label="Does it fit?",
        ),
        Kind(
            "pick",
            ("question", "pile", "hand", "answer"),
            ("suit",),
            _read_pick,
            120,
            practice.pick,
            hint=practice.HINTS["pick"],
            label="Which cards fit?",
        ),
        Kind(
            "play-or-draw",
            ("question", "pile", "hand", "answer"),
            ("suit", "cards"),
            _read_play_or_draw,
            120,
            practice.play_or_draw,
            hint=practice.HINTS["play-or-draw"],
            label="Play or draw?",
        ),
        Kind("suit-now", ("question", "state", "answer"), ("moves",), _situation_puzzle(SuitNowPuzzle, SUIT_CHOICES)),
        Kind("who-next", ("question", "state", "answer"), ("moves",), _situation_puzzle(WhoNextPuzzle, SEAT_NAMES)),
        Kind("picks-up", ("question", "state", "moves", "seat", "answer"), ("choices",), _read_picks_up),
        Kind("knock", ("question", "state", "card", "answer"), ("moves",), _read_knock),
        Kind("call", ("question", "state", "moves", "answer"), (), _situation_puzzle(CallPuzzle, ("call", "quiet"))),
        Kind("score", ("question", "hand", "choices", "answer"), (), _read_score),
        Kind("guided", ("position", "goal"), ("script", "marks", GOAL_CHECK), _read_guided),
    )
)
