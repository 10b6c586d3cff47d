# Two commands on a fresh machine:  `make serve`  and  `make test`.
# Each target sets up what it needs first; set-up steps leave stamp files, so a
# second run skips them until pyproject.toml, package.json/package-lock.json or
# the pinned Pyodide test wheels change.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
CHROMIUM ?= /usr/bin/chromium
HEADLESS_SHELL ?= /usr/bin/chromium-headless-shell
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.sevens-installed
NPM_STAMP := node_modules/.sevens-installed
WHEELS_DIR := .cache/pyodide-wheels
WHEELS_STAMP := $(WHEELS_DIR)/.sevens-downloaded
WHEELS_REQUIREMENTS := tools/pyodide-test-requirements.txt
TEST_SITE := .cache/test-site
# Every Python process writes the bytecode of what it imports, once, under .cache/pycache (out of the source
# folders), and the next reads it: a `make test` starts about 27 of them, six pytest runs among them, and with
# PYTHONDONTWRITEBYTECODE set (as on our machines) each compiled every module it imported again; a pytest run's
# collection alone took 5.3 s of processor time against 2.1 s.
unexport PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX := $(CURDIR)/.cache/pycache

# `make test` runs these TEST_JOBS at a time, in this order. The browser tests are most of the suite's processor
# time (a start of Pyodide without its snapshot costs about 5 s of it, from the snapshot about 1.2 s: one cold start
# makes the run's snapshot and the tests' browser contexts are given copies, see tests/browser/warm.py; the tests
# whose subject is not the runtime have the engine answered in CPython behind the real page instead, see
# tests/browser/cpython_engine.py), yet one pytest process of them keeps a core busy only part of the time: it waits
# for pages, for the worker and between the polls of its checks. So they run as three parts of about the same length:
# BROWSER_PART_1 (the game page's start-up, snapshot, recovery, and one game's whole deals) and the rest of
# tests/browser split by name, test_a* to test_o* and test_p* to test_z* (a new file joins its part by its name).
# The other tests run in two parts too, the engine's and the rest: as one process (then 170 s of processor time) they
# ended last in every run, alone on one core for their last 30-40 s while the other core idled. The six long checks
# start together, on two cores, and the quick checks follow when one ends.
# The real site is built once for all of them (see the test target). `make test-time` measures a run.
CHECKS := pytest-browser-1 pytest-browser-2 pytest-browser-3 pyodide-test pytest-engine pytest-site lint format-check typecheck
TEST_JOBS ?= 6
BROWSER_PART_1 := $(addprefix tests/browser/,test_game.py test_resilience.py test_snapshot.py test_first_visit.py test_knock_knock.py)
BROWSER_REST := $(filter-out $(BROWSER_PART_1),$(sort $(wildcard tests/browser/test_*.py)))
BROWSER_PART_2 := $(filter $(foreach letter,a b c d e f g h i j k l m n o,tests/browser/test_$(letter)%),$(BROWSER_REST))
BROWSER_PART_3 := $(filter-out $(BROWSER_PART_2),$(BROWSER_REST))

.PHONY: help setup site serve test test-time pytest $(CHECKS) browser-deps bench first-visit lighthouse format clean distclean

help:
	@echo "make serve         set up, then build the site, serve it and rebuild on changes"
	@echo "make site          set up, then build the site into _site/ (SITE_BASE=/REPO/ for 404.html's links)"
	@echo "make test          set up, then run every check: $(CHECKS)"
	@echo "make test-time     make test, then its wall and processor time (bench/cpu_time.py)"
	@echo "make lint, format-check, typecheck, pytest or pyodide-test: one check alone (pytest: all of it, in one run)"
	@echo "make bench         engine speed in CPython and Pyodide against a plain-Python baseline; site build speed"
	@echo "make first-visit   a first visit over 10 Mbit/s and 60 ms round trips: time to your turn, bytes (FIRST_VISIT_ARGS=\"--cpu 4\")"
	@echo "make lighthouse    Lighthouse scores of three pages (installs the pinned Lighthouse on first use)"
	@echo "make setup         only the set-up: .venv, node_modules, Pyodide test wheels"
	@echo "make format        rewrite files with ruff format"
	@echo "make clean         remove generated output and caches; distclean also removes .venv and node_modules"

# -- set-up ------------------------------------------------------------------

setup: $(VENV_STAMP) $(NPM_STAMP) $(WHEELS_STAMP)

# The venv itself (with pip), then what is installed in it. A Debian python3 without ensurepip cannot make a venv:
# install python3-venv and retry.
$(PY):
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); tools/apt_ensure.sh python3-venv; $(PYTHON) -m venv $(VENV); }

