"""Pass-and-play, for every registered game: two people and two computers share one device.

Whole deals are played through the browser session (engine/core/session.py) with Ana in seat 0 and Ben in seat
2. At every step: while the screen is up the state holds no card of any hand (no hand, no action, no sentence
naming one), only what everyone at the table sees; with the screen down it holds the served person's hand and
no other; the served seat changes only behind the screen; and the log is the same from every seat.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from engine.core.cards import Card
from engine.core.game import find_game, game_names
from engine.core.webapi import handle

GAMES = game_names()
PEOPLE = ["Ana", None, "Ben", None]


# Public by nature: the log (checked to be the same from every seat) and the rules ("The 7♦ opens the deal").
SKIP = ("log", "rules")


def strings(value: object, skip: tuple[str, ...] = SKIP) -> list[str]:
    """Every text in a JSON value, the *skip* keys' apart."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [text for item in value for text in strings(item, skip)]
    if isinstance(value, dict):
        return [text for key, item in value.items() if key not in skip for text in strings(item, skip)]
    return []


def mentions(texts: list[str], card: Card) -> bool:
    """Whether *texts* name *card*: its code as a value, or its display in a sentence."""
    return any(text == card.code or card.display in text for text in texts)


def views(session: Any) -> list[list[str]]:
    """The texts of the state as each seat would be served it, its own hand apart: what all of them name is on
    the table for everyone (the board's open places, a card just played), not a secret."""
    texts = []
    screen, session.screen = session.screen, False
    try:
        for seat in range(session.game.rules.players):
            with session._serving(seat):
                texts.append(strings(session._state_json(), (*SKIP, "hand")))
    finally:
        session.screen = screen
    return texts


def check(session: Any, state: dict[str, Any], served: int | None) -> None:
    """*state* names no card of a hidden hand: every hand is hidden while the screen is up, every hand but the
    served seat's (*served*) while it is down; a card every seat's view names (the board's) is no secret."""
    game = find_game(session.game_name)
    places = game.cards(session.game)
    hidden = {
        card
        for name, cards in places.items()
        if name.startswith("hand ") and name != f"hand {served}"
        for card in cards
    }
    if served is not None:
        hidden -= set(places[f"hand {served}"])  # the other copy of a card in the served hand (two packs)
    texts = strings(state)
    every = views(session)
    leaked = {card for card in hidden if mentions(texts, card) and not all(mentions(each, card) for each in every)}
    assert not leaked, f"the state shows {sorted(card.code for card in leaked)} (served: {served})"
    if served is None:
        assert state["hand"] == [] and not state["your_turn"] and state["prompt"] is None
    else:
        shown = Counter(card["code"] for card in state["hand"])
        assert shown == Counter(card.code for card in places[f"hand {served}"])


