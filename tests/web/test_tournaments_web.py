"""Tournaments on the web (issue 29), on both databases, through the real app: a director
makes a club night of four players at real tables, pairs round one; each player reports his
own game (both agree: it stands; they differ: the director settles it, in the audit); the
standings page reads as the library's standings; one account can never act for another (a
report is the signed-in player's own, the director's acts his alone); an online
tournament's game is played at a hoyle table kept for its two players, and its result goes
into the standings when the game ends."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from helpers.accounts import as_person, csrf, sign_up
from helpers.webclient import play_out, settle
from hoyle.web.accountpages import SESSION_COOKIE
from hoyle.web.app import cookie_name, create_app



def people(c: TestClient, names: list[str]) -> dict[str, str]:
    """Sign each up: their sessions by name."""
    out = {}
    for n in names:
        as_person(c, None)
        sign_up(c, n)
        out[n] = c.cookies[SESSION_COOKIE]
    return out


def make(c: TestClient, players: list[str], venue: str = "tables", games: int = 3) -> str:
    r = c.post("/tournaments", data={"csrf": csrf(c, "/tournaments"), "name": "Tuesday",
                                     "game": "cribbage", "format": "club-night",
                                     "games": str(games), "first_deal": "cut", "venue": venue,
                                     "players": "\n".join(players)}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[1]


def post(c: TestClient, tid: str, what: str, **fields: str) -> int:
    token = csrf(c, f"/tournaments/{tid}")
    return c.post(f"/tournaments/{tid}/{what}", data={"csrf": token, **fields},
                  follow_redirects=False).status_code


def test_a_club_night_at_real_tables(database: str) -> None:
    app = create_app(database)
    with TestClient(app) as c:
        s = people(c, ["Dir", "Ann", "Bob", "Cy", "Di"])
        as_person(c, s["Dir"])
        tid = make(c, ["Ann", "Bob", "Cy", "Di"])
        assert post(c, tid, "pair") == 303
        t = app.state.hub.tournaments.get(tid).tournament
        (g1, a1, b1), (g2, a2, b2) = [(g.key, t.name_of(g.players[0]),
                                       t.name_of(g.players[1])) for g in t.rounds[0]]
        # not the director: no pairing, no settling (403), nothing changed
        as_person(c, s[a1])
        assert post(c, tid, "pair") == 403
        assert post(c, tid, "settle", key=g1, winner=a1, points="121-80") == 403
        # a player reports only his own game, as himself
        assert post(c, tid, "report", key=g2, winner=a2, points="121-80") == 400
        assert post(c, tid, "report", key=g1, winner=a1, points="121-80") == 303
        as_person(c, s[b1])
        assert post(c, tid, "report", key=g1, winner=a1, points="121-80") == 303
        # the other game: the reports differ, the director settles it
        as_person(c, s[a2])
        assert post(c, tid, "report", key=g2, winner=a2, points="121-100") == 303
        as_person(c, s[b2])
        assert post(c, tid, "report", key=g2, winner=b2, points="121-111") == 303
        t = app.state.hub.tournaments.get(tid).tournament
        assert [g.status for g in t.rounds[0]] == ["agreed", "disputed"]
        as_person(c, s["Dir"])
        assert post(c, tid, "settle", key=g2, winner=b2, points="121-111",
                    why="boards checked") == 303
        t = app.state.hub.tournaments.get(tid).tournament
        # ACC-12.1: 80 a skunk (3), 111 not (2); spreads 41 and 10
        table = {s_.name: (s_.game_points, s_.spread) for s_ in t.standings()}
        assert table == {a1: (3, 41), b1: (0, -41), b2: (2, 10), a2: (0, -10)}
        live = c.get(f"/tournaments/{tid}/live").text
        for name, (gp, sp) in table.items():
            assert re.search(rf">{name}</a></td><td class=\"wide\">1</td><td>[01]</td><td>[01]</td>"
                             rf"<td>{gp}</td><td>{re.escape(f'{sp:+d}')}</td>", live), name
        assert "Dir: result of" in c.get(f"/tournaments/{tid}").text  # the audit
        assert "boards checked" in c.get(f"/tournaments/{tid}").text
        assert c.get(f"/tournaments/{tid}/standings.csv").text.splitlines()[1].startswith(
            f"1,{a1},")


def test_an_online_game_at_a_kept_table_goes_into_the_standings(database: str) -> None:
    app = create_app(database, fixed_seed=5)
    with TestClient(app) as c:
        s = people(c, ["Eve", "Fay", "Gil"])
        as_person(c, s["Eve"])
        tid = make(c, ["Fay", "Gil"], venue="online", games=1)
        assert post(c, tid, "pair") == 303
        hub = app.state.hub
        (table_id,) = hub.tournaments.tables_of(tid).values()
        t = hub.tournaments.get(tid).tournament
        first, second = (t.name_of(p) for p in t.rounds[0][0].players)
        # the director, or anyone else, cannot take a player's seat
        for who in ("Eve", second):
            as_person(c, s[who])
            r = c.post(f"/t/{table_id}/sit/0", data={}, follow_redirects=False)
            assert r.status_code == 403 and f"kept for {first}" in r.text
        tokens = {}
        for seat, who in enumerate((first, second)):
            as_person(c, s[who])
            r = c.post(f"/t/{table_id}/sit/{seat}", data={}, follow_redirects=False)
            assert r.status_code == 303, r.text
            tokens[seat] = r.cookies[cookie_name(table_id)]
        # the first player, signed in on another device, takes his seat over: his old
        # browser's token acts no more
        as_person(c, s[first])
        r = c.post(f"/t/{table_id}/sit/0", data={}, follow_redirects=False)
        assert r.status_code == 303, r.text
        old, tokens[0] = tokens[0], r.cookies[cookie_name(table_id)]
        assert app.state.tables.get(table_id).seat_of(old) is None
        assert app.state.tables.get(table_id).seat_of(tokens[0]) == 0
        play_out(c, table_id, tokens)
        settle(c, table_id)
        result = app.state.tables.get(table_id).state.result_dict()
        winner = (first, second)[result["winner"]]
        t = hub.tournaments.get(tid).tournament
        g = t.rounds[0][0]
        assert g.status == "table" and t.name_of(g.result.winner) == winner
        assert g.result.points == (121, min(result["scores"]))
        assert t.standings()[0].name == winner


def test_a_game_refereed_at_a_real_table_is_kept_for_it(database: str) -> None:
    """The referee table is made for the game, its players by seat as the pairing names
    them, kept for their accounts (so that its result goes in by the same path as an
    online table's: the test above); a second one, or one by someone else, is refused."""
    app = create_app(database)
    with TestClient(app) as c:
        s = people(c, ["Hub", "Ida", "Jay", "Kay"])
        as_person(c, s["Hub"])
        tid = make(c, ["Ida", "Jay"], games=1)
        assert post(c, tid, "pair") == 303
        hub = app.state.hub
        t = hub.tournaments.get(tid).tournament
        g = t.rounds[0][0]
        as_person(c, s["Kay"])  # not a player of it, not the director
        r = c.post(f"/tournaments/{tid}/referee", data={"csrf": csrf(c, "/me"), "key": g.key})
        assert r.status_code == 403
        as_person(c, s["Jay"])
        r = c.post(f"/tournaments/{tid}/referee",
                   data={"csrf": csrf(c, f"/tournaments/{tid}"), "key": g.key},
                   follow_redirects=False)
        assert r.status_code == 303, r.text
        table_id = r.headers["location"].rsplit("/", 1)[1]
        assert r.cookies.get(cookie_name(table_id))  # Jay referees it
        table = app.state.tables.get(table_id)
        names = [t.name_of(p) for p in g.players]
        assert table.kind == "referee" and table.names == names
        kept = hub.tournaments.kept(table_id)
        assert kept is not None and kept.key == g.key
        assert [hub.tournaments.accounts.by_id(a).name for a in kept.seats] == names
        r2 = c.post(f"/tournaments/{tid}/referee", data={"csrf": csrf(c, "/me"), "key": g.key})
        assert r2.status_code == 400 and "has its table already" in r2.text
