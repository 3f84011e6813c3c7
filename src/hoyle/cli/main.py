"""The ``hoyle`` command: play, score and replay cribbage.

Every error caused by bad input prints one line (``error: …``) and exits with status 2;
nothing is lost (a game in progress is saved first).
"""

from __future__ import annotations

import inspect
import random
import shlex
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape

from hoyle import __version__
from hoyle.cards import Card, parse_cards
from hoyle.cli.commands import add_command
from hoyle.cli.render import event_lines, show_table
from hoyle.cli.saves import check_new_save_path
from hoyle.cli.session import RecordedSession
from hoyle.cribbage.players import PLAYERS
from hoyle.ecarte.players import PLAYERS as ECARTE_PLAYERS
from hoyle.cribbage.scoring import score_show
from hoyle.cribbage.records import replay_record
from hoyle.errors import HoyleError, RecordsFileError
from hoyle.sim.pool import span_text
from hoyle.engine.commands import GameCommand, Table
from hoyle.engine.laws import LawCode
from hoyle.engine.options import Option
from hoyle.engine.records import GameRecord
from hoyle.engine.registry import games, get_game
from hoyle.engine.tally import GAMES_PER_SEED, MatchTotals

__all__ = ["app", "main"]

_VARIANTS = "six-card, five-card, three-hand, four-hand, eight-card"
_VARIANT_HELP = ("six-card (to 121), five-card (to 61), three-hand (to 61), four-hand "
                 "(partners, to 121), eight-card.")

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
    """hoyle: cribbage according to Hoyle."""


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
    """Continue the saved game in ``path`` (of ``game``, if given: cribbage or écarté);
    one line on error."""
    session: Any
    try:
        found = GameRecord.load(path).game
        if game is not None and found != game:
            raise HoyleError(f"that is a game of {found}: hoyle play --resume "
                             f"{shlex.quote(str(path))}")
        if found == "ecarte":
            from hoyle.cli.ecarte_play import resume_session as resume_ecarte
            session = resume_ecarte(console, path)
        else:
            from hoyle.cli.play import resume_session
            session = resume_session(console, path)
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


@play_app.command("cribbage")
def play_cribbage(
        ctx: typer.Context,
        seed: Annotated[Optional[int], typer.Option(  # noqa: UP007
            help="Seed for the game (every shuffle and every computer choice flows from it).")]
        = None,
        opponent: Annotated[str, typer.Option(
            help=f"Computer player: {', '.join(sorted(PLAYERS))}.")] = "expert",
        save: Annotated[Optional[Path], typer.Option(  # noqa: UP007
            help="Record file, written after every move "
                 "(default hoyle-cribbage-SEED.json).")] = None,
        manual_count: Annotated[bool, typer.Option(
            "--manual-count", help="Claim your own points in the play and the show; "
                                   "the laws rule over- and underclaims (EW-ix, EW-x).")]
        = False,
        laws: Annotated[str, typer.Option(help="Law code: ew or acc.")] = "ew",
        variant: Annotated[str, typer.Option(help=_VARIANT_HELP)] = "six-card",
        muggins: Annotated[bool, typer.Option(
            "--muggins", help="Muggins announced (ACC-10.1; with --laws acc "
                              "--manual-count).")] = False,
        resume: Annotated[Optional[Path], typer.Option(  # noqa: UP007
            "--resume", help="Continue a saved game from its record file.")] = None) -> None:
    """Play cribbage against the computer (six-card to 121 unless --variant says)."""
    from hoyle.cli.play import new_session

    _resume_alone(ctx)
    if resume is not None:
        _resume_play(resume, "cribbage")

    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    if seed < 0:
        raise _fail("the seed must be 0 or more")
    try:
        path = save or Path(f"hoyle-cribbage-{seed}.json")
        check_new_save_path(path)
        session = new_session(console, seed, opponent, path,
                              manual_count=manual_count, laws=laws, variant=variant,
                              muggins=muggins)
        session.save()
    except HoyleError as e:
        raise _fail(str(e)) from None
    mode = ", manual counting" if manual_count else ""
    rules = session.state.rules
    console.print(f"[bold]Cribbage[/bold], {rules.variant} to {rules.target}, against the "
                  f"{opponent} player{'s' if rules.players > 2 else ''}, "
                  f"laws {laws.upper()}{mode}. Seed {seed}. "
                  "Type 'help' for help, 'quit' to save and stop.")
    raise typer.Exit(session.run())


