"""Knock! Knock! matches: deals in a row at one table, the dealer moving, the score kept per the ``scoring`` option,
and a match restored from its deals' records, through the same session methods as Sevens'."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_knock_knock_session import call, error_of, play_out

from engine.core.cards import Card
from engine.core.game import load_game
from engine.core.match import Match, Seating
from engine.knock_knock.game import Game
from engine.knock_knock.present import rules_menu
from engine.knock_knock.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from engine.knock_knock.session import Session
from engine.knock_knock.state import Play, State

# You go out with the 9♥; the others keep an ace (2), a two (3), the 5♦ (5) and plain cards (1 each).
LAST_CARD = "hands 9H / AS 2C 5D KH / 8S 9S / 7D | pile 4H | stock 5S 6S 7S 8C | turn 0"


def won_with_the_last_card(scoring: str) -> Game:
    game = Game.from_state(State.parse(LAST_CARD, Rules(scoring=scoring)))  # type: ignore[arg-type]
    game.act(0, Play(Card.parse("9H")))
    assert game.is_over and game.winner == 0
    return game


def test_tally_scores_one_for_the_deal_won() -> None:
    assert won_with_the_last_card("tally").score() == [1, 0, 0, 0]


def test_points_score_the_cards_left_and_nothing_for_the_winner() -> None:
    assert won_with_the_last_card("points").score() == [0, 2 + 3 + 5 + 1, 1 + 1, 1]


def test_a_drawn_deal_scores_nothing() -> None:
    game = won_with_the_last_card("points")
    game.state.winner = None  # as after the turn limit
    assert game.score() == [0, 0, 0, 0]


def play_match(session: Session, deals: int) -> list[dict[str, Any]]:
    """Play *deals* deals of the session's match to the end (you by the first card that fits); their end states."""
    ends = [play_out(session)]
    for _ in range(deals - 1):
        call(session, "next_deal")
        ends.append(play_out(session))
    return ends


@pytest.mark.parametrize("scoring", ["tally", "points"])
@pytest.mark.slow
def test_a_match_keeps_each_deals_score_and_the_totals(scoring: str) -> None:
    session = Session()
    state = call(session, "new_match", seed=21, rules=f"scoring={scoring}", seats=["alex", "robin", "sam"])
    assert state["kind"] == "match" and state["match"]["deal"] == 1 and state["match"]["deals"] == []
    ends = play_match(session, 3)
    match = ends[-1]["match"]
    assert match["deal"] == 3 and match["scoring"] == scoring
    assert match["lower_is_better"] is (scoring == "points") and match["signed"] is False
    assert match["heading"] == ("Points" if scoring == "points" else "Deals won")
    assert [end["seed"] for end in ends] == [21, 22, 23]
    # Each deal's row is what its result says: a win, or the points for the cards left.
    for row, end in zip(match["deals"], ends, strict=True):
        winner = end["result"]["winner"]
        if scoring == "points":
            assert row == end["result"]["points"] and row[winner] == 0
        else:
            assert row == [int(seat == winner) for seat in range(4)]
    assert match["totals"] == [sum(column) for column in zip(*match["deals"], strict=True)]


@pytest.mark.parametrize(("direction", "dealers"), [("clockwise", [0, 1, 2]), ("counter-clockwise", [0, 4, 3])])
@pytest.mark.slow
def test_the_deal_moves_one_seat_on_in_the_direction_of_play(direction: str, dealers: list[int]) -> None:
    session = Session()
    state = call(session, "new_match", seed=5, rules=f"players=5,direction={direction}")
    seen = [state["dealer"]]
    for _ in dealers[1:]:
        play_out(session)
        seen.append(call(session, "next_deal")["dealer"])
    assert seen == dealers


def test_the_next_deal_waits_for_the_deal_to_end_and_needs_a_match() -> None:
    session = Session()
    call(session, "new_match", seed=5)
    assert error_of(session, "next_deal") == "the current deal is not over yet"
    call(session, "new_game", seed=5)
    assert call(session, "state")["match"] is None
    assert error_of(session, "next_deal") == "there is no match: start one with new_match"


