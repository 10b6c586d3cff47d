"""What a puzzle says to each answer (issue #25 item 8): built from the learner's own answer, agreeing with it,
and checked at build time, for every answer of every puzzle of every game.

The check (:func:`engine.core.puzzles.feedback_problems`) models what ``site/static/js/puzzle.js`` shows: one of
:data:`~engine.core.puzzles.RIGHT` then the solution after a right answer, the nudge after a wrong one. Each of its
rules is shown catching a sentence made to break it; then the real lessons and the practice bank of every
registered game are shown to pass it, and a lesson that breaks it to be refused at ``file:line``.
"""

from __future__ import annotations

import dataclasses
import html
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import build
import engine.sevens.puzzles as sevens_puzzles
from engine.core.puzzles import RIGHT, Judgement, feedback_problems, parse_puzzle, praise_problems, text_problems
from engine.core.text import sentence
from engine.games import GAMES
from engine.knock_knock.puzzles import parse_kk
from engine.sevens.puzzles import parse
from sitebuild.lessons import tutorials_of
from sitebuild.practice import bank, kept_bank
from sitebuild.puzzle_ext import kinds_of
from sitebuild.verdicts import VerdictCache

ROOT = Path(build.__file__).resolve().parent
FENCE = re.compile(r"^```puzzle\n(.*?)^```", re.DOTALL | re.MULTILINE)

# -- each rule catches a sentence made to break it, and passes the sentence fixed ----------------------------------

BAD = {
    "repeats “Right”": "Right. Right call: Robin did not knock on their third-to-last card.",
    "full stop after a closing quote": "A call would be answered: “Wrong call: you pick up 7 cards.”.",
    "full stop after a closing quote that is not a sentence": "Answer: Call “Knock! Knock!”.",
    "doubled full stop": "Nothing fits, so you pass..",
    "capital after so": "Right. You hold the 7♦, so You open.",
    "capital after a comma": "Robin passed, You play next.",
}
GOOD = [
    "Right. Robin did not knock on their third-to-last card.",
    "A call would be answered: “Wrong call: you pick up 7 cards.”",
    "Answer: Call “Knock! Knock!”",
    "Nothing fits, so you pass.",
    "Right first time! You hold the 7♦, so you open.",
    "Robin passed, so you play next. Wait for it...",
    "Play goes clockwise: You, Robin, Alex, Sam.",  # names in a list, not a pronoun
]


@pytest.mark.parametrize("text", BAD.values(), ids=BAD.keys())
def test_each_text_rule_catches_a_sentence_that_breaks_it(text: str) -> None:
    assert len(text_problems(text)) == 1, text


@pytest.mark.parametrize("text", GOOD)
def test_the_same_sentences_written_well_pass(text: str) -> None:
    assert text_problems(text) == []


def test_a_hint_about_a_feature_the_position_lacks_is_caught() -> None:
    nudge = "Go through the cards one at a time: do the pick-up cards count the same as the others?"
    assert text_problems(nudge, absent=("pick-up",)) == [
        f"mentions “pick-up”, which this position does not have: {nudge}"
    ]
    assert text_problems(nudge) == []  # the same words where the position has one


def test_praise_then_a_different_answer_is_caught() -> None:
    said = "You play 2♦ and name diamonds. Good choice: Play 2♦ and name hearts: it is the only card that fits."
    others = ["2♦ and name hearts", "2♦ and name diamonds", "Draw"]
    assert praise_problems(said, "2♦ and name diamonds", others) == [
        f"praises an answer, then names another (2♦ and name hearts): {said}"
    ]
    assert praise_problems(said, "2♦ and name hearts", others) == []  # praise for the answer it names
    assert praise_problems("Right. 9♥ fits: play 9♥ now.", "8♣", ["9♥", "8♣"]) != []
    assert praise_problems("Right. 8♣ fits; so does 9♥, which you may play instead.", "8♣", ["9♥", "8♣"]) == []
    assert praise_problems("Look again: play 9♥?", "8♣", ["9♥"]) == []  # no praise, no contradiction


# -- the sentence builders each rule found wrong ---------------------------------------------------------------------


