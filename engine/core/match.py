"""Playing deals between computer players: single deals, series, matches and duplicate tournaments.

Sevens is mostly luck of the deal, so a fair comparison plays every deal once
per seat, turning the players round the table each time so that every entry
holds every hand once (duplicate deals):

>>> result = tournament(2, ["alex", "random", "random", "random"], seed=5)
>>> [entry.games for entry in result.entries]
[8, 8, 8, 8]
>>> sum(entry.wins for entry in result.entries)
8

A :class:`Match` is a series of deals at one table: the deal passes on as the
game says (one seat on in the direction of play) and a running score is kept
(deals won, or chips).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .chance import player_rng, table_rng
from .game import Deal, Player, PlayerFactory, RulesError, default_rules

__all__ = [
    "EntryResult",
    "Match",
    "Seating",
    "TournamentResult",
    "play_game",
    "rebuilt_match",
    "rotated",
    "same_deal",
    "simulate",
    "tournament",
]


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where at a table of computer players, resolved once for any number of deals.

    *seats* name a computer player of *rules*' game for every seat (case
    ignored); :class:`RulesError` names an unknown player or a count that does
    not match ``rules.players``. Each deal then only seeds the players'
    random sources: one a seat, or for the players whose factory
    ``shares_table``, the one source of the table (:func:`~engine.core.chance.table_rng`).

    >>> from engine.core.game import load_game
    >>> seating = Seating.of(load_game("sevens"), ["Random", "robin", "random", "alex"])
    >>> seating.names, seating.play(5).seed
    (('Random', 'Robin', 'Random', 'Alex'), 5)
    >>> Seating.of(load_game("sevens"), ["kim", "robin", "random", "alex"])
    Traceback (most recent call last):
    ...
    engine.core.game.RulesError: unknown player 'kim': choose from random, robin, alex, sam
    """

    rules: Any
    factories: tuple[PlayerFactory, ...]
    names: tuple[str, ...]  # as the deal shows them
    shared: tuple[bool, ...]  # whether the seat's player draws from the table's source

    @classmethod
    def of(cls, rules: Any, seats: Sequence[str]) -> Seating:
        names = [name.strip().lower() for name in seats]
        if len(names) != rules.players:
            raise RulesError(f"{len(names)} seats named, but the rules have players={rules.players}")
        known: Mapping[str, PlayerFactory] = rules.game.computer_players
        unknown = [name for name in names if name not in known]
        if unknown:
            raise RulesError(f"unknown player {unknown[0]!r}: choose from {', '.join(known)}")
        factories = tuple(known[name] for name in names)
        shared = tuple(bool(getattr(factory, "shares_table", False)) for factory in factories)
        return cls(rules, factories, tuple(name.capitalize() for name in names), shared)

    def players(self, seed: int) -> list[Player]:
        """The players for the deal from *seed*, each with the random source its seat has for that deal."""
        table = table_rng(seed) if any(self.shared) else None
        return [
            factory(table if table is not None and shared else player_rng(seed, seat))
            for seat, (factory, shared) in enumerate(zip(self.factories, self.shared, strict=True))
        ]

    def play(self, seed: int, dealer: int = 0) -> Deal:
        """The deal from *seed*, dealt by *dealer*, played to the end at this table."""
        players = self.players(seed)
        deal: Deal = self.rules.game.new_deal(self.rules, seed, dealer=dealer, names=self.names)
        deal.play_to_end(players)
        return deal


def play_game(seed: int, seats: Sequence[str], *, rules: Any = None, dealer: int = 0) -> Deal:
    """Play the deal from *seed* to the end with computer players in *seats* (the default game's rules if none)."""
    return Seating.of(default_rules(rules), seats).play(seed, dealer)


def simulate(games: int, seed: int, seats: Sequence[str], *, rules: Any = None) -> Iterator[Deal]:
    """Play *games* deals from seeds *seed*, *seed* + 1, … with the same players in the same seats."""
    seating = Seating.of(default_rules(rules), seats)
    for number in range(games):
        yield seating.play(seed + number)


@dataclass
class Match:
    """A series of deals at one table: deal *n* is shuffled from ``seed + n``; seat 0 deals first, and then
    each deal's dealer is the one the game names after the last (``GameType.next_dealer``).

    ``scores`` is the running score per seat: deals won, or chips won and lost
    (whatever the rules' deals score, see ``Deal.score``).
    """

    rules: Any
    seed: int
    names: tuple[str, ...]
    deals: list[Deal] = field(default_factory=list)
    dealers: list[int] = field(default_factory=list)  # the dealer of each deal dealt

    def __post_init__(self) -> None:
        if len(self.names) != self.rules.players:
            raise RulesError(f"{len(self.names)} names given, but the rules have players={self.rules.players}")

    @property
    def dealer(self) -> int:
        """The dealer of the current deal (of the next one, before it is dealt)."""
        return self.dealers[-1] if self.dealers else 0

    @property
    def current(self) -> Deal | None:
        return self.deals[-1] if self.deals else None

    def next_deal(self) -> Deal:
        """Deal the next deal, dealt by the seat the game names after the last dealer; the current deal must be over."""
        if self.deals and not self.deals[-1].is_over:
            raise ValueError("the current deal is not over yet")
        number = len(self.deals)
        dealer: int = self.rules.game.next_dealer(self.rules, self.dealers[-1]) if self.dealers else 0
        deal: Deal = self.rules.game.new_deal(self.rules, self.seed + number, dealer=dealer, names=self.names)
        self.deals.append(deal)
        self.dealers.append(dealer)
        return deal

    def scores(self) -> list[int]:
        """Each seat's total over the finished deals."""
        totals = [0] * self.rules.players
        for deal in self.deals:
            if deal.is_over:
                for seat, points in enumerate(deal.score()):
                    totals[seat] += points
        return totals

    def table(self) -> list[list[int]]:
        """The score of every finished deal, one row a deal (for a running score table)."""
        return [deal.score() for deal in self.deals if deal.is_over]


