"""The ``hoyle`` command: play, referee, replay and look up the laws of every registered
game (:mod:`hoyle.engine.registry`), one subcommand a game for each verb.

Every error caused by bad input prints one line (``error: …``) and exits with status 2;
nothing is lost (a game in progress is saved first).
"""

from __future__ import annotations

import datetime
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape

from hoyle import __version__
from hoyle.cards import Card, parse_cards
from hoyle.cli.commands import add_command
from hoyle.cli.saves import check_new_save_path
from hoyle.cli.session import PlaySession, RecordedSession, show
from hoyle.engine.options import Option
from hoyle.engine.registry import GameSpec, games, get_game
from hoyle.errors import HoyleError, RecordsFileError
from hoyle.sim.pool import GAMES_PER_SEED, span_text
from hoyle.engine.laws import LawCode
from hoyle.engine.records import GameRecord

__all__ = ["app", "main"]

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)

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


@play_app.callback(invoke_without_command=True)
def play(ctx: typer.Context,
         resume: Annotated[Optional[Path], typer.Option(  # noqa: UP007
             "--resume", help="Continue a saved game from its record file.")] = None) -> None:
    """Play a game against the computer: `hoyle play cribbage`, or `hoyle play --resume FILE`."""
    if ctx.invoked_subcommand is not None:
        if resume is not None:
            raise _fail("--resume goes alone: hoyle play --resume FILE")
        return
    if resume is None:
        console.print(ctx.get_help())
        raise typer.Exit(0)
    _resume_play(resume)


def _resume_play(path: Path, game: str | None = None) -> NoReturn:
    """Continue the saved game in ``path`` (as a game of ``game``, if given: the game's own
    checks say when it is not one); one line on error."""
    try:
        record = GameRecord.load(path)
        spec = get_game(game if game is not None else record.game)
        text = spec.text()
        resumed = text.resume_play(record, path)
        session: PlaySession[Any] = PlaySession(console, text, resumed,
                                                record.seed or 0, path)
        console.print(text.resumed_line(resumed, record, path))
    except HoyleError as e:
        raise _fail(str(e)) from None
    raise typer.Exit(session.run())


def _resume_alone(ctx: typer.Context) -> None:
    """With --resume, any other option given is an error (it would be ignored: a resumed
    game keeps its settings and its file)."""
    if ctx.params.get("resume") is None:
        return
    given = [f"--{name.replace('_', '-')}" for name in ctx.params if name != "resume"
             and getattr(ctx.get_parameter_source(name), "name", "DEFAULT") != "DEFAULT"]
    if given:
        raise _fail(f"{', '.join(given)} would be ignored: a resumed game keeps its own "
                    "settings and file (--resume goes alone)")


def _play(spec: GameSpec, ctx: typer.Context, **values: Any) -> NoReturn:
    """``hoyle play GAME``: a new game against the computer (or ``--resume FILE``)."""
    _resume_alone(ctx)
    resume, save, seed = values.pop("resume"), values.pop("save"), values.pop("seed")
    if resume is not None:
        _resume_play(resume, spec.name)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    if seed < 0:
        raise _fail("the seed must be 0 or more")
    try:
        path = save or Path(f"hoyle-{spec.name}-{seed}.json")
        check_new_save_path(path)
        text = spec.text()
        game = text.new_play(seed, values)
        session: PlaySession[Any] = PlaySession(console, text, game, seed, path)
        session.save()
    except HoyleError as e:
        raise _fail(str(e)) from None
    console.print(text.play_banner(game, seed, values))
    raise typer.Exit(session.run())


def _blocks(run: Callable[..., list[Any]]) -> Callable[..., None]:
    """A game's command (returns what to show) as a command that prints it; one line on
    error."""
    def command(**values: Any) -> None:
        try:
            blocks = run(**values)
        except HoyleError as e:
            raise _fail(str(e)) from None
        for block in blocks:
            show(console, block)
    return command


