"""The rules of Sevens: positions, legal moves and why a move is illegal, under every option.

A position is the cards on the table, the hands and whose turn it is, with what
the options need besides (each seat's passes, who is out, who has finished).
Card sets are 52-bit masks (see :mod:`engine.core.cards`), so a position is
cheap to copy and never changes: :meth:`Position.play` returns a new one.

Each suit's row on the table is a run of ranks that contains its seven, so the
cards that fit can be found with two shifts:

>>> pos = Position.parse("7D 5H-7H / 9H 8H 3S / 8D / KC / 2S / 0")
>>> [c.code for c in pos.legal_moves()]
['8H']
>>> pos.play(Card.parse("9H"))
Traceback (most recent call last):
...
engine.sevens.position.IllegalMove: 9♥ does not fit: the hearts row runs 5♥–7♥, so the next hearts are 4♥ and 8♥

A player put out by ``pass_limit`` lays their cards in their places; such a
card lies *loose* until its row reaches it, and only then counts (see
:func:`fitting`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.cards import SUITS, Card, Rank, Suit, cards_of, format_cards, mask_of, parse_mask
from ..core.fields import FieldError, read_number, seats, whole_number
from ..core.text import join_words
from .rules import DEFAULT, SevensRules

__all__ = [
    "FLIPS",
    "OPENING_CARD",
    "IllegalMove",
    "Position",
    "describe_row",
    "fitting",
    "flips_for",
    "flips_of",
    "outward",
    "playable_mask",
    "table_problem",
]

OPENING_CARD = Card.parse("7D")


def _rank_mask(ranks: Iterable[int]) -> int:
    mask = 0
    for suit in range(4):
        for rank in ranks:
            mask |= 1 << (suit * 13 + rank - 1)
    return mask


SEVENS = _rank_mask([7])
SIXES = _rank_mask([6])
EIGHTS = _rank_mask([8])
BELOW_SEVEN = _rank_mask(range(1, 7))
ABOVE_SEVEN = _rank_mask(range(8, 14))
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * i) for i in range(4))


def playable_mask(table: int, opening: str = "7D") -> int:
    """Every card not on *table* that could be played next, whoever holds it, when the table is a set of rows.

    With the 7♦ opening, only the 7♦ fits until it is down. After that (and
    from the start with any other opening) every seven not yet down fits, and
    so does the card next to each end of each row.

    Computer players playing a deal out keep this set as they go instead, one
    exclusive or per card played (:func:`flips_for`):

    >>> fits = playable_mask(0)
    >>> for code in "7D 8D 7H 6H 5H".split():
    ...     fits ^= FLIPS[Card.parse(code).bit]
    >>> fits == playable_mask(parse_mask("7D 8D 7H 6H 5H"))
    True
    """
    if opening == "7D" and not table & OPENING_CARD.bit:
        return OPENING_CARD.bit
    return (((table >> 1) & BELOW_SEVEN) | ((table << 1) & ABOVE_SEVEN) | SEVENS) & ~table


def fitting(table: int, loose: int, rules: SevensRules) -> int:
    """Every card not on *table* that fits now, under *rules*; *loose* cards lie on the table but are not yet reached.

    A card fits if the card of its suit one rank nearer the seven is on the
    table and reached (:func:`reach` keeps loose cards that a row touches out
    of *loose*), and with ``eight_before_six`` a six only once its eight is down.
    """
    fits = playable_mask(table & ~loose, rules.opening) & ~table
    if rules.eight_before_six:
        fits &= ~(SIXES & ~((table & EIGHTS) >> 2))
    return fits


def outward(cards: int) -> int:
    """The cards next to *cards* on the side away from their sevens (a seven: the six and the eight)."""
    return ((cards >> 1) & BELOW_SEVEN) | ((cards << 1) & ABOVE_SEVEN)


def reach(table: int, loose: int) -> int:
    """*loose* without the cards the rows now reach: a row that touches a loose card runs on through it."""
    while loose:
        reached = table & ~loose
        touched = (outward(reached) | SEVENS) & loose
        if not touched:
            break
        loose &= ~touched
    return loose


def _flips(card: Card, opening: str, eight_before_six: bool = False) -> int:
    bit = card.bit
    # With eight before six a seven opens only upwards, and the eight then lets the six in.
    below = 0 if eight_before_six else bit >> 1
    if card.rank == 8 and eight_before_six:
        return bit | bit << 1 | bit >> 2
    if card == OPENING_CARD and opening == "7D":  # the first card of the deal: all four sevens and its neighbours
        return SEVENS | below | bit << 1
    if card.rank == 7:
        return bit | below | bit << 1
    if card.rank < 7:
        return bit | (bit >> 1 if card.rank > 1 else 0)
    return bit | (bit << 1 if card.rank < 13 else 0)


def flips_for(opening: str, eight_before_six: bool = False) -> dict[int, int]:
    """For each card's bit: the bits that change in :func:`fitting` when that card is played.

    The card itself leaves the set and the next card along its row joins it
    (none after an ace or a king; both neighbours after a seven, and all the
    sevens after the 7♦ when it opens the deal; with eight before six, the six
    joins after the eight instead of the seven). Exact for tables without loose
    cards.
    """
    return {card.bit: _flips(card, opening, eight_before_six) for card in cards_of((1 << 52) - 1)}


FLIPS: dict[int, int] = flips_for("7D")
FLIPS_ANY_SEVEN: dict[int, int] = flips_for("any-seven")
_FLIPS: dict[tuple[str, bool], dict[int, int]] = {("7D", False): FLIPS, ("any-seven", False): FLIPS_ANY_SEVEN}


def flips_of(rules: SevensRules) -> dict[int, int]:
    """The table of :func:`flips_for` for *rules*, made once."""
    key = ("7D" if rules.opening == "7D" else "any-seven", rules.eight_before_six)
    if key not in _FLIPS:
        _FLIPS[key] = flips_for(*key)
    return _FLIPS[key]


def table_problem(table: int, rules: SevensRules = DEFAULT) -> str | None:
    """Why *table* (the cards its rows reach) cannot occur in a deal under *rules*, by their opening, or ``None``
    if it can: the one place that says so, for puzzles, positions and the ``moves`` command alike."""
    if rules.opening == "7D" and table and not table & OPENING_CARD.bit:
        return "the table has cards but not the 7♦, which always opens the deal"
    if rules.opening == "all-sevens" and SEVENS & ~table:
        return "every seven is laid out before the first turn under these rules, so the table holds all four"
    return rows_problem(table)


def rows_problem(table: int) -> str | None:
    """Why *table* is not a set of rows, each a run through its seven; ``None`` if it is."""
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


def why_card_does_not_fit(table: int, card: Card, rules: SevensRules = DEFAULT, loose: int = 0) -> str | None:
    """Why *card* cannot go on *table* (with *loose* cards not yet reached), in plain words; ``None`` if it fits."""
    fits = fitting(table, loose, rules)
    if fits & card.bit:
        return None
    shown = card.display
    if table & card.bit:
        return f"{shown} is already on the table"
    if rules.opening == "7D" and not table & OPENING_CARD.bit:
        if not table:
            return f"{shown} cannot start the deal: the first card must be the {OPENING_CARD.display}"
        return f"{shown} does not fit: nothing but the {OPENING_CARD.display} fits until it is down"
    suit = card.suit
    reached = table & ~loose
    if not row_ends(reached, suit):
        return f"{shown} does not fit: the {suit.plural} row has not started, so only the 7{suit.symbol} can begin it"
    row = describe_row(reached, suit)
    if card.rank == 6 and playable_mask(reached, rules.opening) & card.bit:
        eight = Card.of(8, suit).display
        return f"{shown} does not fit yet: with eight before six, the {eight} must be down before the {shown}"
    nexts = [c.display for c in cards_of(fits & SUIT_MASKS[suit.index])]
    if not nexts:
        reason = f"{shown} does not fit: {row}, and nothing fits next to it now"
    elif len(nexts) == 1:
        reason = f"{shown} does not fit: {row}, so the next {suit.plural[:-1]} is {nexts[0]}"
    else:
        reason = f"{shown} does not fit: {row}, so the next {suit.plural} are {join_words(nexts)}"
    neighbour = card.bit << 1 if card.rank < 7 else card.bit >> 1
    if loose & neighbour:
        lying = Card(neighbour.bit_length() - 1).display
        reason += (
            f" (the {lying} lies on the table, put down by a player who is out, and counts once the row reaches it)"
        )
    return reason


class IllegalMove(ValueError):
    """A move the rules do not allow; the message says why in plain words."""

    def __init__(self, reason: str, position: Position | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.position = position


class Position:
    """Cards on the table, the hands (by seat), the seat whose turn it is, and what the options need besides.

    ``passes`` counts each seat's passes, ``out`` lists the seats put out by
    ``pass_limit`` (in order), ``done`` the seats that emptied their hands (in
    order), ``loose`` the cards put-out players laid that no row reaches yet,
    and ``chips`` each seat's gain or loss once a winner is known (with
    ``scoring=chips``).

    Hands need not hold all the cards that are off the table: a puzzle may
    leave some hands unknown. :meth:`setup` checks that a position can occur;
    the plain constructor trusts its caller, which the game loop and the
    computer players rely on for speed.
    """

    __slots__ = ("chips", "done", "hands", "loose", "out", "passes", "rules", "table", "turn")

    table: int
    hands: tuple[int, ...]
    turn: int
    rules: SevensRules
    loose: int
    passes: tuple[int, ...]
    out: tuple[int, ...]
    done: tuple[int, ...]
    chips: tuple[int, ...] | None

    def __init__(
        self,
        table: int,
        hands: Sequence[int],
        turn: int,
        rules: SevensRules | None = None,
        *,
        loose: int = 0,
        passes: Sequence[int] | None = None,
        out: tuple[int, ...] = (),
        done: tuple[int, ...] = (),
        chips: tuple[int, ...] | None = None,
    ) -> None:
        self.table = table
        self.hands = tuple(hands)
        self.turn = turn
        self.rules = rules if rules is not None else _rules_for(len(self.hands))
        self.loose = loose
        self.passes = tuple(passes) if passes is not None else (0,) * len(self.hands)
        self.out = out
        self.done = done
        self.chips = chips

    # -- construction -------------------------------------------------------

    @classmethod
    def setup(
        cls,
        table: int,
        hands: Sequence[int],
        turn: int | None = None,
        rules: SevensRules | None = None,
    ) -> Position:
        """A checked position; *turn* defaults to the 7♦ holder on an empty table.

        >>> Position.setup(0, [OPENING_CARD.bit, 0, 0, 0]).turn
        0
        """
        rules = rules if rules is not None else _rules_for(len(hands))
        problem = position_problem(table, hands, turn, rules)
        if problem:
            raise ValueError(problem)
        if turn is None:
            turn = opener(hands)
        done = tuple(seat for seat, hand in enumerate(hands) if not hand) if table else ()
        return cls(table, hands, turn, rules, done=done)

    @classmethod
    def deal(cls, hands: Sequence[int], rules: SevensRules | None = None, dealer: int = 0) -> Position:
        """The start of a deal from full hands (as dealt): who opens depends on ``opening``.

        ``7D``: the 7♦ holder; ``any-seven``: the player after the dealer;
        ``all-sevens``: every seven is laid out first, then the 7♦ holder.
        """
        rules = rules if rules is not None else _rules_for(len(hands))
        if len(hands) != rules.players or sum(h.bit_count() for h in hands) != 52 or _overlap(hands):
            raise ValueError(f"a deal needs {rules.players} hands that hold the 52 cards between them")
        if rules.opening == "7D":
            if max(hand.bit_count() for hand in hands) > max_hand(rules.players):
                return cls.setup(0, hands, None, rules)  # which refuses, saying which hand is too big
            return cls(0, hands, opener(hands), rules)  # 52 cards in distinct hands: nothing else to check
        if rules.opening == "any-seven":
            return cls(0, hands, (dealer + 1) % rules.players, rules)
        return cls(SEVENS, [hand & ~SEVENS for hand in hands], opener(hands), rules)

    @classmethod
    def parse(cls, text: str, rules: SevensRules | None = None) -> Position:
        """Read the text form ``TABLE / HAND0 / … / HANDn / TURN`` (3 to 8 hands).

        The table lists cards or runs such as ``5H-8H``; ``-`` is nothing. Text
        that is not a position, or a position that cannot occur in a game, is a
        :class:`ValueError` that names the field and what is wrong with it.
        Without *rules*, the default rules for that many players.
        """
        fields = [f.strip() for f in text.split("/")]
        count = len(fields) - 2
        if (rules is not None and count != rules.players) or not 3 <= count <= 8:
            wanted = f"{rules.players} hands" if rules is not None else "3 to 8 hands"
            raise FieldError(
                "position",
                f"position {text!r} has {len(fields)} fields: expected the table, {wanted} and the turn separated by '/'",
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
        return cls.setup(table, hands, read_number("turn", fields[-1], *seats(count)), rules)

    def text(self) -> str:
        """The text form that :meth:`parse` reads back (table, hands and turn)."""
        hands = " / ".join(format_cards(hand) for hand in self.hands)
        return f"{format_table(self.table)} / {hands} / {self.turn}"

    def __repr__(self) -> str:
        if self.rules == _rules_for(len(self.hands)):
            return f"Position.parse({self.text()!r})"
        return f"Position.parse({self.text()!r}, {self.rules!r})"

    def _key(self) -> tuple[object, ...]:
        # Under plain rules the passes change nothing, and who is done shows in the hands.
        if self.rules.is_plain:
            return (self.table, self.hands, self.turn, self.rules)
        return (self.table, self.hands, self.turn, self.rules, self.loose, self.passes, self.out, self.done)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    # -- reading ----------------------------------------------------------------

    def hand(self, seat: int) -> list[Card]:
        return list(cards_of(self.hands[seat]))

    def counts(self) -> tuple[int, ...]:
        return tuple(hand.bit_count() for hand in self.hands)

    def active(self) -> list[int]:
        """The seats still playing: not finished and not out."""
        gone = set(self.done) | set(self.out)
        return [seat for seat in range(len(self.hands)) if seat not in gone]

    @property
    def is_over(self) -> bool:
        if self.done and self.rules.finish == "first-out":
            return True
        if not self.done and not self.out:
            return False
        return len(self.active()) <= 1

    @property
    def winner(self) -> int | None:
        """The first seat to play its last card, or the one left when all the others are out; ``None`` before."""
        if self.done:
            return self.done[0]
        if self.out and self.is_over:
            left = self.active()
            return left[0] if left else None
        return None

    def places(self) -> list[int] | None:
        """Every seat in finishing order, once the deal is over (see the ``finish`` option)."""
        if not self.is_over:
            return None
        return [*self.done, *self.active(), *reversed(self.out)]

    def fits(self) -> int:
        """Every card that fits now, whoever holds it."""
        return fitting(self.table, self.loose, self.rules)

    def legal_mask(self) -> int:
        if self.is_over:
            return 0
        return fitting(self.table, self.loose, self.rules) & self.hands[self.turn]

    def legal_moves(self) -> list[Card]:
        """The cards the player to move may play; empty means they must pass."""
        return list(cards_of(self.legal_mask()))

    def may_pass(self) -> bool:
        return not self.is_over and (self.rules.voluntary_pass or not self.legal_mask())

    # -- moving -----------------------------------------------------------------

    def why_illegal(self, card: Card | None) -> str | None:
        """Why playing *card* (or passing, for ``None``) is not allowed now; ``None`` if it is."""
        if self.is_over:
            if self.done and self.rules.finish == "first-out":
                return "the deal is over: a player has played their last card"
            return "the deal is over: only one player is left"
        if card is None:
            legal = self.legal_moves()
            if not legal or self.rules.voluntary_pass:
                return None
            shown = [c.display for c in legal]
            verb = "fits" if len(shown) == 1 else "fit"
            return f"you must play: {join_words(shown)} {verb}"
        if not self.hands[self.turn] & card.bit:
            if self.table & card.bit:
                return f"{card.display} is already on the table"
            return f"{card.display} is not in your hand"
        return why_card_does_not_fit(self.table, card, self.rules, self.loose)

    def play(self, card: Card) -> Position:
        """The position after the player to move plays *card*; :class:`IllegalMove` if they may not."""
        reason = self.why_illegal(card)
        if reason:
            raise IllegalMove(reason, self)
        return self.after(card)

    def pass_turn(self) -> Position:
        """The position after the player to move passes; :class:`IllegalMove` if they may not."""
        reason = self.why_illegal(None)
        if reason:
            raise IllegalMove(reason, self)
        return self.after(None)

    def after(self, card: Card | None) -> Position:
        """The next position, unchecked: *card* must be legal (``None`` for a pass)."""
        seat = self.turn
        hands = self.hands
        players = len(hands)
        rules = self.rules
        if card is not None and rules.is_plain and not self.loose:  # the common case, kept short
            hands = (*hands[:seat], hands[seat] & ~card.bit, *hands[seat + 1 :])
            if not hands[seat]:
                return Position(self.table | card.bit, hands, seat, rules, passes=self.passes, done=(seat,))
            return Position(self.table | card.bit, hands, (seat + 1) % players, rules, passes=self.passes)
        table, loose, passes, out, done = self.table, self.loose, self.passes, self.out, self.done
        if card is not None:
            hands = (*hands[:seat], hands[seat] & ~card.bit, *hands[seat + 1 :])
            table |= card.bit
            if not hands[seat]:
                done = (*done, seat)
        else:
            passes = (*passes[:seat], passes[seat] + 1, *passes[seat + 1 :])
            if rules.pass_limit is not None and passes[seat] > rules.pass_limit:
                table |= hands[seat]
                loose |= hands[seat]
                hands = (*hands[:seat], 0, *hands[seat + 1 :])
                out = (*out, seat)
        if loose:
            loose = reach(table, loose)
        chips = self.chips
        position = Position(table, hands, seat, rules, loose=loose, passes=passes, out=out, done=done, chips=chips)
        if chips is None and rules.scoring == "chips" and position.winner is not None:
            position.chips = settle(position)
        if not position.is_over:
            gone = set(done) | set(out)
            nxt = (seat + 1) % players
            while nxt in gone:
                nxt = (nxt + 1) % players
            position.turn = nxt
        elif position.winner is not None:
            position.turn = position.winner
        return position


def settle(position: Position) -> tuple[int, ...]:
    """Each seat's chips at the moment the winner is known: 1 in the pool each, 1 a pass, and the winner takes the
    pool and 1 chip for each card left in each other hand."""
    winner = position.winner
    assert winner is not None
    paid = [1 + passes for passes in position.passes]
    chips = [-count for count in paid]
    chips[winner] += sum(paid)
    for seat, hand in enumerate(position.hands):
        if seat != winner:
            chips[seat] -= hand.bit_count()
            chips[winner] += hand.bit_count()
    return tuple(chips)


def _rules_for(players: int) -> SevensRules:
    return DEFAULT if players == DEFAULT.players else SevensRules(players=players)


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


def max_hand(players: int) -> int:
    """The most cards a hand holds when 52 are dealt among *players*."""
    return -(-52 // players)


def position_problem(table: int, hands: Sequence[int], turn: int | None, rules: SevensRules = DEFAULT) -> str | None:
    """Why this table, these hands and this turn cannot occur under *rules*, or ``None``."""
    players = rules.players
    if len(hands) != players:
        return f"expected {players} hands, got {len(hands)}"
    problem = table_problem(table, rules)
    if problem:
        return problem
    most = max_hand(players)
    for seat, hand in enumerate(hands):
        if hand & table:
            return f"hand {seat} holds {format_cards(hand & table, display=True)}, already on the table"
        if hand.bit_count() > most:
            return f"hand {seat} has {hand.bit_count()} cards; nobody holds more than {most}"
    shared = _overlap(hands)
    if shared:
        verb = "is" if shared.bit_count() == 1 else "are"
        return f"{format_cards(shared, display=True)} {verb} in two hands"
    if turn is not None:
        try:
            whole_number("turn", turn, *seats(players))
        except ValueError as error:
            return str(error)
    if rules.opening != "7D":
        if turn is None:
            return "whose turn it is must be given"
        return None
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
        else:  # not a real row (loose cards, or unchecked input); list the cards
            words.append(format_cards(table & SUIT_MASKS[suit.index]))
    return " ".join(words) if words else "-"
