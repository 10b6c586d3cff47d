"""The one browser protocol for a game whose turn is built one step at a time (as Blackjack's chains are): the
state lists the legal next steps, the page sends one back with ``act``, and a computer seat's whole turn is one
``computer_move``. Shown on a toy game, so that the core session is checked apart from any real game."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from engine.core.session import DealSession
from engine.core.webapi import handle

GOAL = 5  # the first seat to lay this many tokens wins


@dataclass(frozen=True)
class Step:
    kind: str  # "lay" (one more token this turn, at most two) or "stop" (the turn ends)


class Chains:
    """A deal of the toy game: on a turn a seat lays one or two tokens, a step at a time, then stops."""

    seed = None
    dealer = 0
    has_record = False
    names = ("You", "Robin")
    rules = SimpleNamespace(players=2)

    def __init__(self) -> None:
        self.laid = [0, 0]
        self.turn = 0
        self.steps = 0  # tokens laid in the turn under way
        self.moves: list[tuple[int, int]] = []  # (seat, tokens) a turn, as a record would keep it

    @property
    def is_over(self) -> bool:
        return max(self.laid) >= GOAL

    @property
    def waiting(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    @property
    def winner(self) -> int | None:
        return next((seat for seat, laid in enumerate(self.laid) if laid >= GOAL), None)

    def legal_actions(self, seat: int) -> list[Step]:
        if seat != self.turn or self.is_over:
            return []
        return [Step(kind) for kind, allowed in (("lay", self.steps < 2), ("stop", self.steps > 0)) if allowed]

    def why_illegal(self, seat: int, action: Step) -> str | None:
        if action in self.legal_actions(seat):
            return None
        return "lay a token first" if action.kind == "stop" else "a turn lays two tokens at most"

    def act(self, seat: int, action: Step) -> None:
        assert self.why_illegal(seat, action) is None
        if action.kind == "lay":
            self.steps += 1
            self.laid[seat] += 1
            if not self.is_over:
                return
        self.moves.append((seat, self.steps))
        self.steps = 0
        self.turn = 1 - self.turn

    def view(self, seat: int) -> Chains:
        return self


@dataclass(frozen=True)
class Decision:
    action: Step
    reason: str


class Greedy:
    name = "robin"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: Chains) -> Decision:
        lay = Step("lay") in view.legal_actions(view.turn)
        return Decision(Step("lay" if lay else "stop"), "as many as allowed")


class Session(DealSession[Any, Greedy]):
    game_name = "chains"

    def __init__(self) -> None:
        super().__init__(lambda name, rng: Greedy(rng), ["robin"], adviser="robin")

    def _guided_deal(self, position: str, rules: object) -> Chains:
        return Chains()

    def _parse_script(self, text: str, names: Sequence[str]) -> list[tuple[int, Any]]:
        return []

    def _action_from_json(self, data: object) -> tuple[int, Step]:
        if not (isinstance(data, dict) and set(data) in ({"seat", "lay"}, {"seat", "stop"})):
            raise ValueError(f'a step is {{"lay": true}} or {{"stop": true}}, not {data!r}')
        return data["seat"], Step("lay" if "lay" in data else "stop")

    def _action_json(self, seat: int, action: Step) -> dict[str, Any]:
        return {"seat": seat, action.kind: True}

    def _state_json(self) -> dict[str, Any]:
        game = self._game
        return {"laid": list(game.laid), "over": game.is_over, "your_turn": self._your_turn()}

    def _waits_for(self) -> str | None:
        game = self._game
        return "it is your turn" if game.turn == 0 and not game.is_over else None

    def _not_yours(self) -> str:
        return "it is Robin's turn"

    def _moved(self, action: Step) -> dict[str, Any] | None:
        game = self._game
        if not game.moves or game.steps:
            return None  # the turn goes on: the log shows the whole turn once it ends
        seat, tokens = game.moves[-1]
        return {"seat": seat, "text": f"{game.names[seat]} laid {tokens}"}

    def _progress(self) -> int:
        return len(self._game.moves)


def call(session: Session, method: str, **params: Any) -> Any:
    reply = json.loads(handle(json.dumps({"method": method, "params": params}), session))
    assert reply["ok"], reply
    return reply["result"]


def test_a_turn_of_steps_is_listed_and_sent_one_step_at_a_time() -> None:
    session = Session()
    state = call(session, "guided", position="start")
    assert state["actions"] == [{"seat": 0, "lay": True}]
    laid = call(session, "act", action={"lay": True})
    assert laid["ok"] and laid["move"] is None  # one step of a turn: nothing for the log yet
    assert laid["state"]["actions"] == [{"seat": 0, "lay": True}, {"seat": 0, "stop": True}]
    assert laid["state"]["your_turn"] is True
    stopped = call(session, "act", action={"stop": True})
    assert stopped["move"]["text"] == "You laid 1" and stopped["state"]["your_turn"] is False
    assert call(session, "act", action={"stop": True})["reason"] == "It is Robin's turn."


def test_a_step_the_rules_refuse_comes_back_with_the_reason() -> None:
    session = Session()
    call(session, "guided", position="start")
    refused = call(session, "act", action={"stop": True})
    assert refused["ok"] is False and refused["reason"] == "Lay a token first."
    call(session, "act", action={"lay": True})
    call(session, "act", action={"lay": True})
    assert call(session, "act", action={"lay": True})["reason"] == "A turn lays two tokens at most."


def test_a_computer_seats_whole_turn_of_steps_is_one_computer_move() -> None:
    session = Session()
    call(session, "guided", position="start")
    call(session, "act", action={"lay": True})
    call(session, "act", action={"stop": True})
    step = call(session, "computer_move")
    assert step["move"]["text"] == "Robin laid 2" and step["state"]["laid"] == [1, 2]
    assert step["state"]["your_turn"] is True
    advice = call(session, "suggest")
    assert advice["action"] == {"seat": 0, "lay": True} and advice["text"] == "Robin would as many as allowed."
