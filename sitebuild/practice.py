"""The practice bank: fresh puzzles of every kind but guided deals, generated with the engine, for every game.

Every game whose puzzle kinds make practice puzzles gets a practice page of its own (:func:`practice_pages`),
from the one page of layout ``practice`` the lessons folder holds; a game without such kinds gets none.
A game's puzzle kinds say how many of each the bank holds and write each one's
fields (see :class:`engine.core.puzzles.Kind`); kinds too slow to make on every
build are kept, one a line, in the game's ``kept_file`` (:func:`kept_file`).
Each puzzle is written as the block text an author would write and read by the
same :func:`~engine.core.puzzles.parse_puzzle`, so it is checked exactly as a
lesson's puzzles are. A maker may write the puzzle's own ``hint`` (about its position); else the kind's
hint is used. The same build always makes the same bank (:data:`SEED`).
The bank is written as a few JSON files of ready HTML, so the practice page
answers at once, with no Python in the browser.
"""

from __future__ import annotations

import importlib
import inspect
import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from html import escape
from pathlib import Path

from engine.core.game import DEFAULT_GAME, GameType, find_game, games_in_order
from engine.core.puzzles import Puzzle, PuzzleError, feedback_problems, parse_puzzle

from .lessons import Page
from .puzzle_ext import kinds_of, with_verdict
from .puzzle_html import puzzle_html
from .terms import Term, lessons_needed, visible_text
from .verdicts import VerdictCache

SEED = 20261201
CHUNK = 40  # puzzles a file: the page fetches one file at a time
FOLDER = "practice/"  # the default game's practice page (and its bank); another game's is NAME-practice/


def folder(game: GameType) -> str:
    """Where *game*'s practice page and its bank go in the site."""
    return FOLDER if game.name == DEFAULT_GAME else f"{game.name}-{FOLDER}"


def has_practice(game: GameType) -> bool:
    """Whether *game* has puzzle kinds that make practice puzzles (fresh or kept)."""
    return any((kind.make is not None and kind.practice) or kind.kept is not None for kind in kinds_of(game).kinds)


def _text(identifier: str, kind_name: str, hint: str, fields: str) -> str:
    """A practice puzzle's block: the maker's own ``hint`` line when it wrote one, else the kind's *hint*."""
    said = any(line.startswith("hint:") for line in fields.splitlines())
    return f"id: {identifier}\nkind: {kind_name}\n" + ("" if said else f"hint: {hint}\n") + fields


def bank(game: GameType | None = None) -> Iterator[Puzzle]:
    """Every practice puzzle *game* (the default game) makes fresh, the same ones in the same order on every build."""
    kinds = kinds_of(game or find_game(DEFAULT_GAME))
    rng = random.Random(SEED)
    for kind in kinds.kinds:
        if kind.make is None:
            continue
        for n in range(kind.practice):
            fields = kind.make(rng, n)
            puzzle = parse_puzzle(_text(f"practice-{kind.name}-{n + 1}", kind.name, kind.hint, fields), kinds)
            if said := feedback_problems(puzzle):  # the maker's file:line, since no lesson file wrote it
                where = f"{inspect.getsourcefile(kind.make)}:{inspect.getsourcelines(kind.make)[1]}"
                raise ValueError("\n".join(f"{where}: {problem}" for problem in said))
            yield puzzle


def kept_file(game: GameType) -> Path | None:
    """The file of *game*'s kept practice puzzles, in its package; None when it keeps none."""
    name = kinds_of(game).kept_file
    if not name:
        return None
    location = importlib.import_module(type(game).__module__).__file__  # a module of the game's package
    return Path(location).with_name(name) if location else None


def kept_bank(game: GameType, verdicts: VerdictCache | None, problems: list[tuple[int, str]]) -> list[Puzzle]:
    """The puzzles of *game*'s :func:`kept_file`, each with its computer player's verdict when it asks for one;
    *problems* gets ``(line, message)`` for a line that does not read or that the verdict no longer accepts."""
    found: list[Puzzle] = []
    kinds = kinds_of(game)
    path = kept_file(game)
    kept = [kind for kind in kinds.kinds if kind.kept is not None]
    if path is None or not path.is_file() or not kept:
        return found
    kind = kept[0]
    assert kind.kept is not None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            fields = kind.kept(line)
            text = _text(f"practice-{kind.name}-{len(found) + 1}", kind.name, kind.hint, fields)
            puzzle = parse_puzzle(text, kinds)
        except PuzzleError as error:
            problems.extend((number, p.message) for p in error.problems)
            continue
        except ValueError as error:
            problems.append((number, str(error)))
            continue
        judged, problem = with_verdict(puzzle, game, verdicts)
        if problem:
            problems.append((number, f"{problem}: run tools/find_best_puzzles.py again"))
            continue
        if said := feedback_problems(judged):
            problems.extend((number, each) for each in said)
            continue
        found.append(judged)
    return found


def bank_files(
    verdicts: VerdictCache | None = None,
    problems: list[tuple[int, str]] | None = None,
    game: GameType | None = None,
    terms: Sequence[Term] = (),
) -> dict[str, str]:
    """The bank of *game* (the default game) as files to write into the site: ``bank-N.json`` in its
    :func:`folder`, puzzles shuffled across them (the page serves them in an order of its own each visit). Problems with its :func:`kept_file` go to *problems* as ``(line, message)``.
    Each puzzle lists the ``lessons`` whose words (*terms*, see :mod:`.terms`) it uses: the page serves it only
    to a learner who has met them."""
    game = game or find_game(DEFAULT_GAME)
    verdicts = verdicts or VerdictCache()
    puzzles = list(bank(game)) + kept_bank(game, verdicts, [] if problems is None else problems)
    verdicts.save()
    random.Random(SEED).shuffle(puzzles)
    files = {}
    for start in range(0, len(puzzles), CHUNK):
        chunk = []
        for puzzle in puzzles[start : start + CHUNK]:
            shown = puzzle_html(puzzle, escape)
            lessons = lessons_needed(visible_text(shown), terms, game.name)
            chunk.append({"id": puzzle.id, "kind": puzzle.kind, "lessons": lessons, "html": shown})
        files[f"{folder(game)}bank-{start // CHUNK + 1}.json"] = json.dumps(
            chunk, ensure_ascii=False, separators=(",", ":")
        )
    return files


def practice_pages(pages: list[Page]) -> list[Page]:
    """*pages* with the lessons folder's practice page (layout ``practice``) made once for every game that
    :func:`has_practice`, each at its game's :func:`folder` and titled with its game; none for a game without."""
    template = next((page for page in pages if page.layout == "practice"), None)
    if template is None:
        return pages
    made = [
        replace(
            template, slug=folder(game).rstrip("/"), url=folder(game), game=game.name, title=f"{game.title} practice"
        )
        for game in games_in_order()
        if has_practice(game)
    ]
    at = pages.index(template)
    return [*pages[:at], *made, *(page for page in pages[at + 1 :] if page.layout != "practice")]
