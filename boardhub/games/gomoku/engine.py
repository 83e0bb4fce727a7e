"""Gomoku: rules, notation and state, with Renju's forbidden moves for black.

A point is an int ``p = y * size + x``: x is the column (0 = 'a'), y the row
counted from the bottom (0 = row 1), so "h8" is x 7, y 7. Columns run a..s
on 19 x 19 (no letter skipped), a..o on 15 x 15 and a..t on 20 x 20, the
Gomocup board, which is played under freestyle rules only (as Gomocup plays it).

Rule sets:
- renju (default): black wins only with an exact five and may not play an
  overline, a double four or a double three (renju.py); white wins with five
  or more.
- freestyle: five or more in a row wins, for both.
- standard: exactly five wins, for both; an overline does not win.

A forbidden point is refused with the reason (a human never loses by a
misclick), unless `forbidden_loses` is set: then it is played and white
wins, the strict rule that referees apply to programs.

Opening rules (openings.py): swap2 for freestyle and standard, Soosõrv-8 for
Renju, or none (black opens where it likes). An opening is a phase of the
state with its own moves; `player` is always the colour of the next stone,
`swapped` which seat holds which colour, and `to_move` the seat.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from boardhub.core.i18n import N_, _
from boardhub.core.rules import IllegalMove, Option, Outcome, normalize_options
from boardhub.games.gomoku import openings
from boardhub.games.gomoku.renju import (EMPTY, forbidden, forbidden_padded, forbidden_points, padded_board,
                                         padded_index)

BLACK, WHITE = 0, 1  # seats; stones on the board are seat + 1
SIZES = (19, 15, 20)
GOMOCUP_SIZE = 20  # the Gomocup tournament's board: freestyle only
RULE_SETS = ("renju", "freestyle", "standard")
COLUMNS = "abcdefghijklmnopqrst"
NAMES = (N_("Black"), N_("White"))  # the colours by seat, marked for the catalog


@dataclass(frozen=True, slots=True)
class GomokuState:
    """A position and how the game stands.

    board: size * size bytes, 0 empty, 1 black, 2 white. moves: every point
    played, in order. winner / win_line / reason describe a finished game:
    reason is "five", "forbidden" or "full" (a draw), "" while playing.
    """

    size: int
    rule: str
    board: bytes
    player: int
    moves: tuple[int, ...] = ()
    winner: int | None = None
    win_line: tuple[int, ...] = ()
    reason: str = ""
    forbidden_loses: bool = False
    opening: str = "none"  # the opening rule: "none", "swap2", "soosorv8"
    phase: str = ""  # the opening's phase (openings.py), "" once the game proper runs
    swapped: bool = False  # the seats changed colours: seat 0 plays white
    offers: tuple[int, ...] = ()  # the fifth moves black offered (Soosõrv-8)
    wanted: int = 0  # how many fifth moves white asked for

    @property
    def over(self) -> bool:
        """Whether the game has ended (a five, a forbidden move that lost, a draw)."""
        return bool(self.reason)


def point_name(p: int, size: int = 19) -> str:
    """"h8" for the point p of a size x size board."""
    y, x = divmod(p, size)
    return f"{COLUMNS[x]}{y + 1}"


def parse_point(text: str, size: int = 19) -> int:
    """The point named "h8" on a size x size board; IllegalMove naming the valid range."""
    t = text.strip().lower()
    last = COLUMNS[size - 1]
    if len(t) >= 2 and t[0] in COLUMNS and t[1:].isdigit():
        x, y = COLUMNS.index(t[0]), int(t[1:]) - 1
        if x < size and 0 <= y < size:
            return y * size + x
        raise IllegalMove(_("{text} is off the board: columns run a-{last} and rows 1-{size}").format(
            text=text.strip(), last=last, size=size))
    raise IllegalMove(_("{text!r} is not a point: write a column a-{last} and a row 1-{size}, as in h8").format(
        text=text.strip(), last=last, size=size))


def line_through(board: bytes, size: int, p: int, stone: int, dx: int, dy: int) -> tuple[int, ...]:
    """The run of `stone` through p along (dx, dy), in order along the line."""
    x0, y0 = p % size, p // size
    back = 0
    while True:
        x, y = x0 - (back + 1) * dx, y0 - (back + 1) * dy
        if 0 <= x < size and 0 <= y < size and board[y * size + x] == stone:
            back += 1
        else:
            break
    run = []
    k = -back
    while True:
        x, y = x0 + k * dx, y0 + k * dy
        if 0 <= x < size and 0 <= y < size and board[y * size + x] == stone:
            run.append(y * size + x)
            k += 1
        else:
            return tuple(run)


DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def winning_line(board: bytes, size: int, p: int, rule: str) -> tuple[int, ...]:
    """The winning run the stone on p makes under `rule`, or () if it wins nothing.

    Exact five wins everywhere; six or more wins under freestyle, and for
    white under renju. An exact five beats an overline on another line.
    """
    stone = board[p]
    runs = [line_through(board, size, p, stone, dx, dy) for dx, dy in DIRECTIONS]
    for run in runs:
        if len(run) == 5:
            return run
    long_wins = rule == "freestyle" or (rule == "renju" and stone == WHITE + 1)
    if long_wins:
        for run in runs:
            if len(run) > 5:
                return run
    return ()


def _black_can_move(board: bytes, size: int) -> bool:
    """Whether any empty point is allowed for black under renju (almost always the first one tried)."""
    padded = padded_board(board, size)
    return any(forbidden_padded(padded, padded_index(p, size), size) is None
               for p in range(size * size) if board[p] == EMPTY)


class GomokuRules:
    """Gomoku on 19 x 19 or 15 x 15 under renju, freestyle or standard rules, or 20 x 20 freestyle."""

    name = "gomoku"
    options = (
        Option("size", N_("Board"), SIZES, 19, (N_("19 x 19, the classic board"), N_("15 x 15, the official board"),
                                                N_("20 x 20, the Gomocup board (freestyle)")),
               needs=((GOMOCUP_SIZE, "rule", ("freestyle",)),)),
        Option("rule", N_("Rules"), RULE_SETS, "renju",
               (N_("Renju: forbidden moves for black"), N_("Freestyle: five or more wins"), N_("Standard: exactly five wins"))),
        Option("forbidden_loses", N_("Forbidden moves"), (False, True), False, (N_("Refused"), N_("Lose")),
               only_when=("rule", ("renju",))),
        # one opening option per family of rules, each offering only what its rules play
        Option("opening", N_("Opening rule"), ("none", "swap2"), "none",
               (N_("None: black opens freely"), N_("Swap2")), only_when=("rule", ("freestyle", "standard"))),
        Option("renju_opening", N_("Opening rule"), ("none", "soosorv8"), "none",
               (N_("None: black opens freely"), N_("Soosõrv-8, the RIF's rule")), only_when=("rule", ("renju",))),
    )

    def num_players(self, options: dict) -> int:
        return 2

    def normalize(self, options: dict | None) -> dict:
        return normalize_options(self.options, options)

    def new_game(self, options: dict | None = None, seed: int | None = None) -> GomokuState:
        o = self.normalize(options)
        opening = o["renju_opening"] if o["rule"] == "renju" else o["opening"]
        return GomokuState(o["size"], o["rule"], bytes(o["size"] ** 2), BLACK,
                           forbidden_loses=o["forbidden_loses"], opening=opening,
                           phase=openings.first_phase(opening))

    def legal_moves(self, state: GomokuState) -> list[int]:
        """The empty points, less black's forbidden ones under renju (when
        forbidden moves lose and nothing else is left, black must play one)."""
        if state.reason:
            return []
        if state.phase:
            return openings.legal(state)
        empty = [p for p in range(state.size ** 2) if not state.board[p]]
        banned = forbidden_points(state)
        if not banned:
            return empty
        allowed = [p for p in empty if p not in banned]
        return allowed if allowed or not state.forbidden_loses else empty

    def why_illegal(self, state: GomokuState, move: object) -> str | None:
        """Why `move` cannot be played at all (not a point, taken, game over); None if it can."""
        if state.reason:
            return _("The game is over")
        if state.phase:
            return openings.why_not(state, move, point_name)
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < state.size ** 2:
            return _("Not a point of the {size} x {size} board: {move!r}").format(size=state.size, move=move)
        if state.board[move]:
            return _("{point} is taken").format(point=point_name(move, state.size))
        return None

    def apply(self, state: GomokuState, move: int) -> GomokuState:
        reason = self.why_illegal(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        if state.phase:
            return openings.advance(state, move)
        size = state.size
        if state.rule == "renju" and state.player == BLACK:
            why = forbidden(state.board, size, move)
            if why is not None:
                if not state.forbidden_loses:
                    raise IllegalMove(_("{point} is forbidden for black: {why}").format(
                        point=point_name(move, size), why=_(why)))
                board = state.board[:move] + b"\x01" + state.board[move + 1:]
                return replace(state, board=board, player=WHITE, moves=state.moves + (move,), winner=WHITE,
                               reason="forbidden")
        stone = bytes((state.player + 1,))
        board = state.board[:move] + stone + state.board[move + 1:]
        moves = state.moves + (move,)
        line = winning_line(board, size, move, state.rule)
        nxt = 1 - state.player
        after = replace(state, board=board, player=nxt, moves=moves)
        if line:
            return replace(after, winner=state.player, win_line=line, reason="five")
        if len(moves) == size * size or (
                nxt == BLACK and state.rule == "renju" and not state.forbidden_loses
                and not _black_can_move(board, size)):
            return replace(after, reason="full")
        return after

    def to_move(self, state: GomokuState) -> int:
        """The seat to move: in the opening as its phase says, then the seat of the colour to move."""
        return openings.mover(state)

    def is_over(self, state: GomokuState) -> bool:
        return bool(state.reason)

    def outcome(self, state: GomokuState) -> Outcome:
        if not state.reason:
            raise ValueError("the game is not over")
        if state.reason == "five":
            n = len(state.win_line)
            seat = openings.seat_of(state.winner, state.swapped)
            if n == 5:
                return Outcome.worded(seat, (), "five", N_("{colour} made five"), colour=NAMES[state.winner])
            return Outcome.worded(seat, (), "five", N_("{colour} made {count} in a row"),
                                  colour=NAMES[state.winner], count=n)
        if state.reason == "forbidden":
            last = state.moves[-1]
            why = forbidden(state.board[:last] + b"\x00" + state.board[last + 1:], state.size, last)
            return Outcome.worded(openings.seat_of(WHITE, state.swapped), (), "forbidden", N_("Black played a forbidden {shape} at {point}"),
                                  shape=why, point=point_name(last, state.size))
        if len(state.moves) == state.size ** 2:
            return Outcome(None, (), "full", N_("the board is full: a draw"))
        return Outcome(None, (), "full", N_("no point is left that black may play: a draw"))

    def view(self, state: GomokuState, seat: int) -> GomokuState:
        return state

    def public_history(self, moves: Sequence[int], seat: int | None) -> tuple:
        """Every move is seen by both players."""
        return tuple(moves)

    def move_to_text(self, move: int | str, state: GomokuState | None = None) -> str:
        """"h8" on the board of `state` (19 x 19 when no state is given); an opening's decision
        is its word ("swap", "more", "black", "5")."""
        if isinstance(move, str):
            return move
        return point_name(move, 19 if state is None else state.size)

    def move_from_text(self, text: str, state: GomokuState | None = None) -> int | str:
        """The point "h8" names on the board of `state`, or an opening's decision word;
        IllegalMove naming the valid range."""
        word = text.strip().lower()
        if word in openings.WORDS:
            return word
        return parse_point(text, 19 if state is None else state.size)
