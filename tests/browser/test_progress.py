"""Progress and statistics kept in the browser: one versioned key, per game, migration, damaged data, the progress page."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from gameplay import open_game, play_to_the_end
from playwright.sync_api import Browser, BrowserContext, Page, expect
from warm import warm_context

from engine.games import GAMES

KEY = "sevens.v4"
V3_KEY = "sevens.v3"
V2_KEY = "sevens.v2"
OLD_KEY = "sevens.progress.v1"
LESSON = "where-a-card-belongs"
OTHER = "when-to-pass"
OTHER_GAMES = [game.name for game in GAMES if game.name != "sevens"]


def empty_stats() -> dict[str, Any]:
    wins = {"you": 0, "robin": 0, "alex": 0, "sam": 0}
    return {"games": 0, "wins": wins, "streak": 0, "best": 0, "counted": [], "tables": {}}


def game(lessons: dict[str, Any] | None = None, **stats: Any) -> dict[str, Any]:
    """One game's progress, as version 3 kept Sevens' and version 4 keeps each game's."""
    return {"lessons": lessons or {}, "practice": {}, "stats": {**empty_stats(), **stats}}


def record(lessons: dict[str, Any] | None = None, **stats: Any) -> dict[str, Any]:
    """A whole record with this Sevens progress and none for every other game the site keeps (those of the registry:
    each has lessons, pages or a table here, so store.js keeps a part for it)."""
    return {"version": 4, "games": {"sevens": game(lessons, **stats), **{name: game() for name in OTHER_GAMES}}}


def sevens_part(data: dict[str, Any]) -> dict[str, Any]:
    return data["games"]["sevens"]


SEVENS = "[data-game=sevens] "  # the progress page's Sevens part
WON_2_OF_3 = {"you": 2, "robin": 1, "alex": 0, "sam": 0}


def lesson(finished: bool = False, solved: tuple[str, ...] = ()) -> dict[str, Any]:
    """A lesson's record: *solved* puzzles, each solved after a miss (as migrated ones are)."""
    return {"finished": finished, "puzzles": {pid: {"solved": True, "missed": True, "choice": ""} for pid in solved}}


@pytest.fixture
def context(warm_contexts: dict[str, BrowserContext], site_url: str) -> Iterator[BrowserContext]:
    """The warm context (conftest.py): these tests open their pages, two at once for the tabs."""
    with warm_context(warm_contexts, "default") as context:
        yield context


def stored(page: Page, key: str = KEY) -> Any:
    """The record under *key*, without the names of the events folded into it (store.js's bookkeeping)."""
    text = page.evaluate("key => localStorage.getItem(key)", key)
    data = None if text is None else json.loads(text)
    if isinstance(data, dict):
        data.pop("folded", None)
    return data


def keys(page: Page) -> list[str]:
    return sorted(page.evaluate("Object.keys(localStorage)"))


def open_with(page: Page, site_url: str, path: str, items: dict[str, str]) -> None:
    """Open *path* with exactly *items* in localStorage, as a returning learner would arrive."""
    page.goto(f"{site_url}rules/")
    page.evaluate(
        "items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        items,
    )
    page.goto(f"{site_url}{path}")


