"""The review of a finished deal in the browser, for a game that has one (its package's ``review`` module).

The page asks for the moves worth reviewing of a seat (:meth:`Reviews.review_points`), then the adviser's
estimate at each, one at a time (:meth:`Reviews.review_move`), and may replay the deal from any move
(:meth:`Reviews.replay`). The numbers and verdicts are :mod:`engine.core.review`'s; the words are here.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol, cast

from .game import YOU
from .jsontext import shown
from .people import name_problem
from .table import JSON, G, P, Table
from .text import counted

__all__ = ["Review", "Reviews", "review_words"]


class Review(Protocol):
    """A game's review: the module ``review`` of its package (``engine.<game>.review``), loaded when first asked."""

    def decisions(self, game: Any, seat: int) -> list[int]:
        """*seat*'s moves worth reviewing in the finished *game*: indexes into its moves."""
        ...

    def estimate(self, game: Any, move: int) -> JSON:
        """The adviser's estimate of each choice the seat that moved had at *move*."""
        ...

    def replay(self, game: Any, moves: int) -> Any:
        """*game*'s deal after its first *moves* moves (a :class:`ValueError` when *moves* is outside the deal)."""
        ...

    def advise(self, game: Any, seat: int) -> Any:
        """Suggest's decision for *seat*, whose turn it is in *game* (a deal with a record): at a choice the review
        would weigh, the option the review would call best there, weighed as the review weighs it (so following
        Suggest is never called a mistake); ``None`` elsewhere, where the adviser decides for itself."""
        ...


class Reviews(Table[G, P]):
    """The review's requests, and the game's words for the choices it weighs."""

    # What makes a move a choice worth reviewing, in the review's words; a game whose choices are not between
    # cards that fit (a turn built of several cards, a draw) says its own. Said of whoever is reviewed (you, or a
    # person at a table of people), so they name no one: "Sam weighed Ana's 3 choices, the moves where …".
    choice_words = "where more than one card fitted"
    no_choice_words = "at every turn, one card fitted or none"
    key_words = "another card that fitted"

    def _review(self) -> Review:
        """The game's review module, imported when first asked for: by a review, or by Suggest (see ``advise``)."""
        package = type(self).__module__.rpartition(".")[0]
        return cast(Review, importlib.import_module(".review", package))

    def _reviewed(self) -> None:
        if not self.reviews:
            raise ValueError(f"{self.game_name} has no review")

    def _reviewed_seat(self, game: G, seat: object) -> int:
        """The seat a review is of (*seat*, or you in seat 0 when ``None``): at a table of people, each person's."""
        if seat is None:
            return YOU
        players = len(game.names)
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat {shown(seat)} must be a whole number from 0 to {players - 1}")
        return seat

    def replay(self, record: str, moves: object, seat: object = None) -> JSON:
        """The deal in *record* after its first *moves* moves, to look at or to play on from there; the state
        serves *seat*'s view (see :meth:`review_points`), with no screen: the deal is over for the people who
        look back at it."""
        self._reviewed()
        whole = self._read_record(record)
        game = self._review().replay(whole, _move_number(moves))
        served = self._reviewed_seat(game, seat)
        self._start(game, self._recorded(whole.names))
        self.seat = served
        return self.state()

    def review_points(self, record: str, seat: object = None) -> JSON:
        """The moves of *record* worth reviewing for *seat* (you in seat 0 by default; at a table of people, the
        person in that seat): ``{"moves": indexes into its moves, "total", "key": what an outlined card other
        than the best is}`` and the review's words (see :func:`review_words`), which name the person reviewed at
        a table of people: ``said`` (what the review says of the choices when Sam has weighed them all),
        ``weighing`` (while he weighs them), ``none_costly`` (when none cost more than luck could explain),
        ``heading`` (over the costliest), ``chances`` (before each card's estimate), ``at_choice`` (the status
        line before a choice) and ``screen`` (at a table of people, the screen's words before the person's
        review is shown; null for you alone)."""
        self._reviewed()
        game = self._read_record(record)
        reviewed = self._reviewed_seat(game, seat)
        moves = self._review().decisions(game, reviewed)
        name = game.names[reviewed]
        person = name if name_problem(name, self.known) is None else None
        return {
            "moves": moves,
            "total": len(game.record()["moves"]),
            "key": self.key_words,
            **review_words(person, len(moves), self.choice_words, self.no_choice_words),
        }

    def review_move(self, record: str, move: object) -> JSON:
        """The adviser's estimate of each choice the player had at *move* of *record* (one of the moves
        :meth:`review_points` lists, of whichever seat); asked one move at a time, so the page can show progress."""
        self._reviewed()
        return self._review().estimate(self._read_record(record), _move_number(move))


# The review's words for you alone, and for a person at a table of people (``{name}``), whole sentences each:
# ``{choices}`` is the count of choices ("3 choices"), ``{where}`` and ``{never}`` the game's choice_words and
# no_choice_words. A person's review is behind a screen of its own, so its notes may still say "you" to them.
_YOUR_REVIEW = {
    "said": "Sam weighed your {choices}, the moves {where}.",
    "no_choice": "You had no choice to make in this deal: {never}.",
    "weighing": "Sam is weighing your {choices}…",
    "none_costly": "None of your choices cost you much: each gap to Sam's best estimate was small enough to be luck.",
    "heading": "The choices that cost you most",
    "chances": "Your chance to win by Sam's estimate",
    "at_choice": "Next: your move; Sam's estimate of each choice you had is below.",
}
_NAMED_REVIEW = {
    "said": "Sam weighed {name}'s {choices}, the moves {where}.",
    "no_choice": "{name} had no choice to make in this deal: {never}.",
    "weighing": "Sam is weighing {name}'s {choices}…",
    "none_costly": "None of {name}'s choices cost much: each gap to Sam's best estimate was small enough to be luck.",
    "heading": "The choices that cost {name} most",
    "chances": "{name}'s chance to win by Sam's estimate",
    "at_choice": "Next: {name}'s move; Sam's estimate of each choice is below.",
    "screen": "Pass the device to {name} — tap when ready to see your review",
}


def review_words(person: str | None, choices: int, where: str, never: str) -> JSON:
    """What the review says of the *choices* it weighs, of you (*person* ``None``) or of a person by name.

    >>> review_words("Ana", 3, "where more than one card fitted", "")["said"]
    "Sam weighed Ana's 3 choices, the moves where more than one card fitted."
    >>> review_words(None, 0, "", "at every turn, one card fitted or none")["said"]
    'You had no choice to make in this deal: at every turn, one card fitted or none.'
    """
    words = _YOUR_REVIEW if person is None else _NAMED_REVIEW
    filled = {"name": person, "choices": counted(choices, "choice"), "where": where, "never": never}
    said = {key: text.format(**filled) for key, text in words.items()}
    if not choices:
        said["said"] = said["no_choice"]
    del said["no_choice"]
    return {**said, "screen": said.get("screen")}


def _move_number(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"move {shown(value)} must be a whole number")
    return value
