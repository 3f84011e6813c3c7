"""How well the opponent model (:mod:`hoyle.cribbage.players.reading`) predicts the hands
players really keep: ``python scripts/reading_gain.py [--games N] [--seed S] [--players
A,B] [--temps T,...]``.

Plays N seeded two-hand six-card games between the two players (game ``k`` seeded
``game_seed(S, k)``) and, for every lay-away of every deal, the log-likelihood gain over a
uniform draw of the four cards kept, read by the other seat (the pool: the 46 cards not in
his own six; :func:`~hoyle.cribbage.players.reading.keep_log_gain`), for each temperature
(points) with the pegging table at half weight, and for the expert's old model (the
advice's best keep alone: temperature 0, no pegging). Prints each model's mean gain per
hand (nats) with its standard error and the share of hands it gives no chance.
"""

from __future__ import annotations

import argparse
import math

from hoyle.cards import CARDS, Card
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import make_player
from hoyle.cribbage.players.reading import keep_log_gain
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.errors import HoyleError
from hoyle.interface.tally import game_seed

Hand = tuple[tuple[Card, ...], tuple[Card, ...], bool]


def kept_hands(players: tuple[str, str], games: int, seed: int) -> list[Hand]:
    """``(kept, pool, dealer)`` for each lay-away of ``games`` seeded games: the four cards
    kept, the 46 cards the other seat has not seen at the lay-away, whether the keeper
    dealt."""
    out: list[Hand] = []
    for k in range(games):
        state = CribbageState(seed=game_seed(seed, k), itemize=False)
        seen: set[tuple[int, ...]] = set()

        def look(_events: object, s: CribbageState = state,
                 done: set[tuple[int, ...]] = seen) -> None:
            if s.phase != Phase.PLAY or s.dealer is None or any(len(h) != 4 for h in s.kept):
                return
            key = tuple(c.index for h in s.kept for c in h)
            if key in done:
                return
            done.add(key)
            for seat in (0, 1):
                other = set(s.kept[1 - seat]) | set(s.discards[1 - seat])
                out.append((s.kept[seat], tuple(c for c in CARDS if c not in other),
                            s.dealer == seat))

        play_game([make_player(players[0]), make_player(players[1])], seed=game_seed(seed, k),
                  state=state, on_events=look, resumable=False, itemize=False)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=2027)
    ap.add_argument("--players", default="aware,expert")
    ap.add_argument("--temps", default="0,0.25,0.5,1,2,4")
    a = ap.parse_args()
    names = tuple(n.strip() for n in a.players.split(","))
    if a.games < 1:
        ap.error("--games must be at least 1")
    if len(names) != 2:
        ap.error(f"--players takes two players, A,B, not {a.players!r}")
    try:
        temps = [float(t) for t in a.temps.split(",")]
    except ValueError:
        ap.error(f"--temps takes numbers, T,T,..., not {a.temps!r}")
    if not all(math.isfinite(t) and t >= 0 for t in temps):
        ap.error(f"temperatures are points, finite and at least 0, not {a.temps!r}")
    try:
        for n in names:
            make_player(n)
    except HoyleError as e:
        ap.error(str(e))
    hands = kept_hands((names[0], names[1]), a.games, a.seed)
    gains = [keep_log_gain(k, p, d, temps) for k, p, d in hands]
    old = [keep_log_gain(k, p, d, (0.0,), pegging=0.0)[0] for k, p, d in hands]
    print(f"{len(hands)} hands kept in {a.games} games of {a.players}, seed {a.seed}")
    rows = [(f"temperature {t:g}, pegging 0.5", [g[j] for g in gains])
            for j, t in enumerate(temps)]
    rows.append(("the expert's old model (best keep by the advice)", old))
    for label, vals in rows:
        finite = [v for v in vals if v > -math.inf]
        zero = len(vals) - len(finite)
        if zero:
            print(f"{label}: -inf ({zero} of {len(vals)} hands given no chance; "
                  f"the others {sum(finite) / max(len(finite), 1):.3f})")
            continue
        mean = sum(vals) / len(vals)
        se = math.sqrt(sum((v - mean) ** 2 for v in vals) / (len(vals) - 1) / len(vals))
        print(f"{label}: {mean:.3f} nats a hand (standard error {se:.3f})")


if __name__ == "__main__":
    main()
