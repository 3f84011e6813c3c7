"""Players' ratings: each account's skill at each game, by OpenSkill's Plackett-Luce model
(``openskill``, its defaults: mu 25, sigma 25/3, beta 25/6), updated after each rated game.

A game is **rated** when it is played at a web table dealt from a seed (not a referee's)
and every person at it was signed in (a guest's game is not rated); partners (four-hand
cribbage) are rated as a team, each partner's own rating updated, and in a game of three
or more sides the losers tie. A
computer player carries a fixed rating (:data:`COMPUTER_RATINGS`, measured from its
matches: see :func:`fixed_rating`), so a game against one is rated for the person and
leaves the computer's as it was. Each game is rated once, whatever the number of server
processes (its row in ``rated_games`` is made in the same transaction as the update), in
the order the server sees the games end (after a restart, the games that ended while no
process rated them: at its start).

Shown: an account's rating as its ordinal (mu - 3 sigma, OpenSkill's conservative
figure, rounded), each rated game's change on the player's page, a leaderboard per game.

"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from hoyle.web.store import SqlStore

__all__ = ["COMPUTER_RATINGS", "MODEL", "Change", "Ratings", "fixed_rating"]

MODEL = PlackettLuce()
"""The rating model (OpenSkill's defaults)."""
COMPUTER_SIGMA = 1.0
"""The computers' fixed ratings' sigma (their strength is measured, not guessed)."""


def fixed_rating(win_rate: float, over: float) -> float:
    """The mu of a computer that wins ``win_rate`` of its games against one rated ``over``
    (both at :data:`COMPUTER_SIGMA`): Plackett-Luce's two-player win chance is
    ``1 / (1 + exp(-(mu - over) / c))`` with ``c = sqrt(2 sigma^2 + 2 beta^2)``, solved for mu.

    >>> round(fixed_rating(0.5, 20.0), 6)
    20.0
    >>> round(fixed_rating(0.75, 20.0), 2)
    26.66
    """
    c = math.sqrt(2 * COMPUTER_SIGMA ** 2 + 2 * MODEL.beta ** 2)
    return over + c * math.log(win_rate / (1 - win_rate))


# Measured with ``hoyle sim`` (seed 1, seats alternating; the stronger named second):
# cribbage: greedy beat random 0.990 (95% CI 0.985-0.994, 2,000 games); expert beat greedy
# 0.616 (0.594-0.637, 2,000); aware beat expert 0.518 (0.515-0.521 by pairs, 20,000 paired
# games: docs/aware-strength.md); table won 0.470 against expert (0.439-0.501, 1,000);
# écarté: rules beat random 0.832 (0.815-0.848, 2,000); expert beat rules 0.564
# (0.542-0.585, 2,000). The random player is the anchor:
# mu 15 in each game (a new account starts at 25 with sigma 8.3: not known to be stronger).
RANDOM_MU = 15.0
_GREEDY = fixed_rating(0.990, RANDOM_MU)
_EXPERT = fixed_rating(0.616, _GREEDY)
_RULES = fixed_rating(0.832, RANDOM_MU)
COMPUTER_RATINGS: dict[str, dict[str, float]] = {
    "cribbage": {"random": RANDOM_MU, "greedy": _GREEDY, "expert": _EXPERT,
                 "aware": fixed_rating(0.518, _EXPERT), "table": fixed_rating(0.470, _EXPERT)},
    "ecarte": {"random": RANDOM_MU, "rules": _RULES,
               "expert": fixed_rating(0.564, _RULES)},
}
"""Each game's computer players' fixed mu (see the measurements above)."""


@dataclass(frozen=True)
class Change:
    """One account's rating change in one rated game: ordinals before and after."""

    account: str
    table_id: str
    number: int
    game: str
    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


def _ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


class Ratings:
    """The ratings kept in ``store``."""

    def __init__(self, store: SqlStore) -> None:
        self.store = store

    def rate(self, table_id: str, number: int, game: str, seats: list[tuple[str, str]],
             winner: int, sides: int | None = None) -> list[Change]:
        """Rate game ``number`` of table ``table_id`` (of ``game``) won by side ``winner``:
        ``seats`` each ``("account", id)`` or ``("computer", player name)``; ``sides``
        teams (default one a seat), seat ``i`` on side ``i % sides`` (four-hand cribbage's
        partners: seats 0 and 2, 1 and 3), each partner rated as one of his team; the
        losing sides tie. Nothing when it was rated already (by this process or another)
        or is not rateable (a computer without a fixed rating, no account, fewer than two
        sides). Returns the accounts' changes.
        """
        sides = len(seats) if sides is None else sides
        accounts = [i for i, (kind, _) in enumerate(seats) if kind == "account"]
        fixed = COMPUTER_RATINGS.get(game, {})
        if sides < 2 or len(seats) % sides or not accounts or not 0 <= winner < sides or \
                any(kind == "computer" and who not in fixed for kind, who in seats):
            return []
        store = self.store
        with store._transaction("the ratings") as db:
            cur = store._q(db, "INSERT INTO rated_games (table_id, number, game) VALUES "
                           "(?, ?, ?) ON CONFLICT DO NOTHING", (table_id, number, game))
            if cur.rowcount != 1:
                return []  # rated already
            ratings = []
            for kind, who in seats:
                if kind == "computer":
                    ratings.append(MODEL.rating(mu=fixed[who], sigma=COMPUTER_SIGMA))
                    continue
                row = store._q(db, "SELECT mu, sigma FROM ratings WHERE account = ? AND "
                               "game = ?", (who, game)).fetchone()
                ratings.append(MODEL.rating() if row is None else
                               MODEL.rating(mu=float(row[0]), sigma=float(row[1])))
            members = [[i for i in range(len(seats)) if i % sides == side]
                       for side in range(sides)]
            teams = [[ratings[i] for i in team] for team in members]
            after = MODEL.rate(teams, ranks=[0 if side == winner else 1
                                             for side in range(sides)])
            new = {i: after[side][k] for side, team in enumerate(members)
                   for k, i in enumerate(team)}
            changes = []
            for i in accounts:
                who = seats[i][1]
                mu, sigma = new[i].mu, new[i].sigma
                before = (ratings[i].mu, ratings[i].sigma)
                store._q(db, "INSERT INTO ratings (account, game, mu, sigma, games) VALUES "
                         "(?, ?, ?, ?, 1) ON CONFLICT (account, game) DO UPDATE SET "
                         "mu = excluded.mu, sigma = excluded.sigma, "
                         "games = ratings.games + 1", (who, game, mu, sigma))
                store._q(db, "INSERT INTO rating_changes (table_id, number, account, game, "
                         "mu_before, sigma_before, mu_after, sigma_after) VALUES "
                         "(?, ?, ?, ?, ?, ?, ?, ?)",
                         (table_id, number, who, game, *before, mu, sigma))
                changes.append(Change(who, table_id, number, game, _ordinal(*before),
                                      _ordinal(mu, sigma)))
            return changes

    def seat_accounts(self, table_id: str) -> dict[int, str]:
        """The accounts the seats of table ``table_id`` were taken with, by seat."""
        return {int(s): str(a) for s, a in self.store._ids(
            "SELECT seat, account FROM seat_tokens WHERE table_id = ? AND account IS NOT "
            "NULL", (table_id,))}

    def tables_with_accounts(self) -> set[str]:
        """The tables where someone sat signed in (the only ones a rating can come from)."""
        return {str(t) for t, in self.store._ids(
            "SELECT DISTINCT table_id FROM seat_tokens WHERE account IS NOT NULL")}

    def of(self, account: str) -> dict[str, dict[str, Any]]:
        """An account's ratings by game: mu, sigma, ordinal, games rated."""
        rows = self.store._ids("SELECT game, mu, sigma, games FROM ratings WHERE account = ?",
                               (account,))
        return {str(g): {"mu": float(mu), "sigma": float(s), "ordinal": _ordinal(mu, s),
                         "games": int(n)} for g, mu, s, n in rows}

    def changes(self, account: str) -> dict[tuple[str, int], Change]:
        """An account's rating changes, by (table id, game number)."""
        rows = self.store._ids("SELECT table_id, number, game, mu_before, sigma_before, "
                               "mu_after, sigma_after FROM rating_changes WHERE account = ?",
                               (account,))
        return {(str(t), int(n)): Change(account, str(t), int(n), str(g), _ordinal(mb, sb),
                                         _ordinal(ma, sa))
                for t, n, g, mb, sb, ma, sa in rows}

    def leaderboard(self, game: str, limit: int = 50) -> list[dict[str, Any]]:
        """The best ``limit`` accounts at ``game`` by ordinal: name, ordinal, mu, sigma,
        games rated."""
        rows = self.store._ids(
            "SELECT a.name, r.mu, r.sigma, r.games FROM ratings r JOIN accounts a ON "
            "a.id = r.account WHERE r.game = ? ORDER BY r.mu - 3 * r.sigma DESC, a.folded "
            "LIMIT ?", (game, limit))
        return [{"name": str(n), "ordinal": _ordinal(mu, s), "mu": float(mu),
                 "sigma": float(s), "games": int(g)} for n, mu, s, g in rows]
