"""What every game's browser session shares (the page's side is :mod:`engine.core.webapi`).

A session holds one deal and the computer players around it: the players in
seats 1 onwards, the adviser that suggests your moves, and for a lesson's
guided deal its script and goal. A deal may be one of a
:class:`~engine.core.match.Match`: the session starts it (``new_match``),
deals its next deal (``next_deal``), restores it from its deals' records
(``restore`` with *earlier*) and says its score (``match`` in the state). A
game's session subclasses :class:`DealSession`, hands it the game's computer
players, reads its records, names its scores, and adds its
own moves and state; nothing here knows any game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import Any, Generic, TypeVar

from .chance import fresh_or_parsed
from .game import Deal, Player, find_game, requested_rules
from .match import Match, rebuilt_match
from .text import seat_names
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
        starts: str = "new_game, new_match or guided",
    ) -> None:
        self.make_player = make_player
        self.known = known
        self.adviser_name = adviser
        self.starts = starts
        self.game: G | None = None
        self.match: Match | None = None  # the match the deal belongs to, if any
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

    # -- what each game says ------------------------------------------------------------

    def _read_record(self, record: str) -> G:
        """The game's deal from its record (JSON text), replayed and checked."""
        raise NotImplementedError

    def _score_json(self, rules: Any) -> JSON:
        """What a match's scores are under *rules*: ``scoring`` (the option's value), ``heading`` (their name over the score table), ``signed``
        (they may fall below zero, so a gain shows its +) and ``lower_is_better`` (the lowest total leads)."""
        raise NotImplementedError

    # -- starting ---------------------------------------------------------------------

    def new_game(self, seed: object = None, rules: object = None, seats: object = None) -> JSON:
        """A shuffled deal from *seed* (a number or its text; a fresh one when missing or garbage).

        *rules*: a preset's name, options text or an object of options; *seats*: the computer players for
        seats 1 onwards (Robin, Alex, Sam round the table by default).
        """
        number, notice = fresh_or_parsed(seed)
        the_rules = self._rules(rules)
        bots = self._seats(seats, the_rules.players)
        self._start(the_rules.game.new_deal(the_rules, number, names=seat_names(bots)), bots)
        self.notice = notice
        return self.state()

    def new_match(self, seed: object = None, rules: object = None, seats: object = None) -> JSON:
        """The first deal of a match (see :meth:`new_game`): deal *n* is shuffled from ``seed + n``, and the deal
        passes on as the game says."""
        number, notice = fresh_or_parsed(seed)
        the_rules = self._rules(rules)
        bots = self._seats(seats, the_rules.players)
        match = Match(the_rules, number, tuple(seat_names(bots)))
        self._start(self._dealt(match), bots, match)
        self.notice = notice
        return self.state()

    def next_deal(self) -> JSON:
        """The match's next deal, once the current one is over."""
        if self.match is None:
            raise ValueError("there is no match: start one with new_match")
        self._start(self._dealt(self.match), self._bot_names(), self.match)
        return self.state()

    @staticmethod
    def _dealt(match: Match) -> G:
        game: G = match.next_deal()  # type: ignore[assignment]  # the match deals the session's game
        return game

    def restore(self, record: str, earlier: object = None) -> JSON:
        """Go back to a saved deal: the record is replayed and checked move by move.

        *earlier*: for a deal of a match, the records of the match's deals before it, in order; the match
        (its score and its next deal) is restored with it.
        """
        game = self._read_record(record)
        match = None if earlier is None else rebuilt_match(earlier, game, self._read_record)
        self._start(game, self._recorded(game.names), match)
        return self.state()

    def _start(self, game: G, bots: Sequence[str], match: Match | None = None) -> None:
        """Sit down to *game* (a deal of *match*, if given) with the computer players *bots* in seats 1 onwards;
        each player, and the adviser, draws its chance from the deal's seed, so a deal plays out the same again."""
        self.game = game
        self.match = match
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

    def _kind(self) -> str:
        """What the deal is, for the page: a lesson's ``guided`` deal (no record), one of a ``match``, or a ``game``."""
        if not self._game.has_record:
            return "guided"
        return "match" if self.match is not None else "game"

    def _match_json(self) -> JSON | None:
        """The match's number (its seed), its deal in progress, every finished deal's score and the totals."""
        match = self.match
        if match is None:
            return None
        return {
            "seed": match.seed,
            "deal": len(match.deals),
            **self._score_json(match.rules),
            "deals": match.table(),
            "totals": match.scores(),
        }

    def _wrap(self) -> JSON:
        return {"state": self.state()}
