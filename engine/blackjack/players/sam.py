"""Sam: plays Alex's habits, and thinks ahead once the end of the deal is in sight.

Until some player is down to THINK_WHEN (five) cards Sam plays as Alex does. From then
on it plays the deal out many times in its head. It cannot see the other hands
or the order of the stock, but it knows every card laid on the pile, so the
cards it cannot see are the pack less its own hand and the pile. For each
imagined deal it shares those cards out at random, as many to each player as
they hold and the rest to the stock. Then it tries each of Alex's best few
turns, lays it by the rules, and plays the
deal on with quick habits for everyone: answer a pick-up when possible, lay a
card that fits (ordinary cards first, the suit held most), run a chain on from
it, draw when nothing fits. Every candidate meets the same imagined deals, and
Sam plays the one that won most often. The work of one decision is counted in
turns played in its play-outs and capped, so its time is bounded whatever the
deal; everything is seeded, so a game replays exactly.

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
from ..state import Action, Chain, Draw, Move, Pass, Penalty, PickUp, SeededChance, State
from ..view import PlayerView
from .alex import AlexPlayer, _reason, turn_score
from .base import Decision, cards_words, chains_from, favourite_suit, naming

__all__ = ["SamPlayer", "play_out"]

# Sam thinks ahead once some player holds this many cards or fewer; before, it plays Alex's choice.
# (Against three random on 1,500 duplicate deals, seeds 20001-21500, next to 3 cards and three turns: 5 cards
# +1.2 points, 7 cards +1.8; 5 cards and five turns +2.1; 7 cards and five turns +1.8; 5 cards and 6,000 turns of
# work +1.7; SURE 0 instead of 1.0, or the other players laying at random in the play-outs (as random does),
# nothing or worse.)
THINK_WHEN = 5
# Alex's best turns Sam compares. (Measured against three Alexes on 100 duplicate deals: four turns and a draw,
# with another turn chosen over Alex's only when it won 1.5 square roots more often and 2,500 turns of work,
# won 26.2%; three turns, 1.0 square roots and 3,000 turns 27.3%. Five turns: see THINK_WHEN.)
CANDIDATES = 5
# Turns the play-outs of one decision may take in all (counted, not timed, so a game replays exactly).
WORK = 3_000
# A play-out stops without a winner after this many turns.
HORIZON = 80
_MIN_SAMPLES = 6
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
        # A card the quick habits keep for last: a wild card or a pick-up card.
        self.keep = tuple(
            _RANK[card] == self.wild or (self.twos and _RANK[card] == 2) or (self.jack > 0 and _BLACK_JACK[card])
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
) -> tuple[int, int]:
    """Play a deal on with quick habits for everyone: (the winner, or -1 if none by the horizon; turns played).

    *stock* and *pile* are top last. Everything passed in is changed.
    """
    players = q.players
    keep = q.keep
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
        first = -1
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
        passes = 0
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
                    if keep[card]:
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
            if not (queen and rank_of[last] == 12):
                return turn, turns
            take(hand, 1)
        if rank_of[last] == wild and hand:
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
    """What each other seat is known not to hold: for a seat whose last turn was a draw with nothing pending
    (every computer player draws only when nothing fits), how many of its cards it held then and did not lay
    since, none of which fitted the top card's rank, the suit to follow or the wild rank."""
    rules = view.rules
    top: Card | None = view.pile[0] if not any(isinstance(e, Reshuffled) for e in view.history) else None
    suit: Suit | None = top.suit if top is not None else None
    known: dict[int, tuple[int, Rank, Suit]] = {}
    taken = [0] * rules.players
    for event in view.history:
        if isinstance(event, Penalty):
            taken[event.seat] += event.got
            continue
        if not isinstance(event, Move):
            continue
        action = event.action
        if isinstance(action, Chain):
            top = action.cards[-1]
            suit = action.suit if action.suit is not None else top.suit
            known.pop(event.seat, None)
        elif isinstance(action, PickUp):
            taken[event.seat] += event.got
        elif isinstance(action, Draw) and top is not None and suit is not None:
            if event.seat not in known:
                taken[event.seat] = 0
            known[event.seat] = (-1, top.rank, suit)  # its count is settled below
            taken[event.seat] += 1
    result = {}
    for seat, (_, rank, named) in known.items():
        held = view.counts[seat] - taken[seat]
        if seat != view.seat and held > 0:
            result[seat] = (held, rank, named)
    return result


def _after(state: State, seat: int, action: Action, rng: random.Random) -> State:
    twin = state.copy()
    twin.apply(seat, action, SeededChance(rng))
    return twin


def play_out_from(q: _Quick, state: State, rng: random.Random) -> tuple[int, int]:
    """:func:`play_out` from *state* (which it leaves as it is)."""
    return play_out(
        q,
        [[card.index for card in hand] for hand in state.hands],
        [card.index for card in state._stock],
        [card.index for card in state.pile],
        state.suit.index,
        state.direction,
        state.turn,
        state.twos,
        state.jacks,
        rng,
    )


