"""Computed *jeux de règle*: what standing is worth for each elder-hand holding.

For an elder-hand holding (five cards) and the turn-up, :func:`stand_entry` estimates by
Monte Carlo over the dealer's possible hands (drawn uniformly from the 26 cards the elder
hand has not seen) the probability that the elder hand wins the point when he **stands**
(plays without proposing, ECARTE-R-8) and his expected score for the deal, each with its
standard error. **Both sides play double-dummy** (:mod:`hoyle.ecarte.solver`): the dealer
plays perfectly and so does the elder hand, seeing each other's cards; this is a dealer
"who plays well", slightly optimistic for whichever side the hidden cards favour. The
expected score is the elder's points minus the dealer's: the point 1, the vole 2, the point
lost after a stand 2 to the dealer (ECARTE-R-14, R-15), and the king of trumps held by
either player, 1 (ECARTE-R-7; a turned-up king was scored before the elder hand chose and
is left out).

Holdings are counted up to suit symmetry: the trump suit is distinguished and the three
plain suits are interchangeable, so a holding is the trump ranks held, the multiset of the
plain suits' rank sets, and the turn-up's rank. There are 31,913 classes for each of the 8
turn-up ranks, 255,304 in all; at 200 dealer hands each, the full table is about 51 million
double-dummy deals, some 3 hours of one core (about 0.2 ms a deal). :func:`stand_table`
therefore tabulates a sample of holdings: ``holdings`` classes drawn by dealing random
hands and turn-ups (so a class comes up in proportion to how often it is dealt) and keeping
the distinct ones; ``holdings=None`` tabulates every class.

The classical verdict beside each entry is the ``rules`` player's
:func:`~hoyle.ecarte.players.rules.is_jeu_de_regle`. The computed verdict is "stand" when
the point is won at least two times in three (the stand then breaks even or better on the
point: ``1·p − 2·(1 − p) ≥ 0``, the classical books' "2 to 1" criterion); a disagreement is
significant when the estimate lies more than two standard errors from 2/3.

**The refusal table** (:func:`refuse_entry`, :func:`refuse_table`) does the same for the
dealer's answer to the elder hand's first proposal: for each dealer's holding and turn-up,
his chance of winning the point and his expected score when he refuses (the point he loses
then counts 2) and when he accepts (one exchange each, by the classical discard), beside
the classical rule (:func:`~hoyle.ecarte.players.rules.dealer_refuses`).

Every draw flows from the seed and the holding (``derive_rng``), so the table is the same
whatever the number of workers.

>>> e = stand_entry(parse_cards("KS QS JS KH 7D"), Card.parse("7S"), 50, 1)
>>> e.p_point, e.se_point
(1.0, 0.0)
"""

from __future__ import annotations

import csv
import math
import random
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TypeVar

from hoyle.cards import Card, Rank, Suit, derive_rng, parse_cards
from hoyle.ecarte.players.rules import dealer_refuses, discard_for, is_jeu_de_regle
from hoyle.ecarte.rules import ecarte_pack, trick_rank
from hoyle.ecarte.solver import card_bit, mask_of, solve_masks

__all__ = ["StandEntry", "RefuseEntry", "holding_key", "canonical_hand", "stand_entry",
           "refuse_entry", "sample_holdings", "stand_table", "refuse_table", "disagreements",
           "CLASSES_PER_TURN_UP", "TRUMP"]

TRUMP = Suit.SPADES
"""The trump suit of the canonical holdings (spades); the plain suits are H, D, C in order
of the holding's plain suits (longest first)."""
CLASSES_PER_TURN_UP = 31_913
"""Elder-hand holdings up to suit symmetry for one turn-up rank (counted by enumeration)."""

_PACK = tuple(ecarte_pack())
_BY_RANK = {trick_rank(c): c.rank for c in _PACK}
_PLAIN = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def holding_key(hand: Sequence[Card], trump: Suit) -> tuple[tuple[int, ...],
                                                             tuple[tuple[int, ...], ...]]:
    """The holding up to suit symmetry: the trump trick-ranks held (high first), and the
    plain suits' trick-rank tuples (longest, then highest, first; empty suits included)."""
    tr = tuple(sorted((trick_rank(c) for c in hand if c.suit == trump), reverse=True))
    plain = [tuple(sorted((trick_rank(c) for c in hand if c.suit == s), reverse=True))
             for s in Suit if s != trump]
    plain.sort(key=lambda t: (len(t), t), reverse=True)
    return tr, tuple(plain)


