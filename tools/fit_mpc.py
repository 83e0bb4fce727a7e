"""Fit Othello's Multi-ProbCut lines from the expert's own searches; write them where the expert reads them.

    python tools/fit_mpc.py [--positions 240] [--endgame 240] [--seed 0] [--jobs 0] [--out FILE]

The midgame's lines (from --positions positions searched at depths 1-8) and
the endgame's (from --endgame positions solved exactly) go to
boardhub/assets/othello_mpc.json (or --out) with how they were made in the
same file (boardhub/games/othello/offline/mpc_fit.py says how). The same
seed and counts give the same lines for any --jobs. Printed: the fit's
sigma, in discs, for every stage and deep depth, then for every number of
empty squares of the endgame.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardhub.core.progress import progress_bar  # noqa: E402
from boardhub.games.othello import mpc  # noqa: E402
from boardhub.games.othello.evaluation import UNIT  # noqa: E402
from boardhub.games.othello.offline import mpc_fit  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=240, help="positions searched (default 240)")
    parser.add_argument("--endgame", type=int, default=240,
                        help="endgame positions solved exactly (default 240)")
    parser.add_argument("--seed", type=int, default=0, help="the games: the same seed gives the same lines")
    parser.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    parser.add_argument("--out", help=f"where the lines go (default {mpc.PATH})")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.endgame < 1 or args.jobs < 0:
        parser.error("--positions and --endgame take 1 or more, --jobs 0 (every core) or more")
    jobs = args.jobs or os.cpu_count() or 1
    out = Path(args.out) if args.out else mpc.PATH
    low, high = mpc.ENDGAME_EMPTIES
    print(f"fitting Multi-ProbCut: {args.positions} positions of self-play games searched at depths 1-"
          f"{mpc.DEEPEST}, {args.endgame} of {low}-{high} empty squares solved exactly, seed {args.seed}, "
          f"{jobs} processes", flush=True)
    started = time.monotonic()
    found = mpc_fit.positions(args.positions, args.seed)
    show = None if args.quiet else (lambda done, total, secs: progress_bar(done, total, "positions", secs))
    lines = mpc_fit.fit(found, mpc_fit.search_all(found, jobs, show))
    ends = mpc_fit.positions(args.endgame, args.seed, mpc.ENDGAME_EMPTIES)
    endgame = mpc_fit.fit_endgame(ends, mpc_fit.search_all(ends, jobs, show, mpc_fit.endgame_values))
    seconds = round(time.monotonic() - started)
    command = ["python", "tools/fit_mpc.py", "--positions", str(args.positions), "--endgame", str(args.endgame),
               "--seed", str(args.seed), "--jobs", str(args.jobs)] + (["--out", args.out] if args.out else [])
    made = {"command": " ".join(command),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"),
            "how": "ExpertAI.fixed_value at depths 1-8 of positions of self-play games (mpc_fit.positions); "
                   "a least-squares line per stage and depth; endgame: the exact margin (EndgameSolver) "
                   f"from the value at depth {mpc.ENDGAME_SHALLOW}, a line per number of empties fitted to "
                   f"the positions within {mpc_fit.SMOOTH} of it; values and sigma in search units "
                   f"({UNIT} a disc)", "seconds": seconds, "processes": jobs}
    out.write_text(json.dumps({"made": made, "lines": lines, "endgame": endgame}, indent=1) + "\n",
                   encoding="utf-8")
    depths = range(3, mpc.DEEPEST + 1)
    print("sigma in discs    " + "".join(f"  d={d}/{mpc.shallow_depth(d)}" for d in depths))
    for st in sorted({line["stage"] for line in lines}):
        row = {line["depth"]: line for line in lines if line["stage"] == st}
        lo, hi = row[min(row)]["empties"]
        print(f"empties {lo:2d}-{hi:2d}     " + "".join(
            f"  {row[d]['sigma'] / UNIT:6.2f}" if d in row else "       -" for d in depths))
    print(f"endgame, sigma in discs of the final margin from depth {mpc.ENDGAME_SHALLOW}:")
    for line in endgame:
        print(f"empties {line['empties']:2d}        {line['sigma'] / UNIT:6.2f}  ({line['samples']} positions)")
    print(f"FITTED othello_mpc lines={len(lines)} endgame_lines={len(endgame)} positions={args.positions} "
          f"endgame_positions={args.endgame} seconds={seconds} processes={jobs}")
    print(f"saved {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
