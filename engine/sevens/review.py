"""Reviewing a deal: at each of your decisions where more than one card fitted, Sam's estimate of
your chance to win the deal with each of those cards, and a sentence for the decisions that cost most.

Sam estimates as it plays: it deals the hidden cards many times in ways that fit what you had seen
(see :mod:`engine.sevens.players.sam`) and plays each card out to the end. Every estimate is seeded by the
deal and the move, so the same deal always gets the same review.

>>> game = Game.new(42)
>>> while not game.is_over:
...     _ = game.play(game.position.legal_moves()[0] if game.position.legal_moves() else None)
>>> points = decisions(game)
>>> points[:3]
[3, 11, 15]
>>> first = estimate(game, points[0])
>>> [card["code"] for card in first["cards"]], first["played"]["code"]
(['7C', '6D'], '7C')
>>> estimate(game, points[0]) == first
True
>>> replayed = replay(game, points[1])
>>> len(replayed.moves), replayed.position.turn
(11, 0)
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..core.cards import Card
from ..core.text import NUMBER_WORDS, counted
from .game import YOU, Game
from .players.alex import describe, own_gain
from .players.heuristics import paths_of
from .players.sam import DEFAULT_SAMPLES, MIN_DEALS, WORK_PER_SAMPLE, HabitChain, SamPlayer

__all__ = ["NOISE_SE", "decisions", "estimate", "replay"]

# A choice is called costly only when the best card's estimate beats the card played by more than the
# estimates' own noise: NOISE_SE standard errors of the difference, measured deal by deal (both cards are
# played out on the same imagined deals, so the difference is paired). A fixed gap in points cannot do
# this: on 150-300 deals a card, 6% against 11% may be a real difference while 43% against 49% is not
# (the standard error of a chance p on n deals is sqrt(p(1-p)/n), largest near 50%). Two standard errors
# keep the review from calling about one choice in twenty costly when the cards were really equal.
NOISE_SE = 2.0
# Below this many points a gap is too small to be worth a sentence, however sure the estimate.
SMALLEST_COST = 0.02


def replay(game: Game, moves: int) -> Game:
    """The deal of *game* after its first *moves* moves: the same hands, seed and players."""
    if not 0 <= moves <= len(game.moves):
        raise ValueError(f"move {moves} is outside this deal, which has {len(game.moves)} moves")
    again = _again(game)
    for move in game.moves[:moves]:
        again.play(move.card)
    return again


def _again(game: Game) -> Game:
    """The deal of *game* from its first move: the same hands, seed, players, rules and dealer."""
    return Game(game.dealt, seed=game.seed, players=game.names, rules=game.rules, dealer=game.dealer)


def decisions(game: Game, seat: int = YOU) -> list[int]:
    """The moves (indexes into ``game.moves``) where *seat* played a card and more than one card fitted."""
    points = []
    again = _again(game)
    for index, move in enumerate(game.moves):
        if move.seat == seat and move.card is not None and again.position.legal_mask().bit_count() > 1:
            points.append(index)
        again.play(move.card)
    return points


def _card(card: Card) -> dict[str, str]:
    return {"code": card.code, "display": card.display}


def estimate(game: Game, index: int) -> dict[str, Any]:
    """Sam's estimate of the mover's chance to win with each card that fitted before move *index*.

    Also the card played, how much it cost against the best estimate, the noise of that difference
    (``margin``: :data:`NOISE_SE` standard errors), a ``verdict`` — ``best`` (the card played had the
    best estimate), ``close`` (a better estimate, but within the noise) or ``costly`` — and a ``note``
    saying so in words that agree with the numbers, with the reason in the lessons' words.
    """
    if not 0 <= index < len(game.moves):
        raise ValueError(f"move {index} is outside this deal, which has {len(game.moves)} moves")
    before = replay(game, index)
    move = game.moves[index]
    view = before.view()
    candidates = view.legal_moves()
    if move.card is None or move.card not in candidates or len(candidates) < 2:
        raise ValueError(f"move {index + 1} was not a choice: fewer than two cards fitted")
    rng = random.Random((game.seed or 0) * 1000 + index)
    chain = HabitChain.burnt_in(view, rng)
    wins = [0] * len(candidates)
    everyone = list(range(len(candidates)))
    per_card = max(MIN_DEALS, DEFAULT_SAMPLES // len(candidates))
    bits = [card.bit for card in candidates]
    outcomes: list[list[int]] = [[] for _ in candidates]
    deals = SamPlayer(rng).evaluate(
        view, chain, bits, everyone, per_card, wins, [0], WORK_PER_SAMPLE * DEFAULT_SAMPLES, outcomes
    )
    chances = [w / deals for w in wins]
    played = candidates.index(move.card)
    # Equal estimates favour the card played: a review should not invent a mistake.
    best = max(everyone, key=lambda i: (chances[i], i == played))
    cost = chances[best] - chances[played]
    margin = NOISE_SE * _paired_error(outcomes[best], outcomes[played])
    verdict = "best" if best == played else "costly" if cost > max(margin, SMALLEST_COST) else "close"
    return {
        "move": index,
        "played": _card(move.card),
        "cards": [
            {**_card(card), "chance": round(chance, 3), "percent": _percent(chance)}
            for card, chance in zip(candidates, chances, strict=True)
        ],
        "best": candidates[best].code,
        "cost": round(cost, 3),
        "margin": round(margin, 3),
        "verdict": verdict,
        "noticeable": verdict == "costly",
        "note": _note(
            verdict, move.card, candidates[best], dict(zip(candidates, chances, strict=True)), margin, view.hand
        ),
    }


def _paired_error(first: list[int], second: list[int]) -> float:
    """The standard error of the mean difference between two cards' results on the same deals."""
    differences = [a - b for a, b in zip(first, second, strict=True)]
    n = len(differences)
    if n < 2:
        return 1.0
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return math.sqrt(variance / n)


