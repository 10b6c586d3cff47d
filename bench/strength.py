"""Strength of the computer players on duplicate deals: prints tournament tables, asserts nothing.

    python bench/strength.py                 # the game's standard tables, 200 deals each, default rules
    python bench/strength.py --game knock-knock
    python bench/strength.py --deals 1000 --only alex,random,random,random
    python bench/strength.py --presets --deals 50   # three tables under every preset (below)
    python bench/strength.py --presets --preset fan-tan --only sam,alex,alex,alex --deals 50

``--game`` is any registered game (default: the default game). Its standard
tables and their targets are data in its game type (``strength_tables``: the
seats, and the least win rate the first entry is to reach); each table with a
target ends with a verdict: met (95% interval above the target), not met
(below) or not settled. Sevens' targets (parity is 25%): Alex wins at least 50%
against three ``random``, Sam at least 30% against three Alexes. Knock!
Knock!'s: Alex at least 35% and Sam 40% against three ``random``, and Sam ahead
of Alex head to head (more than 25% against three Alexes). Card games are
mostly luck, so small runs swing by several points; read the interval, not
just the rate.

Under each preset of the game ``--presets`` plays sam,alex,robin,random, and
head to head sam,alex,alex,alex and alex,robin,robin,robin. A table gives each
entry's wins, or where the preset's deals score more than a win (chips, points)
its score a deal, each with its 95% interval over deals. Target: Sam > Alex >
Robin in every preset. Each table checks the steps of that order it seats (Sam
ahead of Alex, Alex ahead of Robin): the first's figure less the mean of the
second's entries, deal by deal, with the 95% interval of that difference, and a
verdict as above. Head to head that is the first above parity (25%), or above 0
chips.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from typing import Any

from engine.core.game import DEFAULT_GAME, GameType, find_game, game_names
from engine.core.match import play_game, rotated, tournament
from engine.core.webapi import new_session


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
        help="play the preset tables (or --only's) under each preset instead, with the Sam > Alex > Robin checks",
    )
    parser.add_argument("--preset", action="append", help="with --presets: only this preset (may be repeated)")
    parser.add_argument("--game", choices=game_names(), default=DEFAULT_GAME)
    args = parser.parse_args(argv)
    game = find_game(args.game)
    if args.presets:
        if not game.presets:
            parser.error(f"--presets: {game.title} has no presets")
        chosen = args.preset or list(game.presets)
        for name in chosen:
            rules = game.presets[name]
            for seats in args.only or PRESET_TABLES:
                start = time.perf_counter()
                print(f"## {name} ({game.options.text(rules)}): {seats}")
                table = preset_table(args.deals, args.seed, rules, seats, lower_is_better(game, rules))
                print(f"{table}\n({time.perf_counter() - start:.0f} s)", flush=True)
                print(flush=True)
        return
    standard_tables(game, args)


# The order the presets are to put the computer players in; each table checks the neighbours in it that it seats.
TARGET_ORDER = ("sam", "alex", "robin")
# Under --presets: the four-way table, and each step of the order head to head.
PRESET_TABLES = ("sam,alex,robin,random", "sam,alex,alex,alex", "alex,robin,robin,robin")


def duplicate_deals(deals: int, seed: int, rules: Any, names: list[str]) -> tuple[list[list[float]], bool]:
    """Each entry's score in each duplicate deal of *names* under *rules*, averaged over the rotations: its wins (a
    fraction of the rotations), or, where a deal scores more than a win (chips), its score; and which it was."""
    count = len(names)
    figures: list[list[float]] = [[] for _ in names]
    chips = False
    for number in range(deals):
        totals = [0.0] * count
        scores = [(turn, play_game(seed + number, rotated(names, turn), rules=rules).score()) for turn in range(count)]
        chips = chips or any(points not in (0, 1) for _, score in scores for points in score)
        for turn, score in scores:
            for seat, points in enumerate(score):
                totals[(seat - turn) % count] += points / count
        for entry in range(count):
            figures[entry].append(totals[entry])
    return figures, chips


def lower_is_better(game: GameType, rules: Any) -> bool:
    """Whether a match of *game* under *rules* ranks the lowest total first (Blackjack's ``scoring=points``: the
    points of the cards left in hand), as the game's session tells the page."""
    session = new_session(game.name)
    return bool(session.new_match(seed=1, rules=game.options.text(rules))["match"]["lower_is_better"])


