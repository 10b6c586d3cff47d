"""Reviewing a deal: at each of your decisions where more than one card fitted, Sam's estimate of
your chance to win the deal with each of those cards, and a sentence for the decisions that cost most.

Sam estimates as it plays: it deals the hidden cards many times in ways that fit what you had seen
(see :mod:`engine.players.sam`) and plays each card out to the end. Every estimate is seeded by the
deal and the move, so the same deal always gets the same review.

>>> game = Game.new(42)
>>> while not game.is_over:
...     _ = game.play(game.position.legal_moves()[0] if game.position.legal_moves() else None)
>>> points = decisions(game)
>>> points[:3]
[8, 12, 16]
>>> first = estimate(game, points[0])
>>> [card["code"] for card in first["cards"]], first["played"]["code"]
(['5C', '9C'], '5C')
>>> estimate(game, points[0]) == first
True
>>> replayed = replay(game, 12)
>>> len(replayed.moves), replayed.position.turn
(12, 0)
"""

from __future__ import annotations

import random
from typing import Any

from .cards import Card
from .game import Game
from .players.alex import describe
from .players.sam import DEFAULT_SAMPLES, MIN_DEALS, WORK_PER_SAMPLE, HabitChain, SamPlayer

__all__ = ["LEARNER", "NOTICEABLE", "decisions", "estimate", "replay"]

LEARNER = 0
# A decision is worth a sentence only when the best card's estimate beats the card played by this much.
# Each card is played out on about DEFAULT_SAMPLES / (cards that fitted) imagined deals, 150-300 when
# two to four fitted: a chance near 30% then carries a standard error of 3-4 points, so a smaller gap
# would often be noise.
NOTICEABLE = 0.06


def replay(game: Game, moves: int) -> Game:
    """The deal of *game* after its first *moves* moves: the same hands, seed and players."""
    if not 0 <= moves <= len(game.moves):
        raise ValueError(f"move {moves} is outside this deal, which has {len(game.moves)} moves")
    again = Game(game.dealt, seed=game.seed, players=game.players)
    for move in game.moves[:moves]:
        again.play(move.card)
    return again


def decisions(game: Game, seat: int = LEARNER) -> list[int]:
    """The moves (indexes into ``game.moves``) where *seat* played and more than one card fitted."""
    points = []
    again = Game(game.dealt, seed=game.seed, players=game.players)
    for index, move in enumerate(game.moves):
        if move.seat == seat and again.position.legal_mask().bit_count() > 1:
            points.append(index)
        again.play(move.card)
    return points


def _card(card: Card) -> dict[str, str]:
    return {"code": card.code, "display": card.display}


def estimate(game: Game, index: int) -> dict[str, Any]:
    """Sam's estimate of the mover's chance to win with each card that fitted before move *index*.

    Also the card played, how much it cost against the best estimate, whether
    that is :data:`NOTICEABLE`, and a sentence saying so either way.
    """
    if not 0 <= index < len(game.moves):
        raise ValueError(f"move {index} is outside this deal, which has {len(game.moves)} moves")
    before = replay(game, index)
    move = game.moves[index]
    view = before.view()
    candidates = view.legal_moves()
    if move.card is None or len(candidates) < 2:
        raise ValueError(f"move {index + 1} was not a choice: fewer than two cards fitted")
    rng = random.Random((game.seed or 0) * 1000 + index)
    chain = HabitChain.burnt_in(view, rng)
    wins = [0] * len(candidates)
    everyone = list(range(len(candidates)))
    per_card = max(MIN_DEALS, DEFAULT_SAMPLES // len(candidates))
    deals = SamPlayer(rng).evaluate(
        view, chain, candidates, everyone, per_card, wins, [0], WORK_PER_SAMPLE * DEFAULT_SAMPLES
    )
    chances = [w / deals for w in wins]
    played = candidates.index(move.card)
    # Equal estimates favour the card played: a review should not invent a mistake.
    best = max(everyone, key=lambda i: (chances[i], i == played))
    cost = chances[best] - chances[played]
    noticeable = cost >= NOTICEABLE
    note = f"The {move.card.display} you played was as good a choice as any, by Sam's estimate."
    if noticeable:
        better = candidates[best]
        note = (
            f"{better.display} gave you about {round(100 * chances[best])}% to win "
            f"(it {describe(better, view.hand)}); the {move.card.display} you played, about "
            f"{round(100 * chances[played])}%."
        )
    return {
        "move": index,
        "played": _card(move.card),
        "cards": [
            {**_card(card), "chance": round(chance, 3)} for card, chance in zip(candidates, chances, strict=True)
        ],
        "best": candidates[best].code,
        "cost": round(cost, 3),
        "noticeable": noticeable,
        "note": note,
    }
