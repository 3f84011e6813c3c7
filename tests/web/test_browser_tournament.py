"""A tournament in a real Chromium (issue 29): the director signs up and makes a club night
of four players played online; the four players, each in a browser context of his own,
sign up; the director pairs round one; each player follows his "Play your game" link to
the hoyle table kept for him, takes his seat and begins his game through the page (laying
away and playing his first card), the rest of it played over his own socket; the standings
page, left open in the director's context, shows both results without being
reloaded (its live part read again by the page). Screenshots of the tournament page at
desktop and phone size are kept under ``build/screenshots/``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from helpers.live import play
from helpers.web import click_a_move, free_port, server, wait_until
from hoyle.web.app import cookie_name

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
PLAYERS = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    with server(tmp_path_factory.mktemp("web") / "club.db", port, insecure_seed=4242):
        yield f"http://127.0.0.1:{port}"


def sign_up(browser: Browser, base: str, name: str, size: tuple[int, int] = (1100, 1000)
            ) -> Page:
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.set_default_timeout(15000)
    page.goto(base + "/signup")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "club night password")
    page.fill("input[name=password2]", "club night password")
    page.locator("#signup-form button[type=submit]").click()
    page.wait_for_url("**/me")
    return page


def test_a_director_runs_round_one_and_the_standings_update(browser: Browser, base: str
                                                           ) -> None:
    director = sign_up(browser, base, "Director")
    players = {n: sign_up(browser, base, n) for n in PLAYERS}
    director.goto(base + "/tournaments")
    form = director.locator("#new-tournament")
    form.locator("input[name=name]").fill("Thursday club night")
    form.locator("input[name=games]").fill("3")
    form.locator("select[name=venue]").select_option("online")
    form.locator("textarea[name=players]").fill("\n".join(PLAYERS))
    form.locator("button[type=submit]").click()
    director.wait_for_url(re.compile(r".*/tournaments/[0-9a-f]+$"))
    url = director.url
    director.locator("#pair-form button").click()
    director.wait_for_selector("text=Round 1")
    # each player opens the tournament and follows the link to his own table
    tables: dict[str, Page] = {}
    for name, page in players.items():
        page.goto(url)
        page.locator("a", has_text="Play your game").click()
        page.wait_for_url("**/t/*")
        # the page offers him the seat kept for him alone
        assert page.locator("form button", has_text="Take").count() == 1
        page.locator("form button", has_text="Take your seat").click()
        page.wait_for_url("**/t/*")
        wait_until(page, "document.getElementById('table').dataset.seq !== undefined")
        tables[name] = page
    # each player's first moves through his page (the lay-away and the play begun), then
    # the rest of both games over the players' own sockets, each with his page's seat cookie
    # (whole games through the page are test_browser's: here the tournament's pages are)
    clicks = dict.fromkeys(tables, 0)
    rounds = 0
    while min(clicks.values()) < 4:
        moved = False
        for name, page in tables.items():
            if clicks[name] < 4 and page.get_attribute("#table", "data-mine") == "1" \
                    and click_a_move(page):
                clicks[name] += 1
                moved = True
        if not moved:
            next(iter(tables.values())).wait_for_timeout(20)
        rounds += 1
        assert rounds < 500, clicks
    seats: dict[str, dict[int, str]] = {}  # table -> seat -> token
    for name, page in tables.items():
        table_id = page.url.rsplit("/", 1)[1]
        seat = int(re.search(r"\(seat (\d)\)", page.text_content(".who") or "")[1]) - 1
        token = [c["value"] for c in page.context.cookies()
                 if c["name"] == cookie_name(table_id)]
        seats.setdefault(table_id, {})[seat] = token[0]
        page.context.close()
    assert sorted(len(s) for s in seats.values()) == [2, 2], seats
    port = int(base.rsplit(":", 1)[1])
    with ThreadPoolExecutor(2) as both:  # the two tables at once
        for done in [both.submit(play, port, table_id, [tokens[0], tokens[1]], None, 0, True)
                     for table_id, tokens in seats.items()]:
            done.result()
    # the director's page, not reloaded, shows both results (its live part read again)
    wait_until(director, "document.querySelectorAll('#live td').length > 0 && "
                         "[...document.querySelectorAll('#live tr')].filter("
                         "r => /121-/.test(r.textContent)).length >= 2", timeout=20000)
    standings = director.locator("#standings tbody tr").all_inner_texts()
    assert len(standings) == 4
    winners = [row for row in standings if "\t1\t1\t0\t" in row]
    assert len(winners) == 2, standings
    SHOTS.mkdir(parents=True, exist_ok=True)
    director.screenshot(path=str(SHOTS / "tournament-desktop.png"), full_page=True)
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(url)
    phone.screenshot(path=str(SHOTS / "tournament-phone.png"), full_page=True)
