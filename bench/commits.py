"""How many moves a second one PostgreSQL can store, with and without the announcement in
the same transaction: the ceiling on a site's tables (issue 30's paper figure).

A move at a table is one transaction (``hoyle.web.store.SqlStore.table_writes``): the
table's row held (``SELECT ... FOR UPDATE``), an action inserted, the version counted up,
``NOTIFY hoyle_tables`` (delivered at commit), ``COMMIT`` (flushed to disk: ``fsync=on``).
PostgreSQL takes one lock for every transaction that notifies, held through its commit so
that notifications arrive in commit order: such commits are made one after another, and
the disk's flush is no longer shared by several commits at once (group commit). This runs
the same transaction shape from K connections at once (each on its own tables), for each
K, with the NOTIFY in the transaction, without it, and with it sent just after the commit
in a transaction of its own (which writes nothing to flush), one listener connected
throughout, on a throwaway cluster (Debian's package, ``helpers.postgres``).

    python bench/commits.py [--seconds 5] [--connections 1,4,16,64]
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

MODES = ("notify in the move", "no notify", "notify after the commit")


def run(url: str, mode: str, connections: int, seconds: float) -> float:
    """Moves a second stored by ``connections`` writers in ``mode`` over ``seconds``."""
    import psycopg

    counts = [0] * connections
    stop = threading.Event()
    ready = threading.Barrier(connections + 1)

    def writer(i: int) -> None:
        with psycopg.connect(url, autocommit=True) as db:
            table, n = f"{MODES.index(mode)}-{connections}-{i}", 0
            db.execute("INSERT INTO t (id, version) VALUES (%s, 0) ON CONFLICT DO NOTHING",
                       (table,))
            ready.wait()
            while not stop.is_set():
                n += 1
                db.execute("BEGIN")
                db.execute("SELECT id FROM t WHERE id = %s FOR UPDATE", (table,))
                db.execute("INSERT INTO a (table_id, n, action) VALUES (%s, %s, 'CUT 5H')",
                           (table, n))
                db.execute("UPDATE t SET version = version + 1 WHERE id = %s", (table,))
                if mode == MODES[0]:
                    db.execute("SELECT pg_notify('hoyle_tables', %s)", (f"{table} {n}",))
                db.execute("COMMIT")
                if mode == MODES[2]:
                    db.execute("SELECT pg_notify('hoyle_tables', %s)", (f"{table} {n}",))
                counts[i] += 1

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(connections)]
    for t in threads:
        t.start()
    ready.wait()
    start, before = time.monotonic(), sum(counts)
    time.sleep(seconds)
    done, elapsed = sum(counts) - before, time.monotonic() - start
    stop.set()
    for t in threads:
        t.join()
    return done / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--connections", default="1,4,16,64")
    args = parser.parse_args()
    import psycopg

    from helpers.postgres import cluster, new_database

    with cluster(durable=True) as base:
        url = new_database(base)
        with psycopg.connect(url, autocommit=True) as db:
            db.execute("CREATE TABLE t (id TEXT PRIMARY KEY, version INTEGER NOT NULL)")
            db.execute("CREATE TABLE a (table_id TEXT NOT NULL, n INTEGER NOT NULL, "
                       "action TEXT NOT NULL, PRIMARY KEY (table_id, n))")
        listener = psycopg.connect(url, autocommit=True)
        listener.execute("LISTEN hoyle_tables")
        drained = threading.Event()

        def drain() -> None:  # a worker's ear: reads every notification
            while not drained.is_set():
                for _ in listener.notifies(timeout=0.2):
                    pass

        ear = threading.Thread(target=drain, daemon=True)
        ear.start()
        print(f"moves stored a second on PostgreSQL (fsync on), {args.seconds:g} s each, "
              "one listener")
        counts = [int(c) for c in args.connections.split(",")]
        print(f"{'connections':>12} " + " ".join(f"{m:>24}" for m in MODES))
        for k in counts:
            rates = [run(url, mode, k, args.seconds) for mode in MODES]
            print(f"{k:>12} " + " ".join(f"{r:>24.0f}" for r in rates))
        drained.set()
        ear.join()
        listener.close()


if __name__ == "__main__":
    main()
