"""Helpers of the web tests: what a seat may know after each action, worked out from the
engine alone (a record replayed through the registry, ``state.view(seat)`` and
``Event.seen_by``), and the cards a frame or a page mentions."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from hoyle.cards import Card
from hoyle.engine.action import Action
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import get_game

SRC = Path(__file__).resolve().parents[2] / "src"
CODE = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][SHDC])(?![A-Za-z0-9])")
PRETTY = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def cards_in(value: Any) -> set[str]:
    """Every card in a view, an event or anything made of them (as card codes)."""
    found: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, Card):
            found.add(str(v))
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, (tuple, list, set, frozenset)):
            for x in v:
                walk(x)
        elif hasattr(v, "__dataclass_fields__"):
            for name in v.__dataclass_fields__:
                walk(getattr(v, name))
    walk(value)
    return found


def cards_mentioned(text: str) -> set[str]:
    """The cards a text names, as codes (``5H``) or as shown (``5♥``, ``10♣``)."""
    found = set(CODE.findall(text))
    for rank, suit in PRETTY.findall(text):
        found.add(("T" if rank == "10" else rank) + SUIT[suit])
    return found


def known_after(record: GameRecord, seat: int | None) -> list[set[str]]:
    """``known[i]``: every card ``seat`` (``None``: a spectator) may know once ``i``
    actions of ``record`` are applied: what its views and the events it saw showed."""
    spec = get_game(record.game)
    state: Any = spec.state_for_record(GameRecord(
        record.game, record.variant, record.laws, dict(record.options), list(record.seats),
        record.seed))

    def view() -> set[str]:
        v = state.public_view() if seat is None else state.view(seat)
        return cards_in(v)

    known = [view()]
    for text in record.actions:
        events = state.apply(Action.parse(text))
        now = set(known[-1]) | view()
        for e in events:
            seen = e.seen_by(seat)
            now |= cards_in((seen.cards, seen.items))
        known.append(now)
    return known


def _limit_files(n: int) -> Any:
    def limit() -> None:
        import resource
        resource.setrlimit(resource.RLIMIT_NOFILE, (n, n))
    return limit


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(db: Path | str, port: int, insecure_seed: int | None = None, *more: str,
           nofile: int | None = None, log: Path | None = None
           ) -> Iterator[subprocess.Popen[bytes]]:
    """``hoyle serve`` on ``db`` (a file, or a PostgreSQL URL) and ``port`` in a process of
    its own, once it answers
    (``nofile``: its limit of open descriptors; its stderr goes to the file ``log``, else
    to a pipe the caller may read once it has stopped)."""
    from helpers.postgres import on_postgres, stand_in

    env = {**os.environ, "PYTHONPATH": str(SRC)}
    seed = [] if insecure_seed is None else ["--insecure-seed", str(insecure_seed)]
    if on_postgres() and not str(db).startswith("postgres"):  # the suite on PostgreSQL:
        db = stand_in(db)  # the file's stand-in, --workers N (a test naming a URL: as asked)
        workers = os.environ.get("HOYLE_TEST_WORKERS")
        if workers and "--workers" not in more:
            seed += ["--workers", workers]
    if not any(m.startswith("--forced-pause") for m in more):  # a person's forced card at
        seed += ["--forced-pause", "0"]                         # once (tests only)
    seed += list(more)
    proc = subprocess.Popen([sys.executable, "-m", "hoyle", "serve", "--port", str(port),
                             "--db", str(db), *seed], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE if log is None else log.open("wb"),
                            preexec_fn=None if nofile is None else _limit_files(nofile),
                            start_new_session=True)  # its workers too: one group to kill
    try:
        deadline = time.monotonic() + 60
        while True:  # wait until it listens (not a timed assertion: a start-up wait)
            try:
                httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.TransportError:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield proc
    finally:
        kill(proc)


def kill(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL a server started by :func:`server`, its workers with it (a machine that
    fails: nothing is stopped cleanly); waited for."""
    import contextlib
    import signal

    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def wait_until(page: Any, expression: str, arg: Any = None, timeout: float | None = None
               ) -> None:
    """Wait until ``expression`` (a JavaScript expression or function of ``arg``) is true
    in ``page``, polling it with ``page.evaluate`` every 50 ms, at most ``timeout`` ms
    (30 s); an error while the page navigates (no such element yet) counts as false.
    Playwright's own ``wait_for_function`` evaluates its predicate as a string in the page,
    which the pages' Content-Security-Policy (no ``unsafe-eval``) forbids."""
    from playwright.sync_api import Error as PlaywrightError

    deadline = time.monotonic() + (30_000 if timeout is None else timeout) / 1000
    last: str = ""
    while True:
        try:  # a page still loading (after a click that navigates) has no element yet
            if page.evaluate(expression, arg):
                return
        except PlaywrightError as exc:
            last = f" (last error: {exc.message.splitlines()[0]})"
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true in time: {expression}{last}")
        time.sleep(0.05)


