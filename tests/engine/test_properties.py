"""Properties of whole random games and random tables, checked with Hypothesis.

Games come from random seeds, and every choice between legal cards is drawn
from Hypothesis's data, so a failure shrinks to a short, replayable game.
Example counts come from the profile in conftest.py (fewer in Pyodide).
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.core.cards import ALL_CARDS, FULL_DECK, Card, Rank, Suit, cards_of, parse_mask
from engine.sevens.game import Game
from engine.sevens.position import FLIPS, OPENING_CARD, Position, format_table, parse_table, playable_mask

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
# A whole game per example: fifty are plenty, fewer where the profile asks for fewer (Pyodide).
WHOLE_GAMES = settings(max_examples=min(50, settings.default.max_examples))
MOST_MOVES = 52 * 4  # after the opening someone can always play, so a round of four turns holds at least one play


def play_random_game(seed: int, data: st.DataObject) -> tuple[Game, list[Position]]:
    """Play the deal from *seed* to the end, choosing among legal cards with *data*; every position on the way."""
    game = Game.new(seed)
    positions = [game.position]
    while not game.is_over:
        assert len(game.moves) < MOST_MOVES, "the deal did not end"
        legal = game.position.legal_moves()
        if len(legal) > 1:
            game.play(
                Card.parse(data.draw(st.sampled_from([card.code for card in legal])))
            )  # codes read well in a failure
        else:
            game.play(legal[0] if legal else None)
        positions.append(game.position)
    return game, positions


def fits_by_the_rulebook(table: int, card: Card) -> bool:
    """The rule as the lessons state it, written independently of the engine's bit tricks."""
    if table & card.bit:
        return False
    if not table:
        return card == OPENING_CARD
    if card.rank == Rank.SEVEN:
        return True
    step = 1 if card.rank < Rank.SEVEN else -1  # the neighbour towards the seven
    return bool(table & Card.of(card.rank + step, card.suit).bit)


@st.composite
def tables(draw: st.DrawFn) -> str:
    """A table that can occur in a game, in text form (readable in a failure): each row empty or a run through
    its seven, the diamonds down if anything is."""
    table = 0
    for suit in Suit:
        if suit is not Suit.DIAMONDS and not draw(st.booleans()):
            continue
        low = draw(st.integers(min_value=1, max_value=7))
        high = draw(st.integers(min_value=7, max_value=13))
        for rank in range(low, high + 1):
            table |= Card.of(rank, suit).bit
    return format_table(table if draw(st.integers(0, 9)) else 0)  # now and then the empty table before the opening


@WHOLE_GAMES
@given(SEEDS, st.data())
def test_every_card_is_always_on_the_table_or_in_exactly_one_hand(seed: int, data: st.DataObject) -> None:
    _, positions = play_random_game(seed, data)
    for position in positions:
        seen = position.table
        for hand in position.hands:
            assert not seen & hand
            seen |= hand
        assert seen == FULL_DECK
        assert position.table.bit_count() + sum(position.counts()) == 52


@WHOLE_GAMES
@given(SEEDS, st.data())
def test_only_legal_moves_are_made_and_passes_only_when_nothing_fits(seed: int, data: st.DataObject) -> None:
    game, positions = play_random_game(seed, data)
    for before, move in zip(positions[:-1], game.moves, strict=True):
        assert move.seat == before.turn
        assert before.why_illegal(move.card) is None
        if move.card is None:
            assert not before.legal_moves()
            assert not playable_mask(before.table) & before.hands[before.turn]
        else:
            assert move.card in before.legal_moves()
            assert before.why_illegal(None) is not None


@WHOLE_GAMES
@given(SEEDS, st.data())
def test_the_deal_ends_with_one_winner_after_their_last_card(seed: int, data: st.DataObject) -> None:
    game, positions = play_random_game(seed, data)
    plays = [move for move in game.moves if move.card is not None]
    assert len(plays) <= 52
    assert game.moves[0].card == OPENING_CARD
    winner = game.winner
    assert winner is not None
    assert game.moves[-1].seat == winner and game.moves[-1].card is not None
    counts = game.remaining()
    assert counts[winner] == 0 and all(count > 0 for seat, count in enumerate(counts) if seat != winner)
    assert all(not position.is_over for position in positions[:-1])
    assert positions[-1].legal_moves() == []


