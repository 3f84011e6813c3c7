"""Cribbage advice: discard advice, hoyle's crib table (its lookup in :mod:`.cribtable`, its
fit by simulation in :mod:`.cribtable_fit`), show-score distributions (:mod:`.stats`).

Part of the game: it scores hands by the rules of play and the players take its advice.
"""

from hoyle.cribbage.advice.cribtable import CribTable, crib_table, pair_class
from hoyle.cribbage.advice.discard import DiscardOption, discard_options, hand_ev

__all__ = ["CribTable", "crib_table", "pair_class", "DiscardOption", "discard_options",
           "hand_ev"]
