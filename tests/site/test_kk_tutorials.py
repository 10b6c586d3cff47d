"""The Knock! Knock! lessons: the same stages and checks as Sevens', with every answer the Knock! Knock! engine's.

The answers baked into the built pages are worked out again here straight from
``engine.knock_knock`` (``State``, ``fits``, ``card_points``), not through
``engine.knock_knock.puzzles``; the build's own refusals are checked on small lessons.
"""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import build
from engine.core.cards import Card, Suit, parse_cards
from engine.core.game import game_names
from engine.core.puzzles import SEAT_NAMES, PuzzleError, read_fields
from engine.games import GAMES
from engine.knock_knock.puzzles import parse_kk, read_steps
from engine.knock_knock.rules import Rules, card_points, fits
from engine.knock_knock.state import Challenge, SeededChance, State, TakeBack
from sitebuild.lessons import tutorials_of

ROOT = Path(build.__file__).resolve().parent
TUTORIALS = ROOT / "tutorials"
FENCE = re.compile(r"^```puzzle\n(.*?)^```", re.DOTALL | re.MULTILINE)
SECTION = re.compile(r'<section class="puzzle[^"]*" data-kind="([^"]+)" id="([^"]+)".*?</section>', re.DOTALL)
DATA = re.compile(r'<script type="application/json" class="puzzle__data">(.*?)</script>')
RULES = Rules(players=4)


@pytest.fixture(scope="module")
def site(real_lessons: Callable[[str], Path]) -> Path:
    """The real lessons, built (once for all the tests that read them: tests/conftest.py)."""
    return real_lessons("/")


def lessons() -> list[Path]:
    return tutorials_of(TUTORIALS, "knock-knock")


def source_puzzles() -> dict[str, dict[str, str]]:
    found = {}
    for path in lessons():
        for block in FENCE.findall(path.read_text(encoding="utf-8")):
            fields, _ = read_fields(block)
            found[fields["id"].value] = {name: f.value for name, f in fields.items()}
    return found


def built(site: Path) -> dict[str, tuple[str, dict[str, object]]]:
    found = {}
    for path in lessons():
        slug = path.stem.split("-", 1)[1]
        text = (site / "tutorials" / slug / "index.html").read_text(encoding="utf-8")
        for match in SECTION.finditer(text):
            data = DATA.search(match.group(0))
            assert data is not None
            found[match.group(2)] = (match.group(0), json.loads(data.group(1)))
    return found


def table(fields: dict[str, str], hand: list[Card]) -> State:
    suit = Suit.parse(fields["suit"]) if "suit" in fields else None
    return State.setup(RULES, [hand, [], [], []], parse_cards(fields["pile"]), [], 0, suit)


def played(fields: dict[str, str]) -> State:
    state = State.parse(fields["state"], RULES)
    chance = SeededChance(random.Random(0))
    for seat, action in read_steps(fields.get("moves", "")):
        state.apply(seat, action, chance)
    return state


def engine_answer(fields: dict[str, str]) -> list[str]:
    """The right answer of a puzzle, from the engine's rules alone."""
    kind = fields["kind"]
    if kind == "fits":
        state = table(fields, [])
        return ["yes" if fits(Card.parse(fields["card"]), state.top, state.suit) else "no"]
    if kind in ("pick", "play-or-draw"):
        hand = parse_cards(fields["hand"])
        state = table(fields, hand)
        legal = [card.code for card in sorted({card for card in hand if fits(card, state.top, state.suit)})]
        if kind == "pick":
            return legal
        return ["play"] if legal else ["draw"]
    if kind == "score":
        return [str(sum(card_points(card) for card in parse_cards(fields["hand"])))]
    state = played(fields)
    if kind == "knock":
        return ["yes" if len(state.hands[0]) == 3 else "no"]
    if kind == "suit-now":
        return [state.suit.plural]
    state.settle(SeededChance(random.Random(0)))
    if kind == "who-next":
        return [SEAT_NAMES[state.turn]]
    if kind == "picks-up":
        victim = SEAT_NAMES.index(fields["seat"])
        return [str(sum(e.wanted for e in state.events if getattr(e, "seat", None) == victim and hasattr(e, "wanted")))]
    if kind == "call":
        before = played(fields)
        if before.why_illegal(0, Challenge()) is not None:
            return ["quiet"]
        before.apply(0, Challenge(), SeededChance(random.Random(0)))
        return ["call" if any(isinstance(e, TakeBack) for e in before.events) else "quiet"]
    raise AssertionError(f"unknown kind {kind}")


def test_at_least_four_lessons_thirty_puzzles_and_a_guided_deal_in_each(site: Path) -> None:
    assert len(lessons()) >= 4
    puzzles = source_puzzles()
    assert sum(1 for fields in puzzles.values() if fields["kind"] != "guided") >= 30
    for path in lessons():
        assert len(re.findall(r"^kind: guided$", path.read_text(encoding="utf-8"), re.MULTILINE)) == 1, path.name


