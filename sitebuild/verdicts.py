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
seed, so a verdict is the same on every machine and can be cached. The cache
key is the puzzle's content and this module's settings.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from dataclasses import dataclass
from pathlib import Path

from engine.cards import Card, cards_of
from engine.moves import Move
from engine.players.sam import HiddenDealer, play_out
from engine.position import FLIPS, playable_mask
from engine.view import PlayerView

# 2000 independent deals give a standard error of about 1 point for the difference between two cards'
# win rates; MARGIN and Z then keep out choices that only luck or a close call would decide.
DEALS = 2000
SEED = 20261201
MARGIN = 0.05
Z = 3.0
VERSION = 1  # change when the way of judging changes, so cached verdicts are recomputed
CACHE = Path(__file__).resolve().parent.parent / ".cache" / "sam-verdicts.json"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Wins of each card that fits over *deals* imagined deals, and, for each ordered pair, the deals
    won after the first card but lost after the second (``"6H>8H"``)."""

    deals: int
    wins: dict[str, int]
    beats: dict[str, int]

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
    view = view_of(table, hand, counts, passed)
    candidates = [card.bit for card in cards_of(view.legal_mask())]
    dealer = HiddenDealer(view)
    rng = random.Random(SEED)
    fits = playable_mask(table)
    outcomes = [0] * len(candidates)  # bit d set when the card won imagined deal d
    for deal in range(DEALS):
        hands = dealer.deal(rng)
        for i, bit in enumerate(candidates):
            trial = hands.copy()
            trial[0] ^= bit
            # As in Sam's own play-outs: Alex's habits for all, with one look-ahead at your next choice.
            if not trial[0] or play_out(fits ^ FLIPS[bit], trial, 1, 0, pick=rng.random) == 0:
                outcomes[i] |= 1 << deal
    codes = [Card(bit.bit_length() - 1).code for bit in candidates]
    wins = {code: outcomes[i].bit_count() for i, code in enumerate(codes)}
    beats = {
        f"{a}>{b}": (outcomes[i] & ~outcomes[j]).bit_count()
        for i, a in enumerate(codes)
        for j, b in enumerate(codes)
        if i != j
    }
    return Verdict(DEALS, wins, beats)


class VerdictCache:
    """Verdicts by puzzle content, read from and written back to :data:`CACHE` (a plain JSON file)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or CACHE
        self.changed = False
        try:
            self.entries: dict[str, dict[str, object]] = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.entries = {}  # missing or damaged: every verdict is worked out again

    @staticmethod
    def key(table: int, hand: int, counts: tuple[int, int, int], passed: tuple[int, ...]) -> str:
        text = json.dumps([VERSION, DEALS, SEED, table, hand, counts, passed])
        return hashlib.sha256(text.encode()).hexdigest()

    def verdict(self, table: int, hand: int, counts: tuple[int, int, int], passed: tuple[int, ...]) -> Verdict:
        key = self.key(table, hand, counts, passed)
        entry = self.entries.get(key)
        if isinstance(entry, dict):
            try:
                return Verdict(int(entry["deals"]), dict(entry["wins"]), dict(entry["beats"]))  # type: ignore[call-overload]
            except (KeyError, TypeError, ValueError):
                pass
        verdict = judge(table, hand, counts, passed)
        self.entries[key] = {"deals": verdict.deals, "wins": verdict.wins, "beats": verdict.beats}
        self.changed = True
        return verdict

    def save(self) -> None:
        if not self.changed:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(self.entries, sort_keys=True), encoding="utf-8")
        except OSError:
            pass  # a cache that cannot be written only costs time next build
