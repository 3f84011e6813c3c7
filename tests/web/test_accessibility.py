"""The lobby, the table and the account pages checked with axe-core (``axe-playwright-python``, its own copy
of axe-core injected by Playwright) in Debian's chromium, light and dark, at 1280x800 and
390x844: no serious or critical violation. The table is checked at a move of the
person's (his hand, the buttons, the board, the side panel with its folds open)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from helpers.web import free_port, server, wait_until
from hoyle.interface.registry import games

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    with server(tmp_path_factory.mktemp("web") / "axe.db", port, insecure_seed=1618):
        yield f"http://127.0.0.1:{port}"


def serious(page: Page) -> list[str]:
    page.evaluate("() => { for (const d of document.querySelectorAll('details')) d.open = true; }")
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + "; ".join(", ".join(n["target"]) for n in v["nodes"][:3])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_the_lobby_and_the_table_have_no_serious_violation(
        browser: Browser, base: str, size: tuple[int, int], scheme: str) -> None:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]},
                              color_scheme=scheme)
    page = ctx.new_page()
    page.goto(base + "/")
    assert serious(page) == []
    for game in [spec.name for spec in games()]:  # every registered game's table
        page.goto(base + "/")
        page.locator(f"#computer-{game} button[type=submit]").click()
        page.wait_for_url("**/t/*")
        wait_until(page, "document.getElementById('table').dataset.mine === '1'")
        assert serious(page) == [], game
    ctx.close()


@pytest.mark.parametrize("scheme,size", [("light", (1280, 800)), ("dark", (390, 844))],
                         ids=["1280x800-light", "390x844-dark"])
def test_the_account_pages_have_no_serious_violation(
        browser: Browser, base: str, size: tuple[int, int], scheme: str) -> None:
    # sign up (with its refusal shown), the player's own page, the tournaments, the
    # ratings: at a desktop's size light, a phone's dark (the CI's time: not all four)
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]},
                              color_scheme=scheme)
    page = ctx.new_page()
    page.goto(base + "/signup")
    name = f"Axe {size[0]} {scheme}"
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "a long password")
    page.fill("input[name=password2]", "another password")
    page.locator("#signup-form button[type=submit]").click()
    page.wait_for_selector("#form-error")
    assert serious(page) == [], "signup"
    page.fill("input[name=password]", "a long password")
    page.fill("input[name=password2]", "a long password")
    page.locator("#signup-form button[type=submit]").click()
    page.wait_for_url("**/me")
    assert serious(page) == [], "me"
    for path in ("/tournaments", "/ratings/cribbage", f"/players/{name}"):
        page.goto(base + path)
        assert serious(page) == [], path
    ctx.close()
