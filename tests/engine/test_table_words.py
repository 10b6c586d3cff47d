"""Every preset of every game has a table of its own: its heading, its text, its keys, its board, its Suggest
reasons and its rules list come from its options, and none of them speaks of a rule the preset switches off
(issue 44: the Crazy Eights table spoke of chains, wild aces, pick-ups, skips and "Last cards!").

The words of each rule are listed here, apart from the games' own sentences, each with the rules under which it
is said; a deal played at each preset's table (Suggest asked at every turn of yours) must never say a word of a
rule that is off. A new game needs its entry here, and a new preset is walked the day it is declared.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.core.game import find_game, game_names

Words = list[tuple[Callable[[Any], bool], list[str]]]

RULE_WORDS: dict[str, Words] = {
    "sevens": [
        (lambda r: r.opening == "7D", ["7♦ opens", "diamond seven opens"]),
        (lambda r: r.opening == "any-seven", ["any seven may"]),
        (lambda r: r.opening == "all-sevens", ["laid out"]),
        (lambda r: r.eight_before_six, ["eight is down"]),
        (lambda r: r.voluntary_pass, ["even when a card fits"]),
        (lambda r: r.pass_limit is not None, ["puts a player out", "puts you out"]),
        (lambda r: r.finish == "first-out", ["first player to empty"]),
        (lambda r: r.finish == "places", ["for places"]),
        (lambda r: r.scoring == "chips", ["chip", "pool"]),
    ],
    "knock-knock": [
        (lambda r: r.direction == "clockwise", ["to the left"]),
        (lambda r: r.direction == "counter-clockwise", ["to the right"]),
        (lambda r: r.packs == 2, ["two packs"]),
        (lambda r: r.scoring == "points", ["score points", "lowest total"]),
    ],
    "blackjack": [
        (lambda r: r.pack_count == 2 or r.packs == "auto", ["two packs"]),
        (lambda r: r.chains, ["chain", "laying more", "takes the last one back", "the last card back"]),
        (lambda r: r.wild == "A", ["an ace fits", "wild ace"]),
        (lambda r: r.wild == "8", ["an eight fits", "wild eight"]),
        (lambda r: r.wild != "none", ["wild", "name the one", "names the suit", "fits on anything"]),
        (lambda r: r.skip != "none", ["skip", "miss a turn"]),
        (lambda r: r.reverse != "none", ["turns the play round", "reverse"]),
        (lambda r: r.twos or r.black_jacks != "none", ["pick up", "pick-up", "picks up"]),
        (lambda r: r.twos, ["twos", "a two "]),
        (lambda r: r.black_jacks != "none", ["black jack", "red jack"]),
        (lambda r: r.queen_cover, ["covered", "uncovered"]),
        (lambda r: r.draw == "until-play", ["until a card fits"]),
        (lambda r: r.draw == "up-to-5", ["up to five"]),
        (lambda r: r.last_cards, ["last cards"]),
        (lambda r: r.stock_out == "reshuffle", ["reshuffle", "new stock"]),
        (lambda r: r.scoring == "points", ["score points", "lowest total"]),
    ],
}


def tables() -> Iterator[tuple[str, str]]:
    """Every preset of every registered game (the default rules for a game with none)."""
    for name in game_names():
        presets = list(find_game(name).presets) or [""]
        yield from ((name, preset) for preset in presets)


def sentences(data: object) -> Iterator[str]:
    """Every sentence in a state or reply (strings with a space: codes and kinds are single words)."""
    if isinstance(data, str):
        if " " in data:
            yield data
    elif isinstance(data, dict | list):
        for item in data.values() if isinstance(data, dict) else data:
            yield from sentences(item)


def off_words(name: str, rules: Any) -> list[str]:
    return [word for applies, words in RULE_WORDS[name] if not applies(rules) for word in words]


def said_at_table(name: str, preset: str, seed: int) -> tuple[Any, list[str]]:
    """The rules, every sentence the table says in one deal (its heading, text, keys and rules list, the
    prompts, the moves, and Suggest's advice at each of your turns, in its words and with Sam's working)."""
    game = find_game(name)
    session = game.session()
    state = session.new_game(seed, preset or None, ["alex", "robin", "alex"])
    rules = game.rules(state["rules"]["options"])
    said = list(sentences(state))
    for _ in range(400):
        if state["over"]:
            break
        if state["your_turn"]:
            advice = session.suggest()
            said += [advice["text"], advice["reason"]]
            state = session.act(advice["action"])["state"]
        else:
            reply = session.computer_move()
            said += list(sentences(reply.get("reason")))
            state = reply["state"]
        said += list(sentences(state))
    assert state["over"], f"{name} {preset}: the deal did not end"
    return rules, said


def test_every_game_lists_the_words_of_its_rules() -> None:
    assert sorted(RULE_WORDS) == sorted(game_names())


@pytest.mark.parametrize(("name", "preset"), list(tables()))
def test_each_presets_table_says_its_own_name_and_no_word_of_a_rule_it_switches_off(name: str, preset: str) -> None:
    game = find_game(name)
    rules = game.presets[preset] if preset else game.options.default
    table = game.options.table_json(rules)
    title = game.options.preset_of(rules).title if preset else game.title  # type: ignore[union-attr]
    assert table["heading"] == f"Play {title}"
    assert table["about"] and table["keys"].startswith("Keys: ")
    assert table["notes"] == [], "a preset's own rules are its text, not a list beside the table"
    dealt, said = said_at_table(name, preset, 3)
    assert dealt == rules
    shown = [table["heading"], *table["about"], table["keys"], *said]
    for word in off_words(name, rules):
        wrong = [sentence for sentence in shown if word in sentence.lower()]
        assert not wrong, f"{name} {preset or 'default'}: {word!r} in {wrong[:3]}"


def test_a_table_of_house_rules_lists_what_differs_and_says_it_in_its_text() -> None:
    game = find_game("blackjack")
    rules = game.rules({"last_cards": False, "skip": "none"})
    table = game.options.table_json(rules)
    assert table["heading"] == "Play Blackjack"
    assert table["notes"] == ["No card skips a player.", "Nobody calls Last cards."]
    said = " ".join([*table["about"], table["keys"]]).lower()
    assert "last cards" not in said and "miss a turn" not in said


@pytest.mark.parametrize(
    ("options", "board"),
    [
        ({}, ["pile", "suit", "direction", "pickup", "stock"]),
        ({"twos": False, "black_jacks": "none"}, ["pile", "suit", "direction", "stock"]),
        ({"twos": False}, ["pile", "suit", "direction", "pickup", "stock"]),
        ({"reverse": "none"}, ["pile", "suit", "pickup", "stock"]),
    ],
)
def test_blackjacks_board_shows_the_places_its_rules_use(options: dict[str, Any], board: list[str]) -> None:
    session = find_game("blackjack").session()
    assert session.new_game(5, options)["board"] == board


def test_the_crazy_eights_board_has_no_pick_up_and_no_direction() -> None:
    session = find_game("blackjack").session()
    assert session.new_game(5, "crazy-eights")["board"] == ["pile", "suit", "stock"]


def test_a_table_near_a_preset_is_named_after_it_and_lists_only_what_differs_from_it() -> None:
    game = find_game("blackjack")
    crazy = game.options.to_json(game.presets["crazy-eights"])
    rules = game.rules({**crazy, "last_cards": True, "players": 5})
    table = game.options.table_json(rules)
    assert (table["name"], table["heading"]) == ("Crazy Eights, 5 players (last_cards=true)", "Play Crazy Eights")
    assert table["notes"] == []  # calling Last cards is Blackjack's own rule: the page's text says it
    assert "When your cards could all go down next turn, press Last cards! before you end this one." in table["about"]
    said = " ".join([*table["about"], table["keys"]]).lower()
    assert not [word for word in off_words("blackjack", rules) if word in said]
