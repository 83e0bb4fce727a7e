"""How the AIs play an opening rule's decisions (openings.py), one routine for every AI.

The yardstick is the expert's static evaluation (lines.Board.evaluate: its
learned line patterns, for the side to move), taken from black's side:
- stones placed before a choice of colours (swap2's first three and two more,
  Soosõrv's first three and fourth): the candidate that leaves the position
  nearest to even, since the opponent then takes the better colour;
- swap or stay, black or white: the colour the evaluation favours;
- Soosõrv's number of fifth moves: more when black stands better (white
  then picks the worst of more offers), so that the position stays even;
- the fifth moves offered: black's best points, none symmetrical to another;
- the offer kept: the one worst for black.

Each candidate is tried on the board and taken back (play/undo), so a
decision costs a few hundred evaluations. `careless` (the beginner) picks at
random among the legal decisions and the points near the stones.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from boardhub.games.gomoku import openings
from boardhub.games.gomoku.lines import Board
from boardhub.games.gomoku.patterns import Weights

BLACK, WHITE = 0, 1
NEAR = 2  # candidates lie within this many points of a stone (or of the centre)
EVEN = 50  # evaluation units (200 to one unit of log-odds: 56% against 44%) within which neither colour
# is worth a swap


def _candidates(state: Any, legal: list) -> list[int]:
    """The legal points near the stones (near the centre on an empty board), nearest first."""
    size = state.size
    points = [m for m in legal if isinstance(m, int)]
    stones = [p for p, s in enumerate(state.board) if s] or [(size // 2) * size + size // 2]

    def distance(p: int) -> int:
        return min(max(abs(p % size - q % size), abs(p // size - q // size)) for q in stones)

    near = [p for p in points if distance(p) <= NEAR]
    return sorted(near or points, key=distance)


def _black_value(board: Board, to_move: int) -> int:
    """The static evaluation from black's side, `to_move` moving next."""
    v = board.evaluate(to_move)
    return v if to_move == BLACK else -v


def opening_move(rules: Any, state: Any, rng: random.Random, weights: Weights | None = None,
                 careless: bool = False) -> Any:
    """The move an AI plays in an opening phase of `state` (always one of `rules.legal_moves`)."""
    legal = rules.legal_moves(state)
    phase = state.phase
    if careless:
        words = [m for m in legal if isinstance(m, str)]
        return rng.choice(words + _candidates(state, legal)[:8] or legal)
    board = Board.from_cells(state.size, state.rule, state.board, weights)
    if phase == openings.PICK:
        # the offer worst for black: white keeps it, then moves
        return min(legal, key=lambda p: (_value_after(board, p, BLACK, WHITE), rng.random()))
    if phase == openings.OFFER:
        return max(_candidates(state, legal)[:40], key=lambda p: (_value_after(board, p, BLACK, WHITE), rng.random()))
    if phase in (openings.PLACE3, openings.OPEN3, openings.PLACE2, openings.FOURTH):
        colour = openings.stone_colour(state)
        nxt = WHITE if colour == BLACK else BLACK
        pool = _candidates(state, legal)[:30]
        if len(state.moves) == 0:
            return rng.choice(pool[:1] if phase == openings.OPEN3 else pool[:9])
        return min(pool, key=lambda p: (abs(_value_after(board, p, colour, nxt)) // 10, rng.random()))
    if phase == openings.ANSWER:
        value = _black_value(board, WHITE)  # the second player is white as things stand
        if value > EVEN:
            return openings.SWAP
        if value < -EVEN:
            pool = _candidates(state, legal)[:30]
            return min(pool, key=lambda p: (_value_after(board, p, WHITE, BLACK), rng.random()))
        return openings.MORE
    if phase == openings.CHOOSE:
        return openings.TAKE_BLACK if _black_value(board, WHITE) > 0 else openings.TAKE_WHITE
    if phase == openings.SWAP1:  # the deciding seat is white now; white places the 4th stone
        return openings.SWAP if _black_value(board, WHITE) > 0 else openings.STAY
    if phase == openings.DECLARE:
        value = _black_value(board, BLACK)
        return openings.COUNTS[max(0, min(openings.MOST_OFFERS - 1, 1 + value // 80))]
    if phase == openings.SWAP2:
        # black's outlook: the worst of its `wanted` best fifth moves, which white would keep
        pool = sorted((_value_after(board, p, BLACK, WHITE) for p in _candidates(state, rules.legal_moves(
            _offerable(state)))[:30]), reverse=True)
        outlook = pool[min(len(pool), state.wanted) - 1] if pool else 0
        return openings.STAY if outlook >= 0 else openings.SWAP  # the seat deciding holds black
    return rng.choice(legal)


def _offerable(state: Any) -> Any:
    """The state as black will offer from it (to count black's prospects before the swap)."""
    return replace(state, phase=openings.OFFER, offers=())


def _value_after(board: Board, p: int, colour: int, to_move: int) -> int:
    """Black's evaluation after a stone of `colour` on p, `to_move` next."""
    board.play(p, colour)
    try:
        return _black_value(board, to_move)
    finally:
        board.undo()
