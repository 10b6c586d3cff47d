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
from typing import Any

from engine.core.game import find_game
from engine.core.puzzles import Hand, Judgement, Note, Part, Pile, Puzzle, Rows, Shown, Steps, Variant
from engine.core.text import sentence

from .cards_html import card_html, hand_html, table_html

Inline = Callable[[str], str]  # Markdown text -> HTML without the surrounding <p>


def json_block(data: object, css_class: str) -> str:
    """Data for scripts, safe inside HTML: no ``</script>`` can end it early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" class="{css_class}">{text}</script>'


def _choice(value: str, label: str) -> str:
    return f'<button type="button" class="choice" data-choice="{escape(value)}">{escape(label)}</button>'


def _choices(puzzle: Puzzle) -> str:
    """How the learner answers: a button a choice, a check of the cards selected, or a card played from the hand."""
    if puzzle.answered_by == "card":
        return '<p class="puzzle__which js-only">Play a card: select it in your hand.</p>'
    if puzzle.answered_by == "selection":
        buttons = ['<button type="button" class="check" data-check>Check my selection</button>']
    else:
        buttons = [_choice(value, label) for value, label in puzzle.choices()]
    return f'<div class="puzzle__choices js-only" role="group" aria-label="Your answer">{"".join(buttons)}</div>'


def _pile(pile: Pile) -> str:
    named = "" if pile.top.suit == pile.suit else f" (named for the {escape(pile.top.display)})"
    return (
        f'<div class="discard-pile"><p class="puzzle__card">Top card: {card_html(pile.top)}</p>'
        f'<p class="discard-pile__suit">Playing suit: <strong>{pile.suit.plural}</strong>{named}</p></div>'
    )


def _steps(steps: Steps) -> str:
    items = "".join(f"<li>{escape(item)}</li>" for item in steps.items)
    return f'<p class="moves__label">{escape(steps.label)}</p><ol class="moves">{items}</ol>'


LONG_RULES = 320  # characters of notes beyond which a variant's changes are listed behind a summary


def _variant(variant: Variant) -> str:
    """The rules a puzzle is asked under, when not the defaults: named first, so that no learner takes them for the
    rules of every other puzzle, then what they change (the options' notes)."""
    named = f"{escape(variant.title)} rules, for this puzzle only"
    if sum(len(note) for note in variant.notes) <= LONG_RULES:
        notes = " ".join(escape(note) for note in variant.notes)
        return f'<p class="puzzle__rules" data-rules="{escape(variant.text)}"><strong>{named}:</strong> {notes}</p>'
    # Many changes (a preset may change a dozen options): named in full view, listed on demand, so the position
    # stays in sight.
    items = "".join(f"<li>{escape(note)}</li>" for note in variant.notes)
    return (
        f'<details class="puzzle__rules" data-rules="{escape(variant.text)}"><summary><strong>{named}</strong> '
        f"(what changes)</summary><ul>{items}</ul></details>"
    )


# How each neutral part of a drawing (engine.core.puzzles) becomes HTML.
DRAW: dict[type, Callable[[Any], str]] = {
    Rows: lambda part: table_html(part.cards),
    Hand: lambda part: hand_html(part.label, part.cards, buttons=part.choose),
    Shown: lambda part: f'<p class="puzzle__card">{escape(part.label)}: {card_html(part.card)}</p>',
    Pile: _pile,
    Note: lambda part: f'<p class="puzzle__others">{escape(part.text)}</p>',
    Steps: _steps,
    Variant: _variant,
}


def drawing_html(parts: tuple[Part, ...]) -> str:
    """A puzzle's position, part by part."""
    return "".join(DRAW[type(part)](part) for part in parts)


def solution_html(judgement: Judgement) -> str:
    """The engine's full reason: one sentence, then a short list when several cards are involved."""
    items = "".join(f"<li>{escape(sentence(item))}</li>" for item in judgement.items)
    listed = f"<ul>{items}</ul>" if len(judgement.items) > 1 else items.replace("li>", "p>")
    return f'<div class="puzzle__solution"><p>{escape(sentence(judgement.explanation))}</p>{listed}</div>'


def _answer(puzzle: Puzzle, inline: Inline) -> str:
    """The no-script answer: the right choice, the engine's reason, then the lesson's own words if any."""
    explain = f"<p>{inline(puzzle.explain)}</p>" if puzzle.explain else ""
    label = escape(sentence(f"Answer: {puzzle.answer_label()}"))  # no full stop after “Knock! Knock!”
    return f"<p><strong>{label}</strong></p>{solution_html(puzzle.judge())}{explain}"


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
    deal = puzzle.guided()
    if deal is not None:
        game = find_game(deal.game)
        return (
            f'<section class="puzzle puzzle--guided" data-kind="guided" id="{pid}"{labelled} '
            f'data-game="{escape(deal.game)}" data-table-module="{escape(game.table_module or "")}" '
            f'data-table-styles="{escape(game.table_styles or "")}" '
            f'data-position="{escape(deal.position)}" data-script="{escape(deal.script)}" '
            f'data-marks="{"true" if deal.marks else "false"}" data-rules="{escape(deal.rules)}" '
            f'data-goal-check="{escape(deal.goal_check)}">'
            f'<p class="puzzle__kind"{kind_id}>Guided deal{numbered}</p>{question}'
            f'<p class="puzzle__goal"><strong>Goal:</strong> {inline(deal.goal)}</p>'
            f'<div class="puzzle__position" data-guided-start>{drawing_html(puzzle.parts())}</div>'
            '<p class="puzzle__status js-only" data-guided-status>Loading the interactive part…</p>'
            '<p class="puzzle__status no-js-only">Turn on JavaScript to play this deal here.</p>'
            f'<div class="puzzle__board" data-guided-board></div>{hint}{feedback}'
            f"{json_block(puzzle.data(), 'puzzle__data')}</section>"
        )
    explain = f'<div class="puzzle__explain" hidden><p>{inline(puzzle.explain)}</p></div>' if puzzle.explain else ""
    if puzzle.asks_which_card:
        explain = '<p class="puzzle__which js-only" hidden>Which card? Select it in your hand.</p>' + explain
    return (
        f'<section class="puzzle" data-kind="{puzzle.kind}" id="{pid}"{labelled}>'
        f'<p class="puzzle__kind"{kind_id}>Puzzle{numbered}</p>{question}'
        f'<div class="puzzle__position">{drawing_html(puzzle.parts())}</div>'
        f"{_choices(puzzle)}{feedback}{explain}{hint}"
        f'<details class="puzzle__answer"><summary>Show the answer</summary>{_answer(puzzle, inline)}</details>'
        f"{json_block(puzzle.data(), 'puzzle__data')}</section>"
    )
