"""Cribbage's own commands (:class:`~hoyle.interface.commands.GameCommand`): ``hoyle score``
(a hand or crib in the show, itemised), ``hoyle stats cribbage`` (the show-score
distributions, :mod:`hoyle.cribbage.advice.stats`) and ``hoyle discard`` (the discard
advice, :mod:`hoyle.cribbage.advice.discard`). The computations are
imported when a command runs, so declaring the commands costs nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hoyle.interface.commands import GameCommand, Status
from hoyle.interface.text import Block, TextTable, escape
from hoyle.interface.options import Option
from hoyle.errors import HoyleError

__all__ = ["DISCARD", "SCORE", "STATS", "discard_output", "score_output", "stats_output"]


def stats_output(status: Status, plot: Path | None, win_table: bool = False,
                 variant: str = "six-card") -> Iterator[Block]:
    """The distribution of show scores over all 12,994,800 hand + starter combinations, as
    a hand and as a crib (``shared/figures.md`` §1): the table, each one's mean and
    standard deviation (points), and the histogram written to ``plot`` if given. With
    ``win_table``: the shipped win-probability table of ``variant`` instead
    (:mod:`hoyle.cribbage.advice.wintable`): what it is, a text heat map, and the PNG heat
    map written to ``plot`` if given.

    Raises:
        HoyleError: the histogram or heat map cannot be written (matplotlib missing, a bad
            path); no table for ``variant``.
    """
    from hoyle.cribbage.advice.stats import plot_distribution, show_distribution
    from hoyle.cribbage.advice.wintable import check_plot_path

    if plot is not None:
        check_plot_path(plot)  # before any work
    if win_table:
        yield from _win_table_output(plot, variant)
        return

    hand, crib = show_distribution()
    total = int(hand.sum())
    yield TextTable(
        tuple([(str(score), f"{int(hand[score]):,}", f"{hand[score] / total * 100:.4f}",
                  f"{int(crib[score]):,}", f"{crib[score] / total * 100:.4f}")
                 for score in range(len(hand))]),
        ("score", "hand", "hand %", "crib", "crib %"), ("right",) * 5,
        f"Show scores over all {total:,} (hand, starter) combinations")
    for name, d in (("hand", hand), ("crib", crib)):
        scores = range(len(d))
        mean = sum(s * int(d[s]) for s in scores) / total
        var = sum((s - mean) ** 2 * int(d[s]) for s in scores) / total
        yield f"{name}: mean {mean:.6f}, standard deviation {var ** 0.5:.6f}"
    if plot is not None:
        plot_distribution(hand, crib, plot)
        yield escape(f"Histogram written to {plot}.")


def _win_table_output(plot: Path | None, variant: str) -> Iterator[Block]:
    from hoyle.cribbage.advice.wintable import plot_heat_map, text_heat_map, win_table
    from hoyle.cribbage.tables import win_summary

    table = win_table(variant)
    yield from (escape(line) for line in win_summary(table))
    yield escape("P(dealer wins) before the deal, in tenths (* 0.95 or more); "
                 "regenerate: hoyle tables win --variant "
                 f"{variant} --deals {table.deals} --seed {table.seed}")
    yield escape("\n".join(text_heat_map(table)))
    if plot is not None:
        plot_heat_map(table, plot)
        yield escape(f"Heat map written to {plot}.")


STATS = GameCommand(
    "cribbage",
    "The distribution of show scores over all 12,994,800 hand + starter combinations,\n"
    "as a hand and as a crib (shared/figures.md §1); --win-table: the win-probability\n"
    "table (P(dealer wins) before the deal at every score).",
    (Option("plot", Path, None, "Also write a PNG histogram (or with --win-table the heat "
                                "map) to this file (needs matplotlib)."),
     Option("win_table", bool, False, "Show the win-probability table instead."),
     Option("variant", str, "six-card", "The win table's variant: six-card or five-card.")),
    stats_output)
"""``hoyle stats cribbage``."""


def discard_output(status: Status, cards: list[str], dealer: bool, pone: bool
                   ) -> Iterator[Block]:
    """The 15 ways to lay away two of six ``cards`` (card text, ``5H``), best first, as a
    table: the hand's expected show over the 46 starters plus (``dealer``) or minus
    (``pone``) hoyle's crib table, in points (CRIB-R-10; ``shared/figures.md`` §3).

    Raises:
        HoyleError: neither or both of ``dealer`` and ``pone``; not six distinct cards; a
            card that does not read.
    """
    from hoyle.cards import parse_cards
    from hoyle.cribbage.advice.discard import discard_options

    if dealer == pone:
        raise HoyleError("say whose crib it is: --dealer (yours) or --pone (not both)"
                         if dealer else "say whose crib it is: --dealer (yours) or --pone")
    hand = parse_cards(cards)
    options = discard_options(hand, dealer)
    role = "dealer (your crib)" if dealer else "pone (your opponent's crib)"
    sign = "+" if dealer else "−"
    yield TextTable(
        tuple([(str(i), " ".join(c.pretty for c in o.discard),
                  " ".join(c.pretty for c in o.keep), f"{o.hand_ev:.3f}",
                  f"{sign}{o.crib_ev:.3f}", f"{o.total:.3f}".replace("-", "−"))
                 for i, o in enumerate(options, 1)]),
        ("#", "lay away", "keep", "hand EV", "crib EV", "total"), ("right", "left", "left", "right", "right", "right"),
        f"{' '.join(c.pretty for c in hand)} — {role}")


DISCARD = GameCommand(
    "discard",
    "Discard advice: the 15 ways to lay away two of six cards, ranked by expected points\n"
    "(hand over the 46 starters, plus or minus hoyle's crib table).",
    (Option("dealer", bool, False, "You deal: the crib is yours. One of --dealer, --pone."),
     Option("pone", bool, False, "Your opponent deals: the crib is his.")),
    discard_output,
    arguments=(Option("cards", list[str], ..., "Six cards, e.g. 5H 5C 6D 7S JD KH."),))
"""``hoyle discard CARDS... --dealer|--pone``."""


def score_output(status: Status, cards: list[str], starter: str, crib: bool
                 ) -> Iterator[Block]:
    """``hoyle score``: the hand ``cards`` (or a crib) with ``starter`` in the show,
    itemised as a table (CRIB-R-10; :func:`hoyle.cribbage.console.score`).

    Raises:
        HoyleError: an unreadable or repeated card, or a hand of the wrong size.
    """
    from hoyle.cribbage.console import score
    yield from score(cards, starter, crib)


SCORE = GameCommand(
    "score",
    "Score a hand or crib in the show, itemised (fifteens, pairs, runs, flush, nobs).",
    (Option("starter", str, ..., "The starter (turn-up), e.g. 5D."),
     Option("crib", bool, False, "Score as a crib (a flush needs all five cards).")),
    score_output,
    arguments=(Option("cards", list[str], ..., "The hand, e.g. 5H 5C 5S JD."),))
"""``hoyle score CARDS... --starter CARD [--crib]``."""

COMMANDS = (SCORE, DISCARD)
"""The game's own top-level commands: ``hoyle score`` and ``hoyle discard``."""
