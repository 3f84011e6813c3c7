"""What the interfaces share and no rule of a game needs: the game registry and its typed
contract (:mod:`hoyle.interface.registry`: each game's pieces and optional capabilities),
a game's words and the reading of what a person types (:mod:`~hoyle.interface.text`), the
board drawn as text, a game against the computer without a screen
(:mod:`~hoyle.interface.play`), the review's and the match tally's shapes, the commands'
options, batch table jobs and the check of a record's deals against its seed.

It stands above the rules framework (:mod:`hoyle.engine`, which knows nothing of text or
terminals) and below the games, whose words, registry entries and commands fill it in
(``shared/DESIGN.md``, Layers; ``docs/architecture.md``).
"""
