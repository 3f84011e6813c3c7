"""The table page as a card table, in a real Chromium (Debian's ``chromium``): a whole game
of each registered game and seating, begun from the lobby's "Play the computer" and played
by clicking only (no typing), the page turned to the next size at each of the person's moves,
as a phone is turned in the hand (``CASES``): a small phone's 360x640 and two phones held
sideways (844x390, 640x360), and for the default game and the four-hand game a desktop's
1280x800 and a phone's 390x844 too. At every move of the person's, the board (where the game
has one), the hand, the play area, the prompt and the moves' buttons are inside the viewport
with the page unscrolled, every pile, card and label of the play area is inside it (it clips
what overflows) with no two piles overlapping, and the page never scrolls sideways: asserted
from the elements' boxes, at each of his turns and on every frame the page paints while the
others play (a four-hand play's cards once pushed a phone's hand and prompt off the screen).
A person's name, given once in the lobby, is kept by the browser and shown at the table.

Names themselves (sanitised, capped, told apart, never "You" nor a card) are tested through
the app in ``test_names``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from helpers.web import (click_a_move, click_offered, free_port, server, wait_for_pegs,
                         wait_until)
from hoyle.interface.registry import default_game, games


def games_variants(name: str) -> list[str]:
    """The game's variants, its default first, as its quick form lists them."""
    return [list(s.variants()) for s in games() if s.name == name][0]

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

DESKTOP = (1280, 800)
PHONE = (390, 844)
SMALL = (360, 640)  # a small phone: the four-hand table's others once took three rows here
SIDEWAYS = (844, 390)  # a phone held sideways: it once got the desktop's grid, the hand below
SMALL_SIDEWAYS = (640, 360)  # a small phone sideways: narrower than 46rem and short
SIZES = {"1280x800": DESKTOP, "390x844": PHONE, "360x640": SMALL, "844x390": SIDEWAYS,
         "640x360": SMALL_SIDEWAYS}

# (the game's quick form, its variant or None where it has one only, the computer): every
# registered game and variant; the computer is the second its registry lists (weakest
# first: a quick one that still plays its cards to a purpose)
SEATINGS = [(spec.name, variant if len(spec.variants()) > 1 else None,
             list(spec.players())[1]) for spec in games() for variant in spec.variants()]

OUT_OF_VIEW = """([board, finished]) => {
  const vw = window.innerWidth, vh = window.innerHeight, out = [];
  // at the game's end "Play again" is offered; your hand shown in the play area (the show) is
  // not drawn below it too on a phone
  const shown = document.getElementById("hand").classList.contains("shown")
    && getComputedStyle(document.getElementById("hand")).display === "none";
  const ids = finished ? ["again", "centre", "prompt"] :
    [...(board ? ["board"] : []), "buttons", ...(shown ? [] : ["hand"]), "centre", "prompt"];
  const at = (r) => `${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`;
  const inside = (r, o) => r.left >= o.left - 0.5 && r.top >= o.top - 0.5 && r.right <= o.right + 0.5 && r.bottom <= o.bottom + 0.5;
  for (const id of ids) {
    const e = document.getElementById(id);
    if (!e || !e.getClientRects().length) { out.push(id + " is not shown"); continue; }
    const r = e.getBoundingClientRect();
    if (!inside(r, { left: 0, top: 0, right: vw, bottom: vh })) out.push(`${id} at ${at(r)} in ${vw}x${vh}`);
  }
  // the play area clips what overflows it: every pile, card and label in it is whole, and no
  // two piles overlap
  const centre = document.getElementById("centre").getBoundingClientRect();
  const piles = [...document.querySelectorAll("#centre > .pile")].map((p) => p.getBoundingClientRect());
  for (const e of document.querySelectorAll("#centre .pile, #centre .card, #centre .label")) {
    const r = e.getBoundingClientRect();
    if (r.width && !inside(r, centre))
      out.push(`${e.className} "${e.textContent}" at ${at(r)} outside the play area at ${at(centre)}`);
  }
  piles.forEach((a, i) => piles.slice(i + 1).forEach((b) => {
    if (a.right > b.left + 0.5 && b.right > a.left + 0.5 && a.bottom > b.top + 0.5 && b.bottom > a.top + 0.5)
      out.push(`two piles overlap: ${at(a)} and ${at(b)}`);
  }));
  const wide = document.documentElement.scrollWidth;
  if (wide > vw) out.push(`the page is ${wide} px wide in ${vw}`);
  // (at the game's end a phone's page is scrolled to "Play again", the board above it)
  if (!finished && (window.scrollX || window.scrollY)) out.push(`the page scrolled to ${window.scrollX},${window.scrollY}`);
  return out;
}"""


