"""What a game is to the core, and the registry that finds games by name.

The core (records, matches, the browser session, the bot protocol, the command
line) handles every game through these few shapes and never imports a game.
A game package builds one :class:`GameType` and registers it; the list of
installed games is ``engine/games.py``, read the first time a name is looked
up. In the manner of OpenSpiel's ``load_game("crazy_eights(players=5)")``:

>>> rules = load_game("sevens", players=5, opening="any-seven")
>>> rules.players, rules.opening, rules.game.name
(5, 'any-seven', 'sevens')

The shapes:

- **Rules**: one frozen object holding every option of a game (``players``
  among them), written out in full by ``to_json``; presets are named rules.
- **Deal**: one deal in progress, the single source of truth for it: the
  dealt cards, every action so far and what follows from them. It says who
  may act (:attr:`Deal.waiting`: usually just the player on turn; a game with
  calls between turns, like Knock! Knock!'s challenge, lists the other seats
  that may act now after it), which actions are legal and why others are not,
  applies an action, gives each seat its view (what that seat may see and
  nothing else) and writes its record. Chance after the deal (drawing from a
  stock, a reshuffle) is the game's to write into the record, so that a record
  replays without the random generator.
- **Action**: what a seat does, the game's own kind of value (a card or a
  pass in Sevens; a discard naming a suit, a draw or a challenge in Knock!
  Knock!). The deal is always told which seat acts.
- **Player**: a computer player; it sees a view and returns a :class:`Decision`.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .jsontext import shown

if TYPE_CHECKING:
    from .options import Options
    from .puzzles import PuzzleKinds

__all__ = [
    "DEFAULT_GAME",
    "YOU",
    "Deal",
    "Decision",
    "GameType",
    "Player",
    "Rules",
    "RulesError",
    "SeededPlayer",
    "computer_player",
    "default_rules",
    "find_game",
    "game_names",
    "games_in_order",
    "load_game",
    "parse_rules",
    "player_maker",
    "read_written_rules",
    "register",
    "requested_rules",
]

JSON = dict[str, Any]
YOU = 0  # the seat of the person playing, in every game: on the page, in the terminal and in reviews


class RulesError(ValueError):
    """An option that a game does not have, or a value it does not allow; the message names both."""


class Rules(Protocol):
    """A game's options, frozen. ``game`` is the game they belong to."""

    @property
    def game(self) -> GameType: ...

    @property
    def players(self) -> int: ...

    def to_json(self) -> JSON: ...


class Decision(Protocol):
    """A computer player's answer: an *action* (the game's own kind) and the reason, in one sentence."""

    @property
    def action(self) -> Any: ...

    @property
    def reason(self) -> str: ...


class Player(Protocol):
    """A computer player: it sees one seat's view and chooses a legal action."""

    name: str

    def decide(self, view: Any) -> Decision: ...


PlayerFactory = Callable[[random.Random], Player]
# A computer player's imagined deals for a lesson puzzle's position (JSON data, as the puzzle gives it): for each
# candidate, by name, bit d set when it won deal d of the first *deals* deals drawn from *seed*.
PlayOuts = Callable[[Sequence[Any], int, int], dict[str, int]]


class SeededPlayer:
    """A computer player built from its own random source, as every game builds them (see :data:`PlayerFactory`),
    so that a deal replays exactly; a player that needs no chance keeps it all the same."""

    name: str

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng


P = TypeVar("P")


def computer_player(players: Mapping[str, Callable[[random.Random], P]], name: str, rng: random.Random) -> P:
    """The player of *players* (a game's computer players by name) called *name*, case ignored, with its own *rng*.

    >>> computer_player({"robin": lambda rng: "Robin"}, " Robin ", random.Random(0))
    'Robin'
    >>> computer_player({"robin": lambda rng: "Robin"}, "kim", random.Random(0))
    Traceback (most recent call last):
    ...
    ValueError: unknown player 'kim': choose from robin
    """
    factory = players.get(name.strip().lower())
    if factory is None:
        raise ValueError(f"unknown player {shown(name)}: choose from {', '.join(players)}")
    return factory(rng)


