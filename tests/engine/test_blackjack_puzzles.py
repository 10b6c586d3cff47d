"""Blackjack's puzzle kinds: each judged right on fixed positions, wrong answers refused at their line, practice
puzzles made fresh and valid, hints that follow the position, and Sam's play-outs for "which card" puzzles."""

from __future__ import annotations

import random

import pytest

from engine.blackjack.play_outs import RULES as PLAY_OUT_RULES
from engine.blackjack.play_outs import play_outs
from engine.blackjack.puzzles import KINDS, RULES, call_order, longest_turn, parse_bj
from engine.blackjack.rules import Rules
from engine.blackjack.state import State
from engine.core.cards import parse_cards
from engine.core.game import find_game
from engine.core.puzzles import PuzzleError, feedback_problems, parse_puzzle


def block(kind: str, **fields: str) -> str:
    lines = [f"id: t-{kind}", f"kind: {kind}", "question: ?", "hint: Look again."]
    return "\n".join(lines + [f"{name.replace('_', '-')}: {value}" for name, value in fields.items()])


def test_the_registry_offers_the_kinds_and_sams_play_outs() -> None:
    game = find_game("blackjack")
    assert game.puzzle_kinds is KINDS
    assert game.play_outs is play_outs
    assert set(KINDS.names()) >= {"fits", "pick", "longest", "name-suit", "stop", "last-cards", "who-next"}


@pytest.mark.parametrize(
    ("pile", "extra", "card", "fits"),
    [
        ("5H", "", "9H", "yes"),  # suit
        ("5H", "", "5C", "yes"),  # rank
        ("5H", "", "6H", "yes"),
        ("5H", "", "6S", "no"),  # one rank away is not the same rank
        ("9S", "", "AD", "yes"),  # wild
        ("9S AD", "suit: C", "4D", "no"),  # the named suit, not the ace's own
        ("9S AD", "suit: C", "7C", "yes"),
        ("2S", "pickup: 2", "9S", "no"),  # a pick-up waits: only an answer goes down
        ("2S", "pickup: 2", "JC", "yes"),
        ("2S", "pickup: 2", "JH", "no"),  # a red jack answers black jacks only
        ("JS", "jacks: 5", "JH", "yes"),
        ("6C", "", "JH", "no"),
    ],
)
def test_fits_is_judged_by_the_engine(pile: str, extra: str, card: str, fits: str) -> None:
    text = block("fits", pile=pile, card=card, answer=fits) + (f"\n{extra}" if extra else "")
    assert parse_bj(text).judge().answer == (fits,)
    wrong = "no" if fits == "yes" else "yes"
    with pytest.raises(PuzzleError, match=rf'line 7: puzzle "t-fits": answer says {wrong}, but'):
        parse_bj(block("fits", pile=pile, card=card, answer=wrong) + (f"\n{extra}" if extra else ""))


def test_pick_lists_the_first_cards_or_the_next_ones_of_a_chain() -> None:
    assert parse_bj(block("pick", pile="10D", hand="3D 10S 7C KH", answer="3D 10S")).judge().answer == ("3D", "10S")
    chain = parse_bj(block("pick", pile="5H", laid="5S", hand="5C 6S 9H 4D", answer="5C 6S"))
    assert chain.judge().answer == ("5C", "6S")
    queen = parse_bj(block("pick", pile="5H", laid="QH", hand="9C 2S KD", answer="9C 2S KD"))
    assert set(queen.judge().answer) == {"9C", "2S", "KD"}  # anything covers a queen
    with pytest.raises(PuzzleError, match=r"answer says 5C, but 6♠ may come next: it is the spade next to the 5♠"):
        parse_bj(block("pick", pile="5H", laid="5S", hand="5C 6S 9H", answer="5C"))
    with pytest.raises(PuzzleError, match=r"line 6: puzzle \"t-pick\": laid: 9♣ does not fit on 5♥"):
        parse_bj(block("pick", pile="5H", laid="9C", hand="5C", answer="none"))


def test_the_longest_turn_is_the_seeds_six_card_chain() -> None:
    state = State.parse("hands 5S 6S 6C 6D 7D 7C 9H / KD / QC / 2C | pile 5H | turn 0")
    turn = longest_turn(state)
    assert len(turn) == 6 and set(turn) == set(parse_cards("5S 6S 6C 6D 7D 7C"))
    puzzle = parse_bj(block("longest", pile="5H", hand="5S 6S 6C 6D 7D 7C 9H", answer="6"))
    assert puzzle.judge().answer == ("6",)
    assert [value for value, _ in puzzle.choices()] == ["1", "2", "3", "4", "5", "6", "7"]
    # A queen is covered by any card, and the chain goes on from the cover.
    assert len(longest_turn(State.parse("hands JC QC 3D 4D / KD / 2D / 2C | pile JH | turn 0"))) == 4


def test_name_suit_asks_for_the_suit_held_most() -> None:
    puzzle = parse_bj(block("name-suit", pile="9S", card="AC", hand="4D 7D KD 2S", answer="diamonds"))
    assert puzzle.judge().answer == ("diamonds",)
    with pytest.raises(PuzzleError, match="answer says spades, but you keep 3 diamonds and 1 spade"):
        parse_bj(block("name-suit", pile="9S", card="AC", hand="4D 7D KD 2S", answer="spades"))
    with pytest.raises(PuzzleError, match="card: the 9♣ is not wild"):
        parse_bj(block("name-suit", pile="9S", card="9C", hand="4D", answer="diamonds"))


