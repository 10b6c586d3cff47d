"""Knock! Knock! in the browser: the session behind the web API, its moves, its calls and what its state shows."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

from engine.core.cards import Card
from engine.core.webapi import handle
from engine.knock_knock.game import Game
from engine.knock_knock.session import Session, parse_script
from engine.knock_knock.state import Move, Play


def reply_of(session: Session, method: str, **params: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps({"method": method, "params": params}), session))
    return reply


def call(session: Session, method: str, **params: Any) -> Any:
    reply = reply_of(session, method, **params)
    assert reply["ok"], reply
    return reply["result"]


def error_of(session: Session, method: str, **params: Any) -> str:
    reply = reply_of(session, method, **params)
    assert reply["ok"] is False, reply
    message: str = reply["error"]["message"]
    return message


def your_move(state: dict[str, Any]) -> dict[str, Any]:
    """A learner's action: call a missed knock, else the first card that fits (knocking when due), else draw."""
    if state["call"] and state["call"]["asks_you"]:
        return {"challenge": True}
    legal = [card for card in state["hand"] if card["legal"]]
    if not legal:
        return {"draw": True}
    card = legal[0]
    action: dict[str, Any] = {"play": card["code"]}
    if card["pickup"]:
        action["suit"] = "S"
    if state["must_knock"]:
        action["knock"] = True
    return action


def play_out(session: Session, check: Any = None) -> dict[str, Any]:
    state = session.state()
    for _ in range(3000):
        if state["over"]:
            return state
        if state["your_turn"]:
            reply = call(session, "act", action=your_move(state))
            assert reply["ok"], reply
        else:
            reply = call(session, "computer_move")
        state = reply["state"]
        if check is not None:
            check(session, state)
    raise AssertionError("the deal did not end")


def new_session(**params: Any) -> Session:
    session = Session()
    call(session, "new_game", **params)
    return session


# A position where you hold your third-to-last card: the 6♥ fits.
YOUR_KNOCK = "hands 9H 6H 3S / KC QC 2C 4C / 8S 9S 10S JD / 7D 8D 9D QD | pile 4H | stock 5S 6S 7S 8C 9C 10C JC QS KS JS | turn 0"
# Robin is on turn with three cards: the script has Robin put the K♣ down without a knock.
ROBIN_FORGETS = "hands 9H 6H 3S 4S / KC QC 2C / 8S 9S 10S JD / 7D 8D 9D QD | pile 4C | stock 5S 6S 7S 8C 9C 10C JC QS KS JS | turn 1"


def test_the_web_api_deals_knock_knock_when_a_page_names_the_game() -> None:
    reply = json.loads(
        handle(json.dumps({"method": "new_game", "params": {"seed": 7, "game": "knock-knock"}, "session": "kk"}))
    )
    state = reply["result"]
    assert (state["game"], state["counts"], state["stock"], state["names"]) == (
        "knock-knock",
        [7, 7, 7, 7],
        23,
        ["You", "Robin", "Alex", "Sam"],
    )
    assert state["suit"]["code"] == state["top"]["suit"] and state["table_text"].startswith("The top card is the ")
    again = json.loads(handle(json.dumps({"method": "state", "session": "kk"})))["result"]
    assert again["hand"] == state["hand"]


def test_every_game_offers_the_one_protocol_and_nothing_else() -> None:
    session = new_session(seed=1)
    assert error_of(session, "draw").startswith("unknown method 'draw': knock-knock offers new_game,")
    assert error_of(session, "_start").startswith("unknown method '_start'")
    assert "review_points" in session.methods  # the review, through the core's hooks (test_knock_knock_review)
    from engine.sevens.session import Session as SevensSession

    assert error_of(SevensSession(), "pass_turn").startswith("unknown method 'pass_turn': sevens offers")
    assert set(session.methods) == set(SevensSession().methods)  # the same protocol, review included


