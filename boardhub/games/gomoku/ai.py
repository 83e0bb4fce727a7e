"""The classic AIs of Gomoku from the source paper, a Renju program for a referee.

easy: a random point next to the stones on the board; black opens at the
centre and never takes a point forbidden to black.

normal: the source's *point update* AI (포인트 업데이트 알고리즘): every empty
point gets a score and the best one is played. The score follows the source's
priority table (착수 우선 순위), in which every shape appears twice, first as
attack (공격, the mover's own stones) and then as defence (수비, the
opponent's stones on the same point), because "on your own turn attack
matters more than defence" (본인에 턴에는 수비보다는 공격이 중요하므로):

    rank  source                             here (one line through the point)
    1/2   5 목이 되는 위치                    a five
    3/4   4 목이 되는 위치                    a four with two ways to five (open)
    5/6   한 칸 땀 4 목이 되는 위치           a four with one way to five
    7/8   3 목이 되는 위치                    an open three, stones in a row
    9/10  한 칸 땀 3 목이 되는 위치           an open three with a gap
    11/12 반 삼각, 호구형이 되는 수           completes a triangle or a tiger's mouth
    13/14 L 형이 되는 수                      completes an L
    15/16 반 삼각을 만들 수 있는 위치         a triangle can follow
    17/18 L 형을 만들 수 있는 위치            an L can follow
    +     근처에 같은 색 돌이 있을 경우       a stone of the mover's colour next to it
    -     근처에 다른 색 돌이 있을 경우       a stone of the other colour next to it
    +     천원에 가까운 위치                  nearer the centre (천원)

How the table is read:
- The source counts stones in a row from the point (End_check) and whether
  each end is blocked (Block_check), and tells a row from one with a one-point
  gap (한 칸 땀). What those measure is how many ways a four has to five:
  a row of four open at both ends has two and wins, a four with a gap or a
  blocked end has one and only forces a reply. So ranks 3/4 are the fours
  with two ways and 5/6 those with one. A three counts only if it is open
  (one more stone makes a four with two ways): the source calls the open
  three and the four the forcing moves (선수); a blocked three forces nothing.
- Shapes (the source's new_shape_making and near_by_point_update), on the
  points around each stone: the triangle (반 삼각) is three stones in the
  corners of a 2 x 2 square; the tiger's mouth (호구형) three stones around
  one empty point; the L (L 형) a corner stone with a stone two points along
  each arm. "Can follow" means the point and one stone of the shape are
  there and the rest of it is empty.
- The scores are the source's where it prints them: 1,000,001 for a five;
  99,999,999 for white's overline (long_linear_white_turn: white wins with
  six or more). The other ranks step down so that each attack outweighs the
  defence below it. Centre: the source's center_point_update, half the board
  minus the distance to the centre.
- Black steers clear of forbidden points (escape_foul_black_turn gives them
  the lowest scores); here the points are taken best first and any that the
  Renju referee (renju.py) forbids is skipped, so black never plays one.
  A five is never forbidden.

Replies to the first moves (주형), from the source:
- black's first move at the centre (천원);
- white's first: if black played within three points of the edge, three
  points straight inwards from it (second_side_marking); if within two of the
  centre, the source typed in what Yixin plays, which the paper does not
  print: here the classic reply next to black's stone on the centre side,
  diagonally next to it when black took the centre (second_center_marking);
- black's second, after black's centre: if white is next to the centre, the
  point next to both stones (the strongest renju openings, Kagetsu after a
  direct reply) (third_one_length_marking); if white is two away, next to the
  centre on white's side, off the line joining them (third_two_length_marking);
- anything else, and every later move: the point update.

Ties between equal scores are broken by the seeded random generator, so a
seed replays a game exactly while different seeds vary it.
"""
from __future__ import annotations

import random
from typing import Callable

from boardhub.games.gomoku.engine import BLACK, GomokuRules, GomokuState
from boardhub.games.gomoku.opening_play import opening_move
from boardhub.games.gomoku.renju import CENTRE, PAD, forbidden_padded, padded_board, steps

# What a stone on the centre of an eleven-point window makes along that line.
NOTHING, FIVE, LONG, OPEN_FOUR, FOUR, THREE, SPLIT_THREE = range(7)

