"""bench/strength.py reads each preset's scores the way its match ranks them: fewer points is ahead where the
lowest total is best (Blackjack's crazy-eights preset scores the cards left in hand)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from engine.core.game import find_game

ROOT = Path(__file__).resolve().parents[2]


def strength() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength", ROOT / "bench" / "strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fewer_points_is_ahead_where_the_lowest_total_is_best_and_more_chips_elsewhere() -> None:
    bench = strength()
    blackjack = find_game("blackjack")
    assert bench.lower_is_better(blackjack, blackjack.presets["crazy-eights"]) is True
    assert bench.lower_is_better(blackjack, blackjack.presets["blackjack"]) is False
    # Sam scores 2 points a deal fewer than each Alex, over five deals that vary a little.
    sam, alex = [10.0, 11.0, 9.0, 10.0, 10.5], [12.0, 13.0, 11.0, 12.5, 12.0]
    figures = [sam, alex, alex, alex]
    names = ["sam", "alex", "alex", "alex"]
    assert bench._check(names, figures, "sam", "alex", chips=True, lower=True).endswith(": met")
    assert (
        bench._check(names, figures, "sam", "alex", chips=True, lower=False)
        .split(" (sam against")[0]
        .endswith(": not met")
    )
