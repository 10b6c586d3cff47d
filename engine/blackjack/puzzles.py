"""Blackjack's lesson puzzles: the blocks, fields and judging of :mod:`engine.core.puzzles`, asked of this game.

Every puzzle is played at the lessons' table (you, Robin, Alex and Sam, the
default rules). A small puzzle shows the discard pile (``pile``, top card
last), the ``suit`` named after a wild card, a pending pick-up (``pickup``: its
twos' part, ``jacks``: its black jacks' part), the cards ``laid`` so far this
turn and your ``hand``; a situation is a whole ``state`` in the engine's text
form followed by ``moves`` (``Robin: 8S 8H; Alex: draw; You: 2C``). Every
answer is worked out by :mod:`engine.blackjack` and compared with the one the
author wrote; the reasons are the engine's, said for the learner.

>>> puzzle = parse_bj('''id: five
... kind: fits
... question: Does the 9♣ fit?
... pile: 5H
... card: 9C
... answer: no
... hint: Suit or rank?''')
>>> puzzle.judge().explanation
'9♣ does not fit on 5♥: play a heart or a five'
>>> parse_bj("id: x\\nkind: longest\\npile: 5H\\nhand: 5S 6S 6C 6D 7D 7C\\nanswer: 5\\nquestion: ?\\nhint: ?")
Traceback (most recent call last):
...
engine.core.puzzles.PuzzleError: line 5: puzzle "x": answer says 5, but your longest turn lays 6 cards: 5♠ 6♠ 6♣ 7♣ 7♦ 6♦

A practice puzzle made with an empty hint gets one about its own position:

>>> parse_bj("id: y\\nkind: fits\\npile: 5H\\ncard: 5C\\nanswer: yes\\nquestion: ?\\nhint:").hint
'The top card is the 5♥: look at the suit of the 5♣, then at its rank.'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, TypeVar

from ..core.cards import ALL_CARDS, Card, Rank, Suit, mask_of
from ..core.fields import FieldError, read_number
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
    Steps,
    card_list,
    check_answer,
    number_choices,
    numbers,
    one_of,
    others_counts,
    others_seats,
    parse_puzzle,
    puzzle_rules,
    read_goal_check,
    seat_name,
    yes_no,
)
from ..core.text import NUMBER_WORDS, counted, join_words
from .present import describe
from .puzzles_bank import (
    RULES,
    call_order,
    longest_turn,
    make_fits,
    make_last_cards,
    make_longest,
    make_name_suit,
    make_pick,
    make_stop,
    make_who_next,
)
from .rules import OPTIONS, Rules, card_points
from .session import parse_script
from .state import Action, Chain, Draw, Lay, Pass, PickUp, SeededChance, State, Stop, needs_call
from .terminal import parse_command

__all__ = ["KINDS", "RULES", "BlackjackPuzzle", "longest_turn", "parse_bj", "read_moves"]

GAME = "blackjack"
FIVE_OF_HEARTS = Card.parse("5H")  # a default for the dataclasses' fields; every puzzle gives its own
SUIT_CHOICES = tuple(suit.plural for suit in Suit)
P = TypeVar("P", bound="BlackjackPuzzle")


def parse_bj(text: str) -> Puzzle:
    """A Blackjack puzzle block, read and judged (see :func:`engine.core.puzzles.parse_puzzle`)."""
    return parse_puzzle(text, KINDS)


def _who(seat: int) -> str:
    return SEAT_NAMES[seat]


def _mid(who: str) -> str:
    """A player's name in the middle of a sentence ("you", not "You")."""
    return "you" if who == "You" else who


def _singular(suit: Suit) -> str:
    return suit.plural[:-1]


def _a(rank: Rank) -> str:
    return f"an {rank.word}" if rank.word[0] in "ae" else f"a {rank.word}"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card.display for card in cards)


def _the(cards: Sequence[Card]) -> str:
    """``the eight``, ``the two kings``: the power cards of one rank in a turn."""
    word = cards[0].rank.word
    return f"the {word}" if len(cards) == 1 else f"the {NUMBER_WORDS[len(cards)]} {word}s"


def _named(text: str) -> str:
    """The engine's reasons number the seats; the lessons name the players."""
    for seat, name in enumerate(SEAT_NAMES):
        text = text.replace(f"seat {seat}'s", "yours" if seat == 0 else f"{name}'s")
        text = text.replace(f"seat {seat}", name)
    return text


# -- what a card does ---------------------------------------------------------------------------------------


def why_opens(state: State, card: Card) -> str:
    """Why *card* may start the turn of the player on turn (it must)."""
    rules, top = state.rules, state.top
    if state.pickup:
        if rules.is_red_jack(card):
            return f"{card.display} answers: a red jack cancels the black jacks of the pick-up"
        if rules.is_two(card):
            return f"{card.display} answers: a 2 adds 2 to the pick-up and passes it on to the next player"
        return f"{card.display} answers: a black jack adds {rules.jack_value} to the pick-up and passes it on"
    if rules.is_wild(card):
        return (
            f"{card.display} fits: {rules.wild_rank.word if rules.wild_rank else ''}s are wild, so it fits on anything"
        )
    if card.suit == state.suit:
        if top.suit != state.suit:
            return f"{card.display} fits: {state.suit.plural} were named for the {top.display}"
        return f"{card.display} fits: it is a {_singular(card.suit)}, like the top card, the {top.display}"
    return f"{card.display} fits: it is {_a(card.rank)}, like the top card, the {top.display}"


