"""How ``hoyle serve`` runs the web app on uvicorn, guarded against slow and idle clients,
connection floods, forwarded addresses and a second server on the same database.

- **Slow and idle connections.** uvicorn closes an idle connection only after a response
  (``timeout_keep_alive``): one that sends nothing, half a request line or a header every
  few seconds would stay open for ever. :class:`GuardedH11Protocol` closes a connection
  whose request's headers have not all arrived :attr:`Guard.request_timeout` seconds
  after it opened or after its last response was sent (a form's body has its own limit:
  ``hoyle.web.app.BODY_TIMEOUT``).
- **Connection caps.** :class:`Guard` counts the open connections (HTTP and WebSocket) in
  all and per client address; one past :attr:`Guard.max_connections` or
  :attr:`Guard.max_per_address` is answered ``503`` and closed at once, so the server never
  reaches its descriptor limit (the default cap is that limit less
  :data:`RESERVED_DESCRIPTORS`). A trusted proxy's connections carry every client, so only
  the cap in all applies to them (limit each client in the proxy: nginx's ``limit_conn``).
- **A log that floods.** Should ``accept`` still fail for want of descriptors, asyncio logs
  it on every try, and uvicorn logs a traceback for every text frame that is not UTF-8 and
  a line for every malformed request; :class:`OncePerInterval` lets one such line through
  every :data:`LOG_INTERVAL` seconds, with the count of those held back.
- **Forwarded addresses.** uvicorn believes ``X-Forwarded-For`` from loopback by default, so
  a local client would choose the address its caps are counted against; :func:`run` believes
  it only from the proxies named (``--trusted-proxy``), else never.
- **One server a database.** :func:`serve_lock` holds an exclusive lock on the database file
  while the server runs; a second ``hoyle serve`` on the same file is refused at start.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import resource
import socket
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from hoyle.web.logs import configure
from hoyle.errors import HoyleError

__all__ = ["Guard", "GuardedH11Protocol", "LOG_INTERVAL", "OncePerInterval",
           "RESERVED_DESCRIPTORS", "SETTINGS", "ServerBusy", "run", "serve_lock",
           "served_names", "worker_app"]

RESERVED_DESCRIPTORS = 64
"""Descriptors kept free of connections: the database and its journal, the log, the
listening socket, the threads' pipes."""
LOG_INTERVAL = 10.0
"""Seconds between two lines of the same repeated error (a descriptor shortage)."""
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain"
        b"\r\nContent-Length: 46\r\n\r\ntoo many connections: try again in a moment.\r\n\r\n")


class ServerBusy(HoyleError):
    """Another ``hoyle serve`` holds the database."""


def descriptor_limit() -> int:
    """The process's soft limit of open descriptors."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


@dataclass
class Guard:
    """The connection caps and the first request's deadline, shared by every connection.

    Attributes:
        max_connections: the most connections open at once in all (HTTP and WebSocket).
        max_per_address: the most one client address may hold open at once.
        request_timeout: seconds a new connection has to send its first request's headers.
    """

    max_connections: int
    max_per_address: int = 256
    request_timeout: float = 10.0
    open: dict[int, str] = field(default_factory=dict)
    """Each open connection's transport (by ``id``) and its client address."""
    per_address: dict[str, int] = field(default_factory=dict)
    proxies: frozenset[str] = frozenset()
    """Trusted proxies' addresses (``--trusted-proxy``): their connections carry many
    clients, so only the cap in all applies to them (a proxy limits each client itself)."""
    refused: int = 0
    """Connections refused for a cap since the start."""
    timed_out: int = 0
    """Connections closed for a first request too slow since the start."""

    def admit(self, key: int, address: str, exempt: bool = False) -> bool:
        """Count a new connection, unless it is one past a cap (``False``: refuse it); an
        ``exempt`` address (a trusted proxy, which carries every client) has only the cap
        in all."""
        if len(self.open) >= self.max_connections or not exempt \
                and self.per_address.get(address, 0) >= self.max_per_address:
            self.refused += 1
            return False
        self.open[key] = address
        self.per_address[address] = self.per_address.get(address, 0) + 1
        return True

    def release(self, key: int) -> None:
        """A counted connection closed (said once; a second call does nothing)."""
        address = self.open.pop(key, None)
        if address is None:
            return
        left = self.per_address.get(address, 1) - 1
        if left > 0:
            self.per_address[address] = left
        else:
            self.per_address.pop(address, None)


