"""A person's statistics across his finished games against the computer, the figures of
``hoyle stats --mine`` and of the web's statistics page: by game and variant (six-card,
five-card, three-hand, four-hand...), games, wins, skunks, and his average points per deal
by kind and role.

A game is summed up by its own rules through the registry
(:meth:`hoyle.interface.registry.GameSpec.summarize_own_game`: the winner and the scores by
side, a skunk where the game has one, the person's points by ``"kind:role"`` and deals by
role), whatever the number of seats: with partners (four-hand cribbage, CRIB-R-12) a
game is won when the person's side wins, and his own points are his seat's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from hoyle.engine.records import GameRecord
from hoyle.interface.registry import get_game, record_game
from hoyle.interface.text import HUMAN
from hoyle.errors import HoyleError

__all__ = ["GameStats", "OwnGame", "own_game", "stat_rows", "totals"]


@dataclass(frozen=True)
class OwnGame:
    """One finished game as the person's statistics count it.

    Attributes:
        game, variant: the registry name and the record's variant (``""``: none).
        others: the other seats' names (the computer players' kinds), in seat order.
        actions: the record's number of actions.
        won: whether the person's side won; skunk_given, skunk_taken: won or lost by a
            skunk (CRIB-R-11 where the game has one).
        score, their_score: his side's final score and the best other side's (points).
        points: his own points by ``"kind:role"`` (``"hand:dealer"``); deals: the
            complete deals he played by role.
    """

    game: str
    variant: str
    others: tuple[str, ...]
    actions: int
    won: bool
    skunk_given: bool
    skunk_taken: bool
    score: int
    their_score: int
    points: dict[str, int]
    deals: dict[str, int]


def own_game(record: GameRecord) -> OwnGame | None:
    """The finished game of ``record`` as the statistics count it, for its one ``human``
    seat; ``None`` for a game that is not one person's against computer players (one seat
    the person's, any number of seats), not finished, or one its game cannot sum up.

    Raises:
        HoyleError: the record names no known game.
    """
    if record.result is None or len(record.seats) < 2 or record.seats.count(HUMAN) != 1:
        return None
    spec = record_game(record)
    try:
        summary = spec.summarize_own_game(record)
    except HoyleError:
        return None
    me = record.seats.index(HUMAN)
    side = me % len(summary.scores)  # partners sit opposite: seats 0 and 2, 1 and 3
    won = summary.winner == side
    skunk = bool(getattr(summary, "skunk", False))
    best_other = max(sc for i, sc in enumerate(summary.scores) if i != side)
    return OwnGame(spec.name, record.variant or "",
                   tuple(n for i, n in enumerate(record.seats) if i != me),
                   len(record.actions), won, skunk and won, skunk and not won,
                   summary.scores[side], best_other, dict(summary.points[me]),
                   dict(summary.deals[me]))


@dataclass
class GameStats:
    """One game's totals across the person's games of it.

    Attributes:
        game: the registry name.
        variant: the record's variant (``""``: the game has none).
        games: games finished; wins; skunks_given (won by a skunk) and skunks_taken.
        points: the person's points by ``"kind:role"`` over all those games (points).
        deals: the complete deals he played by role.
    """

    game: str
    variant: str = ""
    games: int = 0
    wins: int = 0
    skunks_given: int = 0
    skunks_taken: int = 0
    points: dict[str, int] = field(default_factory=dict)
    deals: dict[str, int] = field(default_factory=dict)

    def per_deal(self, key: str) -> float | None:
        """Average points per deal of ``key`` (``"hand:dealer"``), ``None`` for no deal
        in that role."""
        role = key.split(":")[1]
        n = self.deals.get(role, 0)
        return self.points.get(key, 0) / n if n else None


def totals(games: Iterable[OwnGame]) -> list[GameStats]:
    """Each game and variant's totals over ``games``, in the order first played.

    >>> a = OwnGame("cribbage", "six-card", ("expert",), 300, True, True, False, 121, 88,
    ...             {"hand:dealer": 16, "hand:pone": 7}, {"dealer": 2, "pone": 2})
    >>> b = OwnGame("cribbage", "six-card", ("expert",), 280, False, False, False, 110, 121,
    ...             {"hand:dealer": 4}, {"dealer": 2, "pone": 1})
    >>> (t,) = totals([a, b])
    >>> (t.games, t.wins, t.skunks_given, t.per_deal("hand:dealer"))
    (2, 1, 1, 5.0)
    """
    out: dict[tuple[str, str], GameStats] = {}
    for o in games:
        g = out.setdefault((o.game, o.variant), GameStats(o.game, o.variant))
        g.games += 1
        g.wins += o.won
        g.skunks_given += o.skunk_given
        g.skunks_taken += o.skunk_taken
        for key, n in o.points.items():
            g.points[key] = g.points.get(key, 0) + n
        for key, n in o.deals.items():
            g.deals[key] = g.deals.get(key, 0) + n
    return list(out.values())


def stat_rows(g: GameStats) -> tuple[str, list[tuple[str, str]]]:
    """One game's totals as the statistics table shows them: its title (``Your cribbage
    (six-card)``) and its rows (what, figure): games, wins, skunks won and lost (where the
    game has a skunk, or one came), deals by role, then the average points per deal of each
    kind and role (two decimals).

    Raises:
        HoyleError: the game is not registered.
    """
    text = get_game(g.game).text()
    named = dict(text.stats_roles) or {role: role for role in sorted(g.deals)}
    order = {role: i for i, role in enumerate(named)}
    variant = f" ({g.variant})" if g.variant else ""
    rows = [("games", str(g.games)), ("wins", f"{g.wins} ({g.wins / g.games:.0%})")]
    if text.stats_skunks or g.skunks_given or g.skunks_taken:
        rows.append(("skunks won / lost", f"{g.skunks_given} / {g.skunks_taken}"))
    for role, name in named.items():
        rows.append((f"deals as {name}", str(g.deals.get(role, 0))))
    for key in sorted(g.points, key=lambda k: (order.get(k.split(":")[1], len(order)), k)):
        avg = g.per_deal(key)
        kind, role = key.split(":")
        if avg is not None:
            rows.append((f"{kind} per deal as {named.get(role, role)}", f"{avg:.2f}"))
    return f"Your {get_game(g.game).title.lower()}{variant}", rows
