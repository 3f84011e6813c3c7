"""The ``hoyle`` command: play, referee, replay and look up the laws of every registered
game (:mod:`hoyle.interface.registry`), one subcommand a game for each verb.

Every error caused by bad input prints one line (``error: …``) and exits with status 2;
nothing is lost (a game in progress is saved first).
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import os
import random
import shlex
import re
import socket
import sys
import textwrap
from functools import partial
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape

from hoyle import __version__
from hoyle.cli import terminal
from hoyle.cli.commands import add_command
from hoyle.cli.matches import play_match, referee_match
from hoyle.cli.saves import check_new_save_path, default_save_path, last_unfinished
from hoyle.cli.session import PlaySession, RecordedSession, show
from hoyle.cli.tournament import tournament_app
from hoyle.interface.commands import GameCommand
from hoyle.engine.laws import LawCode
from hoyle.interface.options import Option
from hoyle.interface.play import UNDO_OPTION
from hoyle.engine.records import MAX_SEED, MAX_TEXT, GameRecord, open_record_file
from hoyle.interface.registry import (Capability, GameSpec, default_game, games, get_game,
                                   record_game)
from hoyle.interface.tally import GAMES_PER_SEED, MatchTotals
from hoyle.interface.text import HUMAN
from hoyle.errors import HoyleError, RecordsFileError, short_repr
from hoyle.sim.pool import span_text

__all__ = ["app", "main"]

class _Console(Console):
    """rich's console, but a closed pipe (``hoyle ... | head``) ends the command with exit
    status 0 (:func:`main`), not rich's 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


console = _Console(highlight=False)
err_console = _Console(stderr=True, highlight=False, soft_wrap=True)

