"""Limits on a lesson's shape that keep the build's time bounded: checked before Markdown reads the lesson.

Lessons are untrusted, and Python-Markdown (3.11) and ``html.parser`` take
time that grows faster than the text on some shapes of it. Each limit below
bounds one such cost, is checked in one linear pass, and sits far above what
a lesson needs (today's longest lesson is 6 KB, its longest paragraph 12 lines
and 509 characters, and no lesson nests anything deeper than 2; a test holds
every lesson within a quarter of each limit). At the limits, the slowest page
found builds in about 1.3 s (tests/site/test_hostile_lessons.py has the corpus).

- :data:`MAX_BYTES`: everything else is at least linear in the size, and 64 KB of
  plain lists or tables already takes Markdown about a second.
- :data:`MAX_BLOCK_LINES`, :data:`MAX_BLOCK_CHARS` (a block is the lines between
  blank lines): Markdown's block parser re-tests and re-splits the rest of a block
  after each heading, rule or table row it finds in it, and its inline patterns
  rebuild a paragraph's text after each link or emphasis; both cost the block's
  length again for each thing found in the block.
- :data:`MAX_NESTING` (``>``, list markers, 4 columns of indentation): each level
  is a few Python calls deep in Markdown (260 list levels overflowed the stack).
- :data:`MAX_EMPHASIS`, :data:`MAX_EMPHASIS_RUN`: nested ``*``/``_`` emphasis is likewise a
  few calls a level (about 1,000 levels overflowed the stack); a run of them nests up to
  its length, so a run is at most ``***`` (outside a rule such as ``******``), and the
  runs that can open are counted against the runs that close. That count follows
  Markdown's pairing only roughly (random texts nest up to 3 deeper than it says),
  which the limit, 30 times below an overflow, leaves room for.
- :data:`MAX_BRACKETS`: at each ``[`` the link patterns read on to its ``]`` (to the
  paragraph's end if none), so the cost is the number of ``[`` open at each point.
- :data:`MAX_LINK_READING`: after ``](`` the link pattern reads on to the matching
  ``)``, and from a quote inside the parentheses on to the paragraph's end.
- :data:`MAX_BACKTICKS`: a run of backticks with no run of the same length after it
  reads to the paragraph's end; such runs grow longer, so their length bounds them.
- :data:`MAX_HEADINGS`: the table of contents renders each heading on its own
  through Markdown's serializer and the sanitizer (a millisecond or so each).
- :data:`MAX_FENCES`: fenced_code searches from each fence line to its closing fence
  (to the end if none).
- :data:`MAX_TAGS`: ``html.parser`` (the source check) reads from each ``<`` that
  could start a tag to the end of the file when the tag is never completed. A lesson
  shows raw HTML as text, so it needs no tags at all.

>>> check_shape("# Rows\\n\\nSee [the rules](pages/rules.md).\\n", 4)
[]
>>> [(line, message[:59]) for line, message in check_shape("Text\\n" + "[" * 9 + "x", 4)]
[(5, "'[' 9 deep: a paragraph may have at most 8 '[' open at once")]
"""

from __future__ import annotations

import re
from collections.abc import Callable

MAX_BYTES = 64 * 1024
MAX_BLOCK_LINES = 100
MAX_BLOCK_CHARS = 8_000
MAX_NESTING = 8
MAX_EMPHASIS = 32
MAX_EMPHASIS_RUN = 3
MAX_BRACKETS = 8
MAX_LINK_READING = 1_000_000
MAX_BACKTICKS = 16
MAX_FENCES = 500
MAX_HEADINGS = 200
MAX_TAGS = 100

Problem = tuple[int, str]  # (line, message); line counts from 1 in the file
Fail = Callable[[str, int, str], None]  # (kind of limit, line, message)

