"""The baseline players: greedy (best expected hand, most points now) and random."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import pytest

from hoyle.cards import CARDS, Card, parse_cards
from hoyle.cribbage.players import PLAYERS, GreedyPlayer, RandomPlayer, make_player
from hoyle.cribbage.players.greedy import best_keep, keep_values
from hoyle.cribbage.state import CribbageState, CribbageView
from hoyle.errors import HoyleError
from hoyle.cribbage.match import play_game
from hoyle.engine.action import Action

from helpers.cribbage import apply_all, pips, ref_show

# figures.md §3 (cribbageforum.com "How to analyze discards"): A-2-7-9-J-Q, no three of a suit
DISCARD_EXAMPLE = "AH 2C 7D 9S JH QC"


def expected_hand(keep: Sequence[Card], held: Sequence[Card]) -> Fraction:
    """Average show over the 46 starters not in ``held``, by the reference scorer."""
    starters = [c for c in CARDS if c not in held]
    assert len(starters) == 46
    return Fraction(sum(ref_show(keep, s) for s in starters), 46)


def test_discard_example_averages_from_figures() -> None:
    held = parse_cards(DISCARD_EXAMPLE)
    values = dict(keep_values(held))
    assert len(values) == 15  # C(6, 4)
    assert values[parse_cards("AH 2C JH QC")] == pytest.approx(131 / 46)
    assert values[parse_cards("AH 2C 7D 9S")] == pytest.approx(110 / 46)
    # the reference scorer reproduces the published figures too
    assert expected_hand(parse_cards("AH 2C JH QC"), held) == Fraction(131, 46)
    assert expected_hand(parse_cards("AH 2C 7D 9S"), held) == Fraction(110, 46)


def test_keep_values_sorted_best_first_and_exact() -> None:
    held = parse_cards("5H 5C 6D 4S KH 9C")
    values = keep_values(held)
    assert [v for _, v in values] == sorted((v for _, v in values), reverse=True)
    for keep, v in values:
        assert v == pytest.approx(float(expected_hand(keep, held)))
    assert best_keep(held) == values[0]


def _discard_state(six: str) -> CribbageState:
    s = CribbageState()
    apply_all(s, ["CUT 9C", "CUT 2D", f"DEAL {six} | 3C 3D 3H 3S 4C 4D"])
    return s


@pytest.mark.parametrize("seed", range(5))
def test_greedy_keeps_the_best_expected_hand(seed: int) -> None:
    s = _discard_state(DISCARD_EXAMPLE)
    held = parse_cards(DISCARD_EXAMPLE)
    action = GreedyPlayer().choose(s.view(0), s.legal_actions(), random.Random(seed))
    assert action in s.legal_actions()
    kept = [c for c in held if c not in action.cards]
    best = max(expected_hand(k, held) for k in combinations(held, 4))
    assert expected_hand(kept, held) == best
    # in particular it keeps A-2-J-Q (131/46) rather than A-2-7-9 (110/46)
    assert set(action.cards) != set(parse_cards("JH QC"))


def test_greedy_keeps_the_29_hand_cards() -> None:
    # 5 5 5 J + two odd cards: keeping the three fives and the jack is obviously best
    six = "5H 5C 5S JD 2C 8H"
    s = _discard_state(six)
    action = GreedyPlayer().choose(s.view(0), s.legal_actions(), random.Random(0))
    assert set(action.cards) == set(parse_cards("2C 8H"))


# --------------------------------------------------------------------------- the play


def play_view(hand: str, count_cards: str) -> tuple[CribbageView, list[Action]]:
    """A play-phase view with the given hand and current count, and its legal actions."""
    s = CribbageState()
    apply_all(s, ["CUT 9C", "CUT 2D", "DEAL KH TD 8D 9C 5H 5S | 5C 8S 8H 7H 5D QD",
                  "DISCARD 5H 5S", "DISCARD 5D QD", "STARTER JS"])
    cc = parse_cards(count_cards) if count_cards else ()
    h = parse_cards(hand)
    count = sum(pips(c) for c in cc)
    v0 = s.view(0)
    changes = {"hand": h, "count": count, "count_cards": cc}
    v = (dataclasses.replace(v0, **changes) if dataclasses.is_dataclass(v0)
         else v0._replace(**changes))
    legal = [Action("PLAY", (c,)) for c in h if count + pips(c) <= 31] or [Action("GO")]
    return v, legal


def greedy_choices(hand: str, count_cards: str, seeds: int = 8) -> set[str]:
    v, legal = play_view(hand, count_cards)
    out = set()
    for seed in range(seeds):
        a = GreedyPlayer().choose(v, legal, random.Random(seed))
        assert a in legal
        out.add(str(a))
    return out


def test_greedy_makes_fifteen_when_it_can() -> None:
    # count 10 (KH): 5C makes 15 for 2; 4D (14), 2S (12), 9H (19) make nothing
    assert greedy_choices("4D 5C 2S 9H", "KH") == {"PLAY 5C"}


def test_greedy_prefers_pair_royal_to_fifteen() -> None:
    # count 8 (4C 4D): 4H makes a pair royal (6) at 12; 7S makes 15 (2)
    assert greedy_choices("7S 4H", "4C 4D") == {"PLAY 4H"}


def test_greedy_prefers_run_to_fifteen() -> None:
    # count 8 (3C 5D): 4H makes a run of 3 (3) at 12; 7S makes 15 (2)
    assert greedy_choices("7S 4H", "3C 5D") == {"PLAY 4H"}


def test_greedy_makes_31() -> None:
    # count 21 (KC 5D 6H): TS makes 31 (2), 9H makes 30 (0)
    assert greedy_choices("9H TS", "KC 5D 6H") == {"PLAY TS"}


def test_greedy_does_not_lead_a_five() -> None:
    # all leads score 0; a 5 leaves the count at 5 (a tenth card makes 15): avoided;
    # among the rest it plays the highest card (4C)
    assert greedy_choices("5H 4C 3D 2S", "") == {"PLAY 4C"}


def test_greedy_avoids_leaving_21() -> None:
    # count 11 (AC KD): TS → 21, 9H → 20; neither scores (A,K,T/9 are no run, no pair)
    assert greedy_choices("TS 9H", "AC KD") == {"PLAY 9H"}


def test_greedy_points_beat_avoiding_21() -> None:
    # count 11 (2C 9D): TH → 21 (nothing); 4S → 15 (2 points): points first
    assert greedy_choices("TH 4S", "2C 9D") == {"PLAY 4S"}
    # count 6 (AC 5D): TD → 16, 9S → 15 (2 points)
    assert greedy_choices("TD 9S", "AC 5D") == {"PLAY 9S"}


def test_greedy_says_go_when_it_must() -> None:
    v, legal = play_view("9C 8D", "KC QD 5S")  # count 25
    assert legal == [Action("GO")]
    assert GreedyPlayer().choose(v, legal, random.Random(0)) == Action("GO")


# --------------------------------------------------------------------------- random & registry


def test_random_player_is_uniform_over_legal_actions_and_seeded() -> None:
    v, legal = play_view("4D 5C 2S 9H", "KH")
    seen = {str(RandomPlayer().choose(v, legal, random.Random(i))) for i in range(60)}
    assert seen == {str(a) for a in legal}
    a = RandomPlayer().choose(v, legal, random.Random(5))
    assert a == RandomPlayer().choose(v, legal, random.Random(5))


class Checked:
    """Wraps a player and checks every choice is one of the legal actions it was given."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.name = inner.name  # type: ignore[attr-defined]
        self.calls = 0

    def choose(self, view: CribbageView, legal: Sequence[Action],
               rng: random.Random) -> Action:
        a = self.inner.choose(view, legal, rng)  # type: ignore[attr-defined]
        assert a in legal, (a, legal)
        self.calls += 1
        return a


