"""Sam: plays Alex's habits, and thinks ahead once the end of the deal is in sight.

Until some player is down to THINK_WHEN cards Sam plays as Alex does. From then
on it plays the deal out many times in its head. It cannot see the other hands
or the order of the stock, but it knows every card on the pile, so the cards it
cannot see are the pack less its own hand and the pile. For each imagined deal
it shares those cards out at random, as many to each player as they hold and
the rest to the stock, giving a player who last drew (every computer player
draws only when nothing fits) cards that did not fit then, all but the ones it
has taken since. Then it tries each card that fits (a pick-up card naming the
suit Sam holds most) and plays the deal on with Alex's habits for everyone,
reshuffling the pile when the imagined stock runs out. Every candidate meets the
same imagined deals, and Sam plays the one that won most often. The work of one
decision is counted in turns played in its play-outs and capped, so its time is
bounded whatever the deal; everything is seeded, so a game replays exactly.

The play-outs use only integers: a card is its index 0..51 (two packs just hold
an index twice), hands are lists.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ...core.cards import ALL_CARDS, Card
from ..rules import TURN_LIMIT, is_pickup, pack, penalty
from ..state import Play
from ..view import PlayerView
from .alex import CLOSE_TO_OUT, choose
from .base import ComputerPlayer, Decision, favourite_suit, knock_words, missed_knock_call, pickup_words, play, without

__all__ = ["SamPlayer", "play_out"]

# Imagined deals per decision, shared by every candidate; fewer when the play-outs are long (WORK).
SAMPLES = 400
# Turns the play-outs of one decision may take in all: about 7 us a turn in CPython here (a play-out
# of a whole four-player deal is about 40 turns), so about 85 ms a decision at most; counted in turns,
# not timed, so a game replays exactly on any machine. Against three Alexes (the two seed blocks
# below) 12,000 with 400 deals won 28.5% and 31.5% where 6,000 with 200 won 27.8% and 26.8%;
# 20,000 with 500 won 29.7% on the first block but would take Pyodide's p95 near 200 ms.
WORK = 12_000
# Sam thinks ahead once some player holds this many cards or fewer; before, it plays Alex's choice.
# Measured against three Alexes (100 duplicate deals on each of two seed blocks, 800 games): thinking
# ahead at every choice won 22.0-25.3% (noisy choices among cards of nearly equal worth cost more than
# the look-ahead found), stopping play-outs after 12, 24 or 36 turns 22.3-27.5%, and thinking only
# from 3 cards on 27.8% and 26.8%, where the end of the deal is near enough to see.
THINK_WHEN = 3
ALEX_HABIT = "early in the deal, keep the suit on cards you hold and save your pick-up cards"
# A play-out that has not ended after HORIZON turns (rare once Sam thinks, near the end of a deal)
# counts as a chance of winning guessed from the hand sizes (see _chance_of_winning).
HORIZON = 80
SHEDDING = 2.0

_RANK = tuple(card.rank.value for card in ALL_CARDS)
_SUIT = tuple(card.suit.index for card in ALL_CARDS)
_PENALTY = tuple(penalty(card) for card in ALL_CARDS)


def _favourite(hand: list[int]) -> int:
    counts = [0, 0, 0, 0]
    for card in hand:
        if not _PENALTY[card]:
            counts[_SUIT[card]] += 1
    return counts.index(max(counts))


def _alex(hand: list[int], top: int, suit: int, next_count: int) -> int:
    """Alex's choice (see :func:`engine.knock_knock.players.alex.choose`) on integers; -1 to draw.

    A card's follow-ups are counted as the cards of its suit plus the cards of its rank, itself
    included twice: the same order as Alex's count.
    """
    top_rank = _RANK[top]
    suits = [0, 0, 0, 0]
    ranks = [0] * 14
    small = big = -1
    for card in hand:
        fine = _PENALTY[card]
        if fine:
            if small < 0 or fine < _PENALTY[small]:
                small = card
            if big < 0 or fine > _PENALTY[big]:
                big = card
        else:
            suits[_SUIT[card]] += 1
            ranks[_RANK[card]] += 1
    if big >= 0 and next_count <= CLOSE_TO_OUT:
        return big
    best, best_score = small, -1
    for card in hand:
        if not _PENALTY[card]:
            card_suit, card_rank = _SUIT[card], _RANK[card]
            if card_suit == suit or card_rank == top_rank:
                score = suits[card_suit] + ranks[card_rank]
                if score > best_score:
                    best, best_score = card, score
    return best


def play_out(
    hands: list[list[int]],
    stock: list[int],
    pile: list[int],
    suit: int,
    turn: int,
    step: int,
    rng: random.Random,
    horizon: int = HORIZON,
) -> tuple[int, int]:
    """Play a deal on with Alex's habits for everyone: (the winner, or -1 if none by the horizon; turns).

    *stock* is top last; *pile* top last. Everything passed in is changed.
    """
    players = len(hands)
    top = pile[-1]
    for turns in range(1, horizon + 1):
        hand = hands[turn]
        nxt = (turn + step) % players
        card = _alex(hand, top, suit, len(hands[nxt]))
        if card < 0:
            fine = 1
            victim = turn
        else:
            hand.remove(card)
            pile.append(card)
            top = card
            if not hand:
                return turn, turns
            fine = _PENALTY[card]
            suit = _favourite(hand) if fine else _SUIT[card]
            victim = nxt
            if fine:
                nxt = (nxt + step) % players
        if fine:
            taker = hands[victim]
            for _ in range(fine):
                if not stock:
                    if len(pile) < 2:
                        break
                    stock = pile[:-1]
                    rng.shuffle(stock)
                    del pile[:-1]
                taker.append(stock.pop())
        turn = nxt
    return -1, horizon


def _chance_of_winning(hands: list[list[int]], seat: int) -> float:
    """*seat*'s chance to win from the hand sizes when a play-out stops early: each card held
    makes a player SHEDDING times less likely to go out first."""
    weights = [SHEDDING ** -len(hand) for hand in hands]
    return weights[seat] / sum(weights)


class SamPlayer(ComputerPlayer):
    name = "sam"

    def __init__(self, rng: random.Random, samples: int = SAMPLES, work: int = WORK) -> None:
        super().__init__(rng)
        self.samples = samples
        self.work = work

    def discard(self, view: PlayerView, fitting: list[Card]) -> Decision:
        candidates = [play(view, card, favourite_suit(without(view.hand, card))) for card in fitting]
        if len(candidates) == 1:
            action = candidates[0]
            return Decision(
                action,
                f"Play {_shown(action)}: it is the only card that fits{knock_words(action)}.",
                f"Play {_named(action)}: it is the only card that fits{knock_words(action)}.",
            )
        habit = fitting.index(choose(fitting, view.hand, view.counts[view.next_seat()]))
        if min(view.counts) > THINK_WHEN:
            action = candidates[habit]
            return Decision(
                action,
                f"Play {_shown(action)}: {ALEX_HABIT}{knock_words(action)}.",
                f"Play {_named(action)}: {ALEX_HABIT}{knock_words(action)}.",
            )
        wins, deals = self._weigh(view, [action.card.index for action in candidates])
        best = max(range(len(candidates)), key=lambda i: wins[i])
        action = candidates[best]
        others = sorted((wins[i], i) for i in range(len(candidates)) if i != best)
        runner_up = candidates[others[-1][1]].card.display
        return Decision(
            action,
            f"Play {_shown(action)}: over {deals} imagined deals it gives you a {wins[best] / deals:.0%} chance to win, "
            f"the best of the cards that fit (the {runner_up} gives {others[-1][0] / deals:.0%}){knock_words(action)}.",
            f"Play {_named(action)}: of the cards that fit, it gives you the best chance to go out first"
            f"{knock_words(action)}.",
        )

    def call(self, view: PlayerView) -> Decision | None:
        return missed_knock_call(view)

    @staticmethod
    def _share(hidden: list[int], view: PlayerView, needs: list[tuple[int, int, int, int]]) -> list[list[int]]:
        """Share the shuffled *hidden* cards out: each other seat its count, the rest (in Sam's place) the stock.

        A seat in *needs* (seat, cards, suit, rank) first gets, from the front of the pile, the cards it must have held
        since its last draw that did not fit then, as many as there are.
        """
        dealt: list[list[int]] = [[] for _ in view.counts]
        taken = [False] * len(hidden)
        for other, wanted, suit, rank in needs:
            hand = dealt[other]
            for i, card in enumerate(hidden):
                if len(hand) >= wanted:
                    break
                if not taken[i] and _SUIT[card] != suit and _RANK[card] != rank and not _PENALTY[card]:
                    hand.append(card)
                    taken[i] = True
        rest = [card for i, card in enumerate(hidden) if not taken[i]]
        at = 0
        for other, count in enumerate(view.counts):
            if other == view.seat:
                continue
            more = count - len(dealt[other])
            dealt[other].extend(rest[at : at + more])
            at += more
        dealt[view.seat] = rest[at:]
        return dealt

    def _weigh(
        self, view: PlayerView, cards: Sequence[int], outcomes: list[list[float]] | None = None
    ) -> tuple[list[float], int]:
        """Wins of each candidate card over the same imagined deals, and how many deals there were; each card's
        result on each deal (1 won, 0 lost, or the chance guessed for a play-out cut short) goes to *outcomes*
        when given (the review measures its noise from them)."""
        rules = view.rules
        seat, step, players = view.seat, rules.step, rules.players
        unseen = Counter(card.index for card in pack(rules))
        unseen.subtract(card.index for card in view.hand)
        unseen.subtract(card.index for card in view.pile)
        hidden = sorted(unseen.elements())
        mine = [card.index for card in view.hand]
        pile = [card.index for card in view.pile]
        horizon = min(HORIZON, TURN_LIMIT)
        wins = [0.0] * len(cards)
        spent = deals = 0
        # What each other player lacked when it last drew (everyone but a person draws only when nothing
        # fits): of the cards it holds now, all but those taken since must be cards that did not fit then.
        needs: list[tuple[int, int, int, int]] = []
        for other in range(players):
            last = view.last_draw[other]
            if other != seat and last is not None and view.counts[other] > last.taken:
                needs.append((other, view.counts[other] - last.taken, last.suit.index, last.rank.value))
        while deals < self.samples and spent < self.work:
            self.rng.shuffle(hidden)
            dealt = self._share(hidden, view, needs)
            stock = dealt[seat]
            seed = self.rng.getrandbits(32)
            for i, card in enumerate(cards):
                hands = [list(hand) for hand in dealt]
                hands[seat] = list(mine)
                hands[seat].remove(card)
                if not hands[seat]:
                    wins[i] += 1
                    if outcomes is not None:
                        outcomes[i].append(1.0)
                    continue
                fine = _PENALTY[card]
                suit = _favourite(hands[seat]) if fine else _SUIT[card]
                turn = (seat + step) % players
                local = random.Random(seed)
                deck = list(stock)
                heap = [*pile, card]
                if fine:
                    victim = hands[turn]
                    for _ in range(fine):
                        if not deck:
                            if len(heap) < 2:
                                break
                            deck = heap[:-1]
                            local.shuffle(deck)
                            del heap[:-1]
                        victim.append(deck.pop())
                    turn = (turn + step) % players
                winner, turns = play_out(hands, deck, heap, suit, turn, step, local, horizon)
                spent += turns
                result = 1.0 if winner == seat else _chance_of_winning(hands, seat) if winner < 0 else 0.0
                wins[i] += result
                if outcomes is not None:
                    outcomes[i].append(result)
            deals += 1
        return wins, deals


def _shown(action: Play) -> str:
    if is_pickup(action.card):
        return pickup_words(action.card, action.suit)
    return action.card.display


def _named(action: Play) -> str:
    """The card and, for a pick-up card, the suit it names: the learner's words leave out what the rules add."""
    return f"{action.card.display} and name {action.suit.plural}" if action.suit is not None else action.card.display
