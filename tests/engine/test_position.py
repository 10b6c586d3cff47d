"""Positions: the text form, setup checks and the explanations a learner reads when a move is refused."""

import re

import pytest

from engine.core.cards import Card, parse_mask
from engine.sevens.deal import deal_hands
from engine.sevens.position import IllegalMove, Position, describe_row, playable_mask


def card(text: str) -> Card:
    return Card.parse(text)


# -- text form ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "7D 5H-8H / 9H 3S / 8D / KC / 2S / 0",
        "- / 7D 8D / 2S / 3S / 4S / 0",
        "7C-8C AD-KD 7H 2S-7S / 9C / 8H / 6H / AS / 3",
    ],
)
def test_canonical_text_round_trips(text: str) -> None:
    position = Position.parse(text)
    assert position.text() == text
    assert Position.parse(position.text()) == position


def test_parse_accepts_any_order_and_symbols_and_writes_canonical_text() -> None:
    position = Position.parse("8H 6H 7♥ 7D  /  3s 9♥ / 8d / kc / 2s / 0")
    assert position.text() == "7D 6H-8H / 9H 3S / 8D / KC / 2S / 0"


def test_dealt_positions_round_trip() -> None:
    for seed in range(20):
        position = Position.deal(deal_hands(seed))
        assert Position.parse(position.text()) == position


def test_repr_pastes_back() -> None:
    position = Position.parse("7D 5H-8H / 9H 3S / 8D / KC / 2S / 0")
    assert repr(position) == "Position.parse('7D 5H-8H / 9H 3S / 8D / KC / 2S / 0')"
    assert eval(repr(position), {"Position": Position}) == position


def test_equal_positions_hash_equal() -> None:
    a = Position.parse("7D 5H-8H / 9H 3S / 8D / KC / 2S / 0")
    b = Position.parse("5H-8H 7D / 3S 9H / 8D / KC / 2S / 0")
    assert a == b and hash(a) == hash(b)
    assert a != Position.parse("7D 5H-8H / 9H 3S / 8D / KC / 2S / 1")


# -- setup errors ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5H / 7D / 8D / 9D / 10D / 0", "the table has cards but not the 7♦, which always opens the deal"),
        ("7D 5H 7H / 8D / 9D / 10D / JD / 0", "the hearts row has a gap: 6♥ missing"),
        ("7D 4S 7S / 8D / 9D / 10D / JD / 0", "the spades row has a gap: 5♠, 6♠ missing"),
        ("7D 5H-6H / 8D / 9D / 10D / JD / 0", "the hearts row has cards but not the 7♥, which must start it"),
        ("7D 6H-8H / 8H / 9D / 10D / JD / 0", "hand 0 holds 8♥, already on the table"),
        ("7D / 8H / 8H / 10D / JD / 0", "8♥ is in two hands"),
        ("7D / 8H 9H / 9H 8H / 10D / JD / 0", "8♥ 9♥ are in two hands"),
        (
            "- / 7D AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC / 8D / 9D / 10D / 0",
            "hand 0 has 14 cards; nobody holds more than 13",
        ),
        (
            "7D / 8D / 9D / 0",
            "position '7D / 8D / 9D / 0' has 4 fields: expected the table, 3 to 8 hands and the turn separated by '/'",
        ),
        ("7D / 8D / 9D / 10D / JD / 4", "turn 4 is not allowed: give a seat from 0 to 3"),
        ("7D / 8D / 9D / 10D / JD / one", "turn 'one' is not a whole number: give a seat from 0 to 3"),
        ("7D / 8D / 9D / 10D / JD / ", "turn '' is not a whole number: give a seat from 0 to 3"),
        ("- / 8H / 7D / 9D / 10D / 0", "turn 0 cannot be first to play: hand 1 holds the 7♦, which opens the deal"),
        ("7D 9H-5H / 8D / 9D / 10D / JD / 0", "table: run '9H-5H' must go from a lower to a higher card of one suit"),
        ("7D 5H-8D / 8D / 9D / 10D / JD / 0", "table: run '5H-8D' must go from a lower to a higher card of one suit"),
        ("7D XX / 8D / 9D / 10D / JD / 0", "table: unknown card 'XX'"),
        ("7D 7D / 8D / 9D / 10D / JD / 0", "table: 7D appears twice on the table"),
        ("7D / 8D 8♦ / 9D / 10D / JD / 0", "hand 0: 8D appears twice"),
        ("7D / 8D / 9D / 1D / JD / 0", "hand 2: unknown card '1D'"),
    ],
)
def test_parse_refuses_impossible_positions_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=r"^" + re.escape(message)):
        Position.parse(text)