def why_follows(state: State, card: Card) -> str:
    """Why *card* may come next in the turn being built (it must)."""
    before = state.laid[-1]
    if state.rules.is_queen(before):
        return f"{card.display} may come next: any card covers the {before.display}"
    if card.rank == before.rank:
        return f"{card.display} may come next: it is {_a(card.rank)}, like the {before.display}"
    return f"{card.display} may come next: it is the {_singular(card.suit)} next to the {before.display}"


def why_card(state: State, card: Card) -> str:
    """The engine's reason why *card* may not be laid now, else why it may."""
    reason = state.why_illegal(0, Lay(card))
    if reason is not None:
        if state.pickup and not state.laid:
            return f"{card.display} does not answer it: {reason.replace(': ', ', so ', 1)}"
        return reason
    return why_follows(state, card) if state.laid else why_opens(state, card)


def nudge_wrong(state: State, card: Card) -> str:
    """For a learner who takes *card* for one that may be laid now, and it may not."""
    if state.laid:
        before = state.laid[-1]
        return f"Compare {card.display} with the card laid just before, {before.display}: same rank, or the same suit one step away?"
    if state.pickup:
        return f"You face a pick-up of {state.pickup}: which cards may answer one, and is {card.display} among them?"
    if state.top.suit != state.suit:
        return f"The {state.top.display} is wild: which suit did its player name?"
    return f"Compare {card.display} with the top card, {state.top.display}: does it share its suit or its rank?"


def nudge_missed(state: State, card: Card) -> str:
    """For a learner who takes *card* for one that may not be laid now, and it may."""
    if state.laid:
        before = state.laid[-1]
        if state.rules.is_queen(before):
            return f"The last card laid is the {before.display}: what may cover a queen?"
        return f"Look again at {card.display} beside {before.display}: what do they share?"
    if state.pickup:
        return f"Which cards may answer a pick-up? Look at {card.display} again"
    if state.rules.is_wild(card):
        return f"Some cards fit on anything: is {card.display} one of them?"
    if card.suit == state.suit:
        return f"Look at the suit to follow again: what suit is {card.display}?"
    return f"Compare {card.display} with the top card, {state.top.display}: what do they share?"


def table_hint(state: State) -> str:
    """A hint for a practice puzzle about the cards that may be laid now, from its position."""
    if state.laid:
        return f"The last card laid is the {state.laid[-1].display}: a card of its rank, or of its suit one step up or down, may follow."
    if state.pickup:
        return f"A pick-up of {state.pickup} waits: only some cards may answer it."
    if state.top.suit != state.suit:
        return f"The {state.top.display} was wild: follow the suit its player named, {state.suit.plural}."
    return f"The top card is the {state.top.display}: a {_singular(state.suit)} or {_a(state.top.rank)} fits, and so does a wild card."


# -- the puzzles ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BlackjackPuzzle(Puzzle):
    """A puzzle at the lessons' table; *state* is the table it shows (you in seat 0, on turn)."""

    state: State = field(default_factory=lambda: State.setup(RULES, [[], [], [], []], [FIVE_OF_HEARTS], [], 0))

    def pile(self) -> Pile:
        return Pile(self.state.top, self.state.suit)

    def table_parts(self) -> tuple[Part, ...]:
        parts: list[Part] = [self.pile()]
        if self.state.pickup:
            parts.append(Note(f"A pick-up of {counted(self.state.pickup, 'card')} waits for you."))
        if self.state.laid:
            parts.append(Note(f"Laid so far this turn, in order: {_cards(self.state.laid)}."))
        return tuple(parts)

    def drawing(self) -> tuple[Part, ...]:
        return (*self.table_parts(), Hand("Your hand", mask_of(self.state.hands[0]), choose=self.choose_cards))

    def choices(self) -> tuple[tuple[str, str], ...]:
        return (("yes", "Yes"), ("no", "No"))

    def answer_label(self) -> str:
        return self.judge().answer[0].capitalize()

    def position_hint(self) -> str:
        """A hint about this position, for a practice puzzle made without one."""
        return table_hint(self.state)


@dataclass(frozen=True, slots=True)
class FitsPuzzle(BlackjackPuzzle):
    """May this card start your turn? Yes or no."""

    kind: ClassVar[str] = "fits"
    card: Card = FIVE_OF_HEARTS

    def drawing(self) -> tuple[Part, ...]:
        return (*self.table_parts(), Hand("Your card", self.card.bit))

    def choices(self) -> tuple[tuple[str, str], ...]:
        return (("yes", "Yes, it fits"), ("no", "No, it does not fit"))

    def position_hint(self) -> str:
        if self.state.pickup:
            return f"A pick-up of {self.state.pickup} waits: does the {self.card.display} answer it?"
        return f"The top card is the {self.state.top.display}: look at the suit of the {self.card.display}, then at its rank."

    def judge(self) -> Judgement:
        fits = self.card in self.state.next_cards(0)
        reason = why_card(self.state, self.card)
        nudge = (nudge_missed if fits else nudge_wrong)(self.state, self.card)
        return Judgement(
            ("yes",) if fits else ("no",), reason, {"yes": reason, "no": reason}, {"no" if fits else "yes": nudge}
        )


