"""Othello: rules, notation, transcripts and state on bitboards.

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

Speed: every search and the perft counter spend their time in `moves_mask` and
`flips`, and in CPython that time is the number of interpreted operations, not
the work each does. So `moves_mask` finds runs by doubling shifts (a run of six
in three steps) and, along a row, by one addition whose carry ripples across
the run; `flips` runs square-specific code built once at import, with each
ray's squares as constants and a cheap first test that skips every direction
whose neighbour is not an opposing disc.
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from boardhub.core.i18n import N_, _
from boardhub.core.rules import IllegalMove, Option, Outcome

PASS = 64
FULL = (1 << 64) - 1
INNER_COLS = 0x7E7E7E7E7E7E7E7E  # columns b..g: a run across a row or a diagonal never wraps off them
BLACK, WHITE = 0, 1
COLUMNS = "abcdefgh"

# Lanes: `moves_mask(me, opp, lanes)` works on many boards at once, board i at
# bit LANE * i. Python's cost per operation barely grows with the size of an
# int, so one pass over 10 packed boards costs about 1.5 passes over one
# board (measured: 1.7 us for one, 2.6 us for ten). The 18 spare bits above each board take the longest shift (2 * 9)
# without reaching the next board.
LANE = 82
MAX_LANES = 64
_REPEAT = tuple(sum(1 << (LANE * i) for i in range(n)) for n in range(MAX_LANES + 1))
_INNER = tuple(INNER_COLS * r for r in _REPEAT)
_FULL = tuple(FULL * r for r in _REPEAT)


def moves_mask(me: int, opp: int, lanes: int = 1) -> int:
    """The squares where `me` may play: each flanks a run of `opp` discs.

    With `lanes` > 1, `me` and `opp` hold that many positions packed LANE
    bits apart (board i at bit LANE * i), and the answer holds each
    position's moves in its lane.
    """
    h = opp & _INNER[lanes]
    # along a row towards h: adding the disc after `me` to the run carries to the square past it
    legal = ((me << 1) & h) + h
    t = h & (me >> 1)
    t |= h & (t >> 1)
    m2 = h & (h >> 1)
    t |= m2 & (t >> 2)
    t |= m2 & (t >> 2)
    legal |= t >> 1
    t = opp & (me << 8)
    t |= opp & (t << 8)
    m2 = opp & (opp << 8)
    t |= m2 & (t << 16)
    t |= m2 & (t << 16)
    legal |= t << 8
    t = opp & (me >> 8)
    t |= opp & (t >> 8)
    m2 = opp & (opp >> 8)
    t |= m2 & (t >> 16)
    t |= m2 & (t >> 16)
    legal |= t >> 8
    t = h & (me << 9)
    t |= h & (t << 9)
    m2 = h & (h << 9)
    t |= m2 & (t << 18)
    t |= m2 & (t << 18)
    legal |= t << 9
    t = h & (me >> 9)
    t |= h & (t >> 9)
    m2 = h & (h >> 9)
    t |= m2 & (t >> 18)
    t |= m2 & (t >> 18)
    legal |= t >> 9
    t = h & (me << 7)
    t |= h & (t << 7)
    m2 = h & (h << 7)
    t |= m2 & (t << 14)
    t |= m2 & (t << 14)
    legal |= t << 7
    t = h & (me >> 7)
    t |= h & (t >> 7)
    m2 = h & (h >> 7)
    t |= m2 & (t >> 14)
    t |= m2 & (t >> 14)
    legal |= t >> 7
    return legal & ~(me | opp) & _FULL[lanes]


def lanes_with_moves(moves: int, lanes: int) -> int:
    """How many lanes of a packed `moves_mask` answer are not empty.

    Adding 2**64 - 1 to every lane carries into bit 64 exactly where the
    lane holds a move, and the spare bits keep the carry inside the lane.
    """
    return (((moves + _FULL[lanes]) >> 64) & _REPEAT[lanes]).bit_count()


def _rays(sq: int) -> list[tuple[bool, list[int]]]:
    """The squares outward from `sq` in each direction that can hold a flip (two or more)."""
    row, col = divmod(sq, 8)
    rays = []
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        squares = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8:
            squares.append(8 * r + c)
            r, c = r + dr, c + dc
        if len(squares) >= 2:
            rays.append((8 * dr + dc > 0, squares))
    return rays


def _flipper_source(sq: int) -> str:
    """Python source of the flips of a disc put on `sq`, one block per direction.

    On a ray, the first square that is not an opposing disc closes the run:
    if it is one of ours, every square before it flips. Towards higher bits
    that square is the lowest set bit of the ray minus `opp`; towards lower
    bits it is the highest, found with bit_length.
    """
    lines = [f"def flips_{sq}(me, opp):", "    out = 0"]
    for upward, squares in _rays(sq):
        ray = sum(1 << s for s in squares)
        lines += [f"    if opp & {1 << squares[0]:#x}:", f"        b = {ray:#x} & ~opp"]
        if upward:
            lines += ["        f = b & -b", f"        if f & me: out |= {ray:#x} & (f - 1)"]
        else:
            lines += ["        k = b.bit_length()", f"        if 1 << k >> 1 & me: out |= {ray:#x} >> k << k"]
    lines.append("    return out")
    return "\n".join(lines)


def _build_flippers() -> tuple[Callable[[int, int], int], ...]:
    """Compile the 64 functions: straight-line code with inlined constants
    measures about a quarter faster than one loop over per-square ray tables."""
    namespace: dict = {}
    exec("\n\n".join(_flipper_source(sq) for sq in range(64)), namespace)
    return tuple(namespace[f"flips_{sq}"] for sq in range(64))


# FLIPS_AT[sq](me, opp) == flips(me, opp, sq), one call less for hot loops
FLIPS_AT: tuple[Callable[[int, int], int], ...] = _build_flippers()


def flips(me: int, opp: int, sq: int) -> int:
    """The discs of `opp` that a disc of `me` on `sq` turns over (0 if none)."""
    return FLIPS_AT[sq](me, opp)


def squares_of(mask: int) -> list[int]:
    """The squares of a bitboard, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def square_name(sq: int) -> str:
    return "pass" if sq == PASS else f"{COLUMNS[sq % 8]}{sq // 8 + 1}"


