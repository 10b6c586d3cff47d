"""The daily deal: one deal a day for each game, the same for everyone, with no server.

The day is a date in UTC written ``YYYY-MM-DD``, which the page reads from the
browser's clock; the deal's seed comes from that date and the game's name alone
(:func:`daily_seed`), by arithmetic that gives the same number in CPython and in
Pyodide. It is dealt at the game's default rules, you in seat 0 and Robin, Alex
and Sam round the table (:meth:`DailyDeals.daily`, the session's part).

After the deal the page shows how Sam would have done from your seat: the same
cards played out from the start :data:`SAM_RUNS` times, each time with other
chance for every player (:func:`sam_play_out`), counted as Sam's wins. The
share text (:func:`share_text`) says the game, the day, your result, Sam's
share of wins and your streak, and never a card.

>>> daily_seed("2026-12-24", "snap") == daily_seed("2026-12-24", "snap")
True
>>> daily_seed("2026-12-24", "snap") != daily_seed("2026-12-25", "snap")
True
"""

from __future__ import annotations

import random
import re
from typing import Any

from .chance import MAX_SEED
from .game import find_game
from .jsontext import shown
from .match import same_deal
from .table import JSON, G, P, Table
from .text import seat_names

__all__ = ["SAM_RUNS", "DailyDeals", "daily_seed", "percent", "read_date", "sam_play_out", "share_text"]

# How many times Sam plays your seat of the day's deal: each play-out of the slowest game takes about half a second in
# CPython (Sam thinks ahead in two seats), and the page asks for them one at a time, showing its progress.
SAM_RUNS = 10

_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_FIRST_YEAR = 2000  # no daily deal before this year (the site did not exist); a typo like 0202 is refused


def _days_in(year: int, month: int) -> int:
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def read_date(text: object) -> str:
    """*text* if it is a day written ``YYYY-MM-DD`` (from the year 2000); a :class:`ValueError` naming it otherwise.

    >>> read_date("2026-12-02")
    '2026-12-02'
    >>> read_date("2026-02-29")
    Traceback (most recent call last):
    ...
    ValueError: daily date '2026-02-29' is not a day: February 2026 has 28 days
    >>> read_date("2/12/2026")
    Traceback (most recent call last):
    ...
    ValueError: daily date '2/12/2026' is not a date: write it YYYY-MM-DD, like 2026-12-02
    """
    if not isinstance(text, str):
        raise ValueError(f"daily date {shown(text)} must be text written YYYY-MM-DD, like 2026-12-02")
    match = _DATE.fullmatch(text)
    if match is None:
        raise ValueError(f"daily date {shown(text)} is not a date: write it YYYY-MM-DD, like 2026-12-02")
    year, month, day = (int(part) for part in match.groups())
    if year < _FIRST_YEAR:
        raise ValueError(f"daily date {shown(text)} is too early: the daily deals start in {_FIRST_YEAR}")
    if not 1 <= month <= 12:
        raise ValueError(f"daily date {shown(text)} is not a day: there is no month {month}")
    days = _days_in(year, month)
    if not 1 <= day <= days:
        raise ValueError(f"daily date {shown(text)} is not a day: {_MONTHS[month - 1]} {year} has {days} days")
    return text


def daily_seed(date: str, game: str) -> int:
    """The seed of *game*'s deal on *date* (see :func:`read_date`): FNV-1a over the words ``daily``, the game's
    name and the date, folded into the seeds' range, so it needs nothing but arithmetic and is the same anywhere.

    >>> daily_seed("2026-12-02", "snap")
    297014150631021
    """
    value = 0xCBF29CE484222325
    for byte in f"daily {game} {read_date(date)}".encode():
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value % (MAX_SEED + 1)


def sam_play_out(rules: Any, seed: int, run: int, names: tuple[str, ...], bots: list[str]) -> bool:
    """Whether Sam, sitting in your seat (seat 0), wins play-out *run* of the deal dealt from *seed* under *rules*
    (of their game); *bots* are the computer players in seats 1 onwards. Each
    run gives every player its own chance, drawn from the seed and the run; the cards are the deal's."""
    if not 0 <= run < SAM_RUNS:
        raise ValueError(f"play-out {shown(run)} must be a whole number from 0 to {SAM_RUNS - 1}")
    game = rules.game
    deal = game.new_deal(rules, seed, names=names)
    seats = ["sam", *bots]
    players = [
        game.computer_players[name](random.Random((seed * 1009 + run) * 16 + seat)) for seat, name in enumerate(seats)
    ]
    deal.play_to_end(players)
    return bool(deal.winner == 0)


def share_text(title: str, date: str, result: Any, sam_wins: int, streak: int | None) -> str:
    """The text a learner shares after the daily deal: no card and no hand, only the game's *title*, the *date*,
    whether you won (or how many cards you were left with, or that nobody won), Sam's share of wins from your seat (*sam_wins* of
    :data:`SAM_RUNS`), a star when you won a deal Sam won less than half the time, and the *streak* of days
    played (``None``: a past day, which counts for none).

    >>> share_text("Snap", "2026-12-24", {"winner": 0, "left": [0, 3, 2, 5]}, 3, 5)
    'Snap daily 2026-12-24: won ⭐ · Sam won 30% from my seat · streak 5'
    >>> share_text("Snap", "2026-12-24", {"winner": 2, "left": [3, 1, 0, 5]}, 6, None)
    'Snap daily 2026-12-24: lost, 3 cards left · Sam won 60% from my seat'
    """
    outcome = _outcome(result)
    if outcome == "won" and sam_wins * 2 < SAM_RUNS:
        outcome += " ⭐"
    parts = [f"{title} daily {read_date(date)}: {outcome}", f"Sam won {percent(sam_wins)}% from my seat"]
    if streak is not None:
        parts.append(f"streak {streak}")
    return " · ".join(parts)


def percent(wins: int) -> int:
    """*wins* of :data:`SAM_RUNS` as a whole percentage."""
    return round(100 * wins / SAM_RUNS)


def _outcome(result: Any) -> str:
    """You won, or lost and how many cards you had left (when the game counts them): no card named."""
    if not isinstance(result, dict):
        raise ValueError("the deal is not over yet")
    if result.get("winner") == 0:
        return "won"
    if result.get("winner") is None:
        return "drawn"
    left = result.get("left")
    if isinstance(left, list) and left and isinstance(left[0], int) and left[0] > 0:
        return f"lost, {left[0]} card{'s' if left[0] != 1 else ''} left"
    return "lost"


class DailyDeals(Table[G, P]):
    """The session's daily deal: the date of the deal at the table (``day``, else ``None``) and Sam's play-outs."""

    def _clear(self) -> None:
        super()._clear()
        self.day: str | None = None  # the date of the daily deal being played, else None
        self.sam_wins: list[bool] = []  # the daily deal's play-outs of Sam from your seat, so far

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
        self._start(deal, bots, day=day)
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
            if game.seed is None:
                raise ValueError("a deal set up from a position has no seed")
            self.sam_wins.append(
                sam_play_out(game.rules, game.seed, len(self.sam_wins), tuple(game.names), self.seated)
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
