"""Choosing Gomoku's late-move reductions and futility margin by self-play at equal node budgets.

    python bench/gomoku_pruning.py [--games 40] [--nodes 6000] [--jobs J]
                                   [--candidates "3,3,1,400;3,3,1,none;..."]

Each candidate (lmr_from, lmr_depth, lmr_cut, futility: search.Pruning) plays
the expert with no pruning at all, both at the same node budget a move (so a
candidate wins only by spending its nodes better), in two series: renju on
19 x 19 and freestyle on 15 x 15, GAMES / 2 balanced openings each played once
with each colour (boardhub.games.gomoku.offline.openings). Node budgets make
every game replay exactly, so two runs give the same figures. Printed: each
candidate's score per series and overall; the shipped set is search.PRUNING.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from benchlib import load_note

from boardhub.games.gomoku.engine import BLACK, GomokuRules
from boardhub.games.gomoku.expert import ExpertAI
from boardhub.games.gomoku.offline.openings import openings
from boardhub.games.gomoku.search import NO_PRUNING, PRUNING, Pruning

RULES = GomokuRules()
SERIES = {"renju": ("renju", 19), "freestyle": ("freestyle", 15)}
MOVES_CAP = 200  # a game this long is scored a draw


def play(rule: str, size: int, opening: tuple[int, ...], tried_black: bool, tried: Pruning, nodes: int,
         seed: int) -> float:
    """1 if the candidate wins, 0.5 a draw, 0 a loss."""
    ais = [ExpertAI(seed=seed, nodes=nodes, pruning=tried), ExpertAI(seed=seed, nodes=nodes, pruning=NO_PRUNING)]
    seats = ais if tried_black else ais[::-1]
    state = RULES.new_game({"rule": rule, "size": size, "forbidden_loses": True})
    for p in opening:
        state = RULES.apply(state, p)
    while not state.reason and len(state.moves) < MOVES_CAP:
        state = RULES.apply(state, seats[state.player].choose(state, time.monotonic() + 60))
    tried_seat = BLACK if tried_black else 1 - BLACK
    return 0.5 if state.winner is None else float(state.winner == tried_seat)


def parse(text: str) -> Pruning:
    a, b, c, d = (x.strip() for x in text.split(","))
    return Pruning(int(a), int(b), int(c), None if d.lower() == "none" else int(d))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games a series, two from each opening")
    parser.add_argument("--nodes", type=int, default=6000, help="nodes a move for both sides")
    parser.add_argument("--jobs", type=int, default=0, help="games at a time (default: every core)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--candidates", default=",".join(map(str, PRUNING)).replace("None", "none"),
                        help="lmr_from,lmr_depth,lmr_cut,futility sets, separated by ';' (default the shipped one)")
    args = parser.parse_args()
    try:
        candidates = [parse(c) for c in args.candidates.split(";") if c.strip()]
    except ValueError:
        parser.error("--candidates: four values a set (the last a number or none), sets separated by ';'")
    jobs = args.jobs or os.cpu_count() or 1
    games = args.games + args.games % 2
    print(f"pruning candidates against none: {games} games a series at {args.nodes} nodes a move, "
          f"{jobs} at a time; {load_note()}")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("spawn")) as pool:
        for tried in candidates:
            started = time.monotonic()
            shares = {}
            for name, (rule, size) in SERIES.items():
                starts = openings(math.ceil(games / 2), size, args.seed)
                tasks = [(rule, size, starts[n // 2], n % 2 == 0, tried, args.nodes, args.seed + n)
                         for n in range(games)]
                shares[name] = sum(pool.map(play, *zip(*tasks))) / games
            overall = sum(shares.values()) / len(shares)
            print(f"RESULT gomoku_pruning {tuple(tried)} renju={100 * shares['renju']:.1f}% "
                  f"freestyle={100 * shares['freestyle']:.1f}% overall={100 * overall:.1f}% "
                  f"[{time.monotonic() - started:.0f} s]", flush=True)
            sys.stdout.flush()


if __name__ == "__main__":
    main()
