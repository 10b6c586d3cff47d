"""Advice: Suggest, the adviser's action for you in the record's encoding, with its reason in a learner's words.

At a choice the review would weigh, the advice is the review's own best option (so following Suggest is never
called a mistake afterwards); elsewhere, and in a lesson's guided deal (no record to review), the adviser decides
for itself. A turn of several steps is advised one step at a time (:meth:`Advice._advice_step`).
"""

from __future__ import annotations

from typing import Any

from .reviewing import Reviews
from .table import JSON, G, P
from .text import sentence

__all__ = ["Advice"]


class Advice(Reviews[G, P]):
    """The adviser's suggestion for the seat the state serves."""

    def _clear(self) -> None:
        super()._clear()
        self._advised: tuple[G, tuple[int, int], Any] | None = None  # the deal, where in it, the review's advice

    def suggest(self) -> JSON:
        """The adviser's action for you: ``{"action": in the record's encoding, "reason", "text"}``; *text* is
        the advice in a learner's words, without the adviser's working."""
        if not self._your_turn():
            raise ValueError(self._not_yours())
        decision = self._weighed_advice() or self._decide(self.adviser, self.seat)
        action = decision.action
        if self._refusal(action):  # never pass on advice the rules refuse
            raise ValueError("the adviser chose an illegal move")
        plain = sentence(getattr(decision, "plain", "") or decision.reason)
        name = self.adviser_name.title()
        text = f"{name} would {plain[0].lower()}{plain[1:]}" if self._chose(action) else plain
        return {"action": self._action_json(self.seat, action), "reason": sentence(decision.reason), "text": text}

    def _weighed_advice(self) -> Any:
        """At a choice the review would weigh, the review's own best option (see :meth:`Review.advise`), as the
        next step of your turn (:meth:`_advice_step`); else ``None``. A lesson's guided deal has no record to
        review, so its advice is the adviser's own."""
        game = self._game
        if not (self.reviews and game.has_record):
            return None
        # Weighed once a position: the steps of one turn (a chain laid card by card) ask again and again.
        at = (len(game.record()["moves"]), self.seat)
        if self._advised is None or self._advised[0] is not game or self._advised[1] != at:
            self._advised = (game, at, self._review().advise(game, self.seat))
        weighed = self._advised[2]
        return None if weighed is None else self._advice_step(weighed)

    # -- what each game says ------------------------------------------------------------

    def _advice_step(self, decision: Any) -> Any:
        """*decision*, a whole move, as the next step the page sends; ``None`` when your turn has left it."""
        return decision

    def _chose(self, action: Any) -> bool:
        """Whether the adviser's *action* was a choice (a pass or a draw when nothing fits is not)."""
        return True
