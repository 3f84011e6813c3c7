"""Analysis: discard advice, hoyle's crib table, score distributions.

Sits above the rules of play (it scores hands) and below the players (who take its advice).
"""

from hoyle.analysis.cribtable import CribTable, crib_table, pair_class
from hoyle.analysis.discard import DiscardOption, discard_options, hand_ev

__all__ = ["CribTable", "crib_table", "pair_class", "DiscardOption", "discard_options",
           "hand_ev"]