@pytest.mark.parametrize("version", [1, 2, 3])
def test_older_progress_moves_to_the_new_key_as_sevens_progress_keeping_what_was_earned(
    context: BrowserContext, site_url: str, version: int
) -> None:
    page = context.new_page()
    old: dict[str, Any] = {
        "version": version,
        "lessons": {LESSON: {"done": True, "solved": ["fit-6h"]}, OTHER: {"solved": ["pass-or-play-1"]}},
    }
    if version == 2:
        old["stats"] = {**empty_stats(), "games": 4}
    if version == 3:  # already puzzle by puzzle, and the one game there was: Sevens
        old = {
            "version": 3,
            **game({LESSON: lesson(True, ("fit-6h",)), OTHER: lesson(False, ("pass-or-play-1",))}, games=4),
        }
    open_with(page, site_url, "", {[OLD_KEY, V2_KEY, V3_KEY][version - 1]: json.dumps(old)})
    # The finished tutorial's stages are complete with one star each; the other keeps its solved puzzle.
    stages = page.locator(f"[data-map-stage={LESSON}]")
    expect(stages.first).to_have_class(re.compile(r"\bis-complete\b"))
    assert set(stages.locator("[data-stars]").all_inner_texts()) == {"★☆☆"}
    expect(page.locator(f"[data-map-stage={OTHER}].is-complete")).to_have_count(0)
    expect(page.locator("[data-next-step]")).to_have_text(re.compile(r"^Continue: When to pass, "))
    expect(page.locator("[data-next-step]")).to_be_in_viewport(ratio=1)  # on the home page's first screen
    assert keys(page) == [KEY]
    games = 4 if version > 1 else 0
    assert stored(page) == record(
        {LESSON: lesson(True, ("fit-6h",)), OTHER: lesson(False, ("pass-or-play-1",))}, games=games
    )
    expect(page.locator(".store-notice")).to_have_count(0)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("{not json", "it is not JSON"),
        (json.dumps({"version": 99, "lessons": {}}), "newer version of this site"),
        ("[1, 2]", "it is not a JSON object"),
    ],
)
def test_damaged_progress_is_kept_aside_reset_and_reported_once(
    context: BrowserContext, site_url: str, text: str, why: str
) -> None:
    page = context.new_page()
    open_with(page, site_url, "", {KEY: text})
    notice = page.locator(".store-notice")
    expect(notice).to_contain_text("could not be read")
    expect(notice).to_contain_text(why)
    aside = [key for key in keys(page) if key.startswith("sevens.corrupt.")]
    assert len(aside) == 1 and aside[0] in notice.inner_text()
    assert page.evaluate("key => localStorage.getItem(key)", aside[0]) == text
    assert stored(page) == record()
    notice.get_by_role("button", name="Dismiss").click()
    expect(notice).to_have_count(0)
    page.goto(f"{site_url}progress/")  # told once: not again on the next page
    expect(page.locator(SEVENS + "[data-stat=games]")).to_have_text("0")
    expect(page.locator(".store-notice")).to_have_count(0)


@pytest.mark.parametrize(
    ("items", "kept", "lost"),
    [
        (
            {
                V2_KEY: json.dumps(
                    {
                        "version": 2,
                        "lessons": {
                            LESSON: {"done": True, "solved": ["fit-6h"]},
                            OTHER: {"done": "yes", "solved": ["pass-or-play-1"]},
                            "gone": 5,
                        },
                        "stats": {
                            "games": "many",
                            "wins": {"you": 3, "robin": -1, "alex": 1, "sam": 0},
                            "streak": 1,
                            "best": 2,
                            "counted": 7,
                        },
                    }
                )
            },
            # Without the number of games, the wins, streak and best are more than 0 games allow: dropped too.
            record({LESSON: lesson(True, ("fit-6h",)), OTHER: lesson(False, ("pass-or-play-1",))}),
            "your progress in tutorials “when-to-pass” and “gone”, the number of games played, Robin's wins and 3 more",
        ),
        (
            {V2_KEY: json.dumps({"version": 2, "lessons": [], "stats": {**empty_stats(), "games": 4}})},
            record(games=4),
            "your tutorial progress",
        ),
        (
            {OLD_KEY: json.dumps({"version": 1, "lessons": {"x": 5, LESSON: {"done": True}}})},
            record({LESSON: lesson(True)}),
            "your progress in tutorial “x”",
        ),
        ({KEY: json.dumps(record(games=2, counted=7))}, record(games=2), None),  # bookkeeping only: nothing to tell
        (
            {
                KEY: json.dumps(
                    {
                        "version": 4,
                        "games": {
                            "sevens": game({LESSON: lesson(True)}, games=2),
                            "knock-knock": {**game(games=1), "lessons": []},
                            "snap": game(),
                        },
                    }
                )
            },
            {
                "version": 4,
                "games": {
                    **record()["games"],
                    "sevens": game({LESSON: lesson(True)}, games=2),
                    "knock-knock": game(games=1),
                },
            },
            "your tutorial progress",
        ),
        # Statistics that cannot happen: the part that breaks the rule is dropped, everything else kept.
        (
            {KEY: json.dumps(record({LESSON: lesson(True)}, games=3, wins=WON_2_OF_3, streak=3, best=1))},
            record({LESSON: lesson(True)}, games=3, wins=WON_2_OF_3, best=1),
            "your winning streak",
        ),
        (
            {
                KEY: json.dumps(
                    {
                        "version": 4,
                        "games": {
                            "sevens": game({LESSON: lesson(True)}, games=3, wins=WON_2_OF_3, streak=1, best=2),
                            "knock-knock": game(games=1, wins={"you": 1, "robin": 1, "alex": 0, "sam": 0}),
                        },
                    }
                )
            },
            {
                "version": 4,
                "games": {
                    **record()["games"],
                    "sevens": game({LESSON: lesson(True)}, games=3, wins=WON_2_OF_3, streak=1, best=2),
                },
            },
            "your game statistics",
        ),
        (
            {KEY: json.dumps(record(games=3, wins=WON_2_OF_3, tables={"sam,sam,sam": {"games": 1, "won": 2}}))},
            record(games=3, wins=WON_2_OF_3),
            "your statistics at table sam,sam,sam",
        ),
    ],
    ids=["parts", "lessons", "first-version", "unseen", "per-game", "streak-past-best", "wins-past-games", "table-won"],
)
def test_a_partly_damaged_record_keeps_every_part_that_passes_its_check(
    context: BrowserContext, site_url: str, items: dict[str, str], kept: dict[str, Any], lost: str | None
) -> None:
    page = context.new_page()
    open_with(page, site_url, "progress/", items)
    expect(page.locator(SEVENS + "[data-stat=games]")).to_have_text(str(sevens_part(kept)["stats"]["games"]))
    assert stored(page) == kept
    aside = [key for key in keys(page) if key.startswith("sevens.corrupt.")]
    assert len(aside) == 1 and page.evaluate("key => localStorage.getItem(key)", aside[0]) == next(iter(items.values()))
    assert OLD_KEY not in keys(page) and V2_KEY not in keys(page) and V3_KEY not in keys(page)
    notice = page.locator(".store-notice")
    if lost is None:
        expect(notice).to_have_count(0)
    else:
        expect(notice).to_contain_text(f"could not be read, so it was left out: {lost}. Everything else is kept.")
        expect(notice).to_contain_text(aside[0])


