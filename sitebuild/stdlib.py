"""The browser's standard library: only the files of Pyodide's ``python_stdlib.zip`` the site uses.

Pyodide's library is 2.5 MB of already-compressed files, and the site needs a
quarter of it. Which quarter is measured, not listed by hand:
``tools/stdlib_trace.mjs`` starts Pyodide under Node with the full library,
does what the page's worker does and plays the site's requests
(``tools/stdlib_workload.py``), and reports every library file a module was
imported from, without its comments and docstrings (``tools/stdlib_strip.py``:
nothing on the site reads them, and they were half the bytes). Those files
make the trimmed zip, written byte-for-byte the same from the same inputs,
and the same tool then runs the site's start-up and requests again on the
trimmed zip alone. Answers are cached under ``.cache/stdlib/``, keyed by
everything they depend on, so the tool runs again only when the engine, the
lessons' guided deals, Pyodide or the tools change.

A run cannot reach every line, so the engine's own import statements are
also read: one from the modules the page can import, naming a library module
the trimmed zip lacks, stops the build with its file and line.
"""

from __future__ import annotations

import ast
import hashlib
import html.parser
import json
import os
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from engine.core.game import DEFAULT_GAME

__all__ = [
    "StdlibError",
    "Used",
    "check",
    "engine_imports",
    "guided_deals",
    "missing_imports",
    "trace",
    "write_trimmed",
]

ROOT = Path(__file__).resolve().parent.parent
TRACER = ROOT / "tools" / "stdlib_trace.mjs"
WORKLOAD = ROOT / "tools" / "stdlib_workload.py"
STRIPPER = ROOT / "tools" / "stdlib_strip.py"
CACHE = ROOT / ".cache" / "stdlib"
ZIP_TIME = (2020, 1, 1, 0, 0, 0)


class StdlibError(RuntimeError):
    """The trimmed library could not be made, or lacks a module the engine imports."""


@dataclass(frozen=True)
class Used:
    """What the traced run used: library files (name to the source shipped), and modules that need no file."""

    sources: dict[str, str]
    builtin: frozenset[str]


class _GuidedDeals(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.deals: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        data = {name: value or "" for name, value in attrs}
        if tag == "section" and data.get("data-kind") == "guided" and "data-position" in data:
            game = data.get("data-game", DEFAULT_GAME)
            self.deals.append({"game": game, "position": data["data-position"], "script": data.get("data-script", "")})


def guided_deals(site: Path) -> list[dict[str, str]]:
    """The guided deals of the built lesson pages under *site*, as the page sends them to the engine."""
    found: list[dict[str, str]] = []
    for page in sorted(site.rglob("*.html")):
        parser = _GuidedDeals()
        parser.feed(page.read_text(encoding="utf-8"))
        found += [deal for deal in parser.deals if deal not in found]
    return found


def _key(wheel: Path, api: str, guided: list[dict[str, str]], pyodide_dir: Path) -> hashlib._Hash:
    key = hashlib.sha256()
    for part in (wheel.read_bytes(), TRACER.read_bytes(), WORKLOAD.read_bytes(), STRIPPER.read_bytes(), api.encode()):
        key.update(hashlib.sha256(part).digest())
    key.update(json.dumps(guided, sort_keys=True).encode())
    for name in ("python_stdlib.zip", "pyodide-lock.json"):
        key.update(hashlib.sha256((pyodide_dir / name).read_bytes()).digest())
    return key


def _run_tool(mode: str, wheel: Path, api: str, guided: list[dict[str, str]], *extra: str) -> str:
    with tempfile.TemporaryDirectory(prefix="site-stdlib-") as folder:
        guided_file = Path(folder) / "guided.json"
        guided_file.write_text(json.dumps(guided), encoding="utf-8")
        command = ["node", str(TRACER), mode, str(wheel), api, str(guided_file), *extra]
        try:
            done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        except FileNotFoundError as error:
            raise StdlibError(f"{TRACER.relative_to(ROOT)}: cannot run node ({error})") from error
    if done.returncode != 0:
        what = "find the standard modules the site uses" if mode == "trace" else "run the site on the trimmed library"
        raise StdlibError(f"{TRACER.relative_to(ROOT)} {mode}: could not {what}:\n{done.stderr.strip()[-3000:]}")
    return done.stdout


def _write_atomically(path: Path, text: str) -> None:
    """Two builds at once never read half a cache file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)


def trace(wheel: Path, api: str, guided: list[dict[str, str]], pyodide_dir: Path) -> Used:
    """Run the tracer (or read its cached answer) for this engine wheel, API module and guided deals."""
    cached = CACHE / f"{_key(wheel, api, guided, pyodide_dir).hexdigest()[:24]}.json"
    if cached.is_file():
        data = json.loads(cached.read_text(encoding="utf-8"))
    else:
        data = json.loads(_run_tool("trace", wheel, api, guided))
        _write_atomically(cached, json.dumps(data) + "\n")
    return Used(dict(data["files"]), frozenset(data["builtin"]))


def check(wheel: Path, api: str, guided: list[dict[str, str]], pyodide_dir: Path, trimmed: Path) -> None:
    """Start Pyodide on *trimmed* alone and run the site's requests; raise StdlibError if anything fails."""
    key = _key(wheel, api, guided, pyodide_dir)
    key.update(trimmed.read_bytes())
    passed = CACHE / f"{key.hexdigest()[:24]}.passed"
    if not passed.is_file():
        _run_tool("check", wheel, api, guided, str(trimmed))
        _write_atomically(passed, "")


def _module_file(package: Path, name: str) -> Path | None:
    """The source file of engine module *name* (``engine.cards``) under *package*'s parent, if any."""
    base = package.parent.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imports(tree: ast.AST, here: str) -> list[tuple[int, str]]:
    """(line, dotted name) of every import in *tree*, relative ones resolved against package *here*.

    Imports at any depth count (a function may import lazily); those under
    ``if TYPE_CHECKING:`` do not, since they never run. ``from a import b``
    names both ``a`` and ``a.b``, which may be a module too.
    """
    found: list[tuple[int, str]] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            module = node.module or ""
            if node.level:
                parts = here.split(".")
                anchor = parts[: len(parts) - (node.level - 1)]
                module = ".".join([*anchor, module] if module else anchor)
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names if alias.name != "*"]
        todo += ast.iter_child_nodes(node)
    return found


