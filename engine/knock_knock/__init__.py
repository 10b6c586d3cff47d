"""Knock! Knock!: the game as the core's registry knows it.

The package: :mod:`.rules` (the options and what each card does), :mod:`.state`
(the rules themselves, the call window and why an action is refused),
:mod:`.game` (a deal and its record), :mod:`.view` (what one seat sees),
:mod:`.present` (events in words), :mod:`.protocol` (bot requests and the
``moves`` listing), :mod:`.terminal` and :mod:`.players` (random, Robin, Alex
and Sam).

>>> from engine.core.game import load_game
>>> rules = load_game("knock-knock", players=7, direction="counter-clockwise")
>>> rules.packs, rules.game.title
(2, 'Knock! Knock!')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.cards import Card
from ..core.game import PlayerFactory, register
from ..core.options import Options
from ..core.package import PackagedGame
from ..core.pile import places
from .game import Game
from .players import PLAYERS
from .rules import OPTIONS, TURN_LIMIT, Rules
from .state import Move, Play

__all__ = ["KNOCK_KNOCK", "Game", "KnockKnockGame", "Rules"]


class KnockKnockGame(PackagedGame):
    """Knock! Knock! for the registry: its rules, its deals, its records and its computer players."""

    name = "knock-knock"
    title = "Knock! Knock!"
    blurb = "Match the suit or rank of the top card, and knock on your third-to-last card."
    three_steps: Sequence[tuple[str, str]] = (
        (
            "Match the top card.",
            "Seven cards each; put down one card of the same suit or the same rank as the top card of the pile, "
            "or draw one from the stock.",
        ),
        (
            "Pick-up cards hurt.",
            "An ace, a two or the 5♦ fits on anything: its player names the next suit, and the next player picks "
            "up 1, 2 or 5 cards and misses their turn.",
        ),
        (
            "Knock on your third-to-last card.",
            "Forget, and anyone may call “Knock! Knock!”: you take the card back and pick up seven. The first to "
            "put down their last card wins.",
        ),
    )
    other_names: Mapping[str, str] = {}
    rules_page = "knock-knock-rules"
    nav_pages: Sequence[tuple[str, str]] = (("knock-knock-rules", "Rules"), ("knock-knock-sheet", "Rules sheet"))
    options: Options[Rules] = OPTIONS
    presets: Mapping[str, Rules] = OPTIONS.presets
    computer_players: Mapping[str, PlayerFactory] = PLAYERS
    deal_class = Game  # its hooks read its modules by convention: see engine.core.package
    table_module: str | None = "games/knock-knock.js"  # the pile, the stock, Draw, Knock and the calls, in the browser
    table_styles: str | None = "games/knock-knock.css"
    prefix = "kk-"

    turn_limit = TURN_LIMIT  # then the deal is declared a draw

    # Parity is 25%: Alex wins at least 35% and Sam 40% against three random players; Sam beats three Alexes.
    strength_tables: Sequence[tuple[str, float | None]] = (
        ("alex,random,random,random", 0.35),
        ("sam,random,random,random", 0.40),
        ("sam,alex,alex,alex", 0.25),
        ("robin,random,random,random", None),
        ("sam,alex,robin,random", None),
    )

    def cards(self, deal: Game) -> dict[str, list[Card]]:
        state = deal.state
        return places(state.hands, state.stock, state.pile)

    def request(self, deal: Game, seat: int) -> dict[str, Any]:
        record = deal.record()
        state = deal.state
        # The seats that let the last discard pass: those in its window, or all the others once it has closed.
        passed: list[int] = []
        moves = [event for event in state.events if isinstance(event, Move)]
        if state.window is not None:
            passed = sorted(state.window.quiet)
        elif moves and isinstance(moves[-1].action, Play):
            passed = [other for other in range(deal.rules.players) if other != moves[-1].seat]
        return {
            "game": self.name,
            "rules": record["rules"],
            "seat": seat,
            "dealer": record["dealer"],
            "upcard": record["upcard"],
            "hand": [card.code for card in state.hands[seat]],
            "moves": record["moves"],
            "passed": passed,
        }


KNOCK_KNOCK = KnockKnockGame()
Rules.registered = register(KNOCK_KNOCK)
