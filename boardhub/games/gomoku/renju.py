"""The Renju referee: which points black may not play, and why.

Renju (Renju International Federation rules) bars black from three shapes,
because free play gives black a forced win:

- an overline: six or more black stones in a row;
- a double four: one stone that makes two fours at once, in two lines or in
  one line (``o_ooo_o``, ``oo_oo_oo``);
- a double three: one stone that makes two threes at once.

A *four* is a shape that one more stone turns into an exact five; a *three*
is a shape that one more stone turns into a straight four (``_oooo_``, a four
that two points complete), and it counts only if that stone is itself not
forbidden, which this module checks recursively. A move that makes an exact
five wins, whatever else it makes. The board edge blocks like a white stone.

How it is fast. Whether a stone at p makes a five, four or three along one
direction depends only on the eleven points from p - 5 to p + 5 on that
line: a straight four spans p - 3 .. p + 3, its completing points p - 4 ..
p + 4, and the points just beyond decide whether they give an exact five or
an overline. So the board is kept *padded*: five rows and columns of EDGE
around it, one byte a point, so the eleven points of any direction are one
extended slice ``padded[c - 5 * s : c + 5 * s + 1 : s]``. That slice is the
key of a cache of shapes (`window_shape`), so each distinct line pattern is
analysed once per process and a whole-board scan is four slices and four
dictionary look-ups a point. Only when two directions hold a three does the
scan recurse, to check that each three's completing point is allowed.
"""
from __future__ import annotations

from typing import NamedTuple, Protocol

from boardhub.core.i18n import N_

EMPTY, BLACK, WHITE = 0, 1, 2
EDGE = 3  # outside the board, in the padded layout: blocks like a white stone
PAD = 5  # rows and columns of EDGE on each side of the padded board
CENTRE = PAD  # the index of the examined point in an eleven-point window

OVERLINE, DOUBLE_FOUR, DOUBLE_THREE = N_("overline"), N_("double four"), N_("double three")  # translated where shown


class Shape(NamedTuple):
    """What a black stone on the centre of an eleven-point window makes along that line.

    five / overline: the stone makes an exact five / six or more in a row.
    fours: how many distinct fours through the stone (2 for ``o_ooo_o``; a
    straight four counts once). threes: when the line holds no four, the
    offsets from the centre (-3..3) of the points that would turn it into a
    straight four through the stone; empty if it makes no three. Whether
    those points are themselves allowed is the caller's question.
    """

    five: bool
    overline: bool
    fours: int
    threes: tuple[int, ...]


QUIET = Shape(False, False, 0, ())
_shapes: dict[bytes, Shape] = {}


def _run(cells: list[int], i: int) -> tuple[int, int]:
    """The first and last index of the run of black stones through index i."""
    lo = hi = i
    while lo > 0 and cells[lo - 1] == BLACK:
        lo -= 1
    while hi < 10 and cells[hi + 1] == BLACK:
        hi += 1
    return lo, hi


def _analyse(window: bytes) -> Shape:
    cells = list(window)
    cells[CENTRE] = BLACK
    lo, hi = _run(cells, CENTRE)
    length = hi - lo + 1
    if length >= 5:  # a run that reaches the window's end is six or more long
        return Shape(length == 5, length > 5, 0, ())
    four_sets = set()
    for q in range(CENTRE - 4, CENTRE + 5):
        if cells[q] != EMPTY:
            continue
        cells[q] = BLACK
        lo, hi = _run(cells, q)
        if hi - lo == 4 and lo <= CENTRE <= hi:
            four_sets.add((lo, hi, q))
        cells[q] = EMPTY
    # a straight four is one four with two completing points: the same stones
    fours = len({tuple(i for i in range(lo, hi + 1) if i != q) for lo, hi, q in four_sets})
    if fours:
        return Shape(False, False, fours, ())
    threes = []
    for q in range(CENTRE - 3, CENTRE + 4):
        if cells[q] != EMPTY:
            continue
        cells[q] = BLACK
        lo, hi = _run(cells, q)
        if (hi - lo == 3 and lo <= CENTRE <= hi and cells[lo - 1] == EMPTY and cells[hi + 1] == EMPTY
                and cells[lo - 2] != BLACK and cells[hi + 2] != BLACK):
            threes.append(q - CENTRE)
        cells[q] = EMPTY
    return Shape(False, False, 0, tuple(threes)) if threes else QUIET


