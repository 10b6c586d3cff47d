"""The computer players: always legal, reproducible from a seed, explained in one sentence, and sensible."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import engine.sevens.players.sam as sam_module
from engine.core.cards import Card, parse_mask
from engine.core.chance import player_rng
from engine.core.match import play_game
from engine.sevens.game import Game
from engine.sevens.moves import Move
from engine.sevens.players import COMPUTER_PLAYERS, AlexPlayer, Decision, Player, RobinPlayer, SamPlayer, make_player
from engine.sevens.players.heuristics import card_value
from engine.sevens.players.sam import MIN_DEALS, HabitChain, HiddenDealer, play_out
from engine.sevens.position import Position, playable_mask
from engine.sevens.view import PlayerView

# Sam with few play-outs, so that whole games stay quick in the test suite.
QUICK_SAM_SAMPLES = 24

Factory = Callable[[random.Random], Player]
FACTORIES: dict[str, Factory] = {name: factory for name, factory in COMPUTER_PLAYERS.items() if name != "sam"}
FACTORIES["sam"] = lambda rng: SamPlayer(rng, samples=QUICK_SAM_SAMPLES)


def view_of(text: str, history: tuple[Move, ...] = ()) -> PlayerView:
    """The view of the player to move in the position *text*."""
    pos = Position.parse(text)
    return PlayerView(pos.turn, pos.hands[pos.turn], pos.table, pos.counts(), history)


def play_checked(seed: int, factory: Factory) -> tuple[Game, list[Decision]]:
    """Four copies of one player play the deal from *seed*; every decision is checked as it is made."""
    players = [factory(player_rng(seed, seat)) for seat in range(4)]
    game = Game.new(seed)
    decisions = []
    while not game.is_over:
        view = game.view()
        decision = players[game.turn].decide(view)
        legal = view.legal_moves()
        if legal:
            assert decision.card in legal, f"seed {seed}: {decision} is not one of {legal}"
        else:
            assert decision.card is None, f"seed {seed}: {decision} played when nothing fits"
        assert_one_sentence(decision)
        decisions.append(decision)
        game.play(decision.card)
    return game, decisions


def assert_one_sentence(decision: Decision) -> None:
    reason = decision.reason
    assert reason and reason[0].isupper() and reason.endswith("."), reason
    assert ". " not in reason, f"more than one sentence: {reason}"
    assert " I " not in f" {reason} ", f"reasons speak to the learner as 'you': {reason}"
    if decision.card is None:
        assert "pass" in reason
    else:
        assert decision.card.display in reason, f"{reason!r} does not name {decision.card.display}"


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_every_player_makes_only_legal_moves_and_explains_them(name: str) -> None:
    seeds = range(4) if name == "sam" else range(40)
    passes = 0
    for seed in seeds:
        game, decisions = play_checked(seed, FACTORIES[name])
        assert game.winner is not None
        passes += sum(d.card is None for d in decisions)
    assert passes, "these deals should include some passes, so passing was checked too"


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_a_seed_replays_the_same_game(name: str) -> None:
    first, _ = play_checked(11, FACTORIES[name])
    again, _ = play_checked(11, FACTORIES[name])
    assert first.to_json() == again.to_json()


def test_registry_builds_each_character_case_blind() -> None:
    rng = random.Random(0)
    assert isinstance(make_player(" Robin", rng), RobinPlayer)
    assert isinstance(make_player("ALEX", rng), AlexPlayer)
    assert isinstance(make_player("sam", rng), SamPlayer)
    with pytest.raises(ValueError, match="choose from random, robin, alex, sam"):
        make_player("bob", rng)


def test_sam_with_default_samples_replays_the_same_game() -> None:
    seats = ["sam", "alex", "robin", "random"]
    assert play_game(3, seats).to_json() == play_game(3, seats).to_json()


# -- Robin -------------------------------------------------------------------------


def test_robin_plays_the_highest_card_that_fits() -> None:
    view = view_of("7D 7H 7S-QS / 6H 8D KS 2C / 8H / 9C / 3S / 0")
    decision = RobinPlayer(random.Random(0)).decide(view)
    assert decision.card == Card.parse("KS")


def test_robin_differs_from_random_somewhere() -> None:
    robin, _ = play_checked(5, FACTORIES["robin"])
    rand, _ = play_checked(5, FACTORIES["random"])
    assert robin.moves != rand.moves


# -- Alex --------------------------------------------------------------------------


def test_alex_holds_a_seven_that_would_only_help_others() -> None:
    view = view_of("7D 7H / 7S 6H 2C / 8H / 9C / 3S / 0")
    decision = AlexPlayer(random.Random(0)).decide(view)
    assert decision.card == Card.parse("6H")
    assert decision.reason.startswith("Hold the 7♠ — you have no other spades, so it would only help others")


def test_alex_plays_the_card_that_opens_its_own_run() -> None:
    view = view_of("7D 7C 7H-QH / 6D 8C 9C 10C KH / 8S / 9S / 3S / 0")
    decision = AlexPlayer(random.Random(0)).decide(view)
    assert decision.card == Card.parse("8C")
    assert decision.reason == "Play 8♣: it opens the way to your 9♣ and 10♣."


def test_alex_names_only_the_cards_that_can_follow_at_once() -> None:
    # 9♣ can follow 8♣ at once; J♣ must wait for somebody's 10♣.
    view = view_of("7D 7C 7H-QH / 8C 9C JC KH / 8S / 9S / 4S / 0")
    assert AlexPlayer(random.Random(0)).decide(view).reason == "Play 8♣: it opens the way to your 9♣."


def test_alex_prefers_a_king_to_opening_a_row_for_others() -> None:
    view = view_of("7D 7C-QC 7H / 8H KC 3S / 8D / 9D / 4S / 0")
    decision = AlexPlayer(random.Random(0)).decide(view)
    assert decision.card == Card.parse("KC")
    assert "nothing can follow a king" in decision.reason


def test_alex_when_every_card_helps_others_lets_out_the_fewest() -> None:
    # 6♥ opens the way for five hearts below it; 9♠ for only four spades above it.
    view = view_of("7D 7H 7S-8S / 6H 9S 2C / 8H / 9C / 3S / 0")
    decision = AlexPlayer(random.Random(0)).decide(view)
    assert decision.card == Card.parse("9S")
    assert decision.reason == (
        "Hold the 6♥ — you hold no hearts below it, so it would only help others; "
        "play 9♠ instead, which opens the way for the fewest cards the others hold, only four."
    )


def test_card_value_rewards_own_cards_and_charges_for_others() -> None:
    hand = sum(c.bit for c in map(Card.parse, ["7S", "8C", "10C", "KH"]))
    assert card_value(Card.parse("KH").index, hand) == 0
    assert card_value(Card.parse("8C").index, hand) > 0
    assert card_value(Card.parse("7S").index, hand) == -12


# -- Sam ---------------------------------------------------------------------------


def test_sam_keeps_the_sure_win_instead_of_letting_an_opponent_out() -> None:
    # Nothing the others hold fits. K♠ gives nobody anything, so Sam plays 6♥ next turn and wins;
    # 6♥ now would let out 5♥, and the player with one card left may hold it.
    text = "AC-KC AD-KD 7H-KH AS-QS / 5H / 4H 3H / 2H AH / 6H KS / 3"
    decision = SamPlayer(random.Random(4)).decide(view_of(text))
    assert decision.card == Card.parse("KS")
    assert_one_sentence(decision)


def test_sam_plays_its_last_card() -> None:
    decision = SamPlayer(random.Random(0)).decide(view_of("7D 7H / 8H 2C / 9D / 3S / 6H / 3"))
    assert decision == Decision(Card.parse("6H"), "Play 6♥: it is the only card that fits.")


def test_sam_is_reproducible_for_the_same_view_and_seed() -> None:
    game = Game.new(21)
    for card in ["7D"]:
        game.play(Card.parse(card))
    while len(game.view().legal_moves()) < 2:
        game.play(AlexPlayer(random.Random(0)).decide(game.view()).card)
    view = game.view()
    first = SamPlayer(random.Random(9)).decide(view)
    again = SamPlayer(random.Random(9)).decide(view)
    assert first == again


def test_sams_imagined_deals_fit_the_counts_and_the_passes() -> None:
    game = Game.new(8)
    while sum(m.card is None for m in game.moves) < 3 and not game.is_over:
        game.play(AlexPlayer(random.Random(0)).decide(game.view()).card)
    view = game.view()
    voids = view.known_voids()
    assert any(voids), "this deal should show some passes by now"
    dealer = HiddenDealer(view)
    rng = random.Random(1)
    for _ in range(50):
        hands = dealer.deal(rng)
        assert hands[view.seat] == view.hand
        assert sum(hands[:4]) | view.table == (1 << 52) - 1
        for seat in range(4):
            assert hands[seat].bit_count() == view.counts[seat]
            assert not hands[seat] & voids[seat], f"seat {seat} was dealt a card its pass ruled out"


def test_sam_copes_with_a_short_deal_that_leaves_cards_out() -> None:
    # A lesson deal: six cards in play, the rest of the pack out of every hand. Sam's Q♦ may never
    # become playable (9♦-J♦ can be out of play), so some imagined deals stall: they must not hang.
    view = view_of("7D / 8D 6D QD / 2C / 3C / 4C / 0")
    hands = HiddenDealer(view).deal(random.Random(0))
    assert hands[0] == view.hand
    assert [hand.bit_count() for hand in hands] == [3, 1, 1, 1, 52 - 1 - 6]
    decision = SamPlayer(random.Random(0)).decide(view)
    assert decision.card in view.legal_moves()


def test_a_stalled_play_out_has_no_winner() -> None:
    fits = playable_mask(parse_mask("7D"))
    hands = [parse_mask("QD"), parse_mask("2C"), parse_mask("3C"), parse_mask("4C")]
    assert play_out(fits, hands, 0) == -1


def test_a_play_out_finishes_the_deal_by_alexs_habits() -> None:
    # Seat 0 plays 8D, nobody else has a card that fits, and 9D ends the deal. In the second deal
    # seat 1's 6D lets seat 2 play its last card, 5D; the hands are left as they stand then.
    fits = playable_mask(parse_mask("7D"))
    assert play_out(fits, [parse_mask("8D 9D"), parse_mask("KC"), parse_mask("QC"), parse_mask("JC")], 0) == 0
    hands = [parse_mask("KS QS"), parse_mask("6D 4D"), parse_mask("5D"), parse_mask("8D")]
    assert play_out(fits, hands, 1) == 2
    assert hands == [parse_mask("KS QS"), parse_mask("4D"), 0, parse_mask("8D")]


def test_a_play_out_that_looks_ahead_holds_back_the_seven_that_would_let_another_player_out() -> None:
    # By habit seat 0 plays 7S (it leads to its 8S), and seat 2 runs out with 6S and 5S first.
    # Looking ahead, seat 0 plays 7C, keeps the spades shut and goes out on its third turn.
    fits = playable_mask(parse_mask("7D"))
    hands = [parse_mask("7C 7S 8S"), parse_mask("2C 10S"), parse_mask("5S 6S"), parse_mask("4H 2S")]
    assert play_out(fits, hands.copy(), 0) == 2
    assert play_out(fits, hands.copy(), 0, looks_ahead=0) == 0
    assert play_out(fits, hands.copy(), 0, looks_ahead=1) == 2  # only the named seat looks ahead


def cards_in(hands: list[int]) -> int:
    return sum(hand.bit_count() for hand in hands)


def test_a_play_outs_meter_counts_the_cards_played_look_ahead_trials_included() -> None:
    # The deal of the look-ahead test above. Without a look-ahead the meter counts the cards the
    # play-out played and changes nothing else. Looking ahead, seat 0 first tries its habit, 7S, to
    # the end (a loss), then 7C (a win), then plays 7C for real: all three lines are counted.
    fits = playable_mask(parse_mask("7D"))
    dealt = [parse_mask("7C 7S 8S"), parse_mask("2C 10S"), parse_mask("5S 6S"), parse_mask("4H 2S")]
    by_habit, meter = dealt.copy(), [0]
    assert play_out(fits, by_habit, 0, meter=meter) == play_out(fits, dealt.copy(), 0) == 2
    habit_line = cards_in(dealt) - cards_in(by_habit)
    assert meter == [habit_line] and habit_line > 2
    looked, meter = dealt.copy(), [0]
    assert play_out(fits, looked, 0, looks_ahead=0, meter=meter) == 0
    main_line = cards_in(dealt) - cards_in(looked)
    assert meter == [main_line + (habit_line - 1) + (main_line - 1)]


def early_choice(seed: int) -> PlayerView:
    """The first view in the deal from *seed*, played by Alexes, with two or more cards that fit."""
    game = Game.new(seed)
    while len(game.view().legal_moves()) < 2:
        game.play(AlexPlayer(random.Random(0)).decide(game.view()).card)
    return game.view()


def test_sams_work_per_decision_is_bounded_but_every_card_gets_its_minimum_of_deals() -> None:
    view = early_choice(3)
    chain = HabitChain(view, random.Random(0))
    candidates = [card.bit for card in view.legal_moves()]  # evaluate takes card bits (0 would be a pass)
    player = SamPlayer(random.Random(0))
    wins, meter = [0] * len(candidates), [0]
    assert player.evaluate(view, chain, candidates, [0, 1], 40, wins, meter, work=10**9) == 40
    one_round = meter[0]
    wins, meter = [0] * len(candidates), [0]
    assert player.evaluate(view, chain, candidates, [0, 1], 40, wins, meter, work=one_round // 2) < 40
    assert one_round // 2 <= meter[0] < one_round
    wins, meter = [0] * len(candidates), [0]
    assert player.evaluate(view, chain, candidates, [0, 1], 40, wins, meter, work=0) == MIN_DEALS


def test_sam_says_how_many_imagined_deals_it_played_when_the_work_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    view = early_choice(3)
    monkeypatch.setattr(sam_module, "WORK_PER_SAMPLE", 0)
    decision = SamPlayer(random.Random(0)).decide(view)
    assert decision.card in view.legal_moves()
    assert f"of {2 * MIN_DEALS} imagined deals" in decision.reason


def test_an_unpredictable_seat_chooses_by_the_random_numbers_it_is_given() -> None:
    # By habit seat 0 plays 8D (it leads to its 9D) and goes out first. Marked unpredictable, with
    # numbers that always pick the lowest card, it plays 6D and seat 1 goes out on 5D.
    fits = playable_mask(parse_mask("7D"))
    hands = [parse_mask("6D 8D 9D"), parse_mask("5D"), parse_mask("KC"), parse_mask("QC")]
    assert play_out(fits, hands.copy(), 0) == 0
    marked = (True, False, False, False, False)
    assert play_out(fits, hands.copy(), 0, unpredictable=marked, pick=lambda: 0.0) == 1
    assert play_out(fits, hands.copy(), 0, unpredictable=marked, pick=lambda: 0.99) == 0  # the highest: 8D, 9D, 6D


@pytest.mark.slow
def test_sam_stops_judging_robin_and_random_by_alexs_habits_but_keeps_judging_alex() -> None:
    marked = {"alex": 0, "robin": 0, "random": 0}
    names = ["sam", "alex", "robin", "random"]
    for seed in range(1, 6):
        game = Game.new(seed)
        players = [make_player(name, player_rng(seed, seat)) for seat, name in enumerate(names)]
        while not (game.turn == 0 and sum(move.card is not None for move in game.moves) >= 24):
            game.play(players[game.turn].decide(game.view()).card)
        chain = HabitChain(game.view(), random.Random(0))
        chain.judge_habits(100)
        for seat in (1, 2, 3):
            marked[names[seat]] += chain.unpredictable[seat]
    assert marked["alex"] == 0
    assert marked["robin"] + marked["random"] >= 3


def test_sam_weighs_a_voluntary_pass_only_while_it_keeps_a_spare_pass() -> None:
    from engine.sevens.players.sam import may_pass_at_will
    from engine.sevens.rules import SevensRules

    def view(rules: SevensRules, passes: int) -> PlayerView:
        return PlayerView(0, parse_mask("8D 2C"), parse_mask("7D"), (2, 13, 13, 13), (), rules, 0, (passes, 0, 0, 0))

    assert not may_pass_at_will(view(SevensRules(), 0))
    assert may_pass_at_will(view(SevensRules(voluntary_pass=True), 5))
    assert may_pass_at_will(view(SevensRules(voluntary_pass=True, pass_limit=3), 1))
    assert not may_pass_at_will(view(SevensRules(voluntary_pass=True, pass_limit=3), 2))
    decision = SamPlayer(random.Random(0)).decide(view(SevensRules(voluntary_pass=True), 0))
    assert decision.card in (None, Card.parse("8D"))
    stuck = tuple(Move(seat, None) for seat in (1, 2, 3))
    rules = SevensRules(voluntary_pass=True)
    assert not may_pass_at_will(PlayerView(0, parse_mask("8D 2C"), parse_mask("7D"), (2, 13, 13, 13), stuck, rules))


def test_four_sams_free_to_pass_still_finish_the_deal() -> None:
    from engine.sevens.rules import SevensRules

    game = Game.new(2, rules=SevensRules(voluntary_pass=True))
    sams = [SamPlayer(random.Random(seat), samples=60) for seat in range(4)]  # few samples: only the ending counts
    game.play_to_end(sams)
    assert game.is_over
