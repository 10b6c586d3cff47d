"""The strength targets of Blackjack's computer players, and their measurement on duplicate deals.

``bench/strength.py`` (or anyone) calls :func:`report`; it plays, it does not time. Targets, four players:
under the default rules Alex wins at least 40% against three ``random``, Sam at least 45% against three
``random`` and more than parity (25%) against three Alexes; under ``crazy-eights`` the same order (Sam ahead
of Alex, Alex ahead of ``random``). Each figure has its 95% interval over deals.
"""

from __future__ import annotations

from ..core.match import tournament
from .rules import PRESETS

__all__ = ["TABLES", "report"]

# Each table: the preset, the seats (the first entry is the one measured) and its target win rate.
TABLES: tuple[tuple[str, str, float], ...] = (
    ("blackjack", "alex,random,random,random", 0.40),
    ("blackjack", "sam,random,random,random", 0.45),
    ("blackjack", "sam,alex,alex,alex", 0.25),
    ("crazy-eights", "alex,random,random,random", 0.25),
    ("crazy-eights", "sam,random,random,random", 0.25),
    ("crazy-eights", "sam,alex,alex,alex", 0.25),
)


def report(deals: int, seed: int = 1, tables: tuple[tuple[str, str, float], ...] = TABLES) -> str:
    """Each table's tournament over *deals* duplicate deals from *seed*, and whether its first entry's 95%
    interval reaches its target (met: the low end at or above it; not met: the high end below it)."""
    lines = []
    for preset, seats, target in tables:
        result = tournament(deals, seats.split(","), seed, rules=PRESETS[preset])
        entry = result.entries[0]
        verdict = "met" if entry.low >= target else "not met" if entry.high < target else "not settled"
        lines += [
            f"## {preset}: {seats}",
            result.table(),
            f"{entry.name}: {entry.rate:.1%} ({entry.low:.1%} – {entry.high:.1%}), target {target:.0%}: {verdict}",
            "",
        ]
    return "\n".join(lines)
