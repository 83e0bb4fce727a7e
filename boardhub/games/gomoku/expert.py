"""Gomoku's expert AI: threat-space search first, then alpha-beta.

Each move, in order, as long as the time allows:

1. a five, or the block of the opponent's five;
2. our own VCF (a win by continuous fours, `threats`): play it;
3. the opponent's VCF, as if we passed: if there is one, only moves after
   which it is gone (found among the points of its line and our own fours)
   are considered from here on;
4. our own VCT (fours and open threes): play it, unless we must defend;
5. alpha-beta (principal variation search with a transposition table,
   deepened two plies at a time) over the pattern evaluation of
   `patterns.Board`, with candidate pruning: a four must be blocked, an open
   three answered (a point that takes its fours away, or a four of our
   own), otherwise only the most promising points are searched. Forced
   blocks cost no depth, and an open three left at the horizon is answered
   before the position is evaluated;
6. the best moves of the search are checked in turn: the first after which
   the opponent has no VCF and no short VCT is played.

The evaluation adds up, for every empty point and line, what each colour
would make there (`patterns`), with a bonus for points where one stone makes
two threats; a side to move that can play such a point, against no four,
is scored as nearly winning.

Renju on both sides: black never considers a forbidden point (pattern
counters first, the referee when they are in doubt, and the referee once more
on the move returned), and white's searches count a four whose only answer is
forbidden to black as a win, so white steers black onto forbidden points.

Time: the AI spends TIME_SHARE of the time left to its deadline, split
between the phases, and looks at the clock every few dozen nodes. Games
differ through the seed: black opens at the centre, white's first move
touches it on a side the seed picks, and until OPENING_MOVES stones the seed
picks among near-equal moves next to the stones.
"""
from __future__ import annotations

import random
import time
from contextlib import contextmanager
from typing import Iterator

from boardhub.games.gomoku.engine import BLACK, WHITE, GomokuState
from boardhub.games.gomoku.patterns import FIVES, FOURS, HAS_DOUBLE, HAS_FIVE, HAS_FOUR, HAS_WIN4, WIN4S, Board
from boardhub.games.gomoku.renju import forbidden
from boardhub.games.gomoku.threats import Clock, ThreatSearch, Timeout

TIME_SHARE = 0.75  # of the time left to the deadline
# the phases' ends, as shares of the budget
OWN_VCF_END, THEIR_VCF_END, OWN_VCT_END, SEARCH_END = 0.10, 0.18, 0.45, 0.80
DEFENCE_CHECKS = 6  # best root moves checked against the opponent's threats
VCT_DEPTH = 6  # threats before the closing VCF in one line of the VCT
SAFETY_VCT_DEPTH = 4  # deepened one threat at a time while the time lasts
WIN = 1_000_000
WIN_BOUND = WIN - 1000  # scores beyond this are wins or losses in that many plies
WIDTH = (14, 10, 8, 7, 6, 6)  # candidate moves by ply from the root
TEMPO = 20  # the side to move's edge, in evaluation units
THREAT_WIN = 20_000  # a double threat for the side to move, no four against it: nearly a win
EXTEND_UNTIL = 16  # plies from the root within which open threes at the horizon are answered
OPENING_MOVES = 6  # stones on the board below which the seed picks among near-equal moves
OPENING_SLACK = 8
MAX_DEPTH = 12
TABLE_LIMIT = 200_000  # entries kept from move to move before the table starts afresh
EXACT, LOWER, UPPER = 0, 1, 2


@contextmanager
def time_box(board: Board, clock: Clock, until: float) -> Iterator[None]:
    """Run a search with the clock stopped at `until` (or sooner).

    A search the clock interrupts unwinds by exception, past its own undos:
    the board is taken back to the stones it had, and the caller goes on
    after the block with whatever the search had settled before.
    """
    outer = clock.stop
    clock.stop = min(outer, until)
    stones = len(board.moves)
    try:
        yield
    except Timeout:
        board.rewind(stones)
    finally:
        clock.stop = outer


