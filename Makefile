# TriPeaks: `make play` and `make test` do all the set-up on a fresh Debian or Ubuntu machine.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := .make

.PHONY: play test test-engine lint clean

$(STAMP)/venv: pyproject.toml constraints.txt
	@mkdir -p $(STAMP)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q -c constraints.txt -e '.[test,e2e]'
	@touch $@

lint: $(STAMP)/venv
	$(BIN)/ruff check tripeaks tests benchmarks
	$(BIN)/mypy

test-engine: $(STAMP)/venv
	$(BIN)/pytest -p no:cacheprovider --cov --cov-report=term tests

test: lint test-engine

play: $(STAMP)/venv
	$(BIN)/python -m tripeaks play

clean:
	rm -rf $(VENV) $(STAMP) node_modules web/vendor dist build *.egg-info