def engine_imports(package: Path, api: str) -> list[tuple[Path, int, str]]:
    """Every outside module imported by the engine modules *api* reaches: (file, line, dotted name)."""
    found: list[tuple[Path, int, str]] = []
    todo, seen = [api], set()
    while todo:
        name = todo.pop()
        source = _module_file(package, name)
        if name in seen or source is None:
            continue
        seen.add(name)
        todo += [".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)]  # its packages run first
        here = name if source.name == "__init__.py" else name.rpartition(".")[0]
        for line, target in _imports(ast.parse(source.read_bytes(), str(source)), here):
            if target.split(".")[0] == package.name:
                todo.append(target)
            else:
                found.append((source, line, target))
    return found


def _provides(files: frozenset[str], builtin: frozenset[str], everything: frozenset[str], name: str) -> bool | None:
    """Whether the trimmed library has module *name*: True, False, or None when it is not a module at all."""
    path = name.replace(".", "/")
    candidates = {f"{path}.py", f"{path}/__init__.py"}
    if name in builtin or candidates & files:
        return True
    if candidates & everything:
        return False
    return None


def missing_imports(package: Path, api: str, used: Used, full_zip: Path) -> list[str]:
    """The engine's imports that the trimmed library cannot satisfy, as ``file:line: message`` lines."""
    with zipfile.ZipFile(full_zip) as archive:
        everything = frozenset(archive.namelist())
    problems = []
    for source, line, name in engine_imports(package, api):
        has = _provides(frozenset(used.sources), used.builtin, everything, name)
        if has is False or (has is None and "." not in name):
            where = source.relative_to(package.parent) if source.is_relative_to(package.parent) else source
            problems.append(
                f"{where}:{line}: imports {name}, which the browser's trimmed standard library does not contain "
                f"(no run of {WORKLOAD.relative_to(ROOT)} reached it): make the workload use the code that needs it"
            )
    return sorted(set(problems))


def write_trimmed(sources: dict[str, str], out_dir: Path) -> Path:
    """Write *sources* as ``python_stdlib-HASH.zip`` in *out_dir*, the same bytes every time."""
    folders = {name[: i + 1] for name in sources for i, char in enumerate(name) if char == "/"}
    entries = [(name, sources[name].encode() if name in sources else b"") for name in sorted(set(sources) | folders)]
    content = hashlib.sha256()
    for name, data in entries:
        content.update(name.encode() + b"\0" + data + b"\0")
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("python_stdlib-*.zip"):
        old.unlink()
    target = out_dir / f"python_stdlib-{content.hexdigest()[:12]}.zip"
    with zipfile.ZipFile(target, "w") as trimmed:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            info.external_attr = (0o40755 if name.endswith("/") else 0o644) << 16
            trimmed.writestr(info, data, compresslevel=9)
    return target
