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
of card is :func:`~engine.sevens.players.heuristics.best_card`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ...core.cards import ALL_CARDS, Card, cards_of
from ..position import FLIPS, SEVENS, fitting, flips_of, outward, reach
from ..rules import SevensRules
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
# a cap of 60,000 cut about one decision in five, nearly all before 20 cards are down, and took the
# p95 in a Chromium worker from 176 to 148 ms (400 decisions); against three Alexes it won 28.8%
# (7,200 games) where the uncapped Sam won 29.4%, within the noise. After Sam learnt the options
# (#13) the worker's p95 read 209-264 ms with that cap, so it is now 24,000: in CPython the p95
# fell from about 70-90 to 48 ms, in the worker to 140-180 ms (8 deals, load 1.5-3), and against
# three Alexes on 250 duplicate deals (seeds 5001-5250) Sam won 27.0% [25.3-28.7] where the 60,000 cap
# won 27.6% [25.9-29.3] on the same deals, within the noise.
WORK_PER_SAMPLE = 40
# Imagined deals that fit the others' plays worse are kept less often: each play
# Alex would not have made with those hands divides the chance by MISS_BASE. Against three Alexes
# 1000 was no stronger, and 3 was about 0.5 points weaker (2,400 games on each of two seed blocks).
MISS_BASE = 8.0
# Swaps tried before the first imagined deal, and between one deal and the next. Consecutive deals
# share much of each hand (it takes about 16 of them to forget), yet 12 swaps between deals, at 1.35
# times the thinking time, won only 0.35 points more against three Alexes (4,800 games; not significant).
BURN_IN = 100
STEPS = 4
# A lesson's short deal leaves some cards out of every hand: they go to one more "hand" after the last seat.
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
# Under voluntary_pass Sam passes with a card that fits only when the pass did better than its best
# card, over the same imagined deals, by more than PASS_SE standard errors of the difference (see
# clearly_better). The play-outs price a pass fully (the chip it costs, the pass limit, the cards it
# blocks), so this only guards against noise. Not compared with other values yet; with it Sam won 63.0%
# [58.9-67.1] in Shichinarabe against Alex's 18.8% (bench/strength.py --presets, 100 deals).
PASS_SE = 1.0
NOBODY = (False,) * 9


def play_out(
    fits: int,
    hands: list[int],
    turn: int,
    looks_ahead: int = -1,
    unpredictable: Sequence[bool] = NOBODY,
    pick: Callable[[], float] = random.random,
    meter: list[int] | None = None,
    players: int = 4,
    flips: dict[int, int] = FLIPS,
    habits: dict[int, int] | None = None,
    standing: Standing | None = None,
) -> int:
    """Finish the deal from here with Alex's choice for everyone; returns the winning seat.

    *fits* is the set of cards that can be played next (:func:`~engine.sevens.position.playable_mask`
    of the table), kept up to date card by card. *hands* is changed in place.

    The seat *looks_ahead*, if given, makes its next choice between two or more
    cards by trying each (Alex's choice first) and finishing the deal by habit:
    it plays the first card with which it wins, or Alex's choice if none wins.
    Later choices are by habit again. Seats marked in *unpredictable* choose
    at random instead, with the numbers from *pick*.

    In a full deal somebody always holds a card that fits, but a lesson's short
    deal can leave the next cards out of every hand: after a pass by every one
    of the *players* in a row nobody can ever play, and the answer is -1.
    *flips* is :data:`~engine.sevens.position.FLIPS` for the deal's opening.

    With a *meter* (a list of one number), the cards played, those of the
    look-ahead's trial play-outs included, are added to it: the work done.
    *habits* keeps Alex's choices already made (see :func:`_habit_key`); pass
    the same dict to every play-out of a decision. With a *standing* (changed
    in place), the play-out also keeps what pass limits and chips need: each
    seat's passes, the players put out and the cards they laid.
    """
    if habits is None:
        habits = {}
    if meter is None:
        return _play_out(fits, hands, turn, looks_ahead, unpredictable, pick, None, players, flips, habits, standing)
    before = _cards_in(hands)
    winner = _play_out(fits, hands, turn, looks_ahead, unpredictable, pick, meter, players, flips, habits, standing)
    meter[0] += before - _cards_in(hands)
    return winner


