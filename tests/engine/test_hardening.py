"""Hardening: every parser reads its input or raises its documented error, and nothing else.

Hypothesis feeds the card and position parsers, the game-record loader
and the bot protocol two kinds of input. Arbitrary text and JSON values test
the first checks; near-valid inputs (a valid one with a few edits: a field
dropped, doubled or swapped, a number pushed out of range, look-alike or
invisible characters, NUL bytes, very long runs) get past them into the deep
code. An input that parses must round-trip; an error must be the documented
type (never ``KeyError``, ``TypeError``, ``RecursionError`` ...) and say what
is wrong. Example counts come from conftest.py (fewer in Pyodide).
"""

from __future__ import annotations

import copy
import json
import math
import random
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from engine.core.cards import ALL_CARDS, Card, Rank, Suit, cards_of, format_cards, parse_cards, parse_mask
from engine.core.chance import MAX_SEED, parse_seed, read_seed
from engine.core.cli import main
from engine.core.game import game_names
from engine.core.protocol import answer
from engine.sevens import SEVENS
from engine.sevens.game import Game, RecordError
from engine.sevens.players import make_player
from engine.sevens.position import OPENING_CARD, Position, format_table, parse_table
from engine.sevens.session import Session, parse_script

# Hostile input gets twice the profile's number of examples in CPython; Pyodide's profile keeps its number. (The
# platform is asked here, not conftest's IN_PYODIDE: tests/site imports this module, and that conftest is not its.)
EXAMPLES = settings(max_examples=settings.default.max_examples * (1 if sys.platform == "emscripten" else 2))
T = TypeVar("T")
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
LONG = 20_000  # a "very long" run of one piece of text
DEEP = 100_000  # nesting that overflows a naive recursive reader
HUGE = 10**5000  # more digits than Python will turn into text by default

# Pieces that trip parsers: separators, invisible and look-alike characters, a lone surrogate, JSON syntax,
# numbers out of range, and valid words in the wrong place.
TRICKY = (
    *("\x00", "\u200b", "\ufeff", "\u00a0", "\u2028", "\r", "\n", "\t", " ", "  ", "-", "/", ",", ":", ";"),
    *("Ｄ", "７", "𝟕", "٧", "Ⅶ", "Н", "С", "Ѕ", "Ꭰ", "ß", "ﬀ", "İ", "♥", "♡", "♦\ufe0f", "\ud800"),
    *('"', "{", "}", "[", "]", "\\", "null", "true", "NaN", "1e999", "-0", "0.5"),
    *("0", "-1", "4", "13", "52", "99999999999999999999", "10", "T", "7D", "10H", "KC", "AS", "none", "pass"),
)
OUTLINE = {"C": "♧", "D": "♢", "H": "♡", "S": "♤"}
SELECTORS = ("\ufe0f", "\ufe0e")  # emoji and text presentation, as phone keyboards add after a suit symbol
# Values for a JSON field that is pushed out of its type or range.
ODD_NUMBERS = (-1, 4, 13, 14, 52, 2**31, 2**53 + 1, -(2**63), 10**400, 0.5, 1.0, -0.0, math.inf, -math.inf, math.nan)
ODD_VALUES = (None, True, False, "", "7D", "10H", "TH", "10♥", "sevens", "\x00", "x" * LONG, [], {}, [[]], *ODD_NUMBERS)
JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
JSON_VALUES = st.recursive(
    JSON_SCALARS, lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(), children, max_size=5)
)


# -- near-valid text ------------------------------------------------------------------


def spellings(card: Card) -> list[str]:
    """Every way the card parser accepts *card*: code, symbol (with a variation selector or not), outline symbol,
    lower case, T for ten."""
    ranks = [card.rank.code, card.rank.code.lower()] + (["T", "t"] if card.rank == Rank.TEN else [])
    suit = card.suit.value
    symbols = [symbol + selector for symbol in (card.suit.symbol, OUTLINE[suit]) for selector in ("", *SELECTORS)]
    return [rank + s for rank in ranks for s in (suit, suit.lower(), *symbols)]


def spelled_plain(cards: list[Card]) -> str:
    return " ".join(card.code for card in cards)


