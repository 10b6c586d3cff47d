"""The Knock! Knock! rule fixtures in knock_knock_rules.txt: each case replayed step by step."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from engine.core.cards import Card, Suit, parse_cards
from engine.knock_knock.rules import Rules
from engine.knock_knock.state import Action, Challenge, Draw, Play, Quiet, State

RULES_FILE = Path(__file__).with_name("knock_knock_rules.txt")


@dataclass
class Case:
    line: int
    rules: Rules | None
    state_text: str
    steps: list[tuple[int, str, str]] = field(default_factory=list)

    @property
    def where(self) -> str:
        return f"{RULES_FILE.name}:{self.line}"


def parse_action(text: str) -> tuple[int, Action]:
    """``0 play 2S D knock``, ``1 draw``, ``2 challenge`` or ``3 quiet``."""
    words = text.split()
    if len(words) < 2 or not words[0].isdigit():
        raise ValueError(f"expected SEAT ACTION, got {text!r}")
    seat, verb, rest = int(words[0]), words[1], words[2:]
    if verb == "draw" and not rest:
        return seat, Draw()
    if verb == "challenge" and not rest:
        return seat, Challenge()
    if verb == "quiet" and not rest:
        return seat, Quiet()
    if verb == "play" and rest:
        card = Card.parse(rest[0])
        knock = "knock" in rest[1:]
        suits = [word for word in rest[1:] if word != "knock"]
        if len(suits) > 1:
            raise ValueError(f"one suit at most: {text!r}")
        return seat, Play(card, Suit.parse(suits[0]) if suits else None, knock)
    raise ValueError(f"unknown action {text!r}: use play CARD [SUIT] [knock], draw or challenge")


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
                rules = Rules.parse(rest.replace(" ", ","))
            elif keyword == "state":
                cases.append(Case(number, rules, rest))
                rules = None
            elif keyword in ("fits", "why", "then", "settle", "reshuffle", "expect"):
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
        except ValueError as error:
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


def run(case: Case) -> None:
    state = State.parse(case.state_text, case.rules)
    chance = QueuedChance()
    for line, keyword, rest in case.steps:
        where = f"{RULES_FILE.name}:{line}"
        if keyword == "fits":
            found = " ".join(card.code for card in state.fitting(state.to_move)) or "-"
            wanted = " ".join(card.code for card in sorted(parse_cards(rest))) or "-"
            assert found == wanted, f"{where}: expected {wanted} to fit, engine says {found}"
        elif keyword == "why":
            action_text, _, reason = rest.partition(":")
            seat, action = parse_action(action_text)
            assert state.why_illegal(seat, action) == reason.strip(), f"{where}: why {action_text}"
        elif keyword == "then":
            seat, action = parse_action(rest)
            assert state.why_illegal(seat, action) is None, (
                f"{where}: {rest} refused: {state.why_illegal(seat, action)}"
            )
            state.apply(seat, action, chance)
        elif keyword == "settle":
            state.settle(chance)
        elif keyword == "reshuffle":
            chance.orders.append(parse_cards(rest))
        else:
            actual = _fields(state.text())
            for name, value in _fields(rest).items():
                if name == "hands":
                    # a hand is a multiset: compare sorted
                    value = " / ".join(
                        " ".join(c.code for c in sorted(parse_cards(h))) or "-" for h in value.split("/")
                    )
                    count = value.count("/") + 1
                    shown = " / ".join(actual[name].split(" / ")[:count])
                    assert shown == value, f"{where}: hands are {actual[name]}"
                else:
                    if name in ("pile", "stock"):
                        value = " ".join(c.code for c in parse_cards(value)) or "-"
                    assert actual[name] == value, f"{where}: {name} is {actual[name]}, expected {value}"
    assert not chance.orders, f"{case.where}: a listed reshuffle was never needed"


CASES = read_cases()


def test_the_fixture_file_has_enough_cases() -> None:
    assert len(CASES) >= 20


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
    bad.write_text("state hands 5H 9C / 6H | pile 7H | turn 0\nfits 5H 9C\n", encoding="utf-8")
    (case,) = read_cases(bad)
    with pytest.raises(AssertionError, match=r"expected 9C 5H to fit, engine says 5H"):
        run(case)
