"""``hoyle`` with variants of the master registered as players, to rerun the runs of
docs/master-strength.md ("Which part costs games", "What is left"): ``python
scripts/master_variants.py sim cribbage --players near-reads-only,aware --games 4000 --seed
2017 --workers 1 --out x.jsonl``.

- ``master-reads``: the master as it was to 5579a8f, reading the opponent near the end too
  (``MasterPlayer(near_reads=True, near=25)``);
- ``near-reads-only``: aware with only the master's near-end reads (``near_reads=True``; far
  from the end the expert's lay-away, ``layaway_samples=0``, and the expert's play);
- ``master-near25``: the master as it was to 5b9509b, playing for the game (aware's search
  by the win table) from 25 points from the end, as aware does, not 40
  (``MasterPlayer(near=25)``); its 20,000 games were the master's figures until then.

- ``master-near60``, ``master-near121``: the master playing for the game from 60 points
  from the end, and from the first deal (``MasterPlayer(near=60)``, ``near=121``).
- ``master-near121-searched``: ``master-near121`` with each way's drawn plays tilted by its
  searched net pegging against the opponent as read, not by the pegging table
  (``MasterPlayer(near=121, search_tilt=True)``): the searched lay-away and the chance of
  the game in one.
- ``master-staged``: the master with its play's search widened where the choice is close
  (``MasterPlayer(more_samples=(180, 720))``: 60 determinizations, then 240, then 960,
  while the best card leads another by less than two standard errors); measured as a
  variant, the master now; the name stays, for its runs.
- ``master-staged-searched``: the master now with each way's drawn plays tilted by its
  searched net pegging against the opponent as read (``MasterPlayer(search_tilt=True)``,
  the staged search kept): ``master-near121-searched`` as the master now plays.
- ``master-one-plan``: the master now with its play for the game chosen by the
  information-set search over its determinizations (``MasterPlayer(one_plan=True)``; one
  plan of its later cards for every hand the opponent may hold; measured decision by
  decision in ``scripts/infoset_decisions.py``).
- ``master-unstaged``: the master as it was to 851feee, without the staged search
  (``MasterPlayer(more_samples=())``): its 10,000 deal pairs against the expert and against
  aware were the master's figures until then.

- ``master-near40``: the master as it was to c861722, playing for the game from 40 points
  from the end (``MasterPlayer(near=40)``); its 20,000 games were the master's figures
  until then.

(``master-near121``, the master from the first deal, measured as a variant, is
``master-unstaged``; the name stays, for its runs. Every variant but ``master-staged``,
``master-staged-searched`` and ``master-one-plan`` is without the staged search,
``more_samples=()``, as each was run.)

Any ``hoyle`` command follows (the variants are known to it by these names in this process
and in a process pool's workers forked from it, as on Linux: ``--workers 1`` is safest;
Dask or Ray workers would not have them).
"""

from __future__ import annotations

import functools
import sys
from typing import Any

from hoyle.cribbage.players import PLAYERS, AwareExpertPlayer, MasterPlayer


class NearReadsOnly(MasterPlayer):
    """Aware but for the master's reads near the end (see the module docstring)."""

    name = "near-reads-only"
    play_values = AwareExpertPlayer.play_values


class MasterReads(MasterPlayer):
    """The master reading the opponent near the end too."""

    name = "master-reads"


class MasterNear25(MasterPlayer):
    """The master playing for the game from 25 points from the end (as aware)."""

    name = "master-near25"


class MasterNear40(MasterPlayer):
    """The master playing for the game from 40 points from the end (the master to c861722)."""

    name = "master-near40"


class MasterNear60(MasterPlayer):
    """The master playing for the game from 60 points from the end."""

    name = "master-near60"


class MasterNear121(MasterPlayer):
    """The master playing for the game from the first deal (aware's search throughout)."""

    name = "master-near121"


class MasterNear121Searched(MasterPlayer):
    """The master playing for the game from the first deal, its plays tilted by the search."""

    name = "master-near121-searched"


class MasterStagedSearched(MasterPlayer):
    """The master now, its plays for the lay-away tilted by the search, not the table."""

    name = "master-staged-searched"


class MasterOnePlan(MasterPlayer):
    """The master now, its play for the game by the information-set search."""

    name = "master-one-plan"


class MasterUnstaged(MasterPlayer):
    """The master without the staged play search (the master to 851feee)."""

    name = "master-unstaged"


class MasterStaged(MasterPlayer):
    """The master with the play's search widened where the choice is close."""

    name = "master-staged"


def main() -> Any:
    def unstaged(cls: type[MasterPlayer], **settings: Any) -> Any:
        # each variant as it was run: without the staged play search
        return functools.partial(cls, more_samples=(), **settings)

    # measured at aware's 25 points from the end, as the master then played
    PLAYERS["near-reads-only"] = unstaged(NearReadsOnly, layaway_samples=0, near_reads=True,
                                          near=25)
    PLAYERS["master-reads"] = unstaged(MasterReads, near_reads=True, near=25)
    PLAYERS["master-near25"] = unstaged(MasterNear25, near=25)
    PLAYERS["master-near40"] = unstaged(MasterNear40, near=40)
    PLAYERS["master-near60"] = unstaged(MasterNear60, near=60)
    PLAYERS["master-near121"] = unstaged(MasterNear121, near=121)
    PLAYERS["master-near121-searched"] = unstaged(MasterNear121Searched, near=121,
                                                  search_tilt=True)
    PLAYERS["master-unstaged"] = unstaged(MasterUnstaged)
    PLAYERS["master-staged"] = functools.partial(MasterStaged, more_samples=(180, 720))
    PLAYERS["master-staged-searched"] = functools.partial(MasterStagedSearched,
                                                          search_tilt=True)
    PLAYERS["master-one-plan"] = functools.partial(MasterOnePlan, one_plan=True)
    from hoyle.cli.main import main as hoyle_main
    return hoyle_main()


if __name__ == "__main__":
    sys.exit(main())
