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
wrong, and the bot goes on serving. Blank lines are ignored. A line is read as
bytes and at most :data:`~engine.core.jsontext.MAX_CHARS` of them (:func:`read_lines`):
a longer one, or one that is not UTF-8, is answered with an error too, and the
rest of a long line is read and dropped in pieces, never held whole.

The game rebuilds the view of the requesting seat from the request, replaying
the moves through its rules; the bot sees only that view, exactly as in a game.
Before any player sees it, the core checks that the request describes a
possible position, the same way for every game (:func:`check_position`): the
game's ``read_request`` returns a :class:`SeatPosition` (the view, the pack its
rules play with, the hand as the request gives it, the cards lying face up and
every count its replay arrives at) and the core refuses a card given more often
than the pack holds it, a hand of a size the deal and the moves cannot leave,
and counts that do not add up to the pack.

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
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .game import GameType, Player, RulesError, requested_rules
from .jsontext import MAX_CHARS, read_json, shown

__all__ = ["ProtocolError", "SeatPosition", "answer", "check_position", "read_lines", "read_request", "serve"]


class ProtocolError(ValueError):
    """A request line that cannot be answered; the message says what is wrong."""


@dataclass(frozen=True)
class SeatPosition:
    """What a game makes of a bot request: the seat's *view*, and what the core checks before a player sees it.

    *pack*: every card the request's rules play with, each as often as the packs hold it. *given*: the seat's
    hand as the request gives it. *hand*: the hand the game's replay of the deal and the moves leaves the seat
    with (the view's). *face_up*: the other cards whose place the seat sees now, by place (``{"on the pile":
    [...]}``). *counts*: how many cards each seat holds after the moves; *hidden*: how many lie elsewhere
    unseen (a stock).
    """

    view: Any
    seat: int
    pack: Sequence[Card]
    given: Sequence[Card]
    hand: Sequence[Card]
    counts: Sequence[int]
    face_up: Mapping[str, Sequence[Card]] = field(default_factory=dict)
    hidden: int = 0


_TIMES = {1: "once", 2: "twice"}
_NUMBERS = dict(enumerate(["no", "one", "two", "three", "four", "five", "six", "seven", "eight"]))


def _times(count: int) -> str:
    return _TIMES.get(count, f"{count} times")


def check_position(position: SeatPosition) -> None:
    """A :class:`ProtocolError` naming what makes *position* impossible: a card given more often than the pack
    holds it, a hand of a size the deal and the moves cannot leave, or counts that do not add up to the pack.

    >>> from .cards import ALL_CARDS, parse_cards
    >>> six = parse_cards("6H 6H")
    >>> check_position(SeatPosition(None, 1, ALL_CARDS, six, six[:1], [2, 2], {"on the pile": parse_cards("6C")}, 46))
    Traceback (most recent call last):
    ...
    engine.core.protocol.ProtocolError: hand: 6♥ is given twice (2 in the hand), but the game is played with only one 6♥
    """
    pack = Counter(position.pack)
    places = {"in the hand": list(position.given), **{place: list(cards) for place, cards in position.face_up.items()}}
    given = Counter(card for cards in places.values() for card in cards)
    for card, count in sorted(given.items()):
        if count > pack[card]:
            where = ", ".join(f"{cards.count(card)} {place}" for place, cards in places.items() if card in cards)
            packed = (
                f"with only {_NUMBERS.get(pack[card], str(pack[card]))} {card.display}" if pack[card] else "without it"
            )
            raise ProtocolError(
                f"hand: {card.display} is given {_times(count)} ({where}), but the game is played {packed}"
            )
    seat, counts = position.seat, position.counts
    if len(position.given) != counts[seat]:
        raise ProtocolError(
            f"hand has {len(position.given)} cards, but the deal and the moves leave seat {seat} with {counts[seat]}"
        )
    if Counter(position.given) != Counter(position.hand):
        raise ProtocolError(
            f"hand: the deal and the moves cannot leave seat {seat} holding "
            f"{' '.join(card.display for card in position.given)}"
        )
    placed = sum(counts) + sum(len(cards) for cards in position.face_up.values()) + position.hidden
    if placed != len(position.pack):
        raise ProtocolError(
            f"the moves do not add up: {sum(counts)} cards in hands, {placed - sum(counts) - position.hidden} face up "
            f"and {position.hidden} unseen, but the game is played with {len(position.pack)}"
        )


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
    try:
        position = game.read_request(data)
    except ValueError as error:  # every game's refusal, whatever its reader raised, is answered the same way
        raise ProtocolError(str(error)) from None
    if not isinstance(position, SeatPosition):
        raise TypeError(f"{game.name}: read_request must return a SeatPosition for the core to check")
    check_position(position)
    return position.view


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


def read_lines(read_line: Callable[[int], bytes], limit: int = MAX_CHARS) -> Iterator[str | ProtocolError]:
    """Each line that *read_line* (a binary stream's ``readline``) gives, as text without its newline, or the
    :class:`ProtocolError` saying why it cannot be read: more than *limit* bytes (said as soon as it is known; the
    rest of the line is then read and dropped, *limit* bytes at a time), or not UTF-8.

    >>> import io
    >>> lines = io.BytesIO(b'{"seat": 0}\\n' + b"[" * 30 + b"\\n\\xff\\n")
    >>> [str(line) for line in read_lines(lines.readline, 12)]
    ['{"seat": 0}', 'the line is too long to read: more than 12 bytes', 'the line is not UTF-8 text: invalid start byte at byte 1']
    """
    while line := read_line(limit + 1):
        if len(line) > limit and not line.endswith(b"\n"):
            yield ProtocolError(f"the line is too long to read: more than {limit:,} bytes")
            while line and not line.endswith(b"\n"):
                line = read_line(limit)
            continue
        try:
            yield line.decode("utf-8").removesuffix("\n")
        except UnicodeDecodeError as error:
            yield ProtocolError(f"the line is not UTF-8 text: {error.reason} at byte {error.start + 1}")


def serve(
    player: Player,
    game: GameType,
    lines: Iterable[str | ProtocolError],
    write: Callable[[str], object],
    flush: Callable[[], object],
    rules: Any = None,
) -> None:
    """Answer every non-blank line of *lines* until they run out, flushing after each answer; a line that could not
    be read (a :class:`ProtocolError`, from :func:`read_lines`) is answered with its error."""
    for line in lines:
        if isinstance(line, ProtocolError):
            write(_dump({"error": str(line)}) + "\n")
        elif not line.strip():
            continue
        else:
            write(answer(line, player, game, rules) + "\n")
        flush()