GUARD = Guard(max_connections=max(16, descriptor_limit() - RESERVED_DESCRIPTORS))
"""The caps in force (:func:`run` sets them from ``hoyle serve``'s options)."""


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, counted against :data:`GUARD`'s caps, and closed when
    its first request's headers are not all in :attr:`Guard.request_timeout` seconds. A
    WebSocket it upgrades to stays counted until it closes."""

    _deadline: asyncio.TimerHandle | None = None
    _key: int | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        key = id(transport)
        if not GUARD.admit(key, address, exempt=address in GUARD.proxies):
            try:
                transport.write(BUSY)
            finally:
                transport.close()
            return
        self._key = key
        self._deadline = self.loop.call_later(GUARD.request_timeout, self._too_slow)

    def _too_slow(self) -> None:
        """A request's headers are not all in (none begun since the connection opened or
        the last response was sent): close the connection (a request being answered, or
        a socket it became, is left alone)."""
        self._deadline = None
        waiting = self.cycle is None or self.cycle.response_complete
        if waiting and self.transport.get_protocol() is self \
                and not self.transport.is_closing():
            GUARD.timed_out += 1
            self.transport.close()

    def on_response_complete(self) -> None:
        """A response is sent: the next request's headers have the same time to arrive
        (a connection kept alive is not an escape from the deadline)."""
        super().on_response_complete()
        if self._key is not None and not self.transport.is_closing():
            self._cancel_deadline()
            self._deadline = self.loop.call_later(GUARD.request_timeout, self._too_slow)

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._cancel_deadline()
        super().handle_websocket_upgrade(event)
        socket = self.transport.get_protocol()
        lost = socket.connection_lost
        key = self._key

        def connection_lost(exc: Exception | None) -> None:
            if key is not None:
                GUARD.release(key)
            lost(exc)

        socket.connection_lost = connection_lost  # type: ignore[method-assign]

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_deadline()
        if self._key is not None:
            GUARD.release(self._key)
        super().connection_lost(exc)

    def _cancel_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None


class OncePerInterval(logging.Filter):
    """Lets through one record of each repeated message every ``interval`` seconds (the
    others are counted, and the count is said on the next line let through).

    Args:
        words: the messages held back, by a word they contain.
        interval: seconds (:data:`LOG_INTERVAL`).
    """

    def __init__(self, words: Sequence[str], interval: float = LOG_INTERVAL) -> None:
        super().__init__()
        self.words = tuple(words)
        self.interval = interval
        self.last: dict[str, float] = {}
        self.held: dict[str, int] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        exc = record.exc_info[1] if record.exc_info else None
        text += f" {type(exc).__name__}: {exc}" if exc is not None else ""
        word = next((w for w in self.words if w in text), None)
        if word is None:
            return True
        now = time.monotonic()
        if now - self.last.get(word, -self.interval) < self.interval:
            self.held[word] = self.held.get(word, 0) + 1
            return False
        self.last[word] = now
        held = self.held.pop(word, 0)
        if held:
            record.msg = f"{record.msg} ({held} more like it in the last {self.interval:g} s)"
        return True


def served_names(host: str, allowed: Sequence[str] = ()) -> list[str]:
    """The ``Host`` names a server listening on ``host`` answers to: 127.0.0.1, localhost
    and [::1], ``host`` itself, and on a wildcard address (``0.0.0.0``, ``::``) this
    machine's name and its addresses (what players on a club's network type), then
    ``allowed`` (``--allowed-host``; ``"*"``: any). Any other name is refused, so that a
    page of another site cannot reach the server by rebinding its own name to this address.
    An IPv6 address is named in brackets, as a ``Host`` header carries it.

    >>> served_names("127.0.0.1", ["cribbage.example.org"])
    ['127.0.0.1', 'localhost', '[::1]', 'cribbage.example.org']
    """
    names = ["127.0.0.1", "localhost", "[::1]"]
    if host in ("0.0.0.0", "::", ""):
        names.append(socket.gethostname())
        with contextlib.suppress(OSError):
            names += [str(a[4][0]) for a in socket.getaddrinfo(socket.gethostname(), None)]
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET,
                                                         socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))  # no packet is sent: the route's address
            names.append(probe.getsockname()[0])
    else:
        names.append(host)
    names += list(allowed)
    out: list[str] = []
    for name in names:
        name = f"[{name}]" if ":" in name and not name.startswith("[") else name
        if name.lower() not in out:
            out.append(name.lower())
    return out


@contextmanager
def serve_lock(db: str | Path) -> Iterator[None]:
    """Hold an exclusive lock on the database file ``db`` while the server runs (an
    advisory ``flock`` of the file itself: released by the system when the process ends,
    even killed).

    Raises:
        ServerBusy: another ``hoyle serve`` holds it.
    """
    fd = os.open(str(db), os.O_RDONLY | os.O_CLOEXEC)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ServerBusy(f"another hoyle serve is using {db}: stop it first, or give "
                             "this one another --db") from None
        yield
    finally:
        os.close(fd)


SETTINGS = "HOYLE_SERVE_SETTINGS"
"""The environment variable that carries ``hoyle serve``'s settings to its workers (JSON:
:func:`worker_app`'s ``app`` and ``guard`` parts)."""

WORKER_RETRY = 3.0
"""Seconds a worker that cannot open the database waits before it ends; uvicorn starts
another when it next looks (within seconds): one log line every few seconds while the
database is down."""