def player_maker(players: Mapping[str, Callable[[random.Random], P]]) -> Callable[[str, random.Random], P]:
    """A game's ``make_player(name, rng)``: the computer player of *players* called *name* (see
    :func:`computer_player`).

    >>> player_maker({"robin": lambda rng: "Robin"})("ROBIN", random.Random(0))
    'Robin'
    """
    return functools.partial(computer_player, players)


class Deal(Protocol):
    """One deal, as the core drives it (see the module docstring)."""

    rules: Any
    seed: int | None
    dealer: int
    names: tuple[str, ...]
    dealt_fields: tuple[str, ...]  # the fields of its record that say how it was dealt (not how it was played)

    @property
    def is_over(self) -> bool: ...

    @property
    def has_record(self) -> bool:
        """False for a deal set up from a position (a lesson's), whose dealt cards nobody knows."""
        ...

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats that may act now: the player on turn first; empty once the deal is over."""
        ...

    @property
    def winner(self) -> int | None: ...

    def legal_actions(self, seat: int) -> list[Any]: ...

    def why_illegal(self, seat: int, action: Any) -> str | None: ...

    def act(self, seat: int, action: Any) -> None:
        """*seat* makes *action*; a :class:`ValueError` with the reason (nothing changes) if the rules refuse it."""
        ...

    def view(self, seat: int) -> Any: ...

    def play_to_end(self, players: Sequence[Player]) -> None:
        """Let computer *players* (one a seat) play the deal out: each seat in :attr:`waiting` sees its view and
        decides, the player on turn last. A game may take a faster path for players that allow one."""
        ...

    def score(self) -> list[int]:
        """What the finished deal adds to each seat's score in a match (deals won, or chips)."""
        ...

    def record(self) -> JSON: ...

    def to_json(self) -> str: ...


