"""The daily deal (engine/core/daily.py and DealSession.daily): one deal a day a game, the same everywhere."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.core.daily import SAM_RUNS, daily_seed, read_date, sam_play_out, share_text
from engine.core.game import find_game, game_names
from engine.core.records import read_record
from engine.core.webapi import handle

GAMES = game_names()
# Pinned: the day's deal is the same for everyone, in every browser and after every release. A change here
# changes every learner's daily deal (and breaks every streak's "same deal as my friend").
PINNED = {("2026-12-02", "sevens"): 1739965320637739}


def call(session: object, method: str, **params: object) -> dict[str, object]:
    reply = json.loads(handle(json.dumps({"method": method, "params": params}), session))
    assert reply["ok"], reply
    result: dict[str, object] = reply["result"]
    return result


def test_the_seed_is_pinned_and_distinct_per_day_and_game() -> None:
    for (date, game), seed in PINNED.items():
        assert daily_seed(date, game) == seed
    days = ["2026-12-01", "2026-12-02", "2027-01-01", "2028-02-29"]
    seeds = {daily_seed(day, game) for day in days for game in GAMES}
    assert len(seeds) == len(days) * len(GAMES)
    assert all(0 <= seed < 2**53 for seed in seeds)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("2026-02-29", "February 2026 has 28 days"),
        ("2026-04-31", "April 2026 has 30 days"),
        ("2026-13-01", "there is no month 13"),
        ("2026-00-10", "there is no month 0"),
        ("2026-12-00", "December 2026 has 31 days"),
        ("1999-12-31", "too early"),
        ("2026-1-2", "write it YYYY-MM-DD"),
        ("today", "write it YYYY-MM-DD"),
        (" 2026-12-02", "write it YYYY-MM-DD"),
        ("2026-12-02\n", "write it YYYY-MM-DD"),
        (20261202, "must be text"),
    ],
)
def test_a_malformed_or_impossible_date_is_refused_naming_it(text: object, words: str) -> None:
    with pytest.raises(ValueError, match=re.escape(words)) as caught:
        read_date(text)
    assert repr(text) in str(caught.value) or str(text) in str(caught.value)
    reply = json.loads(handle(json.dumps({"method": "daily", "params": {"date": text}}), find_game("sevens").session()))
    assert not reply["ok"] and words in reply["error"]["message"]


def test_leap_days_are_days() -> None:
    assert read_date("2028-02-29") == "2028-02-29"
    assert read_date("2000-02-29") == "2000-02-29"
    with pytest.raises(ValueError, match="February 2100 has 28 days"):
        read_date("2100-02-29")


@pytest.mark.parametrize("game", GAMES)
def test_the_daily_deal_is_the_day_s_seed_at_the_default_rules_with_robin_alex_and_sam(game: str) -> None:
    found = find_game(game)
    first = call(found.session(), "daily", date="2026-12-24")
    again = call(found.session(), "daily", date="2026-12-24")
    assert first == again
    assert first["daily"] == "2026-12-24" and first["kind"] == "daily"
    assert first["seed"] == daily_seed("2026-12-24", game)
    assert first["names"] == ["You", "Robin", "Alex", "Sam"]
    plain = call(found.session(), "new_game", seed=first["seed"])
    assert first["rules"] == plain["rules"] and first["hand"] == plain["hand"]
    other = call(found.session(), "daily", date="2026-12-25")
    assert other["seed"] != first["seed"]
    # An ordinary deal is not a daily one.
    assert call(found.session(), "new_game", seed=5)["daily"] is None


def play_out(session: object) -> dict[str, object]:
    """Play the deal to its end as the adviser suggests, the computer players between."""
    state = call(session, "state")
    while not state["over"]:
        if state["your_turn"]:
            state = call(session, "act", action=call(session, "suggest")["action"])["state"]  # type: ignore[assignment]
        else:
            state = call(session, "computer_move")["state"]  # type: ignore[assignment]
    return state


@pytest.mark.slow
def test_sam_and_the_share_text_after_a_daily_deal() -> None:
    game = "knock-knock"  # Sam's play-outs of Knock! Knock! are quick; Sevens' are checked one by one below
    session = find_game(game).session()
    call(session, "daily", date="2026-12-02")
    reply = json.loads(handle(json.dumps({"method": "daily_sam"}), session))
    assert not reply["ok"] and "not over" in reply["error"]["message"]
    state = play_out(session)
    reply = json.loads(handle(json.dumps({"method": "daily_share", "params": {"streak": 2}}), session))
    assert not reply["ok"] and "daily_sam" in reply["error"]["message"]
    progress = [call(session, "daily_sam") for _ in range(SAM_RUNS)]
    assert [step["done"] for step in progress] == list(range(1, SAM_RUNS + 1))
    assert all(step["percent"] is None for step in progress[:-1])
    sam = progress[-1]
    assert sam["percent"] == round(100 * sam["wins"] / SAM_RUNS)  # type: ignore[operator]
    assert f"{sam['percent']}%" in str(sam["text"])
    # Asked again, nothing more is played; and another session of the same day agrees.
    assert call(session, "daily_sam") == sam
    wins = [
        sam_play_out(
            find_game(game).rules({}),
            int(state["seed"]),
            run,
            tuple(state["names"]),
            ["robin", "alex", "sam"],
        )
        for run in range(SAM_RUNS)
    ]  # type: ignore[arg-type]
    assert sum(wins) == sam["wins"]
    assert 0 < sum(wins) < SAM_RUNS  # different chance each play-out: not always the same game
    text = str(call(session, "daily_share", streak=4)["text"])
    won = state["result"]["winner"] == 0  # type: ignore[index]
    assert text.startswith("Knock! Knock! daily 2026-12-02: " + ("won" if won else "lost"))  # not a draw here
    assert text.endswith(" · streak 4") and f"Sam won {sam['percent']}% from my seat" in text
    assert "streak" not in str(call(session, "daily_share", streak=None)["text"])
    assert_no_cards(text)
    bad = json.loads(handle(json.dumps({"method": "daily_share", "params": {"streak": -1}}), session))
    assert not bad["ok"] and "streak -1" in bad["error"]["message"]


def assert_no_cards(text: str) -> None:
    """No card in any form the engine writes: ranks with suits, suit symbols, card codes, or names."""
    assert not re.search(r"[♠♥♦♣]|\b(?:[2-9]|10|[AKQJT])[SHDC]\b|\b(?:ace|king|queen|jack|ten)\b", text, re.I), text


def test_share_text_agrees_with_the_result_and_names_no_card() -> None:
    won = share_text("Sevens", "2026-12-24", {"winner": 0, "left": [0, 4, 3, 1], "final_card": {"code": "7H"}}, 2, 5)
    assert won == "Sevens daily 2026-12-24: won ⭐ · Sam won 20% from my seat · streak 5"
    lost = share_text("Sevens", "2026-12-24", {"winner": 1, "left": [1, 0, 3, 1], "text": "Robin wins with 7♥"}, 9, 0)
    assert lost == "Sevens daily 2026-12-24: lost, 1 card left · Sam won 90% from my seat · streak 0"
    assert_no_cards(won + lost)
    # A deal nobody won (a game with a turn limit) is drawn, not lost.
    assert share_text("Snap", "2026-12-24", {"winner": None, "left": [2, 1, 3, 1]}, 0, 1).startswith(
        "Snap daily 2026-12-24: drawn ·"
    )
    # No star for a win that Sam made at least half the time.
    assert "⭐" not in share_text("Sevens", "2026-12-24", {"winner": 0, "left": [0, 1, 1, 1]}, 5, 1)
    with pytest.raises(ValueError, match="not over"):
        share_text("Sevens", "2026-12-24", None, 5, 1)


def test_sams_play_outs_of_sevens_are_the_same_for_a_given_day() -> None:
    sevens = find_game("sevens")
    rules = sevens.rules({})
    seed = daily_seed("2026-12-02", "sevens")
    names = ("You", "Robin", "Alex", "Sam")
    bots = ["robin", "alex", "sam"]
    # The same play-out twice (each takes about half a second of Sevens): the same game, so the same result.
    assert sam_play_out(rules, seed, 0, names, bots) == sam_play_out(rules, seed, 0, names, bots)
    with pytest.raises(ValueError, match="play-out 10"):
        sam_play_out(rules, seed, SAM_RUNS, names, bots)


def test_a_reload_continues_the_daily_deal_from_its_record_and_no_other() -> None:
    session = find_game("sevens").session()
    call(session, "daily", date="2026-12-02")
    call(session, "computer_move") if not call(session, "state")["your_turn"] else None
    record = call(session, "record")
    again = find_game("sevens").session()
    state = call(again, "daily", date="2026-12-02", record=record)
    assert state["daily"] == "2026-12-02" and state["log"] == call(session, "state")["log"]
    reply = json.loads(
        handle(json.dumps({"method": "daily", "params": {"date": "2026-12-03", "record": record}}), again)
    )
    assert not reply["ok"] and reply["error"]["message"] == "that record is not the daily deal of 2026-12-03"
    other = find_game("sevens").session()
    call(other, "new_game", seed=5)
    reply = json.loads(
        handle(
            json.dumps({"method": "daily", "params": {"date": "2026-12-02", "record": call(other, "record")}}), other
        )
    )
    assert not reply["ok"] and "not the daily deal" in reply["error"]["message"]


def card_places(record: dict[str, Any], fields: Sequence[str]) -> list[tuple[str, int | None, int | None]]:
    """Every card of *record*'s deal as dealt (its *fields*: hands, stock, up-card...): (field, list, index)."""
    places: list[tuple[str, int | None, int | None]] = []
    for key in fields:
        value = record[key]
        if isinstance(value, str):
            places.append((key, None, None))
        elif isinstance(value, list) and all(isinstance(card, str) for card in value):
            places += [(key, None, i) for i in range(len(value))]
        elif isinstance(value, list):
            places += [(key, seat, i) for seat, hand in enumerate(value) for i in range(len(hand))]
    return places


