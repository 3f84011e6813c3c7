"""The referee table in a real Chromium (Debian's ``chromium``, driven by Playwright, as
``test_browser.py``): a person makes a referee table from the lobby and referees three
deals of six-card cribbage from the page, tapping the cuts and the first deal from the
pack and typing the rest, an overclaim taken down with the decision's button and a report
from the menu; the board follows. What the page enters is checked against the engine's
own referee game fed the same lines, and a spectator's page never shows a card still in a
hand or the crib. Also on the page: an away seat's countdown, and a claim's many numbers
offered as one list. Screenshots under ``build/screenshots/``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from helpers.web import (cards_mentioned, click_a_move, free_port, server, wait_for_pegs,
                         wait_until)
from hoyle.cribbage.phase import Phase
from hoyle.interface.registry import get_game

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
PIPS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    with server(tmp_path_factory.mktemp("web") / "referee.db", port):
        yield f"http://127.0.0.1:{port}"


def seq(page: Page) -> int:
    return int(page.get_attribute("#table", "data-seq") or -1)


def wait_past(page: Page, before: int) -> None:
    wait_until(page, 
        "([s]) => document.getElementById('table').dataset.seq != s"
        " || document.getElementById('error').textContent", arg=[str(before)])
    assert page.text_content("#error") == "", page.text_content("#error")


def send(page: Page, text: str) -> None:
    """Type a line into the entry box and press Enter; wait for the table's next number.
    A pause first, at a person's pace: the server takes 10 messages a second a socket."""
    page.wait_for_timeout(110)
    before = seq(page)
    page.fill("#move-text", text)
    page.press("#move-text", "Enter")
    wait_past(page, before)


def tap(page: Page, cards: list[str]) -> None:
    """Tap the cards in the pack (each adds itself to the entry line), then Send."""
    before = seq(page)
    for c in cards:
        page.click(f'#pack button[data-card="{c}"]')
    assert page.input_value("#move-text") == " ".join(c.lower() for c in cards)
    page.click("#move button[type=submit]")
    wait_past(page, before)


def pips(card: str) -> int:
    return PIPS.get(card[0], int(card[0]) if card[0].isdigit() else 10)


def next_line(state: Any, rng: random.Random, used: set[str]) -> str:
    """What the table enters next in the engine's referee game: a card cut or turned that
    nobody holds, a shuffled deal, the first two cards laid away, the first card that fits
    the count (else go), and the true points at a claim."""
    if state.phase == Phase.CUT_FOR_DEAL:
        return next(c for c in ("AS", "2D", "QC", "7H", "8S", "9C", "4D", "6H", "3S")
                    if c not in used)
    if state.phase == Phase.STARTER:  # a card of the rest of the pack
        dealt = {str(c) for c in next(a for a in reversed(state.history)
                                      if a.verb == "DEAL").cards}
        return next(str(c) for c in state._pack() if str(c) not in dealt)
    if state.phase == Phase.DEAL:
        pack = [str(c) for c in state._pack()]
        rng.shuffle(pack)
        return " ".join(pack[:12])
    if state.phase == Phase.DISCARD:
        return " ".join(str(c) for c in state.view(state.to_act).hand[:2])
    if state.phase == Phase.PLAY:
        hand = [str(c) for c in state.view(state.to_act).hand]
        fit = [c for c in hand if state.count + pips(c) <= 31]
        return fit[0] if fit else "go"
    if state.phase == Phase.CLAIM:
        return str(state.claim.points)
    raise AssertionError(f"no line for {state.phase}")


