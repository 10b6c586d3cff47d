"""How long a full build of the real site takes, and how heavy each page is.

    python bench/build_speed.py [--runs 3] [--no-runtime]

A page's weight is its HTML plus the CSS and JavaScript it links to, and the
modules those scripts import, followed to the end (the Pyodide runtime is left
out: it is fetched once, by the game and guided deals only). It is printed as
the files' bytes and as the bytes a learner downloads from a host that
compresses them with gzip, as GitHub Pages does. Targets: full build under 3 s,
each lesson page under 100 KB. This prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import gzip
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
# Static imports between the site's modules: import {...} from "./store.js"; import "./x.js"
IMPORT = re.compile(r'\bimport\s*(?:[\w*{}\s,$]*?\bfrom\s*)?["\'](\.{1,2}/[^"\']+)["\']')


def page_weight(site: Path, page: Path) -> tuple[int, int, list[str]]:
    """Bytes of *page* and of everything it loads before Pyodide, raw and gzip-compressed, and the files' names."""
    text = page.read_text(encoding="utf-8")
    html = text.encode("utf-8")
    raw, compressed = len(html), len(gzip.compress(html))
    # 404.html links from the site root (it is served at any depth); every other page relatively.
    todo = [
        (site / link.lstrip("/") if link.startswith("/") else page.parent / link).resolve()
        for link in ASSET.findall(text)
    ]
    seen: set[Path] = set()
    while todo:
        asset = todo.pop()
        if asset in seen or "runtime" in asset.relative_to(site.resolve()).parts:
            continue
        seen.add(asset)
        data = asset.read_bytes()
        raw += len(data)
        compressed += len(gzip.compress(data))
        if asset.suffix == ".js":
            todo += [(asset.parent / module).resolve() for module in IMPORT.findall(data.decode("utf-8"))]
    return raw, compressed, sorted(asset.name for asset in seen)


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
        print(f"lesson pages: target < {LESSON_TARGET_KB:.0f} KB downloaded (gzip, as Lighthouse's byte weight counts)")
        print(f"{'page':<45} {'KB':>8} {'gzip KB':>8}  files loaded before Pyodide")
        for page in sorted(out.rglob("*.html")):
            raw, compressed, assets = page_weight(out, page)
            name = page.relative_to(out).as_posix()
            flag = "  OVER TARGET" if name.startswith("tutorials/") and compressed / 1024 > LESSON_TARGET_KB else ""
            print(f"{name:<45} {raw / 1024:8.1f} {compressed / 1024:8.1f}  {' '.join(assets)}{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