def fields(**given: str) -> str:
    return "\n".join(f"{name}: {value}" for name, value in {"id": "p", "hint": "Look.", **given}.items())


def test_sevens_says_you_open_in_lower_case_mid_sentence() -> None:
    hands = {"you": "7D 8D", "robin": "2C", "alex": "3C", "sam": "4C"}
    puzzle = parse(fields(kind="opener", question="Who opens?", answer="You", **hands))
    assert puzzle.judge().explanation == "You hold the 7♦, so you open"
    assert feedback_problems(puzzle) == []
    robin = parse(fields(kind="opener", question="Who?", answer="Robin", **{**hands, "you": "8D", "robin": "7D"}))
    assert robin.judge().explanation == "Robin holds the 7♦, so Robin opens"


KK_CALL = "hands 9H 6H 3S 4S / KC QC 2C / 8S 9S 10S JD / 7D 8D 9D QD | pile 4C | stock 5S 6S 7S 8C 9C 10C JC QS KS JS | turn 1"


def test_a_right_call_is_not_called_right_twice() -> None:
    puzzle = parse_kk(fields(kind="call", question="Call?", state=KK_CALL, moves="Robin: KC", answer="call"))
    said = f"{RIGHT[1]} {sentence(puzzle.judge().explanation)}"
    assert said.startswith("Right. Robin did not knock on their third-to-last card and takes the K♣ back.")
    assert feedback_problems(puzzle) == []


def test_a_quoted_answer_ends_the_sentence_with_no_stray_full_stop() -> None:
    puzzle = parse_kk(fields(kind="call", question="Call?", state=KK_CALL, moves="Robin: KC knock", answer="quiet"))
    said = sentence(puzzle.judge().explanation)
    assert said.endswith("would be answered: “Wrong call: nobody missed a knock, so you pick up 7 cards.”")
    assert feedback_problems(puzzle) == []


def test_a_score_hint_asks_about_pick_up_cards_only_when_the_hand_has_one() -> None:
    plain = parse_kk(fields(kind="score", question="Points?", hand="7S 8S", choices="2 6", answer="2"))
    assert "pick-up" not in plain.judge().nudges["6"]
    assert feedback_problems(plain) == []
    mixed = parse_kk(fields(kind="score", question="Points?", hand="AS 8S", choices="3 6", answer="3"))
    assert "pick-up cards" in mixed.judge().nudges["6"]


def test_a_guided_deal_praises_a_pick_up_card_only_with_the_suit_sam_would_name() -> None:
    from engine.core.webapi import handle
    from engine.knock_knock.session import Session

    position = "hands 2D 9H 10H JH QS / KC QC 2C 4C / 8S 9S 10S JD / 7D 8D 9D QD | pile 5C | stock 5S 6S 7S | turn 0"
    comments = {}
    for suit in "CDHS":
        session = Session()
        for method, params in (("guided", {"position": position}), ("act", {"action": {"play": "2D", "suit": suit}})):
            reply = json.loads(handle(json.dumps({"method": method, "params": params}), session))
            assert reply["ok"], reply
        comments[suit] = reply["result"]["state"]["comment"]
    praised = [suit for suit, comment in comments.items() if comment.startswith("Good choice")]
    assert len(praised) == 1, comments  # the suit Sam names, and no other
    advised = Session()
    advised.guided(position)
    assert advised.suggest()["action"] == {"seat": 0, "play": "2D", "suit": praised[0]}
    assert all(comments[suit].startswith("Sam would rather play 2♦ and name") for suit in "CDHS" if suit not in praised)


# -- every puzzle of every game, lessons and practice; and the build refuses one that fails ------------------------


def every_puzzle() -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    for game in GAMES:
        kinds = kinds_of(game)
        if not kinds.kinds:
            continue
        for path in tutorials_of(ROOT / "tutorials", game.name):
            for block in FENCE.findall(path.read_text(encoding="utf-8")):
                found.append((path.name, parse_puzzle(block, kinds)))
        found += [(f"{game.name} practice", puzzle) for puzzle in bank(game)]
    return found


