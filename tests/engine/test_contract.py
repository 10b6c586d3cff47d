"""The contract every registered game keeps, checked over whole deals between its computer players under options
drawn from its own declaration (engine/core/options.py), player counts among them.

A game added to engine/games.py is checked here with no edit: every card is accounted for at every step, only
legal actions are taken, every deal ends within the game's turn limit, records replay to the same bytes, no seat's
view shows another seat's hand or the stock, the bot protocol answers every request with a legal action (and the
request rebuilds exactly the seat's view), and the browser session restores a record and reviews it where the game
has a review. (The practice bank is built by sitebuild/, out of the engine's reach: tests/site checks it.)
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine.core.cards import Card
from engine.core.game import GameType, RulesError, computer_player, find_game, game_names
from engine.core.protocol import answer
from engine.core.records import read_record

IN_PYODIDE = sys.platform == "emscripten"  # run by tools/pyodide_pytest.mjs

GAMES = game_names()
# Whole deals are long in Pyodide (several times slower than CPython): fewer of them there.
EXAMPLES = 3 if IN_PYODIDE else 12


def sampled(step: int) -> bool:
    """Whether the views and the bot protocol are checked at *step* (1, 2, 3, 4, 6, 8, 12, 16, 24, ...): a view
    holds the history and a request replays every move so far, so checking every step of a long deal would cost
    the square of its length."""
    while step and step % 2 == 0:
        step //= 2
    return step in (1, 3)


@st.composite
def tables(draw: st.DrawFn, game: GameType) -> tuple[Any, int, int, list[str]]:
    """Rules drawn from *game*'s declared options (every value of every option), a seed, a dealer and the computer
    players round the table."""
    options = {name: draw(st.sampled_from(option.values)) for name, option in game.options.options.items()}
    try:
        rules = game.rules(options)
    except RulesError:  # values the game's combination check refuses
        rules = game.rules({})
    seed = draw(st.integers(0, 10**6))
    dealer = draw(st.integers(0, rules.players - 1))
    names = draw(
        st.lists(st.sampled_from(sorted(game.computer_players)), min_size=rules.players, max_size=rules.players)
    )
    return rules, seed, dealer, names


def shown_cards(value: object, seen: Counter[Card] | None = None) -> Counter[Card]:
    """Every card a view holds anywhere in its fields (each copy), however deep."""
    seen = Counter() if seen is None else seen
    if isinstance(value, Card):
        seen[value] += 1
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            shown_cards(getattr(value, field.name), seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            shown_cards(item, seen)
    elif isinstance(value, dict):
        for key, item in value.items():
            shown_cards(key, seen)
            shown_cards(item, seen)
    return seen


class Decision:
    """An action as the game's answer shape takes it."""

    def __init__(self, action: object) -> None:
        self.action = action
        self.reason = ""


def split(places: dict[str, list[Card]], seat: int) -> tuple[Counter[Card], Counter[Card]]:
    """The cards *seat* may not see now (other hands and the stock) and those it may (its hand, every heap)."""
    hidden = Counter[Card]()
    seen = Counter[Card]()
    for name, cards in places.items():
        if name == "stock" or (name.startswith("hand ") and name != f"hand {seat}"):
            hidden.update(cards)
        else:
            seen.update(cards)
    return hidden, seen


def turns(game: GameType, rules: Any, seed: int, dealer: int, names: list[str]) -> Iterator[tuple[Any, int, int]]:
    """Play the deal, yielding (the deal, the seat about to act, the step) before each action; the seats
    waiting to call act before the player on turn, as in ``Deal.play_to_end``."""
    deal = game.new_deal(rules, seed, dealer=dealer, names=names)
    players = [computer_player(game.computer_players, name, random.Random(seat)) for seat, name in enumerate(names)]
    step = 0
    # A turn is at most one action of each seat (the player on turn, and the calls between turns).
    most = game.turn_limit * rules.players
    while not deal.is_over:
        waiting = deal.waiting
        assert waiting, "a deal that is not over waits for somebody"
        seat = waiting[-1]
        step += 1
        assert step <= most, f"{game.name}: the deal did not end within {game.turn_limit} turns ({most} actions)"
        yield deal, seat, step
        decision = players[seat].decide(deal.view(seat))
        # why_illegal is the rule; legal_actions lists what may be done (a game may allow more: Knock! Knock! lets
        # a player leave out a knock, at a cost, without listing that play), every listed action allowed.
        assert deal.why_illegal(seat, decision.action) is None, (seat, decision.action)
        legal = deal.legal_actions(seat)
        assert legal and all(deal.why_illegal(seat, action) is None for action in legal), (seat, legal)
        deal.act(seat, decision.action)
    yield deal, -1, step


