"""Exact search of the rest of a two-hand play (the pegging) when both hands are known.

Only ranks matter in the play (CRIB-R-9: fifteens, 31, pairs, runs, go), so hands are
tuples of ranks (1-13) and positions that differ only in suits share one memo entry. The
value of a position is the points the player to move pegs from now to the end of the play
minus the points his opponent pegs, with both playing perfectly. The rules are the engine's
(CRIB-R-8, EW-T-ix, EW-xxi): a player who can play must; when neither can, the last player
pegs one (none after 31) and the count restarts, led by his opponent if he holds cards.

Speed: positions are memoised across calls (per process, :data:`MEMO_LIMIT`), keyed by the
sorted hands, the count and only the part of the count's ranks that can still score (the
tail a later pair or run can reach, cut to the runs the cards left could complete), so
positions reached by different orders or in different deals share one entry; the values
are the same as a plain search's (``tests/cribbage/test_speed_identical.py``).

>>> play_value((5,), (10,), 0, ())   # lead the 5: he makes 15 (2) and takes the last card (1)
-3
>>> best_card((4, 5), (6, 10), 0, ())  # leading the 4 risks the least
4
"""

from __future__ import annotations

__all__ = ["play_value", "best_card", "card_values", "peg_points", "count_step", "tail_of"]

_PIP = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def peg_points(seq: tuple[int, ...]) -> int:
    """Points for the last rank of ``seq`` (the ranks of the current count, oldest first):
    15 or 31 for 2, pairs 2/6/12, the longest run of 3+ among the latest cards."""
    total = 0
    for r in seq:
        total += _PIP[r]
    pts = 2 if total in (15, 31) else 0
    n = len(seq)
    last = seq[-1]
    same = 1
    i = n - 2
    while i >= 0 and seq[i] == last:
        same += 1
        i -= 1
    if same >= 2:
        return pts + (2, 6, 12)[min(same, 4) - 2]
    if n >= 3:
        seen = {last}
        lo = hi = last
        best = 0
        for length in range(2, n + 1):
            r = seq[n - length]
            if r in seen:
                break
            seen.add(r)
            lo = min(lo, r)
            hi = max(hi, r)
            if length >= 3 and hi - lo == length - 1:
                best = length
        pts += best
    return pts


def _drop(hand: tuple[int, ...], i: int) -> tuple[int, ...]:
    return hand[:i] + hand[i + 1:]


def _tail(seq: tuple[int, ...]) -> tuple[int, ...]:
    """The part of the count's ranks ``seq`` that the points of any later card can depend
    on: the trailing cards of one rank when the last two pair (a later card that does not
    pair them makes no run through them), else the longest run of distinct ranks at the
    end (a run is looked for back to the first repeated rank). With the count itself this
    gives the same points as the whole ``seq``, so positions share memo entries."""
    n = len(seq)
    if n < 2:
        return seq
    last = seq[-1]
    if seq[-2] == last:
        i = n - 2
        while i > 0 and seq[i - 1] == last:
            i -= 1
        return seq[i:]
    seen = {last}
    i = n - 1
    while i > 0 and seq[i - 1] not in seen:
        i -= 1
        seen.add(seq[i])
    return seq[i:]


def _trim(tail: tuple[int, ...], left: int) -> tuple[int, ...]:
    """A :func:`_tail` cut to what can still score with at most ``left`` more cards: a
    run through the last ``m`` ranks of a tail of distinct ranks needs the ranks missing
    between them (the span less ``m``) among the cards still to come, so the longest
    suffix that could be completed is kept (one rank at least, for a pair)."""
    n = len(tail)
    if n < 2 or tail[-2] == tail[-1]:
        return tail
    keep = 1
    lo = hi = tail[-1]
    for m in range(2, n + 1):
        r = tail[n - m]
        if r < lo:
            lo = r
        elif r > hi:
            hi = r
        if hi - lo + 1 - m <= left:
            keep = m
    return tail[n - keep:]


