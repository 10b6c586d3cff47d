"""Cards and their notation: ASCII codes, display forms, names, lists and masks."""

import re

import pytest

from engine.core.cards import (
    ALL_CARDS,
    FULL_DECK,
    Card,
    Rank,
    Suit,
    cards_of,
    format_cards,
    mask_of,
    parse_cards,
    parse_mask,
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("7D", "7D"),
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("7♦", "7D"),
        ("10♥", "10H"),
        ("a♠", "AS"),
        ("as", "AS"),
        ("kc", "KC"),
        ("qd", "QD"),
        ("j♣", "JC"),
        ("7♢", "7D"),
        ("10♡", "10H"),
        ("A♤", "AS"),
        ("K♧", "KC"),
        ("  8s ", "8S"),
    ],
)
def test_parse_accepts_ascii_symbols_lowercase_and_outline_suits(text: str, code: str) -> None:
    assert Card.parse(text).code == code


def test_forms_of_ten_of_hearts() -> None:
    card = Card.parse("10H")
    assert (card.code, card.display, card.name, str(card)) == ("10H", "10♥", "ten of hearts", "10♥")
    assert (card.rank, card.suit) == (Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize(
    ("code", "display", "name"),
    [
        ("AS", "A♠", "ace of spades"),
        ("JC", "J♣", "jack of clubs"),
        ("QD", "Q♦", "queen of diamonds"),
        ("KH", "K♥", "king of hearts"),
        ("7D", "7♦", "seven of diamonds"),
    ],
)
def test_display_and_name_forms(code: str, display: str, name: str) -> None:
    card = Card.parse(code)
    assert (card.display, card.name) == (display, name)


def test_every_card_round_trips_through_every_form() -> None:
    for card in ALL_CARDS:
        assert Card.parse(card.code) == card
        assert Card.parse(card.display) == card
        assert Card.parse(card.code.lower()) == card
        assert Card.parse(card.display.lower()) == card
        assert Card.of(card.rank, card.suit) == card
        assert eval(repr(card), {"Card": Card}) == card


def test_all_52_cards_are_distinct_in_every_form() -> None:
    assert len(ALL_CARDS) == 52
    for form in ("code", "display", "name"):
        assert len({getattr(card, form) for card in ALL_CARDS}) == 52


def test_codes_are_ascii_and_ten_is_written_10() -> None:
    codes = [card.code for card in ALL_CARDS]
    assert all(code.isascii() for code in codes)
    assert "10H" in codes
    assert not any(code.startswith("T") for code in codes)


def test_repr_pastes_back() -> None:
    assert repr(Card.parse("TH")) == "Card.parse('10H')"


def test_cards_sort_by_suit_then_rank_with_aces_low() -> None:
    cards = parse_cards("KS AS 7D 2C KC AC")
    assert [c.code for c in sorted(cards)] == ["AC", "2C", "KC", "7D", "AS", "KS"]
    assert Rank.ACE < Rank.TWO < Rank.KING


@pytest.mark.parametrize("text", ["XX", "1H", "11H", "7X", "7", "D7", "10", "♥", "7DD"])
def test_bad_card_raises_value_error_naming_the_text(text: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(text))):
        Card.parse(text)


def test_empty_card_says_what_is_expected() -> None:
    with pytest.raises(ValueError, match=r"empty card: expected something like 7D"):
        Card.parse("  ")


def test_card_of_rejects_ranks_outside_ace_to_king() -> None:
    with pytest.raises(ValueError, match=r"rank 0 is outside 1..13"):
        Card.of(0, Suit.DIAMONDS)
    with pytest.raises(ValueError, match=r"rank 14 is outside 1..13"):
        Card.of(14, Suit.CLUBS)


def test_card_index_outside_the_pack_is_refused() -> None:
    with pytest.raises(ValueError, match=r"card index 52 is outside 0..51"):
        Card(52)


def test_suit_and_rank_parse_with_clear_errors() -> None:
    assert Suit.parse("♡") is Suit.HEARTS
    assert Rank.parse("t") is Rank.TEN
    with pytest.raises(ValueError, match=r"unknown suit 'X'"):
        Suit.parse("X")
    with pytest.raises(ValueError, match=r"unknown rank '1'"):
        Rank.parse("1")


def test_card_lists_parse_with_spaces_or_commas() -> None:
    assert [c.code for c in parse_cards("7D 8D 6H")] == ["7D", "8D", "6H"]
    assert [c.code for c in parse_cards("7♦, 8♦,6♥")] == ["7D", "8D", "6H"]
    assert parse_cards("-") == []
    assert parse_cards("") == []


def test_bad_card_in_a_list_names_that_card() -> None:
    with pytest.raises(ValueError, match=r"unknown card 'ZZ'"):
        parse_cards("7D ZZ 8D")


def test_masks_hold_sets_of_cards() -> None:
    mask = parse_mask("7D 8D 6H")
    assert mask.bit_count() == 3
    assert list(cards_of(mask)) == sorted(parse_cards("6H 7D 8D"))
    assert format_cards(mask) == "7D 8D 6H"
    assert format_cards(mask, display=True) == "7♦ 8♦ 6♥"
    assert format_cards(0) == "-"
    assert parse_mask(format_cards(0)) == 0


def test_a_repeated_card_in_a_set_is_refused() -> None:
    with pytest.raises(ValueError, match=r"7D appears twice"):
        parse_mask("7D 8D 7♦")


def test_full_deck_round_trips_through_format_and_parse() -> None:
    assert mask_of(ALL_CARDS) == FULL_DECK
    assert parse_mask(format_cards(FULL_DECK)) == FULL_DECK
    assert parse_mask(format_cards(FULL_DECK, display=True)) == FULL_DECK
