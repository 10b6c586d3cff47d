"""The Blackjack lessons: at least six, fifty puzzles judged by the Blackjack engine, a guided deal in each that is
won along the line its lesson teaches (played through the browser's own session protocol), and the first lesson
states the aim of the game before anything else."""

from __future__ import annotations

import json
import re
from pathlib import Path

import build
from engine.blackjack.puzzles import parse_bj
from engine.core.puzzles import read_fields
from sitebuild.lessons import tutorials_of

ROOT = Path(build.__file__).resolve().parent
TUTORIALS = ROOT / "tutorials"
FENCE = re.compile(r"^```puzzle\n(.*?)^```", re.DOTALL | re.MULTILINE)


def lessons() -> list[Path]:
    return tutorials_of(TUTORIALS, "blackjack")


def blocks(path: Path) -> list[str]:
    return FENCE.findall(path.read_text(encoding="utf-8"))


def test_six_lessons_fifty_puzzles_and_one_guided_deal_in_each() -> None:
    assert len(lessons()) >= 6
    kinds = [parse_bj(block).kind for path in lessons() for block in blocks(path)]
    assert sum(kind != "guided" for kind in kinds) >= 50
    for path in lessons():
        puzzles = [parse_bj(block) for block in blocks(path)]
        if any(puzzle.variant and puzzle.kind != "guided" for puzzle in puzzles):
            continue  # a lesson on a variant's rules (Crazy Eights): its table is the variant's, linked, not a guided deal
        assert [puzzle.kind for puzzle in puzzles].count("guided") == 1, path.name
    # Every kind but the guided deal's is asked somewhere.
    assert {"fits", "pick", "longest", "name-suit", "stop", "last-cards", "who-next", "pickup-size", "best"} <= set(
        kinds
    )


def test_the_first_lesson_states_the_aim_first() -> None:
    first = lessons()[0].read_text(encoding="utf-8")
    body = first.split("---", 2)[2]
    opening = body.split("## Stage:")[0]
    paragraph = next(part for part in opening.split("\n\n") if part.strip() and not part.startswith("#"))
    first_sentence = paragraph.split(". ")[0]
    assert first_sentence.startswith("The aim") and "first player with no cards left" in paragraph


# The line each guided deal's goal and hint lead the learner along: your turns, in order ("last" calls Last cards,
# a suit letter names the suit after an ace).
LINES = {
    "bj-guided-follow": "6H; 9H",  # under the rules lesson 1 has taught: no Last cards yet
    "bj-guided-chain": "5S 6S 6C 7C 7D 6D; 9H",  # lessons 1 to 6 play under the rules taught so far: no call
    "bj-guided-ace": "AC D; 4D 5D",
    "bj-guided-skip": "8H 8C; 3C",
    "bj-guided-pickup": "2H; 5H 6H",
    "bj-guided-queen": "QH 9C; 4H",
    "bj-guided-last": "9C last; 3D 4D",
    "bj-guided-strategy": "2C last; 5C",
}


def test_each_guided_deal_is_won_along_the_line_its_lesson_teaches() -> None:
    from engine.core.webapi import handle

    def ask(method: str, session: str, **params: object) -> dict[str, object]:
        reply = json.loads(handle(json.dumps({"method": method, "params": params, "session": session})))
        assert reply["ok"], (session, method, reply)
        return reply["result"]  # type: ignore[no-any-return]

    guided = {}
    for path in lessons():
        for block in blocks(path):
            fields, _ = read_fields(block)
            if fields["kind"].value == "guided":
                guided[fields["id"].value] = {name: f.value for name, f in fields.items()}
    assert set(guided) == set(LINES)
    for pid, fields in guided.items():
        rules = fields.get("rules")
        state = ask(
            "guided", pid, game="blackjack", position=fields["position"], script=fields.get("script", ""), rules=rules
        )
        for turn in LINES[pid].split("; "):
            while not state["your_turn"]:
                state = ask("computer_move", pid)["state"]  # type: ignore[assignment]
            words = turn.split()
            stop: dict[str, object] = {"seat": 0, "stop": True}
            for word in words:
                if word == "last":
                    stop["last"] = True
                elif len(word) == 1:
                    stop["suit"] = word
                else:
                    state = ask("act", pid, action={"seat": 0, "lay": word})["state"]  # type: ignore[assignment]
            reply = ask("act", pid, action=stop)
            state = reply["state"]  # type: ignore[assignment]
        assert state["over"] and state["result"]["winner"] == 0, (pid, state["result"], state["log"])  # type: ignore[index]


def test_the_practice_bank_makes_blackjack_puzzles_through_the_registry() -> None:
    from engine.core.game import find_game
    from sitebuild.practice import bank

    made = list(bank(find_game("blackjack")))
    assert {"fits", "pick", "longest", "name-suit", "stop", "last-cards", "who-next"} <= {
        puzzle.kind for puzzle in made
    }
    assert len(made) >= 300
    assert len({puzzle.hint for puzzle in made}) > len(made) // 2  # each hint about its own position
