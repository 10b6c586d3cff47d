"""The ```puzzle block extension: Markdown in, HTML out, problems with the file's line numbers."""

from __future__ import annotations

import json
import re

import markdown

from sitebuild.puzzle_ext import PuzzleExtension


def convert(source: str, line_offset: int = 0) -> tuple[str, PuzzleExtension]:
    extension = PuzzleExtension(line_offset=line_offset)
    html = markdown.Markdown(extensions=["fenced_code", extension]).convert(source)
    return html, extension


def joined(expected: str) -> str:
    """Expected HTML written over several lines for reading, compared as one line."""
    return "".join(line.strip() for line in expected.strip().splitlines())


SOURCE = """Before.

```puzzle
id: fit-8h
kind: fits
question: Does **8♥** fit?
table: 7D 7H
card: 8H
answer: yes
hint: Next to the seven.
```

After.
"""

REASON = "8♥ fits: the hearts row holds only the 7♥, so 8♥ goes next to 7♥"
EXPECTED = f"""
<p>Before.</p>
<section class="puzzle" data-kind="fits" id="fit-8h" aria-labelledby="fit-8h-kind fit-8h-question"><p class="puzzle__kind" id="fit-8h-kind">Puzzle 1</p>
  <p class="puzzle__question" id="fit-8h-question">Does <strong>8♥</strong> fit?</p>
  <div class="puzzle__position"><div class="table"><p class="table__label">On the table</p><ul class="layout-grid">
  <li class="layout-grid__row"><span class="layout-grid__suit"><span aria-hidden="true">♣</span><span class="visually-hidden">Clubs:</span></span><i></i><i></i><i></i><i></i><i></i><i></i><i></i><i></i><i></i><i></i><i></i><i></i><i></i><span class="visually-hidden">not started</span></li>
  <li class="layout-grid__row"><span class="layout-grid__suit"><span aria-hidden="true">♦</span><span class="visually-hidden">Diamonds:</span></span><i></i><i></i><i></i><i></i><i></i><i></i><i class="face suit-D">7<b>♦</b></i><i></i><i></i><i></i><i></i><i></i><i></i></li>
  <li class="layout-grid__row"><span class="layout-grid__suit"><span aria-hidden="true">♥</span><span class="visually-hidden">Hearts:</span></span><i></i><i></i><i></i><i></i><i></i><i></i><i class="face suit-H">7<b>♥</b></i><i></i><i></i><i></i><i></i><i></i><i></i></li>
  <li class="layout-grid__row"><span class="layout-grid__suit"><span aria-hidden="true">♠</span><span class="visually-hidden">Spades:</span></span><i></i><i></i><i></i><i></i><i></i><i></i><i></i><i></i><i></i><i></i><i></i><i></i><i></i><span class="visually-hidden">not started</span></li>
  </ul></div>
  <p class="puzzle__card">Card: <span class="face suit-H" role="img" aria-label="eight of hearts">8<b>♥</b></span></p></div>
  <div class="puzzle__choices js-only" role="group" aria-label="Your answer"><button type="button" class="choice" data-choice="yes">Yes, it fits</button><button type="button" class="choice" data-choice="no">No, it does not fit</button></div>
  <div class="puzzle__feedback" aria-live="polite"></div>
  <details class="puzzle__hint"><summary>Hint</summary><p>Next to the seven.</p></details>
  <details class="puzzle__answer"><summary>Show the answer</summary><p><strong>Answer: Yes.</strong></p><div class="puzzle__solution"><p>{REASON}.</p></div></details>
  <script type="application/json" class="puzzle__data">{{"id":"fit-8h","kind":"fits","answer":["yes"],"nudges":{{"no":"Look at the top end of the hearts row, 7♥: which rank comes next?"}}}}</script></section>
<p>After.</p>
"""


def test_a_fits_puzzle_becomes_an_accessible_section() -> None:
    html, extension = convert(SOURCE)
    assert extension.problems == []
    assert html.replace("\n", "") == joined(EXPECTED)


