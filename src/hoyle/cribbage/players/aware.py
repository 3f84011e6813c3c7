"""The score-aware expert: the expert (:class:`~hoyle.cribbage.players.expert.ExpertPlayer`,
kept as it is under its own name, the fixed baseline) far from the end of a two-hand
six-card game to 121; near it, it lays away and plays to win the game rather than for
points.

Near the end: when either side is :data:`NEAR` points or fewer short of the game.

Lay-away (:meth:`AwareExpertPlayer.discard_chances`): each of the 15 ways is valued by
its estimated chance of winning over ``scenarios`` draws of the opponent's six cards from
the 46 unseen, kept by the discard advice as he would (his hand and his two for the crib),
each with every one of the 40 starters left (two for his heels to the dealer on a jack,
CRIB-R-7) and the play's points in the order scored drawn from 3,000 deals of expert play
(``players/data/peg_sequences.json``, ``scripts/peg_sequences.py``). The plays are drawn for
each way from those deals tilted to its kept cards (``tilt``): reweighted by
``exp(theta * net)``, ``net`` a play's dealer-minus-pone points, so that their mean moves by
``tilt`` (0.5, the weight the expert gives the pegging table in points) times the
difference between the pegging table's net value of the way's kept ranks and that of the
expert's way (:mod:`~hoyle.cribbage.players.pegtable`): a dealer who must peg out keeps the
cards that peg, a pone who must stop him the cards that give least. The same opponent hands
and starters serve every way (common random numbers); the same uniform draws pick each
way's plays, each from its own tilted weights (so the plays themselves are shared only
weakly). Each is counted exactly in the laws' order: the heels,
the play (the first side to reach 121 wins at once, CRIB-R-11), the pone's hand, the
dealer's hand, the crib (CRIB-R-10), and a deal that ends with nobody out by the win table
at the next position (the pone deals next, CRIB-R-3;
:func:`~hoyle.cribbage.advice.wintable.win_table`). The best way is laid away, ties going to
the expert's value in points (``margin`` keeps the expert's way unless another is better by
more; 0 by default).

Play (:meth:`AwareExpertPlayer.win_values`): the expert's determinized search
(``near_samples`` determinizations, 60), the
opponent's hands drawn as he would have kept them (his six, so his two for the crib too),
but each determinization solved for the chance of winning the game
(:class:`~hoyle.cribbage.players.winsearch.WinSolver`): the starter, both hands and the crib
being known in it, the show that follows is counted exactly, in order, and the win table
values the next deal. It pegs out when it can, holds back the card that gives a side that
counts first what it lacks, and plays on for points only where the points do not change the
chance. Ties go to the net points of the same determinizations.

Every draw comes from ``rng``, so the player is deterministic given its seed.
"""

from __future__ import annotations

import gc
import json
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from functools import lru_cache
from importlib import resources

import numpy as np
import numpy.typing as npt

from hoyle.cards import CARDS, Card
from hoyle.cribbage.advice.discard import DiscardOption, best_keep, discard_options
from hoyle.cribbage.advice.wintable import WinTable, win_table
from hoyle.cribbage.players.expert import ExpertPlayer
from hoyle.cribbage.players.pegtable import peg_table
from hoyle.cribbage.players.search import card_values
from hoyle.cribbage.players.settings import finite, shown, whole
from hoyle.cribbage.players.table import unseen_cards
from hoyle.cribbage.players.winsearch import WinSolver
from hoyle.cribbage.scoring import score_batch, show_total
from hoyle.cribbage.state import CribbageView
from hoyle.engine.action import Action

__all__ = ["AwareExpertPlayer", "NEAR", "mean_values", "peg_sequences", "table_lists"]

NEAR = 25
"""A side this many points or fewer short of the game: the discard and the play are for
the game (the game review's line too, :mod:`hoyle.cribbage.review`)."""


@lru_cache(maxsize=1)
def peg_sequences() -> tuple[tuple[int, ...], ...]:
    """The shipped pegging of 3,000 deals of expert play (points in the order scored, +
    to the dealer, - to the pone; ``players/data/peg_sequences.json``)."""
    text = resources.files("hoyle.cribbage.players").joinpath(
        "data/peg_sequences.json").read_text(encoding="utf-8")
    return tuple(tuple(s) for s in json.loads(text)["sequences"])


