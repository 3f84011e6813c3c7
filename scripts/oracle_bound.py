"""What seeing the opponent's cards wins against the expert: ``python
scripts/oracle_bound.py [--deals N] [--seed S] [--games G] [--cheat C] [--no-deals]``.

Two players that cheat, to measure what reading the opponent perfectly is worth against
the expert (issue 32's target). Each is one cheating strategy, the expert's own with its
eyes open, not the most a cheat could win: it still lays away and plays for points, not
for the game, and solves the play as if the expert played perfectly. ``peek-play``: the expert, but in the play it sees the cards the
opponent still holds and solves the rest of the play exactly with them (the expert's search
with the true hand as its only determinization). ``peek-all``: that, and its lay-away sees
the opponent's six too: it knows which four he keeps and which two he lays in the crib (the
two he has laid, or the expert's lay-away from his view: fixed given his six and the
score), so each of its 15 ways is valued exactly over
the 40 starters left (its hand, the whole crib: + to the dealer, - to the pone) plus the
play solved exactly with both hands known. Neither sees the starter before it is cut.

Prints each cheat's net points a deal against the expert over N pairs of first deals (each
deal played in both seatings, the same cards; ``scripts/paired_deals.py``'s measure), and,
with ``--games``, peek-all's share of the games won over G pairs of whole games against the
expert (2G games, both seatings; the 95% CI by pairs, clipped to 0-1), or peek-play's with
``--cheat peek-play``; ``--no-deals`` skips the deals.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired_deals import one_deal  # noqa: E402

from hoyle.cards import CARDS, Card  # noqa: E402
from hoyle.cribbage.advice.discard import discard_options  # noqa: E402
from hoyle.cribbage.match import play_game  # noqa: E402
from hoyle.cribbage.players.expert import ExpertPlayer  # noqa: E402
from hoyle.cribbage.players.search import play_value  # noqa: E402
from hoyle.cribbage.rules import CribbageRules  # noqa: E402
from hoyle.cribbage.scoring import show_total  # noqa: E402
from hoyle.cribbage.state import CribbageState, CribbageView  # noqa: E402
from hoyle.interface.tally import game_seed  # noqa: E402


class Peek(ExpertPlayer):
    """The expert who sees the opponent's cards in the state it is handed (``state``)."""

    name = "peek"

    def __init__(self, layaway: bool) -> None:
        super().__init__(samples=1)
        self.layaway = layaway
        self.state: CribbageState | None = None

    def _opponent_hands(self, view: CribbageView, n_opp: int,
                        rng: random.Random) -> list[tuple[int, ...]]:
        assert self.state is not None
        return [tuple(c.rank for c in self.state.hands[1 - view.seat])]

    def _discard(self, view: CribbageView, lay: int = 2) -> tuple[Card, ...]:
        if not self.layaway or len(view.hand) != 6 or view.players != 2:
            return super()._discard(view, lay)
        assert self.state is not None
        opp = 1 - view.seat
        if self.state.discards[opp]:  # he has laid away: his two are in the state
            his_lay = tuple(self.state.discards[opp])
            six = list(self.state.hands[opp]) + list(his_lay)
        else:  # his lay-away to come, the expert's: fixed given his view (his six, the score)
            his_view = self.state.view(opp)
            six = list(his_view.hand)
            his_lay = ExpertPlayer()._discard(his_view, lay)
        his_keep = [c for c in six if c not in his_lay]
        assert len(six) == 6 and len(his_keep) == 4, (six, his_lay)
        seen = set(view.hand) | set(six)
        starters = [c for c in CARDS if c not in seen]
        sign = 1 if view.is_dealer else -1
        his = tuple(c.rank for c in his_keep)
        best, best_v = None, -math.inf
        for o in discard_options(view.hand, view.is_dealer):
            crib = list(o.discard) + list(his_lay)
            show = sum(show_total(o.keep, s) + sign * show_total(crib, s, crib=True)
                       for s in starters) / len(starters)
            mine = tuple(c.rank for c in o.keep)
            peg = -play_value(his, mine, 0, ()) if view.is_dealer else play_value(mine, his, 0, ())
            if show + peg > best_v:
                best, best_v = o.discard, show + peg
        assert best is not None
        return tuple(sorted(best))


