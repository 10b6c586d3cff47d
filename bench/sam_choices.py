"""How good are Sam's choices and its imagined deals? Quick figures for tuning Sam, next to Alex's.

    .venv/bin/python bench/sam_choices.py [--deals 1000] [--seed 1] [--repeats 2]

A tournament needs thousands of games to see a change of one point in Sam's
win rate (``bench/strength.py``). This looks at single decisions instead, which
is several times cheaper for the same precision, and separates how Sam
guesses the hidden hands from how it chooses:

* **Choices.** Deals are played with Alex in every seat, and at each of seat
  0's choices between two or more cards the deal *as it really lies* is played
  out after each of those cards, the way Sam's play-outs go (everyone by
  Alex's habits, seat 0 looking ahead once at its next choice). Where some
  cards win and some lose, the figure is how often a player picks a winning
  one: Alex's habit, Sam (once per repeat, each with other random numbers),
  and a pick at random. The play-outs are Sam's own model of the game, so the
  figure favours Sam's way of looking ahead; compare variants of Sam's
  guessing and choosing with it, not different models of play.
* **Imagined deals.** At all those choices, how close the deals Sam imagines
  are to the real hands, as a Brier score (0 is certainty about every hidden
  card, lower is better): for every hidden card, the squared differences
  between the share of imagined deals that give it to each player and 1 for
  the real holder, 0 for the others. Shown by how far the deal has gone,
  next to deals that only respect the card counts and the passes
  (:class:`~engine.sevens.players.sam.HiddenDealer`).

Last measured (defaults, 2026-11-30; about 3.5 minutes): in 1,473 such
decisions a random pick wins 56.7% of the time, Alex's habit 78.5%, Sam 81.8%
and 80.4% in two repeats, so a change to Sam of less than about 1.5 points
needs more deals or repeats. Measured the same way over 2,000 deals: without
its model of Alex's habits (every deal that fits the counts and passes equally
likely) Sam fell about 3 points; with far better mixed imagined deals (30
swaps between deals, and misses weighed 30 times instead of 8) it gained
nothing. Sam's imagined deals beat plain ones from 20 cards down on; before
10, they are slightly worse (consecutive imagined deals are alike, so they
vary less than their number suggests).

This only prints figures; nothing here is a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.cards import cards_of
from engine.core.chance import player_rng
from engine.sevens.game import Game
from engine.sevens.players import make_player
from engine.sevens.players.heuristics import best_card
from engine.sevens.players.sam import STEPS, HabitChain, HiddenDealer, SamPlayer, play_out
from engine.sevens.position import FLIPS, playable_mask
from engine.sevens.view import PlayerView

SEAT = 0
# Imagined deals drawn for the Brier score at each decision, as Sam draws them (STEPS swaps apart).
IMAGINED = 200
PHASES = ("0-9 cards down", "10-19", "20-29", "30+")


@dataclass
class Choice:
    """One of seat 0's choices, with the real hands and which of the cards that fit win the deal."""

    seed: int
    view: PlayerView
    hands: tuple[int, ...]
    wins: dict[int, bool]  # card bit -> does the deal as it lies go to seat 0 after it


def decisions(deals: int, seed: int) -> list[Choice]:
    """Every choice of seat 0 between two or more cards in *deals* deals of four Alexes."""
    found = []
    for number in range(seed, seed + deals):
        game = Game.new(number)
        players = [make_player("alex", player_rng(number, seat)) for seat in range(4)]
        while not game.is_over:
            view = game.view()
            legal = view.legal_mask()
            if game.turn == SEAT and legal & (legal - 1):
                hands = game.position.hands
                fits = playable_mask(view.table)
                wins = {}
                for card in cards_of(legal):
                    trial = list(hands)
                    trial[SEAT] ^= card.bit
                    wins[card.bit] = not trial[SEAT] or play_out(fits ^ FLIPS[card.bit], trial, SEAT + 1, SEAT) == SEAT
                found.append(Choice(number, view, hands, wins))
            game.play(players[game.turn].decide(view).card)
    return found


