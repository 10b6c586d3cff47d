"""The browser facade: JSON requests in, plain JSON state out, rules only from the engine."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cards import Card
from engine.core.chance import MAX_SEED, parse_seed
from engine.core.webapi import handle
from engine.sevens.game import Game
from engine.sevens.session import Session, parse_script

IN_PYODIDE = sys.platform == "emscripten"  # run by tools/pyodide_pytest.mjs


def call(session: Session, method: str, **params: Any) -> Any:
    reply = json.loads(handle(json.dumps({"method": method, "params": params}), session))
    assert reply["ok"], reply
    return reply["result"]


def error_of(session: Session, method: str, **params: Any) -> str:
    reply = json.loads(handle(json.dumps({"method": method, "params": params}), session))
    assert reply["ok"] is False
    message: str = reply["error"]["message"]
    return message


def play_out(session: Session) -> dict[str, Any]:
    """Play the deal to its end: the learner always takes the first legal card or passes."""
    state = session.state()
    while not state["over"]:
        if state["your_turn"]:
            legal = [card["code"] for card in state["hand"] if card["legal"]]
            reply = session.act({"play": legal[0]}) if legal else session.act({"pass": True})
            assert reply["ok"], reply
        else:
            reply = session.computer_move()
        state = reply["state"]
    return state


def test_new_game_deals_thirteen_cards_each_from_the_seed() -> None:
    state = Session().new_game(123)
    assert state["seed"] == 123
    assert state["counts"] == [13, 13, 13, 13]
    assert len(state["hand"]) == 13
    assert state["names"] == ["You", "Robin", "Alex", "Sam"]
    assert state["log"] == [] and state["result"] is None


def test_the_same_seed_gives_the_same_hand_and_a_different_seed_another() -> None:
    def hand(seed: int) -> list[str]:
        return [card["code"] for card in Session().new_game(seed)["hand"]]

    assert hand(5) == hand(5)
    assert hand(5) != hand(6)


def test_hand_is_sorted_with_names_and_only_the_engines_legal_cards_flagged() -> None:
    session = Session()
    state = session.new_game(11)
    game = Game.new(11)
    codes = [card["code"] for card in state["hand"]]
    assert codes == [card.code for card in game.position.hand(0)]
    flagged = {card["code"] for card in state["hand"] if card["legal"]}
    expected = {card.code for card in game.position.legal_moves()} if game.turn == 0 else set()
    assert flagged == expected
    first = state["hand"][0]
    assert first["name"] == Card.parse(first["code"]).name
    if state["your_turn"]:
        for card in state["hand"]:
            assert (card["why"] is None) == card["legal"]


def test_garbage_seed_gives_a_notice_and_a_fresh_deal() -> None:
    state = Session().new_game("banana")
    assert isinstance(state["seed"], int)
    assert "banana" in state["notice"] and "fresh deal" in state["notice"]
    assert state["counts"] == [13, 13, 13, 13]


def test_parse_seed_refuses_what_a_url_could_carry_but_is_not_a_deal_number() -> None:
    for text in ["", "-1", "1.5", "１２", "1e3", str(MAX_SEED + 1), True]:
        with pytest.raises(ValueError):
            parse_seed(text)
    assert parse_seed(str(MAX_SEED)) == MAX_SEED


def test_an_illegal_card_is_refused_with_the_engines_reason_and_nothing_changes() -> None:
    session = Session()
    session.guided("7D / 9D 8D 2C / 3C / 4C / 5C / 0")
    reply = session.act({"play": "9D"})
    assert reply["ok"] is False
    assert reply["reason"] == "9♦ does not fit: the diamonds row holds only the 7♦, so the next diamonds are 6♦ and 8♦."
    assert reply["state"]["log"] == []
    assert [c["code"] for c in reply["state"]["hand"] if c["legal"]] == ["8D"]


def test_pass_is_refused_while_a_card_fits_and_allowed_when_none_does() -> None:
    session = Session()
    session.guided("7D / 8D 2C / 3C / 4C / 5C / 0")
    refused = session.act({"pass": True})
    # Why, without naming the 8♦: finding the card is the learner's part.
    assert refused["ok"] is False
    assert refused["reason"] == "You may pass only when no card in your hand fits, and one does now."
    session.guided("7D / 2C 3C / 3D / 4C / 5C / 0")
    assert session.state()["must_pass"] is True
    passed = session.act({"pass": True})
    assert passed["ok"] is True and passed["move"]["text"] == "You passed"


def test_a_whole_deal_reaches_a_result_with_winner_final_card_and_cards_left() -> None:
    session = Session()
    session.new_game(2024)
    state = play_out(session)
    result = state["result"]
    assert result["left"][result["winner"]] == 0
    assert result["final_card"]["code"] == state["log"][-1]["card"]["code"]
    assert sum(result["left"]) + sum(len(row["cards"]) for row in state["rows"]) == 52


def test_computer_moves_come_one_at_a_time_with_a_log_line() -> None:
    session = Session()
    state = session.new_game(3)
    while state["your_turn"]:
        legal = [c["code"] for c in state["hand"] if c["legal"]]
        state = (session.act({"play": legal[0]}) if legal else session.act({"pass": True}))["state"]
    before = len(state["log"])
    legal = session.game.position.legal_moves()
    reply = session.computer_move()
    assert len(reply["state"]["log"]) == before + 1
    assert reply["move"]["text"].startswith(("Robin", "Alex", "Sam"))
    assert reply["choices"] == len(legal)
    assert reply["think_ms"] >= 0


def test_computer_move_refuses_on_your_turn() -> None:
    session = Session()
    session.guided("7D / 8D 2C / 3C / 4C / 5C / 0")
    assert error_of(session, "computer_move") == "it is your turn"


def test_suggest_gives_a_legal_card_with_a_reason() -> None:
    session = Session()
    session.guided("7D 7H / 8D 6H 6D 2C / 3C / 4C / 5C / 0")
    advice = call(session, "suggest")
    assert advice["action"]["play"] in {"8D", "6H", "6D"}
    assert advice["reason"]


def test_suggest_passes_when_nothing_fits() -> None:
    session = Session()
    session.guided("7D / 2C 3C / 3D / 4C / 5C / 0")
    assert call(session, "suggest")["action"] == {"seat": 0, "pass": True}


def test_record_and_restore_round_trip_mid_deal() -> None:
    session = Session()
    session.new_game(99)
    for _ in range(6):
        state = session.state()
        if state["your_turn"]:
            legal = [c["code"] for c in state["hand"] if c["legal"]]
            session.act({"play": legal[0]}) if legal else session.act({"pass": True})
        else:
            session.computer_move()
    record = call(session, "record")
    other = Session()
    restored = call(other, "restore", record=record)
    assert restored == session.state()


def test_restore_refuses_a_tampered_record_with_the_reason() -> None:
    session = Session()
    session.new_game(99)
    data = json.loads(session.record())
    data["winner"] = 2
    message = error_of(Session(), "restore", record=json.dumps(data))
    assert "winner" in message


def test_guided_deal_follows_the_script_then_the_bots_take_over() -> None:
    session = Session()
    session.guided("7D / 8D 9D 2C / 6D 3C / 5D 4C / KC 5C / 0", script="Robin: 6D; Alex: 5D; Sam: pass")
    session.act({"play": "8D"})
    texts = [session.computer_move()["move"]["text"] for _ in range(3)]
    assert texts == ["Robin played 6♦", "Alex played 5♦", "Sam passed"]


def test_guided_script_that_no_longer_fits_gives_way_to_the_bots() -> None:
    session = Session()
    session.guided("7D / 8D 9D 2C / 6D 3C / 5D 4C / KC 5C / 0", script="Robin: 9D")
    session.act({"play": "8D"})
    reply = session.computer_move()
    assert reply["move"]["text"] == "Robin played 6♦"  # 9♦ is the learner's; Robin's only legal card is 6♦


def test_guided_deal_reports_its_goal_and_result() -> None:
    session = Session()
    state = session.guided("7D / 8D / 3C / 4C / 5C / 0", goal="Empty your hand first")
    assert state["goal"] == "Empty your hand first" and state["kind"] == "guided"
    result = session.act({"play": "8D"})["state"]["result"]
    assert result["winner"] == 0 and result["text"] == "You win, going out with 8♦."


def test_guided_rejects_a_bad_position_and_a_bad_script() -> None:
    assert "7♦" in error_of(Session(), "guided", position="7H / 8D / - / - / - / 0")
    assert "Robin: 8D" in error_of(Session(), "guided", position="7D / 8D / 3C / 4C / 5C / 0", script="Bob: 8D")


def test_parse_script_reads_names_cards_and_passes() -> None:
    moves = parse_script("Robin: 8♦; Alex: pass\nSam: 10H")
    assert [(m.seat, m.card.code if m.card else None) for m in moves] == [(1, "8D"), (2, None), (3, "10H")]


def test_bad_requests_come_back_as_data() -> None:
    session = Session()
    assert json.loads(handle("not json", session))["ok"] is False
    assert json.loads(handle("[1]", session))["error"]["message"] == "a request must be a JSON object"
    assert (
        error_of(session, "new_game", colour="red")
        == "new_game has no parameter 'colour': it takes seed, rules, seats, people"
    )


@pytest.mark.slow
@settings(max_examples=15, deadline=None)  # whole deals with Sam
@given(st.integers(min_value=0, max_value=MAX_SEED))
def test_any_seed_plays_to_a_legal_end_and_replays_from_its_record(seed: int) -> None:
    session = Session()
    session.new_game(seed)
    state = play_out(session)
    assert state["result"] is not None
    assert Game.from_json(session.record()).winner == state["result"]["winner"]


def test_a_short_guided_deal_without_a_script_plays_to_the_end_with_the_bots() -> None:
    session = Session()
    session.guided("- / 7D 7C 8C 9C 7S / 8D 6S 5S 4S / 9D 10D KH / 6D 5D 2H / 0")
    state = play_out(session)
    assert state["result"]["left"][state["result"]["winner"]] == 0


def test_named_sessions_keep_separate_deals() -> None:
    def ask(name: str, method: str, **params: Any) -> Any:
        return json.loads(handle(json.dumps({"method": method, "params": params, "session": name})))["result"]

    ask("test-a", "new_game", seed=1)
    ask("test-b", "new_game", seed=2)
    assert ask("test-a", "state")["seed"] == 1
    assert ask("test-b", "state")["seed"] == 2


def test_robin_alex_and_sam_sit_in_seats_one_to_three_and_sam_advises() -> None:
    session = Session()
    session.new_game(1)
    assert [session.bots[seat].name.lower() for seat in (1, 2, 3)] == ["robin", "alex", "sam"]
    assert session.adviser is not None and session.adviser.name.lower() == "sam"


def test_a_request_nested_too_deep_is_refused_as_data_not_a_crash() -> None:
    # Deep nesting overflows Pyodide's stack and would kill the worker if it reached json.loads.
    reply = json.loads(handle("[" * 100_000, Session()))
    assert reply == {"ok": False, "error": {"message": "not valid JSON: nested more than 20 levels deep"}}


def test_suggest_says_in_plain_words_what_sam_would_play_without_its_working() -> None:
    session = Session()
    session.guided("7D 7H / 8D 6H 6D 2C / 3C / 4C / 5C / 0")
    advice = call(session, "suggest")
    card = Card.parse(advice["action"]["play"])
    assert advice["text"].startswith(f"Sam would play {card.display}: ") or advice["text"].startswith("Sam would hold ")
    assert "imagined" not in advice["text"] and advice["text"].endswith(".")
    assert "imagined deals" in advice["reason"]  # the command line's form keeps Sam's working


def test_a_table_of_three_sams_plays_and_restores_as_three_sams() -> None:
    session = Session()
    state = call(session, "new_game", seed=12, seats=["sam", "Sam", "sam"])
    assert state["names"] == ["You", "Sam 1", "Sam 2", "Sam 3"]
    assert [seat["player"] for seat in state["seats"]] == [None, "sam", "sam", "sam"]
    assert [player.name for player in session.bots.values()] == ["sam", "sam", "sam"]
    restored = Session()
    assert [seat["player"] for seat in call(restored, "restore", record=session.record())["seats"]] == [
        None,
        "sam",
        "sam",
        "sam",
    ]
    assert call(Session(), "new_game", seed=12)["names"] == ["You", "Robin", "Alex", "Sam"]


def test_a_table_with_a_stranger_is_refused_by_name() -> None:
    assert "unknown player 'bob'" in error_of(Session(), "new_game", seed=1, seats=["robin", "bob", "sam"])
    assert "1 computer players named" in error_of(Session(), "new_game", seed=1, seats=["robin"])


def test_the_state_counts_passes_and_words_each_row_for_the_board() -> None:
    session = Session()
    state = session.guided("7D / 2C 3C / 3D / 4C / 5C / 0")
    assert [row["caption"] for row in state["rows"]] == [
        "clubs row has not started; the 7♣ can begin it",
        "diamonds row holds only the 7♦; next: 6♦ or 8♦",
        "hearts row has not started; the 7♥ can begin it",
        "spades row has not started; the 7♠ can begin it",
    ]
    assert session.act({"pass": True})["state"]["passes"] == [1, 0, 0, 0]
    assert call(Session(), "new_game", seed=3)["rows"][0]["caption"].endswith("the 7♦ must open the deal first")


def play_out_session(session: Session, state: dict[str, Any]) -> dict[str, Any]:
    """Finish the deal: you play your first legal card (or pass), the computer seats play theirs."""
    while not state["over"]:
        if state["your_turn"]:
            legal = [c["code"] for c in state["hand"] if c["legal"]]
            state = (session.act({"play": legal[0]}) if legal else session.act({"pass": True}))["state"]
        else:
            state = session.computer_move()["state"]
    return state


def test_a_fan_tan_match_of_six_seats_moves_the_dealer_and_keeps_the_chips() -> None:
    reply = json.loads(
        handle(
            json.dumps(
                {
                    "method": "new_match",
                    "session": "match-test",
                    "params": {
                        "game": "sevens",
                        "seed": 4,
                        "rules": "fan-tan,players=6",
                        "seats": ["robin", "alex", "sam", "random", "alex"],
                    },
                }
            )
        )
    )
    state = reply["result"]
    assert state["players"] == 6 and state["dealer"] == 0 and state["rules"]["name"] == "Fan Tan, 6 players"
    assert state["names"] == ["You", "Robin", "Alex 1", "Sam", "Random", "Alex 2"]
    assert state["match"] == {
        "seed": 4,
        "deal": 1,
        "scoring": "chips",
        "heading": "Chips",
        "signed": True,
        "lower_is_better": False,
        "deals": [],
        "totals": [0] * 6,
    }
    assert all(row["caption"] for row in state["rows"])
    from engine.core.webapi import SESSIONS

    session = SESSIONS["match-test"]
    first = play_out_session(session, state)
    assert sum(first["result"]["chips"]) == 0 and first["match"]["totals"] == first["result"]["chips"]
    second = play_out_session(session, session.next_deal())
    assert second["dealer"] == 1 and len(second["match"]["deals"]) == 2
    assert second["match"]["totals"] == [a + b for a, b in zip(*second["match"]["deals"], strict=True)]


def test_a_match_is_restored_from_its_deals_records_and_refuses_one_that_does_not_follow() -> None:
    session = Session()
    first = play_out_session(session, session.new_match(11, rules="fan-tan,players=3", seats=["sam", "alex"]))
    earlier = call(session, "record")
    session.next_deal()
    current = call(session, "record")
    again = Session()
    state = call(again, "restore", record=current, earlier=[earlier])
    assert state["kind"] == "match" and state["dealer"] == 1 and state["match"]["deals"] == [first["result"]["chips"]]
    third = play_out_session(again, state)
    assert call(again, "next_deal")["dealer"] == 2 and third["match"]["deal"] == 2
    assert call(Session(), "restore", record=current)["match"] is None  # without the earlier deals: one deal
    assert error_of(Session(), "restore", record=current, earlier=[current]) == (
        "deal 1 is not the match's deal 1: its rules, players, cards or dealer differ"
    )
    unfinished = Session()
    unfinished.new_match(11, rules="fan-tan,players=3", seats=["sam", "alex"])
    assert error_of(Session(), "restore", record=current, earlier=[call(unfinished, "record")]) == (
        "deal 1 of the match is not over, so deal 2 cannot follow it"
    )
    assert error_of(Session(), "restore", record=current, earlier="all of them").startswith("earlier must be a list")


def test_the_state_says_what_the_options_add() -> None:
    session = Session()
    state = session.new_game(9, rules="shichinarabe")
    assert state["rules"]["name"] == "Shichinarabe" and state["rules"]["heading"] == "Play Shichinarabe"
    assert "Passing more than 3 times puts a player out: their cards go on the table." in state["rules"]["about"]
    assert state["rules"]["notes"] == []  # a preset's rules are the page's text; the list says what differs
    assert all(seat["status"] == "0/3 passes" for seat in state["seats"])
    assert sum(len(row["cards"]) for row in state["rows"]) == 4  # the sevens are laid out
    if state["your_turn"]:
        assert state["may_pass"] and state["prompt"].startswith("Your turn: play a card, or pass")


def test_bad_rules_and_seats_are_refused_as_data() -> None:
    for params, message in [
        ({"rules": "players=9"}, "players '9' is not allowed: choose 3–8"),
        ({"rules": "players=5", "seats": ["alex"]}, "1 computer players named, but players=5 needs 4 besides you"),
        ({"game": "hearts"}, "unknown game 'hearts'"),
    ]:
        reply = json.loads(handle(json.dumps({"method": "new_game", "session": "bad-rules", "params": params})))
        assert not reply["ok"] and message in reply["error"]["message"]


def test_the_state_lists_your_actions_as_the_record_writes_moves_and_act_takes_one_back() -> None:
    session = Session()
    state = call(session, "guided", position="7D / 8D 6D 2C / 3C / 4C / 5C / 0")
    assert state["actions"] == [{"seat": 0, "play": "6D"}, {"seat": 0, "play": "8D"}]
    played = call(session, "act", action=state["actions"][1])
    assert played["ok"] and played["move"]["text"] == "You played 8♦"
    assert played["state"]["actions"] == []  # Robin's turn: nothing is yours to do
    assert call(session, "guided", position="7D / 2C 3C / 3D / 4C / 5C / 0")["actions"] == [{"seat": 0, "pass": True}]
    assert error_of(session, "act", action={"play": "XX"}).startswith("unknown card 'XX'")
    assert error_of(session, "act", action={"play": "2C", "knock": True}).startswith("move {'seat': 0, 'play': '2C'")
    assert error_of(session, "play", card="2C").startswith("unknown method 'play': sevens offers new_game, new_match")


@pytest.mark.skipif(IN_PYODIDE, reason="starts a fresh CPython")
def test_prepare_imports_what_a_page_first_asks_for() -> None:
    """The worker copies Python's memory after ``prepare`` (worker.js): a page started from that copy must find
    every module its first deal needs already imported, in whichever game it plays."""
    import subprocess
    from pathlib import Path

    script = """
import json, sys
from engine.core import webapi
from engine.core.game import game_names
webapi.prepare()
before = set(sys.modules)
for name in game_names():
    for method, params in (("new_match", {"game": name}), ("computer_move", {}), ("suggest", {}), ("record", {})):
        webapi.handle(json.dumps({"method": method, "params": params, "session": name}))
print(" ".join(sorted(m for m in set(sys.modules) - before if m.startswith("engine"))))
"""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True)
    assert done.stdout.split() == [], done.stdout
