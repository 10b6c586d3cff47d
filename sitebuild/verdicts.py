"""A computer player's verdict on a "which card would you play?" puzzle, and a cache of verdicts by puzzle content.

The game judges a choice through its ``play_outs`` hook (see
:data:`engine.core.game.PlayOuts`): its computer player (Sam) imagines many
deals that fit what the puzzle's player knows and plays each out after every
candidate. A puzzle is accepted only if its stated card wins clearly more often
than every other candidate: by at least :data:`MARGIN` of the imagined deals,
and by :data:`Z` standard errors of the paired difference (the same deals are
played after every candidate, so luck of the deal cancels out).

The deals are drawn from a fixed seed, so a verdict is the same on every
machine and can be kept, by the puzzle's content and this module's settings:
the site's own puzzles in
:data:`FILE` (checked in, so a fresh clone builds without judging them again:
``python build.py --no-runtime --write-verdicts`` rewrites it), any other in
the local :data:`CACHE`. A kept verdict also holds the results of its first
:data:`CHECK_DEALS` deals, which are played again before it is used: when
Sam's play-outs, the dealer or the rules have changed since, they differ and
the verdict is worked out afresh instead of being trusted.

:data:`FILE` also keeps the :func:`fingerprint` of the code its verdicts were
worked out with (this module and the engine modules it plays with). While the
code is that code, its verdicts are used as they are, without playing a deal:
a build, and every test that builds the real lessons, reads them in
milliseconds. When the code has changed, each is confirmed by its check deals
as above, and a test (tests/site/test_best_puzzles.py) asks for the file to be
written again.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.cards import Card
from engine.core.game import GameType, find_game, game_names

# 2000 independent deals give a standard error of about 1 point for the difference between two cards'
# win rates; MARGIN and Z then keep out choices that only luck or a close call would decide.
DEALS = 2000
SEED = 20261201
MARGIN = 0.05
Z = 3.0
VERSION = 1  # change when the way of judging changes, so kept verdicts are recomputed
FILE = Path(__file__).resolve().parent / "verdicts.json"
CACHE = Path(__file__).resolve().parent.parent / ".cache" / "sam-verdicts.json"
# Deals played again to confirm a kept verdict: 32 of the 2000 cost 0.8 s of processor time for the site's 81
# puzzles (judging them all takes 32 s), and a change to Sam's play that alters none of those 32 × 2 to 6 play-outs
# a puzzle cannot move its win rates by much.
CHECK_DEALS = 32


@dataclass(frozen=True, slots=True)
class Verdict:
    """Wins of each card that fits over *deals* imagined deals, and, for each ordered pair, the deals
    won after the first card but lost after the second (``"6H>8H"``); *check* is for keeping it (:func:`check_of`)."""

    deals: int
    wins: dict[str, int]
    beats: dict[str, int]
    check: dict[str, str] = field(default_factory=dict)  # see check_of

    def rate(self, code: str) -> float:
        return self.wins[code] / self.deals

    def lead(self, card: str, other: str) -> tuple[float, float]:
        """How far *card*'s win rate is ahead of *other*'s, and in how many standard errors."""
        ahead, behind = self.beats[f"{card}>{other}"] / self.deals, self.beats[f"{other}>{card}"] / self.deals
        difference = ahead - behind
        spread = math.sqrt(max(ahead + behind - difference**2, 1e-12) / self.deals)
        return difference, difference / spread

    def problem(self, card: str) -> str | None:
        """Why *card* is not clearly Sam's best choice, or None when it is."""
        for other in sorted(self.wins, key=lambda code: -self.wins[code]):
            if other == card:
                continue
            difference, z = self.lead(card, other)
            if difference < MARGIN or z < Z:
                shown, rival = Card.parse(card).display, Card.parse(other).display
                return (
                    f"Sam does not find {shown} clearly best: over {self.deals} imagined deals it wins "
                    f"{self.rate(card):.1%}, {rival} {self.rate(other):.1%}; it must lead every other card by "
                    f"{MARGIN:.0%} (it leads {rival} by {difference:+.1%}, {z:.1f} standard errors; {Z:g} needed)"
                )
        return None


def judge(game: GameType, position: Sequence[Any]) -> Verdict:
    """Play the deal out after each candidate of *position*, on the same :data:`DEALS` imagined deals."""
    outcomes = play_outs(game, position, DEALS)
    beats = {f"{a}>{b}": (outcomes[a] & ~outcomes[b]).bit_count() for a in outcomes for b in outcomes if a != b}
    return Verdict(DEALS, {code: won.bit_count() for code, won in outcomes.items()}, beats, check_of(outcomes))


def play_outs(game: GameType, position: Sequence[Any], deals: int) -> dict[str, int]:
    """For each candidate, by code: bit d set when it won imagined deal d, for the first *deals* deals (the same
    ones whatever the number), as *game*'s computer player works them out."""
    hook = game.play_outs
    if hook is None:
        raise ValueError(f"{game.title} has no computer player to judge puzzles with")
    return hook(position, deals, SEED)


def check_of(outcomes: dict[str, int]) -> dict[str, str]:
    """The results of the first :data:`CHECK_DEALS` deals, as kept with a verdict (hexadecimal bits)."""
    first = (1 << CHECK_DEALS) - 1
    return {code: format(won & first, "x") for code, won in outcomes.items()}


