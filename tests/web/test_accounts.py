"""Players' accounts (issue 29), on both databases (an SQLite file and a database of the
throwaway PostgreSQL cluster) through the real app: sign-up, sign-in, a form without its
CSRF token or from another site refused, a changed password ending the other sessions,
signing out everywhere, the sign-in limit, and no password or hash anywhere it should not
be (the database holds only argon2id hashes; the logs, pages and cookies hold neither)."""

from __future__ import annotations

import logging
import re
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hoyle.web.accountpages import FORM_COOKIE, SESSION_COOKIE
from hoyle.web.accounts import MAX_FAILURES_PER_NAME
from helpers.accounts import PASSWORD, as_person, csrf, new_table, sign_in, sign_up
from hoyle.web.app import create_app

def signed_in_as(client: TestClient) -> str | None:
    r = client.get("/me", follow_redirects=False)
    if r.status_code == 303:
        return None
    found = re.search(r'id="me-link">([^<]+)<', r.text)
    return found.group(1) if found else None


def test_sign_up_sign_in_and_the_cookie(database: str) -> None:
    with TestClient(create_app(database)) as c:
        assert 'id="signin-link"' in c.get("/").text  # a guest sees "Sign in"
        set_cookie = sign_up(c, "Ann Lee")
        session = next(h for h in set_cookie if h.startswith(SESSION_COOKIE + "="))
        assert "HttpOnly" in session and "SameSite=lax" in session and "Path=/" in session
        assert signed_in_as(c) == "Ann Lee"
        assert 'id="me-link">Ann Lee<' in c.get("/").text  # the lobby names her
        assert c.get("/players/ann%20lee").status_code == 200
        assert c.get("/players/nobody").status_code == 404
    with TestClient(create_app(database)) as d:  # another browser, the server restarted
        assert sign_in(d, "ANN LEE", "wrong password!") == 400
        assert sign_in(d, "ann lee") == 303 and signed_in_as(d) == "Ann Lee"
        r = d.post("/signup", data={"csrf": csrf(d, "/signup"), "name": "ann lee",
                                    "password": PASSWORD, "password2": PASSWORD})
        assert r.status_code == 400 and "is taken" in r.text
        r = d.post("/signup", data={"csrf": csrf(d, "/signup"), "name": "Bo",
                                    "password": "short", "password2": "short"})
        assert r.status_code == 400 and "8 to 256 characters" in r.text


def test_csrf_and_other_sites_refused(database: str) -> None:
    with TestClient(create_app(database)) as c:
        sign_up(c, "Cy")
        # no token, a wrong token, a right token from another site's page
        assert c.post("/signout", data={}).status_code == 403
        assert c.post("/signout", data={"csrf": "x" * 32}).status_code == 403
        token = csrf(c, "/me")
        r = c.post("/me/password", data={"csrf": token, "old": PASSWORD, "new": "n" * 9,
                                         "new2": "n" * 9},
                   headers={"origin": "https://evil.example"})
        assert r.status_code == 403 and signed_in_as(c) == "Cy"
        assert sign_in(c, "Cy") == 303  # the password did not change
        # a sign-in form whose token is not the form cookie's
        c.cookies.delete(FORM_COOKIE)
        r = c.post("/signin", data={"csrf": "forged", "name": "Cy", "password": PASSWORD})
        assert r.status_code == 403


def test_a_changed_password_ends_the_other_sessions(database: str) -> None:
    app = create_app(database)
    with TestClient(app) as a, TestClient(app) as b:
        sign_up(a, "Di")
        assert sign_in(b, "Di") == 303 and signed_in_as(b) == "Di"
        r = a.post("/me/password", data={"csrf": csrf(a, "/me"), "old": PASSWORD,
                                         "new": "a new password", "new2": "a new password"},
                   follow_redirects=True)
        assert r.status_code == 200 and "1 other session(s) ended" in r.text
        assert signed_in_as(a) == "Di" and signed_in_as(b) is None
        assert sign_in(b, "Di") == 400 and sign_in(b, "Di", "a new password") == 303
        # signing out everywhere ends both
        assert a.post("/me/signout-everywhere", data={"csrf": csrf(a, "/me")},
                      follow_redirects=False).status_code == 303
        assert signed_in_as(a) is None and signed_in_as(b) is None


