"""The terminal game: text rendering, command parsing and whole games driven by scripted input."""

from __future__ import annotations

import re

import pytest

from engine.core.cards import Card, parse_mask
from engine.sevens.game import Game
from engine.sevens.position import parse_table
from engine.sevens.terminal import (
    HELP,
    Command,
    parse_command,
    play_in_terminal,
    render_counts,
    render_hand,
    render_rows,
)

BRACKETED = re.compile(r"\[([^\]]+)\]")


@pytest.mark.parametrize("text", ["8D", "8d", "8♦", " 8♦ ", "8♢"])
def test_a_card_is_read_in_any_notation(text: str) -> None:
    assert parse_command(text) == Command("play", Card.parse("8D"))


COMMAND_WORDS = {"pass": "pass", "p": "pass", "PASS": "pass", "hint": "hint", "?": "hint", "help": "help", "h": "help"}
COMMAND_WORDS |= {"quit": "quit", "q": "quit", "": "empty", "   ": "empty"}


@pytest.mark.parametrize(("text", "kind"), COMMAND_WORDS.items())
def test_commands_are_read_by_word(text: str, kind: str) -> None:
    assert parse_command(text).kind == kind
    assert parse_command(text).card is None


def test_unknown_input_says_it_is_not_a_card_and_points_to_help() -> None:
    with pytest.raises(ValueError, match=r"unknown card 'hello'.*type help"):
        parse_command("hello")


def test_rows_show_each_suit_in_order_with_a_dash_for_an_unstarted_row() -> None:
    assert render_rows(parse_table("7D 5H-9H")) == "♣  -\n♦  7♦\n♥  5♥ 6♥ 7♥ 8♥ 9♥\n♠  -"
    assert render_rows(0) == "♣  -\n♦  -\n♥  -\n♠  -"


def test_the_hand_is_grouped_by_suit_with_legal_cards_in_brackets() -> None:
    hand = parse_mask("KS 3C 8C 9D 6H 10S")
    assert render_hand(hand, parse_mask("8C 6H")) == "♣ 3♣ [8♣]   ♦ 9♦   ♥ [6♥]   ♠ 10♠ K♠"
    assert render_hand(hand, 0) == "♣ 3♣ 8♣   ♦ 9♦   ♥ 6♥   ♠ 10♠ K♠"


def test_counts_leave_out_the_human_and_say_card_for_one() -> None:
    assert render_counts([5, 1, 13, 0], ["You", "Robin", "Alex", "Sam"]) == "Robin 1 card · Alex 13 cards · Sam 0 cards"


class ScriptedPlayer:
    """Plays the first bracketed card of the last hand shown, or passes; can be given bad inputs first."""

    def __init__(self, first_inputs: list[str] | None = None, limit: int = 500) -> None:
        self.output: list[str] = []
        self.queued = list(first_inputs or [])
        self.inputs: list[str] = []
        self.limit = limit

    def write(self, text: object) -> None:
        self.output.extend(str(text).split("\n"))

    def read(self, prompt: str) -> str:
        assert prompt == "Your move> "
        if len(self.inputs) >= self.limit:
            raise AssertionError("the game kept asking: a bracketed card was not accepted")
        answer = self.queued.pop(0) if self.queued else self.first_legal()
        self.inputs.append(answer)
        return answer

    def last_hand(self) -> str:
        return next(line for line in reversed(self.output) if line.startswith("Your hand: "))

    def first_legal(self) -> str:
        found = BRACKETED.search(self.last_hand())
        return found.group(1) if found else "pass"

    def hand_cards(self) -> list[str]:
        """The cards of the last hand shown, in display form, brackets removed."""
        words = self.last_hand().removeprefix("Your hand: ").replace("[", "").replace("]", "").split()
        return [word for word in words if len(word) > 1]


