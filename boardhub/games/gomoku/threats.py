"""Threat-space search for Gomoku's expert: wins by continuous fours (VCF) and
by continuous threats, fours and open threes (VCT).

A four leaves the defender one reply, so a VCF is a narrow tree and usually
decides the game well before a full-width search could see it. The searches
work on a `patterns.Board`, whose counters list every point where a colour
makes a five, a four or an open three, so each node costs a set filter and
one play / undo pair, never a board scan.

Renju on both sides: black's fours and threes are checked with the referee
(only when the pattern counters say a point might be forbidden), and a white
four whose only answer is forbidden to black wins on the spot: black can
neither block there (the move is refused) nor anywhere else.

VCT answers are a strong hint rather than a proof: a defender's replies to a
three are the points that take the three's fours away plus its own fours,
the usual practice of threat-space search; a defence elsewhere, rare in
practice, is not tried.
"""
from __future__ import annotations

import time

from boardhub.games.gomoku.patterns import FIVES, FOURS, HAS_FIVE, HAS_FOUR, THREES, WIN4S, Board

BLACK, WHITE = 0, 1
CLOCK_EVERY = 64  # nodes between two looks at the clock
VCF_DEPTH = 24  # attacker fours in one line of play
VCT_WIDTH = 10  # threats tried at one attacking node of the VCT


class Timeout(Exception):
    """The search's time is up."""


class Clock:
    """A stop time and a node count shared by every search of one move."""

    def __init__(self, stop: float) -> None:
        self.stop = stop
        self.nodes = 0
        self._next = CLOCK_EVERY

    def tick(self) -> None:
        """Count a node; raise Timeout once the stop time is past (looked at every CLOCK_EVERY nodes)."""
        self.nodes += 1
        if self.nodes >= self._next:
            self._next = self.nodes + CLOCK_EVERY
            if time.monotonic() >= self.stop:
                raise Timeout


class ThreatSearch:
    """VCF and VCT on one board; failed positions are remembered across calls.

    The tables only hold proven failures (a position the attacker cannot win
    by threats within the stated depth), which stay true whoever asks.
    """

    def __init__(self, board: Board, clock: Clock) -> None:
        self.board = board
        self.clock = clock
        self._vcf_fail: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self._vct_fail: tuple[dict[int, int], dict[int, int]] = ({}, {})

    # ------------------------------------------------------------------ helpers
    def allowed(self, p: int, colour: int) -> bool:
        """Whether `colour` may play p (black's forbidden points under renju are not)."""
        return colour == WHITE or not self.board.forbidden(p)

    def blocked_by_rule(self, p: int, defender: int) -> bool:
        """A point the defender must take but may not: black's forbidden point under renju."""
        return defender == BLACK and self.board.renju and self.board.forbidden(p)

    def _ordered(self, points: list[int], colour: int) -> list[int]:
        return self.board.best_points(points, colour)

    # ------------------------------------------------------------------ VCF
    def vcf(self, attacker: int, depth: int = VCF_DEPTH) -> list[int] | None:
        """The attacker (to move) wins by fours: the line of play, or None. Raises Timeout.

        The line holds the attacker's moves and the defender's forced replies
        in turn, and ends with the attacker's five, or with the attacker's
        four when its only answer is forbidden to black.
        """
        return self._vcf(attacker, depth)

    def _vcf(self, a: int, depth: int) -> list[int] | None:
        board = self.board
        self.clock.tick()
        if board.has(a, HAS_FIVE):
            return board.points(a, FIVES)[:1]
        if depth <= 0 or not board.has(a, HAS_FOUR):
            return None
        fails = self._vcf_fail[a]
        key = board.hash
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
            candidates = self._ordered(board.points(a, FOURS), a)
        for q in candidates:
            if a == BLACK and board.renju and board.forbidden(q):
                continue
            board.play(q, a)
            line = self._after_four(a, q, depth)
            board.undo()
            if line is not None:
                return line
        fails[key] = depth
        return None

    def _after_four(self, a: int, q: int, depth: int) -> list[int] | None:
        """The attacker has just played the four q: the forced reply, then the rest."""
        board = self.board
        d = 1 - a
        completing = board.points(a, FIVES)
        if len(completing) >= 2:
            return [q, completing[0], completing[1]]
        if not completing:
            return None
        r = completing[0]
        if self.blocked_by_rule(r, d):
            return [q]
        board.play(r, d)
        rest = self._vcf(a, depth - 1)
        board.undo()
        return None if rest is None else [q, r] + rest

    # ------------------------------------------------------------------ VCT
    def vct(self, attacker: int, depth: int, vcf_depth: int = VCF_DEPTH) -> list[int] | None:
        """The attacker (to move) wins by fours and open threes: the attacker's
        first move of the line found, or None.

        `depth` counts the attacker's threats before the closing VCF (forced
        blocks are free). It deepens one threat at a time, so a short win is
        found before a long one is looked for. Raises Timeout.
        """
        self._vct_vcf_depth = vcf_depth
        for limit in range(1, depth + 1):
            line = self._attack(attacker, limit)
            if line is not None:
                return line
        return None

    def _attack(self, a: int, depth: int) -> list[int] | None:
        board = self.board
        self.clock.tick()
        line = self._vcf(a, self._vct_vcf_depth)
        if line is not None:
            return line
        d = 1 - a
        theirs = board.points(d, FIVES)
        if theirs:  # the defender's four: block it, and go on only if a threat of ours still stands
            q = theirs[0]
            if len(theirs) > 1 or not self.allowed(q, a):
                return None
            board.play(q, a)
            won = bool(board.points(a, FIVES) or board.points(a, WIN4S)) and self._defend(a, depth)
            board.undo()
            return [q] if won else None
        if depth <= 0:
            return None
        fails = self._vct_fail[a]
        key = board.hash
        if fails.get(key, -1) >= depth:
            return None
        threats = set(board.points(a, FOURS)) | set(board.points(a, THREES))
        for q in self._ordered(list(threats), a)[:VCT_WIDTH]:
            if not self.allowed(q, a):
                continue
            board.play(q, a)
            won = bool(board.points(a, FIVES) or board.points(a, WIN4S)) and self._defend(a, depth - 1)
            board.undo()
            if won:
                return [q]
        fails[key] = depth
        return None

    def _defend(self, a: int, depth: int) -> bool:
        """The defender is to move against the attacker's four or open three:
        True if every reply tried still loses to more threats."""
        board = self.board
        self.clock.tick()
        d = 1 - a
        if board.points(d, FIVES):
            return False
        completing = board.points(a, FIVES)
        if len(completing) >= 2:
            return True
        if completing:
            r = completing[0]
            if self.blocked_by_rule(r, d):
                return True
            board.play(r, d)
            won = self._attack(a, depth) is not None
            board.undo()
            return won
        if self._vcf(d, self._vct_vcf_depth) is not None:
            return False  # a three is too slow against fours: the defender wins first
        replies = board.three_defences(a) | set(board.points(d, FOURS))
        for r in self._ordered(list(replies), d):
            if not self.allowed(r, d):
                continue
            board.play(r, d)
            won = self._attack(a, depth) is not None
            board.undo()
            if not won:
                return False
        return True
