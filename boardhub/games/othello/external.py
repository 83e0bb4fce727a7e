"""Othello engines in a subprocess as seats: GTP (edax -gtp, gtp-rhino) and NBoard (Edax, NTest).

Each adapter is an AI with `wants_history`: the worker hands it every move of
the game so far, and it brings the engine's board there (only the new moves
when the game went on from what the engine saw, else a fresh board: an undo, a
new game), asks for a move and answers it. A forced pass is answered here
without asking: there is nothing to think about, and engines differ in how
they would take the question.

What the engine says is not trusted: a move that is not a square, a reply
that is not the protocol, an exit or a silence is an `EngineError` with the
reason, and the engine is ended at once; a square that is not a legal move is
returned as it is, so the match can judge it illegal and say which move.
"""
from __future__ import annotations

import math
import time
from typing import Sequence

from boardhub.core.external import EngineError, EngineSeat, EngineTimeout, no_move_in_time
from boardhub.core.i18n import N_
from boardhub.core.rules import IllegalMove
from boardhub.games.othello.engine import BLACK, PASS, START, OthelloRules, OthelloState, parse_square, play, \
    square_name

# How long past its deadline an engine's answer is still waited for. Beyond the
# match's referee tolerance, so in referee mode the match judges lateness and
# says "time"; without a referee a slow engine still gets to play, but a silent
# one is given up on well before the worker would declare its process hung.
ANSWER_GRACE = 1.0
# How long an engine may take to start and answer its first command.
STARTUP_TIMEOUT = 3.0
# The least time an engine is given to think when starting it ate the move's time.
MIN_THINK = 0.05

RULES = OthelloRules()


def _replay(history: Sequence[int]) -> tuple[list[int], OthelloState]:
    """The colour that played each move of `history`, and where it leads."""
    state, colours = START, []
    for move in history:
        colours.append(state.player)
        state = play(state, move)
    return colours, state


def _think_time(deadline: float) -> tuple[float, float]:
    """(seconds to tell the engine, monotonic time to wait for its answer until)."""
    now = time.monotonic()
    think_until = max(deadline, now + MIN_THINK)
    return max(0.0, 0.85 * (think_until - now) - 0.03), think_until + ANSWER_GRACE


