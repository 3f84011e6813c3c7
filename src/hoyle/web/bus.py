"""How the server processes that share one PostgreSQL database hear of each other's writes:
PostgreSQL's ``LISTEN``/``NOTIFY`` (:data:`hoyle.web.pgstore.CHANNEL`).

Every write to a table counts its version up and, in the same transaction, notifies the
channel with ``"TABLE_ID VERSION"`` (:meth:`hoyle.web.store.SqlStore.table_writes`). The
notification is sent only when the write commits, so a process never hears of an action
that is not stored; the processes then read the table again and send their sockets what
they missed. PostgreSQL rather than Redis: the database is there already, its notifications
are transactional (never ahead of the data), and one part fewer can fail; a lost
notification costs nothing lasting, since every write is checked against the table's
version and a process that heard nothing for a while reads every table's version again
(:meth:`Bus.run`'s ``on_back``).

:class:`Bus` is one listening connection (psycopg's ``AsyncConnection``, named
``hoyle-bus-PID-WORKER`` in ``pg_stat_activity``, ``WORKER`` the process's random id),
checked every
:data:`PING` seconds; when it is lost the server is told (``on_lost``: its sockets are
closed with a reconnect code, :data:`RECONNECT`, so the pages go to another worker), and it
listens again every :data:`RETRY` seconds until it can (``on_back``).

The same channel carries who is at a table (:func:`parse_presence`): ``"TABLE +SEAT
WORKER"`` when a seat's first socket at a worker syncs, ``"TABLE -SEAT WORKER"`` when its last
one there closes, and ``"TABLE ? WORKER"`` when a worker reads a table (the others answer
with a ``+`` for each seat they have). So a seat whose socket is at one worker is present
on the pages at every other, and away on all of them once it has gone from all.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable
from typing import Any

from hoyle.web.logs import event
from hoyle.web.pgstore import CHANNEL
from hoyle.web.store import redact

log = logging.getLogger(__name__)

__all__ = ["Bus", "PING", "RECONNECT", "RETRY", "parse", "parse_presence", "bus_name"]

PING = 2.0
"""Seconds between two checks that the listening connection still answers."""
RETRY = 1.0
"""Seconds between two tries to listen again once the connection is lost."""
RECONNECT = 1012
"""The close code a socket is sent when its server stops or loses the other servers
(WebSocket's "service restart"): the page reconnects, to another worker if this one is
not ready."""


def parse(payload: str) -> tuple[str, int] | None:
    """A notification's table id and version, or ``None`` if it is not one of hoyle's.

    >>> parse("4f2a9c1b 12")
    ('4f2a9c1b', 12)
    >>> parse("nonsense") is None
    True
    """
    table_id, _, version = payload.partition(" ")
    if not table_id or not version.isdigit():
        return None
    return table_id, int(version)


def parse_presence(payload: str) -> tuple[str, str, int, str] | None:
    """A presence notification's table id, sign (``"+"`` present, ``"-"`` gone, ``"?"``
    who is here), seat (from 0; -1 for ``"?"``) and worker id, or ``None`` if it is not one.

    >>> parse_presence("4f2a9c1b +1 a1b2c3d4")
    ('4f2a9c1b', '+', 1, 'a1b2c3d4')
    >>> parse_presence("4f2a9c1b ? a1b2c3d4")
    ('4f2a9c1b', '?', -1, 'a1b2c3d4')
    >>> parse_presence("4f2a9c1b +x w") is None
    True
    """
    parts = payload.split(" ")
    if len(parts) != 3 or not parts[0] or not parts[2] or not parts[1]:
        return None
    table_id, what, worker = parts
    if what == "?":
        return table_id, "?", -1, worker
    sign, seat = what[0], what[1:]
    if sign not in "+-" or not seat.isdigit() or len(seat) > 2:
        return None
    return table_id, sign, int(seat), worker


def bus_name(worker: str) -> str:
    """The listening connection's name in ``pg_stat_activity`` (``application_name``):
    ``hoyle-bus-PID-WORKER``; the live workers are read from these names
    (:meth:`hoyle.web.pgstore.PostgresStore.live_workers`)."""
    return f"hoyle-bus-{os.getpid()}-{worker}"


class Bus:
    """One server process's ear on the channel.

    Args:
        url: the database's URL (as :class:`hoyle.web.pgstore.PostgresStore` got it).
        on_table: called with a table's id and version for each notification (another
            process's write, or this one's own: the version tells).
        on_lost: called once when the connection is lost (the process hears nothing).
        on_back: called when it listens again (and at the first start: ``False`` then),
            so that the process reads what it missed.
        on_presence: called with each presence notification (:func:`parse_presence`).
        worker: this process's worker id (its connection's name, :func:`bus_name`).
    """

    def __init__(self, url: str, on_table: Callable[[str, int], Awaitable[None]],
                 on_lost: Callable[[], Awaitable[None]],
                 on_back: Callable[[bool], Awaitable[None]],
                 on_presence: Callable[[str, str, int, str], Awaitable[None]] | None = None,
                 worker: str = "") -> None:
        self.url = url
        self.on_table = on_table
        self.on_lost = on_lost
        self.on_back = on_back
        self.on_presence = on_presence
        self.worker = worker
        self.listening = False
        """Whether the process hears the others now (``/readyz`` says not ready when not)."""
        self._conn: Any = None
        self.tried = asyncio.Event()
        """Set once the first try to listen is over (listening or not): the server starts
        serving then, not before."""

    async def run(self) -> None:
        """Listen until cancelled: again after each loss, every :data:`RETRY` seconds."""
        import psycopg

        first = True
        while True:
            try:
                self._conn = await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, application_name=bus_name(self.worker))
                try:
                    await self._conn.execute(f"LISTEN {CHANNEL}")
                    self.listening = True
                    await self.on_back(not first)
                    self.tried.set()
                    if not first:
                        log.warning("listening to the other servers again",
                                    extra=event(database=redact(self.url)))
                    first = False
                    await self._listen()
                finally:
                    conn, self._conn = self._conn, None
                    await conn.close()
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001  any fault of the connection: again
                self.tried.set()
                if self.listening:
                    self.listening = False
                    log.error("cut from the other servers: %s", redact(" ".join(
                        str(e).split())) or type(e).__name__,
                        extra=event(database=redact(self.url)))
                    await self.on_lost()
                first = False
            await asyncio.sleep(RETRY)

    async def _listen(self) -> None:
        """Take the notifications as they come, and check the connection when none has
        come for :data:`PING` seconds (a cut connection raises)."""
        conn = self._conn
        while True:
            async for note in conn.notifies(timeout=PING):
                found = parse(note.payload)
                if found is not None:
                    await self.on_table(*found)
                    continue
                who = parse_presence(note.payload)
                if who is not None and self.on_presence is not None:
                    await self.on_presence(*who)
            await conn.execute("SELECT 1")

    async def cut(self) -> None:
        """Close the listening connection as if it were lost (tests: "a worker cut from
        the bus")."""
        if self._conn is not None:
            await self._conn.close()
