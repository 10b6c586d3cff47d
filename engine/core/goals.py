"""What a lesson's guided deal asks of the learner, as the engine checks it: the puzzle block's ``goal-check``.

A guided deal's ``goal`` is the sentence the learner reads; its ``goal-check`` is what the engine checks, so that
the page says "Goal reached" only when the goal was reached, not after any win. The forms
(:meth:`GoalCheck.read`):

``win``
    You win the deal (the default).
``win within N turns``
    You win on one of your first *N* turns: the turn you go out on counts, a turn you miss does not. A goal that
    names a line of play ("go out in two turns", "lay six cards, keep the 9♥ and go out with it next turn") says
    how many turns that line takes.

The session (:mod:`engine.core.session`) asks :meth:`GoalCheck.missed` after each move of yours: once the goal is
out of reach, the sentence that says why is the deal's ``setback``, and the page offers to try again. A move that
puts the goal out of reach for a reason of the game's own (a call not made) is the game's to say (its session's
``_setback``); a deal lost is said by its end. :meth:`GoalCheck.reached` then says whether the deal reached the
goal: won, as the check asks, with no setback on the way.

>>> check = GoalCheck.read("win within 2 turns")
>>> check.text(), check.missed(won=False, turns=1), check.missed(won=False, turns=2)
('win within 2 turns', None, 'You did not go out in your first two turns.')
>>> check.reached(won=True, turns=2, setback=None), check.reached(won=True, turns=3, setback=None)
(True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .text import NUMBER_WORDS

__all__ = ["FIELD", "GoalCheck"]

FIELD = "goal-check"  # the puzzle block's field
MOST_TURNS = 9  # a lesson's deal is short
FORMS = f"use 'win', or 'win within N turns' (N from 1 to {MOST_TURNS}: your turns, the one you go out on included)"
_FORM = re.compile(r"win(?: within (\d+) turns?)?")


@dataclass(frozen=True, slots=True)
class GoalCheck:
    """A guided deal's goal as the engine checks it: win, within *turns* of your turns when not ``None``."""

    turns: int | None = None

    @classmethod
    def read(cls, text: str) -> GoalCheck:
        """The check *text* says (case and spacing ignored); a :class:`ValueError` names any other text and the forms.

        >>> GoalCheck.read("Win  within 1 turn")
        GoalCheck(turns=1)
        >>> GoalCheck.read("out by turn 2")
        Traceback (most recent call last):
        ...
        ValueError: 'out by turn 2' is not a goal check: use 'win', or 'win within N turns' (N from 1 to 9: your turns, the one you go out on included)
        """
        match = _FORM.fullmatch(" ".join(text.lower().split()))
        if match is None:
            raise ValueError(f"{text.strip()!r} is not a goal check: {FORMS}")
        if match.group(1) is None:
            return cls()
        turns = int(match.group(1))
        if not 1 <= turns <= MOST_TURNS:
            raise ValueError(f"{text.strip()!r}: {turns} turns is not from 1 to {MOST_TURNS}")
        return cls(turns)

    def text(self) -> str:
        """The check in its own form, as :meth:`read` reads it."""
        if self.turns is None:
            return "win"
        return f"win within {self.turns} turn{'s' if self.turns > 1 else ''}"

    def missed(self, *, won: bool, turns: int) -> str | None:
        """Why the goal is out of reach, a sentence, once you have *won* or not and ended *turns* turns; ``None``
        while it is in reach (and for a deal lost: its end says so)."""
        if self.turns is None or turns < self.turns or (won and turns <= self.turns):
            return None
        if self.turns == 1:
            return "You did not go out in your first turn."
        return f"You did not go out in your first {NUMBER_WORDS[self.turns]} turns."

    def reached(self, *, won: bool, turns: int, setback: str | None) -> bool:
        """Whether a deal you have *won* or not, after *turns* turns of yours, reached the goal: won, as the check
        asks, and nothing put it out of reach on the way (a *setback*, the game's or this check's)."""
        return won and setback is None and (self.turns is None or turns <= self.turns)
