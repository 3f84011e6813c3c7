"""The referee table of ``hoyle serve``: a game played with real cards, refereed from a
page (a phone beside the board), as ``hoyle referee GAME`` does in the terminal.

The person at the table enters what happens there (the cuts, the cards dealt and played,
the claims, the irregularities reported from the menu) in the terminal's words, read by
the game's :meth:`~hoyle.interface.text.GameText.read_table`; the rulings, the options of a
decision (as buttons) and the board follow. Nothing here names a game: the game, its
words, its report menu and its board come from the registry.

A referee table is stored like any table (:class:`hoyle.web.store.TableRow`): its one
seat is the referee's (kind :data:`REFEREE`; the person who made the table holds its
token), the players' names and the referee options are in its options, and every act is
stored before it is applied and announced; it is reloaded on start. Its chance outcomes
are the table's own cards, so it has no seed (the stored seed is ``"0"``, never used) and
nothing to verify. Only the referee is sent the cards entered (every one: he typed them);
a spectator gets the public view and each event as ``seen_by(None)``, so a player who opens
the link on his own phone does not see his opponent's hand.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from hoyle.engine.action import Action
from hoyle.engine.records import MAX_TEXT
from hoyle.interface.registry import Capability, GameSpec, get_game
from hoyle.interface.text import TextTable
from hoyle.errors import HoyleError
from hoyle.web.store import SeatKind, TableRow, TableStore
from hoyle.web.tables import (HELP_WORDS, MATCH, TABLE_KINDS, Table, Tables, WebError,
                              check_match, jsonable, plain)

__all__ = ["NAMES", "REFEREE", "RefereeTable", "create_referee", "referee_options",
           "report_menu"]

REFEREE = "referee"
"""The kind of a referee table's one seat: the person entering what happens."""
NAMES = "names"
"""The option that holds the players' names (a list, by seat)."""
MAX_BUTTONS = 14
"""The most acts offered as buttons (a decision's options); more are typed."""
_SKIPPED = frozenset({"names", "save", "resume"})


def referee_options(spec: GameSpec) -> list[Any]:
    """The game's referee options a referee table's maker chooses (law code, variant,
    muggins...): :meth:`GameSpec.referee_options` less the names and the files."""
    return [o for o in spec.referee_options() if o.name not in _SKIPPED]


def report_menu(text: Any, state: Any) -> list[dict[str, str]]:
    """The irregularities the table may report now, from the game's referee menu (the one
    place the web reads it): ``{"kind", "law", "text"}`` each, in the menu's order."""
    menu: TextTable = text.referee_menu(state)
    return [{"kind": plain(row[0]), "law": plain(row[1]) if len(row) > 1 else "",
             "text": plain(row[-1])} for row in menu.rows]


def _values(spec: GameSpec, options: Mapping[str, Any]) -> dict[str, Any]:
    values: dict[str, Any] = {o.name: o.default for o in referee_options(spec)}
    values.update({k: v for k, v in options.items() if k != NAMES})
    return values


