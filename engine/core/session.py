"""The browser session of every game (the page's side is :mod:`engine.core.webapi`).

A session holds one deal and the computer players around it: the players in
seats 1 onwards, the adviser that suggests your moves, and for a lesson's
guided deal its script and goal. :class:`DealSession` composes the parts, each
in its own module on the shared :class:`~engine.core.table.Table`:

- :mod:`engine.core.deals`: starting or restoring a deal, its state and its
  steps (``new_game``, ``restore``, ``state``, ``act``, ``computer_move``,
  ``record``);
- :mod:`engine.core.matches`: a deal of a :class:`~engine.core.match.Match`
  (``new_match``, ``next_deal``, the state's ``match``);
- :mod:`engine.core.daily`: the daily deal (``daily``, ``daily_sam``,
  ``daily_share``);
- :mod:`engine.core.together`: people sharing the device (``reveal``, the
  state's ``table``);
- :mod:`engine.core.lesson`: a lesson's guided deal and its script
  (``guided``, the comments on your actions);
- :mod:`engine.core.advice`: ``suggest``;
- :mod:`engine.core.reviewing`: a finished deal's review (``replay``,
  ``review_points``, ``review_move``) for a game that has one (``reviews``).

Everything a page asks of a deal is here, once, for every game: the state
lists the actions you may take now (``actions``, each in the game record's own
encoding of a move), the page sends one back (``act``), the computer seats
that the table waits for act one step at a time (``computer_move``, following
a lesson's script while it applies), the adviser suggests an action in the same
encoding, and a game that has a review is reviewed and replayed here too.

A game's session subclasses :class:`DealSession` and supplies only hooks, each
declared (and documented) in the part that asks for it: its state in words
(:meth:`~engine.core.table.Table._state_json`), how one action is read from
JSON and written back (:meth:`~engine.core.table.Table._action_from_json`,
:meth:`~engine.core.table.Table._action_json`) and from a lesson's script text
(:meth:`~engine.core.lesson.Lessons._parse_script`), why an action of yours is
refused now, whether the table waits for you, the comment on a learner's
action in a guided deal (and the setback that puts its goal out of reach), and
its review. Nothing here knows any game.
"""

from __future__ import annotations

from .advice import Advice
from .deals import Deals
from .reviewing import Review, review_words
from .table import BOT_NAMES, G, P
from .together import HIDDEN_TILL_A_PERSON

__all__ = ["BOT_NAMES", "HIDDEN_TILL_A_PERSON", "METHODS", "REVIEW_METHODS", "DealSession", "Review", "review_words"]

# What a page may ask of every game's session (see engine.core.webapi), and of a game that has a review.
METHODS = (
    "new_game",
    "new_match",
    "next_deal",
    "guided",
    "restore",
    "state",
    "act",
    "computer_move",
    "suggest",
    "record",
    "daily",
    "daily_sam",
    "daily_share",
    "reveal",
)
REVIEW_METHODS = ("replay", "review_points", "review_move")


class DealSession(Deals[G, P], Advice[G, P]):
    """One deal in the browser, of a game whose deals are *G* and computer players *P*: the parts composed.

    *make_player* builds a computer player by name from its own random source; *known* are the names it knows;
    *adviser* is the player that suggests your moves; *starts* names the methods that start a deal (for the
    message when there is none yet).
    """

    @property
    def methods(self) -> tuple[str, ...]:
        """What a page may ask of this session (see :mod:`engine.core.webapi`): each a method of it."""
        return METHODS + REVIEW_METHODS if self.reviews else METHODS

    def prepare(self) -> None:
        """Import now what a page's first requests need beyond the session: the review, which Suggest asks."""
        if self.reviews:
            self._review()