for _spec in games():
    add_command(play_app, _spec.name, _spec.text().play_command_help,
                _spec.play_options(),
                lambda ctx, _s=_spec, **values: _play(_s, ctx, **values), context=True)
    for _command in _spec.commands():
        add_command(app, _command.name, _command.help, _command.options,
                    _blocks(_command.run), arguments=_command.arguments)


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
               "--all", help="Show every card, even of a game still in progress.")] = False
           ) -> None:
    """Replay a saved game record and print every event. A game still in progress against
    the computer is shown as the person at the keyboard saw it, unless --all."""
    try:
        try:
            record = GameRecord.load(path, line)
        except RecordsFileError as e:
            raise HoyleError(f"{str(path)!r} holds {e.count} records, one a line: choose "
                             f"one with --line N (1 to {e.count})") from None
        spec = get_game(record.game)
        state, events = spec.replay_record(record)
        game_text = spec.text()
        n_seats, finished = game_text.seat_count(state), game_text.finished(state)
        lines_for = game_text.event_lines
        if record.seats and len(record.seats) != n_seats:
            raise HoyleError(f"the record names {len(record.seats)} seats for a game of "
                             f"{n_seats}")
        if seat is not None and not 0 <= seat < n_seats:
            raise HoyleError(f"no seat {seat} in this game")
    except HoyleError as e:
        raise _fail(str(e)) from None
    if seat is None and not finished and not show_all and "human" in record.seats:
        seat = record.seats.index("human")
        console.print(f"[dim]Game in progress: shown as seat {seat} saw it (--all for "
                      "every card).[/dim]")
    names = [f"Seat {i} ({n})" for i, n in enumerate(record.seats)] or \
        [f"Seat {i}" for i in range(n_seats)]
    about = [f"laws {record.laws}" if record.laws else "no law code",
             f"seed {record.seed}" if record.seed is not None else "", record.date]
    console.print(f"[bold]{escape(record.game)}[/bold]"
                  + (f" {escape(record.variant)}" if record.variant else "") + ", "
                  + ", ".join(escape(a) for a in about if a))
    for text in lines_for(events, names, seat):
        console.print(text)
    if not finished:
        console.print(f"[dim]Unfinished: {len(record.actions)} actions.[/dim]")


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
            path = save or Path(text.referee_save)
            check_new_save_path(path)
            state, seats = text.new_referee(seat_names, values)
            console.print(text.referee_banner(state, values))
            session = RecordedSession(console, text, spec.name, state, seats, path,
                                      datetime.date.today().isoformat())
            session.save()
    except HoyleError as e:
        raise _fail(str(e)) from None
    raise typer.Exit(session.run())


for _spec in games():
    add_command(referee_app, _spec.name,
                f"Referee {_spec.title.lower()} at a real table: enter what happens, get the "
                "score and the rulings.",
                _spec.referee_options(),
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
        console.print("Parameters: " + ", ".join(f"{p} = {lc.params[p]}" for p in params))


def _laws(spec: GameSpec, law_id: str | None, code: str, **values: Any) -> None:
    """``hoyle laws GAME [ID]``: the code's laws, or one law (and the game's preface)."""
    try:
        lc = spec.get_code(code)
        for block in spec.text().laws_preface(values):
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
                f"The law code: {' or '.join(_spec.codes())}."), *_spec.laws_options()],
        lambda _s=_spec, **values: _laws(_s, **values),
        arguments=[Option("law_id", str, None,
                          f"A law ID, e.g. {_text.law_id_example}; omit to list the whole "
                          "code.")],
        names={"code": ("--laws", "--code")})


