"""Knock! Knock! at the game table: a whole deal by mouse on a phone and one by keyboard at a desk, and a match
chosen in the Table menu, scored by points.

Deal 3, played as these tests play it (the first card that fits, a pick-up card naming hearts,
a knock with the third-to-last card), has every moment the page must handle: a pick-up card played
at you, the suit choice, your knock, the computer players' knocks and a missed knock you are asked to call.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from gameplay import (
    BOXES,
    INSTANT,
    START_MS,
    arrow_to_first_fitting,
    lay_or_draw,
    log_length,
    out_of_view,
    outside,
    wait_after_move,
    wait_for_ready,
    wait_until,
)
from playwright.sync_api import BrowserContext, Page, expect
from warm import warm_page

from engine.knock_knock.game import Game

SEED = 3
BOARD = ["#kk-top", "#kk-suit", "#kk-stock", "#game-hand", "#game-play", "#kk-draw", "#kk-knock", "#kk-call"]
BOARD += ["#game-suggest"]


def in_view_with(players: int) -> list[str]:
    """What must be in view at every moment of a deal: the board, your hand, the buttons and the other players."""
    return BOARD + [f".felt .player.seat-{seat}" for seat in range(1, players)]


# The players' boxes round the table (yours is only for screen readers on a phone): name, left, top, right, bottom.
SEAT_BOXES = """() =>
    [...document.querySelectorAll('#game-players .player')].filter((seat) => getComputedStyle(seat).position !== 'absolute').map((seat) => {
        const box = seat.getBoundingClientRect();
        return [seat.querySelector('.player-name').firstChild.textContent, box.left, box.top, box.right, box.bottom];
    })"""


def overlapping(boxes: list[tuple[str, float, float, float, float]]) -> list[tuple[str, str]]:
    """The pairs of players whose SEAT_BOXES overlap."""
    return [
        (a[0], b[0])
        for i, a in enumerate(boxes)
        for b in boxes[:i]
        if a[1] < b[3] - 1 and b[1] < a[3] - 1 and a[2] < b[4] - 1 and b[2] < a[4] - 1
    ]


@pytest.fixture
def phone(warm_contexts: dict[str, BrowserContext], site_url: str) -> Iterator[Page]:
    """A page on a phone's screen, from the warm context of that screen (conftest.py)."""
    with warm_page(warm_contexts, "phone") as page:
        yield page


# What the knock or call bubble covers on the board (nothing while nobody shouts): labels, cards, counts.
SHOUT_COVERS = """() => {
    const shout = document.querySelector('.kk-bubble');
    if (!shout) return [];
    const a = shout.getBoundingClientRect();
    return [...document.querySelectorAll('.kk-board .kk-spot > *')].filter((part) => {
        const b = part.getBoundingClientRect();
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    }).map((part) => part.textContent || part.id);
}"""


# The knock or call bubble drawn: its words, the seat it hangs from (null on the board), its box, and every seat's
# name, box (left, top, right, bottom) and whether it is drawn.
BUBBLE = """() => {
    const bubble = document.querySelector('.kk-bubble');
    if (!bubble) return null;
    const name = (seat) => seat.querySelector('.player-name').firstChild.textContent;
    const box = (element) => { const b = element.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
    const seats = [...document.querySelectorAll('#game-players .player')].map((seat) =>
        [name(seat), box(seat), seat.offsetWidth > 1]);
    const host = bubble.closest('.player');
    return {text: bubble.textContent, host: host && name(host), box: box(bubble), seats};
}"""


