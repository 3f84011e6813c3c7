"""The tables without the server: the spectators' public view (added to both games'
states), views as JSON, the seed's commitment, seat tokens, and a table rebuilt from its
stored actions being the same game."""

from __future__ import annotations

from hoyle.cards import Card
from hoyle.engine.action import Action
from hoyle.interface.registry import get_game
from hoyle.web.store import SeatKind, SqliteStore
from hoyle.web.tables import Table, Tables, commitment, hash_token, jsonable


def _play(game: str, moves: int, seed: int = 11) -> Table:
    tables = Tables(SqliteStore(":memory:"))
    table = tables.create(game, {}, [SeatKind("person"), SeatKind("person")], seed=seed)
    table.run_automatic()
    for _ in range(moves):
        seat = table.state.current_player
        table.act(seat, table.state.legal_actions()[0], table.seq)
        table.run_automatic()
    return table


def test_the_public_view_holds_no_seat_s_own_cards() -> None:
    for game, moves in (("cribbage", 4), ("ecarte", 3)):
        state = _play(game, moves).state
        public, seat0 = state.public_view(), state.view(0)
        assert public.seat == -1 and public.hand == () and public.discards == ()
        assert seat0.hand  # seat 0 holds cards that the spectator is not shown
        private = {"seat", "hand", "discards", "kept", "heels_due", "lay_out", "king_window"}
        for name in type(public)._fields:
            if name not in private:
                assert getattr(public, name) == getattr(seat0, name), (game, name)


def test_views_as_json() -> None:
    assert jsonable((Card.parse("TH"), [Card.parse("5C")], None)) == ["TH", ["5C"], None]
    view = _play("cribbage", 2).state.view(0)
    data = jsonable(view)
    assert data["hand"] == [str(c) for c in view.hand]
    assert data["scores"] == list(view.scores)


def test_commitment_and_tokens() -> None:
    assert commitment("5") == "ef2d127de37b942baad06145e54b0c619a1f22327b2ebbcfbec78f5564afe39d"
    tables = Tables(SqliteStore(":memory:"))
    table = tables.create("cribbage", {}, [SeatKind("person"), SeatKind("computer", "expert")])
    assert int(table.row.seed) < 2 ** 128 and table.row.commitment == commitment(table.row.seed)
    token = table.take_seat(0)
    assert len(token) >= 22 and table.row.token_hashes[0] == hash_token(token)
    assert table.seat_of(token) == 0 and table.seat_of(token[:-1]) is None
    assert table.free_seats() == []


def test_a_table_rebuilt_from_its_actions_is_the_same_game() -> None:
    table = _play("ecarte", 6, seed=99)
    again = Table(table.row, table.store)
    assert again.state.history == table.state.history
    assert again.state.view(1) == table.state.view(1)
    assert [s.events for s in again.steps] == [s.events for s in table.steps]
    # the same record replays through the registry to the same state
    record = table.state.to_record()
    state, _ = get_game("ecarte").replay_record(record)
    assert state.view(0) == table.state.view(0)
    assert Action.parse(table.row.actions[-1]) == table.state.history[-1]
