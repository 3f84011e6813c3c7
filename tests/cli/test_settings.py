"""``--set NAME=VALUE`` on ``hoyle play GAME`` and ``hoyle referee GAME`` (issue 33, item 7):
every rule of play and every parameter of the law code in force, read by the game's
parameter schema (the registry's ``GameSpec.params``), applied to the game and kept in its
record; ``hoyle laws GAME --params`` lists each by its ``--set`` name. A bad word is one
``error:`` line, exit code 2, nothing written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import games, get_game
from hoyle.interface.verify import verify_record

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {"NO_COLOR": "1", "COLUMNS": "200"}


def run(*args: str, stdin: str = "quit\n") -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin, env=ENV)
    return result.exit_code, ANSI.sub("", result.output)


def one_error(out: str, text: str) -> None:
    lines = [ln for ln in out.strip().splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:") and text in lines[0], out
    assert "Traceback" not in out


def test_three_hand_to_121_by_set_at_the_referee_and_in_play(tmp_path: Path) -> None:
    """Three-hand is to 61 (``shared/laws/cribbage.md`` §1.2): a table joining part way at
    110 is refused; with ``--set target=121`` it is the game's target, the scores taken,
    and the record keeps it (and replays to the same rules)."""
    save = tmp_path / "r.json"
    args = ("referee", "cribbage", "--variant", "three-hand", "--names", "Al,Bo,Cy",
            "--scores", "110,50,50", "--save", str(save))
    code, out = run(*args)
    assert code == 2
    one_error(out, "each from 0 to 60 (not 110)")
    assert not save.exists()
    code, out = run(*args, "--set", "target=121")
    assert code == 0, out
    assert "from the scores 110-50-50" in out
    record = GameRecord.load(save)
    assert record.variant == "three-hand"
    assert record.options == {"target": 121, "start_scores": "110,50,50", "referee": True,
                              "report_words": 2}
    game = tmp_path / "g.json"
    code, out = run("play", "cribbage", "--variant", "three-hand", "--set", "target=121",
                    "--seed", "4", "--plain", "--save", str(game))
    assert code == 0, out
    assert "Cribbage, three-hand to 121, against the expert players" in " ".join(out.split())
    played = GameRecord.load(game)
    assert played.options == {"target": 121} and verify_record(played).verified


def test_EW_xvii_the_lurch_set_only_under_its_code_and_a_code_parameter(tmp_path: Path
                                                                        ) -> None:
    """``--set lurch_agreed=yes`` is the flag ``--lurch-agreed``: EW's (EW-xvii), refused
    under ACC; a law code's parameter (EW's ``forfeit_semantics``) is kept in the record's
    ``law_params``, and the record replays under it."""
    code, out = run("play", "cribbage", "--laws", "acc", "--set", "lurch_agreed=yes",
                    "--plain", "--save", str(tmp_path / "x.json"))
    assert code == 2
    one_error(out, "--lurch-agreed is an option of the EW code (EW-xvii): add --laws ew")
    game = tmp_path / "g.json"
    code, out = run("play", "cribbage", "--set", "lurch_agreed=on", "--set",
                    "forfeit_semantics=offender_loses", "--seed", "3", "--plain",
                    "--save", str(game))
    assert code == 0, out
    record = GameRecord.load(game)
    assert record.options == {"lurch_agreed": True,
                              "law_params": {"forfeit_semantics": "offender_loses"}}
    assert verify_record(record).verified


def test_CLUB_26_ecarte_exchanges_limited_by_set_are_recorded(tmp_path: Path) -> None:
    """Écarté's rules of play too: one exchange a deal (Enquire Within; CLUB-26 has no
    limit) and a game of 7, in the record; the referee takes them as well."""
    game = tmp_path / "e.json"
    code, out = run("play", "ecarte", "--set", "max_exchanges=1", "--set", "target=7",
                    "--seed", "2", "--plain", "--save", str(game))
    assert code == 0, out
    assert "Écarté, game of 7" in out
    record = GameRecord.load(game)
    assert record.options == {"target": 7, "max_exchanges": 1}
    assert verify_record(record).verified
    ref = tmp_path / "re.json"
    code, out = run("referee", "ecarte", "--names", "Al,Bo", "--set", "max_exchanges=none",
                    "--set", "target=3", "--save", str(ref))
    assert code == 0, out
    assert json.loads(ref.read_text())["options"] == {"target": 3, "referee": True}


@pytest.mark.parametrize(("words", "said"), [
    (["--lurch-agreed", "--set", "lurch_agreed=false"],
     "--lurch-agreed and --set lurch_agreed say the same thing: give one"),
    (["--laws", "acc", "--manual-count", "--muggins", "--set", "muggins=off"],
     "--muggins and --set muggins say the same thing: give one"),
    (["--laws", "acc", "--acc-edition", "2020", "--set", "acc_edition=2025"],
     "--acc-edition and --set acc_edition say the same thing: give one"),
    (["--laws", "acc", "--set", "muggins=acc"], "--muggins needs --manual-count"),
    (["--laws", "acc", "--match", "2", "--set", "match_play=false"],
     "a game of a match is match play (ACC-8.11)"),
])
def test_ACC_10_1_a_flag_and_set_said_once_and_checked_alike(tmp_path: Path,
                                                             words: list[str],
                                                             said: str) -> None:
    """A parameter given by its flag and by ``--set`` is refused (never the one silently
    winning), and ``--set`` meets the flag's checks (ACC-10.1: muggins needs manual
    counting; ACC-8.11: a match is match play)."""
    code, out = run("play", "cribbage", "--plain", *words, "--save", str(tmp_path / "x.json"))
    assert code == 2
    one_error(out, said)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(("words", "said"), [
    (["traget=3"], "cribbage under the ew code has no parameter 'traget' (see: hoyle laws "
                   "cribbage --laws ew --params)"),
    (["target=abc"], "target must be a whole number from 1 to 999 (not 'abc')"),
    (["target=0"], "target must be a whole number from 1 to 999 (not 0)"),
    (["target"], "--set takes NAME=VALUE, not 'target'"),
    (["=5"], "--set takes NAME=VALUE, not '=5'"),
    (["target=121", "target=61"], "--set target is given twice"),
    (["acc_edition=2020"], "has no parameter 'acc_edition'"),  # ACC's, not EW's
    (["partnerships=maybe"], "partnerships must be one of True, False (not 'maybe')"),
    (["players=3", "partnerships=true"], "partnerships need four players"),
])
def test_set_bad_words_one_error_line_nothing_written(tmp_path: Path, words: list[str],
                                                      said: str) -> None:
    for command in (("play", "cribbage", "--plain"), ("referee", "cribbage")):
        args = [a for w in words for a in ("--set", w)]
        code, out = run(*command, *args, "--save", str(tmp_path / "x.json"))
        assert code == 2, (command, out)
        one_error(out, said)
        assert not list(tmp_path.iterdir())


def test_every_parameter_laws_params_lists_is_settable_by_its_name() -> None:
    """``hoyle laws GAME --laws CODE --params`` names every parameter of the game under the
    code, says how to set them, and each name, set to the value it lists, is taken by
    ``--set`` as that value (the registry's ``settings``)."""
    for spec in games():
        for code in spec.codes():
            status, out = run("laws", spec.name, "--laws", code, "--params", stdin="")
            assert status == 0, out
            assert "--set NAME=VALUE" in " ".join(out.split())
            listed = re.findall(r"^  (\w+) = (.+?)  \(takes", out, re.M)
            params = spec.params(code)
            assert [name for name, _ in listed] == [p.name for p in params]
            rules, laws = spec.settings([f"{name}={value}" for name, value in listed], code)
            n_rules = len(spec.rule_params())
            assert {**rules, **laws} == {
                p.name: (p.default if i < n_rules else spec.get_code(code).value(p.name, object))
                for i, p in enumerate(params)}
            assert set(rules) == {p.name for p in spec.rule_params()}


def test_OH_11_ecarte_refereed_from_the_scores_a_table_joins_at(tmp_path: Path) -> None:
    """``hoyle referee ecarte --scores 2,4``: a table joining part way starts from its
    scores (recorded, replayed); OH-11's penalty point takes Bob from 4 to 5, the game of
    five; a score at the target or a malformed one is refused in one line."""
    from hoyle.ecarte.records import replay_record

    save = tmp_path / "r.json"
    code, out = run("referee", "ecarte", "--laws", "oh", "--names", "Ann,Bob", "--scores",
                    "2,4", "--save", str(save), stdin="\n".join(
                        ["9c", "kd", "32 KS QS JS 7H 7D AS 9S KH QH KD", "8s", "propose",
                         "accept", "DISCARD 2 7D", "7c 8c", "quit"]) + "\n")
    assert code == 0, out
    words = " ".join(out.split())
    assert "game of 5, from the scores 2-4" in words
    assert "Bob scores 1 for penalty → 5 (OH-11)" in words and "Bob wins: 2-5" in words
    record = GameRecord.load(save)
    assert record.options == {"start_scores": "2,4", "referee": True}
    state, _ = replay_record(record)
    assert state.scores == [2, 5] and state.result is not None and state.result.winner == 1
    for scores, said in (("2,5", "each from 0 to 4 (not 5)"),
                         ("2-4", "--scores takes 2 whole numbers, one per side, e.g. "
                                 "--scores 3,4 (not '2-4')"),
                         ("1,2,3", "start_scores must be 2 whole numbers")):
        code, out = run("referee", "ecarte", "--names", "Ann,Bob", "--scores", scores,
                        "--save", str(tmp_path / "x.json"))
        assert code == 2
        one_error(out, said)
        assert not (tmp_path / "x.json").exists()


def test_issue_33_settings_leftovers_a_line_past_the_target_booleans_and_params_variant(
        ) -> None:
    # a skunk or lurch line at or past the target would make every loss one: refused
    code, out = run("referee", "cribbage", "--set", "skunk_threshold=999", "--names", "A,B")
    assert code != 0 and "skunk_threshold must be below the target (121), not 999" in out
    # a yes-or-no parameter takes 1 and 0 too
    assert get_game("cribbage").params("ew")
    lurch = next(p for p in get_game("cribbage").params("ew") if p.name == "lurch_agreed")
    assert (lurch.parse("1"), lurch.parse("0")) == (True, False)
    # --params checks and names the variant asked for
    code, out = run("laws", "cribbage", "--params", "--variant", "bogus")
    assert code != 0 and "unknown cribbage variant 'bogus'" in out
    code, out = run("laws", "cribbage", "--params", "--variant", "five-card")
    assert code == 0 and "five-card: 2 players, 5 dealt" in out and "game 61" in out
