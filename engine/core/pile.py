"""What every game played on a discard pile shares: the stock, the pile, reshuffles written out, refusals.

A game of this family (a shedding game: cards are laid on one face-up pile and
drawn from a face-down stock) keeps its stock top last and its pile top last in
a :class:`DiscardPile`. Drawing takes from the stock; when it runs out, the pile
under its top card may be shuffled into a new stock. That order is chance after
the deal, so the pile asks a :class:`Chance` for it and writes a
:class:`Reshuffle` event with the new order: a game passes a seeded shuffler, a
replay passes the orders its record wrote down, and a player's view shows only a
:class:`Reshuffled` size. The helpers below read a record's lists of cards, say
how a deal differs from the full pack, and fill in the cards a bot request does
not show.

>>> from engine.core.cards import parse_cards
>>> table = DiscardPile()
>>> table.start(parse_cards("5H 6H 7H"), parse_cards("9C"))
>>> hand: list[Card] = []
>>> table.draw_cards(hand, 3, OrderedChance([parse_cards("6H 5H")]))
3
>>> codes(hand), table.events, codes(table.pile)
('9C 6H 5H', [Reshuffle(stock=(Card.parse('6H'), Card.parse('5H')))], '7H')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from .cards import Card, Suit
from .fields import FieldError, seats, whole_number
from .jsontext import shown
from .protocol import SeatPosition
from .records import record_card

__all__ = [
    "NO_CHANCE",
    "Chance",
    "DiscardPile",
    "IllegalAction",
    "OrderedChance",
    "PileState",
    "PileView",
    "Reshuffle",
    "Reshuffled",
    "SeededChance",
    "bring",
    "card_json",
    "check_setup",
    "codes",
    "fit_hand",
    "fitted_position",
    "pack_difference",
    "places",
    "record_cards",
    "request_card",
    "request_list",
    "seen_history",
    "seen_table",
    "stand_in_deal",
    "state_fields",
    "suit_json",
    "tally_or_points_json",
]

R = TypeVar("R")  # a game's rules


class IllegalAction(ValueError):
    """An action the rules do not allow; the message says why in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """The pile under the top card became a new stock, in this order (top first)."""

    stock: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The pile became a new stock of *size* cards: a reshuffle as a player sees it (the order is hidden)."""

    size: int


class Chance(Protocol):
    """Where a reshuffle's new order comes from."""

    def reshuffle(self, cards: Sequence[Card]) -> Sequence[Card]:
        """The new stock, top first: *cards* (the pile under its top card) in some order."""
        ...


class SeededChance:
    """Reshuffles from a seeded :class:`random.Random`: the same seed, the same orders."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def reshuffle(self, cards: Sequence[Card]) -> Sequence[Card]:
        order = list(cards)
        self.rng.shuffle(order)
        return order


class OrderedChance:
    """Reshuffles given in advance, in order (examples and tests)."""

    def __init__(self, orders: Sequence[Sequence[Card]]) -> None:
        self.orders = [list(order) for order in orders]

    def reshuffle(self, cards: Sequence[Card]) -> Sequence[Card]:
        if not self.orders:
            raise IllegalAction("the stock is empty and no reshuffle order is left")
        return self.orders.pop(0)


class _NoChance:
    def reshuffle(self, cards: Sequence[Card]) -> Sequence[Card]:
        raise IllegalAction("the stock is empty and this state was given no way to reshuffle")


# For states whose stock will not run out (examples, tests): a reshuffle is an error.
NO_CHANCE: Chance = _NoChance()


def codes(cards: Sequence[Card]) -> str:
    """Cards as ASCII codes separated by spaces; ``-`` for none."""
    return " ".join(card.code for card in cards) or "-"


class DiscardPile:
    """The stock (``_stock``, top last, so a draw is a ``pop()``) and the pile (``pile``, top last) of a deal, and
    its ``events``, where a reshuffle is written. A game's state class inherits it and calls :meth:`start`."""

    _stock: list[Card]
    pile: list[Card]
    events: list[Any]

    def start(self, pile: Sequence[Card], stock: Sequence[Card]) -> None:
        """Begin with *pile* (top last) and *stock* (top first) and no events."""
        self._stock = list(reversed(stock))
        self.pile = list(pile)
        self.events = []

    @property
    def stock(self) -> list[Card]:
        """The stock, top first."""
        return self._stock[::-1]

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def top(self) -> Card:
        return self.pile[-1]

    def draw_cards(self, hand: list[Card], wanted: int, chance: Chance, *, refill: bool = True) -> int:
        """Move up to *wanted* cards from the stock to *hand* and return how many: when the stock runs out and
        *refill* allows it, the pile under its top card is reshuffled into a new stock; with nothing to refill it
        from, the remaining draws are not made."""
        got = 0
        for _ in range(wanted):
            if not self._stock:
                if not refill or len(self.pile) < 2:
                    break
                self.reshuffle(chance)
            hand.append(self._stock.pop())
            got += 1
        return got

    def reshuffle(self, chance: Chance) -> None:
        """Shuffle the pile under its top card into a new stock, in the order *chance* gives (checked: exactly
        those cards), and write it down as a :class:`Reshuffle` event."""
        under = self.pile[:-1]
        order = list(chance.reshuffle(under))
        if Counter(order) != Counter(under):
            lacks = codes(sorted((Counter(under) - Counter(order)).elements()))
            extra = codes(sorted((Counter(order) - Counter(under)).elements()))
            raise IllegalAction(
                f"a reshuffle must hold exactly the {len(under)} cards under the top card: "
                + "; ".join(
                    ([f"it lacks {lacks}"] if lacks != "-" else []) + ([f"it has {extra} too"] if extra != "-" else [])
                )
            )
        self.pile = self.pile[-1:]
        self._stock = order[::-1]
        self.events.append(Reshuffle(tuple(order)))


