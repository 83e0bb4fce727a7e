"""Gomoku's expert against the expert of an earlier commit (the last commit by default), from balanced openings.

    python bench/gomoku_vs_previous.py [--base REV] [--games 200] [--limit 0.5] [--jobs J]
                                       [--series renju,freestyle] [--seed 0]

Two series: renju on 19 x 19 and freestyle on 15 x 15. Each starts its
games from GAMES / 2 different balanced openings (boardhub.games.gomoku.
openings: three stones near the centre, white to move), each opening played
twice so that each expert has each colour once. The earlier commit is
checked out into a temporary git worktree and its expert plays through
bench/previous.py's seat, a subprocess of that commit's code. Target: the
working tree's expert scores at least 75% of each series, a draw counting
half.

The referee's rules hold throughout: a forbidden, taken or late move loses
(late: the move's round trip beyond the limit and the arena's grace). Every
move is timed around the call, as the arena times it; the slowest move of
each side and the count of moves over the limit (target: 0) are printed,
with each side's nodes a second over its moves and the median depth of
the alpha-beta iterations it finished on the moves alpha-beta decided.
Games run J at a time (default: every core), each in a process with its own
pair of AIs; each game is seeded by its number, so a game replays alike
whatever J is, up to the time its searches get.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from benchlib import load_note
from previous import describe, make, previous_tree, use

from boardhub.core.match import REFEREE_GRACE
from boardhub.core.rules import IllegalMove
from boardhub.games.gomoku.engine import BLACK, GomokuRules
from boardhub.games.gomoku.expert import ExpertAI
from boardhub.games.gomoku.offline.openings import openings

SERIES = {"renju": ("renju", 19), "freestyle": ("freestyle", 15)}
TARGET = 0.75
RULES = GomokuRules()


@dataclass
class Game:
    """One game's result, from the working tree's expert's side."""

    score: float  # 1 won, 0.5 drawn, 0 lost
    new_black: bool
    reason: str
    moves: int
    slowest: dict[str, float] = field(default_factory=dict)  # "new" / "previous" -> seconds
    late: dict[str, int] = field(default_factory=dict)
    depths: dict[str, list[int]] = field(default_factory=dict)  # the alpha-beta's depth, moves it decided
    nodes: dict[str, int] = field(default_factory=dict)  # over the game
    seconds: dict[str, float] = field(default_factory=dict)


def play_game(rule: str, size: int, opening: tuple[int, ...], new_black: bool, limit: float, seed: int) -> Game:
    """One game from `opening`; the earlier expert runs in this process's subprocess (previous.py)."""
    new, old = ExpertAI(seed=seed), make(seed=seed)
    old.prepare()
    names = ("new", "previous") if new_black else ("previous", "new")
    seats = (new, old) if new_black else (old, new)
    state = RULES.new_game({"rule": rule, "size": size, "forbidden_loses": True})
    for p in opening:
        state = RULES.apply(state, p)
    slowest = {"new": 0.0, "previous": 0.0}
    late = {"new": 0, "previous": 0}
    depths: dict[str, list[int]] = {"new": [], "previous": []}
    stats = {"new": new.__dict__, "previous": {}}
    loser, reason = None, ""
    try:
        while not state.reason:
            seat = state.player
            ai = seats[seat]
            started = time.monotonic()
            if ai is old:
                move = old.choose(state, started + limit, history=state.moves)
            else:
                move = new.choose(state, started + limit)
            took = time.monotonic() - started
            name = names[seat]
            if ai is old:
                stats["previous"] = old.stats()  # asked after the clock stopped
            if stats[name].get("reason", "").startswith("search"):
                depths[name].append(stats[name]["depth"])
            slowest[name] = max(slowest[name], took)
            late[name] += took > limit
            if took > limit + REFEREE_GRACE:
                loser, reason = seat, "time"
                break
            try:
                state = RULES.apply(state, move)
            except IllegalMove:
                loser, reason = seat, "illegal"
                break
    finally:
        old.close()
    if loser is None:
        winner, reason = state.winner, state.reason
    else:
        winner = 1 - loser
    new_seat = BLACK if new_black else 1 - BLACK
    score = 0.5 if winner is None else float(winner == new_seat)
    nodes, seconds = ({name: got.get(key, 0) for name, got in stats.items()} for key in ("nodes", "seconds"))
    return Game(score, new_black, reason, len(state.moves), slowest, late, depths, nodes, seconds)


