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

from ..core.cards import ALL_CARDS, Card, cards_of, format_cards, parse_mask
from ..core.game import Decision, PlayerFactory, PlayOuts, read_written_rules, register
from ..core.jsontext import shown
from ..core.options import Options
from ..core.puzzles import PuzzleKinds
from .game import Game
from .players import COMPUTER_PLAYERS
from .position import Position, fitting, max_hand, parse_table, table_problem
from .rules import DEFAULT, OPTIONS, PRESETS, SevensRules

__all__ = ["SEVENS", "Game", "SevensGame", "SevensRules"]


class SevensGame:
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

    def rules(self, options: Mapping[str, object]) -> SevensRules:
        return OPTIONS.make(options)

    def read_rules(self, data: object) -> SevensRules:
        """Rules as a record writes them: every option; or ``"sevens"``, the first records' name for the defaults."""
        if data == "sevens":
            return DEFAULT
        rules: SevensRules = read_written_rules(self, data, OPTIONS.names)
        return rules

    def new_deal(self, rules: SevensRules, seed: int, *, dealer: int = 0, names: Sequence[str] | None = None) -> Game:
        return Game.new(seed, names, rules=rules, dealer=dealer)

    def next_dealer(self, rules: SevensRules, dealer: int) -> int:
        """The next seat round: play goes that way too."""
        return (dealer + 1) % rules.players

    def read_record(self, data: dict[str, Any]) -> Game:
        return Game.from_record(data)

    def read_request(self, data: dict[str, Any]) -> Any:
        from .protocol import read_request

        return read_request(data)

    def legal_listing(self, rules: SevensRules, position: Mapping[str, str]) -> list[str]:
        """For ``moves``: the codes of the cards in ``position["hand"]`` that fit ``position["table"]``, sorted.

        A :class:`ValueError` names the option (``--table``, ``--hand``) and what is wrong.
        """
        return legal_cards(position["table"], position["hand"], rules)

    def play_in_terminal(
        self,
        rules: SevensRules,
        seed: int,
        input_fn: Callable[[str], str],
        output_fn: Callable[[str], object],
        *,
        opponents: Sequence[str],
        show_seats: bool = False,
    ) -> Game:
        from .terminal import play_in_terminal

        return play_in_terminal(seed, input_fn, output_fn, opponents=opponents, show_seats=show_seats, rules=rules)

    def session(self) -> Any:
        """A browser session for Sevens (see :mod:`engine.core.webapi`)."""
        from .session import Session

        return Session()

    @property
    def puzzle_kinds(self) -> PuzzleKinds:
        """Its lessons' puzzles (imported when the site asks: a game in the browser never needs them)."""
        from .puzzles import KINDS

        return KINDS

    @property
    def play_outs(self) -> PlayOuts:
        """Sam's imagined deals, which judge "which card would you play?" puzzles."""
        from .puzzles_bank import play_outs

        return play_outs

    def rules_menu(self) -> dict[str, Any]:
        from .present import rules_menu

        return rules_menu()

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

    def pack(self, rules: SevensRules) -> list[Card]:
        return list(ALL_CARDS)

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

    def answer(self, decision: Decision) -> dict[str, Any]:
        card = decision.action
        return {"pass": True} if card is None else {"play": card.code}


def legal_cards(table_text: str, hand_text: str, rules: SevensRules = DEFAULT) -> list[str]:
    """The codes of the cards in the hand that fit the table, sorted; :class:`ValueError` for impossible input.

    >>> legal_cards("7H 8H 7D", "9H 6H 3S 7C")
    ['7C', '6H', '9H']
    >>> legal_cards("-", "7C 7D"), legal_cards("-", "7C 7D", SevensRules(opening="any-seven"))
    (['7D'], ['7C', '7D'])
    """
    try:
        table = parse_table(table_text)
    except ValueError as error:
        raise ValueError(f"--table: {error}") from None
    problem = table_problem(table, rules)
    if problem:
        raise ValueError(f"--table {shown(table_text)} cannot occur: {problem}")
    try:
        hand = parse_mask(hand_text)
    except ValueError as error:
        raise ValueError(f"--hand: {error}") from None
    if not hand:
        raise ValueError("--hand is empty: a player with no cards left has already won")
    most = max_hand(rules.players)
    if hand.bit_count() > most:
        raise ValueError(f"--hand has {hand.bit_count()} cards: nobody holds more than {most}")
    both = hand & table
    if both:
        twice = format_cards(both, display=True)
        raise ValueError(f"--hand and --table both have {twice}: a card is either in a hand or on the table")
    return [card.code for card in cards_of(fitting(table, 0, rules) & hand)]


SEVENS = SevensGame()
SevensRules.registered = register(SEVENS)
