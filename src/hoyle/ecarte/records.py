"""Replaying écarté records: the record's options, law code and every action.

>>> from hoyle.table.records import GameRecord
>>> rec = GameRecord("ecarte", "two-hand", "club", actions=["CUT 9C", "CUT KD"])
>>> state, events = replay_record(rec)
>>> state.dealer, [e.kind for e in events]
(1, ['cut', 'cut', 'dealer'])
"""

from __future__ import annotations

from hoyle.ecarte.laws import get_code
from hoyle.ecarte.rules import EcarteRules
from hoyle.ecarte.state import EcarteState
from hoyle.errors import HoyleError, RecordError
from hoyle.table.core import Action, Event
from hoyle.table.records import GameRecord

__all__ = ["replay_record", "state_for_record"]


def state_for_record(record: GameRecord) -> EcarteState:
    """A new game with the record's options, law code and seed (no actions yet).

    Raises:
        RecordError: not an écarté record, or an unknown option or law code.
    """
    if record.game != "ecarte":
        raise RecordError(f"not an écarté record (game {record.game!r})")
    options = dict(record.options)
    referee = bool(options.pop("referee", False))
    law_params = options.pop("law_params", {})
    try:
        rules = EcarteRules.from_options(options)
        laws = get_code(record.laws) if record.laws else None
        if laws is not None and law_params:
            if not isinstance(law_params, dict):
                raise HoyleError("law_params must be an object")
            laws = laws.with_params(**law_params)
        return EcarteState(rules, seed=record.seed, laws=laws, referee=referee)
    except (HoyleError, TypeError) as e:
        raise RecordError(f"bad options or law code: {e}") from None


def replay_record(record: GameRecord) -> tuple[EcarteState, list[Event]]:
    """Replay an écarté record: the final state and every event, in order.

    Raises:
        RecordError: the header is bad, an action cannot be read or is illegal where it
            stands (the error names the first such action), or the stored result disagrees
            with the replay.
    """
    state = state_for_record(record)
    events: list[Event] = []
    for i, text in enumerate(record.actions):
        try:
            events.extend(state.apply(Action.parse(text)))
        except (HoyleError, ValueError) as e:
            raise RecordError(str(e), i, text) from None
    if record.result is not None:
        mine = state.result.to_dict() if state.result else None
        if mine != record.result:
            raise RecordError("the recorded result does not match the replayed game")
    return state, events
