"""Line patterns for Gomoku's expert, kept up to date stone by stone.

What a stone on an empty point p would make along one direction (a five, a
straight four, a three...) depends only on the eleven points p - 5 .. p + 5
of that line (the same observation the Renju referee rests on, see renju.py).
So every line of the board is one Python int, two bits a point (empty,
black, white, edge) with five points of edge beyond each end, and the key of
p's window is one shift and one mask. A table, filled lazily, maps a key to
the level each colour would reach there (the levels below), both packed in
one small int. A search only ever asks about the points a move can change: when a
stone goes down or comes off, the up to ten empty points on each of its four
lines within five steps are looked up again, and the per-point counters
(fives, fours, threes), the set of points with a threat and the evaluation
follow those changes incrementally. Nothing rescans the board.

Index layout of the points (size 15 shown), as the engine numbers them:

    row 15  210 211 ... 224
    ...
    row 2    15  16 ...  29
    row 1     0   1 ...  14
              a   b ...   o
"""
from __future__ import annotations

import random

from boardhub.games.gomoku.renju import PAD, forbidden_padded, padded_index


# What one stone on an empty point makes along one line, weakest first.
# ONE: room for a five. TWO / OPEN2: one more stone makes a three / an open
# three. THREE: one more stone makes a four; OPEN3: one more makes a straight
# four. FOUR: one point completes a five; DOUBLE4: two separate points do
# (o_ooo_o); OPEN4: a straight four (_oooo_). LONG: six or more in a row where
# only an exact five wins (black under renju, both under standard): no win,
# and forbidden to black under renju.
DEAD, ONE, TWO, OPEN2, THREE, OPEN3, FOUR, DOUBLE4, OPEN4, FIVE, LONG = range(11)
CENTRE = 5
KEY_MASK = (1 << 22) - 1  # eleven points, two bits each
EDGE_CELL = 3
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
_STEP_UP = {FOUR: THREE, DOUBLE4: THREE, OPEN4: OPEN3, THREE: TWO, OPEN3: OPEN2, TWO: ONE, OPEN2: ONE}


# ---------------------------------------------------------------------- one line, analysed
def _run_length(own: int) -> int:
    """Length of the run of own stones through the centre bit."""
    n = 1
    i = CENTRE - 1
    while i >= 0 and own >> i & 1:
        n += 1
        i -= 1
    i = CENTRE + 1
    while i <= 10 and own >> i & 1:
        n += 1
        i += 1
    return n


def _makes_five(own: int, exact: bool) -> bool:
    n = _run_length(own)
    return n == 5 if exact else n >= 5


_levels: dict[tuple[int, int, bool], int] = {}


def _level(own: int, opp: int, exact: bool) -> int:
    """The level of a line (bit masks over the eleven points, the centre own).

    Recursive and memoised: a three is a line that one more stone turns
    into a four, and so on down; the memo keeps the whole build to the few
    thousand windows that games meet.
    """
    key = (own, opp, exact)
    got = _levels.get(key)
    if got is not None:
        return got
    run = _run_length(own)
    if run >= 5:
        level = LONG if exact and run > 5 else FIVE
    else:
        taken = own | opp
        empties = [i for i in range(1, 10) if not taken >> i & 1]
        completing = [i for i in empties if _makes_five(own | 1 << i, exact)]
        if len(completing) >= 2:
            level = OPEN4 if any(j - i == 5 for i in completing for j in completing) else DOUBLE4
        elif completing:
            level = FOUR
        else:
            best = max((_level(own | 1 << i, opp, exact) for i in empties), default=DEAD)
            level = _STEP_UP.get(best, DEAD)
    _levels[key] = level
    return level


def window_level(key: int, stone: int, exact: bool) -> int:
    """The level `stone` (1 black, 2 white) reaches by playing the centre of window `key`.

    `key` holds the eleven points -5..5 of the line, two bits each (0 empty,
    1 black, 2 white, 3 edge), offset -5 lowest; its centre must be empty.
    Only an own stone matters at the two outermost points, and only when
    exactness is asked, so the masks are trimmed before the memo.
    """
    own = opp = 0
    for i in range(11):
        cell = key >> 2 * i & 3
        if cell == stone:
            own |= 1 << i
        elif cell:
            opp |= 1 << i
    ends = 1 | 1 << 10
    opp &= ~ends
    if not exact:
        own &= ~ends
    return _level(own | 1 << CENTRE, opp, exact)


