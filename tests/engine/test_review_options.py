"""Every option a review weighs says the cards it lays (codes from the hand) and its label in words with its
chance, so the page can mark every card of the option played and of the best one and list the options that are not
one card alone, in every game: a chain's cards, a wild card with the suit it names, a draw that lays none."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine.blackjack.review as blackjack
import engine.knock_knock.review as knock_knock
import engine.sevens.review as sevens
from engine.core.cards import Card
from engine.core.review import judge
from engine.sevens.game import Game as SevensGame


def _check(review: dict[str, Any], hand: set[str]) -> None:
    """The options' cards and words agree with each other, the hand and the note."""
    options = review["cards"]
    laid = [code for option in options for code in option["lays"]]
    for option in options:
        assert set(option["lays"]) <= hand, (option, hand)
        assert option["label"].startswith(f"{option['display']} — {option['percent']}%"), option
        assert option["label"].endswith(" (played)") == (option["code"] == review["played"]["code"]), option
        # On a card only when it is that card and nothing more, and no other option lays it.
        assert option["alone"] == (option["lays"] == [option["code"]] and laid.count(option["code"]) == 1), option
    assert review["best"] in {option["code"] for option in options}


def _stub(view: Any, options: Any, rng: random.Random) -> list[list[float]]:
    """Outcomes without playing the deals out: the options' cards and words do not depend on the chances."""
    return [[float(rng.random() < 0.5) for _ in range(8)] for _ in options]


@pytest.mark.parametrize("seed", range(1, 13))
def test_every_blackjack_option_says_the_cards_it_lays_and_its_words(seed: int, monkeypatch: Any) -> None:
    monkeypatch.setattr(blackjack, "_weigh", _stub)
    game = blackjack.finished(seed)
    entries = game.record()["moves"]
    for index in blackjack.decisions(game):
        review = blackjack.estimate(game, index)
        hand = {card.code for card in blackjack.replay(game, index).view(0).hand}
        _check(review, hand)
        at = index + 1 if "reshuffle" in entries[index] else index
        mine = entries[at]
        played = next(option for option in review["cards"] if option["code"] == review["played"]["code"])
        # The option played lays exactly the cards the record says were laid (none for a draw or a pick-up).
        assert played["lays"] == mine.get("chain", []), (mine, played)
        for option in review["cards"]:
            if option["lays"]:  # a chain: its cards in words, then the suit named, if any
                assert option["display"].startswith(" ".join(Card.parse(code).display for code in option["lays"]))
            if " " in option["code"] or not option["lays"]:  # a chain, a suit named, a draw: never on one card
                assert not option["alone"], option


@pytest.mark.parametrize("game_module", [sevens, knock_knock])
def test_a_one_card_review_puts_every_option_on_its_card(game_module: Any) -> None:
    if game_module is sevens:
        game = SevensGame.new(5)
        while not game.is_over:  # every seat plays the first card that fits
            legal = game.position.legal_moves()
            game.play(legal[0] if legal else None)
        index = sevens.decisions(game)[0]
        hand = {card.code for card in sevens.replay(game, index).position.hand(0)}
    else:
        game = knock_knock.finished(3)
        index = knock_knock.decisions(game)[0]
        hand = {card.code for card in knock_knock.replay(game, index).view(0).hand}
    review = game_module.estimate(game, index)
    _check(review, hand)
    assert all(option["alone"] and option["lays"] == [option["code"]] for option in review["cards"])


def test_the_cards_each_option_lays_must_match_the_options() -> None:
    with pytest.raises(ValueError, match="lays names the cards of 1 options, but there are 2 options"):
        judge(0, [("a", "a"), ("b", "b")], 0, [[1], [0]], lays=[["a"]], strength=lambda i: "", why=lambda b, p: "")