def test_a_match_is_restored_from_its_deals_records_and_refuses_one_that_does_not_follow() -> None:
    session = Session()
    call(
        session,
        "new_match",
        seed=11,
        rules="players=3,scoring=points,direction=counter-clockwise",
        seats=["sam", "alex"],
    )
    first = play_out(session)
    earlier = call(session, "record")
    call(session, "next_deal")
    current = call(session, "record")
    again = Session()
    state = call(again, "restore", record=current, earlier=[earlier])
    assert state["kind"] == "match" and state["dealer"] == 2 and state["match"]["deals"] == [first["result"]["points"]]
    assert [seat["player"] for seat in state["seats"][1:]] == ["sam", "alex"]
    third = play_out(again)
    assert call(again, "next_deal")["dealer"] == 1 and third["match"]["deal"] == 2
    assert len(third["match"]["deals"]) == 2
    assert call(Session(), "restore", record=current)["match"] is None  # without the earlier deals: one deal
    assert error_of(Session(), "restore", record=current, earlier=[current]) == (
        "deal 1 is not the match's deal 1: its rules, players, cards or dealer differ"
    )
    unfinished = Session()
    call(
        unfinished,
        "new_match",
        seed=11,
        rules="players=3,scoring=points,direction=counter-clockwise",
        seats=["sam", "alex"],
    )
    assert error_of(Session(), "restore", record=current, earlier=[call(unfinished, "record")]) == (
        "deal 1 of the match is not over, so deal 2 cannot follow it"
    )
    assert error_of(Session(), "restore", record=current, earlier="all").startswith("earlier must be a list")


def test_a_match_of_computer_players_sums_the_points() -> None:
    rules = load_game("knock-knock", scoring="points")
    match = Match(rules, 3, tuple("ABCD"))
    for _ in range(3):
        match.next_deal().play_to_end(Seating.of(rules, ["alex"] * 4).players(3))
    assert match.scores() == [sum(row[seat] for row in match.table()) for seat in range(4)]
    assert all(row.count(0) >= 1 for row in match.table())  # the winner scores nothing


def test_the_rules_menu_offers_what_the_rules_allow() -> None:
    menu = rules_menu()
    options = {option["name"]: option for option in menu["options"]}
    assert list(options) == ["players", "direction", "scoring"]
    for value in options["players"]["values"]:
        assert MIN_PLAYERS <= int(value) <= MAX_PLAYERS
        Rules(players=int(value))
    assert options["direction"]["values"] == ["clockwise", "counter-clockwise"]
    assert options["scoring"]["values"] == ["tally", "points"]
    for name, option in options.items():
        assert option["default"] == str(getattr(Rules(), name))
    # Each choice the menu offers is rules the session accepts, as the page asks for them.
    for name, option in options.items():
        for value in option["values"]:
            assert call(Session(), "new_match", seed=1, rules=f"{menu['default']},{name}={value}")["rules"]["options"][
                name
            ] == (int(value) if name == "players" else value)


@pytest.mark.slow
def test_a_saved_deal_continues_past_the_record_with_the_reshuffles_it_would_have_had() -> None:
    """A reload restores a deal from its record; once the record's reshuffles are used up, the next ones come
    from the deal's seed as they would have without the break (they used to be refused: no reshuffle entry)."""
    rules = load_game("knock-knock")
    players = Seating.of(rules, ["alex"] * 4).players(9)
    reshuffled = 0
    for seed in range(1, 40):
        game = Game.new(rules, seed)
        steps = 0
        while not game.is_over:
            seat = game.waiting[0]
            game.act(seat, players[seat].decide(game.view(seat)).action)
            steps += 1
            if steps % 7:
                continue
            restored = Game.from_json(game.to_json()).chance
            going_on = copy.deepcopy(game.chance)  # the deal's own, left as it is
            pile = [Card.parse(code) for code in ("2C", "7H", "9S", "KD", "4C", "QS")]
            assert restored.reshuffle(pile) == going_on.reshuffle(pile)
            # ... and both keep in step afterwards, so the restored deal plays on like the original.
            assert restored.reshuffle(pile[:3]) == going_on.reshuffle(pile[:3])
            reshuffled += '"reshuffle"' in game.to_json()
    assert reshuffled  # some of these records held a reshuffle before the break


def test_a_table_is_named_by_its_players_and_changed_options_so_its_statistics_are_its_own() -> None:
    # The page files statistics and titles the match by this name, as it does Sevens' "Fan Tan, 6 players".
    session = Session()
    assert call(session, "new_match", seed=5)["rules"]["name"] == "Knock! Knock!"
    named = call(session, "new_match", seed=5, rules="players=6,scoring=points")["rules"]["name"]
    assert named == "Knock! Knock!, 6 players (scoring=points)"