@app.command()
def discard(cards: Annotated[list[str], typer.Argument(help="Six cards, e.g. 5H 5C 6D 7S JD KH.")],
            dealer: Annotated[bool, typer.Option(
                "--dealer", help="You deal: the crib is yours. One of --dealer, --pone.")]
            = False,
            pone: Annotated[bool, typer.Option(
                "--pone", help="Your opponent deals: the crib is his.")] = False) -> None:
    """Discard advice: the 15 ways to lay away two of six cards, ranked by expected points
    (hand over the 46 starters, plus or minus hoyle's crib table)."""
    from rich.table import Table

    from hoyle.analysis.discard import discard_options

    try:
        if dealer == pone:
            raise HoyleError("say whose crib it is: --dealer (yours) or --pone (not both)"
                             if dealer else "say whose crib it is: --dealer (yours) or --pone")
        hand = parse_cards(cards)
        options = discard_options(hand, dealer)
    except HoyleError as e:
        raise _fail(str(e)) from None
    role = "dealer (your crib)" if dealer else "pone (your opponent's crib)"
    t = Table(title=f"{' '.join(c.pretty for c in hand)} — {role}")
    t.add_column("#", justify="right")
    t.add_column("lay away")
    t.add_column("keep")
    t.add_column("hand EV", justify="right")
    t.add_column("crib EV", justify="right")
    t.add_column("total", justify="right")
    sign = "+" if dealer else "−"
    for i, o in enumerate(options, 1):
        t.add_row(str(i), " ".join(c.pretty for c in o.discard),
                  " ".join(c.pretty for c in o.keep), f"{o.hand_ev:.3f}",
                  f"{sign}{o.crib_ev:.3f}", f"{o.total:.3f}".replace("-", "−"))
    console.print(t)


stats_app = typer.Typer(help="Statistics of a game.", no_args_is_help=True)
app.add_typer(stats_app, name="stats")


@stats_app.command("cribbage")
def stats_cribbage(plot: Annotated[Optional[Path], typer.Option(  # noqa: UP007
        help="Also write a PNG histogram to this file (needs matplotlib).")] = None) -> None:
    """The distribution of show scores over all 12,994,800 hand + starter combinations,
    as a hand and as a crib (shared/figures.md §1)."""
    from rich.table import Table

    from hoyle.analysis.stats import plot_distribution, show_distribution

    hand, crib = show_distribution()
    total = int(hand.sum())
    t = Table(title=f"Show scores over all {total:,} (hand, starter) combinations")
    for col in ("score", "hand", "hand %", "crib", "crib %"):
        t.add_column(col, justify="right")
    for score in range(len(hand)):
        t.add_row(str(score), f"{int(hand[score]):,}", f"{hand[score] / total * 100:.4f}",
                  f"{int(crib[score]):,}", f"{crib[score] / total * 100:.4f}")
    console.print(t)
    for name, d in (("hand", hand), ("crib", crib)):
        scores = range(len(d))
        mean = sum(s * int(d[s]) for s in scores) / total
        var = sum((s - mean) ** 2 * int(d[s]) for s in scores) / total
        console.print(f"{name}: mean {mean:.6f}, standard deviation {var ** 0.5:.6f}")
    if plot is not None:
        try:
            plot_distribution(hand, crib, plot)
        except HoyleError as e:
            raise _fail(str(e)) from None
        console.print(f"Histogram written to {escape(str(plot))}.")


def _run_match_command(players: str, games: int, workers: int, seed: int, out: Path | None,
                       run_match: Any, example: str, first: int = 0) -> tuple[list[str], Any]:
    """Check a sim command's options, run the match with a progress bar, write the records.
    Every bad option is one ``error:`` line."""
    from rich.progress import Progress

    names = [p.strip() for p in players.split(",")]
    try:
        if len(names) != 2:
            raise HoyleError(f"--players names two players, e.g. {example}")
        if games < 1 or not 1 <= workers <= 64:
            raise HoyleError("--games must be at least 1 and --workers from 1 to 64")
        if first < 0 or first + games > GAMES_PER_SEED:
            raise HoyleError("--first-game must be 0 or more, and a match's games are "
                             "numbered below 1,000,003")
        if out is not None and out.exists():
            raise HoyleError(f"{out} exists: records are never written over; name a new file "
                             "(the rest of a stopped run too: hoyle sim summary FIRST REST "
                             "reads both)")
        fh = out.open("w", encoding="utf-8") if out is not None else None
    except HoyleError as e:
        raise _fail(str(e)) from None
    except OSError as e:
        raise _fail(f"cannot write {out}: {e.strerror}") from None
    try:
        with Progress(console=err_console, transient=True) as bar:
            task = bar.add_task(f"{names[0]} v {names[1]}", total=games)
            result = run_match(names, games, seed, workers, fh,
                               progress=lambda n: bar.update(task, completed=n), first=first)
    except HoyleError as e:
        raise _fail(str(e)) from None
    finally:
        if fh is not None:
            fh.close()
    return names, result


