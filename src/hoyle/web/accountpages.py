"""The account pages: sign up, sign in, sign out (here or everywhere), change the password,
and each player's page (:mod:`hoyle.web.accounts`).

Every form carries a CSRF token and is refused (403, nothing changed) without the right
one, or from another site's page (its ``Origin``): a signed-in form the session's token,
a form before signing in (sign up, sign in) the token of a short-lived HttpOnly cookie set
with the form (double submit). The session's cookie is HttpOnly and SameSite=Lax, Secure
when the page came over HTTPS.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from hoyle.errors import HoyleError
from hoyle.interface.mystats import stat_rows
from hoyle.interface.registry import games, get_game
from hoyle.web.accounts import SESSION_AGE, AccountError, Accounts, Session, TooManyAttempts
from hoyle.web.ratings import COMPUTER_RATINGS, COMPUTER_SIGMA, Ratings
from hoyle.web.forms import FormTooLarge, read_fields
from hoyle.web.tables import WebError

__all__ = ["SESSION_COOKIE", "FORM_COOKIE", "Forbidden", "account_router", "check_form",
           "session_of"]

SESSION_COOKIE = "hoyle_session"
FORM_COOKIE = "hoyle_form"



class Forbidden(WebError):
    """A form without its CSRF token, or from another site's page: 403."""


def session_of(accounts: Accounts | None, request: Request) -> Session | None:
    """The request's signed-in session, if any."""
    if accounts is None:
        return None
    return accounts.session(request.cookies.get(SESSION_COOKIE))


def _same_site(request: Request) -> bool:
    source = request.headers.get("origin") or request.headers.get("referer")
    if not source:
        return True
    return urlsplit(source).netloc == request.headers.get("host", "")


def _set_cookie(resp: Response, request: Request, name: str, value: str, age: int) -> None:
    resp.set_cookie(name, value, max_age=age, httponly=True, samesite="lax",
                    secure=request.url.scheme == "https", path="/")


async def check_form(request: Request, signed_in: Session | None) -> dict[str, str]:
    """A form's fields, its CSRF token checked: the session's (``signed_in``), or before
    signing in the form cookie's.

    Raises:
        Forbidden: from another site, or without the right token.
        FormTooLarge, WebError: the body (:func:`~hoyle.web.forms.read_fields`).
    """
    if not _same_site(request):
        raise Forbidden("a form is sent from this site's own pages")
    got = await read_fields(request)
    want = signed_in.csrf if signed_in is not None else request.cookies.get(FORM_COOKIE)
    if not want or not secrets.compare_digest(got.get("csrf", ""), want):
        raise Forbidden("this form has expired or did not come from this site's page: "
                        "reload the page and send it again")
    return got


