"""``hoyle serve``: the lobby, the table pages and the table's WebSocket (FastAPI).

One owner per table: a table's moves are taken one at a time under its lock, each stored
before anyone is told (:class:`hoyle.web.tables.Table`), then every reader connected to
the table is sent its own update (its seat's view and the events it may see; a spectator
the public view). The computer's choices are made off the event loop
(:func:`asyncio.to_thread`).

The socket protocol (JSON text frames). The client sends ``{"type": "sync", "seq": N}``
(send me what came after action N) and ``{"type": "move", "seq": N, "text": "5h"}`` or
``{"type": "move", "seq": N, "action": "PLAY 5H"}``, ``N`` being the table's number the
move was chosen at (a stale or replayed message is refused). The server sends ``update``
frames (:meth:`~hoyle.web.tables.Table.frame`), ``confirm`` (a move that asks a yes first)
and ``error`` (one per refused message; nothing changed). A seat is proved by its token,
kept in an HttpOnly cookie and checked again on every message.
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from hoyle.engine.action import Action
from hoyle.engine.registry import games, get_game
from hoyle.engine.text import Confirm
from hoyle.errors import HoyleError
from hoyle.web.store import SeatKind, SqliteStore, TableStore
from hoyle.web.tables import (COMPUTER, PERSON, Table, Tables, WebError, plain, seat_count,
                              table_options)

__all__ = ["MAX_MESSAGE", "create_app", "cookie_name"]

HERE = Path(__file__).resolve().parent
MAX_MESSAGE = 16 * 1024
"""The largest socket message taken, in bytes (16 KiB)."""
RATE = 10.0
"""Messages a second a socket may send on average (a burst of :data:`BURST`)."""
BURST = 30.0


def cookie_name(table_id: str) -> str:
    """The cookie that holds a seat's token at table ``table_id``."""
    return f"hoyle_{table_id}"


@dataclass(eq=False)
class Conn:
    """One open socket: its reader's token and seat, the last action number it was sent
    (``None`` until it syncs) and its rate bucket."""

    ws: WebSocket
    token: str | None
    seat: int | None
    last: int | None = None
    rate: float = RATE
    burst: float = BURST
    allowance: float = BURST
    stamp: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        """Take one message from the rate bucket; ``False`` if it is empty."""
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


class Hub:
    """The owner of every table: its lock, its open sockets, and the moves that follow a
    person's (chance, the computers', forced moves)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.locks: dict[str, asyncio.Lock] = {}
        self.conns: dict[str, set[Conn]] = {}

    def lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock (one owner: its moves are taken in order)."""
        return self.locks.setdefault(table_id, asyncio.Lock())

    async def send(self, conn: Conn, table: Table) -> None:
        """Send ``conn`` what came after the last number it was sent."""
        if conn.last is None:
            return
        frame = table.frame(conn.seat, conn.last)
        frame["present"] = sorted({c.seat for c in self.conns.get(table.id, ())
                                   if c.seat is not None})
        conn.last = table.seq
        try:
            await conn.ws.send_text(json.dumps(frame, ensure_ascii=False))
        except Exception:  # a socket closing under us: its own loop drops it
            pass

    async def broadcast(self, table: Table) -> None:
        """Send every reader of the table its update."""
        for conn in list(self.conns.get(table.id, ())):
            await self.send(conn, table)

    async def drive(self, table: Table) -> None:
        """Make the moves that make themselves (chance, computers off the event loop,
        forced moves), each stored and then announced, until a person is to move.
        Call with the table's lock held."""
        while (nxt := table.next_automatic()) is not None:
            if nxt[0] == "computer":
                action = await asyncio.to_thread(table.automatic_action)
            else:
                action = table.automatic_action()
            if action is None:
                break
            table.apply_automatic(action)  # stored, then applied
            await self.broadcast(table)


def _same_origin(request: Request) -> bool:
    """Whether a form post comes from this server's own pages: its ``Origin`` (or, without
    one, its ``Referer``) names this host, or the browser sent neither (a CSRF guard)."""
    source = request.headers.get("origin") or request.headers.get("referer")
    if not source:
        return True
    host = request.headers.get("host", "")
    return urlsplit(source).netloc == host


def _error(message: str, table: Table | None = None) -> str:
    frame: dict[str, Any] = {"type": "error", "message": message}
    if table is not None:
        frame["seq"] = table.seq
    return json.dumps(frame, ensure_ascii=False)


