"""Exact search of the rest of a two-hand play for the chance of winning the game, when
both hands, the starter and the crib are known (one determinization of the score-aware
expert, :mod:`hoyle.cribbage.players.aware`).

The play is the engine's, as in :mod:`hoyle.cribbage.players.search` (CRIB-R-8, CRIB-R-9,
EW-T-ix: a player who can play must; a go or the last card pegs one, none after 31), but a
position is valued by the chance that the player to move wins the game, both playing to
win: the game ends the moment a side reaches the target (CRIB-R-11), in the play or in the
show, counted in the laws' order: the pone's hand, then the dealer's hand, then the crib
(CRIB-R-10); a deal that ends with nobody out is valued by the win table at the next
position, the pone of this deal dealing (CRIB-R-3). So the search pegs out when it can,
holds back the card that would give a side that counts first the points it lacks, and so
on: defence and attack by the score, not by points.

>>> table = [[0.5] * 121 for _ in range(121)]
>>> # The pone at 119 leads from a 5 and a 10; the dealer, at 115, holds a 5 and shows 10.
>>> # Lead the 10: the dealer's 5 makes 15 (117), the pone's 5 pairs it: 121, out. Lead
>>> # the 5: the dealer pairs it, the 10 makes 20 and the last card 120, and the dealer
>>> # counts out in the show.
>>> s = WinSolver(table, 121, pone_show=0, dealer_show=10, crib=0)
>>> s.card_values((5, 10), (5,), 0, (), False, 119, 115, False)
{5: 0.0, 10: 1.0}
"""

from __future__ import annotations

from hoyle.cribbage.players.search import count_step, tail_of

__all__ = ["WinSolver"]

_PIP = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

_Key = tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...], bool, bool, int, int,
             bool]