@lru_cache(maxsize=1)
def _nets() -> npt.NDArray[np.float64]:
    """Each shipped play's net points (dealer minus pone; :func:`peg_sequences`)."""
    return np.array([sum(s) for s in peg_sequences()], dtype=np.float64)


def _tilt_weights(theta: npt.NDArray[np.float64], nets: npt.NDArray[np.float64]
                  ) -> npt.NDArray[np.float64]:
    """``exp(theta * net)`` for each ``theta`` (rows) and net (columns), each row scaled
    by its largest (no overflow)."""
    z = theta[:, None] * nets[None, :]
    w: npt.NDArray[np.float64] = np.exp(z - z.max(axis=1, keepdims=True))
    return w


def _tilted_mean(theta: npt.NDArray[np.float64], nets: npt.NDArray[np.float64]
                 ) -> npt.NDArray[np.float64]:
    """The mean of ``nets`` weighted by ``exp(theta * net)``, for each ``theta``."""
    w = _tilt_weights(theta, nets)
    out: npt.NDArray[np.float64] = (w * nets).sum(axis=1) / w.sum(axis=1)
    return out


def _table_pegging(options: Sequence[DiscardOption], dealer: bool) -> npt.NDArray[np.float64]:
    """The pegging table's net value (points, the holder's) of each way's kept ranks."""
    pegs = peg_table()
    return np.array([pegs.value([c.rank for c in o.keep], dealer) for o in options])


@lru_cache(maxsize=1)
def table_lists() -> list[list[float]]:
    """The six-card win table, ``P(dealer wins)[dealer][pone]``, as lists (fast to index)."""
    rows: list[list[float]] = win_table("six-card").p.tolist()
    return rows


_Race = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]


@lru_cache(maxsize=4096)
def _race(dealer: int, pone: int, target: int) -> tuple[_Race, _Race]:
    """The play of each shipped deal (:func:`peg_sequences`) from the dealer's and the
    pone's scores, without and with two for his heels first: who reaches ``target`` first
    (+1 the dealer, -1 the pone, 0 nobody; CRIB-R-11) and both scores after the play."""
    out = []
    for heels in (0, 2):
        won, d_end, p_end = [], [], []
        for seq in peg_sequences():
            d, p, w = dealer + heels, pone, 0
            if d >= target:
                w = 1
            else:
                for pts in seq:
                    if pts > 0:
                        d += pts
                        if d >= target:
                            w = 1
                            break
                    else:
                        p -= pts
                        if p >= target:
                            w = -1
                            break
            won.append(w)
            d_end.append(d)
            p_end.append(p)
        out.append((np.array(won, dtype=np.int64), np.array(d_end, dtype=np.int64),
                    np.array(p_end, dtype=np.int64)))
    return out[0], out[1]


@contextmanager
def _no_collection() -> Iterator[None]:
    """Python's cyclic garbage collector off for one search (on again after, unless it was
    off before): the solvers kept for a view (:class:`PlaySolves` with ``share``) hold many
    small tuples in no cycle, which the collector would walk again and again for nothing
    (the search took about half as long again with it on, on ``make bench``'s positions).
    Values and choices are unchanged."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class PlaySolves:
    """One view's solved determinizations (:meth:`AwareExpertPlayer.draw_chances`, and the
    points of :meth:`AwareExpertPlayer.draw_values` and :meth:`AwareExpertPlayer.best_rank`),
    kept to share between its calls: ``chances`` each rank's chance of winning the game by
    (his ranks still held, the pone's show, the dealer's show and crib), ``points`` each
    rank's net points of the rest of the play by his ranks; with ``share``, ``solvers``
    the full-information solvers by (the pone's show, the dealer's show and crib), kept
    for the view's later searches (their values hang on nothing else but the view's win
    table and game). Those are caches: the values are the solvers' own. ``worlds`` is the
    key of each determinization drawn, in order, repeats kept: a record, not a cache (the
    worlds of :class:`~hoyle.cribbage.players.infoset.InfoSetSolver`), so one
    ``PlaySolves`` serves one view's draws only."""

    __slots__ = ("chances", "points", "worlds", "solvers", "share")

    def __init__(self, share: bool = False) -> None:
        self.share = share
        self.chances: dict[tuple[tuple[int, ...], int, int], dict[int, float]] = {}
        self.points: dict[tuple[int, ...], dict[int, int]] = {}
        self.worlds: list[tuple[tuple[int, ...], int, int]] = []
        self.solvers: dict[tuple[int, int], WinSolver] = {}


