"""Accounts in the web tests: signing up and in through the forms (their CSRF tokens read
from the pages), and one client standing for several browsers (its cookies swapped)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from hoyle.web.accountpages import SESSION_COOKIE

PASSWORD = "correct horse battery"
CSRF = re.compile(r'name="csrf" value="([^"]+)"')


def csrf(client: TestClient, path: str) -> str:
    page = client.get(path)
    assert page.status_code == 200, page.text
    found = CSRF.search(page.text)
    assert found is not None
    return found.group(1)


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> list[str]:
    """Sign up: the response's Set-Cookie headers."""
    r = client.post("/signup", data={"csrf": csrf(client, "/signup"), "name": name,
                                     "password": password, "password2": password},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/me", r.text
    return r.headers.get_list("set-cookie")


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> int:
    r = client.post("/signin", data={"csrf": csrf(client, "/signin"), "name": name,
                                     "password": password}, follow_redirects=False)
    return r.status_code


def as_person(client: TestClient, session: str | None) -> None:
    """The client as another browser: its cookies only the session ``session`` (or none).
    (One client a test: the app's table locks belong to its client's event loop.)"""
    client.cookies.clear()
    if session:
        client.cookies.set(SESSION_COOKIE, session)


def new_table(client: TestClient, seats: tuple[str, str]) -> tuple[str, str]:
    """An écarté table made by the client: its id and the maker's seat token."""
    from hoyle.web.app import cookie_name

    r = client.post("/tables", data={"game": "ecarte", "seat0": seats[0], "seat1": seats[1]},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    table_id = r.headers["location"].rsplit("/", 1)[1]
    return table_id, r.cookies[cookie_name(table_id)]
