"""How fast the game starts and runs in headless Chromium; prints figures next to their targets.

    .venv/bin/python bench/browser_speed.py [--site DIR] [--deals 20] [--sam-rules players=8]
    .venv/bin/python bench/browser_speed.py --game GAME [--deals 20]   # any other registered game

Measures, in one run: bare Pyodide start-up (a page that only loads Pyodide),
the game page's time until a card can be clicked on a first visit and on a
second visit (service worker cache and memory snapshot), Sam's decision time
inside the worker (when two or more cards fitted; on the default rules, and under
any rules --sam-rules names, such as players=8), the time to review a whole
deal in the worker (as the page asks for it: one choice at a time), and memory (page JS heap,
Pyodide's wasm memory) after one deal and after twenty deals played with Deal
again. Figures only: nothing here fails a build.

With ``--game`` naming another registered game than the default it measures
Sam's decision time in the worker for that game only (three Sams at the table,
every decision of theirs where two or more cards fitted), with the machine's
load beside it. It takes the actions each state lists, as the pages do, so any
game's session serves (a turn built in steps is sent one step at a time).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from engine.core.game import DEFAULT_GAME, GameType, find_game, game_names

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
ARGS += ["--disable-sync", "--enable-precise-memory-info", "--js-flags=--expose-gc"]
START_MS = 120_000

BARE_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title></head>
<body><p>Loading Pyodide only.</p><script type="module">
const { loadPyodide } = await import("./_site/runtime/pyodide/pyodide.mjs");
const runtime = new URL("./_site/runtime/", location.href);
const manifest = await (await fetch(new URL("manifest.json", runtime))).json();
await loadPyodide({ indexURL: new URL("pyodide/", runtime).href, stdLibURL: new URL(manifest.stdlib, runtime).href });
performance.mark("bare-ready");
</script></body></html>
"""

# Runs inside the game page: plays deals through the engine session the bench owns, timing Sam.
SAM_TIMES = """async ([deals, rules]) => {
  const { getRuntime } = await import("../static/js/runtime.js");
  const runtime = getRuntime();
  const times = [];
  for (let seed = 1; seed <= deals; seed += 1) {
    let state = await runtime.call("new_game", rules ? { seed, rules } : { seed }, "bench");
    const sams = state.seats.filter((seat) => seat.player === "sam").map((seat) => seat.seat);
    while (!state.over) {
      if (state.your_turn) {
        const reply = await runtime.call("act", { action: state.actions[0] }, "bench"); // a card that fits, or a pass
        state = reply.state;
      } else {
        const reply = await runtime.call("computer_move", {}, "bench");
        if (sams.includes(reply.move.seat) && reply.choices >= 2) times.push(reply.think_ms);
        state = reply.state;
      }
    }
  }
  return times;
}"""

# Another game than the default: plays deals against three Sams through the bench's session (you take the first action
# the state lists: a call asked of you, a card that fits, the next card of a chain or its end, a draw), timing every
# turn of theirs where two or more cards fitted (an answer to a call counts no choices). Sam thinks ahead once some
# player holds the game's THINK_WHEN cards or fewer (three in Knock! Knock!, five in Blackjack): those decisions are
# also kept apart.
OTHER_GAME_SAM_TIMES = """async ([game, deals, thinkWhen]) => {
  const { getRuntime } = await import("../static/js/runtime.js");
  const runtime = getRuntime();
  const times = [];
  const thinking = [];
  for (let seed = 1; seed <= deals; seed += 1) {
    const params = { seed, game, seats: ["sam", "sam", "sam"] };
    let state = await runtime.call("new_game", params, "bench");
    while (!state.over) {
      let reply;
      // The first action the state lists: a call the table asks you for, else a card that fits (with its knock), else a draw.
      if (state.your_turn) reply = await runtime.call("act", { action: state.actions[0] }, "bench");
      else {
        const close = Math.min(...state.counts) <= thinkWhen;
        reply = await runtime.call("computer_move", {}, "bench");
        if (reply.move && reply.choices >= 2) {
          times.push(reply.think_ms);
          if (close) thinking.push(reply.think_ms);
        }
      }
      state = reply.state;
    }
  }
  return { times, thinking };
}"""

