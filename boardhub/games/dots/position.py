"""Dots and Boxes positions as text, and the editor's edits of them.

The text is the game's own grid of "row col" points (engine.py), one grid row
after another, separated by '/', then a space and the player to move ('1' or
'2', as the screens number them): '+' for a dot, '-' or '|' for a drawn line,
'.' for a line not drawn or a box nobody owns, '1' or '2' for a box's owner.
A 2 x 2 board with its top left box won by the first player and the second to
move reads::

    +-+.+/|1|../+-+.+/...../+.+.+ 2

(one grid row per '/' part, each 2C+1 characters). Its size gives the board's
rows and columns. A box has an owner exactly when its four lines are drawn,
since a completed box always goes to the player who drew its last line; the
scores are the boxes each owns. A board with every line drawn is refused: that
game is over.
"""
from __future__ import annotations

from boardhub.core.i18n import N_, _
from boardhub.core.position import PositionFormat
from boardhub.core.rules import IllegalMove
from boardhub.games.dots.engine import MAX_SIZE, MIN_SIZE, DotsRules, DotsState, Geometry, Move, geometry

LINE_CHARS = {"-": True, "|": True, ".": False}
OWNER_CHARS = {"1": 0, "2": 1, ".": -1}
SIDE_CHARS = {"1": 0, "2": 1}


