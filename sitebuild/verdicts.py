"""Sam's verdict on a "which card would you play?" puzzle, and a cache of verdicts by puzzle content.

Sam judges a choice by dealing the cards it cannot see many times, in ways that
fit what it knows (how many cards each player holds, and what a pass showed
they lack), and playing the deal out after each card that fits. A ``best``
puzzle is accepted only if its stated card wins clearly more often than every
other card that fits: by at least :data:`MARGIN` of the imagined deals, and by
:data:`Z` standard errors of the paired difference (the same deals are played
after every card, so luck of the deal cancels out).

Here the deals are drawn independently from Sam's :class:`HiddenDealer` (no
other player has made a play for Sam's habit chain to weigh), with a fixed
seed, so a verdict is the same on every machine and can be kept, by the
puzzle's content and this module's settings: the site's own puzzles in
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
import json
import math
import random
from dataclasses import dataclass, field
from pathlib import Path

from engine.core.cards import Card, cards_of
from engine.sevens.moves import Move
from engine.sevens.players.sam import HiddenDealer, play_out
from engine.sevens.position import FLIPS, playable_mask
from engine.sevens.view import PlayerView

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


def view_of(table: int, hand: int, counts: tuple[int, int, int], passed: tuple[int, ...]) -> PlayerView:
    """Your view: the table as played, then a pass from each seat in *passed* with the table as it is."""
    plays = tuple(Move(0, card) for card in cards_of(table))  # only the table they make matters here
    passes = tuple(Move(seat, None) for seat in passed)
    return PlayerView(0, hand, table, (hand.bit_count(), *counts), plays + passes)


def judge(table: int, hand: int, counts: tuple[int, int, int], passed: tuple[int, ...]) -> Verdict:
    """Play the deal out after each card of *hand* that fits, on the same :data:`DEALS` imagined deals."""
    outcomes = play_outs(table, hand, counts, passed, DEALS)
    beats = {f"{a}>{b}": (outcomes[a] & ~outcomes[b]).bit_count() for a in outcomes for b in outcomes if a != b}
    return Verdict(DEALS, {code: won.bit_count() for code, won in outcomes.items()}, beats, check_of(outcomes))


def play_outs(
    table: int, hand: int, counts: tuple[int, int, int], passed: tuple[int, ...], deals: int
) -> dict[str, int]:
    """For each card of *hand* that fits, by code: bit d set when the card won imagined deal d, for the first
    *deals* deals (the same ones whatever the number)."""
    view = view_of(table, hand, counts, passed)
    candidates = [card.bit for card in cards_of(view.legal_mask())]
    dealer = HiddenDealer(view)
    rng = random.Random(SEED)
    fits = playable_mask(table)
    outcomes = [0] * len(candidates)  # bit d set when the card won imagined deal d
    for deal in range(deals):
        hands = dealer.deal(rng)
        for i, bit in enumerate(candidates):
            trial = hands.copy()
            trial[0] ^= bit
            # As in Sam's own play-outs: Alex's habits for all, with one look-ahead at your next choice.
            if not trial[0] or play_out(fits ^ FLIPS[bit], trial, 1, 0, pick=rng.random) == 0:
                outcomes[i] |= 1 << deal
    return {Card(bit.bit_length() - 1).code: outcomes[i] for i, bit in enumerate(candidates)}


def check_of(outcomes: dict[str, int]) -> dict[str, str]:
    """The results of the first :data:`CHECK_DEALS` deals, as kept with a verdict (hexadecimal bits)."""
    first = (1 << CHECK_DEALS) - 1
    return {code: format(won & first, "x") for code, won in outcomes.items()}


def sources() -> dict[str, bytes]:
    """This module's source and that of every engine module it imports, followed through their own imports
    (those named in import statements; not the packages' ``__init__`` on the way), by path in the repository."""
    root = Path(__file__).resolve().parent.parent
    found: dict[str, bytes] = {}
    todo = [Path(__file__).resolve()]
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
    def key(table: int, hand: int, counts: tuple[int, int, int], passed: tuple[int, ...]) -> str:
        text = json.dumps([VERSION, DEALS, SEED, table, hand, counts, passed])
        return hashlib.sha256(text.encode()).hexdigest()

    def verdict(self, table: int, hand: int, counts: tuple[int, int, int], passed: tuple[int, ...]) -> Verdict:
        key = self.key(table, hand, counts, passed)
        for entry, trusted in ((self.checked_in.get(key), self.current()), (self.entries.get(key), False)):
            verdict = self._confirmed(key, entry, (table, hand, counts, passed), trusted)
            if verdict is not None:
                self.used[key] = self.entries[key] = entry  # type: ignore[assignment]
                return verdict
        verdict = judge(table, hand, counts, passed)
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
    def _confirmed(
        key: str, entry: object, puzzle: tuple[int, int, tuple[int, int, int], tuple[int, ...]], trusted: bool
    ) -> Verdict | None:
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
            if check_of(play_outs(*puzzle, CHECK_DEALS)) != verdict.check:
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