def spelled(draw: st.DrawFn, cards: list[Card]) -> str:
    """*cards* in any accepted spelling, separated by spaces or commas."""
    words = [draw(st.sampled_from(spellings(card))) for card in cards]
    return draw(st.sampled_from([" ", ", ", ",", "  "])).join(words)


@st.composite
def edited(draw: st.DrawFn, base: st.SearchStrategy[str]) -> str:
    """A text from *base* after one to three edits: insert, delete, replace, repeat, swap words, or a long run."""
    text = draw(base)
    for _ in range(draw(st.integers(1, 3))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 6)))
        piece = draw(st.sampled_from(TRICKY) | st.text(min_size=1, max_size=3))
        edit = draw(st.sampled_from(["insert", "delete", "replace", "repeat", "swap words", "long run"]))
        if edit == "insert":
            text = text[:start] + piece + text[start:]
        elif edit == "delete":
            text = text[:start] + text[end:]
        elif edit == "replace":
            text = text[:start] + piece + text[end:]
        elif edit == "repeat":
            text = text[:end] + text[start:end] + text[end:]
        elif edit == "swap words":
            words = text.split(" ")
            i, j = draw(st.integers(0, len(words) - 1)), draw(st.integers(0, len(words) - 1))
            words[i], words[j] = words[j], words[i]
            text = " ".join(words)
        else:
            text = text[:start] + piece * (LONG // len(piece)) + text[start:]
    return text


def is_card(word: str) -> bool:
    try:
        Card.parse(word)
    except ValueError:
        return False
    return True


# One word that is not a card (nor "none", "-" or a separator), to plant in an otherwise valid input.
BAD_WORDS = st.text(
    st.characters(blacklist_categories=("Zs", "Zl", "Zp", "Cc", "Cs"), blacklist_characters=",-/:;"),
    min_size=1,
    max_size=6,
).filter(lambda word: word.split() == [word] and not is_card(word) and word.lower() != "none")


# -- valid games, positions and records ------------------------------------------------


@st.composite
def games(draw: st.DrawFn, *, unfinished: bool = False) -> Game:
    """The deal from a random seed after a random number of random legal moves (sometimes to the end)."""
    game = Game.new(draw(SEEDS))
    moves = draw(st.integers(0, 90) | st.just(1000))
    while len(game.moves) < moves and not game.is_over:
        legal = game.position.legal_moves()
        if unfinished and len(legal) == 1 and game.position.hands[game.turn] == legal[0].bit:
            break  # the next card would end the deal
        game.play(draw(st.sampled_from(legal)) if legal else None)
    return game


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A position from a game; now and then with cards left out of the hands, as a lesson's short deal does."""
    position = draw(games()).position
    if draw(st.booleans()):
        return position
    left_out = draw(st.integers(0, (1 << 52) - 1))
    hands = [hand & ~left_out for hand in position.hands]
    return Position.setup(position.table, hands, position.turn)


@st.composite
def position_texts(draw: st.DrawFn) -> tuple[Position, str]:
    """A position and a text form of it in any accepted spelling: runs or single cards, any order, symbols."""
    position = draw(positions())
    if draw(st.booleans()):
        table = format_table(position.table)
    else:
        table = spelled(draw, draw(st.permutations(list(cards_of(position.table))))) or "-"
    hands = [spelled(draw, draw(st.permutations(list(cards_of(hand))))) or "-" for hand in position.hands]
    slash = draw(st.sampled_from(["/", " / ", "  /"]))
    return position, slash.join([table, *hands, str(position.turn)])


# -- edits of JSON values ------------------------------------------------------------


def locations(value: object, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside *value*, itself included."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += locations(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += locations(item, (*path, index))
    return found


def at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


@st.composite
def edited_json(draw: st.DrawFn, base: st.SearchStrategy[Any], *, huge: bool = True) -> Any:
    """A JSON value from *base* after one to three edits anywhere inside: drop, double, replace, nudge, swap."""
    value = copy.deepcopy(draw(base))
    odd = st.sampled_from(ODD_VALUES + ((HUGE, -HUGE) if huge else ())) | JSON_VALUES
    for _ in range(draw(st.integers(1, 3))):
        paths = locations(value)
        fields = [p for p in paths if len(p) <= 1]  # half the edits hit a whole field: cut the moves, change the winner
        path = draw(st.sampled_from(fields) | st.sampled_from(paths))
        edit = draw(st.sampled_from(["drop", "double", "replace", "nudge", "swap"]))
        if not path:
            value = draw(odd) if edit == "replace" else value
            continue
        parent, key = at(value, path[:-1]), path[-1]
        item = parent[key]
        if edit == "drop":
            del parent[key]
        elif edit == "double" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(item))
        elif edit == "double":
            parent[draw(st.sampled_from([f"{key}2", key.upper(), f" {key}", ""]))] = copy.deepcopy(item)
        elif edit == "replace":
            parent[key] = draw(odd)
        elif edit == "nudge":
            parent[key] = draw(nudged(item, huge=huge))
        else:  # swap with a value of the same type elsewhere: two cards, two moves, two hands
            other = draw(st.sampled_from([p for p in paths if type(at(value, p)) is type(item)]))
            if other and other[: len(path)] != path and path[: len(other)] != other:  # neither holds the other
                other_parent = at(value, other[:-1])
                parent[key], other_parent[other[-1]] = other_parent[other[-1]], item
    return value


def nudged(item: object, *, huge: bool) -> st.SearchStrategy[Any]:
    """A value close to *item*: a number moved a little or far, a text edited, a list reordered or cut."""
    if isinstance(item, bool):
        return st.just(not item)
    if isinstance(item, int):
        far = [-item - 1, item + 2**53, item * 10**30] + ([item + HUGE] if huge else [])
        if item.bit_length() < 1000:  # a float and a text of it exist
            far += [float(item), str(item)]
        return st.sampled_from([item - 1, item + 1, item + 4, item - 13, *far])
    if isinstance(item, str):
        return edited(st.just(item))
    if isinstance(item, list):
        return st.permutations(item).map(list) | st.integers(0, len(item)).map(lambda n: item[:n])
    if isinstance(item, dict) and "seat" in item:  # a move: a play becomes a pass or another card
        seat = item["seat"]
        return st.just({"seat": seat, "pass": True}) | st.sampled_from(ALL_CARDS).map(
            lambda card: {"seat": seat, "play": card.code}
        )
    if isinstance(item, dict):
        return st.just({key: None for key in item}) | st.just(list(item.values()))
    return st.sampled_from(ODD_VALUES)


# -- cards ---------------------------------------------------------------------------------


CARD_TEXT = st.sampled_from(ALL_CARDS).flatmap(lambda card: st.sampled_from(spellings(card)))


def parsed(parse: Callable[[str], T], text: str) -> T | None:
    """What *parse* reads from *text*, or ``None`` when it raised the documented ValueError, with a message."""
    try:
        return parse(text)
    except ValueError as error:
        assert str(error)
        return None


def assert_names(error: Exception, text: str) -> None:
    """The message is there and shows the offending text (or says the card is empty)."""
    message = str(error)
    assert message
    assert repr(text) in message if text.strip() else "empty card" in message


@EXAMPLES
@given(st.text() | edited(CARD_TEXT) | edited(CARD_TEXT.map(lambda word: f" {word} ")))
@example("7D\x00")
@example("７Ｄ")
@example("x" * LONG)
def test_card_parse_reads_a_card_or_raises_value_error_naming_the_text(text: str) -> None:
    try:
        card = Card.parse(text)
    except ValueError as error:
        assert_names(error, text)
    else:
        assert Card.parse(card.code) == card and Card.parse(card.display) == card
        assert text.strip().upper() in {spelling.upper() for spelling in spellings(card)}


@st.composite
def card_lists(draw: st.DrawFn) -> str:
    return spelled(draw, draw(st.lists(st.sampled_from(ALL_CARDS), max_size=15)))


@EXAMPLES
@given(st.text() | edited(card_lists()))
@example("- -")
@example("7D,,8D")
def test_card_lists_parse_or_raise_value_error(text: str) -> None:
    cards = parsed(parse_cards, text)
    if cards is not None:
        assert parse_cards(" ".join(card.code for card in cards)) == cards
    mask = parsed(parse_mask, text)
    if mask is not None:
        assert parse_mask(format_cards(mask)) == mask
        assert parse_mask(format_cards(mask, display=True)) == mask


@EXAMPLES
@given(card_lists(), BAD_WORDS, st.data())
def test_a_bad_word_in_a_card_list_is_named(text: str, bad: str, data: st.DataObject) -> None:
    words = text.replace(",", " ").split()
    words.insert(data.draw(st.integers(0, len(words))), bad)
    with pytest.raises(ValueError) as error:
        parse_cards(" ".join(words))
    assert_names(error.value, bad)


@EXAMPLES
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=8, unique=True), st.data())
def test_a_repeated_card_names_the_card(cards: list[Card], data: st.DataObject) -> None:
    twice = data.draw(st.sampled_from(cards))
    with pytest.raises(ValueError, match=f"{twice.code} appears twice"):
        parse_mask(spelled(data.draw, [*cards, twice]))