def test_the_state_lists_your_actions_in_the_records_encoding_and_one_comes_back() -> None:
    session = Session()
    state = call(
        session, "guided", position="hands 2S 6H 3C 9D / KC QC / 8S 9S / 7D 8D | pile 4C 6C | stock 5S 6S 7S | turn 0"
    )
    assert state["actions"] == [
        {"seat": 0, "play": "3C"},
        {"seat": 0, "play": "6H"},
        *({"seat": 0, "play": "2S", "suit": suit} for suit in "CDHS"),
        {"seat": 0, "draw": True},
    ]
    assert call(session, "act", action=state["actions"][3])["move"]["text"] == "You play 2♠ and name diamonds"
    assert call(session, "state")["actions"] == []  # the others may call it: nothing is yours to do
    assert (
        error_of(session, "act", action={"seat": 1, "draw": True})
        == "action {'seat': 1, 'draw': True}: you play seat 0, not seat 1"
    )
    assert error_of(session, "act", action="draw").startswith("a move must be an object like")


def test_illegal_moves_are_refused_with_the_engines_reasons_and_nothing_changes() -> None:
    session = Session()
    call(session, "guided", position="hands 9H 6H 2S 3C / KC / 8S / 7D | pile 4C 6C | stock 5S 6S | turn 0")
    before = session.state()
    refused = call(session, "act", action={"play": "9H"})
    assert refused["ok"] is False
    assert refused["reason"] == "9♥ does not fit: the playing suit is clubs and the top card is the 6♣."
    assert call(session, "act", action={"play": "2S"})["reason"] == "Name a suit for the 2♠."
    assert call(session, "act", action={"play": "AD"})["reason"] == "You do not hold the A♦."
    assert call(session, "act", action={"play": "3C", "suit": "D"})["reason"].startswith("Only a pick-up card")
    assert error_of(session, "act", action={"play": "3C", "knock": "yes"}).endswith(
        '"knock" is written only as true, where the player knocked'
    )
    assert session.state() == before
    assert [card["why"] for card in before["hand"] if card["code"] == "9H"] == [refused["reason"]]
    assert [card["name_suit"] for card in before["hand"] if card["pickup"]] == ["Name the playing suit for the 2♠."]


def test_a_pick_up_card_names_the_suit_and_the_next_player_picks_up_and_misses_a_turn() -> None:
    session = Session()
    call(session, "guided", position="hands 2S 6H 3C 9D / KC QC / 8S 9S / 7D 8D | pile 4C 6C | stock 5S 6S 7S | turn 0")
    played = call(session, "act", action={"play": "2S", "suit": "D"})
    assert played["ok"] and played["move"]["text"] == "You play 2♠ and name diamonds"
    state = played["state"]
    assert (state["suit"]["name"], state["top"]["code"], state["your_turn"]) == ("diamonds", "2S", False)
    step = call(session, "computer_move")
    assert step["move"] is None and step["state"]["log"][-1]["text"] == "Robin picks up 2 cards and misses a turn"
    assert step["state"]["turn"] == 2


def test_you_may_forget_to_knock_and_the_computer_players_call_it() -> None:
    session = Session()
    state = call(session, "guided", position=YOUR_KNOCK)
    assert (
        state["must_knock"]
        and state["prompt"] == "Your turn: this is your third-to-last card, so knock as you put it down."
    )
    assert call(session, "act", action={"play": "6H"})["ok"]  # no knock: allowed, and risky
    step = call(session, "computer_move")
    texts = [entry["text"] for entry in step["state"]["log"]]
    assert step["move"]["kind"] == "challenge"
    assert "Right call: You did not knock on your third-to-last card and take the 6♥ back" in texts
    assert step["state"]["counts"][0] == 10 and step["state"]["top"]["code"] == "4H"
    new = sorted(card["code"] for card in step["state"]["hand"] if card["new"])
    assert len(new) == 7 and "6H" not in new  # the seven picked up are marked; the card taken back was yours


def test_a_knock_with_the_third_to_last_card_is_safe() -> None:
    session = Session()
    call(session, "guided", position=YOUR_KNOCK)
    played = call(session, "act", action={"play": "6H", "knock": True})
    assert played["move"]["text"] == "You knock and play 6♥" and played["move"]["shout"] == "You knock!"
    step = call(session, "computer_move")
    assert step["state"]["counts"][0] == 2 and step["move"]["seat"] == 1  # nobody called; Robin moved on


