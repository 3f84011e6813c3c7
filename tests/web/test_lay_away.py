"""Two people lay away at the same time (issue 27; CRIB-R-6: each lays away face down, so
neither waits on the other's choice). The engine takes the lay-aways one after the other;
the page of the seat whose turn is not yet come lets him choose his cards meanwhile (the
frame's ``ahead``: how many) and sends them the moment his turn comes, with no click more.
Its frame names no card of the other seat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from helpers.web import free_port, server, wait_until
from helpers.webclient import connect, new_table, recv, sit
from hoyle.web.app import create_app

TABLE = "document.getElementById('table')"


def test_the_frame_says_how_many_cards_may_be_chosen_ahead(tmp_path: Path) -> None:
    import json

    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=71)) as client:
        table_id, a = new_table(client, "cribbage", ["person", "person"])
        b = sit(client, table_id, 1)
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        from helpers.webclient import settle
        settle(client, table_id)
        first = table.state.current_player
        assert table.state.view(first).phase.value == "discard"
        frames = {}
        for seat, token in ((0, a), (1, b)):
            with connect(client, table_id, token) as ws:
                ws.send_text(json.dumps({"type": "sync", "seq": 0}))
                frames[seat] = recv(ws)
        assert frames[first]["ahead"] == 0 and frames[first]["legal"]
        other = 1 - first
        assert frames[other]["ahead"] == 2 and frames[other]["legal"] == []
        hidden = set(table.state.view(first).hand)
        assert not {str(c) for c in hidden} & set(json.dumps(frames[other]).split('"'))


def test_both_lay_away_at_once(browser: Any, tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path / "hoyle.db", port, insecure_seed=72):
        base = f"http://127.0.0.1:{port}"
        ann = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        bob = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        for p in (ann, bob):
            p.set_default_timeout(15000)
        ann.goto(base + "/")
        ann.fill("#lobby-name", "Ann")
        ann.locator("#friend-cribbage button[type=submit]").click()
        ann.wait_for_url("**/t/*")
        link = ann.input_value("#invite-link")
        bob.goto(link)
        bob.fill(".sit input[name=name]", "Bob")
        bob.locator(".sit button[type=submit]").first.click()
        both = f"{TABLE}.dataset.phase === 'discard'"
        for p in (ann, bob):
            wait_until(p, both)
        # whoever is not to lay away first chooses his two cards now
        wait_until(ann, f"{TABLE}.dataset.mine === '1' || "
                        "/as soon as your turn comes/.test(document.getElementById('prompt').textContent)")
        first, second = (ann, bob) if ann.get_attribute("#table", "data-mine") == "1" else (bob, ann)
        wait_until(second, "/Choose the 2 cards to lay away now/.test("
                           "document.getElementById('prompt').textContent)")
        second.click("#hand button.legal >> nth=0")
        second.click("#hand button.legal >> nth=1")
        wait_until(second, "/You lay away .* as soon as your turn comes/.test("
                           "document.getElementById('prompt').textContent)")
        chosen = second.eval_on_selector_all("#hand button.chosen", "(bs) => bs.map((b) => b.dataset.card)")
        assert len(chosen) == 2
        first.click("#hand button.legal >> nth=0")
        first.click("#hand button.legal >> nth=1")
        # the second's lay-away goes by itself: the play begins for both
        for p in (ann, bob):
            wait_until(p, f"{TABLE}.dataset.phase === 'play'")
        laid = second.eval_on_selector_all("#seat-me .card", "(cs) => cs.map((c) => c.dataset.card)")
        assert set(chosen) <= set(laid)  # shown among his laid-away cards, not in his hand
        hand = second.eval_on_selector_all("#hand .card", "(cs) => cs.map((c) => c.dataset.card)")
        assert not set(chosen) & set(hand)
