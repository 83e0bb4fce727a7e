"""Othello: rules, notation and state on bitboards.

A board is two 64-bit Python ints, one per colour. Bit `8 * row + col` is the
square of column `col` (a..h) and row `row + 1` (1..8)::

     a  b  c  d  e  f  g  h
  1  0  1  2  3  4  5  6  7
  2  8  9 10 11 12 13 14 15
  ...
  8 56 57 58 59 60 61 62 63

The start has d5 and e4 black, d4 and e5 white; black moves first. A move is
a square index, or PASS when the player to move has none but the game is not
over. The game ends when neither side can move.
"""
from __future__ import annotations

from dataclasses import dataclass

from boardhub.core.rules import IllegalMove, Option, Outcome

PASS = 64
FULL = (1 << 64) - 1
NOT_A = 0xFEFEFEFEFEFEFEFE  # every square but column a
NOT_H = 0x7F7F7F7F7F7F7F7F  # every square but column h
BLACK, WHITE = 0, 1
COLUMNS = "abcdefgh"

# (shift, mask applied after the shift): the 8 directions on the board
DIRECTIONS = ((1, NOT_A), (-1, NOT_H), (8, FULL), (-8, FULL),
              (9, NOT_A), (7, NOT_H), (-7, NOT_A), (-9, NOT_H))


def shift(bb: int, d: int, mask: int) -> int:
    return ((bb << d) if d > 0 else (bb >> -d)) & mask & FULL


def moves_mask(me: int, opp: int) -> int:
    """The squares where `me` may play: each flanks a run of `opp` discs."""
    empty = ~(me | opp) & FULL
    legal = 0
    for d, mask in DIRECTIONS:
        run = shift(me, d, mask) & opp
        for _ in range(5):
            run |= shift(run, d, mask) & opp
        legal |= shift(run, d, mask) & empty
    return legal


def flips(me: int, opp: int, sq: int) -> int:
    """The discs of `opp` that a disc of `me` on `sq` turns over (0 if none)."""
    bit = 1 << sq
    out = 0
    for d, mask in DIRECTIONS:
        run = 0
        x = shift(bit, d, mask)
        while x & opp:
            run |= x
            x = shift(x, d, mask)
        if x & me:
            out |= run
    return out


def square_name(sq: int) -> str:
    return "pass" if sq == PASS else f"{COLUMNS[sq % 8]}{sq // 8 + 1}"


def parse_square(text: str) -> int:
    t = text.strip().lower()
    if t in ("pass", "pa", "--", "ps"):
        return PASS
    if len(t) == 2 and t[0] in COLUMNS and t[1] in "12345678":
        return COLUMNS.index(t[0]) + 8 * (int(t[1]) - 1)
    raise IllegalMove(f"{text.strip()!r} is not a square: write a column a-h and a row 1-8, as in f5, or pass")


@dataclass(frozen=True, slots=True)
class OthelloState:
    """A position: the discs of each colour and the colour to move."""

    black: int
    white: int
    player: int  # BLACK or WHITE

    @property
    def me(self) -> int:
        return self.black if self.player == BLACK else self.white

    @property
    def opp(self) -> int:
        return self.white if self.player == BLACK else self.black

    def counts(self) -> tuple[int, int]:
        return bin(self.black).count("1"), bin(self.white).count("1")

    def disc(self, sq: int) -> int | None:
        """BLACK, WHITE or None for an empty square."""
        if self.black >> sq & 1:
            return BLACK
        if self.white >> sq & 1:
            return WHITE
        return None


START = OthelloState(black=(1 << 35) | (1 << 28), white=(1 << 27) | (1 << 36), player=BLACK)


def play(state: OthelloState, move: int) -> OthelloState:
    """`move` on `state`, unchecked (PASS hands the turn over)."""
    if move == PASS:
        return OthelloState(state.black, state.white, 1 - state.player)
    me, opp = state.me, state.opp
    f = flips(me, opp, move)
    me |= f | (1 << move)
    opp &= ~f
    if state.player == BLACK:
        return OthelloState(me, opp, WHITE)
    return OthelloState(opp, me, BLACK)


class OthelloRules:
    name = "othello"
    options: tuple[Option, ...] = ()

    def num_players(self, options: dict) -> int:
        return 2

    def new_game(self, options: dict | None = None, seed: int | None = None) -> OthelloState:
        return START

    def legal_moves(self, state: OthelloState) -> list[int]:
        mask = moves_mask(state.me, state.opp)
        if mask:
            return [sq for sq in range(64) if mask >> sq & 1]
        return [PASS] if moves_mask(state.opp, state.me) else []

    def apply(self, state: OthelloState, move: int) -> OthelloState:
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move <= PASS:
            raise IllegalMove(f"Not a square: {move!r}")
        legal = self.legal_moves(state)
        if move not in legal:
            if not legal:
                raise IllegalMove("The game is over")
            if move == PASS:
                raise IllegalMove("You cannot pass while you have a move")
            if state.disc(move) is not None:
                raise IllegalMove(f"{square_name(move)} is taken")
            if legal == [PASS]:
                raise IllegalMove("No move is possible: you must pass")
            raise IllegalMove(f"{square_name(move)} flips nothing: a move must outflank discs")
        return play(state, move)

    def to_move(self, state: OthelloState) -> int:
        return state.player

    def is_over(self, state: OthelloState) -> bool:
        return not moves_mask(state.me, state.opp) and not moves_mask(state.opp, state.me)

    def outcome(self, state: OthelloState) -> Outcome:
        """Most discs wins; empty squares go to the winner, as tournaments count."""
        if not self.is_over(state):
            raise ValueError("the game is not over")
        b, w = state.counts()
        empty = 64 - b - w
        if b > w:
            return Outcome(BLACK, (b + empty, w), "score")
        if w > b:
            return Outcome(WHITE, (b, w + empty), "score")
        return Outcome(None, (b, w), "score")

    def view(self, state: OthelloState, seat: int) -> OthelloState:
        return state

    def move_to_text(self, move: int) -> str:
        return square_name(move)

    def move_from_text(self, text: str) -> int:
        return parse_square(text)
