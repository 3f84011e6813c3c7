"""``hoyle tournament``: a director runs a club night or a tournament from a file, as with
paper score sheets: the field, each round's pairings, the results the players report
(both must agree; a disagreement is the director's to settle), corrections with an audit
trail, the standings, the playoffs, CSV exports and a player's score sheet
(:mod:`hoyle.clubs`). Every command reads the file, does one thing and writes it back
whole (:func:`~hoyle.engine.records.write_atomic`); a refused command prints one line and
leaves the file as it was.
"""

from __future__ import annotations

import fcntl
import json
import os
import stat
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hoyle.clubs import FIRST_DEALS, FORMATS, TIE_BREAKS, Game, Standing, Tournament
from hoyle.clubs.tournament import MAX_FILE, points_of, season_standings
from hoyle.engine.records import new_file_mode, write_atomic
from hoyle.errors import HoyleError
from hoyle.interface.registry import Capability, games

__all__ = ["tournament_app"]

console = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)

tournament_app = typer.Typer(
    help="Run a club night or a tournament from a file: pairings, results, standings, "
         "playoffs, exports.", no_args_is_help=True)

FILE = Annotated[Path, typer.Argument(help="The tournament's file (JSON).")]


def _fail(message: str) -> typer.Exit:
    err.print(f"[red]error:[/red] {escape(' '.join(message.split()))}")
    return typer.Exit(2)


def _load(path: Path) -> Tournament:
    try:
        if not path.resolve().is_file():
            raise _fail(f"{path} is not a tournament file (not a regular file)")
        with path.open("rb") as f:
            data = f.read(MAX_FILE + 1)
        if len(data) > MAX_FILE:
            raise _fail(f"{path} is over {MAX_FILE // (1024 * 1024)} MiB: not a tournament "
                        "file")
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise _fail(f"cannot read {path}: {getattr(e, 'strerror', None) or e}") from None
    try:
        return Tournament.from_json(text)
    except HoyleError as e:
        raise _fail(f"{path}: {e}") from None


def _save(t: Tournament, path: Path) -> None:
    """Write the file whole (a symbolic link's target, its permissions kept; a new file's
    as the umask says)."""
    target = path.resolve()
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = new_file_mode()
    except OSError as e:
        raise _fail(f"cannot write {path}: {e.strerror or e}") from None
    try:
        write_atomic(target, t.to_json() + "\n")
        os.chmod(target, mode)
    except OSError as e:
        raise _fail(f"cannot write {path}: {e.strerror or e}") from None


