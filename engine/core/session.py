"""The browser session of every game (the page's side is :mod:`engine.core.webapi`).

A session holds one deal and the computer players around it: the players in
seats 1 onwards, the adviser that suggests your moves, and for a lesson's
guided deal its script and goal. A deal may be one of a
:class:`~engine.core.match.Match`: the session starts it (``new_match``),
deals its next deal (``next_deal``), restores it from its deals' records
(``restore`` with *earlier*) and says its score (``match`` in the state).

Everything a page asks of a deal is here, once, for every game: the state
lists the actions you may take now (``actions``, each in the game record's own
encoding of a move), the page sends one back (:meth:`DealSession.act`), the
computer seats that the table waits for act one step at a time
(:meth:`DealSession.computer_move`, following a lesson's script while it
applies), the adviser suggests an action in the same encoding, and a game that
has a review (``reviews``) is reviewed and replayed here too.

A game's session subclasses :class:`DealSession` and supplies only hooks: its
state in words (:meth:`~DealSession._state_json`), how one action is read from
JSON and written back (:meth:`~DealSession._action_from_json`,
:meth:`~DealSession._action_json`) and from a lesson's script text
(:meth:`~DealSession._parse_script`), why an action of yours is refused now,
whether the table waits for you, the comment on a learner's action in a guided
deal (and the setback that puts its goal out of reach), and its review. Nothing here knows any game.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from .chance import fresh_or_parsed
from .daily import SAM_RUNS, daily_seed, percent, read_date, sam_play_out, share_text
from .game import YOU, Deal, Decision, Player, find_game, requested_rules
from .goals import GoalCheck
from .jsontext import shown
from .match import Match, rebuilt_match, same_deal
from .people import name_problem, read_people
from .text import counted, seat_names, sentence
from .webapi import read_seats, recorded_seats, seat_players

__all__ = ["BOT_NAMES", "METHODS", "REVIEW_METHODS", "DealSession", "review_words"]

# Who sits in seats 1 onwards when the page names nobody, round the table.
BOT_NAMES = ("robin", "alex", "sam")

JSON = dict[str, Any]

# The screen's words at a table of people while the computer players open the deal: no one is asked to tap yet.
HIDDEN_TILL_A_PERSON = "Every hand stays hidden until it is a person's turn"

# What a page may ask of every game's session (see engine.core.webapi), and of a game that has a review.
METHODS = (
    "new_game",
    "new_match",
    "next_deal",
    "guided",
    "restore",
    "state",
    "act",
    "computer_move",
    "suggest",
    "record",
    "daily",
    "daily_sam",
    "daily_share",
    "reveal",
)
REVIEW_METHODS = ("replay", "review_points", "review_move")

G = TypeVar("G", bound=Deal)
P = TypeVar("P", bound=Player)


class Review(Protocol):
    """A game's review: the module ``review`` of its package (``engine.<game>.review``), loaded when first asked."""

    def decisions(self, game: Any, seat: int) -> list[int]:
        """*seat*'s moves worth reviewing in the finished *game*: indexes into its moves."""
        ...

    def estimate(self, game: Any, move: int) -> JSON:
        """The adviser's estimate of each choice the seat that moved had at *move*."""
        ...

    def replay(self, game: Any, moves: int) -> Any:
        """*game*'s deal after its first *moves* moves (a :class:`ValueError` when *moves* is outside the deal)."""
        ...

    def advise(self, game: Any, seat: int) -> Any:
        """Suggest's decision for *seat*, whose turn it is in *game* (a deal with a record): at a choice the review
        would weigh, the option the review would call best there, weighed as the review weighs it (so following
        Suggest is never called a mistake); ``None`` elsewhere, where the adviser decides for itself."""
        ...


