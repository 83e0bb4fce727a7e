"""Gomoku: the registry entry."""
from __future__ import annotations

from typing import Any

from boardhub.core.game import AIEntry, GameEntry
from boardhub.core.i18n import N_, _
from boardhub.core.records import RecordFormat
from boardhub.core.rules import IllegalMove
from boardhub.core.source_setup import SourceSetup
from boardhub.games.gomoku import ai, expert, external, review
from boardhub.games.gomoku.engine import GOMOCUP_SIZE, GomokuRules
from boardhub.games.gomoku.find_win import find_win
from boardhub.games.gomoku.position import GomokuPositions
from boardhub.games.gomoku.records import from_psq, parse_record, record_text, to_psq

RULES_TEXT = N_("""\
Gomoku is played on the points of a 19 x 19 board (15 x 15 as an option, the \
official Renju board; 20 x 20, the Gomocup board, under freestyle rules). \
Black moves first; the players take turns putting one \
stone of their colour on an empty point. Stones never move and are never taken.

The first to make five stones in an unbroken row, across, up or diagonally, \
wins. A full board with no five is a draw.

Rule sets:
- Renju (the default): the rules of the Renju International Federation. \
Black wins only with exactly five; white wins with five or more. Because \
black, moving first, would otherwise have a forced win, black may not play \
a forbidden move:
  - an overline: six or more black stones in a row;
  - a double four: one stone that makes two fours at once (a four is a row \
that one more stone turns into exactly five; two fours on one line, as in \
o.ooo.o, count);
  - a double three: one stone that makes two threes at once (a three is a \
row that one more stone turns into an open four, .oooo., which cannot be \
stopped; it only counts if that stone would itself be allowed).
  A move that makes exactly five wins even if it also makes a double four, \
a double three or an overline elsewhere. Four-three is allowed and is \
black's usual way to win. White has no restrictions. The edge of the board \
blocks a row like a white stone.
- Freestyle: five or more in a row wins, for both players.
- Standard: exactly five wins, for both players; six or more does not.

On black's turn the forbidden points are marked, and clicking one is refused \
with the reason. With the setup option "Forbidden moves: Lose", a forbidden \
move is played and loses, as referees rule for programs.

What boardhub plays: Renju's forbidden moves as the Renju International \
Federation rules them, on the 19 x 19 board the source asks for; 15 x 15, the \
official Renju board, is a setup option.

Opening rules (setup option "Opening rule"; the default is none, and black \
opens where it likes). The first player sits as black until a swap; each \
seat keeps its name and clock, and the seats show the colour they hold.
- Swap2, for freestyle and standard, as the Gomocup plays it: the first \
player places three stones (black, white, black). The second player then \
swaps (takes black; the first player, now white, places the 4th stone), \
or plays white by placing the 4th stone, or places two more stones (white, \
then black), after which the first player chooses a colour and white plays \
the 6th stone.
- Soosõrv-8, for Renju, the opening rule of the Renju International \
Federation's World Championship since 2017: the first player places the \
1st stone (black) on the centre, the 2nd (white) next to it and the 3rd \
(black) in the central 5 x 5 square; the other player may swap. White \
places the 4th stone anywhere and declares how many fifth moves black will \
offer, 1 to 8; black may swap. Black offers that many fifth moves, no two \
of them symmetrical with the stones on the board, and white keeps one of \
them as the 5th move and plays the 6th.

Notation: columns a-s from the left (a-o on 15 x 15, a-t on 20 x 20), rows 1-19 from the \
bottom, as in "h8". Games are recorded as move lists, "j10 k11 ...", or as \
Gomocup .psq files; importing a .psq file switches the game to its board size.

Keys: the arrow keys move a cursor over the empty points and Enter or Space \
puts a stone there. Or type a point, such as h8 or j10, and press Enter. \
Backspace mends a typed move and Esc clears it. Ctrl+Z and Ctrl+Y undo and \
redo, Ctrl+M turns the sound off and on, Esc opens the pause menu. Ctrl+F \
(Find the win) looks for a forced win of the side to move by fours and threes \
and numbers its moves on the board; Esc takes them off. In an \
opening rule the choices are buttons and keys: Ctrl+S swaps, Ctrl+K keeps \
the colour, Ctrl+P places 2 more, Ctrl+B and Ctrl+W take black or white; \
the words swap, stay, more, black and white, or the number of fifth moves \
(1-8), can also be typed and played with Enter.

Strategy: threats win. An open three must be answered or it becomes an open \
four; a four must be blocked at once. Build two threats with one stone \
(four-three) and the opponent cannot stop both.""")



