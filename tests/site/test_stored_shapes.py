"""What the page's modules make of what storage holds: every stored value's shape is checked before use, and
keys from people's names, lessons and storage index maps with no inherited keys (issue 43, defects 6 and 7).

The modules run in node (stored_shapes.mjs) with Web Storage and the document faked: cheap enough to try many
stored values, where the browser tests (test_progress.py, test_together.py) look at a few on real pages.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
JS = HERE.parents[1] / "site" / "static" / "js"
NODE = shutil.which("node")
TABLE = (
    "constructor · valueOf · toString · __proto__ · Sevens"  # the tally's key for the people stored_shapes.mjs seats
)


def run(case: str, stored: dict[str, str] | None = None, *given: object) -> Any:
    """What stored_shapes.mjs finds for *case*, with *stored* in localStorage (and *given* for the case)."""
    args = [JS.as_uri(), case, json.dumps(stored or {}), *(json.dumps(each) for each in given)]
    done = subprocess.run(
        ["node", "--no-warnings", str(HERE / "stored_shapes.mjs"), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (make setup needs it)")

# Four deals at a table of four people named as Object.prototype's properties: Constructor wins, __proto__ wins
# twice (counted once: the same deal), then nobody wins.
FRESH = [
    "At this table, 1 deal finished; wins: constructor 1, valueOf 0, toString 0, __proto__ 0.",
    "At this table, 2 deals finished; wins: constructor 1, valueOf 0, toString 0, __proto__ 1.",
    "At this table, 2 deals finished; wins: constructor 1, valueOf 0, toString 0, __proto__ 1.",
    "At this table, 3 deals finished; wins: constructor 1, valueOf 0, toString 0, __proto__ 1.",
]
NAMES = ["constructor", "valueOf", "toString", "__proto__"]


def test_people_named_as_objects_properties_are_counted_as_people() -> None:
    # The table once read "constructor function Object() { [native code] }", and a win of such a person stored text.
    found = run("together")
    assert found["lines"] == FRESH
    assert found["kept"] == {
        "tables": {TABLE: {"names": NAMES, "rules": "Sevens", "deals": 3, "wins": {"constructor": 1, "__proto__": 1}}},
        "counted": ["a", "b", "c"],
    }


DAMAGED = [
    '{"tables": null, "counted": []}',
    '{"tables": [], "counted": []}',
    '{"tables": "x", "counted": null}',
    '{"tables": {}, "counted": "abc"}',
    '{"counted": [1, {}]}',
    "[]",
    "null",
    '"text"',
    "7",
    "{not json",
    json.dumps({"tables": {TABLE: None}, "counted": []}),
    json.dumps({"tables": {TABLE: {"names": "ab", "rules": "Sevens", "deals": 1, "wins": {}}}, "counted": []}),
    json.dumps({"tables": {TABLE: {"names": NAMES, "rules": 7, "deals": 1, "wins": {}}}, "counted": []}),
    json.dumps({"tables": {TABLE: {"names": NAMES, "rules": "Sevens", "deals": -1, "wins": {}}}, "counted": []}),
    json.dumps({"tables": {TABLE: {"names": NAMES, "rules": "Sevens", "deals": 2, "wins": None}}, "counted": []}),
    json.dumps({"tables": {TABLE: {"names": NAMES, "rules": "Sevens", "deals": 2, "wins": {"valueOf": "2"}}}}),
    json.dumps({"tables": {TABLE: {"names": NAMES, "rules": "Sevens", "deals": 2, "wins": {"valueOf": 3}}}}),
    json.dumps({"tables": {TABLE: {"names": NAMES, "rules": "Sevens", "deals": 1.5, "wins": {}}}}),
]


@pytest.mark.parametrize("stored", DAMAGED)
def test_a_damaged_tally_in_storage_starts_afresh_and_never_stops_the_page(stored: str) -> None:
    # {"tables": null} passed a check of typeof "object", and every reload of the game page stuck on "loading".
    assert run("together", {"sevens.together": stored})["lines"] == FRESH


def test_a_sound_tally_is_kept_beside_a_damaged_one() -> None:
    sound = {"names": NAMES, "rules": "Sevens", "deals": 5, "wins": {"toString": 2, "hasOwnProperty": 1}}
    stored = json.dumps({"tables": {TABLE: sound, "other · Sevens": {"deals": "x"}}, "counted": ["z"]})
    found = run("together", {"sevens.together": stored})
    assert (
        found["lines"][0] == "At this table, 6 deals finished; wins: constructor 1, valueOf 0, toString 2, __proto__ 0."
    )
    assert list(found["kept"]["tables"]) == [TABLE] and found["kept"]["counted"] == ["z", "a", "b", "c"]


def test_lessons_and_practice_keyed_as_objects_properties_are_kept_as_any_other() -> None:
    # A puzzle "toString" of a tutorial "constructor" once wrote its result onto JavaScript's Object itself.
    found = run("store")
    assert found["before"] == found["unplayed"] == {"complete": False, "stars": 0, "solved": 0}
    assert found["after"] == {"complete": True, "stars": 3, "solved": 1}
    assert found["solved"] == {"solved": True, "missed": False, "choice": "7D"}
    assert found["missed"] == {"solved": False, "missed": True, "choice": ""}
    assert found["practice"] == {"tried": 1, "first": 1}
    assert found["untouched"] and found["notice"] is None


def test_a_kept_daily_deal_names_its_date_and_the_day_it_was_dealt_as_days() -> None:
    # The day a daily deal was dealt on decides whether it counts for the streak (daily.js): a reload keeps it.
    deal = {"id": "a", "seed": 1, "over": False, "record": "{}"}
    days = [{}, {"daily": "2026-12-02", "dealt": "2026-12-02"}, {"daily": "2026-12-02"}]
    bad = [{"daily": "2026-12-32"}, {"daily": 20261202}, {"daily": "2026-12-02", "dealt": "yesterday"}, {"dealt": [1]}]
    found = run("deal", None, [{**deal, **each} for each in days + bad])
    assert found[: len(days)] == [None] * len(days)
    assert found[len(days) :] == [
        "its “daily” is not a day written YYYY-MM-DD",
        "its “daily” is not a day written YYYY-MM-DD",
        "its “dealt” is not a day written YYYY-MM-DD",
        "its “dealt” is not a day written YYYY-MM-DD",
    ]


@pytest.mark.parametrize(
    "names",
    ['"Ana"', '{"0": "Ana", "2": "Ben"}', "null", "7", '[null, 7, ["Ben"]]'],
)
def test_the_people_remembered_are_names_only_when_stored_as_a_list_of_names(names: str) -> None:
    # Names stored as the text "Ana" once seated "A" in seat 0 and "a" in seat 2 (the text's letters).
    stored = {"sevens.players": "4", "sevens.people": f'{{"names": {names}, "seats": [2]}}'}
    assert run("table", stored)["people"] == ["Player 1", None, "Player 3", None]


def test_the_people_remembered_are_seated_by_name() -> None:
    stored = {"sevens.players": "4", "sevens.people": '{"names": ["Ana", "", "Ben"], "seats": [2]}'}
    assert run("table", stored)["people"] == ["Ana", None, "Ben", None]