def test_setup_needs_as_many_hands_as_the_rules_have_players() -> None:
    with pytest.raises(ValueError, match=r"^expected 4 hands, got 3$"):
        Position.setup(0, [card("7D").bit, 0, 0], rules=Position.parse("- / 7D / - / - / - / 0").rules)


def test_setup_on_an_empty_table_defaults_the_turn_to_the_7d_holder() -> None:
    assert Position.setup(0, [parse_mask("8D"), parse_mask("9D"), parse_mask("7D"), parse_mask("10D")]).turn == 2


def test_setup_without_anyone_holding_the_7d_cannot_find_an_opener() -> None:
    with pytest.raises(ValueError, match=r"^nobody holds the 7♦, so nobody can open$"):
        Position.setup(0, [parse_mask("8D"), parse_mask("9D"), parse_mask("JD"), parse_mask("10D")])


def test_setup_needs_the_turn_once_cards_are_on_the_table() -> None:
    with pytest.raises(ValueError, match=r"^whose turn it is must be given once cards are on the table$"):
        Position.setup(card("7D").bit, [parse_mask("8D"), parse_mask("9D"), parse_mask("JD"), parse_mask("10D")])


def test_setup_refuses_a_turn_that_is_not_a_seat() -> None:
    with pytest.raises(ValueError, match=r"^turn 5 is not allowed: give a seat from 0 to 3"):
        Position.setup(card("7D").bit, [parse_mask("8D"), parse_mask("9D"), parse_mask("JD"), parse_mask("10D")], 5)


def test_deal_needs_all_52_cards_in_four_hands() -> None:
    hands = list(deal_hands(1))
    hands[0] &= hands[0] - 1  # drop one card
    with pytest.raises(ValueError, match=r"4 hands that hold the 52 cards"):
        Position.deal(hands)


# -- explanations -----------------------------------------------------------------

HEARTS_5_TO_7 = Position.parse("7D 5H-7H / 9H 8H 3S / 8D / KC / 2S / 0")


def test_a_card_beyond_an_open_end_names_both_next_cards() -> None:
    assert (
        HEARTS_5_TO_7.why_illegal(card("9H"))
        == "9♥ does not fit: the hearts row runs 5♥–7♥, so the next hearts are 4♥ and 8♥"
    )


def test_play_raises_illegal_move_with_the_reason_and_the_position() -> None:
    with pytest.raises(IllegalMove) as caught:
        HEARTS_5_TO_7.play(card("9H"))
    assert str(caught.value) == caught.value.reason
    assert caught.value.reason.startswith("9♥ does not fit")
    assert caught.value.position == HEARTS_5_TO_7
    assert isinstance(caught.value, ValueError)


def test_passing_with_a_card_that_fits_is_refused() -> None:
    position = Position.parse("7D 7C / 8C 3S / 2S / 4S / 5S / 0")
    assert position.why_illegal(None) == "you must play: 8♣ fits"
    with pytest.raises(IllegalMove, match=r"^you must play: 8♣ fits$"):
        position.pass_turn()


def test_the_must_play_message_lists_every_card_that_fits() -> None:
    position = Position.parse("7D 7C / 8C 6D 8D 2S / 3S / 4S / 5S / 0")
    assert position.why_illegal(None) == "you must play: 8♣, 6♦ and 8♦ fit"
    position = Position.parse("7D 7C / 8C 6D 2S / 3S / 4S / 5S / 0")
    assert position.why_illegal(None) == "you must play: 8♣ and 6♦ fit"


def test_passing_is_allowed_only_when_nothing_fits() -> None:
    position = Position.parse("7D 7C / 10C 3S / 2S / 4S / 5S / 0")
    assert position.legal_moves() == []
    assert position.why_illegal(None) is None
    after = position.pass_turn()
    assert (after.table, after.hands, after.turn) == (position.table, position.hands, 1)


def test_the_first_card_must_be_the_7d_even_for_a_holder_of_other_sevens() -> None:
    position = Position.parse("- / 7D 7C 7H 8C / 2S / 4S / 5S / 0")
    assert position.legal_moves() == [card("7D")]
    assert position.why_illegal(card("7C")) == "7♣ cannot start the deal: the first card must be the 7♦"
    assert position.why_illegal(card("8C")) == "8♣ cannot start the deal: the first card must be the 7♦"
    assert position.why_illegal(None) == "you must play: 7♦ fits"


