"""A lesson's guided deal, in every game of the registry: a refusal teaches without naming the answer, and each
stage says whether the cards that fit are marked (a stage that asks the learner to find the card marks none)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.core.cards import Card
from engine.core.game import GameType
from engine.core.puzzles import PuzzleError, parse_puzzle
from engine.games import GAMES

DECLINES = ({"pass": True}, {"draw": True})  # an action that plays no card, in the encodings games use


def fitting(state: dict[str, Any]) -> set[Card]:
    """The cards of your hand the table takes now: those the state lists as actions, and those marked legal."""
    codes = {card["code"] for card in state["hand"] if card.get("legal")}
    for action in state["actions"]:
        codes |= {value for key, value in action.items() if key in ("play", "lay") and isinstance(value, str)}
    return {Card.parse(code) for code in codes}


def named(reason: str, cards: set[Card]) -> list[str]:
    """The cards of *cards* that *reason* names, by their code (7D) or as shown (7♦)."""
    return [card.display for card in cards if card.display in reason or re.search(rf"\b{card.code}\b", reason)]


def step(session: Any, state: dict[str, Any]) -> dict[str, Any]:
    """The deal moves on: your first listed action while the table waits for you, else the computer players'."""
    if state["your_turn"] and state["actions"]:
        reply: dict[str, Any] = session.act(state["actions"][0])
        return reply["state"]  # type: ignore[no-any-return]
    moved: dict[str, Any] = session.computer_move()
    return moved["state"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
@pytest.mark.slow
def test_a_refused_pass_or_draw_never_names_the_card_that_fits(game: GameType) -> None:
    refused = 0
    for seed in range(1, 7):
        session = game.session()
        state = session.new_game(seed)
        for _ in range(400):
            if state["over"]:
                break
            cards = fitting(state) if state["your_turn"] else set()
            for decline in DECLINES if cards else ():
                try:
                    reply = session.act(decline)
                except ValueError:  # not an action of this game
                    continue
                if not reply["ok"]:
                    refused += 1
                    assert named(reply["reason"], cards) == [], (seed, decline, reply["reason"])
            state = step(session, session.state())
    if game.name == "sevens":  # a pass is refused whenever a card fits, so these deals refuse some
        assert refused > 0


def test_sevens_refused_pass_says_why_a_pass_is_refused() -> None:
    session = next(game for game in GAMES if game.name == "sevens").session()
    session.guided("- / 7D 7C 8C 9C 7S / 8D 6S 5S 4S / 9D 10D KH / 6D 5D 2H / 0")
    reply = session.act({"pass": True})
    assert reply["ok"] is False
    assert reply["reason"] == "You may pass only when no card in your hand fits, and one does now."


GUIDED = {
    "sevens": "position: 7D 7C-8C 5H-8H 7S / 9C 3H / 8D 9D 10D / 6S 4H 2C / 5S QH KC / 0",
    "knock-knock": "position: hands 6H 9H / KC QC 8C 4C / JS 9S 4D 3D / 7C 7D JD 8H | pile 6C | stock 9C 3C 8D"
    " 4H 5S 6S 7S 10S | turn 0",
}


@pytest.mark.parametrize("name", sorted(GUIDED))
@pytest.mark.parametrize("marks", ["", "marks: no\n", "marks: yes\n"])
def test_a_guided_stage_says_whether_the_cards_that_fit_are_marked(name: str, marks: str) -> None:
    game = next(game for game in GAMES if game.name == name)
    kinds = game.puzzle_kinds
    assert kinds is not None
    deal = parse_puzzle(
        f"id: g\nkind: guided\n{GUIDED[name]}\n{marks}goal: Go out.\nquestion: Can you?\nhint: Look.", kinds
    ).guided()
    assert deal is not None
    shown = marks == "marks: yes\n"  # a stage marks the cards only when it says so: by default the learner finds them
    assert deal.marks is shown
    session = game.session()
    state = session.guided(deal.position, deal.script, deal.goal, marks=deal.marks)
    assert state["marks"] is shown
    assert session.new_game(1)["marks"] is True  # any other deal: the learner's own setting decides


def test_a_guided_stage_refuses_marks_that_are_not_yes_or_no() -> None:
    game = next(game for game in GAMES if game.name == "sevens")
    kinds = game.puzzle_kinds
    assert kinds is not None
    with pytest.raises(PuzzleError) as refused:
        parse_puzzle(f"id: g\nkind: guided\n{GUIDED['sevens']}\nmarks: some\ngoal: Go.\nquestion: Q?\nhint: H.", kinds)
    assert [problem.message for problem in refused.value.problems] == ["puzzle \"g\": marks: 'some' is not yes or no"]
    with pytest.raises(ValueError, match="marks must be true or false"):
        game.session().guided(GUIDED["sevens"].removeprefix("position: "), marks="yes")
