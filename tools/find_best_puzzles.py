"""Find "which card would you play?" positions for the practice bank, and write them to a data file.

    python tools/find_best_puzzles.py [--seeds 1-220] [--out engine/sevens/practice_best.txt]

Deals are played by four Alexes from seeds in the range given; at each of your (seat 0's) choices
between two or more cards, late enough to be interesting (at most 9 cards left), Sam's verdict (through
the game's play_outs hook, as sitebuild/verdicts.py asks it) is worked out, and the position is kept when the verdict accepts Sam's best
card. Positions already used by a lesson are left out. Each line of the output reads
``table | hand | counts | passed | answer``. The same seeds give the same file; the build checks
every line again (with the verdict cache), so the bank holds only positions Sam accepts.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.core.cards import format_cards  # noqa: E402
from engine.sevens import SEVENS  # noqa: E402
from engine.sevens.game import Game  # noqa: E402
from engine.sevens.players import make_player  # noqa: E402
from engine.sevens.position import format_table  # noqa: E402
from sitebuild import verdicts  # noqa: E402

MOST_CARDS = 9
# A quick first look on fewer deals; only a position whose best card leads by this much there is judged in full.
SCREEN_DEALS = 300
SCREEN_LEAD = 0.08


def judge(table: int, hand: int, counts: tuple[int, int, int], passed: tuple[int, ...], deals: int) -> verdicts.Verdict:
    full, verdicts.DEALS = verdicts.DEALS, deals
    try:
        return verdicts.judge(SEVENS, [table, hand, list(counts), list(passed)])
    finally:
        verdicts.DEALS = full


def lesson_positions() -> set[tuple[str, str]]:
    """(table, hand) of every "best" puzzle in the lessons, to keep them out of practice."""
    found = set()
    for path in (ROOT / "tutorials").glob("[0-9][0-9]-*.md"):
        for block in re.findall(r"^```puzzle\n(.*?)^```", path.read_text(encoding="utf-8"), re.S | re.M):
            fields = dict(re.findall(r"^(\w+): (.*)$", block, re.M))
            if fields.get("kind") == "best":
                found.add((fields["table"], fields["hand"]))
    return found


def positions(first: int, last: int) -> list[str]:
    used = lesson_positions()
    lines = []
    for seed in range(first, last + 1):
        game = Game.new(seed)
        players = [make_player("alex", random.Random(seed * 4 + seat)) for seat in range(4)]
        while not game.is_over:
            view = game.view()
            if game.turn == 0 and view.legal_mask().bit_count() >= 2 and view.hand.bit_count() <= MOST_CARDS:
                passed = set()
                for move in reversed(view.moves):
                    if move.card is not None:
                        break
                    passed.add(move.seat)
                passed.discard(0)
                seats = tuple(sorted(passed))
                counts = (view.counts[1], view.counts[2], view.counts[3])
                quick = judge(view.table, view.hand, counts, seats, SCREEN_DEALS)
                best = max(sorted(quick.wins), key=lambda code: quick.wins[code])
                leads = [quick.lead(best, other)[0] for other in quick.wins if other != best]
                table, hand = format_table(view.table), format_cards(view.hand)
                if min(leads) < SCREEN_LEAD or (table, hand) in used:
                    game.play(players[game.turn].decide(view).card)
                    continue
                verdict = judge(view.table, view.hand, counts, seats, verdicts.DEALS)
                if verdict.problem(best) is None:
                    names = ", ".join(("Robin", "Alex", "Sam")[seat - 1] for seat in seats) or "-"
                    lines.append(f"{table} | {hand} | {' '.join(map(str, counts))} | {names} | {best}")
                    print(lines[-1], flush=True)
            game.play(players[game.turn].decide(view).card)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-220", help="first-last seed (default 1-220)")
    parser.add_argument("--out", type=Path, default=ROOT / "engine" / "sevens" / "practice_best.txt")
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    lines = positions(int(first), int(last or first))
    header = "# table | hand | counts (Robin Alex Sam) | passed | answer: made by tools/find_best_puzzles.py --seeds "
    args.out.write_text(header + args.seeds + "\n" + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} positions written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