def brier(view: PlayerView, hands: tuple[int, ...], imagined: list[list[int]]) -> tuple[float, int]:
    """The summed Brier score of *imagined* deals against the real *hands*, and the number of hidden cards."""
    others = [seat for seat in range(4) if seat != view.seat and view.counts[seat]]
    total = 0.0
    hidden = 0
    for card in cards_of(view.hidden()):
        hidden += 1
        for seat in others:
            share = sum(1 for deal in imagined if deal[seat] & card.bit) / len(imagined)
            total += (share - (1.0 if hands[seat] & card.bit else 0.0)) ** 2
    return total, hidden


def calibration(found: list[Choice]) -> dict[str, list[tuple[float, float, int]]]:
    """Brier sums (Sam's imagined deals, count-and-pass deals, hidden cards) for each phase of the deal."""
    phases: dict[str, list[tuple[float, float, int]]] = {name: [] for name in PHASES}
    for number, decision in enumerate(found):
        rng = random.Random(number)
        chain = HabitChain.burnt_in(decision.view, rng)
        sam = [chain.walk(STEPS) for _ in range(IMAGINED)]
        dealer = HiddenDealer(decision.view)
        plain = [dealer.deal(rng) for _ in range(IMAGINED)]
        sam_score, hidden = brier(decision.view, decision.hands, sam)
        plain_score, _ = brier(decision.view, decision.hands, plain)
        down = decision.view.table.bit_count()
        phases[PHASES[min(3, down // 10)]].append((sam_score, plain_score, hidden))
    return phases


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals of four Alexes to take decisions from")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    parser.add_argument("--repeats", type=int, default=2, help="runs of Sam over the same decisions, other seeds")
    parser.add_argument("--no-calibration", action="store_true", help="skip the Brier scores of imagined deals")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.repeats < 1:
        parser.error("--deals and --repeats must be at least 1")
    everything = decisions(args.deals, args.seed)
    found = [d for d in everything if len(set(d.wins.values())) == 2]
    count = len(found)
    print(
        f"{len(everything)} choices of seat {SEAT} between 2+ cards in {args.deals} deals from seed {args.seed}; "
        f"in {count} of them some cards win the deal as it lies and some lose"
    )
    if not count:
        return

    def line(name: str, picked: float) -> None:
        rate = picked / count
        spread = (rate * (1 - rate) / count) ** 0.5
        print(f"  {name:<34} {100 * rate:5.1f}%  (sd {100 * spread:.1f})")

    print("How often the card chosen is one that wins:")
    line("random pick (expected)", sum(sum(d.wins.values()) / len(d.wins) for d in found))
    line("Alex's habit", sum(d.wins[1 << best_card(d.view.legal_mask(), d.view.hand)] for d in found))
    rates = []
    for repeat in range(args.repeats):
        start = time.perf_counter()
        picked = 0
        for number, decision in enumerate(found):
            player = SamPlayer(random.Random(1_000_003 * repeat + number))
            card = player.decide(decision.view).card
            assert card is not None
            picked += decision.wins[card.bit]
        rates.append(picked / count)
        line(f"Sam, repeat {repeat + 1} ({time.perf_counter() - start:.0f} s)", picked)
    if len(rates) > 1:
        print(f"  {'Sam, mean of the repeats':<34} {100 * statistics.mean(rates):5.1f}%")
    if args.no_calibration:
        return
    print(f"Brier score of imagined deals ({IMAGINED} a decision; per hidden card, lower is better):")
    print(f"  {'cards on the table':<18} {'decisions':>9} {'Sam':>8} {'counts and passes only':>24}")
    phases = calibration(everything)
    for name, rows in phases.items():
        hidden = sum(row[2] for row in rows)
        if hidden:
            sam = sum(row[0] for row in rows) / hidden
            plain = sum(row[1] for row in rows) / hidden
            print(f"  {name:<18} {len(rows):>9} {sam:>8.4f} {plain:>24.4f}")


if __name__ == "__main__":
    main()