def create_app(db: str | Path = "hoyle.db", store: TableStore | None = None,
               rate: float = RATE, burst: float = BURST,
               fixed_seed: int | None = None) -> FastAPI:
    """The web app on the SQLite database ``db`` (or on ``store``): every stored table is
    loaded at start and unfinished games go on. Each socket may send ``rate`` messages a
    second on average, ``burst`` at once.

    Every table's seed is drawn by the server (128 bits, :mod:`secrets`); no form or
    message can choose it, since whoever knows the seed knows every card. ``fixed_seed``
    (tests and demonstrations only: ``hoyle serve --insecure-seed N``) gives the tables
    the seeds N, N+1, ... in the order they are made.

    Raises:
        StoreError: the database's schema is newer than this program.
    """
    the_store: TableStore = store if store is not None else SqliteStore(db)
    made = itertools.count()  # tables made, for fixed_seed
    tables = Tables(the_store)
    hub = Hub(tables)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for table in list(tables.tables.values()):
            async with hub.lock(table.id):
                await hub.drive(table)
        # the loaded tables are long-lived: the cycle collector need not walk them again
        # (a full collection of a large heap stalls every table's socket)
        gc.collect()
        gc.freeze()
        yield
        the_store.close()

    app = FastAPI(title="hoyle", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.tables = tables
    app.state.hub = hub
    app.state.unreadable = tables.unreadable
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")

    def game_forms() -> list[dict[str, Any]]:
        out = []
        for spec in games():
            opts = []
            for o in table_options(spec):
                choices: list[str] = list(o.choices)
                if o.name == "variant":
                    choices = list(spec.variants())
                elif o.name == "laws":
                    choices = list(spec.codes())
                if choices and o.default is None:
                    choices = ["", *choices]  # not given (e.g. --acc-edition: the default)
                kind = "bool" if o.flag else ("choice" if choices else "text")
                opts.append({"name": o.name, "help": o.help, "kind": kind,
                             "choices": choices, "default": o.default})
            seats = 4 if any(o["name"] == "variant" for o in opts) else 2
            out.append({"name": spec.name, "title": spec.title, "options": opts,
                        "players": list(spec.players()), "default": spec.default_opponent,
                        "seats": seats})
        return out

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> Response:
        open_tables = [t.summary() for t in tables.tables.values() if not t.finished]
        return templates.TemplateResponse(request, "lobby.html", {
            "games": game_forms(), "tables": open_tables})

    @app.post("/tables")
    async def create(request: Request) -> Response:
        body = (await request.body())[:MAX_MESSAGE].decode("utf-8", "replace")
        form = {k: v[-1] for k, v in parse_qs(body, keep_blank_values=True).items()}
        try:
            if not _same_origin(request):
                raise HoyleError("a table is made from this server's own lobby")
            spec = get_game(form.get("game", ""))
            options: dict[str, Any] = {}
            for o in table_options(spec):
                key = f"opt_{o.name}"
                if o.flag:
                    options[o.name] = key in form
                elif form.get(key, "") != "":
                    options[o.name] = int(form[key]) if o.type is int else form[key]
            seats = []
            i = 0
            while f"seat{i}" in form:
                kind = form[f"seat{i}"]
                seats.append(SeatKind(PERSON) if kind == PERSON else SeatKind(COMPUTER, kind))
                i += 1
            seed = None if fixed_seed is None else fixed_seed + next(made)
            # the form offers the most seats any variant has; the variant says how many
            table = tables.create(spec.name, options, seats[:seat_count(spec.name, options)],
                                  seed)
        except (HoyleError, ValueError, IndexError) as e:
            return HTMLResponse(f"<p>Cannot create the table: {_esc(str(e))}</p>"
                                '<p><a href="/">Back to the lobby</a></p>', status_code=400)
        async with hub.lock(table.id):
            await hub.drive(table)
        resp = RedirectResponse(f"/t/{table.id}", status_code=303)
        if table.free_seats():
            _seat_cookie(resp, table, table.take_seat(table.free_seats()[0]))
        return resp

    @app.post("/t/{table_id}/sit/{seat}")
    async def sit(request: Request, table_id: str, seat: int) -> Response:
        try:
            table = tables.get(table_id)
            held = table.seat_of(request.cookies.get(cookie_name(table_id)))
            if held is not None:
                raise WebError(f"you already hold seat {held + 1} at this table")
            if not _same_origin(request):
                raise WebError("a seat is taken from this server's own page")
            token = table.take_seat(seat)
        except WebError as e:
            return HTMLResponse(f"<p>{_esc(str(e))}</p>", status_code=409)
        resp = RedirectResponse(f"/t/{table.id}", status_code=303)
        _seat_cookie(resp, table, token)
        async with hub.lock(table.id):
            await hub.broadcast(table)
        return resp

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str) -> Response:
        try:
            table = tables.get(table_id)
        except WebError:
            return HTMLResponse("<p>No such table.</p>", status_code=404)
        seat = table.seat_of(request.cookies.get(cookie_name(table_id)))
        return templates.TemplateResponse(request, "table.html", {
            "table": table.summary(), "seat": seat, "commitment": table.row.commitment,
            "free": table.free_seats(), "names": table.names,
            "invite": str(request.url)})

    @app.get("/t/{table_id}/record.json")
    async def record(request: Request, table_id: str) -> Response:
        try:
            table = tables.get(table_id)
        except WebError:
            return JSONResponse({"error": "no such table"}, status_code=404)
        seat = table.seat_of(request.cookies.get(cookie_name(table_id)))
        return JSONResponse(table.record(seat), headers={
            "Content-Disposition": f'attachment; filename="hoyle-{table_id}.json"'})

    @app.websocket("/t/{table_id}/ws")
    async def socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        try:
            table = tables.get(table_id)
        except WebError as e:
            await ws.send_text(_error(str(e)))
            await ws.close(code=4404)
            return
        token = ws.cookies.get(cookie_name(table_id))
        conn = Conn(ws, token, table.seat_of(token), rate=rate, burst=burst, allowance=burst)
        hub.conns.setdefault(table_id, set()).add(conn)
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:  # a binary frame
                    await ws.send_text(_error("malformed message: expected a JSON text frame",
                                              table))
                    continue
                await handle(conn, table, text)
        except WebSocketDisconnect:
            pass
        finally:
            hub.conns.get(table_id, set()).discard(conn)
            if conn.seat is not None:
                async with hub.lock(table.id):
                    await hub.broadcast(table)

    async def handle(conn: Conn, table: Table, text: str) -> None:
        ws = conn.ws
        if not conn.allow():
            await ws.send_text(_error("too many messages: slow down", table))
            return
        if len(text.encode("utf-8")) > MAX_MESSAGE:
            await ws.send_text(_error(f"message too large (over {MAX_MESSAGE} bytes)", table))
            return
        try:
            msg = json.loads(text)
        except (ValueError, RecursionError):
            await ws.send_text(_error("malformed message: not JSON", table))
            return
        if not isinstance(msg, dict) or not isinstance(msg.get("seq"), int) \
                or isinstance(msg.get("seq"), bool) or msg.get("type") not in ("sync", "move"):
            await ws.send_text(_error("malformed message: expected "
                                      '{"type": "sync"|"move", "seq": N, ...}', table))
            return
        async with hub.lock(table.id):
            # every message is authenticated again: the seat must still be the token's
            seat = table.seat_of(conn.token)
            if seat != conn.seat or ("seat" in msg and msg["seat"] != conn.seat):
                await ws.send_text(_error("that is not your seat", table))
                return
            if msg["type"] == "sync":
                if not 0 <= msg["seq"] <= table.seq:
                    await ws.send_text(_error(f"no action {msg['seq']} at this table", table))
                    return
                conn.last = msg["seq"]
                await hub.send(conn, table)
                return
            if seat is None:
                await ws.send_text(_error("you have no seat at this table", table))
                return
            try:
                action = read_move(table, seat, msg)
                if isinstance(action, Confirm):
                    await ws.send_text(json.dumps({
                        "type": "confirm", "question": plain(action.question),
                        "action": str(action.action), "seq": table.seq}, ensure_ascii=False))
                    return
                table.act(seat, action, msg["seq"])  # stored (committed), then applied
            except WebError as e:
                await ws.send_text(_error(str(e), table))
                return
            await hub.broadcast(table)
            await hub.drive(table)

    def read_move(table: Table, seat: int, msg: dict[str, Any]) -> Action | Confirm:
        if isinstance(msg.get("text"), str):
            if msg["seq"] != table.seq:
                raise WebError(f"stale move: the table is at {table.seq}, not {msg['seq']}")
            return table.read(seat, msg["text"])
        if isinstance(msg.get("action"), str):
            try:
                return Action.parse(msg["action"])
            except (ValueError, HoyleError) as e:
                raise WebError(f"not an action: {e}") from None
        raise WebError('a move needs "text" (as typed) or "action"')

    return app


def _esc(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _seat_cookie(resp: Response, table: Table, token: str) -> None:
    resp.set_cookie(cookie_name(table.id), token, httponly=True, samesite="strict",
                    path=f"/t/{table.id}", max_age=60 * 60 * 24 * 30)
