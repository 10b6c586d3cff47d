"""The table of one deal in the browser: what every part of a session shares, and what each game says of a deal.

A :class:`~engine.core.session.DealSession` is made of parts, each in its own module and each a small class on
this one: the deals and their steps (:mod:`engine.core.deals`), matches (:mod:`engine.core.matches`), the daily
deal (:mod:`engine.core.daily`), play together (:mod:`engine.core.together`), lesson scripts
(:mod:`engine.core.lesson`), advice (:mod:`engine.core.advice`) and review (:mod:`engine.core.reviewing`).
:class:`Table` holds what they share: the deal (``game``), the computer players round it (``bots``), the
adviser, the seat the state serves (``seat``, "you" in every hook), and the hooks a game's session writes to say
its deal in words. A part that keeps something of its own for one deal clears it in :meth:`Table._clear`, which
every new deal calls; :meth:`Table.state` is the deal's state, which :mod:`engine.core.deals` builds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

from .game import YOU, Deal, Decision, Player, find_game, requested_rules
from .webapi import read_seats, recorded_seats, seat_players

__all__ = ["BOT_NAMES", "JSON", "Table"]

# Who sits in seats 1 onwards when the page names nobody, round the table.
BOT_NAMES = ("robin", "alex", "sam")

JSON = dict[str, Any]

G = TypeVar("G", bound=Deal)
P = TypeVar("P", bound=Player)


class Table(Generic[G, P]):
    """One deal in the browser, of a game whose deals are *G* and computer players *P*: what every part shares.

    *make_player* builds a computer player by name from its own random source; *known* are the names it knows;
    *adviser* is the player that suggests your moves; *starts* names the methods that start a deal (for the
    message when there is none yet).
    """

    game_name: str  # the game's name in the registry
    # The game reviews a finished deal: its package has a ``review`` module (see engine.core.reviewing.Review).
    reviews = False

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
        self.bots: dict[int, P] = {}
        self.adviser: P = make_player(adviser, random.Random(0))
        self.seated: list[str] = []  # the computer players named for seats 1 onwards (people's seats included)
        # The seat whose view the state serves: the hooks say "you" of it (seat 0 but at a table of people).
        self.seat = YOU
        self.people: dict[int, str] = {}  # people sharing the device, by seat (see engine.core.together)
        self.screen = False  # a screen hides every hand while the device passes (see engine.core.together)
        self.notice: str | None = None
        self._clear()

    def _clear(self) -> None:
        """Forget what belonged to the last deal: each part clears its own (calling this first), once a deal starts."""
        self.seat = YOU
        self.screen = False
        self.notice = None

    def _start(self, game: G, bots: Sequence[str], people: dict[int, str] | None = None, **kept: Any) -> None:
        """Sit down to *game* with the computer players *bots* in seats 1 onwards but the seats of *people* (two or
        more sharing the device); each player, and the adviser, draws its chance from the deal's seed, so a deal
        plays out the same again. *kept*: what a part keeps for the deal (its ``match``), set after the clearing."""
        self.game = game
        base = game.seed if game.seed is not None else 0
        self.people = dict(people or {})
        self.seated = list(bots)
        made = seat_players(base, bots, self.make_player)
        self.bots = {seat: player for seat, player in made.items() if seat not in self.people}
        self.adviser = self.make_player(self.adviser_name, random.Random(base))
        self._clear()
        for name, value in kept.items():
            setattr(self, name, value)
        self._sat_down(game, base)

    def _sat_down(self, game: G, seed: int) -> None:
        """What else a game sets up for a new deal, after :meth:`_start` (*seed*: the deal's, or 0 for a lesson's)."""

    @property
    def _game(self) -> G:
        if self.game is None:
            raise ValueError(f"no deal yet: start one with {self.starts}")
        return self.game

    def state(self) -> JSON:
        """The deal's state for the page (see :meth:`engine.core.deals.Deals.state`)."""
        raise NotImplementedError

    def _rules(self, rules: object) -> Any:
        """The rules the page asks for (see :func:`~engine.core.game.requested_rules`), of this session's game."""
        return requested_rules(find_game(self.game_name), rules)

    def _seats(self, seats: object, players: int) -> list[str]:
        """The computer players the page asks for in seats 1 onwards (Robin, Alex, Sam round the table by default)."""
        return read_seats(seats, players, self.known, BOT_NAMES)

    def _recorded(self, names: Sequence[str]) -> list[str]:
        """The computer players behind a record's seat names (seat 1 onwards), to sit down to it again."""
        return recorded_seats(names, self.known, BOT_NAMES)

    @contextmanager
    def _serving(self, seat: int) -> Iterator[None]:
        """The hooks speak of *seat* as "you" for a while (the state, the refusals, whose turn it is)."""
        kept = self.seat
        self.seat = seat
        try:
            yield
        finally:
            self.seat = kept

    def _your_turn(self) -> bool:
        return self._waits_for() is not None and not self.screen

    # -- what each game says ------------------------------------------------------------

    def _read_record(self, record: str) -> G:
        """The game's deal from its record (JSON text), replayed and checked."""
        raise NotImplementedError

    def _action_from_json(self, data: object) -> tuple[int, Any]:
        """One action as the page sends it (the record's encoding of a move, or a documented step encoding):
        its seat and the game's action; a :class:`ValueError` says what is wrong with anything else."""
        raise NotImplementedError

    def _action_json(self, seat: int, action: Any) -> JSON:
        """*action* of *seat* in the encoding :meth:`_action_from_json` reads."""
        raise NotImplementedError

    def _state_json(self) -> JSON:
        """Everything the page draws of the deal, with every sentence it shows (the core adds ``actions``)."""
        raise NotImplementedError

    def _waits_for(self) -> str | None:
        """What the table waits for you to do (``"it is your turn"``), or ``None`` when it does not wait for you."""
        raise NotImplementedError

    def _not_yours(self) -> str:
        """Why you may not act now, while the table does not wait for you."""
        raise NotImplementedError

    def _refusal(self, action: Any) -> str | None:
        """Why your *action* is refused now, in the engine's words; ``None`` if the table takes it. By default
        the rules' reason, or while the table does not wait for you, why not (:meth:`_not_yours`)."""
        game = self._game
        reason: str | None = game.why_illegal(self.seat, action)
        if reason and not game.is_over and not self._your_turn():
            reason = self._not_yours()
        return reason

    def _moved(self, action: Any) -> JSON | None:
        """The log's entry for *action*, just taken; ``None`` for a step the log does not show."""
        raise NotImplementedError

    def _progress(self) -> int:
        """How much has happened in the deal (the events the log is drawn from): a computer step ends once it grows."""
        raise NotImplementedError

    def _choices(self, seat: int) -> int:
        """How many cards *seat* could choose between as it takes its turn (fewer than two: nothing to think about)."""
        return len(self._game.legal_actions(seat))

    def _stand_aside(self) -> Any:
        """Your action when the table moves on without waiting for you though you may act (``None``: no such action)."""
        return None

    def _decide(self, player: P, seat: int) -> Decision:
        """*player*'s decision for *seat*."""
        decision: Decision = player.decide(self._game.view(seat))
        return decision

    def _apply(self, seat: int, action: Any) -> None:
        """*seat* takes *action* (already checked)."""
        self._game.act(seat, action)
