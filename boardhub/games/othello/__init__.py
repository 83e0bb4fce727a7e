"""Othello: the registry entry."""
from boardhub.games import AIEntry, GameEntry
from boardhub.games.othello import ai, expert, external
from boardhub.games.othello.engine import OthelloRules

RULES_TEXT = """\
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

Strategy: corners can never be turned over, so they are worth most; the squares \
next to an empty corner often give it away. Keeping few discs and many moves \
in the middle game is usually stronger than grabbing discs early."""

ENTRY = GameEntry(
    key="othello",
    title="Othello",
    rules=OthelloRules(),
    ai_entries=(
        AIEntry("random", ai.RandomAI, "The source's Random: any legal move"),
        AIEntry("greedy", ai.GreedyAI, "The source's greedy look-ahead: discs flipped minus the opponent's "
                "best reply, searched 1, 3 or 5 plies deep", levels=ai.LEVELS, default_level=5),
        AIEntry("positional", ai.PositionalAI, "The source's learned AI ('feng shui'): plays by the learned "
                "put-board and eat-board weights with the same look-ahead", levels=ai.LEVELS, default_level=5),
        AIEntry("expert", expert.ExpertAI, "Our own: deep search on mobility, corners and stable discs, "
                "perfect play in the endgame"),
    ),
    rules_text=RULES_TEXT,
    blurb="Outflank and turn over discs; corners are forever.",
    scene="boardhub.games.othello.scene:OthelloBoard",
    options=(),
    analysis="boardhub.games.othello.expert:evaluate_moves",
    pages=(("Learned boards", "boardhub.games.othello.learning_page:LearningScene"),),
    externals={"gtp": external.GtpEngine, "nboard": external.NBoardEngine},
)