class GameType(Protocol):
    """A game as the registry knows it."""

    name: str  # in records and on the command line: "sevens"
    title: str  # for people: "Sevens"
    options: Options[Any]  # the options, declared once (engine.core.options): readers, presets, menu, help, docs
    # What the site says of it; its pages, navigation and home-page entry come from these.
    blurb: str  # the home page's line under its name: "Build four rows out from the sevens."
    # The rules in three steps, as its course on the home page gives them: each a short lead and what it means.
    three_steps: Sequence[tuple[str, str]]
    other_names: Mapping[
        str, str
    ]  # names people also call it, each with its preset ("" for none): {"Fan Tan": "fan-tan"}
    rules_page: str  # the slug of its rules page, linked from its course
    nav_pages: Sequence[tuple[str, str]]  # its pages in the site's header, in order: (slug, label)
    presets: Mapping[str, Any]  # named rules: "fan-tan" -> its rules
    computer_players: Mapping[str, PlayerFactory]
    # The game's table in the browser: a module under site/static/js that builds its board and controls and turns
    # clicks and keys into one action (the interface: site/static/js/tables.js); None while a game has no table in
    # the browser yet (no game page or guided deal can be built for it). Its keys in words, and the page's heading
    # and text, come from its options (``options.said(rules)``), so that each table says what its rules are.
    table_module: str | None
    # Its table's styles: a style sheet under site/static/css (``"games/sevens.css"``), loaded after the shared
    # game.css by its own pages alone (its game page and review, and its lessons' guided deals); None without one.
    table_styles: str | None
    # The prefix of its class names and element ids in the browser (``"kk-"``): its table module and style sheet
    # name their parts with it, and no shared file uses it (tests/site/test_plugin_boundaries.py checks).
    prefix: str

    def rules(self, options: Mapping[str, object]) -> Any:
        """The rules with *options* (option name -> value, as JSON or as command-line text) and defaults for the rest.

        :class:`RulesError` names an unknown option, or a bad value with the values allowed.
        """
        ...

    def read_rules(self, data: object) -> Any:
        """The rules a record or a request gives (any form the game has ever written)."""
        ...

    def new_deal(self, rules: Any, seed: int, *, dealer: int = 0, names: Sequence[str] | None = None) -> Deal: ...

    def next_dealer(self, rules: Any, dealer: int) -> int:
        """Who deals after *dealer* in a series of deals (the deal passes in the direction of play)."""
        ...

    def read_record(self, data: JSON) -> Deal:
        """Replay a record, checking every action and the stated result; ``RecordError`` if it does not hold."""
        ...

    def read_request(self, data: JSON) -> Any:
        """The requesting seat's position, rebuilt from a bot-protocol request: a
        :class:`engine.core.protocol.SeatPosition` (its view and what the core checks before a player sees it)."""
        ...

    def answer(self, decision: Decision) -> JSON:
        """A decision as the bot protocol answers it."""
        ...

    def legal_listing(self, rules: Any, position: Mapping[str, str]) -> list[str]:
        """For the ``moves`` command: the legal actions in a position given as text (``table``, ``hand``)."""
        ...

    def play_in_terminal(
        self,
        rules: Any,
        seed: int,
        input_fn: Callable[[str], str],
        output_fn: Callable[[str], object],
        *,
        opponents: Sequence[str],
        show_seats: bool = False,
    ) -> Any:
        """A whole deal in the terminal, the person in seat 0."""
        ...

    def session(self) -> Any:
        """A fresh browser session of this game (see :mod:`engine.core.webapi`)."""
        ...

    # -- for the contract suite (tests/engine/test_contract.py), which checks every registered game ----------
    turn_limit: int  # the most turns a deal takes (a turn: an action of the player on turn); longer is a bug

    # For bench/strength.py: tables of computer players (seats separated by commas, as many as the table's
    # players) and the least win rate the first is to reach over duplicate deals (None: no target).
    strength_tables: Sequence[tuple[str, float | None]]

    def pack(self, rules: Any) -> list[Any]:
        """Every card a deal under *rules* is played with (each copy once)."""
        ...

    def cards(self, deal: Any) -> dict[str, list[Any]]:
        """Where every card of *deal* is now: ``"hand 0"``, ``"hand 1"``, ... and each heap (``"stock"``,
        ``"pile"``, ``"table"``). A seat's view may show its own hand and every heap but the hands and ``stock``."""
        ...

    def request(self, deal: Any, seat: int) -> JSON:
        """The bot-protocol request *seat* would send now (see :mod:`engine.core.protocol`)."""
        ...

    def rules_menu(self) -> JSON:
        """What the game page's Table menu offers: ``options`` (each with its ``name``, ``label``, ``text``,
        ``values`` and ``default``), ``presets`` (``name``, ``title``, ``options``, ``notes``) and ``default`` (the
        default rules as the page asks for them). The site's build writes it into the page."""
        ...

    @property
    def puzzle_kinds(self) -> PuzzleKinds | None:
        """The kinds of puzzle its lessons may ask (:mod:`engine.core.puzzles`); None for a game without lessons."""
        ...

    @property
    def play_outs(self) -> PlayOuts | None:
        """The hook through which the site asks the game's computer player to judge a puzzle's position (see
        :data:`PlayOuts` and :meth:`engine.core.puzzles.Puzzle.verdict_position`); None when no puzzle asks."""
        ...


# The game meant when none is named: on the command line, in bot requests and in the first records.
DEFAULT_GAME = "sevens"
_GAMES: dict[str, GameType] = {}
_INSTALLED = "engine.games"  # the module that imports every installed game


def register(game: GameType) -> GameType:
    """Make *game* known by its name; a game package calls this once."""
    _GAMES[game.name] = game
    return game


def _games() -> dict[str, GameType]:
    # Every installed game, whatever was imported first: a game package imported alone (engine.knock_knock)
    # registers only itself, so the list of installed games is read at every lookup (after the first, the
    # import is a lookup in sys.modules).
    for game in importlib.import_module(_INSTALLED).GAMES:
        _GAMES.setdefault(game.name, game)
    return _GAMES


def game_names() -> list[str]:
    return sorted(_games())


def games_in_order() -> list[GameType]:
    """Every game, in the order the site lists them: engine/games.py's, then any registered since (a game a test
    plugs in by registering it alone).

    >>> games_in_order()[0].name == DEFAULT_GAME  # the default game first, as the site's store expects
    True
    """
    listed = list(importlib.import_module(_INSTALLED).GAMES)
    names = {game.name for game in listed}
    return listed + [game for name, game in _games().items() if name not in names]


def find_game(name: object) -> GameType:
    """The game called *name*; a :class:`RulesError` listing the known games otherwise."""
    games = _games()
    game = games.get(str(name).strip().lower()) if isinstance(name, str) else None
    if game is None:
        raise RulesError(f"unknown game {shown(name)}: choose from {', '.join(sorted(games))}")
    return game


