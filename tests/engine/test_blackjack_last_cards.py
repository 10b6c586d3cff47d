"""Which hands need a "Last cards" call: exact against the engine's own turn, and bounded in work on big hands."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from engine.blackjack.last_cards import one_turn
from engine.blackjack.rules import Rules, pack
from engine.blackjack.state import NO_CHANCE, Lay, State, Undo, needs_call
from engine.core.cards import ALL_CARDS, Card, parse_cards
from engine.core.game import RulesError


def laid_in_one_turn(rules: Rules, hand: Sequence[Card]) -> bool:
    """The question asked of the real rules: is there a top card on which the engine lets this hand go down as one
    turn (every card laid by the engine's own legal steps, not ending on a queen that must be covered)?"""
    if len(hand) <= 1:
        return len(hand) == 1
    held = Counter(hand)
    for first in sorted(set(hand)):
        # A top card of the first card's suit that the packs still hold (the suit named, should it be wild).
        top = next(c for c in ALL_CARDS if c.suit == first.suit and held[c] < rules.pack_count and c != first)
        state = State.setup(rules, [list(hand)] + [[] for _ in range(rules.players - 1)], [top], [], 0, first.suit)
        if state.why_illegal(0, Lay(first)) is None:
            state.apply(0, Lay(first), NO_CHANCE)
            if _lays_the_rest(state):
                return True
    return False


def _lays_the_rest(state: State) -> bool:
    if not state.hands[0]:
        return not state.rules.is_queen(state.laid[-1])
    for card in state.next_cards(0):
        state.apply(0, Lay(card), NO_CHANCE)
        found = _lays_the_rest(state)
        state.apply(0, Undo(), NO_CHANCE)
        if found:
            return True
    return False


def random_rules(rng: random.Random) -> Rules:
    while True:
        try:
            return Rules(
                players=rng.choice((4, 6)),
                packs=rng.choice((1, "auto")),
                queen_cover=rng.random() < 0.5,
                wild=rng.choice(("A", "8", "none")),
                skip=rng.choice(("8", "Q", "none")),
                reverse=rng.choice(("K", "A", "Q", "none")),
                twos=rng.random() < 0.5,
                black_jacks=rng.choice((5, 7, "none")),
                twos_and_jacks=rng.choice(("mix", "apart")),
                power_finish=rng.random() < 0.5,
            )
        except RulesError:
            continue  # two options name the same rank


def random_hand(rng: random.Random, rules: Rules, most: int) -> list[Card]:
    if rng.random() < 0.5:  # neighbouring ranks, so that runs and long turns are common
        low = rng.randint(1, 12)
        ranks = set(range(low, min(14, low + rng.randint(1, 4))))
    else:
        ranks = set(rng.sample(range(1, 14), rng.randint(1, 5)))
    if rng.random() < 0.4:
        ranks.add(12)
    pool = [card for card in pack(rules) if card.rank in ranks]
    return rng.sample(pool, rng.randint(2, min(most, len(pool))))


def test_needs_call_agrees_with_the_engines_own_turn_under_any_options() -> None:
    rng = random.Random(43)
    answers = Counter()
    for _ in range(250):
        rules = random_rules(rng)
        hand = random_hand(rng, rules, 7)
        expected = laid_in_one_turn(rules, hand)
        assert needs_call(rules, hand) == expected, f"{' '.join(c.code for c in hand)} under {rules.describe()}"
        answers[rules.queen_cover, expected] += 1
    assert all(answers[cover, yes] >= 10 for cover in (True, False) for yes in (True, False)), answers


def test_needs_call_agrees_with_the_engines_own_turn_on_two_packs() -> None:
    # Few neighbouring ranks of two packs, so that both copies of a card are often in the hand: a run along one suit
    # may turn back (5H 6H 5H 6H), and the two copies may end two different runs.
    rng = random.Random(4343)
    answers = Counter()
    for _ in range(120):
        cover = rng.random() < 0.5
        rules = Rules(players=8, packs="auto", queen_cover=cover)
        low = rng.choice((rng.randint(1, 12), 10, 11))
        pool = [card for card in pack(rules) if low <= card.rank <= low + rng.randint(1, 2)]
        hand = rng.sample(pool, rng.randint(2, 8))
        expected = laid_in_one_turn(rules, hand)
        assert needs_call(rules, hand) == expected, f"{' '.join(c.code for c in hand)} under {rules.describe()}"
        answers[cover, expected, len(set(hand)) < len(hand)] += 1
    assert all(answers[cover, yes, True] >= 3 for cover in (True, False) for yes in (True, False)), answers


@pytest.mark.parametrize(
    ("cards", "covered", "plain"),
    [
        ("2C QD", True, False),  # a queen covered by anything; a plain queen only follows a queen or J/K of her suit
        ("QH 9C", True, False),
        ("JD QD KD", True, True),
        ("QH QS", False, True),  # under queen_cover a turn may not end on a queen
        ("4H 5H 6H 5C", False, False),  # the run through 5♥ cannot pick up the 5♣
        ("3D QH QD", True, False),
    ],
)
def test_a_queen_lets_any_card_follow_only_when_she_must_be_covered(cards: str, covered: bool, plain: bool) -> None:
    hand = parse_cards(cards)
    for cover, expected in ((True, covered), (False, plain)):
        rules = Rules(queen_cover=cover)
        assert needs_call(rules, hand) == expected == laid_in_one_turn(rules, hand), (cards, cover)


def test_one_card_a_turn_needs_a_call_only_for_a_single_card() -> None:
    # docs/rules/blackjack.md, Last cards: "Under chains=false only a single card does."
    rules = Rules(chains=False)
    assert needs_call(rules, parse_cards("9C"))
    assert not needs_call(rules, parse_cards("5S 6S"))


def _counts(hand: Sequence[Card]) -> tuple[int, ...]:
    counts = [0] * 52
    for card in hand:
        counts[card.index] += 1
    return tuple(counts)


@pytest.mark.parametrize(("packs", "size", "seed"), [(1, 36, 1), ("auto", 42, 3), ("auto", 42, 4)])
def test_the_work_on_a_big_hand_is_bounded(packs: int | str, size: int, seed: int) -> None:
    # The search over orders took 8.6 s on a 36-card hand and 27 s on 42 cards of two packs, each card multiplying
    # the time by about 1.5. The programme over the ranks does a bounded amount of work per rank, whatever the hand.
    rng = random.Random(seed)
    for cover in (True, False):
        rules = Rules(players=8, packs=packs, queen_cover=cover)
        hand = rng.sample(pack(rules), size)
        _, work = one_turn(_counts(hand), cover)
        assert work < 5_000, (work, " ".join(c.code for c in hand))


def test_states_that_can_do_no_more_than_another_are_dropped() -> None:
    # A 40-card hand of two packs with queens, under queen_cover=true, found by a hill climb over hands for the most
    # work: no turn without a jump, so the runs are directed. Keeping every state took 95,098 steps; dropping the
    # states another can outdo (more arrivals over, finer parts) takes about 35,000.
    hand = parse_cards(
        "10D 10S 2D 2H 2S 3H 4C 4H 4S 5C 5D 5S 6C 6D 6D 6H 6S 6S 7C 7H 7S 7S 8C 8D 8H 8H 8S 8S 9C 9S AD AS JD JH "
        "KC KD KH KS QC QD"
    )
    found, work = one_turn(_counts(hand), True)
    assert found and work < 40_000, work


def test_a_hand_in_parts_no_step_joins_is_decided_at_once() -> None:
    # 42 cards of two packs in an 8-player game fall into four parts (no card of one may follow a card of another):
    # no turn lays them all, since only a jump from a queen leaves a part and all the queens are in one part. The
    # programme over the ranks took 40,920 steps (1.5 s) to find that out under queen_cover=true.
    rules = Rules(players=8, packs="auto", queen_cover=True)
    rng = random.Random(1)
    for _ in range(4):
        hand = rng.sample(pack(rules), 42)
    for cover in (True, False):
        found, work = one_turn(_counts(hand), cover)
        assert (found, work) == (False, 1), " ".join(c.code for c in hand)


@pytest.mark.parametrize(
    ("cards", "covered", "plain"),
    [
        ("5H 6H 5H 6H", True, True),  # a run along one suit of two packs turns back
        ("4H 5H 6H 5C 5C", False, False),  # the run through 5H cannot pick up the 5Cs, nor can the second 5H
        ("4H 5H 6H 7H 8H 9H 10H JH QH 5C 5C", True, False),  # ... but a run up to a queen lets the turn jump to them
        ("4H 5H 6H 5C 5C QC", False, False),  # a queen in a part of her own leads only into one run
        ("2C QD 9S", False, False),  # three parts: one jump from the queen does not reach both others
        ("2C QD QD", True, False),
    ],
)
def test_two_packs_and_parts(cards: str, covered: bool, plain: bool) -> None:
    hand = parse_cards(cards)
    for cover, expected in ((True, covered), (False, plain)):
        rules = Rules(players=8, packs="auto", queen_cover=cover)
        assert needs_call(rules, hand) == expected == laid_in_one_turn(rules, hand), (cards, cover)
