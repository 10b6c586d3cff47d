"""How fast is the engine? Random games per second, legal-move queries per second, Sam's time per decision.

    .venv/bin/python bench/engine_speed.py              # CPython only
    .venv/bin/python bench/engine_speed.py --pyodide    # and the same code inside Pyodide under Node
    node bench/pyodide_engine.mjs                       # Pyodide only

Four ways of playing the same random games are timed, each over the same
deals and the same random choices (deals dealt and random number generators
seeded before the clock starts), best of several rounds:

* ``engine``: the rules engine through its public position API, a loop over
  :class:`engine.sevens.position.Position` (``legal_moves()`` then ``after()``);
* ``masks``: the engine's rule at the level its computer players use for
  play-outs: plain integer card sets, the cards that fit kept card by card
  with :data:`engine.sevens.position.FLIPS` (:func:`engine.sevens.position.playable_mask` for a given table);
* ``play_game``: whole games through :func:`engine.core.match.play_game` with four
  ``random`` players: checked moves, player views and the game record;
* ``baseline``: a straightforward list-and-set implementation written here:
  hands are sorted lists of ``(rank, suit)`` tuples, the table is a set of
  them, and a card fits when it is a seven or its neighbour towards the seven
  is on the table.

``engine``, ``masks`` and ``baseline`` choose with the same random numbers
among legal cards listed in the same order, so they play identical games; the
script checks that they agree on every winner and turn count before it prints
any speed. Then the legal-move query alone is timed on every position of a
fifth of those games (``Position.legal_moves()``, ``playable_mask(table) &
hand`` and the baseline's scan of the hand), after checking that all three give
the same cards.

First of all, ``python -m engine simulate`` with four ``random`` players is timed
as a user runs it, against the baseline playing the same deals; next to it the
floor of any command that deals its games from seeds: the process's start-up,
dealing from each seed and the mask loop, which bound the ratio it can reach.

This only prints figures; nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # run as a script from anywhere, or inside Pyodide
    sys.path.insert(0, str(REPO))

from engine.core.cards import Card, cards_of  # noqa: E402
from engine.core.chance import player_rng  # noqa: E402
from engine.core.match import play_game  # noqa: E402
from engine.sevens.deal import deal_hands  # noqa: E402
from engine.sevens.game import Game  # noqa: E402
from engine.sevens.players import COMPUTER_PLAYERS, make_player  # noqa: E402
from engine.sevens.position import (  # noqa: E402
    FLIPS,
    OPENING_CARD,
    Position,
    opener,
    playable_mask,
)

SUIT_ORDER = "CDHS"  # the engine's card order: by suit, then rank
Result = tuple[int, int]  # (winning seat, number of turns including passes)


# -- the three ways to play a random game ----------------------------------------


def engine_game(hands: tuple[int, ...], rng: random.Random) -> Result:
    pos = Position.deal(hands)
    turns = 0
    while not pos.is_over:
        legal = pos.legal_moves()
        pos = pos.after(legal[int(rng.random() * len(legal))] if legal else None)
        turns += 1
    winner = pos.winner
    assert winner is not None
    return winner, turns


def masks_game(dealt: tuple[int, ...], rng: random.Random) -> Result:
    """The loop shape of Sam's play-outs (:func:`engine.sevens.players.sam.play_out`), choosing at random.

    The set of cards that fit is kept card by card with :data:`engine.sevens.position.FLIPS`,
    and a lone card that fits is played without choosing.
    """
    hands = list(dealt)
    turn = opener(hands)
    fits = OPENING_CARD.bit
    flips = FLIPS
    turns = 0
    pick = rng.random
    while True:
        hand = hands[turn]
        legal = fits & hand
        turns += 1
        if legal:
            rest = legal & (legal - 1)
            if rest:  # two or more fit: drop the lowest cards to reach the chosen one
                skip = int(pick() * legal.bit_count())
                while skip:
                    legal = rest
                    rest &= rest - 1
                    skip -= 1
                legal ^= rest
            else:
                pick()  # the same random numbers as the others, which draw for every play
            hand ^= legal
            hands[turn] = hand
            fits ^= flips[legal]
            if not hand:
                return turn, turns
        turn = (turn + 1) & 3


BaselineHand = list[tuple[int, str]]
BaselineTable = set[tuple[int, str]]


def baseline_hands(hands: tuple[int, ...]) -> list[BaselineHand]:
    return [[(card.rank.value, card.suit.value) for card in cards_of(hand)] for hand in hands]


def baseline_fits(card: tuple[int, str], table: BaselineTable) -> bool:
    """The rule as a learner reads it: a seven, or the neighbour of a card of its suit on the table."""
    rank, suit = card
    if not table:
        return card == (7, "D")
    if rank == 7:
        return True
    if rank < 7:
        return (rank + 1, suit) in table
    return (rank - 1, suit) in table


def baseline_legal(hand: BaselineHand, table: BaselineTable) -> BaselineHand:
    """The cards of *hand* that fit the table (a set of ``(rank, suit)``), in hand order."""
    return [card for card in hand if baseline_fits(card, table)]


def baseline_table(table: int) -> BaselineTable:
    return set(baseline_hands((table,))[0])


def baseline_game(dealt: Sequence[BaselineHand], rng: random.Random) -> Result:
    hands = [list(hand) for hand in dealt]
    table: BaselineTable = set()
    turn = next(seat for seat, hand in enumerate(hands) if (7, "D") in hand)
    turns = 0
    pick = rng.random
    while True:
        hand = hands[turn]
        legal = baseline_legal(hand, table)
        turns += 1
        if legal:
            card = legal[int(pick() * len(legal))]
            hand.remove(card)
            table.add(card)
            if not hand:
                return turn, turns
        turn = (turn + 1) % 4


def play_game_result(seed: int) -> Result:
    game = play_game(seed, ["random"] * 4)
    assert game.winner is not None
    return game.winner, len(game.moves)


# -- measuring -------------------------------------------------------------------


def best_times(
    runs: dict[str, Callable[[Any], object]], rounds: int, setup: Callable[[], Any] = list
) -> dict[str, float]:
    """The fastest of *rounds* runs of each, in seconds, taking turns round by round.

    Each run gets a fresh ``setup()`` made before its clock starts (the random
    number generators, seeded anew, so every run makes the same choices).
    Taking turns spreads any burst of other work on the machine over all of
    them, and the fastest run is the one it disturbed least.
    """
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for name, run in runs.items():
            given = setup()
            start = time.perf_counter()
            run(given)
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def measure_games(games: int, rounds: int) -> dict[str, Any]:
    seeds = range(1, games + 1)
    deals = [deal_hands(seed) for seed in seeds]
    lists = [baseline_hands(hands) for hands in deals]

    def rngs() -> list[random.Random]:
        return [random.Random(seed) for seed in seeds]

    def engine_all(rngs: list[random.Random]) -> list[Result]:
        return [engine_game(hands, rng) for rng, hands in zip(rngs, deals, strict=True)]

    def masks_all(rngs: list[random.Random]) -> list[Result]:
        return [masks_game(hands, rng) for rng, hands in zip(rngs, deals, strict=True)]

    def baseline_all(rngs: list[random.Random]) -> list[Result]:
        return [baseline_game(hands, rng) for rng, hands in zip(rngs, lists, strict=True)]

    def play_game_all(_: object) -> list[Result]:  # play_game seeds its own players
        return [play_game_result(seed) for seed in seeds]

    results = engine_all(rngs())
    if masks_all(rngs()) != results or baseline_all(rngs()) != results:
        raise SystemExit("engine, masks and baseline disagree about the same random games: fix that before timing")
    turns = sum(turns for _, turns in results)
    times = best_times(
        {"engine": engine_all, "masks": masks_all, "baseline": baseline_all, "play_game": play_game_all}, rounds, rngs
    )
    return {
        "games": games,
        "turns_per_game": turns / games,
        "games_per_second": {name: games / seconds for name, seconds in times.items()},
    }


def measure_legal_moves(games: int, rounds: int) -> dict[str, Any]:
    """Legal-move queries alone, on every position of the first *games* random games."""
    positions = []
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        pos = Position.deal(deal_hands(seed))
        while not pos.is_over:
            positions.append(pos)
            legal = pos.legal_moves()
            pos = pos.after(legal[int(rng.random() * len(legal))] if legal else None)
    masks = [(pos.table, pos.hands[pos.turn]) for pos in positions]
    lists = [(baseline_hands((hand,))[0], baseline_table(table)) for table, hand in masks]

    def engine_all() -> list[list[Card]]:
        return [pos.legal_moves() for pos in positions]

    def masks_all() -> list[int]:
        return [playable_mask(table) & hand for table, hand in masks]

    def baseline_all() -> list[BaselineHand]:
        return [baseline_legal(hand, table) for hand, table in lists]

    expected = baseline_all()
    as_cards = [[(card.rank.value, card.suit.value) for card in legal] for legal in engine_all()]
    if as_cards != expected or [baseline_hands((legal,))[0] for legal in masks_all()] != expected:
        raise SystemExit("engine, masks and baseline disagree about legal moves: fix that before timing")
    times = best_times(
        {"engine": lambda _: engine_all(), "masks": lambda _: masks_all(), "baseline": lambda _: baseline_all()}, rounds
    )
    return {
        "positions": len(positions),
        "queries_per_second": {name: len(positions) / seconds for name, seconds in times.items()},
    }


def measure_sam(decisions: int) -> dict[str, Any]:
    """Sam's time per decision with two or more legal cards, in games where Sam holds all four seats."""
    if not decisions:
        return {"skipped": "--sam-decisions 0"}
    if "sam" not in COMPUTER_PLAYERS:
        return {"skipped": f"no player 'sam' in engine.sevens.players yet (registered: {', '.join(COMPUTER_PLAYERS)})"}
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        seed += 1
        game = Game.new(seed)
        players = [make_player("sam", player_rng(seed, seat)) for seat in range(4)]
        while not game.is_over and len(times) < decisions:
            view = game.view()
            start = time.perf_counter()
            decision = players[game.turn].decide(view)
            elapsed = time.perf_counter() - start
            if len(view.legal_moves()) >= 2:
                times.append(elapsed)
            game.play(decision.card)
    times.sort()
    return {
        "decisions": len(times),
        "games": seed,
        "median_ms": 1000 * statistics.median(times),
        "p95_ms": 1000 * times[min(len(times) - 1, round(0.95 * (len(times) - 1)))],
        "max_ms": 1000 * times[-1],
    }


