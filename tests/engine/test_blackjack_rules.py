"""The Blackjack rule fixtures in blackjack_rules.txt: each case replayed step by step."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from engine.blackjack.protocol import listing_words
from engine.blackjack.rules import PRESETS, Rules, pack
from engine.blackjack.state import (
    Action,
    Chain,
    Draw,
    Lay,
    Pass,
    Penalty,
    PickUp,
    State,
    Stop,
    Undo,
    needs_call,
)
from engine.core.cards import Card, Suit, parse_cards

RULES_FILE = Path(__file__).with_name("blackjack_rules.txt")


@dataclass
class Case:
    line: int
    rules: Rules | None
    state_text: str
    steps: list[tuple[int, str, str]] = field(default_factory=list)

    @property
    def where(self) -> str:
        return f"{RULES_FILE.name}:{self.line}"


def read_rules(text: str) -> Rules:
    """``crazy-eights players=2`` or ``chains=false draw=until-play``: a preset first if any, then options."""
    words = text.replace(",", " ").split()
    base = Rules()
    if words and "=" not in words[0]:
        base = PRESETS[words.pop(0)]
    options = dict(word.split("=", 1) for word in words)
    return Rules.from_options({**base.to_json(), **options})


def parse_action(text: str) -> tuple[int, Action]:
    """``0 lay 5S``, ``0 stop [SUIT] [last]``, ``0 undo``, ``0 chain 5S 6S [SUIT] [last]``, ``1 draw [last]``,
    ``2 pickup [last]`` or ``3 pass [last]``."""
    words = text.split()
    if len(words) < 2 or not words[0].isdigit():
        raise ValueError(f"expected SEAT ACTION, got {text!r}")
    seat, verb, rest = int(words[0]), words[1], words[2:]
    last = "last" in rest
    rest = [word for word in rest if word != "last"]
    if verb in ("draw", "pickup", "pass") and not rest:
        return seat, {"draw": Draw, "pickup": PickUp, "pass": Pass}[verb](last)
    if verb == "undo" and not rest and not last:
        return seat, Undo()
    if verb == "lay" and len(rest) == 1 and not last:
        return seat, Lay(Card.parse(rest[0]))
    if verb == "stop" and len(rest) <= 1:
        return seat, Stop(Suit.parse(rest[0]) if rest else None, last)
    if verb == "chain" and rest:
        suit = None
        if len(rest) > 1 and len(rest[-1]) == 1 and not rest[-1].isdigit():
            suit = Suit.parse(rest.pop())
        return seat, Chain(tuple(Card.parse(word) for word in rest), suit, last)
    raise ValueError(f"unknown action {text!r}: use lay, stop, undo, chain, draw, pickup or pass")


KEYWORDS = ("next", "steps", "why", "then", "reshuffle", "expect", "call", "over", "penalty", "needs")


def read_cases(path: Path = RULES_FILE) -> list[Case]:
    cases: list[Case] = []
    rules: Rules | None = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        try:
            if keyword == "rules":
                rules = read_rules(rest)
            elif keyword == "state":
                cases.append(Case(number, rules, rest))
                rules = None
            elif keyword in KEYWORDS:
                if not cases:
                    raise ValueError(f"{keyword!r} must follow a state")
                if keyword == "why":
                    parse_action(rest.partition(":")[0])
                    if not rest.partition(":")[2].strip():
                        raise ValueError("expected 'why SEAT ACTION: REASON'")
                elif keyword == "then":
                    parse_action(rest)
                cases[-1].steps.append((number, keyword, rest))
            else:
                raise ValueError(f"unknown keyword {keyword!r}")
        except (ValueError, KeyError) as error:
            raise ValueError(f"{path.name}:{number}: {error}") from None
    return cases


class QueuedChance:
    """The reshuffles a case lists, in order; running out is a failure of the case."""

    def __init__(self) -> None:
        self.orders: deque[list[Card]] = deque()

    def reshuffle(self, cards: Sequence[Card]) -> Sequence[Card]:
        assert self.orders, f"a reshuffle of {' '.join(c.code for c in cards)} is needed but none is listed"
        return self.orders.popleft()


def _fields(text: str) -> dict[str, str]:
    found = {}
    for part in text.split("|"):
        name, _, value = part.strip().partition(" ")
        found[name] = " ".join(value.split())
    return found


def _sorted_codes(text: str) -> str:
    return " ".join(card.code for card in sorted(parse_cards(text))) or "-"


def run(case: Case) -> None:
    rules = case.rules
    if rules is not None:  # the seats are counted from the hands
        seats = _fields(case.state_text)["hands"].count("/") + 1
        rules = Rules.from_options({**rules.to_json(), "players": seats})
    state = State.parse(case.state_text, rules)
    chance = QueuedChance()
    for line, keyword, rest in case.steps:
        where = f"{RULES_FILE.name}:{line}"
        if keyword == "next":
            found = " ".join(card.code for card in state.next_cards(state.turn)) or "-"
            wanted = _sorted_codes(rest)
            assert found == wanted, f"{where}: expected next cards {wanted}, engine says {found}"
        elif keyword == "steps":
            found = " ".join(listing_words(state, state.turn))
            assert found == " ".join(rest.split()), f"{where}: expected steps {rest}, engine says {found}"
        elif keyword == "why":
            action_text, _, reason = rest.partition(":")
            seat, action = parse_action(action_text)
            assert state.why_illegal(seat, action) == reason.strip(), f"{where}: why {action_text}"
        elif keyword == "then":
            seat, action = parse_action(rest)
            reason = state.why_illegal(seat, action)
            assert reason is None, f"{where}: {rest} refused: {reason}"
            state.apply(seat, action, chance)
        elif keyword == "reshuffle":
            chance.orders.append(parse_cards(rest))
        elif keyword == "call":
            wanted = rest.strip() == "yes"
            assert state.must_call(state.turn) == wanted, f"{where}: must_call is {not wanted}"
        elif keyword == "needs":
            cards, _, answer = rest.partition(":")
            found = needs_call(state.rules, parse_cards(cards))
            assert found == (answer.strip() == "yes"), f"{where}: needs_call({cards.strip()}) is {found}"
        elif keyword == "over":
            winner = None if rest.strip() == "none" else int(rest)
            assert state.is_over, f"{where}: the deal is not over"
            assert state.winner == winner, f"{where}: the winner is {state.winner}"
        elif keyword == "penalty":
            seat, why, got = rest.split()
            penalties = [e for e in state.events if isinstance(e, Penalty)]
            assert penalties and penalties[-1] == Penalty(int(seat), int(got), why), f"{where}: penalties {penalties}"
        else:
            actual = _fields(state.text())
            for name, value in _fields(rest).items():
                if name == "hands":
                    value = " / ".join(_sorted_codes(hand) for hand in value.split("/"))
                    count = value.count("/") + 1
                    shown = " / ".join(actual[name].split(" / ")[:count])
                    assert shown == value, f"{where}: hands are {actual[name]}"
                elif name in ("pickup", "jacks", "direction", "called"):
                    default = {"direction": "1"}.get(name, "-" if name == "called" else "0")
                    assert actual.get(name, default) == value, f"{where}: {name} is {actual.get(name, default)}"
                else:
                    if name in ("pile", "stock"):
                        value = " ".join(c.code for c in parse_cards(value)) or "-"
                    assert actual[name] == value, f"{where}: {name} is {actual[name]}, expected {value}"
    assert not chance.orders, f"{case.where}: a listed reshuffle was never needed"


CASES = read_cases()


def test_the_fixture_file_has_enough_cases() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize("case", CASES, ids=[case.where for case in CASES])
def test_rules_fixture(case: Case) -> None:
    run(case)


def test_a_malformed_fixture_names_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "rules.txt"
    bad.write_text("# ok\nstate hands 5H / 6H | pile 7H | turn 0\nthen 0 fly\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"^rules.txt:3: unknown action"):
        read_cases(bad)


def test_a_wrong_fixture_fails(tmp_path: Path) -> None:
    bad = tmp_path / "rules.txt"
    bad.write_text("state hands 5H 9C / 6H | pile 7H | turn 0\nnext 5H 9C\n", encoding="utf-8")
    (case,) = read_cases(bad)
    with pytest.raises(AssertionError, match=r"expected next cards 9C 5H, engine says 5H"):
        run(case)


def one_turn_by_every_order(rules: Rules, hand: Sequence[Card]) -> bool:
    """needs_call's question answered the plain way: every (cards laid, last card) pair, with no pruning."""
    count = len(hand)
    queen = [
        rules.queen_cover and card.rank == 12 for card in hand
    ]  # only a queen that must be covered lets any card follow

    def linked(a: Card, b: Card) -> bool:
        return a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) == 1)

    reach = {(1 << i, i) for i in range(count)}
    for _ in range(count - 1):
        reach = {
            (mask | 1 << j, j)
            for mask, last in reach
            for j in range(count)
            if not mask >> j & 1 and (queen[last] or linked(hand[last], hand[j]))
        }
    return any(not queen[last] for _, last in reach)


@pytest.mark.parametrize("queen_cover", [True, False])
def test_needs_call_agrees_with_trying_every_order(queen_cover: bool) -> None:
    # needs_call prunes its search by linked groups, queens and dead ends: it must never change an answer.
    rng = random.Random(28)
    rules = Rules(queen_cover=queen_cover)
    pack_cards = pack(rules)
    answers = set()
    for _ in range(150):
        ranks = set(rng.sample(range(1, 14), rng.randint(2, 5)))
        pool = [card for card in pack_cards if card.rank in ranks] * rng.choice((1, 2))
        hand = rng.sample(pool, rng.randint(2, min(9, len(pool))))
        expected = one_turn_by_every_order(rules, hand)
        assert needs_call(rules, hand) == expected, " ".join(card.code for card in hand)
        answers.add(expected)
    assert answers == {True, False}
