"""Écarté: rules of play (:mod:`hoyle.ecarte.rules`), the state machine
(:mod:`hoyle.ecarte.state`), the law codes (:mod:`hoyle.ecarte.laws`), players and records.

Source: ``shared/laws/ecarte.md``.
"""
