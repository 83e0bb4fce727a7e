"""Othello: the registry entry."""
from __future__ import annotations

from typing import Any

from boardhub.core.game import AIEntry, GameEntry
from boardhub.core.i18n import N_
from boardhub.core.records import RecordFormat
from boardhub.core.rules import Outcome
from boardhub.games.othello import ai, expert, external, learnings, review
from boardhub.games.othello.engine import PASS, OthelloRules, parse_transcript, transcript
from boardhub.games.othello.position import OthelloPositions

RULES_TEXT = N_("""\
Othello is played on 8 x 8 squares with discs that are black on one side and \
white on the other. The game starts with four discs in the centre: d5 and e4 \
black, d4 and e5 white. Black moves first.

A move puts a disc of your colour on an empty square so that it outflanks one \
or more straight lines of the other colour's discs (across, down or diagonally) \
between the new disc and another disc of yours. Every outflanked disc is turned \
over to your colour. A move that turns nothing over is not allowed.

If you have no such move you pass, and the other player moves again. The game \
ends when neither player can move, usually on a full board.

The player with more discs wins; empty squares at the end count for the winner, \
as tournaments score them. Equal counts are a draw.

Notation: columns a-h from the left, rows 1-8 from the top, as in "f5"; a game \
is written as its moves run together, "f5d6c3d3c4...".

Keys, as the source's player used them: the arrow keys move a cursor from one \
legal square to the next and Enter or Space plays it; when a pass is the only \
move, Enter passes. Or type a square, such as f5, and press Enter. Backspace \
mends a typed move and Esc clears it. Ctrl+Z and Ctrl+Y undo and redo, Ctrl+M \
turns the sound off and on, Esc opens the pause menu.

Strategy: corners can never be turned over, so they are worth most; the squares \
next to an empty corner often give it away. Keeping few discs and many moves \
in the middle game is usually stronger than grabbing discs early.""")



def board(entry: GameEntry) -> Any:
    # pygame loads with the board view: only where a window shows the game, never in the AI process
    from boardhub.games.othello.ui.board import OthelloBoard
    return OthelloBoard(entry)


def learning_page(app: Any, entry: GameEntry) -> Any:
    from boardhub.games.othello.ui.learning_page import LearningScene  # pygame: as board() above
    return LearningScene(app, entry)


def bracket_page(app: Any, entry: GameEntry) -> Any:
    from boardhub.games.othello.ui.bracket_page import BracketScene  # pygame: as board() above
    return BracketScene(app, entry)


def learn(moves: list[int], outcome: Outcome) -> None:
    """A game played in the app adds to the learned boards, as the source learned from people's games."""
    if outcome.reason == "score":  # a forfeit says nothing about the squares
        learnings.learn_from_game(moves, outcome.winner)


ENTRY = GameEntry(
    key="othello",
    title=N_("Othello"),
    rules=OthelloRules(),
    ai_entries=(
        AIEntry("random", ai.RandomAI, N_("Any legal move, at random")),
        AIEntry("greedy", ai.GreedyAI, N_("Greedy look-ahead: the discs it flips minus the "
                "opponent's best reply, 1, 3 or 5 moves deep"), levels=ai.LEVELS, default_level=5),
        AIEntry("positional", ai.PositionalAI, N_("The 'feng shui' AI: weighs every square by boards learned "
                "from thousands of games, with the same look-ahead"), levels=ai.LEVELS, default_level=5,
                learnings=learnings.names),
        AIEntry("expert", expert.ExpertAI, N_("The strongest: deep search on mobility, corners and "
                "stable discs, perfect play in the endgame; levels 1 to 4 search less, to climb to it"),
                levels=expert.LEVELS, default_level=expert.FULL_LEVEL),
    ),
    rules_text=RULES_TEXT,
    review=review.SPEC,
    blurb=N_("Outflank and turn over discs; corners are forever."),
    seat_names=(N_("Black"), N_("White")),
    board=board,
    options=OthelloRules.options,
    analysis=review.evaluate,  # the review judge's scores: the overlay, Best move and review agree
    record_formats=(RecordFormat("txt", lambda m: transcript(m.moves), lambda text, m: parse_transcript(text)),),
    record_example=N_("a transcript such as f5d6c3d3c4"),
    pages=((N_("Learned boards"), learning_page), (N_("Knockout"), bracket_page)),
    pass_move=PASS,
    learn=learn,
    position=OthelloPositions(),
    externals={"gtp": external.GtpEngine, "nboard": external.NBoardEngine},
)
