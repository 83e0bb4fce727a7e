"""Gomoku's opening rules: swap2 (freestyle and standard) and Soosõrv-8 (Renju).

The opening is a phase of the game state (`GomokuState.phase`, "" once the
game proper runs) with its own moves: a point means what the phase asks for
(a stone of the phase's colour, a fifth move offered, the offer kept), and
the decisions are words ("swap", "stay", "more", "black", "white", and the
number of fifth moves "1" to "8"). So the move list, saves, undo, review,
replay and network tables take an opening like any other moves.

Seats are not colours: seat 0 is the tentative black, and `swapped` says
that the seats have changed colours (seat 0 plays white). Names, clocks and
stats stay with the seat.

Swap2, as the Gomocup's tournament rules and its SWAP2BOARD command describe
it (gomocup.org, "Experimental tournament", 2020; vint.ee's "Gomoku rules"):
1. The first player puts three stones: black, white, black.
2. The second player then either plays white and puts the 4th stone, or
   swaps (takes black; the first player, now white, puts the 4th stone), or
   puts two more stones, white then black ("more").
3. After "more", the first player chooses a colour ("black" or "white");
   white puts the 6th stone.

Soosõrv-8, the Renju International Federation's opening rule for the World
Championship since 2017 (decided in 2015; Wikipedia, "Soosõrv opening rule",
Soosõrv-N with N = 8; Taraguchi-10 is the rule of the European and
correspondence championships):
1. The first player puts one of the 26 openings: the 1st stone (black) on
   the centre, the 2nd (white) in the central 3 x 3 square, the 3rd (black)
   in the central 5 x 5 square.
2. The other player may swap.
3. White puts the 4th stone anywhere and declares how many fifth moves
   black will offer, 1 to 8.
4. The other player (black) may swap.
5. Black offers that many 5th moves; no two offers may be symmetrical (the
   same point under a symmetry of the board that leaves the four stones as
   they are).
6. White chooses one of the offers as the 5th move and plays the 6th.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any, Callable

from boardhub.core.i18n import N_, _

BLACK, WHITE = 0, 1
OPENINGS = ("none", "swap2", "soosorv8")
MOST_OFFERS = 8  # the N of Soosõrv-N the RIF plays
SWAP, STAY, MORE, TAKE_BLACK, TAKE_WHITE = "swap", "stay", "more", "black", "white"
COUNTS = tuple(str(n) for n in range(1, MOST_OFFERS + 1))
WORDS = (SWAP, STAY, MORE, TAKE_BLACK, TAKE_WHITE, *COUNTS)

# the phases: (rule, name) -> who moves ("first", "second", or the colour whose seat moves)
PLACE3, ANSWER, PLACE2, CHOOSE = "place3", "answer", "place2", "choose"  # swap2
OPEN3, SWAP1, FOURTH, DECLARE, SWAP2, OFFER, PICK = "open3", "swap1", "fourth", "declare", "swap4", "offer", "pick"


def first_phase(opening: str) -> str:
    return {"swap2": PLACE3, "soosorv8": OPEN3}.get(opening, "")


def seat_of(colour: int, swapped: bool) -> int:
    """The seat that holds `colour` (seat 0 starts as black)."""
    return colour ^ int(swapped)


def mover(state: Any) -> int:
    """The seat to move in an opening phase (or in the game proper: the seat of the colour to move)."""
    phase = state.phase
    if phase in (PLACE3, CHOOSE, OPEN3):
        return 0
    if phase in (ANSWER, PLACE2, SWAP1):
        return 1
    if phase in (FOURTH, DECLARE, PICK):
        return seat_of(WHITE, state.swapped)
    if phase in (SWAP2, OFFER):
        return seat_of(BLACK, state.swapped)
    return seat_of(state.player, state.swapped)


def stone_colour(state: Any) -> int | None:
    """The colour of the stone a point puts down in this phase (None: a point is no stone here)."""
    n = len(state.moves)
    if state.phase in (PLACE3, OPEN3):
        return (BLACK, WHITE, BLACK)[n]
    if state.phase == PLACE2:
        return WHITE if n == 3 else BLACK
    if state.phase in (ANSWER, FOURTH):
        return WHITE
    if state.phase == "":
        return state.player
    return None


def _in_square(p: int, size: int, half: int) -> bool:
    c = size // 2
    return abs(p % size - c) <= half and abs(p // size - c) <= half


@lru_cache(maxsize=None)
def _turns(size: int) -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the board about its centre, as point permutations."""
    c = size // 2
    out = []
    for k in range(8):
        perm = []
        for p in range(size * size):
            x, y = p % size - c, p // size - c
            for _turn in range(k % 4):
                x, y = -y, x
            if k >= 4:
                x = -x
            perm.append((y + c) * size + x + c)
        out.append(tuple(perm))
    return tuple(out)


