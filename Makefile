# Every target makes its own virtual environment and installs what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench typecheck clean diff-openspiel

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/hoyle play cribbage

test: $(STAMP)
	$(BIN)/mypy
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/ecarte.py
	$(BIN)/python bench/envs.py

diff-openspiel: $(STAMP)
	$(BIN)/python scripts/diff_openspiel.py --deals 10000

typecheck: $(STAMP)
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build dist src/*.egg-info
