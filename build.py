"""Build the Sevens site: lessons in Markdown -> static HTML in _site/.

    python build.py                      build into _site/
    python build.py serve [--port 8000]  build, serve on 127.0.0.1 and rebuild on changes
    python build.py --out DIR --tutorials DIR
    python build.py --base /REPO/         the address path the site is served at
    python build.py --write-verdicts      also rewrite sitebuild/verdicts.json (Sam's verdicts on the puzzles)

Every page links relatively, so the site works at any address; only
``404.html``, which GitHub Pages serves for a missing address at any depth,
needs the base path. It comes from --base, else the SITE_BASE environment
variable, else ``/``.

A build either succeeds completely or changes nothing: it writes to a fresh
folder next to the output and swaps it in at the end. On errors it prints every
one as ``file:line: message`` and exits with status 1.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from engine.core.game import DEFAULT_GAME, find_game
from sitebuild import BuildError
from sitebuild.lessons import find_pages
from sitebuild.links import check_links
from sitebuild.practice import bank_files, kept_file, practice_pages
from sitebuild.render import MarkdownRenderer, render_pages
from sitebuild.terms import terms_of
from sitebuild.verdicts import FILE as VERDICTS_FILE
from sitebuild.verdicts import VerdictCache

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
# An address path: "/" or "/segment/…/" with the characters GitHub allows in a repository name.
BASE = re.compile(r"^/(?:[A-Za-z0-9._~-]+/)*$")


def check_base(base: str) -> str:
    """*base* if it is a usable base path, else ValueError saying what one looks like.

    >>> check_base("/sevens/")
    '/sevens/'
    >>> check_base("sevens")
    Traceback (most recent call last):
    ...
    ValueError: base path 'sevens' must start and end with '/', e.g. / or /sevens/
    """
    if not BASE.match(base):
        raise ValueError(f"base path {base!r} must start and end with '/', e.g. / or /sevens/")
    return base


def build(
    tutorials: Path, out: Path, *, runtime: bool = True, base: str = "/", verdicts: VerdictCache | None = None
) -> list[BuildError]:
    """Build the site from *tutorials* into *out*; return the errors (none means done).

    *runtime* False leaves out Pyodide and the engine wheel (quicker, for tests).
    *base* is the address path the site is served at, used by ``404.html`` only.
    *verdicts* are Sam's verdicts on "which card" puzzles (by default the checked-in and the local ones).
    """
    pages, errors = find_pages(tutorials)  # 1. find lessons, read front matter
    pages = practice_pages(pages)  # the practice page, once for every game with practice puzzles
    renderer = MarkdownRenderer()
    renderer.puzzles.verdicts = verdicts
    for page in pages:  # 2. Markdown and puzzles, judged by the engine (and "which card" ones by Sam)
        errors += renderer.render(page)
    if renderer.puzzles.verdicts:
        renderer.puzzles.verdicts.save()
    errors += check_links(pages)  # 3. links checked against all pages
    bank: dict[str, str] = {}
    files: dict[str, int] = {}  # how many bank files each game's practice page has
    for practice in (page for page in pages if page.layout == "practice"):  # 4. each practice page's bank
        problems: list[tuple[int, str]] = []
        game = find_game(practice.game or DEFAULT_GAME)
        made = bank_files(renderer.puzzles.verdicts, problems, game, terms_of(pages, game.name))
        errors += [BuildError(kept_file(game) or practice.source, line, message) for line, message in problems]
        bank |= made
        files[game.name] = len(made)
    html, template_errors = render_pages(SITE / "templates", pages, check_base(base), files)  # 5. Jinja2
    html |= bank
    errors += template_errors
    if errors:
        return sorted(set(errors))
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=out.name + ".", dir=out.parent))
    try:  # 6. write everything to a fresh folder, then swap it in
        for path, text in html.items():
            (staging / path).parent.mkdir(parents=True, exist_ok=True)
            (staging / path).write_text(text, encoding="utf-8")
        shutil.copytree(SITE / "static", staging / "static")
        (staging / ".nojekyll").touch()  # GitHub Pages: publish as is, no Jekyll
        if runtime and importlib.util.find_spec("sitebuild.runtime") is not None:
            importlib.import_module("sitebuild.runtime").write_runtime(staging)
        swap_in(staging, out)
    except (OSError, RuntimeError) as error:  # e.g. Pyodide not installed: say so, keep the last good site
        return [BuildError(ROOT / "sitebuild" / "runtime.py", 1, f"writing the site failed: {error}")]
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return []


def swap_in(staging: Path, out: Path) -> None:
    old = out.with_name(staging.name + ".old")
    if out.exists():
        out.rename(old)
    staging.rename(out)
    shutil.rmtree(old, ignore_errors=True)


def report(errors: list[BuildError]) -> int:
    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        print(f"build failed: {len(errors)} error{'s' if len(errors) != 1 else ''}", file=sys.stderr)
    return 1 if errors else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Sevens site.")
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="output folder (default _site)")
    parser.add_argument("--tutorials", type=Path, default=ROOT / "tutorials", help="lessons folder")
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    parser.add_argument("--no-runtime", action="store_true", help="leave out Pyodide and the engine wheel")
    parser.add_argument(
        "--write-verdicts",
        action="store_true",
        help=f"write Sam's verdicts on the lessons' and the practice bank's puzzles to {VERDICTS_FILE.relative_to(ROOT)}",
    )
    parser.add_argument(
        "--base",
        default=os.environ.get("SITE_BASE") or "/",
        help="address path the site is served at, for 404.html's links (default $SITE_BASE or /), e.g. /sevens/",
    )
    args = parser.parse_args(argv)
    try:
        check_base(args.base)
    except ValueError as error:
        parser.error(str(error))
    server = None
    if args.command == "serve":
        from sitebuild.serve import open_server

        try:  # before building, so that a bad or busy port is said at once
            server = open_server(args.out, args.port)
        except ValueError as error:
            print(f"build.py serve: {error}", file=sys.stderr)
            return 1
    verdicts = VerdictCache()
    status = report(build(args.tutorials, args.out, runtime=not args.no_runtime, base=args.base, verdicts=verdicts))
    if args.write_verdicts and status == 0:
        verdicts.write_checked_in()
    if server is not None:
        from sitebuild.serve import serve

        # Each rebuild runs in a fresh process, so edits to engine/ and sitebuild/ count too.
        rebuild = [sys.executable, __file__, "--out", str(args.out), "--tutorials", str(args.tutorials)]
        rebuild += ["--base", args.base] + (["--no-runtime"] if args.no_runtime else [])
        serve(rebuild, server, args.out, [args.tutorials, SITE, ROOT / "engine", ROOT / "sitebuild"])
    return status


if __name__ == "__main__":
    sys.exit(main())
