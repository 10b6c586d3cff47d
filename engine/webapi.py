"""The engine as the browser sees it: one session, JSON in and JSON out.

The page never decides a rule. It sends ``{"method": ..., "params": ...}`` to
:func:`handle` and draws whatever state comes back: which cards are down, which
of your cards fit (and why the others do not), whose turn it is and the log.

>>> session = Session()
>>> state = session.new_game(7)
>>> state["seed"], [len(row["cards"]) for row in state["rows"]], state["counts"]
(7, [0, 0, 0, 0], [13, 13, 13, 13])
>>> reply = json.loads(handle('{"method": "play", "params": {"card": "XX"}}', session))
>>> reply["ok"], reply["error"]["message"][:18]
(False, "unknown card 'XX':")
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from .cards import SUITS, Card, Suit, cards_of
from .deal import check_seed, player_rng, read_seed
from .game import DEFAULT_NAMES, Game
from .jsontext import read_json, shown
from .moves import Move
from .players import Decision, Player, make_player
from .position import SUIT_MASKS, IllegalMove, Position, describe_row, playable_mask, row_ends
from .review import decisions, estimate, replay
from .view import PlayerView

__all__ = ["Session", "handle", "parse_script", "parse_seed", "parse_table", "seat_names"]

LEARNER = 0
BOT_NAMES = ("robin", "alex", "sam")  # the default table: who sits in seats 1, 2 and 3
ADVISER = "sam"  # the strongest player suggests moves and comments on guided deals
STAND_IN = "alex"  # plays for a player that cannot read a short deal (see _short_deal_safe)

JSON = dict[str, Any]


def parse_seed(text: object) -> int:
    """A deal number from a URL or a form: a seed, as :func:`engine.deal.read_seed` reads it.

    >>> parse_seed("123"), parse_seed(" 42 ")
    (123, 42)
    >>> parse_seed("abc")
    Traceback (most recent call last):
    ...
    ValueError: seed 'abc' is not a whole number: seeds are whole numbers from 0 to 9007199254740991
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return check_seed(text)
    return read_seed(str(text))


def parse_script(text: str, names: tuple[str, ...] = DEFAULT_NAMES) -> list[Move]:
    """The computer seats' replies of a guided deal: ``"Robin: 8D; Alex: pass; Sam: 6D"``.

    >>> [m.describe(DEFAULT_NAMES) for m in parse_script("Robin: 8D; alex: pass")]
    ['Robin played 8♦', 'Alex passed']
    """
    seats = {name.lower(): seat for seat, name in enumerate(names)}
    moves = []
    for step in text.replace("\n", ";").split(";"):
        if not step.strip():
            continue
        who, colon, what = step.partition(":")
        seat = seats.get(who.strip().lower())
        if not colon or seat is None or seat == LEARNER:
            raise ValueError(f"script step {step.strip()!r}: expected a computer player and a move, like 'Robin: 8D'")
        card = None if what.strip().lower() == "pass" else Card.parse(what)
        moves.append(Move(seat, card))
    return moves


def parse_table(players: object) -> tuple[str, ...]:
    """Who sits in seats 1-3: three of Robin, Alex and Sam, repeats allowed.

    >>> parse_table(["Sam", "sam", "robin"])
    ('sam', 'sam', 'robin')
    >>> parse_table(["alex", "bob", "sam"])
    Traceback (most recent call last):
    ...
    ValueError: players: 'bob' is not a computer player here: choose Robin, Alex or Sam
    """
    if not isinstance(players, list) or len(players) != len(BOT_NAMES):
        raise ValueError(f"players: expected a list of {len(BOT_NAMES)} names, one a seat, got {shown(players)}")
    table = []
    for name in players:
        kind = str(name).strip().lower()
        if kind not in BOT_NAMES:
            raise ValueError(f"players: {shown(name)} is not a computer player here: choose Robin, Alex or Sam")
        table.append(kind)
    return tuple(table)


