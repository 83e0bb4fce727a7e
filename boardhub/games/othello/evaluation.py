"""The expert's static evaluation: how good a position is for the side to move.

Scores are in hundredths of a disc (UNIT per disc) so that the search's
heuristic values and the endgame solver's exact disc counts share one scale,
and the app can show either as "+6". The terms are the classic ones that
decide Othello positions long before the disc count does:

- mobility: the number of moves each side has; running out of moves forces bad
  ones;
- potential mobility: empty squares next to the other side's discs (its
  frontier), where our moves may come from later;
- corners, and the squares next to an empty corner (X- and C-squares) that
  give it away;
- stable discs on the edges: runs anchored at an owned corner and discs of a
  full edge can never be turned over again;
- parity: with an odd number of empties the mover expects the last move;
- the disc difference itself, which only counts late.

Each term's weight depends on the number of empty squares (the phase): the
weights below are set at a few phases and interpolated linearly between them.
"""
from __future__ import annotations

from boardhub.games.othello.engine import FULL, moves_mask

UNIT = 100  # evaluation units per disc

CORNERS = 0x8100000000000081
# X-squares (diagonally next to a corner) and C-squares (beside it on an edge), per corner
X_OF = ((0, 1 << 9), (7, 1 << 14), (56, 1 << 49), (63, 1 << 54))
C_OF = ((0, (1 << 1) | (1 << 8)), (7, (1 << 6) | (1 << 15)),
        (56, (1 << 48) | (1 << 57)), (63, (1 << 55) | (1 << 62)))
NOT_A = 0xFEFEFEFEFEFEFEFE  # every square but column a
NOT_H = 0x7F7F7F7F7F7F7F7F  # every square but column h
FILE_A = 0x0101010101010101
TO_ROW = 0x0102040810204080  # multiplies column a's bits into the top byte, a1 lowest


def neighbours(bb: int) -> int:
    """Every square next to a disc of `bb` (and the discs themselves): where a frontier touches."""
    row = bb | ((bb >> 1) & NOT_H) | ((bb << 1) & NOT_A)
    return (row | (row << 8) | (row >> 8)) & FULL


def _corner_runs() -> tuple[int, ...]:
    """For each 8-bit edge of one colour: how many of its discs form runs from either corner."""
    out = []
    for x in range(256):
        trail = x & ~(x + 1)  # the run from bit 0
        lead = 0
        bit = 0x80
        while x & bit:
            lead |= bit
            bit >>= 1
        out.append((trail | lead).bit_count())
    return tuple(out)


CORNER_RUN = _corner_runs()

# Weights in UNIT per feature at phases given by the number of empties; rows:
# (empties, mobility, potential mobility, corner, X-square, C-square, stable edge disc, disc, parity)
KNOTS = (
    (60, 120, 60, 800, -350, -120, 150, -10, 0),
    (40, 110, 55, 800, -300, -110, 150, 0, 0),
    (24, 90, 40, 700, -250, -90, 150, 15, 40),
    (12, 70, 20, 500, -150, -60, 120, 40, 100),
    (0, 40, 0, 300, -50, -20, 100, 100, 100),
)


def _weights() -> tuple[tuple[int, ...], ...]:
    """The weights for every number of empties 0..64, linearly between the knots."""
    table = []
    for empties in range(65):
        for hi, lo in zip(KNOTS, KNOTS[1:]):
            if lo[0] <= empties <= hi[0] or empties > hi[0]:
                break
        span = hi[0] - lo[0]
        t = min(1.0, max(0.0, (empties - lo[0]) / span))
        table.append(tuple(round(lo[i] + (hi[i] - lo[i]) * t) for i in range(1, len(lo))))
    return tuple(table)


WEIGHTS = _weights()


def edge_stable(me: int, opp: int) -> int:
    """Stable discs of `me` minus those of `opp` on the four edges (corners count on both of theirs)."""
    total = 0
    for p, o in ((me & 0xFF, opp & 0xFF),
                 (me >> 56, opp >> 56),
                 (((me & FILE_A) * TO_ROW & FULL) >> 56, ((opp & FILE_A) * TO_ROW & FULL) >> 56),
                 ((((me >> 7) & FILE_A) * TO_ROW & FULL) >> 56, (((opp >> 7) & FILE_A) * TO_ROW & FULL) >> 56)):
        if p | o == 0xFF:
            total += p.bit_count() - o.bit_count()
        else:
            total += CORNER_RUN[p] - CORNER_RUN[o]
    return total


def evaluate(me: int, opp: int, my_moves: int | None = None) -> int:
    """The position's value for `me`, the side to move, in UNIT per disc.

    `my_moves` saves recomputing the mover's legal moves when the caller has them.
    """
    if my_moves is None:
        my_moves = moves_mask(me, opp)
    their_moves = moves_mask(opp, me)
    occupied = me | opp
    empty = ~occupied & FULL
    n_empty = empty.bit_count()
    w_mob, w_pot, w_corner, w_x, w_c, w_stable, w_disc, w_parity = WEIGHTS[n_empty]
    score = w_mob * (my_moves.bit_count() - their_moves.bit_count())
    # potential mobility: empties beside the other side's discs are where our moves grow
    score += w_pot * ((neighbours(opp) & empty).bit_count() - (neighbours(me) & empty).bit_count())
    score += w_corner * ((me & CORNERS).bit_count() - (opp & CORNERS).bit_count())
    for corner, x in X_OF:
        if not occupied >> corner & 1:
            if me & x:
                score += w_x
            elif opp & x:
                score -= w_x
    for corner, c in C_OF:
        if not occupied >> corner & 1:
            score += w_c * ((me & c).bit_count() - (opp & c).bit_count())
    score += w_stable * edge_stable(me, opp)
    score += w_disc * (me.bit_count() - opp.bit_count())
    if n_empty & 1:
        score += w_parity
    else:
        score -= w_parity
    return score