app = typer.Typer(
    help="hoyle: cribbage and écarté according to Hoyle: play, referee, score, analyse.",
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
play_app = typer.Typer(help="Play a game against the computer.", no_args_is_help=False)
app.add_typer(play_app, name="play")


def _fail(message: str) -> typer.Exit:
    err_console.print(f"[red]error:[/red] {escape(message)}")
    return typer.Exit(2)


def _usage_error(message: str, command_path: str, code: int) -> int:
    """Print a usage error as one line: ``error: MESSAGE (see: COMMAND --help)``."""
    one_line = " ".join(message.split())
    err_console.print(f"[red]error:[/red] {escape(one_line)} (see: {escape(command_path)} "
                      "--help)")
    return code


def _version(value: bool) -> None:
    if value:
        from hoyle import _accel
        engine = "compiled engine (mypyc)" if _accel.active() else "pure Python"
        console.print(f"hoyle {__version__} ({engine})")
        raise typer.Exit()


@app.callback()
def _root(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Show the version.")] = False) -> None:
    """hoyle: card games according to Hoyle."""


PLAIN_HELP = ("Play line by line, not on the full-screen table (what a terminal that is not "
              "interactive always gets).")
REVIEW_HELP = ("At the end of the game (line by line), show the review of your decisions "
               "(hoyle review) without asking, even when the input is not a terminal (a "
               "terminal is asked).")


@play_app.callback(invoke_without_command=True)
def play(ctx: typer.Context,
         resume: Annotated[Optional[Path], typer.Option(  # noqa: UP007
             "--resume", help="Continue a saved game from its record file.")] = None,
         plain: Annotated[bool, typer.Option(
             "--plain", help=PLAIN_HELP)] = False,
         review: Annotated[bool, typer.Option(
             "--review", help=REVIEW_HELP + " For a game with a review.")] = False) -> None:
    """Play a game against the computer: `hoyle play cribbage`, or `hoyle play --resume
    FILE`; `hoyle play` alone offers to continue your last unfinished game, else starts
    cribbage. Games are saved in the user's data folder unless --save names a file."""
    if ctx.invoked_subcommand is not None:
        if resume is not None:
            raise _fail("--resume goes alone: hoyle play --resume FILE")
        ctx.obj = {"plain": plain, "review": review}
        return
    if resume is None:
        _play_default(plain, review)
    _resume_play(resume, plain=plain, review=review)


CONTINUE_WORDS = frozenset({"", "y", "yes"})
"""The answers that continue the unfinished game ``hoyle play`` offers (Enter: yes)."""


def _play_default(plain: bool, review: bool = False) -> NoReturn:
    """``hoyle play`` alone: offer to continue the last unfinished game in the saves folder
    (:func:`hoyle.cli.saves.last_unfinished`); else (or on no) a new game of the
    registry's default game with its default options (``review``: ``--review``). The end
    of input or Ctrl-C at the question stops without starting anything."""
    try:
        found = last_unfinished()
        if found is not None:
            title = record_game(found.record).title
            question = (f"Continue your unfinished game of {escape(title.lower())} "
                        f"(saved {found.saved:%Y-%m-%d %H:%M}, {len(found.record.actions)} "
                        "actions)? \\[Y/n] ")
            try:
                answer = console.input(question)
            except (EOFError, KeyboardInterrupt):
                console.print()
                raise typer.Exit(0) from None
            if answer.strip().lower() in CONTINUE_WORDS:
                _resume_play(found.path, plain=plain, review=review)
    except HoyleError as e:
        raise _fail(str(e)) from None
    spec = default_game()
    values = {o.name: o.default for o in spec.play_options()}
    _start(spec, values, plain, review)


def _full_screen(plain: bool) -> bool:
    """Whether a game is played on the full-screen table: not ``--plain``, the input and
    output an interactive terminal, one that can draw a screen (not ``TERM=dumb``) and the
    suits (:func:`hoyle.cli.terminal.draws_suits`)."""
    return (not plain and console.is_terminal and sys.stdin.isatty()
            and os.environ.get("TERM", "dumb") not in ("", "dumb", "unknown")
            and terminal.draws_suits(sys.stdout))


def _resume_play(path: Path, game: str | None = None, plain: bool = False,
                 review: bool = False) -> NoReturn:
    """Continue the saved game in ``path`` (as a game of ``game``, if given: the game's own
    checks say when it is not one; ``review``: ``--review``); one line on error."""
    try:
        record = GameRecord.load(path)
        spec = get_game(game) if game is not None else record_game(record)
        text = spec.text()
        resumed = text.resume_play(record, path)
        said = text.resumed_line(resumed, record, path)
        session: PlaySession[Any] = PlaySession(console, spec, resumed, record.seed or 0,
                                                path, int(record.options.get(UNDO_OPTION, 0)))
        session.offer_review = True if review else None
    except HoyleError as e:
        raise _fail(str(e)) from None
    raise typer.Exit(_play_on(spec, session, _full_screen(plain), said))


def _play_on(spec: GameSpec, session: PlaySession[Any], full: bool, banner: str) -> int:
    """Run the game, and the rest of its match if it is a game of one (``--match``)."""
    try:
        return play_match(console, spec, session, lambda s, b: s.run(full, b), banner)
    except HoyleError as e:
        raise _fail(str(e)) from None


def _resume_alone(ctx: typer.Context) -> None:
    """With --resume, any other option given is an error (it would be ignored: a resumed
    game keeps its settings and its file)."""
    if ctx.params.get("resume") is None:
        return
    given = [f"--{name.replace('_', '-')}" for name in ctx.params
             if name not in ("resume", "plain", "review")
             and getattr(ctx.get_parameter_source(name), "name", "DEFAULT") != "DEFAULT"]
    if given:
        raise _fail(f"{', '.join(given)} would be ignored: a resumed game keeps its own "
                    "settings and file (--resume goes alone)")


def _read_sets(spec: GameSpec, values: dict[str, Any]) -> None:
    """``--set NAME=VALUE`` (``values["set"]``) read by the game's parameter schema into
    ``values["rule_options"]`` and ``values["law_params"]``, which the game's
    ``new_play``/``new_referee`` apply (:meth:`GameSpec.settings`).

    Raises:
        HoyleError: a word that names no parameter or a value it does not take.
    """
    values["rule_options"], values["law_params"] = spec.settings(
        values.pop("set", None) or (), values.get("laws"))


def _play(spec: GameSpec, ctx: typer.Context, **values: Any) -> NoReturn:
    """``hoyle play GAME``: a new game against the computer (or ``--resume FILE``)."""
    _resume_alone(ctx)
    plain = values.pop("plain") or bool((ctx.obj or {}).get("plain"))
    review = bool(values.pop("review", False)) or bool((ctx.obj or {}).get("review"))
    _start(spec, values, plain, review)


def _start(spec: GameSpec, values: dict[str, Any], plain: bool,
           review: bool = False) -> NoReturn:
    """A new game of ``spec`` from the play command's option ``values`` (``resume``: that
    saved game instead), saved to ``save`` or a new file in the saves folder; ``review``:
    ``--review``."""
    resume, save, seed = values.pop("resume"), values.pop("save"), values.pop("seed")
    if resume is not None:
        _resume_play(resume, spec.name, plain, review)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    if seed < 0:
        raise _fail("the seed must be 0 or more")
    if seed >= MAX_SEED:
        raise _fail(f"the seed must be below 10**{len(str(MAX_SEED)) - 1}")
    try:
        _read_sets(spec, values)
        path = save or default_save_path(spec.name)
        check_new_save_path(path)
        text = spec.text()
        game = text.new_play(seed, values)
        session: PlaySession[Any] = PlaySession(console, spec, game, seed, path)
        session.offer_review = True if review else None
        session.first_save()
    except HoyleError as e:
        raise _fail(str(e)) from None
    raise typer.Exit(_play_on(spec, session, _full_screen(plain),
                              text.play_banner(game, seed, values)))


for _spec in games():
    # --review for a game with a review (Capability.REVIEW)
    _review = (Option("review", bool, False, REVIEW_HELP),) \
        if _spec.has(Capability.REVIEW) else ()
    add_command(play_app, _spec.name, _spec.text().play_command_help,
                (*_spec.play_options(), _spec.set_option(),
                 Option("plain", bool, False, PLAIN_HELP), *_review),
                lambda ctx, _s=_spec, **values: _play(_s, ctx, **values), context=True)


@app.command()
def replay(path: Annotated[Path, typer.Argument(
               help="A game record (JSON), or a JSON Lines file of them with --line.")],
           line: Annotated[Optional[int], typer.Option(  # noqa: UP007
               help="The N-th record (from 1, blank lines not counted) of a JSON Lines "
                    "file such as `hoyle sim --out` writes: record N of a run from game 0 "
                    "is game N-1.")
           ] = None,
           seat: Annotated[Optional[int], typer.Option(  # noqa: UP007
               help="Show only what this seat could see.")] = None,
           show_all: Annotated[bool, typer.Option(
               "--all", help="Show every card (of a game against the computer: once it is "
                             "over).")] = False,
           verify: Annotated[bool, typer.Option(
               "--verify", help="Check that every chance outcome (cut, deal, starter, "
                                "turn-up, draw) is the one the record's seed gives, and "
                                "the seed its commitment (a web table's): one line, exit "
                                "status 1 when they differ.")] = False
           ) -> None:
    """Replay a saved game record and print every event. A game still in progress against
    the computer is shown only as the person at the keyboard saw it (no --all, no other
    seat, no seed until it is over). With --verify, check its deal instead."""
    if verify:
        if seat is not None or show_all:
            raise _fail("--verify checks the deal and prints one line: no --seat or --all")
        raise typer.Exit(_verify(path, line))
    try:
        _refuse_redacted(_raw_record(path) if line is None else {})
        try:
            record = GameRecord.load(path, line)
        except RecordsFileError as e:
            raise HoyleError(f"{str(path)!r} holds {e.count} records, one a line: choose "
                             f"one with --line N (1 to {e.count})") from None
        spec = record_game(record)
        state, events = spec.replay_record(record)
        game_text = spec.text()
        n_seats, finished = game_text.seat_count(state), game_text.finished(state)
        lines_for = game_text.event_lines
        _check_seats(record, n_seats, seat)
        person = record.seats.index(HUMAN) if HUMAN in record.seats else None
        if not finished and person is not None:  # the other seats' cards stay hidden
            if show_all:
                raise HoyleError("the game is still in progress: --all shows every card "
                                 "once it is over")
            if seat is not None and seat != person:
                raise HoyleError(f"the game is still in progress: only seat {person}'s "
                                 "view (yours) can be shown until it is over")
    except HoyleError as e:
        raise _fail(str(e)) from None
    if seat is None and not finished and not show_all and person is not None:
        seat = person
        console.print(f"[dim]Game in progress: shown as seat {seat} saw it.[/dim]")
    names = [f"Seat {i} ({n})" for i, n in enumerate(record.seats)] or \
        [f"Seat {i}" for i in range(n_seats)]
    # The seed derives every card of the game: it is shown only once the game is over.
    about = [f"laws {record.laws}" if record.laws else "no law code",
             f"seed {record.seed}" if record.seed is not None and finished else "",
             record.date]
    console.print(f"[bold]{escape(record.game)}[/bold]"
                  + (f" {escape(record.variant)}" if record.variant else "") + ", "
                  + ", ".join(escape(a) for a in about if a))
    for text in lines_for(events, names, seat):
        console.print(text)
    if not finished:
        console.print(f"[dim]Unfinished: {len(record.actions)} actions.[/dim]")


def _check_seats(record: GameRecord, n_seats: int, seat: int | None) -> None:
    """The checks ``hoyle replay`` and ``hoyle review`` share: the record names as many
    seats as its game has (or none), and ``seat`` is one of them.

    Raises:
        HoyleError: either is not so (one line)."""
    if record.seats and len(record.seats) != n_seats:
        raise HoyleError(f"the record names {len(record.seats)} seats for a game of "
                         f"{n_seats}")
    if seat is not None and not 0 <= seat < n_seats:
        raise HoyleError(f"no seat {seat} in this game")


def _verify(path: Path, line: int | None) -> int:
    """``hoyle replay --verify``: one line, verified (status 0) or the first chance outcome
    that is not the seed's, or a commitment the seed does not match (status 1)."""
    from hoyle.interface.verify import seed_commitment, verify_record

    try:
        raw = _raw_record(path) if line is None else {}
        _refuse_redacted(raw)
        try:
            record = GameRecord.load(path, line)
        except RecordsFileError as e:
            raise HoyleError(f"{str(path)!r} holds {e.count} records, one a line: choose "
                             f"one with --line N (1 to {e.count})") from None
        spec = record_game(record)
        _check_seats(record, spec.text().seat_count(spec.state_for_record(record)), None)
        check = verify_record(record)
    except HoyleError as e:
        raise _fail(str(e)) from None
    commitment = raw.get("commitment")
    if check.index is not None:
        console.print(f"[red]NOT verified:[/red] action {check.index + 1} of "
                      f"{check.actions}: the record says {escape(check.recorded)}, seed "
                      f"{record.seed} gives {escape(check.seeded)}", soft_wrap=True)
        return 1
    if commitment is None and raw.get("web_table") is not None:
        console.print(f"[red]NOT verified:[/red] the record comes from web table "
                      f"{escape(short_repr(raw['web_table']))} but carries no commitment "
                      "(its key was removed): the seed cannot be checked against the "
                      "commitment shown at the table", soft_wrap=True)
        return 1
    if isinstance(commitment, str) and commitment != seed_commitment(record.seed or 0):
        console.print(f"[red]NOT verified:[/red] the SHA-256 of seed {record.seed} is "
                      f"{seed_commitment(record.seed or 0)}, not the record's commitment "
                      f"{escape(commitment)}", soft_wrap=True)
        return 1
    against = " (and its SHA-256 is the record's commitment)" \
        if isinstance(commitment, str) else " (no commitment was checked: the record " \
        "carries none)"
    console.print(f"verified: the {check.chance} chance outcomes of {check.actions} actions "
                  f"are those seed {record.seed} gives{against}", soft_wrap=True)
    return 0


def _refuse_redacted(raw: dict[str, Any]) -> None:
    """Raises HoyleError: ``raw`` is a web table's redacted download (an unfinished game:
    it holds no deal to replay or verify)."""
    if raw.get("redacted"):
        raise HoyleError("this record is redacted (the game was not over when it was "
                         "downloaded): download it again once the game is over")


def _raw_record(path: Path) -> dict[str, Any]:
    """The record file's JSON object as it stands (for the fields a record does not keep:
    a web table's ``commitment``, a download's ``redacted``); empty if it is not one
    JSON object, or not a regular file (a FIFO is not waited on: the record's own loading
    says what is wrong)."""
    import json

    try:
        with open_record_file(path) as fh:
            data = json.loads(fh.read(1 << 20).decode("utf-8-sig"))
    except (OSError, ValueError, RecursionError):  # RecordError is a ValueError
        return {}
    return data if isinstance(data, dict) else {}


@app.command()
def review(path: Annotated[Path, typer.Argument(
               help="A finished game's record (JSON), or a JSON Lines file of them with "
                    "--line.")],
           seat: Annotated[Optional[int], typer.Option(  # noqa: UP007
               help="Review only this seat's decisions.")] = None,
           line: Annotated[Optional[int], typer.Option(  # noqa: UP007
               help="The N-th record (from 1) of a JSON Lines file (hoyle sim --out).")
           ] = None,
           coach: Annotated[Optional[str], typer.Option(  # noqa: UP007
               help="The computer player whose values the review uses (cribbage: expert, "
                    "the default, or master).")] = None) -> None:
    """Review a recorded game: each decision with the expert's choice and what the one
    made cost (expected points far from the end, win probability near it), and the
    totals per deal."""
    from hoyle.interface.review import review_blocks

    try:
        _refuse_redacted(_raw_record(path) if line is None else {})
        record = GameRecord.load(path, line)
        spec = record_game(record)
        # a game against the computer (one seat the person's, not refereed) is checked as
        # hoyle play --resume checks it: every card the one its seed gives
        seeded = record.seats.count(HUMAN) == 1 and record.seed is not None and \
            not record.options.get("referee")
        state, _ = spec.replay_record(record, seeded=seeded)
        game_text = spec.text()
        _check_seats(record, game_text.seat_count(state), seat)
        if not game_text.finished(state):
            raise HoyleError("the game is still in progress: it is reviewed once it is over")
        with err_console.status("reviewing the game's decisions…"):
            result = spec.review(record, seat, coach)
    except RecordsFileError as e:
        raise _fail(f"{str(path)!r} holds {e.count} records, one a line: choose one with "
                    f"--line N (1 to {e.count})") from None
    except HoyleError as e:
        raise _fail(str(e)) from None
    for block in review_blocks(result, str(path)):
        show(console, block)


_CONNINFO = re.compile(r"\b(?:dbname|host|user|password|port|sslmode)\s*=")
"""A libpq ``key=value`` connection string, which ``--db`` does not take (it would name an
SQLite file, and the start-up line would quote its password)."""


def _db_kind(db: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database (``True``) or an SQLite file; one line
    and exit 2 when it is neither (another scheme, ``key=value`` settings, a folder,
    nothing), never quoting a password (:func:`hoyle.web.store.redact`)."""
    from hoyle.web.db import POSTGRES_SCHEMES
    from hoyle.web.store import redact

    if db.startswith(POSTGRES_SCHEMES):
        return True
    if not db.strip():
        raise _fail("--db names the database: an SQLite file or a postgresql:// URL")
    if "://" in db:
        raise _fail(f"--db is an SQLite file or a postgresql:// URL, not "
                    f"{redact(db.split('://')[0])}://...")
    if _CONNINFO.search(db):
        raise _fail("--db names a PostgreSQL database as a postgresql:// URL "
                    "(postgresql://user@host/name?host=/run/postgresql), not as "
                    "key=value settings")
    path = Path(db)
    if path.is_dir():
        raise _fail(f"--db {redact(db)} is a folder; name a database file")
    if path.exists() and not path.is_file():
        raise _fail(f"--db {redact(db)} is not a regular file (a FIFO or a device); name "
                    "a database file")
    return False


@app.command()
def serve(host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
          port: Annotated[int, typer.Option(help="The port to listen on.", min=1,
                                            max=65535)] = 8000,
          db: Annotated[str, typer.Option(
              help="The database of the tables: an SQLite file (created if missing), or "
                   "a PostgreSQL database's URL (postgresql://user@host/name; the "
                   "postgres extra).")
          ] = "hoyle.db",
          insecure_seed: Annotated[Optional[int], typer.Option(
              help="Tests and demonstrations only: the tables get the seeds N, N+1, ... "
                   "(whoever knows the seed knows every card).", min=0, hidden=True)
          ] = None,
          max_tables: Annotated[int, typer.Option(
              help="The most tables one client address may create in an hour.", min=1)
          ] = 20,
          adjournment: Annotated[float, typer.Option(
              help="Tests and demonstrations: seconds an away seat is counted down on its "
                   "opponent's page (10 minutes).", min=0.0, hidden=True)
          ] = 600.0,
          allowed_host: Annotated[Optional[list[str]], typer.Option(
              help="A name the server answers to besides 127.0.0.1, localhost and --host "
                   "(its public name behind a proxy; '*' for any). Repeat for more.")
          ] = None,
          trusted_proxy: Annotated[Optional[list[str]], typer.Option(
              help="The IP address of a reverse proxy whose X-Forwarded-For is believed "
                   "(else each client is counted by its connection's own address). "
                   "Repeat for more.")
          ] = None,
          max_connections_per_address: Annotated[int, typer.Option(
              help="The most connections one client address may hold open at once.", min=1)
          ] = 256,
          request_timeout: Annotated[float, typer.Option(
              help="Seconds a new connection has to send its first request's headers.",
              min=0.1)
          ] = 10.0,
          forced_pause: Annotated[Optional[float], typer.Option(
              help="Tests only: seconds before a person's forced card is played (drawn "
                   "between 0.6 and 1.6 by default).", min=0.0, hidden=True)
          ] = None,
          log_format: Annotated[str, typer.Option(
              help="The log on standard error: text, or json (one object a line an event, "
                   "for a log collector).")
          ] = "text",
          log_level: Annotated[str, typer.Option(
              help="The least level logged: debug, info (each table's events too: made, "
                   "a seat taken, an undo, over; sockets opened and closed), warning or "
                   "error.")
          ] = "warning",
          handshakes: Annotated[Optional[str], typer.Option(
              help="Benchmarks only: sockets one client address may open, as RATE,BURST "
                   "(a second, at once; 2,20).", hidden=True)
          ] = None,
          workers: Annotated[int, typer.Option(
              help="Server processes on this port (PostgreSQL only: they share the "
                   "database and hear each other's moves; a socket may land on any).",
              min=1, max=64)
          ] = 1) -> None:
    """Serve the web app: the lobby, the tables (play a friend by link, or the computer)
    and their records. Needs the web extra (pip install 'hoyle\\[web]'); the tables are
    kept in an embedded SQLite database (or PostgreSQL: --db URL) and unfinished ones go
    on where their stored actions left them."""
    try:
        from hoyle.web.app import FORCED_PAUSE, create_app
        from hoyle.web.server import ServerBusy, run, serve_lock, served_names
    except ImportError as e:
        raise _fail(f"hoyle serve needs the web extra (pip install 'hoyle[web]'): {e}"
                    ) from None
    from hoyle.web.db import POSTGRES_SCHEMES, open_store
    from hoyle.web.logs import FORMATS
    if log_format not in FORMATS:
        raise _fail(f"--log-format is one of {', '.join(FORMATS)}, not {short_repr(log_format)}")
    if log_level.lower() not in ("debug", "info", "warning", "error"):
        raise _fail(f"--log-level is debug, info, warning or error, not {short_repr(log_level)}")
    shakes: list[float] | None = None
    if handshakes is not None:
        try:
            shakes = [float(v) for v in handshakes.split(",")]
            if len(shakes) != 2 or min(shakes) <= 0:
                raise ValueError
        except ValueError:
            raise _fail(f"--handshakes is RATE,BURST (two positive numbers), not "
                        f"{short_repr(handshakes)}") from None
    postgres = _db_kind(db)
    path = Path(db)
    if workers > 1 and not postgres:
        raise _fail("--workers needs a PostgreSQL database (--db postgresql://...): an "
                    "SQLite file is served by one process")
    try:
        with socket.create_server((host, port)):
            pass  # the address is free (uvicorn binds it again below)
    except OSError as e:
        raise _fail(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    hosts = served_names(host, allowed_host or [])
    pause = FORCED_PAUSE if forced_pause is None else (forced_pause, forced_pause)
    lock = serve_lock(path) if not postgres and path.exists() else None
    try:
        if lock is not None:
            lock.__enter__()
        store = open_store(db)  # migrated here once, before any worker starts
        settings: dict[str, Any] = {"db": db, "fixed_seed": insecure_seed, "max_tables": max_tables,
                    "adjournment": adjournment, "forced_pause": list(pause),
                    "allowed_hosts": None if "*" in hosts else hosts,
                    "handshakes": shakes}
        if workers > 1:  # each worker opens the database and loads the tables itself
            web_app = None
            store.close()
        else:
            web_app = create_app(store=store, **{
                **settings, "forced_pause": pause,
                "handshakes": None if shakes is None else (shakes[0], shakes[1])})
        if lock is None and not postgres:  # a new file: made now, then held
            lock = serve_lock(path)
            lock.__enter__()
    except (HoyleError, ServerBusy) as e:
        raise _fail(str(e)) from None
    warnings = [f"table {table_id} is not served: {why}"
                for table_id, why in getattr(getattr(web_app, "state", None), "unreadable",
                                             {}).items()]
    if insecure_seed is not None:
        warnings.insert(0, f"--insecure-seed {insecure_seed}: every table's seed is known in "
                           "advance (tests and demonstrations only).")
    if log_format == "json":  # one JSON object a line on standard error, these too
        from hoyle.web.logs import configure
        configure(log_format, log_level.lower())
        for line in warnings:
            logging.getLogger("hoyle.serve").warning(line)
    for line in warnings if log_format != "json" else ():
        err_console.print(f"[yellow]{escape(line)}[/yellow]", soft_wrap=True)
    console.print(f"hoyle serving on http://{host}:{port}/ (tables in "
                  f"{escape(store.describe())}"
                  + (f"; {workers} workers" if workers > 1 else "") + "); "
                  "Ctrl-C stops.", soft_wrap=True)
    if "*" not in hosts:
        console.print(f"It answers to {escape(', '.join(hosts))} (another name players type: "
                      "--allowed-host NAME).", soft_wrap=True)
    try:
        run(web_app, host, port, trusted_proxies=trusted_proxy or (),
            max_per_address=max_connections_per_address, request_timeout=request_timeout,
            log_format=log_format, log_level=log_level.lower(), workers=workers,
            settings=settings)
    finally:
        if lock is not None:
            lock.__exit__(None, None, None)


db_app = typer.Typer(help="The web tables' database: migrate, back up, check.",
                     no_args_is_help=True)
app.add_typer(db_app, name="db")
DB_HELP = ("The database: an SQLite file, or a PostgreSQL database's URL "
           "(postgresql://user@host/name).")


def _open_db(db: str, migrate: bool) -> Any:
    """The store ``db`` names, migrated (``hoyle db migrate``) or read as it is, read-only
    (``hoyle db check``: an SQLite file must exist); one line and exit 2 when it cannot be
    opened (never a password: :func:`hoyle.web.store.redact`)."""
    from hoyle.web.db import open_store
    from hoyle.web.store import StoreError, redact
    try:
        if not _db_kind(db) and not migrate and not Path(db).is_file():
            raise _fail(f"no database file {redact(db)}")
        return open_store(db, migrate=migrate)
    except StoreError as e:
        raise _fail(redact(str(e))) from None


@db_app.command("migrate")
def db_migrate(db: Annotated[str, typer.Option(help=DB_HELP)] = "hoyle.db") -> None:
    """Bring the database's schema up to this hoyle's (created if missing; each version
    one transaction; a newer schema is refused). hoyle serve does it too at start."""
    store = _open_db(db, migrate=True)
    try:
        console.print(f"{escape(store.describe())}: schema version {store.schema_version()}",
                      soft_wrap=True)
    finally:
        store.close()


@db_app.command("backup")
def db_backup(target: Annotated[Path, typer.Argument(help="The copy to write (a new file).")],
              db: Annotated[str, typer.Option(help=DB_HELP)] = "hoyle.db") -> None:
    """Copy an SQLite database as it stands, while the server may run (SQLite's online
    backup API; the database is read only, not migrated). A PostgreSQL database is backed
    up with pg_dump (docs/deploy.md)."""
    from hoyle.web.store import StoreError, backup_file, redact
    if _db_kind(db):
        raise _fail("a PostgreSQL database is backed up with pg_dump: pg_dump --format=custom "
                    "--file=hoyle.dump URL (docs/deploy.md)")
    if not str(target).strip() or target.exists():
        raise _fail(f"{target!s} exists: name a new file for the copy" if str(target).strip()
                    else "name a new file for the copy")
    if not Path(db).is_file():
        raise _fail(f"no database file {redact(db)}")
    try:
        backup_file(db, target)
    except StoreError as e:
        raise _fail(redact(str(e))) from None
    console.print(f"{escape(db)} copied to {escape(str(target))}", soft_wrap=True)


@db_app.command("check")
def db_check(db: Annotated[str, typer.Option(help=DB_HELP)] = "hoyle.db") -> None:
    """Check the database as it is, writing nothing: SQLite's integrity check, its schema
    version, and that every stored table replays (an unfinished table goes on from them
    when served). Exit 1 if not."""
    from hoyle.web.db import check_rows
    from hoyle.web.store import MIGRATIONS, SqliteStore, StoreError
    store = _open_db(db, migrate=False)
    try:
        try:
            version = store.schema_version()
        except StoreError as e:
            raise _fail(str(e)) from None
        if version != len(MIGRATIONS):
            console.print(f"{escape(store.describe())}: schema version {version}, this hoyle's "
                          f"is {len(MIGRATIONS)}: "
                          + ("run hoyle db migrate first (check writes nothing)"
                             if version < len(MIGRATIONS) else "a newer hoyle's database"),
                          soft_wrap=True)
            raise typer.Exit(1)
        problems = store.integrity() if isinstance(store, SqliteStore) else []
        for p in problems:
            console.print(f"integrity: {escape(p)}", soft_wrap=True)
        rows = store.load_tables()
        bad = check_rows(rows)
        for table_id, why in bad.items():
            console.print(f"table {escape(table_id)} does not replay: {escape(why)}",
                          soft_wrap=True)
        open_ = sum(1 for r in rows if not r.finished)
        good = len(rows) - len(bad)
        console.print(f"{escape(store.describe())}: schema version {version}, "
                      f"{len(rows)} table{'s' if len(rows) != 1 else ''} ({open_} unfinished); "
                      f"{good} replay{'s' if good == 1 else ''}"
                      + ("" if not (bad or problems) else "; problems above"), soft_wrap=True)
    finally:
        store.close()
    if bad or problems:
        raise typer.Exit(1)


referee_app = typer.Typer(help="Referee a game played with real cards: board and umpire.",
                          no_args_is_help=True)
app.add_typer(referee_app, name="referee")


def _referee(spec: GameSpec, ctx: typer.Context, **values: Any) -> NoReturn:
    """``hoyle referee GAME``: the game resumed from ``--resume`` (no other option given),
    else a new one with the table's names (comma-separated) saved to ``--save`` or the
    game's default file (never over an existing file); one line on error."""
    _resume_alone(ctx)
    resume, save, names = values.pop("resume"), values.pop("save"), values.pop("names")
    text = spec.text()
    try:
        if resume is not None:
            record = GameRecord.load(resume)
            state, _ = spec.replay_record(record)
            if not record.options.get("referee"):
                raise HoyleError("that record is not a refereed game")
            n = text.seat_count(state)
            seats = record.seats if len(record.seats) == n else [f"Seat {i}" for i in range(n)]
            console.print(f"Resuming the refereed game in {escape(str(resume))} "
                          f"({len(record.actions)} actions).")
            session: RecordedSession[Any] = RecordedSession(
                console, text, spec.name, state, seats, resume,
                record.date or datetime.date.today().isoformat())
        else:
            seat_names = [n.strip() for n in names.split(",")] if names else None
            if seat_names and max(len(n) for n in seat_names) > MAX_TEXT:
                raise HoyleError(f"a name is at most {MAX_TEXT} characters (a record "
                                 "keeps it)")
            _read_sets(spec, values)
            path = save or Path(text.referee_save)
            check_new_save_path(path)
            state, seats = text.new_referee(seat_names, values)
            console.print(text.referee_banner(state, values))
            session = RecordedSession(console, text, spec.name, state, seats, path,
                                      datetime.date.today().isoformat())
            session.first_save()
    except HoyleError as e:
        raise _fail(str(e)) from None
    try:
        code = referee_match(console, spec, session)
    except HoyleError as e:
        raise _fail(str(e)) from None
    raise typer.Exit(code)


for _spec in games(Capability.REFEREE):
    add_command(referee_app, _spec.name,
                f"Referee {_spec.title.lower()} at a real table: enter what happens, get the "
                "score and the rulings.",
                (*_spec.referee_options(), _spec.set_option()),
                lambda ctx, _s=_spec, **values: _referee(_s, ctx, **values), context=True)


laws_app = typer.Typer(help="List the laws of a game's code, or print one law.",
                       no_args_is_help=True)
app.add_typer(laws_app, name="laws")


def _print_laws(lc: LawCode, law_id: str | None, spec: GameSpec) -> None:
    """Print a law code as a table, or one law and how hoyle applies it."""
    from rich.table import Table

    if law_id is None:
        t = Table(title=lc.title)
        t.add_column("ID", no_wrap=True)
        t.add_column("title")
        t.add_column("summary")
        for law in lc:
            t.add_row(law.id, law.title, law.summary)
        console.print(t)
        return
    wanted = law_id.strip()
    match = [law for law in lc if law.id.lower() == wanted.lower()]
    if not match:
        prefix = wanted.split("-")[0].lower()
        codes = {law.id.split("-")[0].lower(): code.name for code in spec.codes().values()
                 for law in code}
        game = spec.name
        hint = f"hoyle laws {game} --laws {codes[prefix]} {wanted}" \
            if codes.get(prefix, lc.name) != lc.name else f"hoyle laws {game} --laws {lc.name}"
        raise _fail(f"the {lc.name} code has no law {wanted!r} (see: {hint})")
    law = match[0]
    console.print(f"[bold]{law.id} — {escape(law.title)}[/bold]  ({escape(lc.title)})")
    console.print(f"Law: {escape(law.summary)}")
    if law.engine:
        console.print(f"How hoyle applies it: {escape(law.engine)}")
    if law.kinds:
        console.print("Irregularities it rules: " + ", ".join(
            f"{k} ({escape(lc.kind_text.get(k, ''))})" for k in law.kinds))
    params = [p for p in lc.params if p in law.engine]
    if params:
        console.print("Parameters: " + ", ".join(f"{p} = {lc.value(p, object)}" for p in params))


def _print_params(spec: GameSpec, lc: LawCode) -> None:
    """Print the game's parameter schema under the code: the rules of play's options, then
    the code's parameters, each with its value, the values it takes and what it decides."""
    console.print(f"[bold]Parameters of {escape(spec.title.lower())} under "
                  f"{escape(lc.title)}[/bold]")
    commands = " and ".join(f"hoyle {verb} {spec.name}" for verb, on in
                            (("play", True), ("referee", spec.has(Capability.REFEREE))) if on)
    console.print(escape(f"Each is set for a game with --set NAME=VALUE ({commands}; "
                         f"the code's with --laws {lc.name}), e.g. --set "
                         f"{spec.params(lc.name)[0].name}={spec.params(lc.name)[0].default}."))
    n_rules = len(spec.rule_params())
    for i, p in enumerate(spec.params(lc.name)):
        if i in (0, n_rules):
            console.print(f"\nThe rules of play (the {escape(spec.default_variant)} values; "
                          "a variant sets its own):" if i == 0 else
                          f"\nThe {lc.name} code's:")
        value = p.default if i < n_rules else lc.value(p.name, object)
        takes = ", ".join(map(str, p.values)) if p.values else f"{p.low} to {p.high}"
        if p.optional:
            takes += ", or none"
        console.print(f"  [bold]{p.name}[/bold] = {escape(str(value))}  (takes {escape(takes)})")
        console.print(escape(textwrap.fill(p.help, width=max(40, console.width - 2),
                                           initial_indent="      ",
                                           subsequent_indent="      ",
                                           break_on_hyphens=False)))


def _laws(spec: GameSpec, law_id: str | None, code: str, params: bool = False,
          **values: Any) -> None:
    """``hoyle laws GAME [ID]``: the code's laws, or one law (and the game's preface);
    ``--params``: the game's parameters under the code."""
    try:
        lc = spec.get_code(code)
        preface = spec.text().laws_preface(values)  # a bad option value refused here
        if params:
            _print_params(spec, lc)
            for block in preface:  # the variant asked for: its own values
                show(console, block)
            return
        for block in preface:
            show(console, block)
    except HoyleError as e:
        raise _fail(str(e)) from None
    _print_laws(lc, law_id, spec)


for _spec in games():
    _text = _spec.text()
    add_command(
        laws_app, _spec.name, f"The laws of {_spec.title.lower()}: every law of a code "
                             "with its ID, title and summary.",
        [Option("code", str, _spec.default_laws,
                f"The law code: {' or '.join(_spec.codes())}."), *_spec.laws_options(),
         Option("params", bool, False, "List the game's parameters (the rules' options and "
                                       "the code's) instead of its laws.")],
        lambda _s=_spec, **values: _laws(_s, **values),
        arguments=[Option("law_id", str, None,
                          f"A law ID, e.g. {_text.law_id_example}; omit to list the whole "
                          "code.")],
        names={"code": ("--laws", "--code")})


def _game_command(group: typer.Typer, command: GameCommand) -> None:
    """Add a game's own command to ``group``: its arguments and options as the game declares
    them; what it produces shown in order (every ``HoyleError`` one ``error:`` line)."""
    def run(**values: Any) -> None:
        try:
            with contextlib.ExitStack() as stack:
                if command.batch:  # where its tasks run: an open executor
                    from hoyle.sim.executors import open_executor
                    values["executor"] = stack.enter_context(open_executor(
                        values["executor"], values.get("workers", 1)))
                for block in command.run(err_console.status, **values):
                    show(console, block)
        except HoyleError as e:
            raise _fail(str(e)) from None

    options = command.options
    if command.batch:
        from hoyle.sim.executors import EXECUTOR_HELP
        options = (*options, Option("executor", str, "local", EXECUTOR_HELP))
    add_command(group, command.name, command.help, options, run,
                arguments=command.arguments)


for _spec in games():  # each game's own commands: hoyle score, hoyle discard (cribbage)
    for _command in _spec.commands():
        _game_command(app, _command)


stats_app = typer.Typer(help="Statistics of a game, or of your own games (--mine).",
                        no_args_is_help=True)
app.add_typer(stats_app, name="stats")


@stats_app.callback(invoke_without_command=True)
def _stats_root(ctx: typer.Context, mine: Annotated[bool, typer.Option(
        "--mine", help="Your own games against the computer: wins, skunks, points per deal "
                       "by role (kept in your data folder).")] = False) -> None:
    """Statistics: `hoyle stats GAME ...` for a game's tables, `hoyle stats --mine` for
    your own games."""
    if ctx.invoked_subcommand is not None:
        return
    if not mine:
        console.print(ctx.get_help())
        raise typer.Exit(0)
    _print_mine()


def _print_mine() -> None:
    """``hoyle stats --mine``: one table a game played."""
    from rich.table import Table as RichTable

    from hoyle.cli.stats import StatsStore
    try:
        store = StatsStore()
        try:
            totals = store.totals()
        finally:
            store.close()
    except HoyleError as e:
        raise _fail(str(e)) from None
    if not totals:
        console.print("No finished game yet: your games against the computer are counted "
                      "once they are over (hoyle play).")
        return
    from hoyle.interface.mystats import stat_rows
    for g in totals:
        title, rows = stat_rows(g)
        t = RichTable(title=escape(title), show_header=False)
        t.add_column("")
        t.add_column("", justify="right")
        for what, figure in rows:
            t.add_row(escape(what), figure)
        console.print(t)


for _spec in games():  # hoyle stats GAME
    _stats = _spec.stats_command()
    if _stats is not None:
        _game_command(stats_app, _stats)


tables_app = typer.Typer(help="Compute a game's tables (batch jobs on any executor).",
                         no_args_is_help=True)
app.add_typer(tables_app, name="tables")

_JOB_OPTIONS = (
    Option("executor", str, "local", "Where the tasks run: local (processes, the default), "
                                     "dask, dask://HOST:PORT, ray or ray://HOST:PORT."),
    Option("workers", int, 1, "Workers (processes, Dask workers, Ray CPUs)."),
    Option("shards", Path, None, "Keep each finished task in this folder (pickles: one you "
                                 "trust): the same job run again resumes where it stopped."),
)
"""The options of every ``hoyle tables NAME`` after the job's own."""


def _table_job(job: Any, executor: str, workers: int, shards: Path | None,
               **values: Any) -> None:
    """``hoyle tables NAME``: the job on the executor, then what it says."""
    from hoyle.sim.executors import TasksStopped
    from hoyle.sim.tables import run_job

    try:
        for block in run_job(job, values, executor, workers, shards):
            show(console, block)
    except HoyleError as e:
        raise _fail(str(e)) from None
    except KeyboardInterrupt as e:
        done = (" before any task ran" if not isinstance(e, TasksStopped) else
                f" after all {e.total:,} tasks, before the job's end" if e.done == e.total
                else f" after {e.done:,} of {e.total:,} tasks")
        again = ("run the same command again to resume" if shards is not None else
                 "nothing is kept without --shards DIR (give it to resume a stopped job)")
        err_console.print(f"Stopped (Ctrl-C){done}; {again}.", soft_wrap=True, markup=False)
        raise typer.Exit(130) from None


for _spec in games():  # hoyle tables NAME, each game's jobs
    for _job in _spec.table_jobs():
        add_command(tables_app, _job.name, _job.help, (*_job.options, *_JOB_OPTIONS),
                    partial(_table_job, _job))


def _run_match_command(game: str, players: str, games: int, workers: int, seed: int,
                       out: Path | None, example: str, first: int = 0,
                       params: dict[str, Any] | None = None,
                       executor: str = "local") -> tuple[list[str], MatchTotals]:
    """Check a sim command's options, run the match of ``game`` with a progress bar, write
    the records. Every bad option is one ``error:`` line."""
    from rich.progress import Progress

    from hoyle.sim.executors import parse_executor
    from hoyle.sim.tournament import run_match

    names = [p.strip() for p in players.split(",")]
    try:
        parse_executor(executor)
        if len(names) != 2:
            raise HoyleError(f"--players names two players, e.g. {example}")
        for name in names:  # an unknown player is refused before any file is made
            get_game(game).make_player(name)
        get_game(game).check_sim_params(params or {})  # so is a bad option value
        if seed < 0:
            raise HoyleError("the seed must be 0 or more")
        if seed >= MAX_SEED:
            raise HoyleError(f"the seed must be below 10**{len(str(MAX_SEED)) - 1}")
        if games < 1 or not 1 <= workers <= 64:
            raise HoyleError("--games must be at least 1 and --workers from 1 to 64")
        if games > GAMES_PER_SEED:
            raise HoyleError(f"--games must be at most {GAMES_PER_SEED:,} (a match's games "
                             f"are numbered below {GAMES_PER_SEED:,})")
        if first < 0 or first + games > GAMES_PER_SEED:
            raise HoyleError(f"--first-game must be 0 or more, and --first-game plus --games "
                             f"at most {GAMES_PER_SEED:,} (a match's games are numbered "
                             f"below {GAMES_PER_SEED:,})")
        if out is not None and out.exists():
            raise HoyleError(f"{out} exists: records are never written over; name a new file "
                             "(the rest of a stopped run too: hoyle sim summary FIRST REST "
                             "reads both)")
        fh = out.open("w", encoding="utf-8") if out is not None else None
    except HoyleError as e:
        raise _fail(str(e)) from None
    except OSError as e:
        raise _fail(f"cannot write {out}: {e.strerror}") from None
    done = [0]  # the games whose records are written (and counted)
    try:
        with Progress(console=err_console, transient=True) as bar:
            task = bar.add_task(f"{names[0]} v {names[1]}", total=games)

            def progress(n: int) -> None:
                done[0] = n
                bar.update(task, completed=n)

            result = run_match(game, names, games, seed, workers, fh, progress=progress,
                               first=first, params=params,
                               executor=executor)
    except KeyboardInterrupt:
        if fh is not None:
            fh.close()
        _print_interrupted(game, players, games, workers, seed, out, first, done[0],
                           {**(params or {}), "executor": None if executor == "local"
                            else executor})
        raise typer.Exit(130) from None
    except HoyleError as e:
        raise _fail(str(e)) from None
    except OSError as e:  # a full disk: the records written so far stay (a cut last line
        # is skipped by hoyle sim summary); finish with --first-game
        raise _fail(f"cannot write {out}: {e.strerror or e} (the records written so far "
                    "are kept; hoyle sim summary reads them)") from None
    finally:
        if fh is not None:
            fh.close()
    return names, result


def _print_interrupted(game: str, players: str, games: int, workers: int, seed: int,
                       out: Path | None, first: int, done: int,
                       params: dict[str, Any]) -> None:
    """After Ctrl-C in ``hoyle sim``: what was kept, and the exact command that plays the
    rest of the run (``--first-game``, the games from there on exactly as they would have
    been) into a new file, then the summary of both parts."""
    rest = first + done
    where = f"; their records are in {shlex.quote(str(out))}" if out is not None else ""
    span = f"games {first} to {rest - 1}" if done else "no game finished"
    err_console.print(f"Stopped (Ctrl-C) after {done:,} of {games:,} games ({span}){where}.",
                      soft_wrap=True, markup=False)
    command = ["hoyle", "sim", game, "--players", players, "--games", str(games - done),
               "--workers", str(workers), "--seed", str(seed), "--first-game", str(rest)]
    for name, value in params.items():  # the game's own options, as they were given
        if value is None or value is False:
            continue
        flag = "--" + name.replace("_", "-")
        command += [flag] if value is True else [flag, str(value)]
    if out is not None:
        rest_file = out.with_name(f"{out.stem}-from-{rest}{out.suffix}")
        command += ["--out", str(rest_file)]
    err_console.print(("Finish the run with:\n  " if done else "Run it again with:\n  ")
                      + shlex.join(command), soft_wrap=True, markup=False)
    if out is not None and done:
        err_console.print("then: " + shlex.join(["hoyle", "sim", "summary", str(out),
                                                 str(rest_file)]),
                          soft_wrap=True, markup=False)


def _match_table(names: list[str], result: MatchTotals, title: str) -> Any:
    """The table of a match's results: the wins and win rates (95% CIs), then the game's
    own lines (``result.rows()``)."""
    from rich.table import Table as RichTable

    t = RichTable(title=title)
    t.add_column("")
    t.add_column(names[0], justify="right")
    t.add_column(names[1], justify="right")
    lo0, hi0 = result.ci(0)
    lo1, hi1 = result.ci(1)
    t.add_row("wins", str(result.wins[0]), str(result.wins[1]))
    t.add_row("win rate (95% CI)", f"{result.win_rate(0):.3f} ({lo0:.3f}-{hi0:.3f})",
              f"{result.win_rate(1):.3f} ({lo1:.3f}-{hi1:.3f})")
    for row in result.rows():
        t.add_row(*row)
    return t


sim_app = typer.Typer(help="Batch simulation: matches between computer players.",
                      no_args_is_help=True)
app.add_typer(sim_app, name="sim")
app.add_typer(tournament_app, name="tournament")

_SIM_OPTIONS = (
    Option("games", int, 1000, "Games to play."),
    Option("workers", int, 1, "Processes."),
    Option("seed", int, 0, "Seed; results do not depend on --workers or --executor."),
    Option("out", Path, None, "Write every game's record to this JSON Lines file."),
    Option("first_game", int, 0, "Index of the first game (games are numbered from 0 and "
                                 "each is seeded by the seed and its index): finishes a run "
                                 "stopped part way."),
    Option("executor", str, "local", "Where the games run: local (processes, the default), "
                                     "dask, dask://HOST:PORT, ray or ray://HOST:PORT."),
)
"""The options of every ``hoyle sim GAME`` after the game's own (``--players``)."""


def _sim_game(game: str, example: str, players: str, games: int, workers: int, seed: int,
             out: Path | None, first_game: int, executor: str = "local",
             **params: Any) -> None:
    """``hoyle sim GAME``: a match between two computer players, its results table (the
    game's lines after the wins and win rates) and the first dealer's wins; ``params``:
    the game's own options beyond ``--players`` (its ``sim_options``)."""
    names, result = _run_match_command(game, players, games, workers, seed, out, example,
                                       first_game, params, executor)
    span = span_text(seed, first_game, first_game + games - 1, games)
    _print_match(_match_table(names, result, result.title(span)), result, out)


for _spec in games(Capability.MATCHES):  # hoyle sim GAME
    _own = tuple(_spec.sim_options())
    _example = next((o.default for o in _own if o.name == "players"), "")
    add_command(sim_app, _spec.name, _spec.sim_help(), (*_own, *_SIM_OPTIONS),
                partial(_sim_game, _spec.name, _example))


def _print_match(table: Any, result: MatchTotals, out: Path | None) -> None:
    """Print a match's table and its first dealer's wins (and where the records went)."""
    console.print(table)
    console.print(f"First dealer won {result.first_dealer_wins} of {result.games} "
                  f"({result.first_dealer_wins / result.games:.3f}).")
    if out is not None:
        console.print(f"Records written to {escape(str(out))}.")


@sim_app.command("summary")
def sim_summary(files: Annotated[list[Path], typer.Argument(
        metavar="FILE",
        help="The run's JSON Lines files (hoyle sim ... --out), parts pooled.")]) -> None:
    """A match's results table from its records, as the run printed it: for a run stopped
    part way and finished with --first-game, name every part (a game found twice, or games
    of another match, are an error; a last line cut short is skipped and said)."""
    from hoyle.sim.pool import read_run
    from hoyle.sim.tournament import summarize_games

    try:
        run = read_run(files)
        game = run.records[0].game
        try:
            spec = get_game(game)
        except HoyleError:
            raise HoyleError(f"no summary for a game of {game!r}") from None
        with err_console.status(f"replaying {len(run.records):,} games"):
            result = summarize_games(spec, run.records, run.where)
    except HoyleError as e:
        raise _fail(str(e)) from None
    for line in run.skipped:
        err_console.print(f"[dim]{escape(line)}[/dim]")
    names = list(result.names)
    _print_match(_match_table(names, result, result.title(run.span())), result, None)


def _one_line_summaries(group: typer.Typer) -> None:
    """Each command's summary in its group's ``--help`` is the first paragraph of its help
    as one line (typer's rich help keeps the help's own line breaks there, and then wraps
    each line again: broken lines)."""
    import inspect

    for info in group.registered_commands:
        text = info.help or (inspect.getdoc(info.callback) if info.callback else None)
        if info.short_help is None and text:
            info.short_help = " ".join(inspect.cleandoc(text).split("\n\n")[0].split())
    for sub in group.registered_groups:
        if sub.typer_instance is not None:
            _one_line_summaries(sub.typer_instance)


_one_line_summaries(app)


def main() -> None:
    """Run the ``hoyle`` command. A mistake the argument parser finds (an unknown option, a
    missing argument, a value of the wrong type) is one ``error:`` line naming the command's
    ``--help``, exit status 2, like every other bad input."""
    terminal.setup(sys.stdout, sys.stderr)  # ASCII where the suits cannot be shown
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as e:  # the parser's usage errors
        if type(e).__name__ == "NoArgsIsHelpError":  # a group named alone: its help,
            sys.exit(e.exit_code)                   # already printed by typer
        ctx = getattr(e, "ctx", None)
        path = getattr(ctx, "command_path", "hoyle") or "hoyle"
        sys.exit(_usage_error(e.format_message(), path, e.exit_code))
    except (typer.Abort, KeyboardInterrupt):  # pragma: no cover - outside a game
        sys.exit(130)
    except BrokenPipeError:  # output piped to head and the like
        _closed_pipe()
    sys.exit(code if isinstance(code, int) else 0)


def _closed_pipe() -> NoReturn:
    """The reader of the output closed it (``hoyle ... | head``): that is no error. Exit 0,
    the rest of the output sent nowhere (so that flushing it at exit does not fail)."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ else 1)
    sys.exit(0)
