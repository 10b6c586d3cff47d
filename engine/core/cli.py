"""The command line: ``python -m engine SUBCOMMAND`` (or ``sevens SUBCOMMAND`` once installed).

Each subcommand is a small function from parsed arguments to an exit status;
bad input is reported on stderr with the option it came from, exit status 2.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from . import match
from .chance import MAX_SEED, check_seed, read_seed, read_whole
from .game import (
    DEFAULT_GAME,
    GameType,
    RulesError,
    computer_player,
    find_game,
    game_names,
    parse_rules,
    play_command,
)
from .jsontext import MAX_CHARS, shown
from .protocol import read_lines, serve

__all__ = ["main"]

USAGE_ERROR = 2


class UsageError(Exception):
    """Bad command-line input; the message names the option and what is wrong."""


# -- the game and its rules --------------------------------------------------------


def game_and_rules(args: argparse.Namespace) -> tuple[GameType, Any]:
    """The game named by --game and its rules from --rules; :class:`UsageError` naming the option otherwise."""
    try:
        game = find_game(args.game)
    except RulesError as error:
        raise UsageError(f"--game: {error}") from None
    try:
        return game, parse_rules(game, args.rules)
    except RulesError as error:
        raise UsageError(f"--rules {shown(args.rules)}: {error}") from None


# -- moves --------------------------------------------------------------------------


def run_moves(args: argparse.Namespace) -> int:
    game, rules = game_and_rules(args)
    position = {"table": args.table, "hand": args.hand}
    if args.request is not None:
        position = {"request": read_text_file(args.request, "--request")}
    elif args.hand is None:
        raise UsageError("give --hand (with --table), or --request FILE holding a bot request")
    try:
        cards = game.legal_listing(rules, position)
    except ValueError as error:
        raise UsageError(str(error)) from None
    except KeyError:  # a game that lists moves from --table and --hand only
        raise UsageError(f"--request: {game.name} lists its moves from --table and --hand") from None
    print("\n".join(cards) if cards else "pass")
    return 0


def read_text_file(path: str, option: str) -> str:
    """The text of the file at *path*, read as UTF-8 and at most :data:`~engine.core.jsontext.MAX_CHARS` bytes of
    it (so a huge file or a device that never ends, such as /dev/zero, is refused, not read until memory runs out);
    :class:`UsageError` naming *option* and the file otherwise."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_CHARS + 1)
    except OSError as error:
        raise UsageError(f"{option} {shown(path)}: {error.strerror or error}") from None
    if len(data) > MAX_CHARS:
        raise UsageError(f"{option} {shown(path)}: the file is too long to read: more than {MAX_CHARS:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(
            f"{option} {shown(path)}: the file is not UTF-8 text ({error.reason} at byte {error.start + 1}): "
            "save it as UTF-8"
        ) from None


# -- simulate and tournament ------------------------------------------------------


def parse_seats(text: str | None, game: GameType, rules: Any, default: str, option: str = "--seats") -> list[str]:
    """Exactly ``players`` known computer players from ``"robin,alex,sam,random"``; :class:`UsageError` otherwise.

    Without *text*, the names of *default* round the table as often as the seats need.
    """
    count = rules.players
    if text is None:
        cycle = default.split(",")
        return [cycle[i % len(cycle)] for i in range(count)]
    names = [name.strip().lower() for name in text.split(",")]
    known = game.computer_players
    if len(names) != count or not all(names):
        raise UsageError(
            f"{option} {shown(text)}: expected {count} player names separated by commas (the rules have players={count}), "
            f"like {','.join(list(known)[i % len(known)] for i in range(count))}"
        )
    unknown = [name for name in names if name not in known]
    if unknown:
        raise UsageError(f"{option}: unknown player {shown(unknown[0])}: choose from {', '.join(known)}")
    return names


# The most deals a series can have: one a seed, from seed 0 to the last.
MAX_GAMES = MAX_SEED + 1


def _games(text: str) -> int:
    try:
        return read_whole(text, 1, MAX_GAMES)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{error}: a series is 1 to {MAX_GAMES} deals") from None


