"""Strength of the computer players on duplicate deals: prints tournament tables, asserts nothing.

    python bench/strength.py                 # the standard tables, 200 deals each, default rules
    python bench/strength.py --deals 1000 --only alex,random,random,random
    python bench/strength.py --presets --deals 50   # sam,alex,robin,random under every preset
    python bench/strength.py --presets --preset fan-tan --deals 50   # one preset

Under a preset the table gives each player's wins and, with chips, the chips
won or lost a deal, each with its 95% interval over deals (Sam > Alex > Robin
expected in every preset: by wins, or by chips where the preset scores chips).

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
from engine.core.match import play_game, rotated, tournament
from engine.knock_knock import Rules
from engine.sevens.rules import SevensRules

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
    parser.add_argument("--preset", action="append", help="with --presets: only this preset (may be repeated)")
    parser.add_argument("--game", choices=("sevens", "knock-knock"), default="sevens")
    args = parser.parse_args(argv)
    if args.game == "knock-knock":
        knock_knock(args)
        return
    if args.presets:
        game = find_game("sevens")
        chosen = args.preset or list(game.presets)
        for name in chosen:
            rules = game.presets[name]
            start = time.perf_counter()
            print(f"## {name} ({rules.text()}): sam,alex,robin,random")
            print(preset_table(args.deals, args.seed, rules), f"\n({time.perf_counter() - start:.0f} s)", flush=True)
            print(flush=True)
        return
    for seats in args.only or TABLES:
        start = time.perf_counter()
        result = tournament(args.deals, seats.split(","), seed=args.seed)
        seconds = time.perf_counter() - start
        print(f"## {seats}  ({seconds:.0f} s)")
        print(result.table())
        print(flush=True)


PRESET_SEATS = ("sam", "alex", "robin", "random")


def preset_table(deals: int, seed: int, rules: SevensRules) -> str:
    """Duplicate deals of sam, alex, robin and random under *rules*: wins, and each deal's score (chips under
    ``scoring=chips``), each with its 95% interval over deals, and the order they put the players in."""
    names = list(PRESET_SEATS)
    count = len(names)
    won: list[list[float]] = [[] for _ in names]
    scored: list[list[float]] = [[] for _ in names]
    for number in range(deals):
        wins, scores = [0.0] * count, [0.0] * count
        for turn in range(count):
            game = play_game(seed + number, rotated(names, turn), rules=rules)
            for seat, points in enumerate(game.score()):
                entry = (seat - turn) % count
                scores[entry] += points / count
                wins[entry] += (game.winner == seat) / count
        for entry in range(count):
            won[entry].append(wins[entry])
            scored[entry].append(scores[entry])
    chips = rules.scoring == "chips"
    lines = [f"{'player':<8} {'wins':>7}  {'95% interval':<15}" + ("  chips a deal  95% interval" if chips else "")]
    for entry, name in enumerate(names):
        rate, half = _mean_and_half(won[entry])
        line = f"{name:<8} {rate:>7.1%}  {max(0.0, rate - half):.1%} – {min(1.0, rate + half):.1%}"
        if chips:
            mean, spread = _mean_and_half(scored[entry])
            line += f"  {mean:>+12.2f}  {mean - spread:+.2f} – {mean + spread:+.2f}"
        lines.append(line)
    key = scored if chips else won
    order = sorted(range(count), key=lambda entry: -sum(key[entry]))
    lines.append(f"{deals} duplicate deals (seeds {seed}–{seed + deals - 1}), each played {count} times, seats rotated")
    lines.append(f"order by {'chips' if chips else 'wins'}: {' > '.join(names[entry] for entry in order)}")
    return "\n".join(lines)


def _mean_and_half(values: list[float]) -> tuple[float, float]:
    """The mean of *values* and half the width of its 95% interval (1.96 standard errors)."""
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, float("inf")
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    return mean, 1.96 * (variance / count) ** 0.5


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