def seat_names(table: tuple[str, ...]) -> tuple[str, ...]:
    """The names at the table, you first; a player sitting more than once is numbered in seat order.

    >>> seat_names(("robin", "alex", "sam"))
    ('You', 'Robin', 'Alex', 'Sam')
    >>> seat_names(("sam", "alex", "sam"))
    ('You', 'Sam 1', 'Alex', 'Sam 2')
    """
    names = ["You"]
    for seat, kind in enumerate(table):
        name = kind.title()
        if table.count(kind) > 1:
            name += f" {table[: seat + 1].count(kind)}"
        names.append(name)
    return tuple(names)


def _table_of(names: tuple[str, ...]) -> tuple[str, ...]:
    """Who sat in seats 1-3 of a game record, from their names (``"Sam 2"`` is Sam); the default when unknown."""
    table = []
    for seat, name in enumerate(names[1:]):
        kind = name.split(" ")[0].lower()
        table.append(kind if kind in BOT_NAMES else BOT_NAMES[seat])
    return tuple(table)


def _card_json(card: Card) -> JSON:
    return {"code": card.code, "display": card.display, "name": card.name, "suit": card.suit.value}


def _short_deal_safe(player: Player, view: PlayerView, stand_in: Player) -> Decision:
    """*player*'s decision; *stand_in*'s when *player* cannot read a short deal.

    Guided deals leave some cards out of every hand, and a player that reasons
    about who holds the hidden cards (Sam) may find the counts impossible.
    """
    try:
        return player.decide(view)
    except ValueError:
        return stand_in.decide(view)