def test_every_lesson_and_practice_puzzle_of_every_game_says_nothing_the_check_refuses() -> None:
    puzzles = every_puzzle()
    assert {where.split()[0] for where, _ in puzzles} >= {"sevens", "01-where-a-card-belongs.md", "14-knock-knock.md"}
    problems = [
        f"{where}: {problem}"
        for where, puzzle in puzzles
        if puzzle.verdict_position() is None  # type: ignore[attr-defined]
        for problem in feedback_problems(puzzle)  # type: ignore[arg-type]
    ]
    assert problems == []


SOLUTION = re.compile(r'<div class="puzzle__solution">(.*?)</div>', re.DOTALL)
ANSWER = re.compile(r"<strong>(Answer: .*?)</strong>")
DATA = re.compile(r'<script type="application/json" class="puzzle__data">(.*?)</script>')


def said_in(html_text: str) -> list[str]:
    """What a built page says to its puzzles' answers: "Right." and the solution, the answer, every nudge."""
    plain = lambda part: html.unescape(re.sub(r"<[^>]+>", "", part))  # noqa: E731
    found = []
    for solution in SOLUTION.findall(html_text):
        paragraphs = [plain(p) for p in re.findall(r"<p>(.*?)</p>", solution)]
        found += [" ".join([prefix, *paragraphs]) for prefix in RIGHT]
        found += [plain(item) for item in re.findall(r"<li>(.*?)</li>", solution)]
    found += [plain(answer) for answer in ANSWER.findall(html_text)]
    for data in DATA.findall(html_text):
        found += json.loads(data.replace("\\u003c", "<")).get("nudges", {}).values()
    return found


def test_the_real_site_builds_and_its_pages_say_nothing_the_check_refuses(real_lessons: Callable[[str], Path]) -> None:
    """The real build runs the check on every lesson and practice puzzle (verdicts attached); what its pages and
    practice files then say is read back and checked again, as a learner would see it."""
    site = real_lessons("/")
    texts = [text for page in site.rglob("index.html") for text in said_in(page.read_text(encoding="utf-8"))]
    for chunk in site.rglob("bank-*.json"):
        texts += [text for entry in json.loads(chunk.read_text(encoding="utf-8")) for text in said_in(entry["html"])]
    assert len(texts) > 1000 and "Answer: Call “Knock! Knock!”" in texts
    assert [problem for text in texts for problem in text_problems(text)] == []


CARELESS = "Right, You may pass.. Good choice: play 8♦"
LESSON = """---
title: Passing
summary: When to pass.
order: 1
---

# Passing

## Stage: Play when you can

```puzzle
id: must-play
kind: play-or-pass
question: Play or pass?
table: 7D
hand: 8D 2C
answer: play
hint: Look.
```

```puzzle
id: fits-8d
kind: fits
question: Does the 8♦ fit?
table: 7D
card: 8D
answer: yes
hint: Look.
```

```puzzle
id: fits-9d
kind: fits
question: Does the 9♦ fit?
table: 7D
card: 9D
answer: no
hint: Look.
```
"""


def test_the_build_refuses_a_puzzle_whose_feedback_fails_the_check_at_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tutorials/pages").mkdir(parents=True)
    (tmp_path / "tutorials/01-passing.md").write_text(LESSON, encoding="utf-8")
    assert build.build(Path("tutorials"), tmp_path / "_site", runtime=False) == []
    # A kind whose nudge for a wrong pass praises, then names a card: as if written carelessly.
    monkeypatch.setattr(sevens_puzzles, "PASS_NUDGE", CARELESS)
    errors = [str(error) for error in build.build(Path("tutorials"), tmp_path / "_out", runtime=False)]
    assert errors and all(error.startswith('tutorials/01-passing.md:12: puzzle "must-play": ') for error in errors)
    said = " ".join(errors)
    assert "capital letter in mid-sentence" in said and "doubled full stop" in said
    assert "praises an answer, then names another (8♦)" in said
    assert not (tmp_path / "_out").exists()


