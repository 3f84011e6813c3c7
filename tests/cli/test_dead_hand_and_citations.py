"""Issue 33, point 7: a hand ruled dead is not asked for its count, and a refusal cites a
law of the code in force (never another code's; with no code, the rule of play).

- ACC-4.4(b), web2008, the holder named (Alice): "his play and hand do not count". The
  referee no longer asks Alice to claim points for her cards in the play or her last card
  (before this issue it did, and then ruled them "does not count"); her hand is not shown
  for a count either.
- Refusals in software play: a go while a card fits cites EW-xxi under EW and ACC-7.3
  under ACC (CRIB-R-8 with no code); a card past 31 EW-xviii, ACC-7.1.e (CRIB-R-8); heels
  claimed after the dealer's first card EW-xii, ACC-6.3; an amendment after a hand is
  taken EW-xi, ACC-8.3; of the play after its time EW-xix, ACC-8.3. Écarté: asking for
  more cards than laid out cites OH-11 under OH, CLUB-29 and CLUB-30 under the Club Code,
  ECARTE-R-9 with no code. Before, every one of these cited EW (or OH) whatever the code,
  and ACC's one for last and amended play points were sourced EW-T-x and EW-xix.
- A sweep: 40 seeded games under each code, every wrong move tried at every point; every
  law ID in every refusal belongs to the code in force or is a rule of play.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cribbage.laws import get_code
from hoyle.cribbage.state import CribbageState
from hoyle.ecarte.laws import get_code as ecarte_code
from hoyle.ecarte.state import EcarteState
from hoyle.engine.action import Action
from hoyle.errors import HoyleError, IllegalAction

from helpers import ecarte as E

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {"NO_COLOR": "1", "COLUMNS": "300"}
LAW_ID = re.compile(r"\b(EW|ACC|OH|HGIE|CLUB|CRIB-R|ECARTE-R)-[0-9ivxlcT][\w.–()-]*")


def test_ACC_4_4_b_a_dead_hand_is_not_asked_for_its_count(tmp_path: Path) -> None:
    # Alice (pone) holds a wrong count, named after the starter (web2008): her play and
    # hand do not count. Play: 5H, TH (Bob 2), 5C, 4H, go, 5D (Bob: 1 for last), 5S, 6D,
    # JD (Alice's last card: not asked); the show: Bob's hand, then the crib.
    lines = ("9c\n2d\n5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD\n2c 3c\nqc kd\n9s\n"
             "report wrong_count 0\n5h\nth\n2\n5c\n4h\n0\ngo\n5d\n0\n1\n5s\n6d\n0\njd\n")
    result = runner.invoke(app, ["referee", "cribbage", "--laws", "acc", "--set",
                                 "acc_edition=web2008", "--names", "Alice,Bob", "--save",
                                 str(tmp_path / "a.json")], input=lines + "quit\n", env=ENV)
    out = " ".join(ANSI.sub("", result.output).split())
    assert result.exit_code == 0 and "Traceback" not in out
    after = out.split("Ruling ACC-4.4(b)")[1]
    assert "Alice claims" not in after
    assert "Bob claims how many points for the card just played?" in after
    assert "Bob shows the hand: 4♥ 5♦ 6♦ 10♥ + starter 9♠" in after
    assert "Alice shows the hand" not in after


def refusal(state: object, text: str) -> str:
    with pytest.raises(IllegalAction) as e:
        state.apply(Action.parse(text))  # type: ignore[attr-defined]
    return str(e.value)


# Alice (seat 0) cuts 9C, Bob 2D: Bob deals; Alice keeps 5H 5C 5S JD, Bob 4H 5D 6D TH.
SETUP = ("CUT 9C", "CUT 2D", "DEAL 5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD", "DISCARD 2C 3C",
         "DISCARD QC KD")


def crib(code: str | None, starter: str = "9S") -> CribbageState:
    s = CribbageState(laws=get_code(code) if code else None, manual_count=code is not None)
    for a in SETUP + (f"STARTER {starter}",):
        s.apply(Action.parse(a))
    return s


@pytest.mark.parametrize("code,go,past_31", [("ew", "EW-xxi", "EW-xviii"),
                                             ("acc", "ACC-7.3", "ACC-7.1.e"),
                                             (None, "CRIB-R-8", "CRIB-R-8")])
def test_EW_xxi_ACC_7_3_a_go_or_a_card_past_31_refused_in_the_codes_words(
        code: str | None, go: str, past_31: str) -> None:
    s = crib(code)
    claims = ("CLAIM 0", "CLAIM 2", "CLAIM 0", "CLAIM 0") if code else ("",) * 4
    for play, claim in zip(("PLAY 5H", "PLAY TH", "PLAY 5C", "PLAY 4H"), claims):
        s.apply(Action.parse(play))
        if claim:
            s.apply(Action.parse(claim))
    assert s.count == 24
    assert refusal(s, "GO").endswith(f"you can play a card, so you cannot say go ({go})")
    assert refusal(s, "PLAY JD") == f"J♦ would take the count past 31 (count is 24; {past_31})"


@pytest.mark.parametrize("code,heels,taken,play", [("ew", "EW-xii", "EW-xi", "EW-xix"),
                                                   ("acc", "ACC-6.3", "ACC-8.3", "ACC-8.3")])
def test_EW_xii_xi_xix_ACC_6_3_8_3_late_heels_and_amendments_refused_in_the_codes_words(
        code: str, heels: str, taken: str, play: str) -> None:
    s = crib(code, starter="JC")  # a jack: two for his heels, to be taken before Bob plays
    for a in ("PLAY 5H", "CLAIM 0", "PLAY TH", "CLAIM 0", "PLAY 5C", "CLAIM 0"):
        s.apply(Action.parse(a))
    assert refusal(s, "HEELS") == ("too late: two for his heels must be taken before the "
                                   f"dealer plays his first card ({heels})")
    # Bob to act at 20: his claim of 0 for TH (15: 2 were due) is past its time (under EW
    # the last claim, Alice's, may still be amended by her alone: EW-xix's own window)
    assert s.to_act == 1 and s.count == 20
    assert refusal(s, "AMEND 2").endswith(
        f"their time ({play})" if code == "acc" else "may amend it, when next to act")
    assert play in s.laws.cites.values() and taken in s.laws.cites.values()  # type: ignore[union-attr]


@pytest.mark.parametrize("code,cited", [("oh", "OH-11"), ("club", "CLUB-29, CLUB-30"),
                                        (None, "ECARTE-R-9")])
def test_OH_11_CLUB_29_asking_for_more_cards_than_laid_out_refused_in_the_codes_words(
        code: str | None, cited: str) -> None:
    s = E.at_proposal(code, referee=False) if code else E.at_proposal(None, referee=False)
    E.act(s, "PROPOSE", "ACCEPT")
    assert refusal(s, "DISCARD 2 7D") == f"lay out as many cards as you ask for ({cited})"


def law_ids(text: str) -> set[str]:
    return {m.group(0) for m in LAW_ID.finditer(text)}


def own(code: str | None, law: str) -> bool:
    prefixes = {"ew": ("EW-",), "acc": ("ACC-",), "oh": ("OH-", "HGIE-"),
                "club": ("CLUB-",), None: ()}[code]
    return law.startswith(prefixes + ("CRIB-R-", "ECARTE-R-"))


WRONG = ("GO", "HEELS", "AMEND 2", "AMEND 1", "CLAIM 30", "MUGGINS 2", "CHOOSE takedown",
         "DISCARD 2 7D", "DISCARD 3 7D", "PROPOSE", "KING", "STAND")


@pytest.mark.parametrize("code", ["ew", "acc", None])
def test_every_cribbage_refusal_cites_the_code_in_force(code: str | None) -> None:
    cited: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        s = CribbageState(seed=seed, laws=get_code(code) if code else None,
                          manual_count=code is not None)
        while not s.is_terminal():
            hand = s.hands[s.to_act] if s.to_act in (0, 1) else []
            tries = list(WRONG) + [f"PLAY {c}" for c in hand]
            for text in tries:
                why = s.check(Action.parse(text))
                if why:
                    cited |= law_ids(why)
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))] if legal else s.sample_chance(rng))
    assert cited, "no refusal cited a law"
    assert all(own(code, law) for law in cited), sorted(cited)


@pytest.mark.parametrize("code", ["oh", "club", None])
def test_every_ecarte_refusal_cites_the_code_in_force(code: str | None) -> None:
    cited: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        s = EcarteState(laws=ecarte_code(code) if code else None, seed=seed)
        while not s.is_terminal():
            seat = s.current_player
            hand = s.hands[seat] if seat in (0, 1) else []
            for text in list(WRONG) + [f"PLAY {c}" for c in hand]:
                try:
                    why = s.check(Action.parse(text))
                except HoyleError as e:  # a word the game does not read
                    why = str(e)
                if why:
                    cited |= law_ids(why)
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))] if legal else s.sample_chance(rng))
    assert all(own(code, law) for law in cited), sorted(cited)
