"""Gomoku engines in a subprocess as seats, over the Gomocup protocol (the pbrain-* brains).

The seat is an AI with `wants_history`: the worker hands it every move of the
game, and it brings the brain there. After START the brain has an empty board;
a game that went on by one move (the opponent's reply to the brain's last
move) is told with TURN, the first move of a game is BEGIN, and anything else
(an undo, a new game, a brain that joins mid-game) is RESTART then the whole
position as BOARD ... DONE. The move limit goes to the brain as
`INFO timeout_turn` (milliseconds) before every move, the rule set as
`INFO rule`, the board size in START. Coordinates: see gomocup.py.

Under a time control (core/clock.py) the brain is told the game's budget as
`INFO timeout_match` when its game starts and its own time left as
`INFO time_left` before every move, as Piskvork tells them; `timeout_turn` is
then the move limit the match planned from that time left. Without one (and
under a fixed time per move, which Gomocup says by timeout_turn alone) the
match has no overall clock: timeout_match 0 and time_left unlimited.

A brain may print its move a moment before it reads input again (it frees its
search, writes logs). A command sent in that moment waits in the pipe, and
the brain's next move would be late by however long it stayed busy. So after
each move the seat sends ABOUT, harmless, and before the brain's next turn
(in `prepare`, before the clock starts) waits for the answer.

What the brain says is not trusted: a reply that is not a point, an ERROR,
an exit or a silence is an `EngineError` with the reason, and the brain is
ended at once; a point that is taken or forbidden is returned as it is, so
the match judges it illegal and says which move.
"""
from __future__ import annotations

import time
from typing import Sequence

from boardhub.core.clock import ClockInfo
from boardhub.core.external import EngineError, EngineSeat, EngineTimeout, no_move_in_time
from boardhub.core.i18n import N_
from boardhub.games.gomoku.engine import GomokuState
from boardhub.games.gomoku.gomocup import RULE_BITS, UNLIMITED_MS, from_gomocup, is_chatter, to_gomocup

# How long past its deadline a move is still waited for. Beyond the match's
# referee tolerance, so in referee mode the match judges lateness and says
# "time"; without a referee a slow brain still gets to play, but a silent one
# is given up on well before the worker would declare its process hung.
ANSWER_GRACE = 1.0
# How long a brain may take to start and answer its first command.
STARTUP_TIMEOUT = 3.0
# How long a brain may stay busy after its move before it answers ABOUT.
SETTLE_TIMEOUT = 2.0
# Lines that answer nothing a brain may write before the answer to ABOUT.
MAX_SKIPPED = 20
# The least time a brain is given to think when what came before ate the move's time.
MIN_THINK = 0.05


def _think_time(deadline: float) -> tuple[int, float]:
    """(milliseconds to tell the brain, monotonic time to wait for its move until).

    The brain is told a little less than it has: a brain counts from when it
    reads the command and may overrun by its own reaction time, and the answer
    must still cross two processes.
    """
    now = time.monotonic()
    think_until = max(deadline, now + MIN_THINK)
    budget = max(0.0, 0.85 * (think_until - now) - 0.03)
    return max(1, int(budget * 1000)), think_until + ANSWER_GRACE


def _ms(seconds: float) -> int:
    """Seconds as the whole milliseconds Gomocup's INFO lines carry (never below 0, never past unlimited)."""
    return max(0, min(UNLIMITED_MS, int(seconds * 1000)))