# Runs inside the game page: plays deals through the bench's session (you take the last card that fits), then
# reviews each as the page does, one choice at a time: the whole review's time and the first choice's.
REVIEW_TIMES = """async (deals) => {
  const { getRuntime } = await import("../static/js/runtime.js");
  const runtime = getRuntime();
  const reviews = [];
  for (let seed = 1; seed <= deals; seed += 1) {
    let state = await runtime.call("new_game", { seed }, "bench");
    while (!state.over) {
      const action = state.actions.filter((each) => each.play).at(-1) ?? state.actions[0];
      const reply = !state.your_turn ? await runtime.call("computer_move", {}, "bench")
        : await runtime.call("act", { action }, "bench");
      state = reply.state;
    }
    const record = await runtime.call("record", {}, "bench");
    const started = performance.now();
    const { moves } = await runtime.call("review_points", { record }, "review");
    let first = null;
    for (const move of moves) {
      await runtime.call("review_move", { record, move }, "review");
      first ??= performance.now() - started;
    }
    reviews.push({ ms: performance.now() - started, first: first ?? 0, choices: moves.length });
  }
  return reviews;
}"""

# Runs inside the game page: plays the deal on screen to its end by clicking, as a person would.
PLAY_ON_SCREEN = """async () => {
  const game = document.getElementById("game");
  const settled = () => new Promise((resolve) => {
    const check = () => (game.dataset.yourTurn === "true" || game.dataset.state === "over")
      ? resolve() : setTimeout(check, 5);
    check();
  });
  await settled();
  while (game.dataset.state !== "over") {
    const before = document.querySelectorAll("#game-log li").length;
    const legal = document.querySelector("#game-hand .card.legal");
    if (legal) { legal.click(); document.getElementById("game-play").click(); }
    else document.getElementById("game-pass").click();
    await new Promise((resolve) => {
      const check = () => document.querySelectorAll("#game-log li").length > before ? resolve() : setTimeout(check, 5);
      check();
    });
    await settled();
  }
}"""

# Runs inside the game page: waits for the worker to store its memory snapshot; its size, or null if none.
SNAPSHOT_SAVED = """async (timeout) => {
  const end = performance.now() + timeout;
  while (performance.now() < end) {
    const [saved] = performance.getEntriesByName("sevens-snapshot-saved");
    if (saved) return saved.detail.bytes;
    if (performance.getEntriesByName("sevens-snapshot-unsupported").length) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}"""

MEMORY = """async () => {
  if (window.gc) window.gc();
  const { getRuntime } = await import("../static/js/runtime.js");
  const wasm = (await getRuntime().call("memory")).wasm_bytes;
  return { js: performance.memory ? performance.memory.usedJSHeapSize : null, wasm };
}"""


def serve(directory: Path, mbps: float = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve *directory*; with *mbps*, send each response no faster than that many megabits a second."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

        def copyfile(self, source: Any, outputfile: Any) -> None:
            if not mbps:
                super().copyfile(source, outputfile)
                return
            chunk = 64 * 1024
            while data := source.read(chunk):
                outputfile.write(data)
                time.sleep(len(data) * 8 / (mbps * 1e6))

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def mark(page: Page, name: str) -> float:
    page.wait_for_function(f"performance.getEntriesByName({name!r}).length > 0", timeout=START_MS)
    return float(page.evaluate(f"performance.getEntriesByName({name!r})[0].startTime"))


def stages(page: Page) -> str:
    """When each start-up stage began, from the marks runtime.js sets: where the time goes."""
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => [m.name, m.startTime])")
    return ", ".join(f"{name.removeprefix('sevens-stage-').removeprefix('sevens-')} {ms:.0f}" for name, ms in marks)


def open_game(browser: Browser, url: str) -> tuple[Any, Page]:
    context = browser.new_context(service_workers="allow", bypass_csp=True)  # Playwright polls with eval
    page = context.new_page()
    page.add_init_script("localStorage.setItem('sevens.speed', 'instant')")
    page.goto(url)
    return context, page


def bare_start(browser: Browser, base: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "bare.html")
    started = mark(page, "bare-ready")
    context.close()
    return started


