"""Clubs: club nights and tournaments (pairings, results, standings by game points,
playoffs, score sheets), over any game that offers tournament scoring
(``Capability.TOURNAMENTS``). The web's accounts, ratings and tournament pages build on it.
"""

from hoyle.clubs.pairings import PairingError, bracket, circle_round, pair_round
from hoyle.clubs.tournament import (FIRST_DEALS, FORMATS, TIE_BREAKS, VENUES, Game, Match,
                                    Result, Score, Standing, Tournament, TournamentError)

__all__ = ["PairingError", "bracket", "circle_round", "pair_round", "FIRST_DEALS", "FORMATS",
           "TIE_BREAKS", "VENUES", "Game", "Match", "Result", "Score", "Standing", "Tournament",
           "TournamentError"]
