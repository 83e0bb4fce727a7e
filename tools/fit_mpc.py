"""Fit Othello's Multi-ProbCut lines from the expert's own searches; write them where the expert reads them.

    python tools/fit_mpc.py [--positions 240] [--seed 0] [--jobs 0] [--out FILE]

The lines go to boardhub/assets/othello_mpc.json (or --out) with how they were
made in the same file (boardhub/games/othello/offline/mpc_fit.py says how).
The same seed and count give the same lines for any --jobs. Printed: the
fit's sigma, in discs, for every stage and deep depth.
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
    parser.add_argument("--seed", type=int, default=0, help="the games: the same seed gives the same lines")
    parser.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    parser.add_argument("--out", help=f"where the lines go (default {mpc.PATH})")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.jobs < 0:
        parser.error("--positions takes 1 or more, --jobs 0 (every core) or more")
    jobs = args.jobs or os.cpu_count() or 1
    out = Path(args.out) if args.out else mpc.PATH
    print(f"fitting Multi-ProbCut: {args.positions} positions of self-play games searched at depths 1-"
          f"{mpc.DEEPEST}, seed {args.seed}, {jobs} processes", flush=True)
    started = time.monotonic()
    found = mpc_fit.positions(args.positions, args.seed)
    show = None if args.quiet else (lambda done, total, secs: progress_bar(done, total, "positions", secs))
    lines = mpc_fit.fit(found, mpc_fit.search_all(found, jobs, show))
    seconds = round(time.monotonic() - started)
    command = ["python", "tools/fit_mpc.py", "--positions", str(args.positions), "--seed", str(args.seed),
               "--jobs", str(args.jobs)] + (["--out", args.out] if args.out else [])
    made = {"command": " ".join(command),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"),
            "how": "ExpertAI.fixed_value at depths 1-8 of positions of self-play games (mpc_fit.positions); "
                   "a least-squares line per stage and depth; values and sigma in search units "
                   f"({UNIT} a disc)", "seconds": seconds, "processes": jobs}
    out.write_text(json.dumps({"made": made, "lines": lines}, indent=1) + "\n", encoding="utf-8")
    depths = range(3, mpc.DEEPEST + 1)
    print("sigma in discs    " + "".join(f"  d={d}/{mpc.shallow_depth(d)}" for d in depths))
    for st in sorted({line["stage"] for line in lines}):
        row = {line["depth"]: line for line in lines if line["stage"] == st}
        lo, hi = row[min(row)]["empties"]
        print(f"empties {lo:2d}-{hi:2d}     " + "".join(
            f"  {row[d]['sigma'] / UNIT:6.2f}" if d in row else "       -" for d in depths))
    print(f"FITTED othello_mpc lines={len(lines)} positions={args.positions} seconds={seconds} processes={jobs}")
    print(f"saved {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
