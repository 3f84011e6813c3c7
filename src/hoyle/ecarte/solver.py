"""Double-dummy solver for the play of the cards at écarté.

Given both hands, the trump suit, who leads (and the card already led to the current trick,
if any), :func:`solve` finds the number of tricks each side takes when both play their best
under the obligations of the code (ECARTE-R-13; CLUB-43, HGIE-18): follow suit; win the
trick in suit when able (``must_head_trick``); void in the suit led, trump when able
(``trump_when_void = "must"``; with ``"free"`` any card). A player who has no card to answer
a lead loses the trick, and a leader whose adversary holds no more cards takes one trick for
each card left (CLUB-30, CLUB-34), as the engine counts them.

**Why tricks are enough.** A side's score for the hand (the point 1, the vole 2, the point
worth 2 against a stand or a refusal, ECARTE-R-14, R-15; or the chance of winning the game
from the resulting score) never decreases with the tricks it takes. In a game of perfect
information the minimax value of a non-decreasing function of the tricks is that function of
the minimax tricks (max and min commute with it), so the solver returns tricks and callers
compute the score (:func:`hand_score`, :func:`best_score`).

**Design.** Cards are bits of a 32-bit mask, ``suit * 8 + (trick rank - 1)``, so the higher
card of a suit is the higher bit. The search is a plain minimax with two cut-offs (the
leader stops when he has found a line winning every remaining trick, the follower when he
holds the leader to none), a memo of every trick-start position (the leader's and the
follower's masks) kept between calls in one table per (trump, options), and move
equivalence: of two cards of one hand that are adjacent in their suit among the cards still
out (no card of the adversary, nor the card led, lies between them), only one is tried
(swapping them changes nothing). Pure Python; a 5-card deal solves in about a millisecond
(see ``bench/ecarte.py``).

>>> from hoyle.cards import parse_cards
>>> from hoyle.cards import Suit
>>> # Elder hand leads with the three top trumps and two small plain cards against a hand
>>> # with a trump and four plain cards: he draws the trump and takes at least the point.
>>> solve(parse_cards("KS QS JS 7H 7D"), parse_cards("8S KH QH KD QD"), Suit.SPADES)
(3, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hoyle.cards import Card, Suit
from hoyle.ecarte.rules import ECARTE_PACK, HAND_SIZE, EcarteRules, trick_rank
from hoyle.ecarte.scoring import hand_score as _hand_score
from hoyle.ecarte.scoring import legal_cards, penalised, trick_winner

__all__ = ["card_bit", "mask_of", "cards_of", "solve", "solve_masks", "lead_values",
           "follow_values", "card_values", "hand_score", "ScoreContext", "best_score",
           "clear_cache", "cache_size"]

_SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
_BIT_CARD: dict[int, Card] = {}
_CACHE_LIMIT = 2_000_000


def card_bit(card: Card) -> int:
    """The card's bit: ``1 << (suit * 8 + trick rank - 1)``.

    >>> card_bit(Card.parse("7C")), card_bit(Card.parse("KC")), card_bit(Card.parse("7D"))
    (1, 128, 256)
    """
    return 1 << (int(card.suit) * 8 + trick_rank(card) - 1)


def mask_of(cards: Sequence[Card]) -> int:
    """The mask of ``cards``."""
    m = 0
    for c in cards:
        m |= card_bit(c)
    return m


def _fill_bit_cards() -> None:
    for c in ECARTE_PACK:
        _BIT_CARD[card_bit(c)] = c


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask``, lowest bit first."""
    if not _BIT_CARD:
        _fill_bit_cards()
    out = []
    while mask:
        b = mask & -mask
        out.append(_BIT_CARD[b])
        mask ^= b
    return out


_Solver = tuple[Callable[[int, int], int], Callable[[int, int, int], int], Callable[[], None],
                Callable[[], int]]
_SOLVERS: dict[tuple[int, bool, bool], _Solver] = {}


