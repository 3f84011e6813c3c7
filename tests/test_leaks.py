"""The leak checker kept in the suite (issue 19): seeded games of every cribbage variant and
both écarté codes; for every seat at every step every artefact the seat can receive is
searched for a card it may not know (:mod:`helpers.leaks`); and twins (the same public
history, the hidden cards dealt otherwise) give a seat identical artefacts.

Size: ``HOYLE_LEAK_GAMES`` games per configuration (1 in ``make test``; ``make fuzz`` runs
more) and ``HOYLE_LEAK_TWINS`` twin positions per configuration."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pyspiel
import pytest

from helpers.leaks import CONFIGS, Checker, Knowledge, Tally

GAMES = int(os.environ.get("HOYLE_LEAK_GAMES", "1"))
TWINS = int(os.environ.get("HOYLE_LEAK_TWINS", "12"))
IDS = [f"{g}-{'-'.join(p.values())}" for g, p, _ in CONFIGS]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_no_artefact_shows_a_seat_a_card_it_may_not_know(config: Any) -> None:
    checker = Checker(*config)
    tally = Tally()
    for seed in range(GAMES):
        tally.add(checker.run_game(seed))
    print(f"\n{IDS[CONFIGS.index(config)]}: games {tally.games}, seat-steps "
          f"{tally.seat_steps}, artefacts {tally.artefacts}, leaks {len(tally.leaks)}")
    assert tally.leaks == []
    assert tally.games == GAMES and tally.seat_steps > 100 * GAMES
    assert tally.artefacts > 10 * tally.seat_steps


def _artefacts(checker: Checker, state: Any, seat: int, know: Knowledge) -> list[Any]:
    out: list[Any] = []
    e = state.engine
    out.append(repr(e.view(seat)))
    checker.env.state = e
    obs = checker.env.observe(checker.env.possible_agents[seat])
    out += [obs["observation"].tolist(), obs["action_mask"].tolist(), checker.env.render()]
    out += [list(state.observation_tensor(seat)), list(state.information_state_tensor(seat)),
            state.observation_string(seat), state.information_state_string(seat),
            state.legal_actions() if state.current_player() == seat else []]
    if state.current_player() == seat:
        hidden = sorted(set(checker.pack) - know.known[seat], key=lambda c: c.index)
        for name, _, _ in checker.probe(state, seat, set(hidden)):
            out.append(name)
        from helpers.leaks import _probes
        from hoyle.errors import HoyleError
        for action, _ in _probes(e, seat, set(hidden)):
            try:
                e.clone().apply(action)
            except HoyleError as err:
                out.append(str(err))
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_twins_with_hidden_cards_dealt_otherwise_give_identical_artefacts(config: Any
                                                                          ) -> None:
    # the twin: the same public history and the seat's own cards, the cards hidden from
    # it dealt otherwise (resample_from_infostate, whose own consistency is checked in
    # tests/envs); every artefact the seat can receive must be the same
    checker = Checker(*config)
    compared = [0, 0]

    def visit(state: Any, know: Knowledge) -> None:
        if state.is_chance_node() or compared[0] >= TWINS or \
                state.engine.phase not in ("discard", "play"):
            return
        if np.random.default_rng(state.move_number()).random() > 0.2:
            return
        seat = state.current_player()
        twin = state.resample_from_infostate(
            seat, pyspiel.UniformProbabilitySampler(state.move_number(), 0.0, 1.0))
        others = [s for s in range(checker.players) if s != seat]
        differs = any(sorted(twin.engine.hands[s]) != sorted(state.engine.hands[s])
                      for s in others)
        assert _artefacts(checker, twin, seat, know) == _artefacts(checker, state, seat, know)
        compared[0] += 1
        compared[1] += differs

    seed = 0
    while compared[0] < TWINS and seed < 20:
        checker.run_game(seed, visit)
        seed += 1
    assert compared[0] == TWINS and compared[1] >= TWINS // 2


class _Leaky(Checker):
    """A checker given one more artefact: every hand (what the old ``render()`` printed)."""

    def artefacts(self, state: Any, seat: int, know: Knowledge) -> Any:
        yield from super().artefacts(state, seat, know)
        yield "every hand", {c for h in state.engine.hands for c in h}, set()


def test_the_checker_finds_a_planted_leak() -> None:
    tally = _Leaky(*CONFIGS[0]).run_game(0)
    assert tally.leaks and all("every hand" in leak for leak in tally.leaks)
    # caught at every seat-step where another seat holds cards (not while dealing)
    assert len(tally.leaks) > tally.seat_steps // 3


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_twins_by_permuting_the_hidden_cards_of_the_deal(config: Any) -> None:
    # the twin built directly: the same chance outcomes, except that at the first
    # decision of the game the cards hidden from the seat to act (the others' hands, the
    # stock) are permuted at random; the public history is the same, so every artefact
    # the seat can receive must be too
    checker = Checker(*config)
    compared = 0
    for seed in range(max(3, TWINS // 4)):
        rng = np.random.default_rng(seed)
        state = checker.game.new_initial_state()
        know = Knowledge(checker.players)
        while state.is_chance_node():
            checker._apply(state, int(rng.choice([a for a, _ in state.chance_outcomes()])),
                           know)
        seat = state.current_player()
        hidden = sorted(set(checker.pack) - know.known[seat], key=lambda c: c.index)
        image = list(hidden)
        rng.shuffle(image)
        perm = dict(zip(hidden, image, strict=True))
        twin = checker.game.new_initial_state()
        twin_know = Knowledge(checker.players)
        history = state.history()
        deal_from = len(history) - len(state.since_deal)  # the cuts before stay as they were
        for i, action_id in enumerate(history):
            card = twin.enc.id_card(action_id)
            if i >= deal_from:
                card = perm.get(card, card)
            checker._apply(twin, twin.enc.card_id(card), twin_know)
        others = [s for s in range(checker.players) if s != seat]
        assert any(sorted(twin.engine.hands[s]) != sorted(state.engine.hands[s])
                   for s in others)
        assert twin_know.known[seat] == know.known[seat]
        assert _artefacts(checker, twin, seat, twin_know) == \
            _artefacts(checker, state, seat, know)
        compared += 1
    assert compared >= 3
