"""The rules of Knock! Knock! as data: the options, the pack and what each card does.

Options are written as in ``shared/rules/knock-knock.md``; a bad one is refused
with the option's name and the values it allows.

>>> rules = Rules.parse("players=7,direction=counter-clockwise")
>>> rules.packs, rules.to_json()
(2, {'players': 7, 'direction': 'counter-clockwise', 'scoring': 'tally'})
>>> rules.next_seat(0)
6
>>> Rules.parse("scoring=chips")
Traceback (most recent call last):
...
engine.core.game.RulesError: scoring 'chips' is not allowed: choose tally or points
>>> [penalty(Card.parse(code)) for code in ("AS", "2H", "5D", "5C")]
[1, 2, 5, 0]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

from ..core.cards import ALL_CARDS, Card, Rank, Suit
from ..core.options import Option, Options, Said

if TYPE_CHECKING:
    from ..core.game import GameType

__all__ = [
    "DEAL_SIZE",
    "DIRECTIONS",
    "KNOCK_AT",
    "MENU_PLAYERS",
    "OPTIONS",
    "POINTS_IN_WORDS",
    "SCORINGS",
    "TURN_LIMIT",
    "Rules",
    "card_points",
    "fits",
    "is_pickup",
    "pack",
    "penalty",
]

Direction = Literal["clockwise", "counter-clockwise"]
Scoring = Literal["tally", "points"]
DIRECTIONS: tuple[Direction, ...] = ("clockwise", "counter-clockwise")
SCORINGS: tuple[Scoring, ...] = ("tally", "points")
MIN_PLAYERS, MAX_PLAYERS = 2, 10
TWO_PACKS_FROM = 7
DEAL_SIZE = 7
# A player holding this many cards who discards one must knock (their third-to-last card).
KNOCK_AT = 3
# Cards picked up by the offender after a right call, or by the caller after a wrong one.
CHALLENGE_PENALTY = 7
TURN_LIMIT = 1000

_FIVE_OF_DIAMONDS = Card.of(Rank.FIVE, Suit.DIAMONDS)


def penalty(card: Card) -> int:
    """How many cards the next player picks up when *card* is discarded: 0 unless it is a pick-up card."""
    if card.rank == Rank.ACE:
        return 1
    if card.rank == Rank.TWO:
        return 2
    return 5 if card == _FIVE_OF_DIAMONDS else 0


def is_pickup(card: Card) -> bool:
    """Every ace, every two and the 5♦."""
    return penalty(card) > 0


def fits(card: Card, top: Card, suit: Suit) -> bool:
    """Whether *card* may be discarded on *top* when *suit* is the playing suit: the playing suit,
    the top card's rank, or a pick-up card."""
    return card.suit == suit or card.rank == top.rank or is_pickup(card)


# How cards left in a hand score under scoring=points, in words (card_points is the rule itself).
POINTS_IN_WORDS = "ace 2, two 3, 5♦ 5, any other 1"


def card_points(card: Card) -> int:
    """What *card* left in a hand scores under ``scoring=points``: ace 2, two 3, 5♦ 5, any other 1."""
    if card.rank == Rank.ACE:
        return 2
    if card.rank == Rank.TWO:
        return 3
    return 5 if card == _FIVE_OF_DIAMONDS else 1


# The numbers of players the page's Table menu offers: the rules allow 2 to 10, and the page seats up to
# eight round its table as it does for Sevens (seven opponents); two is a game for two, one opponent across.
MENU_PLAYERS = tuple(range(MIN_PLAYERS, 9))
_TWO_PACKS = "Two packs are shuffled together, so every card is there twice."

