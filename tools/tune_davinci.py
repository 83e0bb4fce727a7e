"""Tune the Da Vinci Code source AI's open constants by self-play; write them where the AI reads them.

    python tools/tune_davinci.py [--games 100] [--rounds 2] [--seed 0] [--jobs 0] [--out FILE]

The constants go to boardhub/assets/davinci_seed.json (or --out) and how they
were made to the .made.json beside it (boardhub/games/davinci/offline/tuning.py
says how). The same seed and counts give the same constants for any --jobs.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardhub.games.davinci.ai import CONSTANTS_PATH  # noqa: E402
from boardhub.games.davinci.offline import tuning  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=tuning.DEFAULT_GAMES,
                        help=f"games a value plays against each rival (default {tuning.DEFAULT_GAMES})")
    parser.add_argument("--rounds", type=int, default=tuning.ROUNDS)
    parser.add_argument("--seed", type=int, default=0, help="the deals: the same seed gives the same constants")
    parser.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    parser.add_argument("--out", help=f"where the constants go (default {CONSTANTS_PATH})")
    args = parser.parse_args(argv)
    if args.games < 1 or args.rounds < 1 or args.jobs < 0:
        parser.error("--games and --rounds take 1 or more, --jobs 0 (every core) or more")
    jobs = args.jobs or os.cpu_count() or 1
    out = Path(args.out) if args.out else CONSTANTS_PATH
    print(f"tuning the source AI's constants: {args.games} games a value against each of {len(tuning.FIELD)} "
          f"rivals, {args.rounds} rounds, seed {args.seed}, {jobs} processes", flush=True)
    best, made = tuning.tune(args.games, args.rounds, args.seed, jobs, show=lambda line: print(line, flush=True))
    command = ["python", "tools/tune_davinci.py", "--games", str(args.games), "--rounds", str(args.rounds),
               "--seed", str(args.seed), "--jobs", str(args.jobs)] + (["--out", args.out] if args.out else [])
    made = {"command": " ".join(command), "date": datetime.datetime.now(datetime.timezone.utc)
            .strftime("%Y-%m-%d %H:%M"), **made}
    out.write_text(json.dumps(asdict(best), indent=1) + "\n", encoding="utf-8")
    out.with_suffix(".made.json").write_text(json.dumps(made, indent=1) + "\n", encoding="utf-8")
    print(f"TUNED {' '.join(f'{k}={v:g}' for k, v in asdict(best).items())} score={made['score']} "
          f"seconds={made['seconds']}")
    print(f"saved {out} and {out.with_suffix('.made.json')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