# -- positions and tables ------------------------------------------------------------


@EXAMPLES
@given(position_texts())
def test_a_position_in_any_spelling_parses_to_itself_and_round_trips(case: tuple[Position, str]) -> None:
    position, text = case
    assert Position.parse(text) == position
    assert Position.parse(position.text()) == position
    assert Position.parse(position.text()).text() == position.text()


@st.composite
def moved_cards(draw: st.DrawFn) -> str:
    """A position's text after cards move between the table and the hands, or the turn changes."""
    position = draw(positions())
    places = [position.table, *position.hands]
    for _ in range(draw(st.integers(1, 3))):
        card = draw(st.sampled_from(ALL_CARDS))
        source, target = draw(st.integers(0, 4)), draw(st.integers(0, 4))
        places[source] &= ~card.bit
        places[target] |= card.bit
    turn = draw(st.sampled_from([position.turn, 0, 1, 2, 3]))
    return " / ".join([format_table(places[0]), *(format_cards(hand) for hand in places[1:]), str(turn)])


@EXAMPLES
@given(st.text() | edited(position_texts().map(lambda case: case[1])) | moved_cards())
@example("7D / 7D / / / / 0")
@example("7D- / / / / / 0")
@example("-7D / / / / / 0")
@example("7D / / / / / \x000")
@example("7D / / / / / ٠")
def test_position_parse_reads_a_position_or_raises_value_error(text: str) -> None:
    position = parsed(Position.parse, text)
    if position is not None:
        assert Position.parse(position.text()) == position