def _cards_in(hands: list[int]) -> int:
    total = 0
    for hand in hands:
        total += hand.bit_count()
    return total


def _habit_key(legal: int, hand: int) -> int:
    """The key of Alex's choice of a card of *legal* from *hand* in a decision's memo of habits.

    Play-outs from the same imagined deals meet the same hands again and again
    (about three choices in four, on default rules), so each choice is worked
    out once a decision: :func:`best_card` costs more than the look-up.
    """
    return legal << 52 | hand


# Alex's choices a decision remembers at most (about 70 bytes each): decisions of four Sams on default rules
# made 11,000 at the median and 18,000 at most (158 decisions).
MAX_HABITS = 20_000


class Standing:
    """What a play-out keeps besides the hands when the rules count passes or lay cards out.

    Under ``pass_limit`` a player who passes once too often is put out and lays
    their cards in their places (*loose* until a row reaches them), and under
    ``scoring=chips`` every pass costs a chip. *gone* marks the seats out of the
    deal (put out, or done under ``finish=places``), who take no more turns.
    """

    __slots__ = ("gone", "loose", "passes", "rules", "table")

    def __init__(self, rules: SevensRules, table: int, loose: int, passes: list[int], gone: list[bool]) -> None:
        self.rules = rules
        self.table = table
        self.loose = loose
        self.passes = passes
        self.gone = gone

    @classmethod
    def of(cls, view: PlayerView) -> Standing | None:
        """The standing at *view*, or ``None`` when the plain play-out is exact (nothing counts the passes,
        nothing lies loose and nobody has left the deal)."""
        rules = view.rules
        if rules.pass_limit is None and rules.scoring == "wins" and not (view.loose or view.out or view.done):
            return None
        gone = [False] * view.players
        for seat in (*view.out, *view.done):
            gone[seat] = True
        passes = list(view.passes) if view.passes else [0] * view.players
        return cls(rules, view.table, view.loose, passes, gone)

    def copy(self) -> Standing:
        return Standing(self.rules, self.table, self.loose, self.passes.copy(), self.gone.copy())

    def play(self, fits: int, bit: int, flips: dict[int, int]) -> int:
        """Lay the card *bit* on the table; the cards that fit afterwards."""
        self.table |= bit
        flip = flips[bit]
        # The row may reach a laid card beyond the flip (with eight_before_six a seven's flip leaves out its six).
        if not self.loose or not (flip | outward(bit)) & self.loose:
            return fits ^ flip
        self.loose = reach(self.table, self.loose)
        return fitting(self.table, self.loose, self.rules)

    def score(self, seat: int, winner: int, hands: list[int]) -> int:
        """What the deal brings *seat* when *winner* goes out with *hands* left: 1 for a win, or its chips."""
        if self.rules.scoring == "wins":
            return winner == seat
        paid = 1 + self.passes[seat]
        if winner != seat:
            return -paid - hands[seat].bit_count()
        won = -paid
        for other, passes in enumerate(self.passes):  # (hands may hold one more, the cards a short deal leaves out)
            won += 1 + passes
            if other != seat:
                won += hands[other].bit_count()
        return won