def _match_table(names: list[str], result: Any, title: str) -> Any:
    """The table of a match's results, opened with the wins and win rates (95% CIs)."""
    from rich.table import Table

    t = Table(title=title)
    t.add_column("")
    t.add_column(names[0], justify="right")
    t.add_column(names[1], justify="right")
    lo0, hi0 = result.ci(0)
    lo1, hi1 = result.ci(1)
    t.add_row("wins", str(result.wins[0]), str(result.wins[1]))
    t.add_row("win rate (95% CI)", f"{result.win_rate(0):.3f} ({lo0:.3f}-{hi0:.3f})",
              f"{result.win_rate(1):.3f} ({lo1:.3f}-{hi1:.3f})")
    return t


sim_app = typer.Typer(help="Batch simulation and tournaments.", no_args_is_help=True)
app.add_typer(sim_app, name="sim")


@sim_app.command("cribbage")
def sim_cribbage(
        players: Annotated[str, typer.Option(
            help="Two players, e.g. expert,table (random, greedy, table, expert).")]
        = "expert,table",
        games: Annotated[int, typer.Option(help="Games to play.")] = 1000,
        workers: Annotated[int, typer.Option(help="Processes.")] = 1,
        seed: Annotated[int, typer.Option(help="Seed; results do not depend on --workers.")]
        = 0,
        out: Annotated[Optional[Path], typer.Option(  # noqa: UP007
            help="Write every game's record to this JSON Lines file.")] = None,
        first_game: Annotated[int, typer.Option(
            help="Index of the first game (games are numbered from 0 and each is seeded by "
                 "the seed and its index): finishes a run stopped part way.")] = 0) -> None:
    """A match between two computer players: win rates with 95% confidence intervals,
    points per deal by kind and role, skunks, the first dealer's win rate."""
    from hoyle.sim.tournament import run_match

    names, result = _run_match_command(players, games, workers, seed, out, run_match,
                                       "expert,table", first_game)
    span = span_text(seed, first_game, first_game + games - 1, games)
    _print_match(_cribbage_table(names, result, f"{names[0]} v {names[1]}: {games} games, "
                                                f"{span}"), result, out)


def _cribbage_table(names: list[str], result: Any, title: str) -> Any:
    """A cribbage match's table: wins, win rates, skunks, points per deal by role."""
    t = _match_table(names, result, title)
    t.add_row("skunks given", str(result.skunks[0]), str(result.skunks[1]))
    for role in ("pone", "dealer"):
        for kind in ("pegging", "hand", "crib"):
            if role == "pone" and kind == "crib":
                continue
            t.add_row(f"{kind} per deal as {role}", f"{result.per_deal(0, kind, role):.3f}",
                      f"{result.per_deal(1, kind, role):.3f}")
    return t


def _print_match(table: Any, result: Any, out: Path | None) -> None:
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

    try:
        run = read_run(files)
        game = run.records[0].game
        if game == "cribbage":
            from hoyle.sim.tournament import summarize_games
        elif game == "ecarte":
            from hoyle.sim.ecarte_tournament import summarize_games  # type: ignore[assignment]
        else:
            raise HoyleError(f"no summary for a game of {game!r}")
        with err_console.status(f"replaying {len(run.records):,} games"):
            result = summarize_games(run.records, run.where)
    except HoyleError as e:
        raise _fail(str(e)) from None
    for line in run.skipped:
        err_console.print(f"[dim]{escape(line)}[/dim]")
    names = list(result.names)
    title = f"{names[0]} v {names[1]}: {result.games} games, {run.span()}"
    if game == "cribbage":
        _print_match(_cribbage_table(names, result, title), result, None)
    else:
        _print_match(_ecarte_table(names, result, "écarté: " + title), result, None)


