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

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.cards import Card
from ..core.game import Decision, PlayerFactory, PlayOuts, read_written_rules, register
from ..core.options import Options
from ..core.puzzles import PuzzleKinds
from .game import Game
from .players import PLAYERS
from .rules import OPTIONS, PRESETS, TURN_LIMIT, UP_TO, Rules, pack

__all__ = ["BLACKJACK_GAME", "BlackjackGame", "Game", "Rules"]


class BlackjackGame:
    """Blackjack for the registry: its rules and presets, its deals, its records and its computer players."""

    name = "blackjack"
    title = "Blackjack"
    # What the site says of it: its home-page entry, and its pages in the header (the rules, the regional variations
    # with a link to play each, and the rules on one printed page).
    blurb = "Match the suit or rank, lay chains of cards, and make the next player pick up."
    other_names: Mapping[str, str] = {"Switch": "", "Crazy Eights": "crazy-eights", "Last Cards": ""}
    rules_page = "blackjack-rules"
    nav_pages: Sequence[tuple[str, str]] = (
        ("blackjack-rules", "Rules"),
        ("blackjack-variants", "Variations"),
        ("blackjack-sheet", "Rules sheet"),
    )
    table_module: str | None = "games/blackjack.js"  # the pile, the suit, the pick-up, a turn built card by card
    table_keys = (
        "Keys: arrows move through your hand, Enter lays the card, P plays (ends your turn), U takes the last card "
        "back, D draws (or picks up), L calls Last cards, S suggests."
    )
    options: Options[Rules] = OPTIONS
    presets: Mapping[str, Rules] = PRESETS
    computer_players: Mapping[str, PlayerFactory] = PLAYERS

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

    def pack(self, rules: Rules) -> list[Card]:
        return pack(rules)

    def cards(self, deal: Game) -> dict[str, list[Card]]:
        """Where every card is now: each hand, the stock, the pile and the cards laid so far in the turn being built."""
        state = deal.state
        hands = {f"hand {seat}": list(hand) for seat, hand in enumerate(state.hands)}
        return {**hands, "stock": list(state.stock), "pile": list(state.pile), "laid": list(state.laid)}

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

    def rules(self, options: Mapping[str, object]) -> Rules:
        return OPTIONS.make(options)

    def read_rules(self, data: object) -> Rules:
        """Rules as a record writes them: every option."""
        rules: Rules = read_written_rules(self, data, OPTIONS.names)
        return rules

    def new_deal(self, rules: Rules, seed: int, *, dealer: int = 0, names: Sequence[str] | None = None) -> Game:
        return Game.new(rules, seed, dealer=dealer, names=names)

    def next_dealer(self, rules: Rules, dealer: int) -> int:
        """The seat after the dealer: play starts with seat numbers increasing, and the deal moves one seat."""
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

    @property
    def puzzle_kinds(self) -> PuzzleKinds:
        from .puzzles import KINDS

        return KINDS

    @property
    def play_outs(self) -> PlayOuts:
        from .play_outs import play_outs

        return play_outs

    def session(self) -> Any:
        from .session import Session

        return Session()

    def rules_menu(self) -> dict[str, Any]:
        from .present import rules_menu

        return rules_menu()


BLACKJACK_GAME = BlackjackGame()
Rules.registered = register(BLACKJACK_GAME)
