"""The command line: ``python -m engine SUBCOMMAND`` (or ``sevens SUBCOMMAND`` once installed).

Each subcommand is a small function from parsed arguments to an exit status;
bad input is reported on stderr with the option it came from, exit status 2.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence

from . import match
from .cards import cards_of, format_cards, parse_mask
from .deal import check_seed, read_seed
from .players import PLAYERS, make_player
from .position import parse_table, playable_mask, table_problem
from .protocol import serve
from .terminal import OPPONENTS, play_in_terminal

__all__ = ["main"]

USAGE_ERROR = 2
SEATS = 4


class UsageError(Exception):
    """Bad command-line input; the message names the option and what is wrong."""


# -- moves --------------------------------------------------------------------------


def legal_cards(table_text: str, hand_text: str) -> list[str]:
    """The codes of the cards in the hand that fit the table, sorted; :class:`UsageError` for impossible input.

    >>> legal_cards("7H 8H 7D", "9H 6H 3S 7C")
    ['7C', '6H', '9H']
    >>> legal_cards("-", "7C 7D")
    ['7D']
    """
    try:
        table = parse_table(table_text)
    except ValueError as error:
        raise UsageError(f"--table: {error}") from None
    problem = table_problem(table)
    if problem:
        raise UsageError(f"--table {table_text!r} cannot occur: {problem}")
    try:
        hand = parse_mask(hand_text)
    except ValueError as error:
        raise UsageError(f"--hand: {error}") from None
    if not hand:
        raise UsageError("--hand is empty: a player with no cards left has already won")
    if hand.bit_count() > 13:
        raise UsageError(f"--hand has {hand.bit_count()} cards: nobody holds more than 13")
    both = hand & table
    if both:
        shown = format_cards(both, display=True)
        raise UsageError(f"--hand and --table both have {shown}: a card is either in a hand or on the table")
    return [card.code for card in cards_of(playable_mask(table) & hand)]


def run_moves(args: argparse.Namespace) -> int:
    cards = legal_cards(args.table, args.hand)
    print("\n".join(cards) if cards else "pass")
    return 0


# -- simulate and tournament ------------------------------------------------------


def parse_seats(text: str) -> list[str]:
    """Four known player names from ``"robin,alex,sam,random"``; :class:`UsageError` otherwise."""
    names = [name.strip().lower() for name in text.split(",")]
    if len(names) != SEATS or not all(names):
        raise UsageError(
            f"--seats {text!r}: expected {SEATS} player names separated by commas, like robin,alex,sam,random"
        )
    unknown = [name for name in names if name not in PLAYERS]
    if unknown:
        raise UsageError(f"--seats: unknown player {unknown[0]!r}: choose from {', '.join(PLAYERS)}")
    return names


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is too small: at least 1")
    return value


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
    seats = parse_seats(args.seats)
    _series_seeds(args)
    wins = [0] * SEATS
    names: Sequence[str] = [name.capitalize() for name in seats]
    for game in match.simulate(args.games, args.seed, seats):
        names = game.players
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
    seats = parse_seats(args.seats)
    _series_seeds(args)
    result = match.tournament(args.games, seats, args.seed)
    print(result.table())
    return 0


# -- play and bot -------------------------------------------------------------------


def run_play(args: argparse.Namespace) -> int:
    opponents = [name.strip().lower() for name in args.opponents.split(",")]
    if len(opponents) != SEATS - 1:
        raise UsageError(f"--opponents {args.opponents!r}: expected 3 player names separated by commas")
    unknown = [name for name in opponents if name not in PLAYERS]
    if unknown:
        raise UsageError(
            f"--opponents: unknown player {unknown[0]!r}: choose from {', '.join(PLAYERS)}"
            + ("" if all(name in PLAYERS for name in OPPONENTS) else " (Robin, Alex and Sam are not installed yet)")
        )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    try:
        play_in_terminal(seed, input, print, opponents=opponents, show_seats=args.seat_names)
    except KeyboardInterrupt:
        print(f"\nInterrupted. Replay this deal with: python -m engine play --seed {seed}")
        return 130
    return 0


def run_bot(args: argparse.Namespace) -> int:
    try:
        player = make_player(args.name, random.Random(args.seed))
    except ValueError as error:
        raise UsageError(str(error)) from None
    serve(player, sys.stdin, sys.stdout.write, sys.stdout.flush)
    return 0


# -- the parser -----------------------------------------------------------------------

BOT_PROTOCOL = """\
protocol: one JSON request per line on stdin, one JSON answer per line on stdout.
  request:  {"seat": 2, "hand": ["8D", "9H", ...], "moves": [{"seat": 0, "play": "7D"}, {"seat": 1, "pass": true}]}
            seat is the bot's seat (0-3), hand its cards now, moves every move so far in game-record form.
  answer:   {"play": "8D"}  or  {"pass": true}   (always exactly one of these two shapes)
  error:    {"error": "what is wrong"} for a line that cannot be answered (bad JSON, missing keys,
            a bad card, an illegal move, a hand that does not match the moves, not this seat's turn,
            a deal that is already over); the bot keeps serving.
  Blank lines are ignored; the bot stops with exit status 0 at end of input."""


def build_parser(prog: str) -> argparse.ArgumentParser:
    names = ", ".join(PLAYERS)
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Sevens (Fan Tan, Parliament): legal moves, computer games, tournaments, "
        "a game in the terminal and a bot protocol.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=f"""examples:
  {prog} moves --table "7D 7H 8H" --hand "9H 6H 3S 7C"
  {prog} simulate --games 100 --seed 1 --seats robin,alex,sam,random
  {prog} tournament --games 200 --seats sam,alex,alex,alex
  {prog} play --seed 42
  {prog} bot sam

Run '{prog} SUBCOMMAND --help' for each subcommand's options.""",
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
    moves.add_argument("--hand", required=True, help="the cards in the hand, separated by spaces or commas")

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
        default=",".join(OPPONENTS),
        help=f"computer players in seats 1-3 (default: {','.join(OPPONENTS)})",
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
    bot.add_argument("--seed", type=_seed, default=0, help="seed of the player's own random choices (default: 0)")
    return parser


def _add_series_options(command: argparse.ArgumentParser, default_seats: str) -> None:
    command.add_argument("--games", type=_positive, default=100, help="number of deals (default: 100)")
    command.add_argument("--seed", type=_seed, default=1, help="seed of the first deal (default: 1)")
    command.add_argument(
        "--seats", default=default_seats, help=f"four players for seats 0-3 (default: {default_seats})"
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
    except UsageError as error:
        print(f"{prog} {args.command}: {error}", file=sys.stderr)
        return USAGE_ERROR
