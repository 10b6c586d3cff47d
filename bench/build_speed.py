"""How long a full build of the real site takes, and how heavy each page is.

    python bench/build_speed.py [--runs 3] [--no-runtime]

A page's weight is its HTML plus the CSS and JavaScript it links to (the
Pyodide runtime is left out: it is fetched once, by the game and guided deals
only). Targets: full build under 3 s, each lesson page under 100 KB. This
prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402 (after the path is set)

BUILD_TARGET_S = 3.0
LESSON_TARGET_KB = 100.0
ASSET = re.compile(r'<(?:link[^>]*rel="stylesheet"[^>]*href|script[^>]*src)="([^"]+)"')


def page_weight(site: Path, page: Path) -> tuple[int, list[str]]:
    """Bytes of *page* and of the stylesheets and scripts it links to, and their names."""
    text = page.read_text(encoding="utf-8")
    total = len(text.encode("utf-8"))
    assets = []
    for link in ASSET.findall(text):
        # 404.html links from the site's address path (the default base is "/"); every other page relatively.
        asset = (site / link.lstrip("/") if link.startswith("/") else page.parent / link).resolve()
        if "runtime" in asset.relative_to(site.resolve()).parts:
            continue
        total += asset.stat().st_size
        assets.append(asset.name)
    return total, assets


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-runtime", action="store_true", help="time the build without copying Pyodide")
    args = parser.parse_args()
    times = []
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "_site"
        for _ in range(args.runs):
            start = time.perf_counter()
            errors = build.build(ROOT / "tutorials", out, runtime=not args.no_runtime)
            times.append(time.perf_counter() - start)
            if errors:
                print("\n".join(str(e) for e in errors), file=sys.stderr)
                return 1
        median = statistics.median(times)
        runtime = "without" if args.no_runtime else "with"
        verdict = "ok" if median < BUILD_TARGET_S else "OVER TARGET"
        print(
            f"full build ({runtime} runtime), median of {args.runs}: {median:.3f} s  [target < {BUILD_TARGET_S} s: {verdict}]"
        )
        print(f"{'page':<45} {'KB':>8}  linked assets")
        for page in sorted(out.rglob("*.html")):
            size, assets = page_weight(out, page)
            name = page.relative_to(out).as_posix()
            flag = "  OVER TARGET" if name.startswith("tutorials/") and size / 1024 > LESSON_TARGET_KB else ""
            print(f"{name:<45} {size / 1024:8.1f}  {' '.join(assets)}{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
