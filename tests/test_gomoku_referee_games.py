"""Gomoku's expert under the Renju referee in fast games: every black move is checked with the
referee (renju.forbidden) before it is played, and a forbidden move would lose the game."""
from __future__ import annotations

import time

import pytest

from boardhub.games.gomoku.engine import BLACK, GomokuRules, point_name
from boardhub.games.gomoku.expert import ExpertAI
from boardhub.games.gomoku.offline.openings import openings
from boardhub.games.gomoku.renju import forbidden

RULES = GomokuRules()
LIMIT = 0.02  # seconds a move: fast games, many positions


def play_checked(count: int, seed: int) -> tuple[int, int]:
    """`count` renju games between two experts (15 x 15 and 19 x 19 in turn, from varied openings):
    (black moves checked, games that reached a position with a forbidden point for black)."""
    checked = with_forbidden = 0
    for n in range(count):
        size = (15, 19)[n % 2]
        opening = openings(n // 2 + 1, size, seed)[n // 2]
        state = RULES.new_game({"size": size, "rule": "renju", "forbidden_loses": True})
        for p in opening:
            state = RULES.apply(state, p)
        ais = (ExpertAI(seed=seed + 2 * n), ExpertAI(seed=seed + 2 * n + 1))
        met = False
        while not state.reason:
            move = ais[state.player].choose(state, time.monotonic() + LIMIT)
            assert not state.board[move], f"game {n}: {point_name(move, size)} is taken"
            if state.player == BLACK:
                why = forbidden(state.board, size, move)
                assert why is None, f"game {n}: black played the forbidden {why} at {point_name(move, size)}"
                checked += 1
                met = met or any(forbidden(state.board, size, q) for q in range(size * size) if not state.board[q])
            state = RULES.apply(state, move)
        assert state.reason in ("five", "full")
        with_forbidden += met
    return checked, with_forbidden


def test_black_never_plays_a_forbidden_move_in_fast_games():
    checked, with_forbidden = play_checked(8, seed=1)
    assert checked > 50 and with_forbidden >= 1  # the games did offer forbidden points to avoid


@pytest.mark.slow
def test_black_never_plays_a_forbidden_move_in_200_fast_games():
    checked, with_forbidden = play_checked(200, seed=2)
    assert checked > 2000 and with_forbidden >= 20
