"""Othello perft: the number of move sequences of a given length.

Perft proves a move generator against counts that others computed
independently: from the start, 4, 12, 56, 244, 1396, 8200, 55092, 390216 and
3005288 for depths 1 to 9. A pass counts as a move, and a finished game is a
leaf at whatever depth it ends.

Three shortcuts keep it fast and exact:
- the last ply is counted, not played: a position with moves has as many
  leaves below it as moves; one without has one (a pass, or the end);
- the last two plies are counted for all children at once, packed side by
  side in one int for one `moves_mask` call (see engine.LANE);
- a transposition table keyed by (mover's discs, other's discs, depth): the
  count does not depend on which colour is which, and move orders that meet
  share one count.
"""
from __future__ import annotations

from boardhub.games.othello.engine import FLIPS_AT, LANE, OthelloRules, OthelloState, lanes_with_moves, moves_mask

_RULES = OthelloRules()


def perft(state: OthelloState, depth: int) -> int:
    """The leaves `depth` plies below `state`."""
    if depth < 0:
        raise ValueError(f"perft depth must be 0 or more, not {depth}")
    return _count(state.me, state.opp, depth, {})


def plain_perft(state: OthelloState, depth: int) -> int:
    """Perft through the public Rules protocol, one move at a time: the reference the fast one is
    checked and timed against."""
    if depth == 0:
        return 1
    legal = _RULES.legal_moves(state)
    if not legal:
        return 1
    return sum(plain_perft(_RULES.apply(state, m), depth - 1) for m in legal)


def _count(me: int, opp: int, depth: int, table: dict[tuple[int, int, int], int]) -> int:
    if depth == 0:
        return 1
    moves = moves_mask(me, opp)
    if not moves:
        if depth == 1 or not moves_mask(opp, me):
            return 1  # one pass, or the game is over
        return _count(opp, me, depth - 1, table)
    if depth == 1:
        return moves.bit_count()
    key = (me, opp, depth)
    total = table.get(key)
    if total is not None:
        return total
    if depth == 2:
        total = _count_two(me, opp, moves)
    else:
        total = 0
        while moves:
            bit = moves & -moves
            moves ^= bit
            f = FLIPS_AT[bit.bit_length() - 1](me, opp)
            total += _count(opp ^ f, me | f | bit, depth - 1, table)
    table[key] = total
    return total


def _count_two(me: int, opp: int, moves: int) -> int:
    """Leaves two plies below a position whose moves are `moves` (not empty)."""
    movers = others = 0
    shift = lanes = 0
    while moves:
        bit = moves & -moves
        moves ^= bit
        f = FLIPS_AT[bit.bit_length() - 1](me, opp)
        movers |= (opp ^ f) << shift
        others |= (me | f | bit) << shift
        shift += LANE
        lanes += 1
    replies = moves_mask(movers, others, lanes)
    # a child without a reply still ends one line: a pass or the end of the game
    return replies.bit_count() + lanes - lanes_with_moves(replies, lanes)
