"""``hoyle serve``: the lobby, the table pages and the table's WebSocket (FastAPI).

One owner per table: a table's moves are taken one at a time under its lock, each stored
before anyone is told (:class:`hoyle.web.tables.Table`), then every reader connected to
the table is sent its own update (its seat's view and the events it may see; a spectator
the public view). The moves that make themselves (chance, the computers', forced moves)
are made by the table's owner task in the background (:meth:`Hub.start`), one at a time
under the lock, the computer's choices off the event loop (:func:`asyncio.to_thread`):
no request waits for them, and at start the server serves first and drives the reloaded
tables meanwhile.

The socket protocol (JSON text frames). The client sends ``{"type": "sync", "seq": N}``
(send me what came after action N) and ``{"type": "move", "seq": N, "text": "5h"}`` or
``{"type": "move", "seq": N, "action": "PLAY 5H"}``, ``N`` being the table's number the
move was chosen at (a stale or replayed message is refused). The server sends ``update``
frames (:meth:`~hoyle.web.tables.Table.frame`; a resync from before a match's current
game gets that game's lines and the match's summary, never the whole match), ``presence``
frames (who is present or away and the free seats, when only they changed: one reader is
never sent two updates of the same number), ``confirm`` (a move that asks a yes first)
and ``error`` (one per refused message; nothing changed). A seat is proved by its token,
kept in an HttpOnly cookie and checked again on every message. A socket must sync before
it moves (a move before is refused: its update could not be told from a resync); a
``sync`` counts :data:`SYNC_COST` messages against the socket's rate. Typed
``help`` (at a referee table also ``menu`` and ``board``) is answered with a ``help``
frame (``{"type": "help", "lines": [...]}``), not read as a move. Each update also says
which seats are ``present`` and, for a seat whose sockets all closed, how long it has been
``away`` (seconds; the page counts down :data:`ADJOURNMENT`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import json
import logging
import math
import os
import re
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from fastapi import APIRouter, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.websockets import WebSocketState
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from hoyle.engine.action import Action
from hoyle.interface.mystats import stat_rows
from hoyle.interface.registry import Capability, GameSpec, games, get_game
from hoyle.interface.text import Confirm
from hoyle.errors import HoyleError, short_repr
from hoyle.web.accountpages import account_router, session_of
from hoyle.web.accounts import Accounts, accounts_for
from hoyle.clubs import Tournament
from hoyle.web.clubpages import club_router
from hoyle.web.ratings import Ratings
from hoyle.web.tournaments import TournamentRow, Tournaments
from hoyle.web.forms import (FormTooLarge, LobbyForm, read_fields, read_options,
                             read_table_form)
from hoyle.web.messages import (MalformedMessage, MoveMessage, RenameMessage, SyncMessage,
                                read_message)
from hoyle.web.referee import create_referee, referee_options
from hoyle.web.db import open_store
from hoyle.web.logs import event
from hoyle.web.pages import LOBBY, NO_TABLE, notice, site_templates
from hoyle.web.ops import Metrics
from hoyle.web.bus import RECONNECT, Bus
from hoyle.web.store import SeatKind, StoreError, TableStore
from hoyle.web.tables import (COMPUTER, HINT_WORDS, MATCH, MATCH_LENGTHS,
                              PERSON, UNDO_WORDS, Table, TableMoved, Tables,
                              WebError, display_name, plain, seat_count,
                              stale_move, table_options)

__all__ = ["FOREIGN", "MAX_MESSAGE", "MAX_SEAT_SOCKETS", "MAX_TABLE_SOCKETS",
           "REPLACED", "SYNC_COST", "TOO_FAST", "create_app", "cookie_name", "web_words"]

HERE = Path(__file__).resolve().parent
MAX_MESSAGE = 16 * 1024
"""The largest socket message taken, in bytes (16 KiB)."""
HANDSHAKES = (2.0, 20.0)
"""New sockets a second one client address may open on average, and at once (a burst):
past it a socket is sent one error frame and closed (code 4429), so that closing a flooding
socket (:data:`TOO_FAST`) is not undone by opening another with a fresh burst."""
SEND_TIMEOUT = 5.0
"""Seconds a frame may take to be sent: a socket whose reader stops reading (its buffers
full) is dropped, so that it never holds its table's lock."""
RATE = 10.0
"""Messages a second a socket may send on average (a burst of :data:`BURST`)."""
BURST = 30.0
HINT_COST = 10.0
"""What a ``hint`` takes from a socket's rate bucket, in messages: the expert's choice is
worked out for it (in a worker thread), so one socket asks at most once a second on
average."""
SYNC_COST = 5.0
"""What a ``sync`` takes from a socket's rate bucket, in messages: its answer is a whole
frame (up to one game's lines), so a socket may resync at most :data:`BURST` / 5 times at
once and twice a second on average."""
MAX_SOCKETS = 16
"""The most spectators' sockets (no seat's cookie) open at once on one table: one more is
refused with one error frame and closed (code 4429). A seat's socket is never counted
nor refused, so spectators cannot lock the players out of their own table."""
MAX_SOCKETS_PER_ADDRESS = 8
"""The most spectators' sockets one client address may hold open at once, over every
table (one more is refused as above, code 4429)."""
MAX_SEAT_SOCKETS = 4
"""The most sockets one seat (its cookie) may hold open at once on its table (tabs,
devices): one more closes the seat's oldest, which is sent one error frame saying why and
closed with code :data:`REPLACED` (its page does not reconnect by itself, so two tabs never
take the seat from each other in turn)."""
REPLACED = 4409
"""The close code of a seat's socket closed for a newer one of the same seat."""
TOO_FAST = 4408
"""The close code of a socket that sent past its rate (:data:`RATE`, :data:`BURST`): it
is sent one error frame saying so and closed, and what it sent after is never read or
answered, so that one client's flood costs the other tables nothing. The page does not
reconnect by itself after it."""
FOREIGN = 4403
"""The close code of a socket opened from another origin's page (an ``Origin`` whose host
and port are not this server's, even another port of the same host), or with a seat's
cookie and no ``Origin`` (or ``null``): one error frame, nothing of the table sent."""
MAX_TABLE_SOCKETS = 24
"""The most sockets open at once on one table, seats' and spectators' together: a
spectator's socket past it is refused (code 4429). A seat's socket is never refused (each
seat holds at most :data:`MAX_SEAT_SOCKETS`), so the seats come first."""
FORCED_PAUSE = (0.6, 1.6)
"""A person's forced card (his only legal card, as the terminal plays it for him) is played
after a pause drawn between these (seconds, :mod:`secrets`: no game's seed is touched), not
at once: played in a millisecond, it would tell the opponent that the seat held exactly one
legal card (the other moves take a person seconds). A forced move naming no card (a go) is
public already and made at once."""
STORE_RETRY = 1.0
STORE_RETRY_MAX = 30.0
"""An automatic move the store could not write (a full disk) is tried again after
:data:`STORE_RETRY` seconds, then twice as long each time up to :data:`STORE_RETRY_MAX`;
a reader's sync restarts a table whose moves stopped."""
BUS_START = 10.0
"""Seconds a server that shares its database waits at start to hear the others before it
serves (past them it serves, refusing sockets until it hears them: ``/readyz`` says so)."""

SWEEP = 2.0
"""Seconds between two looks for tables whose automatic moves nobody makes (where several
server processes share a database: the lease of one that died is taken up)."""

COMPUTER_TABLES = 1
COMPUTERS_PACE = 0.005
"""The tables with no person (a computers' match) make their moves one table at a time, at
most one every :data:`COMPUTERS_PACE` seconds each: they run beside the persons' tables at a
lower priority, and never hold the lobby or a person's move."""
MAX_VERB = 16
MAX_WORD = 40
"""The longest verb and word an ``"action"`` message may name (characters): no game's is
longer (``DISCARD``, ``PROPOSE``; an irregularity's name), and a longer one is refused
quoted shortened (:func:`hoyle.errors.short_repr`)."""
MAX_TABLES = 20
"""The most tables one client address may create in an hour (:data:`TABLES_WINDOW`)."""
LOBBY_PAGE = 50
"""The most tables the lobby lists on one page (newest first)."""
MAX_SEATS = 10
"""The most open tables' seats one client address may take in an hour (a script taking the
free seat of every table in the lobby); a seat taken with an invite link's secret is not
counted. A table is invite-only unless its creator ticks "open"."""
TABLES_WINDOW = 3600.0
ADJOURNMENT = 600.0
"""Seconds an away seat's opponent is shown counting down (10 minutes). What happens at
zero: nothing is forfeited and nothing is decided for anyone. The page says the game is
adjourned and kept as it stands; the seat may still come back at any time (its link and
cookie), and the game goes on from the same move; the waiting player may close the page
and come back too. (No law of either code lets the present player claim the game of an
absent one, so no claim is offered.)"""


log = logging.getLogger(__name__)


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
    host: str = ""
    """The client address (counted against the spectators' caps when ``seat`` is None)."""
    rate: float = RATE
    burst: float = BURST
    allowance: float = BURST
    stamp: float = field(default_factory=time.monotonic)

    gone: bool = False
    """Whether a send to the socket failed (the client went): nothing more is sent."""

    def allow(self, cost: float = 1.0) -> bool:
        """Take ``cost`` messages from the rate bucket (a ``sync``: :data:`SYNC_COST`);
        ``False`` if it holds fewer."""
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.allowance < cost:
            return False
        self.allowance -= cost
        return True