def bubble_by_its_speaker(bubble: dict[str, Any] | None) -> list[str]:
    """What is wrong with where the BUBBLE is: it hangs from the seat of the player who knocked or called, close by,
    or (where that would hide another seat, or the seat is not drawn: yours on a phone) sits on the board under
    that seat; it hides no seat (its own included) but the one it hangs from."""
    if bubble is None:
        return []
    seats = {name: (box, drawn) for name, box, drawn in bubble["seats"]}
    speaker = max((name for name in seats if bubble["text"].startswith(name)), key=len, default=None)
    if speaker is None:
        return [f"{bubble['text']!r} names no seat"]
    (left, top, right, bottom), ((x0, y0, x1, y1), drawn) = bubble["box"], seats[speaker]
    wrong = [
        f"{bubble['text']!r} hides {name}'s seat"
        for name, ((a0, b0, a1, b1), shown) in seats.items()
        if shown and name != bubble["host"] and left < a1 and a0 < right and top < b1 and b0 < bottom
    ]
    if bubble["host"] is not None:
        gap = max(top - y1, y0 - bottom, left - x1, x0 - right, 0)
        if bubble["host"] != speaker or gap > 12:
            wrong.append(f"{bubble['text']!r} by {bubble['host']}'s seat, {gap:.0f} px from {speaker}'s")
    elif drawn and not x0 <= (left + right) / 2 <= x1:
        wrong.append(
            f"{bubble['text']!r} on the board at {left:.0f}-{right:.0f}, not under {speaker} at {x0:.0f}-{x1:.0f}"
        )
    return wrong


# The table at one moment of play_deal, in one round trip: where what must be in view is (BOXES, for the selectors
# given), the seats' and the bubble's boxes, and what the next step depends on.
MOMENT = f"""(selectors) => ({{
    over: document.getElementById('game').dataset.state === 'over',
    boxes: ({BOXES})(selectors),
    seats: ({SEAT_BOXES})(),
    covered: ({SHOUT_COVERS})(),
    shout: document.getElementById('kk-shout').innerText,
    bubble: ({BUBBLE})(),
    log: document.querySelectorAll('#game-log li').length,
    asked: document.querySelector('#kk-let-pass:not([hidden])') !== null,
    legal: document.querySelectorAll('#game-hand .card.legal').length,
    hand: document.querySelectorAll('#game-hand .card').length,
}})"""


def open_table(page: Page, site_url: str) -> None:
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}play-knock-knock/?seed={SEED}")
    wait_for_ready(page)


def asked(page: Page) -> bool:
    return page.locator("#kk-let-pass:not([hidden])").count() > 0


def play_deal(
    page: Page,
    seen: dict[str, int] | None = None,
    *,
    players: int = 4,
    when_asked: Callable[[Page], None] | None = None,
) -> None:
    """Play the deal to its end by mouse (a missed knock called, else the first card that fits with a knock when
    due and hearts named for a pick-up card, else a draw), checking the table stays in view at every moment.
    *when_asked* checks the table each time it waits for you to call a missed knock, before you call it."""
    seen = seen if seen is not None else {"suits": 0, "knock": 0, "called": 0}
    in_view = in_view_with(players)
    for _ in range(400):
        moment: dict[str, Any] = page.evaluate(MOMENT, in_view)
        if moment["over"]:
            break
        assert outside(page, in_view, moment["boxes"]) == []
        assert overlapping(moment["seats"]) == []
        assert moment["covered"] == []
        assert bubble_by_its_speaker(moment["bubble"]) == []
        if moment["shout"]:
            seen["shouts"] = seen.get("shouts", 0) + 1
        before = moment["log"]
        if moment["asked"]:
            expect(page.locator("#game-status")).to_contain_text("without knocking: call Knock! Knock!")
            if when_asked:
                when_asked(page)
            page.get_by_role("button", name="Knock! Knock!", exact=True).click()
            seen["called"] += 1
            wait_after_move(page, before, timeout=START_MS)
            expect(page.locator("#game-log")).to_contain_text("Right call:")
            continue
        if not moment["legal"]:
            page.get_by_role("button", name="Draw", exact=True).click()
            wait_after_move(page, before, timeout=START_MS)
            continue
        if moment["hand"] == 3:
            page.get_by_role("button", name="Knock", exact=True).click()
            expect(page.locator("#kk-knock")).to_have_attribute("aria-pressed", "true")
            seen["knock"] += 1
        page.locator("#game-hand .card.legal").first.click()
        page.get_by_role("button", name="Play", exact=True).click()
        if page.locator("#kk-suits:not([hidden])").count():
            assert out_of_view(page, ["#kk-suits"]) == []
            page.get_by_role("button", name="Hearts", exact=True).click()
            seen["suits"] += 1
        wait_after_move(page, before, timeout=START_MS)
    expect(page.locator("#game-result")).to_be_visible()
    expect(page.locator(".kk-bubble")).to_have_count(0)  # a knock's moment is over with the deal
    # The end of a deal of a match: the result (in the status line), the deal's score and the totals (beside the
    # table on a desk, under the result on a phone) and the buttons on the same screen as the table.
    score = "#game-result-score" if page.evaluate("matchMedia('(max-width: 40rem)').matches") else "#game-score"
    assert out_of_view(page, ["#kk-top", "#game-status", score, "#game-next", "#game-again"]) == []