def measure(browser: Browser, base: str, deals: int, repeats: int, sam_rules: list[str]) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    game_url = base + "_site/play/?seed=1"
    # Start-up times swing by a few hundred milliseconds from run to run on a shared machine, so both
    # are measured *repeats* times, taking turns (each in a fresh context: nothing cached, and the
    # game page closed before the next bare start-up), and the medians compared. The last first-visit
    # page goes on to the second visit and the rest.
    bare: list[float] = []
    first: list[float] = []
    for round_ in range(repeats):
        bare.append(bare_start(browser, base))
        context, page = open_game(browser, game_url)
        first.append(mark(page, "sevens-playable"))
        if round_ < repeats - 1:
            context.close()
    figures["bare_all"], figures["first_all"] = bare, first
    figures["bare_ms"], figures["first_ms"] = statistics.median(bare), statistics.median(first)
    figures["first_stages"] = stages(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=START_MS)
    figures["snapshot_bytes"] = page.evaluate(SNAPSHOT_SAVED, START_MS)
    second = context.new_page()
    second.goto(game_url)
    figures["second_ms"] = mark(second, "sevens-playable")
    figures["second_stages"] = stages(second)
    figures["second_snapshot"] = second.evaluate("performance.getEntriesByName('sevens-snapshot-restored').length > 0")
    second.close()

    figures["sam"] = {}
    for rules in [None, *sam_rules]:
        times = page.evaluate(SAM_TIMES, [deals, rules])
        figures["sam"][rules or "default"] = {
            "decisions": len(times),
            "median_ms": statistics.median(times),
            "p95_ms": statistics.quantiles(times, n=20)[-1],
            "max_ms": max(times),
        }

    reviews = page.evaluate(REVIEW_TIMES, min(deals, 10))
    figures["reviews"] = reviews

    page.evaluate(PLAY_ON_SCREEN)
    figures["memory_1"] = page.evaluate(MEMORY)
    for number in range(2, deals + 1):
        # Clicked from inside the page: Playwright's first page.click() injects its own helper
        # script (about 0.7 MB) into the page's heap, which would be counted as the game's.
        page.evaluate("() => document.getElementById('game-again').click()")
        page.evaluate(PLAY_ON_SCREEN)
        if number == 2:  # the first Deal again compiles code paths once; growth after that is what leaks
            figures["memory_2"] = page.evaluate(MEMORY)
    figures["memory_n"] = page.evaluate(MEMORY)
    context.close()
    return figures


def measure_other_game(browser: Browser, base: str, game: GameType, deals: int) -> dict[str, Any]:
    context, page = open_game(browser, base + f"_site/play-{game.name}/?seed=1")
    mark(page, "sevens-playable")
    timed = page.evaluate(OTHER_GAME_SAM_TIMES, [game.name, deals, think_when(game)])
    context.close()
    return timed


def think_when(game: GameType) -> int:
    """How few cards some player holds when *game*'s Sam starts thinking ahead."""
    sam = importlib.import_module(f"engine.{game.name.replace('-', '_')}.players.sam")
    return int(sam.THINK_WHEN)


def report_other_game(game: GameType, timed: dict[str, list[float]], deals: int) -> None:
    def line(name: str, value: str, target: str, ok: bool | None = None) -> None:
        verdict = "" if ok is None else "met" if ok else "MISSED"
        print(f"{name:<48} {value:>12}   {f'target {target}' if target else '':<18} {verdict}")

    times, thinking = timed["times"], timed["thinking"]
    print(f"{game.title}, {deals} deals against three Sams, in the browser worker")
    line("Sam decisions timed (2+ cards fitted)", str(len(times)), "")
    line("Sam decision, median", f"{statistics.median(times):.1f} ms", "")
    p95 = statistics.quantiles(times, n=20)[-1]
    line("Sam decision, p95", f"{p95:.1f} ms", "< 200 ms", p95 < 200)
    line("Sam decision, slowest", f"{max(times):.1f} ms", "")
    if len(thinking) >= 2:
        line(f"  thinking ahead (someone at {think_when(game)} cards or fewer)", str(len(thinking)), "")
        line("  thinking ahead, p95", f"{statistics.quantiles(thinking, n=20)[-1]:.1f} ms", "")


