"""How sure a ruling is, always shown (issue 33, point 5), entered through the referee's own
command grammar (``hoyle referee``'s lines, or the same actions on the state):

- a law applied outside its stated timing is marked "applied by analogy": CLUB-29 (the
  elder hand took more cards than he laid out, a law of the exchange) ruling a surplus
  found in the play; CLUB-15 ruling a wrong count found after the elder hand looked and
  before the turn-up (no law names that time; CLUB-9 is closed by the look, CLUB-15 to 18
  open at the turn-up);
- an option whose consequence the code leaves unstated is scored by a named default marked
  "not covered": HGIE-18's replay (the old Hoyle laws do not say what the replayed hand
  scores; CLUB-43 does: 0 for the point, so the Club Code's replay is not marked);
- (elsewhere) the ACC rulings resting on a [summary], [heading] or [part] entry are
  provisional: tests/cribbage/test_laws_acc.py walks every kind, the muggins call on a hand
  (ACC-10.4.c [part]) among them; the next game's first dealer of a match (ACC-1.5
  [summary]): tests/cribbage/test_matches.py and the match tests of the CLI and the web.

The deal (tests/helpers/ecarte.py): Al (seat 0) cuts 9C, Bo (seat 1) KD: Bo deals; Al is
the elder hand with KS QS JS 7H 7D, Bo holds AS 9S KH QH KD.
"""

from __future__ import annotations

from pathlib import Path

from hoyle.ecarte.effects import Replay

from helpers.ecarte import ELDER_REVOKES, act, at_play, at_proposal
from helpers.rulings import the_ruling
from helpers.referee import ecarte_referee

def referee(code: str, lines: str, save: Path) -> str:
    return ecarte_referee(code, lines, save)


def test_CLUB_29_surplus_found_in_the_play_applied_by_analogy(tmp_path: Path) -> None:
    # Al proposes, lays out 7D and takes 7C; Bo takes none; Al stands and leads 7H, Bo wins
    # with KH; then Al is found holding 8C too (one card more than he laid out)
    out = referee("club", "8s\npropose\naccept\n7d\n7c\ndiscard\nstand\n7h\nkh\n"
                  "report too_many 0 8c\n", tmp_path / "a.json")
    assert ("Ruling CLUB-29: the elder hand took 1 card(s) more than he laid out: Bo "
            "chooses (applied by analogy: CLUB-29 is written for the exchange; the wrong "
            "count was found in the play)") in out


def test_CLUB_29_at_the_exchange_and_OH_12_in_the_play_are_not_by_analogy() -> None:
    # asking for two cards with one laid out, detected at the exchange: CLUB-29's own time
    s = at_proposal("club")
    act(s, "PROPOSE", "ACCEPT", "DISCARD 2 7D")
    r = the_ruling(act(s, "DRAW 7C 8C"), "CLUB-29")
    assert r.reading == "" and r.marks == ()
    # the old Hoyle laws have a law for playing with more than five after an exchange
    s = at_proposal("oh")
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD", "STAND", "PLAY 7H",
        "PLAY KH")
    r = the_ruling(act(s, "REPORT too_many 0 8C"), "OH-12")
    assert r.reading == ""


def test_CLUB_15_wrong_count_after_the_look_before_the_turn_up_applied_by_analogy(
        tmp_path: Path) -> None:
    out = referee("club", "report elder_looked\nreport too_many 0 9c\n", tmp_path / "a.json")
    assert ("Ruling CLUB-15: the elder hand holds 1 card(s) too many: Al chooses (applied "
            "by analogy: found after the elder hand looked and before the turn-up, a time "
            "no law names; ruled as found after the turn-up)") in out
    # before the look, CLUB-9 rules it in its own time: nothing marked
    out = referee("club", "report too_many 0 9c\n", tmp_path / "b.json")
    line = next(p for p in out.split("Ruling ")[1:] if p.startswith("CLUB-9"))
    assert "analogy" not in line.split(" option ")[0]


def test_HGIE_18_replay_scored_by_a_named_default_marked_not_covered() -> None:
    s = at_play("oh")
    r = the_ruling(act(s, *ELDER_REVOKES), "HGIE-18")
    assert r.decision is not None
    replay = next(o.ruling for o in r.decision.options if o.action.word == "replay")
    assert replay.effect(Replay) is not None
    assert replay.marks == ("not covered: HGIE-18 does not say what the replayed hand "
                            "scores; engine default: it scores as any hand",)
    # the Club Code states it (CLUB-43: the offender scores 0 for the point): not marked
    s = at_play("club")
    r = the_ruling(act(s, *ELDER_REVOKES), "CLUB-43")
    assert r.decision is not None
    assert all(o.ruling.reading == "" for o in r.decision.options)