def window_shape(window: bytes) -> Shape:
    """The `Shape` black makes by playing the centre of an eleven-point window.

    `window` holds EMPTY, BLACK, WHITE or EDGE for the points at offsets
    -5..5 along one line, ``padded[c - 5 * s:c + 5 * s + 1:s]`` for a padded
    index c and a step s of `steps`; its centre must be EMPTY. Results
    are cached for the life of the process: a game meets a few thousand
    distinct windows, and a long search some tens of thousands.
    """
    shape = _shapes.get(window)
    if shape is None:
        shape = _shapes[window] = _analyse(window)
    return shape


def padded_board(board: bytes, size: int) -> bytes:
    """The board with PAD points of EDGE on every side (see the module notes)."""
    width = size + 2 * PAD
    side = bytes([EDGE]) * PAD
    rows = [bytes([EDGE]) * (width * PAD)]
    rows += [side + board[y * size:(y + 1) * size] + side for y in range(size)]
    rows.append(bytes([EDGE]) * (width * PAD))
    return b"".join(rows)


def padded_index(p: int, size: int) -> int:
    """Where point p of a size x size board sits in its padded board."""
    y, x = divmod(p, size)
    return (y + PAD) * (size + 2 * PAD) + x + PAD


def steps(size: int) -> tuple[int, int, int, int]:
    """The padded-index steps of the four lines: across, up, and the two diagonals."""
    width = size + 2 * PAD
    return 1, width, width + 1, width - 1


def _verdict(padded: bytes, c: int, dirs: tuple[int, int, int, int]) -> str | None:
    fours = 0
    overline = False
    threes = []
    for s in dirs:
        key = padded[c - 5 * s:c + 5 * s + 1:s]
        shape = _shapes.get(key)
        if shape is None:
            shape = _shapes[key] = _analyse(key)
        if shape is QUIET:
            continue
        if shape.five:
            return None
        if shape.overline:
            overline = True
        elif shape.fours:
            fours += shape.fours
        else:  # a line that holds a four holds no three: window_shape leaves its threes out
            threes.append((s, shape.threes))
    if overline:
        return OVERLINE
    if fours >= 2:
        return DOUBLE_FOUR
    if len(threes) < 2:
        return None
    placed = padded[:c] + b"\x01" + padded[c + 1:]
    real = 0
    for s, offsets in threes:
        if any(_verdict(placed, c + q * s, dirs) is None for q in offsets):
            real += 1
            if real == 2:
                return DOUBLE_THREE
    return None


def forbidden_padded(padded: bytes, c: int, size: int) -> str | None:
    """`forbidden` on a board already padded (padded index c): for scans and searches
    that test many points of one position and should pad it once."""
    return _verdict(padded, c, steps(size))


def forbidden(board: bytes, size: int, p: int) -> str | None:
    """Why black may not play the empty point p under Renju: "overline",
    "double four" or "double three"; None if the move is allowed (a move
    that makes an exact five is always allowed).
    """
    if board[p] != EMPTY:
        raise ValueError(f"point {p} is not empty")
    return _verdict(padded_board(board, size), padded_index(p, size), steps(size))


class Position(Protocol):
    """What `forbidden_points` reads of a game: the engine's GomokuState. The engine imports this module,
    so the state is named by what is read of it, not imported (not even for type checking: a circle)."""

    size: int
    rule: str
    board: bytes
    player: int
    winner: int | None
    reason: str


def forbidden_points(state: Position) -> dict[int, str]:
    """Every point black may not play now, with the reason: empty unless the
    game is Renju, still going and black is to move."""
    if state.rule != "renju" or state.player != 0 or state.winner is not None or state.reason:
        return {}
    size = state.size
    board = state.board
    padded = padded_board(board, size)
    dirs = steps(size)
    width = size + 2 * PAD
    out = {}
    for p in range(size * size):
        if board[p]:
            continue
        y, x = divmod(p, size)
        c = (y + PAD) * width + x + PAD
        why = _verdict(padded, c, dirs)
        if why is not None:
            out[p] = why
    return out