def wait_for_pegs(page: Any) -> list[tuple[int, int]]:
    """Wait until the board's drawn pegs (each side's holes, its circles in order from the
    start hole, one front peg and at most one back peg) are where its label says they are
    (the front peg walks there hole by hole): each side's ``(front, back)`` in holes, as
    labelled (a score past the game's end in the game hole)."""
    label = page.get_attribute("#board svg", "aria-label") or ""
    target = re.search(r"; game (\d+)", label)
    assert target, label
    # (a score past the game, as the label may say, is pegged in the game hole)
    pegs = [(min(int(f), int(target[1])), min(int(b), int(target[1])))
            for f, b in re.findall(r" (\d+), back peg (\d+)", label)]
    assert pegs, label
    drawn = """([n]) => {
        const cs = [...document.querySelectorAll('#board svg circle')];
        const per = cs.length / n;
        const at = (side, cls) => cs.slice(side * per, (side + 1) * per)
            .map((c, h) => c.classList.contains(cls) ? h : -1).filter((h) => h >= 0);
        return [...Array(n).keys()].map((side) => [at(side, 'front'), at(side, 'back')]);
    }"""
    want = [[[front], [] if back in (0, front) else [back]] for front, back in pegs]
    try:
        wait_until(page, f"([n, want]) => JSON.stringify(({drawn})([n])) === JSON.stringify(want)",
                   arg=[len(pegs), want], timeout=5000)
    except TimeoutError:
        raise AssertionError(f"pegs {pegs} labelled, drawn (fronts, backs) "
                             f"{page.evaluate(drawn, [len(pegs)])}") from None
    return pegs


_clicked: dict[int, float] = {}


def pace(page: Any) -> None:
    """Wait so that one page's (or socket's) moves come no faster than 0.8 of the server's
    message rate (``hoyle.web.app.RATE`` a second, past a burst): a test clicking as fast
    as the machine could once ran its socket past the rate and was closed, as a flood
    would be."""
    from hoyle.web.app import RATE

    wait = _clicked.get(id(page), 0.0) + 1.25 / RATE - time.monotonic()
    if wait > 0:
        time.sleep(wait)
    _clicked[id(page)] = time.monotonic()


def click_offered(page: Any) -> str | None:
    """Click what the table's page offers (a move button, else a playable card not chosen
    yet), paced as a person's (:func:`pace`): clicked in the page (the button's own handler),
    in one step so that an update redrawing the hand cannot come between finding and
    clicking. The button's label (or text), ``None`` when the page offers nothing."""
    pace(page)
    return page.evaluate("""() => {
        const b = document.querySelector('#buttons button')
            || document.querySelector('#hand button.legal:not(.chosen)');
        if (!b) return null;
        b.click();
        return b.getAttribute('aria-label') || b.textContent;
    }""")


def click_a_move(page: Any) -> bool:
    """One click of a move the table's page offers (:func:`click_offered`), then wait: for
    the table's next number or an error when the click sent a move (the table is
    ``aria-busy`` till the answer), at once when it only chose a card of several (the
    lay-away's first); ``False`` when the page offers none (an update came first: not
    this seat's move). A played card stays chosen till the answer redraws the hand, so a
    chosen card alone is no sign the click is answered (CI once ran 40 clicks past one)."""
    before = page.get_attribute("#table", "data-seq")
    clicked = click_offered(page)
    if clicked is None:
        return False
    wait_until(page,
               "([s]) => { const t = document.getElementById('table');"
               " return t.dataset.seq != s || document.getElementById('error').textContent"
               " || (t.getAttribute('aria-busy') !== 'true'"
               " && document.querySelector('#hand button.chosen')); }", arg=[str(before)])
    assert page.text_content("#error") == "", page.text_content("#error")
    return True


CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium (``make chromium`` installs it); never a downloaded browser build."""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's chromium, headless, driven by Playwright: a ``Browser``. Fails (never
    skips) when chromium is missing."""
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "no chromium: run make chromium (apt-get install chromium)"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


def metric(text: str, name: str) -> float:
    """The value of the sample ``name`` (with its labels, as printed) in ``text``."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    raise AssertionError(f"no sample {name} in the metrics")
