"""Othello's expert: the endgame solver against plain minimax, answers before the
deadline from all kinds of positions, and the evaluation overlay's move scores."""
from __future__ import annotations

import random
import time

import pytest

from boardhub.games.othello import book
from boardhub.games.othello.endgame import EndgameSolver, SolveTimeout, final_score
from boardhub.games.othello.engine import BLACK, PASS, START, OthelloRules, OthelloState, flips, moves_mask, play
from boardhub.games.othello.evaluation import WEIGHTS, evaluate
from boardhub.games.othello.expert import ExpertAI, evaluate_moves

RULES = OthelloRules()


def playout(seed: int, empties: int) -> OthelloState | None:
    """A random game from the start, stopped with `empties` empty squares (None if it ended first)."""
    rng = random.Random(seed)
    state = START
    while 64 - (state.black | state.white).bit_count() > empties:
        legal = RULES.legal_moves(state)
        if not legal:
            return None
        state = play(state, rng.choice(legal))
    return None if RULES.is_over(state) else state


def positions(empties: int, count: int, seed: int = 0) -> list[OthelloState]:
    out: list[OthelloState] = []
    while len(out) < count:
        state = playout(seed, empties)
        seed += 1
        if state is not None:
            out.append(state)
    return out


def minimax(me: int, opp: int) -> int:
    """The final margin for the mover under perfect play, trying every move: no pruning, no table."""
    legal = moves_mask(me, opp)
    if not legal:
        if not moves_mask(opp, me):
            return final_score(me, opp)
        return -minimax(opp, me)
    best = -64
    for sq in range(64):
        if legal >> sq & 1:
            f = flips(me, opp, sq)
            best = max(best, -minimax(opp ^ f, me | f | 1 << sq))
    return best


def must_pass() -> OthelloState:
    """A position where the side to move has no move but the other side has."""
    for state in positions(20, 400, seed=1000):
        if not moves_mask(state.me, state.opp):
            return state
        after_pass = OthelloState(state.black, state.white, 1 - state.player)
        if not moves_mask(after_pass.me, after_pass.opp) and moves_mask(state.me, state.opp):
            return after_pass
    raise AssertionError("no position with a pass in the sample")


# ---------------------------------------------------------------------- the endgame solver
@pytest.mark.parametrize("empties", [6, 8])
def test_solver_windows_bound_the_exact_score(empties):
    """Fail-soft: a narrow window yields a bound on the right side of the exact score."""
    for state in positions(empties, 6, seed=7 + empties):
        exact = minimax(state.me, state.opp)
        for alpha in range(-12, 12, 3):
            v = EndgameSolver().solve(state.me, state.opp, alpha, alpha + 1)
            if v <= alpha:
                assert exact <= v
            else:
                assert exact >= v


def test_solver_gives_up_at_its_deadline():
    state = positions(24, 1, seed=5)[0]
    with pytest.raises(SolveTimeout):
        EndgameSolver().solve(state.me, state.opp, deadline=time.monotonic() + 0.05)


# ---------------------------------------------------------------------- the AI
def varied_positions() -> list[OthelloState]:
    """The start, openings, middle games, endgames inside and outside the solver's range, a pass."""
    out = [START]
    for empties in (56, 44, 30, 22, 16, 12, 6, 2):
        out += positions(empties, 2, seed=empties)
    out.append(must_pass())
    return out


def test_expert_answers_a_legal_move_before_its_deadline():
    limit = 0.25
    for n, state in enumerate(varied_positions()):
        ai = ExpertAI(seed=n)
        started = time.monotonic()
        deadline = started + limit
        move = ai.choose(state, deadline)
        assert time.monotonic() < deadline, f"late on position {n}"
        assert move in RULES.legal_moves(state)


def test_expert_passes_only_when_it_must():
    state = must_pass()
    assert ExpertAI(seed=1).choose(state, time.monotonic() + 0.2) == PASS


def test_expert_plays_the_solver_move_in_a_solved_endgame():
    """With few empties the expert's move keeps the exact best score."""
    for state in positions(8, 5, seed=77):
        best = minimax(state.me, state.opp)
        move = ExpertAI(seed=0).choose(state, time.monotonic() + 0.5)
        after = play(state, move)
        assert -minimax(after.me, after.opp) == best


def test_expert_with_a_seed_repeats_itself():
    state = positions(10, 1, seed=3)[0]
    moves = {ExpertAI(seed=4).choose(state, time.monotonic() + 0.3) for _ in range(3)}
    assert len(moves) == 1


def test_expert_opening_depends_on_the_seed_only(monkeypatch):
    shipped = book.load(book.shipped_path(), "shipped book")  # not a book another test left in this process
    monkeypatch.setattr(book, "_BOOK", shipped)
    monkeypatch.setattr(book, "_BOOK_DISCS", shipped.deepest())

    def opening(seed: int) -> list[int]:
        """The expert's moves while the game stays in its book (out of it, the search's depth follows the clock)."""
        ai, state, out = ExpertAI(seed=seed), START, []
        while len(out) < 8 and book.book_move(state.me, state.opp, random.Random(0)) is not None:
            move = ai.choose(state, time.monotonic() + 0.5)
            out.append(move)
            state = play(state, move)
        return out

    assert len(opening(1)) >= 3 and opening(1) == opening(1)
    assert len({tuple(opening(seed)) for seed in range(6)}) > 1


