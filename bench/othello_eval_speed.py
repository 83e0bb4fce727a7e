"""Speed of the expert's learned pattern evaluation against the hand-made one it replaced.

    python bench/othello_eval_speed.py [--positions 3000] [--search-seconds 2]

Both evaluations score the same positions (random games, seeded) in the same
run: printed are evaluations per second of each and their ratio. Then the
expert's search runs on fixed midgame positions for the same time with each
evaluation: its nodes per second and the depth it completes.
"""
from __future__ import annotations

import argparse
import random
import time

from boardhub.games.othello import evaluation, patterns
from boardhub.games.othello.engine import START, OthelloRules, play
from boardhub.games.othello.expert import ExpertAI

RULES = OthelloRules()


def positions(count: int, seed: int = 0) -> list:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = START
        while not RULES.is_over(state) and len(out) < count:
            out.append(state)
            state = play(state, rng.choice(RULES.legal_moves(state)))
    return out


def per_second(evaluate, boards: list[tuple[int, int]], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for me, opp in boards:
            evaluate(me, opp)
        best = min(best, time.perf_counter() - started)
    return len(boards) / best


def search(evaluate, states: list, seconds: float) -> tuple[float, float]:
    """Nodes per second and mean depth completed by the expert's midgame search."""
    nodes = 0
    depths = []
    spent = 0.0
    for state in states:
        ai = ExpertAI(seed=0, evaluate=evaluate)
        started = time.monotonic()
        ai.choose(state, started + seconds / 0.75)
        spent += time.monotonic() - started
        nodes += ai.nodes
        depths.append(ai.depth)
    return nodes / spent, sum(depths) / len(depths)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--search-seconds", type=float, default=2.0)
    args = parser.parse_args()
    learned = patterns.evaluator()
    boards = [(s.me, s.opp) for s in positions(args.positions)]
    hand_rate = per_second(evaluation.evaluate, boards)
    learned_rate = per_second(learned, boards)
    print(f"evaluations per second: learned {learned_rate:,.0f}, hand-made {hand_rate:,.0f} "
          f"(learned / hand-made = {learned_rate / hand_rate:.2f})")
    midgame = [s for s in positions(4000, seed=1) if 24 <= 64 - (s.black | s.white).bit_count() <= 40][::150][:6]
    learned_nps, learned_depth = search(learned, midgame, args.search_seconds)
    hand_nps, hand_depth = search(evaluation.evaluate, midgame, args.search_seconds)
    print(f"search on {len(midgame)} midgame positions, {args.search_seconds:g} s each: learned "
          f"{learned_nps:,.0f} nodes/s (depth {learned_depth:.1f}), hand-made {hand_nps:,.0f} nodes/s "
          f"(depth {hand_depth:.1f})")
    print(f"RESULT othello_eval_speed learned_evals_per_s={learned_rate:.0f} hand_evals_per_s={hand_rate:.0f} "
          f"ratio={learned_rate / hand_rate:.2f} learned_nodes_per_s={learned_nps:.0f} "
          f"hand_nodes_per_s={hand_nps:.0f}")


if __name__ == "__main__":
    main()
