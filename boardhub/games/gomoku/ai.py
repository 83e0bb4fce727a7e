"""The AIs of Gomoku."""
from __future__ import annotations

import random

from boardhub.games.gomoku.engine import BLACK, GomokuState
from boardhub.games.gomoku.renju import forbidden_points


class EasyAI:
    """A beginner: a random point next to the stones already played (black's
    first move at the centre), never a point forbidden to black."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: GomokuState, deadline: float) -> int:
        size, board = view.size, view.board
        if not view.moves:
            return (size // 2) * size + size // 2
        banned = forbidden_points(view) if view.player == BLACK else {}
        near = set()
        for p in view.moves:
            y, x = divmod(p, size)
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < size and 0 <= ny < size:
                        q = ny * size + nx
                        if not board[q] and q not in banned:
                            near.add(q)
        if not near:
            near = {p for p in range(size * size) if not board[p] and p not in banned}
        if not near:  # only forbidden points are left: the rules make black play one
            near = {p for p in range(size * size) if not board[p]}
        return self.rng.choice(sorted(near))
