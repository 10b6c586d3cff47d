"""Sam: plays as Alex for now (placeholder replaced below)."""

from __future__ import annotations

from .alex import AlexPlayer

__all__ = ["SamPlayer"]


class SamPlayer(AlexPlayer):
    name = "sam"
