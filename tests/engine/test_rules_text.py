"""Rules written as text read alike in every game and on every surface: the command line, bot requests and pages.

One place (:func:`engine.core.game.parse_rules`) reads them: an option given
twice is refused naming it, a whole number may carry leading zeros, and a word
that is no option says so without listing presets a game does not have.
"""

from __future__ import annotations

import json
import random

import pytest

from engine.core import webapi
from engine.core.cli import main
from engine.core.game import RulesError, find_game, game_names, parse_rules, requested_rules
from engine.core.protocol import answer

# Each game's request for its first decision with five players (the rules are filled in per test).
REQUESTS = {
    "sevens": {"seat": 0, "hand": ["7D", "AC", "2C", "3C", "4C", "5C", "6C", "8C", "9C", "10C"], "moves": []},
    "knock-knock": {"seat": 1, "upcard": "6C", "hand": ["6H", "9C", "KD", "2S", "3H", "4H", "5H"], "moves": []},
    "blackjack": {"seat": 1, "upcard": "6C", "hand": ["6H", "9C", "KD", "3S", "4H"], "moves": []},
}


def _bot_reply(name: str, rules: str) -> dict[str, object]:
    game = find_game(name)
    line = json.dumps({"game": name, "rules": rules, **REQUESTS[name]})
    reply: dict[str, object] = json.loads(answer(line, game.computer_players["random"](random.Random(0)), game))
    return reply


def _page_reply(name: str, rules: str) -> dict[str, object]:
    request = {"method": "new_game", "params": {"game": name, "seed": 1, "rules": rules}, "session": "rules-text"}
    reply: dict[str, object] = json.loads(webapi.handle(json.dumps(request)))
    return reply


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("rules", ["players=3,players=5", "players=5,scoring=wins,PLAYERS=5", "players=5, players=5"])
def test_an_option_given_twice_is_refused_naming_it_everywhere(
    capsys: pytest.CaptureFixture[str], name: str, rules: str
) -> None:
    rules = rules.replace("scoring=wins", f"scoring={find_game(name).options.options['scoring'].default}")
    with pytest.raises(RulesError, match="players is given twice"):
        parse_rules(find_game(name), rules)
    assert main(["simulate", "--game", name, "--rules", rules, "--games", "1"]) == 2
    assert "players is given twice" in capsys.readouterr().err
    reply = _bot_reply(name, rules)
    assert list(reply) == ["error"] and "players is given twice" in str(reply["error"])
    page = _page_reply(name, rules)
    assert page["ok"] is False and "players is given twice" in str(page["error"])


def test_every_game_has_a_request_here() -> None:
    assert sorted(REQUESTS) == game_names(), "give each game's request for its first decision with five players"


def test_two_spellings_of_one_option_are_the_same_option() -> None:
    with pytest.raises(RulesError, match=r"pass_limit is given twice \('pass-limit=1' and 'pass_limit=2'\)"):
        parse_rules(find_game("sevens"), "pass-limit=1,pass_limit=2")


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("written", ["05", "5", "005", "0" * 5000 + "5"])
def test_a_whole_number_reads_the_same_in_every_game(name: str, written: str) -> None:
    assert parse_rules(find_game(name), f"players={written}").players == 5
    assert "error" not in _bot_reply(name, f"players={written}")
    page = _page_reply(name, f"players={written}")
    assert page["ok"] is True
    assert page["result"]["players"] == 5  # type: ignore[index]


def test_a_value_the_game_cannot_deal_is_refused_naming_the_option_and_what_it_allows() -> None:
    page = _page_reply("sevens", "players=2")
    assert page == {"ok": False, "error": {"message": "players '2' is not allowed: choose 3–8"}}


@pytest.mark.parametrize("name", game_names())
def test_a_word_that_is_no_option_never_lists_an_empty_set_of_presets(name: str) -> None:
    game = find_game(name)
    with pytest.raises(RulesError) as caught:
        parse_rules(game, "fantasy")
    message = str(caught.value)
    assert "()" not in message and "'fantasy'" in message and "name=value" in message
    if not game.presets:
        assert f"{game.title} has no presets" in message


def test_a_preset_after_options_is_called_a_preset() -> None:
    with pytest.raises(RulesError, match="'fan-tan': a preset comes first, before any options, like fan-tan,players=5"):
        parse_rules(find_game("sevens"), "players=5,fan-tan")
    assert parse_rules(find_game("sevens"), ",fan-tan,players=5").players == 5


@pytest.mark.parametrize("name", game_names())
def test_an_option_given_twice_as_json_keys_is_refused_too(name: str) -> None:
    game = find_game(name)
    request = json.dumps({"game": name, "rules": {"players": 5}, **REQUESTS[name]})
    line = request.replace('{"players": 5}', '{"players": 3, "players": 5}')
    reply = json.loads(answer(line, game.computer_players["random"](random.Random(0)), game))
    assert reply == {"error": "key 'players' is given twice in one object: give each key once"}
    page = webapi.handle(
        f'{{"method": "new_game", "params": {{"game": "{name}", "rules": {{"players": 3, "players": 5}}}}}}'
    )
    assert json.loads(page)["error"]["message"] == "key 'players' is given twice in one object: give each key once"


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("options", [{"Players": 3, "players": 5}, {"players": 5, " PLAYERS ": 5}])
def test_two_spellings_of_one_option_in_an_object_are_refused_too(name: str, options: dict[str, int]) -> None:
    game = find_game(name)
    line = json.dumps({"game": name, "rules": options, **REQUESTS[name]})
    reply = json.loads(answer(line, game.computer_players["random"](random.Random(0)), game))
    assert "players is given twice" in str(reply["error"])
    page = webapi.handle(json.dumps({"method": "new_game", "params": {"game": name, "rules": options}}))
    assert "players is given twice" in json.loads(page)["error"]["message"]


@pytest.mark.parametrize("name", game_names())
def test_an_object_of_options_reads_names_as_the_text_does(name: str) -> None:
    game = find_game(name)
    assert requested_rules(game, {"Players": 5}) == parse_rules(game, "Players=5") == requested_rules(game, "players=5")
