"""Threat-space search for Gomoku's expert: wins by continuous fours (VCF) and
by continuous threats, fours and open threes (VCT).

A four leaves the defender one reply, so a VCF is a narrow tree and usually
decides the game well before a full-width search could see it. Both
searches work on a `lines.Board`, whose flags list every point where a
colour makes a five, a four or an open three, so each node costs a set
filter and one play / undo pair, never a board scan. Each keeps a
transposition table (Zobrist keys) of the positions it has proved won, with
the winning line, and of those it has proved lost within a depth.

The defender's answers to an open three are all of them: the points on the
three's line that take its straight four away (a superset: the ones that
do not are refuted at once, the attacker's straight four still standing),
and every four of the defender's own, which the attacker must block first.
Before any of them, a defender with a VCF of its own wins outright: a three
is too slow against fours. So a VCT found is a proof, as far as the VCF
depth reaches.

Renju on both sides: black's fours and threes are checked with the exact
rule (lines.Board.forbidden, only where the pattern counters say a point
might be forbidden), a black three counts only if black may make its
straight four, and a white four whose only answer is forbidden to black
wins on the spot: black can neither block there nor anywhere else.
"""
from __future__ import annotations

import time

from boardhub.games.gomoku.lines import BLACK, WHITE, Board
from boardhub.games.gomoku.patterns import FIVES, FOURS, HAS_FIVE, HAS_FOUR, HAS_THREE, HAS_WIN4, THREES, WIN4S

CLOCK_EVERY = 32  # nodes between two looks at the clock
VCF_DEPTH = 30  # attacker fours in one line of play
VCT_WIDTH = 12  # threats tried at one attacking node of the VCT
TABLE_LIMIT = 300_000  # entries a table keeps before it starts afresh


class Timeout(Exception):
    """The search's time (or its node budget) is up."""


class Clock:
    """A stop time, and optionally a node budget, shared by every search of one move.

    With a budget the search stops after exactly that many nodes whatever
    the machine's speed, so a game between budgeted AIs replays exactly:
    what the self-play tuning needs.
    """

    def __init__(self, stop: float, budget: int | None = None) -> None:
        self.stop = stop
        self.nodes = 0
        self.budget = budget
        self._next = CLOCK_EVERY if budget is None else min(CLOCK_EVERY, budget)

    def tick(self) -> None:
        """Count a node; raise Timeout once the stop time or the budget is past."""
        self.nodes += 1
        if self.nodes >= self._next:
            if self.budget is not None:
                if self.nodes >= self.budget:
                    raise Timeout
                self._next = min(self.nodes + CLOCK_EVERY, self.budget)
            else:
                self._next = self.nodes + CLOCK_EVERY
            if time.monotonic() >= self.stop:
                raise Timeout

    def narrow(self, stop: float, budget: int | None) -> tuple[float, int | None]:
        """Stop sooner (at `stop`, or at `budget` nodes counted from the clock's start) until
        `restore` is given what this returns."""
        saved = (self.stop, self.budget)
        self.stop = min(self.stop, stop)
        if budget is not None:
            self.budget = budget if self.budget is None else min(self.budget, budget)
            self._next = min(self._next, self.budget)
        return saved

    def restore(self, saved: tuple[float, int | None]) -> None:
        self.stop, self.budget = saved

    def out_of_time(self) -> bool:
        """Whether the stop time or the budget is past (without counting a node)."""
        return (self.budget is not None and self.nodes >= self.budget) or time.monotonic() >= self.stop