_BLANK = re.compile(r"[ \t]*$")
# What a line may start with to nest: indentation, '>' and list markers.
_PREFIX = re.compile(r"(?:[ \t]+|>|[*+-](?=[ \t])|\d{1,9}[.)](?=[ \t]))")
_FENCE = re.compile(r"[ \t>]*(?:`{3,}|~{3,})")
# An ATX heading, or what could be a setext heading's underline (or a rule).
_HEADING = re.compile(r"[ \t>]*(?:#{1,6}(?:[ \t]|$)|=+[ \t]*$|-+[ \t]*$)")
# A line that is a rule (or a setext underline): it may have runs of any length.
_RULE = re.compile(r"[ \t>]*(?:[*_-][ \t]*)+")
_TAG_START = re.compile(r"<[A-Za-z/!?]")
_DELIMITERS = "*_"
# What the inline checks look at: escapes, brackets, parentheses, quotes and runs of delimiters or backticks.
_INLINE = re.compile(r"\\.|[\[\]()'\"]|\*+|_+|`+", re.DOTALL)


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def too_big(size: int, data: bytes) -> Problem | None:
    """Line and message if a file of *size* bytes (whose first bytes are *data*) is over :data:`MAX_BYTES`.

    >>> too_big(70_000, b"a\\n" * 40_000)
    (32769, 'the file is 70,000 bytes; a lesson or page is at most 65,536 bytes (64 KiB): split it into several')
    """
    if size <= MAX_BYTES:
        return None
    line = data.count(b"\n", 0, MAX_BYTES) + 1  # where the file passes the limit
    return (
        line,
        f"the file is {size:,} bytes; a lesson or page is at most {MAX_BYTES:,} bytes (64 KiB): split it into several",
    )


def nesting(line: str) -> int:
    """How deeply *line* nests blocks: one for each '>' and list marker, and for each 4 columns of indentation.

    >>> nesting("> - > 1. x"), nesting("        code"), nesting("Text")
    (4, 2, 0)
    """
    depth = columns = 0
    at = 0
    while match := _PREFIX.match(line, at):
        part = match.group(0)
        if part[0] in " \t":  # less the space that ends a marker
            columns += len(part.expandtabs(4)) - (at > 0 and line[at - 1] not in " \t")
        else:
            depth += 1
        at = match.end()
    return depth + columns // 4