def tail_of(seq: tuple[int, ...]) -> tuple[int, ...]:
    """The tail the solver keeps of a count's ranks ``seq`` (oldest first)."""
    return _tail(seq)


def _points(tail: tuple[int, ...], count: int) -> int:
    """:func:`peg_points` of a count whose ranks end with ``tail`` (a :func:`_tail`) and
    total ``count``."""
    pts = 2 if count == 15 or count == 31 else 0
    n = len(tail)
    last = tail[-1]
    if n >= 2 and tail[-2] == last:
        return pts + (2, 6, 12)[min(n, 4) - 2]
    if n >= 3:
        lo = hi = last
        best = 0
        for length in range(2, n + 1):
            r = tail[n - length]
            if r < lo:
                lo = r
            elif r > hi:
                hi = r
            if length >= 3 and hi - lo == length - 1:
                best = length
        pts += best
    return pts


_Key = tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...], bool, bool]
_MEMO: dict[_Key, int] = {}
_STEP: dict[tuple[tuple[int, ...], int, int], tuple[tuple[int, ...], int]] = {}
"""Laying a rank on a count: ``(tail, rank, cards left in both hands) -> (new tail cut
to what can still score, its points for pairs and runs)``."""
_ROOTS: dict[tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...], bool],
             dict[int, int]] = {}
""":func:`card_values` by its arguments (hands sorted, the count's tail)."""
MEMO_LIMIT = 1 << 20
"""Positions the exact solver keeps (per process; a few hundred bytes each): past it, the
next search forgets them all and starts again."""


def count_step(tail: tuple[int, ...], rank: int, left: int) -> tuple[tuple[int, ...], int]:
    """Laying ``rank`` on a count whose ranks end with ``tail`` (a tail as the solver keeps
    it, ``()`` for a new count), ``left`` cards then left in both hands: the new tail (cut
    to what can still score) and the points for pairs and runs (CRIB-R-9; the 2 for 15 or
    31 are the caller's, from the count). Memoised."""
    step = _STEP.get((tail, rank, left))
    if step is None:
        new_tail = _tail(tail + (rank,))
        step = _STEP[(tail, rank, left)] = (_trim(new_tail, left), _points(new_tail, 0))
    return step


def _forget() -> None:
    """Empty the solver's memos (they are only caches: values do not change)."""
    _MEMO.clear()
    _STEP.clear()
    _ROOTS.clear()


def _value(mover: tuple[int, ...], other: tuple[int, ...], count: int, tail: tuple[int, ...],
           other_passed: bool, mover_was_last: bool) -> int:
    """Value for the player to move (see the module docstring). ``tail``: the count's
    ranks as far as they matter (:func:`_tail`); ``mover_was_last``: the mover played the
    last card of the current count (for the go point). Memoised across calls."""
    key = (mover, other, count, tail, other_passed, mover_was_last)
    v = _MEMO.get(key)
    if v is not None:
        return v
    room = 31 - count
    best: int | None = None
    prev = 0
    for i, r in enumerate(mover):  # hands are sorted: equal ranks are adjacent
        if _PIP[r] > room:
            break
        if r == prev:
            continue
        prev = r
        v = _lay(mover, i, other, count, tail, other_passed)
        if best is None or v > best:
            best = v
    if best is None:
        # The mover cannot play: go.
        if not other_passed and other and _PIP[other[0]] <= room:
            # Turns alternate, so the other laid the last card; he plays on.
            best = -_value(other, mover, count, tail, True, True)
        else:
            # Neither can play: the count ends; the last player pegs one.
            best = _count_end(mover, other, mover_was_last)
    _MEMO[key] = best
    return best


