"""Blackjack (Switch, Last Cards, Crazy Eights): the game as the core's registry knows it.

The package: :mod:`.rules` (the options, the presets and what each card does),
:mod:`.state` (a turn built one card at a time, and why a step is refused),
:mod:`.game` (a deal and its record), :mod:`.view` (what one seat sees),
:mod:`.present` (events in words), :mod:`.protocol` (bot requests and the
``moves`` listing), :mod:`.terminal`, :mod:`.session` (the browser's one
protocol: a turn sent one step at a time) and :mod:`.players` (random, Robin,
Alex and Sam).

>>> from engine.core.game import load_game
>>> rules = load_game("blackjack", players=6, packs="auto")
>>> rules.pack_count, rules.deal_size, rules.game.title
(2, 5, 'Blackjack')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.cards import Card
from ..core.game import PlayerFactory, register
from ..core.options import Options
from ..core.package import PackagedGame
from ..core.pile import places
from ..core.puzzles import PuzzleKinds
from .game import Game
from .players import PLAYERS
from .rules import OPTIONS, PRESETS, TURN_LIMIT, UP_TO, Rules

__all__ = ["BLACKJACK_GAME", "BlackjackGame", "Game", "Rules"]


class BlackjackGame(PackagedGame):
    """Blackjack for the registry: its rules and presets, its deals, its records and its computer players."""

    name = "blackjack"
    title = "Blackjack"
    # What the site says of it (its lessons, rules page and table are not written yet: with no course it has no
    # home-page entry, and no page links its rules).
    blurb = "Match the suit or rank, lay chains of cards, and make the next player pick up."
    other_names: Mapping[str, str] = {"Switch": "", "Crazy Eights": "crazy-eights", "Last Cards": ""}
    rules_page = "blackjack-rules"
    nav_pages: Sequence[tuple[str, str]] = ()
    table_module: str | None = None  # its table in the browser is not written yet
    table_keys = ""
    options: Options[Rules] = OPTIONS
    presets: Mapping[str, Rules] = PRESETS
    computer_players: Mapping[str, PlayerFactory] = PLAYERS
    deal_class = Game  # its hooks read its modules by convention: see engine.core.package

    # The most actions of the player on turn a deal takes: 1,000 turns (then it stops), each a chain, a pick-up or a
    # pass after at most five draws (draw=until-play may draw more, but not for a thousand turns).
    turn_limit = TURN_LIMIT * (UP_TO + 1)

    # Parity is 25%: Alex wins at least 40% and Sam 45% against three random players; Sam beats three Alexes
    # (engine.blackjack.strength checks the same order under crazy-eights).
    strength_tables: Sequence[tuple[str, float | None]] = (
        ("alex,random,random,random", 0.40),
        ("sam,random,random,random", 0.45),
        ("sam,alex,alex,alex", 0.25),
        ("robin,random,random,random", None),
    )

    def cards(self, deal: Game) -> dict[str, list[Card]]:
        """Where every card is now: each hand, the stock, the pile and the cards laid so far in the turn being built."""
        state = deal.state
        return places(state.hands, state.stock, state.pile, laid=state.laid)

    def request(self, deal: Game, seat: int) -> dict[str, Any]:
        """The bot-protocol request *seat* would send now."""
        record = deal.record()
        return {
            "game": self.name,
            "rules": record["rules"],
            "seat": seat,
            "dealer": record["dealer"],
            "upcard": record["upcard"],
            "hand": [card.code for card in deal.state.hands[seat]],
            "moves": record["moves"],
        }

    @property
    def puzzle_kinds(self) -> PuzzleKinds:
        return PuzzleKinds(())  # no lessons yet

    @property
    def play_outs(self) -> None:
        return None


BLACKJACK_GAME = BlackjackGame()
Rules.registered = register(BLACKJACK_GAME)
