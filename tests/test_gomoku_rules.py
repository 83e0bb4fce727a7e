"""Gomoku rules: the Renju referee, wins under each rule set, notation and records.

Positions are drawn as diagrams, top row first: X black, O white, . empty,
* the point black is about to play, # a point expected to be forbidden.
"""
import random

import pytest
from hypothesis import given, settings, strategies as st

from boardhub.core.rules import IllegalMove
from boardhub.games.gomoku.engine import GomokuRules, GomokuState, parse_point, point_name
from boardhub.games.gomoku.records import from_psq, parse_record, record_text, to_psq
from boardhub.games.gomoku.renju import EDGE, Shape, forbidden, forbidden_points, window_shape

RULES = GomokuRules()


def position(diagram: str, size: int = 15, at: tuple[int, int] | None = None):
    """The board of a diagram placed with its bottom-left corner at `at` (centred if None),
    the * point (or None) and the set of # points."""
    rows = [line.split() for line in diagram.strip().splitlines()]
    h, w = len(rows), len(rows[0])
    x0, y0 = at if at is not None else ((size - w) // 2, (size - h) // 2)
    board = bytearray(size * size)
    star, marked = None, set()
    for r, row in enumerate(rows):
        assert len(row) == w, diagram
        for c, ch in enumerate(row):
            p = (y0 + h - 1 - r) * size + x0 + c
            if ch == "X":
                board[p] = 1
            elif ch == "O":
                board[p] = 2
            elif ch == "*":
                assert star is None, "one * a diagram"
                star = p
            elif ch == "#":
                marked.add(p)
            else:
                assert ch == ".", ch
    return bytes(board), star, marked


def black_to_move(board: bytes, size: int, rule: str = "renju", **kw) -> GomokuState:
    return GomokuState(size, rule, board, 0, **kw)


# (what it shows, diagram, verdict for black at *, board size, bottom-left corner or None to centre)
VERDICTS = [
    ("plain 3-3", """
        . . X . .
        . . X . .
        . . * X X
        . . . . .
        """, "double three", 15, None),
    ("split 3-3", """
        . . X . .
        . . X . .
        . . . . .
        X . * X .
        """, "double three", 15, None),
    ("split 3-3 on the diagonals", """
        . . . . . . .
        . X . . . X .
        . . . . . . .
        . . . * . . .
        . . X . X . .
        . . . . . . .
        """, "double three", 15, None),
    ("4-4 of two closed fours", """
        O . . . . .
        . X . . . .
        . . X . . .
        . . . X . .
        O X X X * .
        . . . . . .
        """, "double four", 15, None),
    ("4-4 in one line: o_ooo_o", """
        X . X * X . X
        """, "double four", 15, None),
    ("4-4 in one line: oo_oo_oo, from the middle", """
        X X . * X . X X
        """, "double four", 15, None),
    ("4-4 in one line: oo_oo_oo, the other middle stone", """
        X X . X * . X X
        """, "double four", 19, None),
    ("4-3 is allowed", """
        . . . . X .
        . . . . X .
        O X X X * .
        . . . . . .
        """, None, 15, None),
    ("an open four with a three is allowed", """
        . . . . . X .
        . . . . . X .
        . . X X X * .
        . . . . . . .
        """, None, 19, None),
    ("five beats 4-4", """
        . . . X . . X
        . . . X . X .
        . . . X X . .
        . X X * X X .
        """, None, 15, None),
    ("the same 4-4 without the five", """
        . . . X . . X
        . . . X . X .
        . . . X X . .
        . X . * . X .
        """, "double four", 15, None),
    ("five beats an overline", """
        . . . X . .
        . . . X . .
        . X X * X X
        . . . X . .
        . . . X . .
        . . . X . .
        """, None, 19, None),
    ("overline", """
        X X X * X X
        """, "overline", 15, None),
    ("overline of seven", """
        X X X * X X X
        """, "overline", 19, None),
    ("fake three: its only completing point is an overline", """
        . . . . . X .
        . . . X . X .
        . . . X . X .
        O . X * X . .
        . . . . . X .
        . . . . . X .
        """, None, 15, None),
    ("the same threes with the completing point free", """
        . . . . . . .
        . . . X . . .
        . . . X . . .
        O . X * X . .
        . . . . . . .
        . . . . . . .
        """, "double three", 15, None),
    ("fake three: its only completing point is a 4-4", """
        . . . . . O . . . O
        . . . . . X . . X .
        . . . X . X . X . .
        . . . X . X X . . .
        O . X * X . . . . .
        . . . . . . . . . .
        """, None, 15, None),
    ("fake three: a straight four would be an overline either way", """
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        X . . X * X . . X
        . . . . . . . . .
        """, None, 15, None),
    ("blocked three and a three", """
        . . . X .
        . . . X .
        O X X * .
        . . . . .
        """, None, 15, None),
    ("three against the edge is no three (19 x 19, left edge)", """
        . . X .
        . . X .
        X X * .
        . . . .
        """, None, 19, (0, 8)),
    ("three one point from the edge is a three (15 x 15, right edge)", """
        X . . .
        X . . .
        * X X .
        . . . .
        """, "double three", 15, (11, 6)),
    ("4-4 in the corner, both fours closed by the edge (15 x 15)", """
        . . . X .
        . . . X .
        . . . X .
        X X X * .
        """, "double four", 15, (0, 0)),
    ("overline at the edge (19 x 19, top right)", """
        X
        X
        *
        X
        X
        X
        .
        """, "overline", 19, (18, 12)),
    ("five along the edge beats 4-4 (19 x 19, corner)", """
        . . . . . . . . .
        . . . . X . . X .
        . . . . X . X . .
        . . . . X X . . .
        X X X X * . . . .
        """, None, 19, (0, 0)),
]

# Published positions with their verdicts, from the test suite of the Renju
# engine realcore (github.com/starpentagon/realcore), redrawn on 15 x 15 at
# their place on the board: exactly the # points are forbidden for black.
PUBLISHED = [
    ('overline', 5, 5, """
        . . . . . . . . .
        . . O O . . . . .
        . O X X X # X X .
        . . O O . . . . .
        . . . . . . . . .
        """),
    ('4-4 in one line, o_ooo_o', 5, 5, """
        . . . . . . . . . .
        . . . O . . . . . .
        . O X . # X X . X O
        . . . . . O . . . .
        . . . . . . . . . .
        """),
    ('4-4 in one line, o_ooo_o, up to the top edge', 5, 5, """
        . . O . .
        . . X . .
        . . . . .
        . . X . .
        . O # O .
        . . X . .
        . . . . .
        . . X . .
        . . O . .
        . . . . .
        """),
    ('4-4 in one line, o_ooo_o from its end', 5, 5, """
        . . . . . . . . . .
        . . . . O . . . . .
        . O X . X X # . X O
        . . . . . . O . . .
        . . . . . . . . . .
        """),
    ('4-4 in one diagonal, oo_o_oo', 5, 5, """
        . . . . . . . . . X
        . . . . . . . . X .
        . . . . . . . . . .
        . . . . . . X . . .
        . . . . . # . . . .
        . . O . . . . . . .
        . O . X . . . . . .
        . . X . O . . . . .
        . O . O . . . . . .
        . . . . . . . . . .
        """),
    ('4-4 in one diagonal, oo_o_oo, the other gap', 5, 5, """
        . . . . . . . . . X
        . . . . . . . . X .
        . . . . . . . . . .
        . . . . . . # . . .
        . . . . . X . . . .
        . . O . . . . . . .
        . O . X . . . . . .
        . . X . O . . . . .
        . O . O . . . . . .
        . . . . . . . . . .
        """),
    ('4-4 of two diagonals, one from the corner', 0, 3, """
        O O . . . . . . . . . .
        O X . . . . . . . . . .
        . . X . . . . . . . . .
        . . . X . . . . . . . .
        . . . . . . . . . . . .
        . . . . . # . . . . . .
        . . . . . . . . . . . .
        . . . . . . . X . . . .
        . . . . . . . . X . O .
        . . . . . . . . . X . .
        . . . . . . . . O . O .
        . . . . . . . . . . . .
        """),
    ('4-4 of two closed fours', 5, 3, """
        . . . . . . . .
        . . . . O O . .
        . . . O X . . .
        . . . X . . . .
        . . X . . . . .
        . # . . . . . .
        . . X . . . . .
        . . . X . O . .
        . . . . X . O .
        . . . . . O . .
        . . . . . . . .
        """),
    ('4-4 of two straight fours', 0, 2, """
        . . . . . . . . . . . . .
        . . . O . . . . . . . O .
        . . . . . . . . . . . . .
        . . . . . X . . . . . . .
        . O . X X X # . . . . . .
        . . . . . . . X . . . . .
        . . . . . . . . X . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . O . .
        . . . O . . . . . . . O .
        . . . . . . . . . . . . .
        """),
    ('4-4 of a straight four and a four', 0, 2, """
        . . . . . . . . . . . . .
        . . . O . . . . . . . O .
        . . . . . . . . . . . . .
        . . . . . X . . . . . . .
        . O . X X X # . . . . . .
        . . . . . . . X . . . . .
        . . . . . . . . X . . . .
        . . . . . . . . . O . . .
        . . . . . . . . . . O . .
        . . . O . . . . . . . . .
        . . . . . . . . . . . . .
        """),
    ('4-4 in a crowded board', 3, 0, """
        . . . . . . . . . . . .
        . . O . . X . . . . . .
        . X . X O O O X O . . .
        . . O O X X X O . . . .
        . . . O X . X . . . . .
        . . . X O O O X . . . .
        . . O . O X X O O O X O
        . . . X . O . X . . X .
        . . . . . . O X X X X O
        . . . . . . . O X . . .
        . . . . . . . . . . # .
        . . . . . . . . . . . .
        """),
    ('4-4 in a crowded board near the edge', 4, 0, """
        . . . . . . . . . .
        . . . . . . O . . .
        . . . . . X . . . .
        . . . X X O X . . .
        . . . . O O X O . .
        . . . X O O X O . .
        . . . O O X O X . .
        . O O . O X . O . .
        . X X O X X X O X .
        . . . X X X O . . .
        . . . O X O . . . .
        . # . X X X . . . .
        . . O . O . O . . .
        """),
    ('an open three: making a straight four is allowed', 2, 2, """
        . . . . . . . . . . .
        . O . . . . . . . O .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . X X X . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . O . . . . . . . . .
        . . . . . . . . . . .
        """),
    ('3-3', 4, 5, """
        . . . . . . . .
        . O O O # . . .
        . . O X . X . .
        . . X . . . X .
        . . . . . . . .
        """),
    ('fake 3-3: a three whose completing point is a real 3-3', 2, 2, """
        . . . . . . . . . . .
        . O . . . O . . . O .
        . . . . . . . . . . .
        . . . . . . . . . X .
        . . . . . . . . X . .
        . . . . X X . # . . .
        . . . . . . . X . . .
        . . . . . . . X . . .
        . . . . . . . . . . .
        . O . . . O . . . O .
        . . . . . . . . . . .
        """),
    ('3-3 needing recursion, at the edge', 0, 0, """
        . . . . . . . . . . . . . . O
        . . . . . . . . . . . . . . .
        . . O . . . . O . . . O . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . .
        O . X # . . . X . . . . . . .
        . . X X . . . . . . . . . . .
        . X # X # . . . . . . . . . .
        . . # # # . X . . . . . . . .
        . . . # X # . . . . . . . . .
        . . . . X X . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O . O . . . . O . . O
        """),
    ('fake threes everywhere: nothing is forbidden', 0, 0, """
        . . . . . . . . . . . . . . O
        . . . . . . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . O . X . X . O . X X . . O .
        . . . . X . . . . . . X . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . .
        . . X . . . X X . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . .
        . O . . . . . . . . . . . . .
        O . O . O . O . O . O . O . .
        """),
]


@pytest.mark.parametrize("name, diagram, verdict, size, at", VERDICTS, ids=[v[0] for v in VERDICTS])
def test_forbidden_verdicts(name, diagram, verdict, size, at):
    board, star, _ = position(diagram, size, at)
    assert forbidden(board, size, star) == verdict
    banned = forbidden_points(black_to_move(board, size))
    assert banned.get(star) == verdict


@pytest.mark.parametrize("name, why", [
    ("fake three: its only completing point is an overline", "overline"),
    ("fake three: its only completing point is a 4-4", "double four"),
])
def test_fake_threes_fail_at_their_completing_point(name, why):
    """The horizontal three's only straight-four point is two to the right of *,
    and with * played that point is forbidden: so the three is no three."""
    diagram = next(v[1] for v in VERDICTS if v[0] == name)
    board, star, _ = position(diagram)
    placed = board[:star] + b"\x01" + board[star + 1:]
    assert forbidden(placed, 15, star + 2) == why


@pytest.mark.parametrize("name, x0, y0, diagram", PUBLISHED, ids=[p[0] for p in PUBLISHED])
def test_published_positions(name, x0, y0, diagram):
    board, _, marked = position(diagram, 15, (x0, y0))
    assert set(forbidden_points(black_to_move(board, 15))) == marked


def test_white_and_other_rule_sets_have_no_forbidden_points():
    board, star, _ = position(VERDICTS[0][1])
    assert forbidden_points(GomokuState(15, "renju", board, 1)) == {}
    assert forbidden_points(black_to_move(board, 15, "freestyle")) == {}
    assert forbidden_points(black_to_move(board, 15, "standard")) == {}


def _window(text: str) -> bytes:
    return bytes({".": 0, "X": 1, "O": 2, "|": EDGE, "*": 0}[ch] for ch in text.split())


@pytest.mark.parametrize("line, shape", [
    (". . . . X * X . . . .", Shape(False, False, 0, (-2, 2))),  # an open three: either side makes _oooo_
    (". . . O X * X . . . .", Shape(False, False, 0, ())),  # blocked: no straight four
    (". . . | X * X . . . .", Shape(False, False, 0, ())),  # the edge blocks like white
    (". . . X . * X X . . .", Shape(False, False, 1, ())),  # a split four
    (". . . . . * X X X . .", Shape(False, False, 1, ())),  # a straight four counts once
    (". X . X X * . X . . .", Shape(False, False, 2, ())),  # o_ooo_o: two fours in one line
    (". . X X X * X . . . .", Shape(True, False, 0, ())),
    (". . X X X * X X . . .", Shape(False, True, 0, ())),
    (". X . . X * X . . X .", Shape(False, False, 0, ())),  # each straight four would be six
])
def test_window_shapes(line, shape):
    assert window_shape(_window(line)) == shape


def test_forbidden_needs_an_empty_point():
    board, star, _ = position("X *")
    with pytest.raises(ValueError):
        forbidden(board, 15, star - 1)


# ------------------------------------------------ an independent referee, for cross-checks
def _line(size, p, dx, dy):
    """The points of the whole board line through p, in order, and p's index in it."""
    x, y = p % size, p // size
    while 0 <= x - dx < size and 0 <= y - dy < size:
        x, y = x - dx, y - dy
    pts = []
    while 0 <= x < size and 0 <= y < size:
        pts.append(y * size + x)
        x, y = x + dx, y + dy
    return pts


def _run(b, pts, i):
    lo = hi = i
    while lo > 0 and b[pts[lo - 1]] == 1:
        lo -= 1
    while hi < len(pts) - 1 and b[pts[hi + 1]] == 1:
        hi += 1
    return lo, hi


def plain_referee(board, size, p):
    """The Renju definitions written out directly on whole lines, with no windows and no caches."""
    b = list(board)
    b[p] = 1
    lines = [_line(size, p, dx, dy) for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1))]
    lengths = []
    for pts in lines:
        lo, hi = _run(b, pts, pts.index(p))
        lengths.append(hi - lo + 1)
    if 5 in lengths:
        return None
    if max(lengths) > 5:
        return "overline"
    fours, threes = 0, 0
    for pts in lines:
        i = pts.index(p)
        made = set()
        for j, q in enumerate(pts):
            if b[q] == 0:
                b[q] = 1
                lo, hi = _run(b, pts, j)
                if hi - lo == 4 and lo <= i <= hi:
                    made.add(frozenset(pts[lo:hi + 1]) - {q})
                b[q] = 0
        if made:
            fours += len(made)
            continue
        for j, q in enumerate(pts):
            if b[q] != 0:
                continue
            b[q] = 1
            lo, hi = _run(b, pts, j)
            straight = False
            if hi - lo == 3 and lo <= i <= hi and lo > 0 and hi < len(pts) - 1:
                ends = (pts[lo - 1], pts[hi + 1])
                if all(b[e] == 0 for e in ends):
                    straight = True
                    for e, k in zip(ends, (lo - 1, hi + 1)):
                        b[e] = 1
                        l2, h2 = _run(b, pts, k)
                        b[e] = 0
                        straight = straight and h2 - l2 == 4
            b[q] = 0
            if straight:
                with_p = bytes(b)
                if plain_referee(with_p, size, q) is None:
                    threes += 1
                    break
    if fours >= 2:
        return "double four"
    if threes >= 2:
        return "double three"
    return None


