"""Whether a new term could help Othello's learned evaluation: what it explains of the evaluation's error.

    python bench/othello_residuals.py [--games 800] [--seed 77] [--jobs 2]

Fresh self-play games (training.self_play, a seed the shipped weights were
not learned from) give positions before the solver's reach, each with its
game's final result. Per stage of 8 discs the evaluation's error against the
result is printed, and for each candidate term the correlation of the error
with the term and the error left once the best straight line in the term is
taken off. A term worth adding to the patterns takes a clear share of the
error off; the RESULT line gives the largest cut any term makes.

Candidates: potential mobility (empty squares next to the other side's discs,
ours less theirs: the moves one may get later) and frontier discs (our discs
next to an empty square less theirs: the discs that give the other side
moves).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardhub.games.othello import patterns  # noqa: E402
from boardhub.games.othello.engine import FULL, moves_mask  # noqa: E402
from boardhub.games.othello.evaluation import neighbours  # noqa: E402
from boardhub.games.othello.offline import training  # noqa: E402


def terms(me: int, opp: int) -> tuple[int, int]:
    empty = ~(me | opp) & FULL
    potential = (neighbours(opp) & empty).bit_count() - (neighbours(me) & empty).bit_count()
    frontier = (neighbours(empty) & me).bit_count() - (neighbours(empty) & opp).bit_count()
    return potential, frontier


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    args = parser.parse_args()
    started = time.monotonic()
    data = training.self_play(training.Settings(games=args.games, seed=args.seed, jobs=args.jobs))
    evaluate = patterns.evaluator()
    rows = []
    for me, opp, discs, score, exact in zip(data["me"].tolist(), data["opp"].tolist(), data["discs"].tolist(),
                                            data["score"].tolist(), data["exact"].tolist()):
        legal = moves_mask(me, opp)
        if exact or not legal:
            continue
        rows.append((discs, score - evaluate(me, opp, legal) / 100, *terms(me, opp)))
    table = np.array(rows, dtype=float)
    print(f"{args.games} games, {len(rows)} positions before the solver's reach, "
          f"{time.monotonic() - started:.0f} s; error against the game's result, in discs")
    best_cut = 0.0
    for low in range(4, 60 - training.SOLVE_EMPTIES, 8):
        rows_in = (table[:, 0] >= low) & (table[:, 0] < low + 8)
        if rows_in.sum() < 100:
            continue
        error = table[rows_in, 1]
        rmse = float(np.sqrt(np.mean(error ** 2)))
        line = [f"discs {low:2d}-{low + 7:2d}  positions={int(rows_in.sum()):6d}  rmse={rmse:5.2f}"]
        for column, name in ((2, "potential mobility"), (3, "frontier discs")):
            x = table[rows_in, column]
            fit = np.c_[x, np.ones_like(x)]
            beta, *_ = np.linalg.lstsq(fit, error, rcond=None)
            left = float(np.sqrt(np.mean((error - fit @ beta) ** 2)))
            best_cut = max(best_cut, (rmse - left) / rmse)
            line.append(f"{name}: r={np.corrcoef(error, x)[0, 1]:+.3f} left={left:5.2f}")
        print("  ".join(line))
    print(f"RESULT othello_residuals games={args.games} largest_cut={best_cut:.2%}")


if __name__ == "__main__":
    main()
