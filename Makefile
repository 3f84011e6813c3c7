# Every target makes its own virtual environment and installs what it needs.
PYTHON ?= python3
# Python writes its bytecode (__pycache__) even where the shell says not to: each test process
# and each process a test starts (a server, the command line, a pool's workers) would compile
# every module it imports again, and pytest rewrite every test module's asserts again (20 s a
# process to collect the suite, 8 s with the bytecode kept).
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: debian-packages play serve test test-fast test-postgres bench bench-web typecheck clean diff-openspiel verify-batch accel chromium tmux postgres fuzz screenshots

# pip runs from the Python that makes the venv (pip --python), so the venv carries no pip or
# setuptools of its own (27 MB); a Python without pip gets a venv with pip instead.
PIP := $(shell $(PYTHON) -c 'import pip' 2>/dev/null && echo '$(PYTHON) -m pip --python $(BIN)/python' || echo '$(BIN)/python -m pip')
NO_PIP := $(shell $(PYTHON) -c 'import pip' 2>/dev/null && echo --without-pip)

# pip installs uv into the venv, and uv installs the rest from PyPI: the development set
# took 13 s (4 s and 9 s, an empty cache) against pip's 134 s on a 2-core machine (pip spent
# 112 s of CPU resolving, unpacking and compiling every module's bytecode ahead; uv compiles
# none: Python writes it on each module's first import instead).
UV := $(BIN)/uv
$(UV):
	$(PYTHON) -m venv $(NO_PIP) $(VENV)
	$(PIP) install --quiet uv
UV_PIP := $(UV) pip install --quiet --python $(BIN)/python

$(STAMP): pyproject.toml | $(UV)
	$(UV_PIP) -e '.[dev]'
	touch $(STAMP) $(PLAY_STAMP) $(WEB_STAMP)

# make play installs only what playing needs (hoyle, numpy, typer, rich, textual,
# platformdirs, prompt_toolkit; the development tools come with make test), without
# bytecode: Python compiles a module when it is first imported (uv compiles none ahead).
PLAY_STAMP := $(VENV)/.installed-play
$(PLAY_STAMP): pyproject.toml | $(UV)
	$(UV_PIP) -e .
	touch $(PLAY_STAMP)

play: $(PLAY_STAMP)
	$(BIN)/hoyle play

# The web app on an embedded SQLite file (hoyle.db): open http://127.0.0.1:8000/
# make serve installs what playing needs and the web extra only (FastAPI, uvicorn, Jinja2,
# websockets), not the development set.
WEB_STAMP := $(VENV)/.installed-web
$(WEB_STAMP): pyproject.toml | $(UV)
	$(UV_PIP) -e '.[web]'
	touch $(WEB_STAMP)

serve: $(WEB_STAMP)
	$(BIN)/hoyle serve

# The browser tests drive Debian's chromium (never a downloaded browser build); the terminal
# tests drive hoyle play in a real terminal, Debian's tmux; the database tests start a
# throwaway PostgreSQL cluster of Debian's postgresql package (tests/helpers/postgres.py:
# initdb in a temporary folder, a Unix socket, no port). Each package is installed when what
# says it is there is missing; make test's three with one apt-get update and one install.
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
HAVE_chromium := [ -x $(CHROMIUM) ]
HAVE_tmux := command -v tmux >/dev/null
HAVE_postgresql := ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1
debian = missing=""; $(foreach p,$(1),$(HAVE_$(p)) || missing="$$missing $(p)";) \
	if [ -n "$$missing" ]; then $(SUDO) apt-get update && $(SUDO) apt-get install -y $$missing; fi
chromium:
	@$(call debian,chromium)
tmux:
	@$(call debian,tmux)
postgres:
	@$(call debian,postgresql)
debian-packages:
	@$(call debian,chromium tmux postgresql)

# The tests of the engine, the games, the environments and the players (with the README's and
# the library guide's examples) run once, on the engine compiled by mypyc (hoyle._accel): the
# same source, compiled, 3-4x faster in whole seeded games, searches and tables. The compiled
# engine must behave as the pure one does: tests/engine/test_accel.py plays the same games on
# both, record for record. Every other test (the interfaces', which drive the engine through a
# terminal, a browser or a socket, the executors', the conformance suite's and the source's
# doctests) runs on the pure-Python source, so the pure engine is played by all of those.
# Without a compiled build (no C compiler) the games' tests run on the pure source. (They ran
# on both till CI's run reached 1,758 s, past its 15 minutes.)
COMPILED_TESTS := tests/engine tests/cribbage tests/ecarte tests/envs \
	tests/test_catalogue.py tests/test_leaks.py README.md docs/library.md