def mean_values(rows: Sequence[dict[int, tuple[float, float]]]
                ) -> dict[int, tuple[float, float]]:
    """Each rank's (chance of winning, net points) averaged over the determinizations'
    ``rows`` (:meth:`AwareExpertPlayer.draw_values`), summed in their order."""
    totals: dict[int, list[float]] = {}
    for row in rows:
        for r, (v, pts) in row.items():
            t = totals.setdefault(r, [0.0, 0.0])
            t[0] += v
            t[1] += pts
    n = len(rows)
    return {r: (t[0] / n, t[1] / n) for r, t in totals.items()}


class AwareExpertPlayer(ExpertPlayer):
    """The score-aware expert (see the module docstring).

    Args:
        near: the game is near when a side is this many points or fewer short of it.
        scenarios: draws of the opponent's six cards per lay-away near the end (each
            with all 40 starters left).
        margin: the expert's lay-away is kept unless another's chance of the game is
            higher by more than this.
        tilt: the share of the pegging table's difference (points) by which each way's
            drawn plays are moved from the expert's way's (0: the same plays for every
            way, as before the tilt).
        near_samples: determinizations per play near the end (60; ``None``: ``samples``).
        table: the six-card win table it plays by (default the shipped one,
            :func:`~hoyle.cribbage.advice.wintable.win_table`; ``hoyle tables win-aware``
            gives it another).
        samples, and the rest: the expert's (:class:`ExpertPlayer`).

    Raises:
        ValueError: ``near`` not a whole number of at least 0, ``scenarios`` or
            ``near_samples`` (when given) not one of at least 1, ``margin`` or ``tilt`` not
            a finite number, ``table`` not a six-card
            :class:`~hoyle.cribbage.advice.wintable.WinTable` (to 121); and the expert's.
    """

    name = "aware"

    def __init__(self, near: int = NEAR, scenarios: int = 200, margin: float = 0.0,
                 samples: int = 20, endgame: int = 24, model_opponent: bool = True,
                 tries: int = 4, pegging: float = 0.5, tilt: float = 0.5,
                 near_samples: int | None = 60, table: WinTable | None = None) -> None:
        super().__init__(samples, endgame, model_opponent, tries, pegging)
        whole("near", near, 0)
        whole("scenarios", scenarios, 1)
        if near_samples is not None:
            whole("near_samples", near_samples, 1)
        finite("margin", margin, "chance of the game")
        finite("tilt", tilt, "share of the pegging table's difference")
        if table is not None:
            if not isinstance(table, WinTable):
                raise ValueError(f"table must be a WinTable, not {shown(table)}")
            if (table.variant, table.target) != ("six-card", 121):
                raise ValueError(f"table must be a six-card win table (to 121), not the "
                                 f"{shown(table.variant)} one to {shown(table.target)}")
        self.table = table
        self._lists: list[list[float]] | None = None
        self.near = near
        self.scenarios = scenarios
        self.margin = margin
        self.tilt = tilt
        self.near_samples = samples if near_samples is None else near_samples

    def _is_near(self, view: CribbageView) -> bool:
        return view.players == 2 and view.target == 121 and \
            min(view.target - s for s in view.scores) <= self.near

    def choose(self, view: CribbageView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """The expert's choice, but near the end the discard and the play for the game."""
        first = legal_actions[0] if legal_actions else None
        if first is not None and first.verb == "DISCARD" and len(view.hand) == 6 and \
                len(first.cards) == 2 and self._is_near(view) and not view.manual_count:
            chances = self.discard_chances(view, rng)
            worth = self.discard_values(view)
            best = max(chances, key=lambda d: (round(chances[d], 9), worth[d]))
            theirs = tuple(sorted(super()._discard(view)))
            for d, v in chances.items():
                # The expert's way unless another is better for the game by more than
                # the margin (0 by default: on a tie only).
                if tuple(sorted(d)) == theirs and v >= chances[best] - self.margin:
                    best = d
            return Action("DISCARD", tuple(sorted(best)))
        return super().choose(view, legal_actions, rng)

    def discard_chances(self, view: CribbageView, rng: random.Random
                        ) -> dict[tuple[Card, ...], float]:
        """Each way to lay away two of the six cards of ``view.hand`` (the two, in the
        advice's order) and the estimated chance of winning the game with it (see the
        module docstring): ``scenarios`` draws from ``rng`` of the opponent's six, each
        with every one of the 40 starters left and a drawn play. Two-hand six-card only.

        Raises:
            HoyleError: not six cards in hand (from the discard advice).
        """
        dealer = view.is_dealer
        target = view.target
        me, him = view.scores[view.seat], view.scores[1 - view.seat]
        d0, p0 = (me, him) if dealer else (him, me)
        options = discard_options(view.hand, dealer)
        held = set(view.hand)
        unseen = [c for c in CARDS if c not in held]
        n, m, k = self.scenarios, len(options), len(unseen) - 6
        his_keep = np.empty((n, 4), dtype=np.int64)
        his_away = np.empty((n, 2), dtype=np.int64)
        starters = np.empty((n, k), dtype=np.int64)
        for i in range(n):
            six = rng.sample(unseen, 6)
            kept = best_keep(six, not dealer)
            his_keep[i] = [c.index for c in kept]
            his_away[i] = [c.index for c in six if c not in kept]
            starters[i] = [c.index for c in unseen if c not in six]
        # The play: a drawn deal's points in order for each (draw, starter), raced from
        # the scores with the heels (CRIB-R-7) if the starter is a jack.
        race = _race(d0, p0, target)
        jack3 = ((starters >> 2) == 10)[:, :, None]
        if self.tilt:
            # Each way's plays drawn from the shipped deals tilted to its kept ranks' net
            # pegging (the pegging table, against the expert's way; common uniforms).
            vals = self.way_pegging(view, options, rng)
            seqs = self._tilted_draws(view, options, rng.random, n * k, vals).reshape(m, n, k)
            seqs = np.moveaxis(seqs, 0, -1)  # (n, k, m)
        else:
            seqs = np.array([rng.randrange(len(race[0][0])) for _ in range(n * k)],
                            dtype=np.int64).reshape(n, k, 1)
        won = np.where(jack3, race[1][0][seqs], race[0][0][seqs])  # +1 dealer, -1 pone out
        d_end = np.where(jack3, race[1][1][seqs], race[0][1][seqs])
        p_end = np.where(jack3, race[1][2][seqs], race[0][2][seqs])
        # (n, k, m): my hand's show and the crib's for each way; his hand's (n, k)
        rule = view.crib_flush_rule
        keep_idx = np.array([[c.index for c in o.keep] for o in options], dtype=np.int64)
        away_idx = np.array([[c.index for c in o.discard] for o in options], dtype=np.int64)
        st = np.repeat(starters.reshape(-1), m)
        mine = score_batch(np.tile(keep_idx, (n * k, 1)), st).reshape(n, k, m)
        crib_cards = np.concatenate([np.tile(away_idx, (n * k, 1)),
                                     np.repeat(np.repeat(his_away, k, axis=0), m, axis=0)],
                                    axis=1)
        crib = score_batch(crib_cards, st, crib=True, crib_flush_rule=rule).reshape(n, k, m)
        his = score_batch(np.repeat(his_keep, k, axis=0), starters.reshape(-1)).reshape(n, k, 1)
        mine64, crib64, his64 = (x.astype(np.int64) for x in (mine, crib, his))
        if dealer:
            pone = p_end + his64
            dealer_total = d_end + mine64 + crib64
        else:
            pone = p_end + mine64
            dealer_total = d_end + his64 + crib64
        p_table = win_table("six-card").p if self.table is None else self.table.p
        nxt = p_table[np.minimum(pone, target - 1), np.minimum(dealer_total, target - 1)]
        pone_wins = np.where(pone >= target, 1.0, np.where(dealer_total >= target, 0.0, nxt))
        out = won
        pone_wins = np.where(out == 1, 0.0, np.where(out == -1, 1.0, pone_wins))
        mine_wins = 1.0 - pone_wins if dealer else pone_wins
        chances = mine_wins.mean(axis=(0, 1))
        return {o.discard: float(chances[j]) for j, o in enumerate(options)}

    def _table_lists(self) -> list[list[float]]:
        if self.table is None:
            return table_lists()
        if self._lists is None:
            self._lists = self.table.p.tolist()
        return self._lists

    def way_pegging(self, view: CribbageView, options: Sequence[DiscardOption],
                    rng: random.Random) -> npt.NDArray[np.float64]:
        """Each way of ``options``'s net pegging in points (the holder's less the other's),
        shape ``(len(options),)``, that the lay-away's drawn plays are tilted by: the
        pegging table's value of its kept ranks (:mod:`~hoyle.cribbage.players.pegtable`);
        nothing is drawn from ``rng`` (a subclass may search instead)."""
        return _table_pegging(options, view.is_dealer)

    def _tilted_draws(self, view: CribbageView, options: Sequence[DiscardOption],
                      uniform: Callable[[], float], count: int,
                      vals: npt.NDArray[np.float64] | None = None) -> npt.NDArray[np.int64]:
        """``count`` indices into the shipped plays (:func:`peg_sequences`) for each way of
        ``options``, shape ``(len(options), count)``: the plays reweighted, for each way, by
        ``exp(theta * net)`` (``net`` a play's dealer-minus-pone points) with ``theta``
        chosen so that the mean net pegging moves by ``tilt`` times the way's net pegging
        ``vals`` (points, the holder's; default the pegging table's value of its kept ranks,
        :meth:`way_pegging`) less that of the expert's way (the dealer's sign); a mean
        beyond the plays' range is held just inside it. The same ``count`` uniforms serve
        every way."""
        nets = _nets()
        dealer = view.is_dealer
        if vals is None:
            vals = _table_pegging(options, dealer)
        theirs = tuple(sorted(ExpertPlayer._discard(self, view)))
        ref = next(vals[j] for j, o in enumerate(options) if tuple(sorted(o.discard)) == theirs)
        shift = self.tilt * (vals - ref) * (1.0 if dealer else -1.0)
        target = nets.mean() + shift
        theta = shift / nets.var()
        for _ in range(4):  # Newton's steps on the tilted mean
            w = _tilt_weights(theta, nets)
            sw = w.sum(axis=1)
            mean = (w * nets).sum(axis=1) / sw
            var = (w * nets ** 2).sum(axis=1) / sw - mean ** 2
            theta = theta + (target - mean) / np.maximum(var, 1e-9)
        bad = ~(np.abs(_tilted_mean(theta, nets) - target) <= 1e-6)
        if bad.any():  # a shift too far for Newton's steps: bisection on theta
            lo_net, hi_net = float(nets.min()), float(nets.max())
            goal = np.clip(target[bad], lo_net + 0.5, hi_net - 0.5)
            lo, hi = np.full(goal.shape, -8.0), np.full(goal.shape, 8.0)
            for _ in range(60):
                mid = (lo + hi) / 2
                up = _tilted_mean(mid, nets) < goal
                lo, hi = np.where(up, mid, lo), np.where(up, hi, mid)
            theta[bad] = (lo + hi) / 2
        cdf = np.cumsum(_tilt_weights(theta, nets), axis=1)
        cdf /= cdf[:, -1:]
        u = np.array([uniform() for _ in range(count)])
        idx = np.stack([np.searchsorted(c, u, side="right") for c in cdf])
        return np.minimum(idx, len(nets) - 1).astype(np.int64)

    def _draw_opponent(self, view: CribbageView, rng: random.Random
                       ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """One draw of the opponent's four kept cards and his two for the crib, as the
        expert draws his hand (:meth:`ExpertPlayer._opponent_hands`): six dealt him from
        the cards we have not seen with those he has played, kept by the advice, taken when
        it agrees with his plays (``tries`` draws), else uniform."""
        opp = 1 - view.seat
        pool = unseen_cards(view)
        his_played = [c for s, c in view.played if s == opp]
        dealer = view.dealer == opp
        if self.model_opponent and len(pool) >= 6 - len(his_played):
            for _ in range(self.tries):
                six = his_played + rng.sample(pool, 6 - len(his_played))
                kept = best_keep(six, dealer)
                if all(c in kept for c in his_played):
                    return kept, tuple(c for c in six if c not in kept)
        held = rng.sample(pool, 4 - len(his_played) + 2)
        return tuple(his_played) + tuple(held[:-2]), tuple(held[-2:])

    def _opponent_draws(self, view: CribbageView, n: int, rng: random.Random
                        ) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
        """``n`` draws of the opponent's kept four and his two for the crib
        (:meth:`_draw_opponent`, one after another from ``rng``)."""
        return [self._draw_opponent(view, rng) for _ in range(n)]

    def win_values(self, view: CribbageView, rng: random.Random
                   ) -> dict[int, tuple[float, float]]:
        """Each rank the seat may lay now (two-hand six-card play, the starter turned) and
        its (chance of winning the game, net points of the rest of the play), the means over
        the determinizations of :meth:`chance_rows` drawn from ``rng`` (``near_samples``;
        see the module docstring)."""
        solved = PlaySolves()
        return mean_values(self._with_points(view, self.chance_rows(view, rng, solved),
                                             solved))

    def chance_rows(self, view: CribbageView, rng: random.Random, solved: PlaySolves
                    ) -> list[tuple[tuple[int, ...], dict[int, float]]]:
        """The determinizations the play is chosen on, drawn from ``rng``: ``near_samples``
        of them (:meth:`draw_chances`; a subclass may draw more)."""
        return self.draw_chances(view, self._opponent_draws(view, self.near_samples, rng),
                                 solved)

    def draw_values(self, view: CribbageView,
                    draws: Sequence[tuple[tuple[Card, ...], tuple[Card, ...]]],
                    solved: PlaySolves | None = None
                    ) -> list[dict[int, tuple[float, float]]]:
        """For each determinization of ``draws`` (the opponent's kept four and his two for
        the crib, as :meth:`_opponent_draws` gives them), each rank the seat may lay now and
        its (chance of winning the game, net points of the rest of the play): the chances
        of :meth:`draw_chances` and the points of the exact play search
        (:func:`~hoyle.cribbage.players.search.card_values`), solved once for his ranks, in
        ``solved`` (this view's, to share between calls) or this call's own."""
        if solved is None:
            solved = PlaySolves()
        return self._with_points(view, self.draw_chances(view, draws, solved), solved)

    def _with_points(self, view: CribbageView,
                     rows: Sequence[tuple[tuple[int, ...], dict[int, float]]],
                     solved: PlaySolves) -> list[dict[int, tuple[float, float]]]:
        """Each determinization's row of :meth:`draw_chances` with the net points beside
        each rank's chance (:meth:`_points`)."""
        out: list[dict[int, tuple[float, float]]] = []
        for theirs, chances in rows:
            points = self._points(view, theirs, solved)
            out.append({r: (v, points[r]) for r, v in chances.items()})
        return out

    def draw_chances(self, view: CribbageView,
                     draws: Sequence[tuple[tuple[Card, ...], tuple[Card, ...]]],
                     solved: PlaySolves) -> list[tuple[tuple[int, ...], dict[int, float]]]:
        """For each determinization of ``draws``, the opponent's ranks still held (sorted)
        and each rank the seat may lay now with its chance of winning the game, solved
        exactly (:class:`~hoyle.cribbage.players.winsearch.WinSolver`). Determinizations
        alike for the search (his ranks still held, the pone's show, the dealer's show and
        crib together) are solved once, in ``solved``."""
        opp = 1 - view.seat
        assert view.starter is not None and view.dealer is not None
        starter = view.starter
        i_deal = view.is_dealer
        mine = tuple(c.rank for c in view.hand)
        seq = tuple(c.rank for c in view.count_cards)
        his_played = {c for s, c in view.played if s == opp}
        they_passed = view.passed[opp]
        my_show = show_total(view.kept, starter)
        me, him = view.scores[view.seat], view.scores[opp]
        table = self._table_lists()
        out: list[tuple[tuple[int, ...], dict[int, float]]] = []
        for kept, away in draws:
            theirs = tuple(sorted(c.rank for c in kept if c not in his_played))
            his_show = show_total(kept, starter)
            crib = show_total(tuple(view.discards) + away, starter, crib=True,
                              crib_flush_rule=view.crib_flush_rule)
            pone_show, dealer_show = (his_show, my_show) if i_deal else (my_show, his_show)
            key = (theirs, pone_show, dealer_show + crib)  # what the solver's values depend on
            solved.worlds.append(key)
            chances = solved.chances.get(key)
            if chances is None:
                shows = (pone_show, dealer_show + crib)
                solver = solved.solvers.get(shows)
                if solver is None:
                    solver = WinSolver(table, view.target, pone_show=pone_show,
                                       dealer_show=dealer_show, crib=crib)
                    if solved.share:
                        solved.solvers[shows] = solver
                chances = solver.card_values(mine, theirs, view.count, seq, they_passed, me,
                                             him, i_deal)
                solved.chances[key] = chances
            out.append((theirs, chances))
        return out

    def _points(self, view: CribbageView, theirs: tuple[int, ...], solved: PlaySolves
                ) -> dict[int, int]:
        """Each rank the seat may lay now and the net points of the rest of the play
        against the opponent's ranks ``theirs`` (sorted), solved once in ``solved``."""
        points = solved.points.get(theirs)
        if points is None:
            opp = 1 - view.seat
            points = card_values(tuple(c.rank for c in view.hand), theirs, view.count,
                                 tuple(c.rank for c in view.count_cards), view.passed[opp])
            solved.points[theirs] = points
        return points

    def best_rank(self, view: CribbageView,
                  rows: Sequence[tuple[tuple[int, ...], dict[int, float]]],
                  solved: PlaySolves) -> int:
        """The rank the play lays on the determinizations' ``rows`` (:meth:`draw_chances`):
        the best mean chance of winning (to 9 places), then the best mean net points of
        the same determinizations, then the higher rank; the points are solved only when
        the chances tie (the same choice as the best of :meth:`win_values`)."""
        n = len(rows)
        totals: dict[int, float] = {}
        for _theirs, chances in rows:
            for r, v in chances.items():
                totals[r] = totals.get(r, 0.0) + v
        rounded = {r: round(t / n, 9) for r, t in totals.items()}
        top = max(rounded.values())
        tied = [r for r in rounded if rounded[r] == top]
        if len(tied) == 1:
            return tied[0]
        points = dict.fromkeys(tied, 0.0)
        for theirs, _chances in rows:
            row = self._points(view, theirs, solved)
            for r in tied:
                points[r] += row[r]
        return max(tied, key=lambda r: (points[r] / n, r))

    def play_solves(self) -> PlaySolves:
        """A play decision's :class:`PlaySolves` (a subclass may keep the solvers)."""
        return PlaySolves()

    def play_rank(self, view: CribbageView,
                  rows: Sequence[tuple[tuple[int, ...], dict[int, float]]],
                  solved: PlaySolves) -> int:
        """The rank the play for the game lays on the determinizations' ``rows``
        (:meth:`chance_rows`): :meth:`best_rank` (a subclass may plan otherwise)."""
        return self.best_rank(view, rows, solved)

    def _play(self, view: CribbageView, plays: list[Action], rng: random.Random) -> Action:
        if not self._is_near(view) or view.starter is None or len(view.kept) != 4 or \
                len(view.discards) != 2:
            return super()._play(view, plays, rng)
        solved = self.play_solves()
        with _no_collection() if solved.share else nullcontext():
            best = self.play_rank(view, self.chance_rows(view, rng, solved), solved)
        for a in plays:
            if a.cards[0].rank == best:
                return a
        return super()._play(view, plays, rng)  # pragma: no cover
