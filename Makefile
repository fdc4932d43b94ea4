# Two commands set everything up on a fresh machine:
#   make run   - venv, install, offline model preparation, index, then the bot (or the console)
#   make test  - the same set-up, then ruff, mypy and the whole test suite
# Every step is idempotent: the second time each one is a stamp check.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
INSTALLED := $(VENV)/.installed
MODEL_MANIFEST := var/model/all-MiniLM-L6-v2/manifest.json

.PHONY: run test setup index lint typecheck unit unit-fast bench clean

run: index
	$(BIN)/papercord start

test: setup lint typecheck unit

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the dependency list or the pinned versions change.
$(INSTALLED): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[dev,prepare]'
	touch $@

$(MODEL_MANIFEST): $(INSTALLED)
	$(BIN)/papercord prepare-model

setup: $(MODEL_MANIFEST)

index: setup
	$(BIN)/papercord ingest --if-stale

# Commit subjects since the rule began are at most 72 characters (skipped without history).
lint: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	bash .ci/commit-subjects

typecheck: $(INSTALLED)
	$(BIN)/mypy

unit: setup
	$(BIN)/pytest

# The tests that need no embedding model (a fixed-output fake stands in): under 20 s.
unit-fast: $(INSTALLED)
	$(BIN)/pytest -m "not model"

bench: index
	$(BIN)/python -m bench.ask_latency
	$(BIN)/python -m bench.ingest

clean:
	rm -rf var $(VENV)
