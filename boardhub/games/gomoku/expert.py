"""Gomoku's expert AI: threat-space search first, then alpha-beta.

Each move, in order, as long as the time allows:

1. a five, or the block of the opponent's five;
2. our own VCF (a win by continuous fours, threats.py): play it at once;
3. the opponent's VCF, as if we passed: if there is one, only moves after
   which it is gone (found among the points of its line and our own fours)
   are considered from here on;
4. otherwise our own VCT (fours and open threes): a proof found is played
   at once; then the opponent's VCT as if we passed: if it has one, the
   moves considered are those after which it has none, when any is found,
   else every move not shown to lose to it;
5. alpha-beta (search.py) over the pattern evaluation, deepened one ply at
   a time until the time is spent; after each iteration its best move is
   checked: if the opponent then has a VCF or a short VCT, it goes last and
   the next best is checked.

Each move's check against the opponent's threats gets CHECK_SHARE of the
budget. A move that fails is nearly always shown so at once, while proving
that one holds can take a whole VCT search: a check that runs out leaves its
move a candidate and the next move is checked. (When a check could run to
the end of its phase, one slow proof ended the defence phase with nothing
found, or the move's search after that iteration. Freestyle at 0.5 s
against the expert of a26ff1e: 71.8% and 69.5% of 200 games from two sets
of openings, where the checks without a share scored 62.7% to 66.5% in
earlier series; 52.0% of 200 against them directly.)

Renju on both sides: black never considers a forbidden point (the pattern
counters first, the exact rule from the same codes when they are in doubt,
and the referee once more on the move returned), and white's searches count
a four whose only answer is forbidden to black as a win, so white steers
black onto forbidden points.

Time: the AI spends TIME_SHARE of the time left to its deadline less a
margin, split between the phases, and looks at the clock every few dozen
nodes. Given a node budget instead (`nodes`), it stops after that many
nodes whatever the time: games between budgeted AIs replay exactly, which
the self-play tuning relies on. Games differ through the seed: black opens
at the centre, white's first move touches it on a side the seed picks, and
black's second stone is the seed's pick among near-equal moves next to the
stones. From the fourth stone on every move is the search's best over all
its candidates: the learned evaluation tells tight moves from loose ones
there, and keeping to moves next to the stones, or picking among near-equal
ones, cost strength (Renju, 200 games at 0.5 s against the expert of
a26ff1e: 81.0%, against 68.5% and 72.5% when it did so until six stones;
freestyle the same within the noise).
"""
from __future__ import annotations

import gc
import math
import random
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from boardhub.games.gomoku.engine import BLACK, WHITE, GomokuRules, GomokuState
from boardhub.games.gomoku.lines import Board
from boardhub.games.gomoku.opening_play import opening_move
from boardhub.games.gomoku.patterns import FIVES, FOURS, HAS_FIVE, THREES, Weights
from boardhub.games.gomoku.renju import forbidden
from boardhub.games.gomoku.search import WIN_BOUND, Search
from boardhub.games.gomoku.threats import Clock, ThreatSearch, Timeout

RULES = GomokuRules()

TIME_SHARE = 0.93  # of the time left to the deadline: a slow moment of a busy machine
TIME_MARGIN = 0.045  # seconds for building the board, the clock's granularity, a process kept waiting
# for a core, and handing the answer over
# the phases' ends, as shares of the budget
OWN_VCF_END, THEIR_VCF_END, OWN_VCT_END, THEIR_VCT_END, REFUTE_END = 0.08, 0.14, 0.30, 0.40, 0.55
DEFENCE_CHECKS = 12  # best root moves checked against the opponent's threats
CHECK_SHARE = 0.08  # of the budget, the most one move's check against the opponent's threats may take
VCT_DEPTH = 6  # threats before the closing VCF in one line of the VCT
SAFETY_VCT_DEPTH = 5  # the opponent's threats looked for after each checked move
OPENING_MOVES = 3  # stones on the board below which the seed picks among near-equal moves next to them
OPENING_SLACK = 8


