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

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.cards import Card
from ..core.game import Decision, PlayerFactory, read_written_rules, register
from ..core.options import Options
from ..core.puzzles import PuzzleKinds
from .game import Game
from .players import PLAYERS
from .rules import OPTIONS, TURN_LIMIT, Rules, pack
from .state import Move, Play

__all__ = ["KNOCK_KNOCK", "Game", "KnockKnockGame", "Rules"]


class KnockKnockGame:
    """Knock! Knock! for the registry: its rules, its deals, its records and its computer players."""

    name = "knock-knock"
    title = "Knock! Knock!"
    blurb = "Match the suit or rank of the top card, and knock on your third-to-last card."
    other_names: Mapping[str, str] = {}
    rules_page = "knock-knock-rules"
    nav_pages: Sequence[tuple[str, str]] = (("knock-knock-rules", "Rules"), ("knock-knock-sheet", "Rules sheet"))
    options: Options[Rules] = OPTIONS
    presets: Mapping[str, Rules] = OPTIONS.presets
    computer_players: Mapping[str, PlayerFactory] = PLAYERS
    table_module: str | None = "games/knock-knock.js"  # the pile, the stock, Draw, Knock and the calls, in the browser
    table_keys = "Keys: arrows move through your hand, K knocks, Enter plays the card, D draws, C calls Knock! Knock!, S suggests."

    def rules(self, options: Mapping[str, object]) -> Rules:
        return OPTIONS.make(options)

    def read_rules(self, data: object) -> Rules:
        """Rules as a record writes them: every option."""
        rules: Rules = read_written_rules(self, data, OPTIONS.names)
        return rules

    def new_deal(self, rules: Rules, seed: int, *, dealer: int = 0, names: Sequence[str] | None = None) -> Game:
        return Game.new(rules, seed, dealer=dealer, names=names)

    def next_dealer(self, rules: Rules, dealer: int) -> int:
        """The seat after the dealer in the direction of play (to the right under ``direction=counter-clockwise``)."""
        return rules.next_seat(dealer)

    def read_record(self, data: dict[str, Any]) -> Game:
        return Game.from_record(data)

    def read_request(self, data: dict[str, Any]) -> Any:
        from ..core.protocol import ProtocolError
        from .protocol import read_request

        try:
            return read_request(data)
        except ValueError as error:
            raise ProtocolError(str(error)) from None

    def answer(self, decision: Decision) -> dict[str, Any]:
        from .protocol import answer

        return answer(decision.action)

    turn_limit = TURN_LIMIT  # then the deal is declared a draw

    # Parity is 25%: Alex wins at least 35% and Sam 40% against three random players; Sam beats three Alexes.
    strength_tables: Sequence[tuple[str, float | None]] = (
        ("alex,random,random,random", 0.35),
        ("sam,random,random,random", 0.40),
        ("sam,alex,alex,alex", 0.25),
        ("robin,random,random,random", None),
        ("sam,alex,robin,random", None),
    )

    def pack(self, rules: Rules) -> list[Card]:
        return pack(rules)

    def cards(self, deal: Game) -> dict[str, list[Card]]:
        state = deal.state
        hands = {f"hand {seat}": list(hand) for seat, hand in enumerate(state.hands)}
        return {**hands, "stock": list(state.stock), "pile": list(state.pile)}

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

    def legal_listing(self, rules: Rules, position: Mapping[str, str]) -> list[str]:
        from .protocol import legal_listing

        return legal_listing(rules, position)

    def play_in_terminal(
        self,
        rules: Rules,
        seed: int,
        input_fn: Callable[[str], str],
        output_fn: Callable[[str], object],
        *,
        opponents: Sequence[str],
        show_seats: bool = False,
    ) -> Game:
        from .terminal import play_in_terminal

        return play_in_terminal(rules, seed, input_fn, output_fn, opponents=opponents, show_seats=show_seats)

    def session(self) -> Any:
        from .session import Session

        return Session()

    @property
    def puzzle_kinds(self) -> PuzzleKinds:
        """Its lessons' puzzles (imported when the site asks: a game in the browser never needs them)."""
        from .puzzles import KINDS

        return KINDS

    @property
    def play_outs(self) -> None:
        return None  # every Knock! Knock! puzzle is judged by the rules alone

    def rules_menu(self) -> dict[str, Any]:
        from .present import rules_menu

        return rules_menu()


KNOCK_KNOCK = KnockKnockGame()
Rules.registered = register(KNOCK_KNOCK)