def test_each_puzzle_embeds_the_knock_knock_engines_answer(site: Path) -> None:
    pages = built(site)
    for pid, fields in source_puzzles().items():
        section, data = pages[pid]
        if fields["kind"] == "guided":
            position = State.parse(fields["position"], RULES)
            assert f'data-position="{position.text()}"' in section and 'data-game="knock-knock"' in section, pid
            continue
        assert data["answer"] == engine_answer(fields), pid
        assert "<summary>Show the answer</summary>" in section, pid
        # Wrong choices have nudges, and no nudge names a card that would have been right.
        answer, nudges = data["answer"], data["nudges"]
        assert isinstance(answer, list) and isinstance(nudges, dict) and nudges, pid
        assert set(nudges).isdisjoint(answer), pid
        right = [*answer, *data.get("cards", [])]  # type: ignore[misc]
        shown = {Card.parse(code).display for code in right if re.fullmatch(r"(10|[2-9AJQKT])[CDHS]", code)}
        for text in nudges.values():
            assert not any(card in text for card in shown), (pid, text)


def test_a_card_that_does_not_fit_shows_the_engines_reason(site: Path) -> None:
    section, _ = built(site)["kk-suit-nine"]
    assert "9♥ does not fit: the playing suit is clubs and the top card is the 6♣." in section


def test_knock_knock_pages_name_their_game_and_list_only_its_lessons(site: Path) -> None:
    page = (site / "tutorials" / "follow-suit-or-rank" / "index.html").read_text(encoding="utf-8")
    assert 'data-game="knock-knock"' in page.split(">", 2)[1]  # on <html>, for store.js
    assert "data-game-name>Knock! Knock!</a>" in page
    assert "where-a-card-belongs" not in page  # the Sevens lessons are another course
    sevens = (site / "tutorials" / "where-a-card-belongs" / "index.html").read_text(encoding="utf-8")
    assert "data-game-name>Sevens</a>" in sevens and "follow-suit-or-rank" not in sevens
    sheet = (site / "knock-knock-sheet" / "index.html").read_text(encoding="utf-8")
    assert "Knock! Knock!</a>" in sheet and 'class="layout-sheet"' in sheet
    # The footer's other names are Sevens' (the rows game): said on its pages and the home page only.
    footer = "Sevens is also called Fan Tan"
    assert footer not in page and footer not in sheet and footer in sevens
    assert footer in (site / "index.html").read_text(encoding="utf-8")