@stats_app.command("ecarte")
def stats_ecarte(
        stand_table: Annotated[bool, typer.Option(
            "--stand-table", help="Compute the stand table (computed jeux de règle).")] = False,
        refuse_table: Annotated[bool, typer.Option(
            "--refuse-table", help="Compute the dealer's refusal table (accept or refuse "
                                   "the first proposal).")] = False,
        out: Annotated[Optional[Path], typer.Option(  # noqa: UP007
            help="Write the table to this CSV file.")] = None,
        samples: Annotated[int, typer.Option(
            help="Draws per holding (Monte Carlo): the dealer's hands for the stand "
                 "table, the elder's hands and stocks for the refusal table.")] = 200,
        holdings: Annotated[int, typer.Option(
            help="Holdings to tabulate, drawn as dealt (0: all 255,304, hours).")] = 1000,
        workers: Annotated[int, typer.Option(help="Processes.")] = 2,
        seed: Annotated[int, typer.Option(help="Seed; the table does not depend on "
                                                "--workers.")] = 0) -> None:
    """Écarté statistics. --stand-table: for each elder-hand holding (up to suit symmetry)
    and turn-up, the chance of winning the point and the expected score when standing
    against a dealer who plays double-dummy, with standard errors, beside the classical
    jeux de règle. --refuse-table: for each dealer's holding and turn-up, his chance of
    the point and expected score when refusing the first proposal and when accepting,
    beside the classical rule. The hands where computation and rule disagree are listed."""
    from rich.table import Table

    from hoyle.analysis.ecarte_stand import disagreements, refuse_table as compute_refuse
    from hoyle.analysis.ecarte_stand import stand_table as compute

    if stand_table and refuse_table:
        raise _fail("choose one: --stand-table or --refuse-table")
    if not stand_table and not refuse_table:
        raise _fail("say what to compute: hoyle stats ecarte --stand-table, or --refuse-table")
    if samples < 2:
        raise _fail(f"--samples must be at least 2 (got {samples})")
    if holdings < 0:
        raise _fail(f"--holdings must be 0 (all) or more (got {holdings})")
    if not 1 <= workers <= 64:
        raise _fail(f"--workers must be 1 to 64 (got {workers})")
    if out is not None and (out.is_dir() or not out.parent.is_dir()):
        raise _fail(f"cannot write {out}: " + ("it is a directory" if out.is_dir() else
                                                f"no such directory {out.parent}"))
    try:
        if stand_table:
            with err_console.status("computing the stand table…"):
                entries = compute(samples, seed, out, holdings or None, workers)
        else:
            with err_console.status("computing the refusal table…"):
                refusals = compute_refuse(samples, seed, out, holdings or None, workers)
    except OSError as e:
        raise _fail(str(e)) from None
    if stand_table:
        agree = sum(1 for entry in entries if not entry.disagrees)
        console.print(f"{len(entries):,} holdings, {samples} dealer hands each (seed {seed}); "
                      f"the dealer plays double-dummy. Verdicts agree on {agree:,}; computed "
                      f"'stand' = P(point) >= 2/3.")
        worst = disagreements(entries)
        t = Table(title=f"Significant disagreements with the classical jeux de règle "
                        f"({len(worst)}; the first 20, clearest first)")
        for col in ("turn-up", "hand", "classical", "computed", "P(point) ± se",
                    "P(point), rules play", "E[score] ± se"):
            t.add_column(col, justify="right")
        for row in worst[:20]:
            t.add_row(row.turn_up, row.hand, row.classical, row.computed,
                      f"{row.p_point:.3f} ± {row.se_point:.3f}", f"{row.p_point_rules:.3f}",
                      f"{row.e_score:+.3f} ± {row.se_score:.3f}")
    else:
        agree = sum(1 for r in refusals if not r.disagrees)
        console.print(f"{len(refusals):,} dealer's holdings, {samples} elder hands (not jeux "
                      f"de règle) and stocks each (seed {seed}); both play double-dummy. "
                      f"Verdicts agree on {agree:,}; computed 'refuse' = refusing scores "
                      f"more than accepting.")
        worst_r = disagreements(refusals)
        t = Table(title=f"Significant disagreements with the classical rule for refusing "
                        f"({len(worst_r)}; the first 20, clearest first)")
        for col in ("turn-up", "hand", "classical", "computed", "P(point) refusing ± se",
                    "E[refuse] ± se", "E[accept]", "z"):
            t.add_column(col, justify="right")
        for r in worst_r[:20]:
            t.add_row(r.turn_up, r.hand, r.classical, r.computed,
                      f"{r.p_point:.3f} ± {r.se_point:.3f}",
                      f"{r.e_score:+.3f} ± {r.se_score:.3f}", f"{r.e_accept:+.3f}",
                      f"{r.z:+.1f}")
    console.print(t)
    if out is not None:
        console.print(f"Table written to {escape(str(out))}.")