class PileState(DiscardPile):
    """A deal of a pile game in progress: its rules, the dealer, each seat's hand (sorted), the suit to follow, the
    seat on turn, the turns taken and the outcome, on a :class:`DiscardPile`. A game's state class inherits it,
    calls its constructor from its own and :meth:`copy_into` from its ``copy``, and reads a position's text with
    :func:`state_fields` into :meth:`setup`. Its rules have ``players``, ``pack_count`` and ``next_seat(seat)``."""

    rules: Any
    dealer: int
    hands: list[list[Card]]
    suit: Suit
    turn: int
    turns: int
    winner: int | None
    is_over: bool

    def __init__(
        self, rules: Any, hands: Sequence[Sequence[Card]], stock: Sequence[Card], upcard: Card, dealer: int
    ) -> None:
        """The fresh deal: *hands* (one a player), *stock* (top first) and the *upcard* on the pile; the seat after
        the *dealer* plays first. :class:`ValueError` if the hands are not one a player."""
        if len(hands) != rules.players:
            raise ValueError(f"{rules.players} players need {rules.players} hands, got {len(hands)}")
        self.rules = rules
        self.dealer = dealer
        self.hands = [sorted(hand) for hand in hands]
        self.start([upcard], stock)
        self.suit = upcard.suit
        self.turn = rules.next_seat(dealer)
        self.turns = 0
        self.winner = None
        self.is_over = False

    @classmethod
    def setup(
        cls,
        rules: Any,
        hands: Sequence[Sequence[Card]],
        pile: Sequence[Card],
        stock: Sequence[Card],
        turn: int,
        suit: Suit | None = None,
    ) -> Self:
        """A state in the middle of a deal (for puzzles and fixtures); cards may be fewer than the pack.

        No card may appear more often than the packs hold it; *suit* defaults to the top card's.
        """
        check_setup(hands, pile, stock, turn, rules.players, rules.pack_count)
        state = cls(rules, hands, stock, pile[-1], rules.players - 1)
        state.pile = list(pile)
        state.suit = suit if suit is not None else pile[-1].suit
        state.turn = turn
        return state

    def copy_into(self, twin: PileState) -> None:
        """Give *twin* (made without its constructor) a copy of what every pile game's state holds."""
        twin.rules, twin.dealer = self.rules, self.dealer
        twin.hands = [list(hand) for hand in self.hands]
        twin._stock, twin.pile = list(self._stock), list(self.pile)
        twin.suit, twin.turn, twin.turns = self.suit, self.turn, self.turns
        twin.winner, twin.is_over = self.winner, self.is_over
        twin.events = list(self.events)

    def counts(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(hand) for hand in self.hands)

    def remaining(self) -> list[int]:
        """How many cards each seat holds, as a record writes them."""
        return [len(hand) for hand in self.hands]

    def text(self) -> str:
        """The position in the form the state's ``parse`` reads."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class PileView(Generic[R]):
    """What a player of a pile game sees of every deal: the rules, their seat and hand, each seat's count of
    cards, the pile (its cards were all laid face up, so they are public) and the suit to follow. A game's
    ``PlayerView`` adds its own fields after these and makes itself with :func:`seen_table` first."""

    rules: R
    seat: int
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    pile: tuple[Card, ...]
    suit: Suit

    @property
    def top(self) -> Card:
        return self.pile[-1]


def seen_table(
    state: PileState, seat: int
) -> tuple[Any, int, tuple[Card, ...], tuple[int, ...], tuple[Card, ...], Suit]:
    """The fields of a :class:`PileView` from *state* for *seat*, in order."""
    return (state.rules, seat, tuple(state.hands[seat]), state.counts(), tuple(state.pile), state.suit)


def seen_history(events: Sequence[Any]) -> tuple[Any, ...]:
    """The events of a deal as a player sees them: a reshuffle only as its size."""
    return tuple(Reshuffled(len(event.stock)) if isinstance(event, Reshuffle) else event for event in events)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self.text()!r})"


def state_fields(text: str, names: Sequence[str], expected: str) -> dict[str, str]:
    """The fields of a position's text, ``hands H0 / H1 / … | pile CARDS | turn N | …``: each field's value by
    its name, one of *names*. :class:`ValueError` for another name (saying it *expected* the names), or without
    hands, pile or turn.

    >>> state_fields("hands 2C / 3D | pile 4H | turn 1", ("hands", "pile", "turn"), "hands, pile or turn")
    {'hands': '2C / 3D', 'pile': '4H', 'turn': '1'}
    """
    fields: dict[str, str] = {}
    for part in text.split("|"):
        name, _, value = part.strip().partition(" ")
        if name not in names:
            raise ValueError(f"state field {name!r}: expected {expected}")
        fields[name] = value.strip()
    for needed in ("hands", "pile", "turn"):
        if needed not in fields:
            raise FieldError("state", f"state {text!r} has no {needed}")
    return fields


# -- records and requests ------------------------------------------------------------------------------


def record_cards(value: object, what: str) -> list[Card]:
    """A record's list of card codes; :class:`ValueError` naming *what* for anything else."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of card codes")
    return [record_card(code) for code in value]