class ExpertAI:
    """The expert: threats first, then a pattern search. One object plays one seat.

    `nodes`: a node budget per move instead of the clock (self-play);
    `weights`: the evaluation's weights (default: weights.default_weights()).
    """

    def __init__(self, seed: int | None = None, nodes: int | None = None, weights: Weights | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget_nodes = nodes
        self.weights = weights
        self.nodes = 0  # over every move so far, for benchmarks
        self.seconds = 0.0
        self.depth = 0  # the deepest full iteration of the last move
        self.reason = ""  # which phase chose the last move
        self._search = Search()
        self._threats: ThreatSearch | None = None
        self._game: tuple[int, str] | None = None
        self._start = 0.0
        self._budget = 0.0

    # ------------------------------------------------------------------ the AI protocol
    def choose(self, view: GomokuState, deadline: float) -> int | str:
        """The point to play, answered within TIME_SHARE of the time left to `deadline`; an opening
        rule's step is weighed by the shared routine on this AI's own evaluation."""
        if view.phase:
            self.reason = "opening rule"
            return opening_move(RULES, view, self.rng, self.weights)
        start = time.monotonic()
        size = view.size
        stones = sum(1 for stone in view.board if stone)
        if not stones:
            self.reason = "centre"
            return (size // 2) * size + size // 2
        if stones == 1:
            self.reason = "opening"
            return self._first_reply(next(q for q, s in enumerate(view.board) if s), size)
        self._start = start
        self._budget = max(0.0, TIME_SHARE * (deadline - start) - TIME_MARGIN)
        clock = Clock(math.inf, self.budget_nodes) if self.budget_nodes else Clock(start + self._budget)
        board = Board.from_cells(size, view.rule, view.board, self.weights)
        if self._game != (size, view.rule):  # the tables' keys hold for one board size and rule set
            self._game = (size, view.rule)
            self._threats = ThreatSearch(board, clock)
            self._search = Search()
        threats = self._threats
        threats.board, threats.clock = board, clock
        threats.trim()
        self._search.start(board, clock, threats)
        try:
            move = self._decide(board, view.player, clock, threats)
        finally:
            self.nodes += clock.nodes
            self.seconds += time.monotonic() - start
            # The tables kept from move to move hold millions of objects: a full collection over them
            # pauses the search for up to 0.15 s, which its clock cannot see. Moved out of the
            # collector's sight (still freed when dropped), they cost the next collections nothing.
            gc.freeze()
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

    # ------------------------------------------------------------------ time
    @contextmanager
    def _box(self, board: Board, clock: Clock, share: float) -> Iterator[None]:
        """Run a search with the clock stopped at `share` of the move's budget (or sooner).

        A search the clock interrupts unwinds by exception, past its own
        undos: the board is taken back to the stones it had, and the caller
        goes on after the block with whatever the search had settled before.
        """
        if self.budget_nodes:
            saved = clock.narrow(math.inf, max(1, int(share * self.budget_nodes)))
        else:
            saved = clock.narrow(self._start + share * self._budget, None)
        stones = len(board.moves)
        try:
            yield
        except Timeout:
            board.rewind(stones)
        finally:
            clock.restore(saved)

    def _phase(self, board: Board, clock: Clock, share: float, search: Callable[..., Any], *args: Any) -> Any:
        """One threat search within `share` of the budget: its answer, or None when time runs out."""
        with self._box(board, clock, share):
            return search(*args)
        return None

    # ------------------------------------------------------------------ the phases
    def _decide(self, board: Board, me: int, clock: Clock, threats: ThreatSearch) -> int:
        opp = 1 - me
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
        line = self._phase(board, clock, OWN_VCF_END, threats.vcf, me)
        if line:
            self.reason = "vcf"
            return line[0]
        danger = self._phase(board, clock, THEIR_VCF_END, threats.vcf, opp)
        search = self._search
        roots = search.candidates(me, 0)
        if len(board.moves) < OPENING_MOVES:  # on a nearly empty board the shallow searches favour loose moves
            roots = [q for q in roots if self._touches(board, q)] or roots
        if danger:
            roots = self._refutations(board, threats, clock, me, danger, roots)
        else:
            line = self._phase(board, clock, OWN_VCT_END, threats.vct, me, VCT_DEPTH)
            if line:
                self.reason = "vct"
                return line[0]
            if threats.has_threats(opp):
                line = self._phase(board, clock, THEIR_VCT_END, threats.vct, opp, VCT_DEPTH)
                if line:
                    roots = self._vct_refutations(board, threats, clock, me, line[0], roots)
        if not roots:
            self.reason = "lost"
            return danger[0] if danger and threats.allowed(danger[0], me) else self._any_move(board, me)
        if len(roots) == 1:
            self.reason = "only move"
            return roots[0]
        ranked = self._iterate(board, me, roots, clock, threats)
        self.reason = f"search depth {self.depth}"
        return ranked[0]

    def _refutations(self, board: Board, threats: ThreatSearch, clock: Clock, me: int, danger: list[int],
                     roots: list[int]) -> list[int]:
        """Our moves after which the opponent's VCF `danger` is gone.

        A refutation takes a point of the winning line or makes a four of our
        own; those are tried, each against a fresh VCF search. A four only
        counts if the VCF is still gone once the opponent has blocked it (a
        four that merely delays the loss is no defence). If none holds (or
        time runs out first), the line's points stay the candidates, so the
        search still picks the most stubborn defence.
        """
        tried = list(dict.fromkeys(danger + board.points(me, FOURS) + roots))
        safe: list[int] = []
        with self._box(board, clock, REFUTE_END):
            for q in tried:
                if board.cells[q] or not threats.allowed(q, me):
                    continue
                if self._holds(board, threats, me, q, vct_depth=0):
                    safe.append(q)
        if safe:
            return safe
        fallback = [q for q in danger if not board.cells[q] and threats.allowed(q, me)]
        return fallback or roots

    def _vct_refutations(self, board: Board, threats: ThreatSearch, clock: Clock, me: int, first: int,
                         roots: list[int]) -> list[int]:
        """Our moves after which the opponent's win by threats (starting with `first`) is gone:
        its threat points, our own fours and threes and the usual candidates, each checked
        against the opponent's VCF and VCT for at most CHECK_SHARE of the budget.

        Proving that a defence holds takes a whole VCT search, often longer
        than the check may run, while a move that fails is usually shown so
        at once. So the moves proved to hold are the candidates; if none is,
        every root move not shown to lose, and the checked moves whose check
        ran out (no win against them was found). All of `roots` if every
        move checked loses.
        """
        opp = 1 - me
        tried = list(dict.fromkeys([first] + board.points(me, FOURS) + roots + board.points(opp, FOURS)
                                   + board.points(opp, THREES) + board.points(me, THREES)))
        safe: list[int] = []
        unknown: list[int] = []
        losing: set[int] = set()
        with self._box(board, clock, REFUTE_END):
            for q in tried:
                if clock.out_of_time():
                    break
                if board.cells[q] or not threats.allowed(q, me):
                    continue
                verdict = self._check(board, clock, self._holds, board, threats, me, q, VCT_DEPTH)
                if verdict is None:
                    unknown.append(q)
                elif verdict:
                    safe.append(q)
                else:
                    losing.add(q)
        if safe:
            self.reason = "defence"
            return [q for q in roots if q in safe] + [q for q in safe if q not in roots]
        left = [q for q in roots if q not in losing] + [q for q in unknown if q not in roots]
        return left or roots

    def _check(self, board: Board, clock: Clock, check: Callable[..., bool], *args: Any) -> bool | None:
        """A check against the opponent's threats, given CHECK_SHARE of the budget from now:
        its answer, or None when that runs out first."""
        spent = clock.nodes / self.budget_nodes if self.budget_nodes else \
            (time.monotonic() - self._start) / max(self._budget, 1e-9)
        return self._phase(board, clock, spent + CHECK_SHARE, check, *args)

    def _holds(self, board: Board, threats: ThreatSearch, me: int, q: int, vct_depth: int) -> bool:
        """Whether after our move q the opponent has no VCF (nor a VCT within `vct_depth`). A four
        of ours holds only if it still does once the opponent has blocked it."""
        opp = 1 - me
        board.play(q, me)
        try:
            block = board.points(me, FIVES)
            if len(block) == 1 and threats.allowed(block[0], opp):
                board.play(block[0], opp)
                try:
                    return not board.has(opp, HAS_FIVE) and self._no_threat(threats, opp, vct_depth)
                finally:
                    board.undo()
            return bool(block) or self._no_threat(threats, opp, vct_depth)
        finally:
            board.undo()

    @staticmethod
    def _no_threat(threats: ThreatSearch, opp: int, vct_depth: int) -> bool:
        return threats.vcf(opp) is None and (not vct_depth or threats.vct(opp, vct_depth) is None)

    # ------------------------------------------------------------------ alpha-beta
    def _iterate(self, board: Board, me: int, roots: list[int], clock: Clock, threats: ThreatSearch) -> list[int]:
        """Root moves best first, from the deepest iteration that finished in time, the search's
        best move checked after each iteration: one after which the opponent has a VCF or a short
        VCT goes last, and the next best is checked, up to DEFENCE_CHECKS moves a turn.

        An iteration cut short still counts where it has found a move better
        than the old best. In the opening the seed picks the first move among
        those within OPENING_SLACK of the best, so that games differ.
        """
        search = self._search
        opening = len(board.moves) < OPENING_MOVES
        slack = OPENING_SLACK if opening else 0
        ranked = list(roots)
        scores: dict[int, int] = {}
        partial: dict[int, int] = {}
        safe: set[int] = set()
        losing: list[int] = []
        with self._box(board, clock, 1.0):
            for depth in range(2, 64):
                partial = {}
                search.root_scores(me, ranked, depth, slack, partial)
                scores = partial
                ranked.sort(key=lambda q: -scores[q])
                self.depth = depth
                while ranked[0] not in safe and len(ranked) > 1 and len(safe) + len(losing) < DEFENCE_CHECKS:
                    if self._check(board, clock, self._opponent_wins_after, board, threats, me, ranked[0]):
                        losing.append(ranked.pop(0))
                    else:
                        safe.add(ranked[0])
                if abs(scores[ranked[0]]) >= WIN_BOUND:
                    break
        if partial is not scores and ranked[0] in partial:
            # an unfinished iteration: a move it has shown better than the old best goes first
            better = max(partial, key=lambda q: partial[q])
            if partial[better] > partial[ranked[0]] and better in ranked:
                ranked.remove(better)
                ranked.insert(0, better)
        elif opening and scores:
            best = scores[ranked[0]]
            pick = self.rng.choice([q for q in ranked if scores.get(q, best - slack - 1) >= best - slack])
            ranked.remove(pick)
            ranked.insert(0, pick)
        return ranked + losing

    @staticmethod
    def _opponent_wins_after(board: Board, threats: ThreatSearch, me: int, q: int) -> bool:
        """Whether after our move q the opponent has a VCF or a VCT of SAFETY_VCT_DEPTH threats."""
        board.play(q, me)
        try:
            return threats.vcf(1 - me) is not None or threats.vct(1 - me, SAFETY_VCT_DEPTH) is not None
        finally:
            board.undo()

    @staticmethod
    def _touches(board: Board, q: int) -> bool:
        """Whether a stone is next to q. Below OPENING_MOVES stones only such moves are searched:
        with so few stones the evaluation cannot tell them from looser ones at the depths
        reached, which deeper searches show to be weaker."""
        size = board.size
        x, y = q % size, q // size
        return any(board.cells[ny * size + nx] for nx in (x - 1, x, x + 1) for ny in (y - 1, y, y + 1)
                   if 0 <= nx < size and 0 <= ny < size)

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
