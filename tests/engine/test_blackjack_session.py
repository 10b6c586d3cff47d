"""Blackjack in the browser through the one protocol (engine.core.webapi.handle): the state lists the legal next
steps, the page sends one back with ``act``, computer seats play whole turns, Sam suggests the next step."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.blackjack.game import Game
from engine.blackjack.rules import PRESETS
from engine.blackjack.session import Session
from engine.blackjack.state import State
from engine.core.cards import Card
from engine.core.webapi import handle

# You: 5S 6S 9C 9D on the 5♥, the others' hands hidden from you; the stock holds three cards.
CHAIN = "hands 5S 6S 9C 9D / KD QC 3C 4C / KH 3D 4D 7C / 8H 9H 10H JH | pile 5H | stock 2D 3H 4H | turn 0"
WILD = "hands AC 9D 7H 3S / KD QC 3C 4C / KH 3D 4D 7C / 8H 9H 10H JH | pile 5H | stock 2D 3H 4H | turn 0"
# A 2♥ has just been laid on you: a pick-up of 2 waits.
FACING = (
    "hands 2C 9D 7S 3S / KD QC 3C 4C / KH 3D 4D 7C / 8H 9H 10H JH | pile 5H 2H | stock 2D 3H 4H | pickup 2 | turn 0"
)
UNANSWERED = (
    "hands 6C 9D 7S 3S / KD QC 3C 4C / KH 3D 4D 7C / 8H 9H 10H JH | pile 5H 2H | stock 2D 3H 4H | pickup 2 | turn 0"
)


def call(session: Session, method: str, **params: Any) -> Any:
    reply = json.loads(handle(json.dumps({"method": method, "params": params}), session))
    assert reply["ok"], reply
    return reply["result"]


def guided(position: str) -> tuple[Session, dict[str, Any]]:
    session = Session()
    return session, call(session, "guided", position=position)


def hidden_cards_absent(session: Session, state: dict[str, Any]) -> None:
    """Outside the log (public history), the state names no card but your hand, the top card and the cards laid
    this turn; the log names cards only in the chains laid face up."""
    game = session.game
    assert game is not None
    seen = {card.code for card in game.state.hands[0]} | {game.state.top.code} | {c.code for c in game.state.laid}

    def codes(value: object) -> set[str]:
        if isinstance(value, dict):
            return set().union(*(codes(item) for item in value.values()))
        if isinstance(value, list):
            return set().union(*(codes(item) for item in value))
        if isinstance(value, str):
            try:
                return {Card.parse(value).code}
            except ValueError:
                return set()
        return set()

    assert codes({key: value for key, value in state.items() if key != "log"}) <= seen
    for entry in state["log"]:
        assert entry["kind"] == "chain" or not entry["cards"]
    hidden = [card.code for seat, hand in enumerate(game.state.hands) if seat for card in hand]
    text = json.dumps({key: value for key, value in state.items() if key != "log"})
    assert not any(f'"{code}"' in text for code in set(hidden) - seen)
    stock = [card.code for card in game.state.stock]
    assert "hands" not in state and (len(stock) < 2 or json.dumps(stock)[1:-1] not in text)


@pytest.mark.parametrize("preset", ["blackjack", "crazy-eights"])
@pytest.mark.parametrize("seed", [1, 4])
def test_a_whole_deal_is_played_taking_actions_from_the_state(preset: str, seed: int) -> None:
    session = Session()
    rng = random.Random(seed)
    state = call(session, "new_game", seed=seed, rules=preset)
    assert state["rules"]["name"] == ("Blackjack" if preset == "blackjack" else "Crazy Eights")
    kinds: set[str] = set()
    for _ in range(3000):
        if state["over"]:
            break
        hidden_cards_absent(session, state)
        if state["your_turn"]:
            assert state["actions"] and state["prompt"]
            action = rng.choice(state["actions"])
            kinds |= set(action) - {"seat"}
            reply = call(session, "act", action=action)
            assert reply["ok"], reply
            state = reply["state"]
        else:
            assert state["actions"] == [] and state["prompt"] is None
            state = call(session, "computer_move")["state"]
    assert state["over"] and state["result"]["text"]
    assert {"lay", "stop"} <= kinds
    record = call(session, "record")
    assert Game.from_json(record).to_json() == record


def test_a_chain_of_two_cards_is_built_step_by_step() -> None:
    session, state = guided(CHAIN)
    assert {"seat": 0, "lay": "5S"} in state["actions"] and {"seat": 0, "draw": True} in state["actions"]
    assert state["chain"] is None
    laid = call(session, "act", action={"lay": "5S"})
    assert laid["ok"] and laid["move"] is None  # a step inside the turn: nothing for the log yet
    state = laid["state"]
    assert state["chain"]["text"] == "Laid so far this turn: 5♠."
    assert [card["code"] for card in state["hand"] if card["legal"]] == ["6S"]
    assert {"seat": 0, "draw": True} not in state["actions"] and {"seat": 0, "undo": True} in state["actions"]
    state = call(session, "act", action={"lay": "6S"})["state"]
    assert [card["code"] for card in state["chain"]["cards"]] == ["5S", "6S"]
    stopped = call(session, "act", action={"stop": True, "last": True})
    assert stopped["move"]["kind"] == "chain" and stopped["move"]["text"] == "You lay 5♠ 6♠ and call “Last cards!”"
    state = stopped["state"]
    assert state["top"]["code"] == "6S" and state["chain"] is None and state["counts"][0] == 2
    assert state["log"][-1]["cards"][1]["name"] == "six of spades"


def test_a_card_laid_can_be_taken_back() -> None:
    session, _ = guided(CHAIN)
    call(session, "act", action={"lay": "5S"})
    state = call(session, "act", action={"undo": True})["state"]
    assert state["chain"] is None and state["counts"][0] == 4 and {"seat": 0, "draw": True} in state["actions"]


def test_last_cards_is_offered_with_the_call_and_without_it() -> None:
    session, _ = guided(CHAIN)
    call(session, "act", action={"lay": "5S"})
    state = call(session, "act", action={"lay": "6S"})["state"]
    # 9♣ 9♦ left could go down in one turn: the rules ask for the call, and forgetting it is allowed.
    assert state["must_call"] and "Last cards" in state["call_text"]
    assert {"seat": 0, "stop": True, "last": True} in state["actions"] and {"seat": 0, "stop": True} in state["actions"]
    state = call(session, "act", action={"stop": True, "last": True})["state"]
    assert state["seats"][0]["called"] and state["seats"][0]["status"] == "Last cards"


def test_a_suit_is_named_after_a_wild_card() -> None:
    session, _ = guided(WILD)
    state = call(session, "act", action={"lay": "AC"})["state"]
    assert state["name_suit"] and [suit["name"] for suit in state["suits"]] == ["clubs", "diamonds", "hearts", "spades"]
    assert {"seat": 0, "stop": True, "suit": "H"} in state["actions"]
    refused = call(session, "act", action={"stop": True})
    assert refused == {"ok": False, "reason": "Name a suit for the A♣.", "state": state}
    stopped = call(session, "act", action={"stop": True, "suit": "H"})
    assert stopped["move"]["suit"]["name"] == "hearts" and stopped["move"]["text"] == "You lay A♣ and name hearts"
    state = stopped["state"]
    assert state["suit"]["code"] == "H" and state["suit_named"] and state["top"]["code"] == "AC"
    assert "hearts were named" in state["table_text"]


def test_a_pick_up_is_answered() -> None:
    session, state = guided(FACING)
    assert state["pickup"]["size"] == 2 and state["pickup"]["text"].startswith("You face a pick-up of 2: answer with")
    assert state["actions"] == [{"seat": 0, "lay": "2C"}, {"seat": 0, "pickup": 2}]
    call(session, "act", action={"lay": "2C"})
    state = call(session, "act", action={"stop": True})["state"]
    assert state["pickup"] == {"size": 4, "seat": 1, "text": "Robin faces a pick-up of 4 cards.", "button": "Pick up 4"}


def test_a_pick_up_is_taken() -> None:
    session, state = guided(UNANSWERED)
    assert state["actions"] == [{"seat": 0, "pickup": 2}]
    assert state["prompt"].startswith("Your turn: you face a pick-up of 2: answer with") and state["hand"][0][
        "why"
    ].startswith("You face a pick-up of 2")
    taken = call(session, "act", action={"pickup": 2})
    assert (
        taken["move"]["kind"] == "pickup"
        and taken["move"]["got"] == 2
        and taken["move"]["text"] == "You pick up 2 cards"
    )
    assert taken["state"]["counts"][0] == 6 and taken["state"]["pickup"] is None


def test_the_pick_up_control_is_labelled_with_its_size() -> None:
    _, state = guided(UNANSWERED)
    assert state["pickup"]["button"] == "Pick up 2"


def test_the_last_cards_call_is_offered_where_the_rules_have_it() -> None:
    session, state = guided(CHAIN)
    assert state["may_call"] and not state["must_call"]  # a call that is not needed costs nothing
    call(session, "act", action={"lay": "5S"})
    assert call(session, "act", action={"stop": True, "last": True})["ok"]
    session = Session()
    state = call(session, "guided", position=CHAIN, rules="last_cards=false")
    assert not state["may_call"]


def test_a_wrong_pick_up_size_is_an_error_naming_it() -> None:
    session, _ = guided(UNANSWERED)
    reply = json.loads(handle(json.dumps({"method": "act", "params": {"action": {"pickup": 5}}}), session))
    assert reply["error"]["message"] == "action {'seat': 0, 'pickup': 5}: the pick-up waiting is of 2 cards, not 5"


def test_a_refused_step_gives_the_engines_reason_and_changes_nothing() -> None:
    session, before = guided(CHAIN)
    record_of_state = json.dumps(before, sort_keys=True)
    refused = call(session, "act", action={"lay": "9C"})
    assert refused["ok"] is False
    assert refused["reason"] == "9♣ does not fit on 5♥: play a heart or a five."  # no ace in hand: none named
    assert json.dumps(refused["state"], sort_keys=True) == record_of_state
    # A step refused for the order of the steps names the table's controls (Play, Undo card), not the engine's steps.
    assert (
        call(session, "act", action={"stop": True})["reason"]
        == "Nothing is laid yet: press a card that fits to lay it, then Play ends your turn."
    )
    call(session, "act", action={"lay": "5S"})
    chained = call(session, "act", action={"lay": "9D"})
    assert chained["reason"] == "9♦ cannot follow 5♠ in a chain: it must be a five or a spade next to it."
    assert call(session, "act", action={"draw": True})["reason"] == (
        "You have laid cards this turn: press Play to end your turn, or Undo card to take them back before you draw."
    )
    assert [card["code"] for card in call(session, "state")["chain"]["cards"]] == ["5S"]


def test_a_step_while_the_table_does_not_wait_for_you_is_refused() -> None:
    session = Session()
    state = call(session, "new_game", seed=3)
    assert not state["your_turn"]
    refused = call(session, "act", action={"draw": True})
    assert refused == {"ok": False, "reason": "It is Robin's turn, not yours.", "state": state}


def test_restoring_the_record_gives_the_same_state() -> None:
    session = Session()
    state = call(session, "new_game", seed=11)
    rng = random.Random(0)
    for _ in range(40):
        if state["over"]:
            break
        if state["your_turn"]:
            ending = [action for action in state["actions"] if not set(action) & {"lay", "undo"}]
            state = call(
                session, "act", action=rng.choice(state["actions"] if state["chain"] else ending or state["actions"])
            )["state"]
        else:
            state = call(session, "computer_move")["state"]
    if state["chain"]:  # a turn half built is not in the record: finish it
        state = call(session, "act", action=next(a for a in state["actions"] if "stop" in a))["state"]
    again = Session()
    assert call(again, "restore", record=call(session, "record")) == state


def test_a_deal_saved_in_the_middle_of_a_chain_restores_to_the_start_of_that_turn() -> None:
    # The page keeps the record after every step, so a reload mid-chain must not lose the deal.
    session = Session()
    state = call(session, "new_game", seed=1)
    while not state["your_turn"]:
        state = call(session, "computer_move")["state"]
    before = state
    for _ in range(20):
        first = next(action for action in state["actions"] if "lay" in action)
        laid = call(session, "act", action=first)["state"]
        if any("lay" in action for action in laid["actions"]):
            break
        state = call(session, "act", action=next(a for a in laid["actions"] if "stop" in a))["state"]
        while not state["over"] and not state["your_turn"]:
            state = call(session, "computer_move")["state"]
        before = state
    else:
        pytest.fail("no turn where a chain could go on")
    assert laid["chain"] is not None and laid["counts"][0] == before["counts"][0] - 1
    again = Session()
    restored = call(again, "restore", record=call(session, "record"))
    assert restored == before  # the laid card is back in the hand, and the turn is yours to build again


def test_a_computer_seat_plays_its_whole_turn_in_one_step() -> None:
    # Under draw=until-play a turn may be several draws and then a chain: one computer_move plays all of it.
    session = Session()
    state = call(session, "new_game", seed=3, rules="draw=until-play")
    longest = 0
    while not state["over"]:
        if state["your_turn"]:
            state = call(session, "act", action=state["actions"][-1] if not state["chain"] else state["actions"][0])[
                "state"
            ]
            continue
        seat, before = state["turn"], len(state["log"])
        step = call(session, "computer_move")
        state = step["state"]
        assert step["move"]["seat"] == seat and step["reason"]
        assert state["turn"] != seat or state["over"] or state["players"] == 2
        longest = max(longest, len([entry for entry in state["log"][before:] if entry["kind"] != "reshuffle"]))
    assert longest >= 2


def test_sam_suggests_the_whole_turn_at_its_start_and_the_next_step_inside_it() -> None:
    session, state = guided(CHAIN)
    advice = call(session, "suggest")
    assert advice["text"].startswith("Sam would") and advice["reason"].endswith(".")
    # At the start of a turn, the whole turn (so that Play after Suggest takes it, call and suit too); its first
    # card is one of the steps listed.
    assert {"seat": 0, "lay": advice["action"]["chain"][0]} in state["actions"]
    state = call(session, "act", action={"seat": 0, "lay": advice["action"]["chain"][0]})["state"]
    if state["chain"]:
        assert call(session, "suggest")["action"] in state["actions"]
    played = guided(CHAIN)[0]
    taken = call(played, "act", action=call(played, "suggest")["action"])
    assert taken["ok"] and [card["code"] for card in taken["move"]["cards"]] == advice["action"]["chain"]
    assert taken["move"]["last"] is advice["action"].get("last", False)


def test_a_match_goes_on_to_its_next_deal() -> None:
    session = Session()
    state = call(session, "new_match", seed=2, rules="scoring=points")
    assert state["kind"] == "match" and state["match"]["heading"] == "Points" and state["match"]["lower_is_better"]
    while not state["over"]:
        if state["your_turn"]:
            state = call(session, "act", action=state["actions"][-1 if not state["chain"] else 0])["state"]
        else:
            state = call(session, "computer_move")["state"]
    state = call(session, "next_deal")
    assert state["match"]["deal"] == 2 and len(state["match"]["deals"]) == 1 and not state["over"]


def test_you_pass_when_nothing_fits_and_nothing_can_be_drawn() -> None:
    session, state = guided("hands 9C 8D / KD 3C | pile 5H | turn 0")
    assert state["actions"] == [{"seat": 0, "pass": True}]
    assert state["prompt"] == "Your turn: nothing fits and you cannot draw, so pass."
    assert call(session, "act", action={"pass": True})["move"]["text"] == "You pass"


def test_a_guided_deal_follows_its_script_and_comments_on_your_steps() -> None:
    session = Session()
    call(session, "guided", position=WILD, script="Robin: KD", goal="Name a suit Robin holds.")
    laid = call(session, "act", action={"lay": "AC"})
    assert laid["state"]["comment"].startswith(("Good choice: ", "Sam would rather "))
    state = call(session, "act", action={"stop": True, "suit": "D"})["state"]
    assert state["goal"] == "Name a suit Robin holds." and state["kind"] == "guided"
    step = call(session, "computer_move")
    assert step["move"]["text"] == "Robin lays K♦" and step["reason"] == "scripted move"
    assert step["state"]["direction"] == -1 and step["state"]["direction_text"].startswith(
        "Play goes round the other way"
    )
    assert step["state"]["your_turn"]  # the king turned play back to you


def test_the_legal_steps_are_computed_once_per_position(monkeypatch: pytest.MonkeyPatch) -> None:
    # The state, its actions, its prompt and its call all need your legal steps; with a big hand each
    # computation searches whether the hand could go down in one turn, so it is done once per position.
    computed = []
    legal_actions = State.legal_actions

    def counted(state: State, seat: int) -> list[Any]:
        computed.append(seat)
        return legal_actions(state, seat)

    monkeypatch.setattr(State, "legal_actions", counted)
    session, _ = guided(CHAIN)
    assert len(computed) == 1
    call(session, "act", action={"lay": "5S"})
    assert len(computed) == 2  # the new position's steps, once
    call(session, "state")
    assert len(computed) == 2


def test_going_out_with_the_last_card_is_praised_for_going_out() -> None:
    # You called Last cards last turn and now lay 5♠ 6♠, your whole hand: stopping goes out, and Sam's comment
    # says so rather than "laying more would only help the next player" (there is nothing more to lay).
    session, _ = guided(
        "hands 5S 6S / KD QC 3C 4C / KH 3D 4D 7C / 8H 9H 10H JH | pile 5H | stock 2D 3H 4H | turn 0 | called 0"
    )
    call(session, "act", action={"seat": 0, "lay": "5S"})
    call(session, "act", action={"seat": 0, "lay": "6S"})
    state = call(session, "act", action={"seat": 0, "stop": True})["state"]
    assert state["over"] and state["result"]["winner"] == 0
    assert state["comment"] == "Good choice: your 6♠ was your last card."
    assert "help the next player" not in state["comment"]


def uncalled(action: dict[str, Any]) -> dict[str, Any]:
    """*action* without a call of "Last cards" (allowed with any step that ends a turn; listed where it is due)."""
    return {key: value for key, value in action.items() if key != "last"}


def takeable(action: dict[str, Any], state: dict[str, Any]) -> bool:
    """Whether Suggest's *action* is one the table takes now: a listed step (a call aside), or, at the start of a
    turn, a whole turn (``chain``) whose first card is a listed one, which Play sends at one press."""
    listed = [uncalled(each) for each in state["actions"]]
    if "chain" in action and not state["chain"]:
        return {"seat": action["seat"], "lay": action["chain"][0]} in listed
    return uncalled(action) in listed


@pytest.mark.parametrize("preset", [name for name, rules in PRESETS.items() if rules.wild_rank is not None])
@pytest.mark.slow
def test_advice_after_a_wild_card_names_the_suit_in_its_action_and_its_words(preset: str) -> None:
    """Where your turn ends on a wild card, Suggest's step names the suit (a legal, whole step) and says which: on a
    deal played as Suggest says (the review's advice), and where you laid a wild card Suggest did not advise (Sam
    plans the rest of the turn)."""
    named = 0
    for seed, departs in ((1, False), (2, True)):
        session = Session()
        state = call(session, "new_game", seed=seed, rules=preset)
        while not state["over"]:
            if not state["your_turn"]:
                state = call(session, "computer_move")["state"]
                continue
            advice = call(session, "suggest")
            action = advice["action"]
            assert takeable(action, state), (advice, state["actions"])
            wild_codes = {card["code"] for card in state["hand"] if card["wild"]}
            ends_wild = bool(action.get("chain")) and action["chain"][-1] in wild_codes
            goes_out = ends_wild and len(action["chain"]) == len(state["hand"])
            if (state["name_suit"] and action.get("stop")) or (ends_wild and not goes_out):
                names = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
                assert action.get("suit") in names, advice
                assert f"name {names[action['suit']]}" in advice["text"], advice
                named += 1
            wild = [card["code"] for card in state["hand"] if card["legal"] and card["wild"]]
            if departs and wild and not state["chain"] and action.get("lay") not in wild:
                action = {"seat": 0, "lay": wild[0]}
            state = call(session, "act", action=action)["state"]
    assert named >= 2, f"{preset}: too few turns ended on a wild card to check"
