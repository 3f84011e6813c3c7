"""Running games between players: the match runner (and, later, tournaments)."""

from hoyle.sim.match import GameRng, play_game

__all__ = ["GameRng", "play_game"]
