"""The server's log: ``hoyle serve --log-format json`` writes one JSON object a line a
event (``{"time": ..., "level": "info", "logger": "hoyle.web.tables", "pid": 812,
"event": "table created", "table": "3f9c...", "game": "cribbage", ...}``), for a log collector; ``text``
(the default) the event and its fields as words. An event's fields are given as
``extra={"fields": {...}}`` (:func:`event`): a table's id, a seat's number, counts, never
a card, a seed, a token or an invite's secret (each caller gives only those).

>>> import logging
>>> record = logging.LogRecord("hoyle.web.tables", logging.INFO, "", 0, "seat taken", (),
...                            None)
>>> record.fields = {"table": "t1", "seat": 1}
>>> record.created, record.process = 0.0, 4242
>>> JsonFormatter().format(record)
'{"time": "1970-01-01T00:00:00.000Z", "level": "info", "logger": "hoyle.web.tables", "pid": 4242, "event": "seat taken", "table": "t1", "seat": 1}'
>>> TextFormatter().format(record)
'seat taken: table=t1 seat=1'
"""

from __future__ import annotations

import datetime
import json
import logging
import sys
from typing import Any

__all__ = ["FORMATS", "JsonFormatter", "NoQuery", "TextFormatter", "configure", "event"]

FORMATS = ("text", "json")
"""The log formats ``hoyle serve --log-format`` takes."""


def event(**fields: Any) -> dict[str, Any]:
    """The ``extra`` of a log call whose event has ``fields``:
    ``log.info("seat taken", extra=event(table=t, seat=1))``."""
    return {"fields": fields}


class JsonFormatter(logging.Formatter):
    """One JSON object a record: its time (UTC, ISO 8601, milliseconds), level, logger,
    process id (which worker of ``--workers N``), event (the message) and fields; an exception as its type and message (no traceback,
    which may quote a game's locals)."""

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.datetime.fromtimestamp(record.created, datetime.timezone.utc)
        out: dict[str, Any] = {
            "time": when.strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond // 1000:03d}Z",
            "level": record.levelname.lower(), "logger": record.name,
            "pid": record.process, "event": record.getMessage()}
        out.update(getattr(record, "fields", {}) or {})
        if record.exc_info and record.exc_info[1] is not None:
            e = record.exc_info[1]
            out["error"] = f"{type(e).__name__}: {e}"
        return json.dumps(out, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """The event, then its fields as ``key=value`` words."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        fields = getattr(record, "fields", None)
        if fields:
            text += ": " + " ".join(f"{k}={v}" for k, v in fields.items())
        if record.exc_info and record.exc_info[1] is not None:
            text += "\n" + self.formatException(record.exc_info)
        return text


class NoQuery(logging.Filter):
    """Drops the query string of every path a record quotes (uvicorn's "WebSocket
    /t/ID/ws?..." lines): an address's query may carry an invite's secret.

    >>> r = logging.LogRecord("uvicorn.error", logging.INFO, "", 0,
    ...                       '%s - "WebSocket %s" [accepted]', ("1.2.3.4", "/t/x/ws?invite=S"), None)
    >>> NoQuery().filter(r), r.getMessage()
    (True, '1.2.3.4 - "WebSocket /t/x/ws" [accepted]')
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(a.split("?", 1)[0] if isinstance(a, str) and a.startswith("/")
                                else a for a in record.args)
        if isinstance(record.msg, str) and "?" in record.msg and " /" in record.msg:
            record.msg = " ".join(w.split("?", 1)[0] if w.startswith("/") else w
                                  for w in record.msg.split(" "))
        return True


def configure(fmt: str = "text", level: str = "warning") -> None:
    """Send every record of ``level`` and above (``"info"``: each table's events too) to
    standard error in ``fmt``, uvicorn's included.

    Raises:
        ValueError: an unknown format or level.
    """
    if fmt not in FORMATS:
        raise ValueError(f"the log format is one of {', '.join(FORMATS)}, not {fmt!r}")
    number = logging.getLevelName(level.upper())
    if not isinstance(number, int):
        raise ValueError(f"no log level {level!r}")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    handler.addFilter(NoQuery())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(number)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = name != "uvicorn.access"
    # no access log, in every worker too (a page's address may carry an invite's secret;
    # the proxy keeps one if wanted): uvicorn's own, turned off by it, stays off
    logging.getLogger("uvicorn.access").disabled = True