def grid_text(state: DotsState) -> str:
    """The position as text: the grid's rows joined by '/', a space, the player to move (1 or 2)."""
    g = state.geom
    rows = []
    for r in range(g.height):
        row = []
        for c in range(g.width):
            if r % 2 == 0 and c % 2 == 0:
                row.append("+")
            elif r % 2 == 1 and c % 2 == 1:
                owner = state.owners[(r // 2) * g.cols + c // 2]
                row.append("." if owner < 0 else str(owner + 1))
            else:
                drawn = state.lines >> g.line_index[(r, c)] & 1
                row.append(("-" if r % 2 == 0 else "|") if drawn else ".")
        rows.append("".join(row))
    return "/".join(rows) + f" {state.player + 1}"


def size_of(text: str) -> tuple[int, int]:
    """The boxes (rows, columns) a grid text has; IllegalMove for a grid no board has."""
    grid = text.split()
    if not grid:
        raise IllegalMove(_("No position: write the grid's rows joined by '/', a space and 1 or 2"))
    rows = grid[0].split("/")
    height, width = len(rows), len(rows[0])
    if height % 2 == 0 or width % 2 == 0 or not MIN_SIZE <= height // 2 <= MAX_SIZE \
            or not MIN_SIZE <= width // 2 <= MAX_SIZE:
        raise IllegalMove(_("The grid is {height} rows of {width}: a board of {least} to {most} boxes a side has "
                            "3 to 15 rows of 3 to 15 characters, an odd number").format(
            height=height, width=width, least=MIN_SIZE, most=MAX_SIZE))
    return height // 2, width // 2


def from_grid_text(text: str) -> DotsState:
    """The position a grid text gives; IllegalMove naming the first thing wrong with it."""
    parts = text.split()
    rows_n, cols_n = size_of(text)
    if len(parts) != 2 or parts[1] not in SIDE_CHARS:
        raise IllegalMove(_("End the grid with a space and the player to move: 1 or 2"))
    g = geometry(rows_n, cols_n)
    lines = 0
    owners = [-1] * g.num_boxes
    for r, row in enumerate(parts[0].split("/")):
        if len(row) != g.width:
            raise IllegalMove(_("Grid row {number} has {count} characters; every row has {width}").format(
                number=r + 1, count=len(row), width=g.width))
        for c, ch in enumerate(row):
            if r % 2 == 0 and c % 2 == 0:
                if ch != "+":
                    raise IllegalMove(_("Row {row}, column {col} is a dot: write +, not '{char}'").format(
                        row=r, col=c, char=ch))
            elif r % 2 == 1 and c % 2 == 1:
                if ch not in OWNER_CHARS:
                    raise IllegalMove(_("Row {row}, column {col} is a box: write 1 or 2 for its owner or . for "
                                        "none, not '{char}'").format(row=r, col=c, char=ch))
                owners[(r // 2) * g.cols + c // 2] = OWNER_CHARS[ch]
            elif ch not in LINE_CHARS:
                raise IllegalMove(_("Row {row}, column {col} is a line: write - or | if it is drawn, . if not, "
                                    "not '{char}'").format(row=r, col=c, char=ch))
            elif LINE_CHARS[ch]:
                lines |= 1 << g.line_index[(r, c)]
    return _position(g, lines, owners, SIDE_CHARS[parts[1]])


def _position(g: Geometry, lines: int, owners: list[int], player: int) -> DotsState:
    """The position of these lines and owners: the scores are the boxes each player owns."""
    scores = (owners.count(0), owners.count(1))
    return DotsState(g, lines, tuple(owners), scores, player)


class DotsPositions(PositionFormat):
    """The Dots and Boxes editor: lines drawn or not, completed boxes' owners, the player to move."""

    ending = "txt"
    example = N_("a grid such as +-+/|1|/+-+ 2")

    def __init__(self) -> None:
        super().__init__(DotsRules())

    def write(self, state: DotsState) -> str:
        return grid_text(state)

    def _options(self, text: str) -> dict:
        rows, cols = size_of(text)
        return {"rows": rows, "cols": cols}

    def _read(self, text: str, options: dict) -> DotsState:
        state = from_grid_text(text)
        o = self.rules.normalize(options)
        if (state.rows, state.cols) != (o["rows"], o["cols"]):
            raise IllegalMove(_("The position is {rows} x {cols} boxes, not {board_rows} x {board_cols}").format(
                rows=state.rows, cols=state.cols, board_rows=o["rows"], board_cols=o["cols"]))
        return state

    def blank(self, options: dict) -> DotsState:
        o = self.rules.normalize(options)
        g = geometry(o["rows"], o["cols"])
        return DotsState(g, 0, (-1,) * g.num_boxes, (0, 0), 0)

    def start(self, options: dict) -> DotsState:
        return self.blank(options)

    def places(self, state: DotsState) -> list[Move]:
        """Every line and box of the grid, row by row."""
        g = state.geom
        return [(r, c) for r in range(g.height) for c in range(g.width) if r % 2 or c % 2]

    def cycle(self, state: DotsState, place: Move) -> DotsState:
        """A line: drawn or not. A completed box: the first player's, the second's, the first's again."""
        r, c = place
        if r % 2 == 1 and c % 2 == 1:
            owner = state.owners[(r // 2) * state.cols + c // 2]
            return self.put(state, place, 1 if owner == 0 else 0)
        return self.put(state, place, None if state.is_drawn(place) else 0)

    def put(self, state: DotsState, place: Move, piece: int | None) -> DotsState:
        """A line is drawn for any piece and taken away for None; a box gets `piece` as its owner.

        Drawing a box's last line gives it to the player to move (who would have drawn it), taking one
        away leaves the box to nobody: the owners always match the completed boxes.
        """
        g = state.geom
        r, c = place
        owners = list(state.owners)
        if r % 2 == 1 and c % 2 == 1:
            box = (r // 2) * g.cols + c // 2
            if state.lines & g.box_mask[box] != g.box_mask[box]:
                raise IllegalMove(_("Only a completed box has an owner: draw its four lines first"))
            if piece is None:
                raise IllegalMove(_("A completed box always has an owner: take a line away to empty it"))
            owners[box] = piece
            return _position(g, state.lines, owners, state.player)
        i = g.line_index[place]
        if piece is None:
            lines = state.lines & ~(1 << i)
            for b in g.line_boxes[i]:
                owners[b] = -1
        else:
            for b in g.completes(state.lines, i) if not state.lines >> i & 1 else ():
                owners[b] = state.player
            lines = state.lines | 1 << i
        return _position(g, lines, owners, state.player)

    def side(self, state: DotsState, seat: int) -> DotsState:
        return DotsState(state.geom, state.lines, state.owners, state.scores, seat)

    def problem(self, state: DotsState) -> str | None:
        g = state.geom
        for b in range(g.num_boxes):
            done = state.lines & g.box_mask[b] == g.box_mask[b]
            if done != (state.owners[b] >= 0):
                row, col = g.box_coord(b)
                return (_("The box at {row} {col} is completed and needs an owner") if done else
                        _("The box at {row} {col} has an owner but is not completed")).format(row=row, col=col)
        if state.lines == g.full:
            return _("Every line is drawn: the game would be over")
        return None

    def fixed_options(self, state: DotsState) -> dict:
        # the position's lines are all there is at the start: no quick start draws more
        return {"rows": state.rows, "cols": state.cols, "quick_start": False}
