"""The table page across a match's games, in a real Chromium (Debian's ``chromium``,
driven by Playwright): a spectator's page watches a person's match (the person plays over
a real WebSocket, the first legal move each time); when game 2 starts, "The last show"
of game 1 is cleared (the page shows game 2's shows only), and the match line names the
sides."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from helpers.web import free_port, server, wait_until
from hoyle.web.app import cookie_name

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

WATCH = """() => {
  window.seen = [];
  const note = () => {
    const m = document.getElementById('match'), s = document.getElementById('show');
    if (m && s) window.seen.push([m.textContent, s.textContent]);
  };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true,
                                                     characterData: true});
}"""


def frames(ws: ClientConnection) -> dict[str, Any]:
    while True:
        f = json.loads(ws.recv(timeout=60))
        if f["type"] == "update":
            return f  # type: ignore[no-any-return]
        if f["type"] == "error":  # a move chosen on a frame that was not the last
            ws.send(json.dumps({"type": "sync", "seq": f["seq"]}))


def test_the_last_show_of_game_1_is_cleared_when_game_2_starts(
        browser: Browser, tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(tmp_path / "match.db", port, 4242):
        r = httpx.post(f"{base}/tables", data={
            "game": "cribbage", "opt_variant": "five-card", "opt_laws": "acc",
            "opt_match": "2", "seat0": "person", "seat1": "random"})
        assert r.status_code == 303, r.text
        table_id = r.headers["location"].rsplit("/", 1)[1]
        token = r.cookies[cookie_name(table_id)]
        page = browser.new_context().new_page()
        page.add_init_script(f"window.addEventListener('DOMContentLoaded', {WATCH})")
        page.goto(f"{base}/t/{table_id}")
        wait_until(page, "document.getElementById('table').dataset.seq !== undefined")
        with connect(f"ws://127.0.0.1:{port}/t/{table_id}/ws", origin=Origin(base),
                     additional_headers={"Cookie": f"{cookie_name(table_id)}={token}"}) as ws:
            ws.send(json.dumps({"type": "sync", "seq": 0}))
            f = frames(ws)
            while f["match"]["game"] == 1:
                if f["legal"]:
                    ws.send(json.dumps({"type": "move", "seq": f["seq"],
                                        "action": f["legal"][0]}))
                f = frames(ws)
            seq = f["seq"]
        wait_until(page, "([s]) => +document.getElementById('table').dataset.seq >= s",
                               arg=[seq])
        seen: list[list[str]] = page.evaluate("window.seen")
        line = page.text_content("#match") or ""
    def game(match: str) -> int:
        return int(match.split()[1].rstrip(".,"))  # "Game 2. Match, ..."

    game_1 = [show for match, show in seen if game(match) == 1]
    game_2 = [show for match, show in seen if game(match) == 2]
    assert game_1 and game_1[-1].startswith("The last show")  # game 1 ended with a show held
    assert game_2 and game_2[0] == ""  # cleared at game 2's start
    assert line.startswith("Game 2. Match, first to 2 games: Player 1 ") and \
        ", Computer 2 (random) " in line
    # five-card is outside ACC's scope (ACC-1.2): no ACC-12.1 game points (issue 33, point 6)
    assert "game points" not in line