PASS_WORDS = ("pass", "pa", "ps", "--")


def parse_square(text: str) -> int:
    t = text.strip().lower()
    if t in PASS_WORDS:
        return PASS
    if len(t) == 2 and t[0] in COLUMNS and t[1] in "12345678":
        return COLUMNS.index(t[0]) + 8 * (int(t[1]) - 1)
    raise IllegalMove(_("{text!r} is not a square: write a column a-h and a row 1-8, as in f5, or pass").format(
        text=text.strip()))


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
        return self.black.bit_count(), self.white.bit_count()

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
    f = FLIPS_AT[move](me, opp)
    me |= f | (1 << move)
    opp ^= f
    if state.player == BLACK:
        return OthelloState(me, opp, WHITE)
    return OthelloState(opp, me, BLACK)


def why_illegal(state: OthelloState, move: int) -> str | None:
    """Why the rules refuse `move` on `state`, in the player's words; None if it is legal."""
    if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move <= PASS:
        return _("Not a square: {move!r}").format(move=move)
    mine = moves_mask(state.me, state.opp)
    if move == PASS:
        if mine:
            return _("You cannot pass while you have a move")
        return None if moves_mask(state.opp, state.me) else _("The game is over")
    if mine >> move & 1:
        return None
    if not mine:
        return _("No move is possible: you must pass") if moves_mask(state.opp, state.me) else _("The game is over")
    if state.disc(move) is not None:
        return _("{square} is taken").format(square=square_name(move))
    return _("{square} flips nothing: a move must outflank discs").format(square=square_name(move))


HINT_LEVELS = (1, 2, 3, 4, 5)