def test_a_whole_game_with_scripted_input_ends_with_the_result() -> None:
    script = ScriptedPlayer()
    game = play_in_terminal(11, script.read, script.write)
    assert game.is_over
    assert game.winner is not None and game.last_card() is not None
    replayed = Game.from_json(game.to_json())
    assert replayed.record() == game.record()
    printed_moves = [line for line in script.output if re.fullmatch(r"\w+ (played \S+|passed)", line)]
    assert printed_moves == [move.describe(game.players) for move in game.moves]
    human_moves = [move for move in game.moves if move.seat == 0]
    assert sum(line.startswith("Your hand: ") for line in script.output) == len(human_moves)
    left = " · ".join(f"{name} {count}" for name, count in zip(game.players, game.remaining(), strict=True))
    assert script.output[-1] == f"Cards left: {left}"
    last = game.last_card()
    assert last is not None
    winner_line = script.output[-2]
    assert last.display in winner_line
    assert winner_line.startswith("You win" if game.winner == 0 else f"{game.players[game.winner]} wins")


def test_the_same_seed_and_input_replay_the_same_game() -> None:
    first, second = ScriptedPlayer(), ScriptedPlayer()
    assert (
        play_in_terminal(5, first.read, first.write).record() == play_in_terminal(5, second.read, second.write).record()
    )
    assert first.output == second.output


def _first_turn_with_a_choice() -> tuple[int, str, str]:
    """A seed where the human's first turn has a legal card and a card that does not fit."""
    for seed in range(1, 200):
        script = ScriptedPlayer(["quit"])
        play_in_terminal(seed, script.read, script.write)
        legal = BRACKETED.findall(script.last_hand())
        other = [card for card in script.hand_cards() if card not in legal]
        if legal and other:
            return seed, legal[0], other[0]
    raise AssertionError("no seed gives the human a choice at the first turn")


def test_bad_input_gets_the_engines_reason_and_a_new_prompt() -> None:
    seed, legal, misfit = _first_turn_with_a_choice()
    script = ScriptedPlayer(["XX", misfit, "pass", "", "?", "help"])
    game = play_in_terminal(seed, script.read, script.write)
    assert game.is_over
    text = "\n".join(script.output)
    assert "unknown card 'XX'" in text
    assert f"{misfit} does not fit" in text or f"{misfit} cannot start the deal" in text
    assert "you must play: " in text and legal in text
    assert "Type a card to play" in text
    assert re.search(r"^Hint \(\w+\): (play \S+|pass)\. \S", text, re.MULTILINE)
    assert HELP in text
    first_human_move = next(move for move in game.moves if move.seat == 0)
    assert first_human_move.card is not None and first_human_move.card.display == legal


def test_a_card_not_in_the_hand_is_refused() -> None:
    seed, _, _ = _first_turn_with_a_choice()
    probe = ScriptedPlayer(["quit"])
    play_in_terminal(seed, probe.read, probe.write)
    hand = parse_mask(" ".join(probe.hand_cards()))
    absent = next(card for card in map(Card, range(52)) if not hand & card.bit and card.code != "7D")
    script = ScriptedPlayer([absent.code, "quit"])
    play_in_terminal(seed, script.read, script.write)
    assert f"{absent.display} is not in your hand" in script.output or f"{absent.display} is already on the table" in (
        script.output
    )


def test_end_of_input_stops_the_game_cleanly() -> None:
    def no_more_input(prompt: str) -> str:
        raise EOFError

    output: list[str] = []
    game = play_in_terminal(8, no_more_input, output.append)
    assert not game.is_over
    assert output[-1] == "\nEnd of input: game stopped."


def test_quit_stops_the_game_and_says_how_to_replay_it() -> None:
    script = ScriptedPlayer(["quit"])
    game = play_in_terminal(8, script.read, script.write)
    assert not game.is_over
    assert script.output[-1] == "Game stopped. Replay this deal with: python -m engine play --seed 8"
    assert script.output[0] == "Sevens, deal 8. Replay it with: python -m engine play --seed 8"


def test_seat_names_label_the_opponents() -> None:
    script = ScriptedPlayer(["quit"])
    play_in_terminal(8, script.read, script.write, show_seats=True)
    assert "Robin (seat 1)" in script.output[1] and "Sam (seat 3)" in script.output[1]


def test_opponents_can_be_chosen() -> None:
    script = ScriptedPlayer()
    game = play_in_terminal(3, script.read, script.write, opponents=["random", "random", "alex"])
    assert game.players == ("You", "Random", "Random", "Alex")
    assert game.is_over
