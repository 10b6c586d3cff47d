"""The options of Sevens, as ``/shared/rules/sevens-house-rules.md`` fixes them, and the named presets.

One frozen :class:`SevensRules` holds every option; a variant is data, not a
class. Values come as JSON (``5``, ``true``, ``null``) or as command-line text
(``"5"``, ``"true"``, ``"none"``); a bad one is a :class:`RulesError` that names
the option and its allowed values.

>>> SevensRules.make({"players": "5", "opening": "any-seven", "pass_limit": "none"}).players
5
>>> PRESETS["fan-tan"].to_json()["scoring"]
'chips'
>>> SevensRules.make({"opening": "8D"})
Traceback (most recent call last):
...
engine.core.game.RulesError: opening '8D' is not allowed: choose 7D, any-seven or all-sevens
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

from ..core.game import GameType, RulesError, options_text
from ..core.jsontext import shown
from ..core.text import join_words

__all__ = ["CHOICES", "DEFAULT", "OPTIONS", "PRESETS", "SevensRules"]

Opening = Literal["7D", "any-seven", "all-sevens"]
Finish = Literal["first-out", "places"]
Scoring = Literal["wins", "chips"]

OPENINGS: tuple[Opening, ...] = ("7D", "any-seven", "all-sevens")
FINISHES: tuple[Finish, ...] = ("first-out", "places")
SCORINGS: tuple[Scoring, ...] = ("wins", "chips")
MIN_PLAYERS, MAX_PLAYERS = 3, 8
MAX_PASS_LIMIT = 5


def _whole(name: str, low: int, high: int, *, none: bool = False) -> Callable[[object], Any]:
    allowed = f"{low}–{high}" + (" or none" if none else "")

    def read(value: object) -> int | None:
        if none and (value is None or (isinstance(value, str) and value.strip().lower() in ("none", "null"))):
            return None
        number: object = value
        written = value.strip() if isinstance(value, str) else ""
        # Past a few digits a number is refused as it is written: int() refuses thousands of them with a traceback.
        if written.isascii() and written.isdigit() and len(written) <= len(str(high)):
            number = int(written)
        if type(number) is not int or not low <= number <= high:
            raise RulesError(f"{name} {shown(value)} is not allowed: choose {allowed}")
        return number

    return read


def _choice(name: str, values: tuple[str, ...]) -> Callable[[object], Any]:
    def read(value: object) -> str:
        text = value.strip() if isinstance(value, str) else value
        for allowed in values:
            if isinstance(text, str) and text.lower() == allowed.lower():
                return allowed
        raise RulesError(f"{name} {shown(value)} is not allowed: choose {join_words(values, 'or')}")

    return read


def _flag(name: str) -> Callable[[object], Any]:
    def read(value: object) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            return value.strip().lower() == "true"
        raise RulesError(f"{name} {shown(value)} is not allowed: choose true or false")

    return read


# Each option: how a value is read (JSON or command-line text) and what it means, for --help and the site.
OPTIONS: dict[str, tuple[Callable[[object], Any], str]] = {
    "players": (_whole("players", MIN_PLAYERS, MAX_PLAYERS), "3–8 players; 52 cards dealt from the dealer's left"),
    "opening": (_choice("opening", OPENINGS), "7D: the 7♦ opens; any-seven: any seven opens; all-sevens: laid out"),
    "eight_before_six": (_flag("eight_before_six"), "a six fits only once its suit's eight is down"),
    "voluntary_pass": (_flag("voluntary_pass"), "a player may pass even when a card fits"),
    "pass_limit": (
        _whole("pass_limit", 1, MAX_PASS_LIMIT, none=True),
        "none, or 1–5: passing once more puts a player out",
    ),
    "finish": (_choice("finish", FINISHES), "first-out: the first out wins; places: play on for places"),
    "scoring": (_choice("scoring", SCORINGS), "wins: deals won; chips: a chip to the pool per pass, winner takes all"),
}

# Every value each option allows, in the order a menu offers them (the readers above accept exactly these).
CHOICES: dict[str, tuple[int | str | bool | None, ...]] = {
    "players": tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    "opening": OPENINGS,
    "eight_before_six": (False, True),
    "voluntary_pass": (False, True),
    "pass_limit": (None, *range(1, MAX_PASS_LIMIT + 1)),
    "finish": FINISHES,
    "scoring": SCORINGS,
}


@dataclass(frozen=True, slots=True)
class SevensRules:
    """Every option of a deal of Sevens; the defaults are the site's Sevens (the seed's rules)."""

    players: int = 4
    opening: Opening = "7D"
    eight_before_six: bool = False
    voluntary_pass: bool = False
    pass_limit: int | None = None
    finish: Finish = "first-out"
    scoring: Scoring = "wins"
    # Whether only players and opening differ from the defaults, which the fastest loops rely on.
    is_plain: bool = field(init=False, repr=False, compare=False)

    registered: ClassVar[GameType | None] = None

    def __post_init__(self) -> None:
        for name in OPTIONS:
            value = getattr(self, name)
            if OPTIONS[name][0](value) != value or type(OPTIONS[name][0](value)) is not type(value):
                raise RulesError(f"{name} {shown(value)} is not allowed")
        plain = (self.eight_before_six, self.voluntary_pass, self.pass_limit, self.finish, self.scoring)
        object.__setattr__(self, "is_plain", plain == (False, False, None, "first-out", "wins"))

    @property
    def game(self) -> GameType:
        assert SevensRules.registered is not None, "engine.sevens registers the game when imported"
        return SevensRules.registered

    @classmethod
    def make(cls, options: Mapping[str, object]) -> SevensRules:
        """The rules with *options*, the rest at their defaults; :class:`RulesError` for a bad name or value."""
        values: dict[str, Any] = {}
        for name, value in options.items():
            key = name.strip().lower().replace("-", "_") if isinstance(name, str) else name
            if key not in OPTIONS:
                raise RulesError(f"unknown option {shown(name)}: Sevens has {', '.join(OPTIONS)}")
            values[key] = OPTIONS[key][0](value)
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        """Every option written out, as a record keeps them."""
        return {name: getattr(self, name) for name in OPTIONS}

    def text(self) -> str:
        """The options as the command line writes them: ``players=5,opening=any-seven,...``."""
        return options_text(self)

    def describe(self) -> str:
        """The preset's name if these rules are one, else the options that differ from the defaults."""
        seats = "" if self.players == DEFAULT.players else f", {self.players} players"
        for name, preset in PRESETS.items():
            if preset == replace(self, players=preset.players):
                return TITLES[name] + seats
        changed = [
            f"{name}={'none' if value is None else str(value).lower()}"
            for name, value in self.to_json().items()
            if value != DEFAULT.to_json()[name] and name != "players"
        ]
        return "Sevens" + seats + (f" ({', '.join(changed)})" if changed else "")


DEFAULT = SevensRules()
PRESETS: dict[str, SevensRules] = {
    "sevens": DEFAULT,
    "fan-tan": SevensRules(opening="any-seven", scoring="chips"),
    "shichinarabe": SevensRules(opening="all-sevens", voluntary_pass=True, pass_limit=3, finish="places"),
    "parliament": SevensRules(opening="7D", scoring="chips"),
}
TITLES = {"sevens": "Sevens", "fan-tan": "Fan Tan", "shichinarabe": "Shichinarabe", "parliament": "Parliament"}
