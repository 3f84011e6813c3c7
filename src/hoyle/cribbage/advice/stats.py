"""Score distributions: every (hand, starter) combination scored as a hand and as a crib.

Source: ``shared/figures.md`` §1 (the published distribution this reproduces).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import numpy.typing as npt

from hoyle.cribbage.scoring import score_batch
from hoyle.errors import HoyleError

__all__ = ["all_hands", "show_distribution", "plot_distribution"]


def all_hands() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """Every four-card hand with every starter: card indices of shape (12,994,800, 4) and
    (12,994,800,)."""
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int8)
    mask = np.ones((len(hands), 52), dtype=bool)
    mask[np.arange(len(hands))[:, None], hands] = False
    starters = np.nonzero(mask)[1].astype(np.int8)
    return np.repeat(hands, 48, axis=0), starters


def show_distribution() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Counts of each show score 0-29 over all 12,994,800 combinations: (as hands, as
    cribs)."""
    hands, starters = all_hands()
    hand = np.bincount(score_batch(hands, starters), minlength=30).astype(np.int64)
    crib = np.bincount(score_batch(hands, starters, crib=True), minlength=30).astype(np.int64)
    return hand, crib


def plot_distribution(hand: npt.NDArray[np.int64], crib: npt.NDArray[np.int64],
                      path: Path) -> None:
    """Write a PNG histogram of the two distributions (needs matplotlib: ``pip install
    hoyle[plot]``).

    Raises:
        HoyleError: matplotlib is missing or the file cannot be written.
    """
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise HoyleError("plotting needs matplotlib: pip install 'hoyle[plot]'") from None
    x = np.arange(len(hand))
    fig, ax = plt.subplots(figsize=(10, 5))
    total = hand.sum()
    ax.bar(x - 0.2, hand / total * 100, width=0.4, label="hand")
    ax.bar(x + 0.2, crib / total * 100, width=0.4, label="crib")
    ax.set_xlabel("show points (hand or crib with the starter)")
    ax.set_ylabel("% of 12,994,800 combinations")
    ax.set_title("Cribbage show scores")
    ax.set_xticks(x)
    ax.legend()
    try:
        fig.savefig(path, dpi=100, format="png")
    except (OSError, ValueError) as e:
        raise HoyleError(f"cannot write {str(path)!r}: {e}") from None
    finally:
        plt.close(fig)