def test_the_home_page_offers_each_game_and_links_to_both_courses_without_javascript(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    choices = re.findall(r'href="(#course-[a-z-]+)" data-choose-game="([a-z-]+)">([^<]+)</a>', home)
    # Every game of the registry under its own name and then each other name it goes by, leading to its course.
    expected = [(name, game.name) for game in GAMES for name in (game.title, *game.other_names)]
    assert [(html.unescape(title), game) for _, game, title in choices if "game-choice" in home] == expected
    assert all(f'id="course-{game.name}"' in home for game in GAMES)
    assert 'href="./play/?rules=fan-tan"' in home


# -- the build's checks, on small lessons --------------------------------------------------------------------


def build_one(tmp_path: Path, body: str, front: str = "game: knock-knock\n") -> list[str]:
    folder = tmp_path / "tutorials"
    folder.mkdir(exist_ok=True)
    (folder / "01-one.md").write_text(f"---\ntitle: One\nsummary: s\norder: 1\n{front}---\n# One\n\n{body}")
    return [str(error).split("/tutorials/", 1)[-1] for error in build.build(folder, tmp_path / "_site", runtime=False)]


STAGE = "## Stage: Fit\n\nText.\n\n"


def fits_block(pid: str, card: str, answer: str) -> str:
    return (
        f"```puzzle\nid: {pid}\nkind: fits\npile: 4C 6C\ncard: {card}\nanswer: {answer}\nquestion: ?\nhint: h\n```\n\n"
    )


def test_a_wrong_answer_fails_the_build_at_its_line_with_the_engines_reason(tmp_path: Path) -> None:
    body = STAGE + fits_block("a", "9H", "yes") + fits_block("b", "QC", "yes") + fits_block("c", "6H", "yes")
    assert build_one(tmp_path, body) == [
        '01-one.md:18: puzzle "a": answer says yes, but 9♥ does not fit: the playing suit is clubs and the top card is the 6♣'
    ]


def test_a_move_the_rules_refuse_fails_the_build_with_the_reason(tmp_path: Path) -> None:
    bad = (
        "```puzzle\nid: d\nkind: who-next\nstate: hands 9H / 8C 3S / 9C / JH | pile 6C | stock 5S | turn 1\n"
        "moves: Robin: 8C; Sam: JH\nanswer: Alex\nquestion: ?\nhint: h\n```\n\n"
    )
    body = STAGE + fits_block("a", "QC", "yes") + fits_block("b", "6H", "yes") + bad
    assert build_one(tmp_path, body) == [
        "01-one.md:37: puzzle \"d\": moves: Sam cannot play J♥: it is Alex's turn, not Sam's"
    ]


def test_a_kind_of_another_game_or_an_unknown_game_is_refused(tmp_path: Path) -> None:
    opener = "```puzzle\nid: o\nkind: opener\nquestion: ?\nhint: h\n```\n\n"
    body = STAGE + fits_block("a", "QC", "yes") + fits_block("b", "6H", "yes") + opener
    errors = build_one(tmp_path, body)
    assert errors == [
        "01-one.md:35: puzzle \"o\": unknown kind 'opener': use fits, pick, play-or-draw, suit-now, who-next, "
        "picks-up, knock, call, score, guided"
    ]
    assert (
        build_one(tmp_path, STAGE, "game: snap\n")[0]
        == f"01-one.md:5: front matter: unknown game 'snap': choose from {', '.join(game_names())}"
    )


def test_each_game_numbers_its_own_course(tmp_path: Path) -> None:
    folder = tmp_path / "tutorials"
    folder.mkdir()
    body = (
        "# T\n\n" + STAGE + fits_block("a", "QC", "yes") + fits_block("b", "6H", "yes") + fits_block("c", "7C", "yes")
    )
    sevens = "# S\n\n## Stage: Sevens fit\n\nText.\n\n" + "".join(
        f"```puzzle\nid: s{n}\nkind: fits\ntable: 7D\ncard: {card}\nanswer: yes\nquestion: ?\nhint: h\n```\n\n"
        for n, card in enumerate(["6D", "8D", "7H"])
    )
    (folder / "01-s.md").write_text(f"---\ntitle: S\nsummary: s\norder: 1\n---\n{sevens}")
    (folder / "02-k.md").write_text(f"---\ntitle: K\nsummary: s\norder: 1\ngame: knock-knock\n---\n{body}")
    assert build.build(folder, tmp_path / "_site", runtime=False) == []
    page = (tmp_path / "_site" / "tutorials" / "k" / "index.html").read_text(encoding="utf-8")
    assert "Lesson 1 of 1" in page


# The line each guided deal's goal and hint lead the learner along: your discards, in order.
LINES = {
    "kk-guided-follow": "6H; 9H",
    "kk-guided-name": "2C D; KD",
    "kk-guided-pickup": "5D H; 9H",
    "kk-guided-knock": "6H knock; 9H; KH",
    "kk-guided-out": "8H knock; 5H; AD H",
}


def test_each_guided_deal_is_won_along_the_line_its_lesson_teaches() -> None:
    from engine.core.webapi import handle

    def ask(method: str, session: str, **params: object) -> dict[str, object]:
        reply = json.loads(handle(json.dumps({"method": method, "params": params, "session": session})))
        assert reply["ok"], (session, method, reply)
        return reply["result"]  # type: ignore[no-any-return]

    guided = {pid: fields for pid, fields in source_puzzles().items() if fields["kind"] == "guided"}
    assert set(guided) == set(LINES)
    for pid, fields in guided.items():
        state = ask("guided", pid, game="knock-knock", position=fields["position"], script=fields.get("script", ""))
        for step in LINES[pid].split("; "):
            while not state["your_turn"]:
                state = ask("computer_move", pid)["state"]  # type: ignore[assignment]
            card, *rest = step.split()
            action: dict[str, object] = {"play": card}
            action.update(("knock", True) if word == "knock" else ("suit", word) for word in rest)
            reply = ask("act", pid, action=action)
            assert reply["ok"], (pid, step, reply)
            state = reply["state"]  # type: ignore[assignment]
        assert state["over"] and state["result"]["winner"] == 0, (pid, state["result"])  # type: ignore[index]


def test_a_discard_is_explained_once_and_an_author_is_told_which_cards_fit() -> None:
    text = "id: d\nkind: play-or-draw\npile: 4C 6C\nhand: 9C KH\nquestion: ?\nhint: h"
    judgement = parse_kk(text + "\nanswer: play\ncards: 9C").judge()
    # The page says the explanation, then each card's reason: "9♣ fits" once, not twice.
    assert (judgement.explanation, judgement.items) == (
        "you can discard",
        ("9♣ fits: it is a club, and clubs is the playing suit",),
    )
    # A draw is never against the rules: the nudge says what it costs instead.
    assert judgement.nudges["draw"].startswith(
        "Drawing is always allowed, but it gives you one more card to get rid of"
    )
    with pytest.raises(PuzzleError, match=r'^line 7: puzzle "d": answer says draw, but you can discard: 9♣ fits$'):
        parse_kk(text + "\nanswer: draw")
    with pytest.raises(PuzzleError, match=r'^line 8: puzzle "d": cards says KH, but you can discard: 9♣ fits$'):
        parse_kk(text + "\nanswer: play\ncards: KH")