# Both runs spread the tests over the machine's cores (pytest-xdist). The pure run takes three
# processes, each given the next test when it is done (--dist worksteal). Each test starts
# processes of its own (a browser, a server, a terminal, a pool), and the more tests at once
# the more CPU the same tests take: on a 2-core machine, one process ran them in 783 s with
# 920 s of CPU (all processes' user and system time), two in 566 s with 1,013 s, three in
# 547 s with 1,048 s, five in 746 s with about 1,450 s (beside a clean clone's mypy and build).
# (Tried: the long tests first, by their measured times, with --dist load --maxschedchunk 1:
# the run's end came sooner, but five heavy tests at once made the whole slower.)
# mypy and the mypyc build start after the pure run, at the lowest priority (nice -n 19),
# beside the many-worker and batch tests (mypy's report printed after them, the build's
# output and status kept in build/ for the compiled run): the many-worker tests leave a
# core's third idle (311 s of CPU in 217 s), the pure run next to none (1,048 s in 547 s
# alone). In clean clones the pure run took 602 s with the two beside it (about 120 s of
# CPU) and 530 s with them after it; the build was done by the batch tests' end.
# The many-worker tests (every fault: 20 kills under load (with 10, HOYLE_KILLS, as few as 3
# sockets were moved once: too few to tell), PostgreSQL restarted, a worker cut from the
# others, --workers 3) run after the others, alone: among the pure run's
# processes the killed worker's sockets once took 10.8 s to be back, past the test's 10 s.
# So do the tests that start a Dask or a Ray cluster (marked cluster): among the pure run's processes
# their daemons, starved, went on polling: Ray's test took 101 s and its processes 98 s of CPU,
# against 14 s and 19 s on a quiet machine.
# make test-postgres runs the whole web suite on PostgreSQL too.
# The batch engine's tests (JAX, which runs threads of its own) run apart, after the others:
# no process of theirs forks (a terminal, a server, a pool), as JAX's threads would not survive
# it. Two processes, each given whole files: a file's tests share their XLA programs, which
# each process compiled again when the tests were dealt one by one (idle, cold: 267 s and
# 502 s of CPU, against 320 s and 608 s; one process 359 s and 498 s, and beside the games'
# compiled tests 499 s). (Beside the pure run, niced, they starved till it
# ended and slowed it; beside the many-worker tests they slowed those: the killed worker's
# test 73 s against 41 s.) They play the first 2,500 of test_identical's 10,000 seeded games
# of each game (make verify-batch plays them all): all 10,000 were three quarters of their
# 402 s. Their compiled XLA programs are kept in build/jax-cache (JAX's persistent cache): a
# second run loads them (one file's tests: 57 s cold, 21 s warm).
# test_identical plays its games in one process, compiled as XLA compiles by default; the
# others (the API's, the training example's, the README's, the scoring's) in a second process
# beside it, compiled unoptimised (XLA_QUICK): they run small batches, and their time was
# XLA's own (test_api.py 156 s of CPU, 88 s unoptimised; the training example's tiny run
# 115 s, 65 s; the README's and the scoring's 1 and 4 s more; test_identical's first two
# six-card batches 69 s, 140 s). The same games either way: the example printed the same
# figures, and test_identical passes at both.
JAX_CACHE := JAX_COMPILATION_CACHE_DIR=$(CURDIR)/build/jax-cache JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS=0.2
XLA_QUICK := XLA_FLAGS="$$XLA_FLAGS --xla_backend_optimization_level=0"
IDENTICAL := tests/batch/test_identical.py
BATCH_TESTS := tests/batch src/hoyle/batch src/hoyle/engine/batch.py \
	src/hoyle/cribbage/batch.py src/hoyle/cribbage/batchenv.py \
	src/hoyle/ecarte/batch.py src/hoyle/ecarte/batchenv.py
