"""Replaying cribbage records: the record's law code, options and every action.

>>> from hoyle.engine.records import GameRecord
>>> rec = GameRecord("cribbage", "six-card", "ew", actions=["CUT 9C", "CUT 2D"])
>>> state, events = replay_record(rec)
>>> state.dealer, [str(e.kind) for e in events]
(1, ['cut', 'cut', 'dealer'])
"""

from __future__ import annotations

from hoyle.cribbage.laws import get_code
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState
from hoyle.errors import HoyleError, RecordError
from hoyle.engine.event import Event
from hoyle.engine.series import MatchState
from hoyle.engine.records import GameRecord, check_count, check_flags, record_law_code
from hoyle.engine.runner import replay_record as replay_record_actions

__all__ = ["replay_record", "state_for_record"]


def state_for_record(record: GameRecord) -> CribbageState:
    """A new game with the record's variant, options, law code and seed (no actions yet).

    Raises:
        RecordError: not a cribbage record, or an unknown variant, option or law code, or
            an option of the wrong type (the rules' ``RULE_PARAMS``, the code's parameters;
            ``undos`` not a whole number 0 or more).
    """
    if record.game != "cribbage":
        raise RecordError(f"not a cribbage record (game {record.game!r})")
    options = dict(record.options)
    check_flags(options, "manual_count", "referee")
    manual = bool(options.pop("manual_count", False))
    referee = bool(options.pop("referee", False))
    check_count(options, "undos")
    options.pop("undos", None)  # the person's undos, counted (hoyle.interface.play)
    start = options.pop("start_scores", None)
    if isinstance(start, str) and all(p.isdigit() for p in start.split(",")):
        start = tuple(int(p) for p in start.split(","))  # "110,112", as recorded
    first = options.pop("first_dealer", None)
    words = options.pop("report_words", 1)  # a record without it is older than the word
    try:
        match = MatchState.pop_options(options)
        laws = record_law_code(record, options, get_code)
        rules = CribbageRules.for_variant(record.variant or "six-card", **options)
        return CribbageState(rules, seed=record.seed, laws=laws, manual_count=manual,
                             referee=referee, start_scores=start, first_dealer=first,
                             match=match, report_words=words)
    except (HoyleError, TypeError) as e:
        raise RecordError(f"bad variant, options or law code: {e}") from None


def replay_record(record: GameRecord,
                  seeded: bool = False) -> tuple[CribbageState, list[Event]]:
    """Replay a cribbage record: the final state and every event, in order;
    with ``seeded``, every chance outcome must be the seed's
    (:func:`hoyle.engine.runner.replay_record`: a saved game against the computer).

    Raises:
        RecordError: the header is bad (see :func:`state_for_record`), an action cannot be
            read or is illegal where it stands (the error names the first such action), a
            chance outcome is not the seed's (``seeded``), or the stored result disagrees
            with the replay.
    """
    state = state_for_record(record)
    events = replay_record_actions(state, record, seeded)
    return state, events
