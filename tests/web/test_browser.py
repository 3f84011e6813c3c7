"""Browser tests in a real Chromium (Debian's ``chromium``, driven by Playwright; never a
downloaded browser): two browser contexts play a whole six-card cribbage game against each
other through the page, and one plays écarté against the computer. Every WebSocket frame
each context receives and its page's DOM after every move are checked for cards it may not
know (the allowed set worked out from the engine's view of its seat). A screenshot of each
table is kept under ``build/screenshots/``.

These tests fail (they are never skipped) when ``/usr/bin/chromium`` is missing:
``make test`` installs it first (``make chromium``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from helpers.web import (cards_mentioned, click_a_move, free_port, known_after, server,
                         wait_until)
from hoyle.engine.records import GameRecord

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    # the tables of this module get the seeds 31337, 31338 in the order they are made
    with server(tmp_path_factory.mktemp("web") / "browser.db", port, insecure_seed=31337):
        yield f"http://127.0.0.1:{port}"


class Seat:
    """One browser context at a table: its page and every frame its socket received."""

    def __init__(self, browser: Browser) -> None:
        self.context = browser.new_context(viewport={"width": 900, "height": 1100})
        self.page: Page = self.context.new_page()
        self.page.set_default_timeout(10000)
        self.frames: list[dict[str, Any]] = []
        self.doms: list[tuple[int, str]] = []
        self.page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: self.frames.append(json.loads(payload))))

    def seq(self) -> int:
        return int(self.page.get_attribute("#table", "data-seq") or -1)

    def mine(self) -> bool:
        return self.page.get_attribute("#table", "data-mine") == "1"

    def finished(self) -> bool:
        return self.page.get_attribute("#table", "data-finished") == "1"

    def snapshot(self) -> None:
        # the number and the page read together (an update may arrive at any time)
        seq, html = self.page.evaluate(
            "[document.getElementById('table').dataset.seq,"
            " document.documentElement.outerHTML]")
        self.doms.append((int(seq), html))

    def move(self) -> None:
        """One click of a move the page offers (:func:`helpers.web.click_a_move`)."""
        click_a_move(self.page)

    def check(self, known: list[set[str]]) -> None:
        """No frame and no page state names a card this seat did not know then."""
        assert self.frames
        for f in self.frames:
            seq = f.get("seq", 0)
            assert cards_mentioned(json.dumps(f, ensure_ascii=False)) <= known[seq], \
                (f.get("type"), seq)
        for seq, html in self.doms:
            assert cards_mentioned(html) <= known[seq], seq


def shot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")
    return path


def invite_link(page: Page) -> str:
    """The invite link a table's page shows its creator (with its secret)."""
    return page.locator('input[aria-label="invite link"]').input_value()


def create(seat: Seat, base: str, game: str, seats: list[str]) -> str:
    """Create a table through the lobby's form: the table page's address."""
    page = seat.page
    page.goto(base + "/#more")  # the forms with every option
    form = page.locator(f"#form-{game}")
    for i, kind in enumerate(seats):
        form.locator(f'select[name="seat{i}"]').select_option(kind)
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/*")
    wait_until(page, "document.getElementById('table').dataset.seq !== undefined")
    return page.url


def record_of(seat: Seat, url: str) -> GameRecord:
    data = seat.page.request.get(url + "/record.json").json()
    return GameRecord.from_json(json.dumps(data))


def test_two_people_play_a_whole_six_card_game_through_the_page(browser: Browser, base: str
                                                                ) -> None:
    a, b = Seat(browser), Seat(browser)
    url = create(a, base, "cribbage", ["person", "person"])
    b.page.goto(invite_link(a.page))  # the invite link, as the creator's page shows it
    b.page.click("text=Take seat 2")
    wait_until(b.page, "document.getElementById('table').dataset.seq !== undefined")
    seats = [a, b]
    moves = 0
    while not (a.finished() and b.finished()):
        mover = next((s for s in seats if s.mine()), None)
        if mover is None:  # the other side's update is on its way
            a.page.wait_for_timeout(20)
            continue
        mover.move()
        moves += 1
        for s in seats:
            s.snapshot()
        assert moves < 600
    assert "Game over" in a.page.text_content("#scores")
    assert b.page.text_content("#seed").startswith("Seed: 31337")
    shot(a.page, "cribbage-seat1.png")
    shot(b.page, "cribbage-seat2.png")
    record = record_of(a, url)
    assert record.result is not None and record.seed == 31337
    for i, s in enumerate(seats):
        s.check(known_after(record, i))
    # the page's ARIA live region and log carry the event lines the CLI prints
    assert a.page.locator("#log li").count() > 100
    for s in seats:
        s.context.close()


def test_a_person_plays_ecarte_against_the_computer_through_the_page(
        browser: Browser, base: str) -> None:
    me = Seat(browser)
    url = create(me, base, "ecarte", ["person", "rules"])
    moves = 0
    while not me.finished():
        wait_until(me.page, 
            "document.getElementById('table').dataset.mine === '1'"
            " || document.getElementById('table').dataset.finished === '1'")
        if me.finished():
            break
        me.move()
        moves += 1
        me.snapshot()
        assert moves < 600
    assert "Game over" in me.page.text_content("#scores")
    assert me.page.locator("#live p").count() > 0
    shot(me.page, "ecarte.png")
    record = record_of(me, url)
    assert record.result is not None
    me.check(known_after(record, 0))
    me.context.close()


def test_the_lobby_and_a_phone_sized_table(browser: Browser, base: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844},
                              color_scheme="dark")
    page = ctx.new_page()
    page.goto(base + "/#more")
    shot(page, "lobby-phone-dark.png")
    form = page.locator("#form-cribbage")
    form.locator('select[name="seat1"]').select_option("expert")
    form.locator('select[name="opt_match"]').select_option("3")  # first to 3 games
    form.locator("button[type=submit]").click()
    wait_until(page, "document.getElementById('table').dataset.mine === '1'")
    # the match's line and its games' records, as the page's script draws them
    assert page.text_content("#match") == ("Game 1. Match, first to 3 games: Player 1 0, "
                                           "Computer 2 (expert) 0.")
    games = page.locator("#games li")
    assert games.count() == 1 and (games.nth(0).text_content() or "").endswith(
        "(being played)")
    # keyboard only: type the move in the box
    hand = page.locator("#hand button.legal")
    cards = [hand.nth(i).get_attribute("data-card") for i in range(2)]
    before = page.get_attribute("#table", "data-seq")
    page.keyboard.press("/")
    page.keyboard.type(" ".join(c or "" for c in cards))
    page.keyboard.press("Enter")
    wait_until(page, "([s]) => document.getElementById('table').dataset.seq != s",
                           arg=[before])
    assert page.locator("#hand button").count() == 4  # two laid away
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # a single column, nothing wider than the phone
    bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert bg == "rgb(21, 23, 26)"  # the dark scheme followed
    shot(page, "cribbage-phone-dark.png")
    ctx.close()