@dataclass(frozen=True, slots=True)
class PickPuzzle(BlackjackPuzzle):
    """Select every card of your hand that may be laid now: to start the turn, or next in the chain being built."""

    kind: ClassVar[str] = "pick"
    answered_by: ClassVar[AnsweredBy] = "selection"

    def choices(self) -> tuple[tuple[str, str], ...]:
        return ()

    def legal(self) -> list[Card]:
        return self.state.next_cards(0)

    def answer_label(self) -> str:
        return _cards(self.legal()) or "None of them"

    def judge(self) -> Judgement:
        state, legal = self.state, self.legal()
        hand = sorted(set(state.hands[0]))
        reasons = {card.code: why_card(state, card) for card in hand}
        nudges = {card.code: nudge_wrong(state, card) for card in hand if card not in legal}
        if legal:
            verb = "may come next" if state.laid else "may be laid"
            explanation = f"{join_words([card.display for card in legal])} {verb}; no other card in the hand can"
        else:
            explanation = "nothing in this hand may follow" if state.laid else "nothing in this hand fits"
        # One sentence naming the selection, as the other games' picks say it, not a line per card of the hand.
        return Judgement(tuple(c.code for c in legal), explanation, reasons, nudges)


@dataclass(frozen=True, slots=True)
class LongestPuzzle(BlackjackPuzzle):
    """How many cards can your longest turn lay? *offered* are the numbers to choose from."""

    kind: ClassVar[str] = "longest"
    offered: tuple[int, ...] = ()

    def choices(self) -> tuple[tuple[str, str], ...]:
        return number_choices(self.offered)

    def turn(self) -> tuple[Card, ...]:
        return longest_turn(self.state)

    def answer_label(self) -> str:
        turn = self.turn()
        return f"{counted(len(turn), 'card')}: {_cards(turn)}" if turn else "None"

    def position_hint(self) -> str:
        first = self.state.next_cards(0)
        if not first:
            return f"Which of your cards fits on the {self.state.top.display} at all?"
        return (
            f"Only {_cards(first)} may start on the {self.state.top.display}; from each, follow the same rank, "
            "or the same suit one step up or down."
        )

    def judge(self) -> Judgement:
        turn = self.turn()
        n = len(turn)
        why = (
            f"your longest turn lays {counted(n, 'card')}: {_cards(turn)}"
            if n
            else f"no card of yours fits on the {self.state.top.display}"
        )
        fewer = (
            "There is a longer turn: after each card, look for one of the same rank, or of the same suit one step away"
        )
        more = f"Lay them in your head one by one from a card that fits on the {self.state.top.display}: where does the chain break?"
        if not self.state.rules.chains:
            why += " (under these rules a turn lays one card only)" if n else ""
            more = "Under these rules, how many cards may one turn lay?"
        choices = [str(k) for k in self.offered]
        nudges = {c: (fewer if int(c) < n else more) for c in choices if c != str(n)}
        return Judgement((str(n),), why, dict.fromkeys(choices, why), nudges)


@dataclass(frozen=True, slots=True)
class PointsPuzzle(Puzzle):
    """A deal scored in points is over and you keep *hand*: what does it score? *offered*: the numbers to choose
    from. Judged by the engine's :func:`engine.blackjack.rules.card_points` under the puzzle's rules."""

    kind: ClassVar[str] = "points"
    hand: tuple[Card, ...] = ()
    offered: tuple[int, ...] = ()

    def rules(self) -> Rules:
        return self.variant.rules if self.variant is not None else RULES

    def choices(self) -> tuple[tuple[str, str], ...]:
        return number_choices(self.offered)

    def drawing(self) -> tuple[Part, ...]:
        return (Note("The deal is over: someone else went out."), Hand("Cards left in your hand", mask_of(self.hand)))

    def total(self) -> int:
        return sum(card_points(self.rules(), card) for card in self.hand)

    def judge(self) -> Judgement:
        each = " + ".join(f"{card.display} {card_points(self.rules(), card)}" for card in self.hand)
        why = f"your hand scores {each} = {self.total()}" if len(self.hand) > 1 else f"your hand scores {each}"
        nudge = "Score each card on its own (a wild card 50, a king, queen or jack 10, an ace 1, any other its number), then add"
        return Judgement.of_number(self.total(), self.offered, why, nudge)


@dataclass(frozen=True, slots=True)
class NameSuitPuzzle(BlackjackPuzzle):
    """You lay the wild *card* and keep the rest of your hand: which suit do you name? The suit you hold most of."""

    kind: ClassVar[str] = "name-suit"
    card: Card = FIVE_OF_HEARTS

    def drawing(self) -> tuple[Part, ...]:
        return (*self.table_parts(), Hand("You lay", self.card.bit), Hand("You keep", mask_of(self.state.hands[0])))

    def choices(self) -> tuple[tuple[str, str], ...]:
        return tuple((suit.plural, suit.plural.capitalize()) for suit in Suit)

    def counts(self) -> Counter[Suit]:
        return Counter(card.suit for card in self.state.hands[0])

    def best(self) -> list[Suit]:
        counts = self.counts()
        most = max(counts.values())
        return [suit for suit in Suit if counts[suit] == most]

    def answer_label(self) -> str:
        return " or ".join(suit.plural.capitalize() for suit in self.best())

    def position_hint(self) -> str:
        kept = len(self.state.hands[0])
        return f"Leave the {self.card.display} aside and sort the {kept} cards you keep by suit: which pile is tallest?"

    def judge(self) -> Judgement:
        counts, best = self.counts(), self.best()
        held = join_words([f"{counted(counts[s], _singular(s))}" for s in Suit if counts[s]])
        name = join_words([s.plural for s in best], "or")
        why = f"you keep {held}: name {name}, so that your next turn can start with the most cards"
        nudges = {}
        for suit in Suit:
            if suit not in best:
                have = counts[suit]
                nudges[suit.plural] = (
                    f"You keep {have or 'no'} {suit.plural if have != 1 else _singular(suit)}: "
                    "which suit do you hold more of?"
                )
        return Judgement(tuple(s.plural for s in best), why, {s.plural: why for s in Suit}, nudges)


