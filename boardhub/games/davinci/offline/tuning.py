"""Tuning the constants the report leaves open, by self-play, as its future work asks.

    python tools/tune_davinci.py [--games 100] [--rounds 2] [--seed 0] [--jobs 0] [--out FILE]

The report's last section: "a few constants the computer's decisions need are
still rough; optimised over more games, the computer's win rate would rise
visibly". Those are the reliability's start (`trust`), what a caught bluff takes
off it (`fall`) and what a confirmed honest call adds (`rise`) - "how much to add
or take away is to be adjusted" - and LEAST_SCORE_TO_GUESS (`least`), the weight
the best call left must reach to guess again ("settled over a few tests").

Method: a coordinate search. Each constant in turn tries every value of its
grid, the others held at the best found so far, and keeps the value that
scores best (the one held on a tie); ROUNDS passes over the four. A value is
scored by seed:hard playing by it against a fixed field - seed:hard by the
untuned constants (self-play), and the bluffers at 20, 40 and 60 per cent, the
people the report wrote for - `games` two-player games against each, seats
alternating, every value on the same deals. A game depends on its seed alone
and the scores are sums of whole games, so the result is the same for any
number of processes.
"""
from __future__ import annotations

import multiprocessing as mp
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, replace
from typing import Callable

from boardhub.games.davinci.ai import UNTUNED, SeedAI
from boardhub.games.davinci.bluffer import BlufferAI
from boardhub.games.davinci.engine import DavinciRules
from boardhub.games.davinci.weights import Constants

GRIDS: dict[str, tuple[float, ...]] = {
    "least": (60.0, 80.0, 100.0, 125.0, 150.0, 200.0, 300.0),
    "trust": (50.0, 60.0, 70.0, 80.0, 90.0, 100.0),
    "fall": (0.0, 5.0, 10.0, 20.0, 30.0, 50.0),
    "rise": (0.0, 1.0, 2.0, 5.0, 10.0),
}
FIELD = ("seed:hard", "bluffer:20", "bluffer:40", "bluffer:60")  # seed:hard plays by UNTUNED
DEFAULT_GAMES = 100  # a value's games against each of the field
ROUNDS = 2
RULES = DavinciRules()


def opponent(name: str, seed: int):
    if name == "seed:hard":
        return SeedAI("hard", seed=seed, constants=UNTUNED)
    return BlufferAI(int(name.split(":")[1]), seed=seed)


def play(constants: Constants, rival: str, deal: int) -> float:
    """One game of seed:hard by `constants` against `rival` from deal `deal`: 1 won, 0 lost, 0.5 drawn."""
    me = deal % 2
    ais = [SeedAI("hard", seed=deal * 10 + s, constants=constants) if s == me else opponent(rival, deal * 10 + s)
           for s in range(2)]
    state = RULES.new_game({"players": 2}, deal)
    while not state.over:
        state = RULES.apply(state, ais[state.to_move].choose(RULES.view(state, state.to_move), 0.0))
    return 0.5 if state.winner is None else float(state.winner == me)


def _batch(args: tuple[Constants, str, int, int]) -> float:
    constants, rival, first, count = args
    return sum(play(constants, rival, deal) for deal in range(first, first + count))


def score(constants: Constants, games: int, seed: int, pool: ProcessPoolExecutor | None, jobs: int) -> float:
    """The share of points seed:hard by `constants` takes from the field, games 0..games-1 against each."""
    first = seed * 1_000_000
    parts = [(constants, rival, first + k * games // jobs, (k + 1) * games // jobs - k * games // jobs)
             for rival in FIELD for k in range(jobs)]
    points = list(pool.map(_batch, parts)) if pool else [_batch(p) for p in parts]
    return sum(points) / (games * len(FIELD))


def tune(games: int = DEFAULT_GAMES, rounds: int = ROUNDS, seed: int = 0, jobs: int = 1,
         show: Callable[[str], None] = print) -> tuple[Constants, dict]:
    """The best constants found, and how they were found (every value tried and its score)."""
    started = time.monotonic()
    best = UNTUNED
    pool = ProcessPoolExecutor(jobs, mp_context=mp.get_context("spawn")) if jobs > 1 else None
    trace = []
    try:
        best_score = score(best, games, seed, pool, jobs)
        show(f"start {asdict(best)}: {best_score:.3f}")
        for rnd in range(1, rounds + 1):
            for name, grid in GRIDS.items():
                results = {}
                for value in grid:
                    trial = replace(best, **{name: value})
                    results[value] = best_score if trial == best else score(trial, games, seed, pool, jobs)
                    show(f"round {rnd} {name}={value:g}: {results[value]:.3f}")
                held = getattr(best, name)
                choice = max(grid, key=lambda v: (results[v], v == held))
                if results[choice] > best_score:
                    best, best_score = replace(best, **{name: choice}), results[choice]
                trace.append({"round": rnd, "constant": name, "scores": {f"{v:g}": round(s, 4) for v, s in
                                                                         results.items()},
                              "kept": getattr(best, name)})
                show(f"round {rnd} {name}: kept {getattr(best, name):g} ({best_score:.3f})")
    finally:
        if pool:
            pool.shutdown()
    made = {"games_per_rival": games, "rounds": rounds, "seed": seed, "processes": jobs,
            "field": list(FIELD), "field_note": "seed:hard plays the field's games by the untuned constants",
            "start": asdict(UNTUNED), "grids": {k: list(v) for k, v in GRIDS.items()},
            "score": round(best_score, 4), "trace": trace, "seconds": round(time.monotonic() - started)}
    return best, made
