"""What a lesson author writes is untrusted: refuse what could run, escape or sanitize the rest.

Lessons come from contributors, so the build treats their text as hostile:

1. :func:`check_source` reads the whole source file as HTML and refuses, each
   with its line, every tag that could run code or send the reader elsewhere
   (:data:`REFUSED_TAGS`), every event-handler attribute (``onerror=``) and
   every address that is not http(s) or relative (``javascript:`` however it
   is spelt).
2. Markdown is converted with raw HTML turned off (:class:`AuthoredHtml`):
   a ``<b>`` or ``a < b`` the author types shows as text.
3. Markdown's attribute lists (``{: .puzzle #x }`` after a paragraph or a
   heading, ``{ … }`` after a code fence) are refused: ids and classes are
   the build's own markup, which the site's scripts look for (a fake
   ``.puzzle`` with an id would pass for a puzzle in ``lessons.js``).
4. The HTML Markdown makes from the author's text is checked again (a link
   ``[x](javascript:…)`` exists only there),
   then sanitized with nh3 (Ammonia) down to :data:`ALLOWED_TAGS` and
   :data:`ALLOWED_ATTRIBUTES`: Markdown's own output and nothing else.
   The build's own markup (puzzles, cards) is put in only after that.

>>> [message for _, message in check_source('<img src=x onerror="alert(1)">')]
['event-handler attribute onerror= is not allowed in a lesson (it runs code)']
>>> clean('<p onclick="x()">A <a href="javascript:x()">b</a></p>')
'<p>A <a>b</a></p>'
"""

from __future__ import annotations

import html
import re
from bisect import bisect_right
from html.parser import HTMLParser
from itertools import accumulate
from typing import Any

import markdown
import nh3
from markdown.extensions import Extension
from markdown.extensions.attr_list import AttrListTreeprocessor, get_attrs_and_remainder
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor

from engine.core.jsontext import shown

# Elements that run code, style the page, load other documents or send the reader away.
REFUSED_TAGS = frozenset(
    {"script", "style", "meta", "base", "link", "iframe", "frame", "frameset", "object", "embed", "applet", "form"}
)
# Attributes whose value a browser follows as an address.
URL_ATTRIBUTES = frozenset(
    {"href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "cite", "srcset", "ping"}
    | {"dynsrc", "lowsrc", "longdesc", "usemap", "codebase", "classid", "archive", "manifest", "icon"}
)
SAFE_SCHEMES = frozenset({"http", "https"})
# The HTML Markdown itself writes with the site's extensions (toc, tables, admonition,
# fenced_code); documented in the README's "Writing a lesson".
ALLOWED_TAGS = frozenset(
    {"p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "em", "strong", "code", "pre", "blockquote"}
    | {"ul", "ol", "li", "a", "img", "table", "thead", "tbody", "tr", "th", "td", "div"}
)
ALLOWED_ATTRIBUTES = {
    "*": {"id", "class", "title"},
    "a": {"href"},
    "img": {"src", "alt"},
    "ol": {"start"},
    "th": {"align"},
    "td": {"align"},
}
# Before Markdown puts back its stashed HTML (priority 30): the build's puzzles are
# stashed there, so only the author's Markdown output is sanitized.
PRIORITY = 35
# Fences are read after the puzzle fences (29) and before fenced_code (25) reads their attribute lists.
FENCE_PRIORITY = 28
# Where attr_list would read attribute lists: after the inline patterns and before toc (5).
ATTR_LIST_PRIORITY = 8

_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):")
_TAB_OR_NEWLINE = re.compile(r"[\t\n\r]")
_CONTROL_OR_SPACE = "".join(map(chr, range(0x21)))
_REFUSED_TAG = re.compile(rf"<({'|'.join(sorted(REFUSED_TAGS))})(?=[\s/>]|$)", re.IGNORECASE)
_INVISIBLE = re.compile(r"[\x00-\x20\x7f]+")
_FENCE_WITH_ATTRIBUTES = re.compile(r"^(?:~{3,}|`{3,})[ ]*\{.*$")
# A note's kinds (``!!! tip``): each becomes a class beside ``admonition``, so only these, which the site styles;
# another name (``!!! puzzle``) would set one of the build's own classes.
NOTE_KINDS = ("note", "tip", "warning", "caution")
_NOTE = re.compile(r"^!!! ?([\w-]+(?: +[\w-]+)*)")

Problem = tuple[int, str]  # (line, message); line counts from 1 in the text checked


def scheme(address: str) -> str | None:
    """The scheme a browser reads in *address* (lower case), or None for a relative address.

    Browsers drop tabs and newlines anywhere in an address and spaces and
    control characters around it, so those cannot hide a scheme.

    >>> scheme(" JaVa\\tScRiPt:alert(1)"), scheme("https://example.org"), scheme("../rules/#a")
    ('javascript', 'https', None)
    """
    match = _SCHEME.match(_TAB_OR_NEWLINE.sub("", address).strip(_CONTROL_OR_SPACE))
    return match.group(1).lower() if match else None


def _attribute_problem(name: str, value: str | None) -> str | None:
    if name.startswith("on"):
        return f"event-handler attribute {name}= is not allowed in a lesson (it runs code)"
    if name in URL_ATTRIBUTES and value is not None and scheme(value) not in (None, *SAFE_SCHEMES):
        return f"link to {shown(value)}: only https://, http:// and relative links are allowed in a lesson"
    return None


class _Finder(HTMLParser):
    """Collects every event handler and unsafe address in tags, with its line."""

    CDATA_CONTENT_ELEMENTS = ()  # read on after a <script> or <style>, so one run reports everything

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[tuple[int, str, str]] = []  # (line, what to look for in the source, message)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        for name, value in attrs:
            problem = _attribute_problem(name, value)
            if problem:
                self.problems.append((line, value if not name.startswith("on") and value else name, problem))

    handle_startendtag = handle_starttag


def _find(text: str) -> list[tuple[int, str, str]]:
    finder = _Finder()
    finder.feed(text)
    finder.close()
    return finder.problems


def check_source(text: str) -> list[Problem]:
    """Every refused tag, event handler and unsafe address in *text* read as HTML.

    A refused tag counts wherever it starts, even one never closed with ``>``.
    """
    problems = [
        (text.count("\n", 0, match.start()) + 1, _refused_tag(match.group(1).lower()))
        for match in _REFUSED_TAG.finditer(text)
    ]
    return sorted(problems + [(line, message) for line, _, message in _find(text)])


def _refused_tag(tag: str) -> str:
    return f"<{tag}> is not allowed in a lesson (it could run code or take the reader elsewhere)"


def _squashed(text: str) -> str:
    return _INVISIBLE.sub("", html.unescape(text)).lower()


def line_of(source: str, needle: str) -> int | None:
    """The line of *source* where *needle* starts, ignoring case, entities and whitespace, as a browser would.

    >>> line_of("one\\n[x](jav&#x09;ascript:alert(1))\\n", "JAVASCRIPT:alert(1)")
    2
    """
    return LineFinder(source).find(needle)


class LineFinder:
    """Finds lines in one source, read once: a page with thousands of problems costs one pass, not one each."""

    def __init__(self, source: str) -> None:
        squashed = [_squashed(line) for line in source.splitlines()]
        self.joined = "".join(squashed)
        self.starts = list(accumulate((len(line) for line in squashed), initial=0))  # each line's start in joined

    def find(self, needle: str) -> int | None:
        """The line where *needle* starts (see :func:`line_of`), or None."""
        target = _squashed(needle)
        at = self.joined.find(target) if target else -1
        return bisect_right(self.starts, at) if at >= 0 else None


def clean(fragment: str) -> str:
    """*fragment* with every tag, attribute and address outside the allowlist removed (nh3, Ammonia)."""
    return nh3.clean(
        fragment,
        tags=set(ALLOWED_TAGS),
        attributes={tag: set(names) for tag, names in ALLOWED_ATTRIBUTES.items()},
        url_schemes=set(SAFE_SCHEMES),
        link_rel=None,
    )


class _Sanitizer(Postprocessor):
    def __init__(self, md: markdown.Markdown, extension: AuthoredHtml) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, text: str) -> str:
        self.extension.found.extend((needle, message) for _, needle, message in _find(text))
        return clean(text)


