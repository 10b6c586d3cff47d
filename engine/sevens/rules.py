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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from ..core.cards import ALL_CARDS, Card
from ..core.game import GameType
from ..core.options import Option, Options, Preset, Said
from ..core.text import counted

__all__ = ["DEFAULT", "OPTIONS", "PRESETS", "SevensRules", "pack"]

Opening = Literal["7D", "any-seven", "all-sevens"]
Finish = Literal["first-out", "places"]
Scoring = Literal["wins", "chips"]

OPENINGS: tuple[Opening, ...] = ("7D", "any-seven", "all-sevens")
FINISHES: tuple[Finish, ...] = ("first-out", "places")
SCORINGS: tuple[Scoring, ...] = ("wins", "chips")
MIN_PLAYERS, MAX_PLAYERS = 3, 8
MAX_PASS_LIMIT = 5


def _passes(limit: int) -> str:
    return f"Passing more than {counted(limit, 'time')} puts a player out: their cards go on the table."


# What the game's page says at a table, each sentence with the options it rests on (see engine.core.options.Said).
ABOUT = (
    Said("All 52 cards are dealt round the table."),
    Said("The 7♦ opens the deal.", {"opening": "7D"}),
    Said("The player after the dealer starts, and any seven may begin its row.", {"opening": "any-seven"}),
    Said("Every seven is laid out before the first turn; the 7♦'s holder starts.", {"opening": "all-sevens"}),
    Said("Each suit's row is built out from its seven, up to the king and down to the ace."),
    Said("A six fits only once its suit's eight is down.", {"eight_before_six": True}),
    Said("Select a card that fits and press Play, or press Pass when nothing fits.", {"voluntary_pass": False}),
    Said(
        "Select a card that fits and press Play, or press Pass: you may pass even when a card fits.",
        {"voluntary_pass": True},
    ),
    *(Said(_passes(limit), {"pass_limit": limit}) for limit in range(1, MAX_PASS_LIMIT + 1)),
    Said("The first player to empty their hand wins the deal.", {"finish": "first-out"}),
    Said("Play goes on for places, in the order players go out, until one player is left.", {"finish": "places"}),
    Said(
        "Everyone puts a chip in the pool before the deal and one for each pass; the winner takes the pool and a "
        "chip for every card left in other hands.",
        {"scoring": "chips"},
    ),
)
KEYS = (
    Said("arrows move through your hand"),
    Said("Enter plays the card"),
    Said("P passes"),
    Said("S suggests"),
)

OPTIONS: Options[SevensRules] = Options(
    "Sevens",
    [
        Option(
            "players",
            tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
            4,
            "3–8 players; 52 cards dealt from the dealer's left",
            label="Players",
        ),
        Option(
            "opening",
            OPENINGS,
            "7D",
            "how a deal starts: the 7♦ opens, any seven opens, or every seven is laid out first",
            label="Opening",
            words={"7D": "the 7♦ opens", "any-seven": "any seven opens", "all-sevens": "sevens laid out"},
            notes={
                "7D": "The 7♦ opens the deal.",
                "any-seven": "The player after the dealer starts; any seven may begin its row.",
                "all-sevens": "Every seven is laid out before the first turn; the 7♦'s holder starts.",
            },
        ),
        Option(
            "eight_before_six",
            (False, True),
            False,
            "a six fits only once its suit's eight is down",
            label="Eight before six",
            words={False: "no", True: "yes"},
            notes={True: "A six fits only once its suit's eight is down."},
        ),
        Option(
            "voluntary_pass",
            (False, True),
            False,
            "a player may pass even when a card fits",
            label="Voluntary pass",
            words={False: "no", True: "yes"},
            notes={True: "You may pass even when a card fits."},
        ),
        Option(
            "pass_limit",
            (None, *range(1, MAX_PASS_LIMIT + 1)),
            None,
            "no limit, or how many passes a player may make: passing once more puts them out",
            label="Pass limit",
            words={None: "no limit", **{limit: counted(limit, "pass", "passes") for limit in range(1, 6)}},
            notes={limit: _passes(limit) for limit in range(1, MAX_PASS_LIMIT + 1)},
        ),
        Option(
            "finish",
            FINISHES,
            "first-out",
            "the first player out wins, or play goes on for places",
            label="Finish",
            words={"first-out": "first out wins", "places": "play on for places"},
            notes={"places": "Play goes on for places until one player is left."},
        ),
        Option(
            "scoring",
            SCORINGS,
            "wins",
            "deals won, or chips (a chip to the pool for each pass, and the winner takes all)",
            label="Scoring",
            words={"wins": "deals won", "chips": "chips"},
            notes={
                "chips": "Each pass costs a chip; the winner takes the pool and a chip for every card left in other "
                "hands."
            },
        ),
    ],
    presets=[
        Preset("sevens", "Sevens", {}),
        Preset("fan-tan", "Fan Tan", {"opening": "any-seven", "scoring": "chips"}),
        Preset(
            "shichinarabe",
            "Shichinarabe",
            {"opening": "all-sevens", "voluntary_pass": True, "pass_limit": 3, "finish": "places"},
        ),
        Preset("parliament", "Parliament", {"opening": "7D", "scoring": "chips"}),
    ],
    about=ABOUT,
    keys=KEYS,
)


@OPTIONS.rules
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
        OPTIONS.check(self)
        plain = (self.eight_before_six, self.voluntary_pass, self.pass_limit, self.finish, self.scoring)
        object.__setattr__(self, "is_plain", plain == (False, False, None, "first-out", "wins"))

    @property
    def game(self) -> GameType:
        assert SevensRules.registered is not None, "engine.sevens registers the game when imported"
        return SevensRules.registered

    @classmethod
    def make(cls, options: Mapping[str, object]) -> SevensRules:
        """The rules with *options*, the rest at their defaults; :class:`RulesError` for a bad name or value."""
        return OPTIONS.make(options)

    def to_json(self) -> dict[str, Any]:
        """Every option written out, as a record keeps them."""
        return OPTIONS.to_json(self)

    def text(self) -> str:
        """The options as the command line writes them: ``players=5,opening=any-seven,...``."""
        return OPTIONS.text(self)

    def describe(self) -> str:
        """The preset's name if these rules are one, else the options that differ from the defaults."""
        return OPTIONS.describe(self)

    def next_seat(self, seat: int) -> int:
        """The seat after *seat*: play goes round clockwise, and so does the deal."""
        return (seat + 1) % self.players


def pack(rules: SevensRules) -> list[Card]:
    """The cards of a deal: one pack of 52."""
    return list(ALL_CARDS)


DEFAULT = SevensRules()
PRESETS: Mapping[str, SevensRules] = OPTIONS.presets
