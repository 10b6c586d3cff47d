"""Reviewing a deal of Blackjack: at each of your turns where more than one distinct turn was possible (a chain
of cards, or drawing, picking up or passing), Sam's estimate of your chance to win with each of them, judged and
said by the rule every game's review follows (:func:`engine.core.review.judge`).

Sam estimates as it thinks near the end of a deal (see :mod:`engine.blackjack.players.sam`): it shares out the
cards you could not see many times, in ways that fit what you knew, lays each turn by the rules and plays the
deal on to its end with its quick habits. The turns weighed are the one you took and Sam's few likeliest others
(the turns Alex scores highest, and drawing, picking up or passing when the rules allowed it), so a choice is
weighed in bounded time whatever the hand. Every estimate is seeded by the deal and the move, so the same deal
always gets the same review. Moves are counted as the record counts them (a reshuffle is an entry of its own);
a choice is the entry where your turn began.

>>> game = finished(2)
>>> points = decisions(game)
>>> points[:3]
[2, 14, 17]
>>> first = estimate(game, points[0])
>>> [card["code"] for card in first["cards"]], first["played"]["code"], first["verdict"]
(['AC AH H', 'KC', 'AC H', 'draw'], 'AC AH H', 'costly')
>>> estimate(game, points[0]) == first
True
>>> again = replay(game, points[1])
>>> again.turn, len(again.record()["moves"])
(0, 14)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from ..core.review import advise as advise_among
from ..core.review import judge
from ..core.text import NUMBER_WORDS, counted, join_words
from .game import Game, RecordError, _is_reshuffle, _RecordedChance, action_from_json
from .players.alex import turn_score
from .players.base import Decision, cards_words, careful_call, chains_from, favourite_suit
from .players.sam import weigh
from .players.simple import RobinPlayer
from .rules import Rules
from .state import Chain, Draw, IllegalAction, Pass, PickUp, RecordedAction
from .view import PlayerView

__all__ = ["OPTIONS", "SAMPLES", "WORK", "advise", "decisions", "estimate", "finished", "replay"]

YOU = 0
# The turns weighed at one choice: the one you took and the likeliest others, at most this many in all.
OPTIONS = 4
# Imagined deals for a choice: at least MIN_SAMPLES, then more while the play-outs' turns stay under WORK, at
# most SAMPLES (a few tenths of a second a choice in CPython; the browser's worker is a few times slower).
MIN_SAMPLES, SAMPLES, WORK = 40, 200, 12_000
# Turns searched for the chains you could have laid (as Sam searches).
SEARCH = 3_000


def finished(seed: int) -> Game:
    """A whole deal in which every seat plays as Robin does (for examples and tests)."""
    game = Game.new(Rules(players=4), seed, names=("You", "Robin", "Alex", "Sam"))
    game.play_to_end([RobinPlayer(random.Random(seed + seat)) for seat in range(4)])
    return game


def _replayed(game: Game) -> Iterator[tuple[Game, int]]:
    """The deal of *game* replayed from its record move by move (as :meth:`Game.from_record` reads it): the same
    game before each move, with the index of the move's first entry (a reshuffle just before it, if any), and at
    the end with the number of entries."""
    entries = game.record()["moves"]
    chance = _RecordedChance()
    again = Game(game.rules, game.dealt, game.stock, game.upcard, dealer=game.dealer, seed=game.seed, names=game.names)
    again.chance = chance
    position = 0
    while position < len(entries):
        yield again, position
        before = None
        start = position
        if _is_reshuffle(entries[position]):
            before, position = entries[position], position + 1
        seat, action, _ = action_from_json(entries[position], game.rules.players)
        after = entries[position + 1] if position + 1 < len(entries) and _is_reshuffle(entries[position + 1]) else None
        chance.before, chance.used_before = before, False
        chance.after, chance.used_after = (after if isinstance(action, Chain) else None), False
        chance.where = f"game record move {position + 1}"
        try:
            again.act(seat, action)
        except IllegalAction as error:
            raise RecordError(f"game record move {position + 1}: {error.reason}") from None
        position += 2 if chance.used_after else 1
        assert position > start
    yield again, position


def replay(game: Game, moves: int) -> Game:
    """The deal of *game* after its first *moves* record entries (or the next move's start, when *moves* falls
    between a move and the reshuffle it needed); played on from there, it reshuffles as the deal would have."""
    total = len(game.record()["moves"])
    if not 0 <= moves <= total:
        raise ValueError(f"move {moves} is outside this deal, which has {total} moves")
    for again, at in _replayed(game):
        if at >= moves:
            sizes = again.chance.sizes if isinstance(again.chance, _RecordedChance) else []
            again.chance = Game.chance_after(game.rules, game.seed, game.dealer, sizes)
            return again
    raise AssertionError("unreachable: the replay ends at the last entry")


def _played(entries: list[Any], at: int, players: int, mover: int) -> RecordedAction | None:
    """*mover*'s move whose first entry is *at* (after a reshuffle, if one comes first), or ``None``."""
    if _is_reshuffle(entries[at]):
        at += 1
    if at >= len(entries):
        return None
    seat, action, _ = action_from_json(entries[at], players)
    return action if seat == mover else None


