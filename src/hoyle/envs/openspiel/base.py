"""The machinery of every hoyle OpenSpiel game (:mod:`hoyle.envs.openspiel`): one game,
state and observer, generic over the game's :class:`~hoyle.engine.encoding.Encoding`
(``GameSpec.encoding()``), which gives the action ids, the chance nodes, the tensors and the
resampling of hidden cards.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from hoyle.cards import Card
from hoyle.engine.action import CHANCE
from hoyle.engine.encoding import EncodedGame, Encoding, Plan, Vector
from hoyle.engine.registry import GameSpec
from hoyle.errors import HoyleError

__all__ = ["HoyleGame", "HoyleSpielState", "HoyleObserver", "REWARD_MODES", "game_type",
           "game_class", "short_name"]

REWARD_MODES = ("win", "game_points")


def short_name(spec: GameSpec) -> str:
    """The OpenSpiel name of a registry game: ``python_hoyle_<name>``."""
    return f"python_hoyle_{spec.name}"


def game_type(spec: GameSpec) -> Any:
    """The ``pyspiel.GameType`` every hoyle game shares: sequential, explicit chance
    nodes, imperfect information, zero-sum, rewarded at the end, with information-state
    and observation strings and tensors; from two to the encoding's ``max_players``
    players; the parameters are the encoding's and ``reward`` (``"win"``)."""
    encoding = spec.encoding()
    return pyspiel.GameType(
        short_name=short_name(spec),
        long_name=f"Python {spec.title} (hoyle)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=encoding.max_players,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(encoding))


def _defaults(encoding: Encoding) -> dict[str, Any]:
    return dict(encoding.parameters) | {"reward": "win"}


class HoyleGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A hoyle game as an OpenSpiel game: the registry game's encoding, configured from the
    parameters (see :func:`game_class`).

    Attributes:
        encoded: the configured game (rules, law code, ids, tensors).
        rules: its rules; laws: its law code (or ``None``).
        observation_size: the observation tensor's length; info_extra_size: what the
            information state tensor adds; private_slices: the observer's private part.
    """

    def __init__(self, game_type: Any, encoding: Encoding,
                 params: dict[str, Any] | None = None) -> None:
        full = _defaults(encoding) | dict(params or {})
        encoded = encoding.from_parameters(full)
        value = 1.0 if full["reward"] == "win" else encoded.max_game_value
        info = pyspiel.GameInfo(
            num_distinct_actions=encoded.num_actions,
            max_chance_outcomes=encoding.num_chance_outcomes,
            num_players=encoded.num_players, min_utility=-value, max_utility=value,
            utility_sum=0.0, max_game_length=encoded.max_game_length)
        super().__init__(game_type, info, full)
        self.encoded: EncodedGame[Any] = encoded
        self.rules = encoded.rules
        self.laws = encoded.laws
        self.observation_size = encoded.observation_size
        self.info_extra_size = encoded.info_extra_size
        self.private_slices = encoded.private_slices

    def new_initial_state(self) -> HoyleSpielState:
        return HoyleSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> HoyleObserver:
        return HoyleObserver(self, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


def game_class(spec: GameSpec) -> tuple[Any, type[HoyleGame]]:
    """The ``pyspiel.GameType`` of a registry game and the class ``pyspiel.register_game``
    takes for it (built from ``params``)."""
    gtype = game_type(spec)
    encoding = spec.encoding()

    class Game(HoyleGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(gtype, encoding, params)

    Game.__name__ = Game.__qualname__ = spec.name.capitalize() + "Game"
    # Pickle finds a class by its module and name: the class stands in this module under
    # its name (the package registers every game on import, so unpickling finds it).
    globals()[Game.__name__] = Game
    Game.__doc__ = (f"``{short_name(spec)}``: {spec.title}, according to Hoyle, as an "
                    "OpenSpiel game (the parameters: the game's encoding).")
    cls: type[HoyleGame] = Game
    return gtype, cls


class HoyleSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """An OpenSpiel state wrapping an engine state.

    Attributes:
        engine: the engine state (the game's ``GameState``, from its encoding).
        pending: the cards drawn so far at a multi-card chance node (a deal, a draw).
        seen: for each seat, the actions as it saw them (its information state string).
        deal_start: the state at the start of the current deal (for resampling).
        since_deal: the (player, action id, tag) applied since then; a chance step's tag
            says what it drew (``"deal:0"``: a card dealt to seat 0).
    """

    def __init__(self, game: HoyleGame) -> None:
        super().__init__(game)
        self.game = game
        self.enc: EncodedGame[Any] = game.encoded
        self.engine: Any = self.enc.new_state()
        self.pending: list[Card] = []
        self.seen: list[list[str]] = [[] for _ in range(game.num_players())]
        self.deal_start: HoyleSpielState | None = None
        self.since_deal: list[tuple[int, int, str]] = []
        self.reward_mode: str = game.get_parameters().get("reward", "win")

    # -- the game's part, through its encoding -------------------------------------------

    def _chance_cards(self) -> list[Card]:
        """The cards the current chance node may draw (equally likely)."""
        return self.enc.chance_cards(self.engine, self.pending)

    def _card_id(self, card: Card) -> int:
        return self.enc.card_id(card)

    def _id_card(self, action_id: int) -> Card:
        return self.enc.id_card(action_id)

    def _apply_card(self, card: Card) -> None:
        """Draw ``card`` at the current chance node (applying the engine's chance action
        once all its cards are drawn) and record who sees it in ``seen``."""
        tokens, action = self.enc.chance_draw(self.engine, self.pending, card)
        for seen, token in zip(self.seen, tokens, strict=True):
            seen.append(token)
        if action is None:
            self.pending.append(card)
        else:
            self.pending = []
            self.engine.apply(action)

    def _legal_ids(self) -> list[int]:
        return self.enc.legal_ids(self.engine)

    def _winner_side(self, seat: int) -> bool:
        return bool(self.enc.side_of(seat) == self.engine.result.winner)

    def _resample(self, player: int, rng: random.Random) -> HoyleSpielState | None:
        """A state consistent with ``player``'s information, or ``None`` (try again)."""
        assert self.deal_start is not None
        plan = self.enc.resample(self.engine, self.deal_start.engine, self.since_deal,
                                 player, rng)
        return None if plan is None else self._replay(plan)

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
            if not self.pending and self.enc.is_deal_start(self.engine):
                start = self._snapshot()
                start.deal_start = None
                self.deal_start = start
                self.since_deal = []
            self.since_deal.append((CHANCE, int(action), self.enc.chance_tag(self.engine, self.pending)))
            card = self._id_card(int(action))
            if card not in self._chance_cards():
                raise pyspiel.SpielError(f"{card} cannot be drawn now")
            self._apply_card(card)
            if not self.pending:
                self._mark_public()
            return
        seat = int(self.engine.current_player)
        self.since_deal.append((seat, int(action), ""))
        act = self.enc.id_action(self.engine, int(action))
        for viewer, seen in enumerate(self.seen):
            seen.append(self.enc.action_token(seat, act, viewer))
        self.engine.apply(act)
        self._mark_public()

    def _mark_public(self) -> None:
        """Add what every seat saw follow the last action (the scores, the count, who is
        to act: e.g. a count that ended because nobody could play) to its token."""
        mark = self.enc.public_summary(self.engine)
        for seen in self.seen:
            seen[-1] += f"@{mark}"

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {self._id_card(int(action))}"
        return self.enc.action_name(self.engine, int(action))

    def is_terminal(self) -> bool:
        return bool(self.engine.is_terminal())

    def returns(self) -> list[float]:
        n = self.game.num_players()
        if not self.engine.is_terminal():
            return [0.0] * n
        value = 1.0 if self.reward_mode == "win" else self.enc.game_value(self.engine)
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
        c = HoyleSpielState(self.game)
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

    def _replay(self, steps: Plan) -> HoyleSpielState | None:
        """From the deal's start, apply ``steps``: (CHANCE, card) or (seat, action id or a
        callable giving the id from the engine state). ``None`` if a step is illegal
        there."""
        assert self.deal_start is not None
        state = self.deal_start._snapshot()
        try:
            for who, what in steps:
                if who == CHANCE:
                    state._apply_action(state._card_id(what))
                else:
                    if state.engine.current_player != who:
                        return None
                    action_id = what(state.engine) if callable(what) else what
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
        obs = state.enc.observation(state.engine, player)
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
            self.dict["history"][:] = state.enc.info_extra(state.engine, player)

    def string_from(self, state: HoyleSpielState, player: int) -> str:
        if self.perfect_recall and self.private and self.public:
            return state.information_state_string(player)
        return state.enc.observation_string(state.engine, player, self.private)
