"""The state of a deal of Blackjack and the steps that change it.

A turn is built one step at a time: :class:`Lay` a card, lay another, … then
:class:`Stop` (naming a suit after a wild card, calling "Last cards"); or
:class:`Draw`, :class:`PickUp` a pending pick-up, or :class:`Pass`. Each step
is judged as it comes, and :meth:`State.legal_actions` lists the steps allowed
at every point (the cards that may come next among them). A :class:`Chain` is a
whole laying turn at once, as a record writes it. What follows from the rules
alone (skipped turns, the penalty cards of *Last cards*, ``power_finish`` and
an uncovered queen) the state applies; nobody chooses it.

The only chance after the deal is a reshuffle of the pile into a new stock; the
state asks a :class:`Chance` for the new order, so a replay passes the orders
its record wrote down.

>>> state = State.parse("hands 5S 6S 6C 6D 7D 7C 9H / KD QC 2C 3C | pile 5H | turn 0")
>>> for code in "5S 6S 6C 6D 7D".split():
...     _ = state.apply(0, Lay(Card.parse(code)), NO_CHANCE)
>>> state.why_illegal(0, Lay(Card.parse("9H")))
'9♥ cannot follow 7♦ in a chain: it must be a seven or a diamond next to it'
>>> _ = state.apply(0, Lay(Card.parse("7C")), NO_CHANCE); _ = state.apply(0, Stop(last=True), NO_CHANCE)
>>> state.top.code, state.suit, state.turn, state.hands[0]
('7C', <Suit.CLUBS: 'C'>, 1, [Card.parse('9H')])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.cards import ALL_CARDS, Card, Rank, Suit, parse_cards
from ..core.fields import read_number, seats, whole_number
from ..core.pile import (
    NO_CHANCE,
    Chance,
    IllegalAction,
    PileState,
    Reshuffle,
    SeededChance,
    state_fields,
)
from ..core.pile import codes as _codes
from .last_cards import one_turn
from .rules import TURN_LIMIT, UP_TO, Rules, follows, pack

__all__ = [
    "NO_CHANCE",
    "Action",
    "Chain",
    "Chance",
    "Draw",
    "Event",
    "IllegalAction",
    "Lay",
    "Move",
    "Pass",
    "Penalty",
    "PickUp",
    "RecordedAction",
    "Reshuffle",
    "SeededChance",
    "State",
    "Stop",
    "Undo",
    "deal",
    "needs_call",
]


# -- actions ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay *card*: the first card of a turn, or the next one of its chain."""

    card: Card


@dataclass(frozen=True, slots=True)
class Undo:
    """Take the card laid last in this turn back into the hand (the turn is not over until it stops)."""


@dataclass(frozen=True, slots=True)
class Stop:
    """End a turn that laid cards; *suit* is named after a wild card; *last* calls "Last cards"."""

    suit: Suit | None = None
    last: bool = False


