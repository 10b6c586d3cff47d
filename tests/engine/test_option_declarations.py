"""Every registered game's options come from one declaration (engine/core/options.py): readers, presets, the
menu, the notes, --help and docs/options.md agree with it, and the reading rules are the same for every game."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.core.cli import main, options_document
from engine.core.game import RulesError, find_game, game_names
from engine.core.options import Option, Options, Preset, value_text

ROOT = Path(__file__).resolve().parents[2]
GAMES = game_names()


def test_docs_options_md_is_the_declarations_table() -> None:
    written = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    expected = options_document([find_game(name) for name in GAMES], markdown=True)
    assert written == expected, "docs/options.md is stale: run python -m engine options --markdown > docs/options.md"


@pytest.mark.parametrize("name", GAMES)
def test_every_value_of_every_option_reads_from_its_text_and_from_json(name: str) -> None:
    game = find_game(name)
    declared = game.options
    assert declared.default == game.rules({})
    assert list(game.rules({}).to_json()) == list(declared.names)
    for option in declared.options.values():
        for value in option.values:
            for given in (value, value_text(value), f" {value_text(value).upper()} "):
                try:
                    rules = game.rules({option.name: given})
                except RulesError as error:  # only a combination the game's check refuses, naming this option
                    assert declared.combination is not None and option.name in str(error)
                    continue
                written = rules.to_json()[option.name]
                assert type(written) is type(value) and written == value, (option.name, given)
        with pytest.raises(RulesError, match=rf"^{option.name} 'nonsense' is not allowed: choose "):
            game.rules({option.name: "nonsense"})


@pytest.mark.parametrize("name", GAMES)
def test_the_menu_presets_and_notes_come_from_the_declaration(name: str) -> None:
    game = find_game(name)
    menu = game.rules_menu()
    assert [option["name"] for option in menu["options"]] == list(game.options.names)
    for option in menu["options"]:
        assert len(option["words"]) == len(option["values"]) and option["default"] in option["values"]
        for text in option["values"]:
            try:
                game.rules({option["name"]: text})
            except RulesError as error:  # only a combination the game's check refuses, naming this option
                assert game.options.combination is not None and option["name"] in str(error)
    for preset in menu["presets"]:
        rules = game.presets[preset["name"]]
        assert game.rules(preset["options"]) == rules == game.options.parse(preset["name"])
        assert preset["notes"] == game.options.notes(rules)
    default = game.rules({})
    assert menu["default"] == "" or game.presets[menu["default"]] == default
    for option in game.options.options.values():
        for value, sentence in option.notes.items():
            try:
                rules = game.rules({option.name: value})
            except RulesError:
                continue
            # Beside the table, unless the rules are a preset's, whose table says its rules in its text.
            in_list = sentence in game.options.table_json(rules)["notes"]
            assert in_list or (game.options.preset_of(rules) is not None and sentence in game.options.notes(rules))


# A value's text form that no one would say: a code with a digit against a letter (7D, up-to-5), a hyphen or an
# underscore (any-seven, first-out), or true, false and none.
RAW_CODE = re.compile(r"\d[A-Za-z]|[A-Za-z]\d|[-_]|^(true|false|none)$")


@pytest.mark.parametrize("name", GAMES)
def test_the_table_menu_shows_words_for_people_and_no_code_of_the_rules(name: str) -> None:
    """Table → Options shows each option's label, its meaning and every value in words: never a value as
    ``--rules`` writes it (issue 44: "7D", "any-seven", "false: one card a turn", "tally", "power finish")."""
    game = find_game(name)
    for option in game.rules_menu()["options"]:
        declared = game.options.options[option["name"]]
        label, text, words = option["label"], option["text"], option["words"]
        assert declared.label and "_" not in label, f"{name} {option['name']}: no label for people"
        codes = [value_text(value) for value in declared.values if type(value) is not int]
        for code, word in zip(option["values"], words, strict=True):
            # A value may be its own word when it is one (chips), never when it is a code (7D, first-out).
            assert not RAW_CODE.search(code) or word.lower() != code.lower(), f"{name} {option['name']}: {word!r}"
        for code in codes:
            assert f"{code.lower()}:" not in text.lower(), f"{name} {option['name']}: {text!r} explains a code"
            if RAW_CODE.search(code):
                said = re.compile(rf"(?<![\w-]){re.escape(code)}(?![\w-])", re.IGNORECASE)
                shown = [label, text, *words]
                assert not [each for each in shown if said.search(each)], f"{name} {option['name']}: {code} shown"


@pytest.mark.parametrize("name", GAMES)
def test_help_lists_every_option_with_its_values_and_default(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "--game", name]) == 0
    out = capsys.readouterr().out
    for option in find_game(name).options.options.values():
        assert f"  {option.name}: {option.allowed} (default {value_text(option.default)}): {option.explained}" in out
    assert main(["--help"]) == 0
    assert find_game(name).options.help() in capsys.readouterr().out


# A small game of its own, to pin the reading rules every game shares.
DICE: Options[DiceRules] = Options(
    "Dice",
    [
        Option("players", tuple(range(2, 7)), 4, "how many play"),
        Option("wild", (6, 1, "none"), "none", "the wild face"),
        Option("lucky", (1, 6, "none"), "none", "the lucky face"),
    ],
    presets=[Preset("dice", "Dice", {}), Preset("sixes", "Sixes", {"wild": 6})],
    check=lambda values: (
        "wild and lucky may not name the same face" if values["wild"] == values["lucky"] != "none" else None
    ),
)


@DICE.rules
@dataclass(frozen=True)
class DiceRules:
    players: int = 4
    wild: int | str = "none"
    lucky: int | str = "none"

    def __post_init__(self) -> None:
        DICE.check(self)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"players": "07"}, "players '07' is not allowed: choose 2–6"),  # leading zeros are read, then the number
        ({"players": True}, "players True is not allowed: choose 2–6"),
        ({"players": 5.0}, "players 5.0 is not allowed: choose 2–6"),
        ({"wild": None}, "wild None is not allowed: choose 6, 1 or none"),
        ({"wild": 6, "lucky": "6"}, "wild and lucky may not name the same face"),
        ({"jokers": 2}, "unknown option 'jokers': Dice has players, wild and lucky"),
    ],
)
def test_a_bad_value_or_combination_is_refused_naming_the_options(given: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError) as error:
        DICE.make(given)
    assert str(error.value) == message


def test_a_rules_object_built_directly_is_checked_too() -> None:
    with pytest.raises(RulesError, match=r"^wild and lucky may not name the same face$"):
        DiceRules(wild=1, lucky=1)
    with pytest.raises(RulesError, match=r"^players 9 is not allowed: choose 2–6$"):
        DiceRules(players=9)


def test_text_reads_a_preset_then_options_and_refuses_an_option_given_twice() -> None:
    assert DICE.parse(" Sixes , players=3, LUCKY=1") == DiceRules(players=3, wild=6, lucky=1)
    assert DICE.describe(DICE.parse("sixes,players=3")) == "Sixes, 3 players"
    assert DICE.describe(DiceRules(lucky=1)) == "Dice (lucky=1)"
    assert DICE.parse("players=05").players == 5  # a number written with leading zeros is that number
    with pytest.raises(
        RulesError, match=r"^players is given twice \('players=3' and 'Players=4'\): give each option once$"
    ):
        DICE.parse("players=3,Players=4")
    with pytest.raises(RulesError, match=r"^players is given twice \('players' and 'Players'\)"):
        DICE.make({"players": 3, "Players": 4})
    with pytest.raises(RulesError, match=r"^'sixes': a preset comes first, before any options"):
        DICE.parse("players=3,sixes")
    with pytest.raises(RulesError, match=r"^'dozens' is neither a preset \(dice, sixes\) nor an option"):
        DICE.parse("dozens")


def test_a_rules_type_whose_fields_differ_from_the_declaration_is_refused_at_import() -> None:
    @dataclass(frozen=True)
    class Wrong:
        players: int = 4
        wild: int | str = 6  # the declaration's default is "none"
        lucky: int | str = "none"

    with pytest.raises(AssertionError, match=r"Wrong\.wild: default"):
        DICE.rules(Wrong)