def canonical_hand(key: tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]) -> list[Card]:
    """The representative hand of a holding: trumps in spades, plain suits in hearts,
    diamonds, clubs."""
    tr, plain = key
    hand = [Card.of(_BY_RANK[r], TRUMP) for r in tr]
    for suit, ranks in zip(_PLAIN, plain):
        hand += [Card.of(_BY_RANK[r], suit) for r in ranks]
    return hand


@dataclass(frozen=True)
class StandEntry:
    """One row of the stand table (see the module docstring)."""

    turn_up: str
    hand: str
    trumps: int
    samples: int
    p_point: float
    se_point: float
    p_point_rules: float
    p_vole: float
    e_score: float
    se_score: float
    classical: str
    computed: str
    z: float

    @property
    def disagrees(self) -> bool:
        """The computed and classical verdicts differ."""
        return self.classical != self.computed


@dataclass(frozen=True)
class RefuseEntry(StandEntry):
    """One row of the refusal table (:func:`refuse_entry`): the dealer's answer to the
    elder hand's first proposal, for the dealer's holding and the turn-up.

    The fields are those of :class:`StandEntry`, seen from the dealer's side, and two more:

    Attributes:
        p_point: the dealer's chance of winning the point when he refuses (se_point its
            standard error).
        p_point_rules: the same when the elder hand plays the ``rules`` player's cards
            and the dealer his best against them.
        p_vole: the chance that the dealer takes all five tricks when he refuses.
        e_score: the dealer's expected score (points, his minus the elder's, the kings
            included) when he refuses; se_score its standard error.
        e_accept: the same when he accepts (one exchange each by the classical discard).
        se_diff: standard error of ``e_score - e_accept`` (common random numbers).
        classical: the ``rules`` player's answer (:func:`~hoyle.ecarte.players.rules.
            dealer_refuses`): "refuse" or "accept".
        computed: "refuse" when refusing scores more than accepting.
        z: ``(e_score - e_accept) / se_diff``.
    """

    e_accept: float = 0.0
    se_diff: float = 0.0


_E = TypeVar("_E", bound=StandEntry)

_SUITS = tuple(0xFF << (8 * k) for k in range(4))


def _top(m: int) -> int:
    return 1 << (m.bit_length() - 1)


def _low(m: int) -> int:
    return m & -m


def _rules_card(hand: int, lead: int, trump: int) -> int:
    """The ``rules`` player's card (:class:`~hoyle.ecarte.players.rules.RulesPlayer`), in
    masks (ties between equal suits may be broken differently): leading, the highest trump with three trumps or more, else the highest card of
    the longest plain suit; following, the cheapest winning card (a plain card before a
    trump), else the lowest card (a plain card before a trump)."""
    tm = _SUITS[trump]
    if not lead:
        trumps = hand & tm
        if trumps.bit_count() >= 3 or not hand & ~tm:
            return _top(trumps)
        best, key = 0, (-1, -1)
        for s in range(4):
            if s == trump:
                continue
            m = hand & _SUITS[s]
            if m:
                k = (m.bit_count(), (_top(m).bit_length() - 1) & 7)
                if k > key:
                    best, key = _top(m), k
        return best
    ls = _SUITS[(lead.bit_length() - 1) >> 3]
    suit = hand & ls
    if suit:
        higher = suit & ~((lead << 1) - 1)
        return _low(higher) if higher else _low(suit)
    if hand & tm:
        return _low(hand & tm)
    plain = hand & ~tm
    return min((_low(plain & _SUITS[s]) for s in range(4) if plain & _SUITS[s]),
               key=lambda b: (b.bit_length() - 1) & 7)