class OthelloRules:
    name = "othello"
    # how far the hint key looks: no rule of the game, so it never leaves this computer (a table keeps 5)
    options: tuple[Option, ...] = (
        Option("hint_level", N_("Hints"), HINT_LEVELS, 5,
               (N_("Level 1: one move ahead"), N_("Level 2: two moves ahead"), N_("Level 3: three moves ahead"),
                N_("Level 4: four moves ahead"), N_("Level 5: the strongest, exact near the end")),
               local_only=True),
    )

    def num_players(self, options: dict) -> int:
        return 2

    def new_game(self, options: dict | None = None, seed: int | None = None) -> OthelloState:
        return START

    def legal_moves(self, state: OthelloState) -> list[int]:
        mask = moves_mask(state.me, state.opp)
        if mask:
            return squares_of(mask)
        return [PASS] if moves_mask(state.opp, state.me) else []

    def apply(self, state: OthelloState, move: int) -> OthelloState:
        reason = why_illegal(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return play(state, move)

    def to_move(self, state: OthelloState) -> int:
        return state.player

    def is_over(self, state: OthelloState) -> bool:
        return not moves_mask(state.me, state.opp) and not moves_mask(state.opp, state.me)

    def outcome(self, state: OthelloState) -> Outcome:
        """Most discs wins. Scores follow the tournament rule that every final
        score adds up to 64: empty squares go to the winner, or half each in a draw."""
        if not self.is_over(state):
            raise ValueError("the game is not over")
        b, w = state.counts()
        empty = 64 - b - w
        # the final score differs from the discs on the board when squares are left: say why
        if b == w:
            detail = N_("Empty squares are shared: {black} discs each") if empty else ""
            return Outcome.worded(None, (b + empty // 2, w + empty // 2), "score", detail, black=b)
        detail = N_("Empty squares go to the winner: {black} discs to {white}") if empty else ""
        if b > w:
            return Outcome.worded(BLACK, (b + empty, w), "score", detail, black=b, white=w)
        return Outcome.worded(WHITE, (b, w + empty), "score", detail, black=b, white=w)

    def view(self, state: OthelloState, seat: int) -> OthelloState:
        return state

    def public_history(self, moves: Sequence[int], seat: int | None) -> tuple:
        """Every move is seen by both players."""
        return tuple(moves)

    def move_to_text(self, move: int, state: object = None) -> str:
        return square_name(move)

    def move_from_text(self, text: str, state: object = None) -> int:
        return parse_square(text)


def transcript(moves: Iterable[int]) -> str:
    """A game in the usual concatenated form, "f5d6c3...": passes are left out
    because the position always tells when one happened."""
    return "".join(square_name(m) for m in moves if m != PASS)


# one token of a transcript: a pass word, a square, or (to be refused) whatever else
_TOKEN = re.compile(r"\s*(pass|pa|ps|--|[a-h][1-8]|\S\S?)", re.IGNORECASE)


def parse_transcript(text: str) -> list[int]:
    """The moves of a transcript from the start, passes included.

    Accepts any case, whitespace anywhere between moves, and explicit passes
    ("pass", "PA"); a pass the position forces is inserted where it is left
    out. Raises IllegalMove naming the first bad move, its number as written
    and why, so a person can find it in the text.
    """
    moves: list[int] = []
    state = START
    pos, number = 0, 0
    text = text.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        pos = match.end()
        token = match.group(1)
        number += 1
        try:
            move = parse_square(token)
        except IllegalMove:
            raise IllegalMove(_("Move {number} ({token}) is not a move: write a column a-h and a row 1-8, "
                                "as in f5, or pass").format(number=number, token=token)) from None
        if move != PASS and not moves_mask(state.me, state.opp) and moves_mask(state.opp, state.me):
            moves.append(PASS)
            state = play(state, PASS)
        reason = why_illegal(state, move)
        if reason is not None:
            raise IllegalMove(_("Move {number} ({token}) is illegal: {reason}").format(
                number=number, token=token, reason=reason))
        moves.append(move)
        state = play(state, move)
    return moves


def random_positions(empties: int, count: int, seed: int) -> list[OthelloState]:
    """`count` positions with `empties` empty squares, from random games seeded `seed`, `seed + 1`, ...

    Games over before that are skipped. Fixed test and benchmark positions:
    the same arguments give the same positions.
    """
    rules = OthelloRules()
    out: list[OthelloState] = []
    while len(out) < count:
        rng = random.Random(seed)
        seed += 1
        state = START
        while 64 - (state.black | state.white).bit_count() > empties and not rules.is_over(state):
            state = play(state, rng.choice(rules.legal_moves(state)))
        if not rules.is_over(state):
            out.append(state)
    return out