def run_series(name: str, games: int, limit: float, jobs: int, seed: int) -> list[Game]:
    rule, size = SERIES[name]
    starts = openings(math.ceil(games / 2), size, seed)
    tasks = [(rule, size, starts[n // 2], n % 2 == 0, limit, seed + n) for n in range(games)]
    results: list[Game] = []
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("spawn")) as pool:
        for game in pool.map(play_game, *zip(*tasks)):
            results.append(game)
            won = sum(g.score for g in results)
            sys.stderr.write(f"\r{name}: {len(results)}/{games} games, new {won:g} points, "
                             f"{time.monotonic() - started:.0f}s ")
            sys.stderr.flush()
    sys.stderr.write("\n")
    return results


def report(name: str, results: list[Game], limit: float) -> None:
    rule, size = SERIES[name]
    games = len(results)
    score = sum(g.score for g in results) / games
    for colour, black in (("black", True), ("white", False)):
        mine = [g for g in results if g.new_black == black]
        won = sum(g.score == 1 for g in mine)
        drew = sum(g.score == 0.5 for g in mine)
        print(f"{rule} {size}x{size}, new expert as {colour}: won {won}, drew {drew}, lost {len(mine) - won - drew} "
              f"of {len(mine)}")
    slowest = {side: max(g.slowest[side] for g in results) for side in ("new", "previous")}
    late = {side: sum(g.late[side] for g in results) for side in ("new", "previous")}
    odd = [f"{g.reason}" for g in results if g.reason not in ("five", "forbidden", "full")]
    forbidden = sum(g.reason == "forbidden" for g in results)
    print(f"  slowest move: new {slowest['new']:.3f} s, previous {slowest['previous']:.3f} s; moves over the "
          f"{limit:g} s limit: new {late['new']}, previous {late['previous']}; games lost to a forbidden move: "
          f"{forbidden}; other forfeits: {len(odd)} {' '.join(sorted(set(odd)))}")
    speed, depth = {}, {}
    for side in ("new", "previous"):
        depths = sorted(d for g in results for d in g.depths[side])
        depth[side] = depths[len(depths) // 2] if depths else 0
        speed[side] = sum(g.nodes[side] for g in results) / max(sum(g.seconds[side] for g in results), 1e-9)
        print(f"  {side} expert: {speed[side]:,.0f} nodes/s over its moves; median alpha-beta depth {depth[side]} "
              f"over the {len(depths)} moves it decided by alpha-beta")
    verdict = "PASS" if score >= TARGET else "MISSED"
    print(f"RESULT gomoku_vs_previous rule={rule} size={size} games={games} score={100 * score:.1f}% "
          f"target={TARGET:.0%} {verdict} slowest={slowest['new']:.3f} late={late['new']} "
          f"nodes_per_s={speed['new']:.0f} previous_nodes_per_s={speed['previous']:.0f} "
          f"median_depth={depth['new']} previous_median_depth={depth['previous']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="the earlier commit (default HEAD, the last commit)")
    parser.add_argument("--games", type=int, default=200, help="games a series, two from each opening")
    parser.add_argument("--limit", type=float, default=0.5)
    parser.add_argument("--jobs", type=int, default=0, help="games at a time (default: every core)")
    parser.add_argument("--series", default="renju,freestyle", help="renju, freestyle or both")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = [s.strip() for s in args.series.split(",") if s.strip()]
    if not names or any(s not in SERIES for s in names) or args.games < 1:
        parser.error(f"--series names {' and '.join(SERIES)}; --games is 1 or more")
    jobs = args.jobs or os.cpu_count() or 1
    games = args.games + args.games % 2
    print(f"the working tree's expert against the expert of {describe(args.base)}: {games} games a series "
          f"from {games // 2} openings, {args.limit:g} s a move, {jobs} at a time; {load_note()}")
    with previous_tree(args.base) as tree:
        use(tree, "gomoku", "expert")
        for name in names:
            report(name, run_series(name, games, args.limit, jobs, args.seed), args.limit)


if __name__ == "__main__":
    main()
