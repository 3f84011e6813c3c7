"""Provably fair deals: check that every chance outcome of a record (each cut, deal,
starter, turn-up and draw from the stock) is the one its seed gives.

A game dealt by software (``hoyle play``, ``hoyle serve``) draws the chance
outcome of action ``n`` (from 0) from the seed by the runner's convention
(:class:`hoyle.engine.runner.Seeds`). Once the seed is revealed, anyone can draw the same
outcomes again and compare: :func:`verify_record` does so through the registry, for any
game, and names the first outcome that differs. ``hoyle serve`` shows the seed's SHA-256
(:func:`seed_commitment`) before the first card and reveals the seed when the game ends,
so a record and its seed that verify, against the commitment shown at the start, are a
deal nobody chose. (A match of ``hoyle sim`` chooses each game's cut for deal, so that the
players deal first in turn: its records do not verify from action 1.)

>>> seed_commitment(1)[:16]
'6b86b273ff34fce1'
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from hoyle.engine.records import GameRecord
from hoyle.interface.registry import record_game
from hoyle.engine.runner import replay
from hoyle.errors import RecordError

__all__ = ["ChanceCheck", "seed_commitment", "verify_record"]


def seed_commitment(seed: int) -> str:
    """The SHA-256 (hex) of the seed's decimal text: what ``hoyle serve`` shows before a
    game (its commitment) and checks the revealed seed against."""
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


@dataclass(frozen=True)
class ChanceCheck:
    """What :func:`verify_record` found.

    Attributes:
        actions: the record's actions.
        chance: the chance outcomes among them checked against the seed (all, when
            :attr:`index` is ``None``; else those before the first that differs).
        index: the 0-based index of the first chance outcome that is not the seed's
            (``None``: every one is).
        recorded: that action as the record has it (``""`` when all agree).
        seeded: the outcome the seed gives there (``""`` when all agree).
    """

    actions: int
    chance: int
    index: int | None = None
    recorded: str = ""
    seeded: str = ""

    @property
    def verified(self) -> bool:
        """Whether every chance outcome is the seed's."""
        return self.index is None


def verify_record(record: GameRecord) -> ChanceCheck:
    """Draw every chance outcome of ``record`` again from its seed and compare it with
    the recorded one (the record's game from :func:`hoyle.interface.registry.record_game`).

    The actions are applied in order as the record has them: the first chance outcome
    that is not the seed's is the answer, whatever follows it (a changed card usually
    makes later actions or the result disagree too). When every outcome is the seed's, the
    record must also replay as a whole (the stored result the replay's).

    Raises:
        RecordError: the record has no seed, is of no known game, or an action before any
            difference cannot be read or is illegal where it stands (the error names it),
            or the stored result is not the replay's.
    """
    if record.seed is None:
        raise RecordError("the record has no seed, so its chance outcomes cannot be checked "
                          "(a refereed game's cards came from a real pack)")
    spec = record_game(record)
    done = replay(spec.state_for_record(record), record.actions, record.seed,
                  check_chance=True, stop_at_difference=True)
    if done.difference is not None:
        index, recorded, seeded = done.difference
        return ChanceCheck(len(record.actions), done.chance, index, recorded, seeded)
    spec.replay_record(record)  # RecordError: the stored result is not the replay's
    return ChanceCheck(len(record.actions), done.chance)