def test_counters_stop_at_their_maximum_instead_of_overflowing(context: BrowserContext, site_url: str) -> None:
    most = 2**53 - 1  # Number.MAX_SAFE_INTEGER: one more would fail the whole-number check on the next load
    full = record(
        {LESSON: lesson(True, ("fit-6h",))},
        games=most,
        wins={"you": most, "robin": 0, "alex": 0, "sam": 0},
        streak=most,
        best=most,
    )
    page = context.new_page()
    open_with(page, site_url, "progress/", {})
    page.set_input_files(
        "[data-import]",
        files=[{"name": "full.json", "mimeType": "application/json", "buffer": json.dumps(full).encode()}],
    )
    expect(page.locator("[data-progress-message]")).to_have_text("Imported full.json.")
    open_game(page, site_url, "?seed=5")
    play_to_the_end(page)
    page.goto(f"{site_url}progress/")
    expect(page.locator(SEVENS + "[data-stat=games]")).to_have_text(str(most))
    expect(page.locator(f"[data-progress-row={LESSON}] [data-progress-status]")).to_have_text("Finished")
    expect(page.locator(".store-notice")).to_have_count(0)
    stats = sevens_part(stored(page))["stats"]
    assert sevens_part(stored(page))["lessons"] == sevens_part(full)["lessons"]
    assert (stats["games"], stats["wins"]["you"], stats["best"]) == (most, most, most)
    assert sum(stats["wins"].values()) in (most, most + 1)  # the winner's count went on, unless it was yours
    assert stats["streak"] in (0, most) and len(stats["counted"]) == 1


# An init script: the worker never hears the page's request for the deal's record once the deal is over, as when the
# learner leaves the page before it answers.
RECORD_UNANSWERED_AT_THE_END = """
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message?.method === 'record' && document.getElementById('game')?.dataset.state === 'over') return;
  return post.call(this, message, ...rest);
};
"""


def test_a_finished_deal_is_counted_before_the_worker_keeps_its_record(context: BrowserContext, site_url: str) -> None:
    page = context.new_page()
    page.add_init_script(RECORD_UNANSWERED_AT_THE_END)
    open_with(page, site_url, "progress/", {})
    open_game(page, site_url, "?seed=5")
    play_to_the_end(page)
    page.goto(f"{site_url}progress/")
    expect(page.locator(SEVENS + "[data-stat=games]")).to_have_text("1")


