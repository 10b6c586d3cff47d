"""Which hands need a "Last cards" call: could the whole hand go down as one turn on some top card?

A turn is a path through the hand's cards in which each card follows the one before by the chain rule (same
rank, or same suit one rank up or down) or, under ``queen_cover=true``, covers a queen (any card may), and which,
under ``queen_cover=true``, does not end on a queen. Searching the orders is exponential; this module decides the
question exactly with work bounded per rank by what two neighbouring ranks hold (a constant, but a large one for two
packs; see the last point below), by the structure of the links:

- Split a turn at every step that changes rank by one in the same suit: it falls into *runs* (a run goes along one
  suit, one rank a step, and may turn back with a second pack: 5♥ 6♥ 5♥ 6♥), joined by steps within one rank or
  by a queen's cover. Within a rank any card may follow any other, so what matters of a run is the rank it starts
  at and the rank it ends at: it is an arc between two points of the ranks, and a turn is a walk along those arcs
  that uses each once, jumping only from a queen.
- An arc's start is a departure from its rank, its end an arrival there. The walk goes on from every arrival by a
  departure from the same rank, except at the turn's last card, and (``queen_cover=true``) at a queen, from which
  it may jump anywhere. So at every rank the arrivals are at most the departures, once with one to spare for the
  last card, and, with queens covered, anything goes at the queens' rank. The arcs must also hang together
  (connected through the ranks where they end); with queens covered, one part may hang apart, the one the turn
  ends in, reached by a jump.
- These conditions are enough (Euler's argument: arcs balanced so can be walked as paths from surplus to deficit,
  closed loops spliced into them where they touch), so the search is over how to split the suits into runs and
  which way each runs: a dynamic programme over the ranks, ace to king, that remembers only what crosses from one
  rank to the next (each card of the next rank: whether a run arrives at it from below or leaves it downwards, and
  which connected part it belongs to), never the order of the cards.
- Before that, a hand whose cards fall into more parts than a jump can bridge (no card of one part may follow a card
  of another: two parts when a queen must be covered, else one) is answered no at once. Within the programme, of two
  states one that can do all the other can (fewer arrivals over at a rank, some run ending off the queens, its parts
  joining the other's) replaces the other. The number of states is still not bounded by a polynomial in the worst
  case: two-pack hands that need the queens' jumps can take some hundred thousand steps.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

__all__ = ["one_turn"]

_QUEEN = 11  # a card's index % 13 for a queen
_HAS_QUEEN, _HAS_END = 1, 2  # flags of a connected part: a run ends at a queen; the turn's spare arrival is in it

Copy = tuple[
    int, int, int
]  # one card of the next rank: a run arrives at it from below (0/1), leaves it downwards, its part


@lru_cache(maxsize=512)
def _links(
    here: tuple[tuple[int, int], ...], above: int, directed: bool
) -> tuple[tuple[tuple[int, int, bool], ...], ...]:
    """Every way to link the cards of one suit at this rank with the *above* cards of that suit one rank up: sets
    of steps ``(i, j, up)``, card *i* here to card *j* above (*up*: the run goes up; undirected: always true).

    *here* gives, for each card, what reaches it from below: directed, whether a run arrives at it and whether one
    leaves it downwards (a card has at most one step in and one out); undirected, how many steps (at most two)."""
    pairs = [(i, j) for i in range(len(here)) for j in range(above)]
    ways = []
    for choice in product((0, 1, 2) if directed else (0, 1), repeat=len(pairs)):
        steps = tuple((i, j, way == 1) for (i, j), way in zip(pairs, choice, strict=True) if way)
        ins = [into for into, _ in here] + [0] * above
        outs = [out for _, out in here] + [0] * above
        for i, j, up in steps:
            source, target = (i, len(here) + j) if up else (len(here) + j, i)
            outs[source] += 1
            ins[target] += 1
        if directed:
            fits = max(ins, default=0) <= 1 and max(outs, default=0) <= 1
        else:
            fits = all(a + b <= 2 for a, b in zip(ins, outs, strict=True))
        if fits:
            ways.append(steps)
    return tuple(ways)


def one_turn(counts: tuple[int, ...], queen_cover: bool) -> tuple[bool, int]:
    """Whether the cards (*counts*: how many of each card index ``suit * 13 + rank - 1`` the hand holds, at least
    two cards in all) can be laid as one turn, and the work done (the steps of the programme, which the ranks bound).

    Without queens to jump from, a turn is one walk along the runs, and the direction of a run does not matter:
    Euler's condition (the runs hang together, and at most two ranks have an odd number of run ends) is enough, so
    the programme counts run ends instead of directing runs. With ``queen_cover=true`` a walk with no jump is tried so
    first (it must be able to end off the queens); only if there is none are the runs directed.

    >>> from engine.core.cards import parse_cards
    >>> def hand(text):
    ...     counts = [0] * 52
    ...     for card in parse_cards(text):
    ...         counts[card.index] += 1
    ...     return tuple(counts)
    >>> one_turn(hand("5S 6S 6C 6D 7D 7C"), True)[0], one_turn(hand("4H 5H 6H 5C"), True)[0]
    (True, False)
    >>> one_turn(hand("2C QD"), True)[0], one_turn(hand("2C QD"), False)[0]
    (True, False)
    """
    jumps = queen_cover and any(counts[suit * 13 + _QUEEN] for suit in range(4))
    if _parts(counts) > (2 if jumps else 1):
        return False, 1  # a turn crosses between parts only by a jump from a queen, and all the queens are in one part
    found, work = _one_turn(counts, queen_cover, directed=False)
    if found or not jumps:
        return found, work
    found, more = _one_turn(counts, queen_cover, directed=True)
    return found, work + more


def _follow(card: int) -> tuple[int, ...]:
    """The cards that may follow *card* by the chain rule: the same rank, or the same suit one rank up or down."""
    rank = card % 13
    same = tuple(other * 13 + rank for other in range(4))
    return same + ((card - 1,) if rank else ()) + ((card + 1,) if rank < 12 else ())


_FOLLOW = tuple(_follow(card) for card in range(52))


def _parts(counts: tuple[int, ...]) -> int:
    """How many parts the cards fall into, two cards in one part when one may follow the other by the chain rule."""
    seen: set[int] = set()
    parts = 0
    for card in range(52):
        if counts[card] and card not in seen:
            parts += 1
            seen.add(card)
            todo = [card]
            while todo:
                for other in _FOLLOW[todo.pop()]:
                    if counts[other] and other not in seen:
                        seen.add(other)
                        todo.append(other)
    return parts


# A position between two ranks: the cards of the next rank (per suit, sorted), each connected part's flags, the flags
# of the parts closed so far (sorted), the spare ends used (directed: the turn's last arrival; undirected: ranks with
# an odd number of run ends), and whether some run ends off the queens.
Position = tuple[tuple[tuple[Copy, ...], ...], tuple[int, ...], tuple[int, ...], int, bool]
# Within a rank, suit by suit: the suits of this rank still to link, the cards of the rank above reached so far, the
# parts' flags, the closed parts' flags, the rank's own part (-1: none yet), its arrivals less departures
# (undirected: the steps at its cards), the spare ends used and *plain*.
Inner = tuple[
    tuple[tuple[Copy, ...], ...], tuple[tuple[Copy, ...], ...], tuple[int, ...], tuple[int, ...], int, int, int, bool
]


@lru_cache(maxsize=4096)
def _one_turn(counts: tuple[int, ...], queen_cover: bool, *, directed: bool) -> tuple[bool, int]:
    limit = 2 if directed else 1  # connected parts a turn can cover: one, and one more reached by a jump
    first = tuple(((0, 0, -1),) * counts[suit * 13] for suit in range(4))
    positions: set[Position] = {(first, (), (), 0, False)}
    work = 0
    for rank in range(13):
        queens = queen_cover and rank == _QUEEN
        inner: set[Inner] = {
            (below, (), flags, closed, -1, 0, spare, plain) for below, flags, closed, spare, plain in positions
        }
        for suit in range(4):
            above = counts[suit * 13 + rank + 1] if rank < 12 else 0
            grown: set[Inner] = set()
            for state in inner:
                for steps in _links(tuple((a, b) for a, b, _ in state[0][0]), above, directed):
                    work += 1
                    step = _step(state, above, steps, queens, directed, limit)
                    if step is not None:
                        grown.add(step)
            inner = _least(grown, directed)
        after: dict[tuple[object, ...], set[tuple[int, bool]]] = {}
        for state in inner:
            work += 1
            position = _close(state, queens, limit, directed)
            if position is not None:
                after.setdefault(position[:3], set()).add(position[3:])
        # Of two positions alike but for the spare ends used and whether some run ends off the queens, the one with
        # fewer used and that can end off the queens can do all the other can: keep only such.
        kept = set()
        for (below, flags, closed), finishes in after.items():
            for used, ends in finishes:
                if not any((u, e) != (used, ends) and u <= used and e >= ends for u, e in finishes):
                    kept.add((below, flags, closed, used, ends))
        positions = _coarsest(kept)  # type: ignore[arg-type]
    return any(_turn(closed, plain, queen_cover, directed) for _, _, closed, _, plain in positions), work


def _least(states: set[Inner], directed: bool) -> set[Inner]:
    """Within a rank, of two states alike but for the rank's arrivals less departures so far and whether some run
    ends off the queens, keep the one with fewer arrivals over and a run ending off the queens, which can do all the
    other can (the rank's balance is checked only at its end, for a surplus of arrivals). Undirected, only the parity
    of the steps at the rank's cards counts."""
    best: dict[Inner, set[tuple[int, bool]]] = {}
    for pending, done, flags, closed, own, balance, spare, plain in states:
        key = (pending, done, flags, closed, own, 0, spare, False)
        best.setdefault(key, set()).add((balance if directed else balance % 2, plain))
    kept: set[Inner] = set()
    for (pending, done, flags, closed, own, _, spare, _), finishes in best.items():
        for balance, plain in finishes:
            if directed and any((b, e) != (balance, plain) and b <= balance and e >= plain for b, e in finishes):
                continue
            kept.add((pending, done, flags, closed, own, balance, spare, plain))
    return kept


def _coarsest(positions: set[Position]) -> set[Position]:
    """Of two positions alike but for how the cards of the next rank hang together, the one whose parts join the
    other's (with the same flags, each the union of those of the parts it joins) can do all the other can: whatever
    follows, its parts end up as unions of the other's, so it never closes more parts than the other, and a turn made
    of the other's two last parts (one reached by a jump) is made of its one part too. Keep only such."""
    groups: dict[tuple[object, ...], list[Position]] = {}
    for position in positions:
        below, _, closed, spare, plain = position
        shape = tuple(tuple(card[:2] for card in suit) for suit in below)
        groups.setdefault((shape, closed, spare, plain), []).append(position)
    kept: set[Position] = set()
    for group in groups.values():
        group.sort(key=lambda position: len(position[1]))
        coarse: list[Position] = []
        for position in group:
            if not any(_joins(other, position) for other in coarse):
                coarse.append(position)
        kept.update(coarse)
    return kept


def _joins(coarse: Position, fine: Position) -> bool:
    """Whether each part of *fine* lies within one part of *coarse*, whose flags are the union of those of the parts
    of *fine* within it (the cards of each suit compared in order: copies alike but for their part are the same)."""
    into: dict[int, int] = {}
    for coarse_suit, fine_suit in zip(coarse[0], fine[0], strict=True):
        for (_, _, big), (_, _, small) in zip(coarse_suit, fine_suit, strict=True):
            if (big < 0) != (small < 0) or into.setdefault(small, big) != big:
                return False
    union = [0] * len(coarse[1])
    for small, big in into.items():
        if small >= 0:
            union[big] |= fine[1][small]
    return union == list(coarse[1])


def _step(
    state: Inner,
    above: int,
    steps: tuple[tuple[int, int, bool], ...],
    queens: bool,
    directed: bool,
    limit: int,
) -> Inner | None:
    """The next suit of a rank linked to the same suit one rank up by *steps*: the state within the rank afterwards,
    in one canonical form (``None``: no turn can come of it)."""
    pending, done_suits, flags, closed, own, balance, spare, plain = state
    here, rest = pending[0], pending[1:]
    parts = list(flags)
    labels = []
    for _, _, part in here:
        if part < 0:  # a card no run reaches from below starts a part of its own
            parts.append(0)
            part = len(parts) - 1
        labels.append(part)
    later = [[list(card) for card in suit] for suit in rest]
    done = [[list(card) for card in suit] for suit in done_suits]
    new = [[0, 0, -1] for _ in range(above)]
    cards = [card for suit in (*later, *done, new) for card in suit]
    merged = set()

    def join(a: int, b: int) -> int:
        """Merge part *b* into part *a* everywhere; return *a*."""
        nonlocal own
        if a != b:
            parts[a] |= parts[b]
            merged.add(b)
            for card in cards:
                if card[2] == b:
                    card[2] = a
            labels[:] = [a if label == b else label for label in labels]
            if own == b:
                own = a
        return a

    ins = [into for into, _, _ in here]
    outs = [out for _, out, _ in here]
    for i, j, up in steps:
        if up:
            outs[i] += 1
            new[j][0] += 1
        else:
            ins[i] += 1
            new[j][1] = 1
        new[j][2] = labels[i] if new[j][2] < 0 else join(new[j][2], labels[i])
    for i in range(len(here)):
        if directed:
            if ins[i] and outs[i]:
                continue  # in the middle of a run: it does not touch its rank
            balance += (not outs[i]) - (not ins[i])  # a run ends here (an arrival) or starts here (a departure)
            plain = plain or (not outs[i] and not queens)
        else:
            steps_here = ins[i] + outs[i]
            balance += steps_here  # the rank's run ends are two a card less these, so of the same parity
            if steps_here == 2:
                continue
            plain = plain or not queens
        own = labels[i] if own < 0 else join(own, labels[i])
        if queens:
            parts[own] |= _HAS_QUEEN
    done.append(new)
    # Number the parts afresh in the order they are met; a part met nowhere reaches no further: it is closed.
    order: dict[int, int] = {}
    for suit in (*later, *done):
        for card in sorted(suit):
            if card[2] >= 0 and card[2] not in order:
                order[card[2]] = len(order)
    if own >= 0 and own not in order:
        order[own] = len(order)
    gone = [parts[part] for part in range(len(parts)) if part not in order and part not in merged]
    closed = tuple(sorted((*closed, *gone)))
    if len(closed) > limit or (order and len(closed) >= limit):
        return None

    def renumbered(suit: list[list[int]]) -> tuple[Copy, ...]:
        return tuple(sorted((a, b, order.get(c, -1)) for a, b, c in suit))

    return (
        tuple(renumbered(suit) for suit in later),
        tuple(renumbered(suit) for suit in done),
        tuple(parts[part] for part in sorted(order, key=order.__getitem__)),
        closed,
        order.get(own, -1),
        balance,
        spare,
        plain,
    )


def _close(state: Inner, queens: bool, limit: int, directed: bool) -> Position | None:
    """The end of a rank: check its run ends, close the parts that reach no further, and write the position in one
    canonical form (``None``: no turn can come of it)."""
    _, done, flags, closed, own, balance, spare, plain = state
    parts = list(flags)
    if directed:
        if balance > 0 and not queens:
            if balance > 1 or spare:
                return None  # more runs end at this rank than leave it, beyond the turn's last card
            spare = 1
            parts[own] |= _HAS_END
    elif balance % 2:
        spare += 1
        if spare > 2:
            return None  # a third rank with an odd number of run ends: no walk uses every run once
    # A card that runs both reach from below and leave from below takes no further step: it is done with.
    done = tuple(tuple(card for card in suit if card[0] + card[1] < 2) for suit in done)
    order: dict[int, int] = {}
    for suit in done:
        for _, _, part in suit:
            if part >= 0 and part not in order:
                order[part] = len(order)
    closed = tuple(sorted((*closed, *(parts[part] for part in range(len(parts)) if part not in order))))
    if len(closed) > limit or (order and len(closed) >= limit):
        return None
    suits = tuple(tuple(sorted((a, b, order.get(c, -1)) for a, b, c in suit)) for suit in done)
    return suits, tuple(parts[part] for part in sorted(order, key=order.__getitem__)), closed, spare, plain


def _turn(closed: tuple[int, ...], plain: bool, queen_cover: bool, directed: bool) -> bool:
    """Whether the parts, all closed at the end, make one turn."""
    if not directed:
        return len(closed) == 1 and (plain or not queen_cover)
    if len(closed) == 1:
        return plain  # the turn ends off the queens
    queen_parts = [flags for flags in closed if flags & _HAS_QUEEN]
    return len(closed) == 2 and len(queen_parts) == 1 and not queen_parts[0] & _HAS_END
