"""Cards reassigned, not only described (issue 33, point 4), through ``hoyle referee``.

The referee enters the card as it was actually played: Bob, the dealer, picked up the crib
(2C 3C QC KD) for his hand and plays QC as his first card. The engine takes it: Bob holds
the crib's cards, the crib his own (5D TH 4H 6D), and the play goes on from the cards as
they are. When the table reports it, the code rules and the cards follow the ruling:

- **ACC-5.2.c** (the dealer swapped his hand and the crib, found after the play began):
  Alice scores 2, Bob's pegging of the deal is taken back, he plays on with the crib's cards;
  at the show his hand is the crib's cards (2C 3C QC KD: 4) and the crib his own (9).
- **EW-viii** (crib cards confused with a hand): Alice scores 3 and "the true crib and hand
  are restored": at the show Bob's hand is his own (4H 5D 6D TH: 9) and the crib the true
  crib (4); the play goes on as it stands.
- Not reported, the cards are counted as played (his hand the crib's cards).
- **ACC-5.1.b**: the pone playing a crib card (her discards picked up): Bob scores 2, the
  cards go back (restored for the show).

Before this issue the referee could not enter the card at all ("Q♣ is not in the hand").
Alice (seat 0) cuts 9C, Bob 2D: Bob deals. Starter 9S.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cribbage.records import replay_record
from hoyle.engine.records import GameRecord

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {"NO_COLOR": "1", "COLUMNS": "300"}
DEAL = "9c\n2d\n5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD\n2c 3c\nqc kd\n9s\n"
# 5H; Bob's QC (fifteen: 2); 5C; [the report]; KD (30), Alice cannot go on: Bob 1 for last;
# JD, 2C, 5S, 3C (20), Bob 1 for last; the show: Alice 14, Bob's hand, the crib.
PLAY_1 = "5h\n0\nqc\n2\n5c\n0\n"
PLAY_2 = "kd\n0\n1\njd\n0\n2c\n0\n5s\n0\n3c\n0\n1\n"


def referee(code: str, lines: str, save: Path) -> str:
    result = runner.invoke(app, ["referee", "cribbage", "--laws", code, "--names",
                                 "Alice,Bob", "--save", str(save)], input=lines + "quit\n",
                           env=ENV)
    out = ANSI.sub("", result.output)
    assert result.exit_code == 0 and "Traceback" not in out, out
    return " ".join(out.split())


def test_ACC_5_2_c_the_dealer_plays_from_the_crib_then_it_is_reported(tmp_path: Path) -> None:
    out = referee("acc", DEAL + PLAY_1 + "report hand_crib_swapped\n" + PLAY_2 + "14\n4\n9\n",
                  tmp_path / "a.json")
    assert ("Bob: played from the crib: he holds the crib's cards and the crib his own, as "
            "played (a law rules it when it is reported)") in out
    assert ("Ruling ACC-5.2.c: hand and crib swapped: Alice scores 2; the dealer plays on "
            "with the crib cards and his pegged points are taken back") in out
    assert "Bob goes back 2 (pegging of the deal taken back) → 0" in out
    assert "Bob shows the hand: 2♣ 3♣ Q♣ K♦ + starter 9♠" in out
    assert "Bob shows the crib: 4♥ 5♦ 6♦ 10♥ + starter 9♠" in out
    state, _ = replay_record(GameRecord.load(tmp_path / "a.json"))
    # Alice 2 (ACC-5.2.c) + 14; Bob 1 + 1 (last cards) + 4 + 9
    assert state.scores == (16, 15) and state.dealer == 0


def test_EW_viii_the_true_crib_and_hand_are_restored(tmp_path: Path) -> None:
    out = referee("ew", DEAL + PLAY_1 + "report crib_confused 1\n" + PLAY_2 + "14\n9\n4\n",
                  tmp_path / "a.json")
    assert ("Ruling EW-viii: crib cards confused with a hand: Alice scores 3; the true crib "
            "and hand are restored from the record") in out
    assert ("Bob: restored: his own hand and the true crib are counted at the show; the "
            "play goes on as it stands") in out
    assert "Bob shows the hand: 4♥ 5♦ 6♦ 10♥ + starter 9♠" in out
    assert "Bob shows the crib: 2♣ 3♣ Q♣ K♦ + starter 9♠" in out
    state, _ = replay_record(GameRecord.load(tmp_path / "a.json"))
    # Alice 3 + 14; Bob 2 (fifteen, EW: points pegged stand) + 1 + 1 + 9 + 4
    assert state.scores == (17, 17)


def test_CRIB_R_6_not_reported_the_cards_are_counted_as_played(tmp_path: Path) -> None:
    out = referee("ew", DEAL + PLAY_1 + PLAY_2 + "14\n4\n9\n", tmp_path / "a.json")
    assert "Bob shows the hand: 2♣ 3♣ Q♣ K♦ + starter 9♠" in out
    assert "Bob shows the crib: 4♥ 5♦ 6♦ 10♥ + starter 9♠" in out
    assert "Ruling" not in out.split("Starter: 9♠")[1]


@pytest.mark.parametrize("code,line", [("acc", "report picked_up_discards 0"),
                                       ("acc", "report crib_confused 0"),
                                       ("ew", "report crib_confused 0")])
def test_ACC_5_1_b_EW_viii_the_pone_plays_from_the_crib(code: str, line: str,
                                                        tmp_path: Path) -> None:
    # Alice leads 2C (one of her own discards, back from the crib); then it is reported
    out = referee(code, DEAL + "2c\n0\n" + line + "\n", tmp_path / "a.json")
    assert "Alice: played from the crib" in out
    law = "ACC-5.1.b" if code == "acc" else "EW-viii"
    assert f"Ruling {law}:" in out
    assert "Alice: restored: his own hand and the true crib are counted at the show" in out
    state, _ = replay_record(GameRecord.load(tmp_path / "a.json"))
    assert {str(c) for c in state.kept[0]} == {"5H", "5C", "5S", "JD"}
    assert {str(c) for c in state.crib} == {"2C", "3C", "QC", "KD"}


def test_a_second_card_of_the_other_set_is_refused(tmp_path: Path) -> None:
    # once Bob holds the crib's cards, his own are the crib: 4H is not in his hand
    out = referee("acc", DEAL + "5h\n0\nqc\n2\n5c\n0\n4h\n", tmp_path / "a.json")
    assert ("4♥ is in the crib: a card of the crib is entered as played only as a player's "
            "first card of the play, once in a deal") in out
    # a crib card as a later card (he played his own first) is refused, saying why
    out = referee("acc", DEAL + "5h\n0\n4h\n0\n5c\n0\nqc\n", tmp_path / "b.json")
    assert "Q♣ is in the crib: a card of the crib is entered as played only as a" in out


def test_ACC_6_1_c_the_starter_taken_the_pone_picks_it_from_the_dealers_five(
        tmp_path: Path) -> None:
    # Bob took the starter (9S) into his hand unseen: Alice scores 2, draws two cards blind
    # from his five and picks one as the starter (5D): the state moves the cards
    out = referee("acc", DEAL + "report starter_taken\nstarter 5d\n", tmp_path / "a.json")
    assert ("Alice chooses [starter 4H/starter 5D/starter 6D/starter 9S/starter TH]") in out
    assert "Bob: the starter is 5♦; the dealer holds the other four (ACC-6.1.c)" in out
    state, _ = replay_record(GameRecord.load(tmp_path / "a.json"))
    assert str(state.starter) == "5D" and state.scores == (2, 0)
    assert {str(c) for c in state.kept[1]} == {"4H", "6D", "9S", "TH"}
    assert {str(c) for c in state.hands[1]} == {"4H", "6D", "9S", "TH"}
    # a card not among his five is no option
    out = referee("acc", DEAL + "report starter_taken\nstarter 5h\n", tmp_path / "b.json")
    assert "choose one of:" in out


def test_EW_viii_reported_while_his_hand_is_counted_it_is_counted_again(tmp_path: Path) -> None:
    # found by the fresh tryout: reported at the show of the very hand, the count under
    # way went on with the crib's cards (counted twice). It is counted again, as restored.
    out = referee("ew", DEAL + PLAY_1 + PLAY_2 + "14\nreport crib_confused 1\n9\n4\n",
                  tmp_path / "a.json")
    after = out.split("Ruling EW-viii")[1]
    assert "Bob shows the hand: 4♥ 5♦ 6♦ 10♥ + starter 9♠" in after
    assert "Bob scores 9 for the hand" in after
    assert "Bob shows the crib: 2♣ 3♣ Q♣ K♦ + starter 9♠" in after
    state, _ = replay_record(GameRecord.load(tmp_path / "a.json"))
    # Alice 14 + 3 (EW-viii); Bob 2 + 1 + 1 + 9 + 4
    assert state.scores == (17, 17)


def test_ACC_5_2_c_when_the_pone_played_from_the_crib_the_dealer_is_not_penalised(
        tmp_path: Path) -> None:
    out = referee("acc", DEAL + "2c\n0\nreport hand_crib_swapped\n", tmp_path / "a.json")
    assert ("Ruling ACC-5.2.c: the dealer did not exchange his hand and the crib: Alice "
            "played from the crib, which is ACC-5.1.b's (report picked_up_discards); no "
            "penalty under this rule") in out
    state, _ = replay_record(GameRecord.load(tmp_path / "a.json"))
    assert state.scores == (0, 0)
    # under EW the same word is EW-viii against the one who played from the crib: Bob +3
    out = referee("ew", DEAL + "2c\n0\nreport hand_crib_swapped 1\n", tmp_path / "b.json")
    assert "Ruling EW-viii: crib cards confused with a hand: Bob scores 3" in out
