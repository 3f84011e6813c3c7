"""The tournament pages (:mod:`hoyle.web.tournaments`, over :mod:`hoyle.clubs`).

- ``/tournaments``: every tournament; a signed-in player makes one (he is its director).
- ``/tournaments/ID``: anyone with the link reads the standings and the pairings (updated
  live: ``/tournaments/ID/live``, read again by the page every few seconds); a player finds
  his table there (online) or reports his result (real tables); the director pairs the
  rounds, settles results, enters and withdraws players, seeds the playoffs, and reads the
  audit trail.
- ``/tournaments/ID/results.csv``, ``standings.csv``, ``sheet/NAME``: the exports.

Every form carries the session's CSRF token and comes from this site's pages; only the
director's account may do the director's acts (403), and a player reports only his own
game, as the account he is signed in to (never a name typed in the form).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from hoyle.clubs import FIRST_DEALS, FORMATS, VENUES, Tournament, TournamentError
from hoyle.clubs.tournament import points_of
from hoyle.errors import HoyleError
from hoyle.interface.registry import Capability, games
from hoyle.web.accountpages import Forbidden, check_form, session_of
from hoyle.web.accounts import Accounts, Session
from hoyle.web.forms import FormTooLarge
from hoyle.web.pages import notice
from hoyle.web.tournaments import TournamentRow, Tournaments

__all__ = ["club_router"]

LIVE_EVERY = 5.0
"""Seconds between the tournament page's readings of its live part."""


def _status(e: Exception) -> int:
    """A refused form's status: 403 not allowed, 413 too large, else 400."""
    return 403 if isinstance(e, Forbidden) else 413 if isinstance(e, FormTooLarge) else 400


