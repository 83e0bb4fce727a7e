"""Our strongest Dots and Boxes AI: the Hard AI's chain play, then perfect play by the exact solver."""
from __future__ import annotations

import time

from boardhub.games.dots.ai import HardAI
from boardhub.games.dots.engine import Geometry
from boardhub.games.dots.solver import Solver, SolveTimeout


class ExpertAI(HardAI):
    """Hard's play until the rest of the game can be solved exactly, then perfect play.

    Each move first tries the exact solver against part of the time left; the
    solver's table outlives the move, so a try that ran out of time still
    speeds up the next one, and the switch to perfect play comes early.
    """

    SOLVE_SHARE = 0.85  # of its time budget, for the exact solver; Hard's fallback has the rest
    TABLE_ENTRIES = 400_000  # about 50 MB of transposition table at most

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.solver: Solver | None = None

    def choose_line(self, lines: int, geom: Geometry, deadline: float) -> int:
        now = time.monotonic()
        if self.solver is None or (self.solver.geom.rows, self.solver.geom.cols) != (geom.rows, geom.cols):
            self.solver = Solver(geom, self.TABLE_ENTRIES)
        try:
            return self.solver.best_line(lines, now + self.SOLVE_SHARE * (deadline - now))
        except SolveTimeout:
            return super().choose_line(lines, geom, deadline)