# What the game's page says at a table, each sentence with the options it rests on (see engine.core.options.Said).
ABOUT = (
    Said("Seven cards each, and the first to put down their last card wins."),
    Said(_TWO_PACKS, {"players": tuple(range(TWO_PACKS_FROM, MAX_PLAYERS + 1))}),
    Said("Play goes to the left (clockwise).", {"direction": "clockwise"}),
    Said("Play goes to the right (anticlockwise).", {"direction": "counter-clockwise"}),
    Said("Put down a card of the playing suit or of the top card's rank, or draw one from the stock."),
    Said("Aces, twos and the 5♦ fit anything: you name the next suit, and the next player picks up and misses a turn."),
    Said(
        "Going down to two cards, press Knock with the card, or someone may call Knock! Knock! and you take it "
        "back and pick up seven."
    ),
    Said("Each deal won counts one; the most is best.", {"scoring": "tally"}),
    Said(f"Cards left score points ({POINTS_IN_WORDS}); the lowest total is best.", {"scoring": "points"}),
)
KEYS = (
    Said("arrows move through your hand"),
    Said("K knocks"),
    Said("Enter plays the card"),
    Said("D draws"),
    Said("C calls Knock! Knock!"),
    Said("S suggests"),
)

OPTIONS: Options[Rules] = Options(
    "Knock! Knock!",
    [
        Option(
            "players",
            tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
            4,
            "how many sit at the table (two packs from seven)",
            label="Players",
            menu=MENU_PLAYERS,
            notes=dict.fromkeys(range(TWO_PACKS_FROM, MAX_PLAYERS + 1), _TWO_PACKS),
        ),
        Option(
            "direction",
            DIRECTIONS,
            "clockwise",
            "which way play goes round the table: to your left, or to your right",
            label="Direction",
            words={"clockwise": "clockwise (to the left)", "counter-clockwise": "anticlockwise (to the right)"},
            notes={"counter-clockwise": "Play goes to the right (counter-clockwise)."},
        ),
        Option(
            "scoring",
            SCORINGS,
            "tally",
            f"deals won, most is best; or points for the cards left in hand ({POINTS_IN_WORDS}), lowest is best",
            label="Scoring",
            words={"tally": "deals won", "points": "points for cards left"},
            notes={"points": f"Cards left score points ({POINTS_IN_WORDS}); the lowest total is best."},
        ),
    ],
    about=ABOUT,
    keys=KEYS,
)


@OPTIONS.rules
@dataclass(frozen=True, slots=True)
class Rules:
    """One rule set: the number of players, the direction of play and the scoring."""

    registered: ClassVar[GameType | None] = None  # set when engine.knock_knock registers the game

    players: int = 4
    direction: Direction = "clockwise"
    scoring: Scoring = "tally"

    def __post_init__(self) -> None:
        OPTIONS.check(self)

    @property
    def game(self) -> GameType:
        assert Rules.registered is not None, "engine.knock_knock registers the game when imported"
        return Rules.registered

    @property
    def packs(self) -> int:
        """One 52-card pack for up to six players, two from seven."""
        return 2 if self.players >= TWO_PACKS_FROM else 1

    @property
    def pack_count(self) -> int:
        """The packs shuffled together (see :attr:`packs`)."""
        return self.packs

    @property
    def deal_size(self) -> int:
        """The cards dealt to each player: seven."""
        return DEAL_SIZE

    @property
    def step(self) -> int:
        return 1 if self.direction == "clockwise" else -1

    def next_seat(self, seat: int) -> int:
        """The seat after *seat* in the direction of play."""
        return (seat + self.step) % self.players

    def to_json(self) -> dict[str, object]:
        """Every option written out, as in a game record."""
        return OPTIONS.to_json(self)

    def describe(self) -> str:
        """The table's name: the game's, with the number of players if not four and the options changed.

        >>> Rules().describe(), Rules(players=6, scoring="points").describe()
        ('Knock! Knock!', 'Knock! Knock!, 6 players (scoring=points)')
        """
        return OPTIONS.describe(self)

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> Rules:
        """Rules from a mapping such as a record's ``"rules"``; unknown names and bad values are refused."""
        return OPTIONS.make(options)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Rules from ``players=5,direction=clockwise,scoring=points`` (any subset; an empty text is the default)."""
        return OPTIONS.parse(text)


def pack(rules: Rules) -> list[Card]:
    """The cards of the game, each once per pack, in suit-then-rank order."""
    return [card for card in ALL_CARDS for _ in range(rules.packs)]
