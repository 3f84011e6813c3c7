"""An exhaustive reference for the information-set search of small two-hand plays
(:class:`~hoyle.cribbage.players.infoset.InfoSetSolver`), written apart from it: the play
simulated move by move from the laws (CRIB-R-8, CRIB-R-9, EW-xxi), and the value of the
best plan of mine (one card for each position I can tell apart) when in every hand he
answers it as best he can, knowing the hand and the plan.

The plans are not listed one by one: the set of per-hand outcome vectors my plans can
reach is carried up the tree (at my turn the union over my cards, at his the worst for me
in each hand of one vector per card he may lay), dropping every vector that another matches
or beats in every hand (the best plan's vector always stays). The best plan's value is the best mean of a vector. The outcome: 1 if I reach
the target first, 0 if he does; else the show (the pone's hand first, CRIB-R-10), then
the win table ``table[dealer][pone]`` (the dealer's chance) at the next deal.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

Position = tuple[tuple[tuple[int, ...], tuple[int, ...]], int, tuple[int, ...], int,
                 tuple[bool, bool], int, tuple[int, int]]


def _pip(rank: int) -> int:
    return min(rank, 10)


def _pegged(seq: tuple[int, ...], count: int) -> int:
    """Points for the last card of ``seq`` at ``count``: 15 or 31, pairs, runs."""
    pts = 2 if count in (15, 31) else 0
    same = 1
    while same < len(seq) and seq[-1 - same] == seq[-1]:
        same += 1
    pts += (0, 0, 2, 6, 12)[same]
    run = 0
    for k in range(3, len(seq) + 1):
        tail = seq[-k:]
        if len(set(tail)) == k and max(tail) - min(tail) == k - 1:
            run = k
    return pts + run


class Play:
    """The rest of one two-hand play. A position is (hands (mine, his), count, the count's
    ranks, who moves (0 me, 1 him), who has said go, who laid last, scores (mine, his)); a
    finished play is its scores as a list."""

    def __init__(self, table: Sequence[Sequence[float]], target: int, pone_show: int,
                 dealer_show: int, i_deal: bool) -> None:
        self.table, self.target = table, target
        self.pone_show, self.dealer_show, self.i_deal = pone_show, dealer_show, i_deal

    def outcome(self, scores: list[int]) -> float:
        me, him = scores
        if me >= self.target:
            return 1.0
        if him >= self.target:
            return 0.0
        pone, dealer = (him, me) if self.i_deal else (me, him)
        pone_out = pone + self.pone_show >= self.target
        dealer_out = dealer + self.dealer_show >= self.target
        if pone_out or dealer_out:
            return 1.0 if pone_out != self.i_deal else 0.0
        # the pone deals next: the table gives his chance, his score first
        next_dealer = self.table[pone + self.pone_show][dealer + self.dealer_show]
        return 1.0 - next_dealer if self.i_deal else next_dealer

    def moves(self, pos: Position) -> list[int]:
        """The ranks the one to move may lay; ``[0]`` for a go."""
        hands, count, _seq, who, go, _last, _scores = pos
        if go[who]:
            return [0]
        return sorted({r for r in hands[who] if count + _pip(r) <= 31}) or [0]

    def after(self, pos: Position, move: int) -> Position | list[int]:
        hands_t, count, seq, who, go_t, last, scores_t = pos
        hands = [list(hands_t[0]), list(hands_t[1])]
        go, scores = list(go_t), list(scores_t)
        if move == 0:
            go[who] = True
            if not all(go):
                return ((tuple(hands[0]), tuple(hands[1])), count, seq, 1 - who,
                        (go[0], go[1]), last, (scores[0], scores[1]))
            scores[last] += 1  # the go
            if scores[last] >= self.target:
                return scores
            return self._new_count(hands, 1 - last, scores)
        hands[who].remove(move)
        count += _pip(move)
        seq = seq + (move,)
        scores[who] += _pegged(seq, count)
        if scores[who] >= self.target:
            return scores
        if not hands[0] and not hands[1]:
            if count != 31:
                scores[who] += 1  # the last card
            return scores
        if count == 31:
            return self._new_count(hands, 1 - who, scores)
        nxt = who if go[1 - who] else 1 - who
        return ((tuple(hands[0]), tuple(hands[1])), count, seq, nxt, (go[0], go[1]), who,
                (scores[0], scores[1]))

    def _new_count(self, hands: list[list[int]], leader: int, scores: list[int]) -> Position:
        if not hands[leader]:
            leader = 1 - leader
        return ((tuple(hands[0]), tuple(hands[1])), 0, (), leader, (False, False), leader,
                (scores[0], scores[1]))

    def vectors(self, positions: list[Position | list[int]]) -> set[tuple[float, ...]]:
        """The undominated outcome vectors (one per hand) my plans reach from
        ``positions`` (one per hand, alike to me)."""
        if isinstance(positions[0], list):
            return {tuple(self.outcome(p) for p in positions)}  # type: ignore[arg-type]
        ps: list[Position] = positions  # type: ignore[assignment]
        if ps[0][3] == 0:
            out: set[tuple[float, ...]] = set()
            for m in self.moves(ps[0]):
                out |= self.vectors([self.after(p, m) for p in ps])
            return _undominated(out)
        by_move: dict[int, list[int]] = {}
        for i, p in enumerate(ps):
            for m in self.moves(p):
                by_move.setdefault(m, []).append(i)
        kids = [(ix, sorted(self.vectors([self.after(ps[i], m) for i in ix])))
                for m, ix in by_move.items()]
        out = set()
        for pick in itertools.product(*[k[1] for k in kids]):
            v = [2.0] * len(ps)
            for (ix, _), vec in zip(kids, pick):
                for i, x in zip(ix, vec):
                    v[i] = min(v[i], x)
            out.add(tuple(v))
        return _undominated(out)


def _undominated(vs: set[tuple[float, ...]]) -> set[tuple[float, ...]]:
    return {v for v in vs if not any(u != v and all(a >= b for a, b in zip(u, v)) for u in vs)}


def best_plan_values(mine: tuple[int, ...], hands: Sequence[tuple[int, ...]], count: int,
                     seq: tuple[int, ...], me: int, him: int, table: Sequence[Sequence[float]],
                     target: int, pone_show: int, dealer_show: int, i_deal: bool
                     ) -> dict[int, float]:
    """For each rank I may lay now, the mean over ``hands`` (alike likely, all of one size)
    of the best plan's outcome; he has laid the count's last card (or it is new) and not
    said go."""
    assert len({len(h) for h in hands}) == 1, "hands of one size"
    play = Play(table, target, pone_show, dealer_show, i_deal)
    out = {}
    for r in sorted(set(mine)):
        if count + _pip(r) > 31:
            continue
        start: Position = ((tuple(mine), ()), count, tuple(seq), 0, (False, False), 1,
                           (me, him))
        ps = [play.after(((tuple(mine), tuple(h)), *start[1:]), r)  # type: ignore[arg-type]
              for h in hands]
        out[r] = max(sum(v) / len(v) for v in play.vectors(ps))
    return out
