"""Ending a game by the players' word rather than the board: a resignation, a draw agreed.

A resignation or an agreed draw has no move of its own: the match ends with an
`Outcome` (`Match.end_with`), which the save keeps as it keeps a forfeit, so a
resumed game and a replay end the same way. Neither is a forfeit: the stats
count a resignation as the resigner's loss and an agreed draw as a draw.

An AI answers a draw offer by the game's own review judge, asked about the
position from the AI's seat in the AI process (the window never waits for it).
It accepts when the position is even within the game's margin, or worse for it:
an AI that is losing takes the half point, one that is clearly winning plays on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from boardhub.core.i18n import N_
from boardhub.core.modes import Mode
from boardhub.core.rules import Outcome

if TYPE_CHECKING:
    from boardhub.core.match import Match

RESIGNED = "resigned"  # Outcome.reason of a resignation
AGREED = "agreement"  # Outcome.reason of a draw both sides agreed to

# How far from even (the review's baseline) the AI still calls a position even, in each game's unit:
# two discs of 64 in Othello; one box in Dots and Boxes (exact values are whole boxes); five points
# of a chance to win in percent (Gomoku, two-player Da Vinci Code), under half an inaccuracy there.
DRAW_MARGINS = {"discs": 2.0, "boxes": 1.0, "% to win": 5.0}
DEFAULT_MARGIN = 1.0  # a unit not listed above


def draw_margin(unit: str) -> float:
    """How far from even, in `unit`, a position still counts as even for a draw offer."""
    return DRAW_MARGINS.get(unit, DEFAULT_MARGIN)


def accepts_draw(value: float, baseline: float, unit: str) -> bool:
    """Whether an AI whose position is worth `value` (for itself, in `unit`; even is `baseline`) takes a draw."""
    return value <= baseline + draw_margin(unit)


def resigned(match: "Match", seat: int) -> Outcome:
    """The outcome of `seat` resigning: the other seat wins a game of two; of more, nobody is named winner
    (the resigner's loss all the same: only a person resigns, and the stats count it as theirs)."""
    others = [i for i in range(len(match.seats)) if i != seat]
    winner = others[0] if len(others) == 1 else None
    return Outcome.worded(winner, (), RESIGNED, N_("{player} resigned"), player=match.seats[seat].label)


def agreed_draw() -> Outcome:
    """The outcome of a draw both sides agreed to."""
    return Outcome.worded(None, (), AGREED, N_("Drawn by agreement"))


def resigner(match: "Match") -> int | None:
    """The seat a resignation now is for: the person to move, else the one person playing AIs; None: nobody."""
    if match.is_over or match.mode is Mode.AVA:
        return None
    if match.human_to_move:
        return match.to_move
    return match.human_seat


def draw_offer_problem(match: "Match") -> str | None:
    """Why no draw may be offered now (an English sentence marked for the catalog), or None."""
    if match.is_over:
        return N_("The game is over")
    if len(match.seats) != 2:
        return N_("Draws are not offered in a game of more than two players")
    if match.mode is Mode.AVA:
        return N_("A draw is offered by a player, not in AI vs AI")
    if not match.human_to_move:
        return N_("Offer a draw on your own turn")
    return None