def _play_out(
    fits: int,
    hands: list[int],
    turn: int,
    looks_ahead: int,
    unpredictable: Sequence[bool],
    pick: Callable[[], float],
    meter: list[int] | None,
    players: int,
    flips: dict[int, int],
    habits: dict[int, int],
    standing: Standing | None,
) -> int:
    """The loop of :func:`play_out`; *meter* only goes on to the look-ahead's trial play-outs."""
    if standing is not None:
        return _play_out_standing(
            fits, hands, turn, looks_ahead, unpredictable, pick, meter, players, flips, habits, standing
        )
    passes = 0
    while True:
        hand = hands[turn]
        legal = fits & hand
        if legal:
            if not legal & (legal - 1):
                bit = legal
            elif turn == looks_ahead:
                bit = _winning_card(fits, hands, turn, legal, meter, players, flips, habits, None)
                looks_ahead = -1
            elif unpredictable[turn]:
                skip = int(pick() * legal.bit_count())
                while skip:
                    legal &= legal - 1
                    skip -= 1
                bit = legal & -legal
            else:
                key = legal << 52 | hand  # _habit_key, written out: this is the innermost loop
                index = habits.get(key)
                if index is None:
                    index = best_card(legal, hand)
                    if len(habits) < MAX_HABITS:
                        habits[key] = index
                bit = 1 << index
            hand ^= bit
            fits ^= flips[bit]
            hands[turn] = hand
            if not hand:
                return turn
            passes = 0
        else:
            passes += 1
            if passes == players:
                return -1
        turn = (turn + 1) % players


def _play_out_standing(
    fits: int,
    hands: list[int],
    turn: int,
    looks_ahead: int,
    unpredictable: Sequence[bool],
    pick: Callable[[], float],
    meter: list[int] | None,
    players: int,
    flips: dict[int, int],
    habits: dict[int, int],
    standing: Standing,
) -> int:
    """:func:`_play_out` with a :class:`Standing`: passes counted, players put out by ``pass_limit``, their cards laid."""
    rules = standing.rules
    limit = rules.pass_limit
    passes, gone = standing.passes, standing.gone
    table, loose = standing.table, standing.loose
    left = gone.count(False)
    stalled = 0
    winner = -1
    while True:
        if gone[turn]:
            turn = (turn + 1) % players
            continue
        hand = hands[turn]
        legal = fits & hand
        if legal:
            if not legal & (legal - 1):
                bit = legal
            elif turn == looks_ahead:
                standing.table, standing.loose = table, loose
                bit = _winning_card(fits, hands, turn, legal, meter, players, flips, habits, standing)
                looks_ahead = -1
            elif unpredictable[turn]:
                skip = int(pick() * legal.bit_count())
                while skip:
                    legal &= legal - 1
                    skip -= 1
                bit = legal & -legal
            else:
                key = legal << 52 | hand  # _habit, written out
                index = habits.get(key)
                if index is None:
                    index = best_card(legal, hand)
                    if len(habits) < MAX_HABITS:
                        habits[key] = index
                bit = 1 << index
            hand ^= bit
            hands[turn] = hand
            table |= bit
            flip = flips[bit]
            # The row reaches a card laid by a player put out, and runs on through it.
            if loose and (flip | outward(bit)) & loose:
                loose = reach(table, loose)
                fits = fitting(table, loose, rules)
            else:
                fits ^= flip
            if not hand:
                winner = turn
                break
            stalled = 0
        else:
            passes[turn] += 1
            if limit is not None and passes[turn] > limit:
                # Put out: the hand goes on the table, in its places.
                table |= hand
                loose = reach(table, loose | hand)
                fits = fitting(table, loose, rules)
                hands[turn] = 0
                gone[turn] = True
                left -= 1
                if left <= 1:
                    winner = gone.index(False) if left else -1
                    break
                stalled = 0
            else:
                stalled += 1
                if stalled >= left:
                    break
        turn = (turn + 1) % players
    standing.table, standing.loose = table, loose
    return winner


def _habit(habits: dict[int, int], legal: int, hand: int) -> int:
    """Alex's choice (:func:`best_card`) of a card of *legal* from *hand*, remembered in *habits*."""
    key = _habit_key(legal, hand)
    index = habits.get(key)
    if index is None:
        index = best_card(legal, hand)
        if len(habits) < MAX_HABITS:
            habits[key] = index
    return index