@play_app.command("ecarte")
def play_ecarte(
        ctx: typer.Context,
        seed: Annotated[Optional[int], typer.Option(  # noqa: UP007
            help="Seed for the game (every shuffle and every computer choice flows from it).")]
        = None,
        opponent: Annotated[str, typer.Option(
            help=f"Computer player: {', '.join(ECARTE_PLAYERS)}.")] = "rules",
        laws: Annotated[str, typer.Option(help="Law code: oh or club.")] = "club",
        save: Annotated[Optional[Path], typer.Option(  # noqa: UP007
            help="Record file, written after every move "
                 "(default hoyle-ecarte-SEED.json).")] = None,
        resume: Annotated[Optional[Path], typer.Option(  # noqa: UP007
            "--resume", help="Continue a saved écarté game from its record file.")] = None
        ) -> None:
    """Play écarté against the computer (game of five)."""
    from hoyle.cli.ecarte_play import new_session, resume_session

    _resume_alone(ctx)
    try:
        if resume is not None:
            session = resume_session(console, resume)
        else:
            if seed is None:
                seed = random.SystemRandom().randrange(1, 2**31)
            if seed < 0:
                raise HoyleError("the seed must be 0 or more")
            path = save or Path(f"hoyle-ecarte-{seed}.json")
            check_new_save_path(path)
            session = new_session(console, seed, opponent, path, laws=laws)
            session.save()
            console.print(f"[bold]Écarté[/bold], game of {session.state.rules.target}, "
                          f"against the {opponent} player, laws {laws.upper()}. Seed {seed}. "
                          "Type 'help' for help, 'quit' to save and stop.")
    except HoyleError as e:
        raise _fail(str(e)) from None
    raise typer.Exit(session.run())


@app.command()
def score(cards: Annotated[list[str], typer.Argument(help="The hand, e.g. 5H 5C 5S JD.")],
          starter: Annotated[str, typer.Option(help="The starter (turn-up), e.g. 5D.")],
          crib: Annotated[bool, typer.Option(
              "--crib", help="Score as a crib (a flush needs all five cards).")] = False
          ) -> None:
    """Score a hand or crib in the show, itemised (fifteens, pairs, runs, flush, nobs)."""
    try:
        hand = parse_cards(cards)
        turn = Card.parse(starter)
        if crib and len(hand) != 4:
            raise HoyleError(f"a crib has 4 cards, not {len(hand)}")
        if not 3 <= len(hand) <= 6:
            raise HoyleError(f"a hand in the show has 3 to 6 cards, not {len(hand)}")
        result = score_show(hand, turn, crib=crib)
    except HoyleError as e:
        raise _fail(str(e)) from None
    console.print(show_table(hand, turn, result.items, result.total))


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
        if record.game == "ecarte":
            from hoyle.cli.render import ecarte_event_lines
            from hoyle.ecarte.records import replay_record as replay_ecarte

            estate, events = replay_ecarte(record)
            n_seats, finished = 2, estate.is_terminal()
            lines_for = ecarte_event_lines
        else:
            state, events = replay_record(record)
            n_seats, finished = state.rules.players, state.result is not None
            lines_for = event_lines
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


def _referee(ctx: typer.Context, resume: Callable[[Console, Path], RecordedSession[Any]],
             new: Callable[[list[str] | None, Path], RecordedSession[Any]],
             names: str | None, path: Path) -> NoReturn:
    """Run a referee session: the one resumed from ``--resume`` (no other option given),
    else a new one with the table's names (comma-separated) saved to ``path`` (never over
    an existing file); one line on error."""
    _resume_alone(ctx)
    try:
        resumed = ctx.params.get("resume")
        if resumed is not None:
            session = resume(console, resumed)
        else:
            seat_names = [n.strip() for n in names.split(",")] if names else None
            check_new_save_path(path)
            session = new(seat_names, path)
            session.save()
    except HoyleError as e:
        raise _fail(str(e)) from None
    raise typer.Exit(session.run())


