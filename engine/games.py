"""The installed games: importing this module registers each one with :mod:`engine.core.game`.

The core looks a game up by name and never imports a game package itself; a
new game is one more import here.
"""

from __future__ import annotations

from .blackjack import BLACKJACK_GAME
from .knock_knock import KNOCK_KNOCK
from .sevens import SEVENS

__all__ = ["GAMES"]

GAMES = (SEVENS, KNOCK_KNOCK, BLACKJACK_GAME)