def _winning_card(
    fits: int,
    hands: list[int],
    seat: int,
    legal: int,
    meter: list[int] | None,
    players: int,
    flips: dict[int, int],
    habits: dict[int, int],
    standing: Standing | None,
) -> int:
    """The bit of the first card in *legal* (Alex's choice first) with which *seat* wins the deal by habit.

    These trial play-outs treat every player as Alex, even an unpredictable one.
    """
    hand = hands[seat]
    habit = 1 << _habit(habits, legal, hand)
    after = (seat + 1) % players
    others = legal ^ habit
    bit = habit
    while True:
        trial = hands.copy()
        trial[seat] = hand ^ bit
        if standing is None:
            won = play_out(fits ^ flips[bit], trial, after, meter=meter, players=players, flips=flips, habits=habits)
        else:
            state = standing.copy()
            start = state.play(fits, bit, flips)
            won = play_out(
                start, trial, after, meter=meter, players=players, flips=flips, habits=habits, standing=state
            )
        if won == seat:
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
    "hand" after the last seat (``pile``), that nobody plays from.
    """

    def __init__(self, view: PlayerView, tries: int = 20) -> None:
        self.seat = view.seat
        self.hand = view.hand
        hidden = view.hidden()
        self.pile = pile = len(view.counts)
        self.counts = [*view.counts, 0]
        self.counts[view.seat] = 0
        self.counts[pile] = hidden.bit_count() - sum(self.counts)
        if self.counts[pile] < 0:
            raise ValueError(f"the other players hold more cards than the {hidden.bit_count()} you cannot see")
        self.tries = tries
        self.others = [s for s in range(pile + 1) if s != view.seat and self.counts[s]]
        voids = [*view.known_voids(), 0]
        self.cards = [(c.index, [s for s in self.others if not voids[s] & c.bit]) for c in cards_of(hidden)]

    def deal(self, rng: random.Random) -> list[int]:
        """One hand a seat and the pile out of play: the viewer's own and a random share-out of the hidden cards."""
        for attempt in range(self.tries + 1):
            order = self.cards.copy()
            rng.shuffle(order)
            if attempt < self.tries:
                order.sort(key=lambda item: len(item[1]))
            room = self.counts.copy()
            hands = [0] * (self.pile + 1)
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
        # Alex's choices worked out so far, for the walk and for the play-outs from its deals (see _habit_key).
        self.habits: dict[int, int] = {}
        dealer = HiddenDealer(view)
        self.voids = [*view.known_voids(), 0]
        self.others = dealer.others
        # Each seat's plays, newest first: (card bit, card index, cards that fitted then).
        self.plays: list[list[tuple[int, int, int]]] = [[] for _ in range(dealer.pile + 1)]
        table = SEVENS if view.rules.opening == "all-sevens" else 0
        for move in view.moves:
            if move.card is not None:
                if move.seat != view.seat:
                    self.plays[move.seat].insert(0, (move.card.bit, move.card.index, fitting(table, 0, view.rules)))
                table |= move.card.bit
        self.hands = dealer.deal(rng)
        self.cards = [[c.index for c in cards_of(hand)] for hand in self.hands]
        self.unpredictable = [False] * (dealer.pile + 1)
        self.misses = [self.misses_of(seat, self.hands[seat]) for seat in range(dealer.pile + 1)]

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
        habits = self.habits
        misses = 0
        for bit, index, fits in self.plays[seat]:
            hand |= bit
            legal = fits & hand
            if legal != bit:
                key = legal << 52 | hand  # _habit, written out
                habit = habits.get(key)
                if habit is None:
                    habit = best_card(legal, hand)
                    if len(habits) < MAX_HABITS:
                        habits[key] = habit
                if habit != index:
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


