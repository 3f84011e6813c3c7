"""The pegging board drawn as text, the way the wooden one is laid out: each side's track
of holes in groups of five, the first street (holes 1 to 60 of 121, 1 to 30 of 61) running
out from the start hole, the second coming back to the game hole, with each side's front
peg ``●`` and back peg ``○`` and the board's marked line ``┃`` (the skunk line after hole
90 of 121, ACC-12.1; the lurch line after hole 30 of 61, EW-xvii). The full-screen table
(:mod:`hoyle.tui`) and the line mode (each game's console text) both draw it.

>>> from hoyle.interface.text import Board, Track
>>> print("\\n".join(board_lines(Board((Track("You", 7, 5), Track("Bob", 0, 0)), 61,
...                                    ("lurch", 30)))))
to 61   ┃ lurch line after hole 30   ● front ○ back; out → back ←
A You   7 (back peg 5)
B Bob   0 (back peg 0)
A · ····○ ·●··· ····· ····· ····· ·····┃
B ● ····· ····· ····· ····· ····· ·····┃
A · ····· ····· ····· ····· ····· ·····┃
B · ····· ····· ····· ····· ····· ·····┃
"""

from __future__ import annotations

from hoyle.interface.text import Board, Track

__all__ = ["BACK", "FRONT", "HOLE", "LEGEND", "LINE", "board_lines"]

HOLE = "·"
"""An empty hole."""
FRONT = "●"
"""A side's front peg (its score)."""
BACK = "○"
"""A side's back peg (its score before the last peg)."""
LINE = "┃"
"""The board's marked line (skunk or lurch)."""
LEGEND = f"   {FRONT} front {BACK} back; out \u2192 back \u2190"
"""What the head of a board with its streets adds: the front and back pegs, and the first
street running out (left to right), the second back (right to left)."""
GROUP = 5
"""Holes in a group: the board's rows of five, with a gap between."""


def _peg(track: Track, hole: int) -> str:
    """What hole ``hole`` of ``track`` holds (0: the start hole)."""
    if track.front == hole:
        return FRONT
    if track.back == hole:
        return BACK
    return HOLE


def _street(track: Track, holes: list[int], line_after: int | None, end: int) -> str:
    """One street of a track: the holes in order along the row (left to right), a gap (or
    the line) between groups of five, and the line at the row's end if it falls between
    hole ``end`` and the next street."""
    out = []
    for i, hole in enumerate(holes):
        out.append(_peg(track, hole))
        if i + 1 < len(holes) and (i + 1) % GROUP == 0:
            out.append(LINE if line_after == min(hole, holes[i + 1]) else " ")
    if line_after == end:
        out.append(LINE)
    return "".join(out)


def board_lines(board: Board, width: int | None = None, streets: bool = True) -> list[str]:
    """The board as lines of plain text (no markup), at most 76 characters wide for 121:
    the target, the marked line and a legend (the front and back pegs; the first street
    runs out to the right, the second back to the left); each track's letter, name, score
    and back peg; then the
    first street of every track (the start hole, holes 1 up, left to right), then the
    second (the game hole, then the holes coming back from the target, so that the last
    hole before the game hole sits under the start hole as on the wooden board).

    Pegs past the target are drawn in the game hole. When ``width`` (characters) is too
    narrow for the streets (121 at 60 columns), the compact board: the target, the
    marked line and each track's score and back peg, without the streets (never a
    wrapped street); ``streets=False`` asks for the compact board at any width.
    """
    street = (board.target - 1) // 2
    line_after = board.line[1] if board.line is not None else None
    head = f"to {board.target}"
    if board.line is not None:
        head += f"   {LINE} {board.line[0]} line after hole {board.line[1]}"
    lines = [head]
    letters = "ABCDEFGH"
    names = max(len(t.name) for t in board.tracks)
    for i, t in enumerate(board.tracks):
        lines.append(f"{letters[i]} {t.name:<{names}} {t.front:>3} (back peg {t.back})")
    if not streets:
        return lines
    first = list(range(1, street + 1))
    second = list(range(2 * street, street, -1))
    for i, t in enumerate(board.tracks):
        lines.append(f"{letters[i]} {_peg(t, 0)} {_street(t, first, line_after, street)}")
    for i, t in enumerate(board.tracks):
        capped = Track(t.name, min(t.front, board.target), min(t.back, board.target))
        game = FRONT if capped.front >= board.target else HOLE
        lines.append(f"{letters[i]} {game} {_street(capped, second, line_after, street)}")
    if width is not None and max(len(line) for line in lines) > width:
        return lines[:1 + len(board.tracks)]
    lines[0] += LEGEND  # the streets drawn: what their pegs and directions are
    return lines
