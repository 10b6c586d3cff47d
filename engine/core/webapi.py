"""The engine as the browser sees it: JSON in, JSON out, for any installed game.

The page never decides a rule. It sends ``{"method", "params", "session"}`` to
:func:`handle` and draws whatever state comes back. Each named session (a page
may hold several deals, such as a lesson with two guided deals) belongs to one
game; ``params.game`` on a request that starts a deal (:data:`STARTS`:
``new_game``, ``new_match``, ``guided``, ``restore``, and the review's requests,
which read a deal's record) chooses it (the default game when absent; a session
of another game is replaced by a fresh one).

Replies: ``{"ok": true, "result": ...}``, or ``{"ok": false, "error": {"message": "..."}}``
for a request that cannot be carried out (bad JSON, unknown method, bad
parameters, a move at the wrong time); errors are data, never exceptions.
Before a method runs, its parameters are checked against its signature: a
parameter it does not have, one it needs and was not given, and a value of the
wrong JSON type where it takes text are refused naming the parameter. Should a
method still fail (a bug), the reply is an error too, saying which method
failed (:data:`ENGINE_FAULT`), so that the page can say so and go on.

A reply after which the deal's record is not what the page was last told also
carries ``record`` beside ``result`` (see :meth:`DealSession.record_news
<engine.core.deals.Deals.record_news>`): the whole record when a deal starts,
then each step's new moves and changed fields. So the page keeps the record
itself, and a whole deal takes one request a step (``act`` or
``computer_move``), with no ``record`` asked after each.

One protocol serves every game (the core's
:class:`~engine.core.session.DealSession`): the state lists the actions you
may take now as data, in the game record's own encoding of a move, and the
page sends one back with ``act``; the page knows no rule and no game. A method
a session does not offer (``methods``) is unknown, so a page can never reach
anything else of it.

``new_game {seed?, rules?, seats?, game?}``
    A shuffled deal. *seed*: a number or its text (garbage or missing: a fresh
    deal, with a ``notice`` saying why). *rules*: a preset's name
    (``"fan-tan"``), options text (``"players=5,scoring=chips"``) or an object
    of options. *seats*: the computer players' names for seats 1 onwards
    (repeats allowed: three Sams are named Sam 1, Sam 2 and Sam 3).
    Result: the state.
``new_match {seed?, rules?, seats?, game?}``
    The first deal of a match: deal *n* is shuffled from ``seed + n`` and the
    deal passes on as the game says. Result: the state, with ``match``:
    ``seed``, ``deal`` (its number), ``scoring``, ``heading``, ``signed`` (a
    gain shows its +), ``lower_is_better`` (the lowest total leads),
    ``deals`` (each finished deal's scores, one a seat) and ``totals``.
``new_game``/``new_match``/``restore`` ``{…, people?}``
    Two people or more sharing the device (pass-and-play): a list with one
    entry a seat, a person's name or null for a computer's seat, seat 0 a
    person's (``["Ana", null, "Ben", null]``; see :mod:`engine.core.people`).
    The state then has ``table`` (see :meth:`DealSession.state
    <engine.core.session.DealSession.state>`): whose view it serves, and the
    screen that hides every hand while the device passes between people.
``reveal {}``
    The person the screen names taps: the screen lifts. Result: the state.
``next_deal {}``
    The match's next deal, once the current one is over. Result: the state.
``guided {position, script?, goal?, rules?, marks?, goal_check?, game?}``
    A lesson's deal from a position in the game's text form; *script*: the
    computer seats' actions in the game's words (Sevens: ``"Robin: 8D;
    Alex: pass"``; Knock! Knock!: ``"Alex: 2S D knock; Sam: draw; Robin:
    call"``), each used when its seat acts next and the rules allow it;
    *goal_check*: what the engine checks of the goal (``win``, ``win within
    2 turns``: see :mod:`engine.core.goals`), which the state's ``setback``
    and ``goal_reached`` follow. Result: the state.
``restore {record, earlier?, game?}``
    A saved deal, replayed and checked from its game record; with *earlier*
    (the records of its match's deals before it, in order) its match too.
    Result: the state.
``state {}``
    The state.
``act {action}``
    You take *action*: one of the state's ``actions``, or any other in the
    same encoding (the seat may be left out), which the engine judges. A
    game whose turn is made of several steps lists the legal next steps, and
    the page sends one at a time. Result: ``{"ok", "move"?, "reason"?,
    "state"}``: ``ok`` false with the engine's ``reason`` (a sentence) when the
    table does not take it now, and nothing changes; *move* is the log's
    entry for it (null for a step the log does not show).
``computer_move {}``
    One step of the computer seats the table waits for. Result: ``{"ok",
    "move", "reason", "choices", "think_ms", "state"}`` (*move* null when the
    step showed nothing in the log, such as calls let pass).
``suggest {}``
    Result: ``{"action", "reason", "text"}``: *action* in the same encoding,
    *text* the advice in a learner's words, without the adviser's working.
``record {}``
    Result: the game record as JSON text.
``daily {date, record?, game?}``
    The daily deal of *date* (``YYYY-MM-DD``, UTC; see :mod:`engine.core.daily`):
    the day's seed, the default rules, Robin, Alex and Sam; with *record*, that
    deal continued (refused if it is another). The state's ``daily`` is the date.
``daily_sam {}``
    Once the daily deal is over, one more of Sam's play-outs from your seat.
    Result: ``{"done", "runs", "wins", "percent", "text"}``.
``daily_share {streak?}``
    Result: ``{"text"}``, the text to share, with no card in it.

A game with a review (the state's ``reviews``: every game so far) also offers,
each of the seat *seat* (you in seat 0 when left out; at a table of people,
each person's own review):

``replay {record, moves, seat?}``
    The deal in *record* after its first *moves* moves, to look at or play on
    from there, as *seat* saw it. Result: the state.
``review_points {record, seat?}``
    *seat*'s moves worth reviewing (where it had a choice). Result:
    ``{"moves": [indexes into the record's moves], "total", "said", "key"}``.
``review_move {record, move}``
    The adviser's estimate of the mover's chance to win with each choice it had
    at *move*; asked one move at a time, so the page can show progress.

Every state has: ``game``, ``seed``, ``kind`` (game, match or guided),
``rules`` (``options``, ``name``, ``text``, ``notes``: one sentence per rule
that differs from the defaults), ``players``, ``dealer``, ``names``,
``turn``, ``over``, ``your_turn`` (the table waits for you), ``hand`` (cards
with ``legal`` and ``why`` not), ``counts``, ``seats`` (per seat: ``name``,
``player``: the computer player in it or null for you, ``count``, ``cards``
in words, ``status``), ``prompt`` (the sentence for your turn), ``log``
(entries with ``text``), ``result`` (``winner``, ``winner_name``,
``final_card``, ``left``, ``text``), ``match``, ``goal``, ``notice``,
``comment``, ``actions`` (what the table takes from you now, in the
record's encoding) and ``reviews``. Each game adds what its table shows (its
rows, or its pile, playing suit and stock, and so on): its session module's
docstring (``engine/<game>/session.py``) lists them.

>>> reply = json.loads(handle('{"method": "new_game", "params": {"seed": 7, "rules": "fan-tan"}}'))
>>> reply["result"]["rules"]["name"], reply["result"]["counts"]
('Fan Tan', [13, 13, 13, 13])
>>> reply = json.loads(handle('{"method": "act", "params": {"action": {"play": "XX"}}}'))
>>> reply["ok"], reply["error"]["message"][:18]
(False, "unknown card 'XX':")
"""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol, TypeVar