@st.composite
def crowded_positions(draw):
    """A 15 x 15 board with a 7 x 7 patch about half full, where threes and fours abound."""
    size = 15
    x0 = draw(st.integers(0, size - 7))
    y0 = draw(st.integers(0, size - 7))
    cells = draw(st.lists(st.sampled_from((0, 0, 1, 1, 2)), min_size=49, max_size=49))
    board = bytearray(size * size)
    for k, v in enumerate(cells):
        board[(y0 + k // 7) * size + x0 + k % 7] = v
    return bytes(board)


@settings(max_examples=60, deadline=None)
@given(board=crowded_positions())
def test_referee_agrees_with_the_plain_definitions(board):
    size = 15
    expected = {p: why for p in range(size * size) if board[p] == 0
                and (why := plain_referee(board, size, p)) is not None}
    assert forbidden_points(black_to_move(board, size)) == expected


# ------------------------------------------------------------------ playing
def play(texts: str, **options) -> GomokuState:
    state = RULES.new_game(options)
    for t in texts.split():
        state = RULES.apply(state, parse_point(t, state.size))
    return state


def test_new_game_and_options():
    state = RULES.new_game({})
    assert (state.size, state.rule, state.player, state.forbidden_loses) == (19, "renju", 0, False)
    assert state.board == bytes(361) and RULES.to_move(state) == 0 and not RULES.is_over(state)
    assert RULES.new_game({"size": 15}).board == bytes(225)
    assert [o.key for o in GomokuRules.options] == ["size", "rule", "forbidden_loses", "opening", "renju_opening"]
    assert GomokuRules.options[2].label_of(True) == "Lose"
    for bad in ({"size": 17}, {"rule": "caro"}, {"forbidden_loses": "yes"}):
        with pytest.raises(ValueError):
            RULES.new_game(bad)


def test_black_exact_five_wins_under_renju():
    state = play("h8 a1 i8 a2 j8 a3 k8 a4 l8")
    assert (state.winner, state.reason) == (0, "five")
    assert [point_name(p) for p in state.win_line] == ["h8", "i8", "j8", "k8", "l8"]
    assert RULES.outcome(state).detail == "Black made five"
    assert RULES.legal_moves(state) == []
    with pytest.raises(IllegalMove, match="over"):
        RULES.apply(state, parse_point("m8"))


def test_white_overline_wins_under_renju():
    state = play("a1 h8 a3 i8 a5 j8 a7 l8 a9 m8 a11 k8")
    assert (state.winner, state.reason) == (1, "five")
    assert len(state.win_line) == 6
    assert RULES.outcome(state).detail == "White made 6 in a row"


def test_white_may_play_a_double_three():
    state = play("a1 g8 a3 h8 a5 j9 a7 j10 a9")  # white: g8 h8 and j9 j10
    after = RULES.apply(state, parse_point("j8"))
    assert after.board[parse_point("j8")] == 2 and after.reason == ""


def test_black_forbidden_move_is_refused_with_the_reason():
    state = play("g8 a1 h8 a3 j9 a5 j10 a7")
    j8 = parse_point("j8")
    assert forbidden_points(state) == {j8: "double three"}
    assert j8 not in RULES.legal_moves(state)
    with pytest.raises(IllegalMove) as err:
        RULES.apply(state, j8)
    assert str(err.value) == "j8 is forbidden for black: double three"
    assert state.board[j8] == 0 and state.player == 0


def test_forbidden_move_loses_when_the_option_is_on():
    state = play("h8 a1 j8 a3 l8 a5 n8 a7", forbidden_loses=True)
    k8 = parse_point("k8")
    assert forbidden_points(state) == {k8: "double four"}
    after = RULES.apply(state, k8)
    assert (after.winner, after.reason, after.board[k8]) == (1, "forbidden", 1)
    out = RULES.outcome(after)
    assert (out.winner, out.reason, out.detail) == (1, "forbidden", "Black played a forbidden double four at k8")


def test_black_overline_under_each_rule_set():
    moves = "a1 h8 a3 i8 a5 j8 a7 l8 a9 m8 a11"
    renju = play("h8 a1 i8 a3 j8 a5 l8 a7 m8 a9")
    with pytest.raises(IllegalMove, match="k8 is forbidden for black: overline"):
        RULES.apply(renju, parse_point("k8"))
    free = play("h8 a1 i8 a3 j8 a5 l8 a7 m8 a9", rule="freestyle")
    after = RULES.apply(free, parse_point("k8"))
    assert (after.winner, len(after.win_line)) == (0, 6)
    standard = play("h8 a1 i8 a3 j8 a5 l8 a7 m8 a9", rule="standard")
    after = RULES.apply(standard, parse_point("k8"))
    assert after.reason == "" and after.winner is None  # six is not five
    white_six = play(moves + " k8", rule="standard")
    assert white_six.reason == ""
    assert play(moves + " k8", rule="freestyle").winner == 1


def test_freestyle_and_standard_allow_black_3_3():
    for rule in ("freestyle", "standard"):
        state = play("g8 a1 h8 a3 j9 a5 j10 a7 j8", rule=rule)
        assert state.board[parse_point("j8")] == 1


def test_full_board_is_a_draw():
    size = 15
    colour = {y * size + x: (x // 2 + y) % 2 for y in range(size) for x in range(size)}
    blacks = [p for p, c in colour.items() if c == 0]
    whites = [p for p, c in colour.items() if c == 1]
    if len(blacks) < len(whites):
        blacks, whites = whites, blacks
    assert len(blacks) == len(whites) + 1
    order = [p for pair in zip(blacks, whites) for p in pair] + blacks[len(whites):]
    for rule in ("freestyle", "standard"):
        state = RULES.new_game({"size": size, "rule": rule})
        for p in order:
            state = RULES.apply(state, p)
        assert (state.winner, state.reason) == (None, "full")
        assert RULES.outcome(state).detail == "the board is full: a draw"


def test_bad_moves_are_refused():
    state = play("h8")
    for bad in (-1, 361, "h8", None, True, 3.0):
        with pytest.raises(IllegalMove):
            RULES.apply(state, bad)
    with pytest.raises(IllegalMove, match="h8 is taken"):
        RULES.apply(state, parse_point("h8"))
    with pytest.raises(ValueError):
        RULES.outcome(state)


# ------------------------------------------------------------------ notation
def test_notation():
    assert parse_point("h8") == 7 * 19 + 7 and point_name(7 * 19 + 7) == "h8"
    assert parse_point("H8", 15) == 7 * 15 + 7
    assert point_name(0) == "a1" and point_name(360) == "s19" and point_name(224, 15) == "o15"
    assert parse_point(" s19 ") == 360
    assert RULES.move_to_text(parse_point("k10")) == "k10"
    assert RULES.move_from_text("k10") == parse_point("k10")
    assert point_name(parse_point("h8", 15), 15) == "h8"
    small = RULES.new_game({"size": 15})  # the notation follows the board of the state given
    assert RULES.move_to_text(parse_point("o15", 15), small) == "o15"
    assert RULES.move_from_text("h8", small) == 7 * 15 + 7
    with pytest.raises(IllegalMove, match="columns run a-o"):
        RULES.move_from_text("s19", small)


@pytest.mark.parametrize("text, size, message", [
    ("p1", 15, "off the board: columns run a-o and rows 1-15"),
    ("a16", 15, "off the board: columns run a-o and rows 1-15"),
    ("t1", 19, "off the board: columns run a-s and rows 1-19"),
    ("u1", 20, "not a point: write a column a-t and a row 1-20"),
    ("a0", 19, "off the board"),
    ("h", 19, "not a point"),
    ("88", 19, "not a point"),
    ("", 19, "not a point"),
])
def test_bad_notation(text, size, message):
    with pytest.raises(IllegalMove, match=message):
        parse_point(text, size)


# ------------------------------------------------------------------ records
@st.composite
def games(draw):
    size = draw(st.sampled_from((15, 19)))
    moves = draw(st.lists(st.integers(0, size * size - 1), unique=True, max_size=60))
    return size, moves


@given(games())
def test_record_round_trip(game):
    size, moves = game
    assert parse_record(record_text(moves, size), size) == moves


@given(games(), st.lists(st.floats(0, 100), max_size=60))
def test_psq_round_trip(game, times):
    size, moves = game
    assert from_psq(to_psq(moves, size, times)) == (size, moves)


def test_psq_counts_rows_from_the_top_as_piskvork_does():
    state = play("h8 a1 s19 a19")
    text = to_psq(state)
    assert text.splitlines() == ["Piskvorky 19x19, 0:0, 0", "8,12,0", "1,19,0", "19,1,0", "1,1,0"]
    assert to_psq([parse_point("a15", 15)], 15, [1.5]).splitlines()[1] == "1,1,1500"


def test_psq_from_piskvork():
    text = ("Piskvorky 15x15, 11:11, 0\n8,8,953\n9,7,1203\n7,9,422\n"
            "pbrain-one.exe\npbrain-two.exe\n-1\n")
    size, moves = from_psq(text)
    assert size == 15
    assert record_text(moves, 15) == "h8 i9 g7"


@pytest.mark.parametrize("text, message", [
    ("", "Not a .psq file"),
    ("8,8,0\n", "Not a .psq file"),
    ("Piskvorky 21x21, 0:0, 0\n10,10,0\n", "21x21"),
    ("Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n", "Line 3 .*off the board"),
    ("Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0\n", "Line 3 .*h8 is taken"),
])
def test_bad_psq(text, message):
    with pytest.raises(IllegalMove, match=message):
        from_psq(text)


def test_parse_record_names_the_first_bad_move():
    assert parse_record("1. h8 i9 2. J10, k11", 19) == [parse_point(t) for t in ("h8", "i9", "j10", "k11")]
    with pytest.raises(IllegalMove, match=r"Move 3 \(h8\) is illegal: h8 is taken"):
        parse_record("h8 i9 h8")
    with pytest.raises(IllegalMove, match=r"Move 2 \(p2\) is not a move: p2 is off the board"):
        parse_record("h8 p2", 15)
    with pytest.raises(IllegalMove, match=r"Move 9 \(j8\) is illegal: j8 is forbidden for black: double three"):
        parse_record("g8 a1 h8 a3 j9 a5 j10 a7 j8", 19, rule="renju")
    assert len(parse_record("g8 a1 h8 a3 j9 a5 j10 a7 j8", 19, rule="freestyle")) == 9


def test_random_games_replay_from_their_records():
    rng = random.Random(7)
    for rule in ("renju", "freestyle", "standard"):
        state = RULES.new_game({"size": 15, "rule": rule})
        while not RULES.is_over(state):
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
        replay = RULES.new_game({"size": 15, "rule": rule})
        for p in parse_record(record_text(state.moves, 15), 15, rule=rule):
            replay = RULES.apply(replay, p)
        assert replay == state
