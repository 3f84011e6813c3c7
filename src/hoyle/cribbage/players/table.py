"""The table player: discards by hoyle's advice, plays one move ahead.

Discard: the best of the 15 discards by :func:`hoyle.cribbage.advice.discard_options`
(hand plus or minus hoyle's crib table). Play: each card is worth the points it makes now minus the
opponent's best reply, averaged over ``samples`` hands he may hold (drawn from the unseen
cards with ``rng``; a 31 leaves him nothing to reply to). Ties go to the higher card
(keeping low cards for later counts), then to ``rng``.
Other variants than two-hand six-card fall back to the greedy discard.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hoyle.cribbage.advice.discard import discard_options
from hoyle.cards import CARDS, Card
from hoyle.cribbage.players.claims import routine_action
from hoyle.cribbage.players.greedy import keep_values
from hoyle.cribbage.scoring import pip_value, play_points
from hoyle.cribbage.state import CribbageView, Phase
from hoyle.engine.action import Action

__all__ = ["TablePlayer", "unseen_cards", "advised_discard"]


def unseen_cards(view: CribbageView) -> list[Card]:
    """Cards the seat has not seen: not in its hand or discards, not played, not the
    starter."""
    seen = set(view.hand) | set(view.discards) | {c for _, c in view.played}
    if view.starter is not None:
        seen.add(view.starter)
    return [c for c in CARDS if c not in seen]


def advised_discard(view: CribbageView, lay: int | None = None) -> tuple[Card, ...]:
    """The ``lay`` cards (default: 2 with two players, 1 with more) the advice recommends
    laying away (two-hand six-card, two to the crib), else the greedy keep's (any other
    deal, e.g. a rule set with ``--set discard_per_player``)."""
    lay = (2 if view.players == 2 else 1) if lay is None else lay
    if view.players == 2 and len(view.hand) == 6 and lay == 2:
        return tuple(sorted(discard_options(view.hand, view.is_dealer)[0].discard))
    keep_n = len(view.hand) - lay
    kept = set(keep_values(view.hand, keep_n)[0][0])
    return tuple(sorted(c for c in view.hand if c not in kept))


class TablePlayer:
    """The table player (see the module docstring)."""

    name = "table"

    def __init__(self, samples: int = 24) -> None:
        self.samples = samples

    def choose(self, view: CribbageView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """Discard by the advice; in the play, points now minus the opponent's best reply."""
        if view.manual_count or view.phase == Phase.DECISION:
            routine = routine_action(view, legal_actions)
            if routine is not None:
                return routine
        first = legal_actions[0]
        if first.verb == "DISCARD":
            return Action("DISCARD", advised_discard(view, len(first.cards)))
        plays = [a for a in legal_actions if a.verb == "PLAY"]
        if not plays:
            return first
        unseen = unseen_cards(view)
        n_opp = view.hand_sizes[1 - view.seat] if view.players == 2 else 0
        hands = [rng.sample(unseen, n_opp) for _ in range(self.samples)] \
            if 0 < n_opp <= len(unseen) else []
        best_key: tuple[float, int] | None = None
        best: list[Action] = []
        for a in plays:
            card = a.cards[0]
            seq = [*view.count_cards, card]
            now = play_points(seq)
            count = view.count + pip_value(card)
            reply = 0.0
            if count < 31 and hands:
                for hand in hands:
                    reply += max([play_points([*seq, c]) for c in hand
                                  if count + pip_value(c) <= 31] or [0])
                reply /= len(hands)
            key = (now - reply, pip_value(card))
            if best_key is None or key > best_key:
                best_key, best = key, [a]
            elif key == best_key:
                best.append(a)
        return best[rng.randrange(len(best))]
