"""Cards, suits, ranks and their notation.

A card is stored as an index 0..51: ``suit * 13 + (rank - 1)``. Sets of cards
are 52-bit integers (bit *i* set means card *i* is in the set), which keeps the
rules fast and the values immutable.

>>> Card.parse("10H")
Card.parse('10H')
>>> Card.parse("7♦").code, Card.parse("a♠").display, Card.parse("TH").name
('7D', 'A♠', 'ten of hearts')
>>> " ".join(c.code for c in parse_cards("7D 8D 6H"))
'7D 8D 6H'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum, IntEnum

__all__ = [
    "ALL_CARDS",
    "FULL_DECK",
    "Card",
    "Rank",
    "Suit",
    "cards_of",
    "format_cards",
    "mask_of",
    "parse_cards",
    "parse_mask",
]


class Suit(Enum):
    """The four suits, in the order we sort a hand: clubs, diamonds, hearts, spades."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def plural(self) -> str:
        """The suit's name as used in a sentence: ``"hearts"``."""
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read ``D``, ``d``, ``♦`` or ``♢``, with or without a variation selector after the symbol.

        >>> Suit.parse("♦\ufe0f"), Suit.parse("♢\ufe0e")
        (<Suit.DIAMONDS: 'D'>, <Suit.DIAMONDS: 'D'>)
        """
        suit = _SUIT_BY_TEXT.get(text.strip().upper())
        if suit is None:
            raise ValueError(f"unknown suit {text!r}: use C, D, H, S or ♣ ♦ ♥ ♠")
        return suit


SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_BY_TEXT: dict[str, Suit] = {}
for _suit in SUITS:
    _SUIT_BY_TEXT[_suit.value] = _suit
    _SUIT_BY_TEXT[_SUIT_SYMBOL[_suit]] = _suit
# The outline symbols are common in typed text; accept them as the same suits.
_SUIT_BY_TEXT.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})
# Phone keyboards type a suit symbol with the emoji variation selector (U+FE0F) after it, some text
# with the text one (U+FE0E): both only choose how the symbol is drawn, so ``8♦️`` is ``8♦``.
for _symbol, _suit in [(text, suit) for text, suit in _SUIT_BY_TEXT.items() if not text.isascii()]:
    _SUIT_BY_TEXT[_symbol + "\ufe0f"] = _SUIT_BY_TEXT[_symbol + "\ufe0e"] = _suit


class Rank(IntEnum):
    """Ranks with aces low: ``Rank.ACE < Rank.TWO < … < Rank.KING``."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def code(self) -> str:
        return _RANK_CODE[self]

    @property
    def word(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Rank:
        rank = _RANK_BY_TEXT.get(text.strip().upper())
        if rank is None:
            raise ValueError(f"unknown rank {text!r}: use A, 2-10 (or T), J, Q or K")
        return rank


_RANK_CODE = {rank: str(int(rank)) for rank in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANK_BY_TEXT = {code: rank for rank, code in _RANK_CODE.items()} | {"T": Rank.TEN}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. Cards order by suit, then rank, as a sorted hand reads."""

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < 52:
            raise ValueError(f"card index {self.index} is outside 0..51")

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit) -> Card:
        """The card of *rank* (1 for the ace up to 13 for the king) in *suit*."""
        if not 1 <= rank <= 13:
            raise ValueError(f"rank {rank} is outside 1..13 (ace to king)")
        return ALL_CARDS[suit.index * 13 + int(rank) - 1]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``7D``, ``10H``, ``TH``, ``7♦``, ``10♥`` or ``a♠`` (case and spaces ignored).

        A suit symbol may carry a variation selector, as phone keyboards type it:

        >>> Card.parse("8♦\ufe0f"), Card.parse("8♦\ufe0e"), Card.parse("8♦\ufe0f").display
        (Card.parse('8D'), Card.parse('8D'), '8♦')

        Anything else is a :class:`ValueError` that quotes the text.
        """
        card = _CARD_BY_TEXT.get(text.strip().upper())
        if card is None:
            raise ValueError(_bad_card_message(text))
        return card

    @property
    def suit(self) -> Suit:
        return SUITS[self.index // 13]

    @property
    def rank(self) -> Rank:
        return Rank(self.index % 13 + 1)

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def code(self) -> str:
        """ASCII form, as in game records: ``10H``."""
        return self.rank.code + self.suit.value

    @property
    def display(self) -> str:
        """Form for people: ``10♥``."""
        return self.rank.code + self.suit.symbol

    @property
    def name(self) -> str:
        """Full name for screen readers and sentences: ``ten of hearts``."""
        return f"{self.rank.word} of {self.suit.plural}"

    def __str__(self) -> str:
        return self.display

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


def _bad_card_message(text: str) -> str:
    shown = text.strip()
    if not shown:
        return "empty card: expected something like 7D, 10H or 7♦"
    return f"unknown card {text!r}: expected a rank (A, 2-10, J, Q, K) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), like 7D, 10H or 7♦"


ALL_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
FULL_DECK: int = (1 << 52) - 1
_CARD_BY_TEXT: dict[str, Card] = {}
for _card in ALL_CARDS:
    for _rank_text in [c for c, r in _RANK_BY_TEXT.items() if r == _card.rank]:
        for _suit_text in [t for t, s in _SUIT_BY_TEXT.items() if s == _card.suit]:
            _CARD_BY_TEXT[_rank_text + _suit_text] = _card


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas; ``-`` or an empty string is no cards.

    >>> parse_cards("7D, 8D 6H")
    [Card.parse('7D'), Card.parse('8D'), Card.parse('6H')]
    >>> parse_cards("7D XX")
    Traceback (most recent call last):
    ...
    ValueError: unknown card 'XX': expected a rank (A, 2-10, J, Q, K) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), like 7D, 10H or 7♦
    """
    words = text.replace(",", " ").split()
    if words == ["-"]:
        return []
    return [Card.parse(word) for word in words]


def mask_of(cards: Iterable[Card]) -> int:
    """The set of *cards* as a bit mask; a repeated card is a ``ValueError``."""
    mask = 0
    for card in cards:
        if mask & card.bit:
            raise ValueError(f"{card.code} appears twice")
        mask |= card.bit
    return mask


def parse_mask(text: str) -> int:
    """Parse a list of distinct cards straight into a bit mask; :class:`ValueError` for a bad or repeated card."""
    return mask_of(parse_cards(text))


def cards_of(mask: int) -> Iterator[Card]:
    """The cards in *mask*, sorted by suit then rank."""
    while mask:
        low = mask & -mask
        yield ALL_CARDS[low.bit_length() - 1]
        mask ^= low


def format_cards(mask: int, *, display: bool = False) -> str:
    """Cards of *mask* in sorted order, ASCII (default) or display form; ``-`` when empty."""
    words = [card.display if display else card.code for card in cards_of(mask)]
    return " ".join(words) if words else "-"