def sources() -> dict[str, bytes]:
    """This module's source, the module of every game's ``play_outs`` hook (the computer player that judges, which
    this module reaches through the registry, not an import), and every engine module those import, followed
    through their own imports (those named in import statements; not the packages' ``__init__`` on the way), by
    path in the repository."""
    root = Path(__file__).resolve().parent.parent
    found: dict[str, bytes] = {}
    todo = [Path(__file__).resolve()]
    for name in game_names():
        hook = find_game(name).play_outs
        if hook is not None:
            todo.append(Path(inspect.getfile(hook)).resolve())
    while todo:
        path = todo.pop()
        name = path.relative_to(root).as_posix()
        if name in found:
            continue
        found[name] = path.read_bytes()
        package = path.parent.relative_to(root).parts
        for node in ast.walk(ast.parse(found[name], name)):
            if isinstance(node, ast.ImportFrom):
                words = (node.module or "").split(".")
                start = package[: len(package) + 1 - node.level] if node.level else ()  # from .x / from ..x
                module = tuple(part for part in (*start, *words) if part)
                modules = [module, *((*module, alias.name) for alias in node.names)]
            elif isinstance(node, ast.Import):
                modules = [tuple(alias.name.split(".")) for alias in node.names]
            else:
                continue
            for parts in modules:
                if parts[0] != "engine":
                    continue
                for candidate in (root.joinpath(*parts).with_suffix(".py"), root.joinpath(*parts, "__init__.py")):
                    if candidate.is_file():
                        todo.append(candidate)
    return dict(sorted(found.items()))


def fingerprint() -> str:
    """A digest of :func:`sources`: the code a verdict was worked out with."""
    digest = hashlib.sha256()
    for name, source in sources().items():
        digest.update(f"{name}\0{len(source)}\0".encode())
        digest.update(source)
    return digest.hexdigest()


FINGERPRINT = "fingerprint"  # the key of FILE that holds the fingerprint of its verdicts' code


_CONFIRMED: set[str] = set()  # kept entries whose check already held in this process (key and check)


def _read(path: Path) -> dict[str, dict[str, object]]:
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # missing or damaged: every verdict is worked out again
    return entries if isinstance(entries, dict) else {}


class VerdictCache:
    """Verdicts by puzzle content: those of :data:`FILE` and of the local *path* (:data:`CACHE`), each used only
    once its first deals, played again, give the same results; new verdicts are written to *path*."""

    def __init__(self, path: Path | None = None, file: Path | None = None) -> None:
        self.path = path or CACHE
        self.file = file or FILE
        self.changed = False
        self.entries = _read(self.path)
        self.checked_in = _read(self.file)
        self.written_by = self.checked_in.pop(FINGERPRINT, None)  # the fingerprint of the code that wrote FILE
        self._current: bool | None = None  # whether that is this code's (worked out when first needed)
        self.used: dict[str, dict[str, object]] = {}  # the verdicts this build asked for, by key

    @staticmethod
    def key(position: Sequence[Any]) -> str:
        # The position's fields follow the settings, as they did before games had hooks (so the keys were kept).
        text = json.dumps([VERSION, DEALS, SEED, *position])
        return hashlib.sha256(text.encode()).hexdigest()

    def verdict(self, game: GameType, position: Sequence[Any]) -> Verdict:
        """The verdict of *game*'s computer player on *position* (a puzzle's ``verdict_position``)."""
        key = self.key(position)
        for entry, trusted in ((self.checked_in.get(key), self.current()), (self.entries.get(key), False)):
            verdict = self._confirmed(key, entry, game, position, trusted)
            if verdict is not None:
                self.used[key] = self.entries[key] = entry  # type: ignore[assignment]
                return verdict
        verdict = judge(game, position)
        entry = {"deals": verdict.deals, "wins": verdict.wins, "beats": verdict.beats, "check": verdict.check}
        self.used[key] = self.entries[key] = entry
        self.changed = True
        return verdict

    def current(self) -> bool:
        """Whether the verdicts of the file were written by this code (see :func:`fingerprint`)."""
        if self._current is None:
            self._current = self.written_by == fingerprint()
        return self._current

    @staticmethod
    def _confirmed(key: str, entry: object, game: GameType, position: Sequence[Any], trusted: bool) -> Verdict | None:
        """The verdict *entry* keeps, if it is whole and (unless *trusted*) its check deals still give the same
        results."""
        if not isinstance(entry, dict):
            return None
        try:
            verdict = Verdict(int(entry["deals"]), dict(entry["wins"]), dict(entry["beats"]), dict(entry["check"]))
        except (KeyError, TypeError, ValueError):
            return None
        seen = key + json.dumps(verdict.check, sort_keys=True)
        if not trusted and seen not in _CONFIRMED:
            if check_of(play_outs(game, position, CHECK_DEALS)) != verdict.check:
                return None  # stale: Sam, the dealer or the rules play differently now
            _CONFIRMED.add(seen)
        return verdict

    def save(self) -> None:
        if not self.changed:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(self.entries, sort_keys=True), encoding="utf-8")
        except OSError:
            pass  # a cache that cannot be written only costs time next build

    def write_checked_in(self) -> None:
        """Write the verdicts this build used to :data:`FILE`, and no others, one a line for readable diffs, after
        the fingerprint of the code that worked them out (or confirmed them)."""
        lines = [f"{json.dumps(FINGERPRINT)}: {json.dumps(fingerprint())}"]
        lines += [f"{json.dumps(key)}: {json.dumps(self.used[key], sort_keys=True)}" for key in sorted(self.used)]
        self.file.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
