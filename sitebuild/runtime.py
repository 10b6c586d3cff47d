"""The browser runtime: Pyodide's core files, a trimmed standard library and the engine wheel, under ``runtime/``.

The page loads Python from ``runtime/pyodide/``, the standard library from
``runtime/python_stdlib-HASH.zip`` (only the files the site uses, see
:mod:`sitebuild.stdlib`) and the engine from a wheel whose name carries a hash
of its contents, so a changed engine is a new URL and no cache can serve the
old one. ``runtime/manifest.json`` tells the page and the service worker what
to fetch, which module answers the page (``api``) and which build they are
looking at.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import tomllib
import zipfile
from pathlib import Path

from sitebuild import stdlib

__all__ = ["PYODIDE_FILES", "WEB_API", "build_wheel", "write_runtime"]

ROOT = Path(__file__).resolve().parent.parent
# Pyodide's full standard library is not among them: the site gets a trimmed copy.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
# The module the page's worker imports and sends every request to (its handle function).
WEB_API = "engine.core.webapi"
# The API finds the games through this module (by name, at the first request), so no import statement
# leads there from WEB_API: the build reads the import statements from both.
INSTALLED_GAMES = "engine.games"
# A fixed timestamp keeps the wheel byte-for-byte the same when the sources are.
ZIP_TIME = (2020, 1, 1, 0, 0, 0)


def _project() -> tuple[str, str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = data["project"]
    return str(project["name"]).replace("-", "_"), str(project["version"])


def _engine_sources(package: Path) -> list[tuple[str, bytes]]:
    files = sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
    return [(p.relative_to(package.parent).as_posix(), p.read_bytes()) for p in files]


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def build_wheel(out_dir: Path, package: Path = ROOT / "engine") -> Path:
    """Write the engine as a pure-Python wheel named with a hash of its sources; return its path."""
    name, version = _project()
    sources = _engine_sources(package)
    content = hashlib.sha256()
    for path, data in sources:
        content.update(path.encode() + b"\0" + data + b"\0")
    full_version = f"{version}+g{content.hexdigest()[:12]}"
    dist_info = f"{name}-{full_version}.dist-info"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {full_version}\nRequires-Python: >=3.11\n".encode()
    wheel = b"Wheel-Version: 1.0\nGenerator: sitebuild.runtime\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries = [*sources, (f"{dist_info}/METADATA", metadata), (f"{dist_info}/WHEEL", wheel)]
    record = "".join(_record_line(path, data) + "\n" for path, data in entries) + f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}-{full_version}-py3-none-any.whl"
    for old in out_dir.glob(f"{name}-*.whl"):
        old.unlink()
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path, data in entries:
            info = zipfile.ZipInfo(path, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return target


def _pages(out: Path) -> list[str]:
    """Every page of the site as a URL relative to its root (``""`` for the home page, ``"play/"``)."""
    pages = sorted(p.parent.relative_to(out).as_posix() for p in out.rglob("index.html"))
    return ["" if page == "." else page + "/" for page in pages if not page.startswith("runtime")]


def _assets(out: Path) -> list[str]:
    """The files the pages use, for the service worker to keep for offline visits: static files and page data
    such as the practice bank (``practice/bank-N.json``, fetched by the page as it serves puzzles)."""
    static = out / "static"
    files = [p for p in static.rglob("*") if p.is_file()] if static.is_dir() else []
    data = [p for p in out.glob("*/*.json") if p.parent.name != "runtime"]
    return sorted(p.relative_to(out).as_posix() for p in files + data)


def _write_lock(source: Path, target: Path) -> None:
    """Pyodide's lock file without its package list: the site loads no Pyodide package, only the engine."""
    lock = json.loads(source.read_text(encoding="utf-8"))
    target.write_text(json.dumps({"info": lock["info"], "packages": {}}, indent=1) + "\n", encoding="utf-8")


def write_runtime(out: Path, pyodide_dir: Path = ROOT / "node_modules" / "pyodide") -> None:
    """Copy Pyodide's core into ``out/runtime/pyodide/``, build the engine wheel, the trimmed library and the manifest.

    Also puts the service worker at the site root, the only place from which it
    may control every page. Raises :class:`sitebuild.stdlib.StdlibError` when the
    trimmed library cannot be made or lacks a module the engine imports.
    """
    missing = [name for name in (*PYODIDE_FILES, "python_stdlib.zip") if not (pyodide_dir / name).is_file()]
    if missing:
        raise FileNotFoundError(
            f"{pyodide_dir}: missing {', '.join(missing)}; run `npm ci` in {ROOT} to install Pyodide"
        )
    runtime = out / "runtime"
    target = runtime / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        if name == "pyodide-lock.json":
            _write_lock(pyodide_dir / name, target / name)
        else:
            shutil.copyfile(pyodide_dir / name, target / name)
    wheel = build_wheel(runtime)
    full_stdlib = pyodide_dir / "python_stdlib.zip"
    guided = stdlib.guided_deals(out)
    used = stdlib.trace(wheel, WEB_API, guided, pyodide_dir)
    package = ROOT / WEB_API.split(".")[0]
    problems = [
        problem
        for module in (WEB_API, INSTALLED_GAMES)
        for problem in stdlib.missing_imports(package, module, used, full_stdlib)
    ]
    if problems:
        raise stdlib.StdlibError("\n".join(problems))
    trimmed = stdlib.write_trimmed(used.sources, runtime)
    stdlib.check(wheel, WEB_API, guided, pyodide_dir, trimmed)
    version = json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    files = [f"pyodide/{name}" for name in PYODIDE_FILES] + [trimmed.name, wheel.name]
    sizes = {path: (runtime / path).stat().st_size for path in files}
    sw = ROOT / "site" / "static" / "sw.js"
    build = hashlib.sha256()
    for path in files:
        build.update(f"{path}:{sizes[path]}\n".encode())
    build.update(wheel.name.encode())
    if sw.is_file():
        build.update(sw.read_bytes())
        shutil.copyfile(sw, out / "sw.js")
    manifest = {
        "build": build.hexdigest()[:16],
        "python": version.get("python"),
        "api": WEB_API,
        "wheel": wheel.name,
        "stdlib": trimmed.name,
        "files": sizes,
        "pages": _pages(out),
        "assets": _assets(out),
    }
    (runtime / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