def only_your_seat_is_waited_for(page: Page) -> None:
    """While the table waits for your call of a missed knock, nobody else is thinking: the next player keeps the turn,
    but the table waits for your answer. (Checked on a phone: its buttons are three a line there.)"""
    expect(page.locator("#game-players .player-turn")).to_have_count(1)
    expect(page.locator("#game-players .to-play")).to_have_count(1)
    expect(page.locator("#game-players .you .player-turn")).to_have_text("your turn")
    expect(page.locator("#game-players")).not_to_contain_text("thinking")
    # Six buttons, three a line: "Knock! Knock!" on one line, the second line no taller than the first.
    heights = [page.locator(selector).bounding_box()["height"] for selector in ("#game-play", "#kk-call")]  # type: ignore[index]
    assert heights[0] == heights[1], f"Play and Knock! Knock! are {heights[0]} and {heights[1]} px high"


def test_a_whole_deal_by_mouse_on_a_phone_stays_on_one_screen(phone: Page, site_url: str) -> None:
    page = phone
    open_table(page, site_url)
    expect(page.locator("#game-hand .card")).to_have_count(7)
    expect(page.locator("#game-hand .card").first).to_have_attribute("aria-label", "seven of clubs")
    seen = {"suits": 0, "knock": 0, "called": 0, "shouts": 0}
    play_deal(page, seen, when_asked=only_your_seat_is_waited_for)
    assert all(seen.values()), seen
    log = page.locator("#game-log").inner_text()
    assert "You play " in log and "and name hearts" in log
    assert "knocks and plays" in log and "You knock and play" in log
    page.get_by_role("button", name="New match").click()
    wait_for_ready(page)
    expect(page.locator("#game-result")).to_be_hidden()
    assert page.locator("#game-hand .card").count() >= 7 and page.url.split("seed=")[1].split("&")[0] != str(SEED)


def test_a_whole_deal_by_keyboard_with_the_focus_on_a_card_that_fits(page: Page, pyodide_site_url: str) -> None:
    open_table(page, pyodide_site_url)
    assert "legal" in page.evaluate("document.activeElement.className").split()
    called = 0
    for _ in range(120):
        if page.get_attribute("#game", "data-state") == "over":
            break
        before = log_length(page)
        if asked(page):
            expect(page.locator("#kk-call")).to_be_focused()
            page.keyboard.press("Enter")
            called += 1
        elif not page.locator("#game-hand .card.legal").count():
            page.keyboard.press("d")
        else:
            if page.evaluate("document.activeElement.closest('#game-hand') === null"):
                page.locator("#game-hand .card[tabindex='0']").focus()
            arrow_to_first_fitting(page)
            if page.locator("#game-hand .card").count() == 3:
                page.keyboard.press("k")
            page.keyboard.press("Enter")
            if page.locator("#kk-suits:not([hidden])").count():
                expect(page.get_by_role("button", name="Clubs", exact=True)).to_be_focused()
                page.keyboard.press("ArrowRight")
                page.keyboard.press("ArrowRight")
                expect(page.get_by_role("button", name="Hearts", exact=True)).to_be_focused()
                page.keyboard.press("Enter")
        wait_after_move(page, before, timeout=START_MS)
    expect(page.locator("#game-result")).to_be_visible()
    expect(page.locator("#game-next")).to_be_focused()  # every deal is one of a match
    assert called
    assert "You knock and play" in page.locator("#game-log").inner_text()


def saved_deal(page: Page) -> dict[str, Any]:
    """The deal the page keeps to restore (its record, and in a match the earlier deals' records)."""
    deal: dict[str, Any] = page.evaluate("JSON.parse(sessionStorage.getItem('sevens.deal.knock-knock'))")
    return deal