def test_the_table_waits_for_you_to_call_a_missed_knock_and_a_right_call_costs_the_offender_seven() -> None:
    session = Session()
    call(session, "guided", position=ROBIN_FORGETS, script="Robin: KC")
    state = call(session, "computer_move")["state"]
    assert state["call"]["asks_you"] and state["call"]["you_may_call"] and state["your_turn"]
    assert state["call"]["knocked"] is False and state["may_play"] is False
    assert state["hand"][0]["why"] == "First call Knock! Knock! on the K♣, or let it pass."
    assert state["prompt"].startswith("Robin put down their third-to-last card, the K♣, without knocking")
    assert error_of(session, "computer_move").startswith("first call Knock! Knock! on the K♣")
    assert state["actions"] == [{"seat": 0, "challenge": True}, {"seat": 0, "let_pass": True}]
    called = call(session, "act", action={"challenge": True})
    assert called["move"]["text"] == "You call “Knock! Knock!”"
    texts = [entry["text"] for entry in called["state"]["log"][-3:]]
    assert texts[1:] == [
        "Right call: Robin did not knock on their third-to-last card and takes the K♣ back",
        "Robin picks up 7 cards, and their turn is over",
    ]
    assert called["state"]["counts"][1] == 10 and called["state"]["call"] is None
    assert (
        call(session, "act", action={"challenge": True})["reason"]
        == "Only the first call counts: seat 0 has already called Knock! Knock!"
    )


def test_a_missed_knock_you_let_pass_is_called_by_alex() -> None:
    session = Session()
    call(session, "guided", position=ROBIN_FORGETS, script="Robin: KC")
    call(session, "computer_move")
    assert call(session, "act", action={"let_pass": True})["state"]["your_turn"] is False
    step = call(session, "computer_move")
    assert step["move"]["text"] in ("Alex calls “Knock! Knock!”", "Sam calls “Knock! Knock!”")


def test_a_wrong_call_costs_the_caller_seven() -> None:
    session = Session()
    call(session, "guided", position=ROBIN_FORGETS, script="Robin: KC knock")
    state = call(session, "computer_move")["state"]
    assert state["call"]["you_may_call"] and not state["call"]["asks_you"] and not state["your_turn"]
    called = call(session, "act", action={"challenge": True})
    assert called["state"]["log"][-1]["text"] == "Wrong call: nobody missed a knock, so you pick up 7 cards"
    assert [entry["shout"] for entry in called["state"]["log"][-2:]] == ["You call “Knock! Knock!”", "Wrong call!"]
    assert called["state"]["counts"][0] == 11


def test_scripts_name_their_moves_and_bad_ones_are_refused_by_step() -> None:
    names = ["You", "Robin", "Alex", "Sam"]
    assert parse_script("Sam: draw;\nAlex: call", names)[0][0] == 3
    session = Session()
    assert "expected a computer player and a move" in error_of(session, "guided", position=YOUR_KNOCK, script="You: 9H")
    assert error_of(session, "guided", position=YOUR_KNOCK, script="Robin: 2C X Y").startswith(
        "script step 'Robin: 2C X Y': "
    )
    assert (
        error_of(session, "guided", position="hands 9H / 4C | pile 4H | turn x")
        == "turn 'x' is not a whole number: give a seat from 0 to 1"
    )


def test_a_guided_deal_has_a_goal_and_no_record() -> None:
    session = Session()
    state = call(session, "guided", position=YOUR_KNOCK, goal="Knock as you go down to two.")
    assert (state["kind"], state["goal"], state["seed"]) == ("guided", "Knock as you go down to two.", None)
    assert error_of(session, "record").startswith("a deal set up from a position has no game record")
    played = call(session, "act", action={"play": "6H"})
    assert played["state"]["comment"] == "You must knock when you put down your third-to-last card."
    assert play_out(session)["result"]["text"]


def test_suggest_says_in_a_learners_words_what_sam_would_do() -> None:
    session = Session()
    call(session, "guided", position=YOUR_KNOCK)
    advice = call(session, "suggest")
    action = advice["action"]
    assert action["play"] in ("6H", "9H") and action == {"seat": 0, "play": action["play"], "knock": True}
    assert advice["text"].startswith("Sam would play ") and advice["text"].endswith("it is your third-to-last card.")
    call(session, "guided", position=ROBIN_FORGETS, script="Robin: KC")
    call(session, "computer_move")
    advice = call(session, "suggest")
    assert advice["action"] == {"seat": 0, "challenge": True} and advice["text"].startswith(
        "Sam would call Knock! Knock!"
    )