@pytest.mark.parametrize("seed", range(4))
def test_players_only_choose_legal_actions(seed: int) -> None:
    players = [Checked(RandomPlayer()), Checked(GreedyPlayer())]
    if seed % 2:
        players.reverse()
    s = play_game(players, seed=seed)  # type: ignore[arg-type]
    assert s.is_terminal()
    assert all(p.calls > 0 for p in players)


def test_make_player() -> None:
    assert sorted(PLAYERS) == ["aware", "expert", "greedy", "master", "random", "table"]
    assert isinstance(make_player("greedy"), GreedyPlayer)
    assert isinstance(make_player("random"), RandomPlayer)
    with pytest.raises(HoyleError):
        make_player("deep-blue")


def test_greedy_beats_random_more_often_than_not() -> None:
    # not a tight statistical test: greedy should win a clear majority of 20 seeded games
    wins = 0
    for seed in range(20):
        players = [GreedyPlayer(), RandomPlayer()] if seed % 2 else [RandomPlayer(),
                                                                      GreedyPlayer()]
        s = play_game(players, seed=1000 + seed)  # type: ignore[list-item]
        greedy_seat = 0 if seed % 2 else 1
        wins += s.result is not None and s.result.winner == greedy_seat
    assert wins >= 14


@pytest.mark.parametrize("options", [
    {"players": 3},  # six cards each, two to the crib (CRIB-R-1 and R-5 set apart)
    {"cards_dealt": 5, "discard_per_player": 1},
    {"cards_dealt": 7, "discard_per_player": 1},
    {"cards_dealt": 8, "discard_per_player": 3},
])
def test_CRIB_R_5_every_computer_lays_away_the_rules_count(options: dict[str, int]) -> None:
    """A deal the discard tables are not for (``--set`` on ``hoyle play``): the table,
    expert and aware players lay away the rules' number of cards (CRIB-R-5; they once laid
    two with two players and one with more, whatever the rules said), and play on."""
    from hoyle.cribbage.players import make_player
    from hoyle.cribbage.rules import CribbageRules
    from hoyle.cribbage.state import CribbageState
    from hoyle.engine.runner import play

    rules = CribbageRules.for_variant("six-card", target=61, **options)
    for name in ("table", "expert", "aware"):
        state = play(CribbageState(rules, seed=2), [make_player(name)] * rules.players, 2)
        assert state.is_terminal(), name
        assert all(len(kept) == rules.cards_dealt - rules.discard_per_player
                   for kept in state.kept), (name, state.kept)