def play(name: str, seed: int, calls: int = 0) -> tuple[Any, dict[str, int], int]:
    """A whole deal with Ana and Ben; returns the session, each person's moves and how many screens came up.
    *calls*: take up to that many of the out-of-turn calls the state offers the people, now and then (every call
    taken lengthens a Knock! Knock! deal: one with 92 of them took 16 s, one with 1 took 2 s)."""
    session = find_game(name).session()
    rng = random.Random(seed)
    state = session.new_game(seed, None, None, PEOPLE)
    moves = {0: 0, 2: 0}
    screens = 0
    revealed: int | None = None
    for _ in range(5000):
        table = state["table"]
        screen = table["screen"]
        check(session, state, None if screen else table["seat"])
        # The state says whose seat is the person's, for the page: no table module assumes it is seat 0.
        assert state["seat"] == table["seat"]
        logs = []
        for seat in range(4):
            with session._serving(seat):
                logs.append(session._state_json()["log"])
        assert all(log == state["log"] for log in logs), "the log is the same from every seat"
        if state["over"]:
            break
        if screen and not table["waits"]:
            # The computers open the deal: every hand hidden, nobody named, no tap taken until a person's turn.
            assert "Pass the device" not in screen["text"] and not state["your_turn"]
            with pytest.raises(ValueError, match="no person's turn yet"):
                session.reveal()
            state = session.computer_move()["state"]
            continue
        if screen:
            screens += 1
            # Behind the screen the state is the same whoever it would serve: it says nothing of anyone's hand.
            for seat in range(4):
                with session._serving(seat):
                    seen = session._screened(session._state_json())
                assert seen == {
                    key: value
                    for key, value in state.items()
                    if key not in ("actions", "reviews", "marks", "setback", "goal_reached", "table", "daily", "seat")
                }
            assert screen["name"] == PEOPLE[screen["seat"]] and "Pass the device to" in screen["text"]
            assert all(action["seat"] != screen["seat"] or "challenge" in action for action in state["actions"])
            # Behind the screen the person's own move is refused (a call on what the table saw is not: see above),
            # and so is advice.
            own = [session._action_json(screen["seat"], a) for a in session.game.legal_actions(screen["seat"])]
            own = [action for action in own if "challenge" not in action]
            if own:
                refused = session.act(own[0])
                assert not refused["ok"] and "taps when ready" in refused["reason"]
            with pytest.raises(ValueError):
                session.suggest()
            state = session.reveal()
            revealed = screen["seat"]
            continue
        assert table["seat"] == revealed, "the served seat changes only behind the screen"
        # The calls other people may make are named for their buttons, each as the actions list it.
        others = [action for action in state["actions"] if action["seat"] != table["seat"]]
        assert [call["action"] for call in table["calls"]] == others
        assert all(call["text"].startswith(PEOPLE[call["seat"]] + ": ") for call in table["calls"])
        assert table["waits"] == state["your_turn"]
        offered = [action for action in state["actions"] if action["seat"] != table["seat"]]
        if getattr(session, "calls_taken", 0) < calls and offered and rng.random() < 0.5:
            reply = session.act(offered[0])
            assert reply["ok"], reply
            assert not reply["state"]["table"]["screen"] or reply["state"]["hand"] == []
            session.calls_taken = getattr(session, "calls_taken", 0) + 1
            state = reply["state"]
            continue
        if state["your_turn"]:
            if moves[table["seat"]] == 0:  # advice is for the person whose turn it is
                advice = session.suggest()
                assert advice["action"]["seat"] == table["seat"]
            own = [
                a for a in state["actions"] if a["seat"] == table["seat"] and "undo" not in a and "challenge" not in a
            ]
            reply = session.act(rng.choice(own))
            assert reply["ok"], reply
            moves[table["seat"]] += 1
            state = reply["state"]
        else:
            state = session.computer_move()["state"]
    assert state["over"]
    return session, moves, screens


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.slow
def test_two_people_play_a_whole_deal_and_never_see_each_others_hand(name: str, seed: int) -> None:
    session, moves, screens = play(name, seed)
    assert moves[0] and moves[2], "both people played"
    assert screens >= 2
    record = json.loads(session.record())
    assert record["players"] == ["Ana", "Robin", "Ben", "Sam"], "people's names go where names go"


@pytest.mark.parametrize("name", GAMES)
def test_a_restored_table_of_people_comes_back_behind_the_screen(name: str) -> None:
    session = find_game(name).session()
    state = session.new_game(5, None, None, PEOPLE)
    for step in range(200):  # a few moves in, to the device passing between people
        if state["table"]["screen"] and state["table"]["waits"]:
            if step > 20:
                break
            state = session.reveal()
        elif state["your_turn"]:
            state = session.act(next(a for a in state["actions"] if "undo" not in a))["state"]
        else:
            state = session.computer_move()["state"]
    record = session.record()
    again = find_game(name).session()
    restored = again.restore(record, None, PEOPLE)
    assert restored["table"]["screen"] is not None and restored["hand"] == []
    assert restored["seat"] == restored["table"]["seat"] == restored["table"]["screen"]["seat"]
    assert [person["name"] for person in restored["table"]["people"]] == ["Ana", "Ben"]
    with pytest.raises(ValueError, match="seat 2 is 'Ben', not 'Bo'"):
        again.restore(record, None, ["Ana", None, "Bo", None])
    # Alone, the deal is as it always was: no table of people, no screen.
    alone = find_game(name).session().new_game(5)
    assert alone["table"] is None and alone["hand"] and alone["seat"] == 0


@pytest.mark.parametrize(
    ("people", "message"),
    [
        (["Ana", None, None, None], "at least two people"),
        ([None, "Ana", "Ben", None], "seat 0 is always a person's"),
        (["Ana", None, "ana", None], "seats 0 and 2 are both called 'ana'"),
        (["Ana", None, "Sam", None], "is a computer player's"),
        (["Ana", None, "Bartholomew-Jo", None], "14 characters long: 12 at most"),
        (["Ana", None, "<b>", None], "has < > in it"),
        (["Ana", None, "  ", None], "is empty"),
        (["Ana", "Ben"], "lists 2 seats, but the table seats 4"),
        ("Ana", "people must be a list"),
    ],
)
def test_bad_people_are_refused_with_a_clear_message(people: object, message: str) -> None:
    for name in GAMES:
        reply = json.loads(
            handle(json.dumps({"method": "new_game", "params": {"people": people}}), find_game(name).session())
        )
        assert not reply["ok"] and message in reply["error"]["message"], reply


