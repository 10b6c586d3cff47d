"""Strength of the computer players on duplicate deals: prints tournament tables, asserts nothing.

    python bench/strength.py                 # the standard tables, 200 deals each, default rules
    python bench/strength.py --deals 1000 --only alex,random,random,random
    python bench/strength.py --presets --deals 50   # sam,alex,robin,random under every preset

Targets (parity is 25%): Alex wins at least 50% against three ``random``;
Sam wins at least 30% against three Alexes, with the 95% interval clear of
25%; and Sam > Alex > Robin when they meet. Sevens is mostly luck, so small
runs swing by several points; read the interval, not just the rate.

    python bench/strength.py --game knock-knock     # Knock! Knock!, four players, default rules

Knock! Knock! targets (four players, parity 25%): Alex wins at least 35% against
three ``random``; Sam at least 40% against three ``random``, and ahead of Alex
head to head (more than 25% against three Alexes).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.game import find_game
from engine.core.match import tournament
from engine.knock_knock import Rules

TABLES = (
    "alex,random,random,random",
    "sam,alex,alex,alex",
    "sam,alex,robin,random",
    "robin,random,random,random",
)
# Knock! Knock!: each table with the entry it is about and that entry's target win rate.
KNOCK_KNOCK_TABLES = (
    ("alex,random,random,random", 0.35),
    ("sam,random,random,random", 0.40),
    ("sam,alex,alex,alex", 0.25),
    ("robin,random,random,random", None),
    ("sam,alex,robin,random", None),
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals per table (each played 4 times)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    parser.add_argument(
        "--only", action="append", help="a table to run instead of the standard ones, e.g. sam,alex,alex,alex"
    )
    parser.add_argument(
        "--presets",
        action="store_true",
        help="play sam,alex,robin,random under each preset instead (Sam > Alex > Robin expected in every one)",
    )
    parser.add_argument("--game", choices=("sevens", "knock-knock"), default="sevens")
    args = parser.parse_args(argv)
    if args.game == "knock-knock":
        knock_knock(args)
        return
    if args.presets:
        game = find_game("sevens")
        for name, rules in game.presets.items():
            start = time.perf_counter()
            result = tournament(args.deals, ["sam", "alex", "robin", "random"], seed=args.seed, rules=rules)
            seconds = time.perf_counter() - start
            print(f"## {name} ({rules.text()}): sam,alex,robin,random  ({seconds:.0f} s)")
            print(result.table())
            order = sorted(result.entries, key=lambda entry: -entry.rate)
            print(f"order by wins: {' > '.join(entry.name for entry in order)}")
            print(flush=True)
        return
    for seats in args.only or TABLES:
        start = time.perf_counter()
        result = tournament(args.deals, seats.split(","), seed=args.seed)
        seconds = time.perf_counter() - start
        print(f"## {seats}  ({seconds:.0f} s)")
        print(result.table())
        print(flush=True)


def knock_knock(args: argparse.Namespace) -> None:
    """The Knock! Knock! tables (or --only's), each with its target where it has one."""
    tables = [(seats, None) for seats in args.only] if args.only else list(KNOCK_KNOCK_TABLES)
    for seats, target in tables:
        start = time.perf_counter()
        names = seats.split(",")
        result = tournament(args.deals, names, seed=args.seed, rules=Rules(players=len(names)))
        seconds = time.perf_counter() - start
        print(f"## Knock! Knock!: {seats}  ({seconds:.0f} s)")
        print(result.table())
        if target is not None:
            first = result.entries[0]
            verdict = "met" if first.low > target else ("not met" if first.high < target else "not settled")
            print(
                f"Target: {first.name} above {target:.0%}: {first.rate:.1%} "
                f"(95% interval {first.low:.1%} – {first.high:.1%}): {verdict}"
            )
        print(flush=True)


if __name__ == "__main__":
    main()