class DealSession(Generic[G, P]):
    """One deal in the browser, of a game whose deals are *G* and computer players *P*.

    *make_player* builds a computer player by name from its own random source; *known* are the names it knows;
    *adviser* is the player that suggests your moves; *starts* names the methods that start a deal (for the
    message when there is none yet).
    """

    game_name: str  # the game's name in the registry
    reviews = False  # the game reviews a finished deal: its package has a ``review`` module (see Review)
    # What makes a move a choice worth reviewing, in the review's words; a game whose choices are not between
    # cards that fit (a turn built of several cards, a draw) says its own. Said of whoever is reviewed (you, or a
    # person at a table of people), so they name no one: "Sam weighed Ana's 3 choices, the moves where …".
    choice_words = "where more than one card fitted"
    no_choice_words = "at every turn, one card fitted or none"
    key_words = "another card that fitted"

    def __init__(
        self,
        make_player: Callable[[str, random.Random], P],
        known: Collection[str],
        *,
        adviser: str = "sam",
        starts: str = "new_game, new_match or guided",
    ) -> None:
        self.make_player = make_player
        self.known = known
        self.adviser_name = adviser
        self.starts = starts
        self.game: G | None = None
        self.match: Match | None = None  # the match the deal belongs to, if any
        self.bots: dict[int, P] = {}
        self.adviser: P = make_player(adviser, random.Random(0))
        self.script: list[tuple[int, Any]] = []  # a guided deal's computer moves: (seat, action), in order
        self.goal: str | None = None
        self.goal_check: GoalCheck | None = None  # a guided deal's goal as the engine checks it (see engine.core.goals)
        # Whether the page marks the cards that fit: a lesson's guided deal says so, stage by stage (one that asks
        # the learner to find the card marks none); on any other deal the learner's own setting decides.
        self.marks = True
        self.notice: str | None = None
        self.comment: str | None = None
        # In a guided deal: why the goal is out of reach since a move of yours (a sentence), until the deal starts again.
        self.setback: str | None = None
        self.day: str | None = None  # the date of the daily deal being played (see daily), else None
        self.sam_wins: list[bool] = []  # the daily deal's play-outs of Sam from your seat, so far
        # Pass-and-play: the people's seats and names when two or more share the device (empty: you alone in
        # seat 0), the seat whose view the state serves (the hooks say "you" of it), and whether a screen hides
        # every hand while the device passes to that seat's person.
        self.people: dict[int, str] = {}
        self.seat = YOU
        self.screen = False
        self._advised: tuple[G, tuple[int, int], Any] | None = None  # the deal, where in it, the review's advice
        self.seated: list[str] = []  # the computer players named for seats 1 onwards (people's seats included)

    @property
    def methods(self) -> tuple[str, ...]:
        """What a page may ask of this session (see :mod:`engine.core.webapi`): each a method of it."""
        return METHODS + REVIEW_METHODS if self.reviews else METHODS

    def _rules(self, rules: object) -> Any:
        """The rules the page asks for (see :func:`~engine.core.game.requested_rules`), of this session's game."""
        return requested_rules(find_game(self.game_name), rules)

    def _seats(self, seats: object, players: int) -> list[str]:
        """The computer players the page asks for in seats 1 onwards (Robin, Alex, Sam round the table by default)."""
        return read_seats(seats, players, self.known, BOT_NAMES)

    def _recorded(self, names: Sequence[str]) -> list[str]:
        """The computer players behind a record's seat names (seat 1 onwards), to sit down to it again."""
        return recorded_seats(names, self.known, BOT_NAMES)

    # -- what each game says ------------------------------------------------------------

    def _read_record(self, record: str) -> G:
        """The game's deal from its record (JSON text), replayed and checked."""
        raise NotImplementedError

    def _score_json(self, rules: Any) -> JSON:
        """What a match's scores are under *rules*: ``scoring`` (the option's value), ``heading`` (their name over the score table), ``signed``
        (they may fall below zero, so a gain shows its +) and ``lower_is_better`` (the lowest total leads)."""
        raise NotImplementedError

    def _guided_deal(self, position: str, rules: object) -> G:
        """A lesson's deal from *position*, the game's text form of a position (*rules*: as the page asks for
        them, or ``None`` for those the position says); its seats 1 onwards are played by Robin, Alex, Sam."""
        raise NotImplementedError

    def _parse_script(self, text: str, names: Sequence[str]) -> list[tuple[int, Any]]:
        """A lesson's script of the computer seats' actions, in the game's words: ``(seat, action)`` in order."""
        raise NotImplementedError

    def _action_from_json(self, data: object) -> tuple[int, Any]:
        """One action as the page sends it (the record's encoding of a move, or a documented step encoding):
        its seat and the game's action; a :class:`ValueError` says what is wrong with anything else."""
        raise NotImplementedError

    def _action_json(self, seat: int, action: Any) -> JSON:
        """*action* of *seat* in the encoding :meth:`_action_from_json` reads."""
        raise NotImplementedError

    def _state_json(self) -> JSON:
        """Everything the page draws of the deal, with every sentence it shows (the core adds ``actions``)."""
        raise NotImplementedError

    def _waits_for(self) -> str | None:
        """What the table waits for you to do (``"it is your turn"``), or ``None`` when it does not wait for you."""
        raise NotImplementedError

    def _not_yours(self) -> str:
        """Why you may not act now, while the table does not wait for you."""
        raise NotImplementedError

    def _refusal(self, action: Any) -> str | None:
        """Why your *action* is refused now, in the engine's words; ``None`` if the table takes it. By default
        the rules' reason, or while the table does not wait for you, why not (:meth:`_not_yours`)."""
        game = self._game
        reason: str | None = game.why_illegal(self.seat, action)
        if reason and not game.is_over and not self._your_turn():
            reason = self._not_yours()
        return reason

    def _moved(self, action: Any) -> JSON | None:
        """The log's entry for *action*, just taken; ``None`` for a step the log does not show."""
        raise NotImplementedError

    def _judge(self, action: Any) -> str | None:
        """In a guided deal, the comment on your *action* (before it is taken): what the adviser thinks of it,
        comparing the whole action (a call or a suit named with it too); see :meth:`_verdict`."""
        return None

    def _verdict(self, same: bool, plain: str) -> str:
        """The comment on your action from the adviser's *plain* reason for its own choice ("Play 6♥: it fits"):
        when you took that very action (*same*), praise with the reason alone, since the log says what you did;
        else what the adviser would rather have done."""
        name = self.adviser_name.title()
        if same:
            _, colon, why = plain.partition(": ")
            return f"Good choice: {why}" if colon and why else f"Good choice: {name} would have done the same."
        return f"{name} would rather {plain[0].lower()}{plain[1:]}"

    def _setback(self, action: Any) -> str | None:
        """In a guided deal, why your *action* (before it is taken) puts the deal's goal out of reach, in a
        sentence; ``None`` when it does not (by default: a lost deal says so when it ends)."""
        return None

    def _turns_taken(self, seat: int) -> int:
        """How many turns *seat* has taken in the deal (a turn missed is none, nor is a call out of turn): a guided
        deal's goal may ask for a win within so many of your turns (see :mod:`engine.core.goals`)."""
        raise NotImplementedError

    def _goal_missed(self) -> str | None:
        """In a guided deal, why its goal is out of reach now by its check (see :mod:`engine.core.goals`)."""
        check = self.goal_check
        if check is None:
            return None
        turns = self._turns_taken(self.seat) if check.turns is not None else 0
        return check.missed(won=self._game.winner == self.seat, turns=turns)

    def _goal_reached(self) -> bool | None:
        """In a guided deal, whether you reached its goal; ``None`` in any other deal."""
        check = self.goal_check
        if check is None:
            return None
        turns = self._turns_taken(self.seat) if check.turns is not None else 0
        return check.reached(won=self._game.winner == self.seat, turns=turns, setback=self.setback)

    def _progress(self) -> int:
        """How much has happened in the deal (the events the log is drawn from): a computer step ends once it grows."""
        raise NotImplementedError

    def _choices(self, seat: int) -> int:
        """How many cards *seat* could choose between as it takes its turn (fewer than two: nothing to think about)."""
        return len(self._game.legal_actions(seat))

    def _stand_aside(self) -> Any:
        """Your action when the table moves on without waiting for you though you may act (``None``: no such action)."""
        return None

    def _script_fits(self, seat: int, action: Any) -> bool:
        """Whether a lesson's scripted *action* for *seat*, the next seat to act, applies now."""
        return self._game.why_illegal(seat, action) is None

    def _answering(self) -> bool:
        """The seats waiting now answer the last action (a call) rather than take a turn: a scripted action for
        another seat stays for later instead of ending the script."""
        return False

    def _chose(self, action: Any) -> bool:
        """Whether the adviser's *action* was a choice (a pass or a draw when nothing fits is not)."""
        return True

    def _decide(self, player: P, seat: int) -> Decision:
        """*player*'s decision for *seat*."""
        decision: Decision = player.decide(self._game.view(seat))
        return decision

    def _apply(self, seat: int, action: Any) -> None:
        """*seat* takes *action* (already checked)."""
        self._game.act(seat, action)

    # -- the daily deal (see engine.core.daily) ---------------------------------------------

    def daily(self, date: object, record: object = None) -> JSON:
        """The daily deal of *date* (``YYYY-MM-DD``, in UTC): the deal dealt from the day's seed at the game's
        default rules, you in seat 0 and Robin, Alex and Sam round the table; the state's ``daily`` is the date.
        *record*: the deal so far, to continue it (a reload), refused unless it is that day's deal: the day's deal is
        dealt again from the date and the record must match it in every card, where it lies and in what order."""
        day = read_date(date)
        game = find_game(self.game_name)
        rules = game.rules({})
        bots = self._seats(None, rules.players)
        dealt: G = game.new_deal(rules, daily_seed(day, game.name), names=seat_names(bots))  # type: ignore[assignment]
        if record is None:
            deal = dealt
        elif isinstance(record, str):
            # The day's deal is dealt again from its date and the record compared with it card for card: a record
            # with the day's seed and rules but other hands is another deal, whatever it says.
            deal = self._read_record(record)
            if not same_deal(deal, dealt) or tuple(deal.names) != tuple(dealt.names):
                raise ValueError(f"that record is not the daily deal of {day}")
        else:
            raise ValueError(f"record must be a game record (JSON text), not {shown(record)}")
        self._start(deal, bots)
        self.day = day
        return self.state()

    def _finished_daily(self) -> str:
        """The date of the daily deal at the table, once it is over."""
        if self.day is None:
            raise ValueError("this is not the daily deal: start it with daily")
        if not self._game.is_over:
            raise ValueError("the daily deal is not over yet")
        return self.day

    def daily_sam(self) -> JSON:
        """Once the daily deal is over: Sam plays your seat of it once more from the start (other chance for every
        player, the same cards). Asked again until ``done`` is ``runs``, so the page can show progress. Result:
        ``{"done", "runs", "wins", "percent"`` (null until all are played) ``, "text"}``."""
        self._finished_daily()
        if len(self.sam_wins) < SAM_RUNS:
            game = self._game
            self.sam_wins.append(
                sam_play_out(game.rules, self._seed(game), len(self.sam_wins), tuple(game.names), self.seated)
            )
        done, wins = len(self.sam_wins), sum(self.sam_wins)
        whole = done == SAM_RUNS
        text = (
            f"Sam, playing your seat of this deal {SAM_RUNS} times, won {percent(wins)}% of them ({wins} of {SAM_RUNS})."
            if whole
            else f"Sam is playing your seat: {done} of {SAM_RUNS} deals played."
        )
        return {"done": done, "runs": SAM_RUNS, "wins": wins, "percent": percent(wins) if whole else None, "text": text}

    def daily_share(self, streak: object = None) -> JSON:
        """The text to share after the daily deal, once Sam's play-outs are done (see :meth:`daily_sam`): the game,
        the date, your result, Sam's share of wins and *streak* (your days played in a row; null for a past day,
        which counts for none). Result: ``{"text"}``."""
        day = self._finished_daily()
        if len(self.sam_wins) < SAM_RUNS:
            raise ValueError(f"Sam has played {len(self.sam_wins)} of {SAM_RUNS} deals: ask daily_sam first")
        if streak is not None and (type(streak) is not int or streak < 0):
            raise ValueError(f"streak {shown(streak)} must be a whole number of days, or null")
        title = find_game(self.game_name).title
        return {"text": share_text(title, day, self.state()["result"], sum(self.sam_wins), streak)}

    @staticmethod
    def _seed(game: G) -> int:
        if game.seed is None:
            raise ValueError("a deal set up from a position has no seed")
        return game.seed

    # -- the review (a game with ``reviews``) ---------------------------------------------

    def _review(self) -> Review:
        """The game's review module, imported when first asked for: by a review, or by Suggest (see ``advise``)."""
        package = type(self).__module__.rpartition(".")[0]
        return cast(Review, importlib.import_module(".review", package))

    def prepare(self) -> None:
        """Import now what a page's first requests need beyond the session: the review, which Suggest asks."""
        if self.reviews:
            self._review()

    # -- starting ---------------------------------------------------------------------

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
        names = _names(bots, seated)
        self._start(the_rules.game.new_deal(the_rules, number, names=names), bots, people=seated)
        self.notice = notice
        return self.state()

    def new_match(self, seed: object = None, rules: object = None, seats: object = None, people: object = None) -> JSON:
        """The first deal of a match (see :meth:`new_game`): deal *n* is shuffled from ``seed + n``, and the deal
        passes on as the game says."""
        number, notice = fresh_or_parsed(seed)
        the_rules = self._rules(rules)
        bots = self._seats(seats, the_rules.players)
        seated = read_people(people, the_rules.players, self.known)
        match = Match(the_rules, number, _names(bots, seated))
        self._start(self._dealt(match), bots, match, people=seated)
        self.notice = notice
        return self.state()

    def next_deal(self) -> JSON:
        """The match's next deal, once the current one is over."""
        if self.match is None:
            raise ValueError("there is no match: start one with new_match")
        self._start(self._dealt(self.match), self.seated, self.match, people=self.people)
        return self.state()

    def guided(
        self,
        position: object,
        script: object = "",
        goal: object = "",
        rules: object = None,
        marks: object = False,
        goal_check: object = "win",
    ) -> JSON:
        """A lesson's deal from *position* in the game's text form, you in seat 0; *script*: the computer seats'
        actions in the game's words (each used when its seat acts next and the rules allow it; once one does
        not apply, the script is dropped and the computer players choose for themselves); *goal*: a sentence
        the page shows; *marks*: whether the page marks the cards that fit (a stage that teaches by showing),
        or leaves the learner to find them (the default); *goal_check*: what the engine checks of the goal
        (see :mod:`engine.core.goals`: ``win``, ``win within 2 turns``), which the state's ``setback`` and
        ``goal_reached`` follow."""
        if not isinstance(position, str):
            raise ValueError(f"position must be text, the game's form of a position, not {shown(position)}")
        if not isinstance(script, str) or not isinstance(goal, str) or not isinstance(goal_check, str):
            raise ValueError("script, goal and goal_check must be text")
        try:
            check = GoalCheck.read(goal_check)
        except ValueError as error:
            raise ValueError(f"goal_check: {error}") from None
        if not isinstance(marks, bool):
            raise ValueError(f"marks must be true or false, not {shown(marks)}")
        game = self._guided_deal(position, rules)
        self._start(game, self._seats(None, game.rules.players))
        self.script = self._parse_script(script, game.names) if script else []
        self.goal = goal or None
        self.goal_check = check
        self.marks = marks
        return self.state()

    @staticmethod
    def _dealt(match: Match) -> G:
        game: G = match.next_deal()  # type: ignore[assignment]  # the match deals the session's game
        return game

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
        self._start(game, self._recorded(game.names), match, people=seated)
        return self.state()

    def _start(
        self, game: G, bots: Sequence[str], match: Match | None = None, people: dict[int, str] | None = None
    ) -> None:
        """Sit down to *game* (a deal of *match*, if given) with the computer players *bots* in seats 1 onwards
        but the seats of *people* (two or more sharing the device); each player, and the adviser, draws its
        chance from the deal's seed, so a deal plays out the same again."""
        self.game = game
        self.match = match
        base = game.seed if game.seed is not None else 0
        self.people = dict(people or {})
        self.seated = list(bots)
        self.bots = {
            seat: player
            for seat, player in seat_players(base, bots, self.make_player).items()
            if seat not in self.people
        }
        self.seat = YOU
        self.screen = False
        self.adviser = self.make_player(self.adviser_name, random.Random(base))
        self.script = []
        self.goal = None
        self.goal_check = None
        self.marks = True
        self.notice = None
        self.comment = None
        self.setback = None
        self.day = None
        self.sam_wins = []
        self._sat_down(game, base)
        if self.people:  # a new deal starts behind the screen, for the first person the table waits for
            self.screen = True
            waited = self._person_waited()
            self.seat = YOU if waited is None else waited

    def _sat_down(self, game: G, seed: int) -> None:
        """What else a game sets up for a new deal, after :meth:`_start` (*seed*: the deal's, or 0 for a lesson's)."""

    @property
    def _game(self) -> G:
        if self.game is None:
            raise ValueError(f"no deal yet: start one with {self.starts}")
        return self.game

    def record(self) -> str:
        """The game record (JSON text) of the deal in progress or finished."""
        return self._game.to_json()

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

    # -- pass-and-play ------------------------------------------------------------------------

    # What a state says of the served seat's own hand or choices, and what each shows behind the screen: a game
    # adds its own keys (a flag saying that nothing fits tells of the hand as much as the hand does).
    private_keys: ClassVar[dict[str, Any]] = {}

    def _screened(self, state: JSON) -> JSON:
        """*state* as everyone at the table may see it: no hand, nothing said of the served seat's hand or
        choices (no prompt, no comment, no suggestion); the board, the counts and the log stay."""
        hidden = {"hand": [], "your_turn": False, "prompt": None, "comment": None, **self.private_keys}
        return {**state, **{key: value for key, value in hidden.items() if key in state}}

    def _public_calls(self, seat: int) -> list[Any]:
        """The calls *seat* may make now out of turn without looking at its hand (none by default)."""
        return []

    def _calls(self) -> list[JSON]:
        """The calls the people at the table may make now out of turn: each its ``seat``, its ``action`` in the
        record's encoding and the ``text`` of its button."""
        if not self.people or self._game.is_over:
            return []
        return [
            {
                "seat": seat,
                "action": self._action_json(seat, call),
                "text": f"{self.people[seat]}: {self._call_words(call)}",
            }
            for seat in sorted(self.people)
            for call in self._public_calls(seat)
        ]

    def _table_json(self, calls: list[JSON]) -> JSON | None:
        """The state's ``table`` (see :meth:`state`), with *calls* from :meth:`_calls`."""
        if not self.people:
            return None
        name = self.people.get(self.seat, "")
        waits = self._person_waited() is not None
        screen = None
        if self.screen:
            # A deal the computers open starts behind the screen too, but names nobody until a person's turn comes.
            text = f"Pass the device to {name} — tap when ready" if waits else HIDDEN_TILL_A_PERSON
            screen = {"seat": self.seat, "name": name, "text": text}
        people = [{"seat": seat, "name": each} for seat, each in sorted(self.people.items())]
        # The served person's own calls are among their actions, on the game's own controls.
        others = [call for call in calls if call["seat"] != self.seat or self.screen]
        return {"seat": self.seat, "people": people, "screen": screen, "waits": waits, "calls": others}

    def _call_words(self, call: Any) -> str:
        """A call made out of turn as a button names it (see :meth:`_public_calls`)."""
        return str(call)

    @contextmanager
    def _serving(self, seat: int) -> Iterator[None]:
        """The hooks speak of *seat* as "you" for a while (the state, the refusals, whose turn it is)."""
        kept = self.seat
        self.seat = seat
        try:
            yield
        finally:
            self.seat = kept

    def _asked_out_of_turn(self) -> bool:
        """Whether the table waits for you only to answer a call out of turn (a call any person may make:
        with people sharing the device it is listed for them instead, and the table does not stop for it)."""
        return False

    def _person_waited(self) -> int | None:
        """The person's seat the table waits for now (the served seat first), or ``None``."""
        if not self.people:
            return self.seat if self._waits_for() is not None else None
        for seat in [self.seat] + [each for each in sorted(self.people) if each != self.seat]:
            with self._serving(seat):
                if self._waits_for() is not None and (seat == self.seat or not self._asked_out_of_turn()):
                    return seat
        return None

    def _pass_on(self) -> None:
        """After a move: when the table waits for another person, the screen goes up and the device passes to them."""
        if not self.people:
            return
        if self._game.is_over:  # the hands go down on the table: no screen over the result
            self.screen = False
            return
        waited = self._person_waited()
        if waited is not None and waited != self.seat:
            self.seat = waited
            self.screen = True

    def reveal(self) -> JSON:
        """The person the screen names has the device and taps: the screen lifts and the state shows their hand."""
        if not self.screen:
            raise ValueError("there is no screen up: the table is already showing its person's hand")
        if self._person_waited() is None:
            raise ValueError("no person's turn yet: the computer players are playing, and the screen names who is next")
        self.screen = False
        return self.state()

    def _your_turn(self) -> bool:
        return self._waits_for() is not None and not self.screen

    # -- your action --------------------------------------------------------------------

    def act(self, action: object) -> JSON:
        """You take *action* (the record's encoding; its ``seat`` may be left out). Result: ``{"ok", "move"?,
        "reason"?, "state"}``: ``ok`` false with the engine's ``reason`` (a sentence) when it is refused now,
        and then nothing changes; *move* is the log's entry for it (null for a step the log does not show)."""
        if isinstance(action, dict) and "seat" not in action:
            action = {"seat": self.seat, **action}
        seat, parsed = self._action_from_json(action)
        game = self._game
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
            if not game.has_record:  # a guided deal: the comment on your action, and any setback it brings
                self.comment = self._judge(parsed)
                self.setback = self.setback or self._setback(parsed)
            self._apply(seat, parsed)
            move = self._moved(parsed)
            if not game.has_record:  # a guided deal: its goal may be out of reach now
                self.setback = self.setback or self._goal_missed()
        self.notice = None
        self._pass_on()
        return {"ok": True, "move": move, **self._wrap()}

    # -- the computer players -------------------------------------------------------------

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

    def _scripted(self, seat: int, answering: bool) -> _Scripted | None:
        """The lesson's next scripted action, when it is *seat*'s and applies now. A step that does not apply
        ends the script (you left the lesson's line), unless the seats are only answering a call."""
        if not self.script:
            return None
        step_seat, action = self.script[0]
        if step_seat == seat and self._script_fits(seat, action):
            self.script.pop(0)
            return _Scripted(action)
        if not answering:
            self.script = []  # you left the lesson's line: the computer players choose for themselves
        return None

    # -- advice -----------------------------------------------------------------------------

    def suggest(self) -> JSON:
        """The adviser's action for you: ``{"action": in the record's encoding, "reason", "text"}``; *text* is
        the advice in a learner's words, without the adviser's working."""
        if not self._your_turn():
            raise ValueError(self._not_yours())
        decision = self._weighed_advice() or self._decide(self.adviser, self.seat)
        action = decision.action
        if self._refusal(action):  # never pass on advice the rules refuse
            raise ValueError("the adviser chose an illegal move")
        plain = sentence(getattr(decision, "plain", "") or decision.reason)
        name = self.adviser_name.title()
        text = f"{name} would {plain[0].lower()}{plain[1:]}" if self._chose(action) else plain
        return {"action": self._action_json(self.seat, action), "reason": sentence(decision.reason), "text": text}

    def _weighed_advice(self) -> Any:
        """At a choice the review would weigh, the review's own best option (see :meth:`Review.advise`), as the
        next step of your turn (:meth:`_advice_step`); else ``None``. A lesson's guided deal has no record to
        review, so its advice is the adviser's own."""
        game = self._game
        if not (self.reviews and game.has_record):
            return None
        # Weighed once a position: the steps of one turn (a chain laid card by card) ask again and again.
        at = (len(game.record()["moves"]), self.seat)
        if self._advised is None or self._advised[0] is not game or self._advised[1] != at:
            self._advised = (game, at, self._review().advise(game, self.seat))
        weighed = self._advised[2]
        return None if weighed is None else self._advice_step(weighed)

    def _advice_step(self, decision: Any) -> Any:
        """*decision*, a whole move, as the next step the page sends; ``None`` when your turn has left it."""
        return decision

    # -- the review ---------------------------------------------------------------------------

    def _reviewed(self) -> None:
        if not self.reviews:
            raise ValueError(f"{self.game_name} has no review")

    def _reviewed_seat(self, game: G, seat: object) -> int:
        """The seat a review is of (*seat*, or you in seat 0 when ``None``): at a table of people, each person's."""
        if seat is None:
            return YOU
        players = len(game.names)
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat {shown(seat)} must be a whole number from 0 to {players - 1}")
        return seat

    def replay(self, record: str, moves: object, seat: object = None) -> JSON:
        """The deal in *record* after its first *moves* moves, to look at or to play on from there; the state
        serves *seat*'s view (see :meth:`review_points`), with no screen: the deal is over for the people who
        look back at it."""
        self._reviewed()
        self.restore(record)
        game = self._review().replay(self._game, _move_number(moves))
        served = self._reviewed_seat(game, seat)
        self._start(game, self.seated)
        self.seat = served
        return self.state()

    def review_points(self, record: str, seat: object = None) -> JSON:
        """The moves of *record* worth reviewing for *seat* (you in seat 0 by default; at a table of people, the
        person in that seat): ``{"moves": indexes into its moves, "total", "key": what an outlined card other
        than the best is}`` and the review's words (see :func:`review_words`), which name the person reviewed at
        a table of people: ``said`` (what the review says of the choices when Sam has weighed them all),
        ``weighing`` (while he weighs them), ``none_costly`` (when none cost more than luck could explain),
        ``heading`` (over the costliest), ``chances`` (before each card's estimate), ``at_choice`` (the status
        line before a choice) and ``screen`` (at a table of people, the screen's words before the person's
        review is shown; null for you alone)."""
        self._reviewed()
        game = self._read_record(record)
        reviewed = self._reviewed_seat(game, seat)
        moves = self._review().decisions(game, reviewed)
        name = game.names[reviewed]
        person = name if name_problem(name, self.known) is None else None
        return {
            "moves": moves,
            "total": len(game.record()["moves"]),
            "key": self.key_words,
            **review_words(person, len(moves), self.choice_words, self.no_choice_words),
        }

    def review_move(self, record: str, move: object) -> JSON:
        """The adviser's estimate of each choice the player had at *move* of *record* (one of the moves
        :meth:`review_points` lists, of whichever seat); asked one move at a time, so the page can show progress."""
        self._reviewed()
        return self._review().estimate(self._read_record(record), _move_number(move))

    def _kind(self) -> str:
        """What the deal is, for the page: a lesson's ``guided`` deal (no record), the ``daily`` deal, one of a
        ``match``, or a ``game``."""
        if not self._game.has_record:
            return "guided"
        if self.day is not None:
            return "daily"
        return "match" if self.match is not None else "game"

    def _match_json(self) -> JSON | None:
        """The match's number (its seed), its deal in progress, every finished deal's score and the totals."""
        match = self.match
        if match is None:
            return None
        return {
            "seed": match.seed,
            "deal": len(match.deals),
            **self._score_json(match.rules),
            "deals": match.table(),
            "totals": match.scores(),
        }

    def _wrap(self) -> JSON:
        return {"state": self.state()}