def board(entry: GameEntry) -> Any:
    # pygame loads with the board view: only where a window shows the game, never in the AI process
    from boardhub.games.gomoku.ui.board import GomokuBoard
    return GomokuBoard(entry)


def read_psq(text: str, match: Any) -> list[int]:
    size, moves = from_psq(text)
    if size != match.start.size:  # psq_options switches an import to the file's size first
        raise IllegalMove(_("The .psq game is on {size} x {size}: start a {size} x {size} game to import it").format(
            size=size))
    return moves


def psq_options(text: str) -> dict:
    """A .psq file names its board: an import plays on it (15 x 15, 19 x 19, or 20 x 20, which Gomocup
    plays freestyle, so an import of one is freestyle too), with no opening rule (the file holds the stones,
    not the opening's choices)."""
    size = from_psq(text)[0]
    options = {"size": size, "opening": "none", "renju_opening": "none"}
    return {**options, "rule": "freestyle"} if size == GOMOCUP_SIZE else options


def all_moves(match: Any) -> tuple[int, ...]:
    """The game's moves, after the stones of the position it started from (an edited one's, in turn from
    black): a record of them is the whole game, which any program replays from an empty board."""
    return match.start.moves + tuple(match.moves)


def all_times(match: Any) -> list[float]:
    """The seconds of `all_moves`: the starting stones took none."""
    return [0.0] * len(match.start.moves) + [p.seconds for p in match.history]


def write_psq(match: Any) -> str:
    """The stones as a .psq file; with an opening rule its choices and offers are left out, and so
    are the times, which are the moves' and not the stones'."""
    if match.start.opening == "none":
        return to_psq(all_moves(match), match.start.size, all_times(match))
    return to_psq(match.state.moves, match.start.size)


def opening_rule(options: dict) -> bool:
    """Whether a game of these options opens by a rule (swap2, Soosõrv-8), whose swaps change hands."""
    o = GomokuRules().normalize(options)
    return (o["renju_opening"] if o["rule"] == "renju" else o["opening"]) != "none"


def engines_refuse(options: dict) -> str | None:
    """Gomocup brains speak no opening rule in boardhub's protocol: a game with one seats none."""
    if opening_rule(options):
        return N_("Gomocup engines play no opening rule: choose the opening rule None, or boardhub's AIs")
    return None


RECORD_FORMATS = (
    RecordFormat("txt", lambda m: record_text(all_moves(m), m.start.size),
                 lambda text, m: parse_record(text, m.start.size), whole_from_position=True),
    RecordFormat("psq", write_psq, read_psq,
                 lambda text: text.lstrip().lower().startswith("piskvork"), psq_options, whole_from_position=True),
)

# The report's rules for its referee program, translated: "4. Black's 3-3, 4-4 and overlines are forbidden
# moves, and playing one loses by foul"; "6. There is a time limit of 0.5 s; breaking it loses"; its board
# is "#define BOARD_SIZE ... 19". Its own AI is the point-update AI: the priority table, Normal here.
SOURCE = SourceSetup(
    N_("As in the source: 19 x 19, Renju; a forbidden move loses, for people too; every AI has 0.5 s a "
       "move and loses if late, in every mode; the AI is Normal, the priority table."),
    ai="normal", options={"size": 19, "rule": "renju", "forbidden_loses": True, "renju_opening": "none"},
    referee=True)

ENTRY = GameEntry(
    key="gomoku",
    title=N_("Gomoku"),
    rules=GomokuRules(),
    ai_entries=(
        AIEntry("easy", ai.EasyAI, N_("A beginner: a random point next to the stones on the board")),
        AIEntry("normal", ai.NormalAI, N_("Scores every point by a table of priorities (fives, fours, "
                "threes, shapes, the centre), attack before defence")),
        AIEntry("expert", expert.ExpertAI, N_("The strongest: finds wins by fours and threes, its own and "
                "yours, then reads ahead on line patterns learned by playing "
                "itself; knows Renju's rules for both sides")),
    ),
    rules_text=RULES_TEXT,
    review=review.SPEC,
    blurb=N_("Five in a row, with Renju's forbidden moves for black."),
    seat_names=(N_("Black"), N_("White")),
    board=board,
    record_formats=RECORD_FORMATS,
    record_example=N_("moves such as h8 i9 j10, or a .psq file"),
    options=GomokuRules.options,
    externals={"pbrain": external.PbrainEngine},
    source=SOURCE,
    position=GomokuPositions(),
    find_win=find_win,
    engines_refuse=engines_refuse,
    colours_swap=opening_rule,
)
