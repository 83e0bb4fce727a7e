"""The final score of a position with one empty square, from look-up tables.

With one square empty, every other square holds a disc, so the other side's
discs are exactly the squares the mover does not hold: how many discs a move
on the last square flips depends on the mover's discs along the square's four
lines alone, for either side. Each line's discs are gathered into a byte with
one shift or one multiplication, and a table per line and square gives the
flips of the mover and of the other side; `LAST_SCORE[sq](me)` is generated
code with every constant in place. It replaces two flip computations, which
is what the endgame solver spends most of its time on in its last moves.
"""
from __future__ import annotations

from collections.abc import Callable

FILE_A = 0x0101010101010101
TO_ROW = 0x0102040810204080  # multiplies column a's bits into the top byte, a1 lowest


def _line(sq: int, dr: int, dc: int) -> list[int]:
    """The squares of the line through `sq` in direction (dr, dc), from one edge to the other."""
    r, c = divmod(sq, 8)
    while 0 <= r - dr < 8 and 0 <= c - dc < 8:
        r, c = r - dr, c - dc
    out = []
    while 0 <= r < 8 and 0 <= c < 8:
        out.append(8 * r + c)
        r, c = r + dr, c + dc
    return out


def _flip_counts(lo: int, hi: int, pos: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For a line on byte bits lo..hi, with bit `pos` the empty square and every other
    square a disc: by the mover's byte, how many discs the mover flips by playing `pos`,
    and how many the other side flips."""
    line = ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1) & ~(1 << pos)
    below = ((1 << pos) - 1) & line
    mine = [0] * 256
    theirs = [0] * 256
    for side, table in ((0, mine), (1, theirs)):
        for b in range(256):
            if b & ~line:
                continue
            own = b if side == 0 else line & ~b
            up = own >> (pos + 1)
            n = (up & -up).bit_length() - 1 if up else 0
            down = own & below
            n += pos - down.bit_length() if down else 0
            table[b] = n
    return tuple(mine), tuple(theirs)


def _build() -> tuple[Callable[[int], int], ...]:
    tables: dict[tuple[int, int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
    scope: dict[str, object] = {}
    source = []
    for sq in range(64):
        row, col = divmod(sq, 8)
        lines = [(f"me >> {8 * row} & 255", 0, 7, col),
                 (f"(me >> {col} & {FILE_A:#x}) * {TO_ROW:#x} >> 56 & 255", 0, 7, row)]
        for dr, dc in ((1, 1), (1, -1)):
            squares = _line(sq, dr, dc)
            if len(squares) >= 3:  # a shorter line flips nothing
                cols = [s % 8 for s in squares]
                mask = sum(1 << s for s in squares)
                # one square per column: the product gathers them into the top byte without carries
                lines.append((f"(me & {mask:#x}) * {FILE_A:#x} >> 56 & 255", min(cols), max(cols), col))
        code = [f"def last_{sq}(me):"]
        mine, theirs = [], []
        for i, (expr, lo, hi, pos) in enumerate(lines):
            key = (lo, hi, pos)
            if key not in tables:
                tables[key] = _flip_counts(lo, hi, pos)
            scope[f"M{lo}{hi}{pos}"], scope[f"T{lo}{hi}{pos}"] = tables[key]
            code.append(f"    b{i} = {expr}")
            mine.append(f"M{lo}{hi}{pos}[b{i}]")
            theirs.append(f"T{lo}{hi}{pos}[b{i}]")
        code += ["    p = me.bit_count()",
                 f"    n = {' + '.join(mine)}",
                 "    if n:",
                 "        return 2 * (p + n) - 62",
                 f"    n = {' + '.join(theirs)}",
                 "    if n:",
                 "        return 2 * (p - n) - 64",
                 "    return 2 * p - 62 if p > 31 else 2 * p - 64"]
        source.append("\n".join(code))
    exec(compile("\n\n".join(source), "<othello last square>", "exec"), scope)
    return tuple(scope[f"last_{sq}"] for sq in range(64))  # type: ignore[misc]


# LAST_SCORE[sq](me): the final margin for the mover, whose discs are `me`, when `sq`
# is the only empty square: the mover plays it if it can, else the other side does,
# else it goes to the winner.
LAST_SCORE: tuple[Callable[[int], int], ...] = _build()
