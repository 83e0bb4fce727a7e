"""Othello positions as text, and the editor's edits of them.

The text is the board string Edax, Egaroucid and NBoard read: 64 characters, the
squares a1, b1 ... h1, a2 ... h8 (row by row from a1), 'X' for black, 'O' for
white, '-' for an empty square, then a space and the side to move, 'X' or 'O'.
The start reads::

    ---------------------------OX------XO--------------------------- X

Read as Edax reads it: any case, '*' (and 'B') for black, 'W' for white, '.'
for an empty square, and spaces or line breaks anywhere (a board pasted as 8
lines). Anything else is refused in words: a square too many or too few, a
character that means nothing, no side to move.
"""
from __future__ import annotations

from boardhub.core.i18n import N_, _
from boardhub.core.position import PositionFormat
from boardhub.core.rules import IllegalMove
from boardhub.games.othello.engine import BLACK, START, WHITE, OthelloRules, OthelloState

DISC_CHARS = {"x": BLACK, "*": BLACK, "b": BLACK, "o": WHITE, "w": WHITE, "-": None, ".": None}
WRITTEN = {BLACK: "X", WHITE: "O", None: "-"}


def board_string(state: OthelloState) -> str:
    """The position as Edax writes it: 64 squares from a1, a space, the side to move."""
    return "".join(WRITTEN[state.disc(sq)] for sq in range(64)) + " " + WRITTEN[state.player]


def from_board_string(text: str) -> OthelloState:
    """The position of a board string (see the module's notes); IllegalMove says what is wrong."""
    black = white = 0
    squares = 0
    side: int | None = None
    for i, ch in enumerate(text):
        if ch.isspace():
            continue
        if ch.lower() not in DISC_CHARS:
            raise IllegalMove(_("'{char}' (character {number}) is not a disc: write X or * for black, O for white, "
                                "- or . for an empty square").format(char=ch, number=i + 1))
        disc = DISC_CHARS[ch.lower()]
        if squares == 64:  # the board is whole: this is the side to move, and nothing may follow it
            if side is not None or disc is None:
                raise IllegalMove(_("More than 64 squares: a board string is 64 squares, a space and X or O"))
            side = disc
            continue
        if disc == BLACK:
            black |= 1 << squares
        elif disc == WHITE:
            white |= 1 << squares
        squares += 1
    if squares < 64:
        raise IllegalMove(_("Only {count} squares: a board string is 64 squares, a space and X or O").format(
            count=squares))
    if side is None:
        raise IllegalMove(_("The side to move is missing: end the board string with a space and X or O"))
    return OthelloState(black, white, side)


class OthelloPositions(PositionFormat):
    """The Othello board's editor: discs anywhere, either side to move."""

    ending = "txt"
    example = N_("a board string: 64 squares of X, O or -, a space and X or O")

    def __init__(self) -> None:
        super().__init__(OthelloRules())

    def write(self, state: OthelloState) -> str:
        return board_string(state)

    def _read(self, text: str, options: dict) -> OthelloState:
        return from_board_string(text)

    def blank(self, options: dict) -> OthelloState:
        return OthelloState(0, 0, BLACK)

    def start(self, options: dict) -> OthelloState:
        return START

    def places(self, state: OthelloState) -> list[int]:
        return list(range(64))

    def cycle(self, state: OthelloState, place: int) -> OthelloState:
        after = {None: BLACK, BLACK: WHITE, WHITE: None}[state.disc(place)]
        return self.put(state, place, after)

    def put(self, state: OthelloState, place: int, piece: int | None) -> OthelloState:
        bit = 1 << place
        black, white = state.black & ~bit, state.white & ~bit
        if piece == BLACK:
            black |= bit
        elif piece == WHITE:
            white |= bit
        return OthelloState(black, white, state.player)

    def side(self, state: OthelloState, seat: int) -> OthelloState:
        return OthelloState(state.black, state.white, seat)

    def problem(self, state: OthelloState) -> str | None:
        """Any discs may stand anywhere (a composed problem need not come from a game); only a position
        where nobody can move is no game to play."""
        if self.rules.is_over(state):
            return _("Neither side can move here: the game would already be over")
        return None
