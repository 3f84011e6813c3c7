"""One move on the web: each seat's view is built once (its frame, its board, its status
and its prompt all read the same one), and a move is checked, stored, then applied to the
table's own state without a clone (issue 26, item 6)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from helpers.webclient import connect, new_table, recv, sit
from hoyle.interface.registry import game_names
from hoyle.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e6, burst=1e6,
                               fixed_seed=99)) as c:
        yield c


def _until_turn(ws: Any, seq: int) -> dict[str, Any]:
    while True:
        frame = recv(ws)
        if frame["seq"] >= seq and frame["to_act"] >= 0:
            return frame


@pytest.mark.parametrize("game", game_names())
def test_a_move_builds_each_seat_s_view_once(game: str, client: TestClient,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    table_id, t0 = new_table(client, game, ["person", "person"])
    t1 = sit(client, table_id, 1)
    table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    built: Counter[int] = Counter()
    cls = type(table.state)
    real = cls._view

    def counted(self: Any, seat: int) -> Any:
        built[seat] += 1
        return real(self, seat)

    with connect(client, table_id, t0) as w0, connect(client, table_id, t1) as w1:
        for ws in (w0, w1):
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
        frames = [_until_turn(w0, table.seq), _until_turn(w1, table.seq)]
        state_before, start = table.state, table.seq
        monkeypatch.setattr(cls, "_view", counted)
        moves = 0
        for _ in range(3):  # three moves by people, each seen by both sockets
            mover = table.state.current_player
            if mover not in (0, 1) or not frames[mover]["legal"]:
                break
            seq = table.seq
            (w0, w1)[mover].send_text(json.dumps({"type": "move", "seq": seq,
                                                  "action": frames[mover]["legal"][0]}))
            frames = [_until_turn(w0, seq + 1), _until_turn(w1, seq + 1)]
            moves += 1
        monkeypatch.setattr(cls, "_view", real)
    actions = table.seq - start  # the people's moves and what followed by itself
    assert moves >= 2 and actions >= moves
    assert table.state is state_before  # applied in place: no clone per move
    # each seat's view built once per action at most: every frame, board, status and
    # prompt of that action read the same one (the frames are sent after each action)
    assert set(built) == {0, 1} and all(n <= actions for n in built.values()), (built, actions)
