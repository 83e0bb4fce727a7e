"""A Gomoku position for the expert's searches, its line patterns kept up to date move by move.

Every line of the board is one Python int, two bits a point, with five
points of edge beyond each end (see patterns.py). When a stone goes down,
its four lines change and only the empty points within five steps along
them can see it: those up to forty look-ups are all a move costs. Each
changed code updates the point's flags (its counters and class, see
patterns.py), the set of points where someone has a threat, and one int
that holds the evaluation's sums and a census of threats. What a move
changed goes on a trail, so taking it back restores the old values without
a single look-up. Nothing rescans the board.

Index layout of the points (size 15 shown), as the engine numbers them:

    row 15  210 211 ... 224
    ...
    row 1     0   1 ...  14
              a   b ...   o
"""
from __future__ import annotations

import random
from typing import Iterable

from boardhub.games.gomoku.patterns import (C_FORBID, CENSUS_KINDS, CENSUS_MASK, CLASS_TABLES, COLOUR_SHIFT,
                                            COMBO_MASK, DIRECTIONS, DOUBLE4, EDGE_CELL, FIELD_BITS, FIELD_MASK,
                                            FIELD_OFFSET, FIVES, FLAGS_DELTA, FOUR, FOURS, HOT_MASK, KEY_MASK,
                                            LONG_SHIFT, NIBBLE, NUM_FEATURES, OPEN3, OPEN4, PACKED, SCORE_START,
                                            THREES, VALUE_BITS, VALUE_MASK, VALUE_SHIFT, WIN4S, EvalTables, Weights,
                                            census_shift, class_feature, is_double, level_feature, line_table,
                                            point_class, straight_four_points)
from boardhub.games.gomoku.weights import default_weights

BLACK, WHITE = 0, 1
_CENSUS_SHIFTS = tuple(tuple(census_shift(colour, kind) for kind in range(CENSUS_KINDS)) for colour in (0, 1))


