"""A first visit on a real connection: how long until the table shows and until it is your turn.

    .venv/bin/python bench/first_visit.py [--site DIR] [--runs 3] [--mbps 10] [--rtt 60] [--cpu 1]

Serves the built site gzip-compressed as GitHub Pages does (text, scripts, JSON
and WebAssembly compressed; zip archives and wheels as they are, since they
already are compressed), opens it in a fresh Chromium profile for every run
with the network held to --mbps and --rtt through the DevTools protocol
(``Network.emulateNetworkConditions``; ``Emulation.setCPUThrottlingRate`` with
--cpu), and prints medians next to the targets for:

- the game page on a first visit,
- a lesson page's guided deal on a first visit,
- the game page opened after a lesson page without a guided deal has been
  open for --idle seconds (the warm-up while reading),
- the game page on a second visit (service worker cache and memory snapshot).

Bytes are counted by the server, on the wire (compressed), from the start of
the visit until your turn. Figures only: nothing here fails a build.
"""

from __future__ import annotations

import argparse
import collections
import functools
import gzip
import http.server
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
ARGS += ["--disable-sync"]
WAIT_MS = 180_000
# What GitHub Pages compresses, by file name ending; everything else (zip, whl, png) goes as it is.
COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".webmanifest", ".txt", ".xml", ".map")
# GitHub Pages lets browsers keep every file for ten minutes.
CACHE_CONTROL = "max-age=600"

# Records, in page time (milliseconds since the navigation started), when the table first shows and when it
# is first the learner's turn: on the game page and in a lesson's guided deal alike.
WATCH = """(() => {
  const seen = (globalThis.__firstVisit = {});
  const check = () => {
    const now = performance.now();
    const table = document.getElementById("game-table");
    if (!seen.table && ((table && !table.hidden) || document.querySelector(".guided-live"))) seen.table = now;
    const game = document.getElementById("game");
    const guided = document.querySelector('section.puzzle[data-kind="guided"][data-state="your-turn"]');
    if (!seen.turn && ((game && game.dataset.yourTurn === "true") || guided)) seen.turn = now;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();"""

# When each start-up stage began (runtime.js marks them): where the time goes.
STAGES = """performance.getEntriesByType("mark").filter((m) => m.name.startsWith("sevens-stage-"))
  .map((m) => [m.name.slice("sevens-stage-".length), m.startTime])"""
WARM_MARKS = "performance.getEntriesByType('mark').filter((m) => m.name.startsWith('sevens-warm-')).map((m) => [m.name, m.startTime])"

SNAPSHOT_SAVED = """async (timeout) => {
  const end = performance.now() + timeout;
  while (performance.now() < end) {
    if (performance.getEntriesByName("sevens-snapshot-saved").length) return true;
    if (performance.getEntriesByName("sevens-snapshot-unsupported").length) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""


class Wire:
    """What the server sent: bytes per path, reset at the start of each visit."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: collections.Counter[str] = collections.Counter()

    def add(self, path: str, count: int) -> None:
        with self.lock:
            self.sent[path] += count

    def take(self) -> collections.Counter[str]:
        with self.lock:
            sent, self.sent = self.sent, collections.Counter()
        return sent