def account_router(accounts: Accounts | None, templates: Jinja2Templates,
                   describe: Callable[[str, int], dict[str, Any] | None],
                   ratings: Ratings | None = None,
                   stats_at: Callable[[list[tuple[str, int]]], list[Any]] | None = None,
                   run: Callable[..., Any] = asyncio.to_thread) -> APIRouter:
    """The account pages over ``accounts`` (``None``: a database without accounts; every
    page says so). ``describe(table_id, seat)``: a player's page's line for his seat at a
    table (what a spectator may see of it), ``None`` for a table gone. ``run`` runs a
    database call off the event loop."""
    router = APIRouter()

    async def current(request: Request) -> Session | None:
        return await run(session_of, accounts, request)  # type: ignore[no-any-return]

    async def page(request: Request, template: str, status: int = 200, **values: Any
                   ) -> Response:
        if "me" not in values:
            values["me"] = await current(request)
        return templates.TemplateResponse(request, template, values, status_code=status)

    async def form_page(request: Request, kind: str, error: str = "", status: int = 200,
                        name: str = "") -> Response:
        token = secrets.token_urlsafe(24)
        resp = await page(request, "account.html", status, kind=kind, csrf=token,
                          error=error, name=name)
        _set_cookie(resp, request, FORM_COOKIE, token, 3600)
        return resp

    fields = check_form

    async def refused(request: Request, e: Exception, kind: str = "", name: str = ""
                      ) -> Response:
        status = (413 if isinstance(e, FormTooLarge) else 403 if isinstance(e, Forbidden)
                  else 429 if isinstance(e, TooManyAttempts) else 400)
        if kind:
            return await form_page(request, kind, str(e), status, name)
        return await page(request, "account.html", status, kind="error", csrf="",
                          error=str(e), name="")

    async def no_accounts(request: Request) -> Response:
        return await page(request, "account.html", 404, kind="none", csrf="",
                          error="this server keeps no accounts", name="")

    @router.get("/signup", response_class=HTMLResponse)
    async def signup_form(request: Request) -> Response:
        """The sign-up form: a name, a password twice."""
        return await (form_page(request, "signup") if accounts else no_accounts(request))

    @router.get("/signin", response_class=HTMLResponse)
    async def signin_form(request: Request) -> Response:
        """The sign-in form."""
        return await (form_page(request, "signin") if accounts else no_accounts(request))

    def signed_in(request: Request, token: str) -> Response:
        resp = RedirectResponse("/me", status_code=303)
        _set_cookie(resp, request, SESSION_COOKIE, token, int(SESSION_AGE))
        resp.delete_cookie(FORM_COOKIE, path="/")
        return resp

    async def enter(request: Request, kind: str) -> Response:
        """The sign-up or sign-in form sent (``kind``): 303 to the account's page signed
        in; refused: the form again, one line why, the name kept."""
        if accounts is None:
            return await no_accounts(request)
        name = ""
        try:
            f = await fields(request, None)
            name, password = f.get("name", ""), f.get("password", "")
            host = request.client.host if request.client else ""
            if kind == "signup":
                if password != f.get("password2", ""):
                    raise AccountError("the two passwords differ")
                made = await run(accounts.sign_up, name, password, host)
                token, _ = await run(accounts.open_session, made)
            else:
                token, _ = await run(accounts.sign_in, name, password, host)
        except WebError as e:
            return await refused(request, e, kind, name)
        return signed_in(request, token)

    @router.post("/signup")
    async def signup(request: Request) -> Response:
        """Make the account and sign in (303 to the account's page)."""
        return await enter(request, "signup")

    @router.post("/signin")
    async def signin(request: Request) -> Response:
        """Sign in (303 to the account's page); refused: the form again, one line why."""
        return await enter(request, "signin")

    @router.get("/me", response_class=HTMLResponse)
    async def me(request: Request) -> Response:
        """The signed-in player's own page: his account, the password form, sign-outs."""
        session = await current(request)
        if session is None:
            return RedirectResponse("/signin", status_code=303)
        done = request.query_params.get("done", "")
        ended = done.removeprefix("password-") if done.startswith("password-") else ""
        return await page(request, "me.html", me=session, csrf=session.csrf,
                          ended=ended if ended.isdigit() else "")

    async def signed_form(request: Request) -> tuple[Session, str, dict[str, str]]:
        session = await current(request)
        if session is None:
            raise Forbidden("sign in first")
        return session, request.cookies.get(SESSION_COOKIE, ""), await fields(request, session)

    @router.post("/signout")
    async def signout(request: Request) -> Response:
        """End this session (303 to the lobby)."""
        try:
            _, token, _ = await signed_form(request)
        except WebError as e:
            return await refused(request, e)
        assert accounts is not None
        await run(accounts.sign_out, token)
        resp = RedirectResponse("/", status_code=303)
        resp.delete_cookie(SESSION_COOKIE, path="/")
        return resp

    @router.post("/me/signout-everywhere")
    async def signout_everywhere(request: Request) -> Response:
        """End every session of the account, this one too (303 to the lobby)."""
        try:
            session, _, _ = await signed_form(request)
        except WebError as e:
            return await refused(request, e)
        assert accounts is not None
        await run(accounts.sign_out_everywhere, session.account)
        resp = RedirectResponse("/", status_code=303)
        resp.delete_cookie(SESSION_COOKIE, path="/")
        return resp

    @router.post("/me/password")
    async def password(request: Request) -> Response:
        """Change the password; every other session ends (303 back, saying how many)."""
        try:
            _, token, f = await signed_form(request)
            if f.get("new", "") != f.get("new2", ""):
                raise AccountError("the two new passwords differ")
            assert accounts is not None
            ended = await run(accounts.change_password, token, f.get("old", ""),
                              f.get("new", ""))
        except WebError as e:
            session = await current(request)
            if session is None or isinstance(e, (Forbidden, FormTooLarge)):
                return await refused(request, e)
            # the page itself again, saying why (the way on from there, not a dead end)
            return await page(request, "me.html", 429 if isinstance(e, TooManyAttempts)
                              else 400, me=session, csrf=session.csrf, ended="",
                              error=str(e))
        return RedirectResponse(f"/me?done=password-{ended}", status_code=303)

    @router.get("/players/{name}", response_class=HTMLResponse)
    async def player(request: Request, name: str) -> Response:
        """A player's public page: his name and since when he plays here."""
        found = await run(accounts.account, name) if accounts is not None and \
            len(name) <= 80 else None
        if found is None:
            return await page(request, "player.html", 404, player=None, name=name[:80])
        assert accounts is not None
        seats = await run(accounts.seats_of, found)
        lines = [line for line in (describe(t, s) for t, s in seats) if line is not None]
        rated: dict[str, Any] = {}
        if ratings is not None:
            rated = await run(ratings.of, found.id)
            changes = await run(ratings.changes, found.id)
            for line in lines:  # a table's last rated game's change
                mine = [c for (t, _), c in sorted(changes.items()) if t == line["id"]]
                line["change"] = mine[-1] if mine else None
        titles = {g.name: g.title for g in games()}
        stats = [stat_rows(g) for g in await run(stats_at, seats)] if stats_at else []
        return await page(request, "player.html", player=found, name=found.name,
                          games=lines, ratings=[(titles.get(g, g), g, r)
                                                for g, r in sorted(rated.items())],
                          stats=stats)

    @router.get("/ratings/{game}", response_class=HTMLResponse)
    async def leaderboard(request: Request, game: str) -> Response:
        """A game's leaderboard: the best rated players by their rating (OpenSkill's
        ordinal), with the computers' fixed ratings beside."""
        try:
            spec = get_game(game)
        except HoyleError:
            return await page(request, "ratings.html", 404, title="", rows=[],
                              computers=[], error=f"no game {game[:40]!r}")
        rows = await run(ratings.leaderboard, spec.name) if ratings is not None else []
        computers = sorted(COMPUTER_RATINGS.get(spec.name, {}).items(), key=lambda x: -x[1])
        return await page(request, "ratings.html", title=spec.title, rows=rows,
                          computers=[(n, mu - 3 * COMPUTER_SIGMA) for n, mu in computers],
                          error="")

    return router
