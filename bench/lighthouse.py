"""Lighthouse scores for the home page, a tutorial and the game page.

    python bench/lighthouse.py [--site DIR] [--pages home,tutorial,game] [--details]

Builds the site (or takes a built one with --site), serves it under a
sub-path as GitHub Pages serves a project site, and runs the pinned npm
``lighthouse`` against Debian's Chromium with its
default mobile settings. Prints the four category scores per page next to
the targets: accessibility 100, best practices 100, SEO 95, and performance
95 on the home and tutorial pages (the game page's performance is reported,
not targeted: it downloads Python). With --details it also names every audit
that lost points. This prints figures; it asserts nothing.

Lighthouse (185 MB) is not part of ``make setup``: the first run installs it
into ``bench/lighthouse/node_modules`` with ``npm ci``, from the versions
pinned in ``bench/lighthouse/package-lock.json``.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402 (after the path is set)

LIGHTHOUSE_DIR = ROOT / "bench" / "lighthouse"
LIGHTHOUSE = LIGHTHOUSE_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
PAGES = {"home": "", "tutorial": "tutorials/where-a-card-belongs/", "game": "play/"}
SUB_PATH = "sevens"
# Lowest acceptable score per category, per page; None: reported only.
TARGETS: dict[str, dict[str, int | None]] = {
    "home": {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 95},
    "tutorial": {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 95},
    "game": {"performance": None, "accessibility": 100, "best-practices": 100, "seo": 95},
}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def audit(url: str) -> dict[str, Any]:
    """Lighthouse's JSON report for *url*."""
    command = ["node", str(LIGHTHOUSE), url, "--output=json", "--output-path=stdout", "--quiet"]
    command += [f"--chrome-flags={CHROME_FLAGS}", f"--only-categories={','.join(CATEGORIES)}"]
    done = subprocess.run(
        command, capture_output=True, text=True, check=False, env={**os.environ, "CHROME_PATH": CHROMIUM}
    )
    if done.returncode != 0:
        raise RuntimeError(f"lighthouse failed on {url}:\n{done.stderr.strip()[-2000:]}")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def scores(report: dict[str, Any]) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for name in CATEGORIES:
        score = report["categories"][name]["score"]
        out[name] = None if score is None else round(score * 100)
    return out


def lost_points(report: dict[str, Any]) -> list[str]:
    """Every scored audit below full marks, as ``category: id (score) title``."""
    lines = []
    for name in CATEGORIES:
        for ref in report["categories"][name]["auditRefs"]:
            result = report["audits"][ref["id"]]
            if ref["weight"] > 0 and result["score"] is not None and result["score"] < 1:
                value = f" {result['displayValue']}" if result.get("displayValue") else ""
                lines.append(f"{name}: {ref['id']} ({result['score']:.2f}){value}: {result['title']}")
    return lines


def cell(score: int | None, target: int | None) -> str:
    if score is None:
        return "   n/a"
    if target is None:
        return f"{score:>4}  "
    return f"{score:>4} {'ok' if score >= target else '<' + str(target)}"


def run(site: Path, pages: list[str], details: bool) -> int:
    handler = functools.partial(QuietHandler, directory=str(site.parent))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    # Served one folder down, named as GitHub Pages would name it.
    base = f"http://127.0.0.1:{server.server_port}/{site.name}/"
    try:
        print(f"Lighthouse {lighthouse_version()} on {base} (mobile, simulated throttling)")
        print(f"{'page':<10}" + "".join(f"{name:>16}" for name in CATEGORIES))
        misses = 0
        for page in pages:
            report = audit(base + PAGES[page])
            got = scores(report)
            row = [cell(got[name], TARGETS[page][name]) for name in CATEGORIES]
            print(f"{page:<10}" + "".join(f"{text:>16}" for text in row), flush=True)
            misses += sum(
                1
                for name in CATEGORIES
                if TARGETS[page][name] is not None and (got[name] or 0) < (TARGETS[page][name] or 0)
            )
            if details:
                for line in lost_points(report):
                    print(f"    {line}")
        print("all targets met" if misses == 0 else f"{misses} score(s) below target")
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
    return 0


def install_lighthouse() -> bool:
    """Install the pinned Lighthouse on first use; whether it is there now."""
    stamp = LIGHTHOUSE_DIR / "node_modules" / ".sevens-installed"
    lock = LIGHTHOUSE_DIR / "package-lock.json"
    if LIGHTHOUSE.exists() and stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return True
    print(f"installing Lighthouse into {LIGHTHOUSE_DIR.relative_to(ROOT)}/node_modules (first use, about 185 MB)")
    command = ["npm", "ci", "--prefix", str(LIGHTHOUSE_DIR), "--no-audit", "--no-fund"]
    if subprocess.run(command, check=False).returncode != 0 or not LIGHTHOUSE.exists():
        print(f"could not install Lighthouse: `{' '.join(command)}` failed (see above)", file=sys.stderr)
        return False
    stamp.touch()
    return True


def lighthouse_version() -> str:
    package = json.loads((LIGHTHOUSE.parent.parent / "package.json").read_text(encoding="utf-8"))
    return str(package["version"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site to audit (default: build one now)")
    parser.add_argument("--pages", default=",".join(PAGES), help=f"comma-separated, from {', '.join(PAGES)}")
    parser.add_argument("--details", action="store_true", help="list every audit that lost points")
    args = parser.parse_args()
    pages = [name.strip() for name in args.pages.split(",") if name.strip()]
    unknown = [name for name in pages if name not in PAGES]
    if unknown:
        parser.error(f"unknown page {', '.join(unknown)}: use {', '.join(PAGES)}")
    if not install_lighthouse():
        return 1
    if not Path(CHROMIUM).exists():
        print(f"no Chromium at {CHROMIUM}: install it (make browser-deps) or set CHROME_PATH", file=sys.stderr)
        return 1
    if args.site:
        return run(args.site.resolve(), pages, args.details)
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / SUB_PATH
        errors = build.build(ROOT / "tutorials", site, base=f"/{SUB_PATH}/")
        if errors:
            print("\n".join(str(e) for e in errors), file=sys.stderr)
            return 1
        return run(site, pages, args.details)


if __name__ == "__main__":
    sys.exit(main())