@WHOLE_GAMES
@given(SEEDS, st.data())
def test_the_playable_cards_kept_card_by_card_match_the_table_at_every_step(seed: int, data: st.DataObject) -> None:
    game, positions = play_random_game(seed, data)
    fits = playable_mask(0)
    for move, after in zip(game.moves, positions[1:], strict=True):
        if move.card is not None:
            fits ^= FLIPS[move.card.bit]
        assert fits == playable_mask(after.table), f"after {move}"


@WHOLE_GAMES
@given(SEEDS, st.data())
def test_four_passes_in_a_row_never_happen(seed: int, data: st.DataObject) -> None:
    game, _ = play_random_game(seed, data)
    run = 0
    for move in game.moves:
        run = run + 1 if move.card is None else 0
        assert run < 4


@WHOLE_GAMES
@given(SEEDS, st.data())
def test_positions_and_cards_round_trip_through_text_at_every_step(seed: int, data: st.DataObject) -> None:
    game, positions = play_random_game(seed, data)
    for position in positions:
        text = position.text()
        assert Position.parse(text) == position
        assert Position.parse(text).text() == text
    for move in game.moves:
        if move.card is not None:
            assert Card.parse(move.card.code) == Card.parse(move.card.display) == move.card


@WHOLE_GAMES
@given(SEEDS, st.data())
def test_records_round_trip_and_replay_to_the_same_game(seed: int, data: st.DataObject) -> None:
    game, positions = play_random_game(seed, data)
    again = Game.from_json(game.to_json())
    assert again.record() == game.record()
    assert again.position == game.position
    replay = Game.new(seed)
    assert replay.position == positions[0]
    for move, expected in zip(game.moves, positions[1:], strict=True):
        replay.play(move.card)
        assert replay.position == expected


@WHOLE_GAMES
@given(SEEDS, st.data())
def test_known_voids_never_claim_a_card_a_player_holds(seed: int, data: st.DataObject) -> None:
    game, _ = play_random_game(seed, data)
    final = game.position
    for seat in range(4):
        voids = game.view(seat).known_voids()
        for other, void in enumerate(voids):
            assert not void & final.hands[other]
            assert not void & (final.table | final.hands[seat])


@given(tables())
def test_the_fast_rule_agrees_with_the_rulebook_on_any_table(table_text: str) -> None:
    table = parse_table(table_text)
    fast = playable_mask(table)
    for card in ALL_CARDS:
        assert bool(fast & card.bit) == fits_by_the_rulebook(table, card), card.code


@given(tables(), st.data())
def test_legal_cards_are_exactly_the_cards_without_a_reason_against_them(table_text: str, data: st.DataObject) -> None:
    table = parse_table(table_text)
    off_table = [card.code for card in cards_of(FULL_DECK & ~table)]
    # At most 12, so that adding the 7♦ before the opening still leaves a hand of 13 or fewer.
    hand = parse_mask(" ".join(data.draw(st.lists(st.sampled_from(off_table), unique=True, min_size=1, max_size=12))))
    if not table:
        hand |= OPENING_CARD.bit  # before the opening only the 7♦ holder can be on turn
    others = [0, 0, 0]
    for i, card in enumerate(cards_of(FULL_DECK & ~table & ~hand)):
        others[i % 3] |= card.bit if i < 39 else 0
    assume(all(others))  # an empty hand would mean the deal is already over
    position = Position.setup(table, [hand, *others], 0)
    legal = set(position.legal_moves())
    for card in cards_of(hand):
        reason = position.why_illegal(card)
        assert (reason is None) == (card in legal)
        if reason is not None:
            assert reason.startswith(card.display), reason
    assert (position.why_illegal(None) is None) == (not legal)
