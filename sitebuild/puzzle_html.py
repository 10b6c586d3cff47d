"""A judged puzzle as an HTML section that works with JavaScript and without it.

Static kinds embed the answer and the engine's reason for every choice as a
JSON block that ``lessons.js`` reads; a ``<details>`` element shows the answer
when scripts are off. Guided deals carry their position and script in data
attributes for the game code, which runs the engine in the browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape

from engine.core.cards import cards_of
from engine.core.game import find_game
from engine.core.text import sentence

from .cards_html import card_html, hand_html, table_html
from .kk_puzzles import GuidedPuzzle as KnockKnockGuided
from .kk_puzzles import KnockKnockPuzzle
from .puzzles import (
    SEAT_NAMES,
    BestPuzzle,
    FitsPuzzle,
    GuidedPuzzle,
    Judgement,
    OpenerPuzzle,
    PickPuzzle,
    PlayOrPassPuzzle,
    Puzzle,
)

Inline = Callable[[str], str]  # Markdown text -> HTML without the surrounding <p>


def json_block(data: object, css_class: str) -> str:
    """Data for scripts, safe inside HTML: no ``</script>`` can end it early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" class="{css_class}">{text}</script>'


def _choice(value: str, label: str) -> str:
    return f'<button type="button" class="choice" data-choice="{escape(value)}">{escape(label)}</button>'


def _choices(buttons: list[str]) -> str:
    if not buttons:  # a "which card" puzzle: the hand is the answer
        return '<p class="puzzle__which js-only">Play a card: select it in your hand.</p>'
    return f'<div class="puzzle__choices js-only" role="group" aria-label="Your answer">{"".join(buttons)}</div>'


def _others(puzzle: BestPuzzle) -> str:
    """What you know of the others: how many cards each holds, and who passed."""
    held = ", ".join(f"{name} {count}" for name, count in zip(SEAT_NAMES[1:], puzzle.counts, strict=True))
    passed = [SEAT_NAMES[seat] for seat in puzzle.passed]
    said = f" {' and '.join(passed)} passed since the last card went down." if passed else ""
    return f'<p class="puzzle__others">Cards held: {escape(held)}.{escape(said)}</p>'


def _position(puzzle: Puzzle) -> str:
    if isinstance(puzzle, KnockKnockPuzzle):
        return puzzle.position_html()
    if isinstance(puzzle, BestPuzzle):
        return table_html(puzzle.table) + _others(puzzle) + hand_html("Your hand", puzzle.hand, buttons=True)
    if isinstance(puzzle, FitsPuzzle):
        return table_html(puzzle.table) + f'<p class="puzzle__card">Card: {card_html(puzzle.card)}</p>'
    if isinstance(puzzle, PickPuzzle):
        return table_html(puzzle.table) + hand_html("Your hand", puzzle.hand, buttons=True)
    if isinstance(puzzle, PlayOrPassPuzzle):
        return table_html(puzzle.table) + hand_html("Your hand", puzzle.hand, buttons=True)
    if isinstance(puzzle, OpenerPuzzle):
        return "".join(hand_html(name, hand) for name, hand in zip(SEAT_NAMES, puzzle.hands, strict=True))
    if isinstance(puzzle, GuidedPuzzle):
        hands = "".join(hand_html(name, hand) for name, hand in zip(SEAT_NAMES, puzzle.position.hands, strict=True))
        return table_html(puzzle.position.table) + hands
    raise TypeError(f"no drawing for {puzzle.kind} puzzles")


def _buttons(puzzle: Puzzle) -> list[str]:
    if isinstance(puzzle, KnockKnockPuzzle):
        if puzzle.kind == "pick":
            return ['<button type="button" class="check" data-check>Check my selection</button>']
        return [_choice(value, label) for value, label in puzzle.choices()]
    if isinstance(puzzle, BestPuzzle):
        return []  # the learner plays a card from the hand
    if isinstance(puzzle, FitsPuzzle):
        return [_choice("yes", "Yes, it fits"), _choice("no", "No, it does not fit")]
    if isinstance(puzzle, PickPuzzle):
        return ['<button type="button" class="check" data-check>Check my selection</button>']
    if isinstance(puzzle, PlayOrPassPuzzle):
        return [_choice("play", "Play a card"), _choice("pass", "Pass")]
    if isinstance(puzzle, OpenerPuzzle):
        return [_choice(name, name) for name in SEAT_NAMES]
    raise TypeError(f"no choices for {puzzle.kind} puzzles")