def deals(n: int, seed: int) -> None:
    expert = ExpertPlayer()
    for name, layaway in (("peek-play", False), ("peek-all", True)):
        peek = Peek(layaway)
        nets: list[float] = []
        t0 = time.perf_counter()
        for k in range(n):
            s = game_seed(seed, k)
            pair = 0.0
            for seat in (0, 1):
                probe: list[Any] = [None, None]
                probe[seat] = peek
                probe[1 - seat] = expert
                _, pts = _one(probe, s)
                mine = sum(v for key, v in pts.items() if key.endswith(f":{seat}"))
                theirs = sum(v for key, v in pts.items() if key.endswith(f":{1 - seat}"))
                pair += (mine - theirs) / 2
            nets.append(pair)
        mean = sum(nets) / n
        se = math.sqrt(sum((x - mean) ** 2 for x in nets) / (n - 1) / n)
        print(f"{name} v expert: {n} pairs of first deals, seed {seed}: net {mean:+.3f} points "
              f"a deal (se {se:.3f}), {time.perf_counter() - t0:.0f} s", flush=True)


def _one(players: list[Any], seed: int) -> tuple[int, dict[str, int]]:
    """:func:`paired_deals.one_deal`, the peek told the state."""
    state = CribbageState(seed=seed, itemize=True)
    for p in players:
        if isinstance(p, Peek):
            p.state = state
    return one_deal(players, seed, state)


def games(g: int, seed: int, cheat: str) -> None:
    expert = ExpertPlayer()
    peek = Peek(cheat == "peek-all")
    wins = []
    t0 = time.perf_counter()
    for k in range(g):
        pair = 0
        for seat in (0, 1):
            st = CribbageState(CribbageRules(), seed=game_seed(seed, k), itemize=False)
            peek.state = st
            players: list[Any] = [expert, expert]
            players[seat] = peek
            play_game(players, seed=game_seed(seed, k), state=st, resumable=False)
            assert st.result is not None
            pair += st.result.winner == seat
        wins.append(pair / 2)
    mean = sum(wins) / g
    sd = math.sqrt(sum((x - mean) ** 2 for x in wins) / (g - 1))
    half = 1.96 * sd / math.sqrt(g)
    print(f"{cheat} v expert: {g} pairs of games ({2 * g} games), seed {seed}: won "
          f"{mean:.4f} of them (95% CI by pairs {max(0.0, mean - half):.4f}-"
          f"{min(1.0, mean + half):.4f}), {time.perf_counter() - t0:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=500,
                    help="pairs of first deals for each cheat (default 500)")
    ap.add_argument("--seed", type=int, default=4242, help="seed (default 4242)")
    ap.add_argument("--games", type=int, default=0,
                    help="pairs of whole games for --cheat (default 0: none)")
    ap.add_argument("--cheat", choices=("peek-all", "peek-play"), default="peek-all",
                    help="the cheat that plays --games whole games (default peek-all)")
    ap.add_argument("--no-deals", action="store_true", help="whole games only")
    args = ap.parse_args()
    if not args.no_deals and args.deals < 2:
        ap.error("--deals must be at least 2 (a standard error needs two pairs)")
    if args.games < 0 or args.games == 1:
        ap.error("--games must be 0 or at least 2 (a standard error needs two pairs)")
    if args.no_deals and not args.games:
        ap.error("--no-deals leaves nothing to play: give --games too")
    if not args.no_deals:
        deals(args.deals, args.seed)
    if args.games:
        games(args.games, args.seed, args.cheat)


if __name__ == "__main__":
    main()