@dataclass(frozen=True, slots=True)
class StopPuzzle(BlackjackPuzzle):
    """You have laid these cards this turn: may you end your turn now?"""

    kind: ClassVar[str] = "stop"

    def choices(self) -> tuple[tuple[str, str], ...]:
        return (("yes", "Yes, end the turn"), ("no", "No, lay another card"))

    def answer_label(self) -> str:
        return "Yes, end the turn" if self.judge().answer == ("yes",) else "No, lay another card"

    def position_hint(self) -> str:
        return f"Your turn so far ends on the {self.state.laid[-1].display}: does that card ask anything more of you?"

    def judge(self) -> Judgement:
        state = self.state
        last = state.laid[-1]
        wild = state.rules.is_wild(last) and state.hands[0]
        refused = state.why_illegal(0, Stop(Suit.CLUBS if wild else None))
        if refused is not None:
            why = f"you laid the {last.display} last, and {refused}"
            nudge = f"Look at the last card you laid, the {last.display}: may a turn end on it?"
            return Judgement(("no",), why, {"yes": why, "no": why}, {"yes": nudge})
        if state.rules.is_queen(last):
            why = f"the {last.display} needs a cover, but you have no card left: you stop and pick up one card"
        elif wild:
            why = f"you may end your turn on the {last.display}, naming the suit to follow"
        else:
            why = f"you may end your turn on the {last.display}: only a queen must be covered"
        nudge = f"Nothing forces another card after the {last.display}: which card would?"
        return Judgement(("yes",), why, {"yes": why, "no": why}, {"no": nudge})


@dataclass(frozen=True, slots=True)
class LastCardsPuzzle(BlackjackPuzzle):
    """Your turn ends and you keep these cards: must you call "Last cards"?"""

    kind: ClassVar[str] = "last-cards"

    def drawing(self) -> tuple[Part, ...]:
        return (Hand("The cards you keep", mask_of(self.state.hands[0])),)

    def choices(self) -> tuple[tuple[str, str], ...]:
        return (("yes", "Call Last cards"), ("no", "No call needed"))

    def answer_label(self) -> str:
        return "Call Last cards" if self.judge().answer == ("yes",) else "No call needed"

    def position_hint(self) -> str:
        hand = self.state.hands[0]
        if len(hand) == 1:
            return "How many cards do you keep?"
        return (
            f"Try to lay {_cards(hand)} in one turn, in any order: does some order let each card follow the one before?"
        )

    def judge(self) -> Judgement:
        hand = self.state.hands[0]
        if needs_call(RULES, hand):
            order = call_order(hand)
            if len(hand) == 1:
                why = f"you keep one card, the {hand[0].display}, and one card can always go down in a turn: call Last cards"
            else:
                why = f"{_cards(order)} could all go down in one turn in that order: call Last cards"
            nudge = "Could these cards all go down in one turn, one after the other?"
            return Judgement(("yes",), why, {"yes": why, "no": why}, {"no": nudge})
        queen = any(RULES.is_queen(card) for card in hand)
        tail = ", without ending on a queen" if queen else ""
        why = f"no order of {_cards(hand)} lets each card follow the one before{tail}, so no call is needed"
        nudge = "Put the cards in a line: must each follow the one before by rank, or by suit one step away?"
        return Judgement(("no",), why, {"yes": why, "no": why}, {"yes": nudge})


@dataclass(frozen=True, slots=True)
class _Situation(BlackjackPuzzle):
    """A table (*state*, before) and what happened there (*moves*); *after* is the table once they were taken."""

    moves: tuple[tuple[int, Action], ...] = ()
    after: State = field(default_factory=lambda: State.setup(RULES, [[], [], [], []], [FIVE_OF_HEARTS], [], 0))

    def drawing(self) -> tuple[Part, ...]:
        held = ", ".join(f"{name} {len(hand)}" for name, hand in zip(SEAT_NAMES[1:], self.state.hands[1:], strict=True))
        way = "" if self.state.direction == 1 else " Play goes round the other way."
        parts: list[Part] = [*self.table_parts(), Hand("Your hand", mask_of(self.state.hands[0]))]
        parts.append(Note(f"Cards held: {held}.{way}"))
        said = self.said()
        if said:
            parts.append(Steps("What happens next", said))
        return tuple(parts)

    def said(self) -> tuple[str, ...]:
        return tuple(describe(event, SEAT_NAMES) for event in self.after.events[len(self.state.events) :])

    def last_chain(self) -> tuple[int, Chain] | None:
        for seat, action in reversed(self.moves):
            if isinstance(action, Chain):
                return seat, action
        return None