from .chance import MAX_SEED, parse_seed, player_rng
from .game import DEFAULT_GAME, GameType, RulesError, find_game, game_names
from .jsontext import read_json, shown

__all__ = [
    "ENGINE_FAULT",
    "MAX_SEED",
    "STARTS",
    "Session",
    "handle",
    "new_session",
    "parse_seed",
    "prepare",
    "read_seats",
]

# The requests that start a deal (or read one to review it), and so may name its game.
STARTS = ("new_game", "new_match", "daily", "guided", "restore", "replay", "review_points", "review_move")


class Session(Protocol):
    """A game's browser session (a :class:`engine.core.session.DealSession`)."""

    game_name: str

    @property
    def methods(self) -> tuple[str, ...]:
        """What a page may ask of it: each a method of the session."""
        ...

    def record_news(self) -> Any:
        """The deal's record as far as the page has not been told of it (see :func:`handle`), or ``None``."""
        ...


def read_seats(seats: object, players: int, known: Collection[str], default: Sequence[str]) -> list[str]:
    """The computer players a page asks for, for seats 1 onwards (the *default* ones round the table when
    ``None``); a :class:`ValueError` names what is wrong.

    >>> read_seats(None, 4, ["robin", "alex", "sam"], ["robin", "alex", "sam"])
    ['robin', 'alex', 'sam']
    >>> read_seats(["Sam", "bob"], 3, ["robin", "alex", "sam"], ["robin"])
    Traceback (most recent call last):
    ...
    ValueError: unknown player 'bob': choose from robin, alex, sam
    """
    if seats is None:
        return [default[i % len(default)] for i in range(players - 1)]
    if not (isinstance(seats, list) and all(isinstance(name, str) for name in seats)):
        raise ValueError(f"seats must be a list of computer players' names, like {list(default)}")
    names = [name.strip().lower() for name in seats]
    if len(names) != players - 1:
        raise ValueError(f"{len(names)} computer players named, but players={players} needs {players - 1} besides you")
    unknown = [name for name in names if name not in known]
    if unknown:
        raise ValueError(f"unknown player {unknown[0]!r}: choose from {', '.join(known)}")
    return names


_Player = TypeVar("_Player")


