"""The bot line protocol: one JSON request per line in, one JSON answer per line out.

A program that wants a computer player's move (a test harness, another
language's front end, a tournament runner) starts ``python -m engine bot NAME``
and writes one request per line: the bot's seat, its hand and the moves so
far, in game-record form, and optionally the ``game`` and its ``rules`` (the
default game's default rules when absent)::

    {"seat": 2, "hand": ["8D", "9H"], "moves": [{"seat": 1, "play": "7D"}]}

The answer is exactly one line, in the game's answer shapes (Sevens:
``{"play": "8D"}`` or ``{"pass": true}``); nothing else is ever added to them.
A request that cannot be answered gets ``{"error": "..."}`` saying what is
wrong, and the bot goes on serving. Blank lines are ignored.

The game rebuilds the view of the requesting seat from the request, replaying
the moves through its rules; the bot sees only that view, exactly as in a game.

>>> from engine.core.game import find_game
>>> from engine.core.match import Seating
>>> game = find_game("sevens")
>>> bot = Seating.of(game.rules({}), ["random"] * 4).players(0)[0]
>>> clubs = ["AC", "2C", "3C", "4C", "5C", "6C", "8C", "9C", "10C", "JC", "QC", "KC"]
>>> print(answer('{"seat": 2, "hand": %s, "moves": [{"seat": 1, "play": "7D"}]}' % json.dumps(["8D", *clubs]), bot, game))
{"play": "8D"}
>>> print(answer('{"seat": 3, "hand": [], "moves": [{"seat": 1, "play": "7D"}]}', bot, game))
{"error": "not seat 3's turn: after 1 move it is seat 2's turn"}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from .game import GameType, Player, RulesError, requested_rules
from .jsontext import read_json, shown

__all__ = ["ProtocolError", "answer", "read_request", "serve"]


class ProtocolError(ValueError):
    """A request line that cannot be answered; the message says what is wrong."""


def read_request(line: str, game: GameType, rules: Any = None) -> Any:
    """The view of the requesting seat, rebuilt by *game* from one request line; :class:`ProtocolError` if malformed.

    A request without ``"rules"`` is read under *rules* (the bot's ``--rules``), or the game's defaults.
    """
    try:
        data = read_json(line)
    except ValueError as error:
        raise ProtocolError(str(error)) from None
    if not isinstance(data, dict):
        raise ProtocolError('a request must be a JSON object like {"seat": 0, "hand": [...], "moves": [...]}')
    named = data.get("game", game.name)
    if named != game.name:
        raise ProtocolError(f"game {shown(named)}: this bot plays {game.name}")
    # The rules, however the request writes them (a preset's name, options text or an object of options), reach
    # the game written out in full, as a record has them; absent, the bot's --rules or the game's defaults.
    try:
        chosen = requested_rules(game, data["rules"]) if "rules" in data else rules
    except RulesError as error:
        text = str(error)
        raise ProtocolError(text if text.startswith("rules ") else f"rules: {text}") from None
    if chosen is not None:
        data = {**data, "rules": chosen.to_json()}
    return game.read_request(data)


def answer(line: str, player: Player, game: GameType, rules: Any = None) -> str:
    """The answer line (without newline) to one request *line*: the player's action, or an error.

    Whatever the line holds, this answers and never raises: a request that
    cannot be read or checked gets ``{"error": ...}``.
    """
    try:
        view = read_request(line, game, rules)
    except ProtocolError as error:
        return _dump({"error": str(error)})
    return _dump(game.answer(player.decide(view)))


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False)


def serve(
    player: Player,
    game: GameType,
    lines: Iterable[str],
    write: Callable[[str], object],
    flush: Callable[[], object],
    rules: Any = None,
) -> None:
    """Answer every non-blank line of *lines* until they run out, flushing after each answer."""
    for line in lines:
        if not line.strip():
            continue
        write(answer(line, player, game, rules) + "\n")
        flush()