def rules_vs_best(elder: int, dealer: int, trump: int) -> int:
    """Tricks the elder hand takes when he plays the ``rules`` player's cards and the
    dealer, seeing both hands and knowing that policy, plays his best against it (a
    pessimistic bound for the elder)."""
    tm = _SUITS[trump]

    def wins(lead: int, second: int) -> bool:
        if second & _SUITS[(lead.bit_length() - 1) >> 3]:
            return second > lead
        return bool(second & tm)

    def legal(hand: int, lead: int) -> int:
        suit = hand & _SUITS[(lead.bit_length() - 1) >> 3]
        if suit:
            higher = suit & ~((lead << 1) - 1)
            return higher or suit
        return (hand & tm) or hand

    def go(e: int, d: int, elder_leads: bool) -> int:
        if not e:
            return 0
        if elder_leads:
            c = _rules_card(e, 0, trump)
            best = 99
            m = legal(d, c)
            while m:
                b = m & -m
                m ^= b
                if wins(c, b):
                    v = go(e ^ c, d ^ b, False)
                else:
                    v = 1 + go(e ^ c, d ^ b, True)
                best = min(best, v)
            return best
        best = 99
        m = d
        while m:
            b = m & -m
            m ^= b
            c = _rules_card(e, b, trump)
            v = 1 + go(e ^ c, d ^ b, True) if wins(b, c) else go(e ^ c, d ^ b, False)
            best = min(best, v)
        return best

    return go(elder, dealer, True)


def stand_entry(hand: Sequence[Card], turn_up: Card, samples: int, seed: int) -> StandEntry:
    """Stand-table row for ``hand`` (the elder's five) and ``turn_up`` (module docstring)."""
    trump = turn_up.suit
    rng = derive_rng(seed, "stand", " ".join(sorted(str(c) for c in hand)), str(turn_up))
    unseen = [c for c in _PACK if c not in hand and c != turn_up]
    bits = [card_bit(c) for c in unseen]
    em = 0
    for c in hand:
        em |= card_bit(c)
    king = Card.of(Rank.KING, trump)
    king_bit = card_bit(king)
    elder_king = 1 if king in hand else 0
    wins = voles = floor = 0
    total = total2 = 0.0
    for _ in range(samples):
        dm = 0
        for b in rng.sample(bits, 5):
            dm |= b
        t = solve_masks(em, dm, trump)
        if rules_vs_best(em, dm, int(trump)) >= 3:
            floor += 1
        if t >= 3:
            wins += 1
            pts = 2 if t == 5 else 1
            if t == 5:
                voles += 1
        else:
            pts = -2
        pts += elder_king - (1 if dm & king_bit else 0)
        total += pts
        total2 += pts * pts
    n = samples
    p = wins / n
    mean = total / n
    var = max(0.0, total2 / n - mean * mean) * n / max(1, n - 1)
    se_p = math.sqrt(p * (1 - p) / n)
    z = (p - 2 / 3) / se_p if se_p > 0 else (math.inf if p > 2 / 3 else -math.inf)
    return StandEntry(str(turn_up), " ".join(str(c) for c in hand),
                      sum(1 for c in hand if c.suit == trump), n, p, se_p, floor / n, voles / n, mean,
                      math.sqrt(var / n), "stand" if is_jeu_de_regle(hand, trump) else "propose",
                      "stand" if p >= 2 / 3 else "propose", z)


def _proposer_hand(rng: random.Random, unseen: Sequence[Card], trump: Suit,
                   tries: int = 50) -> list[Card]:
    """Five of ``unseen`` that are not a jeu de règle (the elder hand who proposes holds
    none, classically; the last draw is kept after ``tries``)."""
    hand = rng.sample(unseen, 5)
    for _ in range(tries - 1):
        if not is_jeu_de_regle(hand, trump):
            break
        hand = rng.sample(unseen, 5)
    return hand


def _dealer_score(elder_tricks: int, penalty: bool) -> int:
    """The dealer's points minus the elder's for the deal's tricks (ECARTE-R-14, R-15;
    ``penalty``: the dealer refused the first proposal, so a point he loses counts 2)."""
    if elder_tricks == 0:
        return 2
    if elder_tricks <= 2:
        return 1
    return -2 if elder_tricks == 5 or penalty else -1


