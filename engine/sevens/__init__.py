"""Sevens (Fan Tan, Parliament, Shichinarabe): the game as the core's registry knows it.

The package: :mod:`.rules` (the options and presets), :mod:`.position` (the
rules themselves and why a move is illegal), :mod:`.moves`, :mod:`.game` (a
deal and its record), :mod:`.view` (what one seat sees), :mod:`.present` (the
state a page draws), :mod:`.protocol` (bot requests), :mod:`.terminal` and
:mod:`.players` (random, Robin, Alex and Sam).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.cards import Card, cards_of
from ..core.game import PlayerFactory, register
from ..core.options import Options
from ..core.package import PackagedGame
from .game import Game
from .players import COMPUTER_PLAYERS
from .position import Position
from .rules import DEFAULT, OPTIONS, PRESETS, SevensRules

__all__ = ["SEVENS", "Game", "SevensGame", "SevensRules"]


class SevensGame(PackagedGame):
    """Sevens for the registry: its rules, its deals, its records and its computer players."""

    name = "sevens"
    title = "Sevens"
    blurb = "Build four rows out from the sevens."
    three_steps: Sequence[tuple[str, str]] = (
        (
            "Start in the middle.",
            "The player holding 7♦ puts it down first. After that, any seven can start a row for its suit.",
        ),
        (
            "Add to a row.",
            "On your turn, play one card of the neighbouring rank, in the same suit, at either end of a row. "
            "No gaps and no changing suit.",
        ),
        (
            "Play if you can, and race to go out.",
            "Pass only if nothing in your hand fits. The first player with an empty hand wins, and the deal stops "
            "there.",
        ),
    )
    other_names: Mapping[str, str] = {
        "Fan Tan": "fan-tan",
        "Parliament": "parliament",
        "Shichinarabe": "shichinarabe",
        "Domino": "",
    }
    rules_page = "rules"
    nav_pages: Sequence[tuple[str, str]] = (
        ("rules", "Rules"),
        ("questions", "Questions"),
        ("house-rules", "House rules"),
        ("rules-sheet", "Rules sheet"),
    )
    options: Options[SevensRules] = OPTIONS
    presets: Mapping[str, SevensRules] = PRESETS
    computer_players: Mapping[str, PlayerFactory] = COMPUTER_PLAYERS
    table_module: str | None = "games/sevens.js"  # the suit rows and the Pass control, in the browser
    table_styles: str | None = "games/sevens.css"
    prefix = "sv-"

    deal_class = Game  # its other hooks read its modules by convention: see engine.core.package
    play_outs_module = "puzzles_bank"  # Sam's imagined deals, which judge "which card would you play?" puzzles

    def read_rules(self, data: object) -> SevensRules:
        """Rules as a record writes them: every option; or ``"sevens"``, the first records' name for the defaults."""
        if data == "sevens":
            return DEFAULT
        rules: SevensRules = super().read_rules(data)
        return rules

    def new_deal(self, rules: SevensRules, seed: int, *, dealer: int = 0, names: Sequence[str] | None = None) -> Game:
        return Game.new(seed, names, rules=rules, dealer=dealer)

    def play_in_terminal(
        self,
        rules: SevensRules,
        seed: int,
        input_fn: Callable[[str], str],
        output_fn: Callable[[str], object],
        **table: Any,
    ) -> Game:
        """Sevens' terminal takes the seed first and the rules as an option (as its first deals were played)."""
        from .terminal import play_in_terminal

        return play_in_terminal(seed, input_fn, output_fn, rules=rules, **table)

    # 52 cards, and each turn without a card is a pass: under pass_limit each seat passes at most 6 times before it
    # is out; without it, a pass is allowed only when nothing fits unless voluntary_pass, and no computer player
    # passes by choice for ever. A deal between computer players takes well under this.
    turn_limit = 1000

    # Parity is 25%: Alex wins at least 50% against three random players, Sam at least 30% against three Alexes.
    strength_tables: Sequence[tuple[str, float | None]] = (
        ("alex,random,random,random", 0.50),
        ("sam,alex,alex,alex", 0.30),
        ("sam,alex,robin,random", None),
        ("robin,random,random,random", None),
    )

    def cards(self, deal: Game) -> dict[str, list[Card]]:
        position = deal.position
        hands = {f"hand {seat}": list(cards_of(hand)) for seat, hand in enumerate(position.hands)}
        return {**hands, "table": list(cards_of(position.table))}

    def request(self, deal: Game, seat: int) -> dict[str, Any]:
        """The moves as the record writes them, and a pass that puts its player out with the cards laid."""
        position = Position.deal(deal.dealt, deal.rules, deal.dealer)
        moves = []
        for move in deal.moves:
            entry = move.to_json()
            after = position.play(move.card) if move.card is not None else position.pass_turn()
            if move.card is None and len(after.out) > len(position.out):
                entry["laid"] = [card.code for card in cards_of(position.hands[move.seat])]
            moves.append(entry)
            position = after
        return {
            "game": self.name,
            "rules": deal.rules.to_json(),
            "seat": seat,
            "dealer": deal.dealer,
            "hand": [card.code for card in cards_of(deal.position.hands[seat])],
            "moves": moves,
        }


SEVENS = SevensGame()
SevensRules.registered = register(SEVENS)