def test_a_person_referees_three_deals_and_a_report_from_the_page(
        browser: Browser, base: str) -> None:
    ctx = browser.new_context(viewport={"width": 420, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(10000)
    page.goto(base + "/#more")
    form = page.locator("#referee-cribbage")
    form.locator('input[name="names"]').fill("Ann, Bob")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/*")
    wait_until(page, "document.getElementById('table').dataset.seq === '0'")
    url = page.url
    assert page.text_content("#prompt") == "Ann cuts for the deal (a card):"
    assert page.locator("#pack button").count() == 52
    watcher = browser.new_context().new_page()
    watcher.goto(url)
    wait_until(watcher, "document.getElementById('table').dataset.seq === '0'")
    assert watcher.locator("#pack").count() == 0 and watcher.locator("#move").is_hidden()

    spec = get_game("cribbage")
    text = spec.text()
    state, names = text.new_referee(["Ann", "Bob"], {"laws": "ew", "variant": "six-card",
                                                     "muggins": False})

    def entered(line: str) -> None:  # the engine's game takes the same line
        state.apply(text.read_table(line, state, names))

    # the cuts and the first deal tapped from the pack: Ann cuts 5H, Bob KD; Ann deals
    for card in ("5H", "KD"):
        tap(page, [card])
        entered(card)
    assert "Ann deals first (the lower card deals, EW-i)." in page.text_content("#log")
    deal = ["5C", "3C", "4C", "9S", "TS", "JS", "TD", "6D", "7D", "8H", "QH", "KH"]
    tap(page, deal)
    entered(" ".join(deal))
    for line in ("9s ts", "qh kh", "ac", "5c", "0", "td", "4"):
        send(page, line)
        entered(line)
    # Ann claimed 4 for fifteen (2 due): Bob's decision, its options as buttons (EW-ix)
    page.wait_for_selector("#buttons button")
    assert [b.text_content() for b in page.locator("#buttons button").all()] == [
        "choose takedown", "choose accept"]
    before = seq(page)
    page.click("text=choose takedown")
    wait_past(page, before)
    entered("CHOOSE takedown")
    assert "Ann 2, back peg" in page.get_attribute("#board svg", "aria-label") and \
        "Bob 2, back peg" in page.get_attribute("#board svg", "aria-label")
    # a report from the menu: Ann touched Bob's pegs, two to Bob (EW-xiv)
    page.click("#report summary")
    page.select_option("#report-seat", "0")
    before = seq(page)
    page.click('#menu button[data-kind="touched_pegs"]')
    wait_past(page, before)
    entered("report touched_pegs 0")
    assert "Ruling EW-xiv" in page.text_content("#log")
    assert "Bob 4, back peg 2" in page.get_attribute("#board svg", "aria-label")
    assert wait_for_pegs(page)[1] == (4, 2)  # drawn where the label says
    wait_until(watcher, "([s]) => document.getElementById('table').dataset.seq == s",
                              arg=[str(seq(page))])
    still_hidden = {str(c) for s in (0, 1) for c in state.view(s).hand} | {
        "9S", "TS", "QH", "KH"}
    assert not cards_mentioned(watcher.content()) & still_hidden
    # the rest of this deal and two more, typed as the engine's game says
    rng = random.Random(5)
    used = {"5H", "KD", "AC"}
    deals = state.deal_number
    tapped = 0
    while state.deal_number < deals + 3 and not state.is_terminal():
        line = next_line(state, rng, used)
        used.add(line)
        if state.phase == Phase.CLAIM:  # the likely claims are buttons: the count first
            n = state.claim.points
            page.wait_for_selector("#buttons button.likely")
            labels = [b.text_content() for b in page.locator("#buttons button.likely").all()]
            assert labels[0] == f"{n} (the count)" and len(labels) == len(set(labels)) >= 3
            assert ("0" in labels) == (n != 0)  # nothing claimed, where it is a slip
            page.wait_for_timeout(110)
            before = seq(page)
            page.locator("#buttons button.likely").first.click()
            wait_past(page, before)
            tapped += 1
        else:
            send(page, line)
        entered(line)
    assert tapped >= 6  # a hand, a hand and a crib in each deal at least
    shot = SHOTS / "referee.png"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot), full_page=True)
    label = page.get_attribute("#board svg", "aria-label") or ""
    scores = state.view(0).scores
    assert f"Ann {scores[0]}," in label and f"Bob {scores[1]}," in label, (label, scores)
    assert [front for front, _ in wait_for_pegs(page)] == list(scores)
    assert scores[0] + scores[1] > 10  # three deals counted
    assert page.text_content("#prompt") == text.referee_prompt(state, names).strip()
    ctx.close()
    watcher.context.close()


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose away seats are counted down for 3 seconds (not 10 minutes)."""
    port = free_port()
    with server(tmp_path_factory.mktemp("web") / "away.db", port, None,
                "--adjournment", "3"):
        yield f"http://127.0.0.1:{port}"


def test_an_away_seat_is_counted_down_on_the_opponents_page(browser: Browser,
                                                             short: str) -> None:
    a, b = browser.new_context().new_page(), browser.new_context().new_page()
    for p in (a, b):
        p.set_default_timeout(15000)
    a.goto(short + "/#more")
    form = a.locator("#form-cribbage")
    form.locator('select[name="seat1"]').select_option("person")
    form.locator("button[type=submit]").click()
    a.wait_for_url("**/t/*")
    url = a.url
    b.goto(a.locator('input[aria-label="invite link"]').input_value())  # the invite link
    b.click("text=Take seat 2")
    wait_until(b, "document.getElementById('table').dataset.seq !== undefined")
    assert a.locator("#away").is_hidden()
    b.goto("about:blank")  # seat 2 leaves
    wait_until(a, "document.getElementById('away').textContent.includes("
                        "'Player 2 is away: the seat waits 0:0')")
    # at zero: adjourned and kept, nothing forfeited
    wait_until(a, "document.getElementById('away').textContent.includes("
                        "'has not come back: the game is adjourned and kept')")
    assert "Nothing is forfeited" in a.text_content("#away")
    assert a.get_attribute("#table", "data-finished") == "0"
    b.goto(url)  # seat 2 is back: its cookie holds the seat
    wait_until(b, "document.getElementById('table').dataset.seq !== undefined")
    wait_until(a, "document.getElementById('away').hidden")
    assert "You are Player 2" in b.text_content(".who")
    a.context.close()
    b.context.close()


def test_a_claims_many_numbers_are_one_list_not_thirty_buttons(browser: Browser,
                                                               short: str) -> None:
    """Counting for oneself (EW-xiii): a claim offers every number from 0, more than the
    14 buttons a decision gets, so the page offers them as one list and a Send button."""
    page = browser.new_context().new_page()
    page.set_default_timeout(15000)
    page.goto(short + "/#more")
    form = page.locator("#form-cribbage")
    form.locator('input[name="opt_manual_count"]').check()
    form.locator('select[name="seat1"]').select_option("random")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/*")
    for _ in range(40):  # lay away, then play, until a claim is asked
        wait_until(page, "document.getElementById('table').dataset.mine === '1'")
        if page.locator("#choices").count():
            break
        click_a_move(page)
    options = page.locator("#choices option").all_text_contents()
    assert options[:3] == ["claim 0", "claim 1", "claim 2"] and len(options) > 14
    # a claim in the play: the count's cards stay in view (they once went with the phase)
    assert page.text_content("#prompt").startswith("Points for your")  # type: ignore[union-attr]
    assert page.locator("#centre .pile.count .card").count() >= 1
    assert page.locator("#buttons button").count() == 1  # the Send button only
    before = seq(page)
    page.select_option("#choices", "CLAIM 0")
    page.click("#buttons button.choose")
    wait_past(page, before)
    page.context.close()


def test_a_move_sent_marks_the_table_busy_till_its_answer(browser: Browser,
                                                          tmp_path: Path) -> None:
    """A move sent leaves the table ``aria-busy`` until the server's answer (a played card
    stays chosen till then, so the page and its tests know the click is not yet answered):
    with the server stopped the lay-away is sent and the table busy, and a third card
    tapped meanwhile chooses and sends nothing; let go, the answer comes, the table's
    number moves on, the table is not busy and no error (no stale second move) is shown."""
    import os
    import signal

    port = free_port()
    with server(tmp_path / "busy.db", port) as proc:
        page = browser.new_context().new_page()
        page.set_default_timeout(15000)
        page.goto(f"http://127.0.0.1:{port}/#more")
        form = page.locator("#form-cribbage")
        form.locator('select[name="seat1"]').select_option("random")
        form.locator("button[type=submit]").click()
        page.wait_for_url("**/t/*")
        wait_until(page, "document.getElementById('table').dataset.mine === '1'"
                         " && document.getElementById('table').dataset.phase === 'discard'")
        before = seq(page)
        assert page.get_attribute("#table", "aria-busy") is None
        os.killpg(proc.pid, signal.SIGSTOP)
        try:
            for _ in range(2):
                page.evaluate("""() => document.querySelector(
                    '#hand button.legal:not(.chosen)').click()""")
            assert page.get_attribute("#table", "aria-busy") == "true"
            assert seq(page) == before
            # a tap meanwhile sends nothing (it would be stale) and chooses nothing
            chosen = page.locator("#hand button.chosen").count()
            page.evaluate("""() => document.querySelector(
                '#hand button.legal:not(.chosen)').click()""")
            assert page.locator("#hand button.chosen").count() == chosen
        finally:
            os.killpg(proc.pid, signal.SIGCONT)
        wait_until(page, "([s]) => document.getElementById('table').dataset.seq != s",
                   arg=[str(before)])
        wait_until(page, "!document.getElementById('table').hasAttribute('aria-busy')")
        assert page.text_content("#error") == ""
        page.context.close()


def test_four_long_names_keep_the_referees_line_to_one_line_on_a_phone_held_sideways(
        browser: Browser, base: str) -> None:
    # "You are refereeing Alexandra v. Bartholomew v. Cornelius v. Dorothea: ..." took two
    # lines of a 640x360 screen: cut short now, whole in its title, "connected" beside it
    ctx = browser.new_context(viewport={"width": 640, "height": 360})
    page = ctx.new_page()
    page.goto(base + "/#more")
    form = page.locator("#referee-cribbage")
    form.locator('select[name="opt_variant"]').select_option("four-hand")
    names = "Alexandra v. Bartholomew v. Cornelius v. Dorothea"
    form.locator('input[name="names"]').fill(names.replace(" v.", ","))
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/*")
    wait_until(page, "document.getElementById('conn').textContent === 'connected'")
    height, line = page.evaluate("""() => { const e = document.querySelector('.who');
        return [e.getBoundingClientRect().height, parseFloat(getComputedStyle(e).lineHeight)]; }""")
    assert height < 1.5 * line
    assert page.get_attribute("#who-text", "title") == f"You are refereeing {names}"
    assert page.locator("#conn").is_visible()
    ctx.close()
