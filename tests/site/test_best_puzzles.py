"""'Which card would you play?' puzzles: accepted only when Sam finds the stated card clearly best."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import build
from engine.core.puzzles import PuzzleError
from engine.sevens.puzzles import parse as parse_puzzle
from sitebuild import verdicts

ROOT = Path(__file__).resolve().parents[2]

LESSON = """---
title: Playing well
summary: s
order: 1
---
# Playing well

## Stage: Choose

{blocks}
"""


# Positions from four-Alex games where Sam's choice is clear: (table, hand, answer, counts of Robin, Alex, Sam).
CLEAR = ("4C-9C 4D-7D 5H-7H 6S-8S", "AC 2C 3C AD 8D 2H KH 4S 10S", "3C", "10 8 9")
CLEAR_TOO = ("AC-KC 4D-KD AH-10H 6S-8S", "AD 2D JH 2S 4S 9S", "JH", "2 5 3")
CLEAR_THREE = ("3C-9C 4D-7D 5H-9H 5S-8S", "AC 2C AD 8D 2H KH 4S 10S", "2C", "9 7 8")


def best(pid: str, table: str, hand: str, answer: str, counts: str = "12 12 12") -> str:
    return (
        f"```puzzle\nid: {pid}\nkind: best\nquestion: Which card?\ntable: {table}\nhand: {hand}\n"
        f"counts: {counts}\nanswer: {answer}\nhint: h\n```\n\n"
    )


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A verdict cache of the test's own, so neither the project's .cache/ nor its checked-in verdicts count."""
    path = tmp_path / "verdicts.json"
    monkeypatch.setattr(verdicts, "CACHE", path)
    monkeypatch.setattr(verdicts, "FILE", tmp_path / "checked-in.json")
    monkeypatch.setattr(verdicts, "DEALS", 400)  # enough for these clear-cut cases, and quicker
    return path


def test_a_close_call_fails_the_build_saying_by_how_much(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tutorials/pages").mkdir(parents=True)
    # Two sevens, and no other card of either suit: neither is better, whatever the stated answer.
    blocks = best("twins", "7D 7H", "7C 7S 2H 3D", "7C")
    blocks += best("clear", *CLEAR) + best("clear-too", *CLEAR_TOO)
    (tmp_path / "tutorials/01-well.md").write_text(LESSON.format(blocks=blocks), encoding="utf-8")
    errors = [str(e) for e in build.build(Path("tutorials"), tmp_path / "_site", runtime=False)]
    assert len(errors) == 1, errors
    assert errors[0].startswith('tutorials/01-well.md:17: puzzle "twins": Sam does not find 7♣ clearly best: over 400 ')
    assert "it must lead every other card by 5% (it leads 7♠ by" in errors[0]
    assert not (tmp_path / "_site").exists()
    # The verdicts were cached by content: a second build reads them instead of playing 400 deals again.
    saved = json.loads(cache.read_text(encoding="utf-8"))
    assert len(saved) == 3
    monkeypatch.setattr(verdicts, "judge", lambda *args: pytest.fail("judged again despite the cache"))
    assert len(build.build(Path("tutorials"), tmp_path / "_site", runtime=False)) == 1


def test_a_kept_verdict_is_used_only_while_its_first_deals_still_play_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache: Path
) -> None:
    (tmp_path / "tutorials/pages").mkdir(parents=True)
    blocks = best("clear", *CLEAR) + best("clear-too", *CLEAR_TOO) + best("clear-three", *CLEAR_THREE)
    (tmp_path / "tutorials/01-well.md").write_text(LESSON.format(blocks=blocks), encoding="utf-8")
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False) == []
    kept = json.loads(cache.read_text(encoding="utf-8"))
    assert all(set(entry["check"]) == set(entry["wins"]) for entry in kept.values())  # one check a card that fits
    [(key, entry)] = [(key, entry) for key, entry in kept.items() if "3C" in entry["check"]]
    judged: list[object] = []
    real_judge = verdicts.judge
    monkeypatch.setattr(verdicts, "judge", lambda *args: judged.append(args) or real_judge(*args))
    # As if Sam now played the first deals differently after 3♣: the kept verdict is stale and judged again.
    entry["check"]["3C"] = format(int(entry["check"]["3C"], 16) ^ 1, "x")
    cache.write_text(json.dumps(kept), encoding="utf-8")
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False) == []
    assert len(judged) == 1
    assert json.loads(cache.read_text(encoding="utf-8"))[key]["check"]["3C"] != entry["check"]["3C"]


