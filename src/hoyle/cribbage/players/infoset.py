"""One plan for every read hand: the rest of a two-hand play searched over a set of the
opponent's hands at once, valued by the chance of winning the game, in place of solving
each determinization alone. After the vector minimax of I. Frank and D. Basin, "Search in
games with incomplete information: a case study using Bridge card play", *Artificial
Intelligence* 100 (1998).

The score-aware expert's play (:mod:`hoyle.cribbage.players.aware`) solves each drawn hand
of the opponent's as if both hands were known to the end of the play and averages the
values of each card: its later cards may differ from one drawn hand to another, although
it will not know which hand he holds when it lays them (strategy fusion). Here the worlds
(his ranks still held, the pone's show, the dealer's show and crib: what
:class:`~hoyle.cribbage.players.winsearch.WinSolver` values a play by) are searched together:

- at the seat's own turn it lays one rank for every world that reaches the position (the
  one with the best weighted mean chance; the lower rank among equals), as it must,
  knowing only its own cards and the ranks laid;
- at his turn, in each world, he lays a rank best for him there, knowing the world and the
  plan (``his_play``: any rank he holds, or only those best for him by that world's
  full-information search); the worlds that lay a rank go on together.

It finds a good plan, not always the best one: a choice at one of the seat's positions is
made over every world that can reach it, some of which his best play would not bring there
(the weakness Frank and Basin call non-locality). With ``his_play="any"`` the value of a
card is the value of the plan found, against his best answer in every world, so never more
than the best plan's (tested against an exhaustive search of every plan on small plays).

The rules are the engine's, as in :class:`WinSolver` (CRIB-R-8, CRIB-R-9, EW-T-ix: a player
who can play must; a go or the last card pegs one, none after 31; a go stands for the rest
of the count, EW-xxi; the game ends the moment a side reaches the target, CRIB-R-11; the
show in the laws' order, CRIB-R-10; a deal ended with nobody out is valued by the win table
at the next deal, CRIB-R-3). With one world it gives :class:`WinSolver`'s values.

>>> table = [[0.5] * 121 for _ in range(121)]
>>> s = InfoSetSolver(table, 121, [((5,), 0, 10, 1.0)], i_deal=False)
>>> s.card_values((5, 10), 0, (), False, 119, 115)   # WinSolver's module example
{5: 0.0, 10: 1.0}
"""

from __future__ import annotations

import math
import numbers
import operator
from collections.abc import Iterable
from typing import cast

from hoyle.cribbage.players.search import count_step, tail_of
from hoyle.cribbage.players.settings import is_finite, shown, switch, whole
from hoyle.cribbage.players.winsearch import WinSolver

__all__ = ["InfoSetSolver"]

_PIP = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

World = tuple[tuple[int, ...], int, int, float]


