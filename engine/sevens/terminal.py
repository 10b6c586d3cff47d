"""A whole deal in the terminal: you in seat 0 against three computer players.

Everything that turns the game into text, and text into a command, is a pure
function here; :func:`play_in_terminal` is the only code that reads input or
prints, and even it takes the two as arguments, so a test can drive a whole
game with scripted input.

>>> from engine.core.cards import parse_mask
>>> from engine.sevens.position import parse_table
>>> print(render_rows(parse_table("5D-8D 7H")))
♣  -
♦  5♦ 6♦ 7♦ 8♦
♥  7♥
♠  -
>>> render_hand(parse_mask("3C 8C 9D 6H"), parse_mask("8C 6H"))
'♣ 3♣ [8♣]   ♦ 9♦   ♥ [6♥]'
>>> parse_command(" 8d ")
Command(kind='play', card=Card.parse('8D'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..core.cards import SUITS, Card, cards_of, format_cards
from ..core.chance import player_rng
from ..core.game import play_command
from ..core.terminal import COMMAND_WORDS, ask_move, seat_opponents
from .game import YOU, Game
from .players import Player, make_player
from .position import SUIT_MASKS
from .rules import DEFAULT, SevensRules

__all__ = [
    "HELP",
    "Command",
    "parse_command",
    "play_in_terminal",
    "render_counts",
    "render_hand",
    "render_rows",
    "render_turn",
]

OPPONENTS = ("robin", "alex", "sam")
ADVISER = "sam"  # the strongest player gives the hints

HELP = """\
Play one card on your turn: a seven starts its suit's row, any other card must be
the next rank at one end of its own suit's row (aces low, no gaps, no wrapping).
Type a card in any notation: 8D, 8d, 8♦, 10H, TH, QS. Playable cards show in [brackets].
  pass, p     pass (only when nothing fits; Enter also passes then)
  hint, ?     a suggested move and why
  help, h     this text
  quit, q     stop the game
The first player to play their last card wins."""

Kind = Literal["play", "pass", "hint", "help", "quit", "empty"]

_WORDS: dict[str, Kind] = {"pass": "pass", "p": "pass", "": "empty", **COMMAND_WORDS}


@dataclass(frozen=True, slots=True)
class Command:
    """What the player typed: ``kind`` and, to play, the ``card``."""

    kind: Kind
    card: Card | None = None


def parse_command(text: str) -> Command:
    """Read one line of input; ``ValueError`` saying what is wrong if it is neither a command nor a card.

    >>> parse_command("?")
    Command(kind='hint', card=None)
    >>> parse_command("11H")
    Traceback (most recent call last):
    ...
    ValueError: unknown card '11H': expected a rank (A, 2-10, J, Q, K) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), like 7D, 10H or 7♦ (type help for the commands)
    """
    word = text.strip()
    kind = _WORDS.get(word.lower())
    if kind is not None:
        return Command(kind)
    try:
        return Command("play", Card.parse(word))
    except ValueError as error:
        raise ValueError(f"{error} (type help for the commands)") from None


def render_rows(table: int) -> str:
    """The four suit rows, one line each: the suit symbol, then its cards or ``-``."""
    lines = []
    for suit in SUITS:
        row = format_cards(table & SUIT_MASKS[suit.index], display=True)
        lines.append(f"{suit.symbol}  {row}")
    return "\n".join(lines)


def render_hand(hand: int, legal: int) -> str:
    """*hand* grouped by suit, each card of *legal* in brackets; suits you lack are left out."""
    groups = []
    for suit in SUITS:
        cards = hand & SUIT_MASKS[suit.index]
        if not cards:
            continue
        words = [f"[{card.display}]" if legal & card.bit else card.display for card in cards_of(cards)]
        groups.append(f"{suit.symbol} {' '.join(words)}")
    return "   ".join(groups) if groups else "(empty)"


def render_counts(counts: Sequence[int], names: Sequence[str], skip: int = YOU) -> str:
    """``"Robin 12 cards · Alex 13 cards · Sam 1 card"``, leaving out seat *skip*."""
    parts = [
        f"{names[seat]} {count} card{'' if count == 1 else 's'}" for seat, count in enumerate(counts) if seat != skip
    ]
    return " · ".join(parts)


def render_turn(game: Game, seat: int = YOU) -> str:
    """The table, the opponents' card counts and *seat*'s hand, as shown before each of its turns."""
    view = game.view(seat)
    legal = view.legal_mask()
    hand = render_hand(view.hand, legal)
    if legal:
        prompt_note = "Playable cards are in [brackets]."
    else:
        prompt_note = "Nothing fits: you must pass (type pass or press Enter)."
    return "\n".join(
        [
            "",
            render_rows(view.table),
            render_counts(view.counts, game.players, skip=seat),
            f"Your hand: {hand}",
            prompt_note,
        ]
    )


def render_end(game: Game) -> str:
    """Who won with which card, and how many cards each hand still holds."""
    winner = game.winner
    last = game.last_card()
    if winner is None or last is None:
        return "The deal is not over."
    who = game.players[winner]
    if winner == YOU:
        headline = f"You win! Your last card was {last.display}."
    else:
        headline = f"{who} wins with {last.display}, their last card."
    left = " · ".join(f"{name} {count}" for name, count in zip(game.players, game.remaining(), strict=True))
    return "\n".join(["", render_rows(game.position.table), headline, f"Cards left: {left}"])


def render_hint(game: Game, adviser: Player) -> str:
    """The adviser's move for seat 0 with its reason: ``"Hint (Sam): play 8♦. <reason>"``."""
    decision = adviser.decide(game.view(YOU))
    who = adviser.name.capitalize()
    move = "pass" if decision.card is None else f"play {decision.card.display}"
    return f"Hint ({who}): {move}. {decision.reason}"