def check_cards(game: GameType, deal: Any, rules: Any) -> dict[str, list[Card]]:
    places = game.cards(deal)
    assert sum((Counter(cards) for cards in places.values()), Counter[Card]()) == Counter(game.pack(rules))
    assert {f"hand {seat}" for seat in range(rules.players)} <= set(places)
    return places


def check_view(deal: Any, seat: int, places: dict[str, list[Card]], known: Counter[Card]) -> None:
    """*seat*'s view shows no card hidden from it, beyond the copies it has seen (*known*: a card played earlier
    may lie in the stock again, and the view's history shows it played). With two packs, a copy hidden while the
    other has been seen is not told apart."""
    hidden, seen = split(places, seat)
    known |= seen
    # As sets: a view's history may show one card played twice (reshuffled into the stock between).
    leaked = set(shown_cards(deal.view(seat))) & set(hidden) - set(known)
    assert not leaked, f"seat {seat}'s view shows {sorted(card.code for card in leaked)}"


# Where a game's bot requests cannot yet carry all a seat sees: (game, option, value) and why. The check still
# runs there and must fail (so an entry whose gap is mended has to go): this list only shrinks.
KNOWN_GAPS = {
    ("sevens", "opening", "all-sevens"): "a request cannot say who laid out which seven, so the rebuilt view's "
    "counts of the other hands are guessed, and where the guess cannot be replayed the request is refused with "
    "the reason (the answer is never an illegal action)",
}


def known_gap(game: GameType, rules: Any) -> str | None:
    written = rules.to_json()
    return next(
        (
            why
            for (name, option, value), why in KNOWN_GAPS.items()
            if name == game.name and written.get(option) == value
        ),
        None,
    )


def check_bot(game: GameType, deal: Any, seat: int, rules: Any, name: str) -> None:
    request = game.request(deal, seat)
    line = json.dumps(request)
    # The answer is legal, even where the request cannot carry everything (see KNOWN_GAPS).
    answered = json.loads(answer(line, computer_player(game.computer_players, name, random.Random(0)), game))
    legal = [game.answer(Decision(action)) for action in deal.legal_actions(seat)]
    # A game whose turn is built in steps (Blackjack) lists only the next steps, and its players answer a whole
    # turn: the turn the same player takes at the table, which the rules allow, is legal too.
    at_table = computer_player(game.computer_players, name, random.Random(0)).decide(deal.view(seat))
    if deal.why_illegal(seat, at_table.action) is None:
        legal.append(game.answer(at_table))
    # Where the request cannot carry the position (a known gap), the core's check of the rebuilt position may refuse
    # it with its reason instead: never an illegal action.
    assert answered in legal or (known_gap(game, rules) and ("error" not in answered or answered["error"])), answered
    if known_gap(game, rules):
        return
    assert game.read_request(request).view == deal.view(seat), "the request rebuilds exactly the seat's view"
    # The bot answers over the protocol what the same player decides at the table, which the rules allow.
    decision = computer_player(game.computer_players, name, random.Random(0)).decide(deal.view(seat))
    assert deal.why_illegal(seat, decision.action) is None
    assert answered == game.answer(decision), f"{game.name} bot {name} answered {answered} to {line}"


