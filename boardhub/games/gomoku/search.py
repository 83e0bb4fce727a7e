"""Alpha-beta for Gomoku's expert: principal variation search over the pattern evaluation.

Iterative deepening, one ply at a time, over a transposition table with
Zobrist keys that outlives a move; killer moves by ply and a history table
order the candidates after the table's move. Candidates come from the
points' classes (lines.Board): against a five only the block, against an
open three only the points on its line and our own fours (the threats'
full set of answers), otherwise the most promising points next to the
stones, fewer the deeper. Forced blocks cost no depth; an open three left
at the horizon is answered before the position is evaluated, up to a few
plies past the iteration's depth. Within VCF_PLIES of the root a side to
move with fours looks for a VCF first (the threat search's quick pass):
deeper, the time is better spent on width.

The evaluation (lines.Board.evaluate) sums every empty point's pattern
features for both sides with the tuned weights; a side to move with a
double threat to play, while the other has no four to gain a tempo with,
nearly always wins and is scored so, below a proven win.
"""
from __future__ import annotations

from boardhub.games.gomoku.lines import BLACK, WHITE, Board
from boardhub.games.gomoku.patterns import (CLASS_ORDER_DENY, CLASS_ORDER_OWN, COMBO_MASK, FIVES, FOURS, HAS_DOUBLE,
                                            HAS_FIVE, HAS_FOUR, HAS_WIN4, VALUE_BITS, VALUE_MASK, VALUE_SHIFT, WIN4S)
from boardhub.games.gomoku.threats import Clock, ThreatSearch

WIN = 1_000_000
WIN_BOUND = WIN - 1000  # scores beyond this are wins or losses in that many plies
WIDTH = (16, 11, 9, 8, 7, 6)  # candidate moves by ply from the root
THREAT_WIN = 20_000  # a double threat for the side to move, no four against it: nearly a win
EXTEND_UNTIL = 16  # plies from the root within which open threes at the horizon are answered
EXTEND_BEYOND = 6  # and no more than this many plies past the iteration's depth: where both sides have threes,
# answering them in turn would otherwise fill a shallow iteration's time
VCF_PLIES = 2  # plies from the root within which the side to move looks for a VCF before searching on
MAX_DEPTH = 30
TABLE_LIMIT = 400_000  # entries kept from move to move before the table starts afresh
HISTORY_CAP = 120  # the most the history adds to a point's ordering worth
EXACT, LOWER, UPPER = 0, 1, 2
SIDE_KEY = (0, 0x9E3779B97F4A7C15)  # mixed into the board's hash: the same stones, the other side to move