@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.slow
def test_suggestions_are_one_sentence_without_sams_working(seed: int) -> None:
    session = new_session(seed=seed, seats=["sam", "sam", "sam"])
    texts = []

    def ask(session: Session, state: dict[str, Any]) -> None:
        if state["your_turn"] and not state["over"]:
            texts.append(call(session, "suggest")["text"])

    play_out(session, ask)
    assert texts
    for text in texts:
        assert "%" not in text and "imagined" not in text and text.count(". ") == 0 and text.endswith("."), text
        assert text.count(": ") <= 1, text  # one reason, not a rule's sentence run into it


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_a_whole_deal_ends_with_a_result_and_its_record_replays(seed: int) -> None:
    session = new_session(seed=seed)
    state = play_out(session)
    result = state["result"]
    assert state["over"] and sum(result["left"]) == sum(state["counts"])
    if result["winner"] is not None:
        assert result["left"][result["winner"]] == 0 and result["text"].startswith(state["names"][result["winner"]])
    record = call(session, "record")
    restored = Session()
    assert call(restored, "restore", record=record)["log"] == state["log"]


def test_restore_continues_a_deal_in_progress_and_refuses_a_tampered_record() -> None:
    session = new_session(seed=4)
    for _ in range(6):
        state = session.state()
        if state["your_turn"]:
            call(session, "act", action=your_move(state))
        else:
            call(session, "computer_move")
    record = call(session, "record")
    restored = Session()
    assert call(restored, "restore", record=record) == session.state()
    tampered = json.loads(record)
    tampered["upcard"] = tampered["hands"][0][0]
    assert error_of(restored, "restore", record=json.dumps(tampered)).startswith("game record: the hands, stock")


def test_a_restored_deal_seats_the_computer_players_it_was_dealt_to() -> None:
    session = new_session(seed=3, seats=["random", "sam", "alex"])
    restored = Session()
    state = call(restored, "restore", record=call(session, "record"))
    assert [seat["player"] for seat in state["seats"]] == [None, "random", "sam", "alex"]


def test_rules_and_seats_come_from_the_page_and_bad_ones_are_refused() -> None:
    session = new_session(seed=2, rules="players=5,direction=counter-clockwise,scoring=points", seats=["sam"] * 4)
    state = session.state()
    assert state["names"] == ["You", "Sam 1", "Sam 2", "Sam 3", "Sam 4"]
    assert state["rules"]["notes"][0] == "Play goes to the right (counter-clockwise)."
    assert error_of(session, "new_game", rules="players=11").startswith("players '11' is not allowed: choose 2–10")
    assert (
        error_of(session, "new_game", seats=["robin", "bob", "sam"])
        == "unknown player 'bob': choose from random, robin, alex, sam"
    )


# -- what the state never shows -------------------------------------------------------------------


def _shown_codes(state: dict[str, Any]) -> set[str]:
    return set(re.findall(r'"code": "([0-9TJQKA]{1,2}[CDHS])"', json.dumps(state, ensure_ascii=False)))


def _hidden(game: Game) -> set[str]:
    """Cards in other hands or the stock that nobody has seen: never discarded (discards are public)."""
    state = game.state
    seen = {game.upcard} | {e.action.card for e in state.events if isinstance(e, Move) and isinstance(e.action, Play)}
    unseen = Counter(card for seat, hand in enumerate(state.hands) if seat for card in hand) + Counter(state.stock)
    return {card.code for card in unseen if card not in seen and card not in state.hands[0]}


@pytest.mark.parametrize("seed", [6, 9])
def test_the_state_never_shows_another_seats_hand_or_the_stock(seed: int) -> None:
    session = new_session(seed=seed, seats=["robin", "robin", "robin"])
    checked = []

    def no_leak(session: Session, state: dict[str, Any]) -> None:
        assert session.game is not None
        hidden = _hidden(session.game)
        leaked = _shown_codes(state) & hidden
        assert not leaked, leaked
        # The rules' words (the page's text: "Aces, twos and the 5♦ fit anything") are the same at every deal.
        text = json.dumps({key: value for key, value in state.items() if key != "rules"}, ensure_ascii=False)
        displays = {Card.parse(code).display for code in hidden}
        assert not [shown for shown in displays if re.search(rf"(?<![0-9]){re.escape(shown)}", text)]
        checked.append(len(hidden))

    play_out(session, no_leak)
    assert checked and max(checked) > 20
    reshuffles = [entry for entry in session.state()["log"] if entry["kind"] == "reshuffle"]
    assert all(entry["card"] is None for entry in reshuffles)
