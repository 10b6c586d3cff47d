"""What every game's browser session shares (the page's side is :mod:`engine.core.webapi`).

A session holds one deal and the computer players around it: the players in
seats 1 onwards, the adviser that suggests your moves, and for a lesson's
guided deal its script and goal. A game's session subclasses
:class:`DealSession`, hands it the game's computer players, and adds its own
moves and state; nothing here knows any game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import Any, Generic, TypeVar

from .game import Deal, Player, find_game, requested_rules
from .webapi import read_seats, recorded_seats, seat_players

__all__ = ["BOT_NAMES", "DealSession"]

# Who sits in seats 1 onwards when the page names nobody, round the table.
BOT_NAMES = ("robin", "alex", "sam")

JSON = dict[str, Any]

G = TypeVar("G", bound=Deal)
P = TypeVar("P", bound=Player)


class DealSession(Generic[G, P]):
    """One deal in the browser, of a game whose deals are *G* and computer players *P*.

    *make_player* builds a computer player by name from its own random source; *known* are the names it knows;
    *adviser* is the player that suggests your moves; *starts* names the methods that start a deal (for the
    message when there is none yet).
    """

    game_name: str  # the game's name in the registry
    methods: tuple[str, ...]  # what a page may ask of the session (see engine.core.webapi)

    def __init__(
        self,
        make_player: Callable[[str, random.Random], P],
        known: Collection[str],
        *,
        adviser: str = "sam",
        starts: str = "new_game or guided",
    ) -> None:
        self.make_player = make_player
        self.known = known
        self.adviser_name = adviser
        self.starts = starts
        self.game: G | None = None
        self.bots: dict[int, P] = {}
        self.adviser: P = make_player(adviser, random.Random(0))
        self.script: list[Any] = []  # a guided deal's computer moves, in the game's own form
        self.goal: str | None = None
        self.notice: str | None = None
        self.comment: str | None = None

    def _rules(self, rules: object) -> Any:
        """The rules the page asks for (see :func:`~engine.core.game.requested_rules`), of this session's game."""
        return requested_rules(find_game(self.game_name), rules)

    def _seats(self, seats: object, players: int) -> list[str]:
        """The computer players the page asks for in seats 1 onwards (Robin, Alex, Sam round the table by default)."""
        return read_seats(seats, players, self.known, BOT_NAMES)

    def _recorded(self, names: Sequence[str]) -> list[str]:
        """The computer players behind a record's seat names (seat 1 onwards), to sit down to it again."""
        return recorded_seats(names, self.known, BOT_NAMES)

    def _start(self, game: G, bots: Sequence[str]) -> None:
        """Sit down to *game* with the computer players *bots* in seats 1 onwards; each player, and the adviser,
        draws its chance from the deal's seed, so a deal plays out the same again."""
        self.game = game
        base = game.seed if game.seed is not None else 0
        self.bots = seat_players(base, bots, self.make_player)
        self.adviser = self.make_player(self.adviser_name, random.Random(base))
        self.script = []
        self.goal = None
        self.notice = None
        self.comment = None
        self._sat_down(game, base)

    def _sat_down(self, game: G, seed: int) -> None:
        """What else a game sets up for a new deal, after :meth:`_start` (*seed*: the deal's, or 0 for a lesson's)."""

    @property
    def _game(self) -> G:
        if self.game is None:
            raise ValueError(f"no deal yet: start one with {self.starts}")
        return self.game

    def _bot_names(self) -> list[str]:
        """The computer players at the table, seat 1 onwards, to sit down again to another deal."""
        return [bot.name for _, bot in sorted(self.bots.items())]

    def record(self) -> str:
        """The game record (JSON text) of the deal in progress or finished."""
        return self._game.to_json()

    def state(self) -> JSON:
        raise NotImplementedError

    def _wrap(self) -> JSON:
        return {"state": self.state()}
