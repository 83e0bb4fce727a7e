"""The VCF solver's time on published renju puzzles, beside the previous commit's solver.

    python bench/gomoku_vcf.py [--base REV] [--no-previous]

Sixty renju puzzles with a win by continuous fours (tests/gomokupuzzles.py:
forty with black to move, twenty with white to move, from a published
collection). Each is solved by a fresh solver (no table carried over), and
its time printed; target: every one within 0.5 s. The line found is checked
by the tests (tests/test_gomoku_vcf.py), not here. The solver of REV (the
last commit by default), checked out into a temporary git worktree, solves
the same puzzles in a subprocess right after, for the ratio of the two
measured in one run; its misses (no win found within 10 s) are counted.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from benchlib import load_note
from previous import describe, previous_tree

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from gomokupuzzles import PUZZLES, state  # noqa: E402

from boardhub.games.gomoku.lines import Board  # noqa: E402
from boardhub.games.gomoku.threats import Clock, ThreatSearch  # noqa: E402

TARGET = 0.5
GIVE_UP = 10.0

# Run with PYTHONPATH at the earlier commit's worktree: its own Board and ThreatSearch, puzzles on stdin.
EARLIER = """
import json, sys, time
from boardhub.games.gomoku import threats
try:
    from boardhub.games.gomoku.lines import Board
except ImportError:
    from boardhub.games.gomoku.patterns import Board
out = []
for cells, player in json.load(sys.stdin):
    board = Board(15, "renju")
    for p, stone in enumerate(cells):
        if stone:
            board.play(p, stone - 1)
    started = time.perf_counter()
    try:
        line = threats.ThreatSearch(board, threats.Clock(time.monotonic() + %r)).vcf(player)
    except threats.Timeout:
        line = None
    out.append([time.perf_counter() - started, line is not None])
print(json.dumps(out))
""" % GIVE_UP


def solve_all() -> list[tuple[float, int, bool]]:
    """(seconds, nodes, solved) for every puzzle, by this tree's solver."""
    out = []
    for puzzle in PUZZLES:
        start = state(puzzle)
        board = Board.from_cells(15, "renju", start.board)
        clock = Clock(time.monotonic() + GIVE_UP)
        started = time.perf_counter()
        line = ThreatSearch(board, clock).vcf(start.player)
        out.append((time.perf_counter() - started, clock.nodes, line is not None))
    return out


def solve_earlier(tree: Path) -> list[tuple[float, bool]]:
    cases = [[list(state(p).board), state(p).player] for p in PUZZLES]
    done = subprocess.run([sys.executable, "-c", EARLIER], input=json.dumps(cases), capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(tree)), cwd=tree, check=True)
    return [tuple(r) for r in json.loads(done.stdout)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="the earlier commit (default HEAD, the last commit)")
    parser.add_argument("--no-previous", action="store_true", help="time this tree's solver only")
    args = parser.parse_args()
    print(f"{len(PUZZLES)} renju VCF puzzles, a fresh solver each; {load_note()}")
    solve_all()  # the pattern tables fill once per process: the timed run below starts warm, as in a game
    mine = solve_all()
    earlier: list[tuple[float, bool]] = []
    if not args.no_previous:
        with previous_tree(args.base) as tree:
            print(f"beside the solver of {describe(args.base)}")
            earlier = solve_earlier(tree)
            earlier = solve_earlier(tree)  # warm as well
    for n, (puzzle, (seconds, nodes, solved)) in enumerate(zip(PUZZLES, mine)):
        beside = ""
        if earlier:
            then, found = earlier[n]
            beside = f"   previous {then:7.3f} s{'' if found else ' (not solved)'}"
        print(f"{puzzle.name:22} {seconds:7.3f} s {nodes:7d} nodes{'' if solved else ' NOT SOLVED'}{beside}")
    total = sum(s for s, _, _ in mine)
    slowest = max(s for s, _, _ in mine)
    solved = sum(ok for _, _, ok in mine)
    nodes = sum(n for _, n, _ in mine)
    print(f"this tree: {solved}/{len(PUZZLES)} solved, {total:.2f} s in all, slowest {slowest:.3f} s, "
          f"{nodes / total:,.0f} nodes/s")
    if earlier:
        then_total = sum(s for s, _ in earlier)
        print(f"previous:  {sum(ok for _, ok in earlier)}/{len(PUZZLES)} solved, {then_total:.2f} s in all, "
              f"slowest {max(s for s, _ in earlier):.3f} s; this tree takes {total / then_total:.2f} of its time")
    verdict = "PASS" if solved == len(PUZZLES) and slowest <= TARGET else "MISSED"
    print(f"RESULT gomoku_vcf puzzles={len(PUZZLES)} solved={solved} total={total:.2f}s slowest={slowest:.3f}s "
          f"target={TARGET:g}s {verdict}")


if __name__ == "__main__":
    main()
