"""Othello's exact endgame solver: every score it proves equals a plain minimax.

The references here are written without any of the solver's machinery: a
negamax that tries every legal move (no pruning, no table, no ordering), the
rules' own flips for the last square, and stable discs found by playing out
every continuation.
"""
from __future__ import annotations

import random
import time

import pytest

from boardhub.games.othello import endgame
from boardhub.games.othello.endgame import EndgameSolver, SolveTimeout, final_score
from boardhub.games.othello.engine import FULL, OthelloRules, OthelloState, flips, moves_mask, play, random_positions
from boardhub.games.othello.last_square import LAST_SCORE
from boardhub.games.othello.stability import full_lines, stable_discs

RULES = OthelloRules()


def minimax(me: int, opp: int, passes: list[int] | None = None) -> int:
    """The final margin for the mover under perfect play: every move tried, nothing pruned.
    `passes` (a one-item counter) counts the passes met on the way."""
    legal = moves_mask(me, opp)
    if not legal:
        if not moves_mask(opp, me):
            return final_score(me, opp)
        if passes is not None:
            passes[0] += 1
        return -minimax(opp, me, passes)
    best = -64
    for sq in range(64):
        if legal >> sq & 1:
            f = flips(me, opp, sq)
            best = max(best, -minimax(opp ^ f, me | f | 1 << sq, passes))
    return best


def positions(empties: int, count: int, seed: int) -> list[OthelloState]:
    return random_positions(empties, count, seed)


def to_pass(state: OthelloState) -> OthelloState | None:
    """The position with the other side to move, when that side has no move but the game goes on."""
    other = OthelloState(state.black, state.white, 1 - state.player)
    if not moves_mask(other.me, other.opp) and moves_mask(state.me, state.opp):
        return other
    return None


# ---------------------------------------------------------------------- exact scores
@pytest.mark.parametrize("empties,count", [(1, 40), (2, 40), (3, 40), (4, 40), (5, 30), (6, 30),
                                           (7, 15), (8, 8), (9, 2), (10, 1)])
def test_solver_equals_plain_minimax(empties, count):
    solver = EndgameSolver()  # one table across positions: a stale or misplaced entry would show
    for state in positions(empties, count, seed=5000 + 100 * empties):
        assert solver.solve(state.me, state.opp) == minimax(state.me, state.opp)


@pytest.mark.slow
@pytest.mark.parametrize("empties,count", [(7, 100), (8, 60), (9, 25), (10, 12)])
def test_solver_equals_plain_minimax_on_many_positions(empties, count):
    solver = EndgameSolver()
    for state in positions(empties, count, seed=60000 + 1000 * empties):
        assert solver.solve(state.me, state.opp) == minimax(state.me, state.opp)


def test_the_sample_meets_passes_and_the_solver_handles_them():
    """Passes inside the tree, and positions whose mover must pass at once."""
    passes = [0]
    at_root = 0
    for empties in range(2, 8):
        for state in positions(empties, 30, seed=9000 + empties):
            exact = minimax(state.me, state.opp, passes)
            assert EndgameSolver().solve(state.me, state.opp) == exact
            passed = to_pass(state)
            if passed is not None:
                at_root += 1
                assert EndgameSolver().solve(passed.me, passed.opp) == minimax(passed.me, passed.opp)
    assert passes[0] > 50
    assert at_root > 0


def test_finished_and_full_boards_score_as_the_rules_do():
    full = OthelloState(black=FULL & ~0xFF, white=0xFF, player=0)
    assert EndgameSolver().solve(full.me, full.opp) == 48
    # one empty square (h8) nobody can take, the single white disc off its lines: the empty goes to the winner
    white = 1 << 1
    black = FULL & ~white & ~(1 << 63)
    assert not moves_mask(black, white) and not moves_mask(white, black)
    assert EndgameSolver().solve(white, black) == -62
    assert EndgameSolver().solve(black, white) == 62


@pytest.mark.parametrize("empties", [5, 8, 9])
def test_windows_give_bounds_on_the_right_side(empties):
    """Fail-soft: a window's answer is exact inside it, an upper bound at or below alpha, a lower
    bound at or above beta; also with one solver and its table across all the windows."""
    shared = EndgameSolver()
    for state in positions(empties, 2, seed=7000 + empties):
        exact = minimax(state.me, state.opp)
        for alpha in range(-20, 20, 3):
            for beta in (alpha + 1, alpha + 2, alpha + 7):
                for solver in (EndgameSolver(), shared):
                    v = solver.solve(state.me, state.opp, alpha, beta)
                    if v <= alpha:
                        assert exact <= v
                    elif v >= beta:
                        assert exact >= v
                    else:
                        assert v == exact
        assert shared.solve(state.me, state.opp) == exact


