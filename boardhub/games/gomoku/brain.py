"""boardhub's Gomoku AIs as a Gomocup brain: `python -m boardhub engine gomoku --ai expert`.

Gomocup's managers and GUIs (Piskvork, the tournament judges, Yixin's board)
run a "brain" as a subprocess and talk to it on stdin/stdout, one command a
line. This module is that brain, around any boardhub AI spec, so those tools
can play boardhub's AIs against other brains:

    START n / RECTSTART n,n   a new game on an n x n board (15, 19, or 20 freestyle)   -> OK | ERROR why
    RESTART                   a new game on the same board              -> OK
    BEGIN                     the brain opens                           -> x,y
    TURN x,y                  the opponent played x,y                   -> x,y
    BOARD, x,y,f lines, DONE  a whole position (f 1 = the brain's, 2 = the opponent's)
                                                                        -> x,y
    TAKEBACK x,y              the last move, x,y, is taken back         -> OK
    INFO key value            timeout_turn, timeout_match, time_left (ms), rule (bitmask)
    ABOUT                     -> name="boardhub", version=..., author=..., country=...
    END                       the brain exits

Coordinates and the rule bitmask are explained in gomocup.py. A command the
brain cannot carry out is answered "ERROR why" and changes nothing; an unknown
one "UNKNOWN ...". The AI thinks for the whole `timeout_turn` less a safety
margin (a manager counts from sending the command to reading the answer, and
a late brain loses the game), and, when the match has an overall clock
(`timeout_match`), for no more than a fair share of what is left of it:
`time_left` as the manager last told it, less what the brain has spent since.
"""
from __future__ import annotations

import sys
import time
from typing import Any, Callable, Iterator, TextIO

from boardhub import __version__
from boardhub.core.rules import IllegalMove
from boardhub.games.gomoku.engine import SIZES, GomokuRules, GomokuState
from boardhub.games.gomoku.gomocup import UNLIMITED_MS, from_gomocup, rule_from_bits, to_gomocup

# When no timeout_turn is told: the protocol sets no default, and 5 s is what
# Gomocup's fast tournaments give.
DEFAULT_TURN = 5.0
# The margin kept from timeout_turn: a small share for a slow moment of the
# machine, plus a fixed part for reading the command, handing the answer over
# and the pipe to the manager. The AI thinks until the deadline this leaves.
TURN_SHARE, TURN_MARGIN = 0.98, 0.03
# The least thinking time, even when the manager allows none ("timeout_turn 0").
MIN_THINK = 0.02
# With an overall match clock, what is left is shared over the moves the brain
# may still have to play: EXPECTED_MOVES in a game, never fewer than MIN_TO_GO.
EXPECTED_MOVES, MIN_TO_GO = 30, 8


