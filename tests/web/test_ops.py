"""What an operator asks of the server (issue 30, item 4): ``/healthz``, ``/readyz`` (503
once the database does not answer) and ``/metrics`` in Prometheus' text format, whose
counts follow the moves made: a person's move, the moves that made themselves, a refused
message, the latency histogram; no card in them."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from helpers.web import cards_mentioned
from helpers.webclient import connect, new_table, recv, settle
from hoyle.web.app import create_app


def metric(text: str, name: str) -> float:
    """The value of the sample ``name`` (with its labels, as printed) in ``text``."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    raise AssertionError(f"no sample {name} in the metrics")


def test_health_readiness_and_metrics(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=91)) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json() == {"status": "ready", "tables": 0,
                                                             "schema": 5}
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
        assert metric(text, "hoyle_move_seconds_count") == 1
        assert metric(text, 'hoyle_move_seconds_bucket{le="+Inf"}') == 1
        assert not cards_mentioned(text)
        client.app.state.tables.store.close()  # type: ignore[attr-defined]
        ready = client.get("/readyz")
        assert ready.status_code == 503 and ready.json()["status"] == "not ready"
        assert client.get("/healthz").status_code == 200