SIMULATE_GAMES = 5000


def measure_simulate(rounds: int) -> dict[str, Any] | None:
    """The command a user runs, ``python -m engine simulate --games 5000 --seed 3 --seats random,...``, as a whole
    process (start-up and imports included), against the baseline playing the same 5000 deals in this process.

    The command runs as a user's would, with Python's bytecode cache (``PYTHONDONTWRITEBYTECODE`` is dropped
    and one run beforehand writes the cache). Best of *rounds*, wall-clock and processor time; on a shared
    machine the processor times are the steadier comparison.
    """
    if sys.platform == "emscripten":  # no subprocesses in Pyodide
        return None
    import resource  # not in Pyodide

    command = [sys.executable, "-m", "engine", "simulate", "--games", str(SIMULATE_GAMES), "--seed", "3"]
    command += ["--seats", "random,random,random,random"]
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(command, cwd=REPO, check=True, capture_output=True, env=env)
    best = best_cpu = math.inf
    for _ in range(rounds):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, cwd=REPO, check=True, capture_output=True, env=env)
        best = min(best, time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best_cpu = min(best_cpu, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    seeds = range(3, 3 + SIMULATE_GAMES)
    lists = [baseline_hands(deal_hands(seed)) for seed in seeds]
    baseline = baseline_cpu = math.inf
    for _ in range(rounds):
        rngs = [random.Random(seed) for seed in seeds]
        start, start_cpu = time.perf_counter(), time.process_time()
        for rng, hands in zip(rngs, lists, strict=True):
            baseline_game(hands, rng)
        baseline = min(baseline, time.perf_counter() - start)
        baseline_cpu = min(baseline_cpu, time.process_time() - start_cpu)
    floor = simulate_floor(command, env, seeds, rounds)
    return {
        "command_s": best,
        "baseline_s": baseline,
        "ratio": baseline / best,
        "command_cpu_s": best_cpu,
        "baseline_cpu_s": baseline_cpu,
        "cpu_ratio": baseline_cpu / best_cpu,
        "floor": floor,
        "ceiling": baseline_cpu / (floor["start_up_s"] + len(seeds) * (floor["deal_us"] + floor["masks_us"]) / 1e6),
        "load": os.getloadavg()[0],
    }


def simulate_floor(command: list[str], env: dict[str, str], seeds: range, rounds: int) -> dict[str, float]:
    """What any ``simulate`` pays before its players choose anything, best of *rounds* in processor time:
    the process's start-up (the same command for one game), dealing each game from its seed
    (:func:`engine.sevens.deal.deal_hands`: seeding a generator and shuffling, fixed by the record
    contract), and playing it on masks with a freshly seeded generator (the fastest loop we have).
    Their sum bounds the command's speed whatever else is trimmed.
    """
    import resource  # not in Pyodide

    one_game = [("1" if before == "--games" else word) for before, word in zip(["", *command], command, strict=False)]
    start_up = deal = masks = math.inf
    deals = [deal_hands(seed) for seed in seeds]
    for _ in range(rounds):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(one_game, cwd=REPO, check=True, capture_output=True, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        start_up = min(start_up, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        start = time.process_time()
        for seed in seeds:
            deal_hands(seed)
        deal = min(deal, time.process_time() - start)
        start = time.process_time()
        for seed, hands in zip(seeds, deals, strict=True):
            masks_game(hands, random.Random(seed))
        masks = min(masks, time.process_time() - start)
    return {"start_up_s": start_up, "deal_us": 1e6 * deal / len(seeds), "masks_us": 1e6 * masks / len(seeds)}


def measure(games: int, rounds: int, sam_decisions: int) -> dict[str, Any]:
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()} on {sys.platform}",
        "simulate": measure_simulate(rounds),
        "random_games": measure_games(games, rounds),
        "legal_moves": measure_legal_moves(max(1, games // 5), rounds),
        "sam": measure_sam(sam_decisions),
    }


# -- reporting -------------------------------------------------------------------


def report(figures: dict[str, Any]) -> None:
    games = figures["random_games"]
    speed = games["games_per_second"]
    print(f"{figures['python']}")
    simulate = figures.get("simulate")
    if simulate:
        print(
            f"  python -m engine simulate --games {SIMULATE_GAMES} --seed 3 --seats random x4 (whole process, best round; "
            f"load average {simulate['load']:.1f}):"
        )
        print(
            f"    wall-clock {simulate['command_s']:.2f} s against the baseline's {simulate['baseline_s']:.2f} s "
            f"(same deals, in process): {simulate['ratio']:.2f}x the baseline's games/s (target: at least 3x) "
            f"{'met' if simulate['ratio'] >= 3 else 'MISSED'}"
        )
        print(
            f"    processor time {simulate['command_cpu_s']:.2f} s against {simulate['baseline_cpu_s']:.2f} s: "
            f"{simulate['cpu_ratio']:.2f}x"
        )
        floor = simulate["floor"]
        print(
            f"    floor of any such command: start-up {1000 * floor['start_up_s']:.0f} ms, dealing from the seed "
            f"{floor['deal_us']:.1f} us a game, the mask loop {floor['masks_us']:.1f} us a game: at most "
            f"{simulate['ceiling']:.2f}x the baseline in processor time"
        )
    print(f"  random 4-player games ({games['games']} deals, {games['turns_per_game']:.1f} turns a game, best round):")
    print(f"    engine    (Position.legal_moves + after)       {speed['engine']:9.0f} games/s")
    print(f"    masks     (int card sets, Sam's play-out loop) {speed['masks']:9.0f} games/s")
    print(f"    play_game (views, checked moves, record)       {speed['play_game']:9.0f} games/s")
    print(f"    baseline  (hand a list, table a set)          {speed['baseline']:9.0f} games/s")
    base = speed["baseline"]
    print(
        f"    speed-up over baseline (target: at least 4x): engine {speed['engine'] / base:.1f}x, "
        f"masks {speed['masks'] / base:.1f}x, play_game {speed['play_game'] / base:.1f}x"
    )
    legal = figures["legal_moves"]
    queries = legal["queries_per_second"]
    print(f"  legal-move queries alone ({legal['positions']} positions from those games, best round):")
    print(f"    engine    (Position.legal_moves, Card list)  {queries['engine'] / 1e6:9.2f} M/s")
    print(f"    masks     (playable_mask(table) & hand)      {queries['masks'] / 1e6:9.2f} M/s")
    print(f"    baseline  (scan the hand)                    {queries['baseline'] / 1e6:9.2f} M/s")
    print(
        f"    speed-up over baseline (target: at least 4x): engine {queries['engine'] / queries['baseline']:.1f}x, "
        f"masks {queries['masks'] / queries['baseline']:.1f}x"
    )
    sam = figures["sam"]
    if "skipped" in sam:
        print(f"  Sam: not measured: {sam['skipped']}")
    else:
        print(
            f"  Sam, {sam['decisions']} decisions with 2+ legal cards ({sam['games']} games): "
            f"median {sam['median_ms']:.1f} ms, p95 {sam['p95_ms']:.1f} ms, max {sam['max_ms']:.1f} ms"
        )


def compare(cpython: dict[str, Any], pyodide: dict[str, Any]) -> None:
    print("Pyodide / CPython (how many times slower; target: at most 2x)")
    for name in ("engine", "masks", "play_game", "baseline"):
        slower = cpython["random_games"]["games_per_second"][name] / pyodide["random_games"]["games_per_second"][name]
        print(f"  {name + ' games':20} {slower:.2f}x")
    for name in ("engine", "masks", "baseline"):
        slower = cpython["legal_moves"]["queries_per_second"][name] / pyodide["legal_moves"]["queries_per_second"][name]
        print(f"  {name + ' queries':20} {slower:.2f}x")
    if "median_ms" in cpython["sam"] and "median_ms" in pyodide["sam"]:
        print(f"  {'Sam':20} {pyodide['sam']['median_ms'] / cpython['sam']['median_ms']:.2f}x (median decision)")


def run_in_pyodide(args: Sequence[str]) -> dict[str, Any]:
    """The same measurements inside Pyodide under Node (bench/pyodide_engine.mjs), as figures."""
    script = REPO / "bench" / "pyodide_engine.mjs"
    done = subprocess.run(["node", str(script), *args, "--json"], cwd=REPO, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{script.name} failed (exit {done.returncode}):\n{done.stderr or done.stdout}")
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="random games per round (default 1000)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds to time; the best counts (default 5)")
    parser.add_argument("--sam-decisions", type=int, default=200, help="Sam decisions to time; 0 skips Sam")
    parser.add_argument("--pyodide", action="store_true", help="also run inside Pyodide and compare")
    parser.add_argument("--json", action="store_true", help="print the figures as one line of JSON")
    args = parser.parse_args(argv)
    figures = measure(args.games, args.rounds, args.sam_decisions)
    if args.json:
        print(json.dumps(figures))
        return
    report(figures)
    if args.pyodide:
        print()
        passed = ["--games", str(args.games), "--rounds", str(args.rounds), "--sam-decisions", str(args.sam_decisions)]
        in_pyodide = run_in_pyodide(passed)
        report(in_pyodide)
        print()
        compare(figures, in_pyodide)


if __name__ == "__main__":
    main()