@EXAMPLES
@given(position_texts(), BAD_WORDS, st.data())
def test_a_bad_word_in_a_position_names_its_field_and_the_word(
    case: tuple[Position, str], bad: str, data: st.DataObject
) -> None:
    _, text = case
    fields = text.split("/")
    number = data.draw(st.integers(0, 5))
    if number == 5:
        assume(bad not in {"0", "1", "2", "3"})
    fields[number] = f"{fields[number]} {bad}" if number < 5 and fields[number].strip() != "-" else bad
    with pytest.raises(ValueError) as error:
        Position.parse("/".join(fields))
    message = str(error.value)
    field = "table" if number == 0 else f"hand {number - 1}" if number < 5 else "turn"
    assert message.startswith(field)
    assert repr(bad)[1:-1] in message


@EXAMPLES
@given(st.text() | edited(position_texts().map(lambda case: case[1].split("/")[0])))
@example("7D-")
@example("7D-7D-8D")
@example("8D-6D")
@example("7D-7H")
@example("AC-KC " * 3)
def test_parse_table_reads_a_table_or_raises_value_error(text: str) -> None:
    table = parsed(parse_table, text)
    if table is not None:
        assert parse_table(format_table(table)) == table


# -- game records ------------------------------------------------------------------------


RECORDS = games().map(lambda game: game.record())


def check_record_outcome(load: Callable[[Any], Game], data: Any) -> Game | None:
    """Load *data*: a game that writes the same record back, or a RecordError that says what is wrong."""
    try:
        game = load(data)
    except RecordError as error:
        assert "game record" in str(error), str(error)
        return None
    text = game.to_json()
    text.encode("utf-8")  # a record that loads can be saved to a file too
    again = Game.from_json(text)
    assert again.record() == game.record()
    return game


