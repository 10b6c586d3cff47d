"""Worker round trips per step in a whole deal of each game at its page; prints figures next to the target.

    .venv/bin/python bench/round_trips.py [--site DIR] [--seed 5] [--game GAME]

Opens each registered game's page in headless Chromium (the real Pyodide, in its worker) at ``?test&seed=N``,
plays a whole deal there the way a learner who follows the advice does (Suggest, then Play: a whole turn at each of
your turns) and counts the requests the page sends to the worker (``runtime.requests``, counted in
site/static/js/runtime.js) from the deal's first state to its result. A step is one ``act`` or ``computer_move``;
the Suggest requests are the driver's own asking, not a step's cost, and are counted apart. Target: at most one
round trip a step (issue 45: one Blackjack deal of 36 steps took 72, since the page asked for the whole record
after each). Figures only; tests/browser/test_game.py fails a deal that takes more than one a step.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from browser_speed import ARGS, CHROMIUM, START_MS, serve
from playwright.sync_api import Browser, sync_playwright

from engine.core.game import DEFAULT_GAME, game_names

ROOT = Path(__file__).resolve().parent.parent
READY = "#game[data-your-turn=true], #game[data-state=over]"  # your turn, or the deal is over
TARGET = "≤ 1 round trip per step"

# Runs in the page: your turns by Suggest then Play until the deal is over; the requests asked meanwhile.
PLAY_DEAL = """async () => {
  const runtime = window.__sevensRuntime;
  const game = document.getElementById("game");
  const until = (test) => new Promise((resolve, reject) => {
    const end = performance.now() + 20000;
    const check = () => {
      if (test()) resolve();
      else if (performance.now() > end) {
        const shown = [...document.querySelectorAll("button")].filter((b) => b.offsetParent !== null);
        const words = shown.map((b) => `${b.textContent.trim()}${b.disabled ? " (disabled)" : ""}`).join(", ");
        const message = document.getElementById("game-message")?.textContent;
        reject(new Error(`stuck after ${JSON.stringify(runtime.requests)}: ${message}; buttons ${words}`));
      } else setTimeout(check, 5);
    };
    check();
  });
  const ready = () => game.dataset.state === "over" || game.dataset.yourTurn === "true";
  const press = (name) => [...document.querySelectorAll("button")]
    .find((b) => b.textContent.trim() === name && b.offsetParent !== null && !b.disabled);
  await until(ready);
  const before = { ...runtime.requests };
  let turns = 0;
  while (game.dataset.state !== "over" && turns < 300) {
    turns += 1;
    const asked = runtime.requests.suggest ?? 0;
    const log = document.querySelectorAll("#game-log li").length;
    document.getElementById("game-suggest").click();
    await until(() => (runtime.requests.suggest ?? 0) > asked && game.dataset.busy !== "true");
    await new Promise((resolve) => setTimeout(resolve, 50)); // the advice drawn
    // The control the table marks as Sam's (a whole turn's Play, Draw, a pick-up), else Play (the card advised).
    const marked = [...document.querySelectorAll("button.suggested:not(.card)")].find((b) => b.offsetParent !== null);
    (marked ?? press("Play") ?? press("Pass") ?? press("Draw")).click();
    const moved = () => document.querySelectorAll("#game-log li").length > log && ready();
    const suit = () => document.querySelector("button.suggested[data-suit]") ?? press("♥ Hearts");
    await until(() => moved() || suit());
    if (!moved()) suit().click(); // a card that asks for a suit: the one advised, or hearts
    await until(moved);
  }
  const counts = {};
  for (const [method, n] of Object.entries(runtime.requests)) counts[method] = n - (before[method] ?? 0);
  return { counts, over: game.dataset.state === "over", turns };
}"""


def play(browser: Browser, url: str) -> dict[str, Any]:
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.add_init_script("localStorage.setItem('sevens.speed', 'instant')")
    page.goto(url)
    page.wait_for_selector(READY, timeout=START_MS)
    found: dict[str, Any] = page.evaluate(PLAY_DEAL)
    context.close()
    return found


def report(name: str, found: dict[str, Any]) -> str:
    counts = {method: n for method, n in found["counts"].items() if n}
    steps = counts.get("act", 0) + counts.get("computer_move", 0)
    asked = sum(n for method, n in counts.items() if method != "suggest")
    per = asked / steps if steps else float("nan")
    status = "met" if per <= 1 else "not met"
    others = ", ".join(f"{method} {n}" for method, n in sorted(counts.items()) if method not in ("act", "suggest"))
    return (
        f"{name}: {asked} round trips for {steps} steps = {per:.2f} a step (target {TARGET}: {status}); "
        f"{others}; Suggest asked {counts.get('suggest', 0)} times apart{'' if found['over'] else '; NOT OVER'}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--game", choices=game_names(), action="append", help="one game (default: every game)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sevens-bench-") as temp:
        served = Path(temp) / "_site"
        if args.site:
            shutil.copytree(args.site, served)
        else:
            subprocess.run([sys.executable, str(ROOT / "build.py"), "--out", str(served)], cwd=ROOT, check=True)
        server, base = serve(served)
        try:
            with sync_playwright() as playwright:
                launch: dict[str, Any] = {"args": ARGS}
                if CHROMIUM.exists():
                    launch["executable_path"] = str(CHROMIUM)
                browser = playwright.chromium.launch(**launch)
                try:
                    for name in args.game or game_names():
                        page = "play/" if name == DEFAULT_GAME else f"play-{name}/"
                        print(report(name, play(browser, f"{base}{page}?test&seed={args.seed}")), flush=True)
                finally:
                    browser.close()
        finally:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
