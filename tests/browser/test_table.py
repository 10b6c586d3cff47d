"""The game table as a player sees it: one screen at desk and phone size, refusals in words, history, tables."""

from __future__ import annotations

import re
from typing import Any

import pytest
from gameplay import (
    INSTANT,
    log_length,
    open_game,
    out_of_view,
    play_one,
    play_to_the_end,
    wait_after_move,
    wait_for_ready,
    wait_until,
)
from playwright.sync_api import Page, expect

from engine.core.cards import Card
from engine.sevens.deal import deal_hands
from engine.sevens.position import Position


def in_view(players: int = 4) -> list[str]:
    """What must be in view at every moment of a deal: the board, your hand and the other players."""
    return ["#game-rows", "#game-hand", *(f".felt .player.seat-{seat}" for seat in range(1, players))]


IN_VIEW = in_view()
BUTTONS = ["#game-play", "#game-pass", "#game-suggest"]


def board_top(page: Page) -> float:
    box = page.locator("#game-rows").bounding_box()
    assert box is not None, "the board is not drawn"
    return box["y"]


def seed_where(test: Any) -> int:
    return next(seed for seed in range(1, 1000) if test(deal_hands(seed)))


SEVEN = Card.parse("7D").bit


@pytest.mark.parametrize("sized", ["desk", "phone"], indirect=True)
def test_the_table_stays_in_view_and_still_through_a_whole_deal(sized: Page, site_url: str) -> None:
    page = sized
    # Robin opens and you hold a card next to the 7♦: your first turn has a card that fits.
    seed = seed_where(lambda hands: hands[1] & SEVEN and hands[0] & (Card.parse("6D").bit | Card.parse("8D").bit))
    open_game(page, site_url, f"?seed={seed}")
    assert out_of_view(page, IN_VIEW + BUTTONS) == []
    focused = page.evaluate("document.activeElement.className")
    assert "legal" in focused.split(), f"the focus should land on a card that fits, not {focused!r}"
    for _ in range(4):
        play_one(page)
    assert out_of_view(page, IN_VIEW + BUTTONS) == []
    # A move by keyboard with the page scrolled to its foot: the redraws that follow must leave it there.
    page.evaluate("""() => {
        const card = document.querySelector('#game-hand .card.legal') ?? document.querySelector('#game-hand .card');
        card.focus({ preventScroll: true });
        scrollTo(0, document.documentElement.scrollHeight);
    }""")
    scrolled = page.evaluate("scrollY")
    assert scrolled > 0
    before = log_length(page)
    page.keyboard.press("Enter" if page.locator("#game-hand .card.legal").count() else "p")
    wait_after_move(page, before)
    assert page.evaluate("scrollY") == scrolled, "a redraw scrolled the page"
    page.evaluate("scrollTo(0, 0)")
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")  # its scroll event
    page.evaluate("window.scrolls = 0; addEventListener('scroll', () => { window.scrolls += 1; })")
    while page.get_attribute("#game", "data-state") != "over":
        play_one(page)
    assert page.evaluate("window.scrolls") == 0, "a redraw scrolled the page"
    assert out_of_view(page, [*IN_VIEW, "#game-next", "#game-again"]) == []
    last = page.locator("#game-log li").last.inner_text()
    expect(page.locator("#game-status")).to_contain_text(last.split(". ", 1)[-1])
    expect(page.locator("#game-rows .sv-slot.last")).to_have_count(1)
    expect(page.locator("#game-rows .sv-slot.open")).to_have_count(0)  # no place is offered once the deal is over
    stats = page.evaluate("JSON.parse(localStorage.getItem('sevens.v4')).games.sevens.stats")
    assert stats["games"] == 1 and stats["tables"]["robin,alex,sam"]["games"] == 1
    # Eight at the table: seven other players round the board, and still one screen at every moment.
    choose_table(page, players=8)
    while page.get_attribute("#game", "data-state") != "over":
        assert out_of_view(page, in_view(8) + BUTTONS) == []
        play_one(page)
    assert out_of_view(page, [*in_view(8), "#game-next"]) == []


