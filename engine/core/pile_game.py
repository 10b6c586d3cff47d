"""A whole deal of a game played on a discard pile: the deal as dealt, every move, and its game record.

What every such game's deal shares lives here; each game's ``Game`` names its
parts and says what is its own. Chance is written out in the record (the hands,
the stock top first, the up-card, and the new stock of every reshuffle), so a
record replays move by move without any random generator, and one that breaks a
rule or whose result does not match its moves is refused with the reason.

A game's ``Game`` subclasses ``PileGame[Rules, State, PlayerView]``, which
names its parts: its rules (whose ``registered`` is the registry's game type,
which reads a record's rules and knows the full pack), its state (a
:class:`~engine.core.pile.DiscardPile` made as ``State(rules, hands, stock,
upcard, dealer)``) and its view (``PlayerView.of(state, seat)``). It says as
it subclasses it its ``name`` (the record's ``"game"``), its ``deal``
(``deal(rules, rng, dealer)``, a state fresh from the shuffle) and the fields
its record may add to :data:`RECORD_KEYS` (``optional``);

and answers ``turn``, :meth:`PileGame._move_json` (a move as the record writes
it), :meth:`PileGame._replay` (the record's moves applied, checked) and
:func:`scores`; the other hooks (:meth:`PileGame._check_upcard`,
:meth:`PileGame._recorded_remaining`, :meth:`PileGame._result_fields`,
:meth:`PileGame._check_result`) have defaults that ask nothing more.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar, get_args, get_origin

from .cards import Card
from .chance import check_seed
from .game import Player
from .jsontext import read_json, shown
from .pile import Chance, Reshuffle, SeededChance, pack_difference, record_cards
from .records import RecordError, check_keys, read_envelope, record_card

__all__ = ["RECORD_KEYS", "PileGame"]

# The fields of a record: how the deal was dealt, its moves (and reshuffles) and its result.
RECORD_KEYS = ("game", "rules", "seed", "players", "dealer", "hands", "stock", "upcard", "moves", "winner", "remaining")

R = TypeVar("R")  # the game's rules
S = TypeVar("S")  # its state: a DiscardPile
V = TypeVar("V")  # what one seat sees


class PileGame(Generic[R, S, V]):
    """A deal of a pile game in progress or finished, with the names at the table and its full history."""

    game_name: ClassVar[str]
    optional_keys: ClassVar[tuple[str, ...]]
    rules_class: ClassVar[Any]
    state_class: ClassVar[Any]
    view_class: ClassVar[Any]
    deal_function: ClassVar[Callable[[Any, random.Random, int], Any]]

    # The fields of its record that say how the deal was dealt (the rest is its play and outcome).
    dealt_fields: tuple[str, ...] = RECORD_KEYS[:8]

    def __init_subclass__(
        cls, *, name: str, deal: Callable[[Any, random.Random, int], Any], optional: tuple[str, ...] = (), **kwargs: Any
    ) -> None:
        """The game's parts (see the module docstring): its rules, state and view are the base's type arguments."""
        super().__init_subclass__(**kwargs)
        base = next(base for base in cls.__dict__.get("__orig_bases__", ()) if get_origin(base) is PileGame)
        cls.rules_class, cls.state_class, cls.view_class = get_args(base)
        cls.game_name, cls.deal_function, cls.optional_keys = name, deal, optional

    def __init__(
        self,
        rules: R,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        upcard: Card,
        *,
        dealer: int = 0,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        chance: Chance | None = None,
    ) -> None:
        given: Any = rules
        players: int = given.players
        names = tuple(names) if names is not None else tuple(f"Player {seat + 1}" for seat in range(players))
        if len(names) != players:
            raise ValueError(f"a game of {players} players needs {players} names, got {len(names)}")
        if not 0 <= dealer < players:
            raise ValueError(f"dealer {dealer} is not a seat: seats are 0 to {players - 1}")
        self.rules: R = rules
        self.seed = seed
        self.names = names
        self.dealer = dealer
        self.dealt = tuple(tuple(hand) for hand in hands)
        self.stock = tuple(stock)
        self.upcard = upcard
        self.state: S = self.state_class(rules, hands, stock, upcard, dealer)
        self.chance: Chance = chance if chance is not None else SeededChance(random.Random(seed))
        self.has_record = True  # False for a deal set up from a position, whose dealt cards nobody knows

    @classmethod
    def from_state(cls, state: S, *, names: Sequence[str] | None = None) -> Self:
        """A deal played on from *state* (a lesson's position): it has no record, and reshuffles are seeded from 0."""
        start: Any = state
        game = cls(start.rules, start.hands, start.stock, start.top, dealer=start.dealer, names=names)
        game.state = state
        game.chance = SeededChance(random.Random(0))
        game.has_record = False
        return game

    @classmethod
    def new(cls, rules: R, seed: int, *, dealer: int = 0, names: Sequence[str] | None = None) -> Self:
        """A fresh deal shuffled from *seed*; the same random source then makes every reshuffle."""
        rng = random.Random(check_seed(seed))
        dealt = cls.deal_function(rules, rng, dealer)
        return cls(
            rules, dealt.hands, dealt.stock, dealt.top, dealer=dealer, seed=seed, names=names, chance=SeededChance(rng)
        )

    @property
    def _pile(self) -> Any:
        """The state, as this base reads it (a DiscardPile of the game's own kind)."""
        return self.state

    # -- playing ----------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        over: bool = self._pile.is_over
        return over

    @property
    def winner(self) -> int | None:
        winner: int | None = self._pile.winner
        return winner

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats to act, the first one next (see the state's ``waiting``)."""
        waiting: tuple[int, ...] = self._pile.waiting
        return waiting

    def legal_actions(self, seat: int) -> list[Any]:
        actions: list[Any] = self._pile.legal_actions(seat)
        return actions

    def why_illegal(self, seat: int, action: Any) -> str | None:
        why: str | None = self._pile.why_illegal(seat, action)
        return why

    def act(self, seat: int, action: Any) -> None:
        """*seat* takes *action*; :class:`~engine.core.pile.IllegalAction` (a ``ValueError``) with the reason if the
        rules refuse it."""
        self._pile.apply(seat, action, self.chance)

    def view(self, seat: int) -> V:
        view: V = self.view_class.of(self.state, seat)
        return view

    def play_to_end(self, players: Sequence[Player]) -> None:
        """Let computer *players* (one a seat) play the deal out: the first seat waiting decides, again and again."""
        state = self._pile
        while not state.is_over:
            seat = state.waiting[0]
            self.act(seat, players[seat].decide(self.view(seat)).action)

    @property
    def events(self) -> list[Any]:
        events: list[Any] = self._pile.events
        return events

    def remaining(self) -> list[int]:
        remaining: list[int] = self._pile.remaining()
        return remaining

    def score(self) -> list[int]:
        """What the deal adds to each seat's score in a match (the game's ``scores``)."""
        raise NotImplementedError

    # -- records --------------------------------------------------------------------

    def _move_json(self, event: object) -> dict[str, Any] | None:
        """The record's entry for *event*, a move; ``None`` for an event the record does not write."""
        raise NotImplementedError

    def _recorded_remaining(self) -> list[int]:
        """The cards each hand holds, as the record says them."""
        return self.remaining()

    def _result_fields(self) -> dict[str, Any]:
        """The game's own fields of its record, after ``remaining``."""
        return {}

    def record(self) -> dict[str, Any]:
        if not self.has_record:
            raise ValueError("a deal set up from a position has no game record: its dealt cards are not known")
        rules: Any = self.rules
        moves: list[dict[str, Any]] = []
        for event in self._pile.events:
            if isinstance(event, Reshuffle):
                moves.append({"reshuffle": [card.code for card in event.stock]})
                continue
            entry = self._move_json(event)
            if entry is not None:
                moves.append(entry)
        return {
            "game": self.game_name,
            "rules": rules.to_json(),
            "seed": self.seed,
            "players": list(self.names),
            "dealer": self.dealer,
            "hands": [[card.code for card in hand] for hand in self.dealt],
            "stock": [card.code for card in self.stock],
            "upcard": self.upcard.code,
            "moves": moves,
            "winner": self.winner,
            "remaining": self._recorded_remaining(),
            **self._result_fields(),
        }

    def to_json(self) -> str:
        return json.dumps(self.record(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Read and replay a record; :class:`RecordError` says what is wrong with any other text."""
        try:
            data = read_json(text)
        except ValueError as error:
            raise RecordError(f"game record is {error}") from None
        return cls.from_record(data)

    @classmethod
    def _check_upcard(cls, rules: R, upcard: Card) -> None:
        """:class:`ValueError` if *upcard* cannot be the turned card under *rules*."""

    def _replay(self, moves: list[object], data: dict[str, Any]) -> Sequence[int]:
        """Apply the record's *moves* (of the record *data*), checking each; the sizes of the reshuffles they made."""
        raise NotImplementedError

    def _check_result(self, data: dict[str, Any]) -> None:
        """:class:`RecordError` if the game's own fields of the record *data* do not match the moves."""

    @classmethod
    def from_record(cls, data: object) -> Self:
        """Replay a record, checking every move, every reshuffle and the stated result."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        check_keys(data, RECORD_KEYS, cls.optional_keys)
        if data["game"] != cls.game_name:
            raise RecordError(f"game record game {shown(data['game'])}: expected {cls.game_name!r}")
        envelope = read_envelope(data, cls.rules_class.registered)
        rules = envelope.rules
        hands_data = data["hands"]
        if not (isinstance(hands_data, list) and len(hands_data) == rules.players):
            raise RecordError(f"game record hands must be a list of {rules.players} lists of cards")
        try:
            hands = [record_cards(hand, f"hand {seat}") for seat, hand in enumerate(hands_data)]
            stock = record_cards(data["stock"], "stock")
            upcard = record_card(data["upcard"])
        except ValueError as error:
            raise RecordError(f"game record: {error}") from None
        for seat, hand in enumerate(hands):
            if len(hand) != rules.deal_size:
                raise RecordError(f"game record hand {seat} has {len(hand)} cards; a deal gives {rules.deal_size}")
        dealt = Counter([card for hand in hands for card in hand] + stock + [upcard])
        full = Counter(envelope.game.pack(rules))
        if dealt != full:
            packs = "one pack of 52 cards" if full.total() == 52 else "two packs of 52 cards"
            raise RecordError(
                f"game record: the hands, stock and up-card are not {packs}: {pack_difference(dealt, full)}"
            )
        try:
            cls._check_upcard(rules, upcard)
        except ValueError as error:
            raise RecordError(f"game record upcard: {error}") from None
        moves = data["moves"]
        if not isinstance(moves, list):
            raise RecordError("game record moves must be a list")
        game = cls(rules, hands, stock, upcard, dealer=envelope.dealer, seed=envelope.seed, names=envelope.names)
        sizes = game._replay(moves, data)
        winner = data["winner"]
        if winner is not None and type(winner) is not int:
            raise RecordError(f"game record winner {shown(winner)} must be a seat number or null")
        if winner != game.winner:
            raise RecordError(f"game record says the winner is {shown(winner)}, but the moves give {game.winner!r}")
        if data["remaining"] != game.remaining():
            raise RecordError(
                f"game record says {shown(data['remaining'])} cards remain, but the moves leave {game.remaining()!r}"
            )
        game._check_result(data)
        game.chance = cls.chance_after(rules, envelope.seed, envelope.dealer, sizes)
        return game

    @classmethod
    def chance_after(cls, rules: R, seed: int | None, dealer: int, sizes: Sequence[int]) -> Chance:
        """The reshuffles of a deal played on after its record (a saved deal continued): the deal's random source
        from *seed*, brought to where it stood after the deal and the recorded reshuffles (of *sizes* cards each), so
        the deal goes on as it would have without the break. A shuffle draws as many numbers for any cards of one
        count."""
        rng = random.Random(seed if seed is not None else 0)
        cls.deal_function(rules, rng, dealer)
        for size in sizes:
            rng.shuffle(list(range(size)))
        return SeededChance(rng)