FIVE_SCORE = 1_000_001  # the source's score of a five
LONG_SCORE = 99_999_999  # the source's score of white's winning overline
# (attack, defence) per line shape: ranks 1-10 of the source's table
LINE_SCORES = {
    NOTHING: (0, 0),
    FIVE: (FIVE_SCORE, 300_000),
    LONG: (LONG_SCORE, 300_000),
    OPEN_FOUR: (100_000, 50_000),
    FOUR: (10_000, 5_000),
    THREE: (1_000, 500),
    SPLIT_THREE: (300, 200),
}
# (attack, defence) per stone shape: ranks 11-18
MAKES_TRIANGLE = (100, 80)  # also the tiger's mouth, which shares the rank
MAKES_L = (60, 50)
CAN_TRIANGLE = (30, 25)
CAN_L = (20, 15)
NEAR_SAME = 5
NEAR_OTHER = -3

SWAP = bytes.maketrans(b"\x01\x02", b"\x02\x01")  # the board seen by white: its stones as 1
_tiers: tuple[dict[bytes, int], dict[bytes, int]] = ({}, {})  # per "overlines win"
RULES = GomokuRules()


def _run(cells: bytearray, i: int) -> tuple[int, int]:
    lo = hi = i
    while lo > 0 and cells[lo - 1] == 1:
        lo -= 1
    while hi < 10 and cells[hi + 1] == 1:
        hi += 1
    return lo, hi


def _ways(cells: bytearray, long_wins: bool) -> int:
    """How many empty points complete a winning row through the centre."""
    ways = 0
    for q in range(CENTRE - 4, CENTRE + 5):
        if cells[q]:
            continue
        cells[q] = 1
        lo, hi = _run(cells, q)
        cells[q] = 0
        if lo <= CENTRE <= hi and (hi - lo == 4 or long_wins and hi - lo > 4):
            ways += 1
    return ways


def _analyse(window: bytes, long_wins: bool) -> int:
    cells = bytearray(window)
    cells[CENTRE] = 1
    lo, hi = _run(cells, CENTRE)
    length = hi - lo + 1
    if length >= 5:
        return FIVE if length == 5 else LONG if long_wins else NOTHING
    ways = _ways(cells, long_wins)
    if ways:
        return OPEN_FOUR if ways >= 2 else FOUR
    for q in range(CENTRE - 3, CENTRE + 4):
        if cells[q]:
            continue
        cells[q] = 1
        open_four = _ways(cells, long_wins) >= 2
        cells[q] = 0
        if open_four:
            return THREE if length == 3 else SPLIT_THREE
    return NOTHING


def line_tier(window: bytes, long_wins: bool) -> int:
    """The shape a stone on the empty centre of an eleven-point window makes.

    `window` is a line of renju.py's padded board seen by the mover (its
    stones 1, anything else but 0 blocks). Cached: a game meets a few
    thousand distinct windows, and the scan looks up eight a point.
    """
    cache = _tiers[long_wins]
    tier = cache.get(window)
    if tier is None:
        tier = cache[window] = _analyse(window, long_wins)
    return tier


def _shape_offsets(width: int) -> tuple[list, list, list]:
    """Relative padded offsets of the stone shapes, seen from each of their stones.

    triangles: the other three corners of each 2 x 2 square holding the point;
    tigers: (two stones, the eye) of each tiger's mouth the point belongs to;
    ells: the two other stones of each L the point belongs to.
    """
    def off(dx: int, dy: int) -> int:
        return dx + dy * width

    triangles = []
    for sx in (-1, 0):
        for sy in (-1, 0):
            cells = [(sx + i, sy + j) for i in (0, 1) for j in (0, 1)]
            triangles.append(tuple(off(x, y) for x, y in cells if (x, y) != (0, 0)))
    tigers = []
    for d, n in (((1, 0), (0, 1)), ((1, 0), (0, -1)), ((0, 1), (1, 0)), ((0, 1), (-1, 0))):
        stones = [(-d[0], -d[1]), d, n]  # around the eye at (0, 0)
        for sx, sy in stones:
            others = [off(x - sx, y - sy) for x, y in stones if (x, y) != (sx, sy)]
            tigers.append((others[0], others[1], off(-sx, -sy)))
    ells = []
    for ax in (-1, 1):
        for ay in (-1, 1):
            stones = [(0, 0), (2 * ax, 0), (0, 2 * ay)]
            for sx, sy in stones:
                others = [off(x - sx, y - sy) for x, y in stones if (x, y) != (sx, sy)]
                ells.append((others[0], others[1]))
    return triangles, tigers, ells