def choose_table(page: Page, *, preset: str | None = None, players: int | None = None) -> None:
    """Start a match at another table through the Table menu: a rules preset and the number of players."""
    seed = page.evaluate("new URL(location.href).searchParams.get('seed')")
    page.click("#game-table-menu summary")
    if preset:
        page.click(f"[data-preset='{preset}']")
    if players:
        page.select_option("#game-players-count", str(players))
    page.click("#game-table-deal")
    wait_until(page, "seed => new URL(location.href).searchParams.get('seed') !== seed", arg=seed)
    wait_for_ready(page)


def test_with_the_marks_off_a_card_that_does_not_fit_is_refused_with_the_engines_reason(
    page: Page, site_url: str
) -> None:
    page.add_init_script("localStorage.setItem('sevens.showFits', 'off')")
    seed = seed_where(lambda hands: hands[0] & SEVEN)
    open_game(page, site_url, f"?seed={seed}")
    expect(page.locator("#game-hand .card.legal")).to_have_count(0)
    expect(page.locator("#game-hand .card[aria-disabled]")).to_have_count(0)
    expect(page.locator("#game-rows .sv-slot.open")).to_have_count(0)
    start = Position.deal(deal_hands(seed))
    wrong = next(card for card in start.hand(0) if card.code != "7D")
    page.click(f"#game-hand [data-code='{wrong.code}']")
    reason = start.why_illegal(wrong)
    assert reason is not None
    expect(page.locator("#game-message")).to_have_text(reason[0].upper() + reason[1:] + ".")
    expect(page.locator("#game-play")).to_be_disabled()
    page.click("#game-pass")
    expect(page.locator("#game-message")).to_have_text(
        "You may pass only when no card in your hand fits, and one does now."
    )
    page.click("#game-hand [data-code='7D']")
    page.click("#game-play")
    expect(page.locator("#game-log li").first).to_have_text("You played 7♦")


def names(page: Page) -> list[str]:
    return seats(page)[0]


def test_back_and_forward_keep_both_deals_and_their_rules_and_a_preset_changes_the_seats(
    page: Page, site_url: str
) -> None:
    open_game(page, site_url, "?seed=101")
    for _ in range(2):
        play_one(page)
    first = page.locator("#game-log li").all_inner_texts()
    assert names(page) == ["You", "Robin", "Alex", "Sam"]
    # An option set by hand (no preset has it) and three Sams: the options that differ reach the engine and the address.
    page.click("#game-table-menu summary")
    page.click(".game-options summary")
    page.select_option("#game-option-eight_before_six", "true")
    expect(page.locator("[data-preset][aria-pressed=true]")).to_have_count(0)
    page.click("[data-table='sam']")
    wait_until(page, "() => new URL(location.href).searchParams.get('seed') !== '101'")
    wait_for_ready(page)
    assert names(page) == ["You", "Sam 1", "Sam 2", "Sam 3"]
    assert page.evaluate("new URL(location.href).searchParams.get('rules')") == "eight_before_six=true"
    expect(page.locator("#game-variant")).to_have_text("Sevens (eight_before_six=true)")
    play_one(page)
    second = page.locator("#game-log li").all_inner_texts()
    sharks = page.evaluate("new URL(location.href).searchParams.get('seed')")
    page.go_back()
    wait_until(page, "() => new URL(location.href).searchParams.get('seed') === '101'")
    expect(page.locator("#game-log li")).to_have_text(first)
    assert names(page) == ["You", "Robin", "Alex", "Sam"]
    expect(page.locator("#game-variant")).to_have_text("Sevens")
    page.go_forward()
    wait_until(page, "seed => new URL(location.href).searchParams.get('seed') === seed", arg=sharks)
    expect(page.locator("#game-log li")).to_have_text(second)
    assert names(page) == ["You", "Sam 1", "Sam 2", "Sam 3"]
    expect(page.locator("#game-variant")).to_have_text("Sevens (eight_before_six=true)")
    assert log_length(page) == len(second)


def score_table(page: Page) -> dict[str, list[int]]:
    """The score table as {player: [deal 1, deal 2, …, total]}, every deal's column read, shown or not."""
    rows = page.evaluate("""() => [...document.querySelectorAll('#game-score tbody tr')].map(
        (row) => [...row.children].map((cell) => cell.textContent))""")
    return {name: [int(value) for value in values] for name, *values in rows}


