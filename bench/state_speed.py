"""How long the browser session takes to build the table's state for a position a lesson could start from
(any registered game; the position in the game's own text form, you in seat 0, on turn).

    .venv/bin/python bench/state_speed.py --game GAME --position "TEXT" [--samples 5] [--record ROW]

Each sample is a fresh Python process (nothing cached from the one before) that starts a guided deal at
*position*, which builds the whole state the page draws: its legal actions, prompt and sentences. Printed:
each sample's time, the slowest and the median, in wall-clock and processor time (on a loaded machine the
first waits for a core). Target: the slowest under 50 ms of processor time in CPython, so that Pyodide (a
few times slower) answers a move at once even with a hand of 25 cards. ``--record ROW`` writes the figure
to that row of bench/figures.json (then run bench/report.py to rewrite docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.game import DEFAULT_GAME, find_game, game_names

TARGET_MS = 50


def measure(game: str, position: str) -> tuple[float, float, int]:
    """One sample, in this process: wall and processor milliseconds to start the deal and build its state, and
    the cards in your hand."""
    session = find_game(game).session()
    wall, cpu = time.perf_counter(), time.process_time()
    state = session.guided(position)
    return 1000 * (time.perf_counter() - wall), 1000 * (time.process_time() - cpu), len(state.get("hand", []))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=game_names(), default=DEFAULT_GAME)
    parser.add_argument("--position", required=True, help="the game's text form of a position, you in seat 0")
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--record", metavar="ROW", help="write the figure to this row of bench/figures.json")
    parser.add_argument("--sample", action="store_true", help=argparse.SUPPRESS)  # one sample, as JSON
    args = parser.parse_args()
    if args.sample:
        print(json.dumps(measure(args.game, args.position)))
        return
    command = [sys.executable, __file__, "--game", args.game, "--position", args.position, "--sample"]
    samples = [
        json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        for _ in range(args.samples)
    ]
    wall = [sample[0] for sample in samples]
    cpu = [sample[1] for sample in samples]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    print("state built in (ms): " + " ".join(f"{ms:.1f}" for ms in wall))
    figure = (
        f"hand of {samples[0][2]}: processor time slowest {max(cpu):.1f} ms, median {statistics.median(cpu):.1f} ms "
        f"over {len(samples)} fresh processes (wall clock slowest {max(wall):.1f} ms at load {load:.0f}), CPython"
    )
    met = max(cpu) < TARGET_MS
    print(f"{figure}; target: slowest < {TARGET_MS} ms: {'met' if met else 'not met'}")
    if args.record:
        from report import record

        record(args.record, figure, "met" if met else "not met")


if __name__ == "__main__":
    main()
