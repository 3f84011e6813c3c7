"""The web table's screenshots for docs/screenshots/ (``make screenshots``): a
``hoyle serve`` on a throwaway database with fixed seeds, Debian's chromium driven by
Playwright, each game played by clicking what the page offers, a picture taken at the
first person's move of each phase, at 1280x800 and 390x844, light and dark, and at 844x390
(a phone held sideways), light.

Usage: ``python scripts/screenshots.py [OUT]`` (default ``docs/screenshots``)."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import Page, sync_playwright

# (the viewport, its colour schemes): a phone held sideways in light only
SIZES = {"desktop": ((1280, 800), ("light", "dark")), "phone": ((390, 844), ("light", "dark")),
         "sideways": ((844, 390), ("light",))}
# (name, the lobby's quick form, its variant, the computer, the phases to picture)
GAMES = [("cribbage", "cribbage", "six-card", "expert", ("discard", "play", "show", "over")),
         ("ecarte", "ecarte", None, "rules", ("proposal", "discard", "play", "over")),
         ("three-hand", "cribbage", "three-hand", "greedy", ("play",)),
         ("four-hand", "cribbage", "four-hand", "greedy", ("discard", "play", "over"))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def state(page: Page) -> tuple[str, str, str]:
    return page.evaluate("() => { const t = document.getElementById('table');"
                         " return [t.dataset.mine, t.dataset.finished, t.dataset.phase]; }")


def play(page: Page, out: Path, name: str, phases: tuple[str, ...], size: str,
         scheme: str, pictured: set[str]) -> None:
    """Play the page's game by clicking, picturing each phase of ``phases`` not in
    ``pictured`` yet (added to it) at the person's first move of it; the show while it is
    laid out (the overlay lifting its combinations)."""
    for _ in range(3000):
        deadline = time.monotonic() + 30
        while True:
            mine, finished, phase = state(page)
            if "show" in phases and "show" not in pictured and \
                    page.is_visible("#showing"):
                pictured.add("show")
                page.wait_for_timeout(1500)  # a few combinations lifted
                page.screenshot(path=str(out / f"{name}-show-{size}-{scheme}.png"))
            if mine == "1" or finished == "1":
                break
            if time.monotonic() > deadline:
                raise SystemExit(f"{name}: the page did not come to a move")
            time.sleep(0.05)
        if finished == "1":
            phase = "over"
        if phase in phases and phase not in pictured:
            pictured.add(phase)
            page.wait_for_timeout(2000)  # the pegs walk to their holes (1.5 s at most)
            page.screenshot(path=str(out / f"{name}-{phase}-{size}-{scheme}.png"))
        if finished == "1" or pictured >= set(phases):
            return
        seq = page.get_attribute("#table", "data-seq")
        page.evaluate("() => { const b = document.querySelector('#buttons button')"
                      " || document.querySelector('#hand button.legal:not(.chosen)');"
                      " if (b) b.click(); }")
        deadline = time.monotonic() + 30
        while (page.get_attribute("#table", "data-seq") == seq
               and not page.query_selector("#hand button.chosen")):
            if time.monotonic() > deadline:
                raise SystemExit(f"{name} ({size}, {scheme}): the move was not answered: "
                                 + page.evaluate("() => [document.getElementById('table')"
                                                 ".getAttribute('aria-busy'), document"
                                                 ".getElementById('prompt').textContent,"
                                                 " document.getElementById('error')"
                                                 ".textContent].join(' | ')"))
            time.sleep(0.03)


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen([sys.executable, "-m", "hoyle", "serve", "--db",
                                 str(Path(tmp) / "shots.db"), "--port", str(port),
                                 "--insecure-seed", "1234", "--forced-pause", "0",
                                 "--max-tables", "1000"])
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    httpx.get(base + "/", timeout=2)
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu"])
                for size, ((w, h), schemes) in SIZES.items():
                    for scheme in schemes:
                        ctx = browser.new_context(viewport={"width": w, "height": h},
                                                  color_scheme=scheme)
                        page = ctx.new_page()
                        page.goto(base + "/")
                        page.fill("#lobby-name", "Ann")
                        page.screenshot(path=str(out / f"lobby-{size}-{scheme}.png"))
                        for name, form, variant, computer, phases in GAMES:
                            pictured: set[str] = set()
                            for _ in range(3):  # a game that skips a phase: another
                                page.goto(base + "/")
                                page.fill("#lobby-name", "Ann")
                                f = page.locator(f"#computer-{form}")
                                if variant:
                                    f.locator('select[name="opt_variant"]'
                                              ).select_option(variant)
                                f.locator('select[name="opponent"]').select_option(computer)
                                f.locator("button[type=submit]").click()
                                page.wait_for_url("**/t/*")
                                play(page, out, name, phases, size, scheme, pictured)
                                if pictured >= set(phases):
                                    break
                        page.goto(base + "/#more")  # the referee's table for a real game
                        f = page.locator("#referee-cribbage")
                        f.locator('input[name="names"]').fill("Ann, Bob")
                        f.locator("button[type=submit]").click()
                        page.wait_for_url("**/t/*")
                        page.wait_for_selector("#pack button")
                        page.locator("#pack button").nth(4).click()
                        page.screenshot(path=str(out / f"referee-{size}-{scheme}.png"))
                        ctx.close()
                browser.close()
        finally:
            proc.terminate()
            proc.wait()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main()