NO_BATCH := $(foreach p,$(BATCH_TESTS),--ignore=$(p))
NO_COMPILED := $(foreach p,$(COMPILED_TESTS),--ignore=$(p))
# Each run prints its 15 slowest tests, where CI's 15 minutes go (pytest --durations).
SLOWEST := --durations=15
test: $(STAMP) debian-packages
	@mkdir -p build; rm -f build/accel.rc build/mypy.rc build/identical.rc build/identical.log
	HOYLE_PURE=1 $(BIN)/python -m pytest -q -n 3 --dist worksteal -m "not workers and not cluster" \
		$(NO_BATCH) $(NO_COMPILED) $(SLOWEST)
	(nice -n 19 $(BIN)/python scripts/build_accel.py > build/accel.log 2>&1; \
		echo $$? > build/accel.rc) & \
	(nice -n 19 $(BIN)/mypy > build/mypy.log 2>&1; echo $$? > build/mypy.rc) & \
	HOYLE_PURE=1 $(BIN)/python -m pytest -q -m "workers or cluster" \
		tests/web tests/sim tests/cli $(SLOWEST) && \
	{ (HOYLE_PURE=1 HOYLE_BATCH_GAMES=2500 $(JAX_CACHE) $(BIN)/python -m pytest -q \
		$(IDENTICAL) $(SLOWEST) > build/identical.log 2>&1; echo $$? > build/identical.rc) & \
	HOYLE_PURE=1 $(JAX_CACHE) $(XLA_QUICK) $(BIN)/python -m pytest -q $(BATCH_TESTS) \
		--ignore=$(IDENTICAL) $(SLOWEST); }; ok=$$?; wait; \
		echo "$(IDENTICAL) (run beside):"; cat build/identical.log; \
		echo "mypy (run beside):"; cat build/mypy.log; \
		[ $$ok = 0 ] && [ "$$(cat build/identical.rc)" = 0 ] && [ "$$(cat build/mypy.rc)" = 0 ]
	@cat build/accel.log; if [ "$$(cat build/accel.rc)" = 0 ]; then \
		$(BIN)/python -m pytest -q -n auto $(COMPILED_TESTS) $(SLOWEST) && \
		$(BIN)/python -m pytest -q -m "not slow" tests/conformance; \
	else echo "no compiled engine (no C compiler?): the games' tests run on the pure source"; \
		HOYLE_PURE=1 $(BIN)/python -m pytest -q -n auto $(COMPILED_TESTS) $(SLOWEST); fi

# The development loop (under a minute): the framework's, the games' and the conformance
# tests that start no process, browser, terminal or cluster (the tests marked slow run in
# make test), on the pure source, stopping at the first failure.
FAST_TESTS := tests/engine tests/cribbage tests/ecarte tests/conformance tests/test_catalogue.py
test-fast: $(STAMP)
	HOYLE_PURE=1 $(BIN)/python -m pytest -q -x -m "not slow" $(FAST_TESTS)

# The web suite on PostgreSQL: its in-process tests with one server, then all of it with
# every server the tests start with --workers 3
# (browsers, crashes and kills included; the tests of SQLite's own file, and of the caps
# each process counts alone, left out).
test-postgres: $(STAMP) debian-packages
	HOYLE_PURE=1 HOYLE_TEST_DB=postgres $(BIN)/python -m pytest -q -n auto tests/web \
		-m "not sqlite_only and not slow"
	HOYLE_PURE=1 HOYLE_TEST_DB=postgres HOYLE_TEST_WORKERS=3 $(BIN)/python -m pytest -q \
		-n auto tests/web -m "not sqlite_only and not one_process and not workers"
	HOYLE_PURE=1 $(BIN)/python -m pytest -q -m workers tests/web

# The fuzzers at a larger size than make test runs them: the leak checker
# (HOYLE_LEAK_GAMES games of every configuration, HOYLE_LEAK_TWINS twin positions each;
# its figures are printed) and the record fuzzer (HOYLE_FUZZ_SCALE).
FUZZ_GAMES ?= 25
FUZZ_TWINS ?= 80
fuzz: $(STAMP)
	HOYLE_PURE=1 HOYLE_LEAK_GAMES=$(FUZZ_GAMES) HOYLE_LEAK_TWINS=$(FUZZ_TWINS) \
		$(BIN)/python -m pytest -q -s tests/test_leaks.py tests/envs/test_openspiel_hardening.py
	HOYLE_FUZZ_SCALE=20 $(BIN)/python -m pytest -q tests/engine/test_record_fuzz.py

# The batch engine against the object engine over all 10,000 seeded games of each game
# (tests/batch/test_identical.py); make test plays the first 2,500 of each, the same seeds.
verify-batch: $(STAMP)
	HOYLE_PURE=1 HOYLE_BATCH_GAMES=10000 $(JAX_CACHE) $(BIN)/python -m pytest -q -n auto \
		tests/batch/test_identical.py

# Compile the engine with mypyc into build/mypyc (used automatically while fresh).
accel: $(STAMP)
	$(BIN)/python scripts/build_accel.py

bench: $(STAMP)
	-$(BIN)/python scripts/build_accel.py
	$(BIN)/python bench/run.py
	$(BIN)/python bench/ecarte.py
	$(BIN)/python bench/envs.py
	$(BIN)/python bench/batch.py
	$(BIN)/python bench/tui.py
	$(BIN)/python bench/scale.py
	$(BIN)/python bench/lobby.py

# N tables of two scripted websocket clients against a real server (bench/web.py --help)
bench-web: $(STAMP) postgres
	$(BIN)/python bench/web.py $(ARGS)

# The web table's pictures in docs/screenshots/ (every phase; desktop and phone, light and dark; a phone sideways, light).
screenshots: $(STAMP) chromium
	$(BIN)/python scripts/screenshots.py docs/screenshots

diff-openspiel: $(STAMP)
	$(BIN)/python scripts/diff_openspiel.py --deals 10000

typecheck: $(STAMP)
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build dist src/*.egg-info
