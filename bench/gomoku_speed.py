"""The Gomoku expert's search speed beside the previous commit's, measured in one run.

    python bench/gomoku_speed.py [--base REV] [--positions 12] [--limit 0.5] [--rounds 2]

Positions: balanced openings (openings.py) played on by the normal AI
against itself, seeded (renju on 19 x 19 and freestyle on 15 x 15 in turn,
12 to 30 stones, no four on the board for either side), so both versions
search the very same boards. Nodes a second are counted over the positions
where both versions ran their alpha-beta (not those a threat search decided
at once, whose time goes to building the board). Each version's expert chooses a move
in every position with LIMIT seconds, and its nodes a second are printed (a
node being one position its searches visit: alpha-beta, VCF and VCT alike),
with the plays a second of its board alone (a stone put down and taken
back, the searches' inner step, the same work in both versions). The
earlier commit (REV, the last commit by default) is checked out into a
temporary git worktree and measured in a subprocess; the two take turns,
ROUNDS times each, so that the machine's load falls on both alike, and each
keeps its best round.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from benchlib import load_note
from previous import describe, previous_tree

from boardhub.core.rules import IllegalMove
from boardhub.games.gomoku.ai import NormalAI
from boardhub.games.gomoku.engine import GomokuRules, GomokuState
from boardhub.games.gomoku.offline.openings import openings

RULES = GomokuRules()

# Either version's expert and board on the positions given on stdin; prints its figures as JSON.
MEASURE = """
import json, sys, time
from boardhub.games.gomoku.expert import ExpertAI
from boardhub.games.gomoku.engine import GomokuState
try:
    from boardhub.games.gomoku.lines import Board
except ImportError:
    from boardhub.games.gomoku.patterns import Board
cases, limit = json.load(sys.stdin)
searches = []
for n, (size, rule, cells, player, moves) in enumerate(cases):
    ai = ExpertAI(seed=n)
    ai.choose(GomokuState(size, rule, bytes(cells), player, tuple(moves)), time.monotonic() + limit)
    searches.append([ai.reason.startswith("search"), ai.nodes, ai.seconds])
plays = 0
started = time.perf_counter()
for size, rule, cells, player, moves in cases:
    board = Board(size, rule)
    for p, stone in enumerate(cells):
        if stone:
            board.play(p, stone - 1)
    empty = [p for p in range(size * size) if not cells[p]][::7]
    for _ in range(20):
        for p in empty:
            board.play(p, player)
            board.undo()
            plays += 1
print(json.dumps({"searches": searches, "plays": plays, "play_seconds": time.perf_counter() - started}))
"""


def positions(count: int, seed: int) -> list[list]:
    """(size, rule, cells, player, moves) of `count` seeded positions (see the module notes)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rule, size = (("renju", 19), ("freestyle", 15))[len(out) % 2]
        stones = rng.randrange(12, 31)
        state = RULES.new_game({"size": size, "rule": rule})
        for p in openings(len(out) + 1, size, seed)[len(out)]:
            state = RULES.apply(state, p)
        players = (NormalAI(seed=rng.randrange(1 << 30)), NormalAI(seed=rng.randrange(1 << 30)))
        while len(state.moves) < stones and not state.reason:
            state = RULES.apply(state, players[state.player].choose(state, time.monotonic() + 1))
        if not state.reason and not _threat(state):
            out.append([size, rule, list(state.board), state.player, list(state.moves)])
    return out


def _threat(state: GomokuState) -> bool:
    """Whether either side could make five at once: a position the searches would not search."""
    size = state.size
    for colour in (0, 1):
        turn = GomokuState(size, state.rule, state.board, colour, state.moves)
        for q in range(size * size):
            if not state.board[q]:
                try:
                    if RULES.apply(turn, q).reason == "five":
                        return True
                except IllegalMove:
                    continue
    return False


def measure(tree: Path | None, cases: list[list], limit: float) -> dict:
    """One round of MEASURE in a subprocess, on this tree's code or on `tree`'s."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    done = subprocess.run([sys.executable, "-c", MEASURE], input=json.dumps([cases, limit]), capture_output=True,
                          text=True, env=env, cwd=tree or Path.cwd(), check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="the earlier commit (default HEAD, the last commit)")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--limit", type=float, default=0.5, help="seconds a move")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    cases = positions(args.positions, args.seed)
    print(f"{len(cases)} positions, {args.limit:g} s a move, {args.rounds} rounds each; {load_note()}")
    rounds: dict[str, list[dict]] = {"this tree": [], "previous": []}
    with previous_tree(args.base) as tree:
        print(f"this tree against {describe(args.base)}")
        measure(None, cases[:2], 0.05)  # both warm up once (the first run of a process builds its tables)
        measure(tree, cases[:2], 0.05)
        for _ in range(args.rounds):
            for name, where in (("this tree", None), ("previous", tree)):
                rounds[name].append(measure(where, cases, args.limit))
    both = [n for n in range(len(cases)) if all(r["searches"][n][0] for runs in rounds.values() for r in runs)]
    best: dict[str, dict] = {}
    for name, runs in rounds.items():
        for got in runs:
            nodes = sum(got["searches"][n][1] for n in both)
            seconds = sum(got["searches"][n][2] for n in both)
            figures = {"nodes": nodes, "seconds": seconds, "nps": nodes / seconds if seconds else 0.0,
                       "pps": got["plays"] / got["play_seconds"]}
            if name not in best or figures["nps"] > best[name]["nps"]:
                best[name] = figures
    print(f"{len(both)} of {len(cases)} positions searched by both")
    for name, got in best.items():
        print(f"{name:10}: {got['nps']:9,.0f} nodes/s ({got['nodes']:,} nodes in {got['seconds']:.1f} s), "
              f"{got['pps']:9,.0f} plays/s on its board")
    new, old = best["this tree"], best["previous"]
    print(f"RESULT gomoku_speed nodes_per_s={new['nps']:.0f} previous={old['nps']:.0f} "
          f"ratio={new['nps'] / max(old['nps'], 1):.2f} plays_per_s={new['pps']:.0f} "
          f"previous_plays={old['pps']:.0f} plays_ratio={new['pps'] / old['pps']:.2f}")

if __name__ == "__main__":
    main()
