"""Playing whole deals between computer players: single games, series and duplicate tournaments.

Sevens is mostly luck of the deal, so a fair comparison plays every deal four
times, turning the players round the table each time so that every entry holds
every hand once (duplicate deals):

>>> result = tournament(2, ["alex", "random", "random", "random"], seed=5)
>>> [entry.games for entry in result.entries]
[8, 8, 8, 8]
>>> sum(entry.wins for entry in result.entries)
8
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..sevens.game import Game
from ..sevens.players import make_player
from ..sevens.position import PLAYERS
from .chance import deal_hands, player_rng

__all__ = ["EntryResult", "TournamentResult", "play_game", "rotated", "simulate", "tournament"]


def play_game(seed: int, seats: Sequence[str], *, hands: Sequence[int] | None = None) -> Game:
    """Play the deal from *seed* (or the given *hands*) to the end with computer players in *seats*."""
    names = [name.strip().lower() for name in seats]
    players = [make_player(name, player_rng(seed, seat)) for seat, name in enumerate(names)]
    game = Game(hands if hands is not None else deal_hands(seed), seed=seed, players=[p.capitalize() for p in names])
    while not game.is_over:
        decision = players[game.turn].decide(game.view())
        game.play(decision.card)
    return game


def simulate(games: int, seed: int, seats: Sequence[str]) -> Iterator[Game]:
    """Play *games* deals from seeds *seed*, *seed* + 1, … with the same players in the same seats."""
    for number in range(games):
        yield play_game(seed + number, seats)


def rotated(seats: Sequence[str], turn: int) -> list[str]:
    """The seating for round *turn* of a duplicate deal: entry *i* sits in seat ``(i + turn) % 4``.

    >>> rotated(["sam", "alex", "robin", "random"], 1)
    ['random', 'sam', 'alex', 'robin']
    """
    return [seats[(seat - turn) % PLAYERS] for seat in range(PLAYERS)]


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
        lines.append(
            f"{self.deals} duplicate deals (seeds {self.seed}–{last}), each played 4 times with the seats rotated; "
            "parity is 25%."
        )
        lines.append("Interval: mean of per-deal win fractions ± 1.96 × standard deviation / √deals.")
        return "\n".join(lines)


def tournament(deals: int, seats: Sequence[str], seed: int = 1) -> TournamentResult:
    """Play *deals* duplicate deals (seeds *seed*, *seed* + 1, …) among the four entries in *seats*.

    Each deal is played four times; in round *r* entry *i* sits in seat
    ``(i + r) % 4``, so every entry plays every hand. The interval for each
    entry treats the deals as the independent samples: its win fraction per
    deal (0, ¼, …, 1) has mean ± 1.96 · sd / √deals.
    """
    if len(seats) != PLAYERS:
        raise ValueError(f"a tournament needs {PLAYERS} entries, got {len(seats)}")
    if deals < 1:
        raise ValueError("a tournament needs at least one deal")
    names = [name.strip().lower() for name in seats]
    fractions: list[list[float]] = [[] for _ in names]
    for number in range(deals):
        deal_seed = seed + number
        won = [0] * PLAYERS
        for turn in range(PLAYERS):
            game = play_game(deal_seed, rotated(names, turn))
            assert game.winner is not None
            won[(game.winner - turn) % PLAYERS] += 1
        for entry in range(PLAYERS):
            fractions[entry].append(won[entry] / PLAYERS)
    entries = []
    for entry, name in enumerate(names):
        low, high = _interval(fractions[entry])
        wins = round(sum(fractions[entry]) * PLAYERS)
        entries.append(EntryResult(entry, name, deals * PLAYERS, wins, low, high))
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
