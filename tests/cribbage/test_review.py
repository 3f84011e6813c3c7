"""Game review (hoyle review; hoyle.cribbage.review through the registry): each decision
beside the expert's, its cost worked out again here from the expert's own values; the
totals per deal; the players' ranking."""

from __future__ import annotations

import json
from typing import Any
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cribbage.players.expert import ExpertPlayer
from hoyle.cribbage.records import state_for_record
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import get_game
from hoyle.interface.review import POINTS, WIN
from hoyle.errors import HoyleError


def match_record(a: str, b: str, seed: int, index: int = 0) -> GameRecord:
    g = get_game("cribbage").play_match_game((a, b), seed, index)
    return GameRecord.from_json(json.dumps(g.record))


@pytest.fixture(scope="module")
def game() -> GameRecord:
    return match_record("greedy", "expert", 4)


def test_each_discard_costs_the_expert_values_difference(game: GameRecord) -> None:
    review = get_game("cribbage").review(game)
    expert = ExpertPlayer()
    state = state_for_record(game)
    discards = iter(d for d in review.decisions if d.kind == "discard")
    checked = 0
    for text in game.actions:
        action = Action.parse(text)
        if state.current_player != CHANCE and action.verb == "DISCARD":
            d = next(discards)
            view = state.view(state.current_player)
            assert d.seat == state.current_player and d.made == " ".join(
                c.pretty for c in sorted(action.cards))  # the game's notation: A♥ 10♦
            if d.unit == POINTS:
                worth = {tuple(sorted(k)): v for k, v in expert.discard_values(view).items()}
                made = tuple(sorted(action.cards))
                assert d.cost == pytest.approx(max(worth.values()) - worth[made], abs=1e-6)
                checked += 1
        state.apply(action)
    assert checked >= 6


def test_the_expert_far_from_the_end_loses_nothing_in_its_discards(game: GameRecord) -> None:
    review = get_game("cribbage").review(game)
    expert_seat = 1
    far = [d for d in review.decisions if d.kind == "discard" and d.unit == POINTS
           and d.seat == expert_seat]
    assert far and all(d.cost == 0.0 and d.best == d.made for d in far)
    assert all(d.cost >= 0 for d in review.decisions)


def test_totals_per_deal_and_seat(game: GameRecord) -> None:
    review = get_game("cribbage").review(game)
    per_deal = review.per_deal()
    pts = sum(d.cost for d in review.decisions if d.unit == POINTS)
    win = sum(d.cost for d in review.decisions if d.unit == WIN)
    assert sum(r[2] for r in per_deal) == pytest.approx(pts, abs=1e-6)
    assert sum(r[3] for r in per_deal) == pytest.approx(win, abs=1e-6)
    assert sum(r[4] for r in per_deal) == len(review.decisions)
    seats = review.per_seat()
    # the greedy player (seat 0) loses more a deal than the expert (seat 1)
    assert seats[0][0] / seats[0][2] > seats[1][0] / seats[1][2]
    only = get_game("cribbage").review(game, seat=1)
    assert only.decisions == [d for d in review.decisions if d.seat == 1]


def test_review_refuses_what_it_cannot_review(game: GameRecord) -> None:
    with pytest.raises(HoyleError, match="no seat 2"):
        get_game("cribbage").review(game, seat=2)
    with pytest.raises(HoyleError):
        get_game("ecarte").review(match_record_ecarte())


def match_record_ecarte() -> GameRecord:
    g = get_game("ecarte").play_match_game(("random", "rules"), 1, 0)
    return GameRecord.from_json(json.dumps(g.record))