@dataclass(frozen=True, slots=True)
class WhoNextPuzzle(_Situation):
    """After these moves, whose turn is it?"""

    kind: ClassVar[str] = "who-next"

    def choices(self) -> tuple[tuple[str, str], ...]:
        return tuple((name, name) for name in SEAT_NAMES)

    def answer_label(self) -> str:
        return _who(self.after.turn)

    def position_hint(self) -> str:
        seat, action = self.moves[-1]
        laid = f"the {_cards(action.cards)}" if isinstance(action, Chain) else "nothing"
        return f"{_who(seat)} laid {laid}: does any of it skip a player or turn play round? Then step round the table."

    def judge(self) -> Judgement:
        rules, nxt = RULES, self.after.turn
        seat, action = self.moves[-1]
        who = _who(seat)
        if isinstance(action, Chain):
            skips = [card for card in action.cards if rules.is_skip(card)]
            flips = [card for card in action.cards if rules.is_reverse(card)]
            effects = []
            if flips:
                turned = (
                    "turns play round"
                    if len(flips) == 1
                    else "turn play round"
                    if len(flips) % 2
                    else "turn play round and back again"
                )
                effects.append(f"{_the(flips)} {turned}")
            if skips:
                # The seats stepped over: from the player, in the direction play goes now.
                stepped, at = [], seat
                for _ in skips:
                    at = rules.next_seat(at, self.after.direction)
                    stepped.append(_mid(_who(at)))
                effects.append(f"{_the(skips)} {'skips' if len(skips) == 1 else 'skip'} {join_words(stepped)}")
            done = f"{who} {'lay' if seat == 0 else 'lays'} {_cards(action.cards)}"
            middle = f": {join_words(effects)}" if effects else ", with no skip or reverse"
            why = f"{done}{middle}, so {_mid(_who(nxt))} {'play' if nxt == 0 else 'plays'} next"
        else:
            why = f"{who} laid nothing, so play moves one seat on: {_mid(_who(nxt))} {'play' if nxt == 0 else 'plays'} next"
        nudges = {name: self.nudge(name) for name in SEAT_NAMES if name != _who(nxt)}
        return Judgement((_who(nxt),), why, dict.fromkeys(SEAT_NAMES, why), nudges)

    def nudge(self, chosen: str) -> str:
        """For a learner who picks *chosen*: what in the last turn to look at again."""
        seat, action = self.moves[-1]
        cards = action.cards if isinstance(action, Chain) else ()
        skips = sum(RULES.is_skip(card) for card in cards)
        flips = sum(RULES.is_reverse(card) for card in cards)
        if flips and skips:
            return "Turn play round first, then step over one player for each eight: who is left?"
        if flips:
            return f"Which way does play go after {'the king' if flips == 1 else 'two kings'}, starting from {_mid(_who(seat))}?"
        if skips:
            return f"{_who(seat) if seat else 'You'} laid {'an eight' if skips == 1 else f'{NUMBER_WORDS[skips]} eights'}: how many players does that step over?"
        return f"Did anything in {_mid(_who(seat)) if seat else 'your'}{'' if not seat else chr(39) + 's'} last turn skip a player or turn play round?"


@dataclass(frozen=True, slots=True)
class PickUpPuzzle(_Situation):
    """After these moves, how many cards does the player on turn face picking up?"""

    kind: ClassVar[str] = "pickup-size"
    offered: tuple[int, ...] = ()

    def choices(self) -> tuple[tuple[str, str], ...]:
        return number_choices(self.offered)

    def answer_label(self) -> str:
        return str(self.after.pickup)

    def position_hint(self) -> str:
        turns = sum(isinstance(action, Chain) for _, action in self.moves)
        return (
            f"Go through the {counted(turns, 'turn')} that laid cards: add 2 for each two and 5 for each black jack; "
            "a red jack wipes out the black jacks, and a pick-up taken clears everything"
        )

    def judge(self) -> Judgement:
        rules = RULES
        parts: list[str] = []
        for seat, action in self.moves:
            if isinstance(action, PickUp):
                parts = [f"{_mid(_who(seat))} picked up, which cleared it"]
            elif isinstance(action, Chain):
                for card in action.cards:
                    if rules.is_two(card):
                        parts.append(f"the {card.display} adds 2")
                    elif rules.is_black_jack(card):
                        parts.append(f"the {card.display} adds {rules.jack_value}")
                    elif rules.is_red_jack(card):
                        parts.append(f"the {card.display} cancels the black jacks")
        total, who = self.after.pickup, _mid(_who(self.after.turn))
        faces = "face" if self.after.turn == 0 else "faces"
        if not parts:
            why = f"no 2 or jack went down, so {who} {faces} nothing"
        else:
            why = f"{join_words(parts)}: {who} {faces} {counted(total, 'card') if total else 'nothing'}"
        nudge = "Go through the turns card by card: what does each two, black jack and red jack do to the total?"
        return Judgement.of_number(total, self.offered, why, nudge)


@dataclass(frozen=True, slots=True)
class BestPuzzle(BlackjackPuzzle):
    """Which card would you lay? One card a turn here (no card of yours could follow any of them); judged by Sam's
    imagined deals (:func:`engine.blackjack.play_outs.play_outs`). *counts*: the cards Robin, Alex and Sam hold;
    *called*: those who called Last cards at the end of their last turn."""

    kind: ClassVar[str] = "best"
    answered_by: ClassVar[AnsweredBy] = "card"
    answer: Card = FIVE_OF_HEARTS
    deals: int = 0
    wins: Mapping[str, int] = field(default_factory=dict)

    def drawing(self) -> tuple[Part, ...]:
        state = self.state
        held = ", ".join(f"{name} {len(hand)}" for name, hand in zip(SEAT_NAMES[1:], state.hands[1:], strict=True))
        called = [SEAT_NAMES[seat] for seat in range(1, RULES.players) if state.called[seat]]
        said = f" {join_words(called)} called Last cards." if called else ""
        return (
            *self.table_parts(),
            Note(f"Cards held: {held}.{said}"),
            Hand("Your hand", mask_of(state.hands[0]), choose=True),
        )

    def answer_label(self) -> str:
        return f"lay {self.answer.display}"

    def position_hint(self) -> str:
        return "Who plays after you, and how close are they to going out?"

    def verdict_position(self) -> tuple[list[Any], str] | None:
        state = self.state
        counts = [len(hand) for hand in state.hands[1:]]
        called = [seat for seat in range(RULES.players) if state.called[seat]]
        position = [
            "blackjack-best",
            [c.code for c in state.pile],
            state.suit.value,
            [c.code for c in state.hands[0]],
            counts,
            called,
            state.direction,
        ]
        return position, self.answer.code

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
        nxt = _who(RULES.next_seat(0, self.state.direction))
        legal = self.state.next_cards(0)
        nudges = {
            card.code: f"{card.display} fits, but think of {nxt}, who plays after you: what does each card you could lay do to them?"
            for card in legal
            if card != best
        }
        nudges |= {card.code: nudge_wrong(self.state, card) for card in self.state.hands[0] if card not in legal}
        return Judgement((best.code,), explanation, reasons, nudges, items)