def _line_end(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def check_shape(text: str, first_line: int = 1) -> list[Problem]:
    """Each limit *text* passes, once, at the file line where it first does (*text* starts at *first_line*)."""
    problems: dict[str, Problem] = {}

    def fail(kind: str, line: int, message: str) -> None:
        problems.setdefault(kind, (line, message))

    lines = text.split("\n")
    tags = fences = headings = reading = 0
    start = 0  # index of the current block's first line
    for index, line in enumerate([*lines, ""]):
        number = first_line + index
        if index < len(lines):
            if (depth := nesting(line)) > MAX_NESTING:
                fail(
                    "nesting",
                    number,
                    f"blocks nested {depth} deep: at most {MAX_NESTING} levels of '>', list items and "
                    "4-space indentation",
                )
            if _FENCE.match(line):
                fences += 1
                if fences > MAX_FENCES:
                    fail("fences", number, f"more than {MAX_FENCES} fence lines (``` or ~~~) in one file")
            if _HEADING.match(line) and (line.lstrip(" \t>").startswith("#") or index > start):
                headings += 1
                if headings > MAX_HEADINGS:
                    fail("headings", number, f"more than {MAX_HEADINGS} headings in one file: split it into several")
            for _ in _TAG_START.finditer(line):
                tags += 1
                if tags > MAX_TAGS:
                    fail(
                        "tags",
                        number,
                        f"more than {MAX_TAGS} '<' that could start a tag (<b, </b, <!--, <?); a lesson shows HTML "
                        "as text, so write 'a < b' with spaces, &lt;, or put code in `backticks`",
                    )
        if index < len(lines) and not _BLANK.match(line):
            continue
        if index > start:
            block = "\n".join(lines[start:index])
            if index - start > MAX_BLOCK_LINES:
                fail(
                    "block lines",
                    first_line + start + MAX_BLOCK_LINES,
                    f"{_plural(index - start, 'line')} without a blank line; at most {MAX_BLOCK_LINES}: "
                    "put a blank line between paragraphs, lists and tables",
                )
            if len(block) > MAX_BLOCK_CHARS:
                fail(
                    "block chars",
                    first_line + start + block.count("\n", 0, MAX_BLOCK_CHARS),
                    f"{_plural(len(block), 'character')} without a blank line; at most {MAX_BLOCK_CHARS:,}: "
                    "put a blank line between paragraphs",
                )
            reading = _check_inline(block, first_line + start, reading, fail)
        start = index + 1
    return sorted(problems.values())


def _check_inline(block: str, first_line: int, reading: int, fail: Fail) -> int:
    """Check one block's brackets, links, emphasis and backticks; return the link reading so far."""
    brackets = emphasis = quotes = 0
    parens: list[tuple[int, int]] = []  # each '(' open: (its index, quotes before it, or -1 if not a link's)
    size = len(block)

    def line(index: int) -> int:
        return first_line + block.count("\n", 0, index)

    def read(opened: int, upto: int) -> None:
        nonlocal reading
        reading += upto - opened
        if reading > MAX_LINK_READING:
            fail(
                "links",
                line(opened),
                f"links whose '(' is never closed or holds a quote make Markdown read over {MAX_LINK_READING:,} "
                "characters: close each link's '(' and leave quotes out of link addresses",
            )

    for token in _INLINE.finditer(block):
        char, at = token.group(0)[0], token.start()
        if char == "\\":  # an escaped character is text to Markdown
            continue
        if char == "[":
            brackets += 1
            if brackets > MAX_BRACKETS:
                fail(
                    "brackets",
                    line(at),
                    f"'[' {brackets} deep: a paragraph may have at most {MAX_BRACKETS} '[' open at once (Markdown "
                    "reads on from each one); close each with ']' or write \\[ for a bracket that opens nothing",
                )
        elif char == "]":
            brackets = max(0, brackets - 1)
        elif char == "(":
            parens.append((at, quotes if at and block[at - 1] == "]" else -1))
        elif char == ")":
            if parens:
                opened, quotes_then = parens.pop()
                if quotes_then >= 0:
                    read(opened, at if quotes_then == quotes else size)
        elif char in "'\"":
            quotes += 1
        elif char in _DELIMITERS:
            run = token.end() - at
            before = block[at - 1] if at else " "
            after = block[token.end()] if token.end() < size else " "
            if run > MAX_EMPHASIS_RUN and not _RULE.fullmatch(
                block, block.rfind("\n", 0, at) + 1, _line_end(block, at)
            ):
                fail(
                    "emphasis run",
                    line(at),
                    f"a run of {run} '{char}'; emphasis takes at most {MAX_EMPHASIS_RUN} ('***' is bold and italic): "
                    f"write \\{char} for a '{char}' that is text",
                )
            if not after.isspace() and (before.isspace() or emphasis == 0 or after.isalnum()):  # can open
                emphasis += run
                if emphasis > MAX_EMPHASIS:
                    fail(
                        "emphasis",
                        line(at),
                        f"{emphasis} '{char}' open at once: a paragraph may nest emphasis at most {MAX_EMPHASIS} "
                        f"deep; close it, or write \\{char} for a '{char}' that is text",
                    )
            elif not before.isspace():  # closes (a run between a word and punctuation, as in **this**, too)
                emphasis = max(0, emphasis - run)
        elif token.end() - at > MAX_BACKTICKS:
            fail(
                "backticks",
                line(at),
                f"a run of {token.end() - at} backticks; at most {MAX_BACKTICKS} (a code span needs only one more "
                "than the longest run inside it)",
            )
    for opened, quotes_then in parens:  # never closed: read to the block's end
        if quotes_then >= 0:
            read(opened, size)
    return reading
