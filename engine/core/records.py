"""Game records: the envelope every game's record shares, and reading any record back.

A record is one JSON object. Every game writes the same envelope::

    {"game": "sevens", "rules": {...every option...}, "seed": 12,
     "players": ["Sam", "Alex", ...], "dealer": 0, ...the game's own fields...}

and a record replays action by action through its game's rules, so a record
that holds an illegal action, or whose result does not match its actions, is
refused with the reason. The first Sevens records (``"rules": "sevens"``, no
``game``, no ``dealer``) still load.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, Suit
from .chance import check_seed
from .fields import seats, whole_number
from .game import Deal, GameType, RulesError, find_game
from .jsontext import read_json, shown

__all__ = ["Envelope", "RecordError", "check_keys", "read_envelope", "read_record", "record_card", "record_suit"]

ENVELOPE = ("game", "rules", "seed", "players", "dealer")
# The first record format: Sevens with four players, before games and options had names.
LEGACY = {"rules": "sevens"}


class RecordError(ValueError):
    """A game record that cannot be read or does not replay."""


@dataclass(frozen=True, slots=True)
class Envelope:
    """The shared part of a record, read and checked."""

    game: GameType
    rules: Any
    seed: int | None
    names: tuple[str, ...]
    dealer: int


def read_record(source: str | object) -> Deal:
    """Read and replay a record (JSON text, or the value it holds) of any installed game."""
    if isinstance(source, str):
        try:
            source = read_json(source)
        except ValueError as error:
            raise RecordError(f"game record is {error}") from None
    if not isinstance(source, dict):
        raise RecordError("a game record must be a JSON object")
    name = source.get("game", "sevens" if source.get("rules") == LEGACY["rules"] else None)
    if name is None:
        raise RecordError("game record keys: missing game")
    try:
        game = find_game(name)
    except RulesError as error:
        raise RecordError(f"game record {error}") from None
    return game.read_record(source)


def is_legacy(data: dict[str, Any]) -> bool:
    return "game" not in data and data.get("rules") == LEGACY["rules"]


def check_keys(data: dict[str, Any], required: Sequence[str], optional: Sequence[str] = ()) -> None:
    """:class:`RecordError` naming the keys missing from *data* and those it should not have."""
    missing = [key for key in required if key not in data]
    extra = sorted(set(data) - set(required) - set(optional))
    if missing or extra:
        parts = ([f"missing {', '.join(missing)}"] if missing else []) + (
            [f"unknown {', '.join(extra)}"] if extra else []
        )
        raise RecordError(f"game record keys: {'; '.join(parts)}")


def read_envelope(data: dict[str, Any], game: GameType) -> Envelope:
    """The envelope of *data* (a record of *game*, checked for its keys already); :class:`RecordError` if wrong."""
    try:
        rules = game.read_rules(data["rules"])
    except RulesError as error:
        raise RecordError(f"game record rules: {error}") from None
    seed = data["seed"]
    if seed is not None:
        if type(seed) is not int:
            raise RecordError(f"game record seed {shown(seed)} must be a whole number or null")
        try:
            check_seed(seed)
        except ValueError as error:
            raise RecordError(f"game record {error}") from None
    players = data["players"]
    count = rules.players
    if not (isinstance(players, list) and len(players) == count and all(isinstance(p, str) for p in players)):
        raise RecordError(f"game record players must be a list of {count} names")
    for name in players:
        if not _writable_text(name):
            raise RecordError(f"game record player name {shown(name)} holds a lone surrogate, which is not text")
    dealer = data.get("dealer", 0)
    try:
        whole_number("dealer", dealer, *seats(count))
    except ValueError as error:
        raise RecordError(f"game record {error}") from None
    return Envelope(game, rules, seed, tuple(players), dealer)


def record_card(code: object) -> Card:
    """A card as a record writes it: the ASCII code, exactly (``10H``, not ``TH`` or ``10♥``)."""
    if not isinstance(code, str):
        raise ValueError(f"card {shown(code)} must be a string such as '10H'")
    card = Card.parse(code)
    if card.code != code:
        raise ValueError(f"card {code!r} must be written {card.code!r} in a game record")
    return card


def record_suit(entry: dict[str, Any], what: str) -> Suit | None:
    """The suit an entry of a record (or a page's action) names under ``"suit"``, exactly one of ``C D H S``; ``None``
    where it names none. :class:`ValueError` starting with *what* otherwise.

    >>> record_suit({"play": "2S", "suit": "D"}, "move"), record_suit({"play": "2S"}, "move")
    (<Suit.DIAMONDS: 'D'>, None)
    >>> record_suit({"suit": "d"}, "move")
    Traceback (most recent call last):
    ...
    ValueError: move: suit must be one of C, D, H, S
    """
    if "suit" not in entry:
        return None
    if entry["suit"] not in ("C", "D", "H", "S"):
        raise ValueError(f"{what}: suit must be one of C, D, H, S")
    return Suit(entry["suit"])


def _writable_text(text: str) -> bool:
    """Whether *text* can be written as UTF-8 (JSON's ``\\ud800`` escape reads back as a lone surrogate, which cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