@pytest.mark.parametrize("name", GAMES)
def test_every_deal_keeps_the_contract(name: str) -> None:
    game = find_game(name)

    # No shrinking: a whole deal is long to shrink, and the failing example is printed as drawn.
    @settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow], phases=[Phase.generate])
    @given(tables(game))
    def deals(table: tuple[Any, int, int, list[str]]) -> None:
        rules, seed, dealer, names = table
        deal = None
        known = [Counter[Card]() for _ in range(rules.players)]  # the cards each seat has seen
        for deal, seat, step in turns(game, rules, seed, dealer, names):
            places = check_cards(game, deal, rules)
            if seat < 0:
                break
            for each in range(rules.players):
                known[each] |= split(places, each)[1]
            if sampled(step):
                check_view(deal, seat, places, known[seat])
                check_bot(game, deal, seat, rules, names[seat])
        assert deal is not None and deal.is_over
        assert len(deal.score()) == rules.players
        text = deal.to_json()
        assert read_record(text).to_json() == text
        assert game.read_record(json.loads(text)).to_json() == text

    deals()


@pytest.mark.parametrize(("name", "option", "value"), sorted(KNOWN_GAPS))
def test_each_known_gap_is_still_open(name: str, option: str, value: object) -> None:
    game = find_game(name)
    rules = game.rules({option: value})
    players = sorted(game.computer_players)
    names = [players[seat % len(players)] for seat in range(rules.players)]
    views_differ = False
    for deal, seat, step in turns(game, rules, 1, 0, names):
        if seat < 0:
            break
        if sampled(step):
            views_differ = views_differ or game.read_request(game.request(deal, seat)).view != deal.view(seat)
    assert views_differ, f"{name} {option}={value} is mended: remove it from KNOWN_GAPS"


@pytest.mark.parametrize("name", GAMES)
def test_the_browser_session_restores_and_reviews_a_finished_deal(name: str) -> None:
    game = find_game(name)
    rules = game.rules({})
    names = sorted(game.computer_players)[: rules.players]
    names += [names[0]] * (rules.players - len(names))
    *_, (deal, _, _) = turns(game, rules, 3, 0, names)
    record = deal.to_json()
    session = game.session()
    state = session.restore(record)
    assert "error" not in state, state
    if "review_points" in session.methods:
        points = session.review_points(record)
        assert "error" not in points, points
        # What the review says of the choices once weighed is the engine's, and counts what it found.
        moves = points["moves"]
        if moves:
            assert points["said"].startswith(f"Sam weighed your {len(moves)} choice"), points["said"]
        else:
            assert points["said"].startswith("You had no choice to make in this deal"), points["said"]
        assert points["key"]


@pytest.mark.parametrize("name", GAMES)
def test_the_review_is_of_each_seat_in_turn(name: str) -> None:
    # At a table of people each person's review lists only their own choices, the table served from their view.
    game = find_game(name)
    session = game.session()
    if "review_points" not in session.methods:
        pytest.skip(f"{name} has no review")
    rules = game.rules({})
    names = [sorted(game.computer_players)[0]] * rules.players
    *_, (deal, _, _) = turns(game, rules, 5, 0, names)
    record = deal.to_json()
    assert session.review_points(record) == session.review_points(record, 0)
    found = {seat: session.review_points(record, seat)["moves"] for seat in range(rules.players)}
    every = [move for moves in found.values() for move in moves]
    assert len(every) == len(set(every)), f"a move is in two seats' reviews: {found}"
    seat, moves = next((seat, moves) for seat, moves in found.items() if seat and moves)
    for move in moves:
        state = session.replay(record, move, seat)
        # ... and the table waits for it there, so the review's "Play from here" can play on.
        assert state["your_turn"], f"{name}: seat {seat}'s choice at move {move} is not its turn"
        assert state["seat"] == seat, "the state says whose seat the review serves (the page assumes none)"
        assert state["hand"] and state["hand"] != session.replay(record, move)["hand"], "not the seat's own hand"
    estimate = session.review_move(record, moves[0])
    assert estimate["played"]["code"] in [card["code"] for card in estimate["cards"]]
    with pytest.raises(ValueError, match=f"seat {rules.players} must be a whole number from 0 to {rules.players - 1}"):
        session.review_points(record, rules.players)


def test_a_game_whose_choices_are_whole_turns_says_so_in_its_review() -> None:
    # Blackjack's choices are between turns (a chain, a draw, a pick-up), not between cards that fitted.
    for name in GAMES:
        session = find_game(name).session()
        if session.reviews and "draw" in session.choice_words:
            assert "fitted" not in session.choice_words + session.no_choice_words + session.key_words
            break
    else:
        pytest.fail("no game says its review's choices are whole turns")
