"""How much of its turn boardhub's Gomocup brain uses, as a manager times it.

    python bench/gomoku_brain.py [--turn 1000] [--games 1]

Runs `python -m boardhub engine gomoku --ai expert` as a subprocess, as a
manager does, tells it `INFO timeout_turn TURN` (milliseconds) and plays
whole games against the expert (in this process, 0.3 s a move: games with
real positions to think about), freestyle on 15 x 15,
the brain black in even games. Every answer is timed from sending the
command to reading the reply, as managers time it. Answers within a tenth of the turn had nothing to
think about (a forced block, a win by fours) and are counted apart; of the
others the median share of the turn is printed, target at least 80% (the
brain thinks for its whole turn less a safety margin), and of all the
slowest, target: not one over the turn.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from benchlib import load_note

from boardhub.core.external import EngineProcess
from boardhub.games.gomoku.engine import GomokuRules
from boardhub.games.gomoku.expert import ExpertAI
from boardhub.games.gomoku.gomocup import from_gomocup, to_gomocup

BRAIN = [sys.executable, "-m", "boardhub", "engine", "gomoku", "--ai", "expert"]
MEDIAN_TARGET = 0.8
IMMEDIATE = 0.1  # answers quicker than this share of the turn had nothing to think about
OPPONENT_LIMIT = 0.3  # seconds a move for the expert in this process, the brain's opponent
RULES = GomokuRules()


def play(brain: EngineProcess, turn: float, brain_black: bool, seed: int) -> list[float]:
    """One game; the brain's answer times in seconds."""
    def ask(command: str) -> tuple[str, float]:
        started = time.monotonic()
        brain.send(command)
        line = brain.read_line(started + turn + 5)
        while line.split(" ", 1)[0].upper() in ("MESSAGE", "DEBUG"):
            line = brain.read_line(started + turn + 5)
        return line, time.monotonic() - started

    assert ask("RESTART")[0] == "OK"
    opponent = ExpertAI(seed=seed)
    state = RULES.new_game({"size": 15, "rule": "freestyle"})
    times: list[float] = []
    command = "BEGIN" if brain_black else None
    while not state.reason:
        if command is None:  # the opponent's move, then the brain's turn
            move = opponent.choose(state, time.monotonic() + OPPONENT_LIMIT)
            state = RULES.apply(state, move)
            if state.reason:
                break
            command = f"TURN {to_gomocup(move, 15)}"
        reply, took = ask(command)
        times.append(took)
        state = RULES.apply(state, from_gomocup(reply, 15))
        command = None
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turn", type=int, default=1000, help="timeout_turn told to the brain, in ms")
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    turn = args.turn / 1000
    print(f"the expert as a Gomocup brain, timeout_turn {args.turn} ms, {args.games} game(s) against the expert; "
          f"{load_note()}")
    brain = EngineProcess(BRAIN, quit_line="END")
    brain.start()
    try:
        brain.send("ABOUT")
        brain.read_line(time.monotonic() + 20)
        for line in (f"INFO timeout_turn {args.turn}", "INFO timeout_match 0", "INFO rule 0", "START 15"):
            brain.send(line)
        brain.read_line(time.monotonic() + 5)  # OK to START
        times = [t for n in range(args.games) for t in play(brain, turn, n % 2 == 0, n)]
    finally:
        brain.close()
    shares = sorted(t / turn for t in times)
    thought = [x for x in shares if x >= IMMEDIATE]
    median = statistics.median(thought) if thought else 0.0
    over = sum(x > 1 for x in shares)
    print(f"{len(shares)} answers, {len(shares) - len(thought)} at once (under {IMMEDIATE:.0%} of the turn: a "
          f"forced block, a win by fours); the others: median {median:.0%} of the turn, quickest "
          f"{thought[0] if thought else 0:.0%}; slowest answer {shares[-1]:.0%}, over the turn: {over}")
    verdict = "PASS" if median >= MEDIAN_TARGET and not over else "MISSED"
    print(f"RESULT gomoku_brain turn={args.turn}ms answers={len(shares)} thought={len(thought)} median={median:.2f} "
          f"slowest={shares[-1]:.2f} over={over} target_median={MEDIAN_TARGET} {verdict}")

if __name__ == "__main__":
    main()
