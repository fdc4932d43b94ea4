# Two commands set everything up on a fresh machine:
#   make run   - venv, install, offline model preparation, index, then the bot (or the console)
#   make test  - the same set-up, then ruff, mypy and the whole test suite
# Every step is idempotent: the second time each one is a stamp check.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
INSTALLED := $(VENV)/.installed
MODEL_MANIFEST := var/model/all-MiniLM-L6-v2/manifest.json

.PHONY: run test setup index lint typecheck unit unit-fast bench image clean

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

# Both cores: one worker per core; an idle worker takes tests queued for the other
# (worksteal; fresh-clone CI, quiet machine: pytest 341 s for 1,341 tests; before the
# bots stopped waiting 2 s each for servers, 459 s, and 809 s in one process).
# PYTEST_WORKERS=0 runs them in this process. The slowest 25 are listed at the end,
# so CI logs show where the time goes.
PYTEST_WORKERS ?= 2
unit: setup
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist worksteal --durations=25

# The tests that need no embedding model (a fixed-output fake stands in), start no
# process or server (Postgres included) and run no fuzz budget: the ones to run while
# editing.
unit-fast: $(INSTALLED)
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist worksteal -m "not model and not process and not slow and not fuzz and not postgres"

bench: index
	$(BIN)/python -m bench.ask_latency
	$(BIN)/python -m bench.ingest

# The Docker image (Dockerfile). Where Docker Hub is out of reach:
#   ../shared/tools/docker-local.sh build . papercord:dev
IMAGE ?= papercord:dev
image:
	docker build -t $(IMAGE) .

clean:
	rm -rf var $(VENV)
