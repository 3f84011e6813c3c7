"""What an operator asks of a running ``hoyle serve`` (issue 30, item 4): ``/healthz`` (the
process answers), ``/readyz`` (its tables are loaded and its database answers: 503 if
not) and ``/metrics`` in Prometheus' text format (``prometheus-client``): the tables held
and unfinished, the open sockets, the actions stored (a person's, and those that make
themselves: chance, the computers', forced moves), the moves refused, and a histogram of
the seconds from a person's move received to its announcement sent to every socket of
the table, and the tables of computers only waiting their turn (they move one table at a
time). No card, seed, name or token is in any of them (labels are fixed words).

Each app has its own registry, so two apps in one process (the tests) count apart. Put
``/metrics`` behind the proxy's access rules on a public site (docs/web.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

if TYPE_CHECKING:
    from hoyle.web.tables import Tables

__all__ = ["LATENCY_BUCKETS", "Metrics"]

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""The latency histogram's buckets (seconds): a move's store, apply and announce."""


class Metrics:
    """The server's metrics, in a registry of their own.

    Args:
        tables: the server's tables (their counts are read when scraped).
        sockets: the number of open sockets now (called when scraped).
        waiting: the number of tables with no person waiting their turn to move now
            (called when scraped; :meth:`hoyle.web.app.Hub.computers_turn`).
    """

    def __init__(self, tables: Tables, sockets: Callable[[], int],
                 waiting: Callable[[], int]) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        held = Gauge("hoyle_tables", "Tables held by this server.", registry=r)
        held.set_function(lambda: len(tables.tables))
        open_ = Gauge("hoyle_tables_unfinished", "Tables whose game or match is not over.",
                      registry=r)
        open_.set_function(lambda: sum(1 for t in tables.tables.values() if not t.finished))
        live = Gauge("hoyle_sockets", "Open table sockets.", registry=r)
        live.set_function(lambda: sockets())
        queued = Gauge("hoyle_computer_tables_waiting", "Tables of computers only waiting "
                       "their turn to move now (they move one table at a time).",
                       registry=r)
        queued.set_function(lambda: waiting())
        self.actions = Counter("hoyle_actions", "Actions stored, by who made them: a "
                               "person's move, or one that made itself (chance, a "
                               "computer, a forced move).", ["by"], registry=r)
        for by in ("person", "itself"):  # shown at 0 from the start
            self.actions.labels(by)
        self.refused = Counter("hoyle_refused", "Messages refused with an error frame (an "
                               "illegal or stale move, a malformed message...).", registry=r)
        self.faults = Counter("hoyle_faults", "A table's automatic moves stopped by a fault "
                              "of the server.", registry=r)
        self.latency = Histogram("hoyle_move_seconds", "Seconds from a person's move "
                                 "received to its announcement sent to the table's sockets.",
                                 buckets=LATENCY_BUCKETS, registry=r)
