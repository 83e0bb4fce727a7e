"""Stable discs: discs that no sequence of moves can ever turn over.

`stable_discs` is a lower bound, cheap enough for the endgame solver's
stability cut-offs (the other side's stable discs cap our final score):

- on an edge, a disc can only be flipped along the edge, so the exact answer
  for an edge depends on that edge's 8 squares alone; a table made on first
  use holds it for every edge, found by trying every sequence of moves on the edge
  (either colour may play any empty square there, more than the rules allow,
  so what survives every sequence is surely stable);
- inside the board, a disc is stable when, along each of its four lines, the
  line is full or a neighbour on that line is a stable disc of its colour.
"""
from __future__ import annotations

FULL = (1 << 64) - 1
INNER = 0x007E7E7E7E7E7E00
FILE_A = 0x0101010101010101
TO_ROW = 0x0102040810204080  # multiplies column a's bits into the top byte, a1 lowest


def _edge_flips(me: int, opp: int, x: int) -> int:
    """The discs of `opp` that `me` flips along an 8-square line by playing on `x`."""
    out = 0
    for step in (1, -1):
        run = 0
        y = x + step
        while 0 <= y < 8 and opp >> y & 1:
            run |= 1 << y
            y += step
        if 0 <= y < 8 and me >> y & 1:
            out |= run
    return out


def _edge_table() -> list[int]:
    """The edge table: at 256 * me + opp, the discs of `me` on an edge that stay its own
    whatever is played there. Edges are settled fullest first, so every edge after a move
    is known when needed."""
    table = [0] * 65536
    by_empties: list[list[tuple[int, int]]] = [[] for _ in range(9)]
    for me in range(256):
        rest = 255 & ~me
        opp = rest
        while True:  # every subset of the squares `me` leaves
            by_empties[8 - (me | opp).bit_count()].append((me, opp))
            if not opp:
                break
            opp = (opp - 1) & rest
    for positions in by_empties:
        for me, opp in positions:
            stable = me
            empty = 255 & ~(me | opp)
            while empty and stable:
                low = empty & -empty
                x = low.bit_length() - 1
                f = _edge_flips(me, opp, x)
                stable &= table[(me | f | low) << 8 | opp ^ f]
                f = _edge_flips(opp, me, x)
                stable &= table[(me ^ f) << 8 | opp | f | low]
                empty ^= low
            table[me << 8 | opp] = stable
    _EDGE[:] = table
    return table


_EDGE: list[int] = []  # made on first use: importing the solver should cost nothing
# a byte's bits spread down column a: bit i to square 8 * i
COLUMN = tuple(sum(1 << (8 * i) for i in range(8) if b >> i & 1) for b in range(256))


def full_lines(occupied: int) -> tuple[int, int, int, int]:
    """The squares whose row, column, a1-h8 diagonal and a8-h1 diagonal are full, each line by doubling shifts."""
    t = occupied & (occupied >> 1)
    t &= t >> 2
    t &= t >> 4
    rows = (t & FILE_A) * 0xFF
    t = occupied & (occupied >> 8)
    t &= t >> 16
    t &= t >> 32
    columns = (t & 0xFF) * FILE_A
    # towards h8 (+9) and towards a1 (-9): each square ANDs the squares ahead, the masks stand for "off the board"
    up = occupied & (0xFF80808080808080 | occupied >> 9)
    up &= 0xFFFFC0C0C0C0C0C0 | up >> 18
    up &= 0xFFFFFFFFF0F0F0F0 | up >> 36
    down = occupied & (0x01010101010101FF | occupied << 9)
    down &= 0x030303030303FFFF | down << 18
    down &= 0x0F0F0F0FFFFFFFFF | down << 36
    diag9 = up & down & FULL
    # towards a8 (+7) and towards h1 (-7)
    up = occupied & (0xFF01010101010101 | occupied >> 7)
    up &= 0xFFFF030303030303 | up >> 14
    up &= 0xFFFFFFFF0F0F0F0F | up >> 28
    down = occupied & (0x80808080808080FF | occupied << 7)
    down &= 0xC0C0C0C0C0C0FFFF | down << 14
    down &= 0xF0F0F0F0FFFFFFFF | down << 28
    diag7 = up & down & FULL
    return rows, columns, diag9, diag7


def stable_discs(me: int, opp: int) -> int:
    """A set of discs of `me` that can never be flipped (a lower bound on all of them)."""
    edge = _EDGE or _edge_table()
    stable = (edge[(me & 0xFF) << 8 | opp & 0xFF]
              | edge[(me >> 56) << 8 | opp >> 56] << 56
              | COLUMN[edge[(((me & FILE_A) * TO_ROW & FULL) >> 56) << 8 | ((opp & FILE_A) * TO_ROW & FULL) >> 56]]
              | COLUMN[edge[((((me >> 7) & FILE_A) * TO_ROW & FULL) >> 56) << 8
                            | (((opp >> 7) & FILE_A) * TO_ROW & FULL) >> 56]] << 7)
    inner = me & INNER
    if not inner:
        return stable
    rows, columns, diag9, diag7 = full_lines(me | opp)
    stable |= rows & columns & diag9 & diag7 & inner
    if not stable:
        return 0
    while True:
        grown = stable | (inner & (stable >> 1 | stable << 1 | rows) & (stable >> 8 | stable << 8 | columns)
                          & (stable >> 9 | stable << 9 | diag9) & (stable >> 7 | stable << 7 | diag7))
        if grown == stable:
            return stable
        stable = grown