def preset_table(deals: int, seed: int, rules: Any, seats: str, lower: bool = False) -> str:
    """Duplicate deals of *seats* under *rules*: each entry's wins (or chips, or points) a deal with its 95%
    interval, then for each neighbouring pair of :data:`TARGET_ORDER` at the table, whether the first is ahead of
    the second (with fewer points, when *lower* totals are better)."""
    names = seats.split(",")
    figures, chips = duplicate_deals(deals, seed, rules, names)
    unit = ("points a deal (fewest best)" if lower else "chips a deal") if chips else "wins"
    lines = [f"{'player':<8} {unit:>12}  95% interval"]
    for name, values in zip(names, figures, strict=True):
        lines.append(f"{name:<8} {_figure(values, chips)}")
    lines.append(
        f"{deals} duplicate deals (seeds {seed}–{seed + deals - 1}), each played {len(names)} times, seats rotated"
    )
    present = [name for name in TARGET_ORDER if name in names]
    for ahead, behind in itertools.pairwise(present):
        lines.append(_check(names, figures, ahead, behind, chips, lower))
    return "\n".join(lines)


def _figure(values: list[float], chips: bool) -> str:
    """A mean and its 95% interval: chips a deal, or a win rate."""
    mean, half = _mean_and_half(values)
    if chips:
        return f"{mean:>+12.2f}  {mean - half:+.2f} – {mean + half:+.2f}"
    return f"{mean:>12.1%}  {max(0.0, mean - half):.1%} – {min(1.0, mean + half):.1%}"


def _check(
    names: list[str], figures: list[list[float]], ahead: str, behind: str, chips: bool, lower: bool = False
) -> str:
    """Whether *ahead* beats *behind* over the same deals: its figure less the mean of *behind*'s entries, deal by
    deal, with the 95% interval of that difference; met when the interval lies above 0, not met when below (below
    and above swapped when *lower* totals are better: points for the cards left).

    Head to head (one *ahead* against the rest) this is the same test as *ahead* above parity by wins, or above
    0 chips, since the figures of a deal sum to 1 (wins) or 0 (chips); points sum to no fixed total."""
    first = names.index(ahead)
    others = [entry for entry, name in enumerate(names) if name == behind]
    differences = [
        figures[first][deal] - sum(figures[entry][deal] for entry in others) / len(others)
        for deal in range(len(figures[first]))
    ]
    mean, half = _mean_and_half(differences)
    better, worse = (mean + half < 0, mean - half > 0) if lower else (mean - half > 0, mean + half < 0)
    verdict = "met" if better else ("not met" if worse else "not settled")
    if chips:
        unit = "points" if lower else "chips"
        said = f"{mean:+.2f} {unit} a deal [{mean - half:+.2f} – {mean + half:+.2f}]"
    else:
        said = f"{100 * mean:+.1f} points of wins [{100 * (mean - half):+.1f} – {100 * (mean + half):+.1f}]"
    rest = f"the mean of the {len(others)} {behind} entries" if len(others) > 1 else behind
    line = (
        f"target {ahead} ahead of {behind}{' (fewer points)' if lower else ''}: {ahead} less {rest}, {said}: {verdict}"
    )
    if len(others) == len(names) - 1 and not lower:
        parity = "0 chips" if chips else f"parity {1 / len(names):.0%}"
        line += f" ({ahead} against {parity}: {_figure(figures[first], chips).strip()})"
    return line


def _mean_and_half(values: list[float]) -> tuple[float, float]:
    """The mean of *values* and half the width of its 95% interval (1.96 standard errors)."""
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, float("inf")
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    return mean, 1.96 * (variance / count) ** 0.5


def standard_tables(game: GameType, args: argparse.Namespace) -> None:
    """The game's standard tables (or --only's), each with its target where it has one."""
    tables = [(seats, None) for seats in args.only] if args.only else list(game.strength_tables)
    for seats, target in tables:
        start = time.perf_counter()
        names = seats.split(",")
        result = tournament(args.deals, names, seed=args.seed, rules=game.rules({"players": len(names)}))
        seconds = time.perf_counter() - start
        print(f"## {game.title}: {seats}  ({seconds:.0f} s)")
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
