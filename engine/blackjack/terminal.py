"""A whole deal of Blackjack in the terminal: you in seat 0 against computer players.

A turn is typed as one line: the cards of a chain in order (``5S 6S 6C``), a
suit after a wild card (``AC H``), or ``draw``, ``pickup``, ``pass``; add
``last`` to call "Last cards" (``9H last``, ``draw last``).

>>> parse_command("5s 6s 6c last")
Command(kind='chain', cards=(Card.parse('5S'), Card.parse('6S'), Card.parse('6C')), suit=None, last=True)
>>> parse_command("AC H").suit
<Suit.HEARTS: 'H'>
>>> parse_command("pickup").kind
'pickup'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..core.cards import Card, Suit
from ..core.chance import player_rng
from ..core.game import YOU, play_command
from ..core.terminal import COMMAND_WORDS, ask_action, ask_move, closing_lines, opening_lines, seat_opponents
from .game import Game
from .players import Player, make_player
from .present import describe
from .rules import Rules
from .state import Action, Chain, Draw, Pass, PickUp
from .view import PlayerView

__all__ = ["HELP", "Command", "parse_command", "play_in_terminal", "render_hand"]

OPPONENTS = ("robin", "alex", "sam")

HELP = """\
On your turn lay a card of the suit to follow or of the top card's rank (a wild
card fits anything, and you name the next suit), then, if you like, more cards:
each of the same rank as the one before, or of its suit and one rank up or down.
Or draw. Facing a pick-up, answer it with a 2 or a black jack (a red jack cancels
black jacks), or pick up. A queen must be covered by another card.
Call Last cards when the cards you keep could all go down in one turn.
  5S 6S 6C          lay a chain             AC H          lay A♣, name hearts
  9H last           lay and call Last cards draw, d       draw a card
  pickup            pick up the pick-up     pass          pass (when you cannot draw)
  hint, ?           a suggested turn        help, h       this text
  quit, q           stop the game
The first player to lay their last card (having called) wins."""

Kind = Literal["chain", "draw", "pickup", "pass", "hint", "help", "quit"]
_WORDS: dict[str, Kind] = {"draw": "draw", "d": "draw", "pickup": "pickup", "pass": "pass", **COMMAND_WORDS}


@dataclass(frozen=True, slots=True)
class Command:
    kind: Kind
    cards: tuple[Card, ...] = ()
    suit: Suit | None = None
    last: bool = False


def parse_command(text: str) -> Command:
    """Read one line; ``ValueError`` saying what is wrong if it is neither a command nor a turn."""
    words = text.replace(",", " ").split()
    last = any(word.lower() == "last" for word in words)
    words = [word for word in words if word.lower() != "last"]
    if not words:
        if last:
            raise ValueError("say last with your turn: 9H last, draw last")
        raise ValueError("type the cards to lay (like 5S 6S), draw, pickup, or help")
    kind = _WORDS.get(words[0].lower())
    if kind is not None and len(words) == 1:
        return Command(kind, last=last)
    cards: list[Card] = []
    suit = None
    for number, word in enumerate(words):
        try:
            cards.append(Card.parse(word))
            continue
        except ValueError as error:
            if number == len(words) - 1 and cards:
                try:
                    suit = Suit.parse(word)
                    continue
                except ValueError:
                    pass
            raise ValueError(f"{error} (type help for the commands)") from None
    return Command("chain", tuple(cards), suit, last)


def render_hand(view: PlayerView) -> str:
    """The hand in order, each card that may start the turn in [brackets]."""
    state = view.position()
    fits = set(state.first_cards(view.seat))
    return " ".join(f"[{card.display}]" if card in fits else card.display for card in view.hand) or "(empty)"


def render_table(game: Game, seat: int = YOU) -> str:
    view = game.view(seat)
    named = f" (named for the {view.top.display})" if view.suit != view.top.suit else ""
    counts = " · ".join(
        f"{game.names[other]} {count} card{'' if count == 1 else 's'}{' (Last cards!)' if view.called[other] else ''}"
        for other, count in enumerate(view.counts)
        if other != seat
    )
    direction = "up the seat numbers" if view.direction == 1 else "down the seat numbers"
    lines = [
        "",
        f"Top card {view.top.display}, suit to follow {view.suit.plural}{named}. Stock {view.stock_size}. Play goes {direction}.",
        counts,
    ]
    if view.pickup:
        lines.append(f"You face a pick-up of {view.pickup}: answer it or type pickup.")
    lines.append(f"Your hand: {render_hand(view)}")
    return "\n".join(lines)


def play_in_terminal(
    rules: Rules,
    seed: int,
    input_fn: Callable[[str], str],
    output_fn: Callable[[str], object],
    *,
    opponents: Sequence[str] = OPPONENTS,
    show_seats: bool = False,
) -> Game:
    """Play the deal from *seed* with the person in seat 0; returns the game, finished or not."""
    bots, names = seat_opponents(seed, rules.players, opponents, make_player, show_seats=show_seats)
    game = Game.new(rules, seed, names=names)
    adviser: Player = make_player("alex", player_rng(seed, YOU))
    for line in opening_lines(rules.describe(), seed, game.names, game.dealer, game.turn, game.state.top.display):
        output_fn(line)
    shown = 0
    while not game.is_over:
        seat = game.turn
        if seat != YOU:
            game.act(seat, bots[seat].decide(game.view(seat)).action)
        else:
            output_fn(render_table(game))
            if not _human_turn(game, adviser, input_fn, output_fn):
                return game
        for event in game.events[shown:]:
            output_fn(describe(event, game.names))
        shown = len(game.events)
    nobody = "Nobody went out: the deal is blocked." if game.state.turns < 1000 else "Nobody went out in 1,000 turns."
    for line in closing_lines(game.names, game.winner, game.remaining(), nobody):
        output_fn(line)
    return game


def _human_turn(
    game: Game, adviser: Player, input_fn: Callable[[str], str], output_fn: Callable[[str], object]
) -> bool:
    action = ask_action(
        lambda: ask_move(input_fn, output_fn, parse_command, HELP, play_command(game.rules, game.seed)),
        output_fn,
        hint=lambda: f"Hint (Alex): {adviser.decide(game.view(YOU)).reason}",
        action_of=_action,
        why_illegal=lambda action: game.why_illegal(YOU, action),
    )
    if action is None:
        return False
    game.act(YOU, action)
    return True


def _action(command: Command) -> Action:
    if command.kind == "draw":
        return Draw(command.last)
    if command.kind == "pickup":
        return PickUp(command.last)
    if command.kind == "pass":
        return Pass(command.last)
    return Chain(command.cards, command.suit, command.last)
