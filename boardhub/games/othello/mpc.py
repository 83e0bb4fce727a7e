"""Multi-ProbCut for Othello's expert: cutting what a shallow search already decides.

Buro's method (as Logistello, Zebra and Edax use it): the value of a deep
search at depth d is predicted from a shallow one at depth d' by a straight
line fitted per game stage, `v_d ~ a * v_d' + b`, with the fit's error
`sigma`. At a node searched to depth d with the window (alpha, beta), a shallow
null-window search tells whether the deep value lies beyond beta (or below
alpha) with more than `t` sigmas to spare; if so the node is cut there.

The lines ship in boardhub/assets/othello_mpc.json, fitted by
`python tools/fit_mpc.py` from boardhub's own fixed-depth searches of
positions from self-play games (`offline/mpc_fit.py`), with how they were
made beside them. A missing or damaged file means no cuts, never a crash.
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from boardhub.core.files import Unreadable, loads_json, read_text

PATH = Path(__file__).resolve().parent.parent.parent / "assets" / "othello_mpc.json"
STAGE_WIDTH = 6  # empty squares per stage of the fit
STAGES = 64 // STAGE_WIDTH + 1
DEEPEST = 8  # the deepest depth fitted: deeper nodes are searched in full


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


def load(path: Path = PATH) -> Table:
    """The fitted lines; an empty table (no cuts) where the file is missing or not one this reads."""
    try:
        data = loads_json(read_text(path))
        table: Table = {}
        for row in data["lines"]:
            depth, st = int(row["depth"]), int(row["stage"])
            cut = Cut(shallow_depth(depth), float(row["a"]), float(row["b"]), float(row["sigma"]))
            if not (3 <= depth <= DEEPEST and 0 <= st < STAGES and 0.2 < cut.a < 5 and 0 < cut.sigma < 10_000
                    and abs(cut.b) < 10_000):
                continue  # a line no fit would make: searched in full there
            table[st, depth] = cut
        return table
    except (OSError, Unreadable, ValueError, TypeError, KeyError):
        return {}


_TABLE: Table | None = None


def table() -> Table:
    """The shipped lines, read once per process."""
    global _TABLE
    if _TABLE is None:
        _TABLE = load()
    return _TABLE