_geometry: dict[int, tuple] = {}


def _board_geometry(size: int) -> tuple:
    """Per board size: the padded index of each point, the line steps, shapes and neighbours."""
    geo = _geometry.get(size)
    if geo is None:
        width = size + 2 * PAD
        index = [(y + PAD) * width + x + PAD for y in range(size) for x in range(size)]
        near = tuple(dx + dy * width for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)
        around = tuple(dx + dy * width for dy in range(-2, 3) for dx in range(-2, 3) if dx or dy)
        mid = size // 2
        centre = [mid - max(abs(x - mid), abs(y - mid)) for y in range(size) for x in range(size)]
        geo = _geometry[size] = (index, steps(size), _shape_offsets(width), near, around, centre)
    return geo


def long_wins_for(rule: str, stone: int) -> bool:
    """Whether six or more in a row wins for `stone` (1 black, 2 white) under `rule`."""
    return rule == "freestyle" or (rule == "renju" and stone == 2)


def point_scores(view: GomokuState) -> dict[int, int]:
    """The source's point update: the score of every empty point for the side to move.

    Points more than two away from every stone can make no shape and touch
    no stone, so their score is the centre bonus alone.
    """
    size, board = view.size, view.board
    index, dirs, (triangles, tigers, ells), near, around, centre = _board_geometry(size)
    me = view.player + 1
    padded = padded_board(board, size)
    if me == 2:
        padded = padded.translate(SWAP)  # the mover's stones are 1, the opponent's 2
    opp_view = padded.translate(SWAP)
    long_me = long_wins_for(view.rule, me)
    long_opp = long_wins_for(view.rule, 3 - me)
    cache_me, cache_opp = _tiers[long_me], _tiers[long_opp]
    scores = {p: centre[p] for p in range(size * size) if not board[p]}
    if len(scores) == size * size:
        return scores
    width = size + 2 * PAD
    busy = set()
    for p in range(size * size):
        if board[p]:
            c = index[p]
            busy.update(c + o for o in around)
    for c in busy:
        if padded[c]:
            continue
        y, x = divmod(c, width)
        p = (y - PAD) * size + x - PAD
        score = centre[p]
        for s in dirs:
            lo, hi = c - 5 * s, c + 5 * s + 1
            w = padded[lo:hi:s]
            t = cache_me.get(w)
            if t is None:
                t = line_tier(w, long_me)
            score += LINE_SCORES[t][0]
            w = opp_view[lo:hi:s]
            t = cache_opp.get(w)
            if t is None:
                t = line_tier(w, long_opp)
            score += LINE_SCORES[t][1]
        for o in near:
            v = padded[c + o]
            if v == 1:
                score += NEAR_SAME
            elif v == 2:
                score += NEAR_OTHER
        for a, b, d in triangles:
            va, vb, vd = padded[c + a], padded[c + b], padded[c + d]
            for stone, side in ((1, 0), (2, 1)):
                mine = (va == stone) + (vb == stone) + (vd == stone)
                if mine >= 2:
                    score += MAKES_TRIANGLE[side]
                elif mine == 1 and (va == 0) + (vb == 0) + (vd == 0) == 2:
                    score += CAN_TRIANGLE[side]
        for a, b, eye in tigers:
            va, vb = padded[c + a], padded[c + b]
            if va == vb and va in (1, 2) and padded[c + eye] == 0:
                score += MAKES_TRIANGLE[va - 1]
        for a, b in ells:
            va, vb = padded[c + a], padded[c + b]
            if va == vb and va in (1, 2):
                score += MAKES_L[va - 1]
            elif va == 0 and vb in (1, 2):
                score += CAN_L[vb - 1]
            elif vb == 0 and va in (1, 2):
                score += CAN_L[va - 1]
        scores[p] = score
    return scores