class LineTable(dict):
    """window key -> black's level | white's level << 4, computed on first use."""

    def __init__(self, exact_black: bool, exact_white: bool) -> None:
        super().__init__()
        self.exact = (exact_black, exact_white)

    def __missing__(self, key: int) -> int:
        value = window_level(key, 1, self.exact[0]) | window_level(key, 2, self.exact[1]) << 4
        self[key] = value
        return value


_tables: dict[tuple[bool, bool], LineTable] = {}


def exact_fives(rule: str) -> tuple[bool, bool]:
    """Whether black, and white, win only with an exact five under `rule`."""
    return rule in ("renju", "standard"), rule == "standard"


def line_table(rule: str) -> LineTable:
    """The table shared by every board of a rule set."""
    exact = exact_fives(rule)
    table = _tables.get(exact)
    if table is None:
        table = _tables[exact] = LineTable(*exact)
    return table


# ---------------------------------------------------------------------- per-point counters
# flags[p] packs, for each colour (white 16 bits higher), four 4-bit counters
# over the four directions: fives, fours (a DOUBLE4 counts two), winning fours
# (OPEN4 or DOUBLE4: two completing points) and open threes; then black's
# overlines; then, VALUE_BITS each, the move-ordering worth of p to black and
# to white: ORDER_OWN of what the colour would make there plus ORDER_DENY of
# what it would take from the other.
FIVES, FOURS, WIN4S, THREES = 0, 4, 8, 12
COLOUR_SHIFT = (0, 16)
LONG_SHIFT = 32
VALUE_SHIFT = 36
VALUE_BITS = 20
VALUE_MASK = (1 << VALUE_BITS) - 1
NIBBLE = 15
HOT_MASK = (1 << 32) - 1  # a five, a four or an open three for someone

# How much a level is worth to its colour: ORDER ranks candidate moves (what
# playing there would make), WORTH is the evaluation's share of the same.
ORDER_WEIGHTS = (0, 1, 4, 10, 12, 40, 45, 400, 400, 4000, 0)
ORDER_OWN, ORDER_DENY = 4, 3
WORTH_WEIGHTS = (0, 1, 3, 9, 9, 26, 28, 160, 160, 600, 0)


def _counters(level: int) -> int:
    if level == FIVE:
        return 1 << FIVES
    if level == OPEN4:
        return 1 << FOURS | 1 << WIN4S
    if level == DOUBLE4:
        return 2 << FOURS | 1 << WIN4S
    if level == FOUR:
        return 1 << FOURS
    if level == OPEN3:
        return 1 << THREES
    return 0


def _pack(code: int) -> int:
    """What one direction's packed levels add to a point's flags."""
    black, white = code & 15, code >> 4
    if black > LONG or white > LONG:
        return 0
    return (_counters(black) | _counters(white) << 16 | (black == LONG) << LONG_SHIFT
            | (ORDER_OWN * ORDER_WEIGHTS[black] + ORDER_DENY * ORDER_WEIGHTS[white]) << VALUE_SHIFT
            | (ORDER_OWN * ORDER_WEIGHTS[white] + ORDER_DENY * ORDER_WEIGHTS[black]) << VALUE_SHIFT + VALUE_BITS)


SCORE_SHIFT = 32  # the evaluation sums black's worth and white's worth side by side in one int
SCORE_MASK = (1 << SCORE_SHIFT) - 1


def _worth(code: int) -> int:
    black, white = code & 15, code >> 4
    return WORTH_WEIGHTS[black] | WORTH_WEIGHTS[white] << SCORE_SHIFT if black <= LONG and white <= LONG else 0


# A point where one stone makes two threats at once wins if its owner gets
# to play it: worth more than its four lines added up (black, under renju,
# only the four-three: the others are forbidden).
DOUBLE_FOUR_WORTH, FOUR_THREE_WORTH, DOUBLE_THREE_WORTH = 300, 250, 150
COMBO_MASK = HOT_MASK | NIBBLE << LONG_SHIFT