def _turns(view: PlayerView, played: RecordedAction | None) -> list[RecordedAction]:
    """The distinct turns you could take from *view*, the one *played* first, then the likeliest others (Alex's
    highest scored chains, and the turn that lays nothing), at most :data:`OPTIONS`; every call of "Last cards"
    made (a call costs nothing), so turns differ only in what they do."""
    rules = view.rules
    state = view.position()
    call = rules.last_cards
    scored: list[tuple[float, RecordedAction]] = []
    unseen = Counter(view.unseen())
    for cards in chains_from(state, view.seat, SEARCH):
        if not cards:
            continue
        score, suit = turn_score(view, state, cards, unseen)
        if suit is None and rules.is_wild(cards[-1]) and score < 10_000:
            suit = favourite_suit(rules, [card for card in view.hand if card not in cards])
        scored.append((score, Chain(cards, suit if score < 10_000 else None, call)))
    scored.sort(key=lambda item: -item[0])
    others: list[RecordedAction] = [action for _, action in scored]
    legal = state.legal_actions(view.seat)
    for kind in (PickUp, Draw, Pass):
        if any(isinstance(action, kind) for action in legal):
            others.insert(min(len(others), OPTIONS - 2), kind(call and _may_call(rules, kind)))
            break
    options: list[RecordedAction] = []
    if played is not None:
        options.append(_called(played, call and _may_call(rules, type(played))))
    for action in others:
        if len(options) >= OPTIONS:
            break
        if _key(action) not in {_key(option) for option in options}:
            options.append(action)
    return options


def _may_call(rules: Rules, kind: type[RecordedAction]) -> bool:
    """Whether a turn of *kind* may call "Last cards" where the rules have the call: a draw that does not end the
    turn (under drawing rules that go on) may not; the turn's last step calls."""
    return kind is not Draw or rules.draw == "one"


def _called(action: RecordedAction, call: bool) -> RecordedAction:
    if isinstance(action, Chain):
        return Chain(action.cards, action.suit, call)
    return type(action)(call)


def _key(action: RecordedAction) -> tuple[object, ...]:
    if isinstance(action, Chain):
        return ("chain", action.cards, action.suit)
    return (type(action).__name__,)


def _code(action: RecordedAction) -> str:
    """An option as the review names it for the page: a chain's card codes, or ``draw``, ``pickup``, ``pass``."""
    if isinstance(action, Chain):
        codes = " ".join(card.code for card in action.cards)
        return f"{codes} {action.suit.value}" if action.suit is not None else codes
    return {Draw: "draw", PickUp: "pickup", Pass: "pass"}[type(action)]


def _display(action: RecordedAction, pickup: int) -> str:
    """An option in words: ``5♠ 6♠``, ``A♣ naming hearts``, ``draw``, ``pick-up of 2``, ``pass``."""
    if isinstance(action, Chain):
        cards = " ".join(card.display for card in action.cards)
        return f"{cards} naming {action.suit.plural}" if action.suit is not None else cards
    if isinstance(action, PickUp):
        return f"pick-up of {pickup}"
    return "draw" if isinstance(action, Draw) else "pass"


def decisions(game: Game, seat: int = YOU) -> list[int]:
    """The record entries where a turn of *seat* (yours by default) began and more than one distinct turn was
    possible."""
    entries = game.record()["moves"]
    points = []
    for again, at in _replayed(game):
        if at >= len(entries) or again.turn != seat or _played(entries, at, game.rules.players, seat) is None:
            continue
        if len(_turns(again.view(seat), None)) > 1:
            points.append(at)
    return points


