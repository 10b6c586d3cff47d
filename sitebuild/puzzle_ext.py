"""The ```` ```puzzle ```` block as a Python-Markdown extension.

Like ``markdown/extensions/fenced_code.py``, a preprocessor finds the fence,
turns the block into HTML and stashes it with ``md.htmlStash.store``. Unlike
it, this one knows each fence's line in the source file (``line_offset`` is
the number of lines before the Markdown body) and collects every problem as
``(line, message)`` in ``extension.problems`` instead of hiding it.

>>> import markdown
>>> ext = PuzzleExtension(line_offset=4)
>>> md = markdown.Markdown(extensions=[ext])
>>> _ = md.convert("Text\\n\\n```puzzle\\nid: a\\nkind: fits\\n```\\n")
>>> ext.problems[0]
(7, 'puzzle "a": missing field \\'hint\\'')
"""

from __future__ import annotations

import re
from typing import Any

import markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from engine.core.game import DEFAULT_GAME, GameType, find_game
from engine.core.puzzles import Puzzle, PuzzleError, PuzzleKinds, feedback_problems, parse_puzzle

from .authored import AuthoredHtml
from .puzzle_html import puzzle_html
from .verdicts import VerdictCache

OPENING = re.compile(r"^(?P<fence>`{3,}|~{3,})\s*puzzle\s*$")
# After whitespace normalisation (30) and before raw HTML blocks are stashed (20),
# so the lines seen here are still the source's lines, one for one.
PRIORITY = 29


def closes(line: str, fence: str) -> bool:
    mark = line.strip()
    return len(mark) >= len(fence) and mark == fence[0] * len(mark)


class PuzzlePreprocessor(Preprocessor):
    def __init__(self, md: markdown.Markdown, extension: PuzzleExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        index = 0
        while index < len(lines):
            match = OPENING.match(lines[index])
            if match is None:
                out.append(lines[index])
                index += 1
                continue
            fence = match.group("fence")
            # A block runs to its closing fence; the next puzzle's opening fence first means it has none.
            end = next(
                (i for i in range(index + 1, len(lines)) if closes(lines[i], fence) or OPENING.match(lines[i])),
                len(lines),
            )
            fence_line = self.extension.line_offset + index + 1
            if end == len(lines) or not closes(lines[end], fence):
                # Its lines are not read as a puzzle: that would only add errors that follow from this one.
                self.extension.problems.append((fence_line, "puzzle fence opened here is never closed"))
                index = end
                continue
            html = self.extension.render(lines[index + 1 : end], fence_line)
            out.extend(["", self.md.htmlStash.store(html), ""])
            index = end + 1
        return out


class PuzzleExtension(Extension):
    """Renders puzzle blocks; read ``problems`` and ``puzzles`` after each conversion.

    The author's fields (question, hint, …) go through *authored*, which
    escapes, checks and sanitizes them; its ``found`` gathers their problems.
    """

    def __init__(self, authored: AuthoredHtml | None = None, **kwargs: Any) -> None:
        self.config = {
            "line_offset": [0, "lines of the file before the Markdown body"],
            "stage": [0, "the number of the lesson's stage being converted (0: not a stage)"],
        }
        super().__init__(**kwargs)
        self.problems: list[tuple[int, str]] = []
        self.puzzles: list[Puzzle] = []
        self.authored = authored or AuthoredHtml()
        self.verdicts: VerdictCache | None = None  # Sam's verdicts, for "which card" puzzles
        self.game = DEFAULT_GAME  # whose rules judge the puzzles of the page being converted (its front matter's game)
        self._inline = markdown.Markdown(extensions=[self.authored])

    @property
    def line_offset(self) -> int:
        return int(self.getConfig("line_offset"))

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.registerExtension(self)
        md.preprocessors.register(PuzzlePreprocessor(md, self), "puzzle", PRIORITY)

    def reset(self) -> None:
        self.problems = []
        self.puzzles = []

    def inline(self, text: str) -> str:
        html = self._inline.reset().convert(text)
        if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
            return html[3:-4]
        return html

    def render(self, block: list[str], fence_line: int) -> str:
        game = find_game(self.game)
        try:
            puzzle = parse_puzzle("\n".join(block), kinds_of(game))
        except PuzzleError as error:
            self.problems.extend((fence_line + p.line, p.message) for p in error.problems)
            return '<p class="puzzle-error">This puzzle has errors.</p>'
        line_of = {line.partition(":")[0]: fence_line + i for i, line in enumerate(block, 1)}
        if puzzle.verdict_position() is not None:
            self.verdicts = self.verdicts or VerdictCache()
        judged, problem = with_verdict(puzzle, game, self.verdicts)
        if problem:
            self.problems.append((line_of.get("answer", fence_line), f'puzzle "{puzzle.id}": {problem}'))
            return '<p class="puzzle-error">This puzzle has errors.</p>'
        puzzle = judged
        # Every text the page can say to every answer, checked as the learner would read it.
        if said := feedback_problems(puzzle):
            self.problems.extend((line_of.get("id", fence_line), problem) for problem in said)
            return '<p class="puzzle-error">This puzzle has errors.</p>'
        if any(p.id == puzzle.id for p in self.puzzles):
            id_line = line_of.get("id", fence_line)
            self.problems.append((id_line, f'puzzle "{puzzle.id}": id is used by another puzzle on this page'))
        self.puzzles.append(puzzle)
        return puzzle_html(puzzle, self.inline, len(self.puzzles), int(self.getConfig("stage")) or None)


def kinds_of(game: GameType) -> PuzzleKinds:
    """The puzzle kinds *game* offers its lessons; a game without any has none to offer."""
    return game.puzzle_kinds or PuzzleKinds(())


def with_verdict(puzzle: Puzzle, game: GameType, verdicts: VerdictCache | None) -> tuple[Puzzle, str | None]:
    """*puzzle* with its game's computer player's figures when it asks for them, or why its stated card is not
    clearly that player's best (a puzzle the rules judge alone comes back as it is)."""
    asked = puzzle.verdict_position()
    if asked is None:
        return puzzle, None
    position, answer = asked
    verdict = (verdicts or VerdictCache()).verdict(game, position)
    if problem := verdict.problem(answer):
        return puzzle, problem
    return puzzle.with_verdict(verdict.deals, verdict.wins), None
