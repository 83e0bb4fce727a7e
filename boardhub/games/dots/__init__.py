"""Dots and Boxes: the registry entry."""
from __future__ import annotations

import re
from typing import Any

from boardhub.core.game import AIEntry, GameEntry
from boardhub.core.i18n import N_, _
from boardhub.core.records import RecordFormat
from boardhub.core.rules import IllegalMove
from boardhub.core.source_setup import SourceSetup
from boardhub.games.dots import ai, expert, review
from boardhub.games.dots.engine import MAX_SIZE, DotsRules, DotsState
from boardhub.games.dots.position import DotsPositions

RULES = DotsRules()

RULES_TEXT = N_("""\
Two players take turns drawing a line between two neighbouring dots, across or \
down; never diagonally, never over a longer gap, and never twice on the same place. \
Lines belong to nobody.

Whoever draws the fourth side of a box wins that box (a line can finish two boxes \
at once) and must draw again. A turn can therefore be a long run of lines.

The game ends when every line is drawn. The player with more boxes wins; equal \
scores are a draw.

Notation: the board is a grid of "row col" points, 9 x 9 for 4 x 4 boxes. Dots \
sit at (even, even), lines at (even, odd) and (odd, even), boxes at (odd, odd). \
"0 1" is the top-left horizontal line.

Keys: type a line as the source's players did, a row and a column such as 0 1, \
and press Enter. Or move a cursor with the arrow keys, to the nearest undrawn \
line that way (half a box at a time, along and across), and draw it with Enter \
or Space. Backspace mends a typed move and Esc clears it. Ctrl+Z and Ctrl+Y \
undo and redo, Ctrl+M turns the sound off and on, Esc opens the pause menu. \
Ctrl+L, or the Chains button, counts the long chains (3 boxes or more) and loops \
and says who wants the long chains odd and who even.

Strategy: never draw the third side of a box while a safe line is left. Once only \
bad lines remain, the game is a fight over who must open the long chains. The \
player in control takes all but the last two boxes of each chain (all but four of \
a loop) and hands them over, keeping control for the next, longer chain. The long chain rule says who gets \
control: the first player wants the number of dots plus long chains to be even, \
the second player odd.""")



def board(entry: GameEntry) -> Any:
    # pygame loads with the board view: only where a window shows the game, never in the AI process
    from boardhub.games.dots.ui.board import DotsBoard
    return DotsBoard(entry)


def move_sound(before: DotsState, after: DotsState) -> str:
    """A line that closes a box sounds different from one that does not."""
    return "box" if after.scores != before.scores else "move"


# The lines of the largest board: a record with more is no game (it is refused before it is all read).
MOST_LINES = 2 * MAX_SIZE * (MAX_SIZE + 1)


# A quick start's lines, drawn before the first turn, open the record as "+ row col" (a "+" first, as
# they belong to nobody); the moves follow as the source wrote them.
START_MARK = "+"


def record_parts(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(the lines drawn before the first turn, the moves) of a record: "row col" lines such as the
    source's PvA.txt, one a line (blank lines skipped), after any "+ row col" lines of a quick start."""
    start: list[tuple[int, int]] = []
    moves: list[tuple[int, int]] = []
    for found in re.finditer(r"[^\n]*\S[^\n]*", text):  # a line at a time: a long text is never split whole
        if len(start) + len(moves) == MOST_LINES:
            raise IllegalMove(_("The record has more lines than the largest board has ({count})").format(
                count=MOST_LINES))
        line = found.group().strip()
        if line.startswith(START_MARK) and not moves:
            start.append(RULES.move_from_text(line[len(START_MARK):]))
        else:
            moves.append(RULES.move_from_text(line))
    return start, moves


def record_lines(text: str) -> list[tuple[int, int]]:
    """The moves of a record (the quick start's lines left out)."""
    return record_parts(text)[1]


def write_record(match: Any) -> str:
    """The record: the lines the quick start drew, if any, then the moves, one a line."""
    start = match.start
    drawn = "".join(f"{START_MARK} {r} {c}\n" for i, (r, c) in enumerate(start.geom.line_coord)
                    if start.lines >> i & 1)
    return drawn + "".join(f"{r} {c}\n" for r, c in match.moves)


def record_options(text: str) -> dict:
    """The board a record was played on: a whole game draws every line, so its last row and column
    are the board's edges (a record cut short may name a smaller board than it was played on)."""
    try:
        start, moves = record_parts(text)
    except IllegalMove:
        return {}
    lines = start + moves
    if not lines:
        return {}
    rows, cols = max(max(r for r, _c in lines) // 2, 1), max(max(c for _r, c in lines) // 2, 1)
    sizes = RULES.options[0].choices
    if rows not in sizes or cols not in sizes:
        return {}  # no board this big: reading the lines names the first one off the board
    return {"rows": rows, "cols": cols, "quick_start": bool(start)}


def read_record(text: str, match: Any) -> list[tuple[int, int]]:
    start, moves = record_parts(text)
    state = match.start
    drawn = {move for i, move in enumerate(state.geom.line_coord) if state.lines >> i & 1}
    if set(start) != drawn:
        # a quick start's lines come from its game's seed: another game draws others
        raise IllegalMove(_("The record starts from other lines than this game: "
                            "a quick start's game goes on from its save"))
    for i, move in enumerate(moves):
        try:
            state = RULES.apply(state, move)
        except IllegalMove as exc:
            raise IllegalMove(_("Line {number} of the record: {why}").format(number=i + 1, why=exc)) from None
    return moves


# The assignment, translated: "this assignment implements a 4X4 'Dots and boxes' game"; "after the
# difficulty is chosen, in Player vs AI the player draws the first line"; "1 second after the player's line
# the board shows with the position the computer chose"; AI vs AI is shown "at intervals of 0.5 seconds".
# Its AI levels are Easy, Normal and Hard ("Hard AI: make an AI better than Normal"): Hard sits in.
SOURCE = SourceSetup(
    N_("As in the source: 4 x 4 boxes on an empty board; against the AI you draw first and it plays Hard; "
       "its lines show after 1 s, and 0.5 s apart in AI vs AI (both also in Settings)."),
    ai="hard", options={"rows": 4, "cols": 4, "quick_start": False}, ai_delay=1.0, ava_delay=0.5)

ENTRY = GameEntry(
    key="dots",
    title=N_("Dots and Boxes"),
    rules=RULES,
    ai_entries=(
        AIEntry("easy", ai.EasyAI, N_("A random line")),
        AIEntry("normal", ai.NormalAI, N_("Takes a box when it can, else a random line")),
        AIEntry("hard", ai.HardAI, N_("Plays the chains: safe lines, long chain rule, all-but-two")),
        AIEntry("expert", expert.ExpertAI, N_("Hard's chain play, then perfect play once it can solve the rest")),
    ),
    rules_text=RULES_TEXT,
    review=review.SPEC,
    blurb=N_("Draw lines, close boxes, keep control of the chains."),
    board=board,
    options=DotsRules.options,
    writes_records=True,
    record_formats=(RecordFormat("txt", write_record, read_record,
                                 options=record_options),),
    record_example=N_("\"row col\" lines such as 0 1, one a line"),
    move_sound=move_sound,
    source=SOURCE,
    position=DotsPositions(),
)