@sim_app.command("ecarte")
def sim_ecarte(
        players: Annotated[str, typer.Option(
            help="Two players, e.g. expert,rules (random, rules, expert).")] = "expert,rules",
        games: Annotated[int, typer.Option(help="Games to play.")] = 1000,
        workers: Annotated[int, typer.Option(help="Processes.")] = 1,
        seed: Annotated[int, typer.Option(help="Seed; results do not depend on --workers.")]
        = 0,
        out: Annotated[Optional[Path], typer.Option(  # noqa: UP007
            help="Write every game's record to this JSON Lines file.")] = None,
        first_game: Annotated[int, typer.Option(
            help="Index of the first game (games are numbered from 0 and each is seeded by "
                 "the seed and its index): finishes a run stopped part way.")] = 0) -> None:
    """An écarté match between two computer players: win rates with 95% confidence
    intervals, points per deal by kind (point, vole, king, penalty) and role, stands and
    refusals, the first dealer's win rate."""
    from hoyle.sim.ecarte_tournament import run_match

    names, result = _run_match_command(players, games, workers, seed, out, run_match,
                                       "expert,rules", first_game)
    span = span_text(seed, first_game, first_game + games - 1, games)
    _print_match(_ecarte_table(names, result, f"écarté: {names[0]} v {names[1]}: {games} "
                                              f"games, {span}"), result, out)


def _ecarte_table(names: list[str], result: Any, title: str) -> Any:
    """An écarté match's table: wins, win rates, points per deal by kind and role, stands
    and refusals."""
    from hoyle.sim.ecarte_tournament import KINDS

    t = _match_table(names, result, title)
    for role in ("elder", "dealer"):
        for kind in KINDS:
            t.add_row(f"{kind} per deal as {role}", f"{result.per_deal(0, kind, role):.3f}",
                      f"{result.per_deal(1, kind, role):.3f}")
        t.add_row(f"all points per deal as {role}",
                  *(f"{sum(result.per_deal(p, k, role) for k in KINDS):.3f}" for p in (0, 1)))
    t.add_row("stands (first chance)", str(result.stands[0]), str(result.stands[1]))
    t.add_row("first proposals refused", str(result.refusals[0]), str(result.refusals[1]))
    return t


def main() -> None:
    """Run the ``hoyle`` command. A mistake the argument parser finds (an unknown option, a
    missing argument, a value of the wrong type) is one ``error:`` line naming the command's
    ``--help``, exit status 2, like every other bad input."""
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
    except BrokenPipeError:  # pragma: no cover - output piped to head and the like
        sys.stderr.close()
        sys.exit(0)
    sys.exit(code if isinstance(code, int) else 0)