def engine_scores(page: Page) -> list[list[int]]:
    """Each deal of the match so far, scored by the engine from the records the page kept."""
    deal = saved_deal(page)
    return [Game.from_json(record).score() for record in [*deal["earlier"], deal["record"]]]


def score_table(page: Page) -> dict[str, list[int]]:
    """The score table as {player: [deal 1, deal 2, …, total]}."""
    rows = page.evaluate("""() => [...document.querySelectorAll('#game-score tbody tr')].map(
        (row) => [...row.children].map((cell) => cell.textContent))""")
    return {name: [int(value) for value in values] for name, *values in rows}


def dealer(page: Page) -> int:
    marked: list[bool] = page.evaluate(
        "[...document.querySelectorAll('#game-players .player')].map((p) => p.matches('.dealer'))"
    )
    return marked.index(True)


def test_a_match_scored_by_points_from_the_table_menu_keeps_the_engines_score_on_a_phone(
    phone: Page, site_url: str
) -> None:
    page = phone
    open_table(page, site_url)
    page.click("#game-table-menu summary")
    page.click(".game-options summary")
    page.select_option("#game-option-scoring", "points")
    page.select_option("#game-option-direction", "counter-clockwise")
    page.click("#game-table-deal")
    wait_until(page, "() => new URL(location.href).searchParams.get('rules') !== null")
    wait_for_ready(page)
    query = page.evaluate("Object.fromEntries(new URL(location.href).searchParams)")
    assert (query["rules"], query["players"]) == ("direction=counter-clockwise,scoring=points", "4")
    expect(page.locator("#game-notes")).to_contain_text("the lowest total is best")
    expect(page.locator("#game-score")).to_be_hidden()  # no deal finished yet
    assert dealer(page) == 0
    names = ["You", "Robin", "Alex", "Sam"]

    play_deal(page)
    first = engine_scores(page)[0]
    assert first.count(0) >= 1 and sum(first) > 0  # the winner scores nothing, the others their cards
    expect(page.locator("#game-score h3")).to_have_text("Points after 1 deal")
    assert score_table(page) == {name: [points, points] for name, points in zip(names, first, strict=True)}
    # On a phone the result shows the deal just played and the totals, one column a player.
    short = page.locator("#game-result-score")
    expect(short).to_be_visible()
    assert short.locator("tbody tr").first.inner_text().split() == ["Deal", "1", *map(str, first)]

    page.click("#game-next")
    wait_for_ready(page)
    expect(page.locator("#game-deal-number")).to_contain_text("deal 2")
    assert dealer(page) == 3  # counter-clockwise: the deal passes to your right
    # A reload in the middle of the match keeps its score and its dealer (restored from the deals' records).
    page.reload()
    wait_for_ready(page)
    expect(page.locator("#game-deal-number")).to_contain_text("deal 2")
    assert dealer(page) == 3
    assert score_table(page) == {name: [points, points] for name, points in zip(names, first, strict=True)}

    play_deal(page)
    scores = engine_scores(page)
    assert len(scores) == 2 and scores[0] == first
    expect(page.locator("#game-score h3")).to_have_text("Points after 2 deals")
    totals = [a + b for a, b in zip(*scores, strict=True)]
    table = score_table(page)
    assert table == {name: [a, b, total] for name, a, b, total in zip(names, *scores, totals, strict=True)}
    # The lowest total leads.
    leading = page.locator("#game-score tbody tr.leading th").all_inner_texts()
    assert leading == [name for name, total in zip(names, totals, strict=True) if total == min(totals)]


@pytest.mark.parametrize("sized", ["desk", "phone"], indirect=True)
def test_eight_players_sit_round_the_table_apart_and_in_view_through_a_whole_deal(sized: Page, site_url: str) -> None:
    page = sized
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}play-knock-knock/?seed={SEED}&rules=&players=8")
    wait_for_ready(page)
    expect(page.locator("#game-players .player")).to_have_count(8)
    expect(page.locator("#game-notes")).to_contain_text("Two packs")
    # The keys line is for a keyboard: shown at a desk, not on a phone (a touch screen without a fine pointer).
    if page.viewport_size["width"] < 640:  # type: ignore[index]
        expect(page.locator(".game-keys")).to_be_hidden()
    else:
        expect(page.locator(".game-keys")).to_be_visible()
    play_deal(page, players=8)