# on a phone held upright, the who-line and each side's score line on one line (a long name
# cut short instead)
WRAPPED = """() => [...document.querySelectorAll(".who, #scores p.score")].filter((e) =>
  e.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(e).lineHeight))
  .map((e) => `${e.className} "${e.textContent}" on ${Math.round(e.getBoundingClientRect().height)} px`)"""


# the same, on every frame the page paints while the game is on (the others' moves too, and
# a forced card the server plays at once): the first few frames out of view, by their number
WATCH = """(() => {
  const outOfView = (""" + OUT_OF_VIEW + """);
  window.outOfView = [];
  const look = () => {
    const t = document.getElementById("table"), b = document.getElementById("board");
    if (t && b && t.dataset.seq !== undefined && t.dataset.finished !== "1"
        && !window.turning && window.outOfView.length < 5) {
      const out = outOfView([b.childElementCount > 0]);
      const last = window.outOfView[window.outOfView.length - 1];
      if (out.length && (!last || last.seq !== t.dataset.seq))
        window.outOfView.push({ seq: t.dataset.seq, out });
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    # every game and variant at three sizes (and "play again") from one address: past the
    # 20 tables an address may make in an hour (MAX_TABLES) when one worker runs them all
    with server(tmp_path_factory.mktemp("web") / "layout.db", port, 2718, "--max-tables", "100"):
        yield f"http://127.0.0.1:{port}"


# Every size for the default game (the main job) and for the four-hand game (the most piles:
# the layout's hardest case, where the last show once fell out of a small phone's play area);
# every other seating at the sizes that squeeze it most: the small phone upright, and both
# phones held sideways (wide and narrow: two layouts). One whole game a seating, the page
# turned to the next of its sizes at each of the person's moves: each size sees a share of
# every phase (the lay-away, the play, the show), and the page is laid out again as it is
# turned. (A whole game at each size, 22 games, took 555 s of the pure run's 3,760 s.)
EVERY_SIZE = {(default_game().name, default_game().variants()[0]), ("cribbage", "four-hand")}
SQUEEZED = ["360x640", "844x390", "640x360"]
CASES = [pytest.param(game, variant, computer,
                      [SIZES[size] for size in (SIZES if (game, variant or games_variants(game)[0])
                                                in EVERY_SIZE else SQUEEZED)],
                      id=f"{game}-{variant}" if variant else game)
         for game, variant, computer in SEATINGS]


@pytest.mark.parametrize(("game", "variant", "computer", "sizes"), CASES)
def test_a_whole_game_by_clicking_with_the_table_in_view(
        browser: Browser, base: str, game: str, variant: str | None, computer: str,
        sizes: list[tuple[int, int]]) -> None:
    play_a_whole_game(browser, base, game, variant, computer, sizes)


def test_the_last_show_of_six_piles_whole_on_a_small_phone_sideways(
        browser: Browser, tmp_path: Path) -> None:
    """A four-hand game that ends on the crib's count, its dealer the seat before the
    person's: the last show's six piles (the starter, four hands in the order shown, the
    crib) are whole in a 640x360 play area. Three computers' piles a row once took 519 px of
    its 518 (1.6rem between piles) and the crib fell to a third row below it (CI, a game the
    server's seed drew; seed 38 plays that game again)."""
    port = free_port()
    with server(tmp_path / "six.db", port, 38):
        piles = play_a_whole_game(browser, f"http://127.0.0.1:{port}", "cribbage",
                                  "four-hand", "greedy", [SMALL_SIDEWAYS])
    assert piles == ["starter", "your hand", "Computer 2 (greedy)'s hand",
                     "Computer 3 (greedy)'s hand", "Computer 4 (greedy)'s hand",
                     "Computer 4 (greedy)'s crib"]


def play_a_whole_game(browser: Browser, base: str, game: str, variant: str | None,
                      computer: str, sizes: list[tuple[int, int]]) -> list[str]:
    """A whole game begun from the lobby at ``sizes[0]`` and played by clicking, the page
    turned to the next of ``sizes`` at each of the person's moves, the table in view at every
    move and at the end (asserted); the last play area's piles' labels."""
    size = sizes[0]
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    page.goto(base + "/")
    # on the small phone a name as long as names may be (24 characters): cut short, never
    # wrapped onto a second line (it once pushed the prompt below the screen)
    name = "Bartholomew Fitzwilliams" if SMALL in sizes else "Ann Lee"
    page.fill("#lobby-name", name)  # given once: the browser keeps it
    form = page.locator(f"#computer-{game}")
    if variant:
        form.locator('select[name="opt_variant"]').select_option(variant)
    form.locator('select[name="opponent"]').select_option(computer)
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/*")
    wait_until(page, "document.getElementById('table').dataset.seq !== undefined")
    assert f"You are {name} (seat 1)" in (page.text_content(".who") or "")
    wait_until(page, "document.getElementById('table').dataset.mine === '1'")
    board = page.evaluate("document.getElementById('board').childElementCount > 0")
    moves, checked = 0, 0
    while True:
        wait_until(page, "document.getElementById('table').dataset.mine === '1'"
                         " || document.getElementById('table').dataset.finished === '1'")
        if page.get_attribute("#table", "data-finished") == "1":
            # the last show's hands whole in the play area (at 740x360 sideways they were once
            # squeezed to a sliver by the hand below them) and "Play again" in view, at the
            # size the game ended at (the page scrolled "Play again" into view for that one)
            assert page.evaluate(OUT_OF_VIEW, [board, True]) == [], "the game's end"
            piles = page.eval_on_selector_all(
                "#centre > .pile > .label", "(ls) => ls.map((l) => l.textContent)")
            break
        if sizes[moves % len(sizes)] != size:  # turned: laid out again before it is looked at
            size = sizes[moves % len(sizes)]
            page.evaluate("window.turning = true")  # (the watch skips the frames between)
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
            page.evaluate("window.turning = false")
        assert page.evaluate(OUT_OF_VIEW, [board, False]) == [], (
            moves, size, page.text_content("#prompt"))
        if size in (PHONE, SMALL):  # across the top (beside the board they may wrap)
            assert page.evaluate(WRAPPED) == [], moves
        checked += 1
        if not click_a_move(page):  # sent: waits for the answer (or chose one card of two)
            continue  # an update came first
        moves += 1
        assert moves < 1500
    assert checked >= 2 * len(sizes)  # each size seen at two moves at least (an écarté game
    # to five was once eight moves)
    assert page.evaluate("window.outOfView") == []  # nor while the others played
    assert "Game over" in (page.text_content("#scores") or "")
    if board:  # each side's pegs drawn where the board's label says, the winner's in the
        # game hole (the holes drawn once, each peg's move redrawing its holes alone)
        target = re.search(r"; game (\d+)", page.get_attribute("#board svg", "aria-label") or "")
        assert target and max(front for front, _ in wait_for_pegs(page)) == int(target[1])
    for got, target in re.findall(r"(\d+) of (\d+)", page.text_content("#scores") or ""):
        assert int(got) <= int(target)  # the winner's peg stops in the game hole
    assert page.title().startswith("hoyle")  # not "Your turn" once it is over
    if variant is None or variant == games_variants(game)[0]:  # play again: a new table
        old = page.url
        page.click("#again button")
        page.wait_for_url(lambda url: url != old and "/t/" in url)
        wait_until(page, "document.getElementById('table').dataset.seq !== undefined")
        assert f"You are {name} (seat 1)" in (page.text_content(".who") or "")
    ctx.close()
    return piles


def test_the_lobby_keeps_the_name_and_a_lost_connection_refuses_a_click(
        browser: Browser, tmp_path: Path) -> None:
    """The name typed once is offered again on the next visit; a card clicked while the
    server is down is refused where the player looks (never silently dropped), and the
    game goes on from the same move once the server is back."""
    port = free_port()
    db = tmp_path / "down.db"
    ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    page = ctx.new_page()
    page.set_default_timeout(15000)
    with server(db, port, insecure_seed=99):
        base = f"http://127.0.0.1:{port}"
        page.goto(base + "/")
        page.fill("#lobby-name", "Bob")
        page.locator("#computer-cribbage button[type=submit]").click()
        page.wait_for_url("**/t/*")
        wait_until(page, "document.getElementById('table').dataset.mine === '1'")
        url = page.url
        page.goto(base + "/")
        assert page.input_value("#lobby-name") == "Bob"
        page.goto(url)
        wait_until(page, "document.getElementById('table').dataset.mine === '1'")
        assert page.title().startswith("\u25cf Your turn")
        seq = page.get_attribute("#table", "data-seq")
    # the server is down: the page says so at once, and a click is refused in words
    wait_until(page, "document.getElementById('conn').classList.contains('lost')")
    assert click_offered(page) is not None and click_offered(page) is not None  # the lay-away
    wait_until(page, "document.getElementById('error').textContent.startsWith('Not sent')")
    with server(db, port):
        wait_until(page, "document.getElementById('conn').textContent.startsWith('connected')")
        assert page.get_attribute("#table", "data-seq") == seq  # nothing was played
        assert page.text_content("#error") == ""
        assert click_a_move(page)  # and the game goes on from the same move
    ctx.close()


def test_waiting_for_a_friend_the_invite_keeps_one_line_on_a_small_phone_held_sideways(
        browser: Browser, base: str) -> None:
    """At 640x360 the invite (words, link, Copy) once took 80 px above the table: one line
    now, and the table in view below it."""
    ctx = browser.new_context(viewport={"width": SMALL_SIDEWAYS[0], "height": SMALL_SIDEWAYS[1]})
    page = ctx.new_page()
    page.goto(base + "/")
    page.locator("#friend-cribbage button[type=submit]").click()
    page.wait_for_url("**/t/*")
    wait_until(page, "document.getElementById('table').dataset.seq !== undefined")
    height = page.evaluate("document.querySelector('.invite').getBoundingClientRect().height")
    assert height < 32, height
    assert page.is_visible("#copy-invite")
    assert page.evaluate(OUT_OF_VIEW, [True, False]) == []
    ctx.close()


def test_manual_counting_on_a_small_phone_keeps_the_claim_in_view(
        browser: Browser, base: str) -> None:
    """Four-hand with manual counting at 360x640, a 24-character name: the page is taller
    than the screen there (the claim's list under the play, the shown hands at the show),
    and at each of the person's turns (40 moves, and on till a crib is counted) the prompt
    and the moves' buttons are scrolled into view, the prompt's top on the screen; once the
    crib is shown your laid-away cards are not drawn beside you too (they are in it)."""
    ctx = browser.new_context(viewport={"width": SMALL[0], "height": SMALL[1]})
    page = ctx.new_page()
    page.set_default_timeout(15000)
    page.goto(base + "/#more")
    page.fill("#lobby-name", "Wolfeschlegelsteinhausen")
    form = page.locator("#form-cribbage")
    form.locator('select[name="opt_variant"]').select_option("four-hand")
    form.locator('input[name="opt_manual_count"]').check()
    for i in (1, 2, 3):
        form.locator(f'select[name="seat{i}"]').select_option("greedy")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/*")
    moves = scrolled = crib_shown = 0
    while moves < 90 and not (moves >= 40 and crib_shown):
        wait_until(page, "document.getElementById('table').dataset.mine === '1'"
                         " || document.getElementById('table').dataset.finished === '1'")
        if page.get_attribute("#table", "data-finished") == "1":
            break
        boxes = page.evaluate("""() => ['prompt', 'buttons'].map((id) => document.getElementById(id))
            .filter((e) => !e.hidden && e.getClientRects().length).map((e) => {
              const r = e.getBoundingClientRect(); return [e.id, r.top, r.bottom]; })""")
        assert all(0 <= top and bottom <= SMALL[1] for _, top, bottom in boxes), (moves, boxes)
        scrolled += page.evaluate("window.scrollY") > 0
        # the crib shown: your laid-away cards are in it, not drawn beside you too
        if page.evaluate("[...document.querySelectorAll('#centre .label')].some((l) => /crib$/.test(l.textContent))"):
            assert page.locator("#seat-me .earlier").count() == 0, moves
            crib_shown += 1
        if click_a_move(page):
            moves += 1
    assert moves >= 40 and scrolled >= 5  # the page was taller than the screen
    assert crib_shown >= 1, "no crib was counted"


def test_the_help_held_sideways_leaves_the_hand_in_view_and_is_put_away(
        browser: Browser, base: str) -> None:
    """Held sideways (740x360) the help's long answer lies over the top of the felt: no
    lower than the hand's top (it once hid the top half of the hand's cards, indices and
    all, till the table moved), scrolled within itself; Escape puts it away, and so does a
    tap on it."""
    ctx = browser.new_context(viewport={"width": 740, "height": 360})
    page = ctx.new_page()
    page.set_default_timeout(15000)
    page.goto(base + "/")
    page.locator("#computer-cribbage button[type=submit]").click()
    page.wait_for_url("**/t/*")
    wait_until(page, "document.getElementById('table').dataset.mine === '1'")
    for close in ("Escape", "tap"):
        page.fill("#move-text", "help")
        page.press("#move-text", "Enter")
        wait_until(page, "document.getElementById('said').textContent.length > 300")
        said, hand = page.evaluate("""() => ['said', 'hand'].map((id) => {
            const r = document.getElementById(id).getBoundingClientRect(); return [r.top, r.bottom]; })""")
        assert said[1] <= hand[0] + 12, (said, hand)  # the cards' lift (.6rem) aside
        if close == "Escape":
            page.keyboard.press("Escape")
        else:
            page.click("#said")
        wait_until(page, "document.getElementById('said').textContent === ''")
    ctx.close()


def test_the_show_lays_out_each_hand_and_lifts_each_combination(
        browser: Browser, base: str) -> None:
    """At the show the hand and the starter are laid out over the play area, each
    combination's cards lifted in turn, the words as players say them ending with the
    hand's total, the same total as the game's line; the setting "skip it" shows none."""
    ctx = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    page = ctx.new_page()
    page.set_default_timeout(15000)
    page.goto(base + "/")
    page.locator('#computer-cribbage select[name="opponent"]').select_option("greedy")
    page.locator("#computer-cribbage button[type=submit]").click()
    page.wait_for_url("**/t/*")
    seen_lift = False
    for _ in range(300):
        wait_until(page, "document.getElementById('table').dataset.mine === '1'"
                         " || !document.getElementById('showing').hidden")
        shown = page.evaluate("""() => {
            const box = document.getElementById('showing');
            if (box.hidden) return null;
            return [box.querySelector('.title').textContent,
                    box.querySelectorAll('.card').length,
                    box.querySelectorAll('.card.lit').length,
                    box.querySelector('.said').textContent];
        }""")
        if shown is None:
            click_a_move(page)  # sent: waits for the answer (or chose one card of two)
            continue
        title, cards, lit, _ = shown
        assert cards == 5 and title.endswith(("hand", "crib"))
        wait_until(page, "document.querySelectorAll('#showing .card.lit').length > 0"
                         " || /= \\d+$/.test(document.querySelector('#showing .said').textContent)"
                         " || document.getElementById('showing').hidden")
        seen_lift = seen_lift or page.evaluate(
            "document.querySelectorAll('#showing .card.lit').length") > 0
        # the words end with the hand's total, as the game's own line says it
        wait_until(page, "/= \\d+$/.test(document.querySelector('#showing .said').textContent)"
                         " || document.getElementById('showing').hidden")
        said = page.evaluate("() => document.querySelector('#showing .said').textContent")
        if said.endswith(tuple("0123456789")):
            total = said.rsplit("= ", 1)[1]
            log = page.text_content("#log") or ""
            assert f"the {title.rsplit(' ', 1)[1]}: " in log and f" = {total}" in log
            if seen_lift:
                break
    assert seen_lift
    page.click("#settings summary")
    page.select_option("#show-speed", "skip")
    page.reload()
    wait_until(page, "document.getElementById('table').dataset.seq !== undefined")
    assert page.evaluate("localStorage.getItem('hoyle-show-speed')") == "skip"
    shows = (page.text_content("#log") or "").count(" the hand: ")
    for _ in range(300):  # to the next show: nothing laid out over the table
        wait_until(page, "document.getElementById('table').dataset.mine === '1'")
        assert page.evaluate("document.getElementById('showing').hidden")
        if (page.text_content("#log") or "").count(" the hand: ") > shows:
            break
        click_a_move(page)
    else:
        raise AssertionError("no show came")
    assert page.evaluate("document.getElementById('showing').hidden")
    ctx.close()
