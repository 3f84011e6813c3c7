"""The ``expert`` player: every decision by simulation, valued by the chance of winning the
game.

**Value of a result.** A deal's points are worth what they do to the chance of winning the
game of five: :func:`win_probability` is a small dynamic program over the scores (each
player's points, who deals next) in which every future deal is drawn from a fixed
distribution of deal outcomes (:data:`DEAL_OUTCOMES`, estimated from self-play of the
``rules`` player: 4,000 games, 13,715 complete deals), so a point at 4-3 is worth more than
at 0-0, the vole less at 4-0 than at 0-0, and the penalty for a lost stand weighs what it
weighs at that score.

**Play of the cards** (determinized search): ``samples`` hands for the adversary are drawn
from the cards this seat has not seen (its own hand, the turn-up, the cards played and its
own discards are known to be elsewhere), consistent with the play (a player who did not
follow suit is void in it, one who did not trump is void in trumps too, one who followed
without heading the card led holds nothing higher in that suit: the obligations of
ECARTE-R-13 make these hard facts), holding the king of trumps if he announced it. Softer
evidence reweights the draws: an adversary who stood at once, or refused the first
proposal, is taken to hold a *jeu de règle* (``rules`` player) four times more often than
not; one who let his first card go without announcing the king is taken to hold it only
rarely. Each draw is solved double-dummy (:mod:`hoyle.ecarte.solver`), every legal card is
valued by the chance of winning the game after the deal, and the best average is played.

**Stand or propose, accept or refuse, the discard.** The rest of the deal is simulated
``deal_samples`` times with common random numbers (the same adversary hands and stock
orders for every option): the adversary's hand is drawn as above (an elder hand who
proposes at once is taken to hold a jeu de règle four times less often), the stock order at
random; the adversary answers by the classical rules (the dealer refuses by
:func:`~hoyle.ecarte.players.rules.dealer_refuses`; both discard by
:func:`~hoyle.ecarte.players.rules.discard_for`), one exchange at most is simulated, the
kings are announced, and the play is solved double-dummy. Discards considered: the
lowest-valued one to five cards by two orders (trumps and kings kept first; long suits
kept first) and the classical discard, about six to ten candidates.

**The king.** Always announced: double-dummy reasoning gains nothing from concealment, and
the point is certain (ECARTE-R-7 leaves the choice to the holder).

In the simulated deals the elder hand's first lead is the classical one and the rest is
double-dummy (``blind_lead``): all double-dummy lets the elder hand lead as if he saw the
dealer's cards, which overvalues standing. (In 400-game trials against ``rules`` the two
were within noise of each other: 51% and 53%.)

Every draw comes from ``rng``, so the player is deterministic given its seed. Time per
decision on one core with the defaults (``bench/ecarte.py``): a mean of 2-10 ms in the play
and 40-70 ms for standing, answering and discarding; the slowest seen was 275 ms on a
loaded machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from hoyle.cards import Card, Rank, Suit
from hoyle.ecarte.players.base import routine_action
from hoyle.ecarte.players.rules import RulesPlayer, dealer_refuses, discard_for, is_jeu_de_regle
from hoyle.ecarte.scoring import hand_score, penalised
from hoyle.ecarte.rules import ECARTE_PACK, HAND_SIZE, EcarteRules, trick_rank
from hoyle.ecarte.solver import card_bit, card_values, mask_of, solve_masks
from hoyle.ecarte.state import EcarteView, Phase
from hoyle.engine.action import Action

__all__ = ["ExpertPlayer", "DEAL_OUTCOMES", "win_probability", "deal_value"]


DEAL_OUTCOMES: tuple[tuple[tuple[tuple[str, int], ...], float], ...] = (
    ((("D", 1),), 2969),
    ((("E", 1),), 2683),
    ((("D", 1), ("E", 1)), 2195),
    ((("E", 1), ("D", 1)), 1612),
    ((("D", 1), ("D", 1)), 1471),
    ((("E", 1), ("E", 1)), 668),
    ((("E", 2),), 666),
    ((("D", 2),), 529),
    ((("D", 1), ("E", 2)), 441),
    ((("E", 1), ("D", 2)), 283),
    ((("D", 1), ("D", 2)), 132),
    ((("E", 1), ("E", 2)), 66),
)
"""The outcomes of a deal as the sequence of scores it makes, in order (``"D"`` the dealer,
``"E"`` the elder hand; a king first, then the point or the vole), with their counts in
13,715 complete deals of ``rules`` v ``rules`` self-play (seeds 0-3,999)."""

_TOTAL = sum(n for _, n in DEAL_OUTCOMES)


@lru_cache(maxsize=None)
def win_probability(me: int, opp: int, me_deals: bool, target: int = 5) -> float:
    """The chance that the player with ``me`` points wins the game against ``opp`` points
    when he deals the next deal (``me_deals``) or not, every deal drawn from
    :data:`DEAL_OUTCOMES`.

    >>> round(win_probability(0, 0, True), 3) + round(win_probability(0, 0, False), 3)
    1.0
    >>> win_probability(4, 0, False) > win_probability(3, 0, False) > 0.5
    True
    """
    if me >= target:
        return 1.0
    if opp >= target:
        return 0.0
    total = 0.0
    for seq, n in DEAL_OUTCOMES:
        total += n * deal_value(me, opp, me_deals, [(role == "D") == me_deals for role, _ in seq],
                                [p for _, p in seq], target)
    return total / _TOTAL


def deal_value(me: int, opp: int, me_deals: bool, mine: Sequence[bool],
               points: Sequence[int], target: int = 5) -> float:
    """The chance of winning the game after a deal in which ``me_deals`` (or not) and the
    scores ``points[i]`` go, in order, to this player (``mine[i]``) or the adversary."""
    for m, p in zip(mine, points):
        if m:
            me += p
            if me >= target:
                return 1.0
        else:
            opp += p
            if opp >= target:
                return 0.0
    # The deal passes: the elder hand of this deal deals the next.
    return win_probability(me, opp, not me_deals, target)


def _bit_ok(c: Card, banned_suits: set[int], caps: dict[int, int]) -> bool:
    s = int(c.suit)
    if s in banned_suits:
        return False
    cap = caps.get(s)
    return cap is None or trick_rank(c) < cap


def classical_lead(hand: Sequence[Card], trump: Suit) -> Card:
    """The classical opening lead (as the ``rules`` player): the highest trump with three
    trumps or more (or nothing else), else the highest card of the longest plain suit."""
    trumps = sorted((c for c in hand if c.suit == trump), key=trick_rank)
    plain = [c for c in hand if c.suit != trump]
    if len(trumps) >= 3 or not plain:
        return trumps[-1]
    count = {s: sum(1 for c in plain if c.suit == s) for s in Suit}
    return max(plain, key=lambda c: (count[c.suit], trick_rank(c), -c.index))


class ExpertPlayer:
    """The expert player (see the module docstring).

    Args:
        samples: adversary hands drawn per decision in the play.
        deal_samples: simulations per option for standing, proposing, accepting, refusing.
        discard_samples: simulations per candidate discard.
        rules: the options the player assumes (``trump_when_void``, ``must_head_trick``;
            a player does not see the table's options).
        belief: how much more likely a hand the adversary's stand, refusal or proposal
            points to is than one it does not (1: no inference).
        blind_lead: in simulated deals the elder hand's first lead is the classical one
            (he cannot see the dealer's hand), the rest double-dummy; off: all
            double-dummy, which overvalues the elder's hands.
    """

    name = "expert"

    def __init__(self, samples: int = 48, deal_samples: int = 120,
                 discard_samples: int = 40, rules: EcarteRules | None = None,
                 belief: float = 4.0,
                 blind_lead: bool = True) -> None:
        self.samples = samples
        self.deal_samples = deal_samples
        self.discard_samples = discard_samples
        self.rules = rules or EcarteRules()
        self.belief = belief
        self.blind_lead = blind_lead
        self._fallback = RulesPlayer()

    # -- the protocol ------------------------------------------------------------------

    def choose(self, view: EcarteView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """Mark the king; decide everything else by simulation (module docstring)."""
        routine = routine_action(view, legal_actions)
        if routine is not None:
            return routine
        if len(legal_actions) == 1 or view.trump is None:
            return legal_actions[0] if len(legal_actions) == 1 else \
                self._fallback.choose(view, legal_actions, rng)
        phase = view.phase
        if phase == Phase.PLAY:
            return self._play(view, legal_actions, rng)
        if phase == Phase.PROPOSAL:
            return self._propose(view, legal_actions, rng)
        if phase == Phase.ANSWER:
            return self._answer(view, legal_actions, rng)
        if phase == Phase.DISCARD:
            return self._discard(view, legal_actions, rng)
        return self._fallback.choose(view, legal_actions, rng)

    # -- shared pieces -----------------------------------------------------------------

    def _unseen(self, view: EcarteView) -> list[Card]:
        seen = set(view.hand) | {c for _, c in view.played} | set(view.discards)
        if view.turn_up is not None:
            seen.add(view.turn_up)
        return [c for c in ECARTE_PACK if c not in seen]

    def _refusal_penalty(self, view: EcarteView, refused: bool, proposal: int) -> bool:
        return refused and (proposal == 1 or view.penalty_scope == "any")

    def _points(self, my_tricks: int, elder: bool, stood: bool, refused: bool
                ) -> tuple[bool, int]:
        """Who takes the hand's points (True: this player) and how many."""
        other = HAND_SIZE - my_tricks
        won = my_tricks > other
        winner_is_elder = elder == won
        return won, hand_score(max(my_tricks, other) == HAND_SIZE,
                               penalised(winner_is_elder, stood, refused))

    def _outcome(self, view: EcarteView, my_tricks: int, king: int | None,
                 stood: bool, refused: bool) -> float:
        """The chance of winning the game after the deal: ``king`` is the seat-relative
        king announcement still to come (1 mine, 0 the adversary's, None)."""
        me, opp = view.scores[view.seat], view.scores[1 - view.seat]
        elder = view.elder == view.seat
        mine: list[bool] = []
        pts: list[int] = []
        if king is not None:
            mine.append(king == 1)
            pts.append(1)
        who, p = self._points(my_tricks, elder, stood, refused)
        mine.append(who)
        pts.append(p)
        return deal_value(me, opp, not elder, mine, pts, view.target)

    def _draw_hand(self, rng: random.Random, pool: Sequence[Card], size: int,
                   forced: Sequence[Card], weight: Callable[[list[Card]], float],
                   tries: int = 12) -> list[Card]:
        """``size`` cards from ``pool`` including ``forced``, accepted with probability
        ``weight(hand)`` (at most ``tries`` draws; the last is kept)."""
        rest = [c for c in pool if c not in forced]
        k = max(0, min(size - len(forced), len(rest)))
        hand: list[Card] = []
        for _ in range(tries):
            hand = list(forced) + rng.sample(rest, k)
            if rng.random() < weight(hand):
                break
        return hand

    def _jeu_weight(self, trump: Suit, stands: bool,
                    test: Callable[[Sequence[Card], Suit], bool]) -> Callable[[list[Card]], float]:
        low = 1.0 / self.belief

        def w(hand: list[Card]) -> float:
            return 1.0 if test(hand, trump) == stands else low
        return w

    # -- the play of the cards -----------------------------------------------------------

    def _play(self, view: EcarteView, legal: Sequence[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if a.verb == "PLAY"]
        if len(plays) == 1:
            return plays[0]
        trump = view.trump
        assert trump is not None
        seat, opp = view.seat, 1 - view.seat
        pool = self._unseen(view)
        size = view.hand_sizes[opp]
        # Hard facts from the obligations.
        banned: set[int] = set()
        caps: dict[int, int] = {}
        done = list(view.played[:len(view.played) - len(view.trick)])
        for i in range(0, len(done) - 1, 2):
            (_, lead), (s2, c2) = done[i], done[i + 1]
            if s2 != opp:
                continue
            if c2.suit != lead.suit:
                banned.add(int(lead.suit))
                if self.rules.trump_when_void == "must" and c2.suit != trump:
                    banned.add(int(trump))
            elif self.rules.must_head_trick and trick_rank(c2) < trick_rank(lead):
                s = int(lead.suit)
                caps[s] = min(caps.get(s, 99), trick_rank(lead))
        king = Card.of(Rank.KING, trump)
        opp_played = [c for s, c in view.played if s == opp]
        forced: list[Card] = []
        if view.announced[opp] and king in pool:
            forced.append(king)
        allowed = [c for c in pool if c in forced or _bit_ok(c, banned, caps)]
        if len(allowed) < size:
            allowed = pool
        low = 1.0 / self.belief
        elder = view.elder == seat
        first_refused = 1 in view.refused and view.exchanges == 0
        no_exchange_stand = view.stood and view.proposals == 0

        def weight(hand: list[Card]) -> float:
            w = 1.0
            if not view.announced[opp] and opp_played and king in hand:
                w *= 0.1
            initial = hand + opp_played
            if not elder and no_exchange_stand:
                w *= 1.0 if is_jeu_de_regle(initial, trump) else low
            elif elder and first_refused:
                w *= 1.0 if dealer_refuses(initial, trump) else low
            return w

        stood = view.stood
        refused = self._refusal_penalty(view, bool(view.refused),
                                        view.refused[-1] if view.refused else 0)
        trick = [c for _, c in view.trick]
        candidates = [a.cards[0] for a in plays]
        totals = dict.fromkeys(candidates, 0.0)
        for _ in range(self.samples):
            other = self._draw_hand(rng, allowed, size, forced, weight)
            vals = card_values(list(view.hand), other, trick, trump, self.rules)
            opp_king = 0 if (king in other and not view.announced[opp] and not opp_played
                             and king not in view.hand) else None
            for c in candidates:
                t = view.tricks[seat] + vals[c]
                totals[c] += self._outcome(view, t, opp_king, stood, refused)
        best = max(candidates, key=lambda c: (totals[c], -trick_rank(c), -c.index))
        return Action("PLAY", (best,))

    # -- simulated deals ---------------------------------------------------------------

    def _solve_deal(self, elder_hand: Sequence[Card], dealer_hand: Sequence[Card],
                    trump: Suit) -> int:
        """Tricks the elder hand takes: with ``blind_lead``, his first lead is the
        classical one (he leads without seeing the dealer's hand), then best play on both
        sides; otherwise best play throughout."""
        em, dm = mask_of(elder_hand), mask_of(dealer_hand)
        if not self.blind_lead:
            return solve_masks(em, dm, trump, 0, self.rules)
        lead = card_bit(classical_lead(elder_hand, trump))
        return solve_masks(em ^ lead, dm, trump, lead, self.rules)

    def _finish(self, view: EcarteView, mine: Sequence[Card], theirs: Sequence[Card],
                stood: bool, refused: bool) -> float:
        trump = view.trump
        assert trump is not None
        elder = view.elder == view.seat
        e, d = (mine, theirs) if elder else (theirs, mine)
        t = self._solve_deal(e, d, trump)
        my_tricks = t if elder else HAND_SIZE - t
        k = Card.of(Rank.KING, trump)
        king = 1 if k in mine else 0 if k in theirs else None
        return self._outcome(view, my_tricks, king, stood, refused)

    def _exchange(self, hand: Sequence[Card], stock: list[Card], trump: Suit,
                  at_least: int, chosen: Sequence[Card] | None = None) -> list[Card]:
        """A hand after an exchange by the classical discard (or ``chosen``), drawing from
        the front of ``stock`` (which loses the cards drawn)."""
        out = list(chosen) if chosen is not None else list(discard_for(hand, trump, at_least))
        out = out[:len(stock)]
        new = [c for c in hand if c not in out] + stock[:len(out)]
        del stock[:len(out)]
        return new

    def _samples(self, view: EcarteView, rng: random.Random, n: int,
                 weight: Callable[[list[Card]], float]) -> list[tuple[list[Card], list[Card]]]:
        """``n`` (adversary hand, stock order) pairs drawn from the unseen cards."""
        pool = self._unseen(view)
        size = view.hand_sizes[1 - view.seat]
        out = []
        for _ in range(n):
            other = self._draw_hand(rng, pool, size, [], weight)
            rest = [c for c in pool if c not in other]
            rng.shuffle(rest)
            out.append((other, rest[:view.stock_size]))
        return out

    def _propose(self, view: EcarteView, legal: Sequence[Action], rng: random.Random) -> Action:
        trump = view.trump
        assert trump is not None
        if not any(a.verb == "PROPOSE" for a in legal):
            return Action("STAND")
        first = view.proposals == 0
        stand_penalty = first  # only a stand without proposing (ECARTE-R-15, HGIE-21)
        draws = self._samples(view, rng, self.deal_samples, lambda h: 1.0)
        mine = list(view.hand)
        stand = propose = 0.0
        for other, stock in draws:
            stand += self._finish(view, mine, other, stand_penalty, False)
            if dealer_refuses(other, trump):
                propose += self._finish(view, mine, other, False,
                                        first or view.penalty_scope == "any")
            else:
                st = list(stock)
                me2 = self._exchange(mine, st, trump, 1)
                other2 = self._exchange(other, st, trump, self.rules.dealer_min_exchange)
                propose += self._finish(view, me2, other2, False, False)
        return Action("STAND") if stand >= propose else Action("PROPOSE")

    def _answer(self, view: EcarteView, legal: Sequence[Action], rng: random.Random) -> Action:
        trump = view.trump
        assert trump is not None
        if not any(a.verb == "REFUSE" for a in legal):
            return Action("ACCEPT")
        first = view.proposals == 1
        w = self._jeu_weight(trump, False, is_jeu_de_regle) if view.exchanges == 0 \
            else (lambda h: 1.0)
        draws = self._samples(view, rng, self.deal_samples, w)
        mine = list(view.hand)
        accept = refuse = 0.0
        penalty = first or view.penalty_scope == "any"  # the code's scope, from the view
        for other, stock in draws:
            refuse += self._finish(view, mine, other, False, penalty)
            st = list(stock)
            other2 = self._exchange(other, st, trump, 1)
            me2 = self._exchange(mine, st, trump, self.rules.dealer_min_exchange)
            accept += self._finish(view, me2, other2, False, False)
        return Action("REFUSE") if refuse > accept else Action("ACCEPT")

    def _candidates(self, hand: Sequence[Card], trump: Suit, legal: Sequence[Action]
                    ) -> list[Action]:
        legal_set = set(legal)
        sizes = sorted({len(a.cards) for a in legal})
        count = {s: sum(1 for c in hand if c.suit == s) for s in Suit}

        def keep1(c: Card) -> tuple[int, int]:
            return (2 if c.suit == trump else 1 if c.rank == Rank.KING else 0, trick_rank(c))

        def keep2(c: Card) -> tuple[int, int, int]:
            return (2 if c.suit == trump else 1 if c.rank == Rank.KING else 0,
                    count[c.suit], trick_rank(c))

        out: list[Action] = []
        for key in (keep1, keep2):
            order = sorted(hand, key=key)
            for k in sizes:
                a = Action("DISCARD", tuple(sorted(order[:k], key=lambda c: c.index)))
                if a in legal_set and a not in out:
                    out.append(a)
        classic = Action("DISCARD", discard_for(hand, trump, sizes[0])[:sizes[-1]])
        if classic in legal_set and classic not in out:
            out.append(classic)
        return out or [legal[0]]

    def _discard(self, view: EcarteView, legal: Sequence[Action], rng: random.Random) -> Action:
        trump = view.trump
        assert trump is not None
        cands = self._candidates(view.hand, trump, legal)
        if len(cands) == 1:
            return cands[0]
        elder = view.elder == view.seat
        draws = self._samples(view, rng, self.discard_samples, lambda h: 1.0)
        mine = list(view.hand)
        totals = [0.0] * len(cands)
        for other, stock in draws:
            for i, a in enumerate(cands):
                st = list(stock)
                me2 = self._exchange(mine, st, trump, 0, a.cards)
                other2 = self._exchange(other, st, trump, self.rules.dealer_min_exchange) \
                    if elder else other
                totals[i] += self._finish(view, me2, other2, False, False)
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best]
