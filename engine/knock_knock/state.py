"""The state of a deal of Knock! Knock! and the actions that change it.

A :class:`State` holds the hands, the stock, the discard pile, the playing
suit, whose turn it is and, right after a discard, the *call window*: the
moment when any other player may call "Knock! Knock!". Actions are
:class:`Play` (discard a card, naming a suit for a pick-up card, knocking or
not), :class:`Draw` and :class:`Challenge`. What follows from the rules alone
(a pick-up card's victim picking up and missing their turn, the penalties of
a call) is applied by the state, not chosen by anyone.

The only chance after the deal is a reshuffle of the pile into a new stock; the
state asks a :class:`Chance` for the new order, so the rules stay pure: a game
passes a seeded shuffler, a replay passes the orders its record wrote down.

>>> state = State.parse("hands 9H 6H 3S KD / KC QC 2C / 2S 5D 4D / 7C 7D JD | pile 4C 6C | stock 9S 3C | turn 0")
>>> state.why_illegal(0, Play(Card.parse("9H")))
'9♥ does not fit: the playing suit is clubs and the top card is the 6♣'
>>> state.apply(0, Play(Card.parse("6H")), NO_CHANCE)
>>> state.suit, state.turn
(<Suit.HEARTS: 'H'>, 1)
>>> state.why_illegal(1, Play(Card.parse("2C")))
'name a suit for the 2♣'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..core.cards import Card, Rank, Suit, parse_cards
from ..core.fields import read_number, seats
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
from .rules import CHALLENGE_PENALTY, DEAL_SIZE, KNOCK_AT, TURN_LIMIT, Rules, fits, is_pickup, pack, penalty

__all__ = [
    "NO_CHANCE",
    "Action",
    "Challenge",
    "Chance",
    "Draw",
    "Event",
    "IllegalAction",
    "LastDraw",
    "Move",
    "PickUp",
    "Play",
    "Quiet",
    "RecordedAction",
    "Reshuffle",
    "SeededChance",
    "State",
    "TakeBack",
    "deal",
]


@dataclass(frozen=True, slots=True)
class Play:
    """Discard *card*; *suit* is the suit named for a pick-up card; *knock* says the player knocked."""

    card: Card
    suit: Suit | None = None
    knock: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card from the stock; the turn ends."""


@dataclass(frozen=True, slots=True)
class Challenge:
    """Call "Knock! Knock!" on the discard just made."""


@dataclass(frozen=True, slots=True)
class Quiet:
    """Let the discard just made pass without a call. Not a move of the record: the record only has calls."""


# What a record keeps: discards, draws and calls.
RecordedAction = Play | Draw | Challenge
Action = RecordedAction | Quiet


@dataclass(frozen=True, slots=True)
class Move:
    """*seat* took *action*: one entry of a game record."""

    seat: int
    action: RecordedAction


@dataclass(frozen=True, slots=True)
class PickUp:
    """*seat* had to pick up *wanted* cards (and got *got*, fewer if the cards ran out) because of *why*.

    *why* is ``"ace"``, ``"two"``, ``"five"`` (a pick-up card; the seat also
    missed its turn), ``"missed-knock"`` or ``"wrong-call"``.
    """

    seat: int
    wanted: int
    got: int
    why: str


@dataclass(frozen=True, slots=True)
class TakeBack:
    """*seat* took *card* back after a right call of "Knock! Knock!"."""

    seat: int
    card: Card


# What happened, in order: the moves and reshuffles a record keeps, and what followed from the rules.
Event = Move | Reshuffle | PickUp | TakeBack


@dataclass(slots=True)
class Window:
    """The call window after a discard: who discarded what, and what the discard changed."""

    seat: int
    card: Card
    knocked: bool
    third_to_last: bool
    previous_suit: Suit
    victim_penalty: int  # cards the next player picks up when the window closes (0 but for a pick-up card)
    quiet: frozenset[int] = frozenset()  # the seats that have let the discard pass


