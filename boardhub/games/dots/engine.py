"""Dots and Boxes: rules, notation and state.

The board of R x C boxes lives on the source's (2R+1) x (2C+1) grid of
"row col" points (9 x 9 for 4 x 4 boxes)::

      0 1 2 3 4          dots  at (even, even)
    0 + - + - +          lines at (even, odd) and (odd, even)
    1 | B | B |          boxes at (odd, odd)
    2 + - + - +
    3 | B | B |
    4 + - + - +

Inside, lines are numbered 0..L-1 in row-major grid order and the drawn lines
are one int bitmask; boxes are numbered row-major. A move is the line's
grid point `(row, col)`.
"""
from __future__ import annotations

from collections.abc import Sequence
import random
from dataclasses import dataclass
from functools import lru_cache

from boardhub.core.i18n import N_, _
from boardhub.core.rules import IllegalMove, Option, Outcome

MIN_SIZE, MAX_SIZE = 1, 7
Move = tuple[int, int]


class Geometry:
    """Index tables for one board size, computed once and shared."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.height, self.width = 2 * rows + 1, 2 * cols + 1
        self.line_coord: list[Move] = [
            (r, c) for r in range(self.height) for c in range(self.width) if (r + c) % 2 == 1]
        self.line_index: dict[Move, int] = {rc: i for i, rc in enumerate(self.line_coord)}
        self.num_lines = len(self.line_coord)
        self.num_boxes = rows * cols
        self.full = (1 << self.num_lines) - 1
        self.box_lines: list[tuple[int, int, int, int]] = []
        for br in range(rows):
            for bc in range(cols):
                r, c = 2 * br + 1, 2 * bc + 1
                self.box_lines.append(tuple(self.line_index[p] for p in
                                            ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))))
        self.box_mask = [sum(1 << i for i in ls) for ls in self.box_lines]
        boxes_of: list[list[int]] = [[] for _line in range(self.num_lines)]
        for b, ls in enumerate(self.box_lines):
            for i in ls:
                boxes_of[i].append(b)
        self.line_boxes: list[tuple[int, ...]] = [tuple(bs) for bs in boxes_of]

    def __reduce__(self):
        return (geometry, (self.rows, self.cols))

    def plain(self) -> dict[str, int]:
        """Its plain data: the board size is all that makes it."""
        return {"rows": self.rows, "cols": self.cols}

    def is_horizontal(self, line: int) -> bool:
        return self.line_coord[line][0] % 2 == 0

    def box_coord(self, box: int) -> Move:
        return (2 * (box // self.cols) + 1, 2 * (box % self.cols) + 1)

    def completes(self, lines: int, line: int) -> list[int]:
        """The boxes that drawing `line` on top of `lines` completes."""
        after = lines | (1 << line)
        return [b for b in self.line_boxes[line] if after & self.box_mask[b] == self.box_mask[b]]


@lru_cache(maxsize=None)
def geometry(rows: int, cols: int) -> Geometry:
    return Geometry(rows, cols)


def quick_start(g: Geometry, seed: int | None) -> int:
    """The lines of KSquares' quick start: safe lines drawn at random until none is left, that is until
    any line would give a box its third side (the first box could be given).

    They are drawn before the first turn and belong to nobody; the first player moves next. They come
    from the match's seed alone (a generator of its own, seeded by a text that names it, so the same
    seed draws the same lines on every machine): a save, a replay and a review, which keep the seed and
    the options, start from the very same lines.
    """
    rng = random.Random(f"dots quick start {g.rows}x{g.cols} {seed}") if seed is not None else random.Random()
    lines = 0
    degree = [0] * g.num_boxes
    while True:
        safe = [i for i in range(g.num_lines)
                if not lines >> i & 1 and all(degree[b] < 2 for b in g.line_boxes[i])]
        if not safe:
            return lines
        line = rng.choice(safe)
        lines |= 1 << line
        for b in g.line_boxes[line]:
            degree[b] += 1


@dataclass(frozen=True, slots=True)
class DotsState:
    """A position: drawn lines, box owners (-1 for none), scores and the mover."""

    geom: Geometry
    lines: int
    owners: tuple[int, ...]
    scores: tuple[int, int]
    player: int

    @property
    def rows(self) -> int:
        return self.geom.rows

    @property
    def cols(self) -> int:
        return self.geom.cols

    def is_drawn(self, move: Move) -> bool:
        i = self.geom.line_index.get(move)
        return i is not None and bool(self.lines >> i & 1)


class DotsRules:
    """The source's rules: a completed box scores and the mover moves again."""

    name = "dots"
    options = (
        Option("rows", N_("Rows of boxes"), tuple(range(MIN_SIZE, MAX_SIZE + 1)), 4),
        Option("cols", N_("Columns of boxes"), tuple(range(MIN_SIZE, MAX_SIZE + 1)), 4),
        # KSquares' quick start: the opening's safe lines are drawn at random before the first turn
        Option("quick_start", N_("Board at the start"), (False, True), False,
               (N_("Empty board"), N_("Quick start: safe lines drawn")), local_only=True),
    )

    def num_players(self, options: dict) -> int:
        return 2

    def normalize(self, options: dict | None) -> dict:
        """Fill in defaults and refuse sizes outside 1..7."""
        out = {o.key: o.default for o in self.options}
        out.update(options or {})
        for key in ("rows", "cols"):
            v = out[key]
            if not isinstance(v, int) or not MIN_SIZE <= v <= MAX_SIZE:
                raise ValueError(f"{key} must be a whole number from {MIN_SIZE} to {MAX_SIZE}, not {v!r}")
        if not isinstance(out["quick_start"], bool):
            raise ValueError(f"quick_start must be true or false, not {out['quick_start']!r}")
        if not out["quick_start"]:  # a game without it keeps the options its saves always had
            return {"rows": out["rows"], "cols": out["cols"]}
        return {"rows": out["rows"], "cols": out["cols"], "quick_start": True}

    def new_game(self, options: dict | None = None, seed: int | None = None) -> DotsState:
        """The empty board; with the quick start, the safe lines drawn from `seed` (see `quick_start`)."""
        o = self.normalize(options)
        g = geometry(o["rows"], o["cols"])
        lines = quick_start(g, seed) if o.get("quick_start") else 0
        return DotsState(g, lines, (-1,) * g.num_boxes, (0, 0), 0)

    def legal_moves(self, state: DotsState) -> list[Move]:
        g, lines = state.geom, state.lines
        return [g.line_coord[i] for i in range(g.num_lines) if not lines >> i & 1]

    def check(self, state: DotsState, move: object) -> int:
        """The line index of `move`, or IllegalMove saying what is wrong with it."""
        g = state.geom
        if (not isinstance(move, tuple) or len(move) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in move)):
            raise IllegalMove(_("Not a position: {move!r}; give a row and a column").format(move=move))
        r, c = move
        if not (0 <= r < g.height and 0 <= c < g.width):
            raise IllegalMove(_("Impossible: {r} {c} is off the board (rows 0-{last_row}, columns 0-{last_column}). "
                                "Try again.").format(r=r, c=c, last_row=g.height - 1, last_column=g.width - 1))
        if r % 2 == 0 and c % 2 == 0:
            raise IllegalMove(_("Impossible: {r} {c} is a dot, not a line. Try again.").format(r=r, c=c))
        if r % 2 == 1 and c % 2 == 1:
            raise IllegalMove(_("Impossible: {r} {c} is a box, not a line. Try again.").format(r=r, c=c))
        i = g.line_index[move]
        if state.lines >> i & 1:
            raise IllegalMove(_("Impossible: the line at {r} {c} is already drawn. Try again.").format(r=r, c=c))
        return i

    def apply(self, state: DotsState, move: Move) -> DotsState:
        if self.is_over(state):
            raise IllegalMove(_("The game is over"))
        i = self.check(state, move)
        return self.apply_index(state, i)

    def apply_index(self, state: DotsState, i: int) -> DotsState:
        """Draw line `i` (unchecked); boxes it completes go to the mover, who moves again."""
        g = state.geom
        done = g.completes(state.lines, i)
        lines = state.lines | (1 << i)
        if not done:
            return DotsState(g, lines, state.owners, state.scores, 1 - state.player)
        owners = list(state.owners)
        for b in done:
            owners[b] = state.player
        scores = list(state.scores)
        scores[state.player] += len(done)
        return DotsState(g, lines, tuple(owners), (scores[0], scores[1]), state.player)

    def to_move(self, state: DotsState) -> int:
        return state.player

    def is_over(self, state: DotsState) -> bool:
        return state.lines == state.geom.full

    def outcome(self, state: DotsState) -> Outcome:
        a, b = state.scores
        if not self.is_over(state):
            raise ValueError("the game is not over")
        winner = None if a == b else (0 if a > b else 1)
        return Outcome(winner, (a, b), "score")

    def view(self, state: DotsState, seat: int) -> DotsState:
        return state

    def public_history(self, moves: Sequence[Move], seat: int | None) -> tuple:
        """Every move is seen by both players."""
        return tuple(moves)

    def move_to_text(self, move: Move, state: object = None) -> str:
        return f"{move[0]} {move[1]}"

    def move_from_text(self, text: str, state: object = None) -> Move:
        parts = text.replace(",", " ").split()
        if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
            raise IllegalMove(_('Not a position: {text!r}; write a row and a column, as in "0 1"').format(text=text))
        return (int(parts[0]), int(parts[1]))

    def summary(self, state: DotsState) -> str:
        return f"{state.scores[0]} - {state.scores[1]}"
