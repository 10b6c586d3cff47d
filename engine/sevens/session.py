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
from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.cards import Card, cards_of
from ..core.session import DealSession
from ..core.text import counted, sentence
from .game import DEFAULT_NAMES, YOU, Game
from .moves import Move
from .players import COMPUTER_PLAYERS, Decision, Player, make_player
from .position import Position
from .present import card_json, move_json, result_json, row_json, rules_json, score_json
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


def prompt(pos: Position, you: int = YOU) -> str:
    """What the page says when it is your turn (*you*: the seat the page serves)."""
    if not pos.legal_mask():
        return "Your turn: nothing fits, so press Pass."
    if pos.rules.voluntary_pass:
        left = pos.rules.pass_limit - pos.passes[you] if pos.rules.pass_limit is not None else None
        if left is not None and left <= 0:
            return "Your turn: play a card, or pass and be out of the deal."
        return "Your turn: play a card, or pass if you would rather hold your cards."
    return "Your turn."


def seats_json(pos: Position, names: Sequence[str], bots: dict[int, Player]) -> list[JSON]:
    """Each seat as the page lists it: its name, who plays it (``player``: a computer player's name, ``None``
    for you), its cards, and a few words for what the options add (``status``).

    The words fit one line of a seat on a phone, where four seats share a row (about ten characters); the
    moves in the log say in full what happened.
    """
    seats = []
    limit = pos.rules.pass_limit
    for seat, name in enumerate(names):
        count = pos.hands[seat].bit_count()
        if seat in pos.out:
            status = "out of deal"  # passed once more than the limit: the cards went on the table
        elif seat in pos.done:
            place = pos.done.index(seat) + 1
            status = "went out" if pos.rules.finish == "first-out" else f"{_ordinal(place)} place"
        elif limit is not None:
            status = f"{pos.passes[seat]}/{limit} passes"  # at the limit, the next pass puts them out
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


def _ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … (a table seats eight at most)."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place, "th")
    return f"{place}{suffix}"


def _short_deal_safe(player: Player, view: PlayerView, stand_in: Player) -> Decision:
    """*player*'s decision; *stand_in*'s when *player* cannot read a short deal.

    Guided deals leave some cards out of every hand, and a player that reasons
    about who holds the hidden cards (Sam) may find the counts impossible.
    """
    try:
        return player.decide(view)
    except ValueError:
        return stand_in.decide(view)


class Session(DealSession[Game, Player]):
    """One deal in the browser (a shuffled deal, a deal of a match, or a lesson's guided deal): Sevens' hooks
    of the core's session (see :mod:`engine.core.session`). An action is a card, or ``None`` for a pass,
    written as the record writes a move: ``{"seat": 0, "play": "7D"}`` or ``{"seat": 0, "pass": true}``."""

    game_name = "sevens"
    reviews = True
    private_keys: ClassVar[dict[str, Any]] = {
        "must_pass": False,
        "may_pass": False,
    }  # both tell whether a card of the hand fits

    def __init__(self) -> None:
        super().__init__(make_player, COMPUTER_PLAYERS, adviser=ADVISER)
        self.stand_in: Player = make_player(STAND_IN, random.Random(0))

    # -- starting (new_game, new_match, next_deal, guided and restore: see DealSession) ----------

    def _read_record(self, record: str) -> Game:
        return Game.from_json(record)

    def _score_json(self, rules: SevensRules) -> JSON:
        return score_json(rules)

    def _guided_deal(self, position: str, rules: object) -> Game:
        """A guided deal from a lesson: *position* in the engine's text form (which says its rules), you in seat 0."""
        if rules is not None:
            raise ValueError("a Sevens position names its own rules: leave rules out")
        return Game.from_position(Position.parse(position))

    def _parse_script(self, text: str, names: Sequence[str]) -> list[tuple[int, Any]]:
        return [(move.seat, move.card) for move in parse_script(text, names)]

    def _sat_down(self, game: Game, seed: int) -> None:
        self.stand_in = make_player(STAND_IN, random.Random(seed))

    # -- actions ------------------------------------------------------------------

    def _action_from_json(self, data: object) -> tuple[int, Card | None]:
        move = Move.from_json(data, self._game.rules.players)
        return move.seat, move.card

    def _action_json(self, seat: int, action: Card | None) -> JSON:
        return Move(seat, action).to_json()

    def _waits_for(self) -> str | None:
        pos = self._game.position
        return "it is your turn" if pos.turn == self.seat and not pos.is_over else None

    def _not_yours(self) -> str:
        game = self._game
        return "the deal is over" if game.is_over else f"it is {game.names[game.turn]}'s turn, not yours"

    def _refusal(self, action: Card | None) -> str | None:
        # A pass refused while a card fits says why without naming the card: finding it is the learner's part
        # (the rules' own reason, which names it, stays for records and the command line).
        reason = super()._refusal(action)
        if reason and action is None and self._your_turn() and self._game.position.legal_mask():
            return "you may pass only when no card in your hand fits, and one does now"
        return reason

    def _moved(self, action: Card | None) -> JSON:
        game = self._game
        return move_json(game.moves[-1], game.names)

    def _progress(self) -> int:
        return len(self._game.moves)

    def _turns_taken(self, seat: int) -> int:
        return sum(move.seat == seat for move in self._game.moves)  # each a card played or a pass

    def _choices(self, seat: int) -> int:
        return self._game.position.legal_mask().bit_count()

    def _chose(self, action: Card | None) -> bool:
        # A pass when nothing fits is no choice of Sam's, so it is said as it is.
        return action is not None or bool(self._game.position.legal_mask())

    def _judge(self, action: Card | None) -> str | None:
        """In a guided deal, what the strongest bot would have done instead, and why."""
        if action is None or len(self._game.position.legal_moves()) < 2:
            return None
        advice = self._decide(self.adviser, self.seat)
        if advice.card == action:
            return self._verdict(True, sentence(advice.reason))
        if advice.card is None:
            return None
        return f"{advice.card.display} was worth a thought: {sentence(advice.reason)}"

    def _decide(self, player: Player, seat: int) -> Decision:
        game = self._game
        view = game.view(seat)
        if game.has_record:  # a full deal: any failure is a real bug and must show
            return player.decide(view)
        return _short_deal_safe(player, view, self.stand_in)

    # -- state ------------------------------------------------------------------

    def _state_json(self) -> JSON:
        """Everything the page draws, as plain JSON, with every sentence it shows."""
        game = self._game
        pos = game.position
        you = self.seat
        yours = pos.turn == you and not pos.is_over
        legal = pos.legal_mask() if yours else 0
        hand = []
        for card in cards_of(pos.hands[you]):
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
            "prompt": prompt(pos, you) if yours else None,
            "log": [move_json(move, game.names) for move in game.moves],
            "result": result_json(pos, game.moves, game.names, -1 if self.people else you),
            "match": self._match_json(),
            "goal": self.goal,
            "notice": self.notice,
            "comment": self.comment,
        }