def recorded_seats(names: Sequence[str], known: Collection[str], default: Sequence[str]) -> list[str]:
    """The computer players behind a record's seat names, for seats 1 onwards ("Sam 2" was a Sam); a seat
    whose name is no computer player's gets the *default* player for its place.

    >>> recorded_seats(["You", "Sam 1", "Alex", "Gran"], ["robin", "alex", "sam"], ["robin", "alex", "sam"])
    ['sam', 'alex', 'sam']
    """
    words = [(name.lower().split() or [""])[0] for name in names[1:]]
    return [word if word in known else default[i % len(default)] for i, word in enumerate(words)]


def seat_players(seed: int, bots: Sequence[str], make: Callable[[str, random.Random], _Player]) -> dict[int, _Player]:
    """The computer players of a deal dealt from *seed*, seated from seat 1, each with its own random source."""
    return {seat: make(name, player_rng(seed, seat)) for seat, name in enumerate(bots, start=1)}


def new_session(game: object = None) -> Any:
    """A fresh session of *game* (the default game when ``None``)."""
    found: GameType = find_game(game if game is not None else DEFAULT_GAME)
    return found.session()


def prepare() -> None:
    """Import every registered game and its browser session now, rather than at a page's first request.

    The browser worker calls this before it copies Python's memory (site/static/js/worker.js), so a page started
    from that copy answers its first request without compiling a module: compiling the games' modules in
    WebAssembly took about 0.6 s of every start of the game page, even a warm one. Nothing is kept but the
    imported modules: no session is registered.
    """
    for name in game_names():
        new_session(name).prepare()


# One page may hold several deals (a lesson with two guided deals), each in its own named session.
SESSIONS: dict[str, Any] = {}
MAX_SESSIONS = 16


def _session(name: object, method: str, params: dict[str, Any]) -> Any:
    key = str(name) if name is not None else "main"
    game = params.pop("game", None) if method in STARTS else None
    current = SESSIONS.get(key)
    if current is not None and (game is None or find_game(game).name == current.game_name):
        return current
    if current is None and len(SESSIONS) >= MAX_SESSIONS:
        raise ValueError(f"too many deals open at once ({MAX_SESSIONS})")
    SESSIONS[key] = new_session(game)
    return SESSIONS[key]


# The start of the message when a method failed in a way it should have answered: a bug in the engine.
ENGINE_FAULT = "the engine could not answer"


def _checked(target: Any, method: str, params: dict[str, Any]) -> None:
    """A :class:`ValueError` naming a parameter *method* does not have, one it needs that is missing, or a value of
    the wrong JSON type where it takes text."""
    signature = inspect.signature(getattr(target, method))
    known = signature.parameters
    unknown = sorted(name for name in params if name not in known)
    if unknown:
        takes = f"it takes {', '.join(known)}" if known else "it takes none"
        raise ValueError(f"{method} has no parameter {shown(unknown[0])}: {takes}")
    for name, parameter in known.items():
        if name not in params:
            if parameter.default is inspect.Parameter.empty:
                raise ValueError(f"{method} needs {name}")
        elif parameter.annotation in ("str", str) and not isinstance(params[name], str):
            raise ValueError(f"{name} must be text (a JSON string), not {shown(params[name])}")


def handle(request: str, session: Any = None) -> str:
    """Answer one JSON request ``{"method", "params", "session"}`` with ``{"ok", "result"}`` or ``{"ok": false, "error"}``.

    Errors come back as data with a plain-words message, never as exceptions,
    so a bad request cannot break the worker. *session* overrides the request's
    named session (tests use it).

    >>> json.loads(handle('{"method": "fly"}'))["error"]["message"][:21]
    "unknown method 'fly':"
    >>> json.loads(handle('{"method": "restore", "params": {"record": 7}}'))["error"]["message"]
    'record must be text (a JSON string), not 7'
    """
    method: object = None
    try:
        data = read_json(request)
        if not isinstance(data, dict):
            raise ValueError("a request must be a JSON object")
        method = data.get("method")
        if not isinstance(method, str):
            raise ValueError(f"unknown method {shown(method)}")
        params = data.get("params") or {}
        if not isinstance(params, dict):
            raise ValueError("params must be a JSON object")
        params = dict(params)
        if session is not None:
            params.pop("game", None)
            target = session
        else:
            target = _session(data.get("session"), method, params)
        if method not in target.methods:
            raise ValueError(f"unknown method {shown(method)}: {target.game_name} offers {', '.join(target.methods)}")
        _checked(target, method, params)
        result = getattr(target, method)(**params)
        news = target.record_news()
        answer = {"ok": True, "result": result} if news is None else {"ok": True, "result": result, "record": news}
        reply = json.dumps(answer, ensure_ascii=False)
    except (ValueError, TypeError, RulesError) as error:
        return _error(str(error))
    except Exception as error:  # a bug, but still an answer: the page says so and the worker goes on
        return _error(f"{ENGINE_FAULT} {shown(method)}: {type(error).__name__}: {error}")
    return reply


def _error(message: str) -> str:
    return json.dumps({"ok": False, "error": {"message": message}}, ensure_ascii=False)
