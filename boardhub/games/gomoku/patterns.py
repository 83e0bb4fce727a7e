"""Line patterns for Gomoku's expert: what a stone would make on an empty point, as tables.

What a stone on an empty point p would make along one direction (a five, a
straight four, a three...) depends only on the eleven points p - 5 .. p + 5
of that line (the observation the Renju referee rests on, see renju.py). A
line of the board is one Python int, two bits a point (empty, black, white,
edge), so the key of p's window is one shift and one mask, and a table
filled lazily maps a key to the *level* each colour reaches there (the
levels below), both packed in one byte, the point's *code* for that
direction.

A point's four codes add up to its *flags*: per colour, counters of fives,
fours, straight fours, open threes, closed threes and open twos over the
four directions, the way Rapfi's pattern4 combines a point's patterns. A
second table maps the counters to the point's *class* for each colour (a
five, a four-three, a double three...), which ranks moves, tells the search
where the threats are and feeds the evaluation.

Everything that only depends on a code or on the counters is a table here;
lines.py keeps the codes, flags and sums of one board up to date move by
move, and the evaluation's weights (`Weights`, tuned by self-play in
tuning.py) become tables of their own (`EvalTables`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

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


def _masks(key: int, stone: int, exact: bool) -> tuple[int, int]:
    """(own, other) bit masks of a window, the centre own. Only an own stone matters at the two
    outermost points, and only when exactness is asked, so the masks are trimmed for the memo."""
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
    return own | 1 << CENTRE, opp


def window_level(key: int, stone: int, exact: bool) -> int:
    """The level `stone` (1 black, 2 white) reaches by playing the centre of window `key`.

    `key` holds the eleven points -5..5 of the line, two bits each (0 empty,
    1 black, 2 white, 3 edge), offset -5 lowest; its centre must be empty.
    """
    return _level(*_masks(key, stone, exact), exact)


_completions: dict[int, tuple[int, ...]] = {}


def straight_four_points(key: int) -> tuple[int, ...]:
    """Where black, with a stone on the centre of window `key`, would make a straight four
    through it: the offsets (-3..3) of the points that make black's open three a three.

    Under renju such a three counts only if one of these points is itself
    allowed to black, which the board checks recursively (lines.Board.forbidden).
    """
    got = _completions.get(key)
    if got is None:
        own, opp = _masks(key, 1, True)
        taken = own | opp
        got = tuple(i - CENTRE for i in range(CENTRE - 3, CENTRE + 4)
                    if not taken >> i & 1 and _level(own | 1 << i, opp, True) == OPEN4)
        _completions[key] = got
    return got


class LineTable(dict):
    """window key -> black's level | white's level << 4 (the point's code), computed on first use."""

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


# ---------------------------------------------------------------------- a point's flags
# flags[p] packs, for each colour (white COLOUR_BITS higher), six 4-bit
# counters over the four directions: fives, fours (a DOUBLE4 counts two),
# winning fours (OPEN4 or DOUBLE4: two completing points), open threes,
# closed threes, open twos; then black's overlines; then, VALUE_BITS each,
# the move-ordering worth of p to black and to white: ORDER_OWN of what the
# colour would make there plus ORDER_DENY of what it would take from the other.
FIVES, FOURS, WIN4S, THREES, CLOSED3S, TWOS = 0, 4, 8, 12, 16, 20
COLOUR_BITS = 24
COLOUR_SHIFT = (0, COLOUR_BITS)
LONG_SHIFT = 2 * COLOUR_BITS
VALUE_SHIFT = LONG_SHIFT + 4
VALUE_BITS = 20
VALUE_MASK = (1 << VALUE_BITS) - 1
NIBBLE = 15
COUNTER_MASK = (1 << COLOUR_BITS) - 1
_HOT_ONE = NIBBLE << FIVES | NIBBLE << FOURS | NIBBLE << THREES
HOT_MASK = _HOT_ONE | _HOT_ONE << COLOUR_BITS  # a five, a four or an open three for someone
COMBO_MASK = (1 << VALUE_SHIFT) - 1  # the counters and the overlines: what a point's class depends on

# How much a level is worth to its colour when ranking candidate moves.
ORDER_WEIGHTS = (0, 1, 4, 10, 12, 40, 45, 400, 400, 4000, 0)
ORDER_OWN, ORDER_DENY = 4, 3


def _counters(level: int) -> int:
    return {FIVE: 1 << FIVES, OPEN4: 1 << FOURS | 1 << WIN4S, DOUBLE4: 2 << FOURS | 1 << WIN4S,
            FOUR: 1 << FOURS, OPEN3: 1 << THREES, THREE: 1 << CLOSED3S, OPEN2: 1 << TWOS}.get(level, 0)


def _pack(code: int) -> int:
    """What one direction's code adds to a point's flags."""
    black, white = code & 15, code >> 4
    if black > LONG or white > LONG:
        return 0
    return (_counters(black) | _counters(white) << COLOUR_BITS | (black == LONG) << LONG_SHIFT
            | (ORDER_OWN * ORDER_WEIGHTS[black] + ORDER_DENY * ORDER_WEIGHTS[white]) << VALUE_SHIFT
            | (ORDER_OWN * ORDER_WEIGHTS[white] + ORDER_DENY * ORDER_WEIGHTS[black]) << VALUE_SHIFT + VALUE_BITS)


PACKED = [_pack(code) for code in range(256)]
# indexed by old code << 8 | new code: one look-up a change instead of two
FLAGS_DELTA = [PACKED[i & 255] - PACKED[i >> 8] for i in range(1 << 16)]


# ---------------------------------------------------------------------- a point's class
# What one stone on a point makes for a colour, all four lines together
# (Rapfi's pattern4), weakest first. FLEX4: a straight four, a double four
# or two fours: the five follows. FORBID: black's overline, double four or
# (nearly always, the referee decides) double three under renju.
(C_NONE, C_TWO_TWO, C_THREE, C_THREE_PLUS, C_FOUR, C_FOUR_PLUS, C_THREE_THREE, C_FOUR_THREE, C_FLEX4,
 C_FIVE, C_FORBID) = range(11)
CLASS_NAMES = ("none", "two-two", "three", "three-plus", "four", "four-plus", "three-three", "four-three",
               "flex four", "five", "forbidden")


def point_class(flags: int, colour: int, renju: bool) -> int:
    """The class of a point for `colour` (0 black, 1 white) from its flags."""
    f = flags >> COLOUR_SHIFT[colour]
    fives, fours, win4s = f & NIBBLE, f >> FOURS & NIBBLE, f >> WIN4S & NIBBLE
    threes, closed, twos = f >> THREES & NIBBLE, f >> CLOSED3S & NIBBLE, f >> TWOS & NIBBLE
    if fives:
        return C_FIVE
    if colour == 0 and renju and (flags >> LONG_SHIFT & NIBBLE or fours >= 2 or threes >= 2):
        return C_FORBID
    if win4s or fours >= 2:
        return C_FLEX4
    if fours:
        if threes:
            return C_FOUR_THREE
        return C_FOUR_PLUS if closed or twos else C_FOUR
    if threes >= 2:
        return C_THREE_THREE
    if threes:
        return C_THREE_PLUS if closed or twos else C_THREE
    return C_TWO_TWO if twos >= 2 else C_NONE


class ClassTable(dict):
    """A point's counters (flags & COMBO_MASK) -> black's class | white's class << 4, on first use:
    the second table of the pattern code, after the lines' (Rapfi's pattern4)."""

    def __init__(self, renju: bool) -> None:
        super().__init__()
        self.renju = renju

    def __missing__(self, key: int) -> int:
        value = self[key] = point_class(key, 0, self.renju) | point_class(key, 1, self.renju) << 4
        return value


CLASS_TABLES = (ClassTable(False), ClassTable(True))  # by whether the rule is renju

# How a class ranks a candidate move: what it makes for the side to move, and
# what it takes from the other side (the point the other would play).
CLASS_ORDER_OWN = (0, 60, 0, 120, 0, 150, 1500, 3000, 5000, 20000, 0)
CLASS_ORDER_DENY = (0, 40, 0, 80, 0, 100, 1000, 2000, 3000, 10000, 0)


# ---------------------------------------------------------------------- the evaluation's features
# The evaluation counts, for each colour, its (point, direction) pairs by
# level and its points by class, and weighs them differently for the side to
# move (the "mover") and the other (the "waiter"): an open three is a threat
# for the one who waits and nearly a win for the one to move.
LEVEL_FEATURES = (ONE, TWO, OPEN2, THREE, OPEN3, FOUR, OPEN4)  # OPEN4 stands for DOUBLE4 too
CLASS_FEATURES = (C_TWO_TWO, C_THREE_PLUS, C_FOUR_PLUS, C_THREE_THREE, C_FOUR_THREE, C_FLEX4)
FEATURE_NAMES = tuple(["one", "two", "open two", "three", "open three", "four", "straight four"]
                      + [CLASS_NAMES[c] for c in CLASS_FEATURES])
NUM_FEATURES = len(FEATURE_NAMES)
_LEVEL_INDEX = {level: i for i, level in enumerate(LEVEL_FEATURES)}
_LEVEL_INDEX[DOUBLE4] = _LEVEL_INDEX[OPEN4]
_CLASS_INDEX = {c: len(LEVEL_FEATURES) + i for i, c in enumerate(CLASS_FEATURES)}


def level_feature(level: int) -> int | None:
    """The feature a (point, direction) at `level` counts towards, if any."""
    return _LEVEL_INDEX.get(level)


def class_feature(cls: int) -> int | None:
    """The feature a point of class `cls` counts towards, if any."""
    return _CLASS_INDEX.get(cls)


@dataclass(frozen=True)
class Weights:
    """What each feature is worth, in evaluation units, to the side to move and to the other.

    `tempo` is the side to move's own edge. Integers: the board sums them
    move by move. `source` says where they came from (a file, "hand-set").
    """

    mover: tuple[int, ...]
    waiter: tuple[int, ...]
    tempo: int
    source: str = field(default="hand-set", compare=False)  # the same numbers are the same weights

    def __post_init__(self) -> None:
        if len(self.mover) != NUM_FEATURES or len(self.waiter) != NUM_FEATURES:
            raise ValueError(f"weights need {NUM_FEATURES} values for the mover and for the waiter")


# The starting point of the self-play tuning, and the fallback when no weights file can be read:
# the levels' worths of the hand-made evaluation before tuning, the same for both sides.
HAND_WEIGHTS = Weights(mover=(1, 3, 9, 9, 26, 28, 160, 0, 0, 0, 150, 250, 300),
                       waiter=(1, 3, 9, 9, 26, 28, 160, 0, 0, 0, 150, 250, 300), tempo=20)

# The evaluation's int: four sums side by side (black's features weighed as
# the mover's and as the waiter's, then white's), FIELD_BITS each and kept
# positive by an offset; above them a census: per colour, how many empty
# points give it a five, a four, a straight or double four, a double threat,
# an open three (CENSUS_BITS each), so a search asks "any four for white?"
# without looking at a single point.
FIELD_BITS = 40
FIELD_MASK = (1 << FIELD_BITS) - 1
FIELD_OFFSET = 1 << FIELD_BITS - 2
CENSUS_SHIFT = 4 * FIELD_BITS
CENSUS_BITS = 12
CENSUS_MASK = (1 << CENSUS_BITS) - 1
HAS_FIVE, HAS_FOUR, HAS_WIN4, HAS_DOUBLE, HAS_THREE = range(5)
CENSUS_KINDS = 5
SCORE_START = sum(FIELD_OFFSET << FIELD_BITS * i for i in range(4))  # every sum at zero


def sum_shift(colour: int, role: int) -> int:
    """The shift of the sum of `colour`'s features weighed for `role` (0 mover, 1 waiter)."""
    return FIELD_BITS * (2 * colour + role)


def census_shift(colour: int, kind: int) -> int:
    return CENSUS_SHIFT + CENSUS_BITS * (CENSUS_KINDS * colour + kind)


def is_double(cls: int, colour: int, renju: bool) -> bool:
    """Whether a point of class `cls` gives `colour` two threats at once (black under renju: only
    the four-three, the others being forbidden)."""
    if colour == 0 and renju:
        return cls == C_FOUR_THREE
    return cls in (C_THREE_THREE, C_FOUR_THREE, C_FLEX4)


class EvalTables:
    """One set of weights as tables for the board's incremental sums.

    score_delta[old << 8 | new]: what a direction's code changing from old
    to new adds to the evaluation's int (the level features). combos[renju]:
    a point's counters (flags & COMBO_MASK) -> its class features and its
    census, computed on first use.
    """

    _cache: dict[Weights, "EvalTables"] = {}

    def __init__(self, weights: Weights) -> None:
        self.weights = weights
        worth = [self._code_worth(code) for code in range(256)]
        self.code_worth = worth
        self.score_delta = [worth[i & 255] - worth[i >> 8] for i in range(1 << 16)]
        self.combos = (_ComboTable(self, False), _ComboTable(self, True))

    @classmethod
    def of(cls, weights: Weights) -> "EvalTables":
        tables = cls._cache.get(weights)
        if tables is None:
            tables = cls._cache[weights] = cls(weights)
        return tables

    def _feature_worth(self, colour: int, feature: int) -> int:
        w = self.weights
        return (w.mover[feature] << sum_shift(colour, 0)) + (w.waiter[feature] << sum_shift(colour, 1))

    def _code_worth(self, code: int) -> int:
        value = 0
        for colour, level in enumerate((code & 15, code >> 4)):
            f = level_feature(level) if level <= LONG else None
            if f is not None:
                value += self._feature_worth(colour, f)
        return value

    def combo_value(self, key: int, renju: bool) -> int:
        value = 0
        for colour in (0, 1):
            cls = point_class(key, colour, renju)
            f = class_feature(cls)
            if f is not None and not (colour == 0 and renju and cls == C_FORBID):
                value += self._feature_worth(colour, f)
            c = key >> COLOUR_SHIFT[colour]
            present = (c & NIBBLE, c >> FOURS & NIBBLE, c >> WIN4S & NIBBLE, is_double(cls, colour, renju),
                       c >> THREES & NIBBLE)
            for kind, there in enumerate(present):
                if there:
                    value += 1 << census_shift(colour, kind)
        return value


class _ComboTable(dict):
    def __init__(self, tables: EvalTables, renju: bool) -> None:
        super().__init__()
        self.tables = tables
        self.renju = renju

    def __missing__(self, key: int) -> int:
        value = self[key] = self.tables.combo_value(key, self.renju)
        return value
