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