def _make_solver(trump: int, must_trump: bool, must_head: bool) -> _Solver:
    """The search functions for one trump suit and one reading of the obligations."""
    # Per bit index: the cards above it in its suit, and its suit.
    above = [_SUIT_MASKS[i >> 3] & ~((2 << i) - 1) for i in range(32)]
    suit_of = [_SUIT_MASKS[i >> 3] for i in range(32)]
    trump_mask = _SUIT_MASKS[trump] if trump >= 0 else 0
    cache: dict[int, int] = {}

    def follow(leader: int, follower: int, lead: int) -> int:
        # Tricks the leader takes from here, ``lead`` on the table, ``leader`` his rest.
        if not follower:
            return 1 + leader.bit_count()
        li = lead.bit_length() - 1
        lead_suit = suit_of[li]
        # The follower's legal cards (ECARTE-R-13).
        legal = follower & lead_suit
        if legal:
            if must_head:
                higher = legal & above[li]
                if higher:
                    legal = higher
        elif must_trump and follower & trump_mask:
            legal = follower & trump_mask
        else:
            legal = follower
        allc = follower | leader | lead
        worst = 99
        s = legal
        while s:
            f = s & -s
            s ^= f
            fi = f.bit_length() - 1
            higher = allc & above[fi]
            if (higher & -higher) & legal:
                continue  # an equivalent higher card of the same run is tried instead
            rest = follower ^ f
            if (f > lead) if f & lead_suit else bool(f & trump_mask):
                lc = leader.bit_count()
                rc = rest.bit_count()
                v = (lc if lc > rc else rc) - play(rest, leader)
            else:
                v = 1 + play(leader, rest)
            if v < worst:
                worst = v
                if v == 0:
                    break
        return worst

    def play(leader: int, follower: int) -> int:
        # Tricks the leader takes from a trick start.
        if not leader:
            return 0
        if not follower:
            return leader.bit_count()
        key = leader | (follower << 32)
        v = cache.get(key)
        if v is not None:
            return v
        n = leader.bit_count()
        allc = leader | follower
        best = -1
        s = leader
        while s:
            c = s & -s
            s ^= c
            higher = allc & above[c.bit_length() - 1]
            if (higher & -higher) & leader:
                continue
            x = follow(leader ^ c, follower, c)
            if x > best:
                best = x
                if best >= n:
                    break
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = best
        return best

    return play, follow, cache.clear, cache.__len__


def _solver(trump: Suit | int | None, rules: EcarteRules | None) -> _Solver:
    r = rules or EcarteRules()
    key = (-1 if trump is None else int(trump), r.trump_when_void == "must", r.must_head_trick)
    s = _SOLVERS.get(key)
    if s is None:
        s = _SOLVERS[key] = _make_solver(*key)
    return s


def clear_cache() -> None:
    """Empty the memo tables (they are kept between calls)."""
    for _, _, clear, _ in _SOLVERS.values():
        clear()


def cache_size() -> int:
    """Positions held in the memo tables."""
    return sum(size() for _, _, _, size in _SOLVERS.values())


def solve_masks(leader: int, follower: int, trump: Suit | int | None,
                lead: int = 0, rules: EcarteRules | None = None) -> int:
    """Tricks the leader takes from here with best play, hands given as masks; ``lead`` is
    the bit of the card he has led to the current trick (0 at a trick start; ``leader``
    then excludes it)."""
    play, follow, _, _ = _solver(trump, rules)
    if lead:
        return follow(leader, follower, lead)
    return play(leader, follower)


def solve(leader_hand: Sequence[Card], follower_hand: Sequence[Card],
          trump: Suit | int | None, lead: Card | None = None,
          rules: EcarteRules | None = None) -> tuple[int, int]:
    """Tricks (leader's, follower's) from here with best play on both sides.

    Args:
        leader_hand: the cards of the player who leads this trick (without ``lead``).
        follower_hand: the other player's cards.
        trump: the trump suit.
        lead: the card already led to this trick, if any.
        rules: the options (``trump_when_void``, ``must_head_trick``).

    Returns:
        The tricks each takes of those still to be played (this one included).
    """
    lm, fm = mask_of(leader_hand), mask_of(follower_hand)
    lb = card_bit(lead) if lead is not None else 0
    total = max(lm.bit_count() + (1 if lb else 0), fm.bit_count())
    t = solve_masks(lm, fm, trump, lb, rules)
    return t, total - t