def _minus(hand: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(hand)
    for r in gone:
        rest.remove(r)
    return tuple(rest)


def _whole(value: object) -> int:
    """``value``, a whole number already checked (an ``int`` or numpy's), as an ``int``."""
    return operator.index(value)  # type: ignore[arg-type]


def _ranks(label: str, ranks: object, most: int, in_order: bool = False) -> tuple[int, ...]:
    """``ranks`` as a tuple of at most ``most`` ranks, each a whole number 1-13: sorted, or
    as given ``in_order``.

    Raises:
        ValueError: not a tuple or list of such ranks.
    """
    if not isinstance(ranks, (tuple, list)) or len(ranks) > most:
        raise ValueError(f"{label} is a tuple of at most {most} ranks, each 1-13, "
                         f"not {shown(ranks)}")
    items: list[object] = list(ranks)
    if not all(isinstance(r, numbers.Integral) and not isinstance(r, bool) and
               1 <= _whole(r) <= 13 for r in items):
        raise ValueError(f"{label} is a tuple of at most {most} ranks, each 1-13, "
                         f"not {shown(ranks)}")
    out = [r if isinstance(r, int) else _whole(r) for r in items]  # a Rank stays one
    return tuple(out) if in_order else tuple(sorted(out))


class InfoSetSolver:
    """The rest of a two-hand play for the seat to move, over a weighted set of worlds.

    Args:
        table: ``table[d][p]``, the dealer's chance of winning before a deal at dealer
            ``d``, pone ``p`` points (the win table as lists), 0 to ``target - 1``.
        target: the game (points).
        worlds: each ``(his ranks still held; the pone's show; the dealer's show and crib;
            weight)``: at most four ranks 1-13 (any order), the shows in points (whole
            numbers, at least 0), the weight a finite number above 0 (the count of draws
            alike; only the ratios matter). Every world's hand has the same number of cards.
        i_deal: the seat searched for is the dealer.
        his_play: how the worlds that reach a position after his card are told apart:
            ``"any"``, every world where he holds the rank goes on with it and he takes the
            rank worst for me (vector minimax); ``"solved"``, only the worlds where it is
            his best by the full-information search of that world
            (:class:`~hoyle.cribbage.players.winsearch.WinSolver`, his play as the
            determinizations take it), so my later cards are planned on the worlds his
            play leaves.
        solvers: for ``"solved"``, full-information solvers already used on these worlds
            (by the pone's show, the dealer's show and crib; made with this very ``table``
            and ``target``), to share their memos: the same values, found sooner. Added to
            as needed.

    Raises:
        ValueError: ``his_play`` not one of the two, ``i_deal`` not True or False,
            ``target`` not a whole number of at least 1, a ``table`` of fewer than
            ``target`` rows of ``target`` chances; no worlds, a world not of four parts, a hand not of
            ranks 1-13 or of more than four, a show not a whole number of at least 0, a
            weight not finite and above 0, or hands of different sizes; ``solvers`` not
            such solvers for this table and target.
    """

    def __init__(self, table: object, target: object, worlds: object, i_deal: object,
                 his_play: object = "any", solvers: object = None) -> None:
        # The arguments are checked here, not by their annotations: compiled (mypyc), a
        # wrong type would raise a bare TypeError at the call.
        if his_play not in ("any", "solved"):
            raise ValueError(f"his_play is 'any' or 'solved', not {shown(his_play)}")
        switch("i_deal", i_deal)
        whole("target", target, 1)
        goal = _whole(target)
        if not isinstance(table, list) or len(table) < goal or not all(
                isinstance(row, list) and len(row) >= goal for row in table[:goal]):
            raise ValueError(f"the table is {goal} rows of {goal} chances, the win "
                             "table as lists")
        if not isinstance(worlds, Iterable) or isinstance(worlds, (str, bytes)):
            raise ValueError(f"the worlds are a list of worlds, not {shown(worlds)}")
        given: list[object] = list(worlds)
        if not given:
            raise ValueError("the search needs at least one world")
        hands: list[tuple[int, ...]] = []
        weights: list[float] = []
        pone_show: list[int] = []
        dealer_show: list[int] = []
        for world in given:
            if not isinstance(world, (tuple, list)) or len(world) != 4:
                raise ValueError("each world is (his ranks, the pone's show, the dealer's "
                                 f"show and crib, weight), not {shown(world)}")
            parts: list[object] = list(world)
            hands.append(_ranks("his hand", parts[0], 4))
            whole("a show", parts[1], 0)
            whole("a show", parts[2], 0)
            pone_show.append(_whole(parts[1]))
            dealer_show.append(_whole(parts[2]))
            weight = parts[3]
            if not is_finite(weight) or not float(weight) > 0:  # type: ignore[arg-type]
                raise ValueError(f"a world's weight is a finite number above 0, not "
                                 f"{shown(weight)}")
            weights.append(float(weight))  # type: ignore[arg-type]
        if len({len(h) for h in hands}) != 1:
            raise ValueError("every world's hand has the same number of cards")
        # Only the ratios matter. Counts of draws are taken as they are; other weights are
        # scaled so that the least is 1 (the search's ties are to 1e-12 of a weight of 1),
        # or, where that would overflow, so that the greatest is.
        if min(weights) < 1 or not math.isfinite(sum(weights)):
            least, top = min(weights), max(weights)
            scaled = [w / least for w in weights]
            weights = scaled if math.isfinite(sum(scaled)) else [w / top for w in weights]
        self.table: list[list[float]] = cast(list[list[float]], table)
        self.target = goal
        self.hands = hands
        self.pone_show = pone_show
        self.dealer_show = dealer_show
        self.weight = weights
        self.i_deal = bool(i_deal)
        self.his_play = str(his_play)
        if solvers is None:
            solvers = {}
        if not isinstance(solvers, dict) or not all(
                isinstance(v, WinSolver) and v.table is table and v.target == goal and
                (v.pone_show, v.dealer_show) == k for k, v in solvers.items()):
            raise ValueError("solvers is a dict of WinSolver by (the pone's show, the "
                             "dealer's show and crib), each for this table and target")
        self._solvers: dict[tuple[int, int], WinSolver] = cast(
            dict[tuple[int, int], WinSolver], solvers)
        self._best: dict[tuple[object, ...], set[int]] = {}
        self.memo: dict[tuple[object, ...], tuple[float, ...]] = {}
        self._held: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}

    def held(self, w: int, gone: tuple[int, ...]) -> tuple[int, ...]:
        """World ``w``'s ranks still held once he has laid ``gone`` (sorted)."""
        key = (w, gone)
        h = self._held.get(key)
        if h is None:
            h = self._held[key] = _minus(self.hands[w], gone)
        return h

    def _after_play(self, w: int, ms: int, hs: int) -> float:
        """My chance in world ``w`` once the play is over at ``ms`` (mine) and ``hs`` (his)."""
        t = self.target
        if self.i_deal:
            pone, dealer = hs + self.pone_show[w], ms + self.dealer_show[w]
            if pone >= t:
                return 0.0
            if dealer >= t:
                return 1.0
            return 1.0 - self.table[pone][dealer]
        pone, dealer = ms + self.pone_show[w], hs + self.dealer_show[w]
        if pone >= t:
            return 1.0
        if dealer >= t:
            return 0.0
        return self.table[pone][dealer]

    def card_values(self, mine: object, count: object, seq: object, he_passed: object,
                    my_score: object, his_score: object) -> dict[int, float]:
        """My weighted mean chance of winning the game (0 to 1) for each rank I may lay now,
        my later cards one plan for all the worlds; empty when I can lay none (a go).

        Args:
            mine: my ranks held (a tuple of ranks 1-13, one to four, any order).
            count: the count now (points, 0-30), the pips of ``seq``.
            seq: the ranks laid on this count (a tuple), oldest first.
            he_passed: he has said go on this count (True or False; EW-xxi).
            my_score, his_score: the scores before my card (points, 0 to ``target - 1``).

        Raises:
            ValueError: any of those not so, or a rank more than four times among my hand,
                the count's ranks and a world's hand.
        """
        held = _ranks("my hand", mine, 4)
        if not held:
            raise ValueError("my hand holds a card at least")
        laid = _ranks("the count's ranks", seq, 13, in_order=True)
        whole("the count", count, 0)
        at = _whole(count)
        if sum(_PIP[r] for r in laid) != at or at > 30:
            raise ValueError(f"the count is the pips of its ranks and at most 30: "
                             f"{shown(count)} with {shown(seq)}")
        switch("he_passed", he_passed)
        scores: list[int] = []
        for label, score in (("my score", my_score), ("his score", his_score)):
            whole(label, score, 0)
            if _whole(score) >= self.target:
                raise ValueError(f"{label} is short of the game ({self.target}), not "
                                 f"{shown(score)}")
            scores.append(_whole(score))
        for hand in set(self.hands):
            seen = held + laid + hand
            for r in set(seen):
                if seen.count(r) > 4:
                    raise ValueError(f"rank {r} more than four times among my hand, the "
                                     f"count and a world's hand {hand}")
        return self._root_values(held, at, laid, bool(he_passed), scores[0], scores[1])

    def _root_values(self, mine: tuple[int, ...], count: int, seq: tuple[int, ...],
                     he_passed: bool, my_score: int, his_score: int) -> dict[int, float]:
        tail = tail_of(seq)
        ws = tuple(range(len(self.hands)))
        total = sum(self.weight)
        out: dict[int, float] = {}
        for r in mine:
            if count + _PIP[r] > 31 or r in out:
                continue
            v = self._lay(0, r, mine, (), count, tail, False, he_passed, my_score,
                          his_score, ws)
            out[r] = sum(self.weight[w] * x for w, x in zip(ws, v)) / total
        return out

    # The position: ``mine`` (my ranks held), ``gone`` (his ranks laid since the root,
    # sorted), the count and its tail, who has said go this count, the scores, the worlds
    # ``ws`` (sorted indices) that reach it. Values are mine, one per world of ``ws``.

    def _turn(self, who: int, mine: tuple[int, ...], gone: tuple[int, ...], count: int,
              tail: tuple[int, ...], i_passed: bool, he_passed: bool, last: int,
              ms: int, hs: int, ws: tuple[int, ...]) -> tuple[float, ...]:
        """``who`` (0 me, 1 him) to lay at ``count``; ``last`` laid the count's last card."""
        key = (who, mine, gone, count, tail, i_passed, he_passed, last, ms, hs, ws)
        v = self.memo.get(key)
        if v is not None:
            return v
        room = 31 - count
        if who == 0:
            ranks = sorted({r for r in mine if _PIP[r] <= room})
            if not ranks:
                v = self._go(0, mine, gone, count, tail, he_passed, last, ms, hs, ws)
            else:
                best: tuple[float, ...] = ()
                best_sum = -1.0
                for r in ranks:
                    child = self._lay(0, r, mine, gone, count, tail, i_passed, he_passed,
                                      ms, hs, ws)
                    s = sum(self.weight[w] * x for w, x in zip(ws, child))
                    if s > best_sum + 1e-12:
                        best, best_sum = child, s
                v = best
        else:
            can: list[int] = []
            cannot: list[int] = []
            for w in ws:
                # after his go he lays nothing more on this count, whatever a world's
                # hand holds (a drawn hand need not agree with the go)
                (can if not he_passed and any(_PIP[r] <= room for r in self.held(w, gone))
                 else cannot).append(w)
            values: dict[int, float] = {}
            if cannot:
                sub = tuple(cannot)
                for w, x in zip(sub, self._go(1, mine, gone, count, tail, i_passed, last,
                                              ms, hs, sub)):
                    values[w] = x
            if can:
                by_rank: dict[int, list[int]] = {}
                for w in can:
                    for r in self._his_ranks(w, mine, gone, count, tail, i_passed, ms, hs):
                        by_rank.setdefault(r, []).append(w)
                for r, group in by_rank.items():
                    sub = tuple(group)
                    for w, x in zip(sub, self._lay(1, r, mine, gone, count, tail, i_passed,
                                                   he_passed, ms, hs, sub)):
                        if x < values.get(w, 2.0):
                            values[w] = x
            v = tuple(values[w] for w in ws)
        self.memo[key] = v
        return v

    def _his_ranks(self, w: int, mine: tuple[int, ...], gone: tuple[int, ...], count: int,
                   tail: tuple[int, ...], i_passed: bool, ms: int, hs: int) -> set[int]:
        """The ranks he may lay in world ``w`` as ``his_play`` sees them: every rank he can
        lay (``"any"``), or those best for him by the world's full-information search."""
        held = self.held(w, gone)
        room = 31 - count
        if self.his_play == "any":
            return {r for r in held if _PIP[r] <= room}
        key = (held, self.pone_show[w], self.dealer_show[w], mine, count, tail, i_passed, ms, hs)
        best = self._best.get(key)
        if best is not None:
            return best
        shows = (self.pone_show[w], self.dealer_show[w])  # a solver's values hang on these
        solver = self._solvers.get(shows)
        if solver is None:
            solver = self._solvers[shows] = WinSolver(self.table, self.target, shows[0],
                                                      shows[1], 0)
        values: dict[int, float] = {}
        for i, r in enumerate(held):
            if _PIP[r] <= room and r not in values:
                values[r] = solver.lay(held, i, mine, count, tail, i_passed, hs, ms,
                                       not self.i_deal)
        top = max(values.values())
        best = self._best[key] = {r for r, v in values.items() if v >= top - 1e-9}
        return best

    def _go(self, who: int, mine: tuple[int, ...], gone: tuple[int, ...], count: int,
            tail: tuple[int, ...], other_passed: bool, last: int, ms: int, hs: int,
            ws: tuple[int, ...]) -> tuple[float, ...]:
        """``who`` cannot lay: the other lays if he has not said go, else the count ends."""
        if not other_passed:
            if who == 0:
                return self._turn(1, mine, gone, count, tail, True, False, last, ms, hs, ws)
            return self._turn(0, mine, gone, count, tail, False, True, last, ms, hs, ws)
        # Nobody can lay: one for the go or the last card (CRIB-R-8).
        if last == 0:
            ms += 1
            if ms >= self.target:
                return (1.0,) * len(ws)
        else:
            hs += 1
            if hs >= self.target:
                return (0.0,) * len(ws)
        return self._restart(last, mine, gone, ms, hs, ws)

    def _restart(self, last: int, mine: tuple[int, ...], gone: tuple[int, ...], ms: int,
                 hs: int, ws: tuple[int, ...]) -> tuple[float, ...]:
        """A new count, led by the other of ``last`` if he holds cards; the show when the
        play is over."""
        his_left = len(self.hands[ws[0]]) - len(gone)
        other_has = his_left > 0 if last == 0 else bool(mine)
        last_has = bool(mine) if last == 0 else his_left > 0
        if other_has:
            return self._turn(1 - last, mine, gone, 0, (), False, False, 1 - last, ms, hs, ws)
        if last_has:
            return self._turn(last, mine, gone, 0, (), False, False, last, ms, hs, ws)
        return tuple(self._after_play(w, ms, hs) for w in ws)

    def _lay(self, who: int, r: int, mine: tuple[int, ...], gone: tuple[int, ...],
             count: int, tail: tuple[int, ...], i_passed: bool, he_passed: bool, ms: int,
             hs: int, ws: tuple[int, ...]) -> tuple[float, ...]:
        """``who`` lays rank ``r`` (held in every world of ``ws`` when he lays it)."""
        if who == 0:
            i = mine.index(r)
            mine = mine[:i] + mine[i + 1:]
        else:
            gone = tuple(sorted(gone + (r,)))
        his_left = len(self.hands[ws[0]]) - len(gone)
        new_count = count + _PIP[r]
        new_tail, pts = count_step(tail, r, len(mine) + his_left)
        if new_count == 15 or new_count == 31:
            pts += 2
        if who == 0:
            ms += pts
            if ms >= self.target:
                return (1.0,) * len(ws)  # pegged out (CRIB-R-11)
        else:
            hs += pts
            if hs >= self.target:
                return (0.0,) * len(ws)
        if new_count == 31:
            return self._restart(who, mine, gone, ms, hs, ws)
        return self._turn(1 - who, mine, gone, new_count, new_tail, i_passed, he_passed, who,
                          ms, hs, ws)