def test_move_ordering_never_changes_a_score(monkeypatch):
    """The evaluation only orders moves: any function, even a misleading one, gives the same scores."""
    monkeypatch.setattr(endgame, "EVAL_EMPTIES", 7)
    calls = [0]

    def contrary(me: int, opp: int) -> int:
        calls[0] += 1
        return -100 * moves_mask(me, opp).bit_count()  # the other side's mobility, upside down

    for state in positions(9, 2, seed=123):
        exact = minimax(state.me, state.opp)
        assert EndgameSolver(evaluate=contrary).solve(state.me, state.opp) == exact
        assert EndgameSolver(evaluate=lambda me, opp: 0).solve(state.me, state.opp) == exact
    assert calls[0] > 0


def test_solver_gives_up_at_its_deadline():
    state = positions(24, 1, seed=5)[0]
    started = time.monotonic()
    with pytest.raises(SolveTimeout):
        EndgameSolver().solve(state.me, state.opp, deadline=started + 0.05)
    assert time.monotonic() - started < 1.0


def test_a_solver_stays_right_after_a_timeout(monkeypatch):
    """What an interrupted search left in the table holds: the next solve is still exact."""
    monkeypatch.setattr(endgame, "CLOCK_EVERY", 50)
    solver = EndgameSolver()
    state = positions(9, 1, seed=31)[0]
    with pytest.raises(SolveTimeout):
        solver.solve(state.me, state.opp, deadline=time.monotonic() - 1)
    assert solver.solve(state.me, state.opp) == minimax(state.me, state.opp)


# ---------------------------------------------------------------------- the last square
def test_last_square_scores_equal_playing_it_out():
    rng = random.Random(8)
    for _ in range(4000):
        sq = rng.randrange(64)
        density = rng.random()
        me = sum(1 << b for b in range(64) if rng.random() < density) & ~(1 << sq)
        opp = FULL & ~me & ~(1 << sq)
        f = flips(me, opp, sq)
        if f:
            expected = final_score(me | f | 1 << sq, opp ^ f)
        elif flips(opp, me, sq):
            g = flips(opp, me, sq)
            expected = final_score(me ^ g, opp | g | 1 << sq)
        else:
            expected = final_score(me, opp)
        assert LAST_SCORE[sq](me) == expected


# ---------------------------------------------------------------------- stable discs
def test_full_lines_match_a_square_by_square_check():
    rng = random.Random(2)
    directions = ((0, 1), (1, 0), (1, 1), (1, -1))
    for _ in range(300):
        occupied = rng.getrandbits(64) | rng.getrandbits(64) | rng.getrandbits(64)
        got = full_lines(occupied)
        for d, (dr, dc) in enumerate(directions):
            for sq in range(64):
                r, c = divmod(sq, 8)
                while 0 <= r - dr < 8 and 0 <= c - dc < 8:
                    r, c = r - dr, c - dc
                line_full = True
                while 0 <= r < 8 and 0 <= c < 8:
                    line_full &= bool(occupied >> (8 * r + c) & 1)
                    r, c = r + dr, c + dc
                assert bool(got[d] >> sq & 1) == (line_full and bool(occupied >> sq & 1))


def never_flipped(state: OthelloState, colour: int) -> int:
    """The discs of `colour` that keep their colour in every continuation of the game."""
    keep = state.black if colour == 0 else state.white
    seen = set()
    todo = [state]
    while todo and keep:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        keep &= s.black if colour == 0 else s.white
        todo.extend(play(s, move) for move in RULES.legal_moves(s))
    return keep


def test_stable_discs_are_never_flipped():
    """A lower bound: every disc it names keeps its colour whatever is played (and it names some)."""
    named = 0
    for empties in (3, 5, 7):
        for state in positions(empties, 25, seed=400 + empties):
            for colour in (0, 1):
                mine, theirs = (state.black, state.white) if colour == 0 else (state.white, state.black)
                stable = stable_discs(mine, theirs)
                assert stable & ~mine == 0
                assert stable & ~never_flipped(state, colour) == 0
                named += stable.bit_count()
    assert named > 100


def test_a_full_board_is_stable_everywhere():
    rng = random.Random(4)
    for _ in range(20):
        me = rng.getrandbits(64)
        assert stable_discs(me, FULL & ~me) == me
