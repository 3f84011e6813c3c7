"""Reading the opponent (two-hand six-card): the hands he may hold, weighted by how likely
he was to lay away as he did and consistent with everything he did in the play.

**His lay-away.** Dealt six cards, he is taken to lay away each of the 15 ways with the
chance ``softmax(value / temp)`` (:func:`keep_chances`): ``value`` the expert's own worth of
the way in points (the discard advice, hand and crib, plus ``pegging`` times the pegging
table's net value of the kept ranks: :meth:`~hoyle.cribbage.players.expert.ExpertPlayer.discard_values`),
``temp`` in points. ``temp`` near 0 is the expert's model of his opponent (he keeps the
advice's best); a softer one gives weight to near-equal ways, which a real player (and the
expert, whose lay-away also weighs the score near the end) often takes. :data:`TEMP` was
chosen by the log-likelihood of the hands expert players really kept
(:func:`keep_log_gain`, ``scripts/reading_gain.py``; docs/master-strength.md).

**His plays.** He holds the cards he has played (CRIB-R-8: a card played is his), and a go
tells what he does not hold (EW-xxi, CRIB-R-8: a player who can play must): when he said go
at a count of ``c``, every card he then held was worth more than ``31 - c`` pips
(:func:`go_floor`).

**Draws** (:func:`read_hands`): importance sampling. Each draw deals him six (the cards he
has played and others uniformly from the unseen cards), picks his four among the ways that
agree with his play in proportion to the model's chances, and weighs the draw by the chance
of those ways together. The weighted draws follow the model's posterior of his hand: a
search counts each by its weight, or takes draws in proportion to it (:func:`resample`).

>>> from hoyle.cards import parse_cards
>>> ch = keep_chances(parse_cards("5H 5S 5D JC 2H 9S"), dealer=True, temp=0.5)
>>> best = max(ch, key=lambda t: t[2])
>>> sorted(str(c) for c in best[1]), round(sum(p for _, _, p in ch), 9)
(['2H', '9S'], 1.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations

from hoyle.cards import Card, require_distinct
from hoyle.cribbage.advice.discard import way_values
from hoyle.cribbage.players.pegtable import peg_table
from hoyle.cribbage.players.settings import is_finite, shown
from hoyle.cribbage.players.table import unseen_cards
from hoyle.cribbage.scoring import pip_value
from hoyle.cribbage.state import CribbageView
from hoyle.errors import HoyleError

__all__ = ["TEMP", "Draw", "keep_chances", "keep_log_gain", "go_floor", "read_hands",
           "resample"]

TEMP = 0.25
"""The opponent model's temperature, points (see the module docstring)."""

Draw = tuple[tuple[Card, ...], tuple[Card, ...], float]
"""One read of the opponent: his four kept cards, his two laid away, its weight."""


def keep_chances(six: Sequence[Card], dealer: bool, temp: float = TEMP,
                 pegging: float = 0.5) -> list[Draw]:
    """The chance that a player dealt ``six`` (six distinct cards) as dealer (or pone)
    keeps each four: ``(keep, away, chance)`` for the 15 ways in combination order,
    the chances summing to 1: ``softmax(value / temp)`` of the expert's value of each way
    (points; see the module docstring). ``temp`` 0: all the chance on the best way (the
    first of equals, as :func:`~hoyle.cribbage.advice.discard.best_keep`).

    Raises:
        HoyleError: not six distinct cards (DuplicateCardError: a card twice).
        ValueError: a ``temp`` below 0 or not finite; ``pegging`` not finite.
    """
    _check_temps((temp,), pegging)
    if len(six) != 6 or not all(isinstance(c, Card) for c in six):
        raise HoyleError(f"a lay-away is read from six cards, not {len(six)}")
    require_distinct(six)
    return _keep_chances(six, dealer, temp, pegging)


def _keep_chances(six: Sequence[Card], dealer: bool, temp: float, pegging: float
                  ) -> list[Draw]:
    """:func:`keep_chances` of six cards already checked (the loops of :func:`read_hands`)."""
    pegs = peg_table()
    ways = [(keep, away, total + pegging * pegs.value([c.rank for c in keep], dealer))
            for keep, away, total in way_values(six, dealer)]
    top = max(v for _, _, v in ways)
    if temp == 0:
        first = next(i for i, w in enumerate(ways) if w[2] == top)
        return [(k, a, 1.0 if i == first else 0.0) for i, (k, a, _) in enumerate(ways)]
    e = [math.exp((v - top) / temp) for _, _, v in ways]
    s = sum(e)
    return [(k, a, x / s) for (k, a, _), x in zip(ways, e)]