class _Scripted:
    """A lesson's scripted action, as the computer players' decisions are."""

    reason = "scripted move"
    plain = ""

    def __init__(self, action: Any) -> None:
        self.action = action


# The review's words for you alone, and for a person at a table of people (``{name}``), whole sentences each:
# ``{choices}`` is the count of choices ("3 choices"), ``{where}`` and ``{never}`` the game's choice_words and
# no_choice_words. A person's review is behind a screen of its own, so its notes may still say "you" to them.
_YOUR_REVIEW = {
    "said": "Sam weighed your {choices}, the moves {where}.",
    "no_choice": "You had no choice to make in this deal: {never}.",
    "weighing": "Sam is weighing your {choices}…",
    "none_costly": "None of your choices cost you much: each gap to Sam's best estimate was small enough to be luck.",
    "heading": "The choices that cost you most",
    "chances": "Your chance to win by Sam's estimate",
    "at_choice": "Next: your move; Sam's estimate of each choice you had is below.",
}
_NAMED_REVIEW = {
    "said": "Sam weighed {name}'s {choices}, the moves {where}.",
    "no_choice": "{name} had no choice to make in this deal: {never}.",
    "weighing": "Sam is weighing {name}'s {choices}…",
    "none_costly": "None of {name}'s choices cost much: each gap to Sam's best estimate was small enough to be luck.",
    "heading": "The choices that cost {name} most",
    "chances": "{name}'s chance to win by Sam's estimate",
    "at_choice": "Next: {name}'s move; Sam's estimate of each choice is below.",
    "screen": "Pass the device to {name} — tap when ready to see your review",
}


def review_words(person: str | None, choices: int, where: str, never: str) -> JSON:
    """What the review says of the *choices* it weighs, of you (*person* ``None``) or of a person by name.

    >>> review_words("Ana", 3, "where more than one card fitted", "")["said"]
    "Sam weighed Ana's 3 choices, the moves where more than one card fitted."
    >>> review_words(None, 0, "", "at every turn, one card fitted or none")["said"]
    'You had no choice to make in this deal: at every turn, one card fitted or none.'
    """
    words = _YOUR_REVIEW if person is None else _NAMED_REVIEW
    filled = {"name": person, "choices": counted(choices, "choice"), "where": where, "never": never}
    said = {key: text.format(**filled) for key, text in words.items()}
    if not choices:
        said["said"] = said["no_choice"]
    del said["no_choice"]
    return {**said, "screen": said.get("screen")}


def _move_number(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"move {shown(value)} must be a whole number")
    return value


def _names(bots: Sequence[str], people: dict[int, str]) -> tuple[str, ...]:
    """The seats' names: "You" and the computer players (see :func:`~engine.core.text.seat_names`), each person's
    own name in their seat."""
    names = list(seat_names(bots))
    for seat, name in people.items():
        names[seat] = name
    return tuple(names)
