"""Dots and Boxes: the registry entry."""
from __future__ import annotations

import re
from typing import Any

from boardhub.core.game import AIEntry, GameEntry
from boardhub.core.i18n import N_, _
from boardhub.core.records import RecordFormat
from boardhub.core.rules import IllegalMove
from boardhub.games.dots import ai, expert, review
from boardhub.games.dots.engine import MAX_SIZE, DotsRules, DotsState

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
undo and redo, Ctrl+M turns the sound off and on, Esc opens the pause menu.

Strategy: never draw the third side of a box while a safe line is left. Once only \
bad lines remain, the game is a fight over who must open the long chains. The \
player in control takes all but the last two boxes of each chain (all but four of \
a loop) and hands them over, keeping control for the next, longer chain.""")



def board(entry: GameEntry) -> Any:
    # pygame loads with the board view: only where a window shows the game, never in the AI process
    from boardhub.games.dots.ui.board import DotsBoard
    return DotsBoard(entry)


def move_sound(before: DotsState, after: DotsState) -> str:
    """A line that closes a box sounds different from one that does not."""
    return "box" if after.scores != before.scores else "move"


# The lines of the largest board: a record with more is no game (it is refused before it is all read).
MOST_LINES = 2 * MAX_SIZE * (MAX_SIZE + 1)


def record_lines(text: str) -> list[tuple[int, int]]:
    """The "row col" lines of a record such as the source's PvA.txt, one a line (blank lines skipped)."""
    moves = []
    for found in re.finditer(r"[^\n]*\S[^\n]*", text):  # a line at a time: a long text is never split whole
        if len(moves) == MOST_LINES:
            raise IllegalMove(_("The record has more lines than the largest board has ({count})").format(
                count=MOST_LINES))
        moves.append(RULES.move_from_text(found.group().strip()))
    return moves


def record_options(text: str) -> dict:
    """The board a record was played on: a whole game draws every line, so its last row and column
    are the board's edges (a record cut short may name a smaller board than it was played on)."""
    try:
        lines = record_lines(text)
    except IllegalMove:
        return {}
    if not lines:
        return {}
    rows, cols = max(max(r for r, _c in lines) // 2, 1), max(max(c for _r, c in lines) // 2, 1)
    sizes = RULES.options[0].choices
    if rows not in sizes or cols not in sizes:
        return {}  # no board this big: reading the lines names the first one off the board
    return {"rows": rows, "cols": cols}


def read_record(text: str, match: Any) -> list[tuple[int, int]]:
    moves = record_lines(text)
    state = match.start
    for i, move in enumerate(moves):
        try:
            state = RULES.apply(state, move)
        except IllegalMove as exc:
            raise IllegalMove(_("Line {number} of the record: {why}").format(number=i + 1, why=exc)) from None
    return moves


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
    record_formats=(RecordFormat("txt", lambda m: "".join(f"{r} {c}\n" for r, c in m.moves), read_record,
                                 options=record_options),),
    record_example=N_("\"row col\" lines such as 0 1, one a line"),
    move_sound=move_sound,
)