@dataclass(frozen=True, slots=True)
class GuidedPuzzle(BlackjackPuzzle):
    """A short deal the learner plays in the browser from seat 0; *script* gives the computers' turns."""

    kind: ClassVar[str] = "guided"
    script: str = ""
    goal: str = ""
    goal_check: str = "win"  # what the engine checks of the goal (see engine.core.goals)

    def drawing(self) -> tuple[Part, ...]:
        hands = (Hand(name, mask_of(hand)) for name, hand in zip(SEAT_NAMES, self.state.hands, strict=True))
        return (*self.table_parts(), *hands)

    def parts(self) -> tuple[Part, ...]:
        # The deal's rules are drawn by the table itself; an early lesson's deal plays under fewer rules than the
        # defaults, and a list of what is switched off would name what its learner has not met yet.
        return self.drawing()

    def guided(self) -> GuidedDeal:
        rules = self.variant.text if self.variant is not None else ""
        return GuidedDeal(GAME, self.state.text(), self.script, self.goal, rules=rules, goal_check=self.goal_check)


# -- reading the fields ------------------------------------------------------------------------------------------


def _rules(reader: FieldReader, common: Mapping[str, Any]) -> Rules | None:
    """The rules a ruled kind judges with: the block's ``rules`` at the lessons' table of four, else the defaults."""
    rules = puzzle_rules(common, RULES)
    if rules.players != RULES.players:
        reader.fail("rules", f"rules: a lesson's table has {RULES.players} players (you, Robin, Alex and Sam)")
        return None
    return rules


_ANY = range(-(10**9), 10**9)


def _table(
    reader: FieldReader, hand_field: str | None, extra: Sequence[Card] = (), rules: Rules = RULES
) -> State | None:
    """The ``pile``, ``suit``, ``pickup``, ``jacks`` and ``laid`` fields (and the hand *hand_field*) as a state under
    *rules*, you on turn with the cards laid this turn already laid; None, a problem noted, when they do not make
    one."""
    pile = reader.convert("pile", card_list)
    suit = reader.convert("suit", Suit.parse)
    # Read as whole numbers here; State.setup checks them against the rules, as it does every position's.
    pickup = reader.convert("pickup", lambda text: read_number("pickup", text, _ANY, "a whole number")) or 0
    jacks = reader.convert("jacks", lambda text: read_number("jacks", text, _ANY, "a whole number")) or 0
    laid = reader.convert("laid", card_list) or []
    hand = reader.convert(hand_field, card_list) if hand_field else []
    if pile is None or hand is None or (suit is None and "suit" in reader.fields):
        return None
    if not pile:
        reader.fail("pile", "pile: it needs at least its top card")
        return None
    if suit is not None and not rules.is_wild(pile[-1]):
        reader.fail("suit", f"suit: only a wild card on top has a named suit, and the {pile[-1].display} is not one")
        return None
    try:
        state = State.setup(rules, [[*hand, *laid, *extra], [], [], []], pile, [], 0, suit, pickup=pickup, jacks=jacks)
    except ValueError as error:
        named = error.name if isinstance(error, FieldError) and error.name in reader.fields else None
        reader.refuse(named or hand_field or "pile", error)
        return None
    for card in laid:
        refused = state.why_illegal(0, Lay(card))
        if refused is not None:
            reader.fail("laid", f"laid: {refused}")
            return None
        state.apply(0, Lay(card), SeededChance(random.Random(0)))
    return state


def read_moves(text: str) -> tuple[tuple[int, Action], ...]:
    """``"You: 8S 8H; Robin: draw; Alex: 2C; Sam: pickup"``: whole turns as (seat, action), anyone's."""
    steps: list[tuple[int, Action]] = []
    for step in text.replace("\n", ";").split(";"):
        if not step.strip():
            continue
        name, colon, what = step.partition(":")
        if not colon:
            raise ValueError(f"step {step.strip()!r} should read like 'Robin: 8S 8H' or 'Alex: draw'")
        command = parse_command(what)
        kinds: dict[str, Action] = {
            "draw": Draw(command.last),
            "pickup": PickUp(command.last),
            "pass": Pass(command.last),
        }
        if command.kind == "chain":
            steps.append((seat_name(name), Chain(command.cards, command.suit, command.last)))
        elif command.kind in kinds:
            steps.append((seat_name(name), kinds[command.kind]))
        else:
            raise ValueError(f"step {step.strip()!r}: a turn is cards to lay, draw, pickup or pass")
    return tuple(steps)


