"""The computed jeux de règle (hoyle.ecarte.analysis)."""

from __future__ import annotations

import pytest

import random
from pathlib import Path

from hoyle.ecarte.analysis import (_dealer_score, canonical_hand, disagreements,
                                         holding_key, refuse_entry, refuse_table,
                                         rules_vs_best, sample_holdings, stand_entry,
                                         stand_table)
from hoyle.ecarte.players.rules import is_jeu_de_regle
from hoyle.cards import Card, Suit, parse_cards
from hoyle.ecarte.rules import ecarte_pack
from hoyle.ecarte.solver import mask_of, solve_masks


@pytest.mark.slow
def test_reproducible_from_seed(tmp_path: Path) -> None:
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    ea = stand_table(samples=20, seed=5, out_csv=a, holdings=25)
    stand_table(samples=20, seed=5, out_csv=b, holdings=25)
    assert a.read_bytes() == b.read_bytes()
    assert len(ea) == 25
    # Workers do not change the table.
    c = tmp_path / "c.csv"
    stand_table(samples=20, seed=5, out_csv=c, holdings=25, workers=2)
    assert c.read_bytes() == a.read_bytes()
    # Another seed, another table.
    d = tmp_path / "d.csv"
    stand_table(samples=20, seed=6, out_csv=d, holdings=25)
    assert d.read_bytes() != a.read_bytes()


def test_three_top_trumps_and_a_king_always_win_the_point() -> None:
    # Spades trumps, 7S turned up. The elder leads KS, QS, JS: no trump beats them, so he
    # takes those three tricks whatever the dealer holds - the point with probability 1
    # (standard error 0), and the dealer can never score against him: the expected score
    # is at least 1 (point) + 1 (the king of trumps, held and announced).
    e = stand_entry(parse_cards("KS QS JS KH 7D"), Card.parse("7S"), 200, 3)
    assert e.p_point == 1.0 and e.se_point == 0.0
    assert e.p_point_rules == 1.0
    assert e.e_score >= 2.0
    assert e.classical == e.computed == "stand"


def test_hopeless_hand_is_a_proposal() -> None:
    # No trump, no court card: the dealer wins the point almost always.
    e = stand_entry(parse_cards("9H 7H 8D 7D 8C"), Card.parse("7S"), 200, 3)
    assert e.p_point < 0.2
    assert e.classical == e.computed == "propose"


def test_holding_symmetry() -> None:
    # Permuting the plain suits does not change the holding.
    h1 = parse_cards("KS 9H 7H AD 8C")
    h2 = parse_cards("KS 9D 7D AC 8H")
    assert holding_key(h1, Suit.SPADES) == holding_key(h2, Suit.SPADES)
    assert holding_key(h1, Suit.SPADES) != holding_key(parse_cards("KH 9S 7S AD 8C"),
                                                       Suit.SPADES)
    rep = canonical_hand(holding_key(h1, Suit.SPADES))
    assert holding_key(rep, Suit.SPADES) == holding_key(h1, Suit.SPADES)
    assert len(rep) == 5


def test_sampled_holdings_are_distinct() -> None:
    hs = sample_holdings(300, 1)
    keys = {(str(t), tuple(str(c) for c in h)) for h, t in hs}
    assert len(keys) == 300
    assert all(t.suit == Suit.SPADES and t not in h for h, t in hs)


def test_rules_play_never_beats_double_dummy() -> None:
    rng = random.Random(2)
    pack = ecarte_pack()
    for _ in range(300):
        cs = rng.sample(pack, 11)
        e, d, trump = mask_of(cs[:5]), mask_of(cs[5:10]), int(cs[10].suit)
        assert rules_vs_best(e, d, trump) <= solve_masks(e, d, trump)


def test_disagreements_are_sorted() -> None:
    entries = stand_table(samples=30, seed=1, holdings=40)
    d = disagreements(entries, significant=False)
    assert all(x.disagrees for x in d)
    assert [abs(x.z) for x in d] == sorted((abs(x.z) for x in d), reverse=True)


def test_refusal_table_reproducible_and_independent_of_workers(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.csv", tmp_path / "b.csv", tmp_path / "c.csv"
    ea = refuse_table(samples=15, seed=4, out_csv=a, holdings=12)
    refuse_table(samples=15, seed=4, out_csv=b, holdings=12)
    refuse_table(samples=15, seed=4, out_csv=c, holdings=12, workers=2)
    assert a.read_bytes() == b.read_bytes() == c.read_bytes()
    assert len(ea) == 12
    header = a.read_text().splitlines()[0].split(",")
    assert {"p_point", "e_score", "e_accept", "se_diff", "classical", "computed"} <= set(header)


def test_dealer_score_counts_the_refusal_penalty() -> None:
    # ECARTE-R-14/R-15, CLUB-49: the dealer who refused and loses the point gives 2; the
    # vole is 2 either way; without a refusal the point lost is 1.
    assert [_dealer_score(t, True) for t in range(6)] == [2, 1, 1, -2, -2, -2]
    assert [_dealer_score(t, False) for t in range(6)] == [2, 1, 1, -1, -1, -2]


def test_dealer_with_the_top_trumps_refuses() -> None:
    # Spades trumps (9S turned): the dealer holds KS QS JS AS TS, the five best trumps.
    # Whatever the elder leads the dealer wins it (follows above, or trumps a plain lead
    # when void — he holds only trumps) and leads winners after: he takes all five, the vole,
    # plus the king: +3 every time when refusing. Accepting can only give the elder a chance.
    e = refuse_entry(parse_cards("KS QS JS AS TS"), Card.parse("9S"), 60, 2)
    assert e.p_point == 1.0 and e.p_vole == 1.0
    assert e.e_score == 3.0
    assert e.classical == "refuse"
    assert e.e_accept <= e.e_score


def test_dealer_with_nothing_accepts() -> None:
    # No trump, low plain cards: refusing loses the point (counting 2) most of the time.
    e = refuse_entry(parse_cards("7H 8H 7D 8D 7C"), Card.parse("9S"), 150, 2)
    assert e.p_point < 0.5
    assert e.e_score < e.e_accept
    assert e.classical == e.computed == "accept"


def test_proposers_hold_no_jeu_de_regle() -> None:
    from hoyle.ecarte.analysis import _proposer_hand
    from hoyle.ecarte.rules import ecarte_pack as pack
    rng = random.Random(3)
    cards = pack()
    for _ in range(100):
        h = _proposer_hand(rng, cards, Suit.HEARTS)
        assert len(h) == 5 and not is_jeu_de_regle(h, Suit.HEARTS)