def test_the_progress_page_shows_lessons_and_statistics(context: BrowserContext, site_url: str) -> None:
    page = context.new_page()
    data = record(
        {LESSON: lesson(False, ("fit-6h", "wrong-suit"))}, games=5, wins={"you": 2, "robin": 1, "alex": 0, "sam": 2}
    )
    sevens_part(data)["stats"].update(streak=1, best=2, tables={"sam,sam,sam": {"games": 3, "won": 1}})
    open_with(page, site_url, "progress/", {KEY: json.dumps(data)})
    expect(page.locator(SEVENS + "[data-tables] tbody tr")).to_have_text(["Sam, Sam, Sam31"])
    expect(page.locator(f"[data-progress-row={LESSON}] [data-progress-status]")).to_have_text(
        re.compile(r"^2 of \d+ puzzles solved$")
    )
    expect(page.locator(f"[data-progress-row={OTHER}] [data-progress-status]")).to_have_text("Not started")
    expect(page.locator(f"[data-progress-row={OTHER}] [data-reset-lesson]")).to_be_hidden()
    shown = {cell.get_attribute("data-stat"): cell.inner_text() for cell in page.locator(SEVENS + "[data-stat]").all()}
    assert shown == {
        "games": "5",
        "wins.you": "2",
        "wins.robin": "1",
        "wins.alex": "0",
        "wins.sam": "2",
        "streak": "1",
        "best": "2",
    }
    expect(page.locator("footer a[href$='progress/']")).to_have_text("Your progress and statistics")


def test_resetting_one_lesson_asks_first_and_keeps_the_rest(context: BrowserContext, site_url: str) -> None:
    page = context.new_page()
    lessons = {LESSON: lesson(True), OTHER: lesson(True)}
    open_with(page, site_url, "progress/", {KEY: json.dumps(record(lessons, games=3))})
    questions: list[str] = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
    page.locator(f"[data-reset-lesson={LESSON}]").click()
    expect(page.locator("[data-progress-message]")).to_have_text("Nothing was reset.")
    assert sevens_part(stored(page))["lessons"] == lessons
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.accept()))
    page.locator(f"[data-reset-lesson={LESSON}]").click()
    expect(page.locator(f"[data-progress-row={LESSON}] [data-progress-status]")).to_have_text("Not started")
    assert stored(page) == record({OTHER: lesson(True)}, games=3)
    assert len(questions) == 2 and all("tutorial 1. Where a card belongs" in q for q in questions), questions


@pytest.mark.parametrize(
    ("button", "left"),
    [(SEVENS + "[data-reset-stats]", record({LESSON: lesson(True)})), ("[data-reset-all]", record())],
)
def test_resetting_statistics_or_everything_asks_first(
    context: BrowserContext, site_url: str, button: str, left: dict[str, Any]
) -> None:
    page = context.new_page()
    data = record({LESSON: lesson(True)}, games=4, wins={"you": 3, "robin": 1, "alex": 0, "sam": 0}, streak=2, best=3)
    open_with(page, site_url, "progress/", {KEY: json.dumps(data)})
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click(button)
    assert stored(page) == data
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(button)
    expect(page.locator(SEVENS + "[data-stat=games]")).to_have_text("0")
    assert stored(page) == left


def test_export_downloads_the_record_as_json(context: BrowserContext, site_url: str, tmp_path: Path) -> None:
    page = context.new_page()
    data = record(
        {LESSON: lesson(True, ("fit-6h",))}, games=2, wins={"you": 1, "robin": 0, "alex": 1, "sam": 0}, streak=1, best=1
    )
    open_with(page, site_url, "progress/", {KEY: json.dumps(data)})
    with page.expect_download() as download_info:
        page.click("[data-export]")
    download = download_info.value
    assert re.fullmatch(r"sevens-progress-\d{4}-\d\d-\d\d\.json", download.suggested_filename)
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8")) == data