def _seed(text: str) -> int:
    try:
        return read_seed(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _series_seeds(args: argparse.Namespace) -> None:
    """Refuse a series whose last deal's seed would be out of range (its records could not be read back)."""
    try:
        check_seed(args.seed + args.games - 1)
    except ValueError as error:
        raise UsageError(f"--games {args.games} from --seed {args.seed}: the last deal's {error}") from None


def run_simulate(args: argparse.Namespace) -> int:
    game_type, rules = game_and_rules(args)
    seats = parse_seats(args.seats, game_type, rules, "robin,alex,sam,random")
    _series_seeds(args)
    wins = [0] * rules.players
    names: Sequence[str] = [name.capitalize() for name in seats]
    for game in match.simulate(args.games, args.seed, seats, rules=rules):
        names = game.names
        if args.json:
            sys.stdout.write(game.to_json() + "\n")
            sys.stdout.flush()
        if game.winner is not None:
            wins[game.winner] += 1
    if not args.json:
        print(win_summary(args.games, args.seed, names, wins))
    return 0


def win_summary(games: int, first_seed: int, names: Sequence[str], wins: Sequence[int]) -> str:
    """The wins of each seat as a small table.

    >>> print(win_summary(4, 1, ["Robin", "Alex", "Sam", "Random"], [2, 1, 1, 0]))
    4 deals, seeds 1-4
    seat  player    wins      %
       0  Robin        2   50.0
       1  Alex         1   25.0
       2  Sam          1   25.0
       3  Random       0    0.0
    """
    lines = [f"{games} deal{'s' if games != 1 else ''}, seeds {first_seed}-{first_seed + games - 1}"]
    lines.append(f"{'seat':>4}  {'player':<8} {'wins':>5} {'%':>6}")
    for seat, (name, count) in enumerate(zip(names, wins, strict=True)):
        lines.append(f"{seat:>4}  {name:<8} {count:>5} {100 * count / games:>6.1f}")
    return "\n".join(lines)


def run_tournament(args: argparse.Namespace) -> int:
    game, rules = game_and_rules(args)
    seats = parse_seats(args.seats, game, rules, "sam,alex,robin,random")
    _series_seeds(args)
    result = match.tournament(args.games, seats, args.seed, rules=rules)
    print(result.table())
    return 0


# -- play and bot -------------------------------------------------------------------


def run_play(args: argparse.Namespace) -> int:
    game, rules = game_and_rules(args)
    count = rules.players
    if args.opponents is None:
        opponents = [("robin", "alex", "sam")[i % 3] for i in range(count - 1)]
    else:
        opponents = [name.strip().lower() for name in args.opponents.split(",")]
        if len(opponents) != count - 1:
            raise UsageError(
                f"--opponents {args.opponents!r}: expected {count - 1} player names separated by commas "
                f"(the rules have players={count})"
            )
        unknown = [name for name in opponents if name not in game.computer_players]
        if unknown:
            raise UsageError(
                f"--opponents: unknown player {unknown[0]!r}: choose from {', '.join(game.computer_players)}"
            )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    try:
        game.play_in_terminal(rules, seed, input, print, opponents=opponents, show_seats=args.seat_names)
    except KeyboardInterrupt:
        again = play_command(rules, seed, opponents if args.opponents is not None else ())
        print(f"\nInterrupted. Replay this deal with: {again}")
        return 130
    return 0


def run_bot(args: argparse.Namespace) -> int:
    game, rules = game_and_rules(args)
    try:
        player = computer_player(game.computer_players, args.name, random.Random(args.seed))
    except ValueError as error:
        raise UsageError(str(error)) from None
    serve(player, game, read_lines(sys.stdin.buffer.readline), sys.stdout.write, sys.stdout.flush, rules)
    return 0


# -- options ------------------------------------------------------------------------


def options_document(games: Sequence[GameType], *, markdown: bool) -> str:
    """Each game's options, from its declaration (:mod:`engine.core.options`): as text for ``--help``, or as the
    Markdown of ``docs/options.md``."""
    if not markdown:
        return "\n".join(f"{game.name} ({game.title}):\n{game.options.help()}" for game in games)
    parts = [
        "# The options of each game",
        "",
        "Written by `python -m engine options --markdown > docs/options.md` from each game's declaration "
        "(`engine/<game>/rules.py`); a test checks that this file is current. Options are given as "
        "`--rules name=value,...` on the command line, as an object in records and requests, and in the Table menu "
        "on the site. The rules themselves are in [rules/](rules/).",
    ]
    for game in games:
        parts += ["", f"## {game.title} (`--game {game.name}`)", "", game.options.markdown()]
    return "\n".join(parts) + "\n"


def run_options(args: argparse.Namespace) -> int:
    try:
        games = [find_game(args.game)] if args.game is not None else [find_game(name) for name in game_names()]
    except RulesError as error:
        raise UsageError(f"--game: {error}") from None
    sys.stdout.write(options_document(games, markdown=args.markdown) + ("" if args.markdown else "\n"))
    return 0


# -- the parser -----------------------------------------------------------------------

BOT_PROTOCOL = """\
protocol: one JSON request per line on stdin, one JSON answer per line on stdout.
Sevens' shapes are shown; another game's requests name it ("game") and its shapes are in the README.
  request:  {"seat": 2, "hand": ["8D", "9H", ...], "moves": [{"seat": 0, "play": "7D"}, {"seat": 1, "pass": true}]}
            seat is the bot's seat, hand its cards now, moves every move so far in game-record form;
            optional: "game" (default sevens), "rules" (options like {"players": 5} or a preset's name;
            without it, the bot's --rules), "dealer" (default 0). A pass that puts a player out (pass_limit) lists their cards: "laid": [...].
  answer:   {"play": "8D"}  or  {"pass": true}   (always exactly one of these two shapes)
  error:    {"error": "what is wrong"} for a line that cannot be answered (bad JSON, missing keys,
            a bad card, an illegal move, a hand that does not match the moves, not this seat's turn,
            a deal that is already over, a line that is not UTF-8 or longer than MAX_CHARS bytes);
            the bot keeps serving.
  Blank lines are ignored; the bot stops with exit status 0 at end of input.""".replace("MAX_CHARS", f"{MAX_CHARS:,}")


def build_parser(prog: str) -> argparse.ArgumentParser:
    default = find_game(DEFAULT_GAME)
    names = ", ".join(default.computer_players)
    games = [find_game(name) for name in game_names()]
    # Each game's presets and options, as --rules takes them.
    presets = "; ".join(f"{game.name}: {', '.join(game.presets)}" for game in games if game.presets)
    options = "; ".join(f"{game.name}: {', '.join(game.options.names)}" for game in games)
    parser = argparse.ArgumentParser(
        prog=prog,
        description=f"Card games called Sevens ({', '.join(game.title for game in games)}): legal moves, "
        "computer games, tournaments, a game in the terminal and a bot protocol. "
        "The examples are Sevens; add --game to play another.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=f"""examples:
  {prog} moves --table "7D 7H 8H" --hand "9H 6H 3S 7C"
  {prog} simulate --games 100 --seed 1 --seats robin,alex,sam,random
  {prog} tournament --games 200 --seats sam,alex,alex,alex
  {prog} play --seed 42
  {prog} bot sam

Run '{prog} SUBCOMMAND --help' for each subcommand's options.

rules (--rules, a preset and/or name=value separated by commas):
{options_document(games, markdown=False)}""",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="SUBCOMMAND")

    def add(
        name: str, help_text: str, epilog: str, run: Callable[[argparse.Namespace], int]
    ) -> argparse.ArgumentParser:
        command = sub.add_parser(
            name,
            help=help_text,
            description=help_text,
            epilog=epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.set_defaults(run=run)
        command.add_argument(
            "--game", default=DEFAULT_GAME, help=f"the game: {', '.join(game_names())} (default: {DEFAULT_GAME})"
        )
        command.add_argument(
            "--rules",
            default="",
            help=f"a preset ({presets}) and/or options name=value separated by commas, like players=5 "
            f"(options: {options}; default: the game's defaults)",
        )
        return command

    moves = add(
        "moves",
        "List the cards of a hand that may be played on a table, one per line, or 'pass'.",
        f"""examples:
  {prog} moves --table "7D 7H 8H" --hand "9H 6H 3S 7C"     prints 7C, 6H and 9H
  {prog} moves --table "7D 5H-8H" --hand "KS 2C"           prints pass
  {prog} moves --table - --hand "7D 7C"                    prints 7D (only the 7♦ opens)
Cards: 7D, 10H (or TH), 7♦, a♠; runs such as 5H-8H; '-' or "" is an empty table.""",
        run_moves,
    )
    moves.add_argument("--table", default="-", help="cards on the table (default: '-', the deal has not opened)")
    moves.add_argument("--hand", default=None, help="the cards in the hand, separated by spaces or commas")
    moves.add_argument(
        "--request",
        default=None,
        metavar="FILE",
        help="a bot request (the position from one seat's view) instead of --table and --hand, for games that read one",
    )

    simulate = add(
        "simulate",
        "Play deals between computer players and count the wins of each seat.",
        f"""examples:
  {prog} simulate --games 100 --seed 1 --seats robin,alex,sam,random
  {prog} simulate --games 10 --seats random,random,random,random --json > games.jsonl
The deals are shuffled from seeds S, S+1, S+2, …, so a run is repeatable. With --json each line is a game
record (the format Game.from_json reads back), written as soon as the deal ends.
Players: {names}.""",
        run_simulate,
    )
    _add_series_options(simulate, "robin,alex,sam,random")
    simulate.add_argument("--json", action="store_true", help="print one game record per line instead of a summary")

    tournament = add(
        "tournament",
        "Run a duplicate tournament: every deal is replayed with the players rotated through the seats.",
        f"""examples:
  {prog} tournament --games 200 --seats sam,alex,alex,alex
  {prog} tournament --games 50 --seed 7
Players: {names}.""",
        run_tournament,
    )
    _add_series_options(tournament, "sam,alex,robin,random")

    play = add(
        "play",
        "Play a deal in the terminal: you in seat 0 against Robin, Alex and Sam.",
        f"""examples:
  {prog} play              a random deal (its seed is printed so you can replay it)
  {prog} play --seed 42
At the prompt type a card (8D, 8d, 8♦, 10H), pass (p), hint (?), help (h) or quit (q).
Your playable cards are shown in [brackets].""",
        run_play,
    )
    play.add_argument("--seed", type=_seed, default=None, help="the deal to play (default: a random one, printed)")
    play.add_argument(
        "--opponents",
        default=None,
        help="computer players in seats 1 onwards, one per seat besides yours (default: robin,alex,sam, round again)",
    )
    play.add_argument("--seat-names", action="store_true", help="show each opponent's seat number with their name")

    bot = add(
        "bot",
        "Serve a computer player over a line protocol on stdin/stdout (like a chess engine's UCI).",
        f"""{BOT_PROTOCOL}

examples:
  {prog} bot sam
  echo '{{"seat": 0, "hand": ["7D","AC","2C","3C","4C","5C","6C","8C","9C","10C","JC","QC","KC"], "moves": []}}' \\
      | {prog} bot random          answers {{"play": "7D"}}
Players: {names}.""",
        run_bot,
    )
    bot.add_argument("name", metavar="NAME", help=f"the computer player: {names}")

    options_help = "List each game's options: their values, defaults and meanings, and the presets."
    options_command = sub.add_parser(
        "options",
        help=options_help,
        description=options_help,
        epilog=f"""examples:
  {prog} options
  {prog} options --game {DEFAULT_GAME}
  {prog} options --markdown > docs/options.md""",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    options_command.set_defaults(run=run_options)
    options_command.add_argument(
        "--game", default=None, help=f"one game: {', '.join(game_names())} (default: every game)"
    )
    options_command.add_argument("--markdown", action="store_true", help="write Markdown tables (docs/options.md)")
    bot.add_argument("--seed", type=_seed, default=0, help="seed of the player's own random choices (default: 0)")
    return parser


def _add_series_options(command: argparse.ArgumentParser, default_seats: str) -> None:
    command.add_argument("--games", type=_games, default=100, help="number of deals (default: 100)")
    command.add_argument("--seed", type=_seed, default=1, help="seed of the first deal (default: 1)")
    command.add_argument(
        "--seats",
        default=None,
        help=f"one player per seat, exactly as many as the rules' players (default: {default_seats}, round again)",
    )


def main(argv: list[str] | None = None, *, prog: str = "sevens") -> int:
    """Run the command line with *argv* (default: ``sys.argv[1:]``) and return the exit status."""
    parser = build_parser(prog)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit:  # --help, or argparse's own usage errors
        return exit.code if isinstance(exit.code, int) else USAGE_ERROR
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except BrokenPipeError:
        # The reader stopped early (``... | head``): end quietly, as other command-line tools do. Python's
        # own flush of stdout at exit would fail again, so stdout goes to the null device first.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except UsageError as error:
        print(f"{prog} {args.command}: {error}", file=sys.stderr)
        return USAGE_ERROR
