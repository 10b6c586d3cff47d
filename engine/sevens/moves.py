"""A move: a seat plays a card, or passes.

>>> Move.from_json({"seat": 0, "play": "7D"})
Move(seat=0, card=Card.parse('7D'))
>>> Move(1, None).to_json()
{'seat': 1, 'pass': True}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Card
from ..core.fields import move_seat
from ..core.jsontext import shown

__all__ = ["Move"]


@dataclass(frozen=True, slots=True)
class Move:
    """*seat* played *card*; ``card`` is ``None`` for a pass."""

    seat: int
    card: Card | None

    def to_json(self) -> dict[str, Any]:
        if self.card is None:
            return {"seat": self.seat, "pass": True}
        return {"seat": self.seat, "play": self.card.code}

    @classmethod
    def from_json(cls, data: object, players: int = 4) -> Move:
        """Read ``{"seat": 0, "play": "7D"}`` or ``{"seat": 1, "pass": true}`` at a table of *players*; ``ValueError`` otherwise."""
        if not isinstance(data, dict):
            raise ValueError(f'a move must be an object like {{"seat": 0, "play": "7D"}}, not {shown(data)}')
        seat = move_seat(data, players)
        keys = set(data) - {"seat"}
        if keys == {"pass"} and data["pass"] is True:
            return cls(seat, None)
        if keys == {"play"} and isinstance(data["play"], str):
            return cls(seat, Card.parse(data["play"]))
        raise ValueError(f'move {shown(data)}: expected either "play": CARD or "pass": true besides the seat')

    @property
    def is_pass(self) -> bool:
        return self.card is None

    def describe(self, names: Sequence[str]) -> str:
        """``"Robin played 8♦"`` or ``"Alex passed"``."""
        who = names[self.seat]
        return f"{who} passed" if self.card is None else f"{who} played {self.card.display}"
