"""Strength of Gomoku's expert against the normal AI under the referee's move limit.

    python bench/gomoku_strength.py [--games 200] [--limit 0.5] [--serial]

Two series through the headless arena, expert against normal: renju on
19 x 19 and freestyle on 15 x 15. The arena alternates colours game by game,
so a series of 200 games gives each AI 100 games with each colour; the
results are printed per colour (target: the expert wins at least 95% of its
games with each colour, a draw counting as no win). The arena times every
move as the referee does; the slowest move of each side and the count of
moves over the limit (target: 0) are printed with the results.

Games differ: each game has its own seed, from which the arena seeds both
AIs; the expert uses its seed among near-equal moves in the opening and
the normal AI among equal scores.

The search's speed (nodes a second, a node being one position searched by
the threat searches or alpha-beta) is measured in this process on two games
per rule set played move by move with the same limit.

By default the two series run side by side, one per core: each has its own
AI process in which only one AI thinks at a time. --serial runs them one
after the other.
"""
from __future__ import annotations

import argparse
import time

from benchlib import load_note, run_series

from boardhub.core.arena import SeriesResult, play_series
from boardhub.games.gomoku.ai import NormalAI
from boardhub.games.gomoku.engine import GomokuRules
from boardhub.games.gomoku.expert import ExpertAI

# (rule, size, seed of the first game)
SERIES = (("renju", 19, 0), ("freestyle", 15, 50_000))
TARGET = 0.95
COLOURS = ("black", "white")


def run(rule: str, size: int, games: int, limit: float, seed: int) -> tuple[SeriesResult, list[list[int]], float]:
    """One series; per colour of the expert, [wins, draws, losses]."""
    by_colour = [[0, 0, 0], [0, 0, 0]]
    seen = [0, 0, 0]

    def count(r: SeriesResult) -> None:
        colour = (r.games - 1) % 2  # the expert, seat a, starts the even-numbered games
        now = [r.a_wins, r.draws, r.b_wins]
        for k in range(3):
            by_colour[colour][k] += now[k] - seen[k]
        seen[:] = now

    started = time.monotonic()
    result = play_series("gomoku", "expert", "normal", games, limit=limit, seed=seed,
                         options={"rule": rule, "size": size}, progress=False, on_game=count)
    return result, by_colour, time.monotonic() - started


def speed(rule: str, size: int, limit: float, games: int = 2) -> tuple[int, float, int]:
    """(nodes, seconds, moves) of the expert over `games` games against normal, in this process."""
    rules = GomokuRules()
    nodes = seconds = moves = 0
    for n in range(games):
        expert, normal = ExpertAI(seed=n), NormalAI(seed=n)
        seats = (expert, normal) if n % 2 == 0 else (normal, expert)
        state = rules.new_game({"rule": rule, "size": size})
        while not state.reason:
            ai = seats[state.player]
            state = rules.apply(state, ai.choose(state, time.monotonic() + limit))
            moves += ai is expert
        nodes += expert.nodes
        seconds += expert.seconds
    return nodes, seconds, moves


def report(rule: str, size: int, r: SeriesResult, by_colour: list[list[int]], seconds: float,
           limit: float) -> None:
    print(r.line())
    for colour, (won, drew, lost) in enumerate(by_colour):
        played = won + drew + lost
        share = won / played if played else 0.0
        print(f"{rule} {size}x{size}, expert as {COLOURS[colour]}: won {won}, drew {drew}, lost {lost} "
              f"of {played}; {share:.1%} won (target >= {TARGET:.0%}) -> {'OK' if share >= TARGET else 'MISSED'}")
    print(f"  slowest move: expert {r.slowest.get('a', 0.0):.3f} s, normal {r.slowest.get('b', 0.0):.3f} s; "
          f"moves over the {limit:g} s limit: {r.late}; forfeits: {len(r.forfeits)}; series took {seconds:.0f} s")
    for line in r.forfeits:
        print(f"  forfeit: {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games a series, half with each colour")
    parser.add_argument("--limit", type=float, default=0.5)
    parser.add_argument("--serial", action="store_true", help="one series after the other")
    args = parser.parse_args()
    games = args.games + args.games % 2
    jobs = [(rule, size, games, args.limit, seed) for rule, size, seed in SERIES]
    print(f"expert vs normal, {games} games a series ({games // 2} with each colour), {args.limit:g} s a move, "
          f"{'serial' if args.serial else 'two series at a time'}; {load_note()}")
    results = run_series(run, jobs, args.serial)
    for (rule, size, _), (result, by_colour, seconds) in zip(SERIES, results):
        report(rule, size, result, by_colour, seconds, args.limit)
    for rule, size, _ in SERIES:
        nodes, seconds, moves = speed(rule, size, args.limit)
        print(f"search speed, {rule} {size}x{size}: {nodes / seconds:,.0f} nodes/s "
              f"({nodes:,} nodes in {seconds:.1f} s over {moves} expert moves of 2 games)")


if __name__ == "__main__":
    main()