def test_stop_refuses_an_uncovered_queen() -> None:
    assert parse_bj(block("stop", pile="5H", laid="QH", hand="4C", answer="no")).judge().answer == ("no",)
    assert parse_bj(block("stop", pile="5H", laid="QH 4C", hand="9D", answer="yes")).judge().answer == ("yes",)
    last = parse_bj(block("stop", pile="5H", laid="QH", hand="none", answer="yes")).judge()
    assert "pick up one card" in last.explanation


@pytest.mark.parametrize(
    ("hand", "call"),
    [("7S", "yes"), ("7S 8S", "yes"), ("7S 9S", "no"), ("QH 4C", "yes"), ("QH QS", "no"), ("3H 3C 4C 5C", "yes")],
)
def test_last_cards_follows_the_rule_for_hands_that_could_all_go_down(hand: str, call: str) -> None:
    assert parse_bj(block("last-cards", hand=hand, answer=call)).judge().answer == (call,)
    order = call_order(parse_cards(hand))
    assert bool(order) == (call == "yes")


STATE = "hands 8H 8C 3C 9D KH KS / 4C 5C 6C 7S / KD 2D 3D 7H / 7D 9S 10S JH | pile 5H | stock 2H 3H 4H 5S | turn 0"


@pytest.mark.parametrize(
    ("moves", "answer"),
    [("You: 8H", "Alex"), ("You: 8H 8C", "Sam"), ("You: KH", "Sam"), ("You: KH KS", "Robin"), ("You: draw", "Robin")],
)
def test_who_next_counts_skips_and_reverses(moves: str, answer: str) -> None:
    puzzle = parse_bj(block("who-next", state=STATE, moves=moves, answer=answer))
    assert puzzle.judge().answer == (answer,)


def test_a_move_the_engine_refuses_is_reported_with_its_reason() -> None:
    with pytest.raises(PuzzleError, match=r"moves: You cannot take that turn: 3♣ does not fit on 5♥"):
        parse_bj(block("who-next", state=STATE, moves="You: 3C", answer="Robin"))


@pytest.mark.parametrize(
    ("moves", "size"),
    [("You: 2C", "2"), ("You: 2C; Robin: 2D", "4"), ("You: JC; Robin: 2D; Alex: JD", "2"), ("You: JC; Robin: JH", "0")],
)
def test_pickup_size_adds_twos_and_black_jacks_and_a_red_jack_cancels_the_jacks(moves: str, size: str) -> None:
    state = "hands 2C JC 9D / 2D JH 3D / JD 2H 8D / 7D 9S 10S | pile 6C | stock 4H 5S 6S 7S 8S 9H | turn 0"
    puzzle = parse_bj(block("pickup-size", state=state, moves=moves, answer=size))
    assert puzzle.judge().answer == (size,)


def test_an_empty_hint_becomes_one_about_the_position() -> None:
    def hint(kind: str, **fields: str) -> str:
        text = block(kind, **fields).replace("hint: Look again.", "hint:")
        return parse_bj(text).hint

    assert hint("fits", pile="5H", card="9C", answer="no") != hint("fits", pile="8D", card="9C", answer="no")
    assert "5♥" in hint("fits", pile="5H", card="9C", answer="no")
    assert hint("pick", pile="5H", hand="9C 5S", answer="5S") != hint(
        "pick", pile="5H", laid="5S", hand="9C 6S", answer="6S"
    )
    assert hint("longest", pile="5H", hand="5S 6S", answer="2") != hint("longest", pile="9C", hand="9S 10S", answer="2")
    # An author's own hint stands.
    assert parse_bj(block("fits", pile="5H", card="9C", answer="no")).hint == "Look again."


def test_every_kind_with_a_maker_makes_valid_puzzles_with_their_own_hints() -> None:
    rng = random.Random(20261201)
    made = 0
    for kind in KINDS.kinds:
        if kind.make is None:
            continue
        assert kind.practice > 0, kind.name
        hints = set()
        for n in range(30):
            fields = kind.make(rng, n)
            puzzle = parse_puzzle(f"id: p-{kind.name}-{n}\nkind: {kind.name}\nhint: {kind.hint}\n{fields}", KINDS)
            assert feedback_problems(puzzle) == [], fields
            hints.add(puzzle.hint)
            made += 1
        assert len(hints) > 5, kind.name  # hints depend on the position, not one text for the kind
    assert made >= 150


def test_best_puzzles_ask_sam_and_refuse_a_position_where_a_chain_could_follow() -> None:
    puzzle = parse_bj(block("best", pile="9H", hand="4H 2H", counts="1 6 6", called="Robin", answer="2H"))
    position, answer = puzzle.verdict_position() or ([], "")
    assert answer == "2H" and position[3] == ["2H", "4H"] and position[4] == [1, 6, 6] and position[5] == [1]
    with pytest.raises(PuzzleError, match="after 4♥ you could lay 5♥ too"):
        parse_bj(block("best", pile="9H", hand="4H 5H 2C", counts="5 5 5", answer="4H"))
    with pytest.raises(ValueError, match="Sam has not judged"):
        puzzle.judge()


def test_sams_play_outs_are_the_same_deals_whatever_their_number() -> None:
    position = ["blackjack-best", ["9H"], "H", ["4H", "2H"], [1, 6, 6], [1], 1]
    few, more = play_outs(position, 16, 7), play_outs(position, 48, 7)
    assert few.keys() == more.keys() == {"2H", "4H"}
    assert all(more[code] & 0xFFFF == few[code] for code in few)
    assert RULES == PLAY_OUT_RULES == Rules(players=4)  # Sam judges at the lessons' own table
