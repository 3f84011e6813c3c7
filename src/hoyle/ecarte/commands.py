"""Écarté's own command (:class:`~hoyle.interface.commands.GameCommand`): ``hoyle stats
ecarte``, the computed stand and refusal tables (:mod:`hoyle.ecarte.analysis`), imported
when the command runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path

from hoyle.interface.commands import GameCommand, Status
from hoyle.interface.text import Block, TextTable, escape
from hoyle.interface.options import Option
from hoyle.errors import HoyleError

__all__ = ["STATS", "stats_output"]


def stats_output(status: Status, stand_table: bool, refuse_table: bool, out: Path | None,
                 samples: int, holdings: int, workers: int, seed: int,
                 executor: Executor | None = None) -> Iterator[Block]:
    """The stand table (``stand_table``) or the refusal table (``refuse_table``) computed
    by Monte Carlo (``samples`` draws per holding, ``holdings`` holdings drawn as dealt, 0
    for all, over ``workers`` processes or on ``executor``, from ``seed``), written to the
    CSV file ``out`` if
    given: a line on the whole table, then its significant disagreements with the
    classical rule (the first 20) as a table (:mod:`hoyle.ecarte.analysis`).

    Raises:
        HoyleError: neither table or both; ``samples`` below 2; ``holdings`` below 0;
            ``workers`` not 1 to 64; ``out`` cannot be written.
    """
    from hoyle.ecarte.analysis import disagreements
    from hoyle.ecarte.analysis import refuse_table as compute_refuse
    from hoyle.ecarte.analysis import stand_table as compute

    if stand_table and refuse_table:
        raise HoyleError("choose one: --stand-table or --refuse-table")
    if not stand_table and not refuse_table:
        raise HoyleError("say what to compute: hoyle stats ecarte --stand-table, or "
                         "--refuse-table")
    if samples < 2:
        raise HoyleError(f"--samples must be at least 2 (got {samples})")
    if holdings < 0:
        raise HoyleError(f"--holdings must be 0 (all) or more (got {holdings})")
    if not 1 <= workers <= 64:
        raise HoyleError(f"--workers must be 1 to 64 (got {workers})")
    if out is not None and (out.is_dir() or not out.parent.is_dir()):
        raise HoyleError(f"cannot write {out}: " + ("it is a directory" if out.is_dir() else
                                                     f"no such directory {out.parent}"))
    try:
        if stand_table:
            with status("computing the stand table…"):
                entries = compute(samples, seed, out, holdings or None, workers, executor)
        else:
            with status("computing the refusal table…"):
                refusals = compute_refuse(samples, seed, out, holdings or None, workers,
                                          executor)
    except OSError as e:
        raise HoyleError(str(e)) from None
    if stand_table:
        agree = sum(1 for entry in entries if not entry.disagrees)
        yield (f"{len(entries):,} holdings, {samples} dealer hands each (seed {seed}); "
               f"the dealer plays double-dummy. Verdicts agree on {agree:,}; computed "
               f"'stand' = P(point) >= 2/3.")
        worst = disagreements(entries)
        yield TextTable(
            tuple([(row.turn_up, row.hand, row.classical, row.computed,
                      f"{row.p_point:.3f} ± {row.se_point:.3f}", f"{row.p_point_rules:.3f}",
                      f"{row.e_score:+.3f} ± {row.se_score:.3f}") for row in worst[:20]]),
            ("turn-up", "hand", "classical", "computed", "P(point) ± se",
                     "P(point), rules play", "E[score] ± se"), ("right",) * 7,
            f"Significant disagreements with the classical jeux de règle "
                    f"({len(worst)}; the first 20, clearest first)")
    else:
        agree = sum(1 for r in refusals if not r.disagrees)
        yield (f"{len(refusals):,} dealer's holdings, {samples} elder hands (not jeux "
               f"de règle) and stocks each (seed {seed}); both play double-dummy. "
               f"Verdicts agree on {agree:,}; computed 'refuse' = refusing scores "
               f"more than accepting.")
        worst_r = disagreements(refusals)
        yield TextTable(
            tuple([(r.turn_up, r.hand, r.classical, r.computed,
                      f"{r.p_point:.3f} ± {r.se_point:.3f}",
                      f"{r.e_score:+.3f} ± {r.se_score:.3f}", f"{r.e_accept:+.3f}",
                      f"{r.z:+.1f}") for r in worst_r[:20]]),
            ("turn-up", "hand", "classical", "computed", "P(point) refusing ± se",
                     "E[refuse] ± se", "E[accept]", "z"), ("right",) * 8,
            f"Significant disagreements with the classical rule for refusing "
                    f"({len(worst_r)}; the first 20, clearest first)")
    if out is not None:
        yield escape(f"Table written to {out}.")


STATS = GameCommand(
    "ecarte",
    "Écarté statistics. --stand-table: for each elder-hand holding (up to suit symmetry)\n"
    "and turn-up, the chance of winning the point and the expected score when standing\n"
    "against a dealer who plays double-dummy, with standard errors, beside the classical\n"
    "jeux de règle. --refuse-table: for each dealer's holding and turn-up, his chance of\n"
    "the point and expected score when refusing the first proposal and when accepting,\n"
    "beside the classical rule. The hands where computation and rule disagree are listed.",
    (Option("stand_table", bool, False, "Compute the stand table (computed jeux de règle)."),
     Option("refuse_table", bool, False, "Compute the dealer's refusal table (accept or "
                                         "refuse the first proposal)."),
     Option("out", Path, None, "Write the table to this CSV file."),
     Option("samples", int, 200, "Draws per holding (Monte Carlo): the dealer's hands for "
                                 "the stand table, the elder's hands and stocks for the "
                                 "refusal table."),
     Option("holdings", int, 1000, "Holdings to tabulate, drawn as dealt (0: all 255,304, "
                                   "hours)."),
     Option("workers", int, 2, "Processes."),
     Option("seed", int, 0, "Seed; the table does not depend on --workers or --executor.")),
    stats_output, batch=True)
"""``hoyle stats ecarte --stand-table | --refuse-table``."""
