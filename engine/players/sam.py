"""Sam: thinks ahead by playing the deal out many times in its head.

Sam cannot see the other hands, so it deals the hidden cards at random in a way
that fits everything known (how many cards each player holds, the cards a pass
showed they lack, and mostly the cards Alex's habits would have played from
those hands), then plays each card that fits and finishes the deal with Alex's
habits for all four players, except that at its own next choice it looks ahead
once more: in that imagined deal it plays a card that wins, if one does. A
player whose plays Alex's habits explain badly plays at random in these deals
instead. Sam does this for a fixed number of imagined deals, the same deals for
every candidate card, then spends as many again on the better half of the
candidates, and plays the card that won most often. Early in a deal, when the
play-outs are long, it may stop sooner: the cards played in its play-outs are
counted, and one decision's work has a cap, so its time has one too.
Everything is seeded, so a game replays exactly.

The play-outs use only integers: hands and table are bit masks and the choice
of card is :func:`~engine.players.heuristics.best_card`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..cards import ALL_CARDS, Card, cards_of
from ..position import FLIPS, playable_mask
from ..view import PlayerView
from .alex import describe, explain
from .base import PASS_REASON, Decision
from .heuristics import best_card, card_value

__all__ = ["DEFAULT_SAMPLES", "HabitChain", "HiddenDealer", "SamPlayer", "play_out"]

# Play-outs per decision, shared among the candidate cards: about 30 ms a choice in CPython here and
# 70 ms in Pyodide under Node. Against three Alexes, 1000 with the look-ahead at Sam's next choice was
# no stronger than 600, and 1000 without it was about 0.7 points weaker (2,400 games on each of two seed
# blocks); a look-ahead at every later choice of Sam's was no stronger either.
DEFAULT_SAMPLES = 600
# A candidate is always tried on at least this many imagined deals.
MIN_DEALS = 12
# The work of one decision is bounded, so that its time is too, whatever the deal: its play-outs
# (look-ahead trials included) stop adding imagined deals once they have played this many cards
# per sample, DEFAULT_SAMPLES * WORK_PER_SAMPLE in all. Counted in cards, not measured in time, so
# a game still replays exactly on any machine. Time follows the cards played closely (about 0.7 us
# a card in CPython here). Without the cap a decision early in a deal played up to about 110,000;
# the cap of 60,000 cuts about one decision in five, nearly all before 20 cards are down. On the
# same 400 decisions in a Chromium worker it took p95 from 176 to 148 ms and the slowest from 210
# to 174 ms. Against three Alexes it won 28.8% (7,200 games) where the uncapped Sam won 29.4% on
# the same deals, a difference well within the noise.
WORK_PER_SAMPLE = 100
# Imagined deals that fit the others' plays worse are kept less often: each play
# Alex would not have made with those hands divides the chance by MISS_BASE. Against three Alexes
# 1000 was no stronger, and 3 was about 0.5 points weaker (2,400 games on each of two seed blocks).
MISS_BASE = 8.0
# Swaps tried before the first imagined deal, and between one deal and the next. Consecutive deals
# share much of each hand (it takes about 16 of them to forget), yet 12 swaps between deals, at 1.35
# times the thinking time, won only 0.35 points more against three Alexes (4,800 games; not significant).
BURN_IN = 100
STEPS = 4
# The index of the pile of cards that a lesson's short deal leaves out of every hand.
OUT_OF_PLAY = 4
# A player whose plays Alex's habits explain badly (more misses than this share of at least
# MIN_PLAYS_JUDGED plays, in the imagined deal reached after the burn-in) is not judged by them any
# more, and plays at random in the play-outs: Robin, a random player, a person. In the table
# sam, alex, robin, random (300 deals) this took Sam from 37.8% to 39.3% and Alex from 36.1% to 35.7%.
# Judged by the deal reached after the burn-in, each Alex is wrongly marked in about 6% of Sam's
# decisions against three Alexes. Judging each player by the best deal along a 200-swap walk cut that
# to 0.5%, yet Sam won 0.8 points less against three Alexes (7,200 games; 4,800 with the share at 0)
# and, with this share, fell behind Alex in the default tournament; so the simple rule stays.
UNPREDICTABLE_SHARE = 0.25
MIN_PLAYS_JUDGED = 3
NOBODY = (False,) * 5


def play_out(
    fits: int,
    hands: list[int],
    turn: int,
    looks_ahead: int = -1,
    unpredictable: Sequence[bool] = NOBODY,
    pick: Callable[[], float] = random.random,
    meter: list[int] | None = None,
) -> int:
    """Finish the deal from here with Alex's choice for everyone; returns the winning seat.

    *fits* is the set of cards that can be played next (:func:`~engine.position.playable_mask`
    of the table), kept up to date card by card. *hands* is changed in place.

    The seat *looks_ahead*, if given, makes its next choice between two or more
    cards by trying each (Alex's choice first) and finishing the deal by habit:
    it plays the first card with which it wins, or Alex's choice if none wins.
    Later choices are by habit again. Seats marked in *unpredictable* choose
    at random instead, with the numbers from *pick*.

    In a full deal somebody always holds a card that fits, but a lesson's short
    deal can leave the next cards out of every hand: after four passes in a row
    nobody can ever play, and the answer is -1.

    With a *meter* (a list of one number), the cards played, those of the
    look-ahead's trial play-outs included, are added to it: the work done.
    """
    if meter is None:
        return _play_out(fits, hands, turn, looks_ahead, unpredictable, pick, None)
    before = _cards_in(hands)
    winner = _play_out(fits, hands, turn, looks_ahead, unpredictable, pick, meter)
    meter[0] += before - _cards_in(hands)
    return winner


def _cards_in(hands: list[int]) -> int:
    total = 0
    for hand in hands:
        total += hand.bit_count()
    return total


def _play_out(
    fits: int,
    hands: list[int],
    turn: int,
    looks_ahead: int,
    unpredictable: Sequence[bool],
    pick: Callable[[], float],
    meter: list[int] | None,
) -> int:
    """The loop of :func:`play_out`; *meter* only goes on to the look-ahead's trial play-outs."""
    passes = 0
    flips = FLIPS
    while True:
        hand = hands[turn]
        legal = fits & hand
        if legal:
            if not legal & (legal - 1):
                bit = legal
            elif turn == looks_ahead:
                bit = _winning_card(fits, hands, turn, legal, meter)
                looks_ahead = -1
            elif unpredictable[turn]:
                skip = int(pick() * legal.bit_count())
                while skip:
                    legal &= legal - 1
                    skip -= 1
                bit = legal & -legal
            else:
                bit = 1 << best_card(legal, hand)
            hand ^= bit
            fits ^= flips[bit]
            hands[turn] = hand
            if not hand:
                return turn
            passes = 0
        else:
            passes += 1
            if passes == 4:
                return -1
        turn = (turn + 1) & 3


def _winning_card(fits: int, hands: list[int], seat: int, legal: int, meter: list[int] | None) -> int:
    """The bit of the first card in *legal* (Alex's choice first) with which *seat* wins the deal by habit.

    These trial play-outs treat every player as Alex, even an unpredictable one.
    """
    hand = hands[seat]
    habit = 1 << best_card(legal, hand)
    after = (seat + 1) & 3
    others = legal ^ habit
    bit = habit
    while True:
        trial = hands.copy()
        trial[seat] = hand ^ bit
        if play_out(fits ^ FLIPS[bit], trial, after, meter=meter) == seat:
            return bit
        if not others:
            return habit
        bit = others & -others
        others ^= bit


class HiddenDealer:
    """Deals the cards *view*'s player cannot see, consistently with everything the view shows.

    Each other seat gets as many cards as it holds and none it is known to lack.
    Cards with the fewest possible holders are placed first, each going to one
    of its possible holders with a chance in proportion to the room left in
    that hand. If that runs into a dead end *tries* times in a row (rare), the
    known gaps are ignored for that deal.

    A lesson's short deal leaves some cards out of every hand; those go to a
    fifth "hand", :data:`OUT_OF_PLAY`, that nobody plays from.
    """

    def __init__(self, view: PlayerView, tries: int = 20) -> None:
        self.seat = view.seat
        self.hand = view.hand
        hidden = view.hidden()
        self.counts = [*view.counts, 0]
        self.counts[view.seat] = 0
        self.counts[OUT_OF_PLAY] = hidden.bit_count() - sum(self.counts)
        if self.counts[OUT_OF_PLAY] < 0:
            raise ValueError(f"the other players hold more cards than the {hidden.bit_count()} you cannot see")
        self.tries = tries
        self.others = [s for s in range(5) if s != view.seat and self.counts[s]]
        voids = [*view.known_voids(), 0]
        self.cards = [(c.index, [s for s in self.others if not voids[s] & c.bit]) for c in cards_of(hidden)]

    def deal(self, rng: random.Random) -> list[int]:
        """Five hands (the last out of play): the viewer's own and a random share-out of the hidden cards."""
        for attempt in range(self.tries + 1):
            order = self.cards.copy()
            rng.shuffle(order)
            if attempt < self.tries:
                order.sort(key=lambda item: len(item[1]))
            room = self.counts.copy()
            hands = [0, 0, 0, 0, 0]
            hands[self.seat] = self.hand
            for index, holders in order:
                options = holders if attempt < self.tries else self.others
                total = 0
                for seat in options:
                    total += room[seat]
                if not total:
                    break
                pick = rng.randrange(total)
                for seat in options:
                    pick -= room[seat]
                    if pick < 0:
                        break
                hands[seat] |= 1 << index
                room[seat] -= 1
            else:
                return hands
        raise AssertionError("unreachable: the last try ignores the known gaps, so it always succeeds")


class HabitChain:
    """Imagined deals that also fit how the others have played, assuming they play like Alex.

    A deal from :class:`HiddenDealer` fits the counts and the passes, but often
    not the plays: given those hands, Alex would have chosen other cards. This
    walks from deal to deal by swapping two cards between two other players
    (never into a hand known to lack that card), keeping a swap that fits the
    plays at least as well, and one that fits worse only with chance
    ``1 / MISS_BASE ** (extra misses)`` (Metropolis). So the deals visited mostly fit
    the plays, without ever ruling out a player who does not play like Alex.
    :meth:`judge_habits` stops judging the players the habits explain badly.
    """

    def __init__(self, view: PlayerView, rng: random.Random) -> None:
        self.rng = rng
        dealer = HiddenDealer(view)
        self.voids = [*view.known_voids(), 0]
        self.others = dealer.others
        # Each seat's plays, newest first: (card bit, card index, cards that fitted then).
        self.plays: list[list[tuple[int, int, int]]] = [[], [], [], [], []]
        table = 0
        for move in view.moves:
            if move.card is not None:
                if move.seat != view.seat:
                    self.plays[move.seat].insert(0, (move.card.bit, move.card.index, playable_mask(table)))
                table |= move.card.bit
        self.hands = dealer.deal(rng)
        self.cards = [[c.index for c in cards_of(hand)] for hand in self.hands]
        self.unpredictable = [False] * 5
        self.misses = [self.misses_of(seat, self.hands[seat]) for seat in range(5)]

    @classmethod
    def burnt_in(cls, view: PlayerView, rng: random.Random) -> HabitChain:
        """The chain Sam draws its imagined deals from: the players judged and :data:`BURN_IN` swaps walked."""
        chain = cls(view, rng)
        chain.judge_habits(BURN_IN)
        chain.walk(BURN_IN)
        return chain

    def judge_habits(self, steps: int) -> None:
        """Walk *steps* swaps, then mark as unpredictable every player Alex's habits explain badly there.

        Their plays no longer count as misses, and if there are any such
        players the walk goes on *steps* swaps more without them.
        """
        self.walk(steps)
        for seat in self.others:
            plays = len(self.plays[seat])
            if plays >= MIN_PLAYS_JUDGED and self.misses[seat] > UNPREDICTABLE_SHARE * plays:
                self.unpredictable[seat] = True
                self.misses[seat] = 0
        if any(self.unpredictable):
            self.walk(steps)

    def misses_of(self, seat: int, hand: int) -> int:
        """How many of *seat*'s plays Alex would not have made holding *hand* now (plus what it played since)."""
        if self.unpredictable[seat]:
            return 0
        misses = 0
        for bit, index, fits in self.plays[seat]:
            hand |= bit
            legal = fits & hand
            if legal != bit and best_card(legal, hand) != index:
                misses += 1
        return misses

    def walk(self, steps: int) -> list[int]:
        """Try *steps* swaps and return the deal reached (a copy)."""
        others = self.others
        if len(others) < 2:
            return self.hands.copy()
        rng = self.rng
        hands, cards, misses, voids = self.hands, self.cards, self.misses, self.voids
        count = len(others)
        for _ in range(steps):
            first = rng.randrange(count)
            a = others[first]
            b = others[(first + 1 + rng.randrange(count - 1)) % count]
            i = rng.randrange(len(cards[a]))
            j = rng.randrange(len(cards[b]))
            x, y = cards[a][i], cards[b][j]
            if voids[a] >> y & 1 or voids[b] >> x & 1:
                continue
            new_a = hands[a] ^ (1 << x) ^ (1 << y)
            new_b = hands[b] ^ (1 << x) ^ (1 << y)
            miss_a = self.misses_of(a, new_a)
            miss_b = self.misses_of(b, new_b)
            worse = miss_a + miss_b - misses[a] - misses[b]
            if worse > 0 and rng.random() >= MISS_BASE**-worse:
                continue
            hands[a], hands[b] = new_a, new_b
            cards[a][i], cards[b][j] = y, x
            misses[a], misses[b] = miss_a, miss_b
        return hands.copy()


class SamPlayer:
    name = "sam"

    def __init__(self, rng: random.Random, samples: int = DEFAULT_SAMPLES) -> None:
        self.rng = rng
        self.samples = samples

    def decide(self, view: PlayerView) -> Decision:
        legal = view.legal_mask()
        if not legal:
            return Decision(None, PASS_REASON)
        candidates = list(cards_of(legal))
        if len(candidates) == 1:
            card = candidates[0]
            return Decision(card, f"Play {card.display}: it is the only card that fits.")
        chain = HabitChain.burnt_in(view, self.rng)
        wins = [0] * len(candidates)
        # Half the play-outs go to every card, the other half to the better half of them. The first
        # half stops early once the play-outs have played half the cards this decision may play
        # (WORK_PER_SAMPLE a sample), the second once they have played them all.
        work = WORK_PER_SAMPLE * self.samples
        meter = [0]
        deals = max(MIN_DEALS, self.samples // 2 // len(candidates))
        everyone = list(range(len(candidates)))
        deals = self.evaluate(view, chain, candidates, everyone, deals, wins, meter, work // 2)
        ranked = sorted(everyone, key=lambda i: (-wins[i], -card_value(candidates[i].index, view.hand), i))
        alive = sorted(ranked[: max(2, (len(candidates) + 1) // 2)])
        more = max(MIN_DEALS, self.samples // 2 // len(alive))
        deals += self.evaluate(view, chain, candidates, alive, more, wins, meter, work)
        # Equal wins go to the card Alex's habits prefer.
        best = max(alive, key=lambda i: (wins[i], card_value(candidates[i].index, view.hand)))
        card = candidates[best]
        return Decision(card, self.reason(card, view, legal, wins[best], deals), self.reason(card, view, legal))

    def evaluate(
        self,
        view: PlayerView,
        chain: HabitChain,
        candidates: list[Card],
        alive: list[int],
        deals: int,
        wins: list[int],
        meter: list[int],
        work: int,
    ) -> int:
        """Add to *wins* the wins of *view*'s seat after each card in *alive*, over the same imagined deals.

        That is *deals* deals, or fewer (never under :data:`MIN_DEALS`) if the
        cards played in the play-outs, counted on *meter*, reach *work* first.
        Returns the number of deals played out.
        """
        me = view.seat
        fits = playable_mask(view.table)
        after = (me + 1) & 3
        unpredictable, pick = chain.unpredictable, self.rng.random
        for done in range(deals):
            if done >= MIN_DEALS and meter[0] >= work:
                return done
            hands = chain.walk(STEPS)
            for i in alive:
                card = candidates[i]
                trial = hands.copy()
                trial[me] ^= card.bit
                if (
                    not trial[me]
                    or play_out(fits ^ FLIPS[card.bit], trial, after, me, unpredictable, pick, meter) == me
                ):
                    wins[i] += 1
        return deals

    @staticmethod
    def reason(card: Card, view: PlayerView, legal: int, wins: int | None = None, deals: int = 0) -> str:
        """Why *card*, with how often it won in the imagined deals; in plain words only when *wins* is None."""
        counted = wins is not None
        if not view.hand & ~card.bit:
            return f"Play {card.display}: it is your last card, so you win."
        habit = ALL_CARDS[best_card(legal, view.hand)]
        if habit == card:
            said = explain(card, view.hand, legal).removesuffix(".")
            return (
                f"{said} (it won {wins} of {deals} imagined deals, and no other card did better)."
                if counted
                else f"{said}."
            )
        working = f" ({wins} of {deals} imagined deals)" if counted else ""
        return (
            f"Play {card.display}: it {describe(card, view.hand)}, and playing the deal out it wins more often "
            f"than {habit.display}{working}."
        )