def serve(directory: Path, wire: Wire) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve *directory* as GitHub Pages would: gzip where it helps, ten-minute caching, byte counting."""
    packed: dict[Path, bytes] = {}

    class Pages(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

        def end_headers(self) -> None:
            self.send_header("Cache-Control", CACHE_CONTROL)
            super().end_headers()

        def send_head(self) -> Any:
            local = Path(self.translate_path(self.path))
            if local.is_dir():
                local = local / "index.html"
            gzip_ok = "gzip" in self.headers.get("Accept-Encoding", "")
            if not (local.is_file() and local.name.endswith(COMPRESSED) and gzip_ok):
                return super().send_head()
            if local not in packed:
                packed[local] = gzip.compress(local.read_bytes(), compresslevel=6, mtime=0)
            body = packed[local]
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(local)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)

        def copyfile(self, source: Any, outputfile: Any) -> None:
            path = self.path.split("?")[0]
            while data := source.read(64 * 1024):
                outputfile.write(data)
                wire.add(path, len(data))

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Pages, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


@dataclass
class Visit:
    table_ms: float
    turn_ms: float
    bytes: int
    files: collections.Counter[str] = field(default_factory=collections.Counter)
    note: str = ""


@dataclass
class Bench:
    browser: Browser
    base: str
    wire: Wire
    mbps: float
    rtt: float
    cpu: float

    def context(self) -> BrowserContext:
        context = self.browser.new_context(service_workers="allow", bypass_csp=True)  # Playwright polls with eval
        context.add_init_script(WATCH)
        # The computer players move at once, so "your turn" measures loading, not their pauses.
        context.add_init_script("localStorage.setItem('sevens.speed', 'instant')")
        return context

    def page(self, context: BrowserContext) -> Page:
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        throughput = self.mbps * 1e6 / 8
        conditions = {"offline": False, "latency": self.rtt, "downloadThroughput": throughput}
        session.send("Network.emulateNetworkConditions", {**conditions, "uploadThroughput": throughput})
        if self.cpu > 1:
            session.send("Emulation.setCPUThrottlingRate", {"rate": self.cpu})
        return page

    def until_turn(self, page: Page, url: str) -> Visit:
        self.wire.take()
        page.goto(url, wait_until="commit")
        page.wait_for_function("globalThis.__firstVisit?.turn !== undefined", timeout=WAIT_MS, polling=50)
        files = self.wire.take()
        seen = page.evaluate("globalThis.__firstVisit")
        stages = page.evaluate(STAGES)
        note = "stages (s): " + ", ".join(f"{name} {ms / 1000:.2f}" for name, ms in stages) if stages else ""
        return Visit(seen["table"], seen["turn"], sum(files.values()), files, note)

    def first_game(self) -> tuple[Visit, Visit]:
        """A first visit to the game page, then a second one once the service worker and the snapshot are in."""
        context = self.context()
        try:
            page = self.page(context)
            first = self.until_turn(page, self.base + "play/?seed=1")
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=WAIT_MS)
            page.evaluate(SNAPSHOT_SAVED, WAIT_MS)
            time.sleep(1)  # let the service worker finish caching the pages
            page.close()
            second = self.until_turn(self.page(context), self.base + "play/?seed=2")
            return first, second
        finally:
            context.close()

    def guided(self, lesson: str) -> Visit:
        context = self.context()
        try:
            return self.until_turn(self.page(context), self.base + lesson)
        finally:
            context.close()

    def after_lesson(self, lesson: str, idle_s: float) -> Visit:
        """The game page opened from a lesson read for *idle_s*; its note says when the lesson's warm-up ended."""
        context = self.context()
        try:
            page = self.page(context)
            page.goto(self.base + lesson)
            time.sleep(idle_s)
            marks = dict(page.evaluate(WARM_MARKS))
            visit = self.until_turn(page, self.base + "play/?seed=3")
            ended = marks.get("sevens-warm-done") or marks.get("sevens-warm-failed")
            warm = (
                f"warm-up ended after {ended / 1000:.1f} s on the lesson"
                if ended
                else "warm-up not finished (or none on this site)"
            )
            visit.note = f"{warm}; {visit.note}"
            return visit
        finally:
            context.close()


def lessons(site: Path) -> tuple[str, str]:
    """A lesson with a guided deal and one without (which warms the cache instead), as site paths."""
    with_deal, without = [], []
    for page in sorted((site / "tutorials").glob("*/index.html")):
        path = page.parent.relative_to(site).as_posix() + "/"
        (with_deal if 'data-kind="guided"' in page.read_text(encoding="utf-8") else without).append(path)
    if not with_deal or not without:
        raise SystemExit(f"{site}: need a lesson with a guided deal and one without")
    return with_deal[0], without[0]