def double_threat(counters: int, colour: int, renju: bool) -> int:
    """Which double threat `colour` makes with one stone, from a point's flags
    (0 none, else its worth): two fours, a four and an open three, or two open threes."""
    f = counters >> COLOUR_SHIFT[colour]
    fives, fours, win4s, threes = f & NIBBLE, f >> FOURS & NIBBLE, f >> WIN4S & NIBBLE, f >> THREES & NIBBLE
    if fives:
        return 0
    if colour == 0 and renju:
        if counters >> LONG_SHIFT & NIBBLE or fours >= 2 or threes >= 2:
            return 0  # forbidden (or nearly always: the referee has the last word)
        return FOUR_THREE_WORTH if fours and threes else 0
    if win4s or fours >= 2:
        return DOUBLE_FOUR_WORTH
    if fours and threes:
        return FOUR_THREE_WORTH
    return DOUBLE_THREE_WORTH if threes >= 2 else 0


# The evaluation's int also keeps, above the two sums, a census: per colour,
# how many empty points give it a five, a four, a straight or double four,
# a double threat (CENSUS_BITS each), so a search asks "any four for white?"
# without looking at a single point.
CENSUS_SHIFT = 2 * SCORE_SHIFT
CENSUS_BITS = 12
HAS_FIVE, HAS_FOUR, HAS_WIN4, HAS_DOUBLE = range(4)


class ComboTable(dict):
    """a point's flags (COMBO_MASK bits) -> what the point adds to the evaluation's int beyond its
    lines: both colours' double-threat worths and the census. Computed on first use."""

    def __init__(self, renju: bool) -> None:
        super().__init__()
        self.renju = renju

    def __missing__(self, key: int) -> int:
        value = 0
        for colour in (0, 1):
            double = double_threat(key, colour, self.renju)
            f = key >> COLOUR_SHIFT[colour]
            present = (f & NIBBLE, f >> FOURS & NIBBLE, f >> WIN4S & NIBBLE, double)
            value += double << SCORE_SHIFT * colour
            for what, there in enumerate(present):
                if there:
                    value += 1 << CENSUS_SHIFT + CENSUS_BITS * (4 * colour + what)
        self[key] = value
        return value


_combos = (ComboTable(False), ComboTable(True))
_PACKED = [_pack(code) for code in range(256)]
_WORTHS = [_worth(code) for code in range(256)]
# indexed by old code << 8 | new code: one look-up a change instead of two
FLAGS_DELTA = [_PACKED[i & 255] - _PACKED[i >> 8] for i in range(1 << 16)]
SCORE_DELTA = [_WORTHS[i & 255] - _WORTHS[i >> 8] for i in range(1 << 16)]


