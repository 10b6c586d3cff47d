"""The rules of Blackjack (Switch, Last Cards, Crazy Eights) as data: the options and what each card does.

Options are written as in ``shared/rules/blackjack.md``; a bad one is refused
with the option's name and the values it allows.

>>> rules = Rules.from_options({"players": "6", "packs": "auto"})
>>> rules.pack_count, rules.deal_size
(2, 5)
>>> Rules.from_options({"wild": "8"})
Traceback (most recent call last):
...
ValueError: options wild and skip both name the 8: no two of wild, skip and reverse may name the same rank
>>> CRAZY_EIGHTS.chains, CRAZY_EIGHTS.wild, CRAZY_EIGHTS.draw
(False, '8', 'up-to-5')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.cards import ALL_CARDS, Card, Rank, Suit
from ..core.jsontext import shown

if TYPE_CHECKING:
    from ..core.game import GameType

__all__ = [
    "BLACKJACK",
    "CRAZY_EIGHTS",
    "OPTIONS",
    "PRESETS",
    "TURN_LIMIT",
    "Rules",
    "card_points",
    "follows",
    "is_black_jack",
    "is_red_jack",
    "pack",
]

MIN_PLAYERS, MAX_PLAYERS = 2, 8
TWO_PACKS_FROM = 6  # packs=auto: two packs with this many players or more
BIG_HAND_UP_TO = 4  # seven cards each with up to four players, five with more
TURN_LIMIT = 1000
UP_TO = 5  # draw=up-to-5: the draws a turn may take before the player may pass

_RANKS = {"A": Rank.ACE, "8": Rank.EIGHT, "K": Rank.KING, "Q": Rank.QUEEN}
_NUMBER = {name: int(rank) for name, rank in _RANKS.items()}

# Each option: its values as a record writes them (the first is the default).
_VALUES: dict[str, tuple[object, ...]] = {
    "players": tuple(range(4, MAX_PLAYERS + 1)) + tuple(range(MIN_PLAYERS, 4)),
    "packs": (1, "auto"),
    "chains": (True, False),
    "wild": ("A", "8", "none"),
    "skip": ("8", "Q", "none"),
    "reverse": ("K", "A", "Q", "none"),
    "twos": (True, False),
    "black_jacks": (5, 7, "none"),
    "twos_and_jacks": ("mix", "apart"),
    "queen_cover": (True, False),
    "draw": ("one", "until-play", "up-to-5"),
    "last_cards": (True, False),
    "power_finish": (True, False),
    "stock_out": ("reshuffle", "pass"),
    "scoring": ("tally", "points"),
}
OPTIONS = tuple(_VALUES)


def _read(name: str, value: object) -> object:
    """*value* of option *name* as the record writes it, from JSON or command-line text; ValueError otherwise."""
    allowed = _VALUES[name]
    if isinstance(value, str):
        text = value.strip().lower()
        for candidate in allowed:
            written = str(candidate).lower() if not isinstance(candidate, str) else candidate.lower()
            if text == written:
                return candidate
    elif type(value) in (bool, int):
        for candidate in allowed:
            if type(candidate) is type(value) and candidate == value:
                return candidate
    if name == "players":
        choose = f"a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}"
    else:
        words = [str(v).lower() if isinstance(v, bool) else str(v) for v in allowed]
        choose = ", ".join(words[:-1]) + " or " + words[-1]
    raise ValueError(f"option {name}: {shown(value)} is not allowed; choose {choose}")


@dataclass(frozen=True, slots=True)
class Rules:
    """One rule set: every option of the table in ``shared/rules/blackjack.md``, at its default unless given."""

    registered: ClassVar[GameType | None] = None  # set when engine.blackjack registers the game

    players: int = 4
    packs: int | str = 1
    chains: bool = True
    wild: str = "A"
    skip: str = "8"
    reverse: str = "K"
    twos: bool = True
    black_jacks: int | str = 5
    twos_and_jacks: str = "mix"
    queen_cover: bool = True
    draw: str = "one"
    last_cards: bool = True
    power_finish: bool = True
    stock_out: str = "reshuffle"
    scoring: str = "tally"

    def __post_init__(self) -> None:
        for field in fields(self):
            if _read(field.name, getattr(self, field.name)) != getattr(self, field.name):
                raise ValueError(f"option {field.name}: {shown(getattr(self, field.name))} is not allowed")
        named = [(name, getattr(self, name)) for name in ("wild", "skip", "reverse")]
        for i, (first, rank) in enumerate(named):
            for second, other in named[i + 1 :]:
                if rank != "none" and rank == other:
                    raise ValueError(
                        f"options {first} and {second} both name the {rank}: "
                        "no two of wild, skip and reverse may name the same rank"
                    )

    @property
    def game(self) -> GameType:
        assert Rules.registered is not None, "engine.blackjack registers the game when imported"
        return Rules.registered

    # -- what the options make of the cards ---------------------------------------

    @property
    def pack_count(self) -> int:
        return 2 if self.packs == "auto" and self.players >= TWO_PACKS_FROM else 1

    @property
    def deal_size(self) -> int:
        return 7 if self.players <= BIG_HAND_UP_TO else 5

    @property
    def wild_rank(self) -> Rank | None:
        return _RANKS.get(self.wild)

    @property
    def skip_rank(self) -> Rank | None:
        return _RANKS.get(self.skip)

    @property
    def reverse_rank(self) -> Rank | None:
        return _RANKS.get(self.reverse)

    @property
    def jack_value(self) -> int:
        """What a black jack adds to a pick-up: 5, 7, or 0 under ``black_jacks=none``."""
        return self.black_jacks if isinstance(self.black_jacks, int) else 0

    # (A card's rank is its index % 13 + 1: cheaper than Card.rank, and these are asked at every step.)
    def is_wild(self, card: Card) -> bool:
        return card.index % 13 + 1 == _NUMBER.get(self.wild)

    def is_skip(self, card: Card) -> bool:
        return card.index % 13 + 1 == _NUMBER.get(self.skip)

    def is_reverse(self, card: Card) -> bool:
        return card.index % 13 + 1 == _NUMBER.get(self.reverse)

    def is_two(self, card: Card) -> bool:
        """A 2 that makes the next player pick up (``twos=true``)."""
        return self.twos and card.index % 13 == 1

    def is_black_jack(self, card: Card) -> bool:
        return self.jack_value > 0 and is_black_jack(card)

    def is_red_jack(self, card: Card) -> bool:
        return self.jack_value > 0 and is_red_jack(card)

    def is_queen(self, card: Card) -> bool:
        """A queen that must be covered (``queen_cover=true``)."""
        return self.queen_cover and card.index % 13 == 11

    def is_power(self, card: Card) -> bool:
        """Whether *card*'s rank has an effect under these rules (see ``power_finish``)."""
        return (
            self.is_wild(card)
            or self.is_skip(card)
            or self.is_reverse(card)
            or self.is_two(card)
            or (self.jack_value > 0 and card.rank == Rank.JACK)
            or self.is_queen(card)
        )

    def next_seat(self, seat: int, direction: int = 1) -> int:
        return (seat + direction) % self.players

    # -- reading and writing ----------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Every option written out, as in a game record."""
        return {field.name: getattr(self, field.name) for field in fields(self)}

    def describe(self) -> str:
        """The table's name: the game's (or the preset's), with the players if not four and the options changed.

        >>> Rules().describe(), replace(CRAZY_EIGHTS, players=2).describe()
        ('Blackjack', 'Crazy Eights, 2 players')
        """
        base, title = (
            (CRAZY_EIGHTS, "Crazy Eights") if self.wild == "8" and not self.chains else (BLACKJACK, "Blackjack")
        )
        default = base.to_json()
        seats = "" if self.players == 4 else f", {self.players} players"
        changed = [
            f"{name}={_word(value)}"
            for name, value in self.to_json().items()
            if name != "players" and value != default[name]
        ]
        return title + seats + (f" ({', '.join(changed)})" if changed else "")

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> Rules:
        """Rules from a mapping such as a record's ``"rules"`` (values as JSON or as text); the rest at defaults."""
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise ValueError(f"unknown option {shown(unknown[0])}: Blackjack has {', '.join(OPTIONS)}")
        values = {name: _read(name, value) for name, value in options.items()}
        return cls(**values)  # type: ignore[arg-type]