class WinSolver:
    """The play of one determinization, valued by the chance of winning the game.

    Args:
        table: ``table[d][p]``, the dealer's chance of winning before a deal at dealer
            ``d``, pone ``p`` points (the win table, ``WinTable.p`` as lists), 0 to
            ``target - 1``.
        target: the game (points).
        pone_show, dealer_show, crib: the show this deal (points), known in the
            determinization: the pone's hand, the dealer's hand and the crib with the
            starter.
    """

    def __init__(self, table: list[list[float]], target: int, pone_show: int,
                 dealer_show: int, crib: int) -> None:
        self.table = table
        self.target = target
        self.pone_show = pone_show
        self.dealer_show = dealer_show + crib  # the dealer's hand then his crib
        self.memo: dict[_Key, float] = {}

    def after_play(self, mover: int, other: int, mover_deals: bool) -> float:
        """The chance for the player to act that he wins once the play is over at
        ``mover`` and ``other`` points (neither out): the show in the laws' order, then the
        table at the next deal."""
        t = self.target
        if mover_deals:
            pone, dealer = other + self.pone_show, mover + self.dealer_show
            if pone >= t:
                return 0.0
            if dealer >= t:
                return 1.0
            return 1.0 - self.table[pone][dealer]  # the pone deals next
        pone, dealer = mover + self.pone_show, other + self.dealer_show
        if pone >= t:
            return 1.0
        if dealer >= t:
            return 0.0
        return self.table[pone][dealer]

    def value(self, mover: tuple[int, ...], other: tuple[int, ...], count: int,
              tail: tuple[int, ...], other_passed: bool, mover_was_last: bool,
              ms: int, os: int, mover_deals: bool) -> float:
        """The chance that the player to move (ranks ``mover``, sorted; ``ms`` points, the
        dealer if ``mover_deals``) wins, against ``other`` (``os`` points) at ``count``
        with ``tail`` the count's ranks (:func:`~hoyle.cribbage.players.search.tail_of`)."""
        key = (mover, other, count, tail, other_passed, mover_was_last, ms, os, mover_deals)
        v = self.memo.get(key)
        if v is not None:
            return v
        room = 31 - count
        best = -1.0
        prev = 0
        for i, r in enumerate(mover):  # sorted: equal ranks are adjacent
            if _PIP[r] > room:
                break
            if r == prev:
                continue
            prev = r
            v = self.lay(mover, i, other, count, tail, other_passed, ms, os, mover_deals)
            if v > best:
                best = v
                if best >= 1.0:
                    break
        if prev == 0:
            # The mover cannot play: go.
            if not other_passed and other and _PIP[other[0]] <= room:
                best = 1.0 - self.value(other, mover, count, tail, True, True, os, ms,
                                        not mover_deals)
            else:
                best = self._count_end(mover, other, mover_was_last, ms, os, mover_deals)
        self.memo[key] = best
        return best

    def lay(self, mover: tuple[int, ...], i: int, other: tuple[int, ...], count: int,
            tail: tuple[int, ...], other_passed: bool, ms: int, os: int,
            mover_deals: bool) -> float:
        """The mover's chance of winning if he lays his card ``i``."""
        r = mover[i]
        new_count = count + _PIP[r]
        rest = mover[:i] + mover[i + 1:]
        new_tail, pts = count_step(tail, r, len(rest) + len(other))
        if new_count == 15 or new_count == 31:
            pts += 2
        ms += pts
        if ms >= self.target:
            return 1.0  # pegged out (CRIB-R-11)
        if new_count == 31:
            if other:
                return 1.0 - self.value(other, rest, 0, (), False, False, os, ms,
                                        not mover_deals)
            if rest:
                return self.value(rest, other, 0, (), False, False, ms, os, mover_deals)
            return self.after_play(ms, os, mover_deals)
        room = 31 - new_count
        if not other_passed and other and _PIP[other[0]] <= room:
            return 1.0 - self.value(other, rest, new_count, new_tail, False, False, os, ms,
                                    not mover_deals)
        if rest and _PIP[rest[0]] <= room:
            return self.value(rest, other, new_count, new_tail, True, True, ms, os,
                              mover_deals)
        # Nobody can play: one for the go or the last card.
        ms += 1
        if ms >= self.target:
            return 1.0
        return self._restart(rest, other, ms, os, mover_deals)

    def _count_end(self, mover: tuple[int, ...], other: tuple[int, ...], mover_was_last: bool,
                   ms: int, os: int, mover_deals: bool) -> float:
        if mover_was_last:
            ms += 1
            if ms >= self.target:
                return 1.0
            return self._restart(mover, other, ms, os, mover_deals)
        os += 1
        if os >= self.target:
            return 0.0
        return 1.0 - self._restart(other, mover, os, ms, not mover_deals)

    def _restart(self, last: tuple[int, ...], opp: tuple[int, ...], ls: int, os: int,
                 last_deals: bool) -> float:
        """The chance for ``last`` (who laid the last card) from the next count, led by
        ``opp`` if he holds cards; the show when the play is over."""
        if opp:
            return 1.0 - self.value(opp, last, 0, (), False, False, os, ls, not last_deals)
        if last:
            return self.value(last, opp, 0, (), False, False, ls, os, last_deals)
        return self.after_play(ls, os, last_deals)

    def card_values(self, mine: tuple[int, ...], theirs: tuple[int, ...], count: int,
                    seq: tuple[int, ...], they_passed: bool, my_score: int, his_score: int,
                    i_deal: bool) -> dict[int, float]:
        """My chance of winning the game for each rank I may lay now (my ranks ``mine``,
        his ``theirs``, the count ``count`` of ranks ``seq``; the scores before the card)."""
        mine = tuple(sorted(mine))
        theirs = tuple(sorted(theirs))
        tail = tail_of(seq)
        out: dict[int, float] = {}
        for i, r in enumerate(mine):
            if count + _PIP[r] > 31 or r in out:
                continue
            out[r] = self.lay(mine, i, theirs, count, tail, they_passed, my_score, his_score,
                              i_deal)
        return out