class Geometry:
    """Lines and neighbourhoods of one board size, computed once per size."""

    _cache: dict[int, "Geometry"] = {}

    def __init__(self, size: int) -> None:
        self.size = size
        n = size * size
        self.line = [0] * (4 * n)  # point * 4 + direction -> line number
        self.shift = [0] * (4 * n)  # -> 2 * position on that line: the window's shift
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
        # point * 4 + direction -> the points up to five (near) or four (near4)
        # steps away on that line: (point, its point * 4 + direction, its shift)
        self.near: list[tuple[tuple[int, int, int], ...]] = []
        self.near4: list[tuple[tuple[int, int, int], ...]] = []
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
                self.near4.append(tuple(t for t in row if max(abs(t[0] % size - x), abs(t[0] // size - y)) <= 4))
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
        self.padded = [padded_index(p, size) for p in range(n)]
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


class Board:
    """A position with its patterns, for one search: play / undo, never copied.

    cells: 0 empty, 1 black, 2 white. pat[p * 4 + d]: the packed levels of
    both colours on empty point p along direction d. flags[p]: the counters
    and move-ordering worths described above. hot: the empty points where
    someone has a five, a four or an open three; near[p]: the stones within
    two steps of p in the eight directions; around: the empty points with
    such a stone, where moves worth searching lie. score: the evaluation's
    sums, black's and white's, and the census, packed (see `worth`, `has`).
    """

    def __init__(self, size: int, rule: str) -> None:
        geo = Geometry.of(size)
        self.geo = geo
        self.size = size
        self.rule = rule
        self.renju = rule == "renju"
        n = size * size
        self.table = line_table(rule)
        self.combos = _combos[self.renju]
        # a stone changes the points five steps away only for a colour that needs an exact five
        self._reach = tuple(geo.near if exact else geo.near4 for exact in exact_fives(rule))
        self.cells = [0] * n
        self.lines = list(geo.empty_lines)
        self.pat = [0] * (4 * n)
        self.flags = [0] * n
        self.hot: set[int] = set()
        self.near = [0] * n
        self.around: set[int] = set()
        self.score = 0
        self.hash = 0
        self.moves: list[int] = []
        width = size + 2 * PAD
        self.padded = bytearray([3]) * (width * width)
        for p in range(n):
            self.padded[geo.padded[p]] = 0
        table, lines, shift, line = self.table, self.lines, geo.shift, geo.line
        for i in range(4 * n):
            code = table[lines[line[i]] >> shift[i] & KEY_MASK]
            self.pat[i] = code
            self.flags[i >> 2] += _PACKED[code]
            self.score += _WORTHS[code]
        self.hot = {p for p in range(n) if self.flags[p] & HOT_MASK}
        self.score += sum(self.combos[f & COMBO_MASK] for f in self.flags)

    # ------------------------------------------------------------------ updates
    def play(self, p: int, colour: int) -> None:
        """Put a stone of `colour` (0 black, 1 white) on the empty point p."""
        stone = colour + 1
        self.cells[p] = stone
        self.padded[self.geo.padded[p]] = stone
        self.hash ^= self.geo.zobrist[colour][p]
        self.moves.append(p)
        near, cells, around = self.near, self.cells, self.around
        around.discard(p)
        for q in self.geo.around[p]:
            near[q] += 1
            if not cells[q]:
                around.add(q)
        self._lines_changed(p, stone, True)

    def undo(self) -> None:
        """Take back the last stone played."""
        p = self.moves.pop()
        stone = self.cells[p]
        self.cells[p] = 0
        self.padded[self.geo.padded[p]] = 0
        self.hash ^= self.geo.zobrist[stone - 1][p]
        near, around = self.near, self.around
        for q in self.geo.around[p]:
            near[q] -= 1
            if not near[q]:
                around.discard(q)
        if near[p]:
            around.add(p)
        self._lines_changed(p, stone, False)

    def rewind(self, stones: int) -> None:
        """Undo back to `stones` stones: how a search interrupted by its clock leaves the board as it found it."""
        while len(self.moves) > stones:
            self.undo()

    def _lines_changed(self, p: int, stone: int, placed: bool) -> None:
        """Flip the stone on p in its four lines, then look its neighbourhood up again.

        This is the search's hot path, hence the local names and the one
        loop written out twice.
        """
        geo = self.geo
        lines, cells, pat, table = self.lines, self.cells, self.pat, self.table
        flags, hot, combos = self.flags, self.hot, self.combos
        reach = self._reach[stone - 1]
        line_of, shift_of = geo.line, geo.shift
        score = self.score
        base = p * 4
        if placed:  # p's own entries go: it is no longer empty
            score -= combos[flags[p] & COMBO_MASK]
            for i in range(base, base + 4):
                old = pat[i]
                pat[i] = 0
                flags[p] -= _PACKED[old]
                score -= _WORTHS[old]
            hot.discard(p)
        for i in range(base, base + 4):
            number = line_of[i]
            line = lines[number] ^ stone << shift_of[i] + 10
            lines[number] = line
            if not placed:
                new = table[line >> shift_of[i] & KEY_MASK]
                pat[i] = new
                f = flags[p] + _PACKED[new]
                flags[p] = f
                score += _WORTHS[new]
                if f & HOT_MASK:
                    hot.add(p)
            for q, qi, sh in reach[i]:
                if cells[q]:
                    continue
                new = table[line >> sh & KEY_MASK]
                old = pat[qi]
                if new != old:
                    pat[qi] = new
                    change = old << 8 | new
                    delta = FLAGS_DELTA[change]
                    f = flags[q] + delta
                    flags[q] = f
                    score += SCORE_DELTA[change]
                    if delta & COMBO_MASK:  # a counter moved, not just the move-ordering worths
                        score += combos[f & COMBO_MASK] - combos[f - delta & COMBO_MASK]
                        if f & HOT_MASK:
                            hot.add(q)
                        else:
                            hot.discard(q)
        if not placed:
            score += combos[flags[p] & COMBO_MASK]
        self.score = score

    # ------------------------------------------------------------------ questions
    def count(self, p: int, colour: int, field: int) -> int:
        """One of p's counters (FIVES, FOURS, WIN4S, THREES) for `colour`."""
        return self.flags[p] >> COLOUR_SHIFT[colour] + field & NIBBLE

    def points(self, colour: int, field: int) -> list[int]:
        """The empty points where `colour` has a non-zero `field` counter, in a fixed order."""
        shift = COLOUR_SHIFT[colour] + field
        flags = self.flags
        found = [q for q in self.hot if flags[q] >> shift & NIBBLE]
        if len(found) > 1:
            found.sort()
        return found

    def three_defences(self, colour: int) -> set[int]:
        """The points that answer `colour`'s open threes: along each line where
        a point would give it a straight (or double) four, every point that
        would give it a four there."""
        pat, cells, near = self.pat, self.cells, self.geo.near
        shift = 4 * colour
        out: set[int] = set()
        for w in self.points(colour, WIN4S):
            base = 4 * w
            for direction in range(4):
                if pat[base + direction] >> shift & 15 in (OPEN4, DOUBLE4):
                    out.add(w)
                    for r, ri, _ in near[base + direction]:
                        if not cells[r] and FOUR <= pat[ri] >> shift & 15 <= OPEN4:
                            out.add(r)
        return out

    def double_threats(self, colour: int) -> list[int]:
        """The points where `colour` would make two threats at once (see `double_threat`)."""
        flags, renju = self.flags, self.renju
        return [q for q in self.hot if double_threat(flags[q], colour, renju)]

    def maybe_forbidden(self, p: int) -> bool:
        """Whether black's stone on p might be forbidden under renju.

        Cheap and never wrong in the safe direction: the shapes counted here
        include every real three, four and overline (a "three" here need not
        check that its completing point is allowed), so False means allowed.
        """
        if not self.renju:
            return False
        f = self.flags[p]
        if f & NIBBLE << FIVES:
            return False
        return bool(f >> LONG_SHIFT & NIBBLE or (f >> FOURS & NIBBLE) >= 2 or (f >> THREES & NIBBLE) >= 2)

    def forbidden(self, p: int) -> bool:
        """Whether black may not play p under renju: the referee's exact answer when in doubt."""
        if not self.maybe_forbidden(p):
            return False
        return forbidden_padded(bytes(self.padded), self.geo.padded[p], self.size) is not None

    def worth(self, colour: int) -> int:
        """What `colour`'s lines are worth: every empty point's levels for it, and its double threats."""
        return self.score >> SCORE_SHIFT * colour & SCORE_MASK

    def has(self, colour: int, what: int) -> int:
        """How many empty points give `colour` a five, a four, a straight or double four, or a
        double threat (HAS_FIVE, HAS_FOUR, HAS_WIN4, HAS_DOUBLE)."""
        return self.score >> CENSUS_SHIFT + CENSUS_BITS * (4 * colour + what) & (1 << CENSUS_BITS) - 1

    def order_value(self, p: int, colour: int) -> int:
        """How promising p is for `colour` to play: its own gain plus a share of what it denies."""
        return self.flags[p] >> VALUE_SHIFT + VALUE_BITS * colour & VALUE_MASK

    def best_points(self, pool, colour: int) -> list[int]:
        """`pool`'s points, the most promising for `colour` first (ties by point, for determinism)."""
        flags = self.flags
        shift = VALUE_SHIFT + VALUE_BITS * colour
        keyed = sorted([(-(flags[q] >> shift & VALUE_MASK), q) for q in pool])
        return [q for _, q in keyed]