@referee_app.command("cribbage")
def referee_cribbage(
        ctx: typer.Context,
        laws: Annotated[str, typer.Option(help="Law code: ew or acc.")] = "ew",
        names: Annotated[Optional[str], typer.Option(  # noqa: UP007
            help="The players, seat 0 first, comma-separated.")] = None,
        variant: Annotated[str, typer.Option(help=_VARIANT_HELP)] = "six-card",
        muggins: Annotated[bool, typer.Option(
            "--muggins", help="Muggins announced (ACC-10.1; --laws acc only).")] = False,
        save: Annotated[Optional[Path], typer.Option(  # noqa: UP007
            help="Record file (default hoyle-referee.json).")] = None,
        resume: Annotated[Optional[Path], typer.Option(  # noqa: UP007
            help="Continue a refereed game from its record.")] = None) -> None:
    """Referee cribbage at a real table: enter what happens, get the score and the rulings."""
    from hoyle.cli.referee import new_referee, resume_referee

    _referee(ctx, resume_referee,
             lambda seats, path: new_referee(console, laws, seats, path, variant=variant,
                                             muggins=muggins),
             names, save or Path("hoyle-referee.json"))


@referee_app.command("ecarte")
def referee_ecarte(
        ctx: typer.Context,
        laws: Annotated[str, typer.Option(help="Law code: oh or club.")] = "club",
        names: Annotated[Optional[str], typer.Option(  # noqa: UP007
            help="The players, seat 0 first, comma-separated.")] = None,
        save: Annotated[Optional[Path], typer.Option(  # noqa: UP007
            help="Record file (default hoyle-referee-ecarte.json).")] = None,
        resume: Annotated[Optional[Path], typer.Option(  # noqa: UP007
            help="Continue a refereed game from its record.")] = None) -> None:
    """Referee écarté at a real table: enter what happens, get the score and the rulings."""
    from hoyle.cli.ecarte_referee import new_referee, resume_referee

    _referee(ctx, resume_referee, lambda seats, path: new_referee(console, laws, seats, path),
             names, save or Path("hoyle-referee-ecarte.json"))


laws_app = typer.Typer(help="List the laws of a game's code, or print one law.",
                       no_args_is_help=True)
app.add_typer(laws_app, name="laws")


def _print_laws(lc: LawCode, law_id: str | None, game: str) -> None:
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
        codes = {"ew": "ew", "acc": "acc", "oh": "oh", "hgie": "oh", "club": "club"}
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


@laws_app.command("cribbage")
def laws_cribbage(
        law_id: Annotated[Optional[str], typer.Argument(  # noqa: UP007
            help="A law ID, e.g. EW-ix; omit to list the whole code.")] = None,
        code: Annotated[str, typer.Option("--laws", "--code", help="The law code: ew or acc.")]
        = "ew",
        variant: Annotated[Optional[str], typer.Option(  # noqa: UP007
            help="Also show the rules of play of a variant: " + _VARIANTS + ".")] = None
        ) -> None:
    """The laws of cribbage: every law of a code with its ID, title and summary."""
    from hoyle.cribbage.laws import get_code
    from hoyle.cribbage.rules import CribbageRules

    try:
        lc = get_code(code)
        if variant is not None:
            rules = CribbageRules.for_variant(variant)
            console.print(f"[bold]{rules.variant}[/bold]: {rules.players} players, "
                          f"{rules.cards_dealt} dealt, {rules.discard_per_player} each to the "
                          f"crib"
                          + (f" plus {rules.crib_cards_from_stock} from the stock"
                             if rules.crib_cards_from_stock else "")
                          + f", hands of {rules.hand_size}, game {rules.target}"
                          + (f", {rules.last_bonus} for last" if rules.last_bonus else "")
                          + ("" if rules.play_all_cards else ", one count only")
                          + (", partners" if rules.partnerships else "")
                          + " (shared/laws/cribbage.md §1.2)")
    except HoyleError as e:
        raise _fail(str(e)) from None
    _print_laws(lc, law_id, "cribbage")


