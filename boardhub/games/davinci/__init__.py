"""Da Vinci Code: the registry entry."""
from __future__ import annotations

from typing import Any

from boardhub.core.game import AIEntry, GameEntry
from boardhub.core.i18n import N_
from boardhub.core.modes import Mode
from boardhub.core.source_setup import SourceSetup
from boardhub.games.davinci import ai, bluffer, expert, review
from boardhub.games.davinci.engine import DavinciRules, DavinciState
from boardhub.games.davinci.moves import Move, Phase

RULES_TEXT = N_("""\
Da Vinci Code is a game of deduction for 2 to 4 players with 26 tiles: the \
numbers 0 to 11 and a joker ("-") in black and in white. Every tile shows its \
colour to everyone; only its owner sees its number until it is revealed.

The deal: 4 tiles each for 2 or 3 players, 3 each for 4 players, without \
jokers; the rest, jokers included, are the black and white piles. Each rack \
stands in ascending order, and on equal numbers black stands left of white. \
A joker stands wherever its owner puts it and never moves; a number drawn \
next to a joker may go on either side of it where the order allows.

Your turn:
1. Draw a tile, choosing black or white while both piles have tiles, and \
place it on your rack.
2. Guess: point at another player's hidden tile and call its number (or the \
joker). If you are right, the tile is turned face up and you may guess again \
or stop. Stopping keeps your drawn tile hidden. If you are wrong, your drawn \
tile is turned face up and the turn passes.

When the piles are empty, turns go on without drawing, and a wrong guess \
makes you turn one of your hidden tiles face up, the one you choose. A \
player whose tiles are all face up is out; the last player with hidden tiles \
wins.

Options: "Starting tiles: Drawn in turn, jokers too" has everyone draw and place \
their starting tiles in turn, jokers included, as the source deals them. \
"Dealing: Each player draws them in turn" has everyone draw their starting \
tiles face down in turn, picking the colours, with the jokers set aside \
until every starting tile is drawn, as the physical game is played. \
"Empty piles: End in a draw" ends the game as a draw when a turn cannot \
draw; with "The draw comes: Right after the last tile's first call" it comes \
earlier, right after the first call of the turn that took the last tile, as \
the source ends its game (a call that wins the game still wins it). "Number \
pad: Any number, bluffs too" puts the numbers you hold yourself on the pad, \
to mislead the others, as the source lets you call any number.

Notation: "draw b" (or w), "place 3" (the drawn tile becomes your third \
tile from the left), "guess 2 4 7" (player 2's fourth tile from the left is a \
7), "guess 2 4 -" (it is a joker), "stop", "reveal 2" (turn your second tile \
face up).

Strategy: face-up numbers bound their neighbours, so guess where the range is \
narrowest. People rarely call numbers they hold, so remember their calls, but \
beware of bluffs. Stop while you are ahead: a wrong guess shows your newest \
tile. A joker between two equal or consecutive numbers is hard to read.""")



def board(entry: GameEntry) -> Any:
    # pygame loads with the board view: only where a window shows the game, never in the AI process
    from boardhub.games.davinci.ui.board import DavinciBoard
    return DavinciBoard(entry)


def forced_move(state: DavinciState) -> Move | None:
    """A drawn tile with only one gap it may go in is placed without asking."""
    moves = RULES.legal_moves(state) if state.phase is Phase.PLACE else []
    return moves[0] if len(moves) == 1 else None


RULES = DavinciRules()

# The report's game, translated where it is Korean: a person against the computer only ("the final goal is
# an AI that plays a User who may bluff"), and the computer starts ("int TURN = COM;"); the starting tiles
# are taken from the shuffled deck, which holds the jokers ("int arr[BLOCK_LEN] = { 0,1,...,11,JOKER };",
# "처음 패 나눠주기": the first hands dealt); the player calls any number ("choiceNumber =
# choose_guessNumber();", nothing filtered), and the bluffing player "calls numbers they hold themselves";
# and after every call the main loop ends the game if the deck is empty ("play(); if (dq_isEmpty(&BlockDeck))
# { ... 무승부입니다 ... }": it is a draw). Its AI at the highest difficulty, the longest memory, sits in.
SOURCE = SourceSetup(
    N_("As in the source: you against the Classic hard AI, which moves first; starting tiles drawn, jokers "
       "too; your pad offers any number, bluffs too; when the piles run out, a draw right after the "
       "first call of the turn that took the last tile."),
    ai="seed:hard", options={"players": 2, "deal_jokers": True, "piles_end_in_draw": True,
                             "draw_at_first_call": True, "bluff_calls": True},
    modes=(Mode.PVA,), ai_first=True)

ENTRY = GameEntry(
    key="davinci",
    title=N_("Da Vinci Code"),
    rules=RULES,
    ai_entries=(
        AIEntry("easy", ai.EasyAI, N_("A beginner: calls a random value still possible for a random "
                "hidden tile, and stops after one right guess")),
        AIEntry("seed", ai.SeedAI, N_("The source report's computer: weighs what each hidden tile could be and "
                "remembers each player's last calls, more of them when harder"),
                levels=ai.LEVELS, default_level="normal"),
        AIEntry("bluffer", bluffer.BlufferAI, N_("A tricky player: reads the odds well, and now and then calls "
                "a number it holds itself to lead you astray (the level: how often, in per cent)"),
                levels=bluffer.LEVELS, default_level=40),
        AIEntry("expert", expert.ExpertAI, N_("The strongest: exact odds of every hidden number from all "
                "the arrangements the table allows, weighed by what others' "
                "calls suggest; keeps its own rack hard to read and stops "
                "while the risk is high")),
    ),
    rules_text=RULES_TEXT,
    blurb=N_("Read the hidden numbers on your rivals' racks before they read yours."),
    board=board,
    options=DavinciRules.options,
    analysis=expert.analysis,
    forced_move=forced_move,
    review=review.SPEC,
    source=SOURCE,
)