class Geometry:
    """Lines and neighbourhoods of one board size, computed once per size."""

    _cache: dict[int, "Geometry"] = {}

    def __init__(self, size: int) -> None:
        self.size = size
        n = size * size
        self.line = [0] * (4 * n)  # point * 4 + direction -> line number
        self.shift = [0] * (4 * n)  # -> 2 * position on that line: the window's shift
        self.step = tuple(dy * size + dx for dx, dy in DIRECTIONS)
        lengths: list[int] = []
        starts: dict[tuple[int, int], int] = {}
        for d, (dx, dy) in enumerate(DIRECTIONS):
            for y in range(size):
                for x in range(size):
                    bx, by, pos = x, y, 0
                    while 0 <= bx - dx < size and 0 <= by - dy < size:
                        bx, by, pos = bx - dx, by - dy, pos + 1
                    start = (d, by * size + bx)
                    if start not in starts:
                        starts[start] = len(lengths)
                        length = 0
                        while 0 <= bx + length * dx < size and 0 <= by + length * dy < size:
                            length += 1
                        lengths.append(length)
                    i = (y * size + x) * 4 + d
                    self.line[i] = starts[start]
                    self.shift[i] = 2 * pos
        self.empty_lines = [_edges(length) for length in lengths]
        points: list[list[int]] = [[0] * length for length in lengths]
        for i in range(4 * n):
            points[self.line[i]][self.shift[i] >> 1] = i >> 2
        self.line_points = [tuple(row) for row in points]  # line number -> its points, in order
        # point * 4 + direction -> the points up to five steps away on that line:
        # (point, its point * 4 + direction, its shift)
        self.near: list[tuple[tuple[int, int, int], ...]] = []
        for p in range(n):
            y, x = divmod(p, size)
            for d, (dx, dy) in enumerate(DIRECTIONS):
                row = []
                for k in (-1, 1, -2, 2, -3, 3, -4, 4, -5, 5):
                    qx, qy = x + k * dx, y + k * dy
                    if 0 <= qx < size and 0 <= qy < size:
                        q = qy * size + qx
                        row.append((q, q * 4 + d, self.shift[q * 4 + d]))
                self.near.append(tuple(row))
        # the points that share a line with p within four steps: where a four that follows p's may lie
        self.related: list[frozenset[int]] = []
        for p in range(n):
            x, y = p % size, p // size
            self.related.append(frozenset(q for d in range(4) for q, _, _ in self.near[p * 4 + d]
                                          if max(abs(q % size - x), abs(q // size - y)) <= 4))
        # the eight neighbours and the points two steps away in the eight directions
        self.around: list[tuple[int, ...]] = []
        for p in range(n):
            y, x = divmod(p, size)
            pts = []
            for k in (1, 2):
                for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1)):
                    qx, qy = x + k * dx, y + k * dy
                    if 0 <= qx < size and 0 <= qy < size:
                        pts.append(qy * size + qx)
            self.around.append(tuple(pts))
        zob = random.Random(size * 7919)
        self.zobrist = ([zob.getrandbits(64) for _ in range(n)], [zob.getrandbits(64) for _ in range(n)])

    @classmethod
    def of(cls, size: int) -> "Geometry":
        geo = cls._cache.get(size)
        if geo is None:
            geo = cls._cache[size] = cls(size)
        return geo


def _edges(length: int) -> int:
    """An empty line of `length` points with five points of edge beyond each end."""
    value = 0
    for i in list(range(5)) + list(range(length + 5, length + 10)):
        value |= EDGE_CELL << 2 * i
    return value


class LineDiffs(dict):
    """What a stone changes on its line, for one rule set and one set of weights.

    Key: the line after the stone (a line's int, see patterns.py) << 5 | the
    stone's position on it. Value: (what the changed codes add to the
    evaluation's level sums, ((position, old code, new code, flags delta,
    whether a counter moved), ...) for every point of the line whose code
    changed). A line only changes by the stones on it, so a search meets the
    same few lines again and again: each is worked out once, and a move
    costs four look-ups plus the points that really changed.
    """

    LIMIT = 400_000  # entries before the caches start afresh

    def __init__(self, table: dict[int, int], tables: EvalTables) -> None:
        super().__init__()
        self.table = table
        self.score_delta = tables.score_delta
        self._codes: dict[int, tuple[int, ...]] = {}

    _cache: dict[tuple[int, int], "LineDiffs"] = {}

    @classmethod
    def of(cls, table: dict[int, int], tables: EvalTables) -> "LineDiffs":
        key = (id(table), id(tables))
        diffs = cls._cache.get(key)
        if diffs is None:
            diffs = cls._cache[key] = cls(table, tables)
        return diffs

    def codes(self, line: int) -> tuple[int, ...]:
        """Every point's code along a line, 0 where a stone stands."""
        got = self._codes.get(line)
        if got is None:
            table = self.table
            out = []
            pos = 0
            while True:
                cell = line >> 2 * pos + 10 & 3
                if cell == EDGE_CELL:
                    break
                out.append(0 if cell else table[line >> 2 * pos & KEY_MASK])
                pos += 1
            got = self._codes[line] = tuple(out)
        return got

    def __missing__(self, key: int) -> tuple[int, tuple[tuple[int, int, int, int, bool], ...]]:
        if len(self) > self.LIMIT or len(self._codes) > self.LIMIT:
            self.clear()
            self._codes.clear()
        line, pos = key >> 5, key & 31
        before = self.codes(line & ~(3 << 2 * pos + 10))
        after = self.codes(line)
        changes = tuple((k, old, new, FLAGS_DELTA[old << 8 | new], bool(FLAGS_DELTA[old << 8 | new] & COMBO_MASK))
                        for k, (old, new) in enumerate(zip(before, after)) if old != new)
        value = self[key] = (sum(self.score_delta[old << 8 | new] for _, old, new, _, _ in changes), changes)
        return value


class Board:
    """A position with its patterns, for one search: play / undo, never copied.

    cells: 0 empty, 1 black, 2 white. pat[p * 4 + d]: the code (both
    colours' levels) of empty point p along direction d. flags[p]: its
    counters and move-ordering worths (patterns.py). hot: the empty points
    where someone has a five, a four or an open three; around: the empty
    points within two steps of a stone in the eight directions, where moves
    worth searching lie. score: the evaluation's sums and the census (see
    `sums`, `has`).
    """

    def __init__(self, size: int, rule: str, weights: Weights | None = None) -> None:
        geo = Geometry.of(size)
        self.geo = geo
        self.size = size
        self.rule = rule
        self.renju = rule == "renju"
        n = size * size
        self.table = line_table(rule)
        self.eval = EvalTables.of(weights or default_weights())
        self.combos = self.eval.combos[self.renju]
        self.classes = CLASS_TABLES[self.renju]
        self.tempo = self.eval.weights.tempo
        self.cells = [0] * n
        self.lines = list(geo.empty_lines)
        self.pat = [0] * (4 * n)
        self.flags = [0] * n
        self.around: set[int] = set()
        self.hash = 0
        self.moves: list[int] = []
        self._trail: list[tuple[list, int, list[int], list[int] | None]] = []
        table, lines, shift, line = self.table, self.lines, geo.shift, geo.line
        worth = self.eval.code_worth
        score = SCORE_START
        for i in range(4 * n):
            code = table[lines[line[i]] >> shift[i] & KEY_MASK]
            self.pat[i] = code
            self.flags[i >> 2] += PACKED[code]
            score += worth[code]
        self.hot = {p for p in range(n) if self.flags[p] & HOT_MASK}
        self.score = score + sum(self.combos[f & COMBO_MASK] for f in self.flags)
        self._fast = (self.cells, self.pat, self.flags, lines, self.combos, line, shift, geo.zobrist,
                      geo.around, geo.line_points, LineDiffs.of(table, self.eval))

    @classmethod
    def from_cells(cls, size: int, rule: str, cells: Iterable[int], weights: Weights | None = None) -> "Board":
        """A board holding `cells` (0 empty, 1 black, 2 white, point by point)."""
        board = cls(size, rule, weights)
        for p, stone in enumerate(cells):
            if stone:
                board.play(p, stone - 1)
        return board

    # ------------------------------------------------------------------ updates
    def play(self, p: int, colour: int, near: bool = True) -> None:
        """Put a stone of `colour` (0 black, 1 white) on the empty point p.

        The search's hot path, hence the local names. The trail keeps each
        line's changes (`LineDiffs`), whose old codes and flags deltas are
        all `undo` needs, the points that came into the hot set or left it,
        the old score and the points that came into `around` or left it. The
        threat searches, which never ask for `around`, pass near=False and
        leave it as it was (until the stone is taken back).
        """
        cells, pat, flags, lines, combos, line_of, shift_of, zobrist, neighbours, line_points, diffs = self._fast
        hot = self.hot
        done = []
        flips: list[int] = []  # the points that came into the hot set or left it
        stone = colour + 1
        cells[p] = stone
        if near:  # the trail keeps what the neighbourhood gained, not a copy of it
            around = self.around
            added = [q for q in neighbours[p] if not cells[q] and q not in around]
            around.update(added)
            if p in around:
                around.discard(p)
                added.append(~p)  # p itself left it: a negative entry puts it back
            self._trail.append((done, self.score, flips, added))
        else:
            self._trail.append((done, self.score, flips, None))
        self.hash ^= zobrist[colour][p]
        self.moves.append(p)
        score = self.score
        for d in range(4):
            i = p << 2 | d
            number = line_of[i]
            sh = shift_of[i]
            line = lines[number] ^ stone << sh + 10
            lines[number] = line
            level, changes = diffs[line << 5 | sh >> 1]
            score += level
            points = line_points[number]
            done.append((d, points, changes))
            for pos, _, new, delta, moved in changes:  # p's own code goes too: it is no longer empty
                q = points[pos]
                pat[q << 2 | d] = new
                f = flags[q]
                nf = flags[q] = f + delta
                if moved:  # a counter moved, not just the move-ordering worths
                    score += combos[nf & COMBO_MASK] - combos[f & COMBO_MASK]
                    if nf & HOT_MASK:
                        if not f & HOT_MASK:
                            hot.add(q)
                            flips.append(q)
                    elif f & HOT_MASK:
                        hot.discard(q)
                        flips.append(q)
        self.score = score

    def undo(self) -> None:
        """Take back the last stone played."""
        p = self.moves.pop()
        stone = self.cells[p]
        self.cells[p] = 0
        self.hash ^= self._fast[7][stone - 1][p]
        done, self.score, flips, added = self._trail.pop()
        if added:
            around = self.around
            for q in added:
                if q < 0:
                    around.add(~q)
                else:
                    around.discard(q)
        pat, flags, hot = self.pat, self.flags, self.hot
        for d, points, changes in done:
            for pos, old, _, delta, _ in changes:
                q = points[pos]
                pat[q << 2 | d] = old
                flags[q] -= delta
        for q in flips:
            if q in hot:
                hot.remove(q)
            else:
                hot.add(q)
        lines, line_of, shift_of = self.lines, self.geo.line, self.geo.shift
        for i in range(p * 4, p * 4 + 4):
            lines[line_of[i]] ^= stone << shift_of[i] + 10

    def rewind(self, stones: int) -> None:
        """Undo back to `stones` stones: how a search interrupted by its clock leaves the board as it found it."""
        while len(self.moves) > stones:
            self.undo()

    # ------------------------------------------------------------------ questions
    def count(self, p: int, colour: int, field_shift: int) -> int:
        """One of p's counters (FIVES, FOURS, WIN4S, THREES, CLOSED3S, TWOS) for `colour`."""
        return self.flags[p] >> COLOUR_SHIFT[colour] + field_shift & NIBBLE

    def points(self, colour: int, field_shift: int) -> list[int]:
        """The empty points where `colour` has a non-zero FIVES, FOURS, WIN4S or THREES counter,
        in a fixed order."""
        shift = COLOUR_SHIFT[colour] + field_shift
        flags = self.flags
        found = [q for q in self.hot if flags[q] >> shift & NIBBLE]
        if len(found) > 1:
            found.sort()
        return found

    def has(self, colour: int, kind: int) -> int:
        """How many empty points give `colour` a five, a four, a straight or double four, a double
        threat or an open three (HAS_FIVE, HAS_FOUR, HAS_WIN4, HAS_DOUBLE, HAS_THREE)."""
        return self.score >> _CENSUS_SHIFTS[colour][kind] & CENSUS_MASK

    def sums(self, colour: int) -> tuple[int, int]:
        """`colour`'s features weighed as the side to move's and as the other's."""
        s = self.score
        return ((s >> FIELD_BITS * 2 * colour & FIELD_MASK) - FIELD_OFFSET,
                (s >> FIELD_BITS * (2 * colour + 1) & FIELD_MASK) - FIELD_OFFSET)

    def evaluate(self, side: int) -> int:
        """The static evaluation for `side` to move: its features as the mover's less the other's
        as the waiter's, plus the tempo."""
        s = self.score
        other = 1 - side
        return ((s >> FIELD_BITS * 2 * side & FIELD_MASK) - (s >> FIELD_BITS * (2 * other + 1) & FIELD_MASK)
                + self.tempo)

    def point_class(self, p: int, colour: int) -> int:
        """p's class for `colour` (patterns.C_*)."""
        return self.classes[self.flags[p] & COMBO_MASK] >> 4 * colour & 15

    def three_defences(self, colour: int) -> set[int]:
        """The points that may answer `colour`'s open threes: along each line where a point would
        give it a straight (or double) four, that point and every point that would give it a four
        there. A superset of the real answers; which ones hold is the searches' question."""
        pat, cells, near = self.pat, self.cells, self.geo.near
        shift = 4 * colour
        out: set[int] = set()
        for w in self.points(colour, WIN4S):
            base = 4 * w
            for direction in range(4):
                if pat[base + direction] >> shift & 15 in (DOUBLE4, OPEN4):
                    out.add(w)
                    for r, ri, _ in near[base + direction]:
                        if not cells[r] and FOUR <= pat[ri] >> shift & 15 <= OPEN4:
                            out.add(r)
        return out

    def double_threats(self, colour: int) -> list[int]:
        """The points where `colour` would make two threats at once (see patterns.is_double)."""
        flags, renju, classes, shift = self.flags, self.renju, self.classes, 4 * colour
        return [q for q in self.hot if is_double(classes[flags[q] & COMBO_MASK] >> shift & 15, colour, renju)]

    def maybe_forbidden(self, p: int) -> bool:
        """Whether black's stone on p might be forbidden under renju.

        Cheap and never wrong in the safe direction: the shapes counted here
        include every real three, four and overline (a "three" here need not
        have an allowed completing point), so False means allowed.
        """
        if not self.renju:
            return False
        f = self.flags[p]
        if f & NIBBLE << FIVES:
            return False
        return bool(f >> LONG_SHIFT & NIBBLE or (f >> FOURS & NIBBLE) >= 2 or (f >> THREES & NIBBLE) >= 2)

    def forbidden(self, p: int) -> bool:
        """Whether black may not play the empty point p under renju: the Renju rule, exactly.

        From the codes: a five is allowed; an overline or two fours are
        forbidden; two open threes are forbidden only if each has a point
        that makes it a straight four and is itself allowed to black, which
        is checked recursively with the stone on p, as the referee does.
        """
        if not self.maybe_forbidden(p):
            return False
        f = self.flags[p]
        if f >> LONG_SHIFT & NIBBLE or (f >> FOURS & NIBBLE) >= 2:
            return True
        geo = self.geo
        lines, line_of, shift_of, pat = self.lines, geo.line, geo.shift, self.pat
        threes = []
        for d in range(4):
            i = p * 4 + d
            if pat[i] & 15 == OPEN3:
                threes.append((geo.step[d], straight_four_points(lines[line_of[i]] >> shift_of[i] & KEY_MASK)))
        self.play(p, BLACK, near=False)
        real = 0
        try:
            for step, offsets in threes:
                if any(not self.forbidden(p + k * step) for k in offsets):
                    real += 1
                    if real == 2:
                        return True
            return False
        finally:
            self.undo()

    def order_value(self, p: int, colour: int) -> int:
        """How promising p is for `colour` to play: its own gain plus a share of what it denies."""
        return self.flags[p] >> VALUE_SHIFT + VALUE_BITS * colour & VALUE_MASK

    def best_points(self, pool: Iterable[int], colour: int) -> list[int]:
        """`pool`'s points, the most promising for `colour` first (ties by point, for determinism)."""
        flags = self.flags
        shift = VALUE_SHIFT + VALUE_BITS * colour
        keyed = sorted([(-(flags[q] >> shift & VALUE_MASK), q) for q in pool])
        return [q for _, q in keyed]

    def features(self, colour: int) -> list[int]:
        """`colour`'s evaluation features, counted afresh (for tuning, never in a search):
        its (point, direction) pairs by level and its points by class (patterns.FEATURE_NAMES)."""
        counts = [0] * NUM_FEATURES
        shift = 4 * colour
        for p in range(len(self.cells)):
            if self.cells[p]:
                continue
            for i in range(4 * p, 4 * p + 4):
                f = level_feature(self.pat[i] >> shift & 15)
                if f is not None:
                    counts[f] += 1
            cls = point_class(self.flags[p], colour, self.renju)
            f = class_feature(cls)
            if f is not None and not (colour == BLACK and self.renju and cls == C_FORBID):
                counts[f] += 1
        return counts