def _imagined_cards(
    view: PlayerView, hidden: Sequence[int], known: dict[int, tuple[int, Rank, Suit]], wild: int, rng: random.Random
) -> tuple[list[list[int]], list[int]]:
    """The *hidden* cards (by index) shared out at random: each other hand as many as it holds (a seat known to
    miss some cards gets, for the cards it held at its draw, cards that did not fit then, while there are such),
    the rest the stock; the view's own seat's hand is left empty."""
    unseen = list(hidden)
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    for seat, count in enumerate(view.counts):
        hand: list[int] = []
        if seat == view.seat:
            hands.append(hand)
            continue
        if seat in known:
            held, rank, named = known[seat]
            not_rank, not_suit = int(rank), named.index
            for card in list(unseen):
                if len(hand) >= held:
                    break
                if _RANK[card] != not_rank and _SUIT[card] != not_suit and _RANK[card] != wild:
                    hand.append(card)
                    unseen.remove(card)
        while len(hand) < count:
            hand.append(unseen.pop())
        hand.sort()
        hands.append(hand)
    return hands, unseen


def _settled(position: State, seat: int, action: Action) -> State | None:
    """*position* after *seat*'s *action*, where taking it draws no card (so it is the same on every imagined deal);
    ``None`` where it may draw (a draw, a pick-up, a penalty at the end of a chain)."""
    if not isinstance(action, Chain | Pass):
        return None
    twin = _after(position, seat, action, random.Random(0))
    if len(twin._stock) != len(position._stock) or any(isinstance(e, Penalty) for e in twin.events):
        return None
    return twin


def weigh(
    view: PlayerView, actions: Sequence[Action], rng: random.Random, *, least: int, most: int, work: int
) -> list[list[bool]]:
    """Whether *view*'s player wins after each of *actions*, on the same imagined deals (at least *least* of them,
    then more while the play-outs have taken fewer than *work* turns, at most *most*), each played out with the
    quick habits."""
    q = _Quick(view.rules)
    seat = view.seat
    position, hidden = view.position(), view.unseen()
    hidden_cards = [card.index for card in hidden]
    known = misses(view) if view.rules.draw == "one" else {}
    # An action that draws no card leaves the same table on every imagined deal: it is laid once, here, and each
    # imagined deal only puts the hidden cards round it (the same play-out as laying it on each deal, faster).
    settled = [_settled(position, seat, action) for action in actions]
    fixed = [
        None
        if twin is None or twin.is_over
        else (
            [card.index for card in twin.hands[seat]],
            [card.index for card in twin.pile],
            twin.suit.index,
            twin.direction,
            twin.turn,
            twin.twos,
            twin.jacks,
        )
        for twin in settled
    ]
    outcomes: list[list[bool]] = [[] for _ in actions]
    done = samples = 0
    while samples < least or (done < work and samples < most):
        samples += 1
        hands, stock = _imagined_cards(view, hidden_cards, known, q.wild, rng)
        imagined: State | None = None
        seed = rng.random()
        for number, action in enumerate(actions):
            play_rng = random.Random(seed)
            twin = settled[number]
            if twin is not None and twin.is_over:
                outcomes[number].append(twin.winner == seat)
                continue
            table = fixed[number]
            if table is not None:
                mine, pile, suit, direction, turn, twos, jacks = table
                playing = [list(mine) if other == seat else list(hand) for other, hand in enumerate(hands)]
                winner, turns = play_out(
                    q, playing, list(stock), list(pile), suit, direction, turn, twos, jacks, play_rng
                )
            else:
                if imagined is None:
                    imagined = position.copy()
                    for other, hand in enumerate(hands):
                        if other != seat:
                            imagined.hands[other] = [ALL_CARDS[card] for card in hand]
                    imagined._stock = [ALL_CARDS[card] for card in stock]
                after = _after(imagined, seat, action, play_rng)
                if after.is_over:
                    outcomes[number].append(after.winner == seat)
                    continue
                winner, turns = play_out_from(q, after, play_rng)
            done += turns
            outcomes[number].append(winner == seat)
    return outcomes


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
        named = getattr(decision.action, "suit", None)
        plain = naming(_reason(view, state, chosen.cards, chosen.suit, 0.0), named)
        return Decision(
            decision.action,
            naming(
                f"Lay {cards_words(chosen.cards)}: playing the deal on in your head, it {share}, the best of "
                f"{len(candidates)} turns tried{', and call Last cards' if decision.action.last else ''}.",  # type: ignore[union-attr]
                named,
            ),
            plain,
        )

    def _think(self, view: PlayerView, candidates: Sequence[Chain]) -> list[tuple[int, int]]:
        if view.rules.last_cards:  # a chain that ends the turn is played as called, where the rules have calls
            candidates = [Chain(c.cards, c.suit, True) if not c.last else c for c in candidates]
        outcomes = weigh(view, candidates, self.rng, least=_MIN_SAMPLES, most=400, work=WORK)
        return [(sum(won), len(won)) for won in outcomes]
