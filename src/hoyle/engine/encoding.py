"""What a game gives the research environments (``hoyle.envs``): fixed action ids, numeric
observations, and the chance nodes of an OpenSpiel game, as numbers the adapters can use
without knowing the game.

Each game implements :class:`Encoding` in its own ``encoding`` module and hands it out with
``GameSpec.encoding()`` (:mod:`hoyle.interface.registry`). An :class:`Encoding` is the game's
numbering in general; :meth:`Encoding.from_options` and :meth:`Encoding.from_parameters`
choose the rules and the law code and give an :class:`EncodedGame`, the numbering of one
configured game (its observation length depends on the number of seats, for instance).

Everything an encoding does is a translation: the rules come from the engine
(``state.legal_actions()``, ``state.view(seat)``); nothing is decided here. Observations
are built from ``state.view(seat)`` only, which is what guarantees that they never show a
hidden card.

The adapters' chance model (OpenSpiel): a multi-card chance outcome (a deal, a draw from the
stock) is split into single-card chance nodes; ``drawn`` is the cards drawn so far at the
current node, and the engine's chance action is applied once the last is drawn
(:meth:`EncodedGame.chance_draw`). A deal's *steps* are ``(who, action id, tag)``: ``who``
a seat or :data:`~hoyle.engine.action.CHANCE`, the id a player action id or a chance
outcome id, the tag :meth:`EncodedGame.chance_tag` of a chance step.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from hoyle.cards import Card
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.laws import LawCode

__all__ = ["Encoding", "EncodedGame", "Vector", "Step", "Plan", "player_steps"]

Vector = npt.NDArray[np.float32]
"""A numeric observation or tensor: a 1-D ``float32`` array."""

StateT = TypeVar("StateT")

Step = tuple[int, int, str]
"""One step of a deal: ``(who, action id, tag)`` (see the module's documentation)."""

Plan = list[tuple[int, Any]]
"""A deal to replay from its start: ``(CHANCE, card)`` or ``(seat, action id)`` or
``(seat, f)`` with ``f(state) -> action id`` (an id that depends on the hand held then)."""


class EncodedGame(Protocol[StateT]):
    """One configured game (rules and law code chosen) as numbers.

    Attributes:
        rules: the game's rules object (``CribbageRules``, ``EcarteRules``).
        laws: the law code the engine cites, or ``None``.
        num_players: seats in the game.
        num_actions: the number of player action ids (ids are ``0 .. num_actions - 1``).
        observation_size: the length of :meth:`observation`.
        info_extra_size: the length of :meth:`info_extra`.
        private_slices: the ``(start, stop)`` ranges of the observation that are the
            observer's private information (left out for a public observer).
        card_blocks: how many one-hot blocks of the pack's size begin the observation,
            each marking cards (the leak checker reads the cards marked there).
        max_game_value: the most game points a game can be worth (``reward="game_points"``).
        max_game_length: an upper bound on the actions of one game, chance included.
    """

    @property
    def rules(self) -> Any: ...

    @property
    def laws(self) -> LawCode | None: ...

    @property
    def num_players(self) -> int: ...

    @property
    def num_actions(self) -> int: ...

    @property
    def observation_size(self) -> int: ...

    @property
    def info_extra_size(self) -> int: ...

    @property
    def private_slices(self) -> tuple[tuple[int, int], ...]: ...

    @property
    def card_blocks(self) -> int: ...

    @property
    def max_game_value(self) -> float: ...

    @property
    def max_game_length(self) -> int: ...

    # -- states and player actions --------------------------------------------------------
    def new_state(self, seed: int | None = None) -> StateT:
        """A new game, automatic counting, no referee; ``seed`` seeds its chance."""

    def legal_ids(self, state: StateT) -> list[int]:
        """The ids of ``state.legal_actions()``, in the engine's order."""

    def id_action(self, state: StateT, action_id: int) -> Action:
        """The action with id ``action_id`` for the seat to act in ``state``.

        Raises:
            HoyleError: the id is out of range or does not fit the hand held.
        """

    def action_name(self, state: StateT, action_id: int) -> str:
        """The text of an id (the action's text where the hand gives it one)."""

    def observation(self, state: StateT, seat: int) -> Vector:
        """The numeric observation of ``state.view(seat)``, ``observation_size`` long."""

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (the seat itself without partnerships)."""

    def game_value(self, state: StateT) -> float:
        """The game points the winner of the finished ``state`` takes."""

    def render_text(self, state: StateT) -> str:
        """A few lines describing ``state`` as every seat sees it (the public part of
        ``state.view``: no card hidden from any seat)."""

    # -- OpenSpiel: chance nodes, information states, resampling -------------------------
    def card_id(self, card: Card) -> int:
        """The chance outcome id of ``card``."""

    def id_card(self, outcome_id: int) -> Card:
        """The card of chance outcome ``outcome_id``.

        Raises:
            IndexError: the id is out of range.
        """

    def chance_cards(self, state: StateT, drawn: Sequence[Card]) -> list[Card]:
        """The cards the current chance node may draw (equally likely), ``drawn`` already
        drawn there."""

    def chance_tag(self, state: StateT, drawn: Sequence[Card]) -> str:
        """What the next card drawn is for (``"deal:0"``: dealt to seat 0; ``""``: no tag)."""

    def chance_draw(self, state: StateT, drawn: Sequence[Card], card: Card
                    ) -> tuple[list[str], Action | None]:
        """Draw ``card`` after ``drawn``: what each seat sees of it (its information state
        token, by seat), and the engine's chance action once the node's last card is drawn
        (``None``: more to draw)."""

    def is_deal_start(self, state: StateT) -> bool:
        """Whether ``state`` is at the first chance node of a deal."""

    def public_summary(self, state: StateT) -> str:
        """The public facts that follow from the last action (scores, count, seat to act)."""

    def action_token(self, seat: int, action: Action, viewer: int) -> str:
        """How ``viewer`` sees ``seat``'s ``action`` in its information state string."""

    def info_extra(self, state: StateT, seat: int) -> Vector:
        """The information state tensor's part after the observation: the seat's cards as
        dealt and the cards played in this deal in order (``info_extra_size`` long)."""

    def observation_string(self, state: StateT, seat: int, private: bool) -> str:
        """The observation as text; ``private=False`` leaves out the seat's own cards."""

    def resample(self, state: StateT, start: StateT, steps: Sequence[Step], player: int,
                 rng: random.Random) -> Plan:
        """A deal ``player`` cannot tell from the one played since ``start`` (``steps``):
        the cards hidden from him dealt again from ``rng``, exactly among the deals that
        agree with everything he saw (by construction: no try is rejected), to replay from
        ``start``.

        Raises:
            ResampleError: no deal agrees with what ``player`` saw.
        """


class Encoding(Protocol):
    """A game's numbering for the environments, before the rules are chosen.

    Attributes:
        max_players: the most seats a variant of the game has.
        num_chance_outcomes: the number of chance outcome ids (the cards of the pack).
        parameters: the OpenSpiel game's parameters and their defaults (the adapter adds
            ``reward``).
        env_doc: the PettingZoo environment's documentation (arguments, actions,
            observation), the docstring of its module-like object.
    """

    @property
    def max_players(self) -> int: ...

    @property
    def num_chance_outcomes(self) -> int: ...

    @property
    def parameters(self) -> Mapping[str, Any]: ...

    @property
    def env_doc(self) -> str: ...

    def from_options(self, **options: Any) -> EncodedGame[Any]:
        """The game configured from the PettingZoo environment's keyword arguments (the
        variant, the law code, rule options).

        Raises:
            HoyleError: an unknown variant, law code or rule option, or a bad value.
        """

    def from_parameters(self, params: Mapping[str, Any]) -> EncodedGame[Any]:
        """The game configured from the OpenSpiel parameters (:attr:`parameters` filled in
        by the caller; extra keys such as ``reward`` are ignored).

        Raises:
            HoyleError: an unknown variant or law code, or a bad value.
        """


def player_steps(enc: EncodedGame[Any], state: Any, steps: Sequence[Step],
                 pack: Sequence[Card]) -> Iterator[tuple[int, int]]:
    """Walk a deal's ``steps`` on ``state`` (changed in place): each chance card is drawn
    through ``enc.chance_draw`` (``pack[id]`` is the card of a chance id) and its node's
    action applied once the node's last card is drawn; each player step is yielded as
    ``(seat, action id)`` for the caller to look at the state before it and apply it."""
    drawn: list[Card] = []
    for who, a, _ in steps:
        if who == CHANCE:
            _, act = enc.chance_draw(state, drawn, pack[a])
            if act is None:
                drawn.append(pack[a])
            else:
                drawn = []
                state.apply(act)
            continue
        yield who, a