def swapped(
    record: dict[str, Any], one: tuple[str, int | None, int | None], other: tuple[str, int | None, int | None]
) -> dict[str, Any]:
    """*record* with the cards at places *one* and *other* swapped."""
    copy = json.loads(json.dumps(record))

    def holder(place: tuple[str, int | None, int | None]) -> tuple[Any, Any]:
        key, seat, index = place
        if index is None:
            return copy, key
        return (copy[key] if seat is None else copy[key][seat]), index

    (a, i), (b, j) = holder(one), holder(other)
    a[i], b[j] = b[j], a[i]
    return copy


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_a_daily_record_with_any_two_cards_swapped_is_not_the_day_s_deal(game: str, data: st.DataObject) -> None:
    # The seed, rules and names of a record say nothing of its cards: a record of the day with two seats' hands
    # swapped (or a card of the stock for one of a hand, or the up-card) was once taken for the day's deal.
    session = find_game(game).session()
    call(session, "daily", date="2026-12-02")
    record = json.loads(str(call(session, "record")))
    places = card_places(record, session.game.dealt_fields)
    one, other = data.draw(st.lists(st.sampled_from(places), min_size=2, max_size=2, unique=True))
    tampered = swapped(record, one, other)
    try:
        read = read_record(tampered).record()
    except ValueError:
        assume(False)  # a record no game reads (an up-card the rules refuse): refused before the day is asked
    # Not the same deal read back: two of the same card (two packs), or two cards of a hand the game keeps sorted.
    assume(any(read[key] != record[key] for key in session.game.dealt_fields))
    reply = json.loads(
        handle(
            json.dumps({"method": "daily", "params": {"date": "2026-12-02", "record": json.dumps(tampered)}}), session
        )
    )
    assert not reply["ok"] and reply["error"]["message"] == "that record is not the daily deal of 2026-12-02", (
        one,
        other,
    )
    # The record as dealt is still the day's deal.
    assert (
        call(find_game(game).session(), "daily", date="2026-12-02", record=json.dumps(record))["daily"] == "2026-12-02"
    )
