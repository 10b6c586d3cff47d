"""Matches in the browser: a deal may be one of a :class:`~engine.core.match.Match`, whose score the state shows.

The session starts one (:meth:`Matches.new_match`), deals its next deal (:meth:`Matches.next_deal`) and, when a
saved deal is restored with its match's earlier deals, the match with it (see
:meth:`engine.core.deals.Deals.restore`). The state's ``match`` says its number, its deal and its scores.
"""

from __future__ import annotations

from typing import Any

from .chance import fresh_or_parsed
from .match import Match
from .people import read_people
from .table import JSON, G, P, Table
from .together import people_names

__all__ = ["Matches"]


class Matches(Table[G, P]):
    """The match the deal belongs to (``match``), if any."""

    def _clear(self) -> None:
        super()._clear()
        self.match: Match | None = None

    def new_match(self, seed: object = None, rules: object = None, seats: object = None, people: object = None) -> JSON:
        """The first deal of a match (see :meth:`~engine.core.deals.Deals.new_game`): deal *n* is shuffled from
        ``seed + n``, and the deal passes on as the game says."""
        number, notice = fresh_or_parsed(seed)
        the_rules = self._rules(rules)
        bots = self._seats(seats, the_rules.players)
        seated = read_people(people, the_rules.players, self.known)
        match = Match(the_rules, number, people_names(bots, seated))
        self._start(self._dealt(match), bots, people=seated, match=match)
        self.notice = notice
        return self.state()

    def next_deal(self) -> JSON:
        """The match's next deal, once the current one is over."""
        if self.match is None:
            raise ValueError("there is no match: start one with new_match")
        self._start(self._dealt(self.match), self.seated, people=self.people, match=self.match)
        return self.state()

    @staticmethod
    def _dealt(match: Match) -> G:
        game: G = match.next_deal()  # type: ignore[assignment]  # the match deals the session's game
        return game

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

    # -- what each game says ------------------------------------------------------------

    def _score_json(self, rules: Any) -> JSON:
        """What a match's scores are under *rules*: ``scoring`` (the option's value), ``heading`` (their name over
        the score table), ``signed`` (they may fall below zero, so a gain shows its +) and ``lower_is_better``
        (the lowest total leads)."""
        raise NotImplementedError