def position_symmetries(board: bytes, size: int) -> list[tuple[int, ...]]:
    """The symmetries of the board that leave its stones where they are, colours and all."""
    stones = [p for p, s in enumerate(board) if s]
    return [perm for perm in _turns(size) if all(board[perm[p]] == board[p] for p in stones)]


def symmetric_to_offer(state: Any, p: int, symmetries: list[tuple[int, ...]] | None = None) -> int | None:
    """The offer that `p` repeats under a symmetry of the position (itself if offered), or None."""
    if symmetries is None:
        symmetries = position_symmetries(state.board, state.size)
    for perm in symmetries:
        if perm[p] in state.offers:
            return perm[p]
    return None


def legal(state: Any) -> list:
    """The moves of an opening phase."""
    phase, size, board = state.phase, state.size, state.board
    empty = [p for p in range(size * size) if not board[p]]
    if phase == OPEN3:
        half = (0, 1, 2)[len(state.moves)]
        return [p for p in empty if _in_square(p, size, half)]
    if phase in (PLACE3, PLACE2, FOURTH):
        return empty
    if phase == ANSWER:
        return [SWAP, MORE, *empty]
    if phase == CHOOSE:
        return [TAKE_BLACK, TAKE_WHITE]
    if phase in (SWAP1, SWAP2):
        return [SWAP, STAY]
    if phase == DECLARE:
        return list(COUNTS)
    if phase == OFFER:
        symmetries = position_symmetries(board, size)
        return [p for p in empty if symmetric_to_offer(state, p, symmetries) is None]
    if phase == PICK:
        return list(state.offers)
    return []


def why_not(state: Any, move: object, point_name: Callable[[int, int], str]) -> str | None:
    """Why `move` is not a move of this opening phase, in the player's words; None if it is.
    `point_name(p, size)` names a point ("h8"): the engine's notation, which imports this module."""
    phase, size = state.phase, state.size
    if isinstance(move, str):
        if move in legal(state):
            return None
        return _("{move!r} is not a choice now: {what}").format(move=move, what=_(phase_words(state)))
    if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < size * size:
        return _("Not a point of the {size} x {size} board: {move!r}").format(size=size, move=move)
    if phase in (SWAP1, SWAP2, CHOOSE, DECLARE):
        return _("Choose first: {what}").format(what=_(phase_words(state)))
    if phase == PICK:
        return None if move in state.offers else _("{point} is not one of the offered fifth moves").format(
            point=point_name(move, size))
    if state.board[move]:
        return _("{point} is taken").format(point=point_name(move, size))
    if phase == OPEN3:
        half = (0, 1, 2)[len(state.moves)]
        if not _in_square(move, size, half):
            return (_("The first stone goes on the centre"),
                    _("The second stone goes next to the centre (the central 3 x 3 square)"),
                    _("The third stone goes in the central 5 x 5 square"))[half]
    if phase == OFFER:
        twin = symmetric_to_offer(state, move)
        if twin is not None:
            return _("{point} is the same as the offer {twin} by symmetry").format(
                point=point_name(move, size), twin=point_name(twin, size))
    return None


