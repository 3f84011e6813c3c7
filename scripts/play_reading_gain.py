"""How much the opponent's plays say about his hand: ``python scripts/play_reading_gain.py
[--games G] [--seed S] [--draws K]``.

Plays G seeded expert v expert games (two-hand six-card) and, at every play where the
player to lay had a choice of ranks, asks how well two models of a strong player's play
predict the rank he laid, as a log-likelihood gain over a uniform pick among his ranks
(natural logs, per decision), for several temperatures (points):

- ``seen``: ``softmax(value / T)``, ``value`` each rank's net points of the rest of the
  play solved exactly with both hands known (as if he saw the other's cards);
- ``guessed``: the same, each rank's value the mean over K hands drawn uniformly for the
  other side from the cards the player has not seen (his own uncertainty; the expert's
  search draws them by its keep model, a uniform draw is the simpler stand-in), plus
  0.001 point a rank so that the higher rank goes first among equals (the expert's
  tie-break; it also moves unequal ranks' chances a little at low T).

Every play with a choice of ranks is scored, a card that pegs out the game among them.

The reading of the opponent (issue 32) could multiply each read hand's weight by such a
chance of his plays. The gain is measured with his true hand, so it says how predictable
his plays are, an indication (not a measure) of how much they could narrow the hands he
may hold (the lay-away's gain, measured as a reading, is in ``scripts/reading_gain.py``:
about 1.19 nats a hand).
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence

from hoyle.cribbage.players import ExpertPlayer
from hoyle.cribbage.players.search import card_values
from hoyle.cribbage.players.table import unseen_cards
from hoyle.cribbage.state import CribbageState, CribbageView
from hoyle.engine.action import Action
from hoyle.engine.runner import Seeds, play
from hoyle.interface.tally import game_seed

TEMPS = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0)


class _Probe(ExpertPlayer):
    """The expert, scoring both models on each of its plays with a choice of ranks (it is
    handed the state only to know the other hand for ``seen``)."""

    def __init__(self, state: CribbageState, draws: int, gains: dict[str, list[float]],
                 count: list[int]) -> None:
        super().__init__()
        self.state, self.draws, self.gains, self.count = state, draws, gains, count

    def choose(self, view: CribbageView, legal: Sequence[Action], rng: random.Random
               ) -> Action:
        action = super().choose(view, legal, rng)
        ranks = {a.cards[0].rank for a in legal if a.verb == "PLAY"}
        if action.verb != "PLAY" or view.players != 2 or len(ranks) < 2:
            return action
        other = 1 - view.seat
        mine = tuple(c.rank for c in view.hand)
        seq = tuple(c.rank for c in view.count_cards)
        passed = view.passed[other]
        seen = card_values(mine, tuple(c.rank for c in self.state.hands[other]), view.count,
                           seq, passed)
        pool = unseen_cards(view)
        r = random.Random(self.count[0])
        guessed: dict[int, float] = {}
        for _ in range(self.draws):
            theirs = tuple(c.rank for c in r.sample(pool, view.hand_sizes[other]))
            for rank, v in card_values(mine, theirs, view.count, seq, passed).items():
                guessed[rank] = guessed.get(rank, 0.0) + v / self.draws
        guessed = {rank: v + 0.001 * rank for rank, v in guessed.items()}
        laid = action.cards[0].rank
        for name, values in (("seen", seen), ("guessed", guessed)):
            top = max(values.values())
            for i, t in enumerate(TEMPS):
                z = sum(math.exp((v - top) / t) for v in values.values())
                self.gains[name][i] += (values[laid] - top) / t - math.log(z) + \
                    math.log(len(values))
        self.count[0] += 1
        return action


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--draws", type=int, default=8)
    args = ap.parse_args()
    if args.games < 1 or args.draws < 1:
        ap.error("--games and --draws must be at least 1")
    gains = {"seen": [0.0] * len(TEMPS), "guessed": [0.0] * len(TEMPS)}
    count = [0]
    for g in range(args.games):
        state = CribbageState(seed=game_seed(args.seed, g), itemize=False)
        players = [_Probe(state, args.draws, gains, count) for _ in range(2)]
        play(state, players, Seeds(game_seed(args.seed, g), resumable=False))
    n = max(count[0], 1)
    print(f"{count[0]} plays with a choice of ranks in {args.games} expert games (seed "
          f"{args.seed}); log-likelihood gain over a uniform pick, nats a decision:")
    print("  T (points) " + " ".join(f"{t:>7}" for t in TEMPS))
    for name, row in gains.items():
        print(f"  {name:10} " + " ".join(f"{x / n:+7.3f}" for x in row))


if __name__ == "__main__":
    main()