@laws_app.command("ecarte")
def laws_ecarte(
        law_id: Annotated[Optional[str], typer.Argument(  # noqa: UP007
            help="A law ID, e.g. CLUB-17 or OH-9; omit to list the whole code.")] = None,
        code: Annotated[str, typer.Option("--laws", "--code", help="The law code: oh or club.")]
        = "club") -> None:
    """The laws of écarté: every law of a code with its ID, title and summary."""
    from hoyle.ecarte.laws import get_code

    try:
        lc = get_code(code)
    except HoyleError as e:
        raise _fail(str(e)) from None
    _print_laws(lc, law_id, "ecarte")


def _game_command(group: typer.Typer, command: GameCommand) -> None:
    """Add a game's own command to ``group``: its arguments and options as the game declares
    them; what it produces printed (every ``HoyleError`` one ``error:`` line)."""
    from hoyle.cli.commands import _parameter

    params = [inspect.Parameter(a.name, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=Annotated[a.type, typer.Argument(help=a.help)])
              for a in command.arguments]
    params += [_parameter(o) for o in command.options]

    def run(**values: Any) -> None:
        _print_output(command, values)

    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__name__ = command.name.replace("-", "_")
    run.__doc__ = command.help
    group.command(command.name)(run)


def _print_output(command: GameCommand, values: dict[str, Any]) -> None:
    """Run a game's command and print its lines and tables, in order; one line on error."""
    from rich.table import Table as RichTable

    try:
        for item in command.run(err_console.status, **values):
            if isinstance(item, Table):
                t = RichTable(title=item.title)
                for column, justify in zip(item.columns, item.justify, strict=True):
                    t.add_column(column, justify="right" if justify == "right" else "left")
                for row in item.rows:
                    t.add_row(*row)
                console.print(t)
            else:
                console.print(escape(item))
    except HoyleError as e:
        raise _fail(str(e)) from None


for _spec in games():  # each game's own commands: hoyle discard (cribbage)
    for _command in _spec.commands():
        _game_command(app, _command)


stats_app = typer.Typer(help="Statistics of a game.", no_args_is_help=True)
app.add_typer(stats_app, name="stats")
for _spec in games():  # hoyle stats GAME
    _stats = _spec.stats_command()
    if _stats is not None:
        _game_command(stats_app, _stats)


def _run_match_command(game: str, players: str, games: int, workers: int, seed: int,
                       out: Path | None, example: str, first: int = 0
                       ) -> tuple[list[str], MatchTotals]:
    """Check a sim command's options, run the match of ``game`` with a progress bar, write
    the records. Every bad option is one ``error:`` line."""
    from rich.progress import Progress

    from hoyle.sim.tournament import run_match

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
            result = run_match(game, names, games, seed, workers, fh,
                               progress=lambda n: bar.update(task, completed=n), first=first)
    except HoyleError as e:
        raise _fail(str(e)) from None
    finally:
        if fh is not None:
            fh.close()
    return names, result


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


sim_app = typer.Typer(help="Batch simulation and tournaments.", no_args_is_help=True)
app.add_typer(sim_app, name="sim")

_SIM_OPTIONS = (
    Option("games", int, 1000, "Games to play."),
    Option("workers", int, 1, "Processes."),
    Option("seed", int, 0, "Seed; results do not depend on --workers."),
    Option("out", Path, None, "Write every game's record to this JSON Lines file."),
    Option("first_game", int, 0, "Index of the first game (games are numbered from 0 and "
                                 "each is seeded by the seed and its index): finishes a run "
                                 "stopped part way."),
)
"""The options of every ``hoyle sim GAME`` after the game's own (``--players``)."""


def _sim_game(game: str, example: str, players: str, games: int, workers: int, seed: int,
             out: Path | None, first_game: int) -> None:
    """``hoyle sim GAME``: a match between two computer players, its results table (the
    game's lines after the wins and win rates) and the first dealer's wins."""
    names, result = _run_match_command(game, players, games, workers, seed, out, example,
                                       first_game)
    span = span_text(seed, first_game, first_game + games - 1, games)
    _print_match(_match_table(names, result, result.title(span)), result, out)


for _spec in games():  # hoyle sim GAME
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