def advance(state: Any, move: Any) -> Any:
    """The state after the legal opening move `move` (checked by the caller)."""
    phase = state.phase
    if isinstance(move, str):
        if phase == ANSWER:
            if move == SWAP:
                return replace(state, phase="", swapped=True, player=WHITE)
            return replace(state, phase=PLACE2, player=WHITE)
        if phase == CHOOSE:
            return replace(state, phase="", swapped=move == TAKE_WHITE, player=WHITE)
        if phase == SWAP1:
            return replace(state, phase=FOURTH, swapped=state.swapped ^ (move == SWAP), player=WHITE)
        if phase == DECLARE:
            return replace(state, phase=SWAP2, wanted=int(move), player=BLACK)
        if phase == SWAP2:
            return replace(state, phase=OFFER, swapped=state.swapped ^ (move == SWAP), player=BLACK)
        raise AssertionError(phase)
    if phase == OFFER:
        offers = state.offers + (move,)
        return replace(state, offers=offers, phase=PICK if len(offers) == state.wanted else OFFER)
    if phase == PICK:
        board = state.board[:move] + b"\x01" + state.board[move + 1:]
        return replace(state, board=board, moves=state.moves + (move,), offers=(), phase="", player=WHITE)
    colour = stone_colour(state)
    board = state.board[:move] + bytes((colour + 1,)) + state.board[move + 1:]
    moves = state.moves + (move,)
    n = len(moves)
    if phase in (PLACE3, OPEN3):
        nxt = phase if n < 3 else (ANSWER if phase == PLACE3 else SWAP1)
    elif phase == PLACE2:
        nxt = PLACE2 if n < 5 else CHOOSE
    else:
        nxt = DECLARE if phase == FOURTH else ""  # ANSWER: white played the 4th stone, black plays on
    after = replace(state, board=board, moves=moves, phase=nxt)
    if nxt == "":
        return replace(after, player=BLACK)
    nxt_colour = stone_colour(after)
    return replace(after, player=WHITE if nxt_colour is None else nxt_colour)


def phase_words(state: Any) -> str:
    """What the phase asks for, in English marked for the catalog (the screen translates it)."""
    n = len(state.moves)
    if state.phase == PLACE3:
        return (N_("place 3 stones (2 black, 1 white): the 1st, black"),
                N_("place 3 stones (2 black, 1 white): the 2nd, white"),
                N_("place 3 stones (2 black, 1 white): the 3rd, black"))[n]
    if state.phase == ANSWER:
        return N_("swap (take black), play white (place the 4th stone), or place 2 more")
    if state.phase == PLACE2:
        return N_("place 2 more stones: the 4th, white") if n == 3 else N_("place 2 more stones: the 5th, black")
    if state.phase == CHOOSE:
        return N_("choose your colour: black, or white and play the 6th stone")
    if state.phase == OPEN3:
        return (N_("place the 1st stone (black) on the centre"),
                N_("place the 2nd stone (white) in the central 3 x 3 square"),
                N_("place the 3rd stone (black) in the central 5 x 5 square"))[n]
    if state.phase == SWAP1:
        return N_("swap (take black) or stay white")
    if state.phase == FOURTH:
        return N_("place the 4th stone (white) anywhere")
    if state.phase == DECLARE:
        return N_("declare how many fifth moves black offers (1-8)")
    if state.phase == SWAP2:
        return N_("swap (take white) or stay black")
    if state.phase == OFFER:
        return N_("offer fifth moves, none symmetrical to another")
    if state.phase == PICK:
        return N_("choose one of the offered fifth moves")
    return ""


def move_words(move: Any) -> str | None:
    """A decision as a move list says it (English, marked for the catalog); None for a point."""
    if move in COUNTS:
        return N_("asks for {count} fifth moves")
    return {SWAP: N_("swaps colours"), STAY: N_("keeps its colour"), MORE: N_("places 2 more"),
            TAKE_BLACK: N_("takes black"), TAKE_WHITE: N_("takes white")}.get(move)
