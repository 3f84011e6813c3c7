"""OpenSpiel games for cribbage and écarté (``hoyle[envs]``).

Importing this package registers ``python_hoyle_cribbage`` and ``python_hoyle_ecarte`` with
``pyspiel.register_game``::

    import pyspiel
    import hoyle.envs.openspiel  # noqa: F401 - registers the games
    game = pyspiel.load_game("python_hoyle_cribbage", {"variant": "five-card"})

Both are sequential, imperfect-information, zero-sum games with explicit chance nodes. A deal
(and in écarté a draw from the stock) is a sequence of single-card chance nodes, each listing
the cards not yet drawn with equal probability; the cut for deal and the starter or turn-up
are single chance nodes too. The player actions are the ids of ``hoyle.envs.encoding``.

The observer gives tensors and strings: the observation (``state.view(seat)`` encoded by
``hoyle.envs.encoding``; with ``private_info`` other than a single player the private part
is left out) and the information state (``perfect_recall=True``): the string is the seat's
whole perfect-recall history, each action as that seat saw it (others' cards dealt, drawn
and laid out are ``?``); the tensor is the observation, the seat's cards as dealt, and the
cards played in this deal in order (what is needed to decide; earlier deals are summed up
in the scores).

``state.resample_from_infostate(player, sampler)`` deals the cards ``player`` cannot see
again at random, consistently with everything he saw (the cards played, the goes, the
counts of cards exchanged, a king announced), so OpenSpiel's Python information-set MCTS
bot (``open_spiel.python.algorithms.ismcts``) can play both games.

This module holds the machinery both games share (:class:`HoyleGame`, :class:`HoyleSpielState`,
:class:`HoyleObserver`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]

from hoyle.cards import Card
from hoyle.errors import HoyleError
from hoyle.engine.action import CHANCE, Action

__all__ = ["HoyleGame", "HoyleSpielState", "HoyleObserver", "REWARD_MODES", "game_type"]

REWARD_MODES = ("win", "game_points")

Vector = npt.NDArray[np.float32]


def game_type(short_name: str, long_name: str, max_players: int,
              defaults: dict[str, Any]) -> Any:
    """The ``pyspiel.GameType`` every hoyle game shares: sequential, explicit chance
    nodes, imperfect information, zero-sum, rewarded at the end, with information-state
    and observation strings and tensors; from two to ``max_players`` players;
    ``defaults`` are the game's parameters and their defaults."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults)


class HoyleGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A hoyle game as an OpenSpiel game; subclasses give the engine and the encoding."""

    observation_size: int
    info_extra_size: int
    private_slices: tuple[tuple[int, int], ...]

    def new_initial_state(self) -> HoyleSpielState:
        raise NotImplementedError

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> HoyleObserver:
        return HoyleObserver(self, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


class HoyleSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """An OpenSpiel state wrapping an engine state.

    Attributes:
        engine: the engine state (``CribbageState`` or ``EcarteState``).
        pending: the cards drawn so far at a multi-card chance node (a deal, a draw).
        seen: for each seat, the actions as it saw them (its information state string).
        deal_start: the state at the start of the current deal (for resampling).
        since_deal: the (player, action id, tag) applied since then; a chance step's tag
            says what it drew (``"deal:0"``: a card dealt to seat 0).
    """

    def __init__(self, game: HoyleGame) -> None:
        super().__init__(game)
        self.game = game
        self.engine: Any = self._new_engine()
        self.pending: list[Card] = []
        self.seen: list[list[str]] = [[] for _ in range(game.num_players())]
        self.deal_start: HoyleSpielState | None = None
        self.since_deal: list[tuple[int, int, str]] = []
        self.reward_mode: str = game.get_parameters().get("reward", "win")

    # -- to be supplied by each game --------------------------------------------------

    def _new_engine(self) -> Any:
        raise NotImplementedError

    def _chance_cards(self) -> list[Card]:
        """The cards the current chance node may draw (equally likely)."""
        raise NotImplementedError

    def _card_id(self, card: Card) -> int:
        raise NotImplementedError

    def _id_card(self, action_id: int) -> Card:
        raise NotImplementedError

    def _apply_card(self, card: Card) -> None:
        """Draw ``card`` at the current chance node (applying the engine's chance action
        once all its cards are drawn) and record who sees it in ``seen``."""
        raise NotImplementedError

    def _legal_ids(self) -> list[int]:
        raise NotImplementedError

    def _public_summary(self) -> str:
        """The public facts that follow from an action (scores, count, seat to act)."""
        raise NotImplementedError

    def _chance_tag(self) -> str:
        """What the current chance node draws, for :attr:`since_deal` (``""``: no tag)."""
        return ""

    def _id_action(self, action_id: int) -> Action:
        raise NotImplementedError

    def _player_token(self, seat: int, action: Action, viewer: int) -> str:
        """How ``viewer`` sees ``seat``'s ``action``."""
        raise NotImplementedError

    def _observation(self, seat: int) -> Vector:
        raise NotImplementedError

    def _info_extra(self, seat: int) -> Vector:
        raise NotImplementedError

    def _observation_string(self, seat: int, private: bool) -> str:
        raise NotImplementedError

    def _game_value(self) -> float:
        raise NotImplementedError

    def _winner_side(self, seat: int) -> bool:
        return bool(self.engine.result.winner == seat)

    def _is_deal_start(self) -> bool:
        raise NotImplementedError

    def _resample(self, player: int, rng: random.Random) -> HoyleSpielState | None:
        """A state consistent with ``player``'s information, or ``None`` (try again)."""
        raise NotImplementedError

    # -- OpenSpiel's State API ---------------------------------------------------------

    def current_player(self) -> int:
        if self.engine.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        cp = self.engine.current_player
        if cp == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return int(cp)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        cards = self._chance_cards()
        p = 1.0 / len(cards)
        return sorted((self._card_id(c), p) for c in cards)

    def _apply_action(self, action: int) -> None:
        if self.engine.current_player == CHANCE:
            if not self.pending and self._is_deal_start():
                start = self._snapshot()
                start.deal_start = None
                self.deal_start = start
                self.since_deal = []
            self.since_deal.append((CHANCE, int(action), self._chance_tag()))
            card = self._id_card(int(action))
            if card not in self._chance_cards():
                raise pyspiel.SpielError(f"{card} cannot be drawn now")
            self._apply_card(card)
            if not self.pending:
                self._mark_public()
            return
        seat = int(self.engine.current_player)
        self.since_deal.append((seat, int(action), ""))
        act = self._id_action(int(action))
        for viewer, seen in enumerate(self.seen):
            seen.append(self._player_token(seat, act, viewer))
        self.engine.apply(act)
        self._mark_public()

    def _mark_public(self) -> None:
        """Add what every seat saw follow the last action (the scores, the count, who is
        to act: e.g. a count that ended because nobody could play) to its token."""
        mark = self._public_summary()
        for seen in self.seen:
            seen[-1] += f"@{mark}"

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {self._id_card(int(action))}"
        return self._action_name(int(action))

    def _action_name(self, action_id: int) -> str:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return bool(self.engine.is_terminal())

    def returns(self) -> list[float]:
        n = self.game.num_players()
        if not self.engine.is_terminal():
            return [0.0] * n
        value = 1.0 if self.reward_mode == "win" else self._game_value()
        won = [self._winner_side(s) for s in range(n)]
        # zero-sum: the losers share what the winners take (three-hand: -1/2 each)
        loss = value * sum(won) / (n - sum(won))
        return [value if w else -loss for w in won]

    def __str__(self) -> str:
        return " | ".join(str(a) for a in self.engine.history) + \
            (f" | drawing {' '.join(map(str, self.pending))}" if self.pending else "")

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return f"p{seat}: " + " ".join(self.seen[seat])

    # -- copies and resampling -----------------------------------------------------------

    def _snapshot(self) -> HoyleSpielState:
        c: HoyleSpielState = type(self)(self.game)
        c.engine = self.engine.clone()
        c.pending = list(self.pending)
        c.seen = [list(s) for s in self.seen]
        c.deal_start = self.deal_start
        c.since_deal = list(self.since_deal)
        c.reward_mode = self.reward_mode
        return c

    def clone(self) -> HoyleSpielState:
        return self._snapshot()

    def __deepcopy__(self, memo: dict[int, Any]) -> HoyleSpielState:
        return self._snapshot()

    def __copy__(self) -> HoyleSpielState:
        return self._snapshot()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> \
            HoyleSpielState:
        """A state drawn at random among those ``player_id`` cannot tell from this one: the
        cards hidden from him in this deal are dealt again (earlier deals are kept: they
        no longer matter). ``probability_sampler()`` returns a float in [0, 1)."""
        seed = int(float(probability_sampler()) * (1 << 53))
        rng = random.Random(seed)
        if self.deal_start is None:
            return self._snapshot()
        key = self.information_state_string(player_id)
        for _ in range(10_000):
            state = self._resample(player_id, rng)
            if state is not None and state.information_state_string(player_id) == key:
                return state
        return self._snapshot()  # pragma: no cover - a consistent deal always exists

    def _replay(self, steps: Sequence[tuple[int, Any]]) -> HoyleSpielState | None:
        """From the deal's start, apply ``steps``: (CHANCE, card) or (seat, action id or a
        callable giving the id from the state). ``None`` if a step is illegal there."""
        assert self.deal_start is not None
        state = self.deal_start._snapshot()
        try:
            for who, what in steps:
                if who == CHANCE:
                    state._apply_action(state._card_id(what))
                else:
                    if state.engine.current_player != who:
                        return None
                    action_id = what(state) if callable(what) else what
                    if action_id not in state._legal_ids():
                        return None
                    state._apply_action(action_id)
        except (pyspiel.SpielError, HoyleError, ValueError, KeyError, IndexError):
            return None
        return state


class HoyleObserver:
    """The observer (``PyObserver`` interface): tensors and strings for one seat."""

    def __init__(self, game: HoyleGame, iig_obs_type: Any,
                 params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.game = game
        n_obs = game.observation_size
        size = n_obs + (game.info_extra_size if self.perfect_recall else 0)
        self.tensor: Vector = np.zeros(size, np.float32)
        self.dict: dict[str, Vector] = {"observation": self.tensor[:n_obs]}
        if self.perfect_recall:
            self.dict["history"] = self.tensor[n_obs:]

    def set_from(self, state: HoyleSpielState, player: int) -> None:
        obs = state._observation(player)
        if not self.private:
            for a, b in self.game.private_slices:
                obs[a:b] = 0.0
        if not self.public:
            keep = np.zeros_like(obs)
            if self.private:
                for a, b in self.game.private_slices:
                    keep[a:b] = obs[a:b]
            obs = keep
        self.tensor.fill(0.0)
        self.dict["observation"][:] = obs
        if self.perfect_recall and self.private:
            self.dict["history"][:] = state._info_extra(player)

    def string_from(self, state: HoyleSpielState, player: int) -> str:
        if self.perfect_recall and self.private and self.public:
            return state.information_state_string(player)
        return state._observation_string(player, self.private)


from hoyle.envs.openspiel import cribbage, ecarte  # noqa: E402  - registers the games

__all__ += ["cribbage", "ecarte"]