@dataclass(frozen=True, slots=True)
class Chain:
    """A whole turn that lays *cards* in order, then stops (as a record writes it)."""

    cards: tuple[Card, ...]
    suit: Suit | None = None
    last: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card from the stock (under ``draw=one`` this ends the turn, and may call "Last cards")."""

    last: bool = False


@dataclass(frozen=True, slots=True)
class PickUp:
    """Pick up the whole pending pick-up; the turn ends."""

    last: bool = False


@dataclass(frozen=True, slots=True)
class Pass:
    """Lay nothing and end the turn: when drawing is not possible, or as the drawing rule allows."""

    last: bool = False


RecordedAction = Chain | Draw | PickUp | Pass
Action = Lay | Undo | Stop | RecordedAction


# -- events -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """*seat* took *action*: one entry of a game record. *got* is the cards a pick-up actually drew."""

    seat: int
    action: RecordedAction
    got: int = 0


@dataclass(frozen=True, slots=True)
class Penalty:
    """*seat* picked up *got* card (0 when none was left) at the end of its turn, because of *why*:
    ``"last-cards"`` (laid its hand without having called), ``"power-finish"`` or ``"queen"`` (an uncovered queen)."""

    seat: int
    got: int
    why: str


Event = Move | Reshuffle | Penalty


_RANK_WORDS = {
    Rank.ACE: "an ace",
    Rank.EIGHT: "an eight",
}


def _a(rank: Rank) -> str:
    return _RANK_WORDS.get(rank, f"a {rank.word}")


def _suit_word(suit: Suit) -> str:
    return suit.plural[:-1]


# -- which hands need a call ----------------------------------------------------------


def needs_call(rules: Rules, hand: Sequence[Card]) -> bool:
    """Whether *hand* could all be laid as one turn on some top card, so its player must call "Last cards".

    One card always could. Under ``chains=true`` several can when some order has each card follow the one
    before by the chain rule, or follow a queen (any card covers a queen), and, under ``queen_cover=true``,
    does not end on a queen. The answer is exact, with work bounded whatever the size of the hand (see
    :mod:`engine.blackjack.last_cards`).

    >>> needs_call(Rules(), parse_cards("5S 6S 6C")), needs_call(Rules(), parse_cards("5S 9C"))
    (True, False)
    >>> needs_call(Rules(), parse_cards("QH 9C")), needs_call(Rules(), parse_cards("9C QH"))
    (True, True)
    >>> needs_call(Rules(chains=False), parse_cards("5S 6S"))
    False
    """
    if len(hand) <= 1:
        return len(hand) == 1
    if not rules.chains:
        return False
    counts = [0] * len(ALL_CARDS)
    for card in hand:
        counts[card.index] += 1
    return one_turn(tuple(counts), rules.queen_cover)[0]


def _setup_fields(
    rules: Rules, pickup: int, jacks: int, direction: int, called: Sequence[int]
) -> list[tuple[str, object, Sequence[int], str]]:
    """Each number of a position set up in the middle of a deal, with the values the rules allow for it."""
    twos = 4 * rules.pack_count * 2 if rules.twos else 0  # every 2 in the packs laid in one pick-up
    value = rules.jack_value
    jacks_most = 2 * rules.pack_count * value
    return [
        ("pickup", pickup, range(0, twos + 1, 2), f"an even number from 0 to {twos}" if twos else "0 under twos=false"),
        (
            "jacks",
            jacks,
            range(0, jacks_most + 1, value or 1),
            f"a multiple of {value} from 0 to {jacks_most}" if value else "0 under black_jacks=none",
        ),
        ("direction", direction, (1, -1), "1 (seat numbers increasing) or -1 (the other way)"),
        *(("called", seat, *seats(rules.players)) for seat in called),
    ]


# -- the state ------------------------------------------------------------------------


class State(PileState):
    """One deal in progress: hands, stock (top first), pile (top last), suit to follow, direction, turn,
    the pending pick-up, and the turn being built.

    :meth:`setup` and :meth:`parse` build a checked state in the middle of a deal; the plain constructor is the
    fresh deal.
    """

    rules: Rules

    def __init__(self, rules: Rules, hands: Sequence[Sequence[Card]], stock: Sequence[Card], upcard: Card, dealer: int):
        super().__init__(rules, hands, stock, upcard, dealer)
        self.direction = 1
        self.twos = 0  # the pick-up the player on turn faces: its twos' cards and its black jacks' cards
        self.jacks = 0
        self.laid: list[Card] = []  # the cards laid so far in the turn being built
        self.drawn = 0  # cards drawn so far in this turn (draw=until-play and up-to-5)
        self.drawn_cards: list[Card] = []  # which, in order (a bot request of the seat on turn says them)
        self.drawn_fits = False  # under draw=until-play: whether the card drawn last fits (then the drawing stops)
        self.called = [False] * rules.players  # each seat's "Last cards" call at the end of its last turn
        self.passes = 0  # passes in a row with the stock empty

    @classmethod
    def setup(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Card]],
        pile: Sequence[Card],
        stock: Sequence[Card],
        turn: int,
        suit: Suit | None = None,
        *,
        pickup: int = 0,
        jacks: int = 0,
        direction: int = 1,
        called: Sequence[int] = (),
    ) -> State:
        """A state in the middle of a deal (puzzles, fixtures); cards may be fewer than the pack.

        *pickup* is the pending pick-up's twos part, *jacks* its black jacks' part; *called* the seats that
        called "Last cards" at the end of their last turn.
        """
        state = super().setup(rules, hands, pile, stock, turn, suit)
        for name, value, allowed, what in _setup_fields(rules, pickup, jacks, direction, called):
            whole_number(name, value, allowed, what)
        state.twos, state.jacks = pickup, jacks
        state.direction = direction
        for seat in called:
            state.called[seat] = True
        return state

    @classmethod
    def parse(cls, text: str, rules: Rules | None = None) -> State:
        """Read ``hands H0 / H1 / … | pile CARDS | stock CARDS | suit S | turn N | pickup N | jacks N |
        direction -1 | called 0 2``; all but hands, pile and turn may be left out."""
        names = ("hands", "pile", "stock", "suit", "turn", "pickup", "jacks", "direction", "called")
        fields = state_fields(text, names, ", ".join(names))
        hands = [parse_cards(hand) for hand in fields["hands"].split("/")]
        if rules is None:
            rules = Rules(players=len(hands))
        # Read as whole numbers here; setup checks each against what the rules allow.
        anything = range(-(10**9), 10**9)
        numbers = {
            name: read_number(name, fields.get(name, {"direction": "1"}.get(name, "0")), anything, "a whole number")
            for name in ("turn", "pickup", "jacks", "direction")
        }
        suit = Suit.parse(fields["suit"]) if "suit" in fields else None
        called = [read_number("called", word, anything, "seat numbers") for word in fields.get("called", "").split()]
        return cls.setup(
            rules,
            hands,
            parse_cards(fields["pile"]),
            parse_cards(fields.get("stock", "")),
            numbers["turn"],
            suit,
            pickup=numbers["pickup"],
            jacks=numbers["jacks"],
            direction=numbers["direction"],
            called=called,
        )

    def text(self) -> str:
        """The state in the form :meth:`parse` reads (without the turn being built and the history)."""
        hands = " / ".join(_codes(hand) for hand in self.hands)
        words = [f"hands {hands}", f"pile {_codes(self.pile)}", f"stock {_codes(self.stock)}"]
        words += [f"suit {self.suit.value}", f"turn {self.turn}"]
        if self.twos:
            words.append(f"pickup {self.twos}")
        if self.jacks:
            words.append(f"jacks {self.jacks}")
        if self.direction != 1:
            words.append(f"direction {self.direction}")
        called = [str(seat) for seat, yes in enumerate(self.called) if yes]
        if called:
            words.append(f"called {' '.join(called)}")
        return " | ".join(words)

    def copy(self) -> State:
        twin = State.__new__(State)
        self.copy_into(twin)
        twin.direction, twin.twos, twin.jacks = self.direction, self.twos, self.jacks
        twin.laid, twin.drawn = list(self.laid), self.drawn
        twin.drawn_cards, twin.drawn_fits = list(self.drawn_cards), self.drawn_fits
        twin.called = list(self.called)
        twin.passes = self.passes
        return twin

    # -- what the table shows -------------------------------------------------------

    @property
    def pickup(self) -> int:
        """The cards the player on turn must pick up unless they answer (0: none pending)."""
        return self.twos + self.jacks

    def all_cards(self) -> Counter[Card]:
        """Every card in the game, wherever it is (hands, stock, pile, the turn being built)."""
        return Counter([card for hand in self.hands for card in hand] + self._stock + self.pile + self.laid)

    def can_draw(self) -> bool:
        """Whether a card can be drawn now: the stock holds one, or (``stock_out=reshuffle``) the pile can refill it."""
        return bool(self._stock) or (self.rules.stock_out == "reshuffle" and len(self.pile) > 1)

    # -- the rules of laying --------------------------------------------------------------

    def opens(self, card: Card) -> bool:
        """Whether *card* may be the first card of the turn of the player on turn."""
        if self.pickup:
            return self._answers(card)
        return self.rules.is_wild(card) or card.suit == self.suit or card.rank == self.top.rank

    def _answers(self, card: Card) -> bool:
        rules = self.rules
        if rules.is_red_jack(card):
            return self.jacks > 0
        if rules.twos_and_jacks == "apart":
            if self.twos and self.jacks:
                return False
            return rules.is_two(card) if self.twos else rules.is_black_jack(card)
        return rules.is_two(card) or rules.is_black_jack(card)

    def _covering(self) -> bool:
        """Whether the card laid last is a queen that must be covered."""
        return bool(self.laid) and self.rules.is_queen(self.laid[-1])

    def continues(self, card: Card) -> bool:
        """Whether *card* may be laid next in the turn being built (at least one card laid)."""
        if self._covering():
            return True
        if not self.rules.chains:
            return False
        return follows(card, self.laid[-1])

    def _draw_state(self) -> tuple[bool, bool, bool]:
        """With no card laid yet this turn: whether the player may lay, draw, pass."""
        rules = self.rules
        drawable = self.can_draw()
        if rules.draw == "one":
            return True, drawable, not drawable
        if rules.draw == "until-play":
            # Drawing goes on until the card drawn fits (whatever else the hand holds: a player may draw when a card
            # fits); then a turn may start with any card that fits, or the player passes.
            if self.drawn == 0:
                return True, drawable, not drawable
            fits = self.drawn_fits
            return fits, drawable and not fits, fits or not drawable
        # up-to-5
        return True, drawable and self.drawn < UP_TO, not drawable or self.drawn >= UP_TO

    def first_cards(self, seat: int) -> list[Card]:
        """The distinct cards of *seat*'s hand that may start its turn now."""
        if self._why_not_on_turn(seat) or self.laid or self.is_over:
            return []
        if not self.pickup and not self._draw_state()[0]:
            return []
        return sorted({card for card in self.hands[seat] if self.opens(card)})

    def next_cards(self, seat: int) -> list[Card]:
        """The distinct cards that may be laid next by *seat* now: the first cards, or the chain's next ones."""
        if not self.laid:
            return self.first_cards(seat)
        if self._why_not_on_turn(seat):
            return []
        return sorted({card for card in self.hands[seat] if self.continues(card)})

    def goes_out(self, seat: int) -> bool:
        """Whether the turn being built, stopped now with an empty hand, puts *seat* out."""
        if self.hands[seat] or not self.laid:
            return False
        return not self._finish_faults(seat)

    def _finish_faults(self, seat: int) -> list[str]:
        """Why laying the whole hand with the chain built so far does not put *seat* out (empty: it does)."""
        faults = []
        last = self.laid[-1]
        if self.rules.is_queen(last):
            faults.append("queen")
        if self.rules.last_cards and not self.called[seat]:
            faults.append("last-cards")
        if not self.rules.power_finish and self.rules.is_power(last):
            faults.append("power-finish")
        return faults

    def must_call(self, seat: int) -> bool:
        """Whether *seat*, stopping now, must call "Last cards": the hand it keeps (one card when it lays its
        whole hand without going out) could be laid as one turn."""
        if not self.rules.last_cards:
            return False
        hand = self.hands[seat]
        if self.laid and not hand:
            return not self.goes_out(seat)
        return needs_call(self.rules, hand)

    def _stops(self, seat: int) -> list[Action]:
        last = self.must_call(seat)
        if self.rules.is_wild(self.laid[-1]) and not self.goes_out(seat):
            return [Stop(suit, last) for suit in Suit]
        return [Stop(None, last)]

    def legal_actions(self, seat: int) -> list[Action]:
        """Every step *seat* may take now, with a "Last cards" call exactly where the rules ask for one (leaving it
        out is allowed too, and costs the chance to go out next turn; a call when none is needed costs nothing)."""
        if self._why_not_on_turn(seat) is not None:
            return []
        actions: list[Action] = [Lay(card) for card in self.next_cards(seat)]
        if self.laid:
            if not (self._covering() and self.hands[seat]):
                actions.extend(self._stops(seat))
            actions.append(Undo())
            return actions
        last = self.rules.last_cards and needs_call(self.rules, self.hands[seat])
        if self.pickup:
            actions.append(PickUp(last))
            return actions
        _, draw, passes = self._draw_state()
        if draw:
            actions.append(Draw(last and self.rules.draw == "one"))
        if passes:
            actions.append(Pass(last))
        return actions

    # -- why an action is refused -------------------------------------------------------

    def why_illegal(self, seat: int, action: Action) -> str | None:
        """Why *seat* may not take *action* now, in plain words; ``None`` if they may."""
        if not 0 <= seat < self.rules.players:
            return f"seat {seat} is not at this table: seats are 0 to {self.rules.players - 1}"
        reason = self._why_not_on_turn(seat)
        if reason is not None:
            return reason
        if isinstance(action, Chain):
            return self._why_not_chain(seat, action)
        if isinstance(action, Lay):
            return self._why_not_lay(seat, action.card)
        if isinstance(action, Undo):
            return None if self.laid else "there is no card of this turn to take back"
        if isinstance(action, Stop):
            return self._why_not_stop(seat, action)
        if self.laid:
            return self._stop_first(action)
        if isinstance(action, PickUp):
            if not self.pickup:
                return "there is nothing to pick up: no 2 or black jack is pending"
            return self._why_not_last(action.last)
        if self.pickup:
            return self._facing()
        _, draw, passes = self._draw_state()
        if isinstance(action, Draw):
            if not draw:
                return self._why_no_draw()
            if action.last and self.rules.draw != "one":
                return f"a draw under draw={self.rules.draw} does not end the turn, so call Last cards when it ends"
            return self._why_not_last(action.last)
        if not passes:
            return self._why_no_pass()
        return self._why_not_last(action.last)

    def _why_not_last(self, last: bool) -> str | None:
        if last and not self.rules.last_cards:
            return "there is no Last cards call under last_cards=false"
        return None

    def _stop_first(self, action: Action) -> str:
        word = {Draw: "draw", PickUp: "pick up", Pass: "pass"}.get(type(action), "do that")
        return f"you have laid cards this turn: stop (or take them back) before you {word}"

    def _facing(self) -> str:
        return f"you face a pick-up of {self.pickup}: {self._answer_words()}, or pick up"

    def _answer_words(self) -> str:
        rules = self.rules
        if rules.twos_and_jacks == "apart" and self.twos and self.jacks:
            return "only a red jack answers a pick-up of twos and black jacks together"
        options = []
        if (rules.twos_and_jacks == "mix" or not self.jacks) and rules.twos:
            options.append("a 2")
        if (rules.twos_and_jacks == "mix" or not self.twos) and rules.jack_value:
            options.append("a black jack")
        if self.jacks:
            options.append("a red jack")
        return "answer with " + (", ".join(options[:-1]) + " or " if len(options) > 1 else "") + options[-1]

    def _why_no_draw(self) -> str:
        rules = self.rules
        if not self.can_draw():
            return "the stock is empty and cannot be refilled: lay a card or pass"
        if rules.draw == "until-play":
            return "the card you drew fits: lay a turn starting with a card that fits, or pass"
        return f"you have drawn {UP_TO} cards this turn: lay a card or pass"

    def _why_no_pass(self) -> str:
        rules = self.rules
        if rules.draw == "one":
            return "you may pass only when the stock is empty and cannot be refilled: lay a card or draw"
        if rules.draw == "until-play":
            if self.drawn:
                return "the card you drew does not fit: draw again"
            return "draw until a card fits (or lay one that fits now); you may pass only after drawing"
        return f"you may pass only after drawing {UP_TO} cards this turn, or when the stock is empty"

    def _why_not_lay(self, seat: int, card: Card) -> str | None:
        hand = self.hands[seat]
        if card not in hand:
            return f"you do not hold the {card.display}"
        if self.laid:
            return self._why_not_next(card)
        if self.pickup:
            return None if self._answers(card) else self._facing()
        if not self._draw_state()[0]:
            return "the card you drew does not fit: draw again"
        if self.opens(card):
            return None
        top = self.top
        if self.suit != top.suit:
            return f"{card.display} does not fit: {top.display} asked for {self.suit.plural}, so play a {_suit_word(self.suit)}"
        # The wild card is named only to a hand that holds one: a learner who has not met wild cards yet, and holds
        # none, is told only what the top card asks for.
        held = any(self.rules.is_wild(each) for each in hand)
        wild = f", or a wild {self.rules.wild_rank.word}" if self.rules.wild_rank is not None and held else ""
        return f"{card.display} does not fit on {top.display}: play a {_suit_word(top.suit)} or {_a(top.rank)}{wild}"

    def _why_not_next(self, card: Card) -> str | None:
        if self.continues(card):
            return None
        before = self.laid[-1]
        if not self.rules.chains:
            if len(self.laid) >= 2 and self.rules.is_queen(self.laid[-2]):
                return "one card a turn at this table: nothing may follow the card that covered the queen"
            return "one card a turn at this table: press Play to end your turn"
        return (
            f"{card.display} cannot follow {before.display} in a chain: it must be {_a(before.rank)} "
            f"or a {_suit_word(before.suit)} next to it"
        )

    def _why_not_stop(self, seat: int, stop: Stop) -> str | None:
        if not self.laid:
            return "lay a card first: stop ends a turn that laid cards"
        if self._covering() and self.hands[seat]:
            return "a queen must be covered: lay any card on it"
        wild = self.rules.is_wild(self.laid[-1])
        out = self.goes_out(seat)
        if wild and not out and stop.suit is None:
            return f"name a suit for the {self.laid[-1].display}"
        if stop.suit is not None and not (wild and not out):
            if wild:
                return "you go out with this turn, so you name no suit"
            return f"only a wild card names a suit, and the {self.laid[-1].display} is not one"
        return self._why_not_last(stop.last)

    def _why_not_chain(self, seat: int, chain: Chain) -> str | None:
        if self.laid:
            return "a whole turn cannot start in the middle of one"
        if not chain.cards:
            return "a chain lays at least one card"
        twin = self.copy()
        for card in chain.cards:
            reason = twin._why_not_lay(seat, card)
            if reason is not None:
                return reason
            twin._lay(seat, card)
        return twin._why_not_stop(seat, Stop(chain.suit, chain.last))

    def _why_not_on_turn(self, seat: int) -> str | None:
        if self.is_over:
            if self.winner is not None:
                return f"the deal is over: seat {self.winner} has gone out"
            if self.turns >= TURN_LIMIT:
                return f"the deal is over: nobody went out in {TURN_LIMIT:,} turns"
            return "the deal is over: it is blocked, nobody can lay or draw"
        if seat != self.turn:
            return f"it is seat {self.turn}'s turn, not seat {seat}'s"
        return None

    @property
    def waiting(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    # -- actions ----------------------------------------------------------------------------

    def apply(self, seat: int, action: Action, chance: Chance) -> int:
        """*seat* takes *action*; :class:`IllegalAction` (and no change) if the rules do not allow it.

        Returns the cards a pick-up drew (0 for anything else)."""
        reason = self.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        if isinstance(action, Lay):
            self._lay(seat, action.card)
        elif isinstance(action, Undo):
            card = self.laid.pop()
            self.hands[seat].append(card)
            self.hands[seat].sort()
        elif isinstance(action, Chain):
            for card in action.cards:
                self._lay(seat, card)
            self._stop(seat, Chain(tuple(self.laid), action.suit, action.last), chance)
        elif isinstance(action, Stop):
            self._stop(seat, Chain(tuple(self.laid), action.suit, action.last), chance)
        elif isinstance(action, PickUp):
            wanted = self.pickup
            got = self._take(seat, wanted, chance)
            self.events.append(Move(seat, action, got))
            self.twos = self.jacks = 0
            self._end_turn(seat, action.last, self.rules.next_seat(seat, self.direction), passed=False)
            return got
        elif isinstance(action, Draw):
            drawn: list[Card] = []
            self.draw_cards(drawn, 1, chance, refill=self.rules.stock_out == "reshuffle")
            self.hands[seat].extend(drawn)
            self.hands[seat].sort()
            self.drawn_cards += drawn
            self.drawn_fits = self.rules.draw == "until-play" and any(self.opens(card) for card in drawn)
            self.events.append(Move(seat, action))
            self.passes = 0
            if self.rules.draw == "one":
                self._end_turn(seat, action.last, self.rules.next_seat(seat, self.direction), passed=False)
            else:
                self.drawn += 1
        else:
            self.events.append(Move(seat, action))
            self._end_turn(seat, action.last, self.rules.next_seat(seat, self.direction), passed=True)
        return 0

    def _lay(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.laid.append(card)

    def _stop(self, seat: int, chain: Chain, chance: Chance) -> None:
        rules = self.rules
        cards = chain.cards
        self.laid = []
        self.events.append(Move(seat, chain))
        self.pile.extend(cards)
        last = cards[-1]
        self.suit = chain.suit if chain.suit is not None else last.suit
        skips = reverses = 0
        twos, jacks = self.twos, self.jacks
        for card in cards:
            if rules.is_skip(card):
                skips += 1
            if rules.is_reverse(card):
                reverses += 1
            if rules.is_two(card):
                twos += 2
            elif rules.is_black_jack(card):
                jacks += rules.jack_value
            elif rules.is_red_jack(card):
                jacks = 0
        if rules.players == 2:
            skips += reverses
        elif reverses % 2:
            self.direction = -self.direction
        if not self.hands[seat]:
            faults = self._finish_faults_of(seat, last)
            if not faults:
                self.winner, self.is_over = seat, True
                self.twos = self.jacks = 0
                self.turns += 1
                return
            got = self._take(seat, 1, chance)
            self.events.append(Penalty(seat, got, faults[0]))
        self.twos, self.jacks = twos, jacks
        nxt = seat
        for _ in range(1 + skips):
            nxt = rules.next_seat(nxt, self.direction)
        self._end_turn(seat, chain.last, nxt, passed=False)

    def _finish_faults_of(self, seat: int, last: Card) -> list[str]:
        self.laid = [last]
        try:
            return self._finish_faults(seat)
        finally:
            self.laid = []

    def _end_turn(self, seat: int, last: bool, nxt: int, *, passed: bool) -> None:
        self.called[seat] = last
        self.drawn = 0
        self.drawn_cards, self.drawn_fits = [], False
        self.turn = nxt
        self.turns += 1
        if passed and not self._stock:
            self.passes += 1
        else:
            self.passes = 0
        if self.passes >= self.rules.players + 1 or self.turns >= TURN_LIMIT:
            self.is_over = True

    def _take(self, seat: int, wanted: int, chance: Chance) -> int:
        """*seat* takes up to *wanted* cards from the stock, refilling it from the pile under ``stock_out=reshuffle``."""
        got = self.draw_cards(self.hands[seat], wanted, chance, refill=self.rules.stock_out == "reshuffle")
        self.hands[seat].sort()
        return got


def deal(rules: Rules, rng: random.Random, dealer: int = 0) -> State:
    """Shuffle the pack with *rng* and deal: seven cards each (five with five or more players), one at a time from
    the player after the dealer. The rest is the stock; its top card is turned up to start the pile, except that
    under ``wild=8`` a turned 8 goes back into the stock at a random place and the next card is turned instead."""
    cards = pack(rules)
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    seat = dealer
    size = rules.deal_size
    for i in range(size * rules.players):
        seat = rules.next_seat(seat)
        hands[seat].append(cards[i])
    rest = cards[size * rules.players :]  # top first
    while rules.wild == "8" and rest[0].rank == Rank.EIGHT:
        eight = rest.pop(0)
        rest.insert(1 + rng.randrange(len(rest)), eight)  # anywhere under the next card, which is turned instead
    return State(rules, hands, rest[1:], rest[0], dealer)