def default_rules(rules: Any = None) -> Any:
    """*rules*, or the default game's default rules when ``None``."""
    return rules if rules is not None else find_game(DEFAULT_GAME).rules({})


def load_game(name: str, **options: object) -> Any:
    """The rules of game *name* with *options* (the rest at their defaults): ``load_game("sevens", players=5)``."""
    return find_game(name).rules(options)


def read_written_rules(game: GameType, data: object, options: Collection[str]) -> Any:
    """*game*'s rules from *data* as a record writes them: an object with every one of *options*.

    >>> read_written_rules(find_game("knock-knock"), {"players": 5}, ["players", "direction"])
    Traceback (most recent call last):
    ...
    engine.core.game.RulesError: missing direction: a record writes every option out
    """
    if not isinstance(data, dict):
        raise RulesError(f"rules must be an object with every option ({', '.join(options)}), not {shown(data)}")
    missing = [name for name in options if name not in data]
    if missing:
        raise RulesError(f"missing {', '.join(missing)}: a record writes every option out")
    return game.rules(data)


def options_text(rules: Any) -> str:
    """*rules* as ``--rules`` takes them: every option, ``name=value`` separated by commas.

    >>> options_text(load_game("knock-knock", players=5))
    'players=5,direction=clockwise,scoring=tally'
    """
    words = []
    for name, value in rules.to_json().items():
        shown = "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
        words.append(f"{name}={shown}")
    return ",".join(words)


def play_command(rules: Any, seed: int | None, opponents: Sequence[str] = ()) -> str:
    """The command that deals the deal from *seed* again under *rules*; the game and rules only when not the defaults.

    >>> play_command(load_game("sevens"), 8)
    'python -m engine play --seed 8'
    >>> play_command(load_game("knock-knock", direction="counter-clockwise"), 8, ["sam", "sam", "alex"])
    'python -m engine play --game knock-knock --rules players=4,direction=counter-clockwise,scoring=tally --opponents sam,sam,alex --seed 8'
    """
    game: GameType = rules.game
    words = ["python -m engine play"]
    if game.name != DEFAULT_GAME:
        words.append(f"--game {game.name}")
    if rules != game.rules({}):
        words.append(f"--rules {options_text(rules)}")
    if opponents:
        words.append(f"--opponents {','.join(opponents)}")
    if seed is not None:  # a deal set up from a position has none
        words.append(f"--seed {seed}")
    return " ".join(words)


def requested_rules(game: GameType, rules: object) -> Any:
    """The rules a page asks for: ``None`` or ``""`` (the defaults), text as :func:`parse_rules` reads it (a
    preset, options or both), or an object of options.

    >>> requested_rules(find_game("sevens"), ["fan-tan"])
    Traceback (most recent call last):
    ...
    engine.core.game.RulesError: rules must be a preset's name, options text or an object of options, not ['fan-tan']
    """
    if rules is None or rules == "":
        return game.rules({})
    if isinstance(rules, str):
        return parse_rules(game, rules)
    if isinstance(rules, dict):
        return game.rules(rules)
    forms = "a preset's name, options text" if game.presets else "options text"
    raise RulesError(f"rules must be {forms} or an object of options, not {shown(rules)}")


def parse_rules(game: GameType, text: str) -> Any:
    """Rules from command-line text: a preset by name (``fan-tan``) or options (``players=5,scoring=chips``).

    A preset may be followed by options that change it: ``fan-tan,players=6``. The same rules hold for every
    game and wherever rules come as text (the command line, a bot request, a page's address), since every game
    reads them through its one declaration of options (:meth:`engine.core.options.Options.parse`): each option
    is given once, and a value written in decimal digits is that whole number, leading zeros and all.

    >>> parse_rules(find_game("sevens"), "players=05").players, parse_rules(find_game("knock-knock"), "players=05").players
    (5, 5)
    >>> parse_rules(find_game("knock-knock"), "players=3,Players=5")
    Traceback (most recent call last):
    ...
    engine.core.game.RulesError: players is given twice ('players=3' and 'Players=5'): give each option once
    """
    return game.options.parse(text)
