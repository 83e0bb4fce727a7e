"""Bitboard helpers shaped for the expert's search: (mover, other) pairs, no state objects.

The engine's functions serve the rules and the UI; a search calls these
millions of times, so they are unrolled by hand, take plain ints and return
plain ints. Squares are numbered as in the engine: bit 8 * row + col, a1 = 0.
"""
from __future__ import annotations

FULL = (1 << 64) - 1
INNER_COLS = 0x7E7E7E7E7E7E7E7E  # columns b..g: a run across a row never wraps off them
NOT_A = 0xFEFEFEFEFEFEFEFE
NOT_H = 0x7F7F7F7F7F7F7F7F


def moves(me: int, opp: int) -> int:
    """The squares where `me` may play, by doubling shifts along each of the 8 directions.

    Each direction finds runs of `opp` next to `me` in 3 masked steps instead
    of 6 (a run of length 1, then pairs of the mask); that halves the Python
    operations, which dominate a search's time.
    """
    empty = ~(me | opp) & FULL
    h = opp & INNER_COLS
    # across a row: +1 / -1
    t = h & (me << 1)
    t |= h & (t << 1)
    m2 = h & (h << 1)
    t |= m2 & (t << 2)
    t |= m2 & (t << 2)
    legal = t << 1
    t = h & (me >> 1)
    t |= h & (t >> 1)
    m2 = h & (h >> 1)
    t |= m2 & (t >> 2)
    t |= m2 & (t >> 2)
    legal |= t >> 1
    # down a column: +8 / -8
    t = opp & (me << 8)
    t |= opp & (t << 8)
    m2 = opp & (opp << 8)
    t |= m2 & (t << 16)
    t |= m2 & (t << 16)
    legal |= t << 8
    t = opp & (me >> 8)
    t |= opp & (t >> 8)
    m2 = opp & (opp >> 8)
    t |= m2 & (t >> 16)
    t |= m2 & (t >> 16)
    legal |= t >> 8
    # diagonals: +9 / -9 and +7 / -7
    t = h & (me << 9)
    t |= h & (t << 9)
    m2 = h & (h << 9)
    t |= m2 & (t << 18)
    t |= m2 & (t << 18)
    legal |= t << 9
    t = h & (me >> 9)
    t |= h & (t >> 9)
    m2 = h & (h >> 9)
    t |= m2 & (t >> 18)
    t |= m2 & (t >> 18)
    legal |= t >> 9
    t = h & (me << 7)
    t |= h & (t << 7)
    m2 = h & (h << 7)
    t |= m2 & (t << 14)
    t |= m2 & (t << 14)
    legal |= t << 7
    t = h & (me >> 7)
    t |= h & (t >> 7)
    m2 = h & (h >> 7)
    t |= m2 & (t >> 14)
    t |= m2 & (t >> 14)
    legal |= t >> 7
    return legal & empty


def _rays() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """For each square, its rays of length >= 2 toward higher and toward lower squares."""
    up: list[tuple[int, ...]] = []
    down: list[tuple[int, ...]] = []
    for sq in range(64):
        r, c = divmod(sq, 8)
        ups, downs = [], []
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            ray, rr, cc = 0, r + dr, c + dc
            while 0 <= rr < 8 and 0 <= cc < 8:
                ray |= 1 << (8 * rr + cc)
                rr, cc = rr + dr, cc + dc
            if ray.bit_count() < 2:
                continue
            (ups if 8 * dr + dc > 0 else downs).append(ray)
        up.append(tuple(ups))
        down.append(tuple(downs))
    return tuple(up), tuple(down)


RAYS_UP, RAYS_DOWN = _rays()


def flips(me: int, opp: int, sq: int) -> int:
    """The discs of `opp` that `me` turns over by playing `sq` (0: not a legal move).

    Along a ray the run of `opp` ends at the first square that is not `opp`:
    the lowest such bit on a rising ray, the highest on a falling one; the
    run flips only if that square holds a disc of `me`.
    """
    f = 0
    notopp = ~opp
    for ray in RAYS_UP[sq]:
        b = ray & notopp
        b &= -b
        if b & me:
            f |= (b - 1) & ray
    for ray in RAYS_DOWN[sq]:
        b = ray & notopp
        if b:
            b = 1 << (b.bit_length() - 1)
            if b & me:
                f |= ray & -(b << 1)
    return f


def neighbours(bb: int) -> int:
    """Every square next to a disc of `bb` (the discs themselves included when adjacent)."""
    w = (bb >> 1) & NOT_H
    e = (bb << 1) & NOT_A
    row = bb | w | e
    return (row | (row << 8) | (row >> 8)) & FULL