class Session:
    """One deal in the browser: the learner in seat 0, Robin, Alex and Sam in seats 1-3.

    A session is either a full shuffled deal (:meth:`new_game`, with a game
    record) or a guided deal from a lesson (:meth:`guided`, from any position
    and with optional scripted replies).
    """

    def __init__(self) -> None:
        self.names: tuple[str, ...] = DEFAULT_NAMES
        self.table: tuple[str, ...] = BOT_NAMES
        self.game: Game | None = None
        self.position = Position(0, (0, 0, 0, 0), 0)
        self.moves: list[Move] = []
        self.seed: int | None = None
        self.bots: dict[int, Player] = {}
        self.adviser: Player | None = None
        self.stand_in: Player = make_player(STAND_IN, random.Random(0))
        self.script: list[Move] = []
        self.goal: str | None = None
        self.notice: str | None = None
        self.comment: str | None = None

    # -- starting ---------------------------------------------------------------

    def new_game(self, seed: object = None, players: object = None) -> JSON:
        """A shuffled deal from *seed* (a number or its text); a fresh one when it is missing or garbage.

        *players* names who sits in seats 1-3 (see :func:`parse_table`); Robin, Alex and Sam when missing.
        """
        table = BOT_NAMES if players is None else parse_table(players)
        notice = None
        if seed is None or seed == "":
            number = random.randrange(1, 10**9)
        else:
            try:
                number = parse_seed(seed)
            except ValueError as error:
                number = random.randrange(1, 10**9)
                notice = f"{error}. Here is a fresh deal instead."
        game = Game.new(number, seat_names(table))
        self._start(game.position, seed=number, game=game, table=table)
        self.notice = notice
        return self.state()

    def guided(self, position: str, script: str = "", goal: str = "") -> JSON:
        """A guided deal from a lesson: *position* in the engine's text form, you in seat 0."""
        start = Position.parse(position)
        self._start(start, seed=None, game=None, table=BOT_NAMES)
        self.script = parse_script(script, self.names)
        self.goal = goal or None
        return self.state()

    def restore(self, record: str) -> JSON:
        """Go back to a saved deal: the record is replayed and checked move by move."""
        game = Game.from_json(record)
        self._start(game.position, seed=game.seed, game=game, table=_table_of(game.players))
        return self.state()

    def replay(self, record: str, moves: object) -> JSON:
        """The deal in *record* after its first *moves* moves, to look at or to play on from there."""
        game = replay(Game.from_json(record), _move_number(moves))
        self._start(game.position, seed=game.seed, game=game, table=_table_of(game.players))
        return self.state()

    def _start(self, position: Position, *, seed: int | None, game: Game | None, table: tuple[str, ...]) -> None:
        self.game = game
        self.table = table
        self.names = game.players if game is not None else DEFAULT_NAMES
        self.position = position
        self.moves = list(game.moves) if game else []
        self.seed = seed
        base = seed if seed is not None else 0
        self.bots = {seat: make_player(table[seat - 1], player_rng(base, seat)) for seat in (1, 2, 3)}
        self.adviser = make_player(ADVISER, random.Random(base))
        self.stand_in = make_player(STAND_IN, random.Random(base))
        self.script = []
        self.goal = None
        self.notice = None
        self.comment = None

    # -- moving -----------------------------------------------------------------

    def play(self, card: str) -> JSON:
        """You play *card*; ``ok`` false with the engine's reason when it may not be played."""
        return self._learner_move(Card.parse(card))

    def pass_turn(self) -> JSON:
        """You pass; ``ok`` false with the reason when a card fits."""
        return self._learner_move(None)

    def _learner_move(self, card: Card | None) -> JSON:
        if self.position.turn != LEARNER and not self.position.is_over:
            return {"ok": False, "reason": f"it is {self.names[self.position.turn]}'s turn, not yours", **self._wrap()}
        reason = self.position.why_illegal(card)
        if reason:
            return {"ok": False, "reason": _sentence(reason), **self._wrap()}
        self.comment = self._judge(card) if self.game is None else None
        self._apply(card)
        return {"ok": True, "move": self._move_json(self.moves[-1]), **self._wrap()}

    def _judge(self, card: Card | None) -> str | None:
        """In a guided deal, what the strongest bot would have done instead, and why."""
        if card is None or self.adviser is None or len(self.position.legal_moves()) < 2:
            return None
        advice = self._decide(self.adviser, LEARNER)
        if advice.card == card:
            return f"Good choice: {_sentence(advice.reason)}"
        if advice.card is None:
            return None
        return f"{advice.card.display} was worth a thought: {_sentence(advice.reason)}"

    def computer_move(self) -> JSON:
        """The computer seat to move plays one card or passes."""
        seat = self.position.turn
        if self.position.is_over:
            raise ValueError("the deal is over")
        if seat == LEARNER:
            raise ValueError("it is your turn")
        choices = self.position.legal_mask().bit_count()
        started = time.perf_counter()
        move, reason = self._scripted(seat)
        if move is None:
            decision = self._decide(self.bots[seat], seat)
            move, reason = Move(seat, decision.card), decision.reason
        elapsed = (time.perf_counter() - started) * 1000
        self._apply(move.card)
        return {
            "ok": True,
            "move": self._move_json(move),
            "reason": reason,
            "choices": choices,  # the cards that fitted: with fewer than two there was nothing to think about
            "think_ms": elapsed,
            **self._wrap(),
        }

    def _scripted(self, seat: int) -> tuple[Move | None, str]:
        if not self.script:
            return None, ""
        move = self.script[0]
        if move.seat != seat or self.position.why_illegal(move.card):
            # The learner left the lesson's line, so the script no longer applies; the bots take over.
            self.script = []
            return None, ""
        self.script.pop(0)
        return move, "scripted reply"

    def _apply(self, card: Card | None) -> None:
        seat = self.position.turn
        if self.game is not None:
            self.game.play(card)
            self.position = self.game.position
        else:
            self.position = self.position.play(card) if card is not None else self.position.pass_turn()
        self.moves.append(Move(seat, card))
        self.notice = None

    def _decide(self, player: Player, seat: int) -> Decision:
        view = self._view(seat)
        if self.game is not None:  # a full deal: any failure is a real bug and must show
            return player.decide(view)
        return _short_deal_safe(player, view, self.stand_in)

    def _view(self, seat: int) -> PlayerView:
        pos = self.position
        return PlayerView(seat, pos.hands[seat], pos.table, pos.counts(), tuple(self.moves))

    # -- advice and records -------------------------------------------------------

    def suggest(self) -> JSON:
        """A legal move for you and the one-sentence reason, from the strongest computer player."""
        if self.position.is_over:
            raise ValueError("the deal is over")
        if self.position.turn != LEARNER:
            raise ValueError(f"it is {self.names[self.position.turn]}'s turn, not yours")
        assert self.adviser is not None
        decision = self._decide(self.adviser, LEARNER)
        if self.position.why_illegal(decision.card):  # never pass on advice the rules refuse
            raise ValueError("the adviser chose an illegal move")
        plain = _sentence(decision.plain or decision.reason)
        # In a learner's words: "Sam would play 2♦: it opens the way to your A♦."
        said = f"{ADVISER.title()} would {plain[0].lower()}{plain[1:]}" if decision.card else plain
        return {
            "card": decision.card.code if decision.card else None,
            "reason": _sentence(decision.reason),
            "text": said,
        }

    def record(self) -> str:
        """The game record (JSON text) of the full deal in progress or finished."""
        if self.game is None:
            raise ValueError("a guided deal has no game record")
        return self.game.to_json()

    # -- state ------------------------------------------------------------------

    def state(self) -> JSON:
        """Everything the page draws, as plain JSON."""
        pos = self.position
        legal = pos.legal_mask() if pos.turn == LEARNER else 0
        hand = []
        for card in cards_of(pos.hands[LEARNER]):
            why = None if legal & card.bit else pos.why_illegal(card) if pos.turn == LEARNER else None
            hand.append({**_card_json(card), "legal": bool(legal & card.bit), "why": _sentence(why) if why else None})
        return {
            "seed": self.seed,
            "kind": "game" if self.game is not None else "guided",
            "names": list(self.names),
            "table": list(self.table),
            "passes": [sum(1 for m in self.moves if m.seat == seat and m.card is None) for seat in range(4)],
            "turn": pos.turn,
            "over": pos.is_over,
            "your_turn": pos.turn == LEARNER and not pos.is_over,
            "must_pass": pos.turn == LEARNER and not pos.is_over and not legal,
            "rows": [self._row(suit_index) for suit_index in range(4)],
            "hand": hand,
            "counts": list(pos.counts()),
            "log": [self._move_json(move) for move in self.moves],
            "result": self._result(),
            "goal": self.goal,
            "notice": self.notice,
            "comment": self.comment,
        }

    def _row(self, suit_index: int) -> JSON:
        suit = SUITS[suit_index]
        table = self.position.table
        ends = row_ends(table, suit)
        nexts = playable_mask(table) & (((1 << 13) - 1) << (13 * suit_index))
        return {
            "suit": suit.value,
            "name": suit.plural,
            "symbol": suit.symbol,
            "cards": [card.code for card in cards_of(table) if card.suit is suit],
            "low": int(ends[0]) if ends else None,
            "high": int(ends[1]) if ends else None,
            "next": [card.code for card in cards_of(nexts)],
            "text": describe_row(table, suit),
            "caption": _row_caption(table, suit, nexts),
        }

    def _move_json(self, move: Move) -> JSON:
        return {
            "seat": move.seat,
            "card": _card_json(move.card) if move.card else None,
            "text": move.describe(self.names),
        }

    def _result(self) -> JSON | None:
        winner = self.position.winner
        if winner is None:
            return None
        final = next(m.card for m in reversed(self.moves) if m.card is not None) if self.moves else None
        who = self.names[winner]
        verb = "win" if winner == LEARNER else "wins"
        return {
            "winner": winner,
            "winner_name": who,
            "final_card": _card_json(final) if final else None,
            "left": list(self.position.counts()),
            "text": f"{who} {verb}" + (f", going out with {final.display}." if final else "."),
        }

    def _wrap(self) -> JSON:
        return {"state": self.state()}


