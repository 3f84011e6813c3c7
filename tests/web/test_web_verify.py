"""A web table's deal is provably fair: the finished table's download, with the seed the
server revealed, passes ``hoyle replay --verify`` against the commitment shown from the
start; the same download with a changed deal or commitment fails."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from hoyle.cli.main import app as cli
from hoyle.web.app import cookie_name, create_app

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def verify(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["replay", str(path), "--verify"],
                                env={"NO_COLOR": "1", "COLUMNS": "400"})
    return result.exit_code, ANSI.sub("", result.output).strip()


def test_a_finished_tables_download_verifies_against_its_commitment(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e6, burst=1e6)) as client:
        r = client.post("/tables", data={"game": "ecarte", "seat0": "person",
                                         "seat1": "random"}, follow_redirects=False)
        table_id = r.headers["location"].rsplit("/", 1)[1]
        token = r.cookies.get(cookie_name(table_id)) or ""
        client.cookies.clear()
        cookie = {"cookie": f"{cookie_name(table_id)}={token}"}
        early = client.get(f"/t/{table_id}/record.json", headers=cookie)
        (tmp_path / "early.json").write_bytes(early.content)
        with client.websocket_connect(f"/t/{table_id}/ws",
                                     headers={**cookie, "origin": "http://testserver"}) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = json.loads(ws.receive_text())
            while not f["finished"]:
                if f["type"] == "update" and f["legal"]:
                    ws.send_text(json.dumps({"type": "move", "seq": f["seq"],
                                             "action": f["legal"][0]}))
                f = json.loads(ws.receive_text())
        final = client.get(f"/t/{table_id}/record.json", headers=cookie)
    # before the end the download is redacted: nothing to verify yet, said in one line
    code, out = verify(tmp_path / "early.json")
    assert code == 2 and "redacted" in out
    # and replaying it says so too (not "unknown record format None")
    r = CliRunner().invoke(cli, ["replay", str(tmp_path / "early.json")],
                           env={"NO_COLOR": "1", "COLUMNS": "400"})
    assert r.exit_code == 2 and "this record is redacted" in r.output, r.output
    assert "unknown record format" not in r.output
    path = tmp_path / "final.json"
    path.write_bytes(final.content)
    data = final.json()
    assert str(data["seed"]) == f["seed"]  # the seed the table revealed
    code, out = verify(path)
    assert code == 0, out
    assert out.startswith("verified: the ") and f"of {len(data['actions'])} actions are " \
        f"those seed {f['seed']} gives (and its SHA-256 is the record's commitment)" in out
    # the same deal under another commitment, or another deal under this one, fails
    bad = dict(data, commitment="0" * 64)
    path.write_text(json.dumps(bad))
    assert verify(path)[0] == 1
    deal = next(i for i, a in enumerate(data["actions"]) if a.startswith("DEAL"))
    cards = data["actions"][deal].split()
    cards[2], cards[7] = cards[7], cards[2]  # (after the verb and the packets) the first
    # card of each hand swapped
    tampered = dict(data, actions=[*data["actions"][:deal], " ".join(cards),
                                   *data["actions"][deal + 1:]])
    path.write_text(json.dumps(tampered))
    code, out = verify(path)
    assert code == 1 and out.startswith(f"NOT verified: action {deal + 1} of "), out
    assert f"the record says {' '.join(cards)}, seed {f['seed']} gives " \
        f"{data['actions'][deal]}" in out

    # the download names its table: without its commitment key it is NOT verified
    assert data["web_table"] == table_id
    path.write_text(json.dumps({k: v for k, v in data.items() if k != "commitment"}))
    code, out = verify(path)
    assert code == 1 and out.startswith(f"NOT verified: the record comes from web table "
                                        f"'{table_id}' but carries no commitment"), out
    # a record that does not say it came from a web table: verified, saying no
    # commitment was checked
    path.write_text(json.dumps({k: v for k, v in data.items()
                                if k not in ("commitment", "web_table")}))
    code, out = verify(path)
    assert code == 0 and out.endswith(f"those seed {f['seed']} gives (no commitment was "
                                      "checked: the record carries none)"), out
