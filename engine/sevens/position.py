"""The rules of Sevens: positions, legal moves and why a move is illegal.

A position is the cards on the table, the four hands and whose turn it is. All
three are plain integers (card sets are 52-bit masks, see :mod:`engine.core.cards`),
so a position is cheap to copy and never changes: :meth:`Position.play` returns
a new one.

Each suit's row on the table is a run of ranks that contains its seven, so the
cards that fit can be found with two shifts:

>>> pos = Position.parse("7D 5H-7H / 9H 8H 3S / 8D / KC / 2S / 0")
>>> [c.code for c in pos.legal_moves()]
['8H']
>>> pos.play(Card.parse("9H"))
Traceback (most recent call last):
...
engine.sevens.position.IllegalMove: 9♥ does not fit: the hearts row runs 5♥–7♥, so the next hearts are 4♥ and 8♥
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.cards import SUITS, Card, Rank, Suit, cards_of, format_cards, mask_of, parse_mask

__all__ = [
    "FLIPS",
    "OPENING_CARD",
    "PLAYERS",
    "IllegalMove",
    "Position",
    "describe_row",
    "playable_mask",
    "table_problem",
]

PLAYERS = 4
OPENING_CARD = Card.parse("7D")


def _rank_mask(ranks: Iterable[int]) -> int:
    mask = 0
    for suit in range(4):
        for rank in ranks:
            mask |= 1 << (suit * 13 + rank - 1)
    return mask


SEVENS = _rank_mask([7])
BELOW_SEVEN = _rank_mask(range(1, 7))
ABOVE_SEVEN = _rank_mask(range(8, 14))
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * i) for i in range(4))


def playable_mask(table: int) -> int:
    """Every card not on *table* that could be played next, whoever holds it.

    Before the deal opens only the 7♦ fits. After that every seven not yet down
    fits, and so does the card next to each end of each row.

    Computer players playing a deal out keep this set as they go instead, one
    exclusive or per card played (:data:`FLIPS`):

    >>> from engine.core.cards import parse_mask
    >>> fits = playable_mask(0)
    >>> for code in "7D 8D 7H 6H 5H".split():
    ...     fits ^= FLIPS[Card.parse(code).bit]
    >>> fits == playable_mask(parse_mask("7D 8D 7H 6H 5H"))
    True
    """
    if not table:
        return OPENING_CARD.bit
    return (((table >> 1) & BELOW_SEVEN) | ((table << 1) & ABOVE_SEVEN) | SEVENS) & ~table


def _flips(card: Card) -> int:
    bit = card.bit
    if card == OPENING_CARD:  # the first card of every deal: all four sevens and both its neighbours
        return SEVENS | bit >> 1 | bit << 1
    if card.rank == 7:
        return bit | bit >> 1 | bit << 1
    if card.rank < 7:
        return bit | (bit >> 1 if card.rank > 1 else 0)
    return bit | (bit << 1 if card.rank < 13 else 0)


# For each card's bit: the bits that change in the set of playable cards when
# that card is played. The card itself leaves it and the next card along its row
# joins it (none after an ace or a king; both neighbours after a seven, and all
# the sevens after the 7♦, which opens the deal). See :func:`playable_mask`.
FLIPS: dict[int, int] = {card.bit: _flips(card) for card in cards_of((1 << 52) - 1)}


def table_problem(table: int) -> str | None:
    """Why *table* cannot occur in a game, or ``None`` if it can."""
    if table and not table & OPENING_CARD.bit:
        return "the table has cards but not the 7♦, which always opens the deal"
    for suit in SUITS:
        row = (table >> (13 * suit.index)) & 0x1FFF
        if not row:
            continue
        if not row & (1 << 6):
            return f"the {suit.plural} row has cards but not the 7{suit.symbol}, which must start it"
        run = row >> ((row & -row).bit_length() - 1)
        if run & (run + 1):
            gaps = [
                Card.of(rank, suit).display
                for rank in range(1, 14)
                if not row & (1 << (rank - 1)) and _between(row, rank)
            ]
            return f"the {suit.plural} row has a gap: {', '.join(gaps)} missing"
    return None


def _between(row: int, rank: int) -> bool:
    low = (row & -row).bit_length()
    high = row.bit_length()
    return low < rank < high


def row_ends(table: int, suit: Suit) -> tuple[Rank, Rank] | None:
    """Lowest and highest rank of *suit* on *table*, or ``None`` if the row has not started."""
    row = (table >> (13 * suit.index)) & 0x1FFF
    if not row:
        return None
    return Rank((row & -row).bit_length()), Rank(row.bit_length())


def describe_row(table: int, suit: Suit) -> str:
    """The row in words: ``"the hearts row runs 5♥–7♥"``."""
    ends = row_ends(table, suit)
    if ends is None:
        return f"the {suit.plural} row has not started"
    low, high = ends
    if low == high:
        return f"the {suit.plural} row holds only the {Card.of(low, suit).display}"
    return f"the {suit.plural} row runs {Card.of(low, suit).display}–{Card.of(high, suit).display}"


def _next_cards(table: int, suit: Suit) -> list[Card]:
    mask = playable_mask(table) & SUIT_MASKS[suit.index]
    return list(cards_of(mask))


def _join_or(words: Sequence[str]) -> str:
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def why_card_does_not_fit(table: int, card: Card) -> str | None:
    """Why *card* cannot go on *table*, in plain words; ``None`` if it fits."""
    if playable_mask(table) & card.bit:
        return None
    shown = card.display
    if table & card.bit:
        return f"{shown} is already on the table"
    if not table:
        return f"{shown} cannot start the deal: the first card must be the {OPENING_CARD.display}"
    suit = card.suit
    if not row_ends(table, suit):
        return f"{shown} does not fit: the {suit.plural} row has not started, so only the 7{suit.symbol} can begin it"
    nexts = _next_cards(table, suit)
    row = describe_row(table, suit)
    if len(nexts) == 1:
        return f"{shown} does not fit: {row}, so the next {suit.plural[:-1]} is {nexts[0].display}"
    return f"{shown} does not fit: {row}, so the next {suit.plural} are {_join_or([c.display for c in nexts])}"


class IllegalMove(ValueError):
    """A move the rules do not allow; the message says why in plain words."""

    def __init__(self, reason: str, position: Position | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.position = position


class Position:
    """Cards on the table, the four hands (by seat) and the seat whose turn it is.

    Hands need not hold all the cards that are off the table: a puzzle may
    leave some hands unknown. :meth:`setup` checks that a position can occur;
    the plain constructor trusts its caller, which the game loop and the
    computer players rely on for speed.
    """

    __slots__ = ("hands", "table", "turn")

    table: int
    hands: tuple[int, ...]
    turn: int

    def __init__(self, table: int, hands: Sequence[int], turn: int) -> None:
        self.table = table
        self.hands = tuple(hands)
        self.turn = turn

    # -- construction -------------------------------------------------------

    @classmethod
    def setup(cls, table: int, hands: Sequence[int], turn: int | None = None) -> Position:
        """A checked position; *turn* defaults to the 7♦ holder on an empty table.

        >>> Position.setup(0, [OPENING_CARD.bit, 0, 0, 0]).turn
        0
        """
        problem = position_problem(table, hands, turn)
        if problem:
            raise ValueError(problem)
        if turn is None:
            turn = opener(hands)
        return cls(table, hands, turn)

    @classmethod
    def deal(cls, hands: Sequence[int]) -> Position:
        """The start of a deal from four full hands: the 7♦ holder is to play."""
        if sum(h.bit_count() for h in hands) != 52 or _overlap(hands) or len(hands) != PLAYERS:
            raise ValueError("a deal needs four hands that hold the 52 cards between them")
        return cls.setup(0, hands)

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read the text form ``TABLE / HAND0 / HAND1 / HAND2 / HAND3 / TURN``.

        The table lists cards or runs such as ``5H-8H``; ``-`` is nothing. Text
        that is not a position, or a position that cannot occur in a game, is a
        :class:`ValueError` that names the field and what is wrong with it.
        """
        fields = [f.strip() for f in text.split("/")]
        if len(fields) != PLAYERS + 2:
            raise ValueError(
                f"position {text!r} has {len(fields)} fields: expected the table, four hands and the turn separated by '/'"
            )
        try:
            table = parse_table(fields[0])
        except ValueError as error:
            raise ValueError(f"table: {error}") from None
        hands = []
        for seat, field in enumerate(fields[1:-1]):
            try:
                hands.append(parse_mask(field))
            except ValueError as error:
                raise ValueError(f"hand {seat}: {error}") from None
        turn_text = fields[-1]
        if turn_text not in {"0", "1", "2", "3"}:
            raise ValueError(f"turn {turn_text!r} is not a seat: use 0, 1, 2 or 3")
        return cls.setup(table, hands, int(turn_text))

    def text(self) -> str:
        """The text form that :meth:`parse` reads back."""
        hands = " / ".join(format_cards(hand) for hand in self.hands)
        return f"{format_table(self.table)} / {hands} / {self.turn}"

    def __repr__(self) -> str:
        return f"Position.parse({self.text()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.table, self.hands, self.turn) == (other.table, other.hands, other.turn)

    def __hash__(self) -> int:
        return hash((self.table, self.hands, self.turn))

    # -- reading ----------------------------------------------------------------

    def hand(self, seat: int) -> list[Card]:
        return list(cards_of(self.hands[seat]))

    def counts(self) -> tuple[int, ...]:
        return tuple(hand.bit_count() for hand in self.hands)

    @property
    def winner(self) -> int | None:
        """The seat that has played its last card, if the deal is over."""
        if not self.table:
            return None
        for seat, hand in enumerate(self.hands):
            if not hand:
                return seat
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def legal_mask(self) -> int:
        if self.is_over:
            return 0
        return playable_mask(self.table) & self.hands[self.turn]

    def legal_moves(self) -> list[Card]:
        """The cards the player to move may play; empty means they must pass."""
        return list(cards_of(self.legal_mask()))

    # -- moving -----------------------------------------------------------------

    def why_illegal(self, card: Card | None) -> str | None:
        """Why playing *card* (or passing, for ``None``) is not allowed now; ``None`` if it is."""
        winner = self.winner
        if winner is not None:
            return "the deal is over: a player has played their last card"
        if card is None:
            legal = self.legal_moves()
            if not legal:
                return None
            shown = [c.display for c in legal]
            verb = "fits" if len(shown) == 1 else "fit"
            return f"you must play: {_join_or(shown)} {verb}"
        if not self.hands[self.turn] & card.bit:
            if self.table & card.bit:
                return f"{card.display} is already on the table"
            return f"{card.display} is not in your hand"
        return why_card_does_not_fit(self.table, card)

    def play(self, card: Card) -> Position:
        """The position after the player to move plays *card*; :class:`IllegalMove` if they may not."""
        reason = self.why_illegal(card)
        if reason:
            raise IllegalMove(reason, self)
        return self.after(card)

    def pass_turn(self) -> Position:
        """The position after the player to move passes; :class:`IllegalMove` if a card fits."""
        reason = self.why_illegal(None)
        if reason:
            raise IllegalMove(reason, self)
        return self.after(None)

    def after(self, card: Card | None) -> Position:
        """The next position, unchecked: *card* must be legal (``None`` for a pass)."""
        hands = self.hands
        if card is not None:
            seat = self.turn
            hands = (*hands[:seat], hands[seat] & ~card.bit, *hands[seat + 1 :])
            if not hands[seat]:
                return Position(self.table | card.bit, hands, seat)
            return Position(self.table | card.bit, hands, (seat + 1) % PLAYERS)
        return Position(self.table, hands, (self.turn + 1) % PLAYERS)


