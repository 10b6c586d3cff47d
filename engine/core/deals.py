"""Deals and their steps: starting a deal or restoring one, its state, your action, the computer players' steps.

The state lists the actions you may take now (``actions``, each in the game record's own encoding of a move),
the page sends one back (:meth:`Deals.act`), and the computer seats that the table waits for act one step at a
time (:meth:`Deals.computer_move`, following a lesson's script while it applies). The other parts of the
session (:mod:`engine.core.table`) each add their own to the state: the match, the daily deal's date, the
lesson's marks and setback, the table of people.
"""

from __future__ import annotations

import time

from .chance import fresh_or_parsed
from .daily import DailyDeals
from .jsontext import shown
from .lesson import Lessons
from .match import rebuilt_match
from .matches import Matches
from .people import read_people
from .table import JSON, G, P
from .text import sentence
from .together import PlayTogether, people_names

__all__ = ["Deals"]


class Deals(PlayTogether[G, P], Lessons[G, P], Matches[G, P], DailyDeals[G, P]):
    """A deal at the table: how it starts, what the page is told of it, and its steps."""

    _told: tuple[G, JSON] | None = None  # the deal whose record the page was last told of, and that record

    def new_game(self, seed: object = None, rules: object = None, seats: object = None, people: object = None) -> JSON:
        """A shuffled deal from *seed* (a number or its text; a fresh one when missing or garbage).

        *rules*: a preset's name, options text or an object of options; *seats*: the computer players for
        seats 1 onwards (Robin, Alex, Sam round the table by default); *people*: two people or more sharing the
        device, one entry a seat (a name, or null for a computer's seat: see :mod:`engine.core.people`).
        """
        number, notice = fresh_or_parsed(seed)
        the_rules = self._rules(rules)
        bots = self._seats(seats, the_rules.players)
        seated = read_people(people, the_rules.players, self.known)
        names = people_names(bots, seated)
        self._start(the_rules.game.new_deal(the_rules, number, names=names), bots, people=seated)
        self.notice = notice
        return self.state()

    def restore(self, record: str, earlier: object = None, people: object = None) -> JSON:
        """Go back to a saved deal: the record is replayed and checked move by move.

        *earlier*: for a deal of a match, the records of the match's deals before it, in order; the match
        (its score and its next deal) is restored with it. *people*: the people sharing the device, as
        :meth:`new_game` takes them; their names must be the record's. With people, the screen is up for the
        person the table waits for: a reloaded page never shows a hand to whoever holds the device.
        """
        game = self._read_record(record)
        seated = read_people(people, game.rules.players, self.known)
        for seat, name in seated.items():
            if game.names[seat] != name:
                raise ValueError(f"people: the record's seat {seat} is {game.names[seat]!r}, not {name!r}")
        match = None if earlier is None else rebuilt_match(earlier, game, self._read_record)
        self._start(game, self._recorded(game.names), people=seated, match=match)
        return self.state()

    def record(self) -> str:
        """The game record (JSON text) of the deal in progress or finished."""
        return self._game.to_json()

    def record_news(self) -> JSON | None:
        """What the page's copy of the deal's record lacks since the last news (each reply carries it: see
        :func:`engine.core.webapi.handle`), so the page keeps the record without asking for it: ``{"record"}``,
        the whole record, once a deal starts (or when an earlier move changed); then after each change ``{"at":
        the moves the page has, "moves": the new ones, "fields": the record's other fields that changed}``;
        ``None`` when nothing changed, and for a deal with no record (a lesson's guided deal)."""
        game = self.game
        if game is None or not game.has_record:
            return None
        record = game.record()
        moves = record["moves"]
        told = self._told
        self._told = (game, record)
        if told is None or told[0] is not game or told[1]["moves"] != moves[: len(told[1]["moves"])]:
            return {"record": record}
        before = told[1]
        fields = {key: value for key, value in record.items() if key != "moves" and before.get(key) != value}
        at = len(before["moves"])
        if at == len(moves) and not fields:
            return None
        return {"at": at, "moves": moves[at:], "fields": fields}

    def state(self) -> JSON:
        """The game's state (see :meth:`_state_json`) with ``actions``: every action the table takes from you now,
        in the record's encoding, ``reviews``: whether a finished deal can be reviewed, ``marks``: in a
        lesson's guided deal, whether the page marks the cards that fit (false: the learner finds them), and
        ``seat``: the seat whose view the state serves, the person's ("you" in every word of the state): seat 0 for
        one person alone, the served person's at a table of people, the reviewed person's in a review. The page
        asks it whose seat is the person's, and never assumes seat 0.
        ``setback``: in a guided deal, why a move of yours put its goal out of reach (null while it is in reach);
        ``goal_reached``: in a guided deal, whether you reached its goal (see :mod:`engine.core.goals`), else null.

        With people sharing the device it has ``table``: ``seat`` (whose view it serves), ``people`` (a list of
        ``{seat, name}``), ``screen`` (null, or ``{seat, name, text}`` while a screen hides every hand: the
        state then holds only what everyone at the table sees, and ``actions`` only the calls any person may make
        out of turn, each with its seat; while the computer players open a deal, before any person's turn, its
        text names nobody and :meth:`reveal` is refused), ``waits`` (the table waits for the served person: the
        page stops asking the computer players to move) and ``calls`` (the calls other people may make now:
        ``seat``, ``action``, ``text`` for its button)."""
        calls = self._calls()
        if self.screen and self.people:
            state = self._screened(self._state_json())
            actions = [call["action"] for call in calls]
        else:
            state = self._state_json()
            actions = self._actions() + [call["action"] for call in calls if call["seat"] != self.seat]
        return {
            **state,
            "actions": actions,
            "reviews": self.reviews,
            "marks": self.marks,
            "setback": self.setback,
            "goal_reached": self._goal_reached(),
            "table": self._table_json(calls),
            "daily": self.day,
            "seat": self.seat,
        }

    def _actions(self) -> list[JSON]:
        game = self._game
        seat = self.seat
        return [self._action_json(seat, action) for action in game.legal_actions(seat) if self._refusal(action) is None]

    def _kind(self) -> str:
        """What the deal is, for the page: a lesson's ``guided`` deal (no record), the ``daily`` deal, one of a
        ``match``, or a ``game``."""
        if not self._game.has_record:
            return "guided"
        if self.day is not None:
            return "daily"
        return "match" if self.match is not None else "game"

    # -- the steps -----------------------------------------------------------------------

    def act(self, action: object) -> JSON:
        """You take *action* (the record's encoding; its ``seat`` may be left out). Result: ``{"ok", "move"?,
        "reason"?, "state"}``: ``ok`` false with the engine's ``reason`` (a sentence) when it is refused now,
        and then nothing changes; *move* is the log's entry for it (null for a step the log does not show)."""
        if isinstance(action, dict) and "seat" not in action:
            action = {"seat": self.seat, **action}
        seat, parsed = self._action_from_json(action)
        if seat != self.seat or self.screen:
            call = self._action_json(seat, parsed) in [each["action"] for each in self._calls()]
            if not call and seat not in self.people:
                raise ValueError(f"action {shown(action)}: you play seat {self.seat}, not seat {seat}")
            if not call:  # a person's own move waits until they have the device and have seen their hand
                name = self.people[self.seat]
                why = f"pass the device to {name}, who taps when ready" if self.screen else f"it is {name}'s go"
                return {"ok": False, "reason": sentence(why), **self._wrap()}
        with self._serving(seat):
            reason = self._refusal(parsed)
            if reason:
                return {"ok": False, "reason": sentence(reason), **self._wrap()}
            self._commented(parsed)
            self._apply(seat, parsed)
            move = self._moved(parsed)
            self._after_yours()
        self.notice = None
        self._pass_on()
        return {"ok": True, "move": move, **self._wrap()}

    def computer_move(self) -> JSON:
        """One step of the computer players: the seats the table waits for act in turn (following the lesson's
        script while it applies; you stand aside where the table does not wait for you) until something
        happens that the log shows, the table waits for you or the deal ends. Result: ``{"ok", "move",
        "reason", "choices", "think_ms", "state"}``: *move* is null when the step only closed a window of calls."""
        game = self._game
        if game.is_over:
            raise ValueError("the deal is over")
        waited = self._person_waited()
        if waited is not None:
            with self._serving(waited):
                raise ValueError(self._waits_for())
        before = self._progress()
        move: JSON | None = None
        reason: str | None = None
        choices = 0
        think_ms = 0.0
        while game.waiting and self._person_waited() is None:
            seat = game.waiting[0]
            if seat not in self.bots:  # a person's seat (yours)
                with self._serving(seat):
                    aside = self._stand_aside()
                    if aside is None:
                        raise ValueError("it is your turn")
                    self._apply(seat, aside)
            else:
                answering = self._answering()
                started = time.perf_counter()
                scripted = self._scripted(seat, answering)
                if not answering:
                    choices = self._choices(seat)
                decision = scripted or self._decide(self.bots[seat], seat)
                if not answering:
                    think_ms = (time.perf_counter() - started) * 1000
                self._apply(seat, decision.action)
                move = self._moved(decision.action)
                reason = decision.reason if move is not None else None
            if self._progress() != before:
                break
        self.notice = None
        self._pass_on()
        return {
            "ok": True,
            "move": move,
            "reason": reason,
            "choices": choices,  # the cards that fitted: with fewer than two there was little to think about
            "think_ms": think_ms,
            **self._wrap(),
        }

    def _wrap(self) -> JSON:
        return {"state": self.state()}