@pytest.mark.parametrize("sized", ["desk", "phone"], indirect=True)
def test_two_players_chosen_from_the_table_menu_play_a_whole_deal_across_the_board(sized: Page, site_url: str) -> None:
    page = sized
    open_table(page, site_url)
    page.click("#game-table-menu summary")
    page.select_option("#game-players-count", "2")
    page.click("#game-table-deal")
    wait_until(page, "() => new URL(location.href).searchParams.get('players') === '2'")
    wait_for_ready(page)
    expect(page.locator("#game-players .player")).to_have_count(2)
    expect(page.locator("#game-players .player.at-north-mid")).to_have_count(1)
    # The one opponent sits across the board: above it, and at a desk in the middle (on a phone the seats are
    # a row above the board, as at every table).
    seat = page.locator("#game-players .player.seat-1").bounding_box()
    board = page.locator(".kk-board").bounding_box()
    assert seat is not None and board is not None
    assert seat["y"] + seat["height"] <= board["y"] + 1, (seat, board)
    if page.viewport_size["width"] > 640:  # type: ignore[index]
        middle = (seat["x"] + seat["width"] / 2) - (board["x"] + board["width"] / 2)
        assert abs(middle) < board["width"] / 8, (seat, board)
    play_deal(page, players=2)


def test_after_naming_a_suit_by_keyboard_the_focus_stays_in_your_hand(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    # Deal 3: the 7♣ first, then the 2♥, a pick-up card, is the first card that fits.
    for code in ("7C", "2H"):
        page.locator(f"#game-hand [data-code='{code}']").focus()
        before = log_length(page)
        page.keyboard.press("Enter")
        if code == "7C":
            wait_after_move(page, before, timeout=START_MS)
    expect(page.get_by_role("button", name="Clubs", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    in_hand = "document.activeElement.closest('#game-hand') !== null"
    assert page.evaluate(in_hand), "the focus left the hand with the suit choice"
    wait_after_move(page, before, timeout=START_MS)
    assert page.evaluate(in_hand) or page.evaluate("document.activeElement.id") == "kk-call"


def test_after_suggest_the_suit_choice_marks_sams_suit_not_only_focuses_it(page: Page, site_url: str) -> None:
    # Deal 1: the A♠ is the only card that fits, and Sam names clubs with it. A touch screen draws no focus ring, so
    # the suit Sam named is marked as Sam's card is (issue 44's last pass: on a phone no suit looked suggested).
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}play-knock-knock/?seed=1")
    wait_for_ready(page)
    page.click("#game-suggest")
    expect(page.locator("#game-message")).to_contain_text("and name clubs")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator("#kk-suits [data-suit].suggested")).to_have_text(re.compile(r"Clubs$"))


def board_moves(page: Page, site_url: str) -> int:
    """How often the board moved while you made three moves and the computer players answered."""
    # At a pace where each computer player's turn is drawn: the seat on turn must not grow a line and shrink back.
    page.add_init_script("localStorage.setItem('sevens.speed', 'fast')")
    page.goto(f"{site_url}play-knock-knock/?seed={SEED}")
    wait_for_ready(page)
    page.evaluate("""() => {
        const board = document.querySelector('.felt .board');
        let last = board.getBoundingClientRect().top;
        window.moved = 0;
        const watch = () => {
            const top = board.getBoundingClientRect().top;
            if (top !== last) window.moved += 1;
            last = top;
            requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
    }""")
    for _ in range(3):
        before = log_length(page)
        lay_or_draw(page)
        wait_after_move(page, before, timeout=START_MS)
    moved: int = page.evaluate("window.moved")
    return moved


def test_on_a_phone_the_table_stays_still_as_the_turn_goes_round(phone: Page, site_url: str) -> None:
    assert board_moves(phone, site_url) == 0, "the board moved as the turn went round"


def test_at_a_desk_the_table_stays_still_as_the_turn_goes_round(page: Page, site_url: str) -> None:
    # Alex sits above the board: the line "thinking…" in his seat must not push the board down.
    assert board_moves(page, site_url) == 0, "the board moved as the turn went round"
