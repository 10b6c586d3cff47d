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
from .game import Game
from .players import PLAYERS
from .rules import OPTIONS, PRESETS, TURN_LIMIT, UP_TO, Rules

__all__ = ["BLACKJACK_GAME", "BlackjackGame", "Game", "Rules"]


class BlackjackGame(PackagedGame):
    """Blackjack for the registry: its rules and presets, its deals, its records and its computer players."""

    name = "blackjack"
    title = "Blackjack"
    # What the site says of it: its home-page entry, and its pages in the header (the rules, the regional variations
    # with a link to play each, and the rules on one printed page).
    blurb = "Match the suit or rank, lay chains of cards, and make the next player pick up."
    three_steps: Sequence[tuple[str, str]] = (
        (
            "Match the top card, then chain.",
            "Seven cards each; lay a card of the same suit or rank as the top card of the pile, then more if you "
            "can: each of the same rank as the one before, or of its suit and one rank up or down. Or draw one.",
        ),
        (
            "Power cards hit back.",
            "A two makes the next player pick up 2 and a black jack 5, unless they answer with a two or a black jack of their own; an ace "
            "fits on anything and names the suit, an eight skips the next player and a king turns play round.",
        ),
        (
            "Call “Last cards!” to go out.",
            "When the cards left in your hand could all go down in one turn, say so at the end of your turn; the "
            "first to lay their last card after calling wins.",
        ),
    )
    other_names: Mapping[str, str] = {"Switch": "", "Crazy Eights": "crazy-eights", "Last Cards": ""}
    rules_page = "blackjack-rules"
    nav_pages: Sequence[tuple[str, str]] = (
        ("blackjack-rules", "Rules"),
        ("blackjack-variants", "Variations"),
        ("blackjack-sheet", "Rules sheet"),
    )
    table_module: str | None = "games/blackjack.js"  # the pile, the suit, the pick-up, a turn built card by card
    table_styles: str | None = "games/blackjack.css"
    prefix = "bj-"
    options: Options[Rules] = OPTIONS
    presets: Mapping[str, Rules] = PRESETS
    computer_players: Mapping[str, PlayerFactory] = PLAYERS
    deal_class = Game  # its hooks read its modules by convention: see engine.core.package
    play_outs_module = "play_outs"  # Sam's imagined deals, which judge "which card would you play?" puzzles

    # The most actions of the player on turn a deal takes: 1,000 turns (then it stops), each a chain, a pick-up or a
    # pass after at most five draws (draw=until-play may draw more, but not for a thousand turns).
    turn_limit = TURN_LIMIT * (UP_TO + 1)

    # Parity is 25%: Alex wins at least 40% and Sam 45% against three random players; Sam beats three Alexes
    # (bench/strength.py --presets checks the same order under crazy-eights, scored in its points).
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
        request = {
            "game": self.name,
            "rules": record["rules"],
            "seat": seat,
            "dealer": record["dealer"],
            "upcard": record["upcard"],
            "hand": [card.code for card in deal.state.hands[seat]],
            "moves": record["moves"],
        }
        if seat == deal.state.turn and deal.state.drawn_cards:
            request["drawn"] = [card.code for card in deal.state.drawn_cards]
        return request


BLACKJACK_GAME = BlackjackGame()
Rules.registered = register(BLACKJACK_GAME)