def same_deal(deal: Deal, dealt: Deal) -> bool:
    """Whether *deal* (read from a record) was dealt as *dealt* (dealt afresh from its seed): the fields of their
    records that say how a deal was dealt (game, rules, players, seed, dealer, and every card, where it lies and in
    what order: ``Deal.dealt_fields``) are the same. A record is trusted as a given deal (a match's, a day's) only
    after this check: its seed and rules alone do not say that its hands were the ones dealt."""
    given, fresh = deal.record(), dealt.record()
    return all(given.get(key) == fresh.get(key) for key in dealt.dealt_fields)


def rebuilt_match(earlier: object, last: Deal, read: Callable[[str], Deal]) -> Match:
    """The match whose deals are *earlier* (records, in order, each read with *read*) and then *last*; each must
    be the deal the match deals at that point (same game, rules, players, cards and dealer), and every one but
    *last* finished."""
    if not (isinstance(earlier, list) and all(isinstance(text, str) for text in earlier)):
        raise ValueError("earlier must be a list of the match's game records, in order")
    deals = [read(text) for text in earlier] + [last]
    first = deals[0]
    if first.seed is None:
        raise ValueError("a match's first deal needs its seed")
    match = Match(first.rules, first.seed, first.names)
    for number, deal in enumerate(deals, start=1):
        try:
            dealt = match.next_deal()
        except ValueError:
            raise ValueError(f"deal {number - 1} of the match is not over, so deal {number} cannot follow it") from None
        if not same_deal(deal, dealt):
            raise ValueError(
                f"deal {number} is not the match's deal {number}: its rules, players, cards or dealer differ"
            )
        match.deals[-1] = deal
    return match


def rotated(seats: Sequence[str], turn: int) -> list[str]:
    """The seating for round *turn* of a duplicate deal: entry *i* sits in seat ``(i + turn) % players``.

    >>> rotated(["sam", "alex", "robin", "random"], 1)
    ['random', 'sam', 'alex', 'robin']
    """
    count = len(seats)
    return [seats[(seat - turn) % count] for seat in range(count)]


@dataclass(frozen=True, slots=True)
class EntryResult:
    """How one entry (a place in the seat list) did over all the games it played."""

    entry: int
    name: str
    games: int
    wins: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """Win counts per entry, with a 95% interval computed over deals."""

    deals: int
    seed: int
    entries: tuple[EntryResult, ...]

    def table(self) -> str:
        """A plain-text table: entry, name, games, wins, rate and its 95% interval."""
        rows = [("entry", "name", "games", "wins", "rate", "95% interval")]
        for e in self.entries:
            rows.append(
                (str(e.entry), e.name, str(e.games), str(e.wins), f"{e.rate:.1%}", f"{e.low:.1%} – {e.high:.1%}")
            )
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = [
            "  ".join(
                cell.ljust(w) if i < 2 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
            for row in rows
        ]
        last = self.seed + self.deals - 1
        count = len(self.entries)
        lines.append(
            f"{self.deals} duplicate deals (seeds {self.seed}–{last}), each played {count} times with the seats rotated; "
            f"parity is {100 / count:.3g}%."
        )
        lines.append("Interval: mean of per-deal win fractions ± 1.96 × standard deviation / √deals.")
        return "\n".join(lines)


def tournament(deals: int, seats: Sequence[str], seed: int = 1, *, rules: Any = None) -> TournamentResult:
    """Play *deals* duplicate deals (seeds *seed*, *seed* + 1, …) among the entries in *seats*.

    Each deal is played once per seat; in round *r* entry *i* sits in seat
    ``(i + r) % players``, so every entry plays every hand. The interval for
    each entry treats the deals as the independent samples: its win fraction
    per deal (0, 1/players, …, 1) has mean ± 1.96 · sd / √deals.
    """
    rules = default_rules(rules)
    count = rules.players
    if len(seats) != count:
        raise ValueError(f"a tournament of players={count} needs {count} entries, got {len(seats)}")
    if deals < 1:
        raise ValueError("a tournament needs at least one deal")
    names = [name.strip().lower() for name in seats]
    fractions: list[list[float]] = [[] for _ in names]
    for number in range(deals):
        deal_seed = seed + number
        won = [0] * count
        for turn in range(count):
            game = play_game(deal_seed, rotated(names, turn), rules=rules)
            if game.winner is not None:
                won[(game.winner - turn) % count] += 1
        for entry in range(count):
            fractions[entry].append(won[entry] / count)
    entries = []
    for entry, name in enumerate(names):
        low, high = _interval(fractions[entry])
        wins = round(sum(fractions[entry]) * count)
        entries.append(EntryResult(entry, name, deals * count, wins, low, high))
    return TournamentResult(deals, seed, tuple(entries))


def _interval(values: list[float]) -> tuple[float, float]:
    """Mean ± 1.96 standard errors, clipped to 0..1 (the whole range for a single value)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return 0.0, 1.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(variance / n)
    return max(0.0, mean - half), min(1.0, mean + half)
