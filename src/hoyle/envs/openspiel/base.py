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
from hoyle.engine.event import Event
from hoyle.engine.encoding import EncodedGame, Encoding, Plan, Vector
from hoyle.interface.registry import GameSpec
from hoyle.errors import ParameterError, SeatError

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
    encoding = spec.encoded()
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
        if full["reward"] not in REWARD_MODES:
            raise ParameterError(f"reward must be one of {', '.join(REWARD_MODES)}, not "
                                 f"{full['reward']!r}", "reward")
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
        self.reward_mode: str = full["reward"]

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # pickle as OpenSpiel names the game: loading that name rebuilds the Python side
        # (the rules, the law code, the sizes), which pyspiel's own pickling leaves out
        return _load_game, (str(self),)

    def new_initial_state(self) -> HoyleSpielState:
        return HoyleSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> HoyleObserver:
        return HoyleObserver(self, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


def _load_game(text: str) -> HoyleGame:
    """The game OpenSpiel names ``text`` (``python_hoyle_ecarte(laws=oh,...)``)."""
    game: HoyleGame = pyspiel.load_game(text)
    return game


def game_class(spec: GameSpec) -> tuple[Any, type[HoyleGame]]:
    """The ``pyspiel.GameType`` of a registry game and the class ``pyspiel.register_game``
    takes for it (built from ``params``)."""
    gtype = game_type(spec)
    encoding = spec.encoded()

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


class _Core:
    """The Python side of a :class:`HoyleSpielState`, one attribute of it so that
    OpenSpiel's ``Clone`` (which deep-copies each attribute of the state's ``__dict__``)
    copies it cheaply and shares the game; pickled without the encoding (rebuilt from the
    game, which pickles by its name and parameters)."""

    __slots__ = ("game", "enc", "engine", "pending", "seen", "deal_start", "since_deal",
                 "reward_mode", "last_events")

    def __init__(self, game: HoyleGame) -> None:
        self.game = game
        self.enc: EncodedGame[Any] = game.encoded
        self.engine: Any = self.enc.new_state()
        self.pending: list[Card] = []
        self.seen: list[list[str]] = [[] for _ in range(game.num_players())]
        self.deal_start: HoyleSpielState | None = None
        self.since_deal: list[tuple[int, int, str]] = []
        self.reward_mode: str = game.reward_mode
        self.last_events: tuple[Event, ...] = ()

    def copy(self) -> _Core:
        c = _Core.__new__(_Core)
        c.game, c.enc = self.game, self.enc
        c.engine = self.engine.clone()
        c.pending = list(self.pending)
        c.seen = [list(s) for s in self.seen]
        c.deal_start = self.deal_start  # never changed: replays start from its clone
        c.since_deal = list(self.since_deal)
        c.reward_mode = self.reward_mode
        c.last_events = self.last_events
        return c

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return self.copy()

    def __copy__(self) -> _Core:
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__ if k != "enc"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for k, v in state.items():
            setattr(self, k, v)
        self.enc = self.game.encoded


class HoyleSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """An OpenSpiel state wrapping an engine state.

    Copies keep OpenSpiel's own record: ``clone()``, ``child()``, ``serialize()`` /
    ``game.deserialize_state()`` and pickle all give a state with the same ``history()``,
    ``move_number()`` and ``history_str()`` (OpenSpiel's ``Clone`` copies them, and the
    Python side is the one attribute :attr:`core`).

    Attributes:
        core: the Python side; its fields read as attributes of the state:
        engine: the engine state (the game's ``GameState``, from its encoding).
        pending: the cards drawn so far at a multi-card chance node (a deal, a draw).
        seen: for each seat, the actions as it saw them (its information state string).
        deal_start: the state at the start of the current deal (for resampling).
        since_deal: the (player, action id, tag) applied since then; a chance step's tag
            says what it drew (``"deal:0"``: a card dealt to seat 0).
        last_events: the engine's events of the last action (none for a card of a deal or
            draw not yet complete; every card:
            ``Event.seen_by(seat)`` gives what a seat sees), for the leak checks and
            interfaces that show a seat what happened.
    """

    @property
    def game(self) -> HoyleGame:
        """The game (``core.game``)."""
        return self.core.game

    @game.setter
    def game(self, value: HoyleGame) -> None:
        self.core.game = value

    @property
    def enc(self) -> EncodedGame[Any]:
        """The configured game's encoding (``core.enc``)."""
        return self.core.enc

    @enc.setter
    def enc(self, value: EncodedGame[Any]) -> None:
        self.core.enc = value

    @property
    def engine(self) -> Any:
        """The engine state (``core.engine``)."""
        return self.core.engine

    @engine.setter
    def engine(self, value: Any) -> None:
        self.core.engine = value

    @property
    def pending(self) -> list[Card]:
        """The cards drawn so far at a multi-card chance node (``core.pending``)."""
        return self.core.pending

    @pending.setter
    def pending(self, value: list[Card]) -> None:
        self.core.pending = value

    @property
    def seen(self) -> list[list[str]]:
        """Each seat's information state tokens (``core.seen``)."""
        return self.core.seen

    @seen.setter
    def seen(self, value: list[list[str]]) -> None:
        self.core.seen = value

    @property
    def deal_start(self) -> HoyleSpielState | None:
        """The state at the start of the current deal (``core.deal_start``)."""
        return self.core.deal_start

    @deal_start.setter
    def deal_start(self, value: HoyleSpielState | None) -> None:
        self.core.deal_start = value

    @property
    def since_deal(self) -> list[tuple[int, int, str]]:
        """The steps applied since the deal's start (``core.since_deal``)."""
        return self.core.since_deal

    @since_deal.setter
    def since_deal(self, value: list[tuple[int, int, str]]) -> None:
        self.core.since_deal = value

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The engine's events of the last engine action (``core.last_events``)."""
        return self.core.last_events

    @property
    def reward_mode(self) -> str:
        """``win`` or ``game_points`` (``core.reward_mode``)."""
        return self.core.reward_mode

    @reward_mode.setter
    def reward_mode(self, value: str) -> None:
        self.core.reward_mode = value

    def __init__(self, game: HoyleGame) -> None:
        super().__init__(game)
        self.core = _Core(game)

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
            self.core.last_events = ()  # a card of a deal or draw: no engine event yet
        else:
            self.pending = []
            self.core.last_events = tuple(self.engine.apply(action))

    def _legal_ids(self) -> list[int]:
        return self.enc.legal_ids(self.engine)

    def _winner_side(self, seat: int) -> bool:
        return bool(self.enc.side_of(seat) == self.engine.result.winner)

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
        """Apply ``action`` (an id): checked completely before anything is recorded, so a
        refused action (``SpielError``, ``IllegalAction``) leaves the state, its history
        and every seat's information exactly as they were."""
        if self.engine.current_player == CHANCE:
            try:
                card = self._id_card(int(action))
            except (IndexError, ValueError):
                raise pyspiel.SpielError(f"no chance outcome {action!r}") from None
            if card not in self._chance_cards():
                raise pyspiel.SpielError(f"{card} cannot be drawn now")
            if not self.pending and self.enc.is_deal_start(self.engine):
                start = self._start_copy()
                start.deal_start = None
                self.deal_start = start
                self.since_deal = []
            self.since_deal.append((CHANCE, int(action), self.enc.chance_tag(self.engine, self.pending)))
            self._apply_card(card)
            if not self.pending:
                self._mark_public()
            return
        seat = int(self.engine.current_player)
        act = self.enc.id_action(self.engine, int(action))
        tokens = [self.enc.action_token(seat, act, viewer) for viewer in range(len(self.seen))]
        self.core.last_events = tuple(self.engine.apply(act))  # checked before it changes
        self.since_deal.append((seat, int(action), ""))
        for seen, token in zip(self.seen, tokens):
            seen.append(token)
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
        """``player``'s whole perfect-recall history (see the package's documentation).

        Raises:
            SeatError: ``player`` is not a seat of the game, or is left out at a chance or
                terminal node (whose player is no seat).
        """
        seat = self.current_player() if player is None else player
        return f"p{seat}: " + " ".join(self.seen[self.check_seat(seat)])

    def check_seat(self, player: Any) -> int:
        """``player`` as a seat of this game.

        Raises:
            SeatError: ``player`` is not one of ``0 .. num_players - 1`` (``-1``, a chance
                node's player, ``-4``, the terminal's...).
        """
        n = self.game.num_players()
        if isinstance(player, bool) or not isinstance(player, (int, np.integer)) \
                or not 0 <= int(player) < n:
            raise SeatError(f"no seat {player!r}: the seats of this game are 0..{n - 1} "
                            "(a chance or terminal node has no seat to observe)")
        return int(player)

    # -- copies and resampling -----------------------------------------------------------

    def _start_copy(self) -> HoyleSpielState:
        """A copy of this state (OpenSpiel's history included) to replay a deal from."""
        copy: HoyleSpielState = self.clone()
        return copy

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> \
            HoyleSpielState:
        """A state drawn at random among those ``player_id`` cannot tell from this one: the
        cards hidden from him in this deal are dealt again, exactly among the deals that
        agree with everything he saw (the game's encoding derives, from the public history,
        which unseen card each hidden place may hold, and assigns them from the seeded
        generator: ``hoyle.cribbage.encoding``, ``hoyle.ecarte.encoding``); earlier deals
        are kept (their cards no longer matter). Before the first deal, or once a deal is
        over and the next not yet dealt, nothing hidden bears on the game and the state is
        copied. ``probability_sampler()`` returns a float in [0, 1) (the seed).

        Raises:
            SeatError: ``player_id`` is not a seat of the game.
            ResampleError: no deal agrees with what ``player_id`` saw.
        """
        player = self.check_seat(player_id)
        seed = int(float(probability_sampler()) * (1 << 53))
        rng = random.Random(seed)
        start = self.deal_start
        if start is None or self.engine.is_terminal() or (
                not self.pending and self.enc.is_deal_start(self.engine)):
            return self._start_copy()
        plan = self.enc.resample(self.engine, start.engine, self.since_deal, player, rng)
        state = self._replay(start, plan)
        if state.information_state_string(player) != self.information_state_string(player):
            raise RuntimeError(  # pragma: no cover - the encoding's constraints are exact
                "resampled deal disagrees with the seat's information")
        return state

    @staticmethod
    def _replay(start: HoyleSpielState, steps: Plan) -> HoyleSpielState:
        """From a copy of ``start`` (the deal's start), apply ``steps``: (CHANCE, card) or
        (seat, action id or a callable giving the id from the engine state), through
        OpenSpiel's ``apply_action`` (so ``history()`` is the replayed one).

        Raises:
            RuntimeError: a step is illegal there (the encoding's plan is wrong).
        """
        state = start._start_copy()
        state.deal_start = None
        for who, what in steps:
            if who == CHANCE:
                action_id = state._card_id(what)
                if state.engine.current_player != CHANCE or what not in state._chance_cards():
                    raise RuntimeError(f"resampled deal: {what} cannot be drawn")
            else:
                action_id = what(state.engine) if callable(what) else what
                if state.engine.current_player != who or action_id not in state._legal_ids():
                    raise RuntimeError(f"resampled deal: action {action_id} illegal")
            state.apply_action(action_id)
        return state


class HoyleObserver:
    """The observer (``PyObserver`` interface): tensors and strings for one seat."""

    def __init__(self, game: HoyleGame, iig_obs_type: Any,
                 params: dict[str, Any] | None) -> None:
        if params:
            raise ParameterError(f"the observer takes no parameters; passed {params}",
                                 "params")
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
        """Fill the tensor with what ``player`` observes.

        Raises:
            SeatError: ``player`` is not a seat of the game.
        """
        player = state.check_seat(player)
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
        """What ``player`` observes, as text.

        Raises:
            SeatError: ``player`` is not a seat of the game.
        """
        player = state.check_seat(player)
        if self.perfect_recall and self.private and self.public:
            return state.information_state_string(player)
        return state.enc.observation_string(state.engine, player, self.private)
