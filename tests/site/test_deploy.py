"""The built site is ready for GitHub Pages: any base path, 404.html, .nojekyll, manifest, CSP, one workflow."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
ADDRESS = re.compile(r'\s(?:href|src)="([^"]*)"')
CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
BASE = "/sevens/"


@pytest.fixture(scope="module")
def site(real_lessons: Callable[[str], Path]) -> Path:
    """The real lessons, built for https://USER.github.io/sevens/ (once for all the tests that read them:
    tests/conftest.py; without Pyodide when built for these tests alone, as it is not needed here)."""
    return real_lessons(BASE)


def pages(site: Path) -> list[Path]:
    found = sorted(site.rglob("*.html"))
    assert len(found) > 5
    return found


def test_every_page_but_404_links_relatively_so_any_base_path_works(site: Path) -> None:
    for page in pages(site):
        if page.name == "404.html":
            continue
        for address in ADDRESS.findall(page.read_text(encoding="utf-8")):
            assert not address.startswith("/"), f"{page.relative_to(site)}: {address} is absolute"
            if urlsplit(address).scheme or address.startswith("#"):
                continue
            # Resolve as the browser would, with the site under /sevens/, and find the file.
            url = urlsplit(urljoin(f"http://host{BASE}{page.relative_to(site).as_posix()}", address)).path
            assert url.startswith(BASE), f"{page.relative_to(site)}: {address} leaves the site"
            target = site / url.removeprefix(BASE)
            assert (target / "index.html" if url.endswith("/") else target).is_file(), f"{page}: {address}"


def test_404_links_start_with_the_base_path_because_pages_serves_it_at_any_depth(site: Path) -> None:
    text = (site / "404.html").read_text(encoding="utf-8")
    assert "Page not found" in text
    addresses = [a for a in ADDRESS.findall(text) if not a.startswith("#")]
    assert f"{BASE}static/css/site.css" in addresses
    assert f"{BASE}tutorials/where-a-card-belongs/" in addresses
    for address in addresses:
        assert address.startswith(BASE), address
        address = address.partition("#")[0]  # a course on the home page: "/sevens/#course-sevens"
        path = site / address.removeprefix(BASE)
        assert (path / "index.html" if address.endswith("/") else path).is_file(), address


def test_the_build_marks_the_site_as_not_jekyll_and_has_no_other_hidden_file(site: Path) -> None:
    assert (site / ".nojekyll").is_file()
    assert [p.name for p in site.rglob(".*")] == [".nojekyll"]  # the workflow uploads hidden files


def test_every_page_carries_the_same_strict_content_security_policy(site: Path) -> None:
    policies = {CSP.findall(page.read_text(encoding="utf-8"))[0] for page in pages(site)}
    assert len(policies) == 1
    directives = dict(d.strip().split(" ", 1) for d in policies.pop().split(";"))
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert directives["style-src"] == "'self'"
    assert directives["default-src"] == directives["connect-src"] == "'self'"
    assert directives["object-src"] == "'none'"


def test_no_page_has_inline_script_or_style_or_a_third_party_address(site: Path) -> None:
    for page in pages(site):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r'<script(?![^>]*\s(?:src=|type="application/json"))[^>]*>', text), page
        assert "<style" not in text and " style=" not in text, page
        assert not re.search(r'\s(?:src|href)="(?:https?:)?//', text.split("<main", 1)[0]), page


def test_every_page_links_the_icon_and_a_manifest_that_points_back_to_the_site(site: Path) -> None:
    for page in pages(site):
        text = page.read_text(encoding="utf-8")
        assert 'rel="icon"' in text and 'rel="manifest"' in text, page
    manifest_path = site / "static" / "manifest.webmanifest"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest_url = f"http://host{BASE}static/manifest.webmanifest"
    assert urljoin(manifest_url, manifest["start_url"]) == f"http://host{BASE}"
    assert urljoin(manifest_url, manifest["scope"]) == f"http://host{BASE}"
    for icon in manifest["icons"]:
        assert (manifest_path.parent / icon["src"]).is_file()


def test_the_base_path_comes_from_the_option_or_site_base(tmp_path: Path) -> None:
    (tmp_path / "tutorials/pages").mkdir(parents=True)  # no lessons: 404.html is built all the same, in a moment

    def build_404(*args: str, env: dict[str, str]) -> str:
        command = [sys.executable, "build.py", "--no-runtime", "--tutorials", str(tmp_path / "tutorials")]
        command += ["--out", str(tmp_path / "_site"), *args]
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        return (tmp_path / "_site" / "404.html").read_text(encoding="utf-8")

    plain = {k: v for k, v in os.environ.items() if k != "SITE_BASE"}
    assert 'href="/static/css/site.css"' in build_404(env=plain)
    assert 'href="/fork/static/css/site.css"' in build_404(env=plain | {"SITE_BASE": "/fork/"})
    assert 'href="/opt/static/css/site.css"' in build_404("--base", "/opt/", env=plain | {"SITE_BASE": "/fork/"})


@pytest.mark.parametrize("bad", ["sevens", "/sevens", "sevens/", "/a b/", "https://x.github.io/sevens/"])
def test_a_bad_base_path_is_refused_with_an_example_and_writes_nothing(tmp_path: Path, bad: str) -> None:
    out = tmp_path / "_site"
    command = [sys.executable, "build.py", "--no-runtime", "--out", str(out), "--base", bad]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert f"base path {bad!r} must start and end with '/', e.g. / or /sevens/" in done.stderr
    assert not out.exists()


def test_the_workflow_builds_with_make_site_and_deploys_with_the_official_pages_actions() -> None:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    steps = [step for job in workflow["jobs"].values() for step in job["steps"]]
    uses = {step["uses"].split("@")[0]: step["uses"].split("@")[1] for step in steps if "uses" in step}
    assert set(uses) == {
        "actions/checkout",
        "actions/setup-python",
        "actions/setup-node",
        "actions/configure-pages",
        "actions/upload-pages-artifact",
        "actions/deploy-pages",
    }
    assert all(re.fullmatch(r"v\d+(\.\d+)*|[0-9a-f]{40}", version) for version in uses.values()), uses
    runs = [step["run"] for step in steps if "run" in step]
    assert runs == ["make site"]
    assert re.search(r"^site:", (ROOT / "Makefile").read_text(encoding="utf-8"), re.MULTILINE)
    upload = next(step for step in steps if step.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "_site"
    assert upload["with"]["include-hidden-files"] is True  # else .nojekyll is left out
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


def make(*arguments: str) -> str:
    """What ``make ARGUMENTS`` prints here (-n: the commands it would run; -p: its variables too)."""
    return subprocess.run(
        ["make", *arguments], cwd=ROOT, capture_output=True, text=True, check=True, env={**os.environ, "MAKEFLAGS": ""}
    ).stdout


def test_make_test_runs_every_browser_test_file_in_exactly_one_part() -> None:
    # `make test` runs tests/browser in parts side by side (see the Makefile's CHECKS): a file left out would never
    # run in CI, a file in two parts would run twice.
    printed = make("-pn", "help")
    parts = dict(re.findall(r"^(BROWSER_PART_\d) := (.*)$", printed, re.MULTILINE))
    assert len(parts) >= 2, parts
    files = [name for value in parts.values() for name in value.split()]
    expected = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tests" / "browser").glob("test_*.py"))
    assert sorted(files) == expected
    checks = re.search(r"^CHECKS := (.*)$", printed, re.MULTILINE)
    assert checks is not None
    assert {f"pytest-browser-{part[-1]}" for part in parts} <= set(checks.group(1).split())


def test_make_test_runs_every_other_test_file_and_engine_module_in_exactly_one_part() -> None:
    # The tests but the browser tests run in parts too (pytest-engine, pytest-site): a test file or an engine module
    # (its doctests) that no part's paths take would never run in CI; one that two parts take would run twice.
    parts = ["pytest-engine", "pytest-site"]
    printed = make("-n", *parts)
    runs = [
        line.split(" -m pytest ", 1)[1].split(" || ", 1)[0].split()
        for line in printed.splitlines()
        if " -m pytest " in line
    ]
    assert len(runs) == len(parts), printed
    checks = re.search(r"^CHECKS := (.*)$", make("-pn", "help"), re.MULTILINE)
    assert checks is not None and set(parts) <= set(checks.group(1).split())

    def takes(run: list[str], file: Path) -> bool:
        paths = [ROOT / arg for arg in run if not arg.startswith("-")]
        ignored = [ROOT / arg.removeprefix("--ignore=") for arg in run if arg.startswith("--ignore=")]
        return any(file.is_relative_to(path) for path in paths) and not any(
            file.is_relative_to(path) for path in ignored
        )

    files = [*(ROOT / "tests").rglob("test_*.py"), *(ROOT / "engine").rglob("*.py")]
    taken = {file.relative_to(ROOT).as_posix(): sum(takes(run, file) for run in runs) for file in files}
    browser = {name for name in taken if name.startswith("tests/browser/")}
    assert browser and all(taken[name] == 0 for name in browser)  # those are the browser parts' (above)
    assert {name: count for name, count in taken.items() if name not in browser and count != 1} == {}
