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

__all__ = ["COMMAND_WORDS", "ask_move", "end_of_input", "seat_opponents"]

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
