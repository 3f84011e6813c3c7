"""What an operator asks of the server (issue 30, item 4): ``/healthz``, ``/readyz`` (503
once the database does not answer) and ``/metrics`` in Prometheus' text format, whose
counts follow the moves made: a person's move, the moves that made themselves, a refused
message, the latency histogram; no card in them."""

from __future__ import annotations

import os
import json
from pathlib import Path

from fastapi.testclient import TestClient

from helpers.web import cards_mentioned, metric
from helpers.webclient import connect, new_table, recv, settle
from hoyle.web.app import create_app


def test_health_readiness_and_metrics(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=91)) as client:
        assert client.get("/healthz").json() == {"status": "ok", "pid": os.getpid()}
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json() == {"status": "ready", "tables": 0,
                                                             "schema": 9}
        before = client.get("/metrics").text
        assert metric(before, "hoyle_tables") == 0
        assert metric(before, 'hoyle_actions_total{by="person"}') == 0
        table_id, token = new_table(client, "cribbage", ["person", "expert"])
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        automatic = table.seq  # the cuts, the deal, the computer's lay-away
        with connect(client, table_id, token) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = recv(ws)
            ws.send_text(json.dumps({"type": "move", "seq": f["seq"], "action": "GO"}))
            assert recv(ws)["type"] == "error"
            ws.send_text(json.dumps({"type": "move", "seq": f["seq"], "action": f["legal"][0]}))
            assert recv(ws)["type"] == "update"
            text = client.get("/metrics").text
            assert metric(text, "hoyle_sockets") == 1
        settle(client, table_id)
        text = client.get("/metrics").text
        assert metric(text, "hoyle_tables") == 1 and metric(text, "hoyle_tables_unfinished") == 1
        assert metric(text, 'hoyle_actions_total{by="person"}') == 1
        assert metric(text, 'hoyle_actions_total{by="itself"}') == table.seq - 1 >= automatic
        assert metric(text, "hoyle_refused_total") == 1
        assert metric(text, "hoyle_computer_tables_waiting") == 0  # a person at the table
        assert metric(text, "hoyle_move_seconds_count") == 1
        assert metric(text, 'hoyle_move_seconds_bucket{le="+Inf"}') == 1
        assert not cards_mentioned(text)
        store = client.app.state.tables.store  # type: ignore[attr-defined]
        if store.shared:  # PostgreSQL (the suite's run on it): it takes no connection now
            import re

            import psycopg
            name = re.search(r"/(\w+)\?", store.url).group(1)  # type: ignore[union-attr]
            with psycopg.connect(store.url.replace(f"/{name}?", "/postgres?"),
                                 autocommit=True) as admin:
                admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
        store.close()
        ready = client.get("/readyz")
        assert ready.status_code == 503 and ready.json()["status"] == "not ready"
        assert client.get("/healthz").status_code == 200
        if store.shared:  # the lobby and a person's statistics read it: one line each, 503
            client.app.state.tables.forget(table_id)  # type: ignore[attr-defined]
            for page in ("/", "/stats?name=Ann", f"/t/{table_id}", f"/t/{table_id}/review"):
                r = client.get(page)  # a table not held here: never "no such table"
                assert r.status_code == 503 and r.text.count("<p>") == 2, (page, r.text)
                assert "does not answer" in r.text or "cannot open" in r.text, r.text
            r = client.get(f"/t/{table_id}/record.json")
            assert r.status_code == 503 and "error" in r.json()


def test_the_json_log_has_one_object_an_event_and_no_secret(tmp_path: Path) -> None:
    """``hoyle serve --log-format json --log-level info``: every line of its log is one JSON
    object with its time, level and event; a table made, its seat taken, a socket opened
    and closed are logged with the table's id and the seat's number; no token, invite
    secret, seed or card is in the log."""
    import httpx
    from websockets.sync.client import connect as ws_connect

    from helpers.web import free_port, server
    from hoyle.web.app import cookie_name

    port = free_port()
    log = tmp_path / "serve.log"
    with server(tmp_path / "hoyle.db", port, 92, "--log-format", "json", "--log-level",
                "info", log=log):
        base = f"http://127.0.0.1:{port}"
        r = httpx.post(base + "/tables", data={"game": "cribbage", "quick": "friend",
                                               "name": "Ann"},
                       headers={"origin": base}, follow_redirects=False)
        assert r.status_code == 303
        table_id = r.headers["location"].rsplit("/", 1)[1].split("?")[0]
        token = r.cookies[cookie_name(table_id)]
        with ws_connect(f"ws://127.0.0.1:{port}/t/{table_id}/ws", origin=base,
                        additional_headers={"cookie": f"{cookie_name(table_id)}={token}"}
                        ) as ws:
            ws.send(json.dumps({"type": "sync", "seq": 0}))
            frame = json.loads(ws.recv())
        invite = httpx.get(f"{base}/t/{table_id}", cookies={cookie_name(table_id): token})
        secret = invite.text.split("?invite=")[1].split('"')[0]
        import time
        for _ in range(50):  # the close is logged as the server sees it
            if "socket closed" in log.read_text():
                break
            time.sleep(0.1)
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    events = [(e["event"], e.get("table"), e.get("seat")) for e in lines]
    assert ("table made", table_id, None) in events
    assert ("seat taken", table_id, 1) in events
    assert ("socket opened", table_id, 1) in events and ("socket closed", table_id, 1) in events
    assert all({"time", "level", "logger", "event"} <= set(e) for e in lines)
    text = log.read_text()
    assert token not in text and secret not in text
    assert not cards_mentioned(text) and frame["view"]["hand"]
