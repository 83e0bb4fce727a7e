"""Gomoku positions as .psq files, and the editor's edits of them.

A position is its stones; who moves follows from them, since black begins and
nobody passes: black when both colours have as many stones, white when black
has one more. Any other count is no Gomoku position. So the position's text is
a Piskvork .psq file (records.py) whose moves alternate black and white: the
stones of each colour in the order they were placed (or, for a .psq game read
in, played), so a game read in keeps its order and Piskvork reads the position
back as the game that reached it.

A position where a colour already has its winning row, or where the board is
full, is refused: that game is over. Under Renju, black stones that would make a
forbidden pattern if black played them now are allowed: the rule judges the
move that makes the pattern, and the stones of an edited position were never
moves (a composed problem may well hold such a shape); black's next moves are
judged by the rule as in any game.
"""
from __future__ import annotations

from boardhub.core.i18n import N_, _
from boardhub.core.position import PositionFormat
from boardhub.core.rules import IllegalMove
from boardhub.games.gomoku.engine import BLACK, NAMES, WHITE, GomokuRules, GomokuState, point_name, winning_line
from boardhub.games.gomoku.records import from_psq, to_psq


def interleaved(blacks: list[int], whites: list[int]) -> tuple[int, ...]:
    """The stones as moves, black first and then in turn; a colour's extra stones (a count that is
    no position, while the editor has it) at the end."""
    out: list[int] = []
    for i in range(max(len(blacks), len(whites))):
        out += blacks[i:i + 1] + whites[i:i + 1]
    return tuple(out)


def stones_state(size: int, rule: str, forbidden_loses: bool, moves: tuple[int, ...],
                 colours: list[int]) -> GomokuState:
    """The position of these stones (`colours[i]` the seat of `moves[i]`), with the side to move
    the counts give."""
    board = bytearray(size * size)
    for p, seat in zip(moves, colours):
        board[p] = seat + 1
    blacks = [p for p in moves if board[p] == BLACK + 1]
    whites = [p for p in moves if board[p] == WHITE + 1]
    player = BLACK if len(blacks) <= len(whites) else WHITE
    return GomokuState(size, rule, bytes(board), player, interleaved(blacks, whites),
                       forbidden_loses=forbidden_loses)


class GomokuPositions(PositionFormat):
    """The Gomoku board's editor: stones anywhere; the counts give the side to move."""

    ending = "psq"
    example = N_("a .psq file")

    def __init__(self) -> None:
        super().__init__(GomokuRules())

    def write(self, state: GomokuState) -> str:
        return to_psq(state.moves, state.size)

    def _options(self, text: str) -> dict:
        return {"size": from_psq(text)[0]}

    def _read(self, text: str, options: dict) -> GomokuState:
        o = self.rules.normalize(options)
        size, moves = from_psq(text)
        if size != o["size"]:
            raise IllegalMove(_("The position is on {size} x {size}, not {board} x {board}").format(
                size=size, board=o["size"]))
        # a .psq's moves alternate from black (its header's other fields are the players' levels)
        return stones_state(size, o["rule"], o["forbidden_loses"], tuple(moves),
                            [i % 2 for i in range(len(moves))])

    def blank(self, options: dict) -> GomokuState:
        return self.rules.new_game(options)

    def places(self, state: GomokuState) -> list[int]:
        """The points from the top row down, as the board shows them."""
        n = state.size
        return [y * n + x for y in reversed(range(n)) for x in range(n)]

    def cycle(self, state: GomokuState, place: int) -> GomokuState:
        after = {0: BLACK, BLACK + 1: WHITE, WHITE + 1: None}[state.board[place]]
        return self.put(state, place, after)

    def put(self, state: GomokuState, place: int, piece: int | None) -> GomokuState:
        kept = [p for p in state.moves if p != place]
        colours = [state.board[p] - 1 for p in kept]
        if piece is not None:
            kept.append(place)
            colours.append(piece)
        return stones_state(state.size, state.rule, state.forbidden_loses, tuple(kept), colours)

    def side(self, state: GomokuState, seat: int) -> GomokuState:
        if seat != state.player:
            raise IllegalMove(_("In Gomoku the stones say who moves: black when both colours have as many, "
                                "white when black has one more"))
        return state

    def problem(self, state: GomokuState) -> str | None:
        blacks = state.board.count(BLACK + 1)
        whites = state.board.count(WHITE + 1)
        if blacks not in (whites, whites + 1):
            return _("Black has {black} stones and white {white}: black must have as many as white, "
                     "or one more").format(black=blacks, white=whites)
        for p in state.moves:
            if winning_line(state.board, state.size, p, state.rule):
                return _("{colour} already has a winning row at {point}: the game would be over").format(
                    colour=_(NAMES[state.board[p] - 1]), point=point_name(p, state.size))
        if blacks + whites == state.size ** 2:
            return _("The board is full: the game would be over")
        return None

    def fixed_options(self, state: GomokuState) -> dict:
        return {"size": state.size}
