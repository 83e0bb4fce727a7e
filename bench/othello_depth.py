"""How deep Othello's expert sees in the midgame at a move limit, with Multi-ProbCut and without.

    .venv/bin/python bench/othello_depth.py [--positions 40] [--limit 0.5] [--seed 7]

Midgame positions of self-play games (as the MPC fit draws them, 19 to 50
empty squares: past the opening book, before the exact solver); on each, the expert chooses a move at the limit with its
fitted cuts and again with none (the search before them), each from fresh
tables. Printed: the median depth it finished and the nodes a second of
each, side by side in the same run (the clock decides, so these are a
machine's figures).
"""
from __future__ import annotations

import argparse
import statistics
import time

from benchlib import load_note

from boardhub.games.othello.engine import BLACK, OthelloState
from boardhub.games.othello.expert import ExpertAI
from boardhub.games.othello.offline import mpc_fit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--limit", type=float, default=0.5, help="seconds a move")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(load_note())
    found = mpc_fit.midgame(args.positions, args.seed, most_empties=50)  # 50: past the opening book
    depths: dict[str, list[int]] = {"with MPC": [], "without": []}
    rates: dict[str, list[float]] = {"with MPC": [], "without": []}
    for me, opp in found:
        view = OthelloState(me, opp, BLACK)  # the mover's discs as black's
        for name in depths:
            ai = ExpertAI(seed=0)
            if name == "without":
                ai.cuts = {}
            started = time.monotonic()
            ai.choose(view, started + args.limit)
            depths[name].append(ai.depth)
            rates[name].append(ai.nodes / max(1e-6, time.monotonic() - started))
    for name in depths:
        print(f"{name:9s} median depth {statistics.median(depths[name]):4.1f}  mean {statistics.mean(depths[name]):4.2f}"
              f"  nodes a second {statistics.median(rates[name]):7.0f}")
    print(f"RESULT othello_depth positions={len(found)} limit={args.limit:g} "
          f"median_depth_with_mpc={statistics.median(depths['with MPC']):g} "
          f"median_depth_without={statistics.median(depths['without']):g}")


if __name__ == "__main__":
    main()
