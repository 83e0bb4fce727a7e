"""Dots and Boxes: the registry entry."""
from __future__ import annotations

from typing import Any

from boardhub.core.game import AIEntry, GameEntry
from boardhub.games.dots import ai, expert
from boardhub.games.dots.engine import DotsRules, DotsState

RULES_TEXT = """\
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
a loop) and hands them over, keeping control for the next, longer chain."""



def board(entry: GameEntry) -> Any:
    # pygame loads with the board view: only where a window shows the game, never in the AI process
    from boardhub.games.dots.ui.board import DotsBoard
    return DotsBoard(entry)


def move_sound(before: DotsState, after: DotsState) -> str:
    """A line that closes a box sounds different from one that does not."""
    return "box" if after.scores != before.scores else "move"


ENTRY = GameEntry(
    key="dots",
    title="Dots and Boxes",
    rules=DotsRules(),
    ai_entries=(
        AIEntry("easy", ai.EasyAI, "A random line"),
        AIEntry("normal", ai.NormalAI, "Takes a box when it can, else a random line"),
        AIEntry("hard", ai.HardAI, "Plays the chains: safe lines, long chain rule, all-but-two"),
        AIEntry("expert", expert.ExpertAI, "Hard's chain play, then perfect play once it can solve the rest"),
    ),
    rules_text=RULES_TEXT,
    blurb="Draw lines, close boxes, keep control of the chains.",
    board=board,
    options=DotsRules.options,
    writes_records=True,
    move_sound=move_sound,
)