def opener(hands: Sequence[int]) -> int:
    """The seat holding the 7♦."""
    for seat, hand in enumerate(hands):
        if hand & OPENING_CARD.bit:
            return seat
    raise ValueError("nobody holds the 7♦, so nobody can open")


def _overlap(hands: Sequence[int]) -> int:
    seen = 0
    shared = 0
    for hand in hands:
        shared |= seen & hand
        seen |= hand
    return shared


def position_problem(table: int, hands: Sequence[int], turn: int | None) -> str | None:
    """Why this table, these hands and this turn cannot occur, or ``None``."""
    if len(hands) != PLAYERS:
        return f"expected {PLAYERS} hands, got {len(hands)}"
    problem = table_problem(table)
    if problem:
        return problem
    for seat, hand in enumerate(hands):
        if hand & table:
            return f"hand {seat} holds {format_cards(hand & table, display=True)}, already on the table"
        if hand.bit_count() > 13:
            return f"hand {seat} has {hand.bit_count()} cards; nobody holds more than 13"
    shared = _overlap(hands)
    if shared:
        verb = "is" if shared.bit_count() == 1 else "are"
        return f"{format_cards(shared, display=True)} {verb} in two hands"
    if turn is not None and turn not in range(PLAYERS):
        return f"turn {turn} is not a seat: use 0, 1, 2 or 3"
    holds_opener = any(h & OPENING_CARD.bit for h in hands)
    if turn is None and table:
        return "whose turn it is must be given once cards are on the table"
    if turn is None and not holds_opener:
        return "nobody holds the 7♦, so nobody can open"
    if not table and turn is not None and holds_opener and not hands[turn] & OPENING_CARD.bit:
        return f"turn {turn} cannot be first to play: hand {opener(hands)} holds the 7♦, which opens the deal"
    return None