def pack_difference(dealt: Counter[Card], full: Counter[Card]) -> str:
    """How the cards *dealt* differ from the *full* pack: ``too many 7D; missing 8C`` (eight cards at most each)."""
    extra = sorted((dealt - full).elements())
    short = sorted((full - dealt).elements())
    parts = []
    if extra:
        parts.append(f"too many {' '.join(card.code for card in extra[:8])}{' …' if len(extra) > 8 else ''}")
    if short:
        parts.append(f"missing {' '.join(card.code for card in short[:8])}{' …' if len(short) > 8 else ''}")
    return "; ".join(parts)


def bring(
    hands: Sequence[list[Card]], stock: list[Card], seat: int, card: Card, where: str, keep: Sequence[Card] = ()
) -> None:
    """Put *card* into *seat*'s hand from wherever unseen it lies (another hand or the *stock*), swapping one of
    that hand's cards (not one of *keep*) back there: how a bot request's replay, dealt with stand-in cards, gives
    each seat the cards the request shows it laying or holding. :class:`ValueError` naming *where* if it cannot."""
    hand = hands[seat]
    kept = Counter(keep)
    held = Counter(hand)
    spare = next((c for c in hand if held[c] > kept[c]), None)
    if spare is None:
        raise ValueError(f"{where}: the {card.display} cannot be in seat {seat}'s hand")
    for other, cards in enumerate(hands):
        if other != seat and card in cards:
            cards.remove(card)
            cards.append(spare)
            cards.sort()
            break
    else:
        if card not in stock:
            raise ValueError(f"{where}: every {card.display} of the pack is already on the pile or in this hand")
        stock[stock.index(card)] = spare
    hand.remove(spare)
    hand.append(card)
    hand.sort()


def check_setup(
    hands: Sequence[Sequence[Card]], pile: Sequence[Card], stock: Sequence[Card], turn: int, players: int, packs: int
) -> None:
    """What a position set up in the middle of a deal (a puzzle, a fixture) must hold: a top card on the *pile*, a
    seat on *turn*, and no card more often than *packs* packs hold it (cards may be fewer than the pack).
    :class:`ValueError` saying which is wrong.

    >>> from engine.core.cards import parse_cards
    >>> check_setup([parse_cards("2C 2C")], parse_cards("3C"), [], 0, 2, 1)
    Traceback (most recent call last):
    ...
    ValueError: 2♣ appears too often for one pack
    """
    if not pile:
        raise ValueError("the pile needs at least its top card")
    whole_number("turn", turn, *seats(players))
    counts = Counter([card for hand in hands for card in hand] + list(pile) + list(stock))
    extra = [card.display for card, n in sorted(counts.items()) if n > packs]
    if extra:
        held = "one pack" if packs == 1 else "two packs"
        raise ValueError(f"{', '.join(extra)} appear{'s' if len(extra) == 1 else ''} too often for {held}")


def stand_in_deal(cards: list[Card], upcard: Card, players: int, size: int) -> tuple[list[list[Card]], list[Card]]:
    """A bot request's replay starts from this deal: *cards* (the whole pack) less *upcard*, in a fixed order,
    *size* cards to each of the *players* hands and the rest the stock. Which hidden card stands where is nobody's
    business: :func:`bring` puts in place each card the request shows.

    >>> from engine.core.cards import parse_cards
    >>> hands, stock = stand_in_deal(parse_cards("2C 3C 4C 5C 6C 7C"), Card.parse("4C"), 2, 2)
    >>> [codes(hand) for hand in hands], codes(stock)
    (['2C 3C', '5C 6C'], '7C')
    """
    rest = list(cards)
    rest.remove(upcard)
    return [rest[seat * size : (seat + 1) * size] for seat in range(players)], rest[players * size :]


