"""A deal of Sevens in the browser: you in seat 0, computer players in the other seats.

The session holds one :class:`~engine.sevens.game.Game` (and, in a match, the
:class:`~engine.core.match.Match` it belongs to) and nothing that could get out
of step with it: whose turn it is, the table, the log and the result are all
read from the game when :meth:`Session.state` is asked for.

>>> session = Session()
>>> state = session.new_game(7)
>>> state["seed"], [len(row["cards"]) for row in state["rows"]], state["counts"]
(7, [0, 0, 0, 0], [13, 13, 13, 13])
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from ..core.cards import Card, cards_of
from ..core.jsontext import shown
from ..core.session import DealSession
from ..core.text import counted, sentence
from .game import DEFAULT_NAMES, YOU, Game
from .moves import Move
from .players import COMPUTER_PLAYERS, Decision, Player, make_player
from .position import Position
from .present import card_json, move_json, result_json, row_json, rules_json, score_json
from .review import decisions, estimate, replay
from .rules import SevensRules
from .view import PlayerView

__all__ = ["YOU", "Session", "parse_script"]

ADVISER = "sam"  # the strongest player suggests moves and comments on guided deals
STAND_IN = "alex"  # plays for a player that cannot read a short deal (see _short_deal_safe)

JSON = dict[str, Any]


def parse_script(text: str, names: Sequence[str] = DEFAULT_NAMES) -> list[Move]:
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
        if not colon or seat is None or seat == YOU:
            raise ValueError(f"script step {step.strip()!r}: expected a computer player and a move, like 'Robin: 8D'")
        card = None if what.strip().lower() == "pass" else Card.parse(what)
        moves.append(Move(seat, card))
    return moves


def prompt(pos: Position) -> str:
    """What the page says when it is your turn."""
    if not pos.legal_mask():
        return "Your turn: nothing fits, so press Pass."
    if pos.rules.voluntary_pass:
        left = pos.rules.pass_limit - pos.passes[YOU] if pos.rules.pass_limit is not None else None
        if left is not None and left <= 0:
            return "Your turn: play a card, or pass and be out of the deal."
        return "Your turn: play a card, or pass if you would rather hold your cards."
    return "Your turn."


def seats_json(pos: Position, names: Sequence[str], bots: dict[int, Player]) -> list[JSON]:
    """Each seat as the page lists it: its name, who plays it (``player``: a computer player's name, ``None``
    for you), its cards, and a sentence for what the options add."""
    seats = []
    limit = pos.rules.pass_limit
    for seat, name in enumerate(names):
        count = pos.hands[seat].bit_count()
        if seat in pos.out:
            status = "out: passed too often, cards laid on the table"
        elif seat in pos.done:
            place = pos.done.index(seat) + 1
            status = "went out first" if place == 1 else f"went out {_ORDINALS[min(place, len(_ORDINALS)) - 1]}"
        elif limit is not None:
            left = limit - pos.passes[seat]
            status = f"{counted(max(left, 0), 'pass', 'passes')} left" if left > 0 else "the next pass puts them out"
        else:
            status = None
        player = bots[seat].name if seat in bots else None
        seats.append(
            {
                "seat": seat,
                "name": name,
                "player": player,
                "count": count,
                "cards": counted(count, "card"),
                "status": status,
            }
        )
    return seats


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def _short_deal_safe(player: Player, view: PlayerView, stand_in: Player) -> Decision:
    """*player*'s decision; *stand_in*'s when *player* cannot read a short deal.

    Guided deals leave some cards out of every hand, and a player that reasons
    about who holds the hidden cards (Sam) may find the counts impossible.
    """
    try:
        return player.decide(view)
    except ValueError:
        return stand_in.decide(view)


def _move_number(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"move {shown(value)} must be a whole number")
    return value


class Session(DealSession[Game, Player]):
    """One deal in the browser (a shuffled deal, a deal of a match, or a lesson's guided deal)."""

    game_name = "sevens"
    # What a page may ask of this session (see engine.core.webapi).
    methods = (
        "new_game",
        "new_match",
        "next_deal",
        "guided",
        "restore",
        "state",
        "play",
        "pass_turn",
        "computer_move",
        "suggest",
        "record",
        "replay",
        "review_points",
        "review_move",
    )

    def __init__(self) -> None:
        super().__init__(make_player, COMPUTER_PLAYERS, adviser=ADVISER)
        self.stand_in: Player = make_player(STAND_IN, random.Random(0))
        self.script: list[Move] = []

    # -- starting (new_game, new_match, next_deal and restore: see DealSession) ----------

    def _read_record(self, record: str) -> Game:
        return Game.from_json(record)

    def _score_json(self, rules: SevensRules) -> JSON:
        return score_json(rules)

    def guided(self, position: str, script: str = "", goal: str = "") -> JSON:
        """A guided deal from a lesson: *position* in the engine's text form, you in seat 0."""
        start = Position.parse(position)
        game = Game.from_position(start)
        self._start(game, self._seats(None, start.rules.players))
        self.script = parse_script(script, game.names)
        self.goal = goal or None
        return self.state()

    def replay(self, record: str, moves: object) -> JSON:
        """The deal in *record* after its first *moves* moves, to look at or to play on from there."""
        self.restore(record)
        game = replay(self._game, _move_number(moves))
        self._start(game, self._bot_names())
        return self.state()

    def _sat_down(self, game: Game, seed: int) -> None:
        self.stand_in = make_player(STAND_IN, random.Random(seed))

    # -- moving -----------------------------------------------------------------

    def play(self, card: str) -> JSON:
        """You play *card*; ``ok`` false with the engine's reason when it may not be played."""
        return self._your_move(Card.parse(card))

    def pass_turn(self) -> JSON:
        """You pass; ``ok`` false with the reason when you may not."""
        return self._your_move(None)

    def _your_move(self, card: Card | None) -> JSON:
        game = self._game
        reason = game.why_illegal(YOU, card)
        if reason:
            if not game.is_over and game.turn != YOU:
                reason = f"it is {game.names[game.turn]}'s turn, not yours"
            return {"ok": False, "reason": sentence(reason), **self._wrap()}
        self.comment = self._judge(card) if not game.has_record else None
        game.act(YOU, card)
        self.notice = None
        return {"ok": True, "move": move_json(game.moves[-1], game.names), **self._wrap()}

    def _judge(self, card: Card | None) -> str | None:
        """In a guided deal, what the strongest bot would have done instead, and why."""
        if card is None or len(self._game.position.legal_moves()) < 2:
            return None
        advice = self._decide(self.adviser, YOU)
        if advice.card == card:
            return f"Good choice: {sentence(advice.reason)}"
        if advice.card is None:
            return None
        return f"{advice.card.display} was worth a thought: {sentence(advice.reason)}"

    def computer_move(self) -> JSON:
        """The computer seat to move plays one card or passes."""
        game = self._game
        if game.is_over:
            raise ValueError("the deal is over")
        seat = game.turn
        if seat == YOU:
            raise ValueError("it is your turn")
        choices = game.position.legal_mask().bit_count()
        started = time.perf_counter()
        move, reason = self._scripted(seat)
        if move is None:
            decision = self._decide(self.bots[seat], seat)
            move, reason = Move(seat, decision.card), decision.reason
        elapsed = (time.perf_counter() - started) * 1000
        game.act(seat, move.card)
        self.notice = None
        return {
            "ok": True,
            "move": move_json(move, game.names),
            "reason": reason,
            "choices": choices,  # the cards that fitted: with fewer than two there was nothing to think about
            "think_ms": elapsed,
            **self._wrap(),
        }

    def _scripted(self, seat: int) -> tuple[Move | None, str]:
        if not self.script:
            return None, ""
        move = self.script[0]
        if move.seat != seat or self._game.why_illegal(seat, move.card):
            # You left the lesson's line, so the script no longer applies; the bots take over.
            self.script = []
            return None, ""
        self.script.pop(0)
        return move, "scripted reply"

    def _decide(self, player: Player, seat: int) -> Decision:
        game = self._game
        view = game.view(seat)
        if game.has_record:  # a full deal: any failure is a real bug and must show
            return player.decide(view)
        return _short_deal_safe(player, view, self.stand_in)

    # -- advice and records -------------------------------------------------------

    def suggest(self) -> JSON:
        """A legal move for you and the one-sentence reason, from the strongest computer player."""
        game = self._game
        if game.is_over:
            raise ValueError("the deal is over")
        if game.turn != YOU:
            raise ValueError(f"it is {game.names[game.turn]}'s turn, not yours")
        decision = self._decide(self.adviser, YOU)
        if game.why_illegal(YOU, decision.card):  # never pass on advice the rules refuse
            raise ValueError("the adviser chose an illegal move")
        plain = sentence(decision.plain or decision.reason)
        # In a learner's words: "Sam would play 2♦: it opens the way to your A♦." A pass when nothing fits
        # is no choice of Sam's, so it is said as it is.
        chose = decision.card is not None or bool(game.position.legal_mask())
        said = f"{ADVISER.title()} would {plain[0].lower()}{plain[1:]}" if chose else plain
        return {
            "card": decision.card.code if decision.card else None,
            "reason": sentence(decision.reason),
            "text": said,
        }

    # A review is asked for one decision at a time, so the page can show its progress.

    def review_points(self, record: str) -> JSON:
        """The moves of *record* to review: yours where you played a card and more than one fitted."""
        game = Game.from_json(record)
        return {"moves": decisions(game), "total": len(game.moves)}

    def review_move(self, record: str, move: object) -> JSON:
        """Sam's estimate of your chance to win with each card that fitted at *move* (see :mod:`engine.sevens.review`)."""
        return estimate(Game.from_json(record), _move_number(move))

    # -- state ------------------------------------------------------------------

    def state(self) -> JSON:
        """Everything the page draws, as plain JSON, with every sentence it shows."""
        game = self._game
        pos = game.position
        yours = pos.turn == YOU and not pos.is_over
        legal = pos.legal_mask() if yours else 0
        hand = []
        for card in cards_of(pos.hands[YOU]):
            why = None if legal & card.bit or not yours else pos.why_illegal(card)
            hand.append({**card_json(card), "legal": bool(legal & card.bit), "why": sentence(why) if why else None})
        return {
            "game": "sevens",
            "seed": game.seed,
            "kind": self._kind(),
            "rules": rules_json(game.rules),
            "players": game.rules.players,
            "dealer": game.dealer,
            "names": list(game.names),
            "turn": pos.turn,
            "over": pos.is_over,
            "your_turn": yours,
            "must_pass": yours and not legal,
            "may_pass": yours and pos.may_pass(),
            "rows": [row_json(pos.table, pos.loose, game.rules, suit_index) for suit_index in range(4)],
            "hand": hand,
            "counts": list(pos.counts()),
            "passes": list(pos.passes),
            "out": list(pos.out),
            "seats": seats_json(pos, game.names, self.bots),
            "prompt": prompt(pos) if yours else None,
            "log": [move_json(move, game.names) for move in game.moves],
            "result": result_json(pos, game.moves, game.names, YOU),
            "match": self._match_json(),
            "goal": self.goal,
            "notice": self.notice,
            "comment": self.comment,
        }
