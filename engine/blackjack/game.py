"""A whole deal of Blackjack: its turns as a record writes them (a chain, a draw, a pick-up, a pass, and the
calls), each reshuffle where the draw or penalty that needed it stands, and the scores.

The deal and its record are a :class:`~engine.core.pile_game.PileGame`'s; a
turn built one card at a time is written as one move once it ends, and a
record under ``scoring=points`` adds the points.

>>> game = Game.new(Rules(), seed=7)
>>> game.act(game.turn, Draw())
>>> Game.from_json(game.to_json()).state.text() == game.state.text()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core.cards import Card, Rank
from ..core.fields import move_seat
from ..core.jsontext import shown
from ..core.pile import record_cards
from ..core.pile_game import PileGame
from ..core.records import RecordError, record_suit
from .rules import Rules, card_points
from .state import Action, Chain, Draw, IllegalAction, Move, Pass, PickUp, RecordedAction, State, deal
from .view import PlayerView

__all__ = [
    "Game",
    "RecordError",
    "action_from_json",
    "check_upcard",
    "move_to_json",
    "replay_moves",
    "scores",
]

GAME_NAME = "blackjack"


def move_to_json(move: Move) -> dict[str, Any]:
    """A move as a record writes it: ``{"seat": 1, "chain": ["5S", "6S"], "last": true}``, ``{"seat": 0,
    "pickup": 4}``, …"""
    action = move.action
    entry: dict[str, Any] = {"seat": move.seat}
    if isinstance(action, Chain):
        entry["chain"] = [card.code for card in action.cards]
        if action.suit is not None:
            entry["suit"] = action.suit.value
    elif isinstance(action, Draw):
        entry["draw"] = True
    elif isinstance(action, PickUp):
        entry["pickup"] = move.got
    else:
        entry["pass"] = True
    if action.last:
        entry["last"] = True
    return entry


_EXAMPLE = (
    '{"seat": 0, "chain": ["7D"]}, {"seat": 1, "draw": true}, {"seat": 2, "pickup": 2} or {"seat": 3, "pass": true}'
)


def action_from_json(data: object, players: int) -> tuple[int, RecordedAction, int | None]:
    """Read one move entry: its seat, its action and, for a pick-up, the cards it says were drawn."""
    if not isinstance(data, dict):
        raise ValueError(f"a move must be an object like {_EXAMPLE}, not {shown(data)}")
    seat = move_seat(data, players)
    keys = set(data) - {"seat", "last"}
    last = False
    if "last" in data:
        if data["last"] is not True:
            raise ValueError(f'move {shown(data)}: "last" is written only as true, where the player called Last cards')
        last = True
    if keys == {"draw"} and data["draw"] is True:
        return seat, Draw(last), None
    if keys == {"pass"} and data["pass"] is True:
        return seat, Pass(last), None
    if keys == {"pickup"}:
        got = data["pickup"]
        if type(got) is not int or got < 0:
            raise ValueError(f"move {shown(data)}: pickup is the number of cards drawn, a whole number")
        return seat, PickUp(last), got
    if "chain" in keys and keys <= {"chain", "suit"}:
        cards = record_cards(data["chain"], f"move {shown(data)}: chain")
        suit = record_suit(data, f"move {shown(data)}")
        return seat, Chain(tuple(cards), suit, last), None
    raise ValueError(f"move {shown(data)}: expected one of {_EXAMPLE}, or a reshuffle")


def scores(state: State) -> list[int]:
    """Each seat's score for the deal: a win (1 for the winner) under ``tally``, the points of the cards left
    under ``points`` (the winner has none)."""
    rules = state.rules
    if rules.scoring == "tally":
        return [1 if seat == state.winner else 0 for seat in range(rules.players)]
    return [sum(card_points(rules, card) for card in hand) for hand in state.hands]


def check_upcard(rules: Rules, upcard: Card) -> None:
    """:class:`ValueError` if *upcard* cannot be the turned card under *rules* (a record's and a bot request's)."""
    if rules.wild == "8" and upcard.rank == Rank.EIGHT:
        raise ValueError("under wild=8 a turned 8 goes back into the stock, so it is never the up-card")


def _is_reshuffle(entry: object) -> bool:
    return isinstance(entry, dict) and set(entry) == {"reshuffle"}


# Called before each move is applied: its number, seat, action, and the entry of the next move (None: none).
BeforeMove = Callable[[int, int, RecordedAction, object], None]


def replay_moves(game: Game, moves: list[object], prefix: str, before: BeforeMove | None = None) -> _RecordedChance:
    """Apply a record's *moves* to *game*: each move as the rules allow it, each reshuffle entry (the new stock, top
    first) where the draw or pick-up right after it, or the penalty card of the move right before it, needs one, and
    nowhere else. A :class:`RecordError` says what is wrong, each place named *prefix* + ``move N``. A record and a
    bot request are replayed alike; *before* lets a request's replay put its stand-in cards in place first.
    Returns the chance, which knows the sizes of the reshuffles."""
    chance = _RecordedChance()
    game.chance = chance
    players = game.rules.players
    position = 0
    while position < len(moves):
        reshuffle = None
        if _is_reshuffle(moves[position]):
            reshuffle = moves[position]
            position += 1
            if position == len(moves):
                raise RecordError(f"{prefix}move {position}: a reshuffle where no draw needs one")
        number = position + 1
        try:
            seat, action, got = action_from_json(moves[position], players)
        except ValueError as error:
            raise RecordError(f"{prefix}move {number}: {error}") from None
        after = moves[position + 1] if position + 1 < len(moves) and _is_reshuffle(moves[position + 1]) else None
        if before is not None:
            following = next((entry for entry in moves[position + 1 :] if not _is_reshuffle(entry)), None)
            before(number, seat, action, following)
        chance.before, chance.used_before = reshuffle, False
        chance.after, chance.used_after = (after if isinstance(action, Chain) else None), False
        chance.where = f"{prefix}move {number}"
        try:
            drawn = game.state.apply(seat, action, chance)
        except IllegalAction as error:
            raise RecordError(f"{prefix}move {number} ({_describe(seat, action)}): {error.reason}") from None
        if reshuffle is not None and not chance.used_before:
            raise RecordError(f"{prefix}move {number - 1}: a reshuffle where no draw needs one")
        if got is not None and got != drawn:
            raise RecordError(f"{prefix}move {number}: says seat {seat} picked up {got}, but the stock gave {drawn}")
        position += 2 if chance.used_after else 1
    return chance


class _RecordedChance:
    """Reshuffles read from a record: the entry right before a draw or pick-up, or right after the move whose
    penalty card needed it."""

    def __init__(self) -> None:
        self.before: object = None
        self.after: object = None
        self.used_before = self.used_after = False
        self.sizes: list[int] = []
        self.where = ""

    def reshuffle(self, cards: Sequence[Card]) -> Sequence[Card]:
        entry = None
        if self.before is not None and not self.used_before:
            entry, self.used_before = self.before, True
        elif self.after is not None and not self.used_after:
            entry, self.used_after = self.after, True
        if entry is None:
            raise RecordError(f"{self.where}: the stock runs out here, so a reshuffle entry is needed")
        assert isinstance(entry, dict)
        self.sizes.append(len(cards))
        try:
            return record_cards(entry["reshuffle"], "its new stock")
        except ValueError as error:
            raise RecordError(f"{self.where}: the reshuffle entry it needs: {error}") from None


class Game(PileGame[Rules, State, PlayerView], name=GAME_NAME, deal=deal, optional=("points",)):
    """A deal of Blackjack (a :class:`~engine.core.pile_game.PileGame`): a turn is built a step at a time and
    recorded whole (a chain, a draw, a pick-up or a pass), and the points are recorded under scoring=points."""

    @property
    def turn(self) -> int:
        return self.state.turn

    def legal_actions(self, seat: int) -> list[Action]:
        return self.state.legal_actions(seat)

    def score(self) -> list[int]:
        return scores(self.state)

    # -- records ---------------------------------------------------------------------------

    def _move_json(self, event: object) -> dict[str, Any] | None:
        return move_to_json(event) if isinstance(event, Move) else None

    def _result_fields(self) -> dict[str, Any]:
        return {"points": self.score()} if self.rules.scoring == "points" else {}

    def _recorded_remaining(self) -> list[int]:
        """The cards each hand holds as of the last whole turn: the record folds a turn into one move when it ends,
        so the cards laid so far in a turn still being built count in their player's hand (saved mid-chain, the
        deal restores to the start of that turn)."""
        counts = self.remaining()
        counts[self.state.turn] += len(self.state.laid)
        return counts

    @classmethod
    def _check_upcard(cls, rules: Rules, upcard: Card) -> None:
        check_upcard(rules, upcard)

    def _replay(self, moves: list[object], data: dict[str, Any]) -> Sequence[int]:
        return replay_moves(self, moves, "game record ").sizes

    def _check_result(self, data: dict[str, Any]) -> None:
        if self.rules.scoring == "points":
            if data.get("points") != self.score():
                raise RecordError(
                    f"game record says the points are {shown(data.get('points'))}, but the hands give {self.score()!r}"
                )
        elif "points" in data:
            raise RecordError("game record points: present only under scoring=points")


def _describe(seat: int, action: RecordedAction) -> str:
    if isinstance(action, Chain):
        return f"seat {seat} lays {' '.join(card.code for card in action.cards)}"
    word = {Draw: "draws", PickUp: "picks up", Pass: "passes"}[type(action)]
    return f"seat {seat} {word}"
