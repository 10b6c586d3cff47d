"""Lesson scripts: a lesson's guided deal, its script of the computer seats' actions, its goal and its comments.

A guided deal starts from a position in the game's text form (:meth:`Lessons.guided`), you in seat 0; it has no
record. Its script (``(seat, action)`` in order) is followed while each step applies to the seat that acts next;
once one does not, the script is dropped and the computer players choose for themselves. Each action of yours is
commented on (what the adviser thinks of it: :meth:`Lessons._judge`), and one that puts the goal out of reach
says so once (:meth:`Lessons._setback`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .goals import GoalCheck
from .jsontext import shown
from .table import JSON, G, P, Table

__all__ = ["Lessons", "Scripted"]


class Scripted:
    """A lesson's scripted action, as the computer players' decisions are."""

    reason = "scripted move"
    plain = ""

    def __init__(self, action: Any) -> None:
        self.action = action


class Lessons(Table[G, P]):
    """A lesson's guided deal: its script, its goal, whether the page marks the cards that fit, and the comments."""

    def _clear(self) -> None:
        super()._clear()
        self.script: list[tuple[int, Any]] = []  # a guided deal's computer moves: (seat, action), in order
        self.goal: str | None = None
        self.goal_check: GoalCheck | None = None  # a guided deal's goal as the engine checks it (see engine.core.goals)
        # Whether the page marks the cards that fit: a lesson's guided deal says so, stage by stage (one that asks
        # the learner to find the card marks none); on any other deal the learner's own setting decides.
        self.marks = True
        self.comment: str | None = None
        # In a guided deal: why the goal is out of reach since a move of yours (a sentence), until the deal starts again.
        self.setback: str | None = None

    def guided(
        self,
        position: object,
        script: object = "",
        goal: object = "",
        rules: object = None,
        marks: object = False,
        goal_check: object = "win",
    ) -> JSON:
        """A lesson's deal from *position* in the game's text form, you in seat 0; *script*: the computer seats'
        actions in the game's words (each used when its seat acts next and the rules allow it; once one does
        not apply, the script is dropped and the computer players choose for themselves); *goal*: a sentence
        the page shows; *marks*: whether the page marks the cards that fit (a stage that teaches by showing),
        or leaves the learner to find them (the default); *goal_check*: what the engine checks of the goal
        (see :mod:`engine.core.goals`: ``win``, ``win within 2 turns``), which the state's ``setback`` and
        ``goal_reached`` follow."""
        if not isinstance(position, str):
            raise ValueError(f"position must be text, the game's form of a position, not {shown(position)}")
        if not isinstance(script, str) or not isinstance(goal, str) or not isinstance(goal_check, str):
            raise ValueError("script, goal and goal_check must be text")
        try:
            check = GoalCheck.read(goal_check)
        except ValueError as error:
            raise ValueError(f"goal_check: {error}") from None
        if not isinstance(marks, bool):
            raise ValueError(f"marks must be true or false, not {shown(marks)}")
        game = self._guided_deal(position, rules)
        self._start(game, self._seats(None, game.rules.players))
        self.script = self._parse_script(script, game.names) if script else []
        self.goal = goal or None
        self.goal_check = check
        self.marks = marks
        return self.state()

    def _scripted(self, seat: int, answering: bool) -> Scripted | None:
        """The lesson's next scripted action, when it is *seat*'s and applies now. A step that does not apply
        ends the script (you left the lesson's line), unless the seats are only answering a call."""
        if not self.script:
            return None
        step_seat, action = self.script[0]
        if step_seat == seat and self._script_fits(seat, action):
            self.script.pop(0)
            return Scripted(action)
        if not answering:
            self.script = []  # you left the lesson's line: the computer players choose for themselves
        return None

    def _commented(self, action: Any) -> None:
        """Before your *action* is taken in a guided deal (no record): the comment on it, and any setback it brings."""
        if not self._game.has_record:
            self.comment = self._judge(action)
            self.setback = self.setback or self._setback(action)

    def _after_yours(self) -> None:
        """After your action is taken in a guided deal: its goal may be out of reach now, by its check."""
        if not self._game.has_record:
            self.setback = self.setback or self._goal_missed()

    def _goal_missed(self) -> str | None:
        """In a guided deal, why its goal is out of reach now by its check (see :mod:`engine.core.goals`)."""
        check = self.goal_check
        if check is None:
            return None
        turns = self._turns_taken(self.seat) if check.turns is not None else 0
        return check.missed(won=self._game.winner == self.seat, turns=turns)

    def _goal_reached(self) -> bool | None:
        """In a guided deal, whether you reached its goal; ``None`` in any other deal."""
        check = self.goal_check
        if check is None:
            return None
        turns = self._turns_taken(self.seat) if check.turns is not None else 0
        return check.reached(won=self._game.winner == self.seat, turns=turns, setback=self.setback)

    # -- what each game says ------------------------------------------------------------

    def _guided_deal(self, position: str, rules: object) -> G:
        """A lesson's deal from *position*, the game's text form of a position (*rules*: as the page asks for
        them, or ``None`` for those the position says); its seats 1 onwards are played by Robin, Alex, Sam."""
        raise NotImplementedError

    def _parse_script(self, text: str, names: Sequence[str]) -> list[tuple[int, Any]]:
        """A lesson's script of the computer seats' actions, in the game's words: ``(seat, action)`` in order."""
        raise NotImplementedError

    def _script_fits(self, seat: int, action: Any) -> bool:
        """Whether a lesson's scripted *action* for *seat*, the next seat to act, applies now."""
        return self._game.why_illegal(seat, action) is None

    def _answering(self) -> bool:
        """The seats waiting now answer the last action (a call) rather than take a turn: a scripted action for
        another seat stays for later instead of ending the script."""
        return False

    def _judge(self, action: Any) -> str | None:
        """In a guided deal, the comment on your *action* (before it is taken): what the adviser thinks of it,
        comparing the whole action (a call or a suit named with it too); see :meth:`_verdict`."""
        return None

    def _verdict(self, same: bool, plain: str) -> str:
        """The comment on your action from the adviser's *plain* reason for its own choice ("Play 6♥: it fits"):
        when you took that very action (*same*), praise with the reason alone, since the log says what you did;
        else what the adviser would rather have done."""
        name = self.adviser_name.title()
        if same:
            _, colon, why = plain.partition(": ")
            return f"Good choice: {why}" if colon and why else f"Good choice: {name} would have done the same."
        return f"{name} would rather {plain[0].lower()}{plain[1:]}"

    def _turns_taken(self, seat: int) -> int:
        """How many turns *seat* has taken in the deal (a turn missed is none, nor is a call out of turn): a guided
        deal's goal may ask for a win within so many of your turns (see :mod:`engine.core.goals`)."""
        raise NotImplementedError

    def _setback(self, action: Any) -> str | None:
        """In a guided deal, why your *action* (before it is taken) puts the deal's goal out of reach, in a
        sentence; ``None`` when it does not (by default: a lost deal says so when it ends)."""
        return None