def _situation(reader: FieldReader) -> tuple[State, tuple[tuple[int, Action], ...], State] | None:
    """The ``state`` field, its ``moves`` and the state they lead to, each move checked by the engine."""
    state = reader.convert("state", lambda text: State.parse(text, RULES))
    moves = reader.convert("moves", read_moves) or ()
    if state is None or not moves:
        if "moves" in reader.fields and not moves:
            reader.fail("moves", "moves: give at least one turn")
        return None
    after = state.copy()
    chance = SeededChance(random.Random(0))
    for seat, action in moves:
        refused = after.why_illegal(seat, action)
        if refused is not None:
            reader.fail("moves", f"moves: {_who(seat)} cannot take that turn: {_named(refused)}")
            return None
        after.apply(seat, action, chance)
    if after.is_over:
        reader.fail("moves", f"moves: {_who(after.winner or 0)} goes out, so nobody plays next")
        return None
    return state, moves, after


def _hinted(puzzle: P) -> P:
    """*puzzle*, with a hint about its own position when its block gave an empty one (a practice puzzle)."""
    return puzzle if puzzle.hint.strip() else replace(puzzle, hint=puzzle.position_hint())


def _read_fits(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    rules = _rules(reader, common)
    card = reader.convert("card", Card.parse)
    if rules is None:
        return None
    state = _table(reader, None, [card] if card else [], rules)
    answer = reader.convert("answer", yes_no)
    if state is None or card is None or answer is None:
        return None
    puzzle = _hinted(FitsPuzzle(**common, state=state, card=card))
    check_answer(reader, puzzle, "yes" if answer else "no")
    return puzzle


def _read_pick(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    rules = _rules(reader, common)
    state = _table(reader, "hand", rules=rules) if rules else None
    answer = reader.convert("answer", card_list)
    if state is None or answer is None:
        return None
    if not state.hands[0]:
        reader.fail("hand", "hand: give at least one card to choose from")
        return None
    puzzle = _hinted(PickPuzzle(**common, state=state))
    legal = state.next_cards(0)
    if Counter(answer) - Counter(state.hands[0]):
        reader.fail("answer", "answer lists a card that is not in the hand")
    elif sorted(set(answer)) != legal:
        wrong = [why_card(state, c) for c in answer if c not in legal] + [
            why_card(state, c) for c in legal if c not in answer
        ]
        reader.fail("answer", f"answer says {' '.join(c.code for c in answer) or 'none'}, but {'; '.join(wrong)}")
    return puzzle


def _read_longest(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    rules = _rules(reader, common)
    state = _table(reader, "hand", rules=rules) if rules else None
    answer = reader.number("answer", ANY_COUNT, "a whole number: the right answer")
    if state is None or answer is None:
        return None
    size = len(state.hands[0])
    offered = numbers(reader) or tuple(range(1, min(size, 7) + 1))
    puzzle = _hinted(LongestPuzzle(**common, state=state, offered=offered))
    n = len(puzzle.turn())
    if n not in offered:
        reader.fail("choices", f"choices: the right number, {n}, is not among them")
    check_answer(reader, puzzle, str(answer))
    return puzzle


def _read_name_suit(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    card = reader.convert("card", Card.parse)
    state = _table(reader, "hand", [card] if card else [])
    answer = reader.convert("answer", one_of(SUIT_CHOICES))
    if state is None or card is None or answer is None:
        return None
    if not RULES.is_wild(card):
        reader.fail("card", f"card: the {card.display} is not wild, so its player names no suit")
        return None
    refused = state.why_illegal(0, Lay(card))
    if refused is not None:
        reader.fail("card", f"card: {refused}")
        return None
    state.apply(0, Lay(card), SeededChance(random.Random(0)))
    if not state.hands[0]:
        reader.fail("hand", "hand: with no card kept you go out, and name no suit")
        return None
    state.laid.clear()  # the drawing shows the card laid apart; only the hand kept counts here
    puzzle = _hinted(NameSuitPuzzle(**common, state=state, card=card))
    check_answer(reader, puzzle, answer)
    return puzzle


def _read_stop(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    state = _table(reader, "hand")
    answer = reader.convert("answer", yes_no)
    if state is None or answer is None:
        return None
    if not state.laid:
        reader.fail("laid", "laid: give the cards laid so far this turn")
        return None
    puzzle = _hinted(StopPuzzle(**common, state=state))
    check_answer(reader, puzzle, "yes" if answer else "no")
    return puzzle


def _read_last_cards(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    hand = reader.convert("hand", card_list)
    answer = reader.convert("answer", yes_no)
    if hand is None or answer is None:
        return None
    if not hand:
        reader.fail("hand", "hand: with no card kept you have gone out")
        return None
    try:
        state = State.setup(RULES, [hand, [], [], []], [next(c for c in ALL_CARDS if c not in hand)], [], 0)
    except ValueError as error:
        reader.fail("hand", f"hand: {error}")
        return None
    puzzle = _hinted(LastCardsPuzzle(**common, state=state))
    check_answer(reader, puzzle, "yes" if answer else "no")
    return puzzle


def _situation_puzzle(cls: type[WhoNextPuzzle]) -> Any:
    def read(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
        found = _situation(reader)
        answer = reader.convert("answer", one_of(SEAT_NAMES))
        if found is None or answer is None:
            return None
        state, moves, after = found
        puzzle = _hinted(cls(**common, state=state, moves=moves, after=after))
        check_answer(reader, puzzle, answer)
        return puzzle

    return read


def _read_pickup_size(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    found = _situation(reader)
    offered = numbers(reader) or (0, 2, 4, 5, 7)
    answer = reader.number("answer", ANY_COUNT, "a whole number: the right answer")
    if found is None or answer is None:
        return None
    state, moves, after = found
    puzzle = _hinted(PickUpPuzzle(**common, state=state, moves=moves, after=after, offered=offered))
    if after.pickup not in offered:
        reader.fail("choices", f"choices: the right number, {after.pickup}, is not among them")
    check_answer(reader, puzzle, str(answer))
    return puzzle


def _read_best(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    state = _table(reader, "hand")
    counts = others_counts(reader, 20)
    called = reader.convert("called", others_seats("called")) or ()
    answer = reader.convert("answer", Card.parse)
    if state is None or counts is None or answer is None:
        return None
    hidden = [card for card in ALL_CARDS if card not in state.hands[0] and card not in state.pile]
    if sum(counts) > len(hidden):
        reader.fail("counts", f"counts: the others hold {sum(counts)} cards, but only {len(hidden)} are unseen")
        return None
    # The others' hands as stand-ins of the right size: Sam's play-outs deal the unseen cards afresh every time.
    hands = [state.hands[0]]
    for count in counts:
        hands.append(hidden[:count])
        hidden = hidden[count:]
    full = State.setup(RULES, hands, state.pile, hidden, 0, state.suit, called=called)
    legal = full.next_cards(0)
    if answer not in full.hands[0]:
        reader.fail("answer", f"answer: {answer.display} is not in the hand")
        return None
    if answer not in legal:
        reader.fail("answer", f"answer says {answer.display}, but {why_card(full, answer)}")
        return None
    if len(legal) < 2:
        reader.fail("hand", "hand: only one card fits, so there is no choice to make")
        return None
    for card in legal:
        twin = full.copy()
        twin.apply(0, Lay(card), SeededChance(random.Random(0)))
        if twin.next_cards(0):
            reader.fail(
                "hand",
                f"hand: after {card.display} you could lay {_cards(twin.next_cards(0))} too; a best puzzle asks for one card",
            )
            return None
    return _hinted(BestPuzzle(**common, state=full, answer=answer))


def _read_guided(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    rules = _rules(reader, common)
    if rules is None:
        return None
    state = reader.convert("position", lambda text: State.parse(text, rules))
    # The script is read by the session's own reader: what the build accepts, the browser's session plays.
    steps = reader.convert("script", lambda text: parse_script(text, SEAT_NAMES)) or ()
    if state is None:
        return None
    if state.turn != 0:
        reader.fail("position", f"position: you start a guided deal, but it is {_who(state.turn)}'s turn")
    held = [Counter(hand) for hand in state.hands]
    for seat, action in steps:
        if isinstance(action, Chain):
            for card in action.cards:
                if not held[seat][card]:
                    reader.fail("script", f"script: {_who(seat)} lays {card.display}, not in {_who(seat)}'s hand")
                held[seat][card] -= 1
    goal = reader.text("goal")
    return GuidedPuzzle(
        **common, state=state, script=reader.text("script"), goal=goal, goal_check=read_goal_check(reader)
    )


def _read_points(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    rules = _rules(reader, common)
    hand = reader.convert("hand", card_list)
    offered = numbers(reader)
    answer = reader.number("answer", ANY_COUNT, "a whole number: the right answer")
    if rules is None:
        return None
    if rules.scoring != "points":
        reader.fail(
            "rules" if "rules" in reader.fields else "kind", "points: give rules scored in points (rules: crazy-eights)"
        )
        return None
    if hand is None or offered is None or answer is None:
        return None
    if not hand:
        reader.fail("hand", "hand: give at least one card left in the hand")
        return None
    puzzle = PointsPuzzle(**common, hand=tuple(hand), offered=offered)
    if puzzle.total() not in offered:
        reader.fail("choices", f"choices: the right number, {puzzle.total()}, is not among them")
    check_answer(reader, puzzle, str(answer))
    return puzzle


_TABLE = ("suit", "pickup", "jacks", "laid")

KINDS = PuzzleKinds(
    (
        Kind(
            "fits",
            ("question", "pile", "card", "answer"),
            ("suit", "pickup", "jacks"),
            _read_fits,
            100,
            make_fits,
            ruled=True,
        ),
        Kind("pick", ("question", "pile", "hand", "answer"), _TABLE, _read_pick, 80, make_pick, ruled=True),
        Kind(
            "longest",
            ("question", "pile", "hand", "answer"),
            ("suit", "choices"),
            _read_longest,
            60,
            make_longest,
            ruled=True,
        ),
        Kind(
            "name-suit", ("question", "pile", "card", "hand", "answer"), ("suit",), _read_name_suit, 40, make_name_suit
        ),
        Kind("stop", ("question", "pile", "laid", "hand", "answer"), ("suit",), _read_stop, 40, make_stop),
        Kind("last-cards", ("question", "hand", "answer"), (), _read_last_cards, 60, make_last_cards),
        Kind(
            "who-next",
            ("question", "state", "moves", "answer"),
            (),
            _situation_puzzle(WhoNextPuzzle),
            40,
            make_who_next,
        ),
        Kind("pickup-size", ("question", "state", "moves", "answer"), ("choices",), _read_pickup_size),
        Kind("best", ("question", "pile", "hand", "counts", "answer"), ("suit", "called"), _read_best),
        Kind("guided", ("position", "goal"), ("script", GOAL_CHECK), _read_guided, ruled=True),
        Kind("points", ("question", "hand", "choices", "answer"), (), _read_points, label="Points", ruled=True),
    ),
    options=OPTIONS,
)