def fit_hand(hands: Sequence[list[Card]], stock: list[Card], seat: int, hand: Sequence[Card]) -> None:
    """Give *seat* a bot request's *hand*, each card brought (:func:`bring`) from wherever unseen it lies (another
    hand, the *stock*). A hand that cannot be fitted (the wrong size, a card more often than the packs hold it) is
    left as the replay dealt it, for the core's check (:func:`engine.core.protocol.check_position`) to name what is
    wrong."""
    if len(hand) != len(hands[seat]):
        return
    try:
        for card in (Counter(hand) - Counter(hands[seat])).elements():
            bring(hands, stock, seat, card, "hand", keep=hand)
    except ValueError:
        return


def fitted_position(
    state: Any, seat: int, given: Sequence[Card], pack: Sequence[Card], view_of: Callable[[Any, int], Any]
) -> SeatPosition:
    """The position a bot request's replay leaves *seat* in, once the request's hand (*given*) is fitted into it
    (:func:`fit_hand`): the seat's view (*view_of(state, seat)*) and what the core checks, the pile face up and the
    stock hidden. *state* keeps ``hands``, ``_stock`` and ``pile`` and counts its hands (``counts()``)."""
    fit_hand(state.hands, state._stock, seat, given)
    return SeatPosition(
        view_of(state, seat),
        seat,
        pack,
        given,
        tuple(state.hands[seat]),
        state.counts(),
        {"on the pile": tuple(state.pile)},
        len(state._stock),
    )


def request_card(code: object, what: str) -> Card:
    """A card of a bot request (any form :meth:`Card.parse` reads); :class:`ValueError` naming *what* otherwise."""
    if not isinstance(code, str):
        raise ValueError(f"{what}: card {shown(code)} must be a string such as '10H'")
    try:
        return Card.parse(code)
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None


def request_list(value: object, what: str) -> list[Any]:
    """A list of a bot request; :class:`ValueError` naming *what* otherwise."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {shown(value)}")
    return value


def places(
    hands: Sequence[Sequence[Card]], stock: Sequence[Card], pile: Sequence[Card], **heaps: Sequence[Card]
) -> dict[str, list[Card]]:
    """Where every card of a deal is (the contract suite's ``GameType.cards``): ``"hand 0"``, ``"hand 1"``, …,
    ``"stock"``, ``"pile"`` and any other *heaps* the game keeps.

    >>> from engine.core.cards import parse_cards
    >>> places([parse_cards("2C"), []], parse_cards("3C"), parse_cards("4C"))
    {'hand 0': [Card.parse('2C')], 'hand 1': [], 'stock': [Card.parse('3C')], 'pile': [Card.parse('4C')]}
    """
    found = {f"hand {seat}": list(hand) for seat, hand in enumerate(hands)}
    return {**found, "stock": list(stock), "pile": list(pile), **{name: list(cards) for name, cards in heaps.items()}}


# -- what a page draws --------------------------------------------------------------------------------------------


def card_json(card: Card, **marks: bool) -> dict[str, Any]:
    """A card as a page draws it: its code, its display, its name, its suit's code, and the game's *marks*.

    >>> card_json(Card.parse("AS"), wild=True)
    {'code': 'AS', 'display': 'A♠', 'name': 'ace of spades', 'suit': 'S', 'wild': True}
    """
    return {"code": card.code, "display": card.display, "name": card.name, "suit": card.suit.value, **marks}


def suit_json(suit: Suit) -> dict[str, Any]:
    """A suit as a page names it (the suit to follow, a suit to choose).

    >>> suit_json(Suit.HEARTS)
    {'code': 'H', 'name': 'hearts', 'symbol': '♥'}
    """
    return {"code": suit.value, "name": suit.plural, "symbol": suit.symbol}


def tally_or_points_json(scoring: str) -> dict[str, Any]:
    """What a match's scores are (see :meth:`engine.core.session.DealSession._score_json`) under a game's
    ``scoring`` option: ``tally``, deals won, most is best; ``points``, points for the cards left, lowest is best.

    >>> tally_or_points_json("points")
    {'scoring': 'points', 'heading': 'Points', 'signed': False, 'lower_is_better': True}
    >>> tally_or_points_json("tally")["heading"]
    'Deals won'
    """
    points = scoring == "points"
    return {
        "scoring": scoring,
        "heading": "Points" if points else "Deals won",
        "signed": False,
        "lower_is_better": points,
    }
