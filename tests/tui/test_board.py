"""The pegging board drawn as text (hoyle.interface.board): snapshots at chosen scores, each
worked out by hand from the wooden board's layout (121: streets of 60 holes in groups of
five, the start hole before hole 1, the game hole before hole 120 on the way back; the
skunk line after hole 90, ACC-12.1; 61: streets of 30, the lurch line after hole 30,
EW-xvii)."""

from __future__ import annotations

import pytest

from hoyle.interface.registry import get_game
from hoyle.interface.text import Board, Track
from hoyle.interface.board import board_lines

EMPTY_GROUPS = "····· " * 11 + "·····"          # one street of 60 holes, no peg
LEGEND = "   ● front ○ back; out → back ←"  # the pegs and the streets' directions
SKUNK = ("to 121   ┃ skunk line after hole 90" + LEGEND)


def back_street(groups: list[str]) -> str:
    """The second street's 12 groups (holes 120 down to 61) with the skunk line between
    the sixth (95-91) and the seventh (90-86)."""
    return " ".join(groups[:6]) + "┃" + " ".join(groups[6:])


def two(you: tuple[int, int], bob: tuple[int, int]) -> list[str]:
    return board_lines(Board((Track("You", *you), Track("Bob", *bob)), 121, ("skunk", 90)))


def test_board_at_0() -> None:
    # Both sides' pegs in the start holes; every hole empty.
    assert two((0, 0), (0, 0)) == [
        SKUNK,
        "A You   0 (back peg 0)",
        "B Bob   0 (back peg 0)",
        "A ● " + EMPTY_GROUPS,
        "B ● " + EMPTY_GROUPS,
        "A · " + back_street(["·····"] * 12),
        "B · " + back_street(["·····"] * 12),
    ]


def test_board_at_60() -> None:
    # You: front peg in hole 60 (the last of the first street), back peg in 54 (the fourth
    # hole of group 51-55). Bob: 0 and 0, still at the start.
    first = ["·····"] * 10 + ["···○·", "····●"]
    assert two((60, 54), (0, 0))[3] == "A · " + " ".join(first)
    assert two((60, 54), (0, 0))[5] == "A · " + back_street(["·····"] * 12)
    assert two((60, 54), (0, 0))[1] == "A You  60 (back peg 54)"


def test_board_at_90() -> None:
    # Front peg in hole 90: the second street runs back, so hole 90 is the first (leftmost)
    # hole of group 90-86, just right of the skunk line; the back peg in 61 is the last
    # hole of the row (under hole 60). Bob at 12 (back peg 7) on the first street: 7 the
    # second hole of group 6-10, 12 the second of 11-15.
    lines = two((90, 61), (12, 7))
    assert lines[5] == "A · " + back_street(["·····"] * 6 + ["●····"] + ["·····"] * 4
                                            + ["····○"])
    assert lines[4] == "B · " + " ".join(["·····", "·○···", "·●···"] + ["·····"] * 9)
    assert lines[3] == "A · " + EMPTY_GROUPS
    assert "┃●" in lines[5]


def test_board_at_120() -> None:
    # Hole 120 is the first hole of the back street's first group (120-116), next to the
    # game hole; back peg 91 is the last hole before the skunk line.
    lines = two((120, 91), (89, 80))
    assert lines[5] == "A · " + back_street(["●····"] + ["·····"] * 4 + ["····○"]
                                            + ["·····"] * 6)
    # Bob: 89 is the second hole of 90-86; 80 the first of 80-76 (after 85-81).
    assert lines[6] == "B · " + back_street(["·····"] * 6 + ["·●···", "·····", "○····"]
                                            + ["·····"] * 3)


def test_board_at_121() -> None:
    # The front peg in the game hole (drawn before hole 120); the back peg in 117.
    lines = two((121, 117), (88, 80))
    assert lines[5] == "A ● " + back_street(["···○·"] + ["·····"] * 11)
    assert lines[1] == "A You 121 (back peg 117)"


def test_61_hole_board_with_the_lurch_line() -> None:
    # Five-card to 61: streets of 30 (six groups); the lurch line at each street's end
    # (between hole 30 and 31). Front 31: the last hole of the back street's row.
    lines = board_lines(Board((Track("You", 31, 29), Track("Bob", 5, 0)), 61, ("lurch", 30)))
    assert lines == [
        "to 61   ┃ lurch line after hole 30" + LEGEND,
        "A You  31 (back peg 29)",
        "B Bob   5 (back peg 0)",
        "A · ····· ····· ····· ····· ····· ···○·┃",
        "B ○ ····● ····· ····· ····· ····· ·····┃",
        "A · ····· ····· ····· ····· ····· ····●┃",
        "B · ····· ····· ····· ····· ····· ·····┃",
    ]


@pytest.mark.parametrize("variant,tracks,target,line", [
    ("six-card", 2, 121, ("skunk", 90)),
    ("five-card", 2, 61, ("lurch", 30)),
    ("three-hand", 3, 61, ("lurch", 30)),
    ("four-hand", 2, 121, ("skunk", 90)),  # partners peg on one track a side
])
def test_each_variant_has_its_board(variant: str, tracks: int, target: int,
                                    line: tuple[str, int]) -> None:
    spec = get_game("cribbage")
    text = spec.text()
    game = text.new_play(1, {"variant": variant, "opponent": "greedy", "laws": "ew",
                             "muggins": False, "manual_count": False})
    board = text.board(game.state, 0, text.play_names(game))
    assert board is not None
    assert (len(board.tracks), board.target, board.line) == (tracks, target, line)
    lines = board_lines(board)
    assert len(lines) == 1 + 3 * tracks
    assert max(len(ln) for ln in lines) <= 76


def test_ecarte_has_no_board() -> None:
    spec = get_game("ecarte")
    text = spec.text()
    game = text.new_play(1, {"opponent": "rules", "laws": "club"})
    assert text.board(game.state, 0, text.play_names(game)) is None
