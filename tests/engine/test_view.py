"""Player views: a computer player sees its own hand, the table, the counts and the public moves, nothing more."""

from __future__ import annotations

import dataclasses
import gc
import random
import types
from collections.abc import Iterator

import pytest

from engine.core.cards import Card, parse_mask
from engine.sevens.game import Game
from engine.sevens.moves import Move
from engine.sevens.position import Position, parse_table, playable_mask
from engine.sevens.rules import PRESETS, SevensRules
from engine.sevens.view import PlayerView

# Code objects are shared by every game: walking into them (a function's
# globals, a class's methods) leads to whole modules, not to this game's data.
SHARED_CODE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.CodeType)


def reachable(root: object) -> Iterator[object]:
    """Every object reachable from *root* through references and attributes, stopping at shared code."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, SHARED_CODE):
            continue
        stack.extend(gc.get_referents(obj))
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(obj, name):
                    stack.append(getattr(obj, name))
        if hasattr(obj, "__dict__"):
            stack.append(vars(obj))


def leaks(view: object, seat: int, position: Position) -> list[str]:
    """What reachable from *view* would let the player in *seat* see the other hands of *position*."""
    others = {other: hand for other, hand in enumerate(position.hands) if other != seat}
    found = []
    for obj in reachable(view):
        if isinstance(obj, (Game, Position)):
            found.append(f"a {type(obj).__name__}")
        elif type(obj) is int and obj in others.values() and obj:
            found.append(f"the hand mask of seat {next(s for s, h in others.items() if h == obj)}")
        elif isinstance(obj, Card) and any(hand & obj.bit for hand in others.values()):
            found.append(f"{obj.display}, held by another seat")
    return found


def game_in_progress(seed: int, plays: int) -> Game:
    game = Game.new(seed)
    rng = random.Random(seed)
    for _ in range(plays):
        legal = game.position.legal_moves()
        game.play(rng.choice(legal) if legal else None)
    return game


def test_the_walk_does_find_hidden_hands_when_they_are_there() -> None:
    # Without this the leak test below could pass by walking nothing.
    game = game_in_progress(1, 10)
    position = game.position
    reached = list(reachable(game))
    assert any(obj is position for obj in reached)
    assert all(any(type(obj) is int and obj == hand for obj in reached) for hand in position.hands)
    view = game.view(0)
    spy = types.SimpleNamespace(view=view, secret=position.hands[1])
    assert leaks(view, 0, position) == []
    assert leaks(spy, 0, position) == ["the hand mask of seat 1"]
    assert {"a Game", "a Position"} <= set(leaks(types.SimpleNamespace(view=view, game=game), 0, position))


@pytest.mark.parametrize("seed", [3, 42])
def test_a_view_cannot_reach_other_hands_at_any_point_of_a_game(seed: int) -> None:
    game = Game.new(seed)
    rng = random.Random(seed)
    while not game.is_over:
        for seat in range(4):
            assert leaks(game.view(seat), seat, game.position) == [], f"seat {seat} after {len(game.moves)} moves"
        legal = game.position.legal_moves()
        game.play(rng.choice(legal) if legal else None)


@pytest.mark.parametrize(
    "rules",
    [
        *PRESETS.values(),
        SevensRules(players=3, eight_before_six=True, pass_limit=1, voluntary_pass=True),
        SevensRules(players=7, opening="any-seven", pass_limit=2, finish="places", scoring="chips"),
    ],
    ids=lambda rules: rules.text(),
)
def test_a_view_cannot_reach_other_hands_under_any_rules(rules: SevensRules) -> None:
    game = Game.new(5, rules=rules)
    rng = random.Random(5)
    while not game.is_over:
        for seat in range(rules.players):
            assert leaks(game.view(seat), seat, game.position) == [], f"seat {seat} after {len(game.moves)} moves"
        choices = game.legal_actions(game.turn)
        game.play(rng.choice(choices))


def test_a_view_shows_own_hand_table_counts_and_public_moves() -> None:
    game = game_in_progress(42, 20)
    position = game.position
    view = game.view()
    assert view.seat == position.turn
    assert view.hand == position.hands[view.seat]
    assert view.table == position.table
    assert view.counts == position.counts()
    assert view.moves == tuple(game.moves)
    assert view.legal_moves() == position.legal_moves()
    assert view.legal_mask() == position.legal_mask()


def test_hidden_cards_are_exactly_the_other_hands_together() -> None:
    game = game_in_progress(7, 15)
    for seat in range(4):
        others = 0
        for other, hand in enumerate(game.position.hands):
            if other != seat:
                others |= hand
        assert game.view(seat).hidden() == others


def test_a_view_of_another_seat_shows_that_seats_hand() -> None:
    game = game_in_progress(9, 5)
    for seat in range(4):
        assert game.view(seat).seat == seat
        assert game.view(seat).hand == game.position.hands[seat]


def test_a_view_of_a_finished_deal_allows_no_moves() -> None:
    game = Game.new(42)
    rng = random.Random(1)
    while not game.is_over:
        legal = game.position.legal_moves()
        game.play(rng.choice(legal) if legal else None)
    for seat in range(4):
        view = game.view(seat)
        assert view.is_over
        assert view.legal_moves() == []
    assert not Game.new(42).view().is_over


def test_a_view_is_frozen_and_does_not_follow_the_game() -> None:
    game = game_in_progress(5, 3)
    view = game.view()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = 0  # type: ignore[misc]
    before = (view.table, view.moves)
    legal = game.position.legal_moves()
    game.play(legal[0] if legal else None)
    assert (view.table, view.moves) == before


# -- known voids -------------------------------------------------------------------


def view_of(seat: int, hand: str, table: str, moves: list[tuple[int, str | None]]) -> PlayerView:
    played = tuple(Move(s, None if c is None else Card.parse(c)) for s, c in moves)
    return PlayerView(seat, parse_mask(hand), parse_table(table), (13, 13, 13, 13), played)


def test_no_passes_means_no_known_voids() -> None:
    view = view_of(2, "8D 3S", "7D", [(0, "7D")])
    assert view.known_voids() == (0, 0, 0, 0)


def test_a_pass_shows_the_passer_holds_none_of_the_cards_that_fitted() -> None:
    view = view_of(2, "2S 3S", "7D", [(0, "7D"), (1, None)])
    assert view.known_voids() == (0, parse_mask("7C 6D 8D 7H 7S"), 0, 0)


def test_voids_leave_out_cards_the_viewer_holds_or_that_are_on_the_table() -> None:
    # Seat 1 passed when 6♦, 8♦ and the sevens fitted; since then 8♦ was played, and the viewer holds 7♣.
    view = view_of(3, "7C 2S", "7D 8D", [(0, "7D"), (1, None), (2, "8D")])
    assert view.known_voids() == (0, parse_mask("6D 7H 7S"), 0, 0)


def test_later_passes_add_the_cards_that_fitted_then() -> None:
    moves: list[tuple[int, str | None]] = [(0, "7D"), (1, None), (2, "8D"), (3, "7H"), (0, "9D"), (1, None)]
    view = view_of(2, "2S", "7D-9D 7H", moves)
    assert view.known_voids() == (0, parse_mask("7C 6D 10D 6H 8H 7S"), 0, 0)


def test_known_voids_are_never_wrong_in_real_games() -> None:
    for seed in range(10):
        game = Game.new(seed)
        rng = random.Random(seed)
        passes = 0
        while not game.is_over:
            for seat in range(4):
                voids = game.view(seat).known_voids()
                for other, void in enumerate(voids):
                    assert not void & game.position.hands[other], f"seed {seed}: seat {other} holds a known void"
            legal = game.position.legal_moves()
            passes += not legal
            game.play(rng.choice(legal) if legal else None)
        assert passes


def test_known_voids_match_what_each_pass_revealed() -> None:
    game = Game.new(42)
    rng = random.Random(0)
    revealed = [0, 0, 0, 0]
    while not game.is_over:
        legal = game.position.legal_moves()
        if not legal:
            revealed[game.turn] |= playable_mask(game.position.table)
        game.play(rng.choice(legal) if legal else None)
    view = game.view(0)
    assert any(revealed)
    assert view.known_voids() == tuple(v & view.hidden() for v in revealed)
