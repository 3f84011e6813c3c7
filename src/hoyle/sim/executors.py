"""Executors for batch jobs: the same pure tasks on this machine's process pool, on Dask or
on Ray, with the same results (``shared/DESIGN.md``, Scale).

A job is a list of tasks, each a pure function of its arguments (a module-level function,
or a :func:`functools.partial` of one, so that it pickles), every random choice seeded from
the job's seed and the task's index (:func:`task_seed`): which executor runs a task, on
how many workers, and whether it is run twice (a lost worker) changes no result.

:func:`open_executor` gives a :class:`concurrent.futures.Executor` for an ``--executor``
value:

- ``local`` (the default): a :class:`~concurrent.futures.ProcessPoolExecutor` of
  ``workers`` processes, or this process when ``workers`` is 1;
- ``dask``: a :class:`distributed.LocalCluster` of ``workers`` single-threaded worker
  processes, started for the job and stopped after it; ``dask://HOST:PORT``: a running
  Dask scheduler (extra ``hoyle[dask]``);
- ``ray``: ``ray.init`` on this machine with ``num_cpus=workers``; ``ray://HOST:PORT``: a
  running Ray cluster's client server (extra ``hoyle[ray]``).

:func:`run_tasks` runs a job's tasks on one, in task order, with a progress bar and, given
a shard folder, one file per finished task (written atomically), so that a job stopped part
way resumes where it stopped.

>>> with open_executor("local", 1) as ex:
...     run_tasks(ex, pow, [(2, 3), (3, 2), (10, 0)])
[8, 9, 1]
>>> parse_executor("dask://10.0.0.5:8786"), parse_executor("ray")
(('dask', '10.0.0.5:8786'), ('ray', None))
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import os
import pickle
import signal
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from hoyle.engine.records import write_bytes_atomic
from hoyle.interface.tally import game_seed
from hoyle.errors import HoyleError

__all__ = ["EXECUTORS", "ExecutorError", "ShardError", "TasksStopped", "open_executor",
           "parse_executor", "run_tasks", "task_seed", "task_bar"]

T = TypeVar("T")

EXECUTORS = ("local", "dask", "ray")
"""The kinds of executor ``--executor`` names (``dask`` and ``ray`` also as
``KIND://HOST:PORT``)."""

WINDOW = 256
"""Tasks in flight at once on a pool or cluster (more wait their turn in this process)."""

EXECUTOR_HELP = ("Where the tasks run: local (this machine's processes, the default), dask "
                 "(a Dask LocalCluster), dask://HOST:PORT (a running Dask scheduler), ray "
                 "(Ray on this machine) or ray://HOST:PORT (a Ray cluster). Results do not "
                 "depend on it.")


class ExecutorError(HoyleError):
    """An ``--executor`` value that names no executor, a bad worker count, or an engine
    whose extra is not installed or that cannot be reached."""


class ShardError(HoyleError):
    """A shard folder or a shard that cannot be read or written."""


class TasksStopped(KeyboardInterrupt):
    """Ctrl-C during :func:`run_tasks`: ``done`` of ``total`` tasks had finished (each in
    its shard, if the job keeps shards). A ``KeyboardInterrupt``, so it stops what runs
    the job as Ctrl-C would."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(f"stopped after {done} of {total} tasks")
        self.done = done
        self.total = total


def task_seed(seed: int, index: int) -> int:
    """The seed of task ``index`` of a job seeded ``seed``: the same rule as a match's
    games (:func:`hoyle.interface.tally.game_seed`), so a task's draws depend on nothing else.

    >>> task_seed(7, 3) == task_seed(7, 3) != task_seed(7, 4)
    True
    """
    return game_seed(seed, index)


def parse_executor(spec: str) -> tuple[str, str | None]:
    """``(kind, address)`` of an ``--executor`` value (``local``, ``dask``, ``ray``, or
    ``dask://HOST:PORT`` / ``ray://HOST:PORT``; any case), the address's form checked (a
    host, and a port 1 to 65535) but not whether anything listens there.

    Raises:
        ExecutorError: any other value, an address without a host, or a port that is not
            a number from 1 to 65535.
    """
    text = spec.strip()
    kind, sep, address = text.partition("://")
    kind = kind.lower()
    if kind not in EXECUTORS or (sep and (kind == "local" or not address)):
        raise ExecutorError(f"unknown executor {spec!r} (local, dask, dask://HOST:PORT, ray "
                            "or ray://HOST:PORT)")
    if sep:
        _host_port(kind, address)
    return kind, (address if sep else None)


def _host_port(kind: str, address: str) -> tuple[str, int]:
    """``(host, port)`` of a ``HOST:PORT`` address (an IPv6 host in brackets).

    Raises:
        ExecutorError: no host, no port, or a port that is not 1 to 65535.
    """
    host, colon, port = address.rpartition(":")
    host = host.strip("[]")
    if not colon or not host:
        raise ExecutorError(f"--executor {kind}://{address}: give HOST:PORT (e.g. "
                            f"{kind}://10.0.0.5:{8786 if kind == 'dask' else 10001})")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ExecutorError(f"--executor {kind}://{address}: the port must be a number from "
                            f"1 to 65535 (got {port!r})")
    return host, int(port)


def _check_reachable(kind: str, address: str) -> None:
    """Fail at once, rather than after a client's long timeout, when nothing accepts a
    connection at ``address``.

    Raises:
        ExecutorError: the host is unknown or the connection is refused or times out (5 s).
    """
    host, port = _host_port(kind, address)
    try:
        with socket.create_connection((host, port), timeout=5):
            pass
    except OSError as e:
        what = "Dask scheduler" if kind == "dask" else "Ray client server"
        raise ExecutorError(f"cannot reach the {what} at {address}: "
                            f"{e.strerror or e}") from None


class InlineExecutor(Executor):
    """Runs each task at once in this process (``local`` with one worker): the same
    interface, no pool to start."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        f: Future[T] = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as e:  # handed back through the future, as a pool would
            f.set_exception(e)
        return f


class RayExecutor(Executor):
    """A :class:`concurrent.futures.Executor` over Ray tasks: each ``submit`` is one remote
    task, its future Ray's own (:meth:`ray.ObjectRef.future`)."""

    def __init__(self) -> None:
        import ray

        self._ray = ray
        self._run: Any = ray.remote(num_cpus=1, max_retries=3)(_call)

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        ref = self._run.remote(fn, args, kwargs)
        future: Future[T] = ref.future()
        return future


def _call(fn: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
    return fn(*args, **kwargs)


def _worker_env() -> dict[str, str]:
    """What a worker process needs to import this very hoyle: the source folder on its
    path and the engine choice (``HOYLE_PURE``)."""
    src = str(Path(__file__).resolve().parents[2])
    path = os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH", "")) if p)
    env = {"PYTHONPATH": path}
    if "HOYLE_PURE" in os.environ:
        env["HOYLE_PURE"] = os.environ["HOYLE_PURE"]
    return env


def _worker_ignores_ctrl_c() -> None:
    """A worker leaves Ctrl-C (SIGINT, sent to the terminal's whole process group) to the
    parent, which stops it: no worker prints a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(ex: ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the workers now (not at their chunk's end)."""
    processes = list((getattr(ex, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(1)
    # the pool sees its workers gone and its manager thread ends: nothing left to wait on
    ex.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def ctrl_c_held(then_raise: bool = True) -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) until the block is done (in the main thread): the
    ``KeyboardInterrupt`` comes after it, never between a chunk's lines and their count.
    A handler that only notes the signal stands in for the block (blocking the signal
    with ``pthread_sigmask`` is not enough: the process's other threads, the pool's and
    the progress bar's, still take it, and Python then raises it in the main thread).
    ``then_raise=False``: a Ctrl-C in the block is dropped (the block stops the job after
    one already: a second, pressed while it stops, would cut the stopping short and put
    its own ``KeyboardInterrupt`` in place of the first's count of what was done)."""
    if threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield
        return
    pending: list[int] = []
    old = signal.signal(signal.SIGINT, lambda signum, frame: pending.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
        if pending and then_raise:
            raise KeyboardInterrupt


@contextlib.contextmanager
def open_executor(spec: str = "local", workers: int = 1) -> Iterator[Executor]:
    """The executor an ``--executor`` value names, with ``workers`` workers (ignored for a
    running cluster, which has its own); a cluster started here is stopped on leaving.

    Raises:
        ExecutorError: an unknown value; ``workers`` not 1 to 64; ``dask`` or ``ray``
            without its extra (``pip install 'hoyle[dask]'``), or a cluster that cannot be
            reached.
    """
    kind, address = parse_executor(spec)
    if not 1 <= workers <= 64:
        raise ExecutorError(f"--workers must be 1 to 64 (got {workers})")
    if kind == "local":
        if workers == 1:
            yield InlineExecutor()
        else:
            # As hoyle sim's pool (hoyle.sim.pool) too: the workers leave Ctrl-C to this
            # process, which ends them at once rather than waiting for the queued tasks.
            pool = ProcessPoolExecutor(workers, initializer=_worker_ignores_ctrl_c)
            try:
                yield pool
            except BaseException:
                with ctrl_c_held(then_raise=False):
                    _stop(pool)
                raise
            pool.shutdown()
    elif kind == "dask":
        with _dask(address, workers) as ex:
            yield ex
    else:
        with _ray(address, workers) as ex:
            yield ex


@contextlib.contextmanager
def _ctrl_c_after_start() -> Iterator[None]:
    """SIGINT blocked in this thread while processes (and threads) are started: they inherit
    the block, so Ctrl-C, sent to the terminal's whole process group, never reaches a Dask
    worker or a Ray agent (no traceback of theirs) and this process alone stops, closing the
    cluster. A Ctrl-C meanwhile is kept (pending, or noted if a thread of before took it)
    and raised as ``KeyboardInterrupt`` when the block ends. (SIGINT was ignored here before: a Ctrl-C
    in the first second or two of a Dask job was lost, and the job ran to its end.)
    Off the main thread (where no signal can be set), or with SIGINT ignored, nothing is
    changed."""
    if threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield
        return
    # multiprocessing's resource tracker, started first in the block, would unblock SIGINT
    # in the thread that starts it (its own child's guard), and the workers after it would
    # take Ctrl-C: started before
    from multiprocessing import resource_tracker
    resource_tracker.ensure_running()
    pending: list[int] = []
    before = signal.signal(signal.SIGINT, lambda signum, frame: pending.append(signum))
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        # a Ctrl-C held pending is taken here, by the handler above
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        signal.signal(signal.SIGINT, before)
    if pending:
        raise KeyboardInterrupt


@contextlib.contextmanager
def _dask(address: str | None, workers: int) -> Iterator[Executor]:
    try:
        from distributed import Client, LocalCluster
    except ImportError as e:
        raise ExecutorError(f"--executor dask needs the dask extra (pip install "
                            f"'hoyle[dask]'): {e}") from None
    with contextlib.ExitStack() as stack:
        try:
            if address is None:
                os.environ.update(_worker_env())  # the worker processes inherit it
                with _ctrl_c_after_start():  # Ctrl-C is this process's to handle
                    cluster = stack.enter_context(LocalCluster(  # type: ignore[no-untyped-call]
                        n_workers=workers, threads_per_worker=1, processes=True,
                        dashboard_address=None, silence_logs=50))
                client = stack.enter_context(Client(cluster))  # type: ignore[no-untyped-call]
            else:
                _check_reachable("dask", address)
                try:
                    client = stack.enter_context(Client(  # type: ignore[no-untyped-call]
                        f"tcp://{address}", timeout=30))
                except Exception as e:  # noqa: BLE001 - whatever the client raises: one line
                    raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {e}"
                                        ) from None
            yield client.get_executor(pure=False)
        except BaseException:
            with ctrl_c_held(then_raise=False):  # the client and cluster closed whole
                stack.close()
            raise


@contextlib.contextmanager
def _ray(address: str | None, workers: int) -> Iterator[Executor]:
    try:
        import ray
    except ImportError as e:
        raise ExecutorError(f"--executor ray needs the ray extra (pip install "
                            f"'hoyle[ray]'): {e}") from None
    env = {"env_vars": _worker_env()}
    if address is not None:
        _check_reachable("ray", address)
    try:
        # a Ctrl-C while Ray starts is raised when it has started (not halfway: its agents
        # were left running), then Ray is shut down below
        with _ctrl_c_after_start():
            if address is None:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                         runtime_env=env, configure_logging=False)
            else:
                ray.init(address=f"ray://{address}", runtime_env=env, log_to_driver=False)
    except KeyboardInterrupt:
        with ctrl_c_held(then_raise=False):
            ray.shutdown()
        raise
    except Exception as e:  # noqa: BLE001 - a missing ray[client], a refused or lost
        # connection, a version mismatch...: one line, not Ray's traceback
        raise ExecutorError(f"cannot start Ray{' at ' + address if address else ''}: {e}"
                            ) from None
    try:
        yield RayExecutor()
    except BaseException:
        with ctrl_c_held(then_raise=False):
            ray.shutdown()
        raise
    ray.shutdown()


@contextlib.contextmanager
def task_bar(title: str, quiet: bool = False) -> Iterator[Callable[[int, int], None]]:
    """A progress bar over a job's tasks on the error stream (rich), as a callback
    ``(done, total)`` for :func:`run_tasks`; ``quiet``: a callback that shows nothing."""
    if quiet:
        yield lambda done, total: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(title, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)
        yield update


def _task_key(fn: Callable[..., Any], args: tuple[Any, ...]) -> str:
    """A digest of one task: the task function (a partial's function and fixed arguments)
    and the task's arguments. A task is pure, so the same key is the same result: a shard
    serves any job that has the task, and never one that does not."""
    h = hashlib.sha256()
    while isinstance(fn, partial):
        h.update(repr((fn.args, sorted(fn.keywords.items()))).encode())
        fn = fn.func
    h.update(f"{getattr(fn, '__module__', '')}.{getattr(fn, '__qualname__', '')}".encode())
    h.update(repr(args).encode())
    return h.hexdigest()[:20]


def _shard(folder: Path, i: int, key: str) -> Path:
    return folder / f"task-{i:06d}-{key}.pkl"


def _open_shards(folder: Path, keys: list[str], args: Sequence[tuple[Any, ...]],
                 check: Callable[[tuple[Any, ...], Any], str | None] | None
                 ) -> dict[int, Any]:
    """The results already in ``folder`` (made if missing) of the tasks whose keys are
    ``keys`` (:func:`_task_key`) and arguments ``args``, each checked by ``check``.

    Shards are pickles: reading one can run code, so a shard folder must be one this
    program wrote (trusted), never one from elsewhere.

    Raises:
        ShardError: the folder cannot be made, or a shard does not read (naming it) or
            is not what its task returns.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ShardError(f"cannot make the shard folder {folder}: {e.strerror or e}"
                         ) from None
    done: dict[int, Any] = {}
    for i, key in enumerate(keys):
        path = _shard(folder, i, key)
        if not path.exists():
            continue
        try:
            result = pickle.loads(path.read_bytes())
        except Exception as e:  # noqa: BLE001 - cut, corrupt, or naming a missing module
            raise ShardError(f"cannot read the shard {path}: {type(e).__name__}: {e} "
                             "(delete it to run its task again)") from None
        wrong = check(args[i], result) if check is not None else None
        if wrong is not None:
            raise ShardError(f"the shard {path} is not its task's result: {wrong} (delete "
                             "it to run its task again)")
        done[i] = result
    return done


def run_tasks(executor: Executor, fn: Callable[..., T], args: Sequence[tuple[Any, ...]],
              shards: Path | None = None,
              progress: Callable[[int, int], None] | None = None,
              check: Callable[[tuple[Any, ...], Any], str | None] | None = None) -> list[T]:
    """``[fn(*a) for a in args]`` run on ``executor``, in task order.

    Args:
        executor: from :func:`open_executor` (any ``concurrent.futures.Executor``).
        fn: a pure, picklable function (module-level, or a ``functools.partial`` of one).
        args: each task's arguments; a task's randomness must come from them alone
            (:func:`task_seed`).
        shards: a folder for the finished tasks' results (``task-NNNNNN-KEY.pkl``, each
            written atomically, ``KEY`` a digest of the task function and its arguments):
            the tasks already there are not run again, so a job killed part way and run
            again ends as if it had not stopped (and a job sharing some of its tasks, a
            shorter one say, reuses them).
        progress: called with ``(tasks done, tasks)`` as tasks finish (:func:`task_bar`).
        check: ``check(args, result)``: what is wrong with a kept shard's result for the
            task ``args`` (``None``: nothing), so a bad shard stops the job before any
            task runs. Shards are pickles: keep them only in a folder you trust.

    Raises:
        ShardError: ``shards`` cannot be read or written, or a shard in it does not read or
            fails ``check`` (before any task runs).
        TasksStopped: Ctrl-C (``KeyboardInterrupt``) while the tasks ran; the finished
            ones are in ``shards``.
        Exception: whatever a task raised (the first met, in completion order).
    """
    n = len(args)
    done: dict[int, Any] = {}
    folder = shards
    keys = [_task_key(fn, a) for a in args] if folder is not None else []
    if folder is not None:
        done = _open_shards(folder, keys, args, check)
    if progress is not None:
        progress(len(done), n)
    todo = iter([i for i in range(n) if i not in done])
    # At most ``window`` tasks in flight: in this process one at a time (each shard is
    # written as its task ends), else enough to keep every worker busy.
    inline = isinstance(executor, InlineExecutor)
    window = 1 if inline else WINDOW
    # (this process's own tasks, run in submit, are stopped by Ctrl-C at once)
    held: Callable[[], contextlib.AbstractContextManager[None]] = (
        contextlib.nullcontext if inline else ctrl_c_held)
    running: dict[Future[T], int] = {}

    def finished_task(i: int, result: Any) -> None:
        # The shard first, then the count: a Ctrl-C between the two never counts a task
        # whose shard is not on disk (the task stays in ``running`` until both are done,
        # so the handler below keeps it; writing a shard twice is harmless, it is atomic).
        if folder is not None:
            try:
                write_bytes_atomic(_shard(folder, i, keys[i]), pickle.dumps(result))
            except OSError as e:
                raise ShardError(f"cannot write a shard in {folder}: {e}") from None
        done[i] = result

    try:
        while True:
            # Ctrl-C is taken in the wait alone, never inside the executor's own code (a
            # Dask client's submit and its locks, which a KeyboardInterrupt raised there
            # can leave held): elsewhere it is held till the step is done. (In CI a Ctrl-C
            # once left a Dask job closing its cluster for over 60 s; where it came was
            # not seen, and it was not seen again in 35 tries on a loaded machine.)
            with held():
                for i in itertools.islice(todo, window - len(running)):
                    running[executor.submit(fn, *args[i])] = i
            if not running:
                break
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            with held():
                for f in finished:
                    i = running[f]
                    finished_task(i, f.result())
                    del running[f]
                    if progress is not None:
                        progress(len(done), n)
    except KeyboardInterrupt:
        # Ctrl-C: keep the tasks that had finished but were not yet collected, then stop
        # (a second Ctrl-C meanwhile dropped: its KeyboardInterrupt took the count's place)
        with ctrl_c_held(then_raise=False):
            for f, i in running.items():
                if f.done() and not f.cancelled() and f.exception() is None:
                    finished_task(i, f.result())
        raise TasksStopped(len(done), n) from None
    return [done[i] for i in range(n)]