def report(figures: dict[str, Any], deals: int) -> None:
    def line(name: str, value: str, target: str, ok: bool) -> None:
        print(f"{name:<44} {value:>14}   target {target:<28} {'met' if ok else 'MISSED'}")

    bare, first, second = figures["bare_ms"], figures["first_ms"], figures["second_ms"]
    runs = len(figures["bare_all"])
    print(f"{f'bare Pyodide start-up (median of {runs})':<44} {bare:>11.0f} ms")
    print(f"  each run (ms): {', '.join(f'{ms:.0f}' for ms in figures['bare_all'])}")
    line(f"game page, first visit (median of {runs})", f"{first:.0f} ms", "<= 1.2 x bare", first <= 1.2 * bare)
    print(
        f"  each run (ms): {', '.join(f'{ms:.0f}' for ms in figures['first_all'])}; ratio of medians {first / bare:.2f}"
    )
    line("game page, second visit (cache + snapshot)", f"{second:.0f} ms", "<= half the first", second <= first / 2)
    snapshot = figures["snapshot_bytes"]
    print(f"{'memory snapshot stored':<44} {f'{snapshot / 2**20:.1f} MB' if snapshot else 'none':>14}")
    print(f"{'second visit started from the snapshot':<44} {'yes' if figures['second_snapshot'] else 'no':>14}")
    print(f"  first visit stages (ms):  {figures['first_stages']}")
    print(f"  second visit stages (ms): {figures['second_stages']}")
    for rules, sam in figures["sam"].items():
        named = "" if rules == "default" else f" ({rules})"
        print(f"{'Sam decisions timed (2+ cards fitted)' + named:<44} {sam['decisions']:>14}")
        print(f"{'Sam decision, median' + named:<44} {sam['median_ms']:>11.1f} ms")
        line("Sam decision, p95" + named, f"{sam['p95_ms']:.1f} ms", "< 200 ms", sam["p95_ms"] < 200)
        print(f"{'Sam decision, slowest' + named:<44} {sam['max_ms']:>11.1f} ms")
    reviews = figures["reviews"]
    whole = [review["ms"] for review in reviews]
    choices = [review["choices"] for review in reviews]
    print(f"{'deals reviewed (choices each: ' + ', '.join(map(str, choices)) + ')':<44} {len(reviews):>14}")
    print(f"{'deal review, median':<44} {statistics.median(whole):>11.0f} ms")
    line("deal review, slowest", f"{max(whole):.0f} ms", "< 5000 ms", max(whole) < 5000)
    first = max(review["first"] for review in reviews)
    line("first choice weighed, slowest", f"{first:.0f} ms", "< 1000 ms (progress shows)", first < 1000)
    one, two, many = figures["memory_1"], figures["memory_2"], figures["memory_n"]
    for kind, label in (("js", "page JS heap"), ("wasm", "Pyodide wasm memory")):
        if one[kind] is None:
            print(f"{label}: not available in this browser")
            continue
        growth = (many[kind] - one[kind]) / one[kind]
        print(f"{label + ' after 1 deal':<44} {one[kind] / 2**20:>11.2f} MB")
        print(f"{label + ' after 2 deals':<44} {two[kind] / 2**20:>11.2f} MB")
        line(f"{label} after {deals} deals", f"{many[kind] / 2**20:.2f} MB", "within 10% of after 1", growth <= 0.10)


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=5, help="start-up runs of each kind; medians count (default 5)")
    parser.add_argument(
        "--mbps", type=float, default=0, help="limit the server to this many megabits a second (default: no limit)"
    )
    parser.add_argument(
        "--sam-rules",
        action="append",
        default=[],
        metavar="RULES",
        help="also time Sam under these rules, as the game page takes them (a preset or options, e.g. players=8; "
        "may be repeated); the default rules are always timed",
    )
    parser.add_argument(
        "--game", choices=game_names(), default=DEFAULT_GAME, help="another game: Sam's decision time only"
    )
    args = parser.parse_args()
    game = find_game(args.game)
    load_before = uptime()
    with tempfile.TemporaryDirectory(prefix="sevens-bench-") as temp:
        served = Path(temp)
        if args.site:
            shutil.copytree(args.site, served / "_site")
        else:
            build = [sys.executable, str(ROOT / "build.py"), "--out", str(served / "_site")]
            subprocess.run(build, cwd=ROOT, check=True)
        (served / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
        server, base = serve(served, args.mbps)
        try:
            with sync_playwright() as playwright:
                launch: dict[str, Any] = {"args": ARGS}
                if CHROMIUM.exists():
                    launch["executable_path"] = str(CHROMIUM)
                browser = playwright.chromium.launch(**launch)
                try:
                    if game.name != DEFAULT_GAME:
                        timed = measure_other_game(browser, base, game, args.deals)
                    else:
                        figures = measure(browser, base, args.deals, args.repeats, args.sam_rules)
                finally:
                    browser.close()
        finally:
            server.shutdown()
    # The machine may be shared: its load before and after says how far the figures can be trusted.
    print(f"load before: {load_before}\nload after:  {uptime()}")
    if game.name != DEFAULT_GAME:
        report_other_game(game, timed, args.deals)
        return 0
    print(f"network: {f'{args.mbps:g} Mbit/s per response' if args.mbps else 'localhost, unthrottled'}")
    report(figures, args.deals)
    return 0


if __name__ == "__main__":
    sys.exit(main())