def test_a_practice_puzzle_whose_feedback_fails_the_check_stops_the_bank_at_its_makers_file_and_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sevens_puzzles, "PASS_NUDGE", CARELESS)
    sevens = next(game for game in GAMES if game.name == "sevens")
    with pytest.raises(ValueError, match=r"engine/sevens/puzzles_bank\.py:\d+: puzzle \"practice-play-or-pass-\d+\""):
        list(bank(sevens))


def test_a_kept_practice_puzzle_whose_feedback_fails_the_check_is_refused_at_its_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    sevens = next(game for game in GAMES if game.name == "sevens")
    problems: list[tuple[int, str]] = []
    assert kept_bank(sevens, VerdictCache(), problems) and problems == []
    monkeypatch.setattr(sevens_puzzles, "nudge_best", lambda *args: CARELESS)
    assert kept_bank(sevens, VerdictCache(), problems) == []
    assert problems and all(line > 0 for line, _ in problems)  # the line of practice_best.txt
    assert any("doubled full stop" in message and "practice-best-" in message for _, message in problems)


def test_a_knock_knock_kind_names_pick_up_cards_absent_when_none_is_in_view() -> None:
    plain = parse_kk(fields(kind="score", question="Points?", hand="7S 8S", choices="2 6", answer="2"))
    mixed = parse_kk(fields(kind="score", question="Points?", hand="AS 8S", choices="3 6", answer="3"))
    assert (plain.absent(), mixed.absent()) == (("pick-up",), ())
    fits = parse_kk(fields(kind="fits", question="Fits?", pile="4C 6C", card="9H", answer="no"))
    assert fits.absent() == ("pick-up",)
    picked = parse_kk(fields(kind="fits", question="Fits?", pile="4C 2C", suit="H", card="9H", answer="yes"))
    assert picked.absent() == ()  # the 2♣ on the pile is one


def test_the_check_says_what_the_page_says_before_a_right_answers_solution() -> None:
    script = (ROOT / "site/static/js/puzzle.js").read_text(encoding="utf-8")
    assert all(f'"{prefix}"' in script for prefix in RIGHT)


def test_an_authors_hint_about_pick_up_cards_on_a_table_without_one_is_refused() -> None:
    given = {"kind": "fits", "question": "Fits?", "pile": "4C 6C", "card": "9H", "answer": "no"}
    assert feedback_problems(parse_kk(fields(**given))) == []
    wrong = parse_kk(fields(**given) + "\nexplain: The 6♣ is a pick-up card, so..")
    assert [p.split(":")[1].strip() for p in feedback_problems(wrong)] == [
        "has a doubled full stop",
        "mentions “pick-up”, which this position does not have",
    ]


SELECT_HAND = {"table": "7D 7H 6H", "hand": "8D 5H 8H KC 2S 9C"}


def test_a_right_selection_is_answered_in_one_sentence_from_the_selection_not_a_line_per_card() -> None:
    # Issue #25 item 5: a right "select every card that fits" printed a line for each card of the hand.
    sevens = parse(fields(kind="pick", question="Select every card that fits.", answer="8D 5H 8H", **SELECT_HAND))
    assert sevens.judge().items == ()
    assert sentence(sevens.judge().explanation) == "8♦, 5♥ and 8♥ fit; nothing else in the hand does."
    assert feedback_problems(sevens) == []
    kk = parse_kk(
        fields(kind="pick", question="Select every card that fits.", pile="8S", hand="3S KS 4H JC", answer="3S KS")
    )
    assert kk.judge().items == ()
    assert feedback_problems(kk) == []


class PickWithALinePerCard(sevens_puzzles.PickPuzzle):
    """A pick answered as it was before issue #25: a line for every card of the hand."""

    def judge(self) -> Judgement:
        judged = super().judge()
        return dataclasses.replace(judged, items=tuple(judged.reasons.values()))


def test_the_build_refuses_a_selection_answered_with_a_line_per_card() -> None:
    sevens = parse(fields(kind="pick", question="Select every card that fits.", answer="8D 5H 8H", **SELECT_HAND))
    listed = PickWithALinePerCard(**{each.name: getattr(sevens, each.name) for each in dataclasses.fields(sevens)})
    assert [problem for problem in feedback_problems(listed) if "6 lines, not one sentence" in problem]