class PbrainEngine(EngineSeat):
    """A Gomocup brain as a seat: `pbrain:/path/to/pbrain-engine` in the arena or the setup.

    The worker's prepare, before the clock runs, starts the brain or waits until
    it is ready after its last move: neither loading (an opening book, a
    network's weights) nor the moment a brain stays busy after answering is
    counted against its move.
    """

    quit_line = "END"
    wants_clock = True  # the worker hands it the match's clock (ClockInfo) with each move

    def __init__(self, argv: Sequence[str], seed: int | None = None, startup: float = STARTUP_TIMEOUT,
                 settle: float = SETTLE_TIMEOUT) -> None:
        """`seed` is taken for the registry's factory signature; a brain's chance is its own."""
        self.settle = settle
        # the clock the match gave with the move being played: kept when a fresh brain is started for it
        self._clock: ClockInfo | None = None
        super().__init__(argv, startup)

    def choose(self, view: GomokuState, deadline: float, history: Sequence[int] = (),
               clock: ClockInfo | None = None) -> int:
        """The brain's move in `view`, reached by `history` (every move from the start); `clock`: its time
        control's clock, when the game has one.

        A game from an edited position began with stones already down: its history is the moves after
        them, and the brain is told the stones as the moves before, in turn from black (as a .psq has them).
        """
        if view.opening != "none":  # the Gomocup protocol of boardhub's brains has no opening rule's choices
            raise EngineError(N_("{player} plays no opening rule: choose the opening rule None to play it"))
        history = tuple(history)
        self._clock = clock
        if view.moves[len(view.moves) - len(history):] != history:
            raise ValueError("the move history does not lead to the position to play")
        history = view.moves
        if view.over:
            raise ValueError("the game is over: there is no move to choose")
        try:
            if self._engine is not None and self._game not in (None, (view.size, view.rule)):
                self.close()  # another board or rule set: a fresh brain, as a manager would
            if self._engine is None:
                self._start()
            self._wait_ready()
            timeout_ms, until = _think_time(deadline)
            try:
                return self._turn(view, history, timeout_ms, until)
            except EngineTimeout as exc:
                raise no_move_in_time(exc) from None
        except EngineError:
            self._drop()
            raise

    def _forget(self) -> None:
        super()._forget()
        self._game: tuple[int, str] | None = None  # (size, rule) the brain was started with
        self._seen: tuple[int, ...] = ()  # the moves on the brain's board
        self._busy = False  # ABOUT was sent after the brain's move and is not answered yet

    def _handshake(self, until: float) -> None:
        """Learn that the brain answers: ABOUT is the one command with no side effect."""
        self._engine.send("ABOUT")
        self._about(until)

    def _wait_ready(self) -> None:
        """Read the answer to the ABOUT sent after the brain's last move."""
        if not self._busy:
            return
        try:
            self._about(time.monotonic() + self.settle)
        except EngineTimeout:
            raise EngineError(N_("{player} was still busy {seconds} s after its move (no answer to ABOUT)"),
                              seconds=f"{self.settle:g}") from None
        self._busy = False

    # ----------------------------------------------------------------- a move
    def _turn(self, view: GomokuState, history: tuple[int, ...], timeout_ms: int, until: float) -> int:
        size = view.size
        if self._game is None:
            self._new_game(view, until)
        elif self._seen and not self._one_more(history):
            if not self._restart(until):  # a brain without RESTART is started afresh, as managers do
                self.close()
                self._start()
                self._new_game(view, until)
        engine = self._engine
        if self._clock is not None and self._clock.match > 0:
            engine.send(f"INFO time_left {_ms(self._clock.left)}")
        engine.send(f"INFO timeout_turn {timeout_ms}")
        if self._one_more(history):
            command = f"TURN {to_gomocup(history[-1], size)}"
            engine.send(command)
        elif history:
            command = "BOARD"
            self._send_board(history, size)
        else:
            command = "BEGIN"
            engine.send(command)
        self._seen = history
        move = self._read_move(command, size, until)
        self._seen = history + (move,)
        engine.send("ABOUT")
        self._busy = True
        return move

    def _one_more(self, history: tuple[int, ...]) -> bool:
        """Whether `history` is the brain's board and one move more, which TURN tells."""
        return len(history) == len(self._seen) + 1 and history[:-1] == self._seen

    def _new_game(self, view: GomokuState, until: float) -> None:
        """START the brain on this board, then tell it the rules and that the match has no overall clock."""
        ok, reply = self._ok(f"START {view.size}", until)
        if not ok:
            word = reply.split(" ", 1)[0].upper()
            if word in ("ERROR", "UNKNOWN"):
                raise EngineError(N_("{player} refused a {size}x{size} board: {reason}"), size=view.size,
                                  reason=reply[len(word):].strip() or N_("no reason given"))
            raise EngineError(N_("{player} refused a {size}x{size} board: it answered {reply}"), size=view.size,
                              reply=repr(reply[:80]))
        budget = self._clock.match if self._clock is not None else 0.0
        left = f"INFO time_left {_ms(self._clock.left) if budget > 0 else UNLIMITED_MS}"
        for line in (f"INFO rule {RULE_BITS[view.rule]}", f"INFO timeout_match {_ms(budget)}", left):
            self._engine.send(line)
        self._game, self._seen = (view.size, view.rule), ()

    def _restart(self, until: float) -> bool:
        """Empty the brain's board for a new position; False if the brain does not know RESTART."""
        ok, _ = self._ok("RESTART", until)
        if ok:
            self._seen = ()
        return ok

    def _send_board(self, history: tuple[int, ...], size: int) -> None:
        """The position in the order it was played: 1 marks the stones of the side to move, 2 the others'."""
        engine = self._engine
        engine.send("BOARD")
        mover = len(history) % 2
        for n, move in enumerate(history):
            engine.send(f"{to_gomocup(move, size)},{1 if n % 2 == mover else 2}")
        engine.send("DONE")

    def _read_move(self, command: str, size: int, until: float) -> int:
        reply = self._answer(until)
        word = reply.split(" ", 1)[0].upper()
        if word == "ERROR":
            raise EngineError(N_("{player} could not answer {command}: {reason}"), command=command,
                              reason=reply[5:].strip()[:200] or N_("no reason given"))
        if word == "UNKNOWN":
            raise EngineError(N_("{player} does not know the command {command}"), command=command)
        try:
            return from_gomocup(reply, size)
        except ValueError:
            raise EngineError(N_("{player} gave a move that is not a point: {reply}"), reply=repr(reply[:80])) from None

    # -------------------------------------------------------------- replies
    def _answer(self, until: float) -> str:
        """The brain's next line that answers something: MESSAGE and DEBUG lines, empty lines
        and the OK a few brains write after INFO are skipped."""
        while True:
            line = self._engine.read_line(until).strip()
            if line and not is_chatter(line) and line.upper() != "OK":
                return line

    def _about(self, until: float) -> None:
        """Wait for the answer to ABOUT: key="value" pairs, or UNKNOWN from a brain without it.

        Other lines (a banner a brain prints as it starts) are skipped, a few of them.
        """
        for _ in range(MAX_SKIPPED):
            line = self._answer(until)
            if "=" in line or line.split(" ", 1)[0].upper() in ("UNKNOWN", "ERROR"):
                return
        raise EngineError(N_("{player} does not speak the Gomocup protocol: it answered ABOUT with {reply}"),
                          reply=repr(line[:80]))

    def _ok(self, command: str, until: float) -> tuple[bool, str]:
        """Send a command answered by OK: (whether it was, the brain's reply if not)."""
        self._engine.send(command)
        while True:
            line = self._engine.read_line(until).strip()
            if not line or is_chatter(line):
                continue
            return line.upper() == "OK", line