def refuse_entry(hand: Sequence[Card], turn_up: Card, samples: int, seed: int,
                 dealer_min_exchange: int = 0) -> RefuseEntry:
    """Refusal-table row for the dealer's ``hand`` and ``turn_up`` against the elder hand's
    first proposal.

    The elder hand is drawn from the 26 cards the dealer has not seen, among hands that are
    not a jeu de règle (a classical elder stands on those, so a proposal says he holds
    none); the stock is the rest in random order. **Refusing**: the elder leads and both
    play double-dummy; a point the dealer loses counts 2 (ECARTE-R-15, CLUB-49).
    **Accepting**: the elder lays out his cards by the classical discard (at least one),
    the dealer his (at least ``dealer_min_exchange``), each draws from the stock, and the
    deal is played double-dummy with no further proposal (a simplification: a real elder
    may propose again). Both options are valued on the same draws; the king of trumps
    counts 1 to whoever holds it at the play (a turned-up king is left out).

    Args:
        hand: the dealer's five cards.
        turn_up: the turned-up card (its suit is trumps).
        samples: Monte Carlo draws (elder hand and stock).
        seed: with the holding, fixes every draw.
        dealer_min_exchange: cards the dealer must take after accepting (0 or 1).

    Returns:
        The row (points are the dealer's minus the elder's).
    """
    trump = turn_up.suit
    rng = derive_rng(seed, "refuse", " ".join(sorted(str(c) for c in hand)), str(turn_up))
    unseen = [c for c in _PACK if c not in hand and c != turn_up]
    king = Card.of(Rank.KING, trump)
    dm = mask_of(hand)
    wins = voles = floor = 0
    total = total2 = 0.0
    dsum = dsum2 = 0.0
    acc_total = 0.0
    for _ in range(samples):
        elder = _proposer_hand(rng, unseen, trump)
        stock = [c for c in unseen if c not in elder]
        rng.shuffle(stock)
        em = mask_of(elder)
        t = solve_masks(em, dm, trump)
        if rules_vs_best(em, dm, int(trump)) <= 2:
            floor += 1
        king_pts = (1 if king in hand else 0) - (1 if king in elder else 0)
        if t <= 2:
            wins += 1
            if t == 0:
                voles += 1
        refuse = _dealer_score(t, True) + king_pts
        e_out = discard_for(elder, trump, 1)
        e2 = [c for c in elder if c not in e_out] + stock[:len(e_out)]
        d_out = discard_for(hand, trump, dealer_min_exchange)[:len(stock) - len(e_out)]
        d2 = [c for c in hand if c not in d_out] + stock[len(e_out):len(e_out) + len(d_out)]
        t2 = solve_masks(mask_of(e2), mask_of(d2), trump)
        accept = _dealer_score(t2, False) + (1 if king in d2 else 0) - (1 if king in e2 else 0)
        total += refuse
        total2 += refuse * refuse
        acc_total += accept
        dsum += refuse - accept
        dsum2 += (refuse - accept) ** 2
    n = samples
    p = wins / n
    mean = total / n
    var = max(0.0, total2 / n - mean * mean) * n / max(1, n - 1)
    dmean = dsum / n
    dvar = max(0.0, dsum2 / n - dmean * dmean) * n / max(1, n - 1)
    se_diff = math.sqrt(dvar / n)
    z = dmean / se_diff if se_diff > 0 else (0.0 if dmean == 0 else math.copysign(math.inf, dmean))
    return RefuseEntry(str(turn_up), " ".join(str(c) for c in hand),
                       sum(1 for c in hand if c.suit == trump), n, p, math.sqrt(p * (1 - p) / n),
                       floor / n, voles / n, mean, math.sqrt(var / n),
                       "refuse" if dealer_refuses(hand, trump) else "accept",
                       "refuse" if dmean > 0 else "accept", z, acc_total / n, se_diff)


def sample_holdings(count: int | None, seed: int) -> list[tuple[list[Card], Card]]:
    """``count`` distinct holdings (canonical hand, turn-up), drawn as dealt; ``None``: all
    255,304, by enumeration (turn-up rank, then holding)."""
    trumps = [c for c in _PACK if c.suit == TRUMP]
    seen: set[tuple[int, object]] = set()
    out: list[tuple[list[Card], Card]] = []
    if count is None:
        from itertools import combinations
        for turn in sorted(trumps, key=trick_rank, reverse=True):
            others = [c for c in _PACK if c != turn]
            for h in combinations(others, 5):
                key = holding_key(h, TRUMP)
                if (trick_rank(turn), key) not in seen:
                    seen.add((trick_rank(turn), key))
                    out.append((canonical_hand(key), turn))
        return out
    rng = derive_rng(seed, "holdings")
    limit = min(count, 8 * CLASSES_PER_TURN_UP)
    while len(out) < limit:
        cards = rng.sample(_PACK, 6)
        turn, hand = cards[0], cards[1:]
        # Rename suits so that the turn-up's suit is spades.
        swap = {turn.suit: TRUMP, TRUMP: turn.suit}
        hand = [Card.of(c.rank, swap.get(c.suit, c.suit)) for c in hand]
        turn = Card.of(turn.rank, TRUMP)
        key = holding_key(hand, TRUMP)
        if (trick_rank(turn), key) in seen:
            continue
        seen.add((trick_rank(turn), key))
        out.append((canonical_hand(key), turn))
    return out