def test_expert_keeps_a_proven_result_past_the_exact_range():
    """From 13 to 18 empties the expert proves win/draw/loss first: its move keeps the best result."""
    for state in positions(14, 3, seed=21):
        best = EndgameSolver().solve(state.me, state.opp)
        move = ExpertAI(seed=0).choose(state, time.monotonic() + 3.0)
        after = play(state, move)
        got = -EndgameSolver().solve(after.me, after.opp)
        assert (got > 0) - (got < 0) == (best > 0) - (best < 0)


class Probable:
    """A stand-in for the selective search: says `value` for `move`; counts its calls and the proofs."""

    def __init__(self, monkeypatch, ai: ExpertAI, move: int, value: int) -> None:
        self.calls = self.proofs = 0

        def probable(me, opp, order, stop):
            self.calls += 1
            return move, value
        monkeypatch.setattr(ai, "_probable", probable)
        solve_root = ai._solve_root

        def counted(solver, *args):
            self.proofs += solver is ai.solver
            return solve_root(solver, *args)
        monkeypatch.setattr(ai, "_solve_root", counted)


def test_beyond_the_proofs_reach_a_probable_win_or_draw_is_played_and_a_probable_loss_is_not(monkeypatch):
    state = positions(21, 1, seed=31)[0]
    heuristic, other = RULES.legal_moves(state)[:2]
    for value, expected in ((2, other), (0, other), (-2, heuristic)):
        ai = ExpertAI(seed=0)
        probable = Probable(monkeypatch, ai, other, value)
        monkeypatch.setattr(ai, "_iterate", lambda *args: heuristic)  # the midgame search's move
        assert ai.choose(state, time.monotonic() + 0.5) == expected
        assert probable.calls == 1 and probable.proofs == 0
    ai = ExpertAI(seed=0)
    ai.end_cuts = {}  # no endgame lines: the midgame search alone, as far out as the proof
    probable = Probable(monkeypatch, ai, other, 2)
    monkeypatch.setattr(ai, "_iterate", lambda *args: heuristic)
    assert ai.choose(state, time.monotonic() + 0.5) == heuristic and probable.calls == 0


def test_within_the_proofs_reach_the_probable_move_is_proven_first(monkeypatch):
    """From SOLVE_EMPTIES on, the proof still decides: a probable win that the proof refutes is not played."""
    for state in positions(14, 6, seed=41):
        best = EndgameSolver().solve(state.me, state.opp)
        for sq in RULES.legal_moves(state):
            after = play(state, sq)
            if (-EndgameSolver().solve(after.me, after.opp) > 0) != (best > 0):
                break
        else:
            continue  # every move keeps the result: nothing to tell apart
        ai = ExpertAI(seed=0)
        probable = Probable(monkeypatch, ai, sq, 2)  # a wrong probable win
        move = ai.choose(state, time.monotonic() + 3.0)
        after = play(state, move)
        assert probable.proofs >= 1 and (-EndgameSolver().solve(after.me, after.opp) > 0) == (best > 0)
        return
    raise AssertionError("no position in the sample with a move that changes the result")


def test_expert_beats_random():
    """A short game each way against the random AI: the expert wins both (a smoke test of strength)."""
    from boardhub.games.othello.ai import RandomAI
    for expert_colour in (0, 1):
        ais = {expert_colour: ExpertAI(seed=2), 1 - expert_colour: RandomAI(seed=2)}
        state = START
        while not RULES.is_over(state):
            state = play(state, ais[state.player].choose(state, time.monotonic() + 0.05))
        black, white = state.counts()
        assert (black > white) == (expert_colour == BLACK)


# ---------------------------------------------------------------------- the evaluation overlay
def test_evaluate_moves_covers_exactly_the_legal_moves():
    for state in varied_positions():
        scores = evaluate_moves(state, time.monotonic() + 0.2)
        assert set(scores) == set(RULES.legal_moves(state))
        assert all(isinstance(v, float) and -64 <= v <= 64 for v in scores.values())


def test_evaluate_moves_is_exact_in_the_endgame():
    for state in positions(7, 3, seed=11):
        scores = evaluate_moves(state, time.monotonic() + 0.5)
        for sq, v in scores.items():
            after = play(state, sq)
            assert v == -minimax(after.me, after.opp)


def test_evaluate_moves_of_a_finished_game_is_empty():
    state = OthelloState(black=(1 << 64) - 1, white=0, player=BLACK)
    assert evaluate_moves(state, time.monotonic() + 0.1) == {}


def test_evaluation_is_antisymmetric_in_material_terms():
    """Swapping the colours of a position flips the sign of every term but parity's."""
    for state in positions(30, 5, seed=9):
        a = evaluate(state.me, state.opp)
        b = evaluate(state.opp, state.me)
        empties = 64 - (state.me | state.opp).bit_count()
        parity = WEIGHTS[empties][-1]
        assert a + b == 2 * (parity if empties & 1 else -parity)
