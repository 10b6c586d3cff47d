"""A deal of Blackjack in the browser: you in seat 0, computer players in the other seats.

The session holds one :class:`~engine.blackjack.game.Game` and reads everything
the page draws from your seat's view (:class:`~engine.blackjack.view.PlayerView`),
so the state never shows another hand or the order of the stock. It supplies
the hooks of the core's session (:mod:`engine.core.session`, whose methods a
page asks for through :mod:`engine.core.webapi`).

Your turn is built one step at a time, as at the table: the state's ``actions``
are the legal next steps. A step is written as the record writes a move, or as
one of the steps the record folds into its chain:

``{"seat": 0, "lay": "5S"}``
    Lay the 5♠: the first card of your turn, or the next one of your chain.
``{"seat": 0, "undo": true}``
    Take the card laid last this turn back into your hand.
``{"seat": 0, "stop": true}``, with ``"suit": "H"`` after a wild card, ``"last": true`` to call "Last cards"
    End a turn that laid cards (the log then shows the whole chain).
``{"seat": 0, "draw": true}``, ``{"seat": 0, "pickup": 4}``, ``{"seat": 0, "pass": true}``
    Draw a card, pick up the pending pick-up (its size), or pass; each may call ``"last": true``.
``{"seat": 0, "chain": ["5S", "6S"], "suit"?: "H", "last"?: true}``
    A whole turn at once, as a record writes it.

Where the rules ask you to call "Last cards" the actions list each ending step twice: with the call and
without it (forgetting is allowed, and costs the chance to go out next turn).

``computer_move {}`` plays the whole turn of the computer seat on turn (its draws under the drawing rules that
go on drawing, then its chain, pick-up or pass); *move* is the log's entry for the step that ended the turn.
``suggest {}`` gives Sam's advice with its reason: the turn the review would call best from where your turn began
(see :func:`engine.blackjack.review.advise`). At the start of a turn it is the whole turn, as the record writes it
(``{"chain": ["6H"], "last": true}``, or a draw, a pick-up, a pass), so that taking it is one press; inside a turn,
its next card or the stop that names its wild card's suit and calls; once your cards laid leave that turn, the next
step of the turn Sam plans from there.

``guided {position, script?, goal?, rules?}`` takes *position* in :meth:`State.text()
<engine.blackjack.state.State.text>`'s form: ``hands H0 / H1 / … | pile CARDS (top last) | stock CARDS
(top first) | suit S | turn N | pickup N | jacks N | direction -1 | called 0 2``, you in seat 0. *script*:
the computer seats' turns as the terminal reads them, ``"Robin: 5S 6S 6C last; Alex: AC H; Sam: draw;
Robin: pickup; Alex: pass"``.

The state: ``game``, ``seed``, ``kind`` (game, match or guided), ``rules`` (``options``, ``name``, ``text``,
``notes``), ``players``, ``dealer``, ``names``, ``turn``, ``over``, ``your_turn``, ``top`` (a card: ``code``,
``display``, ``name``, ``suit``, ``wild``), ``suit`` (the suit to follow: ``code``, ``name``, ``symbol``),
``suit_named`` (a wild card named it), ``table_text``, ``direction`` (1: seat numbers increasing, -1: the other
way) and ``direction_text``, ``pickup`` (the pending pick-up: ``size``, ``seat`` that faces it, ``text``,
``button``: the label of the control that takes it; null when none), ``stock`` (its size) and ``stock_text``,
``pile`` (its size), ``board`` (the places the board shows: ``pile``, ``suit``, ``direction`` where a card
reverses play, ``pickup`` where a card makes one, ``stock``), ``hand`` (cards with ``legal``: may be laid as the next step, and ``why`` not), ``chain``
(the cards laid so far this turn: ``cards``, ``text``; null when none), ``name_suit`` (the next step names a
suit: the page offers ``suits``), ``suits``, ``must_call`` (stopping now, the rules ask you to call "Last cards")
and ``call_text``, ``may_call`` (the rules have the call: one made when none is needed costs nothing), ``drawn``
(cards drawn so far this turn), ``counts``, ``seats`` (``seat``, ``name``, ``player``, ``count``, ``cards``,
``called``, ``status``), ``prompt``, ``log`` (``seat``, ``kind``: chain, draw, pickup, pass, penalty or
reshuffle; ``cards``, ``suit``, ``last``, ``got``, ``text``), ``result`` (``winner``, ``winner_name``,
``final_card``, ``left``, ``points``, ``text``), ``match``, ``goal``, ``notice``, ``comment``; the core adds
``actions`` and ``reviews``.

>>> session = Session()
>>> state = session.new_game(7)
>>> state["counts"], state["stock"], state["direction"]
([7, 7, 7, 7], 23, 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.cards import Card, Suit
from ..core.game import YOU
from ..core.jsontext import shown
from ..core.pile import card_json as pile_card_json
from ..core.pile import suit_json
from ..core.pile_session import PileSession, script_steps
from ..core.records import record_card, record_suit
from ..core.text import counted, sentence
from .game import Game, action_from_json, move_to_json
from .players import PLAYERS, Decision, Player, make_player
from .present import describe, rules_json
from .rules import TURN_LIMIT, Rules
from .state import Action, Chain, Draw, Lay, Move, Pass, Penalty, PickUp, RecordedAction, State, Stop, Undo
from .terminal import parse_command
from .view import PlayerView, Reshuffled, SeenEvent

__all__ = ["YOU", "Session", "parse_script"]

ADVISER = "sam"

JSON = dict[str, Any]

_STEPS = '{"lay": "5S"}, {"undo": true}, {"stop": true, "suit"?: "H", "last"?: true}'


def parse_script(text: str, names: Sequence[str]) -> list[tuple[int, RecordedAction]]:
    """The computer seats' turns of a guided deal (see the module docstring).

    >>> parse_script("Robin: 5S 6S last; alex: AC h; Sam: draw", ["You", "Robin", "Alex", "Sam"])  # doctest: +NORMALIZE_WHITESPACE
    [(1, Chain(cards=(Card.parse('5S'), Card.parse('6S')), suit=None, last=True)),
     (2, Chain(cards=(Card.parse('AC'),), suit=<Suit.HEARTS: 'H'>, last=False)), (3, Draw(last=False))]
    """
    steps: list[tuple[int, RecordedAction]] = []
    for step, seat, what in script_steps(text, names, "a turn, like 'Robin: 5S 6S' or 'Alex: draw'"):
        try:
            command = parse_command(what)
        except ValueError as error:
            raise ValueError(f"script step {step!r}: {error}") from None
        action: RecordedAction
        if command.kind == "chain":
            action = Chain(command.cards, command.suit, command.last)
        elif command.kind == "draw":
            action = Draw(command.last)
        elif command.kind == "pickup":
            action = PickUp(command.last)
        elif command.kind == "pass":
            action = Pass(command.last)
        else:
            raise ValueError(f"script step {step!r}: a turn is cards to lay, draw, pickup or pass")
        steps.append((seat, action))
    return steps


def card_json(card: Card, rules: Rules) -> JSON:
    return pile_card_json(card, wild=rules.is_wild(card))


def event_json(event: SeenEvent, names: Sequence[str], rules: Rules) -> JSON:
    """One line of the log: who, what kind of event, the cards of a chain, the suit named, the call, the cards a
    pick-up or a penalty gave, and the sentence (a chain written out)."""
    text = describe(event, names).removesuffix(".")
    entry: JSON = {"seat": None, "kind": "reshuffle", "cards": [], "suit": None, "last": False, "got": 0, "text": text}
    if isinstance(event, Reshuffled):
        return entry
    entry["seat"] = event.seat
    if isinstance(event, Penalty):
        entry.update(kind="penalty", got=event.got)
        return entry
    action = event.action
    entry["last"] = action.last
    if isinstance(action, Chain):
        entry["kind"] = "chain"
        entry["cards"] = [card_json(card, rules) for card in action.cards]
        if action.suit is not None:
            entry["suit"] = suit_json(action.suit)
    elif isinstance(action, PickUp):
        entry.update(kind="pickup", got=event.got)
    else:
        entry["kind"] = "draw" if isinstance(action, Draw) else "pass"
    return entry


class Session(PileSession[Game, Player], script=parse_script):
    """One deal of Blackjack in the browser (a shuffled deal, a deal of a match, or a lesson's guided deal)."""

    choice_words = "where there was more than one thing to do (lay other cards, or draw or pick up instead)"
    no_choice_words = "at every turn there was only one thing to do"
    key_words = "another card or turn you could have taken"
    # What tells of the served hand: a suit to name, a "Last cards" to call.
    private_keys: ClassVar[dict[str, Any]] = {"name_suit": False, "suits": [], "must_call": False, "call_text": None}

    def __init__(self) -> None:
        super().__init__(make_player, PLAYERS, adviser=ADVISER)
        self._legal_of: State | None = None  # the position whose legal steps are _legal_now
        self._legal_key: tuple[object, ...] = ()
        self._legal_now: list[Action] = []

    # -- starting (new_game, new_match, next_deal, guided and restore: see DealSession and PileSession) ----------

    # -- actions ------------------------------------------------------------------------

    def _action_from_json(self, data: object) -> tuple[int, Action]:
        game = self._game
        players = game.rules.players
        if isinstance(data, dict) and data.keys() & {"lay", "undo", "stop"}:
            seat = data.get("seat")
            if type(seat) is not int or not 0 <= seat < players:
                raise ValueError(f"action {shown(data)}: seat must be a whole number from 0 to {players - 1}")
            return seat, _step(data)
        seat, action, got = action_from_json(data, players)
        pending = game.state.pickup
        if isinstance(action, PickUp) and pending and got != pending:
            raise ValueError(f"action {shown(data)}: the pick-up waiting is of {counted(pending, 'card')}, not {got}")
        return seat, action

    def _action_json(self, seat: int, action: Action) -> JSON:
        if isinstance(action, Lay):
            return {"seat": seat, "lay": action.card.code}
        if isinstance(action, Undo):
            return {"seat": seat, "undo": True}
        if isinstance(action, Stop):
            entry: JSON = {"seat": seat, "stop": True}
            if action.suit is not None:
                entry["suit"] = action.suit.value
            if action.last:
                entry["last"] = True
            return entry
        return move_to_json(Move(seat, action, self._game.state.pickup))

    def _legal(self) -> list[Action]:
        """Your legal next steps, computed once per position: the state, its actions, prompt and call all ask."""
        state = self._game.state
        key = (len(state.events), tuple(state.laid), state.drawn, state.turn, state.is_over, self.seat)
        if self._legal_of is not state or self._legal_key != key:
            self._legal_of, self._legal_key, self._legal_now = state, key, state.legal_actions(self.seat)
        return self._legal_now

    def _actions(self) -> list[JSON]:
        """The legal next steps; where the rules ask for "Last cards", each ending step with the call and without."""
        listed: list[JSON] = []
        for action in self._legal():
            variants: list[Action] = [action]
            if not isinstance(action, Lay | Undo | Chain) and action.last:
                variants.append(dataclasses.replace(action, last=False))
            listed += [self._action_json(self.seat, each) for each in variants if self._refusal(each) is None]
        return listed

    # -- whose move ---------------------------------------------------------------------

    def _waits_for(self) -> str | None:
        game = self._game
        return "it is your turn" if not game.is_over and game.turn == self.seat else None

    def _not_yours(self) -> str:
        game = self._game
        if game.is_over:
            return "the deal is over"
        return f"it is {game.names[game.turn]}'s turn, not yours"

    def _moved(self, action: Action) -> JSON | None:
        """The log's entry of the move that *action* made: none for a step inside a turn (a card laid or taken back)."""
        if isinstance(action, Lay | Undo):
            return None
        game = self._game
        for event in reversed(game.view(self.seat).history):
            if isinstance(event, Move):
                return event_json(event, game.names, game.rules)
        return None

    def _progress(self) -> int:
        # A computer step is a whole turn: its draws (under drawing rules that go on) and the step that ends it.
        state = self._game.state
        return state.turns + state.is_over

    def _turns_taken(self, seat: int) -> int:
        # A turn ends with its chain, a pick-up or a pass, or with a draw where one card is drawn a turn (under the
        # drawing rules that go on drawing, a draw is a step of the turn).
        ends: tuple[type, ...] = (
            (Chain, PickUp, Pass, Draw) if self._game.rules.draw == "one" else (Chain, PickUp, Pass)
        )
        moves = (event for event in self._game.state.events if isinstance(event, Move) and event.seat == seat)
        return sum(isinstance(move.action, ends) for move in moves)

    def _choices(self, seat: int) -> int:
        return len(self._game.state.next_cards(seat))

    def _decide(self, player: Player, seat: int) -> Decision:
        """*player*'s decision for *seat*: at the start of a turn the whole turn it plans (so that Play, after
        Suggest, takes the turn Sam said, its call and suit too), in the middle of one its next step."""
        decision: Decision = player.decide(self._game.view(seat))
        return decision

    def _advice_step(self, decision: Decision) -> Decision | None:
        """The review's advice, a whole turn, as what the page sends from where your turn stands: the whole turn
        before any card is laid, then its next card, or the stop that names its suit and calls; ``None`` when the
        cards laid so far are not the start of its chain."""
        action = decision.action
        laid = tuple(self._game.state.laid)
        if not isinstance(action, Chain) or not laid:
            return decision if not laid else None  # at the start of a turn the whole turn: Play takes it at one press
        if action.cards[: len(laid)] != laid:
            return None
        step: Action = Lay(action.cards[len(laid)]) if len(laid) < len(action.cards) else Stop(action.suit, action.last)
        return Decision(step, decision.reason, decision.plain)

    def _chose(self, action: Action) -> bool:
        return bool(self._game.state.next_cards(self.seat)) or not self._forced()

    def _forced(self) -> bool:
        """Whether you have only one thing to do (nothing to lay, and one of draw, pick up or pass)."""
        return len({type(action) for action in self._legal()}) < 2

    def _call_needed(self, action: Action) -> bool:
        """Whether the rules ask for "Last cards" with *action*, a step that ends your turn (the state lists it
        with the call; a call made when none is needed costs nothing)."""
        ends = type(action)
        return any(type(each) is ends and not isinstance(each, Lay | Undo) and each.last for each in self._legal())

    def _same(self, advised: Action, action: Action) -> bool:
        """Whether your step *action* is the adviser's *advised* action, or its first step: the same card, or the
        same end of the turn with the same suit and the call where the rules ask for it."""
        if isinstance(advised, Chain):
            return isinstance(action, Lay) and action.card == advised.cards[0]
        if isinstance(action, Lay | Undo) or type(advised) is not type(action):
            return advised == action
        called = dataclasses.replace(action, last=advised.last)  # a call not needed neither helps nor harms
        return called == advised and (action.last or not self._call_needed(action))

    def _judge(self, action: Action) -> str | None:
        """In a guided deal: what Sam thinks of your step (nothing to say where there was one thing to do)."""
        if self._forced() and not self._game.state.next_cards(self.seat) and not self._setback(action):
            return None
        advice = self._decide(self.adviser, self.seat)
        if (
            not isinstance(action, Lay | Undo)
            and self._setback(action)
            and self._same(advice.action, dataclasses.replace(action, last=True))
        ):
            return "Sam would have called Last cards as the turn ended."
        return self._verdict(self._same(advice.action, action), sentence(advice.plain or advice.reason))

    def _setback(self, action: Action) -> str | None:
        """A turn ended without the "Last cards" call the rules ask for: you cannot go out next turn."""
        if isinstance(action, Lay | Undo) or action.last or not self._call_needed(action):
            return None
        return "You ended your turn without calling Last cards, so you cannot go out on your next turn."

    def _refusal(self, action: Action) -> str | None:
        """The rules' reason, in the words of the table's controls where a step is refused for the order of the
        steps: Play ends a turn that laid cards, Undo card takes one back."""
        reason = super()._refusal(action)
        state = self._game.state
        if reason is None or not self._your_turn():
            return reason
        if isinstance(action, Stop) and not state.laid:
            if state.next_cards(self.seat):
                return "Nothing is laid yet: press a card that fits to lay it, then Play ends your turn"
            return f"Nothing is laid yet, and Play ends a turn that laid cards: {self._instead()}"
        if isinstance(action, Draw | PickUp | Pass) and state.laid:
            word = {Draw: "draw", PickUp: "pick up", Pass: "pass"}[type(action)]
            return f"You have laid cards this turn: press Play to end your turn, or Undo card to take them back before you {word}"
        return reason

    def _instead(self) -> str:
        """What to press when nothing fits: the control of the one step open to you."""
        steps = self._legal()
        if any(isinstance(step, PickUp) for step in steps):
            return f"press Pick up {self._game.state.pickup}"
        if any(isinstance(step, Draw) for step in steps):
            return "nothing fits, so press Draw"
        return "nothing fits, so press Pass"

    # -- state --------------------------------------------------------------------------

    def _state_json(self) -> JSON:
        """Everything the page draws, from your seat's view, with every sentence it shows."""
        game = self._game
        rules = game.rules
        you = self.seat
        view = game.view(you)
        state = game.state
        yours = self._your_turn()
        laid_next = set(state.next_cards(you)) if yours else set()
        hand = []
        for card in view.hand:
            legal = card in laid_next
            why = None if legal or not yours else game.why_illegal(you, Lay(card))
            hand.append({**card_json(card, rules), "legal": legal, "why": sentence(why) if why else None})
        steps = self._legal() if yours else []
        stops = [action for action in steps if isinstance(action, Stop)]
        name_suit = any(stop.suit is not None for stop in stops)
        must_call = any(action.last for action in steps if not isinstance(action, Lay | Undo))
        names = list(game.names)
        return {
            "game": rules.game.name,
            "seed": game.seed,
            "kind": self._kind(),
            "rules": rules_json(rules),
            "players": rules.players,
            "dealer": game.dealer,
            "names": names,
            "turn": view.turn,
            "over": view.is_over,
            "your_turn": yours,
            "top": card_json(view.top, rules),
            "suit": suit_json(view.suit),
            "suit_named": view.suit != view.top.suit,
            "table_text": self._table_text(view),
            "direction": view.direction,
            "direction_text": self._direction_text(view),
            "pickup": self._pickup_json(view),
            "stock": view.stock_size,
            "stock_text": f"Stock: {counted(view.stock_size, 'card')}",
            "pile": len(view.pile),
            "board": self._board(rules),
            "hand": hand,
            "chain": self._chain_json(view),
            "name_suit": name_suit,
            "suits": [suit_json(suit) for suit in Suit] if name_suit else [],
            "must_call": must_call,
            "may_call": rules.last_cards,
            "call_text": "Your cards could all go down in one turn: call “Last cards!” as you end this turn."
            if must_call
            else None,
            "drawn": view.drawn,
            "counts": list(view.counts),
            "seats": self._seats_json(view),
            "prompt": self._prompt(view, steps, name_suit) if yours else None,
            "log": [event_json(event, names, rules) for event in view.history],
            **self._closing_json(),
        }

    @staticmethod
    def _board(rules: Rules) -> list[str]:
        """The places the board shows under *rules*: the direction of play only where a card reverses it, the
        pick-up only where a card makes one."""
        reverses = rules.reverse_rank is not None
        pick_ups = rules.twos or rules.jack_value > 0
        return ["pile", "suit", *(["direction"] if reverses else []), *(["pickup"] if pick_ups else []), "stock"]

    @staticmethod
    def _table_text(view: PlayerView) -> str:
        top = view.top
        if top.suit == view.suit:
            return f"The top card is the {top.display}: follow with a {view.suit.plural[:-1]} or a {top.rank.word}."
        return f"The top card is the {top.display}, and {view.suit.plural} were named: follow with a {view.suit.plural[:-1]}."

    def _direction_text(self, view: PlayerView) -> str:
        names = self._game.names
        order = [names[seat % len(names)] for seat in range(0, len(names) * view.direction, view.direction)]
        way = "round in seat order" if view.direction == 1 else "round the other way"
        return f"Play goes {way}: {', then '.join(order)}."

    def _pickup_json(self, view: PlayerView) -> JSON | None:
        if not view.pickup or view.is_over:
            return None
        if view.turn == self.seat and not view.laid and not self.screen:
            # the engine's words: what answers it
            text = sentence(self._game.why_illegal(self.seat, Draw()) or "")
        else:
            faces = "You face" if view.turn == self.seat and not self.people else f"{self._game.names[view.turn]} faces"
            text = f"{faces} a pick-up of {counted(view.pickup, 'card')}."
        return {"size": view.pickup, "seat": view.turn, "text": text, "button": f"Pick up {view.pickup}"}

    def _chain_json(self, view: PlayerView) -> JSON | None:
        if not view.laid:
            return None
        cards = " ".join(card.display for card in view.laid)
        return {
            "cards": [card_json(card, view.rules) for card in view.laid],
            "text": f"Laid so far this turn: {cards}.",
        }

    def _card_json(self, card: Card) -> JSON:
        return card_json(card, self._game.rules)

    def _seat_marks(self, view: PlayerView, seat: int) -> JSON:
        """Whether the seat has called "Last cards", and a few words for a phone's seat."""
        called = view.called[seat] and not view.is_over
        status = "Last cards" if called else "last card" if view.counts[seat] == 1 and not view.is_over else None
        return {"called": called, "status": status}

    def _prompt(self, view: PlayerView, legal: Sequence[Action], name_suit: bool) -> str:
        state = self._game.state
        if view.laid:
            if not any(isinstance(action, Stop) for action in legal):
                return f"Your turn: the {view.laid[-1].display} must be covered: lay any card on it."
            more = "lay another card that follows it, or " if any(isinstance(a, Lay) for a in legal) else ""
            if name_suit:
                return f"Your turn: {more}name the suit to follow for the {view.laid[-1].display}, and play."
            return f"Your turn: {more}play to end your turn."
        if view.pickup:
            return f"Your turn: {state.why_illegal(self.seat, Draw())}."  # the engine's words: what answers it
        fits = bool(state.next_cards(self.seat))
        if any(isinstance(action, Draw) for action in legal):
            return "Your turn: lay a card that fits, or draw." if fits else "Your turn: nothing fits, so draw a card."
        if fits:
            return "Your turn: lay a card that fits, or pass."
        return "Your turn: nothing fits and you cannot draw, so pass."

    def _no_winner_text(self) -> str:
        if self._game.state.turns >= TURN_LIMIT:
            return f"The deal is a draw: {TURN_LIMIT:,} turns and nobody went out."
        return "The deal is blocked: nobody can lay or draw, so nobody wins."


def _step(data: dict[str, Any]) -> Action:
    """A step inside a turn, as the page sends it (see the module docstring)."""
    keys = set(data) - {"seat"}
    if keys == {"lay"}:
        try:
            return Lay(record_card(data["lay"]))
        except ValueError as error:
            raise ValueError(f"action {shown(data)}: {error}") from None
    if keys == {"undo"} and data["undo"] is True:
        return Undo()
    if "stop" in keys and keys <= {"stop", "suit", "last"} and data["stop"] is True:
        suit = record_suit(data, f"action {shown(data)}")
        if "last" in data and data["last"] is not True:
            raise ValueError(f'action {shown(data)}: "last" is written only as true, to call Last cards')
        return Stop(suit, "last" in data)
    raise ValueError(f"action {shown(data)}: a step is one of {_STEPS}, or a move as the record writes it")
