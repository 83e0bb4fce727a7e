"""What the strength benchmarks share: running their series side by side, and a note on the load."""
from __future__ import annotations

import multiprocessing as mp
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, Sequence


def run_series(run: Callable[..., Any], jobs: Sequence[tuple], serial: bool, workers: int = 2) -> list[Any]:
    """`run(*job)` for every job: one after the other, or `workers` at a time in fresh processes."""
    if serial:
        return [run(*job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("spawn")) as pool:
        return [f.result() for f in [pool.submit(run, *job) for job in jobs]]


def load_note() -> str:
    return (f"load average at start {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores "
            "(timings are noisy on a shared machine)")


def print_series(r: Any, a: str, b: str, seconds: float, limit_note: str = "their limit") -> None:
    """A series' RESULT line, its forfeits and one line in words: results, margin, slowest moves, late moves."""
    print(r.line())
    for forfeit in r.forfeits:
        print(f"  forfeit: {forfeit}")
    print(f"{a}: won {r.a_wins}, drew {r.draws}, lost {r.b_wins}; mean margin {r.margin:+.1f} discs; "
          f"slowest move: {a} {r.slowest.get('a', 0):.3f} s, {b} {r.slowest.get('b', 0):.3f} s; "
          f"moves over {limit_note}: {r.late}; {seconds:.0f} s")
