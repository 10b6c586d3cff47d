"""Sam: plays Alex's habits, and thinks ahead once the end of the deal is in sight.

Until some player is down to THINK_WHEN cards Sam plays as Alex does. From then
on it plays the deal out many times in its head. It cannot see the other hands
or the order of the stock, but it knows every card laid on the pile, so the
cards it cannot see are the pack less its own hand and the pile. For each
imagined deal it shares those cards out at random, as many to each player as
they hold and the rest to the stock, keeping to what the table has shown (as
every computer player plays): a player who drew or passed held nothing that
fitted then (:func:`misses`), and a player of two to four cards who did not
call "Last cards" cannot lay its hand in one turn, while one who called at the
end of a turn that laid cards can (:func:`calls_known`). Then it tries each of
Alex's best few turns (and the best turn that ends on a wild card naming each
other suit it keeps), lays it, and plays the deal on with quick habits for
everyone: answer a pick-up when possible, lay a card that fits (ordinary cards
first, the suit held most; pick-ups and skips first when the next player holds
two cards or fewer), run a chain on from it, draw when nothing fits. Every
candidate meets the same imagined deals, and Sam plays the one that won most
often. The work of one decision is counted in turns played in its play-outs
and capped, so its time is bounded whatever the deal; everything is seeded, so
a game replays exactly.

The play-outs use only integers: a card is its index 0..51 (two packs just hold
an index twice), hands are lists.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from ...core.cards import ALL_CARDS, Card, Rank, Suit
from ...core.pile import Reshuffled
from ..rules import UP_TO, Rules
from ..state import Chain, Draw, Move, Pass, Penalty, PickUp, State
from ..view import PlayerView
from .alex import AlexPlayer, _reason, turn_score
from .base import Decision, cards_words, chains_from, favourite_suit

__all__ = ["SamPlayer", "play_out"]

# Sam thinks ahead once some player holds this many cards or fewer; before, it plays Alex's choice.
THINK_WHEN = 3
# Alex's best turns Sam compares. (Measured against three Alexes on 100 duplicate deals: four turns and a draw,
# with another turn chosen over Alex's only when it won 1.5 square roots more often and 2,500 turns of work,
# won 26.2%; three turns, 1.0 square roots and 3,000 turns 27.3%.)
CANDIDATES = 3
# Turns the play-outs of one decision may take in all (counted, not timed, so a game replays exactly).
WORK = 3_000
# A play-out stops without a winner after this many turns.
HORIZON = 80
_MIN_SAMPLES = 6
# "Last cards" calls are read for the hands of two to this many cards; a hand that disagrees is dealt again, up
# to this many times.
CALLS_UP_TO = 4
CALL_TRIES = 30
# How clearly another turn must beat Alex's choice: its extra wins, in square roots of the two counts' sum.
SURE = 1.0


_RANK = tuple(card % 13 + 1 for card in range(52))
_SUIT = tuple(card // 13 for card in range(52))
_BLACK_JACK = tuple(card % 13 == 10 and card // 13 in (0, 3) for card in range(52))  # J♣, J♠
_RED_JACK = tuple(card % 13 == 10 and card // 13 in (1, 2) for card in range(52))


class _Quick:
    """The options the play-outs ask, as integers and tables by card index."""

    def __init__(self, rules: Rules) -> None:
        self.players = rules.players
        self.chains = rules.chains
        self.wild = int(rules.wild_rank or 0)
        self.skip = int(rules.skip_rank or 0)
        self.reverse = int(rules.reverse_rank or 0)
        self.twos = rules.twos
        self.jack = rules.jack_value
        self.apart = rules.twos_and_jacks == "apart"
        self.queen = rules.queen_cover
        self.draw = rules.draw
        self.reshuffle = rules.stock_out == "reshuffle"
        self.power_finish = rules.power_finish
        self.power = tuple(rules.is_power(card) for card in ALL_CARDS)
        # A card the quick habits keep for last: a wild card or a pick-up card.
        self.keep = tuple(
            _RANK[card] == self.wild or (self.twos and _RANK[card] == 2) or (self.jack > 0 and _BLACK_JACK[card])
            for card in range(52)
        )
        # A card that hurts the next player: a pick-up card or a skip.
        self.hurt = tuple(
            _RANK[card] == self.skip or (self.twos and _RANK[card] == 2) or (self.jack > 0 and _BLACK_JACK[card])
            for card in range(52)
        )
        # A card that answers a pick-up of twos only, of black jacks only, or of both.
        two = [self.twos and _RANK[card] == 2 for card in range(52)]
        black = [self.jack > 0 and _BLACK_JACK[card] for card in range(52)]
        red = [self.jack > 0 and _RED_JACK[card] for card in range(52)]
        if self.apart:
            self.answers = (tuple(two), tuple(b or r for b, r in zip(black, red, strict=True)), tuple(red))
        else:
            self.answers = (
                tuple(t or b for t, b in zip(two, black, strict=True)),
                tuple(t or b or r for t, b, r in zip(two, black, red, strict=True)),
                tuple(t or b or r for t, b, r in zip(two, black, red, strict=True)),
            )


def play_out(
    q: _Quick,
    hands: list[list[int]],
    stock: list[int],
    pile: list[int],
    suit: int,
    direction: int,
    turn: int,
    twos: int,
    jacks: int,
    rng: random.Random,
    horizon: int = HORIZON,
    first_turn: Sequence[int] = (),
    named: int = -1,
) -> tuple[int, int]:
    """Play a deal on with quick habits for everyone: (the winner, or -1 if none by the horizon; turns played).

    *stock* and *pile* are top last. Everything passed in is changed. A non-empty *first_turn* is the turn the
    player on turn lays first (cards it holds, in a legal order), naming suit *named* if it ends on a wild card.
    """
    players = q.players
    keep, hurt = q.keep, q.hurt
    wild, queen, chains = q.wild, q.queen, q.chains
    rank_of, suit_of = _RANK, _SUIT
    passes = 0

    def take(hand: list[int], count: int) -> int:
        got = 0
        for _ in range(count):
            if not stock:
                if not q.reshuffle or len(pile) < 2:
                    break
                under = pile[:-1]
                del pile[:-1]
                rng.shuffle(under)
                stock.extend(under)
            hand.append(stock.pop())
            got += 1
        return got

    for turns in range(1, horizon + 1):
        hand = hands[turn]
        if first_turn:
            laid = list(first_turn)
            first_turn = ()
            for card in laid:
                hand.remove(card)
        else:
            named = -1
            first = -1
            # Close: the next player holds two cards or fewer, so pick-ups and skips are spent, not kept.
            close = len(hands[(turn + direction) % players]) <= 2
            if twos or jacks:
                answers = q.answers[2] if twos and jacks else q.answers[1] if jacks else q.answers[0]
                for card in hand:
                    if answers[card]:
                        first = card
                        break
                if first < 0:
                    take(hand, twos + jacks)
                    twos = jacks = 0
                    passes = 0
                    turn = (turn + direction) % players
                    continue
            else:
                top_rank = rank_of[pile[-1]]
                counts = [0, 0, 0, 0]
                for card in hand:
                    counts[suit_of[card]] += 1
                best = -99
                for card in hand:
                    rank = rank_of[card]
                    if rank in (wild, top_rank) or suit_of[card] == suit:
                        if close:
                            score = counts[suit_of[card]] + (20 if hurt[card] else 0)
                        else:
                            score = counts[suit_of[card]] - (20 if keep[card] else 0)
                        if score > best:
                            first, best = card, score
                if first < 0:
                    drawn = 0
                    limit = 1 if q.draw == "one" else UP_TO if q.draw == "up-to-5" else 1000
                    while drawn < limit and take(hand, 1):
                        drawn += 1
                        card = hand[-1]
                        if q.draw != "one" and (
                            rank_of[card] == wild or suit_of[card] == suit or rank_of[card] == top_rank
                        ):
                            first = card
                            break
                    if first < 0:
                        passes = passes + 1 if not drawn and not stock else 0
                        if passes >= players + 1:
                            return -1, turns
                        turn = (turn + direction) % players
                        continue
            hand.remove(first)
            laid = [first]
            last = first
            while hand:
                if queen and rank_of[last] == 12:
                    nxt = hand[0]
                    for card in hand:
                        if not keep[card]:
                            nxt = card
                            break
                elif chains:
                    nxt = -1
                    last_rank, last_suit = rank_of[last], suit_of[last]
                    for card in hand:
                        if keep[card] and not close:
                            continue
                        if rank_of[card] == last_rank or (
                            suit_of[card] == last_suit
                            and (rank_of[card] - last_rank == 1 or last_rank - rank_of[card] == 1)
                        ):
                            nxt = card
                            break
                    if nxt < 0:
                        break
                else:
                    break
                hand.remove(nxt)
                laid.append(nxt)
                last = nxt
        passes = 0
        last = laid[-1]
        pile.extend(laid)
        skips = reverses = 0
        for card in laid:
            rank = rank_of[card]
            if rank == q.skip:
                skips += 1
            elif rank == q.reverse:
                reverses += 1
            elif q.twos and rank == 2:
                twos += 2
            elif q.jack and rank == 11:
                if _BLACK_JACK[card]:
                    jacks += q.jack
                else:
                    jacks = 0
        if not hand:
            if not (queen and rank_of[last] == 12) and (q.power_finish or not q.power[last]):
                return turn, turns
            take(hand, 1)
        if rank_of[last] == wild and hand:
            if named >= 0:
                suit = named
            else:
                counts = [0, 0, 0, 0]
                for card in hand:
                    counts[suit_of[card]] += 1
                suit = counts.index(max(counts))
        else:
            suit = suit_of[last]
        if players == 2:
            skips += reverses
        elif reverses % 2:
            direction = -direction
        for _ in range(1 + skips):
            turn = (turn + direction) % players
    return -1, horizon


def misses(view: PlayerView) -> dict[int, tuple[int, Rank, Suit]]:
    """What each other seat is known not to hold, as every computer player draws (and passes) only when nothing
    fits: for a seat whose last turn drew with nothing pending, or passed, how many of its cards it held then and
    did not lay since, none of which fitted the top card's rank, the suit to follow or the wild rank. Under
    ``draw=until-play`` or ``up-to-5`` a seat that drew and then laid kept only cards that had not fitted before
    its draws (it lays as soon as a card fits)."""
    rules = view.rules
    top: Card | None = view.pile[0] if not any(isinstance(e, Reshuffled) for e in view.history) else None
    suit: Suit | None = top.suit if top is not None else None
    known: dict[int, tuple[int, Rank, Suit]] = {}
    taken = [0] * rules.players
    drew: dict[int, tuple[int, Rank, Suit]] = {}  # seats drawing in this turn (until-play, up-to-5), before it
    for event in view.history:
        if isinstance(event, Penalty):
            taken[event.seat] += event.got
            continue
        if not isinstance(event, Move):
            continue
        action, seat = event.action, event.seat
        if isinstance(action, Chain):
            if seat in drew:
                known[seat] = drew.pop(seat)
                taken[seat] = 0
            else:
                known.pop(seat, None)
            top = action.cards[-1]
            suit = action.suit if action.suit is not None else top.suit
        elif isinstance(action, PickUp):
            taken[seat] += event.got
        elif top is None or suit is None:
            continue
        elif isinstance(action, Draw) and rules.draw == "one":
            if seat not in known:
                taken[seat] = 0
            known[seat] = (-1, top.rank, suit)  # its count is settled below
            taken[seat] += 1
        elif isinstance(action, Draw):
            drew.setdefault(seat, (-1, top.rank, suit))
        elif isinstance(action, Pass):
            drew.pop(seat, None)
            known[seat] = (-1, top.rank, suit)
            taken[seat] = 0
    result = {}
    for seat, (_, rank, named) in known.items():
        held = view.counts[seat] - taken[seat]
        if seat != view.seat and held > 0:
            result[seat] = (held, rank, named)
    return result


def one_turn(q: _Quick, hand: Sequence[int]) -> bool:
    """Whether *hand* (card indexes) could all be laid as one turn, as :func:`~engine.blackjack.state.needs_call`
    asks, for a hand of a few cards."""
    count = len(hand)
    if count <= 1:
        return count == 1
    if not q.chains:
        return False
    queen = q.queen
    full = (1 << count) - 1

    def on(used: int, last: int) -> bool:
        if used == full:
            return not (queen and _RANK[last] == 12)
        covering = queen and _RANK[last] == 12
        for j in range(count):
            if not used >> j & 1:
                card = hand[j]
                if (
                    covering
                    or _RANK[card] == _RANK[last]
                    or (_SUIT[card] == _SUIT[last] and abs(_RANK[card] - _RANK[last]) == 1)
                ) and on(used | 1 << j, card):
                    return True
        return False

    return any(on(1 << i, hand[i]) for i in range(count))


def calls_known(view: PlayerView) -> dict[int, bool]:
    """For each other seat of two to CALLS_UP_TO cards: whether its hand could be laid as one turn, as its "Last
    cards" call tells (every computer player calls whenever it must): no call says it could not; a call at the
    end of a turn that laid cards says it could (a call with a draw or a pick-up may be only a precaution)."""
    if not view.rules.last_cards:
        return {}
    laid_last: dict[int, bool] = {}
    for event in view.history:
        if isinstance(event, Move):
            laid_last[event.seat] = isinstance(event.action, Chain)
    result = {}
    for seat, count in enumerate(view.counts):
        if seat == view.seat or not 2 <= count <= CALLS_UP_TO:
            continue
        if not view.called[seat]:
            result[seat] = False
        elif laid_last.get(seat, False):
            result[seat] = True
    return result


def _deal_hidden(
    q: _Quick,
    hidden: Sequence[int],
    counts: Sequence[int],
    seat: int,
    known: dict[int, tuple[int, int, int]],
    calls: dict[int, bool],
    rng: random.Random,
) -> tuple[list[list[int]], list[int]]:
    """The *hidden* cards shared out at random: each other hand as many as it holds, the rest the stock (top last).
    A seat known to miss some cards gets, for the cards it held at its draw, cards that did not fit then, while
    there are such; a seat whose call tells whether its hand is one turn gets a hand that agrees, when one of
    CALL_TRIES random hands does."""
    pool = list(hidden)
    rng.shuffle(pool)
    hands: list[list[int]] = [[] for _ in counts]
    wild = q.wild
    for other in sorted(range(len(counts)), key=lambda s: s not in known and s not in calls):
        count = counts[other]
        if other == seat or not count:
            continue
        if other not in known and other not in calls:
            hands[other] = pool[-count:]
            del pool[-count:]
            continue
        size = len(pool)
        missing: list[int] = []
        want = 0  # cards to come from those that did not fit
        if other in known:
            held, rank, named = known[other]
            missing = [i for i, card in enumerate(pool) if _RANK[card] not in (rank, wild) and _SUIT[card] != named]
            want = min(held, count, len(missing))
        picked: list[int] = []
        for _ in range(CALL_TRIES):
            picked = rng.sample(missing, want) if want else []
            chosen = set(picked)
            while len(picked) < count:
                i = rng.randrange(size)
                if i not in chosen:
                    chosen.add(i)
                    picked.append(i)
            if other not in calls or one_turn(q, [pool[i] for i in picked]) == calls[other]:
                break
        chosen = set(picked)
        hands[other] = [pool[i] for i in picked]
        pool = [card for i, card in enumerate(pool) if i not in chosen]
    return hands, pool


class SamPlayer(AlexPlayer):
    name = "sam"

    def plan(self, view: PlayerView, state: State) -> Decision | None:
        if state.laid or min(view.counts) > THINK_WHEN:
            return super().plan(view, state)
        unseen = Counter(view.unseen())
        scored: list[tuple[float, tuple[Card, ...], Suit | None]] = []
        for chain in chains_from(state, view.seat, 3000):
            score, suit = turn_score(view, state, chain, unseen)
            scored.append((score, chain, suit))
        if not scored:
            return None
        scored.sort(key=lambda item: -item[0])
        if scored[0][0] >= 10_000:  # Alex goes out: nothing to think about
            return super().plan(view, state)
        candidates: list[Chain] = []
        for _, chain, suit in scored:
            if len(candidates) >= CANDIDATES:
                break
            named = suit
            if named is None and view.rules.is_wild(chain[-1]):
                named = favourite_suit(view.rules, [c for c in view.hand if c not in chain])
            action = Chain(chain, named)
            if action not in candidates:
                candidates.append(action)
        wild = next((action for action in candidates if action.suit is not None), None)
        if wild is not None:
            # The best turn that ends on a wild card is tried naming each other suit it keeps cards of as well.
            rest = list(view.hand)
            for card in wild.cards:
                rest.remove(card)
            kept = {card.suit for card in rest if not view.rules.is_wild(card)}
            for suit in Suit:
                if suit in kept and suit != wild.suit:
                    candidates.append(Chain(wild.cards, suit))
        if len(candidates) == 1:
            return super().plan(view, state)
        wins = self._think(view, candidates)
        best = max(range(len(candidates)), key=lambda i: (wins[i][0], -i))
        # Alex's own choice (the first) stands unless another won clearly more often: with few imagined deals,
        # the counts of turns of nearly equal worth differ by chance, and following that noise costs more
        # than the look-ahead finds.
        if wins[best][0] - wins[0][0] <= SURE * math.sqrt(wins[best][0] + wins[0][0]):
            best = 0
        chosen = candidates[best]
        won, tried = wins[best]
        share = f"won {won} of {tried} imagined deals"
        decision = self.finish(view, state, chosen.cards, chosen.suit, "")
        plain = _reason(view, state, chosen.cards, chosen.suit, 0.0)
        return Decision(
            decision.action,
            f"Lay {cards_words(chosen.cards)}: playing the deal on in your head, it {share}, the best of "
            f"{len(candidates)} turns tried{', and call Last cards' if decision.action.last else ''}.",  # type: ignore[union-attr]
            plain,
        )

    def _think(self, view: PlayerView, candidates: Sequence[Chain]) -> list[tuple[int, int]]:
        q = _Quick(view.rules)
        seat = view.seat
        hand = [card.index for card in view.hand]
        pile = [card.index for card in view.pile]
        hidden = [card.index for card in view.unseen()]
        known = {other: (held, int(rank), named.index) for other, (held, rank, named) in misses(view).items()}
        calls = calls_known(view)
        turns = [
            ([card.index for card in action.cards], -1 if action.suit is None else action.suit.index)
            for action in candidates
        ]
        wins = [0] * len(candidates)
        tried = [0] * len(candidates)
        work = 0
        samples = 0
        while samples < _MIN_SAMPLES or work < WORK:
            samples += 1
            if samples > 400:
                break
            hands, stock = _deal_hidden(q, hidden, view.counts, seat, known, calls, self.rng)
            seed = self.rng.random()
            for number, (cards, named) in enumerate(turns):
                imagined = [list(cards_held) for cards_held in hands]
                imagined[seat] = list(hand)
                winner, played = play_out(
                    q,
                    imagined,
                    list(stock),
                    list(pile),
                    view.suit.index,
                    view.direction,
                    seat,
                    view.twos,
                    view.jacks,
                    random.Random(seed),
                    first_turn=cards,
                    named=named,
                )
                tried[number] += 1
                work += played
                wins[number] += winner == seat
        return list(zip(wins, tried, strict=True))