def saved_record(page: Page) -> dict[str, Any]:
    record: dict[str, Any] = page.evaluate("JSON.parse(JSON.parse(sessionStorage.getItem('sevens.deal')).record)")
    return record


def seats(page: Page) -> tuple[list[str], int]:
    """The players' names round the table, and the dealer's seat (marked at the table)."""
    names: list[str] = page.evaluate(
        "[...document.querySelectorAll('#game-players .player-name')].map((name) => name.firstChild.textContent)"
    )
    marked = page.evaluate("[...document.querySelectorAll('#game-players .player')].map((p) => p.matches('.dealer'))")
    assert marked.count(True) == 1
    return names, marked.index(True)


def test_a_six_player_fan_tan_match_from_the_house_rules_keeps_the_chips_and_moves_the_deal(
    page: Page, site_url: str
) -> None:
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}house-rules/")
    page.locator("#fan-tan ~ p a", has_text="Play this variant").first.click()
    wait_for_ready(page)
    expect(page.locator("#game-variant")).to_have_text("Fan Tan")
    choose_table(page, players=6)
    query = page.evaluate("Object.fromEntries(new URL(location.href).searchParams)")
    assert (query["rules"], query["players"]) == ("fan-tan", "6")
    expect(page.locator("#game-variant")).to_have_text("Fan Tan, 6 players")
    expect(page.locator("#game-title")).to_have_text("Play Fan Tan")  # its rules in its text, not in a list
    expect(page.locator("#game-about")).to_contain_text("any seven may begin its row")
    expect(page.locator("#game-notes")).to_be_hidden()
    names = ["You", "Robin 1", "Alex 1", "Sam", "Robin 2", "Alex 2"]
    assert seats(page) == (names, 0)  # you deal first
    expect(page.locator("#game-score")).to_be_hidden()  # no deal finished yet
    play_to_the_end(page)
    chips = saved_record(page)["chips"]
    assert sum(chips) == 0 and chips != [0] * 6
    expect(page.locator("#game-rows .sv-slot.open")).to_have_count(0)
    expect(page.locator("#game-score h3")).to_have_text("Chips after 1 deal")
    assert score_table(page) == {name: [chip, chip] for name, chip in zip(names, chips, strict=True)}
    page.click("#game-next")
    wait_for_ready(page)
    expect(page.locator("#game-deal-number")).to_contain_text("deal 2")
    assert seats(page) == (names, 1)  # the deal moved one seat round, to your left
    # A reload in the middle of the match keeps the match: its score and who dealt.
    page.reload()
    wait_for_ready(page)
    expect(page.locator("#game-deal-number")).to_contain_text("deal 2")
    assert seats(page) == (names, 1)
    assert score_table(page) == {name: [chip, chip] for name, chip in zip(names, chips, strict=True)}
    play_to_the_end(page)
    second = saved_record(page)["chips"]
    assert saved_record(page)["dealer"] == 1 and sum(second) == 0
    expect(page.locator("#game-score h3")).to_have_text("Chips after 2 deals")
    table = score_table(page)
    assert table == {name: [a, b, a + b] for name, a, b in zip(names, chips, second, strict=True)}
    assert sum(row[-1] for row in table.values()) == 0
    stats = page.evaluate("JSON.parse(localStorage.getItem('sevens.v4')).games.sevens.stats")
    assert stats["games"] == 2 and stats["tables"]["robin,alex,sam,robin,alex · Fan Tan, 6 players"]["games"] == 2


def drawn(page: Page, selector: str) -> bool:
    """*selector*'s element is drawn where it can be seen: its middle is on screen and not hidden by anything."""
    found: bool = page.evaluate(
        """(selector) => {
            const element = document.querySelector(selector);
            const box = element?.getBoundingClientRect();
            if (!box || box.width < 2 || box.height < 2) return false;
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return element.contains(hit);
        }""",
        selector,
    )
    return found


@pytest.mark.parametrize("sized", ["phone"], indirect=True)
def test_on_a_phone_your_seat_shows_that_you_deal_as_the_others_do(sized: Page, site_url: str) -> None:
    page = sized
    open_game(page, site_url, "?seed=5&rules=fan-tan&players=6")  # you deal the first deal of a match
    assert seats(page)[1] == 0
    assert drawn(page, ".felt .player.seat-0 .player-dealer"), "your seat does not show that you deal"
    assert out_of_view(page, [".felt .player.seat-0", *in_view(6), *BUTTONS]) == []