def test_a_row_that_has_not_started_only_takes_its_seven() -> None:
    position = Position.parse("7D / 8C 9C 3S / 2S / 4S / 5S / 0")
    assert (
        position.why_illegal(card("8C"))
        == "8♣ does not fit: the clubs row has not started, so only the 7♣ can begin it"
    )


def test_a_row_closed_at_the_ace_has_a_single_next_card() -> None:
    position = Position.parse("7D AH-9H / JH 10H 8C / 2S / 4S / 5S / 0")
    assert position.why_illegal(card("JH")) == "J♥ does not fit: the hearts row runs A♥–9♥, so the next heart is 10♥"


def test_a_row_closed_at_the_king_has_a_single_next_card() -> None:
    position = Position.parse("7D 5S-KS / 3S / 2S / 4S / 9H / 0")
    assert position.why_illegal(card("3S")) == "3♠ does not fit: the spades row runs 5♠–K♠, so the next spade is 4♠"


def test_a_row_of_just_its_seven_names_both_neighbours() -> None:
    position = Position.parse("7D 7S / 2S / 3S / 4S / 9H / 0")
    assert (
        position.why_illegal(card("2S"))
        == "2♠ does not fit: the spades row holds only the 7♠, so the next spades are 6♠ and 8♠"
    )


def test_a_card_in_someone_elses_hand_is_not_in_your_hand() -> None:
    assert HEARTS_5_TO_7.why_illegal(card("8D")) == "8♦ is not in your hand"
    assert HEARTS_5_TO_7.why_illegal(card("QS")) == "Q♠ is not in your hand"


def test_a_card_already_played_is_on_the_table() -> None:
    assert HEARTS_5_TO_7.why_illegal(card("6H")) == "6♥ is already on the table"
    assert HEARTS_5_TO_7.why_illegal(card("7D")) == "7♦ is already on the table"


def test_a_legal_card_has_no_reason_against_it() -> None:
    assert HEARTS_5_TO_7.why_illegal(card("8H")) is None
    assert HEARTS_5_TO_7.legal_moves() == [card("8H")]


def test_describe_row_in_words() -> None:
    table = Position.parse("7D 5H-7H / 9H / 8D / KC / 2S / 0").table
    assert describe_row(table, card("5H").suit) == "the hearts row runs 5♥–7♥"
    assert describe_row(table, card("7D").suit) == "the diamonds row holds only the 7♦"
    assert describe_row(table, card("7C").suit) == "the clubs row has not started"


def test_before_the_opening_only_the_7d_is_playable_by_anyone() -> None:
    assert playable_mask(0) == card("7D").bit


# -- the end of the deal ------------------------------------------------------------


def test_playing_the_last_card_wins_and_ends_the_deal_at_once() -> None:
    position = Position.parse("7D 7C / 8C / 2S 8D / 4S / 5S / 0")
    after = position.play(card("8C"))
    assert after.winner == 0
    assert after.is_over
    assert after.counts() == (0, 2, 1, 1)
    # Seat 1 holds 8♦, which would fit, but nobody moves after the deal ends.
    assert after.legal_moves() == []
    for move in (card("8D"), card("2S"), None):
        assert after.why_illegal(move) == "the deal is over: a player has played their last card"
    with pytest.raises(IllegalMove, match=r"^the deal is over"):
        after.play(card("8D"))
    with pytest.raises(IllegalMove, match=r"^the deal is over"):
        after.pass_turn()


def test_a_finished_position_round_trips() -> None:
    after = Position.parse("7D 7C / 8C / 2S 8D / 4S / 5S / 0").play(card("8C"))
    assert after.text() == "7C-8C 7D / - / 8D 2S / 4S / 5S / 0"
    assert Position.parse(after.text()) == after
    assert Position.parse(after.text()).winner == 0


def test_an_empty_table_has_no_winner_even_with_empty_hands() -> None:
    assert Position.parse("- / 7D / - / - / - / 0").winner is None


def test_turns_go_clockwise_and_wrap_from_seat_3_to_seat_0() -> None:
    position = Position.parse("7D 7C / 3S / 2S / 4S / 8C 5S / 3")
    assert position.play(card("8C")).turn == 0
    assert Position.parse("7D 7C / 3S / 2S / 4S / 5S / 3").pass_turn().turn == 0