def club_router(accounts: Accounts | None, tournaments: Tournaments | None,
                templates: Jinja2Templates,
                open_tables: Callable[[TournamentRow], None],
                table_link: Callable[[str], str | None],
                referee: Callable[[Request, TournamentRow, str], Response] | None = None,
                run: Callable[..., Any] = asyncio.to_thread) -> APIRouter:
    """The tournament pages. ``open_tables(row)``: make the hoyle tables of the row's open
    games that have none (an online tournament's); ``table_link(table_id)``: the address of
    a table with its invite (``None``: gone); ``referee(request, row, key)``: a referee
    table for game ``key`` at a real table, its maker in the referee's seat (the
    response that takes him there)."""
    router = APIRouter()

    async def me(request: Request) -> Session | None:
        return await run(session_of, accounts, request)  # type: ignore[no-any-return]

    async def page(request: Request, template: str, status: int = 200, **values: Any
                   ) -> Response:
        values.setdefault("me", await me(request))
        return templates.TemplateResponse(request, template, values, status_code=status)

    async def load(tid: str) -> TournamentRow | None:
        if tournaments is None or len(tid) > 40:
            return None
        return await run(tournaments.get, tid)  # type: ignore[no-any-return]

    def live_values(row: TournamentRow, session: Session | None) -> dict[str, Any]:
        t = row.tournament
        tables = tournaments.tables_of(row.id) if tournaments is not None else {}
        mine = None if session is None else next(
            (p for p, n in t.players.items() if n == session.account.name), None)
        rounds = []
        for number, games_ in t._all_rounds():
            lines = []
            for g in games_:
                seated = mine is not None and mine in g.players
                link = table_link(tables[g.key]) if g.key in tables else None
                lines.append({"key": g.key, "a": t.name_of(g.players[0]),
                              "b": t.name_of(g.players[1]), "bye": g.bye,
                              "first": "" if g.bye else ("cut" if g.first_dealer is None
                                                         else t.name_of(g.first_dealer)),
                              "result": "" if g.result is None or g.bye else
                              f"{t.name_of(g.result.winner)} {g.result.points[0]}-"
                              f"{g.result.points[1]}", "status": g.status,
                              "reports": "; ".join(
                                  f"{t.name_of(p)} says {t.name_of(r.winner)} "
                                  f"{r.points[0]}-{r.points[1]}"
                                  for p, r in g.reports.items()) if g.result is None else "",
                              "mine": seated, "table": link if link and (
                                  seated or session is not None and
                                  session.account.id == row.director.id) else
                              (link.split("?")[0] if link else None),
                              "report": seated and g.result is None and t.venue == "tables"
                              and g.key not in tables})
            rounds.append((number, lines))
        return {"t": t, "row": row, "standings": t.standings(), "rounds": rounds[::-1],
                "champion": t.name_of(t.champion) if t.champion is not None else "",
                "tie_words": ", then ".join(
                    {"game_points": "game points", "wins": "games won", "spread": "spread",
                     "skunks": "skunks won"}[k] for k in t.tie_breaks)}

    @router.get("/tournaments", response_class=HTMLResponse)
    async def index(request: Request) -> Response:
        """Every tournament, and the form to make one."""
        rows = await run(tournaments.all) if tournaments is not None else []
        session = await me(request)
        return await page(request, "tournaments.html", me=session, rows=rows,
                          formats=FORMATS, deals=FIRST_DEALS, venues=VENUES,
                          games=[g.name for g in games(Capability.TOURNAMENTS)],
                          csrf=session.csrf if session else "", error="")

    @router.post("/tournaments")
    async def create(request: Request) -> Response:
        """Make a tournament (the signed-in player directs it): 303 to its page."""
        session = await me(request)
        try:
            if tournaments is None or session is None:
                raise Forbidden("sign in to make a tournament")
            f = await check_form(request, session)
            count = f.get("games", "").strip()
            if not (count.isascii() and count.isdigit() and len(count) <= 2 and int(count)):
                raise TournamentError(f"games must be a whole number from 1 to 99 (got "
                                      f"{count[:10]!r})")
            players = [p for p in f.get("players", "").replace("\n", ",").split(",")
                       if p.strip()]
            row = await run(lambda: tournaments.create(
                session.account, f.get("game", ""), f.get("format", ""), players, int(count),
                name=f.get("name", "")[:80], first_deal=f.get("first_deal", "cut"),
                venue=f.get("venue", "tables"), seed=0))
        except (HoyleError, FormTooLarge) as e:
            rows = await run(tournaments.all) if tournaments is not None else []
            return await page(request, "tournaments.html", _status(e), me=session, rows=rows,
                              formats=FORMATS, deals=FIRST_DEALS, venues=VENUES,
                              games=[g.name for g in games(Capability.TOURNAMENTS)],
                              csrf=session.csrf if session else "", error=str(e))
        return RedirectResponse(f"/tournaments/{row.id}", status_code=303)

    async def tournament_page(request: Request, row: TournamentRow,
                              session: Session | None, e: Exception | None = None
                              ) -> Response:
        """The tournament's page (its live part, the director's forms for him), with the
        error ``e`` said at its top (its status: :func:`_status`)."""
        values = await run(live_values, row, session)
        return await page(request, "tournament.html", 200 if e is None else _status(e),
                          me=session, error="" if e is None else str(e),
                          director=session is not None and session.account.id ==
                          row.director.id, csrf=session.csrf if session else "",
                          every=int(LIVE_EVERY * 1000), **values)

    @router.get("/tournaments/{tid}", response_class=HTMLResponse)
    async def show(request: Request, tid: str) -> Response:
        """The tournament's page (its live part, and the director's forms for him)."""
        row = await load(tid)
        if row is None:
            return await page(request, "tournament.html", 404, row=None, error="")
        return await tournament_page(request, row, await me(request))

    @router.get("/tournaments/{tid}/live", response_class=HTMLResponse)
    async def live(request: Request, tid: str) -> Response:
        """The page's live part alone (standings, rounds), for the page to read again."""
        row = await load(tid)
        if row is None:
            return notice("<p>No such tournament.</p>", status_code=404)
        session = await me(request)
        values = await run(live_values, row, session)
        return templates.TemplateResponse(request, "tournament_live.html",
                                          {"me": session, "csrf": session.csrf if session
                                           else "", **values})

    async def act(request: Request, tid: str, director_only: bool,
                  fn: Callable[[Tournament, Session, dict[str, str]], Any]) -> Response:
        row = await load(tid)
        if row is None or tournaments is None:
            return notice("<p>No such tournament.</p>", status_code=404)
        session = await me(request)
        try:
            if session is None:
                raise Forbidden("sign in first")
            if director_only and session.account.id != row.director.id:
                raise Forbidden("only the tournament's director does that")
            f = await check_form(request, session)
            await run(tournaments.change, tid, lambda t: fn(t, session, f))
            fresh = await run(tournaments.get, tid)
            if fresh is not None and fresh.tournament.venue == "online":
                open_tables(fresh)  # on the event loop: the tables are made there
        except (HoyleError, FormTooLarge) as e:
            return await tournament_page(request, row, session, e)
        return RedirectResponse(f"/tournaments/{tid}", status_code=303)

    @router.post("/tournaments/{tid}/pair")
    async def pair(request: Request, tid: str) -> Response:
        """The director pairs the next round."""
        return await act(request, tid, True, lambda t, s, f: t.pair_next_round(s.account.name))

    @router.post("/tournaments/{tid}/report")
    async def report(request: Request, tid: str) -> Response:
        """A player reports his own game's result (as his account names him)."""
        return await act(request, tid, False, lambda t, s, f: t.enter(
            f.get("key", ""), s.account.name, winner=f.get("winner", ""),
            points=points_of(f.get("points", ""))))

    @router.post("/tournaments/{tid}/referee")
    async def referee_table(request: Request, tid: str) -> Response:
        """A player of the game (or the director) referees it at a real table on a hoyle
        referee table: its result goes into the tournament when the game ends."""
        row = await load(tid)
        if row is None or tournaments is None or referee is None:
            return notice("<p>No such tournament.</p>", status_code=404)
        session = await me(request)
        try:
            if session is None:
                raise Forbidden("sign in first")
            f = await check_form(request, session)
            t = row.tournament
            g = t.find(f.get("key", ""))
            names = {t.name_of(p) for p in g.players}
            if session.account.name not in names and session.account.id != row.director.id:
                raise Forbidden("only the game's players or the director referee it")
            if g.result is not None or g.bye:
                raise TournamentError(f"game {g.key} has its result")
            if g.key in await run(tournaments.tables_of, tid):
                raise TournamentError(f"game {g.key} has its table already")
            return referee(request, row, g.key)
        except (HoyleError, FormTooLarge) as e:
            return await tournament_page(request, row, session, e)

    @router.post("/tournaments/{tid}/settle")
    async def settle(request: Request, tid: str) -> Response:
        """The director sets a game's result (a dispute, a missing report, a correction)."""
        return await act(request, tid, True, lambda t, s, f: t.settle(
            f.get("key", ""), winner=f.get("winner", ""), points=points_of(f.get("points", "")),
            who=s.account.name, why=f.get("why", "")[:200]))

    @router.post("/tournaments/{tid}/entry")
    async def entry(request: Request, tid: str) -> Response:
        """The director enters a late player (an account)."""
        def late(t: Tournament, s: Session, f: dict[str, str]) -> None:
            found = accounts.account(f.get("name", "")) if accounts is not None else None
            if found is None:
                raise TournamentError(f"no account is named {f.get('name', '')[:40]!r}")
            t.late_entry(found.name, s.account.name)
        return await act(request, tid, True, late)

    @router.post("/tournaments/{tid}/withdraw")
    async def withdraw(request: Request, tid: str) -> Response:
        """The director withdraws a player."""
        return await act(request, tid, True,
                         lambda t, s, f: t.withdraw(f.get("name", ""), s.account.name))

    @router.post("/tournaments/{tid}/playoffs")
    async def playoffs(request: Request, tid: str) -> Response:
        """The director seeds the playoffs (first to N)."""
        def seed(t: Tournament, s: Session, f: dict[str, str]) -> None:
            n = f.get("first_to", "2")
            if not (n.isascii() and n.isdigit() and len(n) < 3):
                raise TournamentError(f"first to a whole number of games (got {n[:10]!r})")
            t.start_playoffs(first_to=int(n), who=s.account.name)
        return await act(request, tid, True, seed)

    @router.get("/tournaments/{tid}/{what}.csv")
    async def export(tid: str, what: str) -> Response:
        """The results or the standings as CSV (a download)."""
        row = await load(tid)
        if row is None or what not in ("results", "standings"):
            return PlainTextResponse("no such tournament or export\n", status_code=404)
        t = row.tournament
        text = t.results_csv() if what == "results" else t.standings_csv()
        return PlainTextResponse(text, media_type="text/csv", headers={
            "Content-Disposition": f'attachment; filename="{what}-{tid}.csv"'})

    @router.get("/tournaments/{tid}/sheet/{name}", response_class=HTMLResponse)
    async def sheet(request: Request, tid: str, name: str) -> Response:
        """A player's score sheet, to print."""
        row = await load(tid)
        if row is None:
            return notice("<p>No such tournament.</p>", status_code=404)
        try:
            rows = row.tournament.score_sheet(name[:80])
        except TournamentError as e:
            return await page(request, "sheet.html", 404, error=str(e), rows=[], name="",
                              row=row)
        return await page(request, "sheet.html", error="", rows=rows, row=row,
                          name=row.tournament.name_of(row.tournament.player(name[:80])))

    return router

