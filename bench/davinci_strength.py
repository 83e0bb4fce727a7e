"""Strength of Da Vinci Code's expert against the source's computer at its hard level.

    python bench/davinci_strength.py [--games 1000] [--jobs 2] [--referee]
    python bench/davinci_strength.py --tune [--games 600]

Two series on the official rules, every game dealt from its own seed:
expert against seed:hard with two players, the expert's seat alternating
(target: the expert wins at least 70%), and expert against three seed:hard
with four players, the expert's seat rotating (target: at least 45%; an
equal share is 25%). Games run in-process, each AI answering the view of its
seat only; every expert decision is timed and the slowest is printed with the
count over the 0.5 s move limit. --referee plays the same games through the
match and its AI process instead, as the app and the arena do, where a late
or illegal answer loses.

--tune plays the expert with each CONTINUE_RISK of a grid against seed:hard
for 2, 3 and 4 players (the same deals for every value, so the values are
compared on equal terms) and prints the win share of each; expert.py keeps
the best value for each player count.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import time
from concurrent.futures import ProcessPoolExecutor

from boardhub.core.game import get_game
from boardhub.core.arena import play_game
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.worker import ProcessWorker
from boardhub.games.davinci.expert import CONTINUE_RISK, ExpertAI

LIMIT = 0.5
TARGETS = {2: 0.70, 4: 0.45}
SEEDS = {2: 0, 3: 500_000, 4: 1_000_000}  # first deal of each series
TUNE_GRID = (0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4)


def play_one(players: int, seed: int, risk: float | None = None) -> tuple[bool, list[float]]:
    """One in-process game from deal `seed`; (the expert won, its decision times)."""
    game = get_game("davinci")
    rules = game.rules
    me = seed % players
    ais = [game.make_ai("seed:hard", seed=seed * 10 + s) for s in range(players)]
    ais[me] = ExpertAI(seed=seed * 10 + me, continue_risk=None if risk is None else {players: risk})
    state = rules.new_game({"players": players}, seed)
    times = []
    while not rules.is_over(state):
        seat = rules.to_move(state)
        view = rules.view(state, seat)
        started = time.perf_counter()
        move = ais[seat].choose(view, time.monotonic() + LIMIT)
        if seat == me:
            times.append(time.perf_counter() - started)
        state = rules.apply(state, move)
    return rules.outcome(state).winner == me, times


def play_refereed(players: int, seed: int, worker: ProcessWorker) -> tuple[bool, list[float]]:
    """One game through the match and its AI process, under the referee's move limit."""
    game = get_game("davinci")
    me = seed % players
    seats = [Seat("expert" if s == me else "seed:hard") for s in range(players)]
    match = Match(game, seats, {"players": players}, seed=seed, worker=worker,
                  timing=Timing(limit=LIMIT, ai_delay=0.0, chain_delay=0.0, referee=True))
    play_game(match)
    match.close()
    out = match.outcome
    if out.is_forfeit:
        print(f"  game {seed}: {out.reason}: {out.detail}")
    return out.winner == me, [p.seconds for p in match.history if p.seat == me]


def chunk(args: tuple) -> tuple[int, list[float]]:
    """Games [first, first + count) of a series: (expert wins, expert decision times)."""
    players, first, count, risk, referee = args
    wins, times = 0, []
    worker = ProcessWorker() if referee else None
    try:
        for seed in range(first, first + count):
            won, t = play_refereed(players, seed, worker) if referee else play_one(players, seed, risk)
            wins += won
            times += t
    finally:
        if worker is not None:
            worker.close()
    return wins, times


def series(players: int, games_count: int, jobs: int, risk: float | None = None,
           referee: bool = False) -> tuple[int, list[float]]:
    """Expert wins and decision times over `games_count` deals, split across `jobs` processes."""
    first = SEEDS[players]
    parts = [(players, first + k * games_count // jobs, (k + 1) * games_count // jobs - k * games_count // jobs,
              risk, referee) for k in range(jobs)]
    if jobs == 1:
        results = [chunk(parts[0])]
    else:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("spawn")) as pool:
            results = list(pool.map(chunk, parts))
    return sum(w for w, _ in results), [t for _, ts in results for t in ts]


def report(players: int, games_count: int, wins: int, times: list[float], seconds: float) -> None:
    share = wins / games_count
    target = TARGETS[players]
    rivals = "seed:hard" if players == 2 else f"{players - 1} x seed:hard"
    times = sorted(times)
    print(f"RESULT players={players} expert vs {rivals}: won {wins} of {games_count} = {share:.1%} "
          f"(target >= {target:.0%}; an equal share is {1 / players:.0%}) -> "
          f"{'OK' if share >= target else 'MISSED'}")
    print(f"  expert decisions: {len(times)}, median {1000 * times[len(times) // 2]:.1f} ms, "
          f"slowest {1000 * times[-1]:.1f} ms, over the {LIMIT:g} s limit: {sum(t > LIMIT for t in times)}; "
          f"series took {seconds:.0f} s")


def tune(games_count: int, jobs: int) -> None:
    print(f"tuning CONTINUE_RISK: {games_count} games per value and player count, the same deals for every "
          f"value; in play now: {CONTINUE_RISK}")
    for players in (2, 3, 4):
        shares = {}
        for risk in TUNE_GRID:
            wins, _ = series(players, games_count, jobs, risk)
            shares[risk] = wins / games_count
            print(f"  players={players} risk={risk:<5g} expert won {shares[risk]:.1%}", flush=True)
        best = max(TUNE_GRID, key=lambda r: shares[r])
        print(f"TUNE players={players} best risk={best:g} ({shares[best]:.1%}); "
              + " ".join(f"{r:g}:{shares[r]:.3f}" for r in TUNE_GRID), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2, help="processes playing games side by side")
    parser.add_argument("--referee", action="store_true", help="through the match and its AI process")
    parser.add_argument("--tune", action="store_true", help="try a grid of CONTINUE_RISK values")
    args = parser.parse_args()
    print(f"load average at start {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {args.jobs} processes")
    if args.tune:
        tune(args.games, args.jobs)
        return
    for players in (2, 4):
        started = time.monotonic()
        wins, times = series(players, args.games, args.jobs, referee=args.referee)
        report(players, args.games, wins, times, time.monotonic() - started)


if __name__ == "__main__":
    main()
