"""Playing whole deals of Knock! Knock! between computer players."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.chance import player_rng
from ..core.match import EntryResult, TournamentResult, _interval
from .game import Game
from .players import make_player
from .rules import Rules

__all__ = ["play_game", "tournament"]


def play_game(rules: Rules, seed: int, seats: Sequence[str], *, dealer: int = 0) -> Game:
    """Play the deal from *seed* to the end with the computer players named in *seats*."""
    names = [name.strip().lower() for name in seats]
    if len(names) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} seats, got {len(names)}")
    players = [make_player(name, player_rng(seed, seat)) for seat, name in enumerate(names)]
    game = Game.new(rules, seed, dealer=dealer, names=[name.capitalize() for name in names])
    while not game.is_over:
        seat = game.state.waiting[0]
        game.act(seat, players[seat].decide(game.view(seat)).action)
    return game


def tournament(rules: Rules, deals: int, seats: Sequence[str], seed: int = 1) -> TournamentResult:
    """Play *deals* duplicate deals (seeds *seed*, *seed* + 1, …): each deal once per seat rotation.

    In round *r* entry *i* sits in seat ``(i + r) % players``, so every entry plays every hand;
    the interval treats the deals as the samples (see :func:`engine.core.match.tournament`).
    A drawn deal is a win for nobody.
    """
    players = rules.players
    if len(seats) != players:
        raise ValueError(f"a tournament of {players} players needs {players} entries, got {len(seats)}")
    if deals < 1:
        raise ValueError("a tournament needs at least one deal")
    names = [name.strip().lower() for name in seats]
    fractions: list[list[float]] = [[] for _ in names]
    for number in range(deals):
        won = [0] * players
        for turn in range(players):
            game = play_game(rules, seed + number, [names[(seat - turn) % players] for seat in range(players)])
            if game.winner is not None:
                won[(game.winner - turn) % players] += 1
        for entry in range(players):
            fractions[entry].append(won[entry] / players)
    entries = []
    for entry, name in enumerate(names):
        low, high = _interval(fractions[entry])
        entries.append(EntryResult(entry, name, deals * players, round(sum(fractions[entry]) * players), low, high))
    return TournamentResult(deals, seed, tuple(entries))