class RefereeTable(Table):
    """A table refereeing a game played with real cards: one seat, the referee's (seat
    0 of the stored row), who enters every act; the players' names from its options.

    Args:
        row: the stored table.
        store: where each act is stored before it is applied.

    Raises:
        HoyleError: the game, an option or a name is not what the game's referee takes, or
            a stored act does not replay.
    """

    def __init__(self, row: TableRow, store: TableStore, fixed_seeds: bool = False) -> None:
        self.row = row
        self.store = store
        self.id = row.id
        self.spec = get_game(row.game)
        self.text = self.spec.text()
        names = row.options.get(NAMES)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise WebError("a referee table names its players")
        self.state, self.names = self.text.new_referee(
            [n.strip() for n in names], _values(self.spec, row.options))
        self.state.keep_views()
        if len(row.seats) != 1 or row.seats[0].kind != REFEREE:
            raise WebError("a referee table has one seat, the referee's")
        if len(row.token_hashes) != 1:
            row.token_hashes = (list(row.token_hashes) + [None])[:1]
        row.seat_names = [None]  # the referee's seat: the players are named in the options
        self.players = {}
        self._reviews, self._reviewable = {}, {}
        self._replay()

    kind = REFEREE

    def person_seats(self) -> list[int]:
        """The referee's seat."""
        return [0]

    def free_seats(self) -> list[int]:
        """None: the referee's seat is its maker's from the start."""
        return []

    def window_offer(self, seat: int | None) -> tuple[str, Action] | None:
        """Nothing is asked out of turn at a referee table: the referee enters every act
        (a king led and announced late is his ``king SEAT``, CLUB-24)."""
        return None

    def next_automatic(self) -> tuple[str, int] | None:
        """Nothing moves by itself: the table enters every card."""
        return None

    def read(self, seat: int, line: str) -> Action:
        """The act a line entered at the table stands for (the game's own reading).

        Raises:
            WebError: not the referee, the game is over, or the line is not an act here.
        """
        self._check_turn(seat)
        try:
            return self.text.read_table(line.strip(), self.state,
                                        self.names)
        except HoyleError as e:
            raise WebError(str(e)) from None

    def _check_turn(self, seat: int | None) -> None:
        if seat != 0:
            raise WebError("only the referee enters what happens at this table")
        if self.finished:
            raise WebError("the game is over")

    REFUSED = (HoyleError,)
    """Any act the laws refuse (a report, a claim) is one ``WebError``: :meth:`act` is
    the play table's, its check the referee's (:meth:`_check_turn`)."""

    def lines(self, reader: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The lines of the steps after ``since``: the referee's (every card entered), or
        a spectator's (each event ``seen_by(None)``)."""
        out: list[dict[str, Any]] = []
        for step in self.steps[max(0, since):]:
            game = self.games[step.game - 1]
            if reader == 0:
                texts = self.text.referee_event_lines(game.state, list(step.events),
                                                      self.names)
            else:
                texts = self.text.event_lines([e.seen_by(None) for e in step.events],
                                              self.names, None)
            out.extend({"n": step.n, "text": plain(t)} for t in texts if t)
            if game.last == step.n:  # a game of a match ended: the tally, the next game
                out.extend({"n": step.n, "text": t} for t in self.game_lines(game, reader))
        return out

    def help_lines(self, seat: int | None) -> list[str]:
        """What ``help`` says at this table."""
        return [plain(self.text.referee_help)]

    def word_list(self) -> frozenset[str]:
        """Help, and as in the terminal ``menu`` (the irregularities) and ``board``."""
        return HELP_WORDS | {"menu", "board", "score"}

    def say(self, seat: int | None, word: str) -> list[str]:
        """Help, the report menu (``KIND (LAW): what happened``) or the board."""
        if word == "menu":
            return [f"report {m['kind']} ({m['law']}): {m['text']}"
                    for m in report_menu(self.text, self.state)]
        if word in ("board", "score"):
            board = self.text.referee_board(self.state, self.names)
            return [plain(board)] if isinstance(board, str) else \
                ["  ".join(plain(c) for c in row) for row in board.rows]
        return self.help_lines(seat)

    def frame(self, reader: int | None, since: int) -> dict[str, Any]:
        """The update a reader is sent: the referee gets the prompt, the decision's options
        (``legal``: the acts that name no card, as buttons), the report menu and the pack
        to tap cards from; everyone the board, the public view and the lines."""
        mine = reader == 0 and not self.finished
        legal = [a for a in self.state.legal_actions() if not a.cards] if mine else []
        likely: list[tuple[Action, str]] = []
        if len(legal) > MAX_BUTTONS:  # a claim's every number: typed, the likely ones tapped
            legal = []
            likely = self.text.likely_entries(self.state)
        score = self.text.referee_board(self.state, self.names)
        return {
            "type": "update", "kind": REFEREE, "seq": self.seq, "seat": reader,
            "referee": reader == 0, "names": list(self.names),
            "to_act": self.state.current_player, "finished": self.finished,
            "lines": self.lines(reader, since), "show": [],
            "view": jsonable(self.state.public_view()),
            "board": jsonable(self.text.board(self.state, 0, self.names)),
            "score": [plain(r) if isinstance(r, str) else "  ".join(plain(c) for c in r)
                      for r in ([score] if isinstance(score, str) else score.rows)],
            "legal": [str(a) for a in legal], "legal_cards": [],
            "likely": [{"action": str(a), "label": label} for a, label in likely],
            "prompt": plain(self.text.referee_prompt(self.state, self.names)).strip()
            if mine else "",
            "decision": [plain(d) for d in self.text.referee_options(self.state)]
            if mine else [],
            "menu": report_menu(self.text, self.state) if mine else [],
            "pack": [str(c) for c in self.state._pack()] if mine else [],
            "status": [], "free_seats": [], "computers": [],
            "commitment": "", "seed": None, "match": self.match_info(),
        }

    def record(self, reader: int | None, number: int | None = None) -> dict[str, Any]:
        """The record of game ``number`` (``None``: the current or last one): the whole of
        it for the referee (``hoyle referee GAME --resume`` goes on from it) and, once that
        game is over, for anyone; until then a spectator gets the header and his own lines.

        Raises:
            WebError: no such game (yet).
        """
        game = self.game_run(number)
        if reader == 0 or game.last is not None:
            return game.state.to_record(  # type: ignore[no-any-return]
                seats=list(self.names), date=self.row.created[:10]).to_dict()
        return {"game": self.spec.name, "options": self.row.options, "seats": self.names,
                "match_game": game.number, "actions": self.seq - game.first,
                "redacted": True,
                "lines": [line["text"] for line in self.lines(reader, game.first)]}

    def summary(self) -> dict[str, Any]:
        """The lobby's line for this table (public)."""
        return {"id": self.id, "game": f"{self.spec.title} (refereed)",
                "game_name": self.spec.name,
                "options": {k: v for k, v in self.row.options.items() if k != NAMES},
                "seats": list(self.names), "free": [], "open": True, "seq": self.seq,
                "finished": self.finished, "kind": REFEREE, "match": self.match_info()}


TABLE_KINDS[REFEREE] = RefereeTable


def create_referee(tables: Tables, game: str, options: Mapping[str, Any],
                   names: Sequence[str]) -> RefereeTable:
    """A new referee table, stored and served: a game of ``game`` played with real cards
    between the players ``names`` (by seat), with the game's referee ``options``.

    Raises:
        HoyleError: an unknown game, option, law code or variant, or the wrong names (the
            game's referee says how many; each at most ``MAX_TEXT`` characters).
    """
    if any(len(n) > MAX_TEXT for n in names):
        raise WebError(f"a name is at most {MAX_TEXT} characters (a record keeps it)")
    spec = get_game(game)
    if not spec.has(Capability.REFEREE):
        raise WebError(f"{spec.title} has no referee table")
    known = {o.name for o in referee_options(spec)}
    clean: dict[str, Any] = {}
    for name, value in options.items():
        if name not in known:
            raise WebError(f"a refereed {spec.title} has no option {name!r}")
        clean[name] = check_match(value) if name == MATCH else value
    clean[NAMES] = [n.strip().rstrip("\\").strip() for n in names]  # a trailing \ reads
    # as an escape in the lines' markup (shown doubled)
    row = TableRow(secrets.token_hex(8), spec.name, clean, [SeatKind(REFEREE)], "0", "",
                   datetime.datetime.now(datetime.timezone.utc).isoformat(
                       timespec="microseconds"), [], [None])
    table = RefereeTable(row, tables.store)  # checks the options and the names
    tables.store.create_table(row)
    tables.add(table)
    return table
