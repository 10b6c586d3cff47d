"""Sam's time per decision in any registered game, in CPython and (with --pyodide) inside Pyodide under Node.

    .venv/bin/python bench/decision_speed.py [--game knock-knock] [--preset NAME] [--decisions 300] [--players 4] [--pyodide]

Only Sam's choices on its turn are timed (seat 0 alone waiting, two or more legal actions), in
deals where Sam plays against Alexes (early in a deal Sam plays Alex's habit at once, so most
slow decisions come late). Both
the wall-clock time and the process's processor time are printed: on a shared, loaded machine
the first is inflated by waiting for a core, the second is what an idle machine would take. Target: p95 under 200 ms in the browser; Pyodide under
Node is the stand-in for a browser worker here (the Sevens benchmark found the two within a few
per cent of each other).
"""

from __future__ import annotations

import argparse
import builtins
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.chance import player_rng
from engine.core.game import DEFAULT_GAME, GameType, computer_player, find_game, game_names, parse_rules

REPO = Path(__file__).resolve().parent.parent
TARGET_P95_MS = 200
# Under emscripten time.process_time() is wall time; bench/pyodide_decision.mjs lends Node's own count.
processor_time: Callable[[], float] = getattr(builtins, "node_processor_time", time.process_time)


def measure(game: GameType, decisions: int, players: int, preset: str | None = None) -> dict[str, Any]:
    """Sam's decisions under the game's default rules, or under *preset* (one of the game's presets)."""
    rules = game.rules({"players": players}) if preset is None else parse_rules(game, f"{preset},players={players}")
    times: list[float] = []
    cpu_times: list[float] = []
    seed = 0
    while len(times) < decisions:
        seed += 1
        names = ["sam"] + ["alex"] * (players - 1)
        bots = [computer_player(game.computer_players, name, player_rng(seed, seat)) for seat, name in enumerate(names)]
        deal = game.new_deal(rules, seed)
        while not deal.is_over and len(times) < decisions:
            seat = deal.waiting[-1]  # those who may call between turns first, as Deal.play_to_end asks them
            choice = deal.waiting == (0,) and len(deal.legal_actions(0)) >= 2
            view = deal.view(seat)
            start, cpu = time.perf_counter(), processor_time()
            decision = bots[seat].decide(view)
            elapsed, used = time.perf_counter() - start, processor_time() - cpu
            if choice:
                times.append(elapsed)
                cpu_times.append(used)
            deal.act(seat, decision.action)
    times.sort()
    cpu_times.sort()
    return {
        "python": f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}",
        "game": game.title,
        "players": players,
        "decisions": len(times),
        "median_ms": 1000 * statistics.median(times),
        "p95_ms": 1000 * times[min(len(times) - 1, round(0.95 * (len(times) - 1)))],
        "max_ms": 1000 * times[-1],
        "cpu_median_ms": 1000 * statistics.median(cpu_times),
        "cpu_p95_ms": 1000 * cpu_times[min(len(cpu_times) - 1, round(0.95 * (len(cpu_times) - 1)))],
    }


def report(figures: dict[str, Any]) -> None:
    print(
        f"{figures['python']}, {figures['game']}, {figures['players']} players: Sam over {figures['decisions']} decisions: "
        f"median {figures['median_ms']:.1f} ms, p95 {figures['p95_ms']:.1f} ms (target < {TARGET_P95_MS} ms "
        f"in the browser), slowest {figures['max_ms']:.1f} ms; processor time median "
        f"{figures['cpu_median_ms']:.1f} ms, p95 {figures['cpu_p95_ms']:.1f} ms (the same work on an idle machine)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=game_names(), default=DEFAULT_GAME)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", help="one of the game's presets instead of its default rules")
    parser.add_argument("--pyodide", action="store_true", help="also run inside Pyodide under Node")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = measure(find_game(args.game), args.decisions, args.players, args.preset)
    if args.json:
        print(json.dumps(figures))
        return
    report(figures)
    if args.pyodide:
        script = REPO / "bench" / "pyodide_decision.mjs"
        players = ["--players", str(args.players), *(["--preset", args.preset] if args.preset else [])]
        done = subprocess.run(
            ["node", str(script), "--game", args.game, "--decisions", str(args.decisions), *players, "--json"],
            cwd=REPO,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            sys.exit(f"Pyodide run failed:\n{done.stderr}")
        report(json.loads(done.stdout.strip().splitlines()[-1]))


if __name__ == "__main__":
    main()
