"""Find the win: the threat solver run on the position on the board, its winning line shown to the player.

The side to move is the attacker. A win by fours (VCF) comes from the solver
as its whole line: the attacker's fours and the defender's forced replies in
turn, ending with the five. A win by threes and fours (VCT) comes as its
first move only, since the defender has several answers to a three; its line
is drawn out here one threat at a time: the attacker's threat, then the
defender's answer the solver's ordering thinks best (every answer loses, by
the proof), until the attacker has a VCF, whose line closes it.

The work is bounded by a node budget (and the job's deadline, as a guard), so
an answer does not depend on the machine when the budget decides; a search
the budget stopped says so rather than claim that no win exists.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from boardhub.core.i18n import N_, Wording
from boardhub.games.gomoku.engine import NAMES, GomokuState
from boardhub.games.gomoku.lines import Board
from boardhub.games.gomoku.patterns import FIVES, FOURS, HAS_FIVE
from boardhub.games.gomoku.threats import Clock, ThreatSearch, Timeout

FIND_NODES = 150_000  # the solver's budget: the puzzles of tests/gomokupuzzles.py need a few thousand
FIND_MOVES = 20  # the attacker's fours in a VCF looked for, and the most moves of a line shown
VCT_THREATS = 4  # the attacker's threes and fours before the closing VCF


@dataclass(frozen=True)
class ForcedWin:
    """What the search found for the side to move (`attacker`): `line` is the winning sequence (attacker
    and defender in turn, the attacker's five last), empty when none was found; `kind` "vcf" or "vct";
    `complete`: the search ran to its limits (False: its budget ran out first)."""

    attacker: int
    line: tuple[int, ...] = ()
    kind: str = ""
    complete: bool = True

    @property
    def moves(self) -> int:
        """The attacker's moves in the line, its five included."""
        return (len(self.line) + 1) // 2

    def wording(self) -> Wording:
        """The sentence under the board, said in the player's language when shown."""
        colour = NAMES[self.attacker]
        if self.line and self.kind == "vcf":
            return Wording.of(N_("{colour} wins with a VCF (fours only) in {moves} moves"), colour=colour,
                              moves=self.moves)
        if self.line:
            return Wording.of(N_("{colour} wins with a VCT (threes and fours) in {moves} moves"), colour=colour,
                              moves=self.moves)
        if not self.complete:
            return Wording.of(N_("No forced win found for {colour}: the search stopped before the end"),
                              colour=colour)
        return Wording.of(N_("No forced win found for {colour} within {moves} moves"), colour=colour,
                          moves=FIND_MOVES)


def find_win(state: GomokuState, deadline: float = math.inf, nodes: int = FIND_NODES) -> ForcedWin:
    """The side to move's forced win by threats, as a line of play, or why none is shown."""
    me = state.player
    if state.over:
        return ForcedWin(me)
    board = Board.from_cells(state.size, state.rule, state.board)
    search = ThreatSearch(board, Clock(deadline, nodes))
    try:
        line = search.vcf(me, FIND_MOVES)
        if line:
            return ForcedWin(me, tuple(line), "vcf")
        if search.vct(me, VCT_THREATS, FIND_MOVES):
            line = _vct_line(search, me)
            if line:
                return ForcedWin(me, tuple(line), "vct")
    except Timeout:
        return ForcedWin(me, complete=False)
    return ForcedWin(me)


def _vct_line(search: ThreatSearch, a: int) -> list[int]:
    """One line of a proven VCT: threats and the defender's likeliest answers, closed by a VCF."""
    board, d = search.board, 1 - a
    start, line = len(board.moves), []
    try:
        while len(line) < 2 * FIND_MOVES:
            vcf = search.vcf(a, FIND_MOVES)
            if vcf:
                return line + vcf
            first = search.vct(a, VCT_THREATS, FIND_MOVES)
            if not first:
                return []  # the proof did not hold for this answer (a search that cut corners): show none
            board.play(first[0], a, near=False)
            line.append(first[0])
            reply = _answer(search, a, d)
            if reply is None:
                return line  # no answer the defender may play: the attacker's threat stands
            board.play(reply, d, near=False)
            line.append(reply)
        return []
    finally:
        board.rewind(start)


def _answer(search: ThreatSearch, a: int, d: int) -> int | None:
    """The defender's answer to the attacker's threat: the block of a four, else the first the
    solver's own ordering tries among the answers to a three (and the defender's fours)."""
    board = search.board
    if board.has(a, HAS_FIVE):
        blocks = [p for p in board.points(a, FIVES) if search.allowed(p, d)]
        return blocks[0] if blocks else None
    replies = board.three_defences(a) | set(board.points(d, FOURS))
    allowed = [r for r in board.best_points(replies, d) if search.allowed(r, d)]
    return allowed[0] if allowed else None
