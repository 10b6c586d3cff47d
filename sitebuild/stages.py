"""Stages: a tutorial is a short introduction, then stages, each one idea and a few puzzles.

An author starts a stage with a level-two heading that begins ``Stage:``::

    ## Stage: One row per suit

Everything up to the next stage heading belongs to that stage: at most
:data:`MAX_WORDS` words of explanation, then :data:`MIN_PUZZLES` to
:data:`MAX_PUZZLES` puzzles. Every puzzle of a tutorial sits in a stage, so a
stage is finished exactly when its puzzles are solved.

>>> intro, stages, problems = split_stages("# Rows\\n\\nHi.\\n\\n## Stage: One row\\n\\nText.\\n", 4)
>>> intro.text, intro.first_line, stages[0].title, stages[0].slug, stages[0].line, problems
('# Rows\\n\\nHi.\\n\\n', 5, 'One row', 'one-row', 9, [(9, 'stage "One row": 0 puzzles; a stage has 3 to 6')])
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from .puzzle_ext import OPENING, closes

STAGE_HEADING = re.compile(r"^##\s+Stage\s*:(?P<title>.*)$", re.IGNORECASE)
LOOSE_HEADING = re.compile(r"^#{1,6}\s+Stage\b", re.IGNORECASE)  # a stage heading written some other way
MAX_WORDS = 120
MIN_PUZZLES, MAX_PUZZLES = 3, 6
WORD = re.compile(r"[0-9A-Za-z♣♦♥♠’']+")
# Reading speed and time per puzzle behind "about N min": a slow, careful reader (200 words a
# minute) and half a minute a puzzle; a guided deal takes about two.
WORDS_PER_MINUTE = 200
PUZZLE_MINUTES = {"guided": 2.0}
DEFAULT_PUZZLE_MINUTES = 0.5


@dataclass(slots=True)
class Chunk:
    """Lines of the Markdown body; *first_line* is the file line of its first line."""

    text: str
    first_line: int


@dataclass(slots=True)
class Stage(Chunk):
    title: str = ""
    slug: str = ""
    line: int = 0  # the file line of its heading
    words: int = 0
    puzzles: list[str] = field(default_factory=list)  # ids, filled in when it is rendered
    kinds: list[str] = field(default_factory=list)
    # The presets it teaches: those its puzzles are asked under (a puzzle's ``rules`` field), filled in with puzzles.
    presets: list[str] = field(default_factory=list)

    @property
    def minutes(self) -> int:
        spent = self.words / WORDS_PER_MINUTE
        spent += sum(PUZZLE_MINUTES.get(kind, DEFAULT_PUZZLE_MINUTES) for kind in self.kinds)
        return max(1, math.ceil(spent))


def slugify(title: str) -> str:
    """The stage's id in the page.

    >>> slugify("Aces low, kings high!")
    'aces-low-kings-high'
    """
    return "-".join(re.findall(r"[a-z0-9]+", title.lower())) or "stage"


def prose_words(text: str) -> int:
    """Words outside puzzle blocks: what the learner reads before the puzzles.

    >>> prose_words("Two words.\\n```puzzle\\nid: a\\n```\\nThree more words.")
    5
    """
    words = 0
    fence = None
    for line in text.splitlines():
        if fence is None and (match := OPENING.match(line)):
            fence = match.group("fence")
        elif fence is not None:
            if closes(line, fence):
                fence = None
        else:
            words += len(WORD.findall(line))
    return words


def split_stages(body: str, body_offset: int) -> tuple[Chunk, list[Stage], list[tuple[int, str]]]:
    """The introduction, the stages, and ``(file line, message)`` for each broken rule."""
    lines = body.splitlines(keepends=True)
    problems: list[tuple[int, str]] = []
    starts: list[tuple[int, str]] = []  # (index in lines, title)
    fence = None
    for index, line in enumerate(lines):
        if fence is not None:
            fence = None if closes(line, fence) else fence
            continue
        if match := OPENING.match(line.rstrip("\n")):
            fence = match.group("fence")
        elif match := STAGE_HEADING.match(line.rstrip("\n")):
            starts.append((index, match.group("title").strip()))
        elif LOOSE_HEADING.match(line):
            problems.append((body_offset + index + 1, "write a stage heading as '## Stage: title'"))
    end = starts[0][0] if starts else len(lines)
    intro = Chunk("".join(lines[:end]), body_offset + 1)
    for index, line in enumerate(lines[:end]):
        if OPENING.match(line.rstrip("\n")):
            problems.append(
                (body_offset + index + 1, "a puzzle must sit in a stage: put it under a '## Stage: title' line")
            )
    if not starts:
        problems.append((body_offset + 1, "a tutorial needs at least one stage: start each with '## Stage: title'"))
    stages: list[Stage] = []
    seen: dict[str, int] = {}
    for number, (start, title) in enumerate(starts):
        stop = starts[number + 1][0] if number + 1 < len(starts) else len(lines)
        line = body_offset + start + 1
        text = "".join(lines[start + 1 : stop])
        stage = Stage(text, line + 1, title=title, slug=slugify(title), line=line, words=prose_words(text))
        label = f'stage "{title}"'
        if not title:
            problems.append((line, "a stage needs a title after 'Stage:'"))
        elif stage.slug in seen:
            problems.append((line, f"{label}: same title as the stage on line {seen[stage.slug]}"))
            stage.slug = f"{stage.slug}-{number + 1}"  # keeps ids unique, so this is the only error said
        seen.setdefault(stage.slug, line)
        if stage.words > MAX_WORDS:
            problems.append(
                (line, f"{label}: {stage.words} words of explanation; one idea in at most {MAX_WORDS} words")
            )
        fences = sum(1 for text_line in text.splitlines() if OPENING.match(text_line))
        if not MIN_PUZZLES <= fences <= MAX_PUZZLES:
            problems.append(
                (
                    line,
                    f"{label}: {fences} puzzle{'' if fences == 1 else 's'}; a stage has {MIN_PUZZLES} to {MAX_PUZZLES}",
                )
            )
        stages.append(stage)
    return intro, stages, problems