def _chunk(args: tuple[list[tuple[str, str]], int, int, str]
           ) -> list[StandEntry] | list[RefuseEntry]:
    rows, samples, seed, kind = args
    if kind == "refuse":
        return [refuse_entry(parse_cards(h), Card.parse(t), samples, seed) for h, t in rows]
    return [stand_entry(parse_cards(h), Card.parse(t), samples, seed) for h, t in rows]


def stand_table(samples: int = 200, seed: int = 0, out_csv: str | Path | None = None,
                holdings: int | None = 1000, workers: int = 1,
                executor: Executor | None = None) -> list[StandEntry]:
    """The stand table: ``holdings`` holdings (``None``: every one) with ``samples`` dealer
    hands each, reproducible from ``seed``; written to ``out_csv`` when given (one row per
    holding, most frequent turn-up ranks first as drawn).

    Time: about ``holdings * samples * 0.25 ms`` of one core (1,000 x 200: under a minute).
    ``executor`` (any ``concurrent.futures.Executor``: a Dask or Ray one from the
    interfaces' ``--executor``) runs the chunks instead of a pool of ``workers``; the table
    is the same.
    """
    return _table("stand", samples, seed, out_csv, holdings, workers, executor)  # type: ignore[return-value]


def refuse_table(samples: int = 200, seed: int = 0, out_csv: str | Path | None = None,
                 holdings: int | None = 1000, workers: int = 1,
                 executor: Executor | None = None) -> list[RefuseEntry]:
    """The refusal table: for ``holdings`` dealer's holdings (drawn as dealt, up to suit
    symmetry; ``None``: every one), :func:`refuse_entry` with ``samples`` draws each,
    reproducible from ``seed``, written to ``out_csv`` when given.

    Time: about ``holdings * samples * 0.6 ms`` of one core; ``executor`` as for
    :func:`stand_table`.
    """
    return _table("refuse", samples, seed, out_csv, holdings, workers, executor)  # type: ignore[return-value]


def _table(kind: str, samples: int, seed: int, out_csv: str | Path | None,
           holdings: int | None, workers: int, executor: Executor | None = None
           ) -> list[StandEntry] | list[RefuseEntry]:
    chosen = sample_holdings(holdings, seed)
    rows = [(" ".join(str(c) for c in h), str(t)) for h, t in chosen]
    size = max(1, min(100, len(rows) // (4 * workers) or 1))
    jobs = [(rows[i:i + size], samples, seed, kind) for i in range(0, len(rows), size)]
    entries: list[StandEntry | RefuseEntry] = []
    if executor is not None:
        for part in executor.map(_chunk, jobs):
            entries.extend(part)
    elif workers > 1:
        with ProcessPoolExecutor(workers) as ex:
            for part in ex.map(_chunk, jobs):
                entries.extend(part)
    else:
        for job in jobs:
            entries.extend(_chunk(job))
    if out_csv is not None:
        with open(out_csv, "w", newline="", encoding="utf-8") as fh:
            names = list(asdict(entries[0]).keys()) if entries else []
            w = csv.DictWriter(fh, fieldnames=names, lineterminator="\n")
            w.writeheader()
            for e in entries:
                row = asdict(e)
                for k, v in row.items():
                    if isinstance(v, float):
                        row[k] = f"{v:.4f}"
                w.writerow(row)
    return entries


def disagreements(entries: Sequence[_E], significant: bool = True) -> list[_E]:
    """Entries whose computed verdict differs from the classical one, the clearest first;
    with ``significant`` only those whose ``z`` exceeds 2 (stand table: more than two
    standard errors from the 2/3 threshold; refusal table: refusing and accepting more
    than two standard errors apart)."""
    out = [e for e in entries if e.disagrees and (not significant or abs(e.z) > 2)]
    return sorted(out, key=lambda e: -abs(e.z))