@pytest.mark.slow
def test_the_people_are_offered_the_calls_anyone_may_make_out_of_turn() -> None:
    # Knock! Knock!'s call on a discard is made on what the table saw: the people are offered it, each with their
    # own seat, and a call taken out of turn keeps every hand hidden (checked at each step).
    taken = 0
    for seed in (1, 2, 3):
        session, _, _ = play("knock-knock", seed, calls=1)
        taken += getattr(session, "calls_taken", 0)
        if taken:
            break
    assert taken, "a person called out of turn"
    # Sevens and Blackjack have no call out of turn: no other person's seat is ever offered an action.
    for name in GAMES:
        if name != "knock-knock":
            assert not getattr(play(name, 3, calls=1)[0], "calls_taken", 0)


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_the_computers_open_names_nobody_until_a_persons_turn(name: str) -> None:
    # A screen that named Ana while Robin opened sent the device to her, and to Ben a moment later.
    session = find_game(name).session()
    state = session.new_game(1, None, None, PEOPLE)
    assert state["table"]["screen"] and not state["table"]["waits"]
    assert "Pass the device" not in state["table"]["screen"]["text"]
    with pytest.raises(ValueError, match="no person's turn yet"):
        session.reveal()
    while not state["table"]["waits"]:
        state = session.computer_move()["state"]
    screen = state["table"]["screen"]
    assert screen["text"] == f"Pass the device to {screen['name']} — tap when ready"
    with session._serving(screen["seat"]):
        assert session._waits_for() is not None, "the screen names the person whose turn it is"
    assert session.reveal()["your_turn"]


REVIEWED = [name for name in GAMES if find_game(name).session().reviews]


def finished(name: str, names: tuple[str, ...]) -> str:
    """The record of a whole deal of *name* with *names* in its seats, played out by Alex in every seat."""
    game = find_game(name)
    rules = game.rules({})
    assert rules.players == len(names)
    deal = game.new_deal(rules, 7, names=names)
    deal.play_to_end([game.computer_players["alex"](random.Random(seat)) for seat in range(rules.players)])
    record: str = deal.to_json()
    return record


@pytest.mark.parametrize("name", REVIEWED)
def test_each_persons_review_names_that_person_and_comes_behind_a_screen_of_its_own(name: str) -> None:
    # At a table of people the review's words name the person whose choices are shown ("Sam weighed Ben's 4
    # choices"), never "your" while another person's button is pressed; the screen passes the device to them first.
    session = find_game(name).session()
    record = finished(name, ("Ana", "Robin", "Ben", "Sam"))
    for seat in (0, 2):
        person = PEOPLE[seat]
        points = session.review_points(record, seat)
        words = {key: value for key, value in points.items() if key not in ("moves", "total", "key")}
        assert words.keys() == {"said", "weighing", "none_costly", "heading", "chances", "at_choice", "screen"}
        assert words.pop("screen") == f"Pass the device to {person} — tap when ready to see your review"
        for key, text in words.items():
            assert person in text and not re.search(r"\byou", text, re.I), (key, text)
        count = len(points["moves"])
        assert words["said"].startswith(f"Sam weighed {person}'s {count} choice" if count else f"{person} had no")
    # Alone, the review speaks to you, with no screen.
    alone = session.review_points(finished(name, ("You", "Robin", "Alex", "Sam")), 0)
    assert alone["screen"] is None and alone["heading"] == "The choices that cost you most"
    assert alone["said"].startswith("Sam weighed your" if alone["moves"] else "You had no choice")


@pytest.mark.parametrize("name", REVIEWED)
def test_what_the_review_calls_a_choice_names_no_one_and_is_a_choice_not_a_turn(name: str) -> None:
    # Said of you or of a person by name, so it says neither; "more than one turn" meant more than one choice.
    session = find_game(name).session()
    for words in (session.choice_words, session.no_choice_words):
        assert not re.search(r"\byou", words, re.I) and "more than one turn" not in words, words