def _row_caption(table: int, suit: Suit, nexts: int) -> str:
    """A row for the board, with the cards that may come next.

    >>> _row_caption(Card.parse("7H").bit, Suit("H"), playable_mask(Card.parse("7H").bit) & Card.parse("8H").bit)
    'hearts row holds only the 7♥; next: 8♥'
    """
    caption = describe_row(table, suit).removeprefix("the ")
    shown_next = " or ".join(card.display for card in cards_of(nexts))
    if table & SUIT_MASKS[suit.index]:
        return f"{caption}; next: {shown_next}" if nexts else f"{caption}; complete"
    if nexts:
        return f"{caption}; the 7{suit.symbol} can begin it"
    return f"{caption}; the 7♦ must open the deal first"


def _move_number(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"move {shown(value)} must be a whole number")
    return value


def review_points(session: Session, record: str) -> JSON:
    """The moves of *record* to review: yours where more than one card fitted."""
    game = Game.from_json(record)
    return {"moves": decisions(game), "total": len(game.moves)}


def review_move(session: Session, record: str, move: object) -> JSON:
    """Sam's estimate of your chance to win with each card that fitted at *move* (see :mod:`engine.review`)."""
    return estimate(Game.from_json(record), _move_number(move))


def _sentence(text: str) -> str:
    """Engine reasons are clauses ("9♥ does not fit: …"); the page shows sentences."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


METHODS: dict[str, Callable[..., Any]] = {
    "new_game": Session.new_game,
    "guided": Session.guided,
    "restore": Session.restore,
    "state": Session.state,
    "play": Session.play,
    "pass_turn": Session.pass_turn,
    "computer_move": Session.computer_move,
    "suggest": Session.suggest,
    "record": Session.record,
    "replay": Session.replay,
    # A review is asked for one decision at a time, so the page can show its progress.
    "review_points": review_points,
    "review_move": review_move,
}

# One page may hold several deals (a lesson with two guided deals), each in its own named session.
SESSIONS: dict[str, Session] = {}
MAX_SESSIONS = 16


def _session(name: object) -> Session:
    key = str(name) if name is not None else "main"
    if key not in SESSIONS and len(SESSIONS) >= MAX_SESSIONS:
        raise ValueError(f"too many deals open at once ({MAX_SESSIONS})")
    return SESSIONS.setdefault(key, Session())


def handle(request: str, session: Session | None = None) -> str:
    """Answer one JSON request ``{"method", "params", "session"}`` with ``{"ok", "result"}`` or ``{"ok": false, "error"}``.

    Errors come back as data with a plain-words message, never as exceptions,
    so a bad request cannot break the worker. *session* overrides the request's
    named session (tests use it).

    >>> json.loads(handle('{"method": "fly"}', Session()))["error"]["message"]
    "unknown method 'fly'"
    """
    try:
        data = read_json(request)
        if not isinstance(data, dict):
            raise ValueError("a request must be a JSON object")
        target = session if session is not None else _session(data.get("session"))
        method = METHODS.get(str(data.get("method")))
        if method is None:
            raise ValueError(f"unknown method {shown(data.get('method'))}")
        params = data.get("params") or {}
        if not isinstance(params, dict):
            raise ValueError("params must be a JSON object")
        result = method(target, **params)
    except (ValueError, TypeError, IllegalMove) as error:
        return json.dumps({"ok": False, "error": {"message": str(error)}}, ensure_ascii=False)
    return json.dumps({"ok": True, "result": result}, ensure_ascii=False)
