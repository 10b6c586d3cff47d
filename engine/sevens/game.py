"""A whole deal of Sevens: the dealt hands, every move in order, and its game record.

A record is plain JSON and replays move by move through the rules, so a
record that contains an illegal move, or whose result does not match its
moves, is refused with the reason (see :mod:`engine.core.records` for the
envelope every game shares).

>>> game = Game.new(7)
>>> game.position.turn == game.opener
True
>>> Game.from_json(game.to_json()).position == game.position
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ..core.cards import ALL_CARDS, Card, cards_of, mask_of
from ..core.game import YOU, Player
from ..core.jsontext import shown
from ..core.records import RecordError, check_keys, is_legacy, read_envelope, read_record, record_card
from .deal import deal_hands
from .moves import Move
from .players.random_player import RandomPlayer
from .position import FLIPS, FLIPS_ANY_SEVEN, IllegalMove, Position, playable_mask
from .rules import DEFAULT, SevensRules
from .view import PlayerView

__all__ = ["DEFAULT_NAMES", "YOU", "Game", "RecordError", "default_names"]

DEFAULT_NAMES = ("You", "Robin", "Alex", "Sam")
RECORD_KEYS = ("game", "rules", "seed", "players", "dealer", "hands", "moves", "winner", "remaining")
LEGACY_KEYS = ("rules", "seed", "players", "hands", "moves", "winner", "remaining")


def default_names(players: int) -> tuple[str, ...]:
    """You, then Robin, Alex and Sam round the table again as often as the seats need (numbered from the second round)."""
    if players == len(DEFAULT_NAMES):
        return DEFAULT_NAMES
    bots = DEFAULT_NAMES[1:]
    return ("You", *(bots[i % 3] + (f" {i // 3 + 1}" if i >= 3 else "") for i in range(players - 1)))


class Game:
    """A deal of Sevens in progress or finished, with its full history: the one source of truth for it."""

    def __init__(
        self,
        hands: Sequence[int],
        *,
        seed: int | None = None,
        players: Sequence[str] | None = None,
        rules: SevensRules | None = None,
        dealer: int = 0,
    ):
        rules = rules if rules is not None else (DEFAULT if len(hands) == 4 else SevensRules(players=len(hands)))
        names = tuple(players) if players is not None else default_names(rules.players)
        if len(names) != rules.players:
            raise ValueError(f"a game of {rules.players} players needs {rules.players} player names, got {len(names)}")
        if not 0 <= dealer < rules.players:
            raise ValueError(f"dealer {dealer} is not a seat: use 0 to {rules.players - 1}")
        self.rules = rules
        self.seed = seed
        self.names = names
        self.dealer = dealer
        self.dealt = tuple(hands)
        self.position = Position.deal(self.dealt, rules, dealer)
        self.opener = self.position.turn
        self._moves: list[Move] = []
        self._played: list[int] = []  # moves played by play_to_end's fast loop, as card bits (0: a pass)

    @property
    def players(self) -> tuple[str, ...]:
        return self.names

    @property
    def moves(self) -> list[Move]:
        """Every move so far, in order."""
        if self._played:  # made into Move objects only when somebody reads them
            seat = self.opener
            count = self.rules.players
            for bit in self._played:
                self._moves.append(Move(seat, ALL_CARDS[bit.bit_length() - 1] if bit else None))
                seat = (seat + 1) % count
            self._played = []
        return self._moves

    def play_to_end(self, players: Sequence[Player]) -> None:
        """Let computer *players* (one a seat) play the deal out.

        Under plain rules, when every player can choose from a set of cards
        (``pick``, as ``random`` does), this runs on bit masks alone: no view,
        no move object and no explanation is made until somebody asks.
        """
        if self.rules.is_plain and not self._moves and all(hasattr(p, "pick") for p in players):
            sources = {id(p.rng) for p in players if type(p) is RandomPlayer}
            alike = len(sources) == 1 and all(type(p) is RandomPlayer for p in players)
            shared = players[0].rng.random if alike else None  # type: ignore[attr-defined]
            self._play_fast([p.pick for p in players], shared)  # type: ignore[attr-defined]
            return
        while not self.position.is_over:
            seat = self.position.turn
            self.act(seat, players[seat].decide(self.view(seat)).action)

    def _play_fast(self, picks: list[Callable[[int], int]], shared: Callable[[], float] | None = None) -> None:
        """Play the deal out on bit masks, each seat choosing with its *picks*; with *shared*, every seat is a
        ``random`` player drawing from that one source, and its :meth:`RandomPlayer.pick` is written out here."""
        pos = self.position
        hands = list(pos.hands)
        passes = list(pos.passes)
        table = pos.table
        turn = pos.turn
        count = len(hands)
        fits = playable_mask(table, self.rules.opening)
        flips = FLIPS if self.rules.opening == "7D" else FLIPS_ANY_SEVEN
        played = self._played
        while True:
            hand = hands[turn]
            legal = fits & hand
            if legal:
                if shared is None:
                    bit = picks[turn](legal)
                else:
                    skip = int(shared() * legal.bit_count())
                    while skip:
                        legal &= legal - 1
                        skip -= 1
                    bit = legal & -legal
                hand ^= bit
                hands[turn] = hand
                fits ^= flips[bit]
                table |= bit
                played.append(bit)
                if not hand:
                    break
            else:
                played.append(0)
                passes[turn] += 1
            turn = (turn + 1) % count
        self.position = Position(table, hands, turn, self.rules, passes=passes, done=(turn,))

    @property
    def has_record(self) -> bool:
        """Whether the deal was dealt (and can be written as a record), not set up from a position."""
        return bool(self.dealt)

    @classmethod
    def from_position(cls, position: Position, names: Sequence[str] | None = None) -> Game:
        """A deal that starts from *position* (a lesson's guided deal): it plays like any other but has no record."""
        game = cls.__new__(cls)
        game.rules = position.rules
        game.seed = None
        game.names = tuple(names) if names is not None else default_names(position.rules.players)
        game.dealer = 0
        game.dealt = ()
        game.position = position
        game.opener = position.turn
        game._moves = []
        game._played = []
        return game

    @classmethod
    def from_hands(cls, hands: Sequence[int], *, seed: int | None = None, players: Sequence[str] | None = None) -> Game:
        return cls(hands, seed=seed, players=players)

    @classmethod
    def new(
        cls, seed: int, players: Sequence[str] | None = None, *, rules: SevensRules = DEFAULT, dealer: int = 0
    ) -> Game:
        """A fresh deal shuffled from *seed*, dealt by *dealer*."""
        return cls(deal_hands(seed, rules.players, dealer), seed=seed, players=players, rules=rules, dealer=dealer)

    # -- playing ----------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.position.turn

    @property
    def winner(self) -> int | None:
        return self.position.winner

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    @property
    def waiting(self) -> tuple[int, ...]:
        return () if self.position.is_over else (self.position.turn,)

    def play(self, card: Card | None) -> Move:
        """The player to move plays *card* (``None`` passes); :class:`IllegalMove` if not allowed."""
        seat = self.position.turn
        self.position = self.position.play(card) if card is not None else self.position.pass_turn()
        move = Move(seat, card)
        self.moves.append(move)
        return move

    def legal_actions(self, seat: int) -> list[Card | None]:
        """The cards *seat* may play now, and ``None`` if it may pass."""
        if seat != self.position.turn or self.is_over:
            return []
        cards: list[Card | None] = [*self.position.legal_moves()]
        return [*cards, None] if self.position.may_pass() else cards

    def why_illegal(self, seat: int, card: Card | None) -> str | None:
        """Why *seat* may not play *card* (or pass, for ``None``) now; ``None`` if it may."""
        if seat != self.position.turn and not self.is_over:
            return f"it is {self.names[self.position.turn]}'s turn, not {self.names[seat]}'s"
        return self.position.why_illegal(card)

    def act(self, seat: int, card: Card | None) -> None:
        reason = self.why_illegal(seat, card)
        if reason:
            raise IllegalMove(reason, self.position)
        self.play(card)

    def view(self, seat: int | None = None) -> PlayerView:
        """What *seat* (by default the player to move) may see."""
        if seat is None:
            seat = self.position.turn
        pos = self.position
        return PlayerView(
            seat,
            pos.hands[seat],
            pos.table,
            pos.counts(),
            tuple(self.moves),
            pos.rules,
            pos.loose,
            pos.passes,
            pos.out,
            pos.done,
        )

    def remaining(self) -> list[int]:
        return list(self.position.counts())

    def places(self) -> list[int] | None:
        return self.position.places()

    def chips(self) -> list[int] | None:
        """Each seat's gain or loss in chips, once the winner is known (``scoring=chips`` only)."""
        return list(self.position.chips) if self.position.chips is not None else None

    def score(self) -> list[int]:
        """What the deal adds to each seat's score in a match: chips, or 1 for the winner."""
        chips = self.chips()
        if chips is not None:
            return chips
        return [int(seat == self.winner) for seat in range(self.rules.players)]

    def last_card(self) -> Card | None:
        """The card that ended the deal, once it is over (``None`` if it ended on a pass)."""
        if not self.is_over or not self.moves:
            return None
        return self.moves[-1].card

    # -- records ------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        if not self.dealt:
            raise ValueError("a guided deal has no game record")
        data: dict[str, Any] = {
            "game": "sevens",
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "players": list(self.names),
            "dealer": self.dealer,
            "hands": [[card.code for card in cards_of(hand)] for hand in self.dealt],
            "moves": [move.to_json() for move in self.moves],
            "winner": self.winner,
            "remaining": self.remaining(),
        }
        if self.rules.finish == "places":
            data["places"] = self.places()
        if self.rules.scoring == "chips":
            data["chips"] = self.chips()
        return data

    def to_json(self) -> str:
        return json.dumps(self.record(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Read and replay a record written by :meth:`to_json`; :class:`RecordError` says what is wrong with any other text."""
        game = read_record(text)
        if not isinstance(game, Game):
            raise RecordError("game record is not a record of Sevens")
        return game

    @classmethod
    def from_record(cls, data: object) -> Game:
        """Replay a record, checking every move and the stated result; :class:`RecordError` if it does not hold."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if is_legacy(data):
            check_keys(data, LEGACY_KEYS)
        else:
            check_keys(data, RECORD_KEYS, ("places", "chips"))
            if data["game"] != "sevens":
                raise RecordError(f"game record game {shown(data['game'])}: this reader replays only 'sevens'")
        from . import SEVENS  # the registered game, which reads the rules in every form records have used

        envelope = read_envelope(data, SEVENS)
        rules: SevensRules = envelope.rules
        count = rules.players
        hands_data = data["hands"]
        if not (isinstance(hands_data, list) and len(hands_data) == count):
            raise RecordError(f"game record hands must be a list of {count} lists of cards")
        hands = []
        for seat, hand in enumerate(hands_data):
            if not isinstance(hand, list):
                raise RecordError(f"game record hand {seat} must be a list of card codes")
            try:
                hands.append(mask_of(record_card(code) for code in hand))
            except ValueError as error:
                raise RecordError(f"game record hand {seat}: {error}") from None
        try:
            game = cls(hands, seed=envelope.seed, players=envelope.names, rules=rules, dealer=envelope.dealer)
        except ValueError as error:
            raise RecordError(f"game record hands: {error}") from None
        moves = data["moves"]
        if not isinstance(moves, list):
            raise RecordError("game record moves must be a list")
        for number, move_data in enumerate(moves, start=1):
            try:
                move = Move.from_json(move_data, count)
                if move.card is not None:
                    record_card(move_data["play"])
            except ValueError as error:
                raise RecordError(f"game record move {number}: {error}") from None
            if game.is_over:
                raise RecordError(f"game record move {number}: the deal is already over, won by seat {game.winner}")
            if move.seat != game.turn:
                raise RecordError(f"game record move {number}: it is seat {game.turn}'s turn, not seat {move.seat}'s")
            try:
                game.play(move.card)
            except IllegalMove as error:
                action = "passes" if move.card is None else f"plays {move.card.code}"
                raise RecordError(f"game record move {number} (seat {move.seat} {action}): {error.reason}") from None
        _check_result(data, game, "winner", game.winner, "the winner is")
        remaining = data["remaining"]
        if not (isinstance(remaining, list) and all(type(count) is int for count in remaining)):
            raise RecordError(f"game record remaining {shown(remaining)} must be a list of {count} whole numbers")
        if remaining != game.remaining():
            raise RecordError(
                f"game record says {shown(remaining)} cards remain, but the moves leave {game.remaining()!r}"
            )
        if rules.finish == "places" and not is_legacy(data):
            _check_result(data, game, "places", game.places(), "the places are")
        elif "places" in data:
            raise RecordError("game record places: only a deal with finish=places has places")
        if rules.scoring == "chips":
            _check_result(data, game, "chips", game.chips(), "the chips are")
        elif "chips" in data:
            raise RecordError("game record chips: only a deal with scoring=chips has chips")
        return game


def _check_result(data: dict[str, Any], game: Game, key: str, actual: object, says: str) -> None:
    if key not in data:
        raise RecordError(f"game record keys: missing {key}")
    stated = data[key]
    if key == "winner" and stated is not None and type(stated) is not int:
        raise RecordError(f"game record winner {shown(stated)} must be a seat number or null")
    if stated != actual or type(stated) is not type(actual):
        raise RecordError(f"game record says {says} {shown(stated)}, but the moves give {actual!r}")