def parse_table(text: str) -> int:
    """Read a table: cards and runs such as ``7D 5H-8H``; ``-`` or nothing is an empty table.

    A bad card or run, or a card given twice, is a :class:`ValueError`; the
    table need not be one that can occur (see :func:`table_problem`).

    >>> format_table(parse_table("7H 8H 6H 7D"))
    '7D 6H-8H'
    """
    cards: list[Card] = []
    for word in text.replace(",", " ").split():
        if word == "-":
            continue
        if "-" in word[1:]:
            cut = word.index("-", 1)
            first, last = Card.parse(word[:cut]), Card.parse(word[cut + 1 :])
            if first.suit != last.suit or first.rank > last.rank:
                raise ValueError(f"run {word!r} must go from a lower to a higher card of one suit, like 5H-8H")
            cards.extend(Card.of(rank, first.suit) for rank in range(first.rank, last.rank + 1))
        else:
            cards.append(Card.parse(word))
    try:
        return mask_of(cards)
    except ValueError as error:
        raise ValueError(f"{error} on the table") from None


def format_table(table: int) -> str:
    """The table as runs, one per suit in suit order; ``-`` when empty."""
    words = []
    for suit in SUITS:
        ends = row_ends(table, suit)
        if ends is None:
            continue
        low, high = ends
        row = (table >> (13 * suit.index)) & 0x1FFF
        if row.bit_count() == high - low + 1:
            first, last = Card.of(low, suit), Card.of(high, suit)
            words.append(first.code if low == high else f"{first.code}-{last.code}")
        else:  # not a real row (only in unchecked input); list the cards
            words.append(format_cards(table & SUIT_MASKS[suit.index]))
    return " ".join(words) if words else "-"
