"""What a deal in the terminal is the same for in every game: who sits at the table and the prompt for your move.

A game's own terminal module draws its table and reads its own commands; these
functions seat its computer players and run the prompt, so that ``quit``,
``help`` and the end of input behave alike in every game.

>>> from dataclasses import dataclass
>>> @dataclass
... class Command:
...     kind: str
>>> def parse(text: str) -> Command:
...     if text not in ("play", "help", "quit"):
...         raise ValueError(f"unknown command {text!r}")
...     return Command(text)
>>> typed = iter(["jump", "help", "play"])
>>> ask_move(lambda prompt: next(typed), print, parse, "Type play.", "python -m engine play --seed 8")
unknown command 'jump'
Type play.
Command(kind='play')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Literal, Protocol, TypeVar

from .chance import player_rng
from .game import YOU

__all__ = [
    "COMMAND_WORDS",
    "ask_action",
    "ask_move",
    "closing_lines",
    "end_of_input",
    "opening_lines",
    "seat_opponents",
]

# The words of the commands every game has; a game's own words come first in its table, these after.
COMMAND_WORDS: dict[str, Literal["hint", "help", "quit"]] = {
    "hint": "hint",
    "?": "hint",
    "help": "help",
    "h": "help",
    "quit": "quit",
    "q": "quit",
    "exit": "quit",
}

P = TypeVar("P")
A = TypeVar("A")


class _Command(Protocol):
    @property
    def kind(self) -> str: ...


C = TypeVar("C", bound=_Command)


def seat_opponents(
    seed: int,
    players: int,
    opponents: Sequence[str],
    make_player: Callable[[str, random.Random], P],
    *,
    show_seats: bool = False,
) -> tuple[dict[int, P], list[str]]:
    """The person in seat 0, the computer players by seat (seat 1 on, each with its own random source from *seed*) and every seat's name.

    >>> seat_opponents(8, 3, ["robin", "sam"], lambda name, rng: name.upper(), show_seats=True)
    ({1: 'ROBIN', 2: 'SAM'}, ['You', 'Robin (seat 1)', 'Sam (seat 2)'])
    >>> seat_opponents(8, 4, ["robin"], lambda name, rng: name)
    Traceback (most recent call last):
    ...
    ValueError: 4 players need 3 opponents, got 1
    """
    if len(opponents) != players - 1:
        raise ValueError(f"{players} players need {players - 1} opponents, got {len(opponents)}")
    bots = {seat: make_player(name, player_rng(seed, seat)) for seat, name in enumerate(opponents, start=1)}
    names = ["You", *(name.strip().capitalize() for name in opponents)]
    if show_seats:
        names = [names[0], *(f"{name} (seat {seat})" for seat, name in enumerate(names) if seat)]
    return bots, names


def end_of_input(output_fn: Callable[[str], object]) -> None:
    """Say that the game stopped because the input ended (Ctrl-D, or the end of a script)."""
    output_fn("\nEnd of input: game stopped.")


def ask_move(
    input_fn: Callable[[str], str],
    output_fn: Callable[[str], object],
    parse: Callable[[str], C],
    help_text: str,
    replay: str,
) -> C | None:
    """Prompt until the person types a command for the game to carry out; ``None`` once they quit or the input ends.

    A line that *parse* refuses (``ValueError``) is answered with the reason, ``help`` with *help_text*, and
    ``quit`` with the *replay* command; every other command is the game's to handle (a move, a hint).
    """
    while True:
        try:
            text = input_fn("Your move> ")
        except EOFError:
            end_of_input(output_fn)
            return None
        try:
            command = parse(text)
        except ValueError as error:
            output_fn(str(error))
            continue
        if command.kind == "quit":
            output_fn(f"Game stopped. Replay this deal with: {replay}")
            return None
        if command.kind == "help":
            output_fn(help_text)
            continue
        return command


def ask_action(
    ask: Callable[[], C | None],
    output_fn: Callable[[str], object],
    *,
    hint: Callable[[], str],
    action_of: Callable[[C], A],
    why_illegal: Callable[[A], str | None],
) -> A | None:
    """Ask (*ask*: :func:`ask_move` with the game's words) until the person types a move the rules allow, and
    return its action; ``None`` once they quit or the input ends. ``hint`` is answered with *hint*'s sentence, a
    move the rules refuse with the reason (*why_illegal*), as a sentence; *action_of* turns any other command into
    the game's action.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Typed:
    ...     kind: str
    ...     text: str
    >>> typed = iter(["hint", "7", "8"])
    >>> ask_action(lambda: Typed(*(("hint", "") if (text := next(typed)) == "hint" else ("move", text))), print,
    ...            hint=lambda: "Try 8.", action_of=lambda command: int(command.text),
    ...            why_illegal=lambda number: None if number % 2 == 0 else f"{number} is odd")
    Try 8.
    7 is odd.
    8
    """
    while True:
        command = ask()
        if command is None:
            return None
        if command.kind == "hint":
            output_fn(hint())
            continue
        action = action_of(command)
        reason = why_illegal(action)
        if reason:
            output_fn(reason[0].upper() + reason[1:] + ".")
            continue
        return action


def opening_lines(heading: str, seed: int, names: Sequence[str], dealer: int, first: int, upcard: str) -> list[str]:
    """What the terminal says as a deal on a discard pile starts.

    >>> opening_lines("Blackjack", 3, ["You", "Robin"], 0, 1, "5♥")
    ['Blackjack, deal 3. You deal; Robin start.', 'Up-card: 5♥. Type help for the commands.']
    """
    return [
        f"{heading}, deal {seed}. {names[dealer]} deal; {names[first]} start.",
        f"Up-card: {upcard}. Type help for the commands.",
    ]


def closing_lines(names: Sequence[str], winner: int | None, left: Sequence[int], nobody: str) -> list[str]:
    """What the terminal says as a deal ends: who won (*nobody* when no one did) and the cards left in each hand.

    >>> closing_lines(["You", "Robin"], 1, [3, 0], "Nobody went out.")
    ['Robin wins.', 'Cards left: You 3 · Robin 0']
    """
    won = nobody if winner is None else "You win!" if winner == YOU else f"{names[winner]} wins."
    return [won, "Cards left: " + " · ".join(f"{name} {count}" for name, count in zip(names, left, strict=True))]
