"""The referee table (``POST /referee``): a game played with real cards, refereed from the
page through FastAPI's test client and real WebSockets. The referee enters the cuts, the
deal, the lay-aways, the starter, the plays and the claims in the terminal's words; an
overclaim opens the adversary's decision (its options sent as actions for buttons); a
report from the menu is ruled under its law; the board follows. Every act is stored
before it is announced and the table is reloaded on restart; a spectator never gets a
card still in a hand or in the crib; only the referee may enter anything."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from typer.testing import CliRunner

from helpers.web import cards_mentioned
from helpers.webclient import connect, recv, stored
from hoyle.cli.main import app as cli
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import get_game
from hoyle.web.app import cookie_name, create_app

DEAL = "5c 3c 4c 9s ts js td 6d 7d 8h qh kh"
"""Bob (the pone) is dealt 5C 3C 4C 9S TS JS, Ann (the dealer) TD 6D 7D 8H QH KH."""
HIDDEN = {"3C", "4C", "JS", "6D", "7D", "8H", "9S", "TS", "QH", "KH"}
"""After the plays below, the cards still in a hand or laid away in the crib."""


def app(db: Path) -> TestClient:
    return TestClient(create_app(db, rate=1e6, burst=1e6))


def make(client: TestClient, **form: str) -> tuple[str, str]:
    r = client.post("/referee", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    table_id = r.headers["location"].rsplit("/", 1)[1]
    token = r.cookies.get(cookie_name(table_id)) or ""
    client.cookies.clear()
    return table_id, token


def enter(ws: WebSocketTestSession, seq: int, text: str) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "move", "seq": seq, "text": text}))
    return recv(ws)


def scores(frame: dict[str, Any]) -> list[tuple[int, int]]:
    return [(t["front"], t["back"]) for t in frame["board"]["tracks"]]


def test_a_refereed_cribbage_deal_with_an_overclaim_and_a_report(tmp_path: Path) -> None:
    db = tmp_path / "hoyle.db"
    spectator_frames: list[dict[str, Any]] = []
    with app(db) as client:
        lobby = client.get("/").text
        assert 'action="/referee"' in lobby and "Referee Cribbage played with real cards" \
            in lobby
        table_id, token = make(client, game="cribbage", opt_laws="ew", opt_variant="six-card",
                               names="Ann, Bob")
        page = client.get(f"/t/{table_id}", headers={
            "cookie": f"{cookie_name(table_id)}={token}"}).text
        assert "You are refereeing Ann v. Bob" in page and 'id="pack"' in page
        with connect(client, table_id, token) as ws, connect(client, table_id, None) as spy:
            spy.send_text(json.dumps({"type": "sync", "seq": 0}))
            spectator_frames.append(recv(spy))
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = recv(ws)
            assert f["kind"] == "referee" and f["referee"] is True and f["seq"] == 0
            assert f["prompt"] == "Ann cuts for the deal (a card):"
            assert len(f["pack"]) == 52 and len(set(f["pack"])) == 52
            # the union of every code's kinds (issue 15), as the registry gives it
            ew = get_game("cribbage").get_code("ew")
            kinds = [m["kind"] for m in f["menu"]]
            assert kinds == [k for k, _, _ in get_game("cribbage").report_menu("ew")]
            assert set(k for k in ew.kinds if ew.reports[k].reportable) < set(kinds)
            assert {"kind": "renege", "law": "EW-xxi"} .items() <= next(
                m for m in f["menu"] if m["kind"] == "renege").items()
            assert {"kind": "touched_pegs", "law": "EW-xiv",
                    "text": "a player touched his adversary's pegs (SEAT: who did it?)"} \
                in f["menu"]
            assert scores(f) == [(0, 0), (0, 0)] and f["board"]["target"] == 121
            assert f["board"]["line"] == ["skunk", 90]
            # help and the menu are answered, not read as cards
            ws.send_text(json.dumps({"type": "move", "seq": 0, "text": "help"}))
            h = recv(ws)
            assert h["type"] == "help" and "Enter what happens at the table" in h["lines"][0]
            ws.send_text(json.dumps({"type": "move", "seq": 0, "text": "menu"}))
            assert ("report touched_pegs (EW-xiv): a player touched his adversary's pegs "
                    "(SEAT: who did it?)") in recv(ws)["lines"]
            # the cuts: 5H against KD, the lower deals (EW-i)
            f = enter(ws, 0, "5h")
            f = enter(ws, f["seq"], "kd")
            assert f["seq"] == 2 and "Ann deals first (the lower card deals, EW-i)." in \
                [line["text"] for line in f["lines"]]
            assert f["prompt"].startswith("Ann deals: 6 cards each; all 12 on one line")
            # a bad line changes nothing
            bad = enter(ws, 2, "zz")
            assert bad["type"] == "error" and bad["seq"] == 2
            assert stored(db, table_id) == ["CUT 5H", "CUT KD"]
            for text in (DEAL, "9s ts", "qh kh", "ac", "5c", "0", "td"):
                f = enter(ws, f["seq"], text)
                assert f["type"] == "update", f
            assert f["prompt"] == "Ann claims how many points for the card just played?"
            # 5 + 10 is fifteen, two points; Ann claims four: pegged, then Bob chooses
            f = enter(ws, f["seq"], "4")
            assert scores(f) == [(4, 0), (0, 0)]
            assert f["legal"] == ["CHOOSE takedown", "CHOOSE accept"]
            assert f["prompt"] == "Bob chooses [takedown/accept]:"
            assert any("takedown" in d for d in f["decision"])
            ws.send_text(json.dumps({"type": "move", "seq": f["seq"],
                                     "action": "CHOOSE takedown"}))
            f = recv(ws)
            # EW-ix: Ann put back by the excess (2), the excess to Bob
            assert scores(f)[0][0] == 2 and scores(f)[1][0] == 2
            # a report from the menu: Ann touched Bob's pegs (EW-xiv: two to Bob)
            f = enter(ws, f["seq"], "report touched_pegs 0")
            texts = [line["text"] for line in f["lines"]]
            assert any(t.strip().startswith("Ruling EW-xiv:") for t in texts), texts
            assert scores(f)[1][0] == 4 and scores(f)[0][0] == 2
            seq = f["seq"]
            while True:  # every update the spectator was sent
                g = recv(spy)
                spectator_frames.append(g)
                if g["seq"] == seq:
                    break
            # the spectator may not enter anything
            spy.send_text(json.dumps({"type": "move", "seq": seq, "text": "3c"}))
            assert recv(spy)["type"] == "error"
        assert stored(db, table_id)[-3:] == ["CLAIM 4", "CHOOSE takedown",
                                             "REPORT touched_pegs 0"]
        record = client.get(f"/t/{table_id}/record.json", headers={
            "cookie": f"{cookie_name(table_id)}={token}"}).json()
        public = client.get(f"/t/{table_id}/record.json").json()
    seen = cards_mentioned(json.dumps(spectator_frames, ensure_ascii=False))
    assert {"5C", "TD", "AC", "5H", "KD"} <= seen and not seen & HIDDEN
    assert public["redacted"] is True and not cards_mentioned(json.dumps(public)) & HIDDEN
    # the referee's record is the terminal's: hoyle referee cribbage --resume goes on from it
    rec = GameRecord.from_json(json.dumps(record))
    assert rec.options.get("referee") and rec.seats == ["Ann", "Bob"] and rec.seed is None
    state, _ = get_game("cribbage").replay_record(rec)
    assert state.view(0).scores == (2, 4)
    saved = tmp_path / "refereed.json"
    saved.write_text(json.dumps(record))
    run = CliRunner().invoke(cli, ["referee", "cribbage", "--resume", str(saved)],
                             input="quit\n", env={"NO_COLOR": "1", "COLUMNS": "200"})
    assert run.exit_code == 0, run.output
    assert f"({len(rec.actions)} actions)" in run.output
    # restarted on the same file: the table is back where it was, the referee goes on
    with app(db) as client:
        with connect(client, table_id, token) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = recv(ws)
            assert f["seq"] == seq and scores(f)[1][0] == 4
            assert f["prompt"] == "Bob plays a card or says go (count 15):"
            f = enter(ws, seq, "3c")
            assert f["type"] == "update" and f["seq"] == seq + 1


def test_referee_tables_refuse_bad_names_and_options(tmp_path: Path) -> None:
    with app(tmp_path / "hoyle.db") as client:
        for form, said in (({"game": "cribbage", "names": "Ann"}, "give 2 different names"),
                           ({"game": "cribbage", "names": "Ann, Ann"}, "different names"),
                           ({"game": "ecarte", "names": "Ann, Bob", "opt_laws": "xx"}, "xx"),
                           ({"game": "piquet", "names": "Ann, Bob"}, "unknown game")):
            r = client.post("/referee", data=form, follow_redirects=False)
            assert r.status_code == 400 and said in r.text, (form, r.text)
        assert client.app.state.tables.tables == {}  # type: ignore[attr-defined]
        # an écarté table: its own prompt and menu, the 32-card pack
        table_id, token = make(client, game="ecarte", opt_laws="club", names="Ann,Bob")
        with connect(client, table_id, token) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = recv(ws)
            assert f["prompt"] == "Ann cuts for the deal (a card):" and len(f["pack"]) == 32
            assert {"kind": "cut_exposed", "law": "CLUB-4", "text":
                    "more than one card was shown in cutting for deal"} in f["menu"]
            assert f["board"] is None and f["score"] == ["Score Ann 0, Bob 0"]
        # nobody takes the referee's seat
        r = client.post(f"/t/{table_id}/sit/0", follow_redirects=False)
        assert r.status_code == 409


def test_ecarte_referee_names_with_markup_are_shown_as_typed(tmp_path: Path) -> None:
    """Issue 28, point 7: a name such as ``[/]`` went into rich markup unescaped and closed
    the web referee's socket at every sync; ``[red]Ann[/red]`` was mangled."""
    with app(tmp_path / "hoyle.db") as client:
        table_id, token = make(client, game="ecarte", names="[/],[red]Ann[/red]")
        with connect(client, table_id, token) as ws:
            for _ in range(2):  # every sync, not only the first
                ws.send_text(json.dumps({"type": "sync", "seq": 0}))
                f = recv(ws)
                assert f["type"] == "update" and f["names"] == ["[/]", "[red]Ann[/red]"]
                assert f["prompt"] == "[/] cuts for the deal (a card):"