def _attribute_list(written: str) -> str:
    return f"attribute list {shown(written)} is not allowed in a lesson: ids, classes and other attributes are the build's own"


class _AttributeLists(AttrListTreeprocessor):
    """Finds the attribute lists Markdown's attr_list would read, sets nothing and reports each."""

    def __init__(self, md: markdown.Markdown, extension: AuthoredHtml) -> None:
        super().__init__(md)
        self.extension = extension
        self._read: list[str] | None = None
        self._source = ""

    def assign_attrs(self, elem: Any, attrs_string: str, *, strict: bool = False) -> str:
        _, remainder = get_attrs_and_remainder(attrs_string)
        if not (strict and remainder):  # what attr_list would take for an attribute list
            written = attrs_string[: len(attrs_string) - len(remainder)]  # up to its first closing brace
            self.extension.found.append((self._as_written(written), _attribute_list("{" + written.strip() + "}")))
        return remainder

    def _as_written(self, inside: str) -> str:
        """The list as the source has it, ``{: .x }`` or ``{.x}``, to find its line by."""
        with_colon = "{:" + inside + "}"
        if self._read is not self.md.lines:  # the source, read once for each conversion
            self._read, self._source = self.md.lines, _squashed("\n".join(self.md.lines))
        return with_colon if _squashed(with_colon) in self._source else "{" + inside + "}"


class _FenceAttributes(Preprocessor):
    """Reports a code fence with an attribute list (fenced_code sets its id and classes whatever else is on)."""

    def __init__(self, md: markdown.Markdown, extension: AuthoredHtml) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        for line in lines:
            if _FENCE_WITH_ATTRIBUTES.match(line):
                self.extension.found.append((line, _attribute_list(line.strip())))
        return lines


class _NoteKinds(Preprocessor):
    """Reports a note (``!!! kind``) of a kind outside :data:`NOTE_KINDS`: its kind is written as a class."""

    def __init__(self, md: markdown.Markdown, extension: AuthoredHtml) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        for line in lines:
            written = _NOTE.match(line)
            if written and any(kind not in NOTE_KINDS for kind in written.group(1).lower().split()):
                kinds = ", ".join(NOTE_KINDS)
                self.extension.found.append(
                    (line, f"note {shown(line.strip())} is not allowed in a lesson: a note's kind is one of {kinds}")
                )
        return lines


class AuthoredHtml(Extension):
    """Markdown for untrusted text: raw HTML shows as text, and the output is checked and sanitized.

    ``found`` gathers ``(text to look for in the source, message)`` for each
    problem in the output (the same instance may serve several Markdown
    objects); the caller empties it.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.found: list[tuple[str, str]] = []

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.preprocessors.register(_FenceAttributes(md, self), "authored_fences", FENCE_PRIORITY)
        md.preprocessors.register(_NoteKinds(md, self), "authored_notes", FENCE_PRIORITY)
        md.treeprocessors.register(_AttributeLists(md, self), "authored_attribute_lists", ATTR_LIST_PRIORITY)
        md.postprocessors.register(_Sanitizer(md, self), "authored_html", PRIORITY)