# --no-compile: pip would turn every module of every package into bytecode (7 of the 18 s of processor time this
# takes), where Python compiles the few the tests import when they first do, for about nothing.
$(VENV_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --no-compile --editable '.[dev]'
	@touch $@

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# Pure wheels for the Python that Pyodide embeds (3.14 for pyodide 314.x), read from its lock file. Only the venv's
# pip is needed, so this runs while the venv's packages are still being installed.
$(WHEELS_STAMP): $(WHEELS_REQUIREMENTS) $(NPM_STAMP) | $(PY)
	rm -rf $(WHEELS_DIR) && mkdir -p $(WHEELS_DIR)
	$(PY) -m pip download --quiet --only-binary=:all: --implementation py --abi none --platform any \
		--python-version "$$(node -p "require('./node_modules/pyodide/pyodide-lock.json').info.python.split('.').slice(0, 2).join('.')")" \
		--dest $(WHEELS_DIR) --requirement $(WHEELS_REQUIREMENTS)
	@touch $@

# Chromium for the Playwright browser tests (Playwright's own browser download is not reachable here): the tests run
# in its headless shell, built for automation, and in the full browser where only it will do; the benchmarks run in the
# full browser (tests/browser/conftest.py says why).
browser-deps:
	@test -x $(CHROMIUM) && test -x $(HEADLESS_SHELL) || tools/apt_ensure.sh chromium chromium-headless-shell
	@$(CHROMIUM) --version 2>/dev/null || $(CHROMIUM) --version
	@$(HEADLESS_SHELL) --version 2>/dev/null || $(HEADLESS_SHELL) --version

# -- the two main jobs -------------------------------------------------------

# The build copies Pyodide from node_modules. build.py reads SITE_BASE, the address path the
# site is served at (only 404.html needs it): make site SITE_BASE=/sevens/
site: $(VENV_STAMP) $(NPM_STAMP)
	$(PY) build.py $(if $(SITE_BASE),--base "$(SITE_BASE)")

# SERVE_ARGS go to build.py: make serve SERVE_ARGS="--port 8080"
serve: $(VENV_STAMP) $(NPM_STAMP)
	$(PY) build.py serve $(SERVE_ARGS)

# Every check runs even after one fails (-k), so one run shows all the problems. TEST_JOBS at a time, in the
# order of CHECKS (see there). --output-sync prints each check's output whole, when it ends. The set-up is each
# check's own prerequisite rather than this target's, so the checks that need only .venv start while npm and the
# Pyodide wheels are still being fetched, and the set-up steps run side by side.
# The real site is built once for the whole run, by the first check that needs it, into a fresh TEST_SITE that
# the others read (tests/conftest.py: SEVENS_TEST_SITE).
test:
	@rm -rf $(TEST_SITE)
	@SEVENS_TEST_SITE=$(CURDIR)/$(TEST_SITE) $(MAKE) --no-print-directory -k -j$(TEST_JOBS) --output-sync=target $(CHECKS) || { echo "make test: FAILED, see the errors above" >&2; exit 1; }
	@echo "make test: all checks passed ($(CHECKS))"

# make test, then its wall time and the processor time of every process it ran (Chromium too), with the load average:
# on a shared machine the processor time is the figure to compare.
test-time:
	@$(PYTHON) bench/cpu_time.py $(MAKE) --no-print-directory test

# -- the checks ----------------------------------------------------------------

lint: $(VENV_STAMP)
	$(VENV)/bin/ruff check .

format-check: $(VENV_STAMP)
	$(VENV)/bin/ruff format --check .

typecheck: $(VENV_STAMP)
	$(VENV)/bin/mypy --strict engine

# pytest with the arguments $(1); it exits 5 when it collected nothing, which fails here like any other non-zero exit.
run_pytest = $(PY) -m pytest $(1) || { status=$$?; [ $$status != 5 ] || echo "pytest collected no tests" >&2; exit $$status; }

# All of tests/ and the doctests in engine/ (testpaths and --doctest-modules are in pyproject.toml), in one run.
pytest: $(VENV_STAMP)
	$(call run_pytest,)

# The same tests in the six parts that `make test` runs side by side (see BROWSER_PART_1 and CHECKS). The browser
# tests build the site, which copies Pyodide from node_modules, and run in Chromium.
BROWSER_SETUP := $(VENV_STAMP) $(NPM_STAMP) browser-deps

pytest-browser-1: $(BROWSER_SETUP)
	$(call run_pytest,$(BROWSER_PART_1))

pytest-browser-2: $(BROWSER_SETUP)
	$(call run_pytest,$(BROWSER_PART_2))

pytest-browser-3: $(BROWSER_SETUP)
	$(call run_pytest,$(BROWSER_PART_3))

# The engine's tests and doctests.
ENGINE_TESTS := tests/engine engine
pytest-engine: $(VENV_STAMP)
	$(call run_pytest,$(ENGINE_TESTS))

# The rest of tests/ but the browser tests: the site's (some build it, so they need node_modules too).
pytest-site: $(VENV_STAMP) $(NPM_STAMP)
	$(call run_pytest,tests --ignore=tests/browser --ignore=tests/engine)

# tests/engine and the engine doctests again, inside Pyodide (Python 3.14, WebAssembly) under Node, but for the
# tests marked slow (tools/pyodide_pytest.mjs says why).
pyodide-test: $(NPM_STAMP) $(WHEELS_STAMP)
	node tools/pyodide_pytest.mjs

# -- extras --------------------------------------------------------------------

bench: $(VENV_STAMP) $(NPM_STAMP)
	$(PY) bench/engine_speed.py --pyodide
	$(PY) bench/build_speed.py

# FIRST_VISIT_ARGS go to bench/first_visit.py: make first-visit FIRST_VISIT_ARGS="--runs 5 --cpu 4"
first-visit: $(VENV_STAMP) $(NPM_STAMP) browser-deps
	$(PY) bench/first_visit.py $(FIRST_VISIT_ARGS)

# Lighthouse is not in `make setup` (185 MB): bench/lighthouse.py installs its pinned copy on first use.
lighthouse: $(VENV_STAMP) $(NPM_STAMP) browser-deps
	$(PY) bench/lighthouse.py

format: $(VENV_STAMP)
	$(VENV)/bin/ruff format .

clean:
	rm -rf _site .cache .hypothesis .pytest_cache .mypy_cache .ruff_cache bench/results test-results

distclean: clean
	rm -rf $(VENV) node_modules bench/lighthouse/node_modules