@EXAMPLES
@given(RECORDS)
def test_a_record_reads_back_as_the_same_game(record: dict[str, Any]) -> None:
    game = check_record_outcome(Game.from_record, record)
    assert game is not None and game.record() == record


@EXAMPLES
@given(JSON_VALUES | st.fixed_dictionaries({}, optional={key: JSON_VALUES for key in Game.new(0).record()}))
@example({"seat": 0})
@example([])
def test_from_record_reads_any_json_value_or_raises_record_error(data: object) -> None:
    check_record_outcome(Game.from_record, data)


@EXAMPLES
@given(edited_json(RECORDS))
@example({**Game.new(1).record(), "winner": HUGE})
@example({**Game.new(1).record(), "seed": HUGE})
@example({**Game.new(1).record(), "moves": [{"seat": HUGE, "play": "7D"}]})
@example({**Game.new(1).record(), "remaining": [HUGE]})
@example({**Game.new(1).record(), "players": ["You", "Robin", "Alex", "\ud800"]})
def test_an_edited_record_loads_or_raises_record_error(data: object) -> None:
    game = check_record_outcome(Game.from_record, data)
    if game is not None:
        record = game.record()
        assert isinstance(data, dict)
        for key in ("seed", "players", "moves", "winner", "remaining"):
            assert record[key] == data[key]
        assert [sorted(hand) for hand in record["hands"]] == [sorted(hand) for hand in data["hands"]]


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


@EXAMPLES
@given(st.text() | edited(RECORDS.map(dumps)) | edited_json(RECORDS, huge=False).map(dumps))
@example("1" * 5000)
@example("[" * DEEP)
@example('{"a": ' * DEEP)
@example("[" * 5000 + "]" * 5000)
@example('{"rules": "sevens"' + ', "seed": 1' * 3 + "}")
@example("\ufeff{}")
@example('"' + '\\"' * 20_000)  # took seconds, quadratic in a first nesting check; now linear
def test_from_json_reads_any_text_or_raises_record_error(text: str) -> None:
    check_record_outcome(Game.from_json, text)


# -- the bot protocol ----------------------------------------------------------------------


def request_of(game: Game, draw: st.DrawFn) -> dict[str, Any]:
    """The request of the player to move in *game*, its hand in any spelling."""
    hand = [draw(st.sampled_from(spellings(card))) for card in cards_of(game.position.hands[game.turn])]
    return {"seat": game.turn, "hand": hand, "moves": [move.to_json() for move in game.moves]}


@st.composite
def requests(draw: st.DrawFn) -> tuple[Game, str]:
    game = draw(games(unfinished=True))
    return game, dumps(request_of(game, draw))


BOTS = st.sampled_from(["random", "robin", "alex", "sam"])


def check_answer(line: str, bot: str) -> dict[str, Any]:
    """Ask *bot*: one line of JSON, encodable for writing out, in exactly one of three shapes."""
    reply = answer(line, make_player(bot, random.Random(0)), SEVENS)
    assert "\n" not in reply
    reply.encode("utf-8")
    data = json.loads(reply)
    assert isinstance(data, dict) and len(data) == 1
    if "error" in data:
        assert isinstance(data["error"], str) and data["error"]
    elif "pass" in data:
        assert data["pass"] is True
    else:
        assert isinstance(data["play"], str) and Card.parse(data["play"]).code == data["play"]
    return data


@EXAMPLES
@given(requests(), BOTS)
def test_a_valid_request_gets_a_legal_play_or_pass(case: tuple[Game, str], bot: str) -> None:
    game, line = case
    data = check_answer(line, bot)
    legal = game.position.legal_moves()
    if legal:
        assert Card.parse(data["play"]) in legal
    else:
        assert data == {"pass": True}


