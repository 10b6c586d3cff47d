"""The words each lesson introduces, so that nothing a learner reads uses one before its lesson.

A lesson's front matter may say which words it is the first to teach: ``introduces: wild, name the suit``
(comma-separated; a word matches at the start of a word, in any case, so ``wild`` also finds "wildcard" and
``revers`` finds "reverses"). A game's own name is never one of them ("Knock! Knock!" is not a knock).

The practice bank tags each puzzle with the lessons whose words it uses (:func:`lessons_needed`), and the
practice page serves a learner only puzzles from lessons they have met; the tests read each lesson, and play
each guided deal, and find no word of a later lesson (:func:`too_early`).

>>> term = Term("wild", 3, "wild-aces")
>>> bool(term.found("Lay a wild ace.")), bool(term.found("Wilderness"))
(True, True)
>>> Term("last cards", 7, "last-cards").found("call “Last cards!” now") is not None
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core.game import find_game

from .lessons import Page

__all__ = ["INTRODUCES", "Term", "lessons_needed", "terms_of", "too_early", "visible_text"]

INTRODUCES = "introduces"  # the front matter key


@dataclass(frozen=True)
class Term:
    """A word a lesson introduces: the *word*, the lesson's *order* among its game's lessons and its *slug*."""

    word: str
    order: int
    slug: str
    pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        words = r"\s+".join(re.escape(part) for part in self.word.split())
        object.__setattr__(self, "pattern", re.compile(rf"(?<![\w-]){words}", re.IGNORECASE))

    def found(self, text: str) -> re.Match[str] | None:
        return self.pattern.search(text)


def terms_of(pages: Sequence[Page], game: str) -> list[Term]:
    """The words *game*'s lessons introduce, each with its lesson, in the lessons' order."""
    terms = []
    for page in pages:
        if page.kind != "tutorial" or page.game != game:
            continue
        said = page.meta.values.get(INTRODUCES, "")
        terms += [Term(word.strip(), page.order, page.slug) for word in said.split(",") if word.strip()]
    return sorted(terms, key=lambda term: term.order)


def _without_name(text: str, game: str) -> str:
    title = find_game(game).title
    return re.sub(re.escape(title), " ", text, flags=re.IGNORECASE)


def used(text: str, terms: Sequence[Term], game: str) -> list[Term]:
    """The terms *text* uses (the game's own name aside)."""
    plain = _without_name(text, game)
    return [term for term in terms if term.found(plain)]


def too_early(text: str, terms: Sequence[Term], game: str, order: int) -> list[str]:
    """What *text*, read in the lesson of *order*, says before its lesson: ``"wild" (lesson wild-aces): …``."""
    plain = _without_name(text, game)
    problems = []
    for term in terms:
        match = term.found(plain) if term.order > order else None
        if match:
            around = plain[max(match.start() - 40, 0) : match.end() + 40].replace("\n", " ")
            problems.append(f"{term.word!r} (taught in lesson {term.slug!r}): …{around}…")
    return problems


def lessons_needed(text: str, terms: Sequence[Term], game: str) -> list[str]:
    """The slugs of the lessons whose words *text* uses, in order, each once."""
    slugs: list[str] = []
    for term in used(text, terms, game):
        if term.slug not in slugs:
            slugs.append(term.slug)
    return slugs


def visible_text(markup: str) -> str:
    """What a learner can read of a puzzle's HTML: its text and the sentences of its data (nudges, reasons), not
    its tags or attributes (a card's ``data-code``)."""
    text = re.sub(r"<[^>]+>", " ", markup)
    return html.unescape(text)