def may_pass_at_will(view: PlayerView) -> bool:
    """Whether Sam weighs a voluntary pass here: the rules allow one and it keeps a pass in hand.

    Under ``pass_limit`` a pass that would use the last spare pass is not
    weighed, so that a later turn with nothing to play does not put Sam out;
    nor is a pass when all the others have passed since Sam's last turn.
    """
    if not view.rules.voluntary_pass:
        return False
    # When everyone else has passed since Sam's last turn, a pass only sends the stuck table round again
    # (and, were every player Sam, would never end the deal).
    others = view.players - len(view.done) - len(view.out) - 1
    recent = view.moves[-others:] if others > 0 else ()
    if len(recent) == others and all(move.card is None for move in recent):
        return False
    left = view.passes_left(view.seat)
    return left is None or left >= 2


class SamPlayer:
    name = "sam"

    def __init__(self, rng: random.Random, samples: int = DEFAULT_SAMPLES) -> None:
        self.rng = rng
        self.samples = samples

    def decide(self, view: PlayerView) -> Decision:
        legal = view.legal_mask()
        if not legal:
            return Decision(None, PASS_REASON)
        # Candidates as card bits; 0 is a voluntary pass.
        candidates = [card.bit for card in cards_of(legal)] + ([0] if may_pass_at_will(view) else [])
        if len(candidates) == 1:
            card = ALL_CARDS[candidates[0].bit_length() - 1]
            return Decision(card, f"Play {card.display}: it is the only card that fits.")
        chain = HabitChain.burnt_in(view, self.rng)
        wins = [0] * len(candidates)
        # Each candidate's result in each imagined deal, to tell a pass that really does better from noise.
        outcomes: list[list[int]] = [[] for _ in candidates]

        def habit(i: int) -> int:  # Alex's value of a card; a pass comes after every card on equal wins
            bit = candidates[i]
            return card_value(bit.bit_length() - 1, view.hand) if bit else -1000

        # Half the play-outs go to every candidate, the other half to the better half of them. The first
        # half stops early once the play-outs have played half the cards this decision may play
        # (WORK_PER_SAMPLE a sample), the second once they have played them all.
        work = WORK_PER_SAMPLE * self.samples
        meter = [0]
        deals = max(MIN_DEALS, self.samples // 2 // len(candidates))
        everyone = list(range(len(candidates)))
        deals = self.evaluate(view, chain, candidates, everyone, deals, wins, meter, work // 2, outcomes)
        ranked = sorted(everyone, key=lambda i: (-wins[i], -habit(i), i))
        alive = sorted(ranked[: max(2, (len(candidates) + 1) // 2)])
        more = max(MIN_DEALS, self.samples // 2 // len(alive))
        deals += self.evaluate(view, chain, candidates, alive, more, wins, meter, work, outcomes)
        # Equal wins go to the card Alex's habits prefer.
        best = max(alive, key=lambda i: (wins[i], habit(i)))
        chips = view.rules.scoring == "chips"
        if not candidates[best]:
            rival = max((i for i in alive if candidates[i]), key=lambda i: (wins[i], habit(i)))
            if clearly_better(outcomes[best], outcomes[rival]):
                plain = "Pass, though a card fits: holding your cards back blocks the others."
                return Decision(
                    None,
                    f"{plain.removesuffix('.')}, and playing the deal out passing "
                    f"{_tally(wins[best], deals, chips)}, against {_tally(wins[rival], deals, chips, short=True)} "
                    "for the best card.",
                    plain,
                )
            best = rival
        card = ALL_CARDS[candidates[best].bit_length() - 1]
        return Decision(card, self.reason(card, view, legal, wins[best], deals), self.reason(card, view, legal))

    def evaluate(
        self,
        view: PlayerView,
        chain: HabitChain,
        candidates: list[int],
        alive: list[int],
        deals: int,
        wins: list[int],
        meter: list[int],
        work: int,
        outcomes: list[list[int]] | None = None,
    ) -> int:
        """Add to *wins* the wins of *view*'s seat after each candidate in *alive* (a card's bit, or 0 for a pass),
        over the same imagined deals; under ``scoring=chips``, the chips it wins and loses instead.

        That is *deals* deals, or fewer (never under :data:`MIN_DEALS`) if the
        cards played in the play-outs, counted on *meter*, reach *work* first.
        Returns the number of deals played out. With *outcomes*, each
        candidate's result in each deal is appended to its list as well.
        """
        me = view.seat
        fits = view.fits()
        players = view.players
        flips = flips_of(view.rules)
        after = (me + 1) % players
        unpredictable, pick, habits = chain.unpredictable, self.rng.random, chain.habits
        standing = Standing.of(view)
        for done in range(deals):
            if done >= MIN_DEALS and meter[0] >= work:
                return done
            hands = chain.walk(STEPS)
            for i in alive:
                bit = candidates[i]
                trial = hands.copy()
                trial[me] ^= bit
                if standing is None:
                    start = fits ^ flips[bit] if bit else fits
                    result = int(
                        not trial[me]
                        or play_out(start, trial, after, me, unpredictable, pick, meter, players, flips, habits) == me
                    )
                else:
                    state = standing.copy()
                    if bit:
                        start = state.play(fits, bit, flips)
                    else:
                        start = fits
                        state.passes[me] += 1
                    winner = me
                    if trial[me]:
                        winner = play_out(
                            start, trial, after, me, unpredictable, pick, meter, players, flips, habits, state
                        )
                    # Under scoring=chips, its chips. Playing for the win instead left Sam's own chips where they were
                    # at sam, alex, robin, random (Fan Tan, Parliament, 100 duplicate deals) and lower against three
                    # Alexes (-0.1 and -0.4 chips a deal), each within the noise: see bench/strength.py in the README.
                    result = state.score(me, winner, trial)
                wins[i] += result
                if outcomes is not None:
                    outcomes[i].append(result)
        return deals

    @staticmethod
    def reason(card: Card, view: PlayerView, legal: int, total: int | None = None, deals: int = 0) -> str:
        """Why *card*, with how it did in the imagined deals (*total*: wins, or chips); in plain words only
        when *total* is None."""
        if not view.hand & ~card.bit:
            return f"Play {card.display}: it is your last card, so you win."
        chips = view.rules.scoring == "chips"
        habit = ALL_CARDS[best_card(legal, view.hand)]
        if habit == card:
            said = explain(card, view.hand, legal).removesuffix(".")
            if total is None:
                return f"{said}."
            return f"{said} (it {_tally(total, deals, chips)}, and no other card did better)."
        working = (
            f" ({_tally(total, deals, chips, short=True)} over {deals} imagined deals)" if total is not None else ""
        )
        if not chips and total is not None:
            working = f" ({total} of {deals} imagined deals)"
        better = "does better" if chips else "wins more often"
        return (
            f"Play {card.display}: it {describe(card, view.hand)}, and playing the deal out it {better} "
            f"than {habit.display}{working}."
        )


def _tally(total: int, deals: int, chips: bool, short: bool = False) -> str:
    """How a candidate did in the imagined deals, for a reason: its wins, or with chips its average gain."""
    if chips:
        average = f"{total / deals:+.1f} chips a deal".replace("-", "\N{MINUS SIGN}")
        return average if short else f"averaged {average} over {deals} imagined deals"
    return str(total) if short else f"won {total} of {deals} imagined deals"


def clearly_better(passing: list[int], playing: list[int]) -> bool:
    """Whether a pass did better than the best card over the same imagined deals by more than chance explains.

    The results are paired (the same deals for both), so the test is on their
    differences: the mean must exceed :data:`PASS_SE` standard errors.
    """
    count = len(passing)
    assert count == len(playing) and count > 1, "a pass and a card are weighed on the same deals"
    differences = [a - b for a, b in zip(passing, playing, strict=True)]
    mean = sum(differences) / count
    spread = sum((d - mean) ** 2 for d in differences) / (count - 1)
    return mean > 0 and mean * mean * count > PASS_SE * PASS_SE * spread
