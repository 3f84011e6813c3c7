"""Pairings for club nights and tournaments: who plays whom in each round, who sits out.

Pure functions over player ids (ints) and the meetings so far; no game is named here.

- :func:`circle_round`: the round-robin "circle" rotation (one player fixed, the rest
  turning one place a round), the schedule clubs print as a rotation chart: over ``n - 1``
  rounds (``n`` even; an odd field gets a bye seat) every pair meets exactly once, so a
  club night of up to ``n - 1`` games has no repeat and a qualifying round of up to
  ``2(n - 1)`` games meets nobody more than twice (ACC qualifying).
- :func:`pair_round`: a round paired by search, for a field that changed (a late entry, a
  withdrawal) or a Swiss round: the players taken in the order given (the standings, for
  Swiss), each paired with the first player after him he has met fewest times, never
  past ``limit`` meetings, backtracking when the rest cannot be paired; the bye to the
  last player in the order among those with the fewest byes.
- :func:`bracket`: a knock-out bracket of seeds, byes to the top seeds when the field is
  not a power of two (seed 1 meets the lowest seed; the top two can meet only in the
  final).

>>> [sorted(p) for p in circle_round([1, 2, 3, 4], 0)[0]]
[[1, 4], [2, 3]]
>>> circle_round([1, 2, 3], 0)
([(2, 3)], [1])
>>> bracket(5)
[(1, None), (4, 5), (2, None), (3, None)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hoyle.errors import HoyleError

__all__ = ["PairingError", "circle_round", "pair_round", "fewest_repeats", "bracket",
           "meetings"]


class PairingError(HoyleError):
    """No pairing of the field keeps within the format's limit on meetings (e.g. a club
    night of more games than the field has opponents). The message says which limit."""


def meetings(rounds: Sequence[Sequence[tuple[int, int]]]) -> Counter[frozenset[int]]:
    """How many times each pair of players has met over ``rounds`` (lists of pairs)."""
    met: Counter[frozenset[int]] = Counter()
    for pairs in rounds:
        for a, b in pairs:
            met[frozenset((a, b))] += 1
    return met


def circle_round(players: Sequence[int], index: int) -> tuple[list[tuple[int, int]], list[int]]:
    """Round ``index`` (0-based) of the circle rotation of ``players`` (in their seating
    order): its pairs and the player with the bye (none for an even field). The schedule
    repeats every ``n - 1`` rounds (``n`` the field, rounded up to even).

    Raises:
        PairingError: fewer than two players.
    """
    field: list[int | None] = list(players)
    if len(field) < 2:
        raise PairingError(f"a round needs at least two players (the field has {len(field)})")
    if len(field) % 2:
        field.append(None)  # the bye seat
    m = len(field)
    r = index % (m - 1)
    rest = field[1:]
    turned = rest[r:] + rest[:r]  # the others turn one place a round
    order = [field[0]] + turned
    pairs: list[tuple[int, int]] = []
    byes: list[int] = []
    for i in range(m // 2):
        a, b = order[i], order[m - 1 - i]
        if a is None or b is None:
            byes.append(b if a is None else a)  # type: ignore[arg-type]
        else:
            pairs.append((a, b))
    return pairs, byes


def pair_round(order: Sequence[int], met: Counter[frozenset[int]], limit: int,
               byes: Counter[int] | None = None) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair the players ``order`` (best first for Swiss; the rotation's order otherwise):
    each with the first player after him he has met fewest times (``met``), no pair past
    ``limit`` meetings; with an odd field, the bye to the lowest in ``order`` among those
    with the fewest ``byes`` so far. Backtracks until every player is paired.

    Returns:
        (pairs, [the bye's player] or []).

    Raises:
        PairingError: no pairing keeps every pair within ``limit`` meetings.
    """
    byes = byes or Counter()
    players = list(order)
    if len(players) < 2:
        raise PairingError(f"a round needs at least two players (the field has "
                           f"{len(players)})")
    candidates: Sequence[int | None] = [None]
    if len(players) % 2:
        fewest = min(byes[p] for p in players)
        # the lowest-placed players with the fewest byes first
        candidates = [p for p in reversed(players) if byes[p] == fewest]
        candidates += [p for p in reversed(players) if byes[p] != fewest]
    for bye in candidates:
        rest = [p for p in players if p != bye]
        found = _match(rest, met, limit)
        if found is not None:
            return found, ([] if bye is None else [bye])
    raise PairingError(f"no pairing of the {len(players)} players keeps every pair to at "
                       f"most {limit} meeting{'s' if limit != 1 else ''}")


def _match(players: list[int], met: Counter[frozenset[int]], limit: int,
           repeats: int | None = None, floor: int = 0) -> list[tuple[int, int]] | None:
    """A pairing of ``players`` with no pair at ``limit`` meetings, and (``repeats`` given)
    at most that many pairs that have met ``floor`` times or more."""
    if not players:
        return []
    first, rest = players[0], players[1:]
    # fewest meetings first, then the nearest in the order (Swiss: the closest standing)
    options = sorted(range(len(rest)), key=lambda i: (met[frozenset((first, rest[i]))], i))
    for i in options:
        other = rest[i]
        times = met[frozenset((first, other))]
        if times >= limit:
            continue
        left = repeats
        if repeats is not None and times >= floor:
            if repeats == 0:
                continue
            left = repeats - 1
        tail = _match(rest[:i] + rest[i + 1:], met, limit, left, floor)
        if tail is not None:
            return [(first, other)] + tail
    return None


def fewest_repeats(order: Sequence[int], met: Counter[frozenset[int]], limit: int
                   ) -> list[tuple[int, int]] | None:
    """The pairing of ``order`` (an even field) with the fewest pairs that have met
    ``limit`` times already (none past ``limit + 1``), ``None`` if none exists."""
    for repeats in range(len(order) // 2 + 1):
        found = _match(list(order), met, limit + 1, repeats, limit)
        if found is not None:
            return found
    return None


def bracket(seeds: int) -> list[tuple[int, int | None]]:
    """The first round of a knock-out of ``seeds`` players (seed numbers 1 best), in the
    bracket's order from the top: pairs ``(high, low)``, ``low`` ``None`` for a bye. The
    bracket is the next power of two; the byes go to the top seeds; seed 1 and seed 2 can
    meet only in the final.

    Raises:
        PairingError: fewer than two seeds.
    """
    if seeds < 2:
        raise PairingError(f"a playoff needs at least two players (it has {seeds})")
    size = 1
    while size < seeds:
        size *= 2
    order = [1]
    while len(order) < size:  # each seed s meets (2 * len + 1 - s) in the next round out
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return [(a, b if b <= seeds else None) for a, b in zip(order[::2], order[1::2])]