class Hub:
    """The owner of every table: its lock, its open sockets, and the moves that follow a
    person's (chance, the computers', forced moves)."""

    def __init__(self, tables: Tables, adjournment: float = ADJOURNMENT,
                 forced_pause: tuple[float, float] = FORCED_PAUSE,
                 computers_pace: float = 0.0) -> None:
        self.tables = tables
        self.adjournment = adjournment
        """Seconds an away seat is counted down on its opponent's page."""
        self.forced_pause = forced_pause
        """The range of a person's forced card's pause (seconds, :data:`FORCED_PAUSE`)."""
        self.computers_pace = computers_pace
        """Seconds a table of computers only waits between its moves."""
        self.metrics: Metrics | None = None
        self.ratings: Ratings | None = None
        self.tournaments: Tournaments | None = None
        self.open_tables: Callable[[TournamentRow], None] | None = None
        """The server's metrics (:mod:`hoyle.web.ops`), counted as moves are made."""
        self.bus: Bus | None = None
        """How this process hears the others that share its database (``None``: it has
        the database to itself)."""
        self._sayer: ThreadPoolExecutor | None = None
        """The thread that sends this process's presence notices (:meth:`say`)."""
        self.computers = asyncio.Semaphore(COMPUTER_TABLES)
        """The tables with no person: at most :data:`COMPUTER_TABLES` make a move at once."""
        self.computers_waiting = 0
        """The tables with no person waiting their turn to move now (``/metrics``)."""
        self.locks: dict[str, asyncio.Lock] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.opened: dict[Conn, int] = {}
        """Each open socket's number, in the order they were opened (the oldest first)."""
        self.order = itertools.count()
        self.tasks: dict[str, asyncio.Task[None]] = {}
        """Per table, its owner task driving the automatic moves (:meth:`start`)."""
        self.me = secrets.token_hex(4)
        """This process's worker id (its presence notices, its listening connection's
        name: :func:`hoyle.web.bus.bus_name`)."""
        self.here: dict[str, set[int]] = {}
        """Per table, the seats with a synced socket here, as told to the other workers."""
        self.remote: dict[str, dict[int, set[str]]] = {}
        """Per table and seat, the other workers at which it has a socket (as they said)."""
        self.away: dict[str, dict[int, float]] = {}
        """Per table, the seats whose last socket closed, and when (``time.time()``). At
        start (a restart) no socket is open: every taken seat of an unfinished game is
        away from then, so its opponent's page counts down as before the restart."""
        for table in tables.tables.values():
            self._away_from_now(table)
        tables.on_load = self._away_from_now  # a table read later, where processes share
        # the database: its seats are away until a socket of theirs syncs here

    def _away_from_now(self, table: Table) -> None:
        """Every taken person seat of an unfinished game at ``table`` is away from now
        (no socket of it is open here yet)."""
        if table.kind == "play" and not table.finished:
            now = time.time()
            taken = {seat: now for seat in table.person_seats()
                     if table.row.token_hashes[seat] is not None}
            if taken:
                self.away[table.id] = taken
                self.say(f"{table.id} ? {self.me}")  # the others say which are there

    def seat_left(self, table_id: str, seat: int) -> bool:
        """A seat's socket closed: if it has no other here, the others are told; if it has
        none at another worker either, it is away from now (``True``)."""
        if any(c.seat == seat for c in self.conns.get(table_id, ())):
            return False
        here = self.here.get(table_id, set())
        if seat in here:
            here.discard(seat)
            self.say(f"{table_id} -{seat} {self.me}")
        if self.remote.get(table_id, {}).get(seat):
            return False  # still at another worker
        self.away.setdefault(table_id, {})[seat] = time.time()
        return True

    def seat_back(self, table_id: str, seat: int) -> bool:
        """A seat synced a socket: it is no longer away (``True`` if it was), and the
        other workers are told, the first time, that it is here."""
        here = self.here.setdefault(table_id, set())
        if seat not in here:
            here.add(seat)
            self.say(f"{table_id} +{seat} {self.me}")
        return self.away.get(table_id, {}).pop(seat, None) is not None

    def say(self, payload: str) -> None:
        """Tell the other workers who is at a table (:func:`hoyle.web.bus.parse_presence`);
        where none shares the database, nothing. On the event loop the notice is sent by
        one thread of its own, in the order said (a slow database does not stall the
        sockets). A database that does not answer loses the notice (the others see the
        seat as they did), and is logged."""
        if self.bus is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a table read in a thread: said from there
            self._announce(payload)
            return
        if self._sayer is None:
            self._sayer = ThreadPoolExecutor(1, thread_name_prefix="hoyle-say")
        loop.run_in_executor(self._sayer, self._announce, payload)

    def _announce(self, payload: str) -> None:
        try:
            self.tables.store.announce(payload)
        except StoreError as e:
            log.warning("the others were not told who is at a table: %s", e)

    async def presence(self, table_id: str, sign: str, seat: int, worker: str) -> None:
        """Another worker said who is at table ``table_id`` (:class:`~hoyle.web.bus.Bus`):
        ``"+"`` seat ``seat`` has a socket there, ``"-"`` no longer, ``"?"`` it asks who is
        here (answered with a ``"+"`` for each seat here). The pages here are sent the
        change."""
        if worker == self.me:
            return
        if table_id not in self.tables.tables:
            return  # not held here: asked for (``"?"``) when it is read
        if sign == "?":
            for here in sorted(self.here.get(table_id, ())):
                self.say(f"{table_id} +{here} {self.me}")
            return
        workers = self.remote.setdefault(table_id, {}).setdefault(seat, set())
        was = bool(workers)
        (workers.add if sign == "+" else workers.discard)(worker)
        await self._presence_changed(table_id, seat, was)

    async def _presence_changed(self, table_id: str, seat: int, was: bool) -> None:
        """Seat ``seat``'s presence at other workers went from ``was`` to what
        :attr:`remote` holds now: away from now if it has gone from every worker, back if
        it came; the pages here are sent their presence frame."""
        elsewhere = bool(self.remote.get(table_id, {}).get(seat))
        if elsewhere == was:
            return
        if elsewhere:
            self.away.get(table_id, {}).pop(seat, None)
        elif not any(c.seat == seat for c in self.conns.get(table_id, ())):
            self.away.setdefault(table_id, {})[seat] = time.time()
        table = self.tables.tables.get(table_id)
        if table is not None:
            async with self.lock(table_id):
                await self.broadcast(table)

    async def forget_dead(self) -> None:
        """Drop what the workers that no longer listen said (killed, or cut from the
        database): their seats are away here from now, unless present elsewhere."""
        if not self.remote:
            return
        try:
            live = await asyncio.to_thread(self.tables.store.live_workers)
        except StoreError as e:
            log.warning("the live workers were not read: %s", e)
            return
        if live is None:
            return
        for table_id, seats in list(self.remote.items()):
            for seat, workers in list(seats.items()):
                dead = workers - live
                if dead:
                    workers -= dead
                    await self._presence_changed(table_id, seat, True)

    async def make_room(self, table: Table, seat: int, cap: int) -> None:
        """Before one more socket of ``seat`` is opened: close the seat's oldest sockets
        until it holds fewer than ``cap``, each sent one error frame saying why and closed
        with code :data:`REPLACED`. Nothing of the table changes."""
        conns = self.conns.get(table.id, set())
        mine = sorted((c for c in conns if c.seat == seat),
                      key=lambda c: self.opened.get(c, -1))
        for old in mine[:max(0, len(mine) - cap + 1)]:
            conns.discard(old)
            self.opened.pop(old, None)
            reason = (f"seat {seat + 1} has {cap} sockets open, the most it may: this one, "
                      "the oldest, was closed for the newest (reload to take it back here)")
            await self.write(old, _error(reason, table))
            old.gone = True
            try:
                await old.ws.close(code=REPLACED, reason="replaced by a newer socket")
            except Exception:  # already closed
                pass

    def lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock (one owner: its moves are taken in order)."""
        return self.locks.setdefault(table_id, asyncio.Lock())

    def _presence(self, table: Table) -> dict[str, Any]:
        """Which seats are ``present``, how many spectators' sockets are ``watching``, how
        long each away seat has been away (seconds), the adjournment (seconds) and the free
        seats."""
        conns = self.conns.get(table.id, ())
        present = {c.seat for c in conns if c.seat is not None}
        present |= {seat for seat, workers in self.remote.get(table.id, {}).items() if workers}
        now = time.time()
        return {"present": sorted(present),
                "watching": sum(1 for c in conns if c.seat is None and not c.gone),
                "away": {str(seat): round(now - since, 1) for seat, since
                         in self.away.get(table.id, {}).items() if seat not in present
                         and table.kind == "play"},  # a referee plays no seat
                "adjournment": self.adjournment, "free_seats": table.free_seats()}

    async def send(self, conn: Conn, table: Table, resync: bool = False,
                   reset: bool = False) -> None:
        """Send ``conn`` what came after the last number it was sent: an ``update``; or,
        when it has every action already and did not ask (``resync``), only a
        ``presence`` frame (who is present or away, the free seats), so that no reader is
        sent two updates of the same number. ``reset``: the update is the whole table
        after an undo, so marked (the page starts its log again). A socket whose send
        failed is dropped."""
        if conn.last is None or conn.gone:
            return
        frame: dict[str, Any]
        if conn.last == table.seq and not resync:
            frame = {"type": "presence", "seq": table.seq, **self._presence(table),
                     "names": table.names_for(conn.seat)}  # a seat taken with a name
        else:
            frame = table.frame(conn.seat, conn.last)
            frame.update(self._presence(table))
            if reset:
                frame["reset"] = True
        conn.last = table.seq
        await self.write(conn, _text(frame))

    async def write(self, conn: Conn, text: str) -> None:
        """Send one frame; a socket that has gone (closed, or its send fails) is dropped
        from its table and sent nothing more."""
        ws = conn.ws
        if self.metrics is not None and text.startswith('{"type": "error"'):
            self.metrics.refused.inc()
        if conn.gone or ws.client_state != WebSocketState.CONNECTED \
                or ws.application_state != WebSocketState.CONNECTED:
            conn.gone = True
            return
        try:  # a reader that stops reading is dropped, never waited for under the lock
            async with asyncio.timeout(SEND_TIMEOUT):
                await ws.send_text(text)
        except Exception:  # the client went while we sent, or does not read
            conn.gone = True
            for conns in self.conns.values():
                conns.discard(conn)
            try:
                async with asyncio.timeout(SEND_TIMEOUT):
                    await ws.close()
            except Exception:  # already closed, or its close frame cannot be sent either
                pass

    async def reset(self, table: Table) -> None:
        """After an undo (the table's number went back): send every reader the whole
        table again from its start, marked ``reset`` (the page clears its log first)."""
        for conn in list(self.conns.get(table.id, ())):
            if conn.last is not None:
                conn.last = 0
                await self.send(conn, table, resync=True, reset=True)

    async def broadcast(self, table: Table, but: Conn | None = None) -> None:
        """Send every reader of the table (``but`` one) its update (or its presence
        frame); a game just finished is rated first (:meth:`rate`)."""
        await self.rate(table)
        await self.report(table)
        for conn in list(self.conns.get(table.id, ())):
            if conn is not but:
                await self.send(conn, table)

    async def rate(self, table: Table) -> None:
        """Rate the table's finished games not rated yet (:mod:`hoyle.web.ratings`: a
        game whose persons were all signed in; each once in the store, whichever process
        rates it). A store that does not answer leaves them to the next try (a restart's
        :meth:`rate` of every table)."""
        if self.ratings is None:
            return
        games = table.unrated_games()
        if not games:
            return
        ratings = self.ratings

        def rate_all() -> None:
            accounts = ratings.seat_accounts(table.id)
            for number, winner, sides, seats in games:
                who = [("account", accounts[i]) if kind == "person" and i in accounts else
                       ("guest", "") if kind == "person" else (kind, name)
                       for i, (kind, name) in enumerate(seats)]
                if all(kind != "guest" for kind, _ in who):
                    for change in ratings.rate(table.id, number, table.spec.name, who,
                                               winner, sides):
                        seat = next(i for i, a in accounts.items() if a == change.account)
                        table.rating_words[seat] = (
                            f"Your rating: {change.before:.1f} to {change.after:.1f} "
                            f"({change.delta:+.1f}).")
        try:
            await asyncio.to_thread(rate_all)
        except StoreError as e:
            table.rated.difference_update(n for n, _, _, _ in games)
            log.warning("table %s: its ratings wait: %s", table.id, e)

    async def report(self, table: Table) -> None:
        """A tournament's table whose game has ended: its result into the tournament
        (once: a second report finds it standing), and the tables of the games that opened
        by it (a playoff match's next game) made."""
        if self.tournaments is None or not table.finished or table.reported:
            return
        tournaments = self.tournaments
        result = table.state.result_dict() or {}
        winner, scores = result.get("winner"), result.get("scores")
        if not isinstance(winner, int) or not isinstance(scores, list) or len(scores) != 2:
            return

        def into() -> TournamentRow | None:
            kept = tournaments.kept(table.id)
            if kept is None:
                return None
            won = tournaments.accounts.by_id(kept.seats[winner])
            if won is None:
                return None

            def record(t: Tournament) -> None:
                if t.find(kept.key).result is not None:
                    return  # reported already (another process)
                t.record_table_result(kept.key, won.name,
                                      (scores[winner], scores[1 - winner]),
                                      f"table {table.id}")
            tournaments.change(kept.tournament, record)
            return tournaments.get(kept.tournament)
        try:
            row = await asyncio.to_thread(into)
        except StoreError as e:  # tried again at the next update (or the next start)
            log.warning("table %s: its tournament result waits: %s", table.id, e)
            return
        except HoyleError as e:  # a game its tournament cannot score (a forfeit short of
            table.reported = True  # the game hole): the director sets its result
            log.warning("table %s: its result is left to the director: %s", table.id, e)
            return
        table.reported = True
        if row is not None and self.open_tables is not None:
            self.open_tables(row)

    async def tell(self, table: Table, what: str | None) -> None:
        """The table was read again (:meth:`Table.refresh`): ``"more"`` sends every reader
        its update, ``"again"`` its update even at the same number (the link to the next
        table), ``"reset"`` the whole table (an undo made elsewhere), ``None``
        nothing."""
        if what == "reset":
            await self.reset(table)
        elif what == "again":
            for conn in list(self.conns.get(table.id, ())):
                await self.send(conn, table, resync=True)
        elif what == "more":
            await self.broadcast(table)

    async def heard(self, table_id: str, version: int) -> None:
        """Another server process wrote table ``table_id`` (now at ``version``): if this
        one holds it, read it again and tell its readers here (a table not held is read
        when it is asked for)."""
        table = self.tables.tables.get(table_id)
        if table is None or table.row.version == version:
            return  # this process's own write, or one read already (a lower version: a
            # notice that came late, or the database restored from an earlier copy: read)
        async with self.lock(table_id):
            try:
                what = table.refresh()
            except StoreError as e:
                log.warning("table %s was not read again: %s", table_id, e)
                return
            await self.tell(table, what)
        if what is not None:
            self.start(table)  # its next automatic move: whoever holds the lease makes it

    async def catch_up(self) -> None:
        """Read again every table written since this process last heard (its ear on the
        others was lost, or it just started listening)."""
        try:
            versions = self.tables.store.versions()
        except StoreError as e:
            log.warning("the tables were not read again: %s", e)
            return
        for table_id in list(self.tables.tables):
            if table_id in versions:
                await self.heard(table_id, versions[table_id])

    async def heard_again(self, again: bool) -> None:
        """This process listens (``again``: after a loss): it reads what was written while
        it did not (:meth:`catch_up`) and, after a loss, asks again who is at each table it
        holds (what the others said meanwhile was not heard)."""
        await self.catch_up()
        if again:
            self.remote.clear()
            for table_id in list(self.tables.tables):
                self.say(f"{table_id} ? {self.me}")

    async def lose_others(self) -> None:
        """This process no longer hears the others (its listening connection was lost):
        every socket is told and closed with :data:`~hoyle.web.bus.RECONNECT`, so that the
        pages reconnect to a worker that does (this one refuses sockets until it hears
        again)."""
        for conns in list(self.conns.values()):
            for conn in list(conns):
                await self.write(conn, _error("this server lost touch with the others: "
                                              "reconnecting"))
                conn.gone = True
                try:
                    await conn.ws.close(code=RECONNECT, reason="reconnect")
                except Exception:  # already closed
                    pass

    async def sweep(self, every: float = SWEEP) -> None:
        """Run where several processes share the database: every ``every`` seconds,
        :meth:`adopt` the tables no one drives, then :meth:`let_go` of those idle here."""
        idle: set[str] = set()
        while True:
            await asyncio.sleep(every)
            await self.adopt()
            await self.forget_dead()
            idle = self.let_go(idle)

    async def adopt(self) -> None:
        """Drive each table whose next move makes itself and whose lease no process holds
        (the process that drove it died: :meth:`TableStore.due_tables`), read here if it is
        not held; one found waiting for a person after all is so noted
        (:meth:`TableStore.clear_due`)."""
        store = self.tables.store
        try:
            due = await asyncio.to_thread(store.due_tables)
        except StoreError as e:
            log.warning("the tables to drive were not read: %s", e)
            return
        for table_id in due:
            task = self.tasks.get(table_id)
            if task is not None and not task.done():
                continue
            try:  # the lease first: a table another process took meanwhile is not read
                if not store.try_lease(table_id):
                    continue
                table = self.tables.load(table_id)
                if table is None or table.next_automatic() is None:
                    if table is not None:
                        store.clear_due(table_id, table.row.version)
                    store.release_lease(table_id)
                    continue
            except StoreError as e:
                log.warning("table %s was not read: %s", table_id, e)
                store.release_lease(table_id)
                continue
            self.start(table)  # its drive holds the lease on, and lets it go at the end

    def let_go(self, idle: set[str]) -> set[str]:
        """Forget the held tables that were idle here at the last sweep (``idle``) and still
        are: no socket open, no automatic move being made, nobody waiting on its lock
        (:meth:`Tables.forget`; read again when next asked for). Returns those idle now.
        Where several processes share the database, each holds only the tables it serves,
        and hears only of those."""
        now: set[str] = set()
        for table_id in list(self.tables.tables):
            task = self.tasks.get(table_id)
            lock = self.locks.get(table_id)
            if any(not c.gone for c in self.conns.get(table_id, ())) or \
                    (task is not None and not task.done()) or \
                    (lock is not None and lock.locked()):
                continue
            if table_id not in idle:
                now.add(table_id)
                continue
            self.tables.forget(table_id)
            for held in (self.conns, self.tasks, self.locks, self.away, self.remote,
                         self.here):
                held.pop(table_id, None)
        return now

    async def drive(self, table: Table) -> None:
        """Make the moves that make themselves (chance, computers off the event loop,
        forced moves), each stored and then announced, until a person is to move. Each
        move is taken under the table's lock, which is let go between moves (a reader's
        sync or page is never kept waiting for a computers' match to end). Run as the
        table's owner task (:meth:`start`), not inside a request."""
        try:
            await self._drive(table)
        finally:
            self.tables.store.release_lease(table.id)

    async def _drive(self, table: Table) -> None:
        """:meth:`drive`'s loop: each move made only while this process holds the table's
        lease (:meth:`~hoyle.web.store.TableStore.try_lease`: one process of those that
        share a database makes a table's automatic moves; the others hear of them)."""
        retry = STORE_RETRY
        while True:
            pause = 0.0
            async with self.lock(table.id):
                nxt = table.next_automatic()
                if nxt is None:
                    return
                try:
                    if not self.tables.store.try_lease(table.id):
                        return  # another process drives it: its moves are heard
                except StoreError as e:
                    log.warning("table %s: its lease waits %g s: %s", table.id, retry, e)
                    nxt = None
                if nxt is not None and nxt[0] == "forced" and table.forced_names_a_card():
                    pause = _human_pause(self.forced_pause)
            if nxt is None:
                await asyncio.sleep(retry)
                retry = min(retry * 2, STORE_RETRY_MAX)
                continue
            if pause:  # a person's only card: played at a person's pace, not the server's
                await asyncio.sleep(pause)
            computers_only = not table.person_seats()
            async with self.computers_turn() if computers_only else nullcontext():
                async with self.lock(table.id):
                    nxt = table.next_automatic()
                    if nxt is None:
                        return
                    if nxt[0] == "computer":
                        action = await asyncio.to_thread(table.automatic_action)
                    else:
                        action = table.automatic_action()
                    if action is None:
                        return
                    try:
                        table.apply_automatic(action)  # stored, then applied
                    except TableMoved as e:  # another process moved first: read again
                        await self.tell(table, e.what)
                        continue
                    except StoreError as e:  # not stored (a full disk): nothing was played
                        log.warning("table %s: an automatic move waits %g s: %s",
                                    table.id, retry, e)
                        failed = True
                    else:
                        failed = False
                        retry = STORE_RETRY
                        if self.metrics is not None:
                            self.metrics.actions.labels("itself").inc()
                        await self.broadcast(table)
            if failed:  # tried again, later and later (the next sync also restarts it)
                await asyncio.sleep(retry)
                retry = min(retry * 2, STORE_RETRY_MAX)
            elif computers_only:
                await asyncio.sleep(self.computers_pace)  # the persons' tables come first
            else:
                await asyncio.sleep(0)  # the others' turn on the event loop

    @asynccontextmanager
    async def computers_turn(self) -> AsyncIterator[None]:
        """A table with no person's turn to move (:data:`COMPUTER_TABLES` at once), counted
        in :attr:`computers_waiting` until it has it."""
        self.computers_waiting += 1
        try:
            await self.computers.acquire()
        finally:
            self.computers_waiting -= 1
        try:
            yield
        finally:
            self.computers.release()

    def start(self, table: Table) -> None:
        """Drive the table's automatic moves in the background (its owner task), unless
        they are being driven already (the running task sees every later move: it reads
        the table under its lock)."""
        task = self.tasks.get(table.id)
        if task is not None and not task.done():
            return
        task = asyncio.get_running_loop().create_task(self.drive(table),
                                                      name=f"drive {table.id}")
        task.add_done_callback(self._driven)
        self.tasks[table.id] = task

    def _driven(self, task: "asyncio.Task[None]") -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("a table's automatic moves stopped", exc_info=task.exception())
            if self.metrics is not None:
                self.metrics.faults.inc()

    async def settle(self, table_id: str | None = None) -> None:
        """Wait until the automatic moves of table ``table_id`` (``None``: of every table)
        have been made, up to a person's turn or the end (tests, and a clean stop)."""
        while True:
            running = [t for k, t in self.tasks.items()
                       if not t.done() and (table_id is None or k == table_id)]
            if not running:
                return
            await asyncio.wait(running)

    async def stop(self) -> None:
        """Cancel the owner tasks (the server stops; a move being chosen is dropped, not
        stored: the restarted server chooses it again from the same seed)."""
        running = [t for t in self.tasks.values() if not t.done()]
        for t in running:
            t.cancel()
        if running:
            await asyncio.wait(running)
        if self._sayer is not None:  # the notices said are sent before the store closes
            await asyncio.to_thread(self._sayer.shutdown)
            self._sayer = None


def _same_origin(request: Request) -> bool:
    """Whether a form post comes from this server's own pages: its ``Origin`` (or, without
    one, its ``Referer``) names this host, or the browser sent neither (a CSRF guard)."""
    source = request.headers.get("origin") or request.headers.get("referer")
    if not source:
        return True
    host = request.headers.get("host", "")
    return urlsplit(source).netloc == host


WINDOW_WORDS = frozenset({"y", "yes", "n", "no"})
"""What a person types to answer a window the laws open out of turn (CLUB-24's king), as
the terminal reads it: yes (or the act's own word, its verb), or no."""


def _human_pause(bounds: tuple[float, float]) -> float:
    """A pause drawn uniformly between ``bounds`` (seconds), from :mod:`secrets`."""
    low, high = bounds
    if high <= low:
        return max(0.0, low)
    return low + (high - low) * secrets.randbelow(1_000_001) / 1_000_000


def _text(frame: dict[str, Any]) -> str:
    """A frame as JSON text that is valid UTF-8: non-ASCII letters as they are (``é``), but
    a lone surrogate quoted from a hostile message (``\\udfff``) escaped, never a frame that
    cannot be sent."""
    text = json.dumps(frame, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(frame)  # every non-ASCII character escaped: still the same JSON
    return text


def _foreign_origin(ws: WebSocket, token: str | None) -> str | None:
    """Why a socket's handshake is refused for its origin, else ``None``: its ``Origin``
    names another host or port than the one it was sent to (``Host``), or it carries a
    seat's cookie without an ``Origin`` (or with ``null``): every browser sends one, so a
    cookie without one is not a page of this server's (cross-site WebSocket hijacking).
    A script with no cookie and no ``Origin`` watches as a spectator."""
    origin = ws.headers.get("origin")
    if origin is None or origin == "null":
        return ("a seat's socket is opened from this server's own page (no Origin)"
                if token else None)
    if urlsplit(origin).netloc.lower() != ws.headers.get("host", "").lower():
        return "a socket is opened from this server's own pages, not from another origin"
    return None


def _error(message: str, table: Table | None = None) -> str:
    frame: dict[str, Any] = {"type": "error", "message": message}
    if table is not None:
        frame["seq"] = table.seq
    return _text(frame)


def create_app(db: str | Path = "hoyle.db", store: TableStore | None = None,
               rate: float = RATE, burst: float = BURST,
               fixed_seed: int | None = None, max_sockets: int = MAX_SOCKETS,
               max_tables: int = MAX_TABLES, adjournment: float = ADJOURNMENT,
               max_sockets_per_address: int = MAX_SOCKETS_PER_ADDRESS,
               max_seat_sockets: int = MAX_SEAT_SOCKETS,
               max_table_sockets: int = MAX_TABLE_SOCKETS,
               forced_pause: tuple[float, float] | None = None,
               computers_pace: float | None = None,
               allowed_hosts: Sequence[str] | None = None,
               max_seats: int = MAX_SEATS,
               handshakes: tuple[float, float] | None = None) -> FastAPI:
    """The web app on the database ``db`` (an SQLite file, or a PostgreSQL database's URL:
    :func:`hoyle.web.store.open_store`), or on ``store``: every stored table is
    loaded at start and unfinished games go on. Each socket may send ``rate`` messages a
    second on average, ``burst`` at once; a table takes at most ``max_sockets`` spectators'
    sockets at once and one client address may hold ``max_sockets_per_address`` of them
    (a seat's socket is never refused), a seat at most ``max_seat_sockets`` (one more closes
    its oldest), a table at most ``max_table_sockets`` in all (past it a spectator's is
    refused), and one client address may create ``max_tables`` tables an hour. A seat whose
    sockets all closed is counted down for ``adjournment`` seconds on the others' pages
    (:data:`ADJOURNMENT`: what happens at zero).

    Every table's seed is drawn by the server (128 bits, :mod:`secrets`); no form or
    message can choose it, since whoever knows the seed knows every card. ``fixed_seed``
    (tests and demonstrations only: ``hoyle serve --insecure-seed N``) gives the tables
    the seeds N, N+1, ... in the order they are made.

    A person's forced card is played after a pause drawn from ``forced_pause`` (seconds;
    ``None``: :data:`FORCED_PAUSE`), and a table of computers only waits ``computers_pace``
    seconds between its moves (``None``: :data:`COMPUTERS_PACE`). One client address opens
    sockets at ``handshakes`` (a second, at once; ``None``: :data:`HANDSHAKES`). ``allowed_hosts``: the names the server
    answers to (its ``Host``; Starlette's ``TrustedHostMiddleware``: a page of another
    site whose name was rebound to this address is refused, 400); ``None`` checks none
    (``hoyle serve`` always gives them: 127.0.0.1, localhost and ``--allowed-host``). One
    client address may take ``max_seats`` open seats an hour (:data:`MAX_SEATS`; a seat
    taken with its invite link's secret is not counted). Every response carries the
    security headers of :data:`SECURITY_HEADERS` (no inline script or style, no framing).

    Raises:
        StoreError: the database's schema is newer than this program.
    """
    the_store: TableStore = store if store is not None else open_store(db)
    tables = Tables(the_store, fixed_seed is not None)  # a match's games: seeded too
    templates = site_templates()
    hub = Hub(tables, adjournment, FORCED_PAUSE if forced_pause is None else forced_pause,
              COMPUTERS_PACE if computers_pace is None else computers_pace)
    bus: Bus | None = None
    if the_store.shared:
        bus = Bus(getattr(the_store, "url"), hub.heard, hub.lose_others, hub.heard_again,
                  hub.presence, hub.me)
    hub.bus = bus
    ctx = _Context(tables, hub, templates, rate, burst,
                   fixed_seed, max_sockets, max_tables, max_sockets_per_address,
                   max_seat_sockets, max_table_sockets, max_seats=max_seats,
                   handshakes=HANDSHAKES if handshakes is None else handshakes,
                   accounts=accounts_for(the_store))
    if ctx.accounts is not None:
        hub.ratings = Ratings(ctx.accounts.store)
        hub.tournaments = ctx.tournaments = Tournaments(ctx.accounts.store, ctx.accounts)
        hub.open_tables = partial(_open_tournament_tables, ctx)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # the loaded tables are long-lived: the cycle collector need not walk them again
        # (a full collection of a large heap stalls every table's socket)
        gc.collect()
        gc.freeze()
        for table in list(tables.tables.values()):  # served at once; driven meanwhile
            ctx.hub.start(table)
        if hub.ratings is not None:  # games that ended while no process rated them (or
            seated = await asyncio.to_thread(hub.ratings.tables_with_accounts)  # put them
            for table in list(tables.tables.values()):          # into their tournament)
                if table.id in seated and table.finished:
                    await ctx.hub.rate(table)
                    await ctx.hub.report(table)
        background: list[asyncio.Task[None]] = []
        if bus is not None:  # other processes share the database: hear them
            loop = asyncio.get_running_loop()
            background = [loop.create_task(bus.run(), name="bus"),
                          loop.create_task(hub.sweep(), name="sweep")]
            with contextlib.suppress(TimeoutError):  # served once it hears the others
                await asyncio.wait_for(bus.tried.wait(), BUS_START)
            await hub.adopt()  # the tables no one drives (all, at a site's restart)
        yield
        for task in background:
            task.cancel()
        await ctx.hub.stop()
        the_store.close()

    app = FastAPI(title="hoyle", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.tables = tables
    app.state.hub = ctx.hub
    app.state.unreadable = tables.unreadable
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.include_router(_lobby_router(ctx))
    app.include_router(account_router(ctx.accounts, templates, partial(_seat_line, tables),
                                      hub.ratings, tables.stats_at))
    app.include_router(club_router(ctx.accounts, ctx.tournaments, templates,
                                   partial(_open_tournament_tables, ctx),
                                   partial(_table_link, tables),
                                   partial(_tournament_referee, ctx)))
    app.include_router(_table_router(ctx))
    app.include_router(_socket_router(ctx))
    metrics = Metrics(tables, lambda: sum(len(c) for c in hub.conns.values()),
                      lambda: hub.computers_waiting)
    hub.metrics = app.state.metrics = metrics
    app.include_router(_ops_router(tables, the_store, metrics, hub))

    async def unanswered(request: Request, e: Exception) -> Response:
        """A page or record the shared database could not read now: 503 with one line (a
        proxy tries another worker; a player is never told his table does not exist)."""
        cause = (e.cause if isinstance(e, StoreError) else None) or str(e)
        if request.url.path.endswith(".json"):
            return JSONResponse({"error": web_words(str(e))}, status_code=503)
        return _refused("The table cannot be read now", StoreError(cause, cause))

    app.add_exception_handler(StoreError, unanswered)
    if allowed_hosts is not None:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts),
                           www_redirect=False)
    app.add_middleware(_SecurityHeaders)  # the outermost: its refusals carry them too
    return app


SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; object-src 'none'; "
                               "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}
"""The headers every HTTP response carries: no script or style but the server's own files
(no inline script), no framing by another page, no sniffed content types, no address sent
to another site."""


class _SecurityHeaders:
    """An ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.raw = [(k.lower().encode("latin-1"), v.encode("latin-1"))
                    for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.raw]}
            await send(message)

        await self.app(scope, receive, with_headers)


@dataclass
class _Context:
    """What the routers share: the tables, their owner, the templates and the limits."""

    tables: Tables
    hub: Hub
    templates: Jinja2Templates
    rate: float
    burst: float
    fixed_seed: int | None
    max_sockets: int
    max_tables: int
    max_sockets_per_address: int
    max_seat_sockets: int = MAX_SEAT_SOCKETS
    max_table_sockets: int = MAX_TABLE_SOCKETS
    made: itertools.count = field(default_factory=itertools.count)  # type: ignore[type-arg]
    created: dict[str, list[float]] = field(default_factory=dict)
    """Per client address, when it created its tables of the last hour."""
    max_seats: int = 10
    handshakes: tuple[float, float] = HANDSHAKES
    opened: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Per client address, its socket-opening bucket: what is left of it, and when."""
    seated: dict[str, list[float]] = field(default_factory=dict)
    """Per client address, when it took open tables' seats in the last hour."""
    accounts: Accounts | None = None
    """The players' accounts (an SQL store's; ``None``: a store without them)."""
    tournaments: Tournaments | None = None
    """The tournaments (with the accounts)."""

    async def account_id(self, request: Request) -> str | None:
        """The id of the account the request is signed in to, else ``None`` (a guest)."""
        session = await asyncio.to_thread(session_of, self.accounts, request)
        return None if session is None else session.account.id

    def next_seed(self) -> int | None:
        """The next fixed seed (tests and demonstrations only), else ``None`` (drawn)."""
        return None if self.fixed_seed is None else self.fixed_seed + next(self.made)

    def allow_table(self, request: Request) -> None:
        """Whether the request's client address may make one more table now (a form
        refused makes none and is not counted: :meth:`count_table` once it is made).

        Raises:
            TooManyTables: the address made :data:`MAX_TABLES` tables in the last hour.
        """
        host = request.client.host if request.client else ""
        now = time.monotonic()
        recent = [t for t in self.created.get(host, []) if now - t < TABLES_WINDOW]
        self.created[host] = recent
        if len(recent) >= self.max_tables:
            many = "a new table" if self.max_tables == 1 else f"{self.max_tables} new tables"
            minutes = max(1, math.ceil((TABLES_WINDOW - (now - recent[0])) / 60))
            raise TooManyTables(f"at most {many} an hour from one address (finished ones "
                                f"count too): the next in {minutes} minute"
                                f"{'' if minutes == 1 else 's'}; meanwhile go on at a table "
                                "of yours, or take a free seat from the lobby")

    def count_table(self, request: Request) -> None:
        """Count a table made by the request's client address (after :meth:`allow_table`)."""
        host = request.client.host if request.client else ""
        self.created.setdefault(host, []).append(time.monotonic())

    def allow_socket(self, host: str) -> bool:
        """Whether the client address ``host`` may open one more socket now
        (:data:`HANDSHAKES`)."""
        rate, burst = self.handshakes
        now = time.monotonic()
        left, stamp = self.opened.get(host, (burst, now))
        left = min(burst, left + (now - stamp) * rate)
        if left < 1:
            self.opened[host] = (left, now)
            return False
        self.opened[host] = (left - 1, now)
        if len(self.opened) > 10_000:  # forget the full buckets of addresses long gone
            self.opened = {h: v for h, v in self.opened.items()
                           if v[0] + (now - v[1]) * rate < burst}
        return True

    def allow_seat(self, request: Request) -> None:
        """Whether the request's client address may take one more open table's seat now
        (:meth:`count_seat` once taken).

        Raises:
            TooManyTables: the address took :data:`MAX_SEATS` open seats in the last hour.
        """
        host = request.client.host if request.client else ""
        now = time.monotonic()
        recent = [t for t in self.seated.get(host, []) if now - t < TABLES_WINDOW]
        self.seated[host] = recent
        if len(recent) >= self.max_seats:
            raise TooManyTables(f"at most {self.max_seats} open tables' seats an hour from "
                                "one address: play one of yours, or ask for an invite link")

    def count_seat(self, request: Request) -> None:
        """Count an open seat taken by the request's client address."""
        host = request.client.host if request.client else ""
        self.seated.setdefault(host, []).append(time.monotonic())


def _game_forms() -> list[dict[str, Any]]:
    """Each game's lobby forms: its play options, computer players and seats, and its
    referee options."""
    def described(spec: GameSpec, options: list[Any]) -> list[dict[str, Any]]:
        opts = []
        for o in options:
            choices: list[str] = list(o.choices)
            labels: list[str] = []
            if o.name == MATCH:  # the match length: a single game, or first to N games
                choices = ["", *map(str, MATCH_LENGTHS)]
                labels = ["single game", *(f"first to {n} games" for n in MATCH_LENGTHS)]
                opts.append({"name": o.name, "help": web_words(o.help), "kind": "choice",
                             "choices": choices, "labels": labels, "default": ""})
                continue
            if o.name == "variant":
                choices = list(spec.variants())
            elif o.name == "laws":
                choices = list(spec.codes())
            if choices and o.default is None:
                choices = ["", *choices]  # not given (e.g. --acc-edition: the default)
            kind = "bool" if o.flag else ("choice" if choices else "text")
            opts.append({"name": o.name, "help": web_words(o.help), "kind": kind,
                         "choices": choices, "default": o.default})
        return opts

    out = []
    for spec in games():
        opts = described(spec, table_options(spec))
        seats = 4 if any(o["name"] == "variant" for o in opts) else 2
        out.append({"name": spec.name, "title": spec.title, "options": opts,
                    "players": list(spec.players()), "default": spec.default_opponent,
                    "seats": seats, "referee": described(spec, referee_options(spec)),
                    "can_referee": spec.has(Capability.REFEREE)})
    return out


class TooManyTables(WebError):
    """One address made too many tables in the last hour (429)."""


async def _read_form(request: Request) -> LobbyForm:
    """A lobby form (:mod:`hoyle.web.forms`; the last field of each name): see
    :func:`~hoyle.web.forms.read_fields`."""
    return read_table_form(await read_fields(request))


def _too_large(e: FormTooLarge) -> Response:
    return notice(f"<p>{_esc(str(e))}</p>", status_code=413)


def _invite_query(table: Table) -> str:
    """The query of a table's invite link (``?invite=SECRET``; an open table's: none)."""
    return "" if table.open_seats else f"?invite={table.row.invite}"


def _table_link(tables: Tables, table_id: str) -> str | None:
    """A table's address with its invite (``None``: this process cannot read it)."""
    try:
        table = tables.get(table_id)
    except (WebError, StoreError):
        return None
    return f"/t/{table.id}{_invite_query(table)}"


def _open_tournament_tables(ctx: _Context, row: TournamentRow) -> None:
    """Make a hoyle table for each open game of an online tournament that has none, its
    seats kept for the two players' accounts, under the ACC's laws (the tournament's game
    points are ACC-12.1's); its first dealer as the pairing says (else the table cuts)."""
    assert ctx.tournaments is not None and ctx.accounts is not None
    t = row.tournament
    have = ctx.tournaments.tables_of(row.id)
    for g in t.open_games():
        if g.key in have or g.bye or g.players[1] is None:
            continue
        seats = []
        for p in g.players:
            account = ctx.accounts.account(t.name_of(p))
            if account is None:
                raise WebError(f"{t.name_of(p)} has no account now")
            seats.append(account.id)
        first = None if g.first_dealer is None else g.players.index(g.first_dealer)
        table = ctx.tables.create(t.game, {"laws": "acc"}, [SeatKind(PERSON)] * 2,
                                  ctx.next_seed(), first_dealer=first)
        ctx.tournaments.keep(table.id, row.id, g.key, (seats[0], seats[1]))
        ctx.hub.start(table)


def _tournament_referee(ctx: _Context, request: Request, row: TournamentRow, key: str
                        ) -> Response:
    """A referee table for tournament game ``key`` played at a real table (ACC laws, its
    two players by seat as the pairing names them), kept for the game: its maker takes the
    referee's seat; the result goes into the tournament when the game ends."""
    assert ctx.tournaments is not None and ctx.accounts is not None
    t = row.tournament
    g = t.find(key)
    accounts = [ctx.accounts.account(t.name_of(p)) for p in g.players]
    if any(a is None for a in accounts):
        raise WebError("a player of the game has no account now")
    table = create_referee(ctx.tables, t.game, {"laws": "acc"},
                           [t.name_of(p) for p in g.players])
    ctx.tournaments.keep(table.id, row.id, key,
                         (accounts[0].id, accounts[1].id))  # type: ignore[union-attr]
    resp = RedirectResponse(f"/t/{table.id}", status_code=303)
    _seat_cookie(resp, request, table, table.take_seat(0))
    return resp


def _seat_line(tables: Tables, table_id: str, seat: int) -> dict[str, Any] | None:
    """A player's page's line for his ``seat`` at table ``table_id`` (what a spectator may
    see of it: the game, the seats' names, whether it is over, his result in a two-seat
    game), ``None`` for a table this process cannot read."""
    try:
        table = tables.get(table_id)
    except (WebError, StoreError):
        return None
    names = table.names
    others = [n for i, n in enumerate(names) if i != seat]
    line: dict[str, Any] = {"id": table.id, "game": table.spec.title, "against": others,
                            "finished": table.finished, "result": "",
                            "review": table.finished and table.reviewable()}
    result = table.state.result_dict() if table.finished else None
    if result and len(names) == 2 and "winner" in result and "scores" in result:
        scores = list(result["scores"])
        won = result["winner"] == seat
        line["result"] = (f"{'won' if won else 'lost'} {scores[seat]}-{scores[1 - seat]}")
    return line


def _refused(what: str, e: Exception) -> Response:
    """One line saying why, and the way back: 429 for too many tables, 503 for a write the
    store could not make (a full disk: nothing was made), else 400."""
    status = (429 if isinstance(e, TooManyTables) else
              503 if isinstance(e, StoreError) and e.cause is not None else 400)
    if status == 503:
        log.warning("the store did not answer", extra=event(what=what,
                                                            cause=getattr(e, "cause", "")))
    return notice(f"<p>{what}: {_esc(web_words(str(e)))}</p>" + LOBBY, status_code=status)


def _ops_router(tables: Tables, store: TableStore, metrics: Metrics, hub: Hub) -> APIRouter:
    """``/healthz``, ``/readyz`` and ``/metrics`` (:mod:`hoyle.web.ops`)."""
    router = APIRouter()

    @router.get("/healthz", include_in_schema=False)
    async def healthz() -> Response:
        """The process answers: 200, with its process id (``--workers N``: which worker
        answered)."""
        return JSONResponse({"status": "ok", "pid": os.getpid()})

    @router.get("/readyz", include_in_schema=False)
    async def readyz() -> Response:
        """Ready for players: the tables are loaded, the database answers (its schema
        version read, in a worker thread) and, where other processes share it, this one
        hears them; 503 saying why if not."""
        if hub.bus is not None and not hub.bus.listening:
            return JSONResponse({"status": "not ready",
                                 "why": "not listening to the other servers"},
                                status_code=503)
        try:
            version = await asyncio.to_thread(store.schema_version)  # type: ignore[attr-defined]
        except Exception as e:  # noqa: BLE001  any fault of the database: not ready
            return JSONResponse({"status": "not ready",
                                 "why": f"the database does not answer: "
                                        f"{type(e).__name__}"}, status_code=503)
        return JSONResponse({"status": "ready", "tables": len(tables.tables),
                             "schema": version})

    @router.get("/metrics", include_in_schema=False)
    async def prometheus() -> Response:
        """The metrics in Prometheus' text format."""
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    return router


def _lobby_router(ctx: _Context) -> APIRouter:
    """The lobby and the making of tables (to play, or to referee a real game)."""
    router = APIRouter()
    tables, hub = ctx.tables, ctx.hub

    @router.get("/", response_class=HTMLResponse)
    async def lobby(request: Request, page: str = "1") -> Response:
        """The lobby: the quick forms (play the computer, play a friend), the open tables
        (unfinished, anyone may sit at a free seat or watch; an invite-only table is reached
        by its link alone), newest first, :data:`LOBBY_PAGE` a page (``?page=K`` from 1;
        past the last: the last), and every option's form under "More options"."""
        try:  # the shared database's read off the event loop (a held dict is not)
            unfinished = (await asyncio.to_thread(tables.open_ids) if tables.store.shared
                          else tables.open_ids())
        except StoreError as e:
            return _refused("The lobby cannot be read now", e)
        pages = max(1, -(-len(unfinished) // LOBBY_PAGE))
        number = (1 if not (page.isascii() and page.isdigit())
                  else int(page) if len(page) < 7 else pages)  # far past the last: the last
        number = min(max(number, 1), pages)
        ids = unfinished[::-1][(number - 1) * LOBBY_PAGE:number * LOBBY_PAGE]
        shown = [t for t in (tables.tables.get(i) for i in ids) if t is not None]
        if len(shown) < len(ids):  # where processes share the database: read, not held
            try:
                read = await asyncio.to_thread(
                    lambda: [tables.tables.get(i) or tables.read(i) for i in ids])
            except StoreError as e:
                return _refused("The lobby cannot be read now", e)
            shown = [t for t in read if t is not None]
        me = None
        if ctx.accounts is not None:
            try:
                me = await asyncio.to_thread(session_of, ctx.accounts, request)
            except StoreError as e:
                return _refused("The lobby cannot be read now", e)
        return ctx.templates.TemplateResponse(request, "lobby.html", {
            "games": _game_forms(), "tables": [t.summary() for t in shown],
            "page": number, "pages": pages, "count": len(unfinished), "me": me})

    @router.post("/tables")
    async def create(request: Request) -> Response:
        try:
            form = await _read_form(request)
        except FormTooLarge as e:
            return _too_large(e)
        except WebError as e:
            return _refused("Cannot create the table", e)
        try:
            if not _same_origin(request):
                raise HoyleError("a table is made from this server's own lobby")
            spec = get_game(form.game)
            options = read_options(form, table_options(spec), spec.title)
            name = display_name(form.name)
            seats = [SeatKind(PERSON) if kind == PERSON else SeatKind(COMPUTER, kind)
                     for kind in form.seats]
            n = seat_count(spec.name, options)  # the form offers the most seats of any
            ctx.allow_table(request)             # variant; the variant says how many
            table = tables.create(spec.name, options, seats[:n], ctx.next_seed(),
                                  open_seats=form.open)
            ctx.count_table(request)
            resp = RedirectResponse(f"/t/{table.id}", status_code=303)
            if table.free_seats():
                _seat_cookie(resp, request, table, table.take_seat(
                    table.free_seats()[0], name, await ctx.account_id(request)))
        except (HoyleError, ValueError, IndexError) as e:
            return _refused("Cannot create the table", e)
        hub.start(table)  # the computers' moves: in the background, from now
        return resp

    @router.post("/referee")
    async def referee_table(request: Request) -> Response:
        try:
            form = await _read_form(request)
        except FormTooLarge as e:
            return _too_large(e)
        except WebError as e:
            return _refused("Cannot create the referee table", e)
        try:
            if not _same_origin(request):
                raise HoyleError("a table is made from this server's own lobby")
            spec = get_game(form.game)
            options = read_options(form, referee_options(spec), f"a refereed {spec.title}")
            # each name as a seat's is made safe (cut at 24, "You" and cards refused...)
            names = [display_name(n) or "" for n in form.names.split(",")]
            if not all(names):
                raise WebError("each player needs a name: the names with commas between "
                               "them (Ann, Bob)")
            ctx.allow_table(request)
            table = create_referee(tables, spec.name, options, names)
            ctx.count_table(request)
            resp = RedirectResponse(f"/t/{table.id}", status_code=303)
            _seat_cookie(resp, request, table, table.take_seat(0))
        except (HoyleError, ValueError) as e:
            return _refused("Cannot create the referee table", e)
        return resp

    return router


def _table_router(ctx: _Context) -> APIRouter:
    """A table's page, its seats and its record."""
    router = APIRouter()
    tables, hub = ctx.tables, ctx.hub

    @router.post("/t/{table_id}/sit/{seat}")
    async def sit(request: Request, table_id: str, seat: str) -> Response:
        """Take seat ``seat`` (in the path from 0; every text says it from 1, as the page's
        "Take seat 1" does): 404 for no such table, 400 for no such seat, 403 from another
        site's page, 409 for a seat taken (or one already held)."""
        def said(text: str, status: int) -> Response:
            back = ("" if status in (400, 404) else  # a refused seat: the ways back
                    f'<p><a href="/t/{_esc(table_id)}">Back to the table</a> · '
                    '<a href="/">the lobby</a></p>')
            return notice(f"<p>{_esc(text)}</p>{back}", status_code=status)
        try:
            table = tables.get(table_id)
        except WebError:
            return said("no such table", 404)
        try:  # the name the person gave (none: "Player k")
            name = display_name((await _read_form(request)).name)
        except FormTooLarge as e:
            return _too_large(e)
        except WebError as e:  # the way back to the seat, its invite kept
            secret = request.query_params.get("invite")
            back = f"/t/{table.id}" + (f"?invite={quote(secret)}" if secret else "")
            return notice(f"<p>Not seated: {_esc(str(e))}</p>"
                          f'<p><a href="{_esc(back)}">Back to the table</a></p>',
                          status_code=400)
        try:
            number = _whole(seat, "a seat")
        except TooLong:
            return said(f"there is no seat {short_repr(seat)} at this table", 400)
        except WebError as e:
            return said(str(e), 400)
        if number not in table.person_seats():
            return said(f"seat {number + 1} is not a person's seat at this table", 400)
        if not _same_origin(request):
            return said("a seat is taken from this server's own page", 403)
        kept = None
        if ctx.tournaments is not None and ctx.accounts is not None:
            try:
                kept = await asyncio.to_thread(ctx.tournaments.kept, table.id)
                if kept is not None:  # a tournament's table: each seat its player's alone
                    owner = await asyncio.to_thread(ctx.accounts.by_id, kept.seats[number])
                    if owner is None or await ctx.account_id(request) != owner.id:
                        return said(f"seat {number + 1} is kept for "
                                    f"{owner.name if owner else 'a player'} in a tournament: "
                                    "sign in as him to take it", 403)
                    name = owner.name
            except StoreError as e:
                return said(f"not seated: {e.cause or e}", 503)
        try:
            held = table.seat_of(request.cookies.get(cookie_name(table_id)))
            if held is not None:
                raise WebError(f"you already hold seat {held + 1} at this table")
            if table.row.token_hashes[number] is not None and kept is None:
                raise WebError(f"seat {number + 1} is taken")
        except WebError as e:
            return said(str(e), 409)
        if kept is not None and table.row.token_hashes[number] is not None:
            # his kept seat, taken before from another browser: this one takes it over
            try:
                async with hub.lock(table.id):
                    token = table.retake_seat(number)
                    await hub.broadcast(table)
            except StoreError as e:
                return said(f"not seated: {e.cause or e}", 503)
            resp = RedirectResponse(f"/t/{table.id}", status_code=303)
            _seat_cookie(resp, request, table, token)
            return resp
        if kept is None and not table.invited(request.query_params.get("invite")):
            return said("this table's seats are taken with its invite link: ask the player "
                        "who made it for the link", 403)
        try:
            if table.open_seats:  # an open table's seats: so many an hour from one address
                ctx.allow_seat(request)
            token = table.take_seat(number, name, await ctx.account_id(request))  # taken?
        except TooManyTables as e:
            return said(str(e), 429)
        except WebError as e:
            return said(str(e), 409)
        except StoreError as e:
            return said(f"not seated: {e.cause or e}", 503)
        if table.open_seats:
            ctx.count_seat(request)
        resp = RedirectResponse(f"/t/{table.id}", status_code=303)
        _seat_cookie(resp, request, table, token)
        async with hub.lock(table.id):
            await hub.broadcast(table)
        return resp

    @router.get("/t/{table_id}/review", response_class=HTMLResponse)
    async def review(request: Request, table_id: str) -> Response:
        """The finished game's review (``hoyle review``'s tables, the same engine
        function): a player's own decisions, a spectator's every seat's, each beside the
        expert's choice and its cost. 404 no such table, 409 not over or no review."""
        try:
            table = tables.get(table_id)
        except WebError:
            return notice(NO_TABLE, status_code=404)
        seat = table.seat_of(request.cookies.get(cookie_name(table_id)))
        try:  # seconds of the expert's thinking: in a worker thread, kept once made
            blocks = await asyncio.to_thread(table.review, seat)
        except WebError as e:
            return notice(f"<p>{_esc(str(e))}</p>"
                          f'<p><a href="/t/{table.id}">Back to the table</a></p>',
                          status_code=409)
        return ctx.templates.TemplateResponse(request, "review.html", {
            "table": table.summary(), "blocks": blocks, "seat": seat})

    @router.get("/stats", response_class=HTMLResponse)
    async def stats(request: Request, name: str = "") -> Response:
        """A person's statistics by the name he plays under (``hoyle stats --mine``'s
        figures for his finished games against the computer at this server's tables): by
        game and variant, games, wins, skunks, points per deal by kind and role. Names are
        not accounts: anyone may read any name's. 400 a name no seat could have."""
        try:
            found = await asyncio.to_thread(tables.stats_for, name)
        except (WebError, StoreError) as e:
            return _refused("The statistics cannot be read", e)
        shown = [stat_rows(g) for g in found]
        return ctx.templates.TemplateResponse(request, "stats.html", {
            "name": display_name(name) if name.strip() else None, "games": shown})

    @router.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        """The icon a browser asks for by this name: the page's own (an SVG)."""
        return RedirectResponse("/static/favicon.svg", status_code=301)

    @router.post("/t/{table_id}/again")
    async def again(request: Request, table_id: str) -> Response:
        """Play again: a new table of the same game, options and seats, the asker in his
        own seat (and name), every computer in its own, the other persons' seats free for
        them (the finished table's page links them to it: its players only); the first
        dealer as the code says (ACC-1.5: the loser; EW: the cut again). A second ask
        goes to the same new table. 404 no such table, 403 not a player of it or from
        another site's page, 409 not over, 429 too many tables."""
        def said(text: str, status: int) -> Response:
            return notice(f"<p>{_esc(text)}</p>" + LOBBY, status_code=status)
        try:
            table = tables.get(table_id)
        except WebError:
            return said("no such table", 404)
        if not _same_origin(request):
            return said("a game is played again from this server's own page", 403)
        seat = table.seat_of(request.cookies.get(cookie_name(table_id)))
        if seat is None:
            return said("only a player of this table plays it again", 403)
        async with hub.lock(table.id):
            try:
                if table.again is None:
                    ctx.allow_table(request)
                new, made = tables.play_again(table, ctx.next_seed())  # or the one made
                if made:
                    ctx.count_table(request)
            except TooManyTables as e:
                return said(str(e), 429)
            except WebError as e:  # not over
                return said(str(e), 409)
            except (HoyleError, StoreError) as e:
                return said(f"not made: {web_words(str(e))}", 503
                            if isinstance(e, StoreError) else 400)
            if new.seat_of(request.cookies.get(cookie_name(new.id))) is not None \
                    or seat not in new.free_seats():
                return RedirectResponse(f"/t/{new.id}{_invite_query(new)}",
                                        status_code=303)
            try:
                token = new.take_seat(seat, table.row.seat_names[seat],
                                      await ctx.account_id(request))
            except WebError:  # taken meanwhile (his own second click, at another worker):
                return RedirectResponse(f"/t/{new.id}{_invite_query(new)}",  # go there
                                        status_code=303)
            except StoreError as e:
                return said(str(e), 503)
            resp = RedirectResponse(f"/t/{new.id}", status_code=303)
            _seat_cookie(resp, request, new, token)
            await hub.tell(table, "again")  # its other players: the link to the new table
        hub.start(new)
        return resp

    @router.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str) -> Response:
        try:
            table = tables.get(table_id)
        except WebError:
            return notice(NO_TABLE, status_code=404)
        seat = table.seat_of(request.cookies.get(cookie_name(table_id)))
        secret = request.query_params.get("invite")
        page = str(request.base_url).rstrip("/") + f"/t/{table.id}"
        # the invite link with its secret: shown to the seated persons only, never in a frame
        invite = page if table.open_seats else f"{page}?invite={table.row.invite}"
        mine: list[int] | None = None  # a tournament's table: only the seat kept for him
        if ctx.tournaments is not None and table.kind == "play":
            try:
                kept = await asyncio.to_thread(ctx.tournaments.kept, table.id)
                if kept is not None:
                    me = await ctx.account_id(request)
                    mine = [i for i, a in enumerate(kept.seats) if a == me]
            except StoreError as e:
                return _refused("The table cannot be read now", e)
        return ctx.templates.TemplateResponse(request, "table.html", {
            "table": table.summary(), "seat": seat, "commitment": table.game.commitment,
            "free": table.free_seats() if mine is None else mine, "names": table.names,
            "kind": table.kind, "kept": mine is not None,
            "invite": invite if seat is not None and table.kind == "play" and mine is None
            else None,
            "may_sit": table.invited(secret) or mine is not None,
            "sit_query": "" if table.open_seats or not table.invited(secret) or mine is not None
                         else f"?invite={table.row.invite}"})

    @router.get("/t/{table_id}/record.json")
    async def record(request: Request, table_id: str, game: str | None = None) -> Response:
        """The record of the table's game ``game`` (a match's games from 1; none given: the
        game being played, or the last), downloaded as ``hoyle-ID.json`` (a match's game
        ``k``: ``hoyle-ID-game-k.json``)."""
        try:
            table = tables.get(table_id)
        except WebError:
            return JSONResponse({"error": "no such table"}, status_code=404)
        seat = table.seat_of(request.cookies.get(cookie_name(table_id)))
        try:
            number = None if game is None else _whole(game, "a game")
        except TooLong:
            return JSONResponse({"error": f"no game {short_repr(game)} at this table (it "
                                          f"has played {len(table.games)})"},
                                status_code=404)
        except WebError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        try:
            run = table.game_run(number)
            data = table.record(seat, run.number)
        except WebError as e:
            return JSONResponse({"error": str(e)}, status_code=404)
        name = f"hoyle-{table_id}" + (f"-game-{run.number}" if table.match_info() else "")
        return JSONResponse(data, headers={
            "Content-Disposition": f'attachment; filename="{name}.json"'})

    return router


def _socket_router(ctx: _Context) -> APIRouter:
    """The table's WebSocket: sync, moves (typed or chosen), help."""
    router = APIRouter()
    tables, hub = ctx.tables, ctx.hub

    @router.websocket("/t/{table_id}/ws")
    async def socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        token = ws.cookies.get(cookie_name(table_id))
        why = _foreign_origin(ws, token)
        if why is not None:  # another origin's page (even of this host): no seat, no view
            await ws.send_text(_error(why))
            await ws.close(code=FOREIGN, reason="opened from another origin")
            return
        host = ws.client.host if ws.client else ""
        if not ctx.allow_socket(host):
            rate, burst = ctx.handshakes
            await ws.send_text(_error(f"too many new sockets from your address (over "
                                      f"{burst:g} at once or {rate:g} a second): wait a "
                                      "moment"))
            await ws.close(code=4429, reason="too many new sockets")
            return
        if hub.bus is not None and not hub.bus.listening:  # it would miss the others' moves
            await ws.send_text(_error("this server does not hear the others yet: "
                                      "reconnecting"))
            await ws.close(code=RECONNECT, reason="reconnect")
            return
        try:
            table = tables.get(table_id)
        except StoreError as e:  # the table may well exist: the page tries again
            await ws.send_text(_error(str(e)))
            await ws.close(code=RECONNECT, reason="reconnect")
            return
        except WebError as e:
            await ws.send_text(_error(str(e)))
            await ws.close(code=4404)
            return
        conn = Conn(ws, token, table.seat_of(token), host=host, rate=ctx.rate,
                    burst=ctx.burst, allowance=ctx.burst)
        if conn.seat is not None:  # a seat: its oldest sockets past the cap are closed
            await hub.make_room(table, conn.seat, ctx.max_seat_sockets)
        else:  # a spectator: capped per table (and all sockets) and per address
            open_here = hub.conns.get(table_id, set())
            watching = [c for c in open_here if c.seat is None]
            mine = [c for conns in hub.conns.values() for c in conns
                    if c.seat is None and c.host == host]
            full = None
            if len(open_here) >= ctx.max_table_sockets:
                full = (f"this table has {ctx.max_table_sockets} sockets open, the most it "
                        "takes: try again later")
            elif len(watching) >= ctx.max_sockets:
                full = (f"this table has {ctx.max_sockets} spectators' sockets open, the "
                        "most it takes: try again later")
            elif len(mine) >= ctx.max_sockets_per_address:
                full = (f"your address has {ctx.max_sockets_per_address} spectators' "
                        "sockets open, the most it may: close another tab first")
            if full is not None:
                await ws.send_text(_error(full, table))
                await ws.close(code=4429)
                return
        hub.conns.setdefault(table_id, set()).add(conn)
        hub.opened[conn] = next(hub.order)
        log.info("socket opened", extra=event(
            table=table_id, seat=None if conn.seat is None else conn.seat + 1))
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not conn.allow():  # past its rate: closed, its excess never read
                    await hub.write(conn, _error(
                        f"too many messages (over {ctx.burst:g} at once or {ctx.rate:g} a "
                        "second): this socket is closed; reload to go on", table))
                    await ws.close(code=TOO_FAST, reason="too many messages")
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
            hub.opened.pop(conn, None)
            log.info("socket closed", extra=event(
                table=table_id, seat=None if conn.seat is None else conn.seat + 1))
            if conn.seat is not None and hub.seat_left(table_id, conn.seat) or \
                    conn.seat is None and conn.last is not None:
                async with hub.lock(table.id):
                    await hub.broadcast(table)  # the others: the seat is away, or one
                    # spectator fewer (a friend who looked, then took his seat)

    async def handle(conn: Conn, table: Table, text: str) -> None:
        received = time.perf_counter()
        ws = conn.ws
        if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
            await hub.write(conn, _error(f"message too large (over {MAX_MESSAGE} bytes)", table))
            return
        try:
            msg = read_message(text)  # pydantic: the shapes in hoyle.web.messages
        except MalformedMessage as e:
            await hub.write(conn, _error(str(e), table))
            return
        if msg.type == "sync" and not conn.allow(SYNC_COST - 1):  # a sync costs more
            await hub.write(conn, _error("too many syncs: slow down (nothing was sent)", table))
            return
        async with hub.lock(table.id):
            # every message is authenticated again: the seat must still be the token's
            seat = table.seat_of(conn.token)
            if seat != conn.seat or ("seat" in msg.model_fields_set and msg.seat != conn.seat):
                await hub.write(conn, _error("that is not your seat", table))
                return
            if isinstance(msg, SyncMessage):
                # a page that saw moves since taken back (an undo while it was away): the
                # whole table again, from its start
                reset = msg.seq > table.seq and table.undos > 0
                if not reset and not 0 <= msg.seq <= table.seq:
                    await hub.write(conn, _error(f"no action {short_repr(msg.seq)} at this "
                                              "table", table))
                    return
                conn.last = 0 if reset else msg.seq
                await hub.send(conn, table, resync=True, reset=reset)
                if seat is not None and hub.seat_back(table.id, seat):
                    await hub.broadcast(table, but=conn)  # the others: the seat is back
                hub.start(table)  # an owner task that stopped (a fault) is started again
                return
            if conn.last is None:  # its update could not be told apart from a resync
                await hub.write(conn, _error('sync first: send {"type": "sync", "seq": N} '
                                          "before a move (nothing was played)", table))
                return
            if seat is None:
                await hub.write(conn, _error("you have no seat at this table", table))
                return
            if isinstance(msg, RenameMessage):
                try:
                    table.rename(seat, display_name(msg.name))
                except (WebError, StoreError) as e:
                    await hub.write(conn, _error(str(e), table))
                    if isinstance(e, TableMoved):
                        await hub.tell(table, e.what)
                    return
                conn.last = 0  # his own page: the table again in his new name
                await hub.send(conn, table, resync=True, reset=True)
                await hub.broadcast(table, but=conn)  # the others: the names (they resync)
                return
            words = msg.text
            offer = table.window_offer(seat)
            said = words.strip().lower() if isinstance(words, str) else None  # a word typed
            if offer is not None and (said in WINDOW_WORDS or said == offer[1].verb.lower()
                                      or msg.action == str(offer[1])):
                # the laws' window out of turn (CLUB-24): yes plays its act, no lets it pass
                try:
                    table.answer_window(seat, said not in ("no", "n"), msg.seq)
                except WebError as e:
                    await hub.write(conn, _error(player_words(str(e)), table))
                    if isinstance(e, TableMoved):
                        await hub.tell(table, e.what)
                    return
                hub.start(table)  # the computer's move it held, once the lock is free
                await hub.broadcast(table)
                return
            head = said.split() if said is not None else []
            if len(head) > 1 and head[0] in table.word_list():  # "hint master": not here
                coach = " (the page's coach is the expert; 'hint master' is the terminal's)" \
                    if head[0] in HINT_WORDS else ""
                await hub.write(conn, _error(f"type {head[0]} alone: here it takes no words "
                                             f"after it{coach}", table))
                return
            if said is not None and said in table.word_list():
                word = said
                if word in UNDO_WORDS:
                    try:
                        taken = table.undo(seat)  # stored (the actions dropped), replayed
                    except WebError as e:
                        await hub.write(conn, _error(player_words(str(e)), table))
                        if isinstance(e, TableMoved):
                            await hub.tell(table, e.what)
                        return
                    await hub.reset(table)
                    await hub.write(conn, _text({"type": "help", "seq": table.seq, "lines": [
                        f"Undone: back to your last decision ({taken} action"
                        f"{'s' if taken != 1 else ''} taken back)."]}))
                    return
                if word in HINT_WORDS and not conn.allow(HINT_COST - 1):  # the expert thinks
                    await hub.write(conn, _error("too many hints: slow down", table))
                    return
                # in a worker thread (the expert may think a while); the lock holds the table
                lines = await asyncio.to_thread(table.say, seat, word)
                await hub.write(conn, _text({"type": "help", "seq": table.seq,
                                             "lines": lines}))
                return
            try:
                action = read_move(table, seat, msg)
                if isinstance(action, Confirm):
                    await hub.write(conn, _text({
                        "type": "confirm", "question": plain(action.question),
                        "action": str(action.action), "seq": table.seq}))
                    return
                table.act(seat, action, msg.seq)  # stored (committed), then applied
            except WebError as e:
                await hub.write(conn, _error(player_words(str(e)), table))
                if isinstance(e, TableMoved):  # read again: what this page missed
                    await hub.tell(table, e.what)
                return
            hub.start(table)  # what follows (chance, the computers), once the lock is free:
            await hub.broadcast(table)  # started before anyone is told of the move
            if hub.metrics is not None:
                hub.metrics.actions.labels("person").inc()
                hub.metrics.latency.observe(time.perf_counter() - received)

    def read_move(table: Table, seat: int, msg: MoveMessage) -> Action | Confirm:
        if isinstance(msg.text, str):
            if msg.seq != table.seq:
                raise stale_move()
            return table.read(seat, msg.text)
        if isinstance(msg.action, str):
            try:
                action = Action.parse(msg.action)
            except (ValueError, HoyleError) as e:
                raise WebError(f"not an action: {e}") from None
            if len(action.verb) > MAX_VERB or len(action.word) > MAX_WORD:
                # no verb or word of a game is that long: quote it shortened, as typed text is
                raise WebError(f"not an action: {short_repr(msg.action)}")
            return action
        raise WebError('a move needs "text" (as typed) or "action"')

    return router


class TooLong(WebError):
    """A path's or query's whole number of more than 6 digits: no game or seat of a table."""


def _whole(text: str, what: str) -> int:
    """A path's or query's whole number (a game of a match from 1; a seat in the path of
    ``/sit/N`` from 0, though every text says it from 1, as the page does).

    Raises:
        WebError: not a whole number.
        TooLong: more than 6 digits (the caller says there is no such game or seat).
    """
    if not (text.isascii() and text.isdigit()):
        raise WebError(f"{what} is a whole number, not {short_repr(text)}")
    if len(text) > 6:
        raise TooLong(text)
    return int(text)


_FLAG = re.compile(r"--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)")


_EXPECTED = re.compile(r"\b([A-Z]+) is not possible now: expected ([A-Z]+(?:(?:, | or )[A-Z]+)*)")


def player_words(text: str) -> str:
    """A refused move's words as a player reads them on the page: the engine's action
    verbs (``PLAY is not possible now: expected CLAIM``) in lower case with what the
    player is to do now, and the terminal's "just Enter" as the page's 0.

    >>> player_words("ACCEPT is not possible now: expected PLAY or GO")
    'accept is not possible now: it is the time to play or go'
    >>> player_words("Type the number of points you claim, e.g. 4 (just Enter for none).")
    'Type the number of points you claim, e.g. 4 (0 for none).'
    """
    text = _EXPECTED.sub(lambda m: f"{m.group(1).lower()} is not possible now: it is the "
                                   f"time to {m.group(2).lower()}", text)
    return text.replace("(just Enter for none)", "(0 for none)")


def web_words(text: str) -> str:
    """A game's terminal words as the lobby's forms say them: an option's flag
    (``--lurch-agreed``) by the form's name for it (``lurch agreed``), ``add --laws ew`` as
    ``choose laws ew``, and a match's files (``NAME-2.json, ...``) as the table's page
    shows them.

    >>> web_words("--lurch-agreed is an option of the EW code (EW-xvii): add --laws ew")
    '"lurch agreed" is an option of the EW code (EW-xvii): choose laws ew'
    """
    text = re.sub(r"\badd --([a-z][a-z0-9-]*) ",
                  lambda m: f"choose {m.group(1).replace('-', ' ')} ", text)
    text = text.replace("(NAME-2.json, ...)", "(Game 1, Game 2, ... on the table's page)")
    return _FLAG.sub(lambda m: f'"{m.group(1).replace("-", " ")}"', text)


def _esc(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _seat_cookie(resp: Response, request: Request, table: Table, token: str) -> None:
    """The seat's token in an HttpOnly, SameSite=strict cookie of the table's path (30
    days), ``Secure`` when the page was served over https."""
    resp.set_cookie(cookie_name(table.id), token, httponly=True, samesite="strict",
                    path=f"/t/{table.id}", max_age=60 * 60 * 24 * 30,
                    secure=request.url.scheme == "https")