class Search:
    """The alpha-beta of one AI: its tables live from move to move of a game."""

    def __init__(self) -> None:
        self.table: dict[int, tuple[int, int, int, int]] = {}
        self.history: list[list[int]] = [[], []]
        self.killers: list[list[int]] = []
        self.board: Board | None = None
        self.clock = Clock(0.0)
        self.threats: ThreatSearch | None = None
        self.depth = 0  # the deepest full iteration of the last search
        self.extend_until = EXTEND_UNTIL

    def start(self, board: Board, clock: Clock, threats: ThreatSearch) -> None:
        """A new move: the position, its clock and threat search; old history counts fade."""
        if len(self.history[0]) != len(board.cells):
            self.history = [[0] * len(board.cells), [0] * len(board.cells)]
            self.table.clear()
        else:
            for h in self.history:
                for q in range(len(h)):
                    h[q] >>= 1
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        self.killers = [[-1, -1] for _ in range(len(board.cells) + 1)]  # forced blocks add plies
        self.board, self.clock, self.threats = board, clock, threats
        self.depth = 0

    # ------------------------------------------------------------------ the root
    def root_scores(self, me: int, roots: list[int], depth: int, slack: int, scores: dict[int, int]) -> None:
        """Every root move's score at `depth` into `scores` (kept if time runs out midway): exact
        down to `slack` below the best so far, a bound below that."""
        board = self.board
        best = -WIN - 1
        self.extend_until = min(EXTEND_UNTIL, depth + EXTEND_BEYOND)
        for q in roots:
            board.play(q, me)
            score = -self._search(1 - me, depth - 1, -WIN - 1, slack - best, 1)
            board.undo()
            scores[q] = score
            best = max(best, score)

    # ------------------------------------------------------------------ the tree
    def _search(self, side: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax with alpha-beta: the value of the position for `side`, to move."""
        self.clock.tick()
        board = self.board
        opp = 1 - side
        has = board.has
        if has(side, HAS_FIVE):
            return WIN - ply
        moves: list[int] = []
        if has(opp, HAS_FIVE):
            threats = board.points(opp, FIVES)
            q = threats[0]
            if len(threats) > 1 or (side == BLACK and board.forbidden(q)):
                return -(WIN - ply - 1)
            moves = threats  # forced: searched without using up depth
            depth += 1
        else:
            if has(side, HAS_WIN4):
                for q in board.points(side, WIN4S):
                    if side == WHITE or not board.forbidden(q):
                        return WIN - ply - 2  # a straight four: only fours could delay the five
            if depth <= 0:
                if has(opp, HAS_WIN4) and ply < self.extend_until:
                    depth = 1  # an open three of theirs: see that it is answered
                else:
                    return self.evaluate(side)
            if ply <= VCF_PLIES and has(side, HAS_FOUR):
                line = self.threats.vcf_near(side)
                if line:
                    return WIN - ply - len(line)
        key = board.hash ^ SIDE_KEY[side]
        entry = self.table.get(key)
        hint = -1
        if entry is not None:
            e_depth, e_score, e_flag, hint = entry
            if e_depth >= depth and (e_flag == EXACT or (e_flag == LOWER and e_score >= beta)
                                     or (e_flag == UPPER and e_score <= alpha)):
                return e_score
        if not moves:
            moves = self.candidates(side, ply, hint)
            if not moves:
                return 0
        start_alpha = alpha
        best, best_move = -WIN - 1, moves[0]
        for n, q in enumerate(moves):
            board.play(q, side)
            if n == 0:
                score = -self._search(opp, depth - 1, -beta, -alpha, ply + 1)
            else:  # principal variation search: prove the move worse with a null window first
                score = -self._search(opp, depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < score < beta:
                    score = -self._search(opp, depth - 1, -beta, -alpha, ply + 1)
            board.undo()
            if score > best:
                best, best_move = score, q
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if len(moves) > 1:
                            killers = self.killers[ply]
                            if killers[0] != q:
                                killers[1] = killers[0]
                                killers[0] = q
                            history = self.history[side]
                            history[q] = min(HISTORY_CAP, history[q] + depth * depth)
                        break
        flag = LOWER if best >= beta else UPPER if best <= start_alpha else EXACT
        self.table[key] = (depth, best, flag, best_move)
        return best

    def evaluate(self, side: int) -> int:
        """The pattern evaluation for `side` to move, with the double threat it may play scored
        as nearly won when the other side has no four to answer with."""
        board = self.board
        if board.has(side, HAS_DOUBLE) and not board.has(1 - side, HAS_FOUR):
            for q in board.double_threats(side):
                if side == WHITE or not board.forbidden(q):
                    return THREAT_WIN
        return board.evaluate(side)

    def candidates(self, side: int, ply: int, hint: int = -1) -> list[int]:
        """The moves worth searching for `side`, most promising first, never forbidden to black.

        Against an open three (the other side threatens a straight four) only
        the points that may take it away and our own fours can help;
        otherwise the WIDTH[ply] best points by their classes (what a stone
        there makes for each side, all four lines together), their lines'
        worths and history. The table's move and the killers of this ply go
        first.
        """
        board = self.board
        opp = 1 - side
        if board.has(opp, HAS_WIN4):
            pool = board.three_defences(opp) | set(board.points(side, FOURS))
            width = len(pool)
        else:
            pool = board.around
            width = WIDTH[min(ply, len(WIDTH) - 1)]
        flags, history, classes = board.flags, self.history[side], board.classes
        shift = VALUE_SHIFT + VALUE_BITS * side
        own, deny = 4 * side, 4 * (1 - side)
        keyed = sorted([(-(flags[q] >> shift & VALUE_MASK) - history[q]
                         - CLASS_ORDER_OWN[classes[flags[q] & COMBO_MASK] >> own & 15]
                         - CLASS_ORDER_DENY[classes[flags[q] & COMBO_MASK] >> deny & 15], q) for q in pool])
        out: list[int] = []
        black = side == BLACK and board.renju
        for _, q in keyed:
            if black and board.forbidden(q):
                continue
            out.append(q)
            if len(out) >= width:
                break
        for first in (self.killers[ply][1], self.killers[ply][0], hint):
            if first in out and out[0] != first:
                out.remove(first)
                out.insert(0, first)
        return out