def keep_log_gain(kept: Sequence[Card], pool: Sequence[Card], dealer: bool,
                  temps: Sequence[float] = (TEMP,), pegging: float = 0.5) -> list[float]:
    """How much better the model predicts ``kept`` than a uniform draw does, for each
    temperature of ``temps``: the natural log of ``P_model(kept) / P_uniform(kept)``, where
    the four were kept from six dealt from ``pool`` (the cards the reader has not seen;
    ``kept`` among them) and ``P_uniform`` is ``1 / C(len(pool), 4)``. Exact: with the six
    uniform, ``P_model(kept)`` is the mean over every pair ``away`` of the rest of the
    pool of the chance of keeping ``kept`` from ``kept + away``, times
    ``C(n - 4, 2) / C(n, 6)``, so the gain is ``log(15 * mean)`` (0 for a uniform keep).
    ``-inf`` where the model gives the hand no chance (``temp`` 0).

    Raises:
        ValueError: ``kept`` not four distinct cards of ``pool``, a pool of fewer than six
            distinct cards; a temperature below 0 or not finite.
    """
    kset = set(kept)
    if len(kept) != 4 or len(kset) != 4 or not kset <= set(pool):
        raise ValueError("kept must be four distinct cards of the pool")
    if len(set(pool)) != len(pool) or len(pool) < 6:
        raise ValueError("the pool must be six distinct cards or more (six are dealt from it)")
    _check_temps(tuple(temps), pegging)
    pegs = peg_table()
    rest = [c for c in pool if c not in kset]
    totals = [0.0] * len(temps)
    n = 0
    for away in combinations(rest, 2):
        values: list[float] = []
        mine_i = 0
        for i, (keep, _a, total) in enumerate(way_values(tuple(kept) + away, dealer)):
            values.append(total + pegging * pegs.value([c.rank for c in keep], dealer))
            if set(keep) == kset:
                mine_i = i
        mine = values[mine_i]
        top = max(values)
        for j, t in enumerate(temps):
            if t == 0:  # all the chance on the first best way, as keep_chances gives it
                totals[j] += 1.0 if values.index(top) == mine_i else 0.0
            else:
                totals[j] += math.exp((mine - top) / t) / sum(math.exp((v - top) / t)
                                                             for v in values)
        n += 1
    return [math.log(15 * x / n) if x > 0 else -math.inf for x in totals]


def go_floor(view: CribbageView, seat: int) -> int:
    """The pips every card ``seat`` still holds must exceed, read from his goes in this
    deal's play (0 if he has said none): a go at a count of ``c`` (he did not play and the
    other side played on, or the count closed below 31, or he has passed in the current
    count) says each card he then held was worth more than ``31 - c`` (CRIB-R-8, EW-xxi).
    Two-hand play.

    Raises:
        ValueError: ``seat`` not 0 or 1.
    """
    if seat not in (0, 1):
        raise ValueError(f"a two-hand seat is 0 or 1, not {seat!r}")
    floor = 0
    count = 0
    last: int | None = None
    for s, card in view.played:
        pips = pip_value(card)
        if count == 31 or count + pips > 31:
            # A new count: both had passed at ``count`` (none after 31).
            if count < 31:
                floor = max(floor, 31 - count)
            count = 0
        elif last == s and s != seat:
            # The other side played twice running: ``seat`` had passed.
            floor = max(floor, 31 - count)
        count += pips
        last = s
    if view.passed[seat]:
        floor = max(floor, 31 - view.count)
    return floor


def read_hands(view: CribbageView, n: int, rng: random.Random, temp: float = TEMP,
               pegging: float = 0.5) -> list[Draw]:
    """``n`` weighted reads of the opponent's hand after the lay-away (two-hand six-card):
    ``(kept, away, weight)``, ``kept`` his four (the cards he has played among them),
    ``away`` his two for the crib. Each deals him six, the cards he has played and others
    drawn uniformly from the unseen cards, and picks the four he kept among the ways that
    agree with his play (his played cards kept, the others above his :func:`go_floor`) in
    proportion to their chances (:func:`keep_chances`); ``weight`` is the chance of those
    ways together, so that the weighted reads follow the model's posterior (the chance of
    the six uniform, of the keep given the six the model's, his play possible or not).
    Before he has played, every weight is 1. A six with no way that agrees gets weight 0
    (with a uniform keep, as a fallback when every read fails: a count entered wrongly in
    a refereed game). Every draw comes from ``rng``.

    Raises:
        HoyleError: not a two-hand six-card deal after the lay-away.
        ValueError: ``n`` below 0; a temperature below 0 or not finite.
    """
    if view.players != 2 or len(view.kept) != 4 or len(view.discards) != 2:
        raise HoyleError("the opponent is read in a two-hand six-card deal, after the lay-away")
    if n < 0:
        raise ValueError(f"the number of reads is 0 or more, not {n}")
    _check_temps((temp,), pegging)
    opp = 1 - view.seat
    pool = unseen_cards(view)
    his_played = [c for s, c in view.played if s == opp]
    played = set(his_played)
    floor = go_floor(view, opp)
    dealer = view.dealer == opp
    deal = 6 - len(his_played)
    out: list[Draw] = []
    for _ in range(n):
        if len(pool) < deal:  # pragma: no cover - the cards cannot run out in a real deal
            break
        six = tuple(his_played) + tuple(rng.sample(pool, deal))
        ways = [(k, a, p) for k, a, p in _keep_chances(six, dealer, temp, pegging)
                if played <= set(k) and all(pip_value(c) > floor for c in k if c not in played)]
        weight = sum(p for _k, _a, p in ways)
        if weight <= 0:
            kept = tuple(his_played) + tuple(c for c in six if c not in played)[:4 - len(played)]
            out.append((kept, tuple(c for c in six if c not in kept), 0.0))
            continue
        k, a, _p = rng.choices(ways, weights=[p for _k, _a, p in ways])[0]
        out.append((k, a, weight))
    return out


def _check_temps(temps: Sequence[float], pegging: float) -> None:
    """Raise ValueError for a temperature below 0 or not finite, or a pegging weight not
    finite."""
    if not all(is_finite(t) and t >= 0 for t in temps):
        raise ValueError(f"the temperature is in points, finite and at least 0, not "
                         f"{', '.join(map(shown, temps))}")
    if not is_finite(pegging):
        raise ValueError(f"the pegging weight must be finite, not {shown(pegging)}")


def resample(draws: Sequence[Draw], n: int, rng: random.Random) -> list[Draw]:
    """``n`` of ``draws`` taken with replacement in proportion to their weights (each
    returned with weight 1); uniformly if every weight is 0."""
    weights = [w for _, _, w in draws]
    if sum(weights) <= 0:
        weights = [1.0] * len(draws)
    picked = rng.choices(range(len(draws)), weights=weights, k=n)
    return [(draws[i][0], draws[i][1], 1.0) for i in picked]