def median(visits: list[Visit], key: str) -> float:
    return statistics.median(float(getattr(visit, key)) for visit in visits)


def report(name: str, visits: list[Visit], turn_target: float | None, bytes_target: float | None) -> None:
    def line(label: str, value: str, target: str, ok: bool | None) -> None:
        verdict = "" if ok is None else ("met" if ok else "MISSED")
        print(f"  {label:<30} {value:>12}   {target:<16} {verdict}")

    print(f"{name} (median of {len(visits)})")
    line("table shows", f"{median(visits, 'table_ms') / 1000:.2f} s", "", None)
    turn = median(visits, "turn_ms") / 1000
    goal = f"target <= {turn_target:g} s" if turn_target else ""
    line("your turn", f"{turn:.2f} s", goal, None if turn_target is None else turn <= turn_target)
    sent = median(visits, "bytes") / 1e6
    goal = f"target <= {bytes_target:g} MB" if bytes_target else ""
    line("bytes before your turn", f"{sent:.2f} MB", goal, None if bytes_target is None else sent <= bytes_target)
    print(f"    each run (s): {', '.join(f'{visit.turn_ms / 1000:.2f}' for visit in visits)}")
    for visit in visits:
        if visit.note:
            print(f"    {visit.note}")
    if not visits[-1].files:
        return
    biggest = visits[-1].files.most_common(5)
    shown = ", ".join(f"{path.rsplit('/', 1)[-1]} {count / 1e6:.2f} MB" for path, count in biggest)
    print(f"    largest downloads (last run): {shown}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--runs", type=int, default=3, help="visits of each kind; medians count (default 3)")
    parser.add_argument("--mbps", type=float, default=10, help="download and upload speed, Mbit/s (default 10)")
    parser.add_argument("--rtt", type=float, default=60, help="added round-trip time, ms (default 60)")
    parser.add_argument("--cpu", type=float, default=1, help="CPU slowdown factor, e.g. 4 (default: none)")
    parser.add_argument("--idle", type=float, default=20, help="seconds on a lesson before the game (default 20)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sevens-first-visit-") as temp:
        site = Path(temp) / "_site"
        if args.site:
            shutil.copytree(args.site, site)
        else:
            subprocess.run([sys.executable, str(ROOT / "build.py"), "--out", str(site)], cwd=ROOT, check=True)
        guided_lesson, plain_lesson = lessons(site)
        wire = Wire()
        server, base = serve(site, wire)
        try:
            with sync_playwright() as playwright:
                launch: dict[str, Any] = {"args": ARGS}
                if CHROMIUM.exists():
                    launch["executable_path"] = str(CHROMIUM)
                browser = playwright.chromium.launch(**launch)
                bench = Bench(browser, base, wire, args.mbps, args.rtt, args.cpu)
                firsts, seconds, guided, warmed = [], [], [], []
                try:
                    for _ in range(args.runs):
                        first, second = bench.first_game()
                        firsts.append(first)
                        seconds.append(second)
                        guided.append(bench.guided(guided_lesson))
                        warmed.append(bench.after_lesson(plain_lesson, args.idle))
                finally:
                    browser.close()
        finally:
            server.shutdown()
    cpu = f", CPU slowed {args.cpu:g}x" if args.cpu > 1 else ""
    print(f"network: {args.mbps:g} Mbit/s, {args.rtt:g} ms round trips{cpu}; gzip as GitHub Pages serves it")
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} CPUs, load average {load:.1f} when done (times stretch when it exceeds the CPUs)")
    report("game page, first visit", firsts, 5, 4.5)
    report(f"guided deal, first visit ({guided_lesson})", guided, None, None)
    report(f"game page after {args.idle:g} s on {plain_lesson}", warmed, 2, None)
    report("game page, second visit", seconds, 0.8, None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