def play_in_terminal(
    seed: int,
    input_fn: Callable[[str], str],
    output_fn: Callable[[str], object],
    *,
    opponents: Sequence[str] = OPPONENTS,
    show_seats: bool = False,
    rules: SevensRules = DEFAULT,
) -> Game:
    """Play the deal from *seed* with the human in seat 0; returns the game, finished or not (quit or EOF)."""
    bots, names = seat_opponents(seed, rules.players, opponents, make_player, show_seats=show_seats)
    game = Game.new(seed, names, rules=rules)
    adviser = make_player(ADVISER, player_rng(seed, YOU))
    again = play_command(rules, seed)
    output_fn(f"{rules.describe()}, deal {seed}. Replay it with: {again}")
    output_fn(f"You are in seat 0; {', '.join(names[1:])} follow clockwise. Type help for the commands.")
    while not game.is_over:
        if game.turn != YOU:
            decision = bots[game.turn].decide(game.view())
            output_fn(game.play(decision.card).describe(game.players))
            continue
        output_fn(render_turn(game))
        if not _human_turn(game, adviser, input_fn, output_fn):
            return game
    output_fn(render_end(game))
    return game


def _human_turn(
    game: Game, adviser: Player, input_fn: Callable[[str], str], output_fn: Callable[[str], object]
) -> bool:
    """Prompt until the human makes a legal move (``True``) or leaves (``False``)."""
    while True:
        command = ask_move(input_fn, output_fn, parse_command, HELP, play_command(game.rules, game.seed))
        if command is None:
            return False
        if command.kind == "hint":
            output_fn(render_hint(game, adviser))
            continue
        card = command.card
        if command.kind == "empty":
            if game.position.legal_moves():
                output_fn("Type a card to play (like 8D or 8♦), or help.")
                continue
            card = None
        reason = game.position.why_illegal(card)
        if reason:
            output_fn(reason)
            continue
        output_fn(game.play(card).describe(game.players))
        return True