def _word(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


BLACKJACK = Rules()
CRAZY_EIGHTS = Rules(
    chains=False,
    wild="8",
    skip="none",
    reverse="none",
    twos=False,
    black_jacks="none",
    queen_cover=False,
    draw="up-to-5",
    last_cards=False,
    stock_out="pass",
    packs="auto",
    scoring="points",
)
PRESETS: dict[str, Rules] = {"blackjack": BLACKJACK, "crazy-eights": CRAZY_EIGHTS}


_BLACK_JACKS = frozenset({Card.of(Rank.JACK, Suit.SPADES), Card.of(Rank.JACK, Suit.CLUBS)})
_RED_JACKS = frozenset({Card.of(Rank.JACK, Suit.HEARTS), Card.of(Rank.JACK, Suit.DIAMONDS)})


def is_black_jack(card: Card) -> bool:
    return card in _BLACK_JACKS


def is_red_jack(card: Card) -> bool:
    return card in _RED_JACKS


def follows(card: Card, before: Card) -> bool:
    """The chain rule: *card* may follow *before* when of the same rank, or of the same suit and one rank
    above or below (aces low, no wrapping).

    >>> follows(Card.parse("6S"), Card.parse("5S")), follows(Card.parse("6C"), Card.parse("6S"))
    (True, True)
    >>> follows(Card.parse("AS"), Card.parse("KS")), follows(Card.parse("6C"), Card.parse("5S"))
    (False, False)
    """
    a, b = card.index, before.index  # suit * 13 + rank - 1
    if a % 13 == b % 13:
        return True
    return a // 13 == b // 13 and (a - b == 1 or b - a == 1)


def card_points(rules: Rules, card: Card) -> int:
    """What *card* left in a hand scores under ``scoring=points``: a wild card 50, K Q J 10, an ace 1, others
    their number.

    >>> card_points(CRAZY_EIGHTS, Card.parse("8H")), card_points(CRAZY_EIGHTS, Card.parse("AH"))
    (50, 1)
    """
    if rules.is_wild(card):
        return 50
    if card.rank >= Rank.JACK:
        return 10
    return int(card.rank)


def pack(rules: Rules) -> list[Card]:
    """The cards of the game, each once per pack, in suit-then-rank order."""
    return [card for card in ALL_CARDS for _ in range(rules.pack_count)]