def _lay(mover: tuple[int, ...], i: int, other: tuple[int, ...], count: int,
         tail: tuple[int, ...], other_passed: bool) -> int:
    """Value for the mover of laying his card ``i``: its points, then the rest of the play."""
    r = mover[i]
    new_count = count + _PIP[r]
    rest = mover[:i] + mover[i + 1:]
    left = len(rest) + len(other)
    step = _STEP.get((tail, r, left))
    if step is None:
        step = count_step(tail, r, left)
    new_tail, pts = step
    if new_count == 15 or new_count == 31:
        pts += 2
    if new_count == 31:
        # 31 ends the count (2 points included); the opponent leads if he has cards.
        if other:
            return pts - _value(other, rest, 0, (), False, False)
        if rest:
            return pts + _value(rest, other, 0, (), False, False)
        return pts
    # The next turn (the card did not make 31).
    room = 31 - new_count
    if not other_passed and other and _PIP[other[0]] <= room:
        return pts - _value(other, rest, new_count, new_tail, False, False)
    if rest and _PIP[rest[0]] <= room:
        # The opponent cannot play (he has passed or has no card that fits): play on.
        return pts + _value(rest, other, new_count, new_tail, True, True)
    # Nobody can play: the count ends and the player who laid the card pegs one.
    if not rest and not other:
        return pts + 1
    return pts + 1 + _restart(rest, other)


def _count_end(mover: tuple[int, ...], other: tuple[int, ...], mover_was_last: bool) -> int:
    """The count ends with nobody able to play, the mover to act: one for last goes to
    whoever laid the last card; the next count is led by the last player's opponent."""
    if mover_was_last:
        if not mover and not other:
            return 1
        return 1 + _restart(mover, other)
    # The other player laid the last card.
    if not mover and not other:
        return -1
    return -1 - _restart(other, mover)


def _restart(last: tuple[int, ...], opp: tuple[int, ...]) -> int:
    """Value for ``last`` (who laid the last card) of the next count, led by ``opp`` if he
    holds cards, else by ``last``."""
    if opp:
        return -_value(opp, last, 0, (), False, False)
    if last:
        return _value(last, opp, 0, (), False, False)
    return 0


def play_value(mine: tuple[int, ...], theirs: tuple[int, ...], count: int,
               seq: tuple[int, ...], they_passed: bool = False) -> int:
    """The value (points mine minus theirs to the end of the play) for me, to move, holding
    the ranks ``mine`` against ``theirs`` at ``count`` with ``seq`` the ranks of the count."""
    if len(_MEMO) >= MEMO_LIMIT:
        _forget()
    return _value(tuple(sorted(mine)), tuple(sorted(theirs)), count, _tail(seq), they_passed,
                  they_passed and bool(seq))


def card_values(mine: tuple[int, ...], theirs: tuple[int, ...], count: int,
                seq: tuple[int, ...], they_passed: bool = False) -> dict[int, int]:
    """The value for me of laying each playable rank (same units as :func:`play_value`)."""
    mine = tuple(sorted(mine))
    theirs = tuple(sorted(theirs))
    tail = _tail(seq)
    key = (mine, theirs, count, tail, they_passed)
    known = _ROOTS.get(key)
    if known is None:
        if len(_MEMO) >= MEMO_LIMIT:  # checked here, not at every position
            _forget()
        known = {}
        for i, r in enumerate(mine):
            if count + _PIP[r] > 31 or r in known:
                continue
            known[r] = _lay(mine, i, theirs, count, tail, they_passed)
        if len(_ROOTS) >= MEMO_LIMIT // 8:
            _ROOTS.clear()
        _ROOTS[key] = known
    return dict(known)


def best_card(mine: tuple[int, ...], theirs: tuple[int, ...], count: int,
              seq: tuple[int, ...], they_passed: bool = False) -> int:
    """The rank to lay with both hands known (the lowest rank among equals)."""
    vals = card_values(mine, theirs, count, seq, they_passed)
    return max(sorted(vals), key=lambda r: vals[r])
