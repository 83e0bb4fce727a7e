"""Gomoku's VCF solver on published renju puzzles: every stored solution, and every line the solver
finds, is replayed through the referee and must win by fours, each reply forced."""
from __future__ import annotations

import time

import pytest
from gomokupuzzles import PUZZLES, Puzzle, state

from boardhub.core.rules import IllegalMove
from boardhub.games.gomoku.engine import DIRECTIONS, GomokuRules, GomokuState, parse_point, point_name
from boardhub.games.gomoku.expert import ExpertAI
from boardhub.games.gomoku.lines import Board
from boardhub.games.gomoku.threats import Clock, ThreatSearch

RULES = GomokuRules()


def five_points(state: GomokuState, colour: int, around: int | None = None) -> list[int]:
    """Where `colour` would win at once, by the referee: everywhere, or on the lines through `around`."""
    size = state.size
    if around is None:
        pool = range(size * size)
    else:
        x, y = around % size, around // size
        pool = {(y + k * dy) * size + x + k * dx for dx, dy in DIRECTIONS for k in range(-5, 6)
                if 0 <= x + k * dx < size and 0 <= y + k * dy < size}
    turn = GomokuState(size, state.rule, state.board, colour, state.moves)
    out = []
    for q in sorted(pool):
        if state.board[q]:
            continue
        try:
            after = RULES.apply(turn, q)
        except IllegalMove:  # forbidden to black
            continue
        if after.reason == "five" and after.winner == colour:
            out.append(q)
    return out


def wins_by_fours(start: GomokuState, line: list[int]) -> str:
    """"" if `line` wins by continuous fours from `start` under the referee, else why not.

    The attacker's moves must each make a four (or the five), the defender's
    replies must each be the one point that stops the five (or one of two,
    against a straight four, when nothing stops both), the defender
    never has a five of its own to play instead, and the line ends with the
    attacker's five or with a four that no allowed move stops.
    """
    attacker, state = start.player, start
    if five_points(state, 1 - attacker):
        return "the defender has a five to play first"
    for i, move in enumerate(line):
        name = point_name(move, state.size)
        if i % 2:  # the defender
            fives = five_points(state, attacker, line[i - 1])
            if move not in fives:  # with two fives to stop, no reply saves the game: the line blocks one
                return f"{name} was not the defender's only reply"
            state = RULES.apply(state, move)
            if state.reason:
                return f"the game ended on the defender's {name}"
            continue
        state = RULES.apply(state, move)
        if state.reason:
            return "" if state.winner == attacker and i == len(line) - 1 else f"the game ended at {name}"
        threats = five_points(state, attacker, move)
        if not threats:
            return f"{name} is not a four"
        if i >= 2 and five_points(state, 1 - attacker, line[i - 1]):
            return f"after {name} the defender could make five"
        if i == len(line) - 1:
            stoppers = [q for q in threats if q in RULES.legal_moves(state)]
            return "" if len(threats) >= 2 or not stoppers else f"the line ends with {name}, a four that is stopped"
    return "the line ends without a win"


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.name)
def test_the_stored_solution_wins_by_forced_fours(puzzle: Puzzle):
    line = [parse_point(name, 15) for name in puzzle.solution.split()]
    assert wins_by_fours(state(puzzle), line) == ""


@pytest.mark.parametrize("puzzle", PUZZLES[::3], ids=lambda p: p.name)
def test_the_solver_finds_a_win_the_referee_accepts(puzzle: Puzzle):
    start = state(puzzle)
    line = ThreatSearch(Board.from_cells(15, "renju", start.board), Clock(time.monotonic() + 30)).vcf(start.player)
    assert line is not None
    assert wins_by_fours(start, line) == "", [point_name(q, 15) for q in line]


def test_a_broken_line_is_refused():
    puzzle = PUZZLES[0]
    line = [parse_point(name, 15) for name in puzzle.solution.split()]
    assert wins_by_fours(state(puzzle), line[:-1]) != ""  # stops before the five
    assert wins_by_fours(state(puzzle), line[:1] + line[2:]) != ""  # the reply skipped


@pytest.mark.parametrize("puzzle", PUZZLES[::12], ids=lambda p: p.name)
def test_the_expert_plays_a_vcf_at_once(puzzle: Puzzle):
    start = state(puzzle)
    ai = ExpertAI(seed=1)
    move = ai.choose(start, time.monotonic() + 2.0)
    assert ai.reason == "vcf"
    after = RULES.apply(start, move)
    board = Board.from_cells(15, "renju", after.board)
    reply = five_points(after, start.player, move)
    assert reply  # a four (or two), the first move of a win by fours
    if len(reply) == 1:
        board.play(reply[0], 1 - start.player)
        assert ThreatSearch(board, Clock(time.monotonic() + 30)).vcf(start.player) is not None
