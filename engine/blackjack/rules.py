"""The rules of Blackjack (Switch, Last Cards, Crazy Eights) as data: the options and what each card does.

Options are written as in ``shared/rules/blackjack.md``; a bad one is refused
with the option's name and the values it allows.

>>> rules = Rules.from_options({"players": "6", "packs": "auto"})
>>> rules.pack_count, rules.deal_size
(2, 5)
>>> Rules.from_options({"wild": "8"})
Traceback (most recent call last):
...
engine.core.game.RulesError: options wild and skip both name the 8: no two of wild, skip and reverse may name the same rank
>>> CRAZY_EIGHTS.chains, CRAZY_EIGHTS.wild, CRAZY_EIGHTS.draw
(False, '8', 'up-to-5')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.cards import ALL_CARDS, Card, Rank, Suit
from ..core.options import Option, Options, Preset, Said, Value

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

_SCORING = "a wild card 50, K Q J 10, an ace 1, any other card its number"


def _same_rank(values: Mapping[str, Value]) -> str | None:
    """No two of wild, skip and reverse may name the same rank; the error names both options."""
    named = [(name, values[name]) for name in ("wild", "skip", "reverse")]
    for i, (first, rank) in enumerate(named):
        for second, other in named[i + 1 :]:
            if rank != "none" and rank == other:
                return (
                    f"options {first} and {second} both name the {rank}: "
                    "no two of wild, skip and reverse may name the same rank"
                )
    return None


_PICK_UPS = (5, 7)  # the black_jacks values under which a black jack makes the next player pick up

# What the game's page says at a table, each sentence with the options it rests on (see engine.core.options.Said).
ABOUT = (
    Said("Seven cards each (five with more than four players); the first to get rid of them all wins."),
    Said("With 6 or more players two packs are shuffled together, so every card is there twice.", {"packs": "auto"}),
    Said(
        "Follow the top card's suit or rank, and build a chain: press a card, then another that follows it, then "
        "Play to end your turn (Undo card takes the last one back).",
        {"chains": True},
    ),
    Said(
        "Lay one card of the top card's suit or rank, then press Play to end your turn (Undo card takes it back).",
        {"chains": False},
    ),
    Said("An ace fits on anything and changes the suit: name the one you want.", {"wild": "A"}),
    Said("An eight fits on anything and changes the suit: name the one you want.", {"wild": "8"}),
    Said(
        "Twos and black jacks make the next player pick up, unless they answer with one of their own; a red jack "
        "cancels the lot.",
        {"twos": True, "black_jacks": _PICK_UPS},
    ),
    Said(
        "A two makes the next player pick up two, unless they answer with a two of their own.",
        {"twos": True, "black_jacks": "none"},
    ),
    Said(
        "A black jack makes the next player pick up, unless they answer with one of their own; a red jack cancels "
        "the lot.",
        {"twos": False, "black_jacks": _PICK_UPS},
    ),
    Said("An eight makes the next player miss a turn.", {"skip": "8"}),
    Said("A queen makes the next player miss a turn.", {"skip": "Q"}),
    Said("A king turns the play round.", {"reverse": "K"}),
    Said("An ace turns the play round.", {"reverse": "A"}),
    Said("A queen turns the play round.", {"reverse": "Q"}),
    Said("A queen must be covered: a turn may not end on one.", {"queen_cover": True}),
    Said("When you lay nothing, draw a card.", {"draw": "one"}),
    Said("When you lay nothing, draw until a card fits.", {"draw": "until-play"}),
    Said("When you lay nothing, draw up to five cards, one at a time; then you may pass.", {"draw": "up-to-5"}),
    Said(
        "When your cards could all go down next turn, press Last cards! before you end this one.",
        {"last_cards": True},
    ),
    Said("Nobody may go out on a power card.", {"power_finish": False}),
    Said("When the stock is empty, a player who cannot draw passes.", {"stock_out": "pass"}),
    Said("Each deal won counts one; the most is best.", {"scoring": "tally"}),
    Said(f"Cards left score points ({_SCORING}); the lowest total is best.", {"scoring": "points"}),
)
KEYS = (
    Said("arrows move through your hand"),
    Said("Enter lays the card"),
    Said("P plays (ends your turn)"),
    Said("U takes the last card back", {"chains": True}),
    Said("U takes the card back", {"chains": False}),
    Said("D draws (or picks up)", {"twos": True}),
    Said("D draws (or picks up)", {"twos": False, "black_jacks": _PICK_UPS}),
    Said("D draws", {"twos": False, "black_jacks": "none"}),
    Said("L calls Last cards", {"last_cards": True}),
    Said("S suggests"),
)

OPTIONS: Options[Rules] = Options(
    "Blackjack",
    [
        Option(
            "players",
            tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
            4,
            "how many sit at the table: seven cards each with 2 to 4, five with more",
            label="Players",
        ),
        Option(
            "packs",
            (1, "auto"),
            1,
            "one pack, or two packs (each card twice) with 6 or more players",
            label="Packs",
            words={1: "one pack", "auto": "two packs from 6 players"},
            notes={"auto": "With 6 or more players two packs are shuffled together, so every card is there twice."},
        ),
        Option(
            "chains",
            (True, False),
            True,
            "whether a turn may lay a chain of cards, or one card only (as in Crazy Eights)",
            label="Chains",
            words={True: "chains and runs", False: "one card a turn"},
            notes={False: "One card a turn: no chains."},
        ),
        Option(
            "wild",
            ("A", "8", "none"),
            "A",
            "the rank that fits on anything; its player names the next suit",
            label="Wild",
            words={"A": "aces", "8": "eights", "none": "no wild cards"},
            notes={
                "8": "Eights are wild: they fit on anything, and their player names the suit.",
                "none": "No card is wild.",
            },
        ),
        Option(
            "skip",
            ("8", "Q", "none"),
            "8",
            "each card of this rank makes one more player miss a turn",
            label="Skip",
            words={"8": "eights", "Q": "queens", "none": "no skips"},
            notes={"Q": "Each queen makes one more player miss a turn.", "none": "No card skips a player."},
        ),
        Option(
            "reverse",
            ("K", "A", "Q", "none"),
            "K",
            "each card of this rank reverses the direction of play",
            label="Reverse",
            words={"K": "kings", "A": "aces", "Q": "queens", "none": "no reverses"},
            notes={
                "A": "Each ace reverses the direction of play.",
                "Q": "Each queen reverses the direction of play.",
                "none": "No card reverses the direction of play.",
            },
        ),
        Option(
            "twos",
            (True, False),
            True,
            "a 2 makes the next player pick up 2, unless they answer",
            label="Twos",
            words={True: "twos pick up 2", False: "twos are plain"},
            notes={False: "A 2 is a plain card."},
        ),
        Option(
            "black_jacks",
            (5, 7, "none"),
            5,
            "J♠ and J♣ make the next player pick up this many, unless they answer; a red jack cancels them",
            label="Black jacks",
            words={5: "pick up 5", 7: "pick up 7", "none": "plain jacks"},
            notes={7: "A black jack makes the next player pick up 7.", "none": "Jacks are plain cards."},
        ),
        Option(
            "twos_and_jacks",
            ("mix", "apart"),
            "mix",
            "whether twos and black jacks answer each other, or a 2 answers only twos and a black jack only black jacks",
            label="Twos and jacks",
            words={"mix": "mixed", "apart": "kept apart"},
            notes={"apart": "Twos and jacks are not mixed: a 2 answers only twos, a black jack only black jacks."},
        ),
        Option(
            "queen_cover",
            (True, False),
            True,
            "a turn may not end on a queen: she must be covered by another card",
            label="Queen cover",
            words={True: "queens must be covered", False: "queens are plain"},
            notes={False: "A queen need not be covered."},
        ),
        Option(
            "draw",
            ("one", "until-play", "up-to-5"),
            "one",
            "what a player who lays nothing draws: one card, cards until one fits, or up to five cards and then pass",
            label="Draw",
            words={"one": "one card", "until-play": "until a card fits", "up-to-5": "up to five cards"},
            notes={
                "until-play": "A player who draws keeps drawing until a card fits.",
                "up-to-5": "A player may draw up to five cards in a turn, then pass.",
            },
        ),
        Option(
            "last_cards",
            (True, False),
            True,
            "call Last cards when your hand could all go down in one turn, or you cannot go out next turn",
            label="Last cards",
            words={True: "call Last cards", False: "no call"},
            notes={False: "Nobody calls Last cards."},
        ),
        Option(
            "power_finish",
            (True, False),
            True,
            "whether a turn that empties the hand may end on a power card",
            label="Going out on a power card",
            words={True: "allowed", False: "not allowed"},
            notes={False: "Nobody may go out on a power card."},
        ),
        Option(
            "stock_out",
            ("reshuffle", "pass"),
            "reshuffle",
            "when the stock is empty, the pile becomes a new stock, or a player who cannot draw passes",
            label="When the stock runs out",
            words={"reshuffle": "reshuffle the pile", "pass": "no reshuffle, pass"},
            notes={"pass": "When the stock is empty the pile is not reshuffled: a player who cannot draw passes."},
        ),
        Option(
            "scoring",
            ("tally", "points"),
            "tally",
            f"deals won, most is best; or points for the cards left in hand ({_SCORING}), lowest is best",
            label="Scoring",
            words={"tally": "deals won", "points": "points for cards left"},
            notes={"points": f"Cards left score points ({_SCORING}); the lowest total is best."},
        ),
    ],
    presets=[
        Preset("blackjack", "Blackjack", {}),
        Preset(
            "crazy-eights",
            "Crazy Eights",
            {
                "chains": False,
                "wild": "8",
                "skip": "none",
                "reverse": "none",
                "twos": False,
                "black_jacks": "none",
                "queen_cover": False,
                "draw": "up-to-5",
                "last_cards": False,
                "stock_out": "pass",
                "packs": "auto",
                "scoring": "points",
            },
        ),
    ],
    check=_same_rank,
    about=ABOUT,
    keys=KEYS,
)


@OPTIONS.rules
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
        OPTIONS.check(self)

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
        return OPTIONS.to_json(self)

    def describe(self) -> str:
        """The table's name: the preset's, or the game's with the options changed; the players if not four.

        >>> Rules().describe(), Rules(players=2, draw="until-play").describe()
        ('Blackjack', 'Blackjack, 2 players (draw=until-play)')
        """
        return OPTIONS.describe(self)

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> Rules:
        """Rules from a mapping such as a record's ``"rules"`` (values as JSON or as text); the rest at defaults."""
        return OPTIONS.make(options)


PRESETS: Mapping[str, Rules] = OPTIONS.presets
BLACKJACK = PRESETS["blackjack"]
CRAZY_EIGHTS = PRESETS["crazy-eights"]


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
