"""Cold start: seconds from launching `python -m boardhub` to its first menu frame.

    python bench/startup.py [--runs 5]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def once() -> float:
    env = dict(os.environ)
    if not env.get("DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "boardhub", "--startup-time"], stdout=subprocess.PIPE,
                            text=True, env=env)
    line = proc.stdout.readline()
    elapsed = time.perf_counter() - t0
    proc.wait(timeout=30)
    if line.strip() != "ready":
        raise SystemExit(f"the app did not start: {line!r}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    times = [once() for _ in range(args.runs)]
    print("runs: " + " ".join(f"{t:.3f}" for t in times))
    med = statistics.median(times)
    print(f"cold start to the main menu: median {med:.3f} s, max {max(times):.3f} s "
          f"(target <= 1.5 s) -> {'OK' if max(times) <= 1.5 else 'MISSED'}")


if __name__ == "__main__":
    main()
