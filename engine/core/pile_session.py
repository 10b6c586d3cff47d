"""The browser session of a game played on a discard pile: the hooks of :class:`~engine.core.session.DealSession`
that every such game answers alike.

A pile game's session is ``PileSession[Game, Player]``, its deal class (a
:class:`~engine.core.pile_game.PileGame`: ``from_json(text)``,
``from_state(state, names=)``, and its state class's ``parse(position, rules)``,
a lesson's position in the game's text form) and its computer players, and
names as it subclasses it the reader of a lesson's script
(``script=parse_script``, ``parse_script(text, names)``); its name, records,
guided deals, scripts and score table then need no code of their own. What a page draws of the deal (the state, the log, the prompts) stays the
game's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, TypeVar, get_args, get_origin

from .cards import Card
from .game import YOU, Deal, Player
from .pile import tally_or_points_json
from .session import DealSession
from .text import counted, join_words, seat_names

__all__ = ["PileSession", "script_steps"]

G = TypeVar("G", bound=Deal)
P = TypeVar("P", bound=Player)
JSON = dict[str, Any]


def script_steps(text: str, names: Sequence[str], example: str) -> Iterator[tuple[str, int, str]]:
    """The steps of a lesson's script (``"Robin: 9H; Alex: draw"``, or a step a line): each step's text, its seat
    (a computer player named in *names*, any case) and what it does. A :class:`ValueError` names a step without
    one, saying it expected *example* (``"a move, like 'Robin: 9H' or 'Alex: draw'"``)."""
    seats = {name.lower(): seat for seat, name in enumerate(names)}
    for step in text.replace("\n", ";").split(";"):
        if not step.strip():
            continue
        who, colon, what = step.partition(":")
        seat = seats.get(who.strip().lower())
        if not colon or seat is None or seat == YOU or not what.strip():
            raise ValueError(f"script step {step.strip()!r}: expected a computer player and {example}")
        yield step.strip(), seat, what


class PileSession(DealSession[G, P]):
    """One deal of a pile game in the browser (see the module docstring)."""

    reviews = True  # its package has a review module
    game_class: ClassVar[Any]  # the game's deal: from_json(text), from_state(state, names=)
    state_class: ClassVar[Any]  # the game's state: parse(position, rules)
    # A lesson's script of the computer seats' actions, read as (seat, action) pairs in order.
    script_reader: ClassVar[Callable[[str, Sequence[str]], Sequence[tuple[int, Any]]]]

    def __init_subclass__(
        cls, *, script: Callable[[str, Sequence[str]], Sequence[tuple[int, Any]]], **kwargs: Any
    ) -> None:
        """The game's session names its deal class as its first type argument (a
        :class:`~engine.core.pile_game.PileGame`, which knows the game's name and state class) and its *script*
        reader."""
        super().__init_subclass__(**kwargs)
        base = next(base for base in cls.__dict__.get("__orig_bases__", ()) if get_origin(base) is PileSession)
        cls.game_class = get_args(base)[0]
        cls.state_class = cls.game_class.state_class
        cls.game_name = cls.game_class.game_name
        cls.script_reader = script

    def _read_record(self, record: str) -> G:
        game: G = self.game_class.from_json(record)
        return game

    def _score_json(self, rules: Any) -> JSON:
        return tally_or_points_json(rules.scoring)

    def _guided_deal(self, position: str, rules: object) -> G:
        """A lesson's deal from *position* (the game's text form of a position), you in seat 0."""
        start = self.state_class.parse(position, None if rules is None else self._rules(rules))
        game: G = self.game_class.from_state(start, names=seat_names(self._seats(None, start.rules.players)))
        return game

    def _parse_script(self, text: str, names: Sequence[str]) -> list[tuple[int, Any]]:
        return list(type(self).script_reader(text, names))

    # -- what the page draws -----------------------------------------------------------

    def _card_json(self, card: Card) -> JSON:
        """A card as the page draws it, marked as the game marks its cards."""
        raise NotImplementedError

    def _seat_marks(self, view: Any, seat: int) -> JSON:
        """What a seat's box says beside its name and cards: a few words (a phone's seat) at its last card."""
        return {"status": "last card" if view.counts[seat] == 1 and not view.is_over else None}

    def _seats_json(self, view: Any) -> list[JSON]:
        seats = []
        game: Any = self._game
        for seat, name in enumerate(game.names):
            count = view.counts[seat]
            player = self.bots[seat].name if seat in self.bots else None
            entry = {"seat": seat, "name": name, "player": player, "count": count, "cards": counted(count, "card")}
            seats.append(entry | self._seat_marks(view, seat))
        return seats

    def _points(self) -> list[int]:
        """Under ``scoring=points``, the points of the cards each hand holds at the end."""
        game: Any = self._game
        points: list[int] = game.score()
        return points

    def _no_winner_text(self) -> str:
        """Why a finished deal has no winner."""
        raise NotImplementedError

    def _result_json(self) -> JSON | None:
        """A finished deal's result: who won with which card, the cards left, the points and a sentence."""
        game: Any = self._game
        state = game.state
        if not state.is_over:
            return None
        names = game.names
        winner = state.winner
        points = self._points() if game.rules.scoring == "points" else None
        final = None
        if winner is None:
            text = self._no_winner_text()
        else:
            final = state.top
            verb = "win" if names[winner] == "You" else "wins"
            text = f"{names[winner]} {verb}, going out with the {final.display}."
            if points is not None:
                scored = [
                    f"{names[seat]} {counted(points[seat], 'point')}" for seat in range(len(names)) if seat != winner
                ]
                text += f" Points for the cards left: {join_words(scored)}."
        return {
            "winner": winner,
            "winner_name": names[winner] if winner is not None else None,
            "final_card": self._card_json(final) if final is not None else None,
            "left": state.remaining(),
            "points": points,
            "text": text,
        }

    def _closing_json(self) -> JSON:
        """The end of the state the page draws: the result, the match, the lesson's goal, a notice and a comment."""
        return {
            "result": self._result_json(),
            "match": self._match_json(),
            "goal": self.goal,
            "notice": self.notice,
            "comment": self.comment,
        }