@contextmanager
def _changing(path: Path) -> Iterator[Tournament]:
    """The tournament in ``path``, written back when the block succeeds, the whole
    read-change-write under a lock on a file beside it (two commands at once take turns:
    neither's change is lost); a refused change prints its one line and the file stays as
    it was."""
    target = path.resolve()
    lock = target.with_name(f".{target.name}.changing")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError as e:
        raise _fail(f"cannot lock {path}: {e.strerror or e}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        t = _load(path)
        try:
            yield t
        except HoyleError as e:
            raise _fail(str(e)) from None
        _save(t, path)
    finally:
        os.close(fd)  # the lock with it


def _points(text: str) -> tuple[int, int]:
    try:
        return points_of(text)
    except HoyleError as e:
        raise _fail(str(e)) from None


def _game_names() -> list[str]:
    return [g.name for g in games(Capability.TOURNAMENTS)]


@tournament_app.command("new")
def new(path: FILE,
        players: Annotated[str, typer.Option(help="The players' names, comma-separated.")],
        games_: Annotated[int, typer.Option("--games", help="Games each player plays.")],
        fmt: Annotated[str, typer.Option("--format", help="One of: " + ", ".join(FORMATS))
                       ] = "club-night",
        game: Annotated[str, typer.Option(help="The game played (one with tournament "
                                               "scoring).")] = "",
        first_deal: Annotated[str, typer.Option(help="One of: " + ", ".join(FIRST_DEALS))
                              ] = "cut",
        tie_breaks: Annotated[str, typer.Option(help="The standings' order, comma-separated, "
                                                     "from: " + ", ".join(TIE_BREAKS))
                              ] = "game_points,wins,spread",
        seed: Annotated[int, typer.Option(help="Draws the rotation's seating.")] = 0,
        name: Annotated[str, typer.Option(help="The event's name.")] = "",
        bye_points: Annotated[int, typer.Option(help="Game points a bye counts.")] = 2) -> None:
    """Start a tournament: its format, games and players (the file must not exist)."""
    if path.exists():
        raise _fail(f"{path} exists: a new tournament needs a new file")
    choices = _game_names()
    game = game or (choices[0] if choices else "")
    try:
        t = Tournament.new(game, fmt, [p for p in players.split(",") if p.strip()],
                           games_, seed=seed, first_deal=first_deal,
                           tie_breaks=[k.strip() for k in tie_breaks.split(",")],
                           bye_game_points=bye_points, name=name)
    except HoyleError as e:
        raise _fail(str(e)) from None
    _save(t, path)
    console.print(f"{escape(name or 'Tournament')}: {escape(t.summary())}. Next: "
                  f"hoyle tournament pair {escape(str(path))}")


def _print_games(t: Tournament, games_: list[Game], title: str) -> None:
    table = Table(title=title)
    for col in ("game", "player", "player", "first deal", "result", "status"):
        table.add_column(col)
    for g in games_:
        first = ("cut" if g.first_dealer is None else t.name_of(g.first_dealer)) \
            if not g.bye else ""
        result = "" if g.result is None or g.bye else \
            f"{t.name_of(g.result.winner)} {g.result.points[0]}-{g.result.points[1]}"
        table.add_row(g.key, escape(t.name_of(g.players[0])), escape(t.name_of(g.players[1])),
                      escape(first), escape(result), g.status)
    console.print(table)


@tournament_app.command("pair")
def pair(path: FILE) -> None:
    """Pair the next round (every result of the last one must stand)."""
    with _changing(path) as t:
        games_ = t.pair_next_round()
    _print_games(t, games_, f"Round {len(t.rounds)}")


@tournament_app.command("result")
def result(path: FILE, game: Annotated[str, typer.Argument(help="The game, e.g. 3.2.")],
           by: Annotated[str, typer.Option(help="The player reporting.")],
           winner: Annotated[str, typer.Option(help="Who won.")],
           points: Annotated[str, typer.Option(help="The winner's then the loser's, e.g. "
                                                    "121-95.")]) -> None:
    """A player reports a game's result; it stands when both players report the same."""
    with _changing(path) as t:
        status = t.enter(game, by, winner=winner, points=_points(points))
    words = {"awaiting": "waiting for the other player's report",
             "agreed": "both agree: the result stands",
             "disputed": "the reports differ: the director settles it (hoyle tournament "
                         "settle)"}
    console.print(f"Game {escape(game)}: {words.get(status, status)}.")


@tournament_app.command("settle")
def settle(path: FILE, game: Annotated[str, typer.Argument(help="The game, e.g. 3.2.")],
           winner: Annotated[str, typer.Option(help="Who won.")],
           points: Annotated[str, typer.Option(help="The winner's then the loser's.")],
           why: Annotated[str, typer.Option(help="The reason, kept in the audit.")] = "",
           ) -> None:
    """The director sets a game's result: a dispute, a missing report, or a correction."""
    with _changing(path) as t:
        t.settle(game, winner=winner, points=_points(points), why=why)
    console.print(f"Game {escape(game)}: {escape(t.audit[-1]['after'])} (was "
                  f"{escape(str(t.audit[-1]['before']))}).")


@tournament_app.command("late-entry")
def late_entry(path: FILE, player: Annotated[str, typer.Argument(help="The name.")]) -> None:
    """Enter a player before the next round."""
    with _changing(path) as t:
        t.late_entry(player)
    console.print(f"{escape(player)} is paired from round {len(t.rounds) + 1}.")


@tournament_app.command("withdraw")
def withdraw(path: FILE, player: Annotated[str, typer.Argument(help="The name.")]) -> None:
    """Withdraw a player: not paired again; his results stand."""
    with _changing(path) as t:
        t.withdraw(player)
    console.print(f"Withdrawn: {escape(str(t.audit[-1]['after']))}.")


@tournament_app.command("playoffs")
def playoffs(path: FILE,
             first_to: Annotated[int, typer.Option(help="Games to win a match.")] = 2,
             cut: Annotated[int, typer.Option(help="Players in (0: a quarter of the "
                                                   "field).")] = 0) -> None:
    """Seed the playoffs from the qualifying standings (the top quarter)."""
    with _changing(path) as t:
        t.start_playoffs(first_to=first_to, cut=cut or None)
    _print_games(t, [g for m in t.playoff[0] for g in m.games], "Playoffs, round 1")
    byes = [t.name_of(m.a) for m in t.playoff[0] if m.b is None]
    if byes:
        console.print("Byes: " + escape(", ".join(byes)))


@tournament_app.command("standings")
def standings(path: FILE, csv: Annotated[bool, typer.Option(help="As CSV.")] = False) -> None:
    """The standings, best first."""
    t = _load(path)
    if csv:
        print(t.standings_csv(), end="")
        return
    _print_standings(t.standings(), t.name or "Standings", t.tie_breaks)
    if t.champion is not None:
        console.print(f"Champion: {escape(t.name_of(t.champion))}")


def _print_standings(lines: list[Standing], title: str, tie_breaks: Sequence[str]) -> None:
    table = Table(title=escape(title),
                  caption=escape("by " + ", then ".join(TIE_BREAKS[k] for k in tie_breaks)))
    for col in ("place", "player", "played", "won", "lost", "game points", "spread",
                "skunks", "byes"):
        table.add_column(col, justify="left" if col == "player" else "right")
    for s in lines:
        table.add_row(str(s.place), escape(s.name + (" (withdrawn)" if s.withdrawn else "")),
                      str(s.played), str(s.wins), str(s.losses), str(s.game_points),
                      f"{s.spread:+d}", str(s.skunks), str(s.byes))
    console.print(table)


@tournament_app.command("season")
def season(paths: Annotated[list[Path], typer.Argument(help="The season's nights' files.")]
           ) -> None:
    """A league's season: the nights' standings carried over (each player's game points,
    wins and spread summed over the nights he played)."""
    nights = [_load(p) for p in paths]
    try:
        lines = season_standings(nights)
    except HoyleError as e:
        raise _fail(str(e)) from None
    _print_standings(lines, f"Season: {len(nights)} night(s)", nights[0].tie_breaks)


@tournament_app.command("results")
def results(path: FILE, csv: Annotated[bool, typer.Option(help="As CSV.")] = False) -> None:
    """Every round's pairings and results (and the playoffs')."""
    t = _load(path)
    if csv:
        print(t.results_csv(), end="")
        return
    for i, r in enumerate(t.rounds, 1):
        _print_games(t, r, f"Round {i}")
    for i, rp in enumerate(t.playoff, 1):
        _print_games(t, [g for m in rp for g in m.games], f"Playoffs, round {i}")


@tournament_app.command("sheet")
def sheet(path: FILE, player: Annotated[str, typer.Argument(help="The player.")]) -> None:
    """A player's score sheet, as the paper card: each game and the running totals."""
    t = _load(path)
    try:
        rows = t.score_sheet(player)
    except HoyleError as e:
        raise _fail(str(e)) from None
    table = Table(title=escape(f"{t.name_of(t.player(player))}: score sheet"))
    for col in rows[0]:
        table.add_column(col, justify="left" if col in ("game", "opponent") else "right")
    for row in rows[1:]:
        table.add_row(*(escape(c) for c in row))
    console.print(table)


@tournament_app.command("audit")
def audit(path: FILE, as_json: Annotated[bool, typer.Option("--json", help="As JSON.")]
          = False) -> None:
    """Who changed what, when: every entry, oldest first."""
    t = _load(path)
    if as_json:
        print(json.dumps(t.audit, indent=1, ensure_ascii=False))
        return
    for a in t.audit:
        before = f" (was: {a['before']})" if a["before"] not in (None, "") else ""
        console.print(escape(f"{a['when']}  {a['who']}: {a['what']}: {a['after']}{before}"))

