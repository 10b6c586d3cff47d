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

import random
from typing import Any

from ..core.cards import Card
from ..core.review import NOISE_SE, SMALLEST_COST, judge
from ..core.review import advise as advise_among
from ..core.text import NUMBER_WORDS
from .game import YOU, Game
from .players.alex import describe, own_gain
from .players.base import Decision
from .players.heuristics import paths_of
from .players.sam import DEFAULT_SAMPLES, MIN_DEALS, WORK_PER_SAMPLE, HabitChain, SamPlayer, may_pass_at_will
from .view import PlayerView

__all__ = ["NOISE_SE", "SMALLEST_COST", "advise", "decisions", "estimate", "replay"]


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
    (``margin``), a ``verdict`` (``best``, ``close`` or ``costly``) and a ``note`` saying so in words that
    agree with the numbers, with the reason in the lessons' words: the rule every game's review follows
    (:func:`engine.core.review.judge`).
    """
    if not 0 <= index < len(game.moves):
        raise ValueError(f"move {index} is outside this deal, which has {len(game.moves)} moves")
    move = game.moves[index]
    weighed = _weighed(game, index)
    if move.card is None or weighed is None or move.card not in weighed[1]:
        raise ValueError(f"move {index + 1} was not a choice: fewer than two cards fitted")
    view, candidates, outcomes = weighed
    hand = view.hand
    return judge(
        index,
        [(card.code, card.display) for card in candidates],
        candidates.index(move.card),
        outcomes,
        strength=lambda i: describe(candidates[i], hand),
        why=lambda best, played: _why(candidates[best], candidates[played], hand),
    )


def _weighed(game: Game, index: int) -> tuple[PlayerView, list[Card], list[list[int]]] | None:
    """The view of the seat to move after the first *index* moves of *game*, the cards that fit, and each card's
    result on the same imagined deals, seeded by the deal and *index*; ``None`` when fewer than two cards fit."""
    view = replay(game, index).view()
    candidates = view.legal_moves()
    if len(candidates) < 2:
        return None
    rng = random.Random((game.seed or 0) * 1000 + index)
    chain = HabitChain.burnt_in(view, rng)
    wins = [0] * len(candidates)
    everyone = list(range(len(candidates)))
    per_card = max(MIN_DEALS, DEFAULT_SAMPLES // len(candidates))
    bits = [card.bit for card in candidates]
    outcomes: list[list[int]] = [[] for _ in candidates]
    SamPlayer(rng).evaluate(  # each card's result on each imagined deal, in *outcomes*
        view, chain, bits, everyone, per_card, wins, [0], WORK_PER_SAMPLE * DEFAULT_SAMPLES, outcomes
    )
    return view, candidates, outcomes


def advise(game: Game, seat: int) -> Decision | None:
    """Suggest's advice for *seat*, on turn in *game* (a deal with a record): at a choice the review would weigh,
    the card the review would call best there (:func:`engine.core.review.advise`); ``None`` elsewhere. Where the
    rules let a player pass though a card fits, Sam first weighs passing too (the review weighs only the cards
    played): its pass stands, and a card it would play gives way to the review's best."""
    index = len(game.moves)
    weighed = _weighed(game, index)
    if weighed is None or weighed[0].seat != seat:
        return None
    view, candidates, outcomes = weighed
    if may_pass_at_will(view):
        own = SamPlayer(random.Random((game.seed or 0) * 1000 + index)).decide(view)
        if own.card is None:
            return own
    names = [card.display for card in candidates]
    heads = [f"Play {name}" for name in names]
    hand = view.hand
    best, plain, reason = advise_among(
        heads, names, outcomes, "of the cards that fit", lambda i: describe(candidates[i], hand)
    )
    return Decision(candidates[best], reason, plain)


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
    return ""


def _opened_for_others(card: Card, hand: int) -> int:
    return sum(path.released for path in paths_of(card, hand) if not path.mine)