def test_import_replaces_progress_with_a_good_file(context: BrowserContext, site_url: str) -> None:
    page = context.new_page()
    open_with(page, site_url, "progress/", {KEY: json.dumps(record(games=9))})
    imported = record({OTHER: lesson(True)}, games=1, wins={"you": 1, "robin": 0, "alex": 0, "sam": 0})
    page.set_input_files(
        "[data-import]",
        files=[{"name": "mine.json", "mimeType": "application/json", "buffer": json.dumps(imported).encode()}],
    )
    expect(page.locator("[data-progress-message]")).to_have_text("Imported mine.json.")
    expect(page.locator(SEVENS + "[data-stat='wins.you']")).to_have_text("1")
    assert stored(page) == imported


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"\x89PNG not json at all", "it is not JSON"),
        (b"[1, 2, 3]", "it is not a JSON object"),
        (json.dumps({"version": 3, "lessons": {}, "practice": {}}).encode(), "“stats” is missing"),
        (json.dumps(record(wins={"you": 1})).encode(), "“wins” needs a whole number"),
        (json.dumps(record({LESSON: {"finished": "yes", "puzzles": {}}})).encode(), "“finished” is not true or false"),
        (
            json.dumps(record(games=2, wins=WON_2_OF_3)).encode(),
            "“wins” add up to more than “games” (3 wins in 2 games)",
        ),
        (json.dumps(record(games=1, wins={"you": 0, "robin": 2, "alex": 0, "sam": 0})).encode(), "(2 wins in 1 games)"),
        (
            json.dumps(record(games=3, wins=WON_2_OF_3, streak=2, best=1)).encode(),
            "“streak” (2) is longer than “best” (1)",
        ),
        (
            json.dumps(record(games=3, wins=WON_2_OF_3, best=3, streak=3)).encode(),
            "“best” (3) is more than your wins (2)",
        ),
        (json.dumps(record(games=-1)).encode(), "“games” is not a whole number"),
        (
            json.dumps(record(games=3, wins=WON_2_OF_3, tables={"robin,robin,robin": {"games": 1, "won": 2}})).encode(),
            "table “robin,robin,robin”: “won” (2) is more than “games” (1)",
        ),
        (
            json.dumps(record(games=3, wins=WON_2_OF_3, tables={"sam,sam,sam": {"games": 4, "won": 0}})).encode(),
            "“tables” count more games or wins than “games” and “wins”",
        ),
        (b" " * 100_001, "too large"),
    ],
)
def test_a_bad_import_file_is_refused_with_a_reason_and_nothing_is_lost(
    context: BrowserContext, site_url: str, content: bytes, why: str
) -> None:
    page = context.new_page()
    data = record({LESSON: lesson(True)}, games=7)
    open_with(page, site_url, "progress/", {KEY: json.dumps(data)})
    page.set_input_files(
        "[data-import]", files=[{"name": "bad.json", "mimeType": "application/json", "buffer": content}]
    )
    message = page.locator("[data-progress-message]")
    expect(message).to_contain_text("bad.json was not imported")
    expect(message).to_contain_text(why)
    expect(message).to_contain_text("Your progress is unchanged.")
    assert stored(page) == data
    expect(page.locator(SEVENS + "[data-stat=games]")).to_have_text("7")


def test_without_javascript_the_progress_page_says_why_it_is_empty(
    browser: Browser, browser_context_args: dict[str, Any], site_url: str
) -> None:
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{site_url}progress/")
        expect(page.locator(".no-js-only")).to_contain_text("JavaScript")
        expect(page.locator("[data-export]")).to_be_hidden()
    finally:
        context.close()


def test_progress_made_in_one_tab_appears_in_another(context: BrowserContext, site_url: str) -> None:
    lesson_page, progress = context.new_page(), context.new_page()
    open_with(lesson_page, site_url, f"tutorials/{LESSON}/", {KEY: json.dumps(record(games=3))})
    progress.goto(f"{site_url}progress/")
    status = progress.locator(f"[data-progress-row={LESSON}] [data-progress-status]")
    expect(status).to_have_text("Not started")
    lesson_page.locator("#fit-6h [data-choice=yes]").click()
    expect(status).to_have_text(re.compile(r"^1 of \d+ puzzles solved$"))  # told by the storage event, no reload
    progress.reload()
    expect(status).to_have_text(re.compile(r"^1 of \d+ puzzles solved$"))
    expect(progress.locator(SEVENS + "[data-stat=games]")).to_have_text("3")  # the lesson tab kept the games
    # A reset in the progress tab clears the lesson tab's marks too, and the lesson tab does not write them back.
    progress.once("dialog", lambda dialog: dialog.accept())
    progress.click(f"[data-reset-lesson={LESSON}]")
    expect(lesson_page.locator("#fit-6h")).not_to_have_class(re.compile(r"\bis-solved\b"))
    lesson_page.reload()
    expect(lesson_page.locator("#fit-6h")).not_to_have_class(re.compile(r"\bis-solved\b"))
    assert stored(lesson_page) == record(games=3)


def test_the_progress_page_and_the_damaged_data_notice_pass_axe(context: BrowserContext, site_url: str) -> None:
    page = context.new_page()
    open_with(page, site_url, "progress/", {KEY: "{broken", OLD_KEY: "also broken"})
    expect(page.locator(".store-notice")).to_be_visible()
    page.locator("[data-reset-lesson]").first.evaluate("button => { button.hidden = false; }")  # checked while shown
    violations = Axe().run(page).response["violations"]
    assert [(v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")] == []
