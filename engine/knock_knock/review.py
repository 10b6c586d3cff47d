"""Reviewing a deal of Knock! Knock!: at each of your discards where more than one card fitted, Sam's estimate of
your chance to win with each of those cards, judged and said by the rule every game's review follows
(:func:`engine.core.review.judge`).

Sam estimates as it plays near the end of a deal (see :mod:`engine.knock_knock.players.sam`): it shares out the
cards it cannot see many times, in ways that fit what it knows, and plays each card out to the end. Every
estimate is seeded by the deal and the move, so the same deal always gets the same review. Moves are counted as
the record counts them (a reshuffle is an entry of its own).

>>> game = finished(3)
>>> points = decisions(game)
>>> points[:3]
[4, 6, 16]
>>> first = estimate(game, points[0])
>>> [card["code"] for card in first["cards"]], first["played"]["code"], first["verdict"]
(['7C', '8C', '10C', '2H'], '2H', 'close')
>>> estimate(game, points[0]) == first
True
>>> len(replay(game, points[1]).record()["moves"]), replay(game, points[1]).turn
(6, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ..core.cards import Card
from ..core.pile import IllegalAction
from ..core.review import advise as advise_among
from ..core.review import judge
from ..core.text import NUMBER_WORDS, join_words
from .game import Game, RecordedChance, RecordError, action_from_json
from .players.base import Decision, favourite_suit, play, without
from .players.robin import RobinPlayer
from .players.sam import SAMPLES as SAM_SAMPLES
from .players.sam import WORK as SAM_WORK
from .players.sam import SamPlayer
from .rules import Rules, is_pickup, penalty
from .state import Play
from .view import PlayerView

__all__ = ["advise", "decisions", "estimate", "finished", "replay"]

YOU = 0
# Imagined deals for each choice, and the turns they may take in all: Sam's own, so the review is Sam's judgement
# at its usual effort (a few seconds a choice in the browser).
SAMPLES, WORK = SAM_SAMPLES, SAM_WORK


def finished(seed: int) -> Game:
    """A whole deal in which every seat plays as Robin does (for examples and tests)."""
    game = Game.new(Rules(players=4), seed, names=("You", "Robin", "Alex", "Sam"))
    players = [RobinPlayer(random.Random(seed + seat)) for seat in range(4)]
    game.play_to_end(players)
    return game


def replay(game: Game, moves: int) -> Game:
    """The deal of *game* after the first *moves* entries of its record: the same hands, seed and players, with
    the recorded reshuffles; played on from there, it reshuffles as the deal would have. Before a recorded turn
    the last discard's call window is closed, as it was when that turn was taken."""
    entries = game.record()["moves"]
    if not 0 <= moves <= len(entries):
        raise ValueError(f"move {moves} is outside this deal, which has {len(entries)} moves")
    chance = RecordedChance(entries)
    again = next(step for step, at in _replayed(game, entries, chance) if at >= moves)
    again.chance = Game.chance_after(game.rules, game.seed, game.dealer, chance.sizes)
    if moves < len(entries) and isinstance(entries[moves], dict) and {"play", "draw"} & set(entries[moves]):
        # The next move is a turn, so nobody called on the last discard: its call window had closed (a pick-up
        # card's victim had picked up) and the seat on turn chose, as it does here.
        again.settle()
    return again


def _replayed(game: Game, entries: list[Any], chance: RecordedChance | None = None) -> Iterator[tuple[Game, int]]:
    """The deal of *game* replayed entry by entry (as Game.from_record reads a record, its reshuffles from *chance*):
    the same game after each step, with how many entries it has taken (a draw that needs a reshuffle takes the
    reshuffle's entry too)."""
    chance = chance or RecordedChance(entries)
    again = Game(
        game.rules,
        game.dealt,
        game.stock,
        game.upcard,
        dealer=game.dealer,
        seed=game.seed,
        names=game.names,
        chance=chance,
    )
    yield again, 0
    while chance.position < len(entries):
        number = chance.position + 1
        entry = entries[number - 1]
        if isinstance(entry, dict) and "reshuffle" in entry:
            window = again.state.window
            if window is not None and window.victim_penalty:  # the victim picks up as the call window closes
                again.settle()
            if chance.position < number:
                raise RecordError(f"game record move {number}: a reshuffle where no draw needs one")
        else:
            seat, action = action_from_json(entry, game.rules.players)
            chance.position = number
            try:
                again.act(seat, action)
            except IllegalAction as error:
                raise RecordError(f"game record move {number}: {error.reason}") from None
        yield again, chance.position


def _discard(entry: Any) -> int | None:
    """The seat that discarded at record *entry*, or ``None`` when the entry is not a discard."""
    return entry.get("seat") if isinstance(entry, dict) and "play" in entry else None


def decisions(game: Game, seat: int = YOU) -> list[int]:
    """The record entries where *seat* (you by default) discarded a card and more than one card fitted (one
    replay of the deal)."""
    entries = game.record()["moves"]
    return [
        at
        for again, at in _replayed(game, entries)
        if at < len(entries) and _discard(entries[at]) == seat and len(again.view(seat).fitting()) > 1
    ]