@pytest.mark.parametrize("sized", ["desk", "phone"], indirect=True)
def test_seven_and_eight_players_keep_the_table_on_one_screen_to_the_end_of_a_deal(sized: Page, site_url: str) -> None:
    page = sized
    open_game(page, site_url, "?seed=21&players=7")
    page.evaluate("addEventListener('scroll', () => { window.scrolls += 1; })")
    for players in (7, 8):
        if players == 8:
            # A learner who has finished three deals is offered the marks off at the end: that must not push
            # the result's buttons off the screen either.
            page.evaluate("""() => {
                const record = JSON.parse(localStorage.getItem('sevens.v4'));
                record.games.sevens.stats.games = 3;
                localStorage.setItem('sevens.v4', JSON.stringify(record));
            }""")
            # Reaching the menu's button may scroll the page, and choosing scrolls it back: not counted.
            choose_table(page, players=8)
        page.evaluate("window.scrolls = 0")
        top = board_top(page)
        while page.get_attribute("#game", "data-state") != "over":
            assert out_of_view(page, [*in_view(players), "#game-status", *BUTTONS]) == []
            # The seats' rows keep their height as passes are counted, so the board stays where it was.
            assert board_top(page) == top, f"{players} players: the board moved during the deal"
            play_one(page)
        end = [*in_view(players), "#game-status", "#game-next", "#game-again"]
        if players == 8:
            end.append("#game-offer")
        assert out_of_view(page, end) == [], f"{players} players at the end of the deal"
        # Nor at the end, when a seat says "went out first".
        assert board_top(page) == top, f"{players} players: the board moved at the end of the deal"
        assert page.evaluate("scrollY") == 0 and page.evaluate("window.scrolls") == 0, f"{players} players: scrolled"
    expect(page.locator("#game-offer")).to_be_visible()


def test_escape_closes_the_table_menu_and_leaves_the_focus_on_it(page: Page, site_url: str) -> None:
    open_game(page, site_url, "?seed=5")
    summary = page.locator("#game-table-menu > summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#game-table-menu")).to_have_attribute("open", "")
    page.locator("#game-players-count").focus()
    page.keyboard.press("Escape")
    expect(page.locator("#game-table-menu")).not_to_have_attribute("open", "")
    expect(summary).to_be_focused()


def test_a_suggestion_by_keyboard_puts_the_focus_on_the_suggested_card_so_enter_plays_it(
    page: Page, site_url: str
) -> None:
    open_game(page, site_url, "?seed=8")
    moved = 0  # suggestions of another card than the focused one
    for _ in range(13):
        if page.get_attribute("#game", "data-state") == "over" or moved:
            break
        before = log_length(page)
        if page.locator("#game-hand .card.legal").count() >= 2:
            focused = page.evaluate("document.activeElement.dataset.code")
            page.keyboard.press("s")
            page.wait_for_selector("#game-hand .card.suggested")
            suggested = page.locator("#game-hand .card.suggested").get_attribute("data-code")
            moved += suggested != focused
            expect(page.locator("#game-hand .card.suggested")).to_be_focused()
            page.keyboard.press("Enter")
            wait_after_move(page, before)
            expect(page.locator("#game-log li").nth(before)).to_have_text(re.compile(rf"^You played {suggested[:-1]}"))
        else:
            play_one(page)
    assert moved, "no suggestion of another card than the focused one was met: choose another deal"


def test_a_suggestion_is_marked_only_until_your_move(page: Page, site_url: str) -> None:
    open_game(page, site_url, "?seed=8")
    while page.locator("#game-hand .card.legal").count() < 2:
        play_one(page)
    page.click("#game-suggest")
    page.wait_for_selector("#game-hand .card.suggested")
    before = log_length(page)
    page.locator("#game-hand .card.legal:not(.suggested)").first.click()  # another card than Sam's
    page.click("#game-play")
    wait_after_move(page, before)
    expect(page.locator("#game-hand .card.suggested")).to_have_count(0)
