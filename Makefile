# Every target makes its own virtual environment and installs what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench typecheck clean diff-openspiel accel

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/hoyle play cribbage

# The suite runs twice: on the pure-Python source (with the doctests), then on the
# engine compiled by mypyc (hoyle._accel), which must behave identically.
test: $(STAMP)
	$(BIN)/mypy
	HOYLE_PURE=1 $(BIN)/python -m pytest -q
	@if $(BIN)/python scripts/build_accel.py; then \
		$(BIN)/python -m pytest -q tests README.md; \
	else echo "no compiled engine (no C compiler?): its test run is skipped"; fi

# Compile the engine with mypyc into build/mypyc (used automatically while fresh).
accel: $(STAMP)
	$(BIN)/python scripts/build_accel.py

bench: $(STAMP)
	-$(BIN)/python scripts/build_accel.py
	$(BIN)/python bench/run.py
	$(BIN)/python bench/ecarte.py
	$(BIN)/python bench/envs.py
	$(BIN)/python bench/tui.py

diff-openspiel: $(STAMP)
	$(BIN)/python scripts/diff_openspiel.py --deals 10000

typecheck: $(STAMP)
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build dist src/*.egg-info
