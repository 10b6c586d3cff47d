"""A lesson's guided deal, in every game: its comment on the learner's move praises only the move the adviser would
make (the whole move: a call or a suit named with it too), and says the rest without repeating the move the log
already shows; a move that puts the deal's goal out of reach says so plainly (issue 44 items 2 and 13)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import build
from engine.core.game import GameType
from engine.core.puzzles import parse_puzzle
from engine.games import GAMES
from sitebuild.lessons import tutorials_of
from sitebuild.puzzle_ext import kinds_of

ROOT = Path(build.__file__).resolve().parent
FENCE = re.compile(r"^```puzzle\n(.*?)^```", re.DOTALL | re.MULTILINE)
STEPS = 40  # more than any lesson's guided deal takes along its first listed actions


def guided_deals(game: GameType) -> list[tuple[str, Any]]:
    kinds = kinds_of(game)
    found = []
    for path in tutorials_of(ROOT / "tutorials", game.name):
        for block in FENCE.findall(path.read_text(encoding="utf-8")):
            puzzle = parse_puzzle(block, kinds)
            deal = puzzle.guided()
            if deal is not None:
                found.append((puzzle.id, deal))
    return found


def agrees(advice: dict[str, Any], action: dict[str, Any]) -> bool:
    """Whether *action* is the adviser's *advice*, or the first step of the turn it advises (a card laid)."""
    advice = {key: value for key, value in advice.items() if key != "seat"}
    action = {key: value for key, value in action.items() if key != "seat"}
    return advice == action or ("chain" in advice and action == {"lay": advice["chain"][0]})


def start(game: GameType, deal: Any, moves: list[dict[str, Any] | None]) -> Any:
    """A fresh session of *deal* with *moves* replayed: your actions, and ``None`` for a computer step."""
    session = game.session()
    session.guided(deal.position, deal.script, deal.goal, rules=deal.rules or None, marks=deal.marks)
    for move in moves:
        reply = session.computer_move() if move is None else session.act(move)
        assert reply["ok"], (move, reply)
    return session


@pytest.mark.parametrize("game", [game for game in GAMES if game.puzzle_kinds], ids=lambda game: game.name)
def test_a_guided_comment_praises_only_the_move_the_adviser_would_make(game: GameType) -> None:
    judged = 0
    deals = guided_deals(game)
    assert deals
    for pid, deal in deals:
        moves: list[dict[str, Any] | None] = []
        session = start(game, deal, moves)
        state = session.state()
        for _ in range(STEPS):
            if state["over"]:
                break
            if not state["your_turn"]:
                moves.append(None)
                state = session.computer_move()["state"]
                continue
            # Asked of a session of its own: the adviser draws its chance afresh each time it is asked.
            advice = start(game, deal, moves).suggest()["action"]
            for action in state["actions"]:
                reply = start(game, deal, moves).act(action)
                comment = reply["state"]["comment"] or ""
                judged += 1
                praised = comment.startswith("Good choice")
                assert praised <= agrees(advice, action), (pid, action, advice, comment)
                shown = (reply["move"] or {}).get("text", "")
                # The praise gives the reason, not the move again: the log's line says what you did.
                again = shown.removeprefix("You ").capitalize()  # "You play 6♥": "Play 6♥"
                assert not (praised and shown and again in comment), (pid, shown, comment)
            moves.append(state["actions"][0])
            state = session.act(state["actions"][0])["state"]
    assert judged >= len(deals)


# Lesson 1's deal at the default rules, where "Last cards" is called.
CALLED = "hands 6H 9H / KC QC 8S 4D / 3H JD 10S 5C / 7C 7D 2S 4S | pile 6C | stock 9C 3C 8D 4H 5S 10C | turn 0"


def test_a_turn_ended_without_the_call_the_rules_ask_for_says_the_goal_is_out_of_reach() -> None:
    game = next(game for game in GAMES if game.name == "blackjack")
    session = game.session()
    session.guided(CALLED, "Robin: draw; Alex: 3H; Sam: draw", "Go out.")
    session.act({"lay": "6H"})
    assert session.state()["setback"] is None
    called = game.session()
    called.guided(CALLED)
    called.act({"lay": "6H"})
    state = called.act({"stop": True, "last": True})["state"]
    assert state["setback"] is None and state["comment"].startswith("Good choice")
    state = session.act({"stop": True})["state"]
    assert state["comment"] == "Sam would have called Last cards as the turn ended."
    assert state["setback"] == "You ended your turn without calling Last cards, so you cannot go out on your next turn."
    while not state["your_turn"]:
        state = session.computer_move()["state"]
    assert state["setback"]  # it stays said until the deal starts again
    assert session.guided(CALLED)["setback"] is None


def test_a_missed_knock_says_the_goal_is_out_of_reach() -> None:
    game = next(game for game in GAMES if game.name == "knock-knock")
    position = (
        "hands 6H 9H KH / 8S QS 4S 4C JC / JS 3S 10D 3C KC / 7C 10C JD 8D QC | pile 6C | stock 9C 3D 2D 4H | turn 0"
    )
    knocked, missed = game.session(), game.session()
    for session in (knocked, missed):
        session.guided(position)
    assert knocked.act({"play": "6H", "knock": True})["state"]["setback"] is None
    state = missed.act({"play": "6H"})["state"]
    assert state["comment"] == "You must knock when you put down your third-to-last card."
    assert state["setback"] == "Without the knock, anyone may call “Knock! Knock!” and make you pick up cards."