def estimate(game: Game, index: int) -> dict[str, Any]:
    """Sam's estimate of the discarding player's chance to win with each card that fitted before record entry
    *index* (said to them as "you"): each card's
    ``chance`` and ``percent``, the card ``played``, the ``best``, ``cost``, ``margin``, ``verdict`` and ``note``
    (see :func:`engine.core.review.judge`)."""
    entries = game.record()["moves"]
    if not 0 <= index < len(entries):
        raise ValueError(f"move {index} is outside this deal, which has {len(entries)} moves")
    seat = _discard(entries[index])
    weighed = None if seat is None else _weighed(game, index, seat)
    if weighed is None:
        raise ValueError(f"move {index + 1} was not a choice: fewer than two cards fitted")
    view, fitting, outcomes = weighed
    played = Card.parse(entries[index]["play"])
    hand = list(view.hand)
    return judge(
        index,
        [(card.code, card.display) for card in fitting],
        fitting.index(played),
        outcomes,
        strength=lambda i: _strength(fitting[i], hand),
        why=lambda best, mine: _why(fitting[best], fitting[mine], hand),
    )


def _weighed(game: Game, index: int, seat: int) -> tuple[PlayerView, list[Card], list[list[float]]] | None:
    """*seat*'s view before record entry *index* of *game* (its discard's turn), the cards that fit, and each one's
    result on the same imagined deals, seeded by the deal and *index*; ``None`` when fewer than two fit."""
    again = replay(game, index)
    if index == len(game.record()["moves"]):
        again.settle()  # the deal goes on with a turn: nobody called on the last discard (as replay says)
    view = again.view(seat)
    fitting = view.fitting()
    if len(fitting) < 2:
        return None
    outcomes: list[list[float]] = [[] for _ in fitting]
    sam = SamPlayer(random.Random((game.seed or 0) * 1000 + index), samples=SAMPLES, work=WORK)
    sam._weigh(view, [card.index for card in fitting], outcomes)
    return view, fitting, outcomes


def advise(game: Game, seat: int) -> Decision | None:
    """Suggest's advice for *seat*, whose turn it is in *game* (a deal with a record): at a discard the review
    would weigh, the card the review would call best there (:func:`engine.core.review.advise`), naming the suit
    Sam names with it; ``None`` elsewhere (a call window: see the adviser's own call)."""
    if game.view(seat).may_call:
        return None
    weighed = _weighed(game, len(game.record()["moves"]), seat)
    if weighed is None:
        return None
    view, fitting, outcomes = weighed
    plays = [play(view, card, favourite_suit(without(view.hand, card))) for card in fitting]
    heads = [
        f"Play {join_words([card.display, *_extras(action)])}" for card, action in zip(fitting, plays, strict=True)
    ]
    hand = list(view.hand)
    names = [card.display for card in fitting]
    best, plain, reason = advise_among(
        heads, names, outcomes, "of the cards that fit", lambda i: _strength(fitting[i], hand)
    )
    return Decision(plays[best], reason, plain)


def _extras(action: Play) -> list[str]:
    """What a discard does besides laying its card: the suit it names, its knock."""
    named = [f"name {action.suit.plural}"] if action.suit is not None else []
    return named + ["knock"] * action.knock


def _following(card: Card, hand: list[Card]) -> int:
    """How many cards left in *hand* after *card* would follow the playing suit it leaves (its own, or the suit a
    pick-up card would name for them: the one they hold most of)."""
    rest = without(hand, card)
    suit = favourite_suit(rest) if is_pickup(card) else card.suit
    return sum(1 for other in rest if other.suit == suit and not is_pickup(other))


def _strength(card: Card, hand: list[Card]) -> str:
    """What *card* does well, in the lessons' words, to end "it ..."."""
    if is_pickup(card):
        return f"makes the next player pick up {_cards(penalty(card))}"
    same = _following(card, hand)
    if same:
        return f"keeps {card.suit.plural} the playing suit, and you hold {NUMBER_WORDS[same]} more of them"
    return ""


def _why(best: Card, played: Card, hand: list[Card]) -> str:
    """Why *best* did better than *played*, when a plain reason says so."""
    if is_pickup(best) and not is_pickup(played):
        return f"The {best.display} is a pick-up card: the next player would have picked up {_cards(penalty(best))}."
    if is_pickup(played) and not is_pickup(best):
        return f"The {best.display} kept your pick-up card, the {played.display}, for later."
    mine, theirs = _following(best, hand), _following(played, hand)
    if mine > theirs:
        return (
            f"After the {best.display}, {NUMBER_WORDS[mine]} of your cards would follow the playing suit, "
            f"against {NUMBER_WORDS[theirs]} after the {played.display}."
        )
    return ""


def _cards(number: int) -> str:
    return f"{NUMBER_WORDS[number]} card{'s' if number != 1 else ''}"