class Brain:
    """The protocol's state: the board size, the rules and limits told so far, the game.

    `handle` takes one command and writes its answer with `write`; BOARD reads
    its position lines from `lines` itself.
    """

    def __init__(self, ai: Any, write: Callable[[str], None], rules: GomokuRules | None = None) -> None:
        self.ai = ai
        self.write = write
        self.rules = rules or GomokuRules()
        self.rule = "freestyle"  # Gomocup's default: no INFO rule means rule 0
        self.state: GomokuState | None = None
        self.timeout_turn = DEFAULT_TURN
        self.timeout_match = 0.0
        self.time_left: float | None = None
        self.spent = 0.0  # seconds this brain has thought in this game
        self._spent_when_told = 0.0  # what it had spent when time_left came

    # --------------------------------------------------------------- commands
    def handle(self, line: str, lines: Iterator[str]) -> bool:
        """Carry out one command; False once the manager said END."""
        received = time.monotonic()
        word, _, rest = line.strip().partition(" ")
        word, rest = word.upper(), rest.strip()
        if not word:
            return True
        if word == "END":
            return False
        if word == "ABOUT":
            self.write(f'name="boardhub", version="{__version__}", author="boardhub", country="-"')
        elif word == "INFO":
            self._info(rest)
        elif word in ("START", "RECTSTART"):
            self._start(word, rest)
        elif word in ("RESTART", "BEGIN", "TURN", "BOARD", "TAKEBACK") and self.state is None:
            self.write(f"ERROR {word} before START: the board size is not known yet")
        elif word == "RESTART":
            self.state = self._new_game(self.state.size)
            self.write("OK")
        elif word == "BEGIN":
            if self.state.moves:
                self.write("ERROR BEGIN on a board with stones: send RESTART first")
            else:
                self._move(received)
        elif word == "TURN":
            self._turn(rest, received)
        elif word == "BOARD":
            self._board(lines)
        elif word == "TAKEBACK":
            self._takeback(rest)
        else:
            self.write(f"UNKNOWN {word} is not a command boardhub knows")
        return True

    def _info(self, rest: str) -> None:
        """Limits and rules; INFO has no answer, so a value that cannot be used is a MESSAGE."""
        key, _, value = rest.partition(" ")
        key = key.lower()
        if key not in ("timeout_turn", "timeout_match", "time_left", "rule"):
            return  # max_memory, game_type, folder, evaluate: nothing boardhub's AIs use
        try:
            number = int(value)
        except ValueError:
            self.write(f"MESSAGE INFO {key} needs a whole number, not {value!r}")
            return
        if key == "timeout_turn":
            self.timeout_turn = max(0, number) / 1000
        elif key == "timeout_match":
            self.timeout_match = max(0, number) / 1000
        elif key == "time_left":
            self.time_left = None if number >= UNLIMITED_MS else number / 1000
            self._spent_when_told = self.spent
        else:
            self._set_rule(number)

    def _set_rule(self, bits: int) -> None:
        try:
            rule = rule_from_bits(bits)
        except ValueError as exc:
            self.write(f"MESSAGE {exc}; playing {self.rule}")
            return
        if self.state is not None and rule != self.rule:
            try:
                self.state = self._replay(self.state.size, self.state.moves, rule)
            except (IllegalMove, ValueError) as exc:  # a move the rule forbids, or a board it is not played on
                self.write(f"MESSAGE this game stays {self.rule}: {exc}")
                return
        self.rule = rule

    def _start(self, word: str, rest: str) -> None:
        size = rest
        if word == "RECTSTART":
            width, _, height = rest.partition(",")
            if width.strip() != height.strip():
                self.write(f"ERROR boardhub plays square boards only, not {rest}")
                return
            size = width
        size = size.strip()
        if not size.isdigit() or int(size) not in SIZES:
            self.write(f"ERROR boardhub plays on {', '.join(f'{n}x{n}' for n in sorted(SIZES))} boards, "
                       f"not {size or 'no size'}")
            return
        try:
            self.state = self._new_game(int(size))
        except ValueError:  # 20 x 20 is the Gomocup board, played freestyle only
            self.write(f"ERROR boardhub plays {size}x{size} under freestyle rules only, not {self.rule}")
            return
        self.write("OK")

    def _turn(self, rest: str, received: float) -> None:
        try:
            move = from_gomocup(rest, self.state.size)
            played = self.rules.apply(self.state, move)
        except (ValueError, IllegalMove) as exc:
            self.write(f"ERROR cannot play the opponent's move {rest}: {exc}")
            return
        self.state = played
        self._move(received)

    def _board(self, lines: Iterator[str]) -> None:
        """Read the position up to DONE, then move. Stones come in the order they were played:
        the brain's (1) and the opponent's (2) are interleaved, black first, to replay them."""
        size = self.state.size
        stones: tuple[list[int], list[int]] = ([], [])
        problem = ""
        for line in lines:
            line = line.strip()
            if line.upper() == "DONE":
                break
            if not line or problem:
                continue
            point, _, field = line.rpartition(",")
            if field.strip() not in ("1", "2"):
                problem = f"{line[:80]!r} is not x,y,1 (the brain's stone) or x,y,2 (the opponent's)"
                continue
            try:
                stones[int(field) - 1].append(from_gomocup(point, size))
            except ValueError as exc:
                problem = str(exc)
        else:
            return  # the manager went away in the middle of the position
        received = time.monotonic()
        own, theirs = stones
        if not problem and len(own) not in (len(theirs), len(theirs) - 1):
            problem = f"{len(own)} stones of the brain and {len(theirs)} of the opponent: not the brain's turn"
        if not problem:
            black, white = (own, theirs) if len(own) == len(theirs) else (theirs, own)
            order = [p for pair in zip(black, white) for p in pair] + black[len(white):]
            try:
                self.state = self._replay(size, order, self.rule)
            except IllegalMove as exc:
                problem = f"the position cannot be played: {exc}"
        if problem:
            self.write(f"ERROR BOARD: {problem}")
            return
        self._move(received)

    def _takeback(self, rest: str) -> None:
        moves = self.state.moves
        try:
            point = from_gomocup(rest, self.state.size)
        except ValueError as exc:
            self.write(f"ERROR TAKEBACK: {exc}")
            return
        if not moves or moves[-1] != point:
            self.write(f"ERROR TAKEBACK {rest}: that is not the last move")
            return
        self.state = self._replay(self.state.size, moves[:-1], self.rule)
        self.write("OK")

    # ------------------------------------------------------------------ moves
    def _move(self, received: float) -> None:
        """The AI's move, answered as x,y by the deadline; ERROR if the game is over or the AI fails."""
        state = self.state
        if state.over:
            self.write(f"ERROR the game is over: {self.rules.outcome(state).detail}")
            return
        deadline = received + self.think_time()
        try:
            if getattr(self.ai, "wants_history", False):
                move = self.ai.choose(state, deadline, history=state.moves)
            else:
                move = self.ai.choose(state, deadline)
            self.state = self.rules.apply(state, move)
        except Exception as exc:  # a failing AI is this brain's error, never a crash of the manager's game
            self.write(f"ERROR the AI failed: {type(exc).__name__}: {exc}")
            return
        finally:
            self.spent += time.monotonic() - received
        self.write(to_gomocup(move, state.size))

    def match_left(self) -> float | None:
        """Seconds left on the match clock, or None without one: the manager's last time_left less
        what the brain has spent since, else timeout_match less what it has spent in this game."""
        if self.timeout_match <= 0:
            return None
        if self.time_left is not None:
            return self.time_left - (self.spent - self._spent_when_told)
        return self.timeout_match - self.spent

    def think_time(self) -> float:
        """Seconds for this move: timeout_turn less the margin, and no more than a fair share of the
        match clock over the moves that may still come."""
        budget = self.timeout_turn * TURN_SHARE - TURN_MARGIN
        left = self.match_left()
        if left is not None:
            played = len(self.state.moves) // 2 if self.state is not None else 0
            budget = min(budget, left / max(MIN_TO_GO, EXPECTED_MOVES - played) - TURN_MARGIN)
        return max(MIN_THINK, budget)

    def _new_game(self, size: int) -> GomokuState:
        self.spent = self._spent_when_told = 0.0
        return self.rules.new_game({"size": size, "rule": self.rule})

    def _replay(self, size: int, moves: Any, rule: str) -> GomokuState:
        """The game with these moves under `rule`; IllegalMove if one of them cannot be played."""
        state = self.rules.new_game({"size": size, "rule": rule})
        for move in moves:
            state = self.rules.apply(state, move)
        return state


def serve(ai: Any, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Answer a manager's commands on `stdin` until END or the end of input; the exit status."""
    def write(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    brain = Brain(ai, write)
    lines = iter(stdin.readline, "")
    try:
        for line in lines:
            if not brain.handle(line, lines):
                break
    finally:
        close = getattr(ai, "close", None)
        if close is not None:
            close()
    return 0
