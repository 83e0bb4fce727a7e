"""The AIs of Dots and Boxes: the source's Easy and Normal, and our Hard and Expert."""
from __future__ import annotations

import random

from boardhub.games.dots.engine import DotsState, Move


def free_lines(state: DotsState) -> list[int]:
    lines = state.lines
    return [i for i in range(state.geom.num_lines) if not lines >> i & 1]


class EasyAI:
    """The source's Easy: a random line."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: DotsState, deadline: float) -> Move:
        return view.geom.line_coord[self.rng.choice(free_lines(view))]


class NormalAI(EasyAI):
    """The source's Normal: complete a box when it can, else a random line."""

    def choose(self, view: DotsState, deadline: float) -> Move:
        g = view.geom
        free = free_lines(view)
        scoring = [i for i in free if g.completes(view.lines, i)]
        return g.line_coord[self.rng.choice(scoring or free)]
