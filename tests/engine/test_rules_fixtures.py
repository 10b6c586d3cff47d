"""The rule fixtures in rules.txt: each position with exactly its legal moves and the reasons others are refused."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from engine.core.cards import FULL_DECK, Card, cards_of, format_cards, parse_mask
from engine.core.game import parse_rules
from engine.sevens import SEVENS
from engine.sevens.position import Position, max_hand, parse_table, reach
from engine.sevens.rules import DEFAULT, SevensRules

RULES_FILE = Path(__file__).with_name("rules.txt")


@dataclass
class Case:
    line: int
    position: Position
    legal: str  # "pass", "over" or the cards
    legal_line: int = 0
    whys: list[tuple[int, Card | None, str]] = field(default_factory=list)

    @property
    def where(self) -> str:
        return f"{RULES_FILE.name}:{self.line}"


def _short_form(table_text: str, hand_text: str, rules: SevensRules, loose: int = 0) -> Position:
    """Seat 0 holds *hand* and is to move; the cards left over go round the other seats, as many as a hand holds.

    *loose* cards (on the table) were laid by players put out; the rest of the table must be rows.
    """
    table, hand = parse_table(table_text), parse_mask(hand_text)
    if loose & ~table:
        raise ValueError("loose cards must be on the table")
    seats = rules.players - 1
    others = [0] * seats
    for i, card in enumerate(cards_of(FULL_DECK & ~table & ~hand)):
        if i >= seats * max_hand(rules.players):
            break
        others[i % seats] |= card.bit
    checked = Position.setup(table & ~loose, [hand, *others], 0, rules)
    return Position(table, checked.hands, 0, rules, loose=reach(table, loose))


def read_cases(path: Path = RULES_FILE) -> list[Case]:
    """Parse the fixture file; a malformed line fails with its line number."""
    cases: list[Case] = []
    table_text: tuple[int, str] | None = None
    loose = 0
    rules = DEFAULT
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        rest = rest.strip()
        where = f"{path.name}:{number}"
        try:
            if keyword == "rules":
                rules = parse_rules(SEVENS, rest)
            elif keyword == "position":
                cases.append(Case(number, Position.parse(rest, rules), ""))
            elif keyword == "table":
                table_text = (number, rest)
            elif keyword == "hand":
                if table_text is None:
                    raise ValueError("'hand' must follow a 'table' line")
                cases.append(Case(table_text[0], _short_form(table_text[1], rest, rules, loose), ""))
                table_text, loose = None, 0
            elif keyword == "loose":
                if table_text is None:
                    raise ValueError("'loose' must follow a 'table' line")
                loose = parse_table(rest)
            elif keyword == "legal":
                if not cases or cases[-1].legal:
                    raise ValueError("'legal' must follow a position or a table and hand")
                if rest not in ("pass", "over"):
                    rest = format_cards(parse_mask(rest))
                cases[-1].legal, cases[-1].legal_line = rest, number
            elif keyword == "why":
                if not cases or not cases[-1].legal:
                    raise ValueError("'why' must follow a 'legal' line")
                move_text, colon, reason = rest.partition(":")
                if not colon or not reason.strip():
                    raise ValueError("expected 'why CARD: REASON' or 'why pass: REASON'")
                move = None if move_text.strip() == "pass" else Card.parse(move_text)
                cases[-1].whys.append((number, move, reason.strip()))
            else:
                raise ValueError(f"unknown keyword {keyword!r}")
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
    unfinished = [case.where for case in cases if not case.legal]
    if unfinished or table_text is not None:
        raise ValueError(f"cases without a 'legal' line: {', '.join(unfinished) or table_text}")
    return cases


CASES = read_cases()


def test_the_fixture_file_has_enough_cases() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize("case", CASES, ids=[case.where for case in CASES])
def test_legal_moves_match_the_fixture(case: Case) -> None:
    position = case.position
    found = format_cards(position.legal_mask())
    if case.legal == "over":
        assert position.is_over, f"{case.where}: the deal should be over"
        assert found == "-", f"{case.where}: no move is allowed once the deal is over, engine allows {found}"
        assert position.why_illegal(None) is not None
    elif case.legal == "pass":
        assert found == "-", f"{case.where}: expected a pass, engine allows {found}"
        assert position.why_illegal(None) is None, f"{case.where}: passing should be allowed"
    else:
        assert found == case.legal, f"{case.where}: expected {case.legal}, engine allows {found}"
        if position.rules.voluntary_pass:
            assert position.why_illegal(None) is None, f"{case.where}: voluntary_pass allows a pass"
        else:
            assert position.why_illegal(None) is not None, f"{case.where}: passing should be refused"


@pytest.mark.parametrize("case", CASES, ids=[case.where for case in CASES])
def test_every_card_in_hand_is_legal_exactly_when_listed(case: Case) -> None:
    position = case.position
    legal = set(position.legal_moves())
    for card in position.hand(position.turn):
        reason = position.why_illegal(card)
        assert (reason is None) == (card in legal), f"{case.where}: {card.display} -> {reason!r}"


@pytest.mark.parametrize("case", [case for case in CASES if case.whys], ids=[case.where for case in CASES if case.whys])
def test_refused_moves_give_the_fixture_reason(case: Case) -> None:
    for line, move, reason in case.whys:
        shown = "pass" if move is None else move.code
        assert case.position.why_illegal(move) == reason, f"{RULES_FILE.name}:{line}: why {shown}"


def test_a_malformed_fixture_names_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "rules.txt"
    bad.write_text("# ok\ntable 7D\nhand 8D\nlegal 8D\n\nlegal 9D\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"^rules.txt:6: 'legal' must follow"):
        read_cases(bad)


def test_a_wrong_fixture_fails(tmp_path: Path) -> None:
    bad = tmp_path / "rules.txt"
    bad.write_text("table 7D 5H-7H\nhand 9H 8H\nlegal 8H 9H\n", encoding="utf-8")
    (case,) = read_cases(bad)
    with pytest.raises(AssertionError, match=r"rules.txt:1: expected 8H 9H, engine allows 8H"):
        test_legal_moves_match_the_fixture(case)