def estimate(game: Game, index: int) -> dict[str, Any]:
    """Sam's estimate of the player's chance to win with each turn they could take at record entry *index* (said
    to them as "you"): each turn's
    ``chance`` and ``percent``, the turn ``played``, the ``best``, ``cost``, ``margin``, ``verdict`` and ``note``
    (see :func:`engine.core.review.judge`); a turn's ``code`` is its cards' codes (and the suit named), or
    ``draw``, ``pickup`` or ``pass``."""
    entries = game.record()["moves"]
    if not 0 <= index < len(entries):
        raise ValueError(f"move {index} is outside this deal, which has {len(entries)} moves")
    again = replay(game, index)
    played = _played(entries, index, game.rules.players, again.turn)
    view = again.view(again.turn)
    options = _turns(view, played) if played is not None else []
    if len(options) < 2:
        raise ValueError(f"move {index + 1} was not a choice: no turn began there, or only one turn was possible")
    outcomes = _weigh(view, options, random.Random((game.seed or 0) * 1000 + index))
    pickup = view.pickup
    hand = len(view.hand)
    return judge(
        index,
        [(_code(option), _display(option, pickup)) for option in options],
        0,
        outcomes,
        strength=lambda i: _strength(options[i], view),
        why=lambda best, mine: _why(options[best], options[mine], hand),
        lays=[_lays(option) for option in options],
    )


def _lays(action: RecordedAction) -> list[str]:
    """The codes of the cards a turn lays: a chain's cards (a wild card's suit is in its name, not a card); none
    for a draw, a pick-up or a pass."""
    return [card.code for card in action.cards] if isinstance(action, Chain) else []


def advise(game: Game, seat: int) -> Decision | None:
    """Suggest's advice for *seat*, whose turn it is in *game* (a deal with a record), as a whole turn from the
    turn's start (cards laid so far this turn are not in the record): where the review would weigh a choice, the
    turn it would call best there (:func:`engine.core.review.advise`), with the suit a wild card names and the
    call of "Last cards" where a careful player calls it; ``None`` elsewhere."""
    index = len(game.record()["moves"])
    again = replay(game, index)
    if again.is_over or again.turn != seat:
        return None
    view = again.view(seat)
    options = _turns(view, None)
    if len(options) < 2:
        return None
    outcomes = _weigh(view, options, random.Random((game.seed or 0) * 1000 + index))
    state = view.position()
    advised = [_called(option, careful_call(view, state, option)) for option in options]
    heads = [_advice_words(option, view.pickup) for option in advised]
    names = [_display(option, view.pickup) for option in options]
    best, plain, reason = advise_among(
        heads, names, outcomes, "of the turns Sam weighed", lambda i: _strength(options[i], view)
    )
    return Decision(advised[best], reason, plain)


def _advice_words(action: RecordedAction, pickup: int) -> str:
    """A turn as advice: ``Lay 5♠ 6♠``, ``Lay A♣ and name hearts``, ``Draw a card and call Last cards``."""
    call = ["call Last cards"] * action.last
    if isinstance(action, Chain):
        named = [f"name {action.suit.plural}"] if action.suit is not None else []
        return "Lay " + join_words([cards_words(action.cards), *named, *call])
    first = f"Pick up {pickup}" if isinstance(action, PickUp) else "Draw a card" if isinstance(action, Draw) else "Pass"
    return join_words([first, *call])


def _weigh(view: PlayerView, options: Sequence[RecordedAction], rng: random.Random) -> list[list[float]]:
    """Each option's result (1 a win, 0 not) on the same imagined deals, as Sam plays them out."""
    outcomes = weigh(view, options, rng, least=MIN_SAMPLES, most=SAMPLES, work=WORK)
    return [[float(won) for won in each] for each in outcomes]


def _strength(action: RecordedAction, view: PlayerView) -> str:
    """What *action* does well, in the lessons' words, to end "it ..."."""
    if not isinstance(action, Chain):
        return ""
    if len(action.cards) == len(view.hand):
        return "lays your whole hand"
    if view.pickup:
        return "answers the pick-up, so the next player faces it instead"
    if len(action.cards) > 1:
        return f"lays {NUMBER_WORDS[len(action.cards)]} cards in one chain"
    return ""


def _why(best: RecordedAction, played: RecordedAction, hand: int) -> str:
    """Why *best* did better than *played*, when a plain reason says so."""
    if isinstance(best, Chain) and not isinstance(played, Chain):
        return f"Laying cards that fit ({counted(len(best.cards), 'card')}) left you fewer to get rid of."
    if isinstance(best, Chain) and isinstance(played, Chain) and len(best.cards) > len(played.cards):
        return (
            f"Its chain laid {counted(len(best.cards), 'card')}, against {counted(len(played.cards), 'card')}, "
            f"leaving you {counted(hand - len(best.cards), 'card')} to get rid of."
        )
    return ""
