"""The classic AIs of Othello from the source paper."""
from __future__ import annotations

import random

from boardhub.games.othello.engine import PASS, OthelloState, moves_mask


class RandomAI:
    """The source's Random: any legal move."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: OthelloState, deadline: float) -> int:
        mask = moves_mask(view.me, view.opp)
        if not mask:
            return PASS
        return self.rng.choice([sq for sq in range(64) if mask >> sq & 1])