def test_hoyle_review_prints_the_decisions_and_totals(game: GameRecord, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(game.to_json(), encoding="utf-8")
    out = CliRunner().invoke(app, ["review", str(path), "--seat", "0"])
    assert out.exit_code == 0, out.output
    # the seats by the record's names (one each: no seat numbers)
    assert "Cost per deal" in out.output and "\ngreedy: " in out.output
    assert "expert:" not in out.output and "(seat " not in out.output
    bad = CliRunner().invoke(app, ["review", str(path), "--seat", "5"])
    assert bad.exit_code == 2 and "no seat 5" in bad.output


@pytest.mark.slow
def test_two_players_of_one_kind_are_told_apart_by_seat(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(match_record("expert", "expert", 4).to_json(), encoding="utf-8")
    out = CliRunner().invoke(app, ["review", str(path)], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    totals = [line.split(":")[0] for line in out.output.splitlines()
              if "of win probability lost in" in line]
    assert totals == ["expert (seat 0)", "expert (seat 1)"]


def test_near_the_end_a_discard_is_reviewed_for_the_game() -> None:
    # The pone at 117 (4 to go, counting his hand first, CRIB-R-10), the dealer at 60 (who
    # cannot reach 121 this deal): keeping 2-3-Q-K (2+3+Q and 2+3+K, two fifteens: 4 with
    # any starter) wins surely; laying away the 2 and the 3 keeps 7-9-Q-K, which shows
    # nothing by itself (many starters leave it under 4), so it may lose. The review shows
    # the sure keep as the choice, at no cost, and the other at a cost in (0, 1).
    from helpers.cribbage import pone_view

    from hoyle.cards import derive_rng, parse_cards
    from hoyle.cribbage.advice.wintable import win_table
    from hoyle.cribbage.players import ExpertPlayer
    from hoyle.cribbage.review import _discard
    from hoyle.engine.action import Action as _Action

    view = pone_view("2H 3C 7S 9D QH KS", pone=117, dealer=60)
    table = win_table("six-card")

    def review(away: list[str]) -> Any:
        worth = _discard(view, ExpertPlayer(), table, derive_rng(1, "review", 0))
        return worth.decision(0, view.seat, _Action("DISCARD", tuple(parse_cards(away))), 0)

    sure, risky = review(["7S", "9D"]), review(["2H", "3C"])
    for d in (sure, risky):
        assert d.unit == WIN
        assert set(parse_cards(d.best.split())) == set(parse_cards(["7S", "9D"]))
    assert sure.cost == 0.0 and 0.0 < risky.cost < 1.0


@pytest.mark.slow
def test_near_the_end_a_card_laid_costs_its_chance_of_the_game() -> None:
    # Six-card, a side 25 or fewer short: each card laid with a choice of ranks (and no
    # peg-out on offer) costs the score-aware expert's chance of the game with its best
    # rank less that with the rank laid, worked out again here from the same draws (the
    # record's seed and the action's index); far from the end, points. (A close game,
    # 122-110: the module's game ends in a skunk before either side is near.)
    game = match_record("greedy", "expert", 1)
    from hoyle.cards import derive_rng
    from hoyle.cribbage.players.aware import NEAR, AwareExpertPlayer
    from hoyle.cribbage.players.search import peg_points

    review = get_game("cribbage").review(game)
    plays = iter(d for d in review.decisions if d.kind == "play")
    state = state_for_record(game)
    near = 0
    for i, text in enumerate(game.actions):
        action = Action.parse(text)
        if state.current_player != CHANCE and action.verb == "PLAY":
            view = state.view(state.current_player)
            legal = [a for a in state.legal_actions() if a.verb == "PLAY"]
            seq = tuple(c.rank for c in view.count_cards)
            need = view.target - view.scores[view.seat]
            if len({a.cards[0].rank for a in legal}) > 1:
                d = next(plays)
                close = min(view.target - s for s in view.scores) <= NEAR
                peg_out = any(peg_points(seq + (a.cards[0].rank,)) >= need for a in legal)
                assert d.unit == (WIN if close else POINTS) or peg_out
                if close and not peg_out:
                    chances = AwareExpertPlayer().win_values(
                        view, derive_rng(game.seed or 0, "review", i))
                    top = max(c for c, _ in chances.values())
                    assert d.cost == pytest.approx(top - chances[action.cards[0].rank][0],
                                                   abs=1e-6)
                    assert 0.0 <= d.cost <= 1.0
                    near += 1
        state.apply(action)
    assert near >= 3
