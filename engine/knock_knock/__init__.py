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

from ..core.game import Decision, PlayerFactory, RulesError, read_written_rules, register
from .game import Game
from .players import PLAYERS
from .rules import OPTIONS, Rules

__all__ = ["KNOCK_KNOCK", "Game", "KnockKnockGame", "Rules"]


class KnockKnockGame:
    """Knock! Knock! for the registry: its rules, its deals, its records and its computer players."""

    name = "knock-knock"
    title = "Knock! Knock!"
    presets: Mapping[str, Rules] = {}
    computer_players: Mapping[str, PlayerFactory] = PLAYERS
    table_module = "games/knock-knock.js"  # the pile, the stock, Draw, Knock and the calls, in the browser
    table_keys = "Keys: arrows move through your hand, K knocks, Enter plays the card, D draws, C calls Knock! Knock!, S suggests."

    def rules(self, options: Mapping[str, object]) -> Rules:
        try:
            return Rules.from_options(options)
        except ValueError as error:
            raise RulesError(str(error)) from None

    def read_rules(self, data: object) -> Rules:
        """Rules as a record writes them: every option."""
        rules: Rules = read_written_rules(self, data, OPTIONS)
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

    def rules_menu(self) -> dict[str, Any]:
        from .present import rules_menu

        return rules_menu()


KNOCK_KNOCK = KnockKnockGame()
Rules.registered = register(KNOCK_KNOCK)