class ThreatSearch:
    """VCF and VCT on one board, with their tables; one object serves a whole game of one AI.

    Proofs stay true whoever asks, so the tables outlive a move: a won line
    is checked to still be on the board before it is returned.
    """

    def __init__(self, board: Board, clock: Clock) -> None:
        self.board = board
        self.clock = clock
        self._vcf_win: tuple[dict[int, list[int]], dict[int, list[int]]] = ({}, {})
        self._vcf_fail: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self._vct_win: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self._vct_fail: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self._vcf_depth = VCF_DEPTH

    def trim(self) -> None:
        """Start the tables afresh once they hold more than TABLE_LIMIT positions (between moves)."""
        for tables in (self._vcf_win, self._vcf_fail, self._vct_win, self._vct_fail):
            for table in tables:
                if len(table) > TABLE_LIMIT:
                    table.clear()

    # ------------------------------------------------------------------ helpers
    def allowed(self, p: int, colour: int) -> bool:
        """Whether `colour` may play p (black's forbidden points under renju are not)."""
        return colour == WHITE or not self.board.forbidden(p)

    def _blocked_by_rule(self, p: int, defender: int) -> bool:
        """A point the defender must take but may not: black's forbidden point under renju."""
        return defender == BLACK and self.board.renju and self.board.forbidden(p)

    def _open_four_ready(self, a: int) -> bool:
        """Whether `a` may make a straight (or double) four now: a real three, for black under renju
        one whose straight four is allowed."""
        board = self.board
        if not board.has(a, HAS_WIN4):
            return False
        if a == WHITE or not board.renju:
            return True
        return any(not board.forbidden(q) for q in board.points(a, WIN4S))

    # ------------------------------------------------------------------ VCF
    def vcf(self, attacker: int, depth: int = VCF_DEPTH) -> list[int] | None:
        """The attacker (to move) wins by fours: the line of play, or None. Raises Timeout.

        The line holds the attacker's moves and the defender's forced replies
        in turn, and ends with the attacker's five, or with the attacker's
        four when every answer to it is forbidden to black. A quick pass
        that only follows fours near the last four or its reply goes first
        (`vcf_near`); if it finds nothing, every four is tried.
        """
        line = self._vcf(attacker, depth, ())
        return line if line is not None else self._vcf(attacker, depth, None)

    def vcf_near(self, attacker: int, depth: int = VCF_DEPTH) -> list[int] | None:
        """The quick pass of `vcf` alone: after the first four, only fours that share a line with
        the last four or its reply, within four points. What it finds is a win; what it misses may
        not be a loss, so it serves where a miss only costs a chance (the search's horizon, the
        attacker's side of the VCT), never to prove that the defender has no VCF."""
        return self._vcf(attacker, depth, ())

    def _vcf(self, a: int, depth: int, focus: tuple[int, ...] | None) -> list[int] | None:
        """`focus`: None for every four, () for the quick pass's first four, (four, reply) after it."""
        board = self.board
        self.clock.tick()
        if board.has(a, HAS_FIVE):
            return board.points(a, FIVES)[:1]
        if depth <= 0 or not board.has(a, HAS_FOUR):
            return None
        won = self._vcf_win[a].get(board.hash)
        if won is not None:
            return won
        key = board.hash if focus is None else (board.hash, focus)
        fails = self._vcf_fail[a]
        if fails.get(key, -1) >= depth:
            return None
        d = 1 - a
        if board.has(d, HAS_FIVE):
            theirs = board.points(d, FIVES)
            if len(theirs) > 1 or not board.count(theirs[0], a, FOURS):
                fails[key] = depth
                return None
            candidates = theirs
        else:
            candidates = board.best_points(board.points(a, FOURS), a)
            if focus:
                related = board.geo.related
                near = related[focus[0]] | related[focus[1]]
                candidates = [q for q in candidates if q in near]
        renju_black = a == BLACK and board.renju
        for q in candidates:
            if renju_black and board.forbidden(q):
                continue
            board.play(q, a, near=False)
            line = self._after_four(a, q, depth, focus)
            board.undo()
            if line is not None:
                self._vcf_win[a][board.hash] = line
                return line
        fails[key] = depth
        return None

    def _after_four(self, a: int, q: int, depth: int, focus: tuple[int, ...] | None) -> list[int] | None:
        """The attacker has just played the four q: the forced reply, then the rest."""
        board = self.board
        d = 1 - a
        completing = board.points(a, FIVES)
        if not completing:
            return None
        answers = [r for r in completing if not self._blocked_by_rule(r, d)]
        if not answers:
            return [q]
        if len(completing) >= 2:
            other = next(r for r in completing if r != answers[0])
            return [q, answers[0], other]
        r = answers[0]
        board.play(r, d, near=False)
        rest = self._vcf(a, depth - 1, None if focus is None else (q, r))
        board.undo()
        return None if rest is None else [q, r] + rest

    # ------------------------------------------------------------------ VCT
    def vct(self, attacker: int, depth: int, vcf_depth: int = VCF_DEPTH) -> list[int] | None:
        """The attacker (to move) wins by fours and open threes: the first move of the win, or None.

        `depth` counts the attacker's threats before the closing VCF (forced
        blocks are free). It deepens one threat at a time, so a short win is
        found before a long one is looked for. Raises Timeout.
        """
        self._vcf_depth = vcf_depth
        for limit in range(1, depth + 1):
            line = self._attack(attacker, limit)
            if line is not None:
                return line
        return None

    def _attack(self, a: int, depth: int) -> list[int] | None:
        """The attacker to move: its first move of a win by threats within `depth`, or None."""
        board = self.board
        self.clock.tick()
        line = self._vcf(a, self._vcf_depth, ())
        if line is not None:
            return line[:1]
        d = 1 - a
        if board.has(d, HAS_FIVE):  # the defender's four: block it, and go on only if a threat of ours stands
            theirs = board.points(d, FIVES)
            q = theirs[0]
            if len(theirs) > 1 or not self.allowed(q, a):
                return None
            board.play(q, a, near=False)
            won = self._threatens(a) and self._defend(a, depth)
            board.undo()
            return [q] if won else None
        if depth <= 0:
            return None
        key = board.hash
        won_move = self._vct_win[a].get(key)
        if won_move is not None:
            return [won_move]
        fails = self._vct_fail[a]
        if fails.get(key, -1) >= depth:
            return None
        threats = set(board.points(a, FOURS)) | set(board.points(a, THREES))
        for q in board.best_points(threats, a)[:VCT_WIDTH]:
            if not self.allowed(q, a):
                continue
            board.play(q, a, near=False)
            won = self._threatens(a) and self._defend(a, depth - 1)
            board.undo()
            if won:
                self._vct_win[a][key] = q
                return [q]
        fails[key] = depth
        return None

    def _threatens(self, a: int) -> bool:
        """Whether the attacker, who just moved, threatens to win: a five to make, or a straight four."""
        return bool(self.board.has(a, HAS_FIVE)) or self._open_four_ready(a)

    def _defend(self, a: int, depth: int) -> bool:
        """The defender is to move against the attacker's four or open three:
        True if every answer still loses to more threats."""
        board = self.board
        self.clock.tick()
        d = 1 - a
        if board.has(d, HAS_FIVE):
            return False
        completing = board.points(a, FIVES)
        if completing:
            answers = [r for r in completing if not self._blocked_by_rule(r, d)]
            if len(completing) >= 2 or not answers:
                return True
            board.play(answers[0], d, near=False)
            won = self._attack(a, depth) is not None
            board.undo()
            return won
        replies = board.three_defences(a) | set(board.points(d, FOURS))
        for r in board.best_points(replies, d):
            if not self.allowed(r, d):
                continue
            board.play(r, d, near=False)
            if not board.has(d, HAS_FIVE) and self._open_four_ready(a):
                board.undo()  # the three still stands: this answer loses at once
                continue
            won = self._attack(a, depth) is not None
            board.undo()
            if not won:
                return False
        # Every answer loses, unless the defender wins first by fours: a three is too slow against
        # them. Asked last, as most defences hold before it would matter.
        return not (board.has(d, HAS_FOUR) and self.vcf(d, self._vcf_depth) is not None)

    def has_threats(self, colour: int) -> bool:
        """Whether `colour` has anything to start a VCT with (a four or a three to make)."""
        return bool(self.board.has(colour, HAS_FOUR) or self.board.has(colour, HAS_THREE))
