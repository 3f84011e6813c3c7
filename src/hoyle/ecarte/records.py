"""Replaying écarté records: the record's options, law code and every action.

>>> from hoyle.engine.records import GameRecord
>>> rec = GameRecord("ecarte", "two-hand", "club", actions=["CUT 9C", "CUT KD"])
>>> state, events = replay_record(rec)
>>> state.dealer, [str(e.kind) for e in events]
(1, ['cut', 'cut', 'dealer'])
"""

from __future__ import annotations

from hoyle.ecarte.laws import get_code
from hoyle.ecarte.rules import EcarteRules
from hoyle.ecarte.state import EcarteState
from hoyle.errors import HoyleError, RecordError
from hoyle.engine.event import Event
from hoyle.engine.records import GameRecord, check_count, check_flags, record_law_code
from hoyle.engine.runner import replay_record as replay_record_actions
from hoyle.engine.series import MatchState

__all__ = ["replay_record", "state_for_record"]


def state_for_record(record: GameRecord) -> EcarteState:
    """A new game with the record's options, law code and seed (no actions yet).

    Raises:
        RecordError: not an écarté record, or an unknown option or law code, or an option
            of the wrong type (the rules' ``RULE_PARAMS``, the code's parameters;
            ``undos`` not a whole number 0 or more).
    """
    if record.game != "ecarte":
        raise RecordError(f"not an écarté record (game {record.game!r})")
    options = dict(record.options)
    check_flags(options, "referee")
    referee = bool(options.pop("referee", False))
    check_count(options, "undos")
    options.pop("undos", None)  # the person's undos, counted (hoyle.interface.play)
    start = options.pop("start_scores", None)
    if isinstance(start, str) and all(p.isdigit() for p in start.split(",")):
        start = tuple(int(p) for p in start.split(","))  # "3,4", as recorded
    try:
        match = MatchState.pop_options(options)
        laws = record_law_code(record, options, get_code)
        rules = EcarteRules.from_options(options)
        return EcarteState(rules, seed=record.seed, laws=laws, referee=referee,
                           start_scores=start, match=match)
    except (HoyleError, TypeError) as e:
        raise RecordError(f"bad options or law code: {e}") from None


def replay_record(record: GameRecord,
                  seeded: bool = False) -> tuple[EcarteState, list[Event]]:
    """Replay an écarté record: the final state and every event, in order;
    with ``seeded``, every chance outcome must be the seed's
    (:func:`hoyle.engine.runner.replay_record`: a saved game against the computer).

    Raises:
        RecordError: the header is bad, an action cannot be read or is illegal where it
            stands (the error names the first such action), a chance outcome is not the
            seed's (``seeded``), or the stored result disagrees with the replay.
    """
    state = state_for_record(record)
    events = replay_record_actions(state, record, seeded)
    return state, events
