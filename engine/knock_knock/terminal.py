"""A whole deal of Knock! Knock! in the terminal: you in seat 0 against computer players.

Text in and out are pure functions here; :func:`play_in_terminal` takes the
input and output functions as arguments, so a test can drive a whole game.

>>> parse_command("2s d knock")
Command(kind='play', card=Card.parse('2S'), suit=<Suit.DIAMONDS: 'D'>, knock=True)
>>> parse_command("draw").kind
'draw'
>>> from engine.knock_knock.state import State
>>> render_hand(PlayerView.of(State.parse("hands 3C 9H 2S / 4D | pile 6H | turn 0"), 0))
'3♣ [9♥] [2♠]'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..core.cards import Card, Suit
from ..core.chance import player_rng
from ..core.game import YOU, play_command
from ..core.terminal import (
    COMMAND_WORDS,
    ask_action,
    ask_move,
    closing_lines,
    end_of_input,
    opening_lines,
    seat_opponents,
)
from .game import Game
from .players import Player, make_player
from .present import describe
from .rules import Rules
from .state import Challenge, Draw, Play, Quiet
from .view import PlayerView

__all__ = ["HELP", "Command", "parse_command", "play_in_terminal", "render_hand", "render_table"]

OPPONENTS = ("robin", "alex", "sam")

HELP = """\
On your turn discard one card that fits, or draw one card from the stock.
A card fits if it is of the playing suit, or of the same rank as the top card
(then its suit becomes the playing suit), or a pick-up card: any ace, any two
or the 5♦, which fits anything; name a suit with it, and the next player picks
up 1, 2 or 5 cards and misses a turn.
Going from three cards to two, knock: add "knock" to your discard. If someone
forgets, call Knock! Knock! before the next player acts: they take the card back
and pick up 7. A wrong call costs the caller 7.
  9H, 9♥            discard the 9♥          2S D, 2♠ ♦    discard the 2♠ naming diamonds
  9H knock          discard and knock       draw, d       draw a card
  hint, ?           a suggested move        help, h       this text
  quit, q           stop the game
The first player to discard their last card wins."""

Kind = Literal["play", "draw", "hint", "help", "quit"]
_WORDS: dict[str, Kind] = {"draw": "draw", "d": "draw", **COMMAND_WORDS}


@dataclass(frozen=True, slots=True)
class Command:
    kind: Kind
    card: Card | None = None
    suit: Suit | None = None
    knock: bool = False


def parse_command(text: str) -> Command:
    """Read one line; ``ValueError`` saying what is wrong if it is neither a command nor a discard."""
    words = text.replace(",", " ").split()
    if not words:
        raise ValueError("type a card to discard (like 9H), draw, or help")
    kind = _WORDS.get(words[0].lower())
    if kind is not None and len(words) == 1:
        return Command(kind)
    try:
        card = Card.parse(words[0])
    except ValueError as error:
        raise ValueError(f"{error} (type help for the commands)") from None
    knock = False
    suit = None
    for word in words[1:]:
        if word.lower() == "knock":
            knock = True
        elif suit is None:
            try:
                suit = Suit.parse(word)
            except ValueError:
                raise ValueError(f"{word!r} is neither a suit (C, D, H, S) nor knock") from None
        else:
            raise ValueError(f"{word!r}: name one suit at most")
    return Command("play", card, suit, knock)


def render_hand(view: PlayerView) -> str:
    """The hand in order, each card that fits in [brackets]."""
    return " ".join(f"[{card.display}]" if view.fits(card) else card.display for card in view.hand) or "(empty)"


def render_table(game: Game, seat: int = YOU) -> str:
    view = game.view(seat)
    named = "" if view.top.suit == view.suit else f" (named for the {view.top.display})"
    counts = " · ".join(
        f"{game.names[other]} {count} card{'' if count == 1 else 's'}"
        for other, count in enumerate(view.counts)
        if other != seat
    )
    lines = [
        "",
        f"Top card {view.top.display}, playing suit {view.suit.plural}{named}. Stock {view.stock_size}.",
        counts,
        f"Your hand: {render_hand(view)}",
    ]
    if view.must_knock:
        lines.append("This discard is your third-to-last card.")
    return "\n".join(lines)


class _Table:
    """The deal, its players, and how much of its history has been shown."""

    def __init__(self, game: Game, bots: dict[int, Player], adviser: Player, output_fn: Callable[[str], object]):
        self.game, self.bots, self.adviser, self.output_fn = game, bots, adviser, output_fn
        self.shown = 0

    def show_news(self) -> None:
        events = self.game.events
        for event in events[self.shown :]:
            self.output_fn(describe(event, self.game.names))
        self.shown = len(events)


def play_in_terminal(
    rules: Rules,
    seed: int,
    input_fn: Callable[[str], str],
    output_fn: Callable[[str], object],
    *,
    opponents: Sequence[str] = OPPONENTS,
    show_seats: bool = False,
) -> Game:
    """Play the deal from *seed* with the person in seat 0; returns the game, finished or not (quit or end of input)."""
    bots, names = seat_opponents(seed, rules.players, opponents, make_player, show_seats=show_seats)
    game = Game.new(rules, seed, names=names)
    table = _Table(game, bots, make_player("sam", player_rng(seed, YOU)), output_fn)
    for line in opening_lines("Knock! Knock!", seed, game.names, game.dealer, game.turn, game.state.top.display):
        output_fn(line)
    while not game.is_over:
        seat = game.state.waiting[0]
        view = game.view(seat)
        if seat != YOU:
            game.act(seat, bots[seat].decide(view).action)
        elif view.may_call:
            call = _ask_to_call(table, input_fn)
            if call is None:
                return game
            game.act(YOU, call)
        else:
            output_fn(render_table(game))
            if not _human_turn(table, input_fn):
                return game
        table.show_news()
    for line in closing_lines(
        game.names, game.winner, game.remaining(), "The deal is a draw: 1,000 turns and nobody went out."
    ):
        output_fn(line)
    return game


def _human_turn(table: _Table, input_fn: Callable[[str], str]) -> bool:
    game = table.game
    action = ask_action(
        lambda: ask_move(input_fn, table.output_fn, parse_command, HELP, play_command(game.rules, game.seed)),
        table.output_fn,
        hint=lambda: f"Hint (Sam): {table.adviser.decide(game.view(YOU)).reason}",
        action_of=_action,
        why_illegal=lambda action: game.state.why_illegal(YOU, action),
    )
    if action is None:
        return False
    game.act(YOU, action)
    return True


def _action(command: Command) -> Play | Draw:
    return Draw() if command.kind == "draw" else Play(command.card, command.suit, command.knock)  # type: ignore[arg-type]


def _ask_to_call(table: _Table, input_fn: Callable[[str], str]) -> Challenge | Quiet | None:
    """The person's answer to the discard just made: a call, or letting it pass; ``None`` if they left.

    Everyone can count cards, so the moment to watch is a player going down to two: only then is
    the person asked (any other call would be wrong).
    """
    game = table.game
    window = game.state.window
    assert window is not None
    if game.state.counts()[window.seat] != 2:
        return Quiet()
    try:
        answer = input_fn(f"{game.names[window.seat]} is down to two cards. Call Knock! Knock!? (y/N)> ")
    except EOFError:
        end_of_input(table.output_fn)
        return None
    return Challenge() if answer.strip().lower() in ("y", "yes") else Quiet()
