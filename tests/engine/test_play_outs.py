"""The shortcuts the fast loops take agree with the rules engine, under random option sets.

Sam's play-outs run on bit masks, a plain loop where nothing counts the
passes and a loop with a :class:`~engine.sevens.players.sam.Standing`
otherwise; ``simulate`` plays ``random`` players on bit masks too, and deals
with a shuffle of its own. Each is checked here against the slow, checked path.
"""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.core.chance import shuffle, table_rng
from engine.core.match import play_game
from engine.sevens.game import Game
from engine.sevens.players.alex import AlexPlayer
from engine.sevens.players.random_player import RandomPlayer
from engine.sevens.players.sam import Standing, play_out
from engine.sevens.position import flips_of
from engine.sevens.rules import SevensRules
from engine.sevens.view import PlayerView

RULES = st.builds(
    SevensRules,
    players=st.integers(3, 8),
    opening=st.sampled_from(["7D", "any-seven", "all-sevens"]),
    eight_before_six=st.booleans(),
    voluntary_pass=st.booleans(),
    pass_limit=st.none() | st.integers(1, 5),
    finish=st.sampled_from(["first-out", "places"]),
    scoring=st.sampled_from(["wins", "chips"]),
)
PLAIN_RULES = st.builds(SevensRules, players=st.integers(3, 8), opening=st.sampled_from(["7D", "any-seven"]))
SEEDS = st.integers(0, 2**53 - 1)


@given(SEEDS, st.integers(0, 104))
def test_the_fast_shuffle_is_randoms_shuffle(seed: int, size: int) -> None:
    mine, theirs = list(range(size)), list(range(size))
    shuffle(random.Random(seed), mine)
    random.Random(seed).shuffle(theirs)
    assert mine == theirs  # so the deal from a seed stays what records promise (pinned in test_deal.py)


class Deciding:
    """A player seen only through ``decide``, so that a deal cannot take the fast loop."""

    def __init__(self, player: RandomPlayer) -> None:
        self.player = player
        self.name = player.name

    def decide(self, view: PlayerView) -> object:
        return self.player.decide(view)


@settings(max_examples=40, deadline=None)
@given(PLAIN_RULES, SEEDS)
def test_random_players_play_the_same_deal_on_masks_as_through_views(rules: SevensRules, seed: int) -> None:
    fast = Game.new(seed, rules=rules)
    shared = table_rng(seed)
    fast.play_to_end([RandomPlayer(shared) for _ in range(rules.players)])
    slow = Game.new(seed, rules=rules)
    shared = table_rng(seed)
    slow.play_to_end([Deciding(RandomPlayer(shared)) for _ in range(rules.players)])  # type: ignore[list-item]
    assert fast.moves == slow.moves
    assert fast.position == slow.position and fast.winner == slow.winner
    assert play_game(seed, ["random"] * rules.players, rules=rules).moves == fast.moves


@settings(max_examples=60, deadline=None)
@given(RULES, SEEDS)
# A seven's flip under eight_before_six leaves out its six: the play-out missed the row reaching a laid 6.
@example(SevensRules(players=6, eight_before_six=True, pass_limit=1, scoring="chips"), 6)
def test_sams_play_outs_finish_a_deal_of_alexes_as_the_rules_engine_does(rules: SevensRules, seed: int) -> None:
    # Alex never passes while a card fits, so a play-out by habit from the first turn is a whole deal of Alexes.
    game = Game.new(seed, rules=rules)
    view = game.view()
    hands = list(game.position.hands)
    standing = Standing.of(view)
    meter = [0]
    winner = play_out(view.fits(), hands, view.seat, -1, meter=meter, players=rules.players, flips=flips_of(rules),
                      standing=standing)  # fmt: skip
    alexes = [AlexPlayer(random.Random(0)) for _ in range(rules.players)]
    while not game.is_over and (game.winner is None or rules.finish == "first-out"):
        if game.position.done:
            break  # the first player out: the play-out stops there, as the score is settled
        game.act(game.turn, alexes[game.turn].decide(game.view()).card)
    assert winner == (game.winner if game.winner is not None else -1)
    if standing is None:  # the plain loop: default scoring and no pass limit
        assert rules.pass_limit is None and rules.scoring == "wins"
        return
    chips = game.chips()
    for seat in range(rules.players):
        expected = chips[seat] if chips is not None else int(seat == game.winner)
        assert standing.score(seat, winner, hands) == expected


@settings(max_examples=40, deadline=None)
@given(PLAIN_RULES, SEEDS)
def test_the_plain_play_out_and_the_one_with_a_standing_agree_when_nothing_is_counted(
    rules: SevensRules, seed: int
) -> None:
    game = Game.new(seed, rules=rules)
    view = game.view()
    plain, counted = list(game.position.hands), list(game.position.hands)
    standing = Standing(rules, view.table, 0, [0] * rules.players, [False] * rules.players)
    flips = flips_of(rules)
    pick = random.Random(seed).random
    marked = [False, True] + [False] * (rules.players - 2)  # seat 1 plays at random, from the same numbers
    first = play_out(view.fits(), plain, view.seat, 0, marked, pick, players=rules.players, flips=flips)
    pick = random.Random(seed).random
    second = play_out(view.fits(), counted, view.seat, 0, marked, pick, players=rules.players, flips=flips,
                      standing=standing)  # fmt: skip
    assert (first, plain) == (second, counted)