class ExpertAI:
    """The expert: threats first, then a pattern search. One object plays one seat."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.nodes = 0  # over every move so far, for benchmarks
        self.seconds = 0.0
        self.depth = 0  # the deepest full iteration of the last move
        self.reason = ""  # which phase chose the last move
        self._table: dict[int, tuple[int, int, int, int]] = {}
        self._clock = Clock(0.0)

    # ------------------------------------------------------------------ the AI protocol
    def choose(self, view: GomokuState, deadline: float) -> int:
        """The point to play, answered within TIME_SHARE of the time left to `deadline`."""
        start = time.monotonic()
        size = view.size
        stones = [q for q, stone in enumerate(view.board) if stone]
        if not stones:
            self.reason = "centre"
            return (size // 2) * size + size // 2
        if len(stones) == 1:
            self.reason = "opening"
            return self._first_reply(stones[0], size)
        if len(self._table) >= TABLE_LIMIT:  # between searches, where the time is known
            self._table.clear()
        budget = TIME_SHARE * max(0.0, deadline - start)
        clock = Clock(start + budget)
        board = Board(size, view.rule)
        for p, stone in enumerate(view.board):
            if stone:
                board.play(p, stone - 1)
        try:
            move = self._decide(board, view.player, clock, start, budget)
        finally:
            self.nodes += clock.nodes
            self.seconds += time.monotonic() - start
        return self._checked(view, move)

    def _first_reply(self, stone: int, size: int) -> int:
        """White's first move: a point next to black's stone, on the centre's side, chosen by the seed.

        Renju practice: every strong reply touches the first stone; which one
        is a matter of style, so the seed varies it.
        """
        x, y = stone % size, stone // size
        centre = size // 2
        around = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                  if (dx or dy) and 0 <= x + dx < size and 0 <= y + dy < size]
        nearest = min(max(abs(ax - centre), abs(ay - centre)) for ax, ay in around)
        ax, ay = self.rng.choice([(ax, ay) for ax, ay in around
                                  if max(abs(ax - centre), abs(ay - centre)) <= max(nearest, 1)])
        return ay * size + ax

    # ------------------------------------------------------------------ the phases
    def _decide(self, board: Board, me: int, clock: Clock, start: float, budget: float) -> int:
        opp = 1 - me
        threats = ThreatSearch(board, clock)
        mine = board.points(me, FIVES)
        if mine:
            self.reason = "five"
            return mine[0]
        theirs = board.points(opp, FIVES)
        if theirs:
            self.reason = "block"
            allowed = [q for q in theirs if threats.allowed(q, me)]
            return allowed[0] if allowed else self._any_move(board, me)
        self.depth = 0
        line = self._phase(threats.vcf, board, clock, start + OWN_VCF_END * budget, me)
        if line:
            self.reason = "vcf"
            return line[0]
        danger = self._phase(threats.vcf, board, clock, start + THEIR_VCF_END * budget, opp)
        roots = self._candidates(board, me, 0)
        if len(board.moves) < OPENING_MOVES:  # the shallow searches of the opening favour loose moves
            roots = [q for q in roots if self._touches(board, q)] or roots
        if danger:
            roots = self._refutations(board, threats, me, danger, roots, clock, start + SEARCH_END * budget)
        else:
            line = self._phase(threats.vct, board, clock, start + OWN_VCT_END * budget, me, VCT_DEPTH)
            if line:
                self.reason = "vct"
                return line[0]
        if not roots:
            self.reason = "lost"
            return danger[0] if danger and threats.allowed(danger[0], me) else self._any_move(board, me)
        if len(roots) == 1:
            self.reason = "only move"
            return roots[0]
        ranked = self._iterate(board, me, roots, clock, start + SEARCH_END * budget)
        self.reason = f"search depth {self.depth}"
        return self._safest(board, threats, me, ranked, clock, start + budget)

    def _phase(self, search, board: Board, clock: Clock, until: float, *args):
        """One threat search, stopped at `until` (or sooner): its answer, or None when time runs out."""
        with time_box(board, clock, until):
            return search(*args)
        return None

    def _refutations(self, board: Board, threats: ThreatSearch, me: int, danger: list[int],
                     roots: list[int], clock: Clock, until: float) -> list[int]:
        """Our moves after which the opponent's VCF `danger` is gone.

        A refutation takes a point of the winning line or makes a four of our
        own; those are tried, each against a fresh VCF search. A four only
        counts if the VCF is still gone once the opponent has blocked it (a
        four that merely delays the loss is no defence). If none holds (or
        time runs out first), the lines' points stay the candidates, so the
        search still picks the most stubborn defence.
        """
        opp = 1 - me
        tried = list(dict.fromkeys(danger + board.points(me, FOURS) + roots))
        safe: list[int] = []
        with time_box(board, clock, until):
            for q in tried:
                if board.cells[q] or not threats.allowed(q, me):
                    continue
                board.play(q, me)
                block = board.points(me, FIVES)
                if len(block) == 1 and threats.allowed(block[0], opp):
                    board.play(block[0], opp)
                    holds = not board.points(opp, FIVES) and threats.vcf(opp) is None
                    board.undo()
                else:
                    holds = threats.vcf(opp) is None
                board.undo()
                if holds:
                    safe.append(q)
        if safe:
            return safe
        fallback = [q for q in danger if not board.cells[q] and threats.allowed(q, me)]
        return fallback or roots

    def _safest(self, board: Board, threats: ThreatSearch, me: int, ranked: list[int], clock: Clock,
                until: float) -> int:
        """The first of the search's best moves that leaves the opponent no VCF and no short VCT.

        If time runs out first, the best move not yet shown to lose.
        """
        opp = 1 - me
        losing: set[int] = set()
        with time_box(board, clock, until):
            for q in ranked[:DEFENCE_CHECKS]:
                board.play(q, me)
                safe = threats.vcf(opp) is None and threats.vct(opp, SAFETY_VCT_DEPTH) is None
                board.undo()
                if safe:
                    return q
                losing.add(q)
        return next((q for q in ranked if q not in losing), ranked[0])

    # ------------------------------------------------------------------ alpha-beta
    def _iterate(self, board: Board, me: int, roots: list[int], clock: Clock, until: float) -> list[int]:
        """Root moves best first, from the deepest iteration that finished in time.

        Iterations go two plies at a time, always ending on the opponent's
        reply: the evaluation favours whoever moved last, so scores from an
        odd depth would rank far-fetched moves first. An iteration cut short
        still counts where it has found a move better than the old best. In
        the opening the seed picks the first move among those within
        OPENING_SLACK of the best, so that games differ.
        """
        self._clock = clock
        opening = len(board.moves) < OPENING_MOVES
        slack = OPENING_SLACK if opening else 0
        ranked = list(roots)
        scores: dict[int, int] = {}
        partial: dict[int, int] = {}
        with time_box(board, clock, until):
            for depth in range(2, MAX_DEPTH + 1, 2):
                partial = {}
                self._root(board, me, ranked, depth, slack, partial)
                scores = partial
                ranked.sort(key=lambda q: -scores[q])
                self.depth = depth
                if abs(scores[ranked[0]]) >= WIN_BOUND:
                    break
        if partial is not scores and ranked[0] in partial:
            # an unfinished iteration: a move it has shown better than the old best goes first
            better = max(partial, key=lambda q: partial[q])
            if partial[better] > partial[ranked[0]]:
                ranked.remove(better)
                ranked.insert(0, better)
        elif opening and scores:
            best = scores[ranked[0]]
            pick = self.rng.choice([q for q in ranked if scores[q] >= best - slack])
            ranked.remove(pick)
            ranked.insert(0, pick)
        return ranked

    @staticmethod
    def _touches(board: Board, q: int) -> bool:
        """Whether a stone is next to q. In the opening only such moves are searched: the
        evaluation cannot tell them from looser ones at the depths reached, which deeper
        searches show to be weaker."""
        size = board.size
        x, y = q % size, q // size
        return any(board.cells[ny * size + nx] for nx in (x - 1, x, x + 1) for ny in (y - 1, y, y + 1)
                   if 0 <= nx < size and 0 <= ny < size)

    def _root(self, board: Board, me: int, roots: list[int], depth: int, slack: int,
              scores: dict[int, int]) -> None:
        """Every root move's score into `scores` (kept if time runs out midway): exact down to
        `slack` below the best so far, a bound below that."""
        best = -WIN - 1
        for q in roots:
            board.play(q, me)
            score = -self._search(board, 1 - me, depth - 1, -WIN - 1, slack - best, 1)
            board.undo()
            scores[q] = score
            best = max(best, score)

    def _search(self, board: Board, side: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax with alpha-beta: the value of the position for `side`, to move."""
        self._clock.tick()
        opp = 1 - side
        has = board.has
        if has(side, HAS_FIVE):
            return WIN - ply
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
                        return WIN - ply - 2  # an open four: only fours can delay the five
            if depth <= 0:
                if has(opp, HAS_WIN4) and ply < EXTEND_UNTIL:
                    depth = 1  # an open three of theirs: see that it is answered
                else:
                    return self._evaluate(board, side)
            moves = []
        key = board.hash ^ side
        entry = self._table.get(key)
        hint = -1
        if entry is not None:
            e_depth, e_score, e_flag, hint = entry
            if e_depth >= depth and (e_flag == EXACT or (e_flag == LOWER and e_score >= beta)
                                     or (e_flag == UPPER and e_score <= alpha)):
                return e_score
        if not moves:
            moves = self._candidates(board, side, ply)
            if not moves:
                return 0
            if hint in moves:
                moves.remove(hint)
                moves.insert(0, hint)
        start_alpha = alpha
        best, best_move = -WIN - 1, moves[0]
        for n, q in enumerate(moves):
            board.play(q, side)
            if n == 0:
                score = -self._search(board, opp, depth - 1, -beta, -alpha, ply + 1)
            else:  # principal variation search: prove the move worse with a null window first
                score = -self._search(board, opp, depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < score < beta:
                    score = -self._search(board, opp, depth - 1, -beta, -alpha, ply + 1)
            board.undo()
            if score > best:
                best, best_move = score, q
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        flag = LOWER if best >= beta else UPPER if best <= start_alpha else EXACT
        self._table[key] = (depth, best, flag, best_move)
        return best

    def _evaluate(self, board: Board, side: int) -> int:
        """The pattern evaluation for `side` to move.

        A double threat that the side to move can play, while the other side
        has no four to gain a tempo with, nearly always wins: it is scored
        as such, below a proven win.
        """
        if board.has(side, HAS_DOUBLE) and not board.has(1 - side, HAS_FOUR):
            for q in board.double_threats(side):
                if side == WHITE or not board.forbidden(q):
                    return THREAT_WIN
        return board.worth(side) - board.worth(1 - side) + TEMPO

    def _candidates(self, board: Board, side: int, ply: int) -> list[int]:
        """The moves worth searching for `side`, most promising first, never forbidden to black.

        Against an open three (the opponent threatens an open four) only the
        points that take its fours away and our own fours can help; otherwise
        the WIDTH[ply] best points by the pattern counters.
        """
        opp = 1 - side
        if board.has(opp, HAS_WIN4):
            pool = board.three_defences(opp) | set(board.points(side, FOURS))
            width = len(pool)
        else:
            pool = board.around
            width = WIDTH[min(ply, len(WIDTH) - 1)]
        ordered = board.best_points(pool, side)
        out: list[int] = []
        for q in ordered:
            if side == BLACK and board.forbidden(q):
                continue
            out.append(q)
            if len(out) >= width:
                break
        return out

    @staticmethod
    def _any_move(board: Board, me: int) -> int:
        """A point to play when the game is lost anyway: the most promising one allowed, if any."""
        empties = [q for q in range(len(board.cells)) if not board.cells[q]]
        allowed = [q for q in empties if me == WHITE or not board.forbidden(q)]
        pool = allowed or empties
        return max(pool, key=lambda q: (board.order_value(q, me), -q))

    @staticmethod
    def _checked(view: GomokuState, move: int) -> int:
        """The referee's last word: never a forbidden point for black while an allowed one exists."""
        if view.rule != "renju" or view.player != BLACK or forbidden(view.board, view.size, move) is None:
            return move
        size = view.size
        centre = (size // 2) * size + size // 2
        empties = sorted((q for q in range(size * size) if not view.board[q]),
                         key=lambda q: abs(q % size - centre % size) + abs(q // size - centre // size))
        for q in empties:
            if forbidden(view.board, view.size, q) is None:
                return q
        return move