@EXAMPLES
@given(
    st.text()
    | edited(requests().map(lambda case: case[1]))
    | edited_json(requests().map(lambda c: json.loads(c[1])), huge=False).map(dumps),
    BOTS,
)
@example("1" * 5000, "random")
@example("[" * DEEP, "random")
@example('{"seat": 0, "hand": ' + "[" * DEEP, "random")
@example('{"seat": 0, "hand": [], "moves": "\\ud800"}', "random")
@example('{"seat": 0, "hand": [], "moves": [{"seat": 0, "play": "\\udfff"}]}', "random")
def test_the_protocol_answers_any_line_and_never_raises(line: str, bot: str) -> None:
    check_answer(line, bot)


# -- seeds: one range everywhere ---------------------------------------------------------

SEED_RANGE = f"seeds are whole numbers from 0 to {MAX_SEED}"
SERIES = [
    ["simulate", "--games", "2", "--seats", "random,random,random,random"],
    ["simulate", "--games", "2", "--seats", "random,random,random,random", "--json"],
    ["tournament", "--games", "2", "--seats", "random,random,random,random"],
]


def refusal(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The one line of stderr with which the command line refuses *argv* (exit status 2, nothing on stdout)."""
    status = main(argv)
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert "Traceback" not in err and "int_max_str_digits" not in err
    return err.splitlines()[-1]


@pytest.mark.parametrize("command", [*SERIES, ["play"], ["bot", "random"]], ids=" ".join)
@pytest.mark.parametrize(
    ("seed", "shown"),
    [
        ("1" * 4300, "seed 11111111111111111111… (4300 digits) is out of range"),
        ("9" * 5000, "seed 99999999999999999999… (5000 digits) is out of range"),
        ("-5", "seed -5 is out of range"),
        (str(MAX_SEED + 1), f"seed {MAX_SEED + 1} is out of range"),
        ("1e3", "seed '1e3' is not a whole number"),
    ],
    ids=["4300-digits", "5000-digits", "negative", "max+1", "not-whole"],
)
def test_the_command_line_refuses_a_seed_out_of_range_in_one_line(
    capsys: pytest.CaptureFixture[str], command: list[str], seed: str, shown: str
) -> None:
    assert refusal(capsys, [*command, "--seed", seed]).endswith(f"argument --seed: {shown}: {SEED_RANGE}")


@pytest.mark.parametrize("command", ["simulate", "tournament"])
@pytest.mark.parametrize(
    ("games", "shown"),
    [
        ("1" * 4300, "11111111111111111111… (4300 digits) is out of range"),
        ("9" * 5000, "99999999999999999999… (5000 digits) is out of range"),
        ("-" + "9" * 5000, "-99999999999999999999… (5000 digits) is out of range"),
        ("0", "0 is out of range"),
        ("x" * 5000, "'xxxxxxxxxxxxxxxxxxxx'… (5000 characters) is not a whole number"),
    ],
    ids=["4300-digits", "5000-digits", "negative", "zero", "not-whole"],
)
def test_the_command_line_quotes_a_bad_number_of_games_short(
    capsys: pytest.CaptureFixture[str], command: str, games: str, shown: str
) -> None:
    line = refusal(capsys, [command, "--games", games])
    assert line.endswith(f"argument --games: {shown}: a series is 1 to {MAX_SEED + 1} deals")


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("value", ["9" * 4000, "9" * 5000, "x" * 5000])
def test_a_long_rules_value_is_refused_in_a_short_line(
    capsys: pytest.CaptureFixture[str], game: str, value: str
) -> None:
    line = refusal(capsys, ["simulate", "--game", game, "--rules", f"players={value}"])
    assert "is not allowed" in line and len(line) < 400


@pytest.mark.parametrize("option", ["--game", "--rules", "--seats"])
def test_a_long_name_is_quoted_short(capsys: pytest.CaptureFixture[str], option: str) -> None:
    assert len(refusal(capsys, ["simulate", option, "x" * 5000])) < 400


@pytest.mark.parametrize("command", SERIES, ids=" ".join)
def test_a_series_may_not_run_past_the_last_seed(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    assert refusal(capsys, [*command, "--seed", str(MAX_SEED)]).endswith(
        f"--games 2 from --seed {MAX_SEED}: the last deal's seed {MAX_SEED + 1} is out of range: {SEED_RANGE}"
    )


def test_the_last_seed_deals_and_its_record_reads_back(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SERIES[1][:-1], "--games", "1", "--json", "--seed", str(MAX_SEED)]) == 0
    assert Game.from_json(capsys.readouterr().out).seed == MAX_SEED


@pytest.mark.parametrize(
    ("seed", "shown"),
    [(-5, "-5"), (MAX_SEED + 1, str(MAX_SEED + 1)), (10**4000, "10000000000000000000… (4001 digits)")],
    ids=["negative", "max+1", "4001-digits"],
)
def test_a_record_with_a_seed_out_of_range_is_refused_naming_it(seed: int, shown: str) -> None:
    data = Game.new(5).record()
    data["seed"] = seed
    message = f"game record seed {shown} is out of range: {SEED_RANGE}"
    with pytest.raises(RecordError) as loaded:
        Game.from_record(data)
    assert str(loaded.value) == message
    with pytest.raises(RecordError) as read:
        Game.from_json(json.dumps(data))
    assert str(read.value) == message


def test_a_record_with_a_seed_too_long_for_json_says_so() -> None:
    text = json.dumps(Game.new(5).record()).replace('"seed": 5', '"seed": 1' + "0" * 5000)
    with pytest.raises(RecordError, match=r"^game record is not valid JSON: a number has too many digits$"):
        Game.from_json(text)


def test_a_page_seed_of_5000_digits_gets_the_range_not_pythons_advice() -> None:
    message = f"seed 99999999999999999999… (5000 digits) is out of range: {SEED_RANGE}"
    with pytest.raises(ValueError) as error:
        parse_seed("9" * 5000)
    assert str(error.value) == message
    assert Session().new_game("9" * 5000)["notice"] == f"{message}. Here is a fresh deal instead."


@EXAMPLES
@given(st.text() | st.integers().map(str) | st.from_regex(r"\A\s*[+-]?0*[0-9]{1,5000}\s*\Z"))
@example("0" * 5000 + "7")
@example("+" + str(MAX_SEED))
def test_read_seed_reads_a_seed_in_range_or_says_so_in_one_short_line(text: str) -> None:
    try:
        seed = read_seed(text)
    except ValueError as error:
        message = str(error)
        assert message.endswith(SEED_RANGE) and "\n" not in message and len(message) < 400, message
    else:
        assert 0 <= seed <= MAX_SEED and str(seed) == (text.strip().lstrip("+-").lstrip("0") or "0")


# -- suit symbols with a variation selector ----------------------------------------------


@pytest.mark.parametrize("selector", SELECTORS, ids=["emoji", "text"])
def test_a_suit_symbol_with_a_variation_selector_reads_as_the_symbol(
    capsys: pytest.CaptureFixture[str], selector: str
) -> None:
    card = Card.parse("8♦" + selector)
    assert card == Card.parse("8D") and card.display == "8♦" and Card.parse(card.display) == card
    assert Suit.parse("♦" + selector) is Suit.DIAMONDS and Suit.parse("♢" + selector) is Suit.DIAMONDS
    assert parse_cards(f"8♦{selector}, 10♥{selector} a♠{selector} 7♢{selector}") == parse_cards("8D 10H AS 7D")
    assert parse_table(f"7♦{selector} 5♥{selector}-8♥{selector}") == parse_table("7D 5H-8H")
    assert parse_script(f"Robin: 8♦{selector}; Alex: pass") == parse_script("Robin: 8D; Alex: pass")
    assert main(["moves", "--table", "7♦" + selector, "--hand", f"8♦{selector} 9♣{selector}"]) == 0
    assert capsys.readouterr().out == "8D\n"
    game = Game.new(5)
    game.play(OPENING_CARD)
    hand = list(cards_of(game.position.hands[game.turn]))
    for spelled_hand in ([card.code for card in hand], [card.display + selector for card in hand]):
        request = {"seat": game.turn, "hand": spelled_hand, "moves": [move.to_json() for move in game.moves]}
        assert check_answer(json.dumps(request), "alex") == {"play": "7H"}
    # Only after a suit symbol: a selector after a letter is not a card.
    with pytest.raises(ValueError, match="unknown card"):
        Card.parse("8D" + selector)