def test_the_sites_verdicts_are_checked_in_and_still_hold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh clone builds without judging a puzzle: sitebuild/verdicts.json has every verdict the site needs."""
    refresh = "python build.py --no-runtime --write-verdicts"
    monkeypatch.setattr(verdicts, "judge", lambda *args: pytest.fail(f"{verdicts.FILE.name} is out of date: {refresh}"))
    kept = verdicts.VerdictCache(tmp_path / "no-local-cache.json")
    assert build.build(ROOT / "tutorials", tmp_path / "_site", runtime=False, verdicts=kept) == []
    unused = set(kept.checked_in) - set(kept.used)
    assert not unused, f"{len(unused)} verdicts in {verdicts.FILE.name} that no puzzle asks for: {refresh}"


def test_the_checked_in_verdicts_were_written_by_the_code_that_judges_now() -> None:
    """While they were, a build uses them without playing a deal (the next test); this says when to write them again."""
    kept = verdicts.VerdictCache()
    assert kept.written_by == verdicts.fingerprint(), (
        f"{verdicts.FILE.name} was written before a change to Sam's code ({', '.join(verdicts.sources())}): "
        "run python build.py --no-runtime --write-verdicts"
    )


def test_verdicts_written_by_this_code_are_used_without_playing_and_others_only_once_their_deals_hold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache: Path
) -> None:
    (tmp_path / "tutorials/pages").mkdir(parents=True)
    blocks = best("clear", *CLEAR) + best("clear-too", *CLEAR_TOO) + best("clear-three", *CLEAR_THREE)
    (tmp_path / "tutorials/01-well.md").write_text(LESSON.format(blocks=blocks), encoding="utf-8")
    written = verdicts.VerdictCache()
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False, verdicts=written) == []
    written.write_checked_in()
    cache.unlink()  # only the checked-in file is left
    played: list[object] = []
    real_play_outs = verdicts.play_outs
    monkeypatch.setattr(verdicts, "play_outs", lambda *args: played.append(args) or real_play_outs(*args))
    monkeypatch.setattr(verdicts, "judge", lambda *args: pytest.fail("judged again despite the checked-in verdict"))
    monkeypatch.setattr(verdicts, "_CONFIRMED", set())  # as in a new process
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False) == []
    assert played == []
    # Written by other code: each verdict is used only once its check deals, played again, give the same results.
    kept = verdicts.FILE.read_text(encoding="utf-8")
    verdicts.FILE.write_text(kept.replace(verdicts.fingerprint(), "0" * 64), encoding="utf-8")
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False) == []
    assert len(played) == 3 and all(args[-1] == verdicts.CHECK_DEALS for args in played)


def test_a_clear_choice_builds_with_sams_figures_as_the_reason(tmp_path: Path, cache: Path) -> None:
    (tmp_path / "tutorials/pages").mkdir(parents=True)
    blocks = best("clear", *CLEAR) + best("clear-too", *CLEAR_TOO) + best("clear-three", *CLEAR_THREE)
    (tmp_path / "tutorials/01-well.md").write_text(LESSON.format(blocks=blocks), encoding="utf-8")
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False) == []
    page = (tmp_path / "_site/tutorials/well/index.html").read_text(encoding="utf-8")
    assert "Sam played the deal out 400 times after each card that fits: 3♣ won" in page
    assert '"nudges":{"8D":"After 8♦, 9♦ can follow, and you do not hold it: who gains from that?"' in page


def test_the_stated_card_must_be_in_the_hand_fit_and_leave_a_choice() -> None:
    def problems(table: str, hand: str, answer: str, counts: str = "12 12 12") -> list[str]:
        with pytest.raises(PuzzleError) as error:
            parse_puzzle(best("b", table, hand, answer, counts).strip().removeprefix("```puzzle\n").removesuffix("```"))
        return [p.message for p in error.value.problems]

    assert problems("7D", "6D 8D", "9D") == ['puzzle "b": answer: 9♦ is not in the hand']
    assert problems("7D", "6D 5D", "5D")[0].startswith('puzzle "b": answer says 5♦, but 5♦ does not fit')
    assert problems("7D", "6D 5D", "6D") == ['puzzle "b": hand: only 6♦ fits, so there is no choice to make']
    assert problems("7D", "AC 2C 3C 4C 5C 6C 8C 9C 10C JC QC KC 6D", "6D", "13 13 13") == [
        'puzzle "b": counts: the others hold 39 cards, but only 38 are not on the table or yours'
    ]