def _prepare(log_format: str, log_level: str, guard: dict[str, Any]) -> None:
    """In a serving process: its log (:func:`hoyle.web.logs.configure`), the caps of
    :data:`GUARD` (``guard``: ``max_connections``, ``max_per_address``,
    ``request_timeout``, ``proxies``) and the filters that hold back repeated lines."""
    configure(log_format, log_level)
    limit = guard.get("max_connections")
    GUARD.max_connections = (int(limit) if limit is not None
                             else max(16, descriptor_limit() - RESERVED_DESCRIPTORS))
    GUARD.max_per_address = int(guard.get("max_per_address", 256))
    GUARD.request_timeout = float(guard.get("request_timeout", 10.0))
    GUARD.proxies = frozenset(guard.get("proxies", ()))
    logging.getLogger("asyncio").addFilter(
        OncePerInterval(["out of system resource", "Too many open files"]))
    # what any client can make the server log, at will: once every LOG_INTERVAL seconds
    logging.getLogger("uvicorn.error").addFilter(
        OncePerInterval(["UnicodeDecodeError", "Invalid HTTP request received",
                         "Exceeded concurrency limit"]))
    # what a database that does not answer makes each worker say every 2 s (its sweep)
    logging.getLogger("hoyle.web.app").addFilter(
        OncePerInterval(["the tables to drive were not read", "the others were not told",
                         "the tables were not read again"]))


def _stop_with_parent(every: float = 1.0) -> None:
    """A worker whose ``hoyle serve`` died (killed, it never told its workers) stops too,
    cleanly (SIGTERM to itself: its sockets closed with 1012), rather than serving on
    unsupervised: looked at every ``every`` seconds from a thread."""
    import signal
    import threading

    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parent watch", daemon=True).start()


def worker_app() -> Any:
    """One worker's app (``hoyle serve --workers N``: uvicorn starts each worker with this
    factory): the settings of :data:`SETTINGS` applied, the database opened (already
    migrated by ``hoyle serve``) and the tables loaded.

    Raises:
        SystemExit: the database cannot be opened (said in one log line, after
            :data:`WORKER_RETRY` seconds; uvicorn starts another worker).
    """
    import json

    from hoyle.web.app import create_app
    from hoyle.web.db import open_store
    from hoyle.web.store import StoreError

    settings = json.loads(os.environ[SETTINGS])
    _prepare(settings["log_format"], settings["log_level"], settings["guard"])
    _stop_with_parent()
    app_settings = dict(settings["app"])
    for name in ("forced_pause", "handshakes"):  # pairs, as JSON lists
        if app_settings.get(name) is not None:
            app_settings[name] = tuple(app_settings[name])
    try:
        return create_app(store=open_store(app_settings["db"], migrate=False),
                          **app_settings)
    except StoreError as e:  # one line in the log's format, no traceback; uvicorn starts
        logging.getLogger(__name__).error(  # another once this one has waited
            "a worker cannot start: %s (it waits %g s and ends; another is started)", e,
            WORKER_RETRY)
        time.sleep(WORKER_RETRY)
        raise SystemExit(1) from None  # not uvicorn's STARTUP_FAILURE (3): that stops them all


def run(app: Any, host: str, port: int, trusted_proxies: Sequence[str] = (),
        max_connections: int | None = None, max_per_address: int = 256,
        request_timeout: float = 10.0, log_format: str = "text",
        log_level: str = "warning", workers: int = 1,
        settings: dict[str, Any] | None = None) -> None:
    """Serve ``app`` with uvicorn on ``host``:``port`` until stopped, guarded as this
    module says. ``X-Forwarded-For`` is believed only from ``trusted_proxies`` (IP
    addresses), else the connection's own address is each client's. ``max_connections``
    (``None``: the descriptor limit less :data:`RESERVED_DESCRIPTORS`), ``max_per_address``
    and ``request_timeout`` (seconds) set :data:`GUARD`. The log goes to standard error
    in ``log_format`` from ``log_level`` (:func:`hoyle.web.logs.configure`); uvicorn's
    access log is off (a page's address may carry an invite's secret).

    ``workers`` > 1: that many processes share the port, each its own app made from
    ``settings`` (:func:`~hoyle.web.app.create_app`'s arguments, ``app`` unused) by
    :func:`worker_app`; uvicorn starts one again when it dies. SIGTERM stops them: each
    closes its sockets with code 1012 (the pages reconnect) once the message in hand is
    done."""
    import uvicorn

    guard = {"max_connections": max_connections, "max_per_address": max_per_address,
             "request_timeout": request_timeout, "proxies": list(trusted_proxies)}
    _prepare(log_format, log_level, guard)
    common: dict[str, Any] = dict(
        host=host, port=port, log_level=log_level, log_config=None, access_log=False,
        ws_max_size=1 << 20, http=GuardedH11Protocol, proxy_headers=bool(trusted_proxies),
        forwarded_allow_ips=list(trusted_proxies) or None, timeout_keep_alive=5,
        timeout_graceful_shutdown=5)
    if workers > 1:
        import json
        os.environ[SETTINGS] = json.dumps({"app": settings, "guard": guard,
                                           "log_format": log_format,
                                           "log_level": log_level})
        uvicorn.run("hoyle.web.server:worker_app", factory=True, workers=workers, **common)
        return
    uvicorn.run(app, **common)
