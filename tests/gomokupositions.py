"""Gomoku positions for tests, from the stones' names."""
from boardhub.games.gomoku.engine import GomokuState, parse_point


def position(black: str, white: str, player: int, size: int = 15, rule: str = "renju") -> GomokuState:
    """A state with the named stones ("h8 i9 ...") and `player` to move."""
    b = [parse_point(t, size) for t in black.split()]
    w = [parse_point(t, size) for t in white.split()]
    board = bytearray(size * size)
    for p in b:
        board[p] = 1
    for p in w:
        board[p] = 2
    moves = []
    for i in range(max(len(b), len(w))):
        moves += b[i:i + 1] + w[i:i + 1]
    return GomokuState(size, rule, bytes(board), player, tuple(moves))