def test_sign_ins_are_limited_per_name(database: str) -> None:
    with TestClient(create_app(database)) as c:
        sign_up(c, "Ed")
        for _ in range(MAX_FAILURES_PER_NAME):
            assert sign_in(c, "Ed", "not the password") == 400
        # the right password too is refused now, before it is checked
        assert sign_in(c, "Ed") == 429
        assert sign_in(c, "Fay", "anything at all") == 400  # another name is not limited


def test_no_password_or_hash_in_the_database_logs_or_pages(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "a.db"
    secret = "a very secret password"
    with caplog.at_level(logging.DEBUG):
        with TestClient(create_app(str(db))) as c:
            sign_up(c, "Gus", secret)
            pages = c.get("/me").text + c.get("/").text + c.get("/players/Gus").text
            sign_in(c, "Gus", secret + "!")  # a failure is logged, if at all, without it
    (stored,), = sqlite3.connect(db).execute("SELECT password FROM accounts").fetchall()
    assert stored.startswith("$argon2id$")
    assert secret not in db.read_bytes().decode("latin-1")
    assert secret not in caplog.text and stored not in caplog.text
    assert secret not in pages and stored not in pages


def test_a_players_games_on_his_page_and_the_seat_cookie_alone_acts(tmp_path: Path) -> None:
    from helpers.web import cards_mentioned
    from helpers.webclient import connect, play_out, recv, settle

    app = create_app(str(tmp_path / "p.db"), fixed_seed=7)
    with TestClient(app) as c:
        sign_up(c, "Hal")
        hal = c.cookies[SESSION_COOKIE]
        table_id, token = new_table(c, ("person", "random"))
        as_person(c, None)  # a guest's table is on no page
        guest_table, _ = new_table(c, ("person", "random"))
        settle(c, table_id)
        page = c.get("/players/Hal").text
        assert f'href="/t/{table_id}"' in page and "in play" in page
        assert guest_table not in page
        assert cards_mentioned(page) == set()  # an unfinished game: no card of it shown
        # signed in to Hal's account, another browser still has no seat at his table
        as_person(c, None)
        assert sign_in(c, "Hal") == 303
        with connect(c, table_id, None) as ws:
            ws.send_text('{"type": "sync", "seq": 0}')
            frame = recv(ws)
        assert frame["seat"] is None and frame["legal"] == []
        as_person(c, hal)
        play_out(c, table_id, token)
        page = c.get("/players/hal").text
        result = app.state.tables.get(table_id).state.result_dict()
        word = "won" if result["winner"] == 0 else "lost"
        assert f"{word} {result['scores'][0]}-{result['scores'][1]}" in page
        assert f"/t/{table_id}/record.json" in page
        # his statistics against the computer, as hoyle stats --mine counts them
        assert "Statistics against the computer" in page
        assert '<th scope="row">games</th><td>1</td>' in page


def test_rated_games_update_as_openskill_rates_them_and_a_guests_game_is_not_rated(
        database: str) -> None:
    from openskill.models import PlackettLuce

    from helpers.webclient import connect, play_out, recv, settle
    from hoyle.web.app import cookie_name
    from hoyle.web.ratings import COMPUTER_RATINGS, COMPUTER_SIGMA

    model = PlackettLuce()  # the library's own, apart from hoyle's
    app = create_app(database, fixed_seed=11)
    with TestClient(app) as c:
        sign_up(c, "Jon")
        jon_session = c.cookies[SESSION_COOKIE]
        as_person(c, None)
        sign_up(c, "Ivy")
        ivy_session = c.cookies[SESSION_COOKIE]
        # Ivy against Jon at a friend's table, both signed in: rated
        table_id, ivy_token = new_table(c, ("person", "person"))
        secret = app.state.tables.get(table_id).row.invite  # the link Ivy sends Jon
        as_person(c, jon_session)
        s = c.post(f"/t/{table_id}/sit/1?invite={secret}", data={}, follow_redirects=False)
        assert s.status_code == 303, s.text
        tokens = {0: ivy_token, 1: s.cookies[cookie_name(table_id)]}
        play_out(c, table_id, tokens)
        settle(c, table_id)
        result = app.state.tables.get(table_id).state.result_dict()
        ivy, jon = model.rating(), model.rating()
        [[ivy], [jon]] = model.rate([[ivy], [jon]], ranks=[0, 1] if result["winner"] == 0
                                    else [1, 0])
        # Ivy then plays the random player (a fixed rating): rated for her alone
        as_person(c, ivy_session)
        second, token = new_table(c, ("person", "random"))
        play_out(c, second, token)
        settle(c, second)
        won = app.state.tables.get(second).state.result_dict()["winner"] == 0
        computer = model.rating(mu=COMPUTER_RATINGS["ecarte"]["random"], sigma=COMPUTER_SIGMA)
        before = ivy.ordinal()
        [[ivy], _] = model.rate([[ivy], [computer]], ranks=[0, 1] if won else [1, 0])
        # the change is shown her with the result; a spectator is shown none
        for reader, want in ((token, f"Your rating: {before:.1f} to {ivy.ordinal():.1f} "
                                     f"({ivy.ordinal() - before:+.1f})."), (None, None)):
            if reader is None:
                as_person(c, None)  # no seat's cookie: a spectator
            with connect(c, second, reader) as ws:
                ws.send_text('{"type": "sync", "seq": 0}')
                assert recv(ws)["rating"] == want
        # a guest's game against the computer: rated for no one
        as_person(c, None)
        third, token = new_table(c, ("person", "random"))
        play_out(c, third, token)
        settle(c, third)
        ratings = app.state.hub.ratings
        (ivy_id,), = ratings.store._ids("SELECT id FROM accounts WHERE name = ?", ("Ivy",))
        mine = ratings.of(ivy_id)["ecarte"]
        assert mine["games"] == 2
        assert mine["mu"] == pytest.approx(ivy.mu, abs=1e-9)
        assert mine["sigma"] == pytest.approx(ivy.sigma, abs=1e-9)
        board = ratings.leaderboard("ecarte")
        assert [row["name"] for row in board] == sorted(
            ["Ivy", "Jon"], key=lambda n: -(ivy.ordinal() if n == "Ivy" else jon.ordinal()))
        jon_row = next(row for row in board if row["name"] == "Jon")
        assert jon_row["mu"] == pytest.approx(jon.mu, abs=1e-9) and jon_row["games"] == 1
        (rated,), = ratings.store._ids("SELECT COUNT(*) FROM rated_games")
        assert int(rated) == 2  # the guest's game is not among them
        page = c.get("/players/Ivy").text
        assert f"{ivy.ordinal():.1f}" in page and "2 rated games" in page
        assert c.get("/ratings/ecarte").status_code == 200
        assert c.get("/ratings/chess").status_code == 404


def test_a_game_that_ended_unrated_is_rated_at_the_next_start(tmp_path: Path) -> None:
    from helpers.webclient import play_out, settle

    db = str(tmp_path / "r.db")
    app = create_app(db, fixed_seed=3)
    with TestClient(app) as c:
        sign_up(c, "Kim")
        app.state.hub.ratings = None  # as if the process stopped before it rated the game
        table_id, token = new_table(c, ("person", "random"))
        play_out(c, table_id, token)
        settle(c, table_id)
    again = create_app(db)
    with TestClient(again) as c:
        ratings = again.state.hub.ratings
        (kim,), = ratings.store._ids("SELECT id FROM accounts WHERE name = ?", ("Kim",))
        assert ratings.of(kim)["ecarte"]["games"] == 1
    with TestClient(create_app(db)) as c:  # and only once
        (n,), = c.app.state.hub.ratings.store._ids("SELECT COUNT(*) FROM rating_changes")
        assert int(n) == 1


def test_partners_are_rated_as_a_team_and_three_sides_losers_tie(tmp_path: Path) -> None:
    from openskill.models import PlackettLuce

    from hoyle.web.accounts import Accounts
    from hoyle.web.ratings import Ratings
    from hoyle.web.store import SqliteStore

    model = PlackettLuce()
    store = SqliteStore(tmp_path / "t.db")
    accounts = Accounts(store)
    ids = [accounts.sign_up(n, PASSWORD).id for n in ("Al", "Bea", "Cal", "Dot")]
    ratings = Ratings(store)
    # four-hand: Al and Cal (seats 0, 2) partners against Bea and Dot (1, 3); side 1 wins
    seats = [("account", i) for i in ids]
    changes = ratings.rate("t1", 1, "cribbage", seats, winner=1, sides=2)
    [[al, cal], [bea, dot]] = model.rate([[model.rating(), model.rating()],
                                          [model.rating(), model.rating()]], ranks=[1, 0])
    got = ratings.of
    assert got(ids[0])["cribbage"]["mu"] == pytest.approx(al.mu, abs=1e-9)
    assert got(ids[2])["cribbage"]["mu"] == pytest.approx(cal.mu, abs=1e-9)
    assert got(ids[1])["cribbage"]["sigma"] == pytest.approx(bea.sigma, abs=1e-9)
    assert got(ids[3])["cribbage"]["mu"] == pytest.approx(dot.mu, abs=1e-9)
    assert len(changes) == 4 and ratings.rate("t1", 1, "cribbage", seats, 1, 2) == []
    # three-hand, Al against Bea and the greedy player: Bea wins, Al and greedy tie
    three = [("account", ids[0]), ("account", ids[1]), ("computer", "greedy")]
    ratings.rate("t2", 1, "cribbage", three, winner=1)
    from hoyle.web.ratings import COMPUTER_RATINGS, COMPUTER_SIGMA
    greedy = model.rating(mu=COMPUTER_RATINGS["cribbage"]["greedy"], sigma=COMPUTER_SIGMA)
    [[al2], [bea2], _] = model.rate([[al], [bea], [greedy]], ranks=[1, 0, 1])
    assert got(ids[0])["cribbage"]["mu"] == pytest.approx(al2.mu, abs=1e-9)
    assert got(ids[1])["cribbage"]["mu"] == pytest.approx(bea2.mu, abs=1e-9)
    assert got(ids[1])["cribbage"]["games"] == 2
    store.close()


def test_names_kept_as_typed_or_refused_and_sessions_end_after_30_days(
        tmp_path: Path) -> None:
    from hoyle.web.accounts import AccountError, Accounts, TooManyAttempts
    from hoyle.web.store import SqliteStore

    now = [1_800_000_000.0]
    store = SqliteStore(tmp_path / "n.db")
    accounts = Accounts(store, clock=lambda: now[0])
    for name, says in [("Alexander Montgomery-Smith", "1 to 24 characters"),
                       ("\u202eevil", "no control, format"), ("a/b", "may not hold"),
                       ("..", "only dots"), ("Zo\u0065\u0308", None)]:
        if says is None:  # NFD typed: kept in NFC, and the NFC spelling is the same name
            assert accounts.sign_up(name, PASSWORD).name == "Zo\u00eb"
            with pytest.raises(AccountError, match="taken"):
                accounts.sign_up("zo\u00eb", PASSWORD)
            continue
        with pytest.raises(AccountError, match=says):
            accounts.sign_up(name, PASSWORD)
    (made,), = store._ids("SELECT COUNT(*) FROM accounts")
    assert int(made) == 1  # no refused name was made under another spelling
    for i in range(10):  # ten accounts an address in 15 minutes, then refused
        accounts.sign_up(f"Many {i}", PASSWORD, "10.0.0.9")
    with pytest.raises(TooManyAttempts):
        accounts.sign_up("Many 10", PASSWORD, "10.0.0.9")
    assert accounts.account("Many 10") is None
    token, _ = accounts.sign_in("Many 1", PASSWORD, "10.0.0.8")
    assert accounts.session(token) is not None
    now[0] += 30 * 24 * 3600 + 1  # thirty days and a second later
    assert accounts.session(token) is None
    store.close()


def test_attempts_sent_at_once_are_counted_one_by_one(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from hoyle.web.accounts import AccountError, Accounts, TooManyAttempts
    from hoyle.web.store import SqliteStore

    store = SqliteStore(tmp_path / "p.db")
    accounts = Accounts(store)
    accounts.sign_up("Lee", PASSWORD)

    def wrong(i: int) -> str:
        try:
            accounts.sign_in("Lee", f"not it {i}", f"10.1.1.{i}")
        except TooManyAttempts:
            return "limited"
        except AccountError:
            return "checked"
        return "in"

    with ThreadPoolExecutor(8) as pool:
        said = list(pool.map(wrong, range(24)))
    assert said.count("checked") == MAX_FAILURES_PER_NAME and said.count("limited") == 19

    def sign_up(i: int) -> str:
        try:
            accounts.sign_up(f"Par {i}", PASSWORD, "10.2.2.2")
        except TooManyAttempts:
            return "limited"
        return "made"

    with ThreadPoolExecutor(8) as pool:
        said = list(pool.map(sign_up, range(16)))
    assert said.count("made") == 10 and said.count("limited") == 6
    store.close()
