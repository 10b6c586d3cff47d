"""Every registered game declares itself through the same mechanism, and a game of a family builds on its base.

A game type inherits :class:`~engine.core.package.PackagedGame` (its hooks read from the package's modules), and a
game played on a discard pile (its record says how the stock and the up-card were dealt) builds its deal, state,
view and browser session on the pile family's bases, so what the family shares is written once in engine/core.
"""

from __future__ import annotations

import pytest

from engine.core.game import find_game, game_names
from engine.core.package import PackagedGame
from engine.core.pile import PileState, PileView
from engine.core.pile_game import PileGame
from engine.core.pile_session import PileSession


@pytest.mark.parametrize("name", game_names())
def test_every_game_type_declares_itself_through_packaged_game(name: str) -> None:
    assert isinstance(find_game(name), PackagedGame)


@pytest.mark.parametrize("name", game_names())
def test_a_game_played_on_a_discard_pile_builds_on_the_pile_family(name: str) -> None:
    game = find_game(name)
    deal_class = game.deal_class  # type: ignore[attr-defined]
    if not {"stock", "upcard"} <= set(deal_class.dealt_fields):
        pytest.skip(f"{name} is not played on a discard pile")
    assert issubclass(deal_class, PileGame)
    assert issubclass(deal_class.state_class, PileState)
    assert issubclass(deal_class.view_class, PileView)
    session = game.session()
    assert isinstance(session, PileSession)
    assert session.game_class is deal_class