def solution_html(judgement: Judgement) -> str:
    """The engine's full reason: one sentence, then a short list when several cards are involved."""
    items = "".join(f"<li>{escape(sentence(item))}</li>" for item in judgement.items)
    listed = f"<ul>{items}</ul>" if len(judgement.items) > 1 else items.replace("li>", "p>")
    return f'<div class="puzzle__solution"><p>{escape(sentence(judgement.explanation))}</p>{listed}</div>'


def _answer(puzzle: Puzzle, inline: Inline) -> str:
    """The no-script answer: the right choice, the engine's reason, then the lesson's own words if any."""
    judgement = puzzle.judge()
    explain = f"<p>{inline(puzzle.explain)}</p>" if puzzle.explain else ""
    if isinstance(puzzle, KnockKnockPuzzle):
        label = puzzle.answer_label()
    elif isinstance(puzzle, PickPuzzle):
        label = " ".join(card.display for card in cards_of(puzzle.legal())) or "None of them"
    elif isinstance(puzzle, BestPuzzle):
        label = f"play {puzzle.answer.display}"
    else:
        label = {"yes": "Yes", "no": "No", "play": "Play", "pass": "Pass"}.get(judgement.answer[0], judgement.answer[0])
    return f"<p><strong>Answer: {escape(label)}.</strong></p>{solution_html(judgement)}{explain}"


def puzzle_html(puzzle: Puzzle, inline: Inline, number: int | None = None, stage: int | None = None) -> str:
    """The whole ``<section>`` for *puzzle*; *inline* renders its Markdown fields.

    *number* is its place among its stage's (or page's) puzzles, shown (“Puzzle 3”); with the *stage* it is part
    of the section's name, since several puzzles of a page may ask the same question (“Which card would you play?”).
    """
    pid = escape(puzzle.id)
    question = (
        f'<p class="puzzle__question" id="{pid}-question">{inline(puzzle.question)}</p>' if puzzle.question else ""
    )
    names = [f"{pid}-kind"] if number is not None else []
    names += [f"{pid}-question"] if puzzle.question else []
    labelled = f' aria-labelledby="{" ".join(names)}"' if names else ""
    kind_id = f' id="{pid}-kind"' if number is not None else ""
    numbered = f" {number}" if number is not None else ""
    if number is not None and stage is not None:
        numbered += f'<span class="visually-hidden"> of stage {stage}</span>'
    hint = f'<details class="puzzle__hint"><summary>Hint</summary><p>{inline(puzzle.hint)}</p></details>'
    feedback = '<div class="puzzle__feedback" aria-live="polite"></div>'
    if isinstance(puzzle, GuidedPuzzle | KnockKnockGuided):
        if isinstance(puzzle, GuidedPuzzle):
            data, script = escape(puzzle.position.text()), escape(puzzle.script_text())
        else:
            data, script = escape(puzzle.state.text()), escape(puzzle.script)
        return (
            f'<section class="puzzle puzzle--guided" data-kind="guided" id="{pid}"{labelled} '
            f'data-game="{puzzle.game}" data-table-module="{find_game(puzzle.game).table_module}" '
            f'data-position="{data}" data-script="{script}">'
            f'<p class="puzzle__kind"{kind_id}>Guided deal{numbered}</p>{question}'
            f'<p class="puzzle__goal"><strong>Goal:</strong> {inline(puzzle.goal)}</p>'
            f'<div class="puzzle__position" data-guided-start>{_position(puzzle)}</div>'
            '<p class="puzzle__status js-only" data-guided-status>Loading the interactive part…</p>'
            '<p class="puzzle__status no-js-only">Turn on JavaScript to play this deal here.</p>'
            f'<div class="puzzle__board" data-guided-board></div>{hint}{feedback}'
            f"{json_block(puzzle.data(), 'puzzle__data')}</section>"
        )
    explain = f'<div class="puzzle__explain" hidden><p>{inline(puzzle.explain)}</p></div>' if puzzle.explain else ""
    if puzzle.kind in ("play-or-pass", "play-or-draw"):
        explain = '<p class="puzzle__which js-only" hidden>Which card? Select it in your hand.</p>' + explain
    return (
        f'<section class="puzzle" data-kind="{puzzle.kind}" id="{pid}"{labelled}>'
        f'<p class="puzzle__kind"{kind_id}>Puzzle{numbered}</p>{question}'
        f'<div class="puzzle__position">{_position(puzzle)}</div>'
        f"{_choices(_buttons(puzzle))}{feedback}{explain}{hint}"
        f'<details class="puzzle__answer"><summary>Show the answer</summary>{_answer(puzzle, inline)}</details>'
        f"{json_block(puzzle.data(), 'puzzle__data')}</section>"
    )
