"""The practice bank: fresh puzzles of every kind but guided deals, generated with the engine.

Positions come from deals played part-way with random legal moves; "which card
would you play?" positions come from :data:`BEST_FILE`, which
``tools/find_best_puzzles.py`` writes from four-Alex deals (Sam's verdicts take
too long to search for on every build). Each puzzle
is written as the block text an author would write and read by the same
:func:`~sitebuild.puzzles.parse_puzzle`, so it is checked exactly as a lesson's
puzzles are. The same build always makes the same bank (:data:`SEED`). The
bank is written as a few JSON files of ready HTML, so the practice page
answers at once, with no Python in the browser.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from html import escape
from pathlib import Path

from engine.cards import FULL_DECK, cards_of, format_cards
from engine.game import Game
from engine.position import OPENING_CARD, format_table, playable_mask

from .puzzle_html import puzzle_html
from .puzzles import SEAT_NAMES, BestPuzzle, Puzzle, PuzzleError, parse_puzzle
from .verdicts import VerdictCache

SEED = 20261201
# Puzzles of each kind; at least 500 in all, so a learner rarely meets one twice.
SIZES = {"fits": 160, "pick": 130, "play-or-pass": 130, "opener": 100}
CHUNK = 40  # puzzles a file: the page fetches one file at a time
FOLDER = "practice/"

HINTS = {
    "fits": "A card fits only as the very next rank at either end of its own suit's row, or as a seven.",
    "pick": "Go row by row and look one rank beyond each end; a suit whose seven is not down is still closed.",
    "play-or-pass": "If any card fits you must play one; pass only when none does.",
    "opener": "One card always opens the deal.",
    "best": "Which of your cards would open spots that only the others can fill? Which lead to more of your own?",
}
BEST_FILE = Path(__file__).with_name("practice_best.txt")


def _position(rng: random.Random) -> Game:
    """A deal played on by random legal moves for a random number of turns (never to its end)."""
    game = Game.new(rng.randrange(2**32))
    for _ in range(rng.randrange(1, 40)):
        legal = game.view().legal_moves()
        move = rng.choice(legal) if legal else None
        if move is not None and not game.position.hands[game.turn] & ~move.bit:
            break  # that card would end the deal
        game.play(move)
    return game


def _some(rng: random.Random, cards: int, most: int) -> int:
    chosen = rng.sample(list(cards_of(cards)), min(most, cards.bit_count()))
    return sum(card.bit for card in chosen)


def _fits(rng: random.Random, n: int) -> str:
    table = _position(rng).position.table
    fits = playable_mask(table) & ~table
    pool = fits if n % 2 else FULL_DECK & ~table & ~fits  # half fit, half do not
    card = rng.choice(list(cards_of(pool)))
    answer = "yes" if card.bit & fits else "no"
    return f"table: {format_table(table)}\ncard: {card.code}\nanswer: {answer}\nquestion: Does {card.display} fit?"


def _pick(rng: random.Random, n: int) -> str:
    game = _position(rng)
    table = game.position.table
    hand = _some(rng, game.position.hands[game.turn], 6)
    answer = format_cards(playable_mask(table) & hand) if playable_mask(table) & hand else "none"
    question = "Select every card in your hand that fits, or none."
    return f"table: {format_table(table)}\nhand: {format_cards(hand)}\nanswer: {answer}\nquestion: {question}"


def _play_or_pass(rng: random.Random, n: int) -> str:
    game = _position(rng)
    table = game.position.table
    held = FULL_DECK & ~table
    fits = playable_mask(table) & held
    want_pass = n % 2 == 0
    hand = _some(rng, held & ~fits, rng.randrange(2, 6)) if want_pass else 0
    if not hand:  # a hand with at least one card that fits
        hand = _some(rng, fits, 1) | _some(rng, held & ~fits, rng.randrange(1, 5))
    answer = "play" if hand & fits else "pass"
    question = "It is your turn. Do you play or pass?"
    return f"table: {format_table(table)}\nhand: {format_cards(hand)}\nanswer: {answer}\nquestion: {question}"


def _opener(rng: random.Random, n: int) -> str:
    hands = Game.new(rng.randrange(2**32)).position.hands
    shown = [_some(rng, hand & ~OPENING_CARD.bit, rng.randrange(3, 6)) | (hand & OPENING_CARD.bit) for hand in hands]
    holder = next(seat for seat, hand in enumerate(hands) if hand & OPENING_CARD.bit)
    lines = [f"{name.lower()}: {format_cards(hand)}" for name, hand in zip(SEAT_NAMES, shown, strict=True)]
    question = "Part of each player's hand is shown. Who plays the first card?"
    return "\n".join(lines) + f"\nanswer: {SEAT_NAMES[holder]}\nquestion: {question}"


MAKERS: dict[str, Callable[[random.Random, int], str]] = {
    "fits": _fits,
    "pick": _pick,
    "play-or-pass": _play_or_pass,
    "opener": _opener,
}


def bank() -> Iterator[Puzzle]:
    """Every practice puzzle of the quick kinds, the same ones in the same order on every build."""
    rng = random.Random(SEED)
    for kind, size in SIZES.items():
        for n in range(size):
            fields = MAKERS[kind](rng, n)
            yield parse_puzzle(f"id: practice-{kind}-{n + 1}\nkind: {kind}\nhint: {HINTS[kind]}\n{fields}")


def best_bank(verdicts: VerdictCache, problems: list[tuple[int, str]]) -> list[Puzzle]:
    """The "which card" puzzles of :data:`BEST_FILE`, each with Sam's verdict; *problems* gets
    ``(line, message)`` for a line that does not read or that Sam no longer accepts."""
    found: list[Puzzle] = []
    if not BEST_FILE.is_file():
        return found
    for number, line in enumerate(BEST_FILE.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = [part.strip() for part in line.split("|")]
        if len(parts) != 5:
            problems.append((number, "expected 'table | hand | counts | passed | answer'"))
            continue
        table, hand, counts, passed, answer = parts
        fields = (
            f"table: {table}\nhand: {hand}\ncounts: {counts}\nanswer: {answer}\nquestion: Which card would you play?"
        )
        if passed != "-":
            fields += f"\npassed: {passed}"
        try:
            puzzle = parse_puzzle(f"id: practice-best-{len(found) + 1}\nkind: best\nhint: {HINTS['best']}\n{fields}")
        except PuzzleError as error:
            problems.extend((number, p.message) for p in error.problems)
            continue
        assert isinstance(puzzle, BestPuzzle)
        verdict = verdicts.verdict(puzzle.table, puzzle.hand, puzzle.counts, puzzle.passed)
        if problem := verdict.problem(puzzle.answer.code):
            problems.append((number, f"{problem}: run tools/find_best_puzzles.py again"))
            continue
        found.append(replace(puzzle, verdict=verdict))
    return found


def bank_files(verdicts: VerdictCache | None = None, problems: list[tuple[int, str]] | None = None) -> dict[str, str]:
    """The bank as files to write into the site: ``practice/bank-N.json``, puzzles shuffled across them.

    Problems with :data:`BEST_FILE` go to *problems* as ``(line, message)``.
    """
    verdicts = verdicts or VerdictCache()
    puzzles = list(bank()) + best_bank(verdicts, [] if problems is None else problems)
    verdicts.save()
    random.Random(SEED).shuffle(puzzles)
    files = {}
    for start in range(0, len(puzzles), CHUNK):
        chunk = [
            {"id": puzzle.id, "kind": puzzle.kind, "html": puzzle_html(puzzle, escape)}
            for puzzle in puzzles[start : start + CHUNK]
        ]
        files[f"{FOLDER}bank-{start // CHUNK + 1}.json"] = json.dumps(chunk, ensure_ascii=False, separators=(",", ":"))
    return files


def sample(count: int = 1) -> list[Puzzle]:
    """The first *count* puzzles of the bank: what the page shows before (or without) JavaScript."""
    found = []
    for puzzle in bank():
        found.append(puzzle)
        if len(found) == count:
            break
    return found