def _percent(chance: float) -> int:
    """A chance in whole percent, as the page shows it (``percent`` beside each card) and the note says it."""
    return math.floor(100 * chance + 0.5)


def _points(number: int) -> str:
    return counted(number, "percentage point")


def _note(verdict: str, played: Card, best: Card, chances: dict[Card, float], margin: float, hand: int) -> str:
    """The review's sentence about one choice; every number in it is one the page shows beside it."""
    shown, best_shown = _percent(chances[played]), _percent(chances[best])
    if verdict == "best" and all(_percent(chance) == shown for chance in chances.values()):
        return (
            f"The {played.display} you played and every other card that fitted scored the same by Sam's estimate, "
            f"about {shown}% to win: "
            "your choice made no difference here."
        )
    if verdict == "best":
        return f"The {played.display} you played had Sam's best estimate, {shown}% to win: it {describe(played, hand)}."
    if best_shown == shown:
        return (
            f"The {best.display} and the {played.display} you played scored the same by Sam's estimate, "
            f"about {shown}%: your choice cost nothing."
        )
    if verdict == "close":
        return (
            f"The {best.display} scored a little higher ({best_shown}% against {shown}% for the "
            f"{played.display} you played), but that gap is within the noise of Sam's estimate "
            f"(give or take about {_points(_percent(margin))}), so your choice cost little or nothing."
        )
    return (
        f"The {best.display} gave you about {best_shown}% to win, the {played.display} you played about "
        f"{shown}%: it cost you about {_points(best_shown - shown)}. {_why(best, played, hand)}"
    )


def _why(best: Card, played: Card, hand: int) -> str:
    """Why the better card was better, in the lessons' words, when a plain reason says so."""
    gain = own_gain(best, hand)
    if gain:
        return f"The {best.display} {gain}."
    theirs = _opened_for_others(best, hand), _opened_for_others(played, hand)
    if theirs[0] < theirs[1]:
        return (
            f"The {best.display} opens the way for fewer cards the others hold "
            f"({NUMBER_WORDS[theirs[0]]}, against {NUMBER_WORDS[theirs[1]]} for the {played.display})."
        )
    return "No single reason stands out: it did better when Sam played the deal out."


def _opened_for_others(card: Card, hand: int) -> int:
    return sum(path.released for path in paths_of(card, hand) if not path.mine)
