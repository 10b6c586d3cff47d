"""Whole deals between computer players: single games, series, and duplicate tournaments."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import engine.core.game
import engine.core.match
from engine.core.game import game_names, load_game
from engine.core.match import Match, Seating, TournamentResult, play_game, rotated, simulate, tournament
from engine.games import GAMES
from engine.sevens.game import Game
from engine.sevens.players import COMPUTER_PLAYERS, SamPlayer


def test_play_game_finishes_and_names_the_players() -> None:
    game = play_game(4, ["robin", "alex", "random", "robin"])
    assert game.is_over
    assert game.players == ("Robin", "Alex", "Random", "Robin")
    assert Game.from_json(game.to_json()).position == game.position


def test_simulate_plays_consecutive_seeds() -> None:
    games = list(simulate(3, 40, ["alex", "robin", "random", "alex"]))
    assert [g.seed for g in games] == [40, 41, 42]
    assert all(g.is_over for g in games)
    assert games[1].to_json() == play_game(41, ["alex", "robin", "random", "alex"]).to_json()


def test_rotation_seats_every_entry_in_every_seat() -> None:
    entries = ["a", "b", "c", "d"]
    seatings = [rotated(entries, turn) for turn in range(4)]
    for seat in range(4):
        assert sorted(seating[seat] for seating in seatings) == entries
    for turn, seating in enumerate(seatings):
        for entry, name in enumerate(entries):
            assert seating[(entry + turn) % 4] == name


def test_tournament_plays_each_deal_once_per_rotation(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, list[str]]] = []
    real = engine.core.match.play_game

    def spy(seed: int, seats: Sequence[str], **options: object) -> Game:
        calls.append((seed, list(seats)))
        return real(seed, seats, **options)

    monkeypatch.setattr(engine.core.match, "play_game", spy)
    monkeypatch.setitem(COMPUTER_PLAYERS, "sam", lambda rng: SamPlayer(rng, samples=24))
    tournament(2, ["alex", "robin", "random", "sam"], seed=7)
    assert [seed for seed, _ in calls] == [7, 7, 7, 7, 8, 8, 8, 8]
    for deal in (calls[:4], calls[4:]):
        for name in ["alex", "robin", "random", "sam"]:
            assert sorted(seats.index(name) for _, seats in deal) == [0, 1, 2, 3], f"{name} missed a hand"


def test_tournament_credits_the_winner_of_each_game_to_its_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    # Only entry 2 ("robin") can win here: every game is decided by where robin sits.
    real = engine.core.match.play_game

    def robin_always_wins(seed: int, seats: Sequence[str], **options: object) -> Game:
        game = real(seed, seats, **options)
        winner = list(seats).index("robin")
        game.position.hands = tuple(0 if seat == winner else 1 for seat in range(4))
        game.position.done = (winner,)
        return game

    monkeypatch.setattr(engine.core.match, "play_game", robin_always_wins)
    result = tournament(3, ["alex", "random", "robin", "random"], seed=1)
    assert [e.wins for e in result.entries] == [0, 0, 12, 0]
    assert result.entries[2].rate == 1.0
    assert (result.entries[2].low, result.entries[2].high) == (1.0, 1.0)
    assert (result.entries[0].low, result.entries[0].high) == (0.0, 0.0)


def test_tournament_result_and_table() -> None:
    result = tournament(3, ["alex", "random", "random", "robin"], seed=11)
    assert isinstance(result, TournamentResult)
    assert [e.games for e in result.entries] == [12, 12, 12, 12]
    assert sum(e.wins for e in result.entries) == 12
    for e in result.entries:
        assert 0.0 <= e.low <= e.rate <= e.high <= 1.0
    lines = result.table().splitlines()
    assert lines[0].split() == ["entry", "name", "games", "wins", "rate", "95%", "interval"]
    assert lines[1].split()[:4] == ["0", "alex", "12", str(result.entries[0].wins)]
    assert "per-deal win fractions" in result.table()
    assert result == tournament(3, ["alex", "random", "random", "robin"], seed=11)


def test_interval_is_mean_plus_minus_two_standard_errors() -> None:
    low, high = engine.core.match._interval([0.0, 0.5, 0.25, 0.25])
    # mean 0.25, sample sd 0.2041, standard error 0.1021
    assert low == pytest.approx(0.25 - 1.96 * 0.10206, abs=1e-4)
    assert high == pytest.approx(0.25 + 1.96 * 0.10206, abs=1e-4)


def test_tournament_refuses_wrong_entries() -> None:
    with pytest.raises(ValueError, match="4 entries"):
        tournament(1, ["alex", "robin"])
    with pytest.raises(ValueError, match="unknown player 'bob'"):
        tournament(1, ["alex", "robin", "random", "bob"])


def test_every_installed_game_is_found_whichever_game_registered_first(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.knock_knock import KNOCK_KNOCK

    # As after `import engine.knock_knock` alone: only Knock! Knock! has registered itself.
    monkeypatch.setattr(engine.core.game, "_GAMES", {KNOCK_KNOCK.name: KNOCK_KNOCK})
    assert load_game("sevens", players=5).players == 5
    assert game_names() == sorted(game.name for game in GAMES)


@pytest.mark.parametrize(("direction", "dealers"), [("clockwise", [0, 1, 2]), ("counter-clockwise", [0, 4, 3])])
def test_a_match_passes_the_deal_the_way_the_game_plays(direction: str, dealers: list[int]) -> None:
    rules = load_game("knock-knock", players=5, direction=direction)
    match = Match(rules, 11, tuple("ABCDE"))
    for _ in dealers:
        deal = match.next_deal()
        assert deal.dealer == match.dealer
        deal.play_to_end(Seating.of(rules, ["random"] * 5).players(11))
    assert match.dealers == dealers