class _EngineSeat(EngineSeat):
    """What both Othello protocols share: the move history, the deadline and failures."""

    def __init__(self, argv: Sequence[str], seed: int | None = None, startup: float = STARTUP_TIMEOUT) -> None:
        """`seed` is taken for the registry's factory signature; an engine's chance is its own."""
        super().__init__(argv, startup)

    def _forget(self) -> None:
        super()._forget()
        self._seen: tuple[int, ...] | None = None  # the moves on the engine's board

    def choose(self, view: OthelloState, deadline: float, history: Sequence[int] = ()) -> int:
        """The engine's move in `view`, reached by `history` (every move from the start)."""
        history = tuple(history)
        colours, state = _replay(history)
        if state != view:
            raise ValueError("the move history does not lead to the position to play")
        legal = RULES.legal_moves(view)
        if not legal:
            raise ValueError("the game is over: there is no move to choose")
        if legal == [PASS]:
            return PASS
        try:
            if self._engine is None:
                self._start()
            budget, until = _think_time(deadline)
            try:
                return self._turn(view, history, colours, budget, until)
            except EngineTimeout as exc:
                raise no_move_in_time(exc) from None
        except EngineError:
            self._drop()
            raise

    def _sync_moves(self, history: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
        """(index of the first, the moves) the engine has not seen, or None to reset it."""
        seen = self._seen
        if seen is None or history[:len(seen)] != seen:
            return None
        return len(seen), history[len(seen):]

    def _turn(self, view: OthelloState, history: tuple[int, ...], colours: list[int],
              budget: float, until: float) -> int:
        """Bring the engine to `history`, ask it to move with `budget` seconds, answer until `until`."""
        raise NotImplementedError


def _engine_move(text: str, reply: str) -> int:
    """The square an engine named, or a clear error for anything else."""
    try:
        return parse_square(text)
    except IllegalMove:
        raise EngineError(N_("{player} gave a move that is not a square: {reply}"),
                          reply=repr(reply.strip()[:80])) from None


class GtpEngine(_EngineSeat):
    """An engine over the Go Text Protocol as Othello engines speak it (edax -gtp, gtp-rhino).

    `genmove` plays the engine's move on its own board, so what it saw includes
    its answer. Passes are never sent: both engines pass by themselves when told
    a move of the other colour (gtp-rhino refuses "play b pass").
    """

    def _handshake(self, until: float) -> None:
        ok, text = self._command("boardsize 8", until, lenient=True)
        if not ok:
            raise EngineError(N_("{player} refused an 8x8 board: {reason}"), reason=text or N_("no reason given"))
        self._clear(until)
        self._time_mode: str | None = "seconds"  # "whole" for engines that only read integers
        self._byo_yomi = 0

    def _clear(self, until: float) -> None:
        ok, text = self._command("clear_board", until)
        if not ok:
            raise EngineError(N_("{player} refused to clear its board: {reason}"),
                              reason=text or N_("no reason given"))
        self._seen = ()

    def _turn(self, view: OthelloState, history: tuple[int, ...], colours: list[int],
              budget: float, until: float) -> int:
        new = self._sync_moves(history)
        if new is None:
            self._clear(until)
            new = (0, history)
        first, moves = new
        for n, move in enumerate(moves, first):
            if move != PASS:
                self._play(colours[n], move, until)
        self._seen = history
        colour = "bw"[view.player]
        self._tell_time(colour, budget, until)
        ok, text = self._command(f"genmove {colour}", until)
        if not ok:
            raise EngineError(N_("{player} refused to choose a move: {reason}"), reason=text or N_("no reason given"))
        word = text.split()[0].lower() if text.split() else ""
        if word == "resign":
            raise EngineError(N_("{player} resigned"))
        move = _engine_move(word, text)
        self._seen = history + (move,)
        return move

    def _play(self, colour: int, move: int, until: float) -> None:
        command = f"play {'bw'[colour]} {square_name(move)}"
        ok, text = self._command(command, until)
        if not ok:
            raise EngineError(N_("{player} refused the move {move}: {reason}"), move=square_name(move),
                              reason=text or N_("no reason given"))

    def _tell_time(self, colour: str, budget: float, until: float) -> None:
        """Time per move as byo-yomi plus the time left for this move; optional in GTP.

        Edax reads fractions of a second in time_left; gtp-rhino only whole
        seconds; an engine that refuses both plays at its own pace.
        """
        if self._time_mode is None:
            return
        byo_yomi = max(1, round(budget))
        if byo_yomi != self._byo_yomi:
            if not self._command(f"time_settings 0 {byo_yomi} 1", until)[0]:
                self._time_mode = None
                return
            self._byo_yomi = byo_yomi
        if self._time_mode == "seconds":
            if self._command(f"time_left {colour} {budget:.2f} 1", until)[0]:
                return
            self._time_mode = "whole"
        if not self._command(f"time_left {colour} {int(budget)} 1", until)[0]:
            self._time_mode = None

    def _command(self, command: str, until: float, lenient: bool = False) -> tuple[bool, str]:
        """Send a command; (success, the reply's text). No ids are sent, so none come back.

        `lenient` skips a banner an engine may print before its first reply.
        """
        self._engine.send(command)
        skipped = 0
        while True:
            line = self._engine.read_line(until).strip()
            if not line:
                continue  # the blank line that ends every reply
            if line[0] in "=?":
                return line[0] == "=", line[1:].strip()
            if lenient and skipped < 20:
                skipped += 1
                continue
            raise EngineError(N_("{player} does not speak GTP: it answered {command} with {reply}"),
                              command=command.split()[0], reply=repr(line[:80]))


def _nboard_name(move: int) -> str:
    return "PA" if move == PASS else square_name(move).upper()


def _ggf_board(state: OthelloState) -> str:
    """A position as GGF's BO[] writes it: 64 squares a1..h8 and the side to move."""
    cells = "".join("*" if d == BLACK else "O" if d is not None else "-" for d in map(state.disc, range(64)))
    return f"8 {cells} {'*' if state.player == BLACK else 'O'}"


def game_record(history: Sequence[int]) -> str:
    """The game so far as a GGF record, the form NBoard's "set game" takes."""
    colours, _ = _replay(history)
    moves = "".join(f"{'BW'[c]}[{_nboard_name(m)}]" for c, m in zip(colours, history))
    return f"(;GM[Othello]PC[boardhub]PB[Black]PW[White]RE[?]TY[8]BO[{_ggf_board(START)}]{moves};)"


def nboard_depth(budget: float) -> int:
    """A search depth for `budget` seconds: NBoard has no clock, only "set depth".

    Two plies per doubling of time, depth 8 at one second: a guess tuned to
    Edax's speed, cheap enough for a fast engine and never beyond 60.
    """
    return max(1, min(60, 8 + round(2 * math.log2(max(budget, 1 / 64)))))


class NBoardEngine(_EngineSeat):
    """An engine over the NBoard protocol (Edax, NTest).

    `go` does not play the engine's move on its board (the client tells it
    with `move` like any other), so what it saw is the history alone. Every
    question is preceded by `ping n`: lines before `pong n` answer older
    questions and are skipped, as NBoard itself does.
    """

    def _handshake(self, until: float) -> None:
        self._pings = 0
        self._depth = 0
        self._engine.send("nboard 2")
        self._ping(until)

    def _ping(self, until: float) -> None:
        self._pings += 1
        self._engine.send(f"ping {self._pings}")
        while self._engine.read_line(until).split() != ["pong", str(self._pings)]:
            continue

    def _turn(self, view: OthelloState, history: tuple[int, ...], colours: list[int],
              budget: float, until: float) -> int:
        depth = nboard_depth(budget)
        if depth != self._depth:
            self._engine.send(f"set depth {depth}")
            self._depth = depth
        new = self._sync_moves(history)
        if new is None:
            self._engine.send(f"set game {game_record(history)}")
        else:
            for move in new[1]:
                self._engine.send(f"move {_nboard_name(move)}")
        self._seen = history
        self._ping(until)
        self._engine.send("go")
        while True:
            line = self._engine.read_line(until).strip()
            if line.startswith("==="):
                words = line[3:].split()
                return _engine_move(words[0].split("/")[0] if words else "", line)