def _centre(size: int) -> int:
    return (size // 2) * size + size // 2


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


class _Chooser:
    """What both AIs share: the seeded generator and the black-may-play check."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @staticmethod
    def allowed_check(view: GomokuState) -> Callable[[int], bool]:
        """A test `p -> bool` of whether the mover may play the empty point p."""
        if view.rule != "renju" or view.player != BLACK:
            return lambda p: True
        size = view.size
        padded = padded_board(view.board, size)
        index = _board_geometry(size)[0]
        return lambda p: forbidden_padded(padded, index[p], size) is None

    @staticmethod
    def fallback(view: GomokuState) -> int:
        """Any legal point; when forbidden moves lose and only they are left, one of them."""
        legal = RULES.legal_moves(view) or [p for p in range(view.size ** 2) if not view.board[p]]
        return legal[0]


class EasyAI(_Chooser):
    """A beginner: a random point next to the stones already played (black's
    first move at the centre), never a point forbidden to black."""

    def choose(self, view: GomokuState, deadline: float) -> int | str:
        if view.phase:  # an opening rule's step: a beginner's choice among its moves
            return opening_move(RULES, view, self.rng, careless=True)
        size, board = view.size, view.board
        if not any(board):
            return _centre(size)
        index, _, _, near, _, _ = _board_geometry(size)
        padded = padded_board(board, size)
        width = size + 2 * PAD
        spots = set()
        for p in range(size * size):
            if board[p]:
                for o in near:
                    c = index[p] + o
                    if padded[c] == 0:
                        y, x = divmod(c, width)
                        spots.add((y - PAD) * size + x - PAD)
        order = sorted(spots)
        self.rng.shuffle(order)
        allowed = self.allowed_check(view)
        for p in order:  # shuffled, so the first allowed one is uniform among the allowed
            if allowed(p):
                return p
        return self.fallback(view)


class NormalAI(_Chooser):
    """The source's point-update AI with its replies to the first moves (see the module notes)."""

    def choose(self, view: GomokuState, deadline: float) -> int | str:
        if view.phase:  # an opening rule's step: the shared routine weighs it
            return opening_move(RULES, view, self.rng)
        allowed = self.allowed_check(view)
        reply = self.opening(view)
        if reply is not None and allowed(reply):
            return reply
        scores = point_scores(view)
        ranked = sorted(scores.items(), key=lambda item: -item[1])
        i = 0
        while i < len(ranked):
            best = ranked[i][1]
            j = i
            while j < len(ranked) and ranked[j][1] == best:
                j += 1
            ties = [p for p, _ in ranked[i:j]]
            self.rng.shuffle(ties)
            for p in ties:
                if allowed(p):
                    return p
            i = j
        return self.fallback(view)

    def opening(self, view: GomokuState) -> int | None:
        """The source's replies to the first moves, or None when the point update decides."""
        size, board = view.size, view.board
        mid = size // 2
        stones = [p for p in range(size * size) if board[p]]
        if not stones:
            return _centre(size)
        if view.player == BLACK:
            if len(stones) != 2 or board[_centre(size)] != 1:
                return None
            white = stones[0] if board[stones[0]] == 2 else stones[1]
            dx, dy = white % size - mid, white // size - mid
            if max(abs(dx), abs(dy)) == 1:
                if dx and dy:  # indirect (diagonal): the two points next to both stones
                    options = [(dx, 0), (0, dy)]
                else:  # direct: diagonal to the centre, beside white
                    options = [(dx + n * dy, dy + n * dx) for n in (-1, 1)]
            elif max(abs(dx), abs(dy)) == 2:
                options = [(ox, oy) for ox in (-1, 0, 1) for oy in (-1, 0, 1)
                           if ox * dx + oy * dy > 0 and ox * dy != oy * dx]
            else:
                return None
            ox, oy = self.rng.choice(options)
            return (mid + oy) * size + mid + ox
        if len(stones) != 1:
            return None
        y, x = divmod(stones[0], size)
        if max(abs(x - mid), abs(y - mid)) <= 2:
            if (x, y) == (mid, mid):
                sx, sy = self.rng.choice([(-1, -1), (-1, 1), (1, -1), (1, 1)])
            else:
                sx, sy = _sign(mid - x), _sign(mid - y)
            return (y + sy) * size + x + sx
        sx = _sign(mid - x) if min(x, size - 1 - x) <= 3 else 0
        sy = _sign(mid - y) if min(y, size - 1 - y) <= 3 else 0
        if sx or sy:
            return (y + 3 * sy) * size + x + 3 * sx
        return None
