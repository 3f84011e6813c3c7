"""The master: the score-aware expert (:class:`~hoyle.cribbage.players.aware.AwareExpertPlayer`)
with the opponent read and the lay-away searched. ``expert`` and ``aware`` stay as they
are, the fixed baselines.

**In six-card it plays for the game from the first deal** (:data:`MASTER_NEAR`, 121: every
position is "near the end"): each lay-away by its chance of winning the game and each card
by the search for the game, as ``aware`` plays within 25 points of it. Measured over
20,000 paired games against the expert this won more than the reads and the searched
lay-away below, which then serve the five-card game and a master made with a smaller
``near`` (docs/master-strength.md).

**Reading the opponent** (:mod:`hoyle.cribbage.players.reading`). In the play, the hands it
solves against are read as he would have kept them by the expert's own values softened by
``temp`` points, never holding a card his goes say he does not hold (EW-xxi): far from the
end ``samples`` weighted reads, each solved exactly and counted by its weight. Near the end
(a side within ``near`` points of the game: aware's search for the game; by default
:data:`MASTER_NEAR`, every position) the score-aware expert's own draws (his six kept
by the advice, else uniform), unless ``near_reads``: then ``reads`` weighted reads
resampled to ``near_samples`` determinizations of its search for the game. Near the end the opponent lays away for the
game, not by the values the model softens, and the reads cost games: against ``aware``
the near-end reads alone won 0.49 (docs/master-strength.md), so they are off by default.

**The lay-away searched** (two-hand six-card, far from the end: when neither side is within
:data:`MASTER_NEAR` points of the game). For each of the 15 ways, the
pegging that follows, solved exactly (both hands known, the pone leading), is averaged over
the opponent's hands as read: ``layaway_samples`` sixes dealt him from the 46 cards not in
ours, each of his 15 keeps weighted by its chance (:func:`reading.keep_chances`), the same
for every way; each play's value comes from the pegging matrix
(:mod:`~hoyle.cribbage.players.pegmatrix`), so the search costs lookups, not searches. The
way's worth is the discard advice's (hand and crib, points) plus ``search_weight`` (0.5, the
expert's weight for its pegging table) times that net pegging. The expert adds instead the
pegging table's value of the kept ranks, averaged over 200 hands drawn from a full pack:
the search sees the cards this hand leaves the opponent (the two laid away and the four kept
are not in his hand) and the hands he keeps rather than any four. Near the end the lay-away
is the score-aware expert's (the chance of the game).

**Five-card** (EW-P-83a, game 61): the ten ways valued by the five-card values (the kept
three's show and the crib's, :func:`~hoyle.cribbage.advice.fivecard.five_card_options`) plus
``search_weight`` times the kept three's pegging solved exactly against every three the
opponent may hold (the three-card pegging matrix); near the end (``five_near``,
:data:`~hoyle.cribbage.players.aware.NEAR` points) by the chance of the game with the
five-card win table (:func:`~hoyle.cribbage.advice.fivecard.five_card_win_chances`). The expert lays
away the greedy keep there (the show alone, no crib).

**The staged play search** (``more_samples``, :data:`MASTER_MORE`; the play for the game,
two-hand six-card): 60 determinizations decide a card wrongly often enough to cost about
0.04 % of the game a decision by a reference of 2,000 (``scripts/play_noise.py``); adding
determinizations, stage by stage (180 more, then 720 more), only while the best card's lead
over another is within ``clear`` standard errors cut that to 0.003 %, at about 2.3 times the
time a game (``farm-bench``, eight games against the expert with the process's start,
compiled: 13.8 s of CPU against 6.1 s, the median of three pairs) and 5.7 times the time a
card. Measured in
games over 10,000 deal pairs against the expert (docs/master-strength.md, "In games: the
staged master against the expert"); ``more_samples=()`` is the master before it
(``master-unstaged`` in ``scripts/master_variants.py``).

**One plan for every hand he may hold** (``one_plan``, off by default): the play for the
game laid by the information-set search over the same determinizations
(:mod:`~hoyle.cribbage.players.infoset`), its later cards planned once for every hand he
may hold rather than for each drawn hand as if it were known.

Budget: the work is fixed by the sample counts, not by a clock (a clock would make a replay
differ). Time per decision, measured: ``make bench`` and docs/master-strength.md.

Every draw comes from ``rng``, so the player is deterministic given its seed.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from hoyle.cards import CARDS, Card
from hoyle.cribbage.advice.discard import DiscardOption, discard_options
from hoyle.cribbage.advice.fivecard import five_card_options, five_card_win_chances
from hoyle.cribbage.advice.wintable import WinTable, win_table
from hoyle.cribbage.players.aware import NEAR, AwareExpertPlayer, PlaySolves
from hoyle.cribbage.players.infoset import InfoSetSolver
from hoyle.cribbage.players.pegmatrix import KINDS, kind_index, peg_matrix
from hoyle.cribbage.players.pegtable import KEEP_KINDS
from hoyle.cribbage.players.reading import TEMP, keep_chances, read_hands, resample
from hoyle.cribbage.players.search import card_values
from hoyle.cribbage.players.settings import finite, shown, switch, whole
from hoyle.cribbage.state import CribbageView
from hoyle.engine.action import Action

__all__ = ["MASTER_MORE", "MASTER_NEAR", "MasterPlayer"]

MASTER_NEAR = 121
"""A side this many points or fewer short of 121: the master's lay-away and play are for the
game (aware's search by the win table); 121, from the first deal. Measured over 20,000
paired games against the expert on the same deals, without the staged play search
(:data:`MASTER_MORE`): from 25 points (aware's
:data:`~hoyle.cribbage.players.aware.NEAR`) 0.5158, from 40 0.5196, from 121 0.5287 (95%
CI by pairs 0.5245-0.5329; +0.0091 over 40, +0.0037 to +0.0144); docs/master-strength.md."""

MASTER_MORE = (180, 720)
"""The staged play search's stages: determinizations added to the play's 60 while the best
card is not clear of another (60, then 240, then 960 at most). Measured over 10,000 deal
pairs against the expert on the same deals as the master without them (seed 2017, both
seatings): 0.5363 (95% CI by pairs 0.5322-0.5405) against 0.5287, +0.0076 (+0.0027 to
+0.0126 by deal pair); docs/master-strength.md. About 5.7 times the time of a card without
them (``make bench``: 20.9 ms mean, 269 ms at most, against 3.65 ms)."""


class MasterPlayer(AwareExpertPlayer):
    """The master (see the module docstring).

    Args:
        layaway_samples: the opponent's sixes drawn per lay-away, each of his keeps
            weighted (0: the expert's lay-away, by the pegging table; five-card takes no
            draws).
        reads: with ``near_reads``, the weighted reads of the opponent's hand drawn per play
            decision near the end, resampled to ``near_samples`` determinizations (far from
            the end ``samples`` reads are solved, each counted by its weight).
        near_reads: read the opponent near the end too (off: the score-aware expert's
            draws there; see the module docstring).
        temp: the opponent model's temperature, points
            (:data:`~hoyle.cribbage.players.reading.TEMP`).
        search_weight: weight of the searched net pegging in the lay-away (points per
            point; the expert gives the pegging table 0.5).
        near: points short of 121 from which the six-card lay-away and play are for the
            game (:data:`MASTER_NEAR`).
        five_near: the same in the five-card game to 61 (the five-card win table's
            lay-away; :data:`~hoyle.cribbage.players.aware.NEAR`).
        search_tilt: near the end, tilt each way's drawn plays by its searched net pegging
            (:meth:`layaway_pegging`, ``layaway_samples`` reads) instead of the pegging
            table's (off by default: with the staged search it won -0.0006 against the
            master now over 3,925 deal pairs against the expert, -0.0076 to +0.0063;
            docs/master-strength.md).
        one_plan: in the play for the game, lay the card of the information-set search
            over the determinizations drawn (:class:`~hoyle.cribbage.players.infoset.InfoSetSolver`,
            his plays as each world's full-information search lays them): one plan of
            its later cards for all the hands he may hold, not each determinization solved
            alone. Off by default: decision by decision against the expert it gained
            +0.0103 of the game a game (se 0.0051, 231 games, a one-step measure); over
            7,332 deal pairs 0.5426, +0.0061 over the master now on the same deals
            (+0.0009 to +0.0112), the run to be finished (docs/master-strength.md, "One plan
            in whole games"). About twice the play's time (``make bench``: 45 ms a card
            mean against 21).
        more_samples: in the play for the game (two-hand six-card, within ``near`` points of
            it: by default every play), determinizations added to a play's
            ``near_samples``, stage by stage, while the best card is not ``clear`` of another
            (:meth:`chance_rows`; :data:`MASTER_MORE`; ``()``: none, the master before
            the staged search).
        clear: the standard errors (of the determinizations' paired differences in the
            chance of winning) by which the best card must lead every other to stop adding.
        samples, near_samples, scenarios, margin, tilt, table: the score-aware expert's
            (:class:`~hoyle.cribbage.players.aware.AwareExpertPlayer`).
        endgame, model_opponent, tries, pegging: the expert's
            (:class:`~hoyle.cribbage.players.expert.ExpertPlayer`).

    Raises:
        ValueError: ``layaway_samples`` or ``five_near`` not a whole number of at least 0,
            ``reads`` or one of ``more_samples`` not one of at least 1; ``more_samples`` not
            a list or tuple; ``temp`` or ``clear`` not a finite number of at least 0,
            ``search_weight`` not a finite number; ``near_reads``, ``search_tilt`` or
            ``one_plan`` not True or False (:mod:`~hoyle.cribbage.players.settings`); and
            the score-aware expert's and the expert's refusals
            (:class:`~hoyle.cribbage.players.aware.AwareExpertPlayer`).
    """

    name = "master"

    def __init__(self, layaway_samples: int = 60, reads: int = 60, temp: float = TEMP,
                 search_weight: float = 0.5, near: int = MASTER_NEAR, samples: int = 20,
                 near_samples: int | None = 60, near_reads: bool = False,
                 five_near: int = NEAR, search_tilt: bool = False,
                 more_samples: Sequence[int] = MASTER_MORE, clear: float = 2.0,
                 scenarios: int = 200, margin: float = 0.0, tilt: float = 0.5,
                 table: WinTable | None = None, endgame: int = 24,
                 model_opponent: bool = True, tries: int = 4, pegging: float = 0.5,
                 one_plan: bool = False) -> None:
        if not isinstance(more_samples, (list, tuple)):
            raise ValueError(f"more_samples is a list of whole numbers, not {shown(more_samples)}")
        for label, value, least in (("layaway_samples", layaway_samples, 0), ("reads", reads, 1),
                                    ("five_near", five_near, 0),
                                    *(("each of more_samples", n, 1) for n in more_samples)):
            whole(label, value, least)
        switch("near_reads", near_reads)
        switch("search_tilt", search_tilt)
        switch("one_plan", one_plan)
        finite("search_weight", search_weight, "points per point")
        finite("temp", temp, "points", least=0)
        finite("clear", clear, "standard errors", least=0)
        super().__init__(near=near, scenarios=scenarios, margin=margin, samples=samples,
                         endgame=endgame, model_opponent=model_opponent, tries=tries,
                         pegging=pegging, tilt=tilt, near_samples=near_samples, table=table)
        self.layaway_samples = layaway_samples
        self.reads = reads
        self.near_reads = near_reads
        self.five_near = five_near
        self.search_tilt = search_tilt
        self.more_samples = tuple(more_samples)
        self.one_plan = one_plan
        self.clear = clear
        self.temp = temp
        self.search_weight = search_weight

    def choose(self, view: CribbageView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """The searched lay-away far from the end of a two-hand six-card game; otherwise the
        score-aware expert's choice, its opponent read (see the module docstring)."""
        first = legal_actions[0] if legal_actions else None
        if first is not None and first.verb == "DISCARD" and len(first.cards) == 2 and \
                view.players == 2 and not view.manual_count:
            worth: dict[tuple[Card, ...], float] | None = None
            if len(view.hand) == 5:
                worth = self.five_card_values(view, rng)
            elif len(view.hand) == 6 and not self._is_near(view) and self.layaway_samples > 0:
                worth = self.layaway_values(view, rng)
            if worth is not None:
                best = max(worth, key=lambda d: worth[d])
                return Action("DISCARD", tuple(sorted(best)))
        return super().choose(view, legal_actions, rng)

    def five_card_values(self, view: CribbageView, rng: random.Random
                         ) -> dict[tuple[Card, ...], float]:
        """Two-hand five-card (EW-P-83a): each way to lay away two of the five cards of
        ``view.hand`` (the two, in the advice's order) and its worth. Near the end (a side
        :data:`~hoyle.cribbage.players.aware.NEAR` points or fewer short of the game): its
        chance of the game by the five-card win table
        (:func:`~hoyle.cribbage.advice.fivecard.five_card_win_chances`). Else in points: the
        kept three's expected show and the crib's
        (:func:`~hoyle.cribbage.advice.fivecard.five_card_options`) plus ``search_weight``
        times the net pegging of the kept three, the whole play solved exactly (the
        three-card pegging matrix), against every three the opponent may hold from the 47
        cards not in ``view.hand``, each by its chance (uniform: his own five-card values
        cost 4 ms a hand); no draw.

        Raises:
            HoyleError: not five distinct cards in hand.
        """
        dealer = view.is_dealer
        if min(view.target - s for s in view.scores) <= self.five_near:
            return five_card_win_chances(view, win_table("five-card"))
        options = five_card_options(view.hand, dealer)
        held = set(view.hand)
        left = [0] * 14
        for c in CARDS:
            if c not in held:
                left[c.rank] += 1
        # every three he may hold, by the chance of its ranks among the 47 cards left
        weights = np.array([math.prod(math.comb(left[r], k.count(r)) for r in set(k))
                            for k in KINDS[3]], dtype=np.float64)
        weights /= weights.sum()
        matrix = peg_matrix(3)
        pegging: dict[tuple[int, ...], float] = {}
        for o in options:
            mine = tuple(sorted(c.rank for c in o.keep))
            if mine not in pegging:
                i = kind_index(mine)
                row = -matrix[:, i] if dealer else matrix[i]
                pegging[mine] = float(row.astype(np.float64) @ weights)
        return {o.discard: o.total + self.search_weight *
                pegging[tuple(sorted(c.rank for c in o.keep))] for o in options}

    def layaway_values(self, view: CribbageView, rng: random.Random
                       ) -> dict[tuple[Card, ...], float]:
        """Each way to lay away two of the six cards of ``view.hand`` (the two, in the
        advice's order) and its worth in points: the advice's hand and crib plus
        ``search_weight`` times the net pegging of its kept ranks (ours less his) against
        the opponent as read (:meth:`layaway_pegging`, drawn from ``rng``).

        Raises:
            HoyleError: not six distinct cards in hand (from the discard advice).
        """
        dealer = view.is_dealer
        options = discard_options(view.hand, dealer)
        pegging = self.layaway_pegging(view.hand, dealer, rng, options)
        return {o.discard: o.total + self.search_weight *
                pegging[tuple(sorted(c.rank for c in o.keep))] for o in options}

    def layaway_pegging(self, hand: Sequence[Card], dealer: bool, rng: random.Random,
                        options: Sequence[DiscardOption] | None = None
                        ) -> dict[tuple[int, ...], float]:
        """The expected net pegging (points ours less his, the whole play solved exactly, the
        pone leading) of each four ranks ``hand`` can keep (sorted ranks) against the
        opponent as read: ``layaway_samples`` sixes drawn from ``rng`` for him from the 46
        cards not in ``hand``, each of his 15 keeps weighted by its chance
        (:func:`~hoyle.cribbage.players.reading.keep_chances`); the same hands for every
        four. Each play's value is read from the pegging matrix
        (:func:`~hoyle.cribbage.players.pegmatrix.peg_matrix`). ``options``: ``hand``'s
        :func:`~hoyle.cribbage.advice.discard.discard_options` when the caller has them."""
        held = set(hand)
        pool = [c for c in CARDS if c not in held]
        weights = np.zeros(len(KEEP_KINDS))
        for _ in range(self.layaway_samples):
            for keep, _a, p in keep_chances(rng.sample(pool, 6), not dealer, self.temp,
                                            self.pegging):
                if p > 0:
                    weights[kind_index(c.rank for c in keep)] += p
        weights /= weights.sum()
        matrix = peg_matrix()
        out: dict[tuple[int, ...], float] = {}
        for o in options if options is not None else discard_options(hand, dealer):
            mine = tuple(sorted(c.rank for c in o.keep))
            if mine not in out:
                i = kind_index(mine)
                row = -matrix[:, i] if dealer else matrix[i]
                out[mine] = float(row.astype(np.float64) @ weights)
        return out

    def way_pegging(self, view: CribbageView, options: Sequence[DiscardOption],
                    rng: random.Random) -> npt.NDArray[np.float64]:
        """Each way's net pegging (points, ours less his; shape ``(len(options),)``) that the
        near-end lay-away tilts its drawn plays by: with ``search_tilt`` and
        ``layaway_samples``, the searched one against the opponent as read
        (:meth:`layaway_pegging`, drawn from ``rng``); else the score-aware expert's (the
        pegging table's)."""
        if not self.search_tilt or self.layaway_samples == 0:
            return super().way_pegging(view, options, rng)
        pegging = self.layaway_pegging(view.hand, view.is_dealer, rng, options)
        return np.array([pegging[tuple(sorted(c.rank for c in o.keep))] for o in options])

    def chance_rows(self, view: CribbageView, rng: random.Random, solved: PlaySolves
                    ) -> list[tuple[tuple[int, ...], dict[int, float]]]:
        """The determinizations the play is chosen on: the score-aware expert's
        ``near_samples`` (:meth:`~hoyle.cribbage.players.aware.AwareExpertPlayer.chance_rows`:
        the same draws from ``rng`` first), then with ``more_samples`` more, stage by
        stage, while the best card (by its mean chance, then points:
        :meth:`~hoyle.cribbage.players.aware.AwareExpertPlayer.best_rank`) leads some other
        by less than ``clear`` standard errors of their paired differences (the same
        determinizations value both): more search where the choice is close, none where it
        is clear or the same in every determinization."""
        rows = super().chance_rows(view, rng, solved)
        for extra in self.more_samples:
            if _clear(rows, self.best_rank(view, rows, solved), self.clear):
                break
            rows += self.draw_chances(view, self._opponent_draws(view, extra, rng), solved)
        return rows

    def play_solves(self) -> PlaySolves:
        """With ``one_plan``, the determinizations' solvers are kept for the plan
        (:meth:`plan_values` finds his best ranks in their memos); else as aware's."""
        return PlaySolves(share=self.one_plan)

    def play_rank(self, view: CribbageView,
                  rows: Sequence[tuple[tuple[int, ...], dict[int, float]]],
                  solved: PlaySolves) -> int:
        """The rank the play for the game lays: the determinizations' best
        (:meth:`~hoyle.cribbage.players.aware.AwareExpertPlayer.best_rank`), or with
        ``one_plan`` the information-set search's over the same worlds (:meth:`plan_values`;
        among equal chances the determinizations' pick, then the higher rank)."""
        pick = self.best_rank(view, rows, solved)
        if not self.one_plan:
            return pick
        values = self.plan_values(view, solved)
        top = max(round(v, 9) for v in values.values())
        tied = [r for r, v in values.items() if round(v, 9) == top]
        return pick if pick in tied else max(tied)

    def plan_values(self, view: CribbageView, solved: PlaySolves) -> dict[int, float]:
        """Each rank the seat may lay now (two-hand six-card play, the starter turned) and
        its chance of winning the game by the information-set search
        (:class:`~hoyle.cribbage.players.infoset.InfoSetSolver`, ``his_play="solved"``) over
        the determinizations ``solved`` holds (his ranks still held and the shows, each
        counted by its draws).

        Raises:
            ValueError: ``solved`` holds no determinizations, or some for another view
                (his hands not of the size he holds: :meth:`chance_rows` fills it for the
                view).
        """
        opp = 1 - view.seat
        if not solved.worlds or any(len(k[0]) != view.hand_sizes[opp] for k in solved.worlds):
            raise ValueError("the plan needs the determinizations drawn for this view "
                             "(chance_rows fills its PlaySolves)")
        worlds = [(k[0], k[1], k[2], float(n)) for k, n in Counter(solved.worlds).items()]
        solver = InfoSetSolver(self._table_lists(), view.target, worlds, view.is_dealer,
                               his_play="solved", solvers=solved.solvers)
        return solver.card_values(tuple(c.rank for c in view.hand), view.count,
                                  tuple(c.rank for c in view.count_cards), view.passed[opp],
                                  view.scores[view.seat], view.scores[opp])

    def play_values(self, view: CribbageView, rng: random.Random) -> dict[int, float]:
        """Each rank the seat may lay now (two-hand play) and its value: the net points of
        the rest of the play (ours less his, CRIB-R-9), the mean over ``samples`` reads of
        the opponent's hand (:func:`~hoyle.cribbage.players.reading.read_hands`) weighted
        by their chances, each solved exactly; the expert's where the model does not
        apply."""
        opp = 1 - view.seat
        if not self._reads_apply(view) or view.hand_sizes[opp] == 0:
            return super().play_values(view, rng)
        mine = tuple(c.rank for c in view.hand)
        seq = tuple(c.rank for c in view.count_cards)
        they_passed = view.passed[opp]
        his_played = {c for s, c in view.played if s == opp}
        draws = read_hands(view, self.samples, rng, self.temp, self.pegging)
        if sum(w for _k, _a, w in draws) <= 0:
            draws = [(k, a, 1.0) for k, a, _w in draws]
        totals: dict[int, float] = {}
        weight = 0.0
        for kept, _a, w in draws:
            if w <= 0:
                continue
            theirs = tuple(c.rank for c in kept if c not in his_played)
            for r, v in card_values(mine, theirs, view.count, seq, they_passed).items():
                totals[r] = totals.get(r, 0.0) + w * v
            weight += w
        return {r: v / weight for r, v in totals.items()}

    def _opponent_draws(self, view: CribbageView, n: int, rng: random.Random
                        ) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
        """``n`` draws of the opponent's kept four and his two for the crib near the end:
        the score-aware expert's, or with ``near_reads`` resampled from ``reads`` weighted
        reads (see the module docstring)."""
        if not self.near_reads or not self._reads_apply(view):
            return super()._opponent_draws(view, n, rng)
        draws = resample(read_hands(view, max(self.reads, n), rng, self.temp, self.pegging),
                         n, rng)
        return [(kept, away) for kept, away, _w in draws]

    def _reads_apply(self, view: CribbageView) -> bool:
        """Two-hand six-card after the lay-away, the opponent's four kept."""
        return view.players == 2 and len(view.discards) == 2 and len(view.kept) == 4 and \
            self.model_opponent


def _clear(rows: Sequence[tuple[tuple[int, ...], dict[int, float]]], best: int, z: float
           ) -> bool:
    """Whether the rank ``best`` (the play's pick on the determinizations' ``rows``, as
    :meth:`~hoyle.cribbage.players.aware.AwareExpertPlayer.draw_chances` gives them) leads
    every other's chance by at least ``z`` standard errors of the paired differences (an
    exact tie: clear, nothing to find); not with fewer than two determinizations."""
    n = len(rows)
    if n < 2:
        return False
    for r in rows[0][1]:
        if r == best:
            continue
        d = [row[best] - row[r] for _theirs, row in rows]
        m = sum(d) / n
        var = sum((x - m) ** 2 for x in d) / (n - 1)
        if m < z * math.sqrt(var / n):
            return False
    return True
