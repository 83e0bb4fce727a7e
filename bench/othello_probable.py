"""How often Othello's selective endgame search finds the right result, and how much sooner than the proof.

    python bench/othello_probable.py [--positions 12] [--empties 18 20] [--seed 7] [--limit 0.5] [--t T]

The expert's selective solver (ExpertAI.selective: the exact solver with
Multi-ProbCut's endgame lines) looks for the probable result of a position:
win, draw or loss, the window around zero. Each result here is judged
against one no selective search made:

- FFO #21-#30, 15 to 20 empty squares, whose results are published
  (tests/test_othello_ffo.py holds the table and its sources);
- positions of self-play games (offline/mpc_fit.positions, a seed the fit
  does not use) with each of --empties empty squares, proven here by the
  exact solver on the same window without a limit.

Each position gets fresh tables, and the exact solver's proof of the same
window is timed beside it: that is the baseline. Printed per set: the share
of probable results equal to the true one, the median and slowest time of
each, the median of the proof's time over the probable one's, and the
shares that finish within the time the expert gives each in a --limit move:
both start after its short midgame search (MIDGAME_SHARE_IN_ENDGAME of the
move's budget), the probable search ends at PROBABLE_SHARE and a proof with no
probable search before it at PROOF_SHARE. The RESULT line
sums both sets. --t sets the cuts' confidence in sigmas (default the
expert's ENDGAME_T), to weigh speed against errors.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from benchlib import load_note

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardhub.games.othello import expert  # noqa: E402
from boardhub.games.othello.endgame import EndgameSolver  # noqa: E402
from boardhub.games.othello.expert import (MIDGAME_SHARE_IN_ENDGAME, PROBABLE_SHARE, PROOF_SHARE,  # noqa: E402
                                           TIME_SHARE, ExpertAI)
from boardhub.games.othello.offline.mpc_fit import positions  # noqa: E402
from tests.test_othello_ffo import SLOW_SCORE, position, published  # noqa: E402

Row = tuple[int, int, int, float, float]  # (true sign, probable sign, empties, probable s, proof s)


def sign(v: int) -> int:
    return (v > 0) - (v < 0)


def judge(me: int, opp: int, truth: int | None) -> Row:
    """The probable result and the proof of the same window, each from fresh tables, timed."""
    ai = ExpertAI(seed=0)
    started = time.monotonic()
    probable = ai.selective.solve(me, opp, -1, 1)
    middle = time.monotonic()
    proven = EndgameSolver().solve(me, opp, -1, 1)
    ended = time.monotonic()
    true = sign(proven) if truth is None else truth
    assert sign(proven) == true, "the exact solver disagrees with a published result"
    return true, sign(probable), 64 - (me | opp).bit_count(), middle - started, ended - middle


def report(name: str, rows: list[Row], limit: float) -> None:
    right = sum(t == p for t, p, *_ in rows)
    fast = [r[3] for r in rows]
    slow = [r[4] for r in rows]
    budget = TIME_SHARE * limit
    probable_time = (PROBABLE_SHARE - MIDGAME_SHARE_IN_ENDGAME) * budget
    proof_time = (PROOF_SHARE - MIDGAME_SHARE_IN_ENDGAME) * budget
    print(f"PROBABLE set={name} positions={len(rows)} right={right}/{len(rows)} "
          f"median_probable={statistics.median(fast):.3f}s slowest_probable={max(fast):.3f}s "
          f"median_proof={statistics.median(slow):.3f}s slowest_proof={max(slow):.3f}s "
          f"median_ratio={statistics.median(b / max(a, 1e-6) for a, b in zip(fast, slow)):.1f} "
          f"probable_within_{probable_time:.2f}s={sum(a <= probable_time for a in fast)}/{len(rows)} "
          f"proof_within_{proof_time:.2f}s={sum(b <= proof_time for b in slow)}/{len(rows)}", flush=True)
    for t, p, empties, a, b in rows:
        if t != p:
            print(f"  wrong: {empties} empties, true {t:+d}, probable {p:+d}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12, help="self-play positions per count of empties")
    parser.add_argument("--empties", type=int, nargs="+", default=[18, 20])
    parser.add_argument("--seed", type=int, default=7, help="the self-play games (the fit uses seed 0)")
    parser.add_argument("--limit", type=float, default=0.5, help="the move limit the in-time shares are of")
    parser.add_argument("--t", type=float, default=expert.ENDGAME_T, help="the cuts' confidence in sigmas")
    args = parser.parse_args()
    expert.ENDGAME_T = args.t
    print(f"fresh tables per position, window around zero, cuts at {args.t:g} sigmas; {load_note()}")
    every: list[Row] = []
    ffo = []
    for number in SLOW_SCORE:
        state = position(number)
        ffo.append(judge(state.me, state.opp, sign(max(published(number).values()))))
    report("ffo21-30", ffo, args.limit)
    every += ffo
    for empties in args.empties:
        rows = [judge(me, opp, None) for me, opp in positions(args.positions, args.seed, (empties, empties))]
        report(f"selfplay{empties}", rows, args.limit)
        every += rows
    right = sum(t == p for t, p, *_ in every)
    ratio = statistics.median(b / max(a, 1e-6) for *_, a, b in every)
    print(f"RESULT othello_probable t={args.t:g} positions={len(every)} right={right / len(every):.1%} "
          f"median_speedup={ratio:.1f} probable_total={sum(r[3] for r in every):.1f}s "
          f"proof_total={sum(r[4] for r in every):.1f}s")


if __name__ == "__main__":
    main()