def lead_values(leader_hand: Sequence[Card], follower_hand: Sequence[Card],
                trump: Suit | int | None, rules: EcarteRules | None = None
                ) -> dict[Card, int]:
    """For each card the leader may lead, the tricks he then takes with best play."""
    play, follow, _, _ = _solver(trump, rules)
    lm, fm = mask_of(leader_hand), mask_of(follower_hand)
    return {c: follow(lm ^ card_bit(c), fm, card_bit(c)) for c in leader_hand}


def follow_values(follower_hand: Sequence[Card], leader_rest: Sequence[Card], lead: Card,
                  trump: Suit | int | None, rules: EcarteRules | None = None
                  ) -> dict[Card, int]:
    """For each card the follower may play to ``lead``, the tricks he (the follower) then
    takes with best play, this trick included."""
    r = rules or EcarteRules()
    play, _, _, _ = _solver(trump, r)
    lm, fm = mask_of(leader_rest), mask_of(follower_hand)
    t = None if trump is None else Suit(int(trump))
    out = {}
    for c in legal_cards(list(follower_hand), [lead], t, r):
        rest = fm ^ card_bit(c)
        if trick_winner(lead, c, t):
            out[c] = 1 + play(rest, lm)
        else:
            total = max(lm.bit_count(), rest.bit_count())
            out[c] = total - play(lm, rest)
    return out


def card_values(hand: Sequence[Card], other: Sequence[Card], trick: Sequence[Card],
                trump: Suit | int | None, rules: EcarteRules | None = None
                ) -> dict[Card, int]:
    """For each legal card of the player to move (``hand``; ``other`` the adversary's
    cards; ``trick`` the card led, or nothing), the tricks the mover takes from here
    (this trick included) with best play afterwards."""
    if trick:
        return follow_values(hand, other, trick[0], trump, rules)
    return lead_values(hand, other, trump, rules)


@dataclass(frozen=True)
class ScoreContext:
    """What a side's tricks are worth in one deal (ECARTE-R-14, R-15).

    Attributes:
        elder: the side is the elder hand.
        stood: the elder hand played without proposing (the dealer's point then counts 2).
        refused: the dealer refused a proposal that makes the elder's point count 2.
        vole_matters: the vole counts 2 (else it counts as the point: e.g. one point wins
            the game).
        tricks: tricks in the deal (5).
    """

    elder: bool
    stood: bool = False
    refused: bool = False
    vole_matters: bool = True
    tricks: int = HAND_SIZE


def hand_score(tricks: int, ctx: ScoreContext) -> int:
    """The side's points minus the adversary's for the hand when the side takes ``tricks``
    of ``ctx.tricks`` (the king aside).

    >>> hand_score(5, ScoreContext(elder=True)), hand_score(3, ScoreContext(elder=True))
    (2, 1)
    >>> hand_score(2, ScoreContext(elder=True, stood=True)), hand_score(0, ScoreContext(True))
    (-2, -2)
    >>> hand_score(3, ScoreContext(elder=True, refused=True))
    2
    """
    n = ctx.tricks
    other = n - tricks
    if tricks == other:
        return 0
    won = tricks > other
    points = _hand_score(max(tricks, other) == n and ctx.vole_matters,
                        penalised(ctx.elder == won, ctx.stood, ctx.refused))
    return points if won else -points


def best_score(hand: Sequence[Card], others: Sequence[Sequence[Card]], trick: Sequence[Card],
               trump: Suit | int | None, ctx: ScoreContext, won: int = 0,
               rules: EcarteRules | None = None) -> float:
    """The optimal expected score for the side to move: each of ``others`` (the
    adversary's possible hands, equally likely) is solved double-dummy, the side's final
    tricks (``won`` already taken) scored by :func:`hand_score`, and the best card's
    average returned (the same card for every hand: the side does not see the hand)."""
    if not others:
        raise ValueError("no hands to average over")
    totals: dict[Card, float] = {}
    for other in others:
        for c, t in card_values(hand, other, trick, trump, rules).items():
            totals[c] = totals.get(c, 0.0) + hand_score(won + t, ctx)
    return max(totals.values()) / len(others)
