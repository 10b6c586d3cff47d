"""A deal of Knock! Knock! in the browser: you in seat 0, computer players in the other seats.

The session holds one :class:`~engine.knock_knock.game.Game` and nothing that
could get out of step with it; :meth:`Session.state` reads everything the page
draws from your seat's view (:class:`~engine.knock_knock.view.PlayerView`), so
the state never shows another hand or the order of the stock.

The session supplies the hooks of the core's session (:mod:`engine.core.session`, whose methods a page
asks for through :mod:`engine.core.webapi`). An action is written as the record writes a move, and
one step more, which the record leaves out:

``{"seat": 0, "play": "9H"}``, ``{"seat": 0, "play": "2S", "suit": "D"}``, ``{"seat": 0, "play": "QD", "knock": true}``
    Your discard (naming the suit with a pick-up card; ``knock`` where you knock). Leaving out the knock
    on your third-to-last card is allowed, as at a real table: the others may call it.
``{"seat": 0, "draw": true}``
    Your draw.
``{"seat": 0, "challenge": true}`` / ``{"seat": 0, "let_pass": true}``
    Call "Knock! Knock!" on the discard just made, while ``state.call.you_may_call``; or let it pass
    when the table asks you (``state.call.asks_you``). A let-pass is no move of the record.

``guided {position, script?, goal?, rules?}`` takes *position* in :meth:`State.text()
<engine.knock_knock.state.State.text>`'s form: ``hands H0 / H1 / … | pile CARDS (top last) | stock CARDS
(top first) | suit S | turn N``, you in seat 0 and Robin, Alex, Sam (then again) in the others; ``suit``
and ``stock`` may be left out (a stock that runs out is rebuilt from the pile). *script*: the computer
seats' moves, in order, ``"Robin: 9H; Alex: 2S D; Sam: draw; Robin: QD knock; Alex: call"``: a card to
discard (a pick-up card with the suit it names, ``knock`` where the seat knocks), ``draw``, or ``call``
("Knock! Knock!" on the discard just made). A call in the script is made when its seat may call; calls
that the script does not make are the players' own (they call every missed knock they see).

``computer_move {}`` is one step of the computer players: while a discard may be called, you are taken to
let it pass (unless the table asks you) and each computer seat in turn calls or lets it pass; the step
ends there if someone called or a pick-up card's victim picked up (*move* null). Otherwise the computer
seat on turn discards or draws.

The state: ``game``, ``seed``, ``kind`` (game, match or guided), ``rules`` (``options``, ``name``,
``text``, ``notes``: a sentence per option that differs from the defaults), ``players``,
``dealer``, ``names``, ``turn`` (the seat to discard or draw next), ``over``, ``your_turn`` (the
table waits for you: your discard or draw, or your answer to a missed knock), ``may_play`` (your
discard or draw), ``must_draw``, ``must_knock``, ``top`` (a card: ``code``, ``display``,
``name``, ``suit``, ``pickup``), ``suit`` (the playing suit: ``code``, ``name``, ``symbol``),
``table_text``, ``stock`` (its size) and ``stock_text``, ``pile`` (its size), ``hand`` (cards
with ``legal``, ``why`` not, ``new``: drawn or picked up since your last move, and for a pick-up
card ``name_suit``), ``counts``, ``seats`` (``name``, ``player``, ``count``, ``cards``,
``status``), ``call`` (the discard that may be called: ``seat``, ``name``, ``card``,
``knocked``, ``you_may_call``, ``asks_you``, ``text``), ``prompt``, ``log`` (``seat``, ``kind``:
play, draw, challenge, pickup, takeback or reshuffle, ``card``, ``knock``, ``text``, ``shout``:
what the table hears at a knock or a call), ``result`` (``winner``, ``winner_name``,
``final_card``, ``left``, ``points``, ``text``), ``match`` (in a match: ``seed``, ``deal``, ``scoring``,
``heading``, ``signed``, ``lower_is_better``, ``deals``: each finished deal's scores, ``totals``), ``goal``,
``notice``, ``comment``.

The table waits for you (``call.asks_you``) when a player has just put down their third-to-last card
without knocking: you get the first chance to call it, however fast the computer players are, and
the page needs no timing. Any other discard can be called only until the next step (a wrong call
costs the caller 7 cards).

>>> session = Session()
>>> state = session.new_game(7)
>>> state["counts"], state["top"]["display"], state["stock"]
([7, 7, 7, 7], '6♦', 23)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.cards import Card, Suit
from ..core.game import YOU
from ..core.jsontext import shown
from ..core.pile import card_json as pile_card_json
from ..core.pile import suit_json
from ..core.pile_session import PileSession, script_steps
from ..core.text import counted, sentence
from .game import Game, action_from_json, action_to_json
from .players import PLAYERS, Player, make_player
from .present import describe, rules_json, shout
from .rules import KNOCK_AT, TURN_LIMIT, card_points, is_pickup
from .state import Action, Challenge, Draw, Move, PickUp, Play, Quiet, RecordedAction, TakeBack
from .view import PlayerView, SeenEvent

__all__ = ["YOU", "Session", "parse_script"]

ADVISER = "sam"
# A player who goes down to this many cards has just put down their third-to-last card.
DOWN_TO = KNOCK_AT - 1

JSON = dict[str, Any]


def parse_script(text: str, names: Sequence[str]) -> list[tuple[int, RecordedAction]]:
    """The computer seats' moves of a guided deal (see the module docstring).

    >>> names = ["You", "Robin", "Alex", "Sam"]
    >>> parse_script("Robin: 9H; alex: 2s d knock; Sam: draw; Robin: call", names)  # doctest: +NORMALIZE_WHITESPACE
    [(1, Play(card=Card.parse('9H'), suit=None, knock=False)),
     (2, Play(card=Card.parse('2S'), suit=<Suit.DIAMONDS: 'D'>, knock=True)),
     (3, Draw()), (1, Challenge())]
    """
    example = "a move, like 'Robin: 9H' or 'Alex: draw'"
    return [(seat, _scripted_action(step, what.split())) for step, seat, what in script_steps(text, names, example)]


def _scripted_action(step: str, words: list[str]) -> RecordedAction:
    first = words[0].lower()
    if first in ("draw", "call") and len(words) == 1:
        return Draw() if first == "draw" else Challenge()
    try:
        card = Card.parse(words[0])
        suit = None
        knock = False
        for word in words[1:]:
            if word.lower() == "knock" and not knock:
                knock = True
            elif suit is None:
                suit = Suit.parse(word)
            else:
                raise ValueError(f"{word!r} is neither a suit nor knock")
    except ValueError as error:
        raise ValueError(f"script step {step!r}: {error} (a move is a card [suit] [knock], draw or call)") from None
    return Play(card, suit, knock)


def card_json(card: Card) -> JSON:
    return pile_card_json(card, pickup=is_pickup(card))


def event_json(event: SeenEvent, names: Sequence[str]) -> JSON:
    """One line of the log: who, what kind of event, the card if one was shown, the sentence, and what the
    table hears (``shout``) at a knock or a call."""
    # Without its full stop, as the page writes a move ("Robin plays 9♥. Your turn.").
    text = describe(event, names).removesuffix(".")
    entry: JSON = {"seat": None, "kind": "reshuffle", "card": None, "knock": False, "text": text}
    entry["shout"] = shout(event, names)  # a knock or a call, as the table hears it
    if isinstance(event, Move):
        action = event.action
        entry["seat"] = event.seat
        if isinstance(action, Play):
            entry.update(kind="play", card=card_json(action.card), knock=action.knock)
            if action.suit is not None:
                entry["suit"] = suit_json(action.suit)
        else:
            entry["kind"] = "draw" if isinstance(action, Draw) else "challenge"
    elif isinstance(event, PickUp):
        entry.update(seat=event.seat, kind="pickup")
    elif isinstance(event, TakeBack):
        entry.update(seat=event.seat, kind="takeback", card=card_json(event.card))
    return entry


class Session(PileSession[Game, Player], script=parse_script):
    """One deal of Knock! Knock! in the browser (a shuffled deal, or a lesson's guided deal)."""

    # What tells of the served hand: whether a card fits, must be knocked on.
    private_keys: ClassVar[dict[str, Any]] = {"may_play": False, "must_draw": False, "must_knock": False}

    def __init__(self) -> None:
        super().__init__(make_player, PLAYERS, adviser=ADVISER)
        self.held: dict[int, list[Card]] = {}  # each seat's hand as it was before its last discard or draw

    # -- starting (new_game, new_match, next_deal, guided and restore: see DealSession and PileSession) ---

    def _sat_down(self, game: Game, seed: int) -> None:
        self.held = {seat: list(hand) for seat, hand in enumerate(game.state.hands)}

    # -- actions ------------------------------------------------------------------------

    def _action_from_json(self, data: object) -> tuple[int, Action]:
        players = self._game.rules.players
        if isinstance(data, dict) and "let_pass" in data:
            seat = data.get("seat")
            if set(data) != {"seat", "let_pass"} or data["let_pass"] is not True:
                raise ValueError(
                    f'action {shown(data)}: letting a discard pass is written {{"seat": 0, "let_pass": true}}'
                )
            if type(seat) is not int or not 0 <= seat < players:
                raise ValueError(f"action {shown(data)}: seat must be a whole number from 0 to {players - 1}")
            return seat, Quiet()
        return action_from_json(data, players)

    def _action_json(self, seat: int, action: Action) -> JSON:
        if isinstance(action, Quiet):
            return {"seat": seat, "let_pass": True}
        return action_to_json(seat, action)

    # -- whose move -------------------------------------------------------------------

    def _asks_you(self) -> bool:
        """The table waits for your answer: a player has just put down their third-to-last card without a
        knock, and you may call it (the computer players would: you are given the first chance)."""
        state = self._game.state
        window = state.window
        return (
            window is not None
            and not window.knocked
            and len(state.hands[window.seat]) == DOWN_TO
            and self.seat in state.callers()
        )

    def _asked_out_of_turn(self) -> bool:
        return self._asks_you() and not self._on_turn()

    def _screened(self, state: JSON) -> JSON:
        screened = super()._screened(state)
        if screened["call"] is not None:  # the discard that may be called stays in view, but not your part in it
            screened["call"] = {**screened["call"], "you_may_call": False, "asks_you": False, "text": None}
        return screened

    def _call_words(self, call: Any) -> str:
        return "Knock! Knock!"

    def _public_calls(self, seat: int) -> list[Action]:
        # "Knock! Knock!" on a discard is called on what the table saw: any person may, without their hand.
        return [Challenge()] if seat in self._game.state.callers() else []

    def _on_turn(self) -> bool:
        """You are to discard or draw: the call window of the last discard is closed and you are on turn."""
        state = self._game.state
        return not state.is_over and state.window is None and state.to_move == self.seat

    def _waits_for(self) -> str | None:
        if self._on_turn():
            return "it is your turn"
        return self._not_yours() if self._asks_you() else None

    def _not_yours(self) -> str:
        game = self._game
        state = game.state
        if state.is_over:
            return "the deal is over"
        window = state.window
        if window is not None:
            if self._asks_you():
                return f"first call Knock! Knock! on the {window.card.display}, or let it pass"
            return f"wait: the others may still call Knock! Knock! on the {window.card.display}"
        return f"it is {game.names[state.to_move]}'s turn, not yours"

    def _refusal(self, action: Action) -> str | None:
        if isinstance(action, Play | Draw) and not self._on_turn():
            return self._not_yours()
        return self._game.why_illegal(self.seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Play | Draw):
            self.held[seat] = list(self._game.state.hands[seat])
        self._game.act(seat, action)

    def _moved(self, action: Action) -> JSON | None:
        return None if isinstance(action, Quiet) else self._last_move()

    def _progress(self) -> int:
        return len(self._game.state.events)

    def _turns_taken(self, seat: int) -> int:
        # A turn is a discard or a draw; a call of Knock! Knock! is made out of turn.
        moves = (event for event in self._game.state.events if isinstance(event, Move) and event.seat == seat)
        return sum(isinstance(move.action, Play | Draw) for move in moves)

    def _choices(self, seat: int) -> int:
        return len(self._game.view(seat).fitting())  # the distinct cards that fit

    def _stand_aside(self) -> Action | None:
        return Quiet() if self.seat in self._game.state.callers() else None  # the table moved on: you let it pass

    def _answering(self) -> bool:
        return bool(self._game.state.callers())

    def _script_fits(self, seat: int, action: Action) -> bool:
        # While the others may call a discard, only a scripted call is used; the seat's turn comes after.
        answering = self._answering()
        return self._game.why_illegal(seat, action) is None and (not answering or isinstance(action, Challenge))

    def _chose(self, action: Action) -> bool:
        return not (isinstance(action, Draw) and not self._game.view(self.seat).fitting())

    def _judge(self, action: Action) -> str | None:
        """In a guided deal: a missed knock, or what Sam would have done instead and why (a call or a let-pass
        leaves the comment as it was)."""
        if isinstance(action, Challenge | Quiet):
            return self.comment
        state = self._game.state
        missed = state.missed_knock(self.seat, action)
        if missed:
            return sentence(missed)
        if len(state.legal_actions(self.seat)) < 2:
            return None
        advice = self.adviser.decide(self._game.view(self.seat))
        plain = sentence(advice.plain or advice.reason)
        same = advice.action == action or (
            isinstance(advice.action, Play)
            and isinstance(action, Play)
            and (advice.action.card, advice.action.suit) == (action.card, action.suit)  # the suit named too
        )
        return self._verdict(same, plain)

    def _setback(self, action: Action) -> str | None:
        """A discard of your third-to-last card without the knock: the lessons' goals ask you to knock when you
        must, and anyone may now call it and make you pick up."""
        if not self._game.state.missed_knock(self.seat, action):
            return None
        return "Without the knock, anyone may call “Knock! Knock!” and make you pick up cards."

    def _last_move(self) -> JSON | None:
        game = self._game
        for event in reversed(game.view(self.seat).history):
            if isinstance(event, Move):
                return event_json(event, game.names)
        return None

    # -- state --------------------------------------------------------------------------

    def _state_json(self) -> JSON:
        """Everything the page draws, from your seat's view, with every sentence it shows."""
        game = self._game
        view = game.view(self.seat)
        yours = self._on_turn()
        fitting = set(view.fitting()) if yours else set()
        asked = self._asks_you()
        hand = []
        new = Counter(view.hand) - Counter(
            self.held.get(self.seat, [])
        )  # drawn or picked up since your last discard or draw
        for card in view.hand:
            legal = card in fitting
            why = None if legal or not yours else game.why_illegal(self.seat, Play(card))
            if asked:
                why = self._not_yours()
            entry = {**card_json(card), "legal": legal, "why": sentence(why) if why else None, "new": new[card] > 0}
            new[card] -= 1
            if is_pickup(card):
                entry["name_suit"] = f"Name the playing suit for the {card.display}."
            hand.append(entry)
        names = list(game.names)
        return {
            "game": game.rules.game.name,
            "seed": game.seed,
            "kind": self._kind(),
            "rules": rules_json(game.rules),
            "players": game.rules.players,
            "dealer": game.dealer,
            "names": names,
            "turn": view.turn,
            "over": view.is_over,
            "your_turn": yours or asked,  # the table waits for you: your discard or draw, or your answer
            "may_play": yours,
            "must_draw": yours and not fitting,
            "must_knock": yours and view.must_knock,
            "top": card_json(view.top),
            "suit": suit_json(view.suit),
            "table_text": self._table_text(view),
            "stock": view.stock_size,
            "stock_text": f"Stock: {counted(view.stock_size, 'card')}",
            "pile": len(view.pile),
            "hand": hand,
            "counts": list(view.counts),
            "seats": self._seats_json(view),
            "call": self._call_json(view, asked),
            "prompt": self._prompt(view, asked, yours, bool(fitting)),
            "log": [event_json(event, names) for event in view.history],
            **self._closing_json(),
        }

    @staticmethod
    def _table_text(view: PlayerView) -> str:
        if view.top.suit == view.suit:
            return f"The top card is the {view.top.display}; the playing suit is {view.suit.plural}."
        return f"The top card is the {view.top.display}; the playing suit is {view.suit.plural}, named for it."

    def _card_json(self, card: Card) -> JSON:
        return card_json(card)

    def _call_json(self, view: PlayerView, asked: bool) -> JSON | None:
        """The discard that may be called now, and your part in it."""
        window = view.window
        if window is None or view.is_over:
            return None
        name = self._game.names[window.seat]
        you_may = self.seat in self._game.state.callers()
        if asked:
            text = (
                f"{name} put down their third-to-last card, the {window.card.display}, without knocking: "
                "call Knock! Knock! before play goes on, or let it pass."
            )
        else:
            text = None
        return {
            "seat": window.seat,
            "name": name,
            "card": card_json(window.card),
            "knocked": window.knocked,
            "you_may_call": you_may,
            "asks_you": asked,
            "text": text,
        }

    def _prompt(self, view: PlayerView, asked: bool, yours: bool, fits: bool) -> str | None:
        call = self._call_json(view, asked)
        if asked and call is not None:
            text: str = call["text"]
            return text
        if not yours:
            return None
        if not fits:
            return "Your turn: nothing fits, so draw a card."
        if view.must_knock:
            return "Your turn: this is your third-to-last card, so knock as you put it down."
        return "Your turn: put down a card that fits, or draw."

    def _points(self) -> list[int]:
        """The points of the cards each hand holds (a drawn deal's too)."""
        return [sum(card_points(card) for card in hand) for hand in self._game.state.hands]

    def _no_winner_text(self) -> str:
        return f"The deal is a draw: {TURN_LIMIT:,} turns and nobody went out."
