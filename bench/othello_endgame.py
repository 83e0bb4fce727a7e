"""How often the expert's endgame solver proves a position's exact result within the move limit.

    python bench/othello_endgame.py [--positions 100] [--limit 0.5] [--empties 12 14 16]

The positions are fixed: random games from the start, seeded, stopped at the
given number of empty squares (those whose game is already over are skipped).
Each is solved from scratch (a fresh solver, an empty table) with the full
window, so the answer is the exact final disc margin under perfect play, and
with the move limit as its deadline. Printed for each number of empties: the
share proven exactly in time (target at 12 empties: >= 95%), the share whose
win/draw/loss alone is proven in time, and the median and slowest exact solve.
Times are wall-clock on a possibly shared machine.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from boardhub.games.othello.endgame import EndgameSolver, SolveTimeout
from boardhub.games.othello.engine import START, OthelloRules, OthelloState, play

RULES = OthelloRules()
TARGET_12 = 0.95


def fixed_positions(empties: int, count: int) -> list[OthelloState]:
    """`count` positions with `empties` empty squares, from random games seeded 0, 1, 2, ..."""
    out: list[OthelloState] = []
    seed = 1000 * empties
    while len(out) < count:
        rng = random.Random(seed)
        seed += 1
        state = START
        while 64 - (state.black | state.white).bit_count() > empties and not RULES.is_over(state):
            state = play(state, rng.choice(RULES.legal_moves(state)))
        if not RULES.is_over(state):
            out.append(state)
    return out


def timed_solve(state: OthelloState, alpha: int, beta: int, limit: float) -> float | None:
    """Seconds a fresh solver takes on the window (alpha, beta), None past `limit`."""
    solver = EndgameSolver()
    started = time.monotonic()
    try:
        solver.solve(state.me, state.opp, alpha, beta, deadline=started + limit)
    except SolveTimeout:
        return None
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--limit", type=float, default=0.5)
    parser.add_argument("--empties", type=int, nargs="+", default=[12, 14, 16])
    args = parser.parse_args()
    for empties in args.empties:
        states = fixed_positions(empties, args.positions)
        exact = [timed_solve(s, -64, 64, args.limit) for s in states]
        wld = [timed_solve(s, -1, 1, args.limit) for s in states]
        done = [t for t in exact if t is not None]
        share = len(done) / len(states)
        target = f" (target >= {TARGET_12:.0%}) -> {'OK' if share >= TARGET_12 else 'MISSED'}" if empties == 12 else ""
        median = f"{statistics.median(done):.3f} s" if done else "-"
        slowest = f"{max(done):.3f} s" if done else "-"
        print(f"ENDGAME empties={empties} positions={len(states)} exact_within_{args.limit:g}s={share:.1%} "
              f"wld_within_{args.limit:g}s={sum(t is not None for t in wld) / len(states):.1%} "
              f"median_exact={median} slowest_exact={slowest}{target}")


if __name__ == "__main__":
    main()
