# TriPeaks: `make play` and `make test` do all the set-up on a fresh Debian or Ubuntu machine.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := .make
PORT ?= 8000
# The engine's sources: the site ships them (web/vendor/engine.zip, and the snapshot has them imported).
ENGINE_PY := $(shell find tripeaks -name '*.py' -not -path '*/__pycache__/*')
# web/vendor/, built by scripts/build.py; engine.json, written last, marks a complete build.
BUILT := web/vendor/engine.json
# The engine wheel in web/vendor/wheels/ (for the Pyodide test run and benchmarks/boot.py; the site does not
# ship it) also carries pyproject.toml's metadata and py.typed: its own rule builds it again when they change,
# so that neither they nor the README (pyproject.toml holds the wheel's description) rebuild the site.
WHEEL := $(STAMP)/wheel
# The engine and the page modules with their bytecode, imported from two zips (scripts/modules.mjs writes
# web/vendor/engine.zip, then this one); web/main.py, the page's script, is compiled by PyScript.
BYTECODE := web/vendor/modules.zip
PAGE_MODULES := $(filter-out web/main.py,$(wildcard web/*.py))
# Pyodide's memory after start-up, which web/interpreter.mjs boots from.
SNAPSHOT := web/vendor/pyodide.snapshot
NPM_DONE := node_modules/.package-lock.json

.PHONY: play play-cli serve build site test test-engine test-pyodide test-e2e test-firefox test-worker lint bench bench-site browsers clean

$(STAMP)/venv: pyproject.toml constraints.txt
	@mkdir -p $(STAMP)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q -c constraints.txt -e '.[test,e2e,cluster]'
	@touch $@

# npm ci writes node_modules/.package-lock.json: a missing or stale node_modules/ reinstalls.
$(NPM_DONE): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# The venv only runs the build (its pip builds the wheel in an isolated environment with the setuptools
# pyproject.toml pins): a new venv, from a new test dependency say, changes nothing in web/vendor/.
$(BUILT): $(NPM_DONE) $(ENGINE_PY) pyscript.toml scripts/build.py | $(STAMP)/venv
	$(BIN)/python scripts/build.py

# A full build made the wheel too: without a stamp, its wheel is current if it is newer than the metadata.
$(WHEEL): pyproject.toml tripeaks/py.typed | $(BUILT)
	@if [ -e $@ ] || [ pyproject.toml -nt $(BUILT) ] || [ tripeaks/py.typed -nt $(BUILT) ]; then \
		echo "$(BIN)/python scripts/build.py --wheel"; $(BIN)/python scripts/build.py --wheel; fi
	@touch $@

ICONS := web/vendor/icons/icon-512.png
# The app icons are rendered from the one SVG by Debian's chromium.
$(ICONS): web/icon.svg scripts/icons.py | $(STAMP)/venv browsers
	$(BIN)/python scripts/icons.py

# The two rules below remake files scripts/build.py writes too. Under -j (make test), make may look at such a
# file while the build is still running, find it missing, and run its script again once the build has written
# it: UNLESS_FRESH skips the script when the file is there and newer than every prerequisite.
UNLESS_FRESH = if [ -e $@ ] && [ -z "$$(find $^ -newer $@ | head -1)" ]; then echo "$@: made by scripts/build.py"; else
# This rule follows edits to the page's modules, which need no other build.
$(BYTECODE): $(ENGINE_PY) $(PAGE_MODULES) scripts/modules.mjs scripts/pyscript_core.mjs scripts/stored_zip.py | $(BUILT)
	@$(UNLESS_FRESH) echo node scripts/modules.mjs; node scripts/modules.mjs; fi

# scripts/build.py writes it after vendoring Pyodide; this rule follows edits to the script, to the modules
# whose imports decide which of the standard library is compiled into python_stdlib.zip, and to
# web/vendor/engine.zip, whose engine the snapshot has imported.
$(SNAPSHOT): scripts/snapshot.mjs scripts/pyscript_core.mjs scripts/stored_zip.py $(ENGINE_PY) $(wildcard web/*.py) $(BYTECODE) | $(BUILT)
	@$(UNLESS_FRESH) echo node scripts/snapshot.mjs; node scripts/snapshot.mjs; fi

build: $(BUILT) $(WHEEL) $(BYTECODE) $(SNAPSHOT) $(ICONS)

# The static site: everything the game loads and nothing else, in dist/. From web/vendor/ it ships what
# node_modules/ and scripts/build.py give (Pyodide, PyScript), the two zips and the snapshot; a rebuild of
# web/vendor/ for the engine rewrites the zips, and so rebuilds the site through them.
dist/sw.js: $(NPM_DONE) scripts/build.py $(BYTECODE) $(SNAPSHOT) $(ICONS) index.html pyscript.toml scripts/site.py $(wildcard web/*.py web/*.js web/*.mjs web/*.css web/*.webmanifest) | $(BUILT)
	$(BIN)/python scripts/site.py

site: dist/sw.js

# Debian's browsers for the e2e tests; Playwright's own browser download cannot work here.
browsers:
	@if ! command -v chromium >/dev/null || ! command -v firefox-esr >/dev/null; then \
		echo "installing chromium and firefox-esr"; \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium firefox-esr; \
	fi

lint: $(STAMP)/venv
	$(BIN)/ruff check tripeaks tests benchmarks scripts e2e web
	$(BIN)/mypy
	MYPYPATH=web/stubs $(BIN)/mypy --strict $(wildcard web/*.py)
	$(BIN)/mypy --strict scripts/build.py scripts/serve.py scripts/site.py scripts/icons.py scripts/chromium.py scripts/stored_zip.py scripts/winrates.py benchmarks/cluster.py benchmarks/ctrl_c.py benchmarks/size.py benchmarks/boot.py benchmarks/clicks.py e2e/conftest.py e2e/test_runtime.py

# Two workers (pytest-xdist), under coverage (the searches that run for seconds are marked no_cover, which
# would slow them 5 to 8 times, see tests/conftest.py); 0 runs it in one process.
ENGINE_WORKERS ?= 2
test-engine: $(STAMP)/venv
	$(BIN)/pytest -p no:cacheprovider -n $(ENGINE_WORKERS) --durations=12 --cov --cov-report=term tests

# The same tests/, unchanged, in Pyodide (WebAssembly) on Node, against the engine wheel: two processes side
# by side, each every other test (one Pyodide is one thread, and it is the longest job of the first phase).
test-pyodide: $(BUILT) $(WHEEL)
	node scripts/pyodide_pytest.mjs --shards 2 --durations=12 tests

# Two workers (pytest-xdist), each with its own server, Chromium and warm browser context: on CI's 2 cores a
# test's page is mostly waiting on one core for Pyodide, so two at a time nearly halve the run. Three are
# slower again (468 against 434 s, one after the other, 2026-12-02).
E2E_WORKERS ?= 2
# The site first: the tests build sites of their own, which find its compressed files in .cache/compressed/
# rather than compressing them again (a minute of brotli) while a browser waits.
test-e2e: build browsers site
	$(BIN)/pytest -p no:cacheprovider --timeout=600 -n $(E2E_WORKERS) --durations=25 e2e

# web/sw.js in Node, with the few browser APIs it uses made in memory: the races between pages and worker
# versions that a browser cannot be made to run on cue.
test-worker:
	node --test e2e/worker/

# The icons and the wheel's engine.json too: make test builds them beside this run, and the page names the icons.
test-firefox: $(BUILT) $(WHEEL) $(BYTECODE) $(SNAPSHOT) $(ICONS) browsers
	PYTHON=$(BIN)/python node --test e2e/firefox/

# On CI's 2 cores, two phases. First, side by side (-j2; --output-sync keeps each one's output in one
# piece): the Pyodide run of tests/ (its chain first: npm ci and the build, which the site needs too), the CPython
# run, lint, the site's build (and the browsers' apt-get), the service worker's tests and the Firefox journey.
# Lint and Firefox used to run alone, before and after, each leaving a core idle for half a minute; and the
# venv's pip and npm ci now download at the same time. Then the Chromium tests, which use both cores.
# The last line says how long each phase took.
PHASE1 := test-pyodide test-engine lint site test-worker test-firefox
test:
	@start=$$SECONDS; \
	$(MAKE) --no-print-directory -j2 --output-sync=target $(PHASE1) || exit; \
	first=$$((SECONDS - start)); \
	$(MAKE) --no-print-directory test-e2e || exit; \
	echo "make test: $$((SECONDS - start)) s ($(PHASE1): $$first s; test-e2e: $$((SECONDS - start - first)) s)"

play: build
	$(BIN)/python scripts/serve.py --port $(PORT)

serve: play

# The engine's terminal game.
play-cli: $(STAMP)/venv
	$(BIN)/python -m tripeaks play

# Each solver and hint benchmark runs in CPython, then in Pyodide on Node, and prints the ratio.
bench: $(BUILT) $(WHEEL) $(BYTECODE) $(SNAPSHOT) browsers
	$(BIN)/python benchmarks/boot.py
	$(BIN)/python benchmarks/solver.py --pyodide
	$(BIN)/python benchmarks/hints.py --pyodide
	$(BIN)/python benchmarks/review.py --pyodide
	$(BIN)/python benchmarks/freeze.py
	$(BIN)/python benchmarks/clicks.py

# First and return visits over an emulated phone network (10 Mbit/s, 40 ms), CPU 1x and 4x, page and embed.
bench-site: site browsers
	$(BIN)/python benchmarks/size.py
	$(BIN)/python benchmarks/offline.py
	$(BIN)/python benchmarks/network.py

clean:
	rm -rf $(VENV) $(STAMP) node_modules web/vendor dist build .cache *.egg-info
