"""Speed of the Renju referee: black's forbidden points on a whole 19 x 19 board.

    python bench/gomoku_forbidden.py [--positions 12] [--repeat 20]

The positions come from seeded play, 40 to 80 stones each: random points next
to the stones already played, never a five and never a forbidden point, so
the boards are crowded with the threes and fours that make the referee work.
Each position is scanned `repeat` times by `renju.forbidden_points`; the mean
and the worst time per scan are printed (target: under 5 ms, the scan the
board view runs on every black turn).

"cold" scans start from an empty shape cache, as the first scans of a game
do: the ratio cold / warm is what the cache of line patterns buys.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from boardhub.games.gomoku import renju
from boardhub.games.gomoku.engine import GomokuRules, GomokuState, winning_line

RULES = GomokuRules()


def position(seed: int, stones: int) -> GomokuState:
    """A renju position with `stones` stones, black to move, no five on the board."""
    rng = random.Random(seed)
    state = RULES.new_game({"size": 19})
    size = state.size
    while len(state.moves) < stones:
        if not state.moves:
            candidates = [size * (size // 2) + size // 2]
        else:
            near = {q for p in state.moves for q in _neighbours(p, size) if not state.board[q]}
            candidates = sorted(near - set(renju.forbidden_points(state)))
        rng.shuffle(candidates)
        for p in candidates:
            board = state.board[:p] + bytes((state.player + 1,)) + state.board[p + 1:]
            if not winning_line(board, size, p, "freestyle"):
                state = RULES.apply(state, p)
                break
        else:
            raise RuntimeError(f"seed {seed}: no quiet move at {len(state.moves)} stones")
    return state


def _neighbours(p: int, size: int) -> list[int]:
    y, x = divmod(p, size)
    return [(y + dy) * size + x + dx for dy in (-2, -1, 0, 1, 2) for dx in (-2, -1, 0, 1, 2)
            if 0 <= x + dx < size and 0 <= y + dy < size]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    states = []
    for i in range(args.positions):
        stones = 40 + (40 * i) // max(1, args.positions - 1)
        stones += stones % 2  # an even count: black to move
        states.append(position(1000 + i, stones))
    cold, warm, found = [], [], []
    for state in states:
        renju._shapes.clear()
        t = time.perf_counter()
        banned = renju.forbidden_points(state)
        cold.append(time.perf_counter() - t)
        found.append(len(banned))
    for _ in range(args.repeat):
        for state in states:
            t = time.perf_counter()
            renju.forbidden_points(state)
            warm.append(time.perf_counter() - t)
    print(f"{len(states)} positions of {len(states[0].moves)}-{len(states[-1].moves)} stones on 19x19, "
          f"{sum(found)} forbidden points in all ({', '.join(map(str, found))})")
    print(f"scan, warm cache: mean {statistics.mean(warm) * 1000:.2f} ms, worst {max(warm) * 1000:.2f} ms "
          f"over {len(warm)} scans (target < 5 ms) -> {'OK' if max(warm) < 0.005 else 'MISSED'}")
    print(f"scan, cold cache: mean {statistics.mean(cold) * 1000:.2f} ms, worst {max(cold) * 1000:.2f} ms; "
          f"cold / warm = {statistics.mean(cold) / statistics.mean(warm):.1f}")


if __name__ == "__main__":
    main()
