"""Multi-ProbCut for Othello's expert: cutting what a shallow search already decides.

Buro's method (as Logistello, Zebra and Edax use it): the value of a deep
search at depth d is predicted from a shallow one at depth d' by a straight
line fitted per game stage, `v_d ~ a * v_d' + b`, with the fit's error
`sigma`. At a node searched to depth d with the window (alpha, beta), a shallow
null-window search tells whether the deep value lies beyond beta (or below
alpha) with more than `t` sigmas to spare; if so the node is cut there.

The endgame has lines of its own, one per number of empty squares: the final
disc margin under perfect play (the exact solver's) predicted from a shallow
search. With them the solver becomes a selective one that proves a probable
result (win, draw or loss) long before it could prove the exact one.

The lines ship in boardhub/assets/othello_mpc.json, fitted by
`python tools/fit_mpc.py` from boardhub's own fixed-depth searches and exact
solves of positions from self-play games (`offline/mpc_fit.py`), with how they
were made beside them. A missing or damaged file means no cuts, never a crash.
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from boardhub.core.files import Unreadable, loads_json, read_text

PATH = Path(__file__).resolve().parent.parent.parent / "assets" / "othello_mpc.json"
STAGE_WIDTH = 6  # empty squares per stage of the fit
STAGES = 64 // STAGE_WIDTH + 1
DEEPEST = 8  # the deepest depth fitted: deeper nodes are searched in full
ENDGAME_EMPTIES = (10, 21)  # the endgame lines' empty squares: an exact solve of more takes minutes to fit
ENDGAME_SHALLOW = 2  # the endgame lines' check depth: too shallow for the midgame's own cuts (depth 3 on)


def shallow_depth(depth: int) -> int:
    """The check depth d' for a deep depth d: about half as deep, of the same parity (Othello's values
    swing with the side to move at the leaves, so an odd depth is checked by an odd one)."""
    return 2 * (depth // 4) + depth % 2


def stage(empties: int) -> int:
    """The fit's stage of a position with `empties` empty squares."""
    return min(STAGES - 1, max(0, empties // STAGE_WIDTH))


class Cut(NamedTuple):
    """One fitted line: the deep value from the shallow one, and the error around it (search units)."""

    shallow: int
    a: float
    b: float
    sigma: float


Table = dict[tuple[int, int], Cut]  # (stage, deep depth) -> Cut
EndTable = dict[int, Cut]  # empty squares -> Cut predicting the final margin (in search units)


def _rows(path: Path, key: str) -> list:
    """The file's rows under `key`; none where the file is missing or not one this reads."""
    try:
        rows = loads_json(read_text(path)).get(key, [])
        return rows if isinstance(rows, list) else []
    except (OSError, Unreadable, ValueError, AttributeError):
        return []


def _fitted(cut: Cut) -> bool:
    """Whether a line is one a fit could make: a slope near one, a positive error, a small offset."""
    return 0.2 < cut.a < 5 and 0 < cut.sigma < 10_000 and abs(cut.b) < 10_000


def load(path: Path = PATH) -> Table:
    """The midgame's fitted lines; an empty table (no cuts) where the file is missing or not one this reads."""
    table: Table = {}
    for row in _rows(path, "lines"):
        try:
            depth, st = int(row["depth"]), int(row["stage"])
            cut = Cut(shallow_depth(depth), float(row["a"]), float(row["b"]), float(row["sigma"]))
        except (ValueError, TypeError, KeyError):
            return {}
        if 3 <= depth <= DEEPEST and 0 <= st < STAGES and _fitted(cut):
            table[st, depth] = cut  # any other line: searched in full there
    return table


def load_endgame(path: Path = PATH) -> EndTable:
    """The endgame's fitted lines by empty squares; empty (an exact solver only) where the file is
    missing or not one this reads."""
    table: EndTable = {}
    for row in _rows(path, "endgame"):
        try:
            empties = int(row["empties"])
            cut = Cut(int(row["shallow"]), float(row["a"]), float(row["b"]), float(row["sigma"]))
        except (ValueError, TypeError, KeyError):
            return {}
        if (ENDGAME_EMPTIES[0] <= empties <= ENDGAME_EMPTIES[1] and 1 <= cut.shallow <= ENDGAME_SHALLOW
                and _fitted(cut)):
            table[empties] = cut
    return table


_TABLES: tuple[Table, EndTable] | None = None


def table() -> Table:
    """The shipped midgame lines, read once per process."""
    return _shipped()[0]


def endgame_table() -> EndTable:
    """The shipped endgame lines, read once per process."""
    return _shipped()[1]


def _shipped() -> tuple[Table, EndTable]:
    global _TABLES
    if _TABLES is None:
        _TABLES = (load(), load_endgame())
    return _TABLES