def test_problems_carry_the_line_in_the_file() -> None:
    source = "Text\n\n```puzzle\nid: x\nkind: fits\ntable: 7D\ncard: 9H\nanswer: yes\nquestion: q\nhint: h\n```\n"
    html, extension = convert(source, line_offset=5)
    # The fence is body line 3, file line 8; "answer" is 5 lines further down.
    assert extension.problems == [
        (
            13,
            'puzzle "x": answer says yes, but 9♥ does not fit: the hearts row has not started, so only the 7♥ can begin it',
        )
    ]
    assert 'class="puzzle-error"' in html


def test_block_level_problems_point_at_the_fence() -> None:
    _, extension = convert("# Title\n\n~~~~ puzzle\nid: x\nkind: fits\n~~~~\n", line_offset=10)
    assert [line for line, _ in extension.problems] == [13, 13, 13, 13, 13]


def test_an_unclosed_fence_is_one_problem_at_its_opening() -> None:
    _, extension = convert("```puzzle\nid: x\nkind: riddle\ncard: XX\n", line_offset=2)
    assert extension.problems == [(3, "puzzle fence opened here is never closed")]


def test_a_fence_left_open_before_the_next_puzzle_is_never_closed() -> None:
    good = "```puzzle\nid: b\nkind: fits\ntable: 7D\ncard: 8D\nanswer: yes\nquestion: q\nhint: h\n```\n"
    html, extension = convert("```puzzle\nid: a\nkind: fits\n\n" + good)
    assert extension.problems == [(1, "puzzle fence opened here is never closed")]
    assert [p.id for p in extension.puzzles] == ["b"] and 'id="b"' in html


def test_two_puzzles_with_one_id_on_a_page() -> None:
    one = "```puzzle\nid: same\nkind: fits\ntable: 7D\ncard: 7H\nanswer: yes\nquestion: q\nhint: h\n```\n\n"
    _, extension = convert(one + one)
    assert extension.problems == [(12, 'puzzle "same": id is used by another puzzle on this page')]


def test_other_fenced_blocks_are_left_alone() -> None:
    html, extension = convert("```text\nid: not a puzzle\n```\n")
    assert extension.problems == [] and "<code" in html and "puzzle" not in html.replace("not a puzzle", "")


def test_reset_clears_problems_between_pages() -> None:
    extension = PuzzleExtension()
    md = markdown.Markdown(extensions=[extension])
    md.convert("```puzzle\nid: x\n```\n")
    assert extension.problems
    md.reset()
    md.convert("Nothing here.")
    assert extension.problems == []


def test_embedded_data_cannot_close_its_script_element() -> None:
    source = "```puzzle\nid: x\nkind: fits\ntable: 7D\ncard: 7H\nanswer: yes\nquestion: q\nhint: h\n```\n"
    html, _ = convert(source)
    data = re.search(r'<script type="application/json" class="puzzle__data">(.*?)</script>', html)
    assert data is not None and json.loads(data.group(1))["answer"] == ["yes"]
    from sitebuild.puzzle_html import json_block

    assert "</script>" not in json_block({"text": "</script><b>"}, "x")[:-9]


def test_pick_hand_cards_are_toggle_buttons_and_guided_deals_carry_their_data() -> None:
    pick = "```puzzle\nid: p\nkind: pick\ntable: 7D\nhand: 8D 2C\nanswer: 8D\nquestion: q\nhint: h\n```\n"
    html, _ = convert(pick)
    assert (
        '<button type="button" class="card" data-card="8D" aria-pressed="false" aria-label="eight of diamonds"><span class="face suit-D"'
        in html
    )
    assert "data-check" in html
    guided = "```puzzle\nid: g\nkind: guided\nposition: 7D / 8D / 6D / - / - / 0\nscript: Robin: 6D\ngoal: Win.\nhint: h\n```\n"
    html, extension = convert(guided)
    assert extension.problems == []
    assert 'data-position="7D / 8D / 6D / - / - / 0" data-script="Robin: 6D"' in html
    assert "Loading the interactive part…" in html and "<strong>Goal:</strong> Win." in html
