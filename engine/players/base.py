"""What every computer player is: something that turns a view into a decision."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from ..cards import Card
from ..view import PlayerView

__all__ = ["PASS_REASON", "Decision", "Player"]

# What every player says when it has to pass.
PASS_REASON = "Nothing fits, so you pass."


@dataclass(frozen=True, slots=True)
class Decision:
    """A card to play (``None`` to pass) and the reason, in one sentence.

    *plain* is the same reason without the player's working (Sam's counts of
    imagined deals), for a learner; empty when *reason* has no working in it.
    """

    card: Card | None
    reason: str
    plain: str = ""


class Player(Protocol):
    """A computer player. It sees only a :class:`PlayerView` and must choose a legal move."""

    name: str

    def decide(self, view: PlayerView) -> Decision: ...


class PlayerFactory(Protocol):
    def __call__(self, rng: random.Random) -> Player: ...
