"""The Othello expert's levels: the work each does on the same positions, and a round robin between them.

    .venv/bin/python bench/othello_levels.py [--games 4] [--limit 0.1] [--positions 8]

First each level's nodes and finished depth per move on random midgame
positions at the given move limit (the clock decides, so these are a
machine's figures, not a test's); then a round robin of expert:1 to expert:5
through the headless arena, with the Elo it gives each level. Levels that
climb should come out in order. The setup's ladder (boardhub/assets/ladder.json)
is measured with bench/ladder.py; this is the quick look at the levels alone.
"""
from __future__ import annotations

import argparse
import random
import time

from benchlib import load_note

from boardhub.core.arena import play_tournament
from boardhub.games.othello.engine import START, OthelloRules
from boardhub.games.othello.expert import LEVELS, ExpertAI


def positions(count: int, seed: int = 7) -> list:
    """Positions 20 to 30 random plies from the start (out of the opening book)."""
    rules, rng, out = OthelloRules(), random.Random(seed), []
    while len(out) < count:
        state = START
        for _ in range(rng.randrange(20, 31)):
            moves = rules.legal_moves(state)
            if not moves:
                break
            state = rules.apply(state, rng.choice(moves))
        if rules.legal_moves(state):
            out.append(state)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per pair of levels")
    parser.add_argument("--limit", type=float, default=0.1, help="seconds a move")
    parser.add_argument("--positions", type=int, default=8)
    args = parser.parse_args()
    print(load_note())
    states = positions(args.positions)
    for level in LEVELS:
        nodes = depth = 0
        for state in states:
            ai = ExpertAI(level=level, seed=0)
            ai.choose(state, time.monotonic() + args.limit)
            nodes += ai.nodes
            depth += ai.depth
        print(f"expert:{level}  nodes a move {nodes / len(states):9.0f}  depth {depth / len(states):4.1f}")
    started = time.monotonic()
    result = play_tournament("othello", [f"expert:{level}" for level in LEVELS], args.games, limit=args.limit,
                             seed=2024, progress=False, referee=False)
    print(result.table())
    print("Elo: " + ", ".join(f"{spec} {elo:.0f}" for spec, elo in result.elo.items()))
    print(f"round robin: {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