@dataclass(frozen=True, slots=True)
class LastDraw:
    """At a seat's last draw: the playing suit and the top card's rank then, and the cards it has taken since."""

    suit: Suit
    rank: Rank
    taken: int


_PICKUP_WORD = {1: "ace", 2: "two", 5: "five"}


class State(PileState):
    """One deal in progress: hands (by seat), stock (top first), pile (top last), playing suit, turn.

    :meth:`setup` and :meth:`parse` build a checked state; the plain constructor
    is the fresh deal.
    """

    rules: Rules

    def __init__(self, rules: Rules, hands: Sequence[Sequence[Card]], stock: Sequence[Card], upcard: Card, dealer: int):
        super().__init__(rules, hands, stock, upcard, dealer)
        self.window: Window | None = None
        # For each seat, the playing suit and top rank at its last draw, and how many cards it has taken
        # since (the drawn one included): public facts a player may reason from.
        self.last_draw: list[LastDraw | None] = [None] * rules.players

    # -- construction ---------------------------------------------------------

    @classmethod
    def parse(cls, text: str, rules: Rules | None = None) -> State:
        """Read :meth:`text`'s form: ``hands H0 / H1 / … | pile CARDS | stock CARDS | suit S | turn N``.

        ``suit`` and ``stock`` may be left out; the players are counted from the hands.
        """
        names = ("hands", "pile", "stock", "suit", "turn")
        fields = state_fields(text, names, "hands, pile, stock, suit or turn")
        hands = [parse_cards(hand) for hand in fields["hands"].split("/")]
        if rules is None:
            rules = Rules(players=len(hands))
        turn = read_number("turn", fields["turn"], *seats(rules.players))
        suit = Suit.parse(fields["suit"]) if "suit" in fields else None
        return cls.setup(rules, hands, parse_cards(fields["pile"]), parse_cards(fields.get("stock", "")), turn, suit)

    def text(self) -> str:
        """The state in the form :meth:`parse` reads (without the call window and history)."""
        hands = " / ".join(_codes(hand) for hand in self.hands)
        return (
            f"hands {hands} | pile {_codes(self.pile)} | stock {_codes(self.stock)} | suit {self.suit.value} "
            f"| turn {self.to_move}"
        )

    def copy(self) -> State:
        twin = State.__new__(State)
        self.copy_into(twin)
        twin.window = None if self.window is None else replace(self.window)
        twin.last_draw = list(self.last_draw)
        return twin

    # -- what the table shows -------------------------------------------------

    def all_cards(self) -> Counter[Card]:
        """Every card in the game, wherever it is (hands, stock, pile)."""
        return Counter([card for hand in self.hands for card in hand] + self._stock + self.pile)

    def fits(self, card: Card) -> bool:
        """Whether *card* may be discarded now (see :func:`~engine.knock_knock.rules.fits`)."""
        return fits(card, self.top, self.suit)

    def fitting(self, seat: int) -> list[Card]:
        """The distinct cards in *seat*'s hand that fit, in hand order."""
        return sorted({card for card in self.hands[seat] if self.fits(card)})

    def must_knock(self, seat: int) -> bool:
        """Whether *seat*'s next discard is their third-to-last card."""
        return len(self.hands[seat]) == KNOCK_AT

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action *seat* may take now, with a knock exactly where the rules ask for one.

        (Leaving out a required knock is also allowed, and risky; see :meth:`missed_knock`.)
        """
        actions: list[Action] = []
        if self._callable_by(seat) is None:
            actions.extend((Challenge(), Quiet()))
        if self._why_not_on_turn(seat) is None:
            knock = self.must_knock(seat)
            for card in self.fitting(seat):
                if is_pickup(card):
                    actions.extend(Play(card, suit, knock) for suit in Suit)
                else:
                    actions.append(Play(card, None, knock))
            actions.append(Draw())
        return actions

    # -- why an action is refused ---------------------------------------------

    def why_illegal(self, seat: int, action: Action) -> str | None:
        """Why *seat* may not take *action* now, in plain words; ``None`` if they may."""
        if not 0 <= seat < self.rules.players:
            return f"seat {seat} is not at this table: seats are 0 to {self.rules.players - 1}"
        if isinstance(action, Challenge | Quiet):
            return self._callable_by(seat)
        not_on_turn = self._why_not_on_turn(seat)
        if not_on_turn is not None:
            return not_on_turn
        if isinstance(action, Draw):
            return None
        card = action.card
        if card not in self.hands[seat]:
            return f"you do not hold the {card.display}"
        if not self.fits(card):
            return f"{card.display} does not fit: {self._what_fits()}"
        if is_pickup(card) and action.suit is None:
            return f"name a suit for the {card.display}"
        if not is_pickup(card) and action.suit is not None:
            return f"only a pick-up card (an ace, a two or the 5♦) names a suit, and the {card.display} is not one"
        return None

    def missed_knock(self, seat: int, action: Action) -> str | None:
        """The rule *action* breaks if it is a discard of *seat*'s third-to-last card without a knock."""
        if isinstance(action, Play) and not action.knock and self.must_knock(seat):
            return "you must knock when you put down your third-to-last card"
        return None

    def _what_fits(self) -> str:
        top = self.top
        if top.suit == self.suit:
            return f"the playing suit is {self.suit.plural} and the top card is the {top.display}"
        return f"the playing suit is {self.suit.plural} (named for the {top.display}) and the top card is the {top.display}"

    def _why_not_on_turn(self, seat: int) -> str | None:
        if self.is_over:
            return self._over_reason()
        turn = self.to_move
        if seat != turn:
            w = self.window
            if w is not None and w.victim_penalty and seat == self.turn:
                return f"seat {seat} misses this turn and picks up {w.victim_penalty} for the {w.card.display}"
            return f"it is seat {turn}'s turn, not seat {seat}'s"
        return None

    @property
    def to_move(self) -> int:
        """The seat to discard or draw next: once the window closes, the seat after a pick-up card's victim."""
        if self.window is not None and self.window.victim_penalty:
            return self.rules.next_seat(self.turn)
        return self.turn

    def _over_reason(self) -> str:
        if self.winner is not None:
            return f"the deal is over: seat {self.winner} has gone out"
        return f"the deal is over: it was declared a draw after {TURN_LIMIT:,} turns"

    def _callable_by(self, seat: int) -> str | None:
        """Why *seat* may not call "Knock! Knock!" now; ``None`` if they may."""
        if self.is_over:
            return self._over_reason()
        w = self.window
        if w is None:
            return self._too_late()
        if seat == w.seat:
            return "you cannot call Knock! Knock! on your own discard"
        if seat in w.quiet:
            return "you have already let this discard pass"
        return None

    def callers(self) -> list[int]:
        """The seats that may still call the discard just made, from the next seat round the table."""
        w = self.window
        if w is None or self.is_over:
            return []
        seats, seat = [], w.seat
        for _ in range(self.rules.players - 1):
            seat = self.rules.next_seat(seat)
            if seat not in w.quiet:
                seats.append(seat)
        return seats

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats to act, the first one next: while a discard may be called, every seat that may still
        call it, from the next seat round (each calls or lets it pass); otherwise the player on turn.
        Empty once the deal is over."""
        if self.is_over:
            return ()
        callers = self.callers()
        return tuple(callers) if callers else (self.to_move,)

    def _too_late(self) -> str:
        """Why nothing can be called now: the call was made, or someone has acted since the last discard."""
        moves = [event for event in self.events if isinstance(event, Move)]
        if not moves:
            return "there is no discard to call: the up-card is nobody's discard"
        last = moves[-1]
        if isinstance(last.action, Challenge):
            return f"only the first call counts: seat {last.seat} has already called Knock! Knock!"
        if isinstance(last.action, Play):
            return f"too late: seat {self.rules.next_seat(last.seat)} has missed their turn since that discard, so it is safe"
        return f"too late: seat {last.seat} has drawn since the last discard, so it is safe"

    # -- actions ----------------------------------------------------------------

    def apply(self, seat: int, action: Action, chance: Chance) -> None:
        """*seat* takes *action*; :class:`IllegalAction` (and no change) if the rules do not allow it.

        A play or draw first closes the call window of the discard before it.
        """
        reason = self.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        if isinstance(action, Quiet):
            assert self.window is not None
            self.window = replace(self.window, quiet=self.window.quiet | {seat})
            if not self.callers():
                self.settle(chance)
            return
        if isinstance(action, Challenge):
            self.events.append(Move(seat, action))
            self._challenge(seat, chance)
            return
        self.settle(chance)
        self.events.append(Move(seat, action))
        if isinstance(action, Draw):
            self.last_draw[seat] = LastDraw(self.suit, self.top.rank, 0)
            self._pick_up(seat, 1, chance)
            self.turn = self.rules.next_seat(seat)
            self._end_turn()
        else:
            self._discard(seat, action)

    def settle(self, chance: Chance) -> None:
        """Close the call window, if open: the discard stands, and a pick-up card's victim picks up and misses their turn."""
        w = self.window
        if w is None:
            return
        self.window = None
        if w.victim_penalty:
            victim = self.turn
            self._pick_up(victim, w.victim_penalty, chance, why=_PICKUP_WORD[w.victim_penalty])
            self.turn = self.rules.next_seat(victim)

    def _discard(self, seat: int, play: Play) -> None:
        hand = self.hands[seat]
        third_to_last = len(hand) == KNOCK_AT
        hand.remove(play.card)
        self.pile.append(play.card)
        previous_suit = self.suit
        self.suit = play.suit if play.suit is not None else play.card.suit
        self.turn = self.rules.next_seat(seat)
        if not hand:
            self.winner, self.is_over = seat, True
            return
        self.window = Window(seat, play.card, play.knock, third_to_last, previous_suit, penalty(play.card))
        self._end_turn()

    def _challenge(self, caller: int, chance: Chance) -> None:
        w = self.window
        assert w is not None
        if w.third_to_last and not w.knocked:
            self.window = None
            self.pile.pop()
            self.hands[w.seat].append(w.card)
            self.hands[w.seat].sort()
            self.suit = w.previous_suit
            self.events.append(TakeBack(w.seat, w.card))
            self._taken(w.seat, 1)
            self._pick_up(w.seat, CHALLENGE_PENALTY, chance, why="missed-knock")
            self.turn = self.rules.next_seat(w.seat)
        else:
            self._pick_up(caller, CHALLENGE_PENALTY, chance, why="wrong-call")
            self.settle(chance)

    def _pick_up(self, seat: int, wanted: int, chance: Chance, why: str = "") -> None:
        """*seat* takes *wanted* cards from the stock, reshuffling the pile when needed; as many as there are."""
        hand = self.hands[seat]
        got = self.draw_cards(hand, wanted, chance)
        hand.sort()
        self._taken(seat, got)
        if why:
            self.events.append(PickUp(seat, wanted, got, why))

    def _taken(self, seat: int, cards: int) -> None:
        last = self.last_draw[seat]
        if last is not None:
            self.last_draw[seat] = LastDraw(last.suit, last.rank, last.taken + cards)

    def _end_turn(self) -> None:
        """Count a turn (a discard or a draw; a missed turn is not counted) and stop the deal at the limit."""
        self.turns += 1
        if self.turns >= TURN_LIMIT and self.winner is None:
            self.is_over = True
            self.window = None

    # -- scoring ----------------------------------------------------------------


def deal(rules: Rules, rng: random.Random, dealer: int = 0) -> State:
    """Shuffle the pack with *rng* and deal: seven cards each, one at a time from the player after the dealer.

    The rest is the stock, and its top card is turned up to start the pile.
    """
    cards = pack(rules)
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    seat = dealer
    for i in range(DEAL_SIZE * rules.players):
        seat = rules.next_seat(seat)
        hands[seat].append(cards[i])
    rest = cards[DEAL_SIZE * rules.players :]
    return State(rules, hands, rest[1:], rest[0], dealer)
