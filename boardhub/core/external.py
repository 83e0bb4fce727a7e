"""An engine in a subprocess that speaks a line protocol (GTP, NBoard, pbrain).

Engines are other people's programs: they may fail to start, crash, stop
talking or never exit. Everything here is bounded in time, so a broken engine
costs its seat the game and never hangs the app: every read has a deadline
(a reader thread feeds a queue, so a read never blocks past it), every failure
is an `EngineError` that says what happened in words a player can act on (never
a class name or a source line: those go to the log), and `close` always ends
and reaps the process, asking politely first.

This layer knows lines, not games: each protocol adapter (games/*/external.py)
builds its commands and parses the replies on top of it. `EngineCheck` starts a
setup's engine seats and greets them before a game begins, so that one that
cannot start is said at once.
"""
from __future__ import annotations

import atexit
import collections
import logging
import os
import re
import queue
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import weakref
from pathlib import Path
from typing import Any, Protocol, Sequence

from boardhub.core import saves
from boardhub.core.ai import AISpec
from boardhub.core.files import clean_text
from boardhub.core.i18n import N_, Wording, _

# An engine that wrote this many lines nobody asked for is broken, not chatty:
# past it the reader keeps draining the pipe (so the engine never blocks on a
# full pipe) but stores a flood mark instead, and reading that mark fails.
MAX_UNREAD_LINES = 10_000
MAX_LINE = 65_536  # characters; a longer line arrives in pieces
STDERR_LINES = 20  # the ring of stderr kept for error messages
LAST_WORDS = 120  # characters of an engine's last words shown to the player

# What an engine's stderr shows when it is a program's crash report rather than
# words for people (a Python traceback, a source line, an exception's class):
# it goes to the log, not on screen.
TECHNICAL = re.compile(r"Traceback|File \"|\.py\b|\.pyc\b|\b[A-Z]\w*(Error|Exception)\b|^\s*at ")

log = logging.getLogger(__name__)

# How an engine's output ended, by (how: its output closed, a signal killed it or it exited with a
# code; whether it had said anything yet; whether it left last words): whole sentences, so that
# each language words each case its own way.
ENDINGS = {
    ("closed", False, False): N_("{player} stopped answering at start (it closed its output)"),
    ("closed", False, True): N_('{player} stopped answering at start (it closed its output), saying "{words}"'),
    ("closed", True, False): N_("{player} stopped answering (it closed its output)"),
    ("closed", True, True): N_('{player} stopped answering (it closed its output), saying "{words}"'),
    ("killed", False, False): N_("{player} was killed by {signal} at start"),
    ("killed", False, True): N_('{player} was killed by {signal} at start, saying "{words}"'),
    ("killed", True, False): N_("{player} was killed by {signal}"),
    ("killed", True, True): N_('{player} was killed by {signal}, saying "{words}"'),
    ("exit", False, False): N_("{player} stopped at start (exit code {code})"),
    ("exit", False, True): N_('{player} stopped at start (exit code {code}), saying "{words}"'),
    ("exit", True, False): N_("{player} stopped (exit code {code})"),
    ("exit", True, True): N_('{player} stopped (exit code {code}), saying "{words}"'),
}

# Every engine this process started and has not ended, so that none outlives the app: `end_all` runs at
# exit and when the AI process is told to stop (a signal) or finds the app gone.
_LIVE: set[subprocess.Popen] = set()
_LIVE_LOCK = threading.Lock()

_EOF = object()  # the engine's output ended
_FLOOD = object()  # the engine's unread output passed MAX_UNREAD_LINES


class EngineError(RuntimeError):
    """An engine that cannot go on, in words a player can act on.

    `wording` is a whole sentence marked for the catalog whose subject is the
    place "{player}": the match fills it with the seat's name ("edax (GTP)
    stopped at start (exit code 1)") and says it in the player's language when
    it is shown, since the AI process that raised it speaks no language of its
    own. str() is the English sentence naming the engine, for logs and the
    command line; `said()` the same for a screen in the language in use.
    """

    def __init__(self, template: str, name: str = "", **values: str | int) -> None:
        super().__init__(template)
        self.wording = Wording.of(template, **values)
        self.name = name  # the engine's program, where the raiser knows it

    def __str__(self) -> str:
        return self.wording.english(player=self._subject(str))

    def said(self) -> str:
        """The sentence in the language in use, the engine named as its subject."""
        return self.wording.said(player=self._subject(_))

    def _subject(self, translate) -> str:
        if self.name:
            return translate(N_("The engine '{name}'")).format(name=self.name)
        return translate(N_("The engine"))


class EngineTimeout(EngineError):
    """The engine said nothing before the deadline (adapters reword it with `within`)."""

    def __init__(self, name: str, seconds: float, heard: bool) -> None:
        self.seconds, self.heard = f"{seconds:.1f}", heard
        template = N_("{player} gave no answer in {seconds} s") if heard else N_("{player} said nothing for {seconds} s")
        super().__init__(template, name, seconds=self.seconds)

    def within(self, silent: str, unanswered: str) -> EngineError:
        """The error of a step that timed out: `silent` if the engine said nothing at all since it was
        asked, else `unanswered`; both templates with the places {player} and {seconds}."""
        return EngineError(unanswered if self.heard else silent, self.name, seconds=self.seconds)


def no_move_in_time(exc: EngineTimeout) -> EngineError:
    """The error of an engine seat whose move did not come before the deadline."""
    return exc.within(N_("{player} gave no move within the limit (it said nothing for {seconds} s)"),
                      N_("{player} gave no move within the limit (it gave no answer in {seconds} s)"))


class EngineMissing(EngineError, ValueError):
    """The engine's program is not there: a ValueError too, so a seat spec that names it is refused
    like an unknown AI name."""


def program_name(argv: Sequence[str]) -> str:
    """The engine's name: its program, or the script or module a Python interpreter runs (as shown: cleaned)."""
    return clean_text(_program(argv))


def _program(argv: Sequence[str]) -> str:
    name = Path(argv[0]).stem
    if name.startswith("python") and len(argv) > 1:
        rest = list(argv[1:])
        if rest[0] == "-m" and len(rest) > 1:
            return rest[1]
        if rest[0] == "-c":  # the program is code given inline: the interpreter is its name
            return name
        scripts = [a for a in rest if not a.startswith("-")]
        if scripts:
            return Path(scripts[0]).stem
    return name


def engine_spec(protocol: str, argv: Sequence[str]) -> str:
    """The seat spec ("gtp:edax -gtp") that gives back exactly `argv`.

    A setup screen knows a program path and its arguments; written naively, a
    path with spaces would be split apart again by `AISpec.external`. The plain
    form is used when it round-trips, else the whole command is quoted once more.
    """
    argv = list(argv)
    if not argv or not argv[0]:
        raise ValueError("an engine needs a program to run")
    for command in (shlex.join(argv), shlex.quote(shlex.join(argv))):
        spec = f"{protocol}:{command}"
        if AISpec.parse(spec).external == (protocol, argv):
            return spec
    raise ValueError(f"cannot write {argv!r} as a seat spec")


def find_program(argv: Sequence[str]) -> str:
    """The path the engine's program resolves to; EngineMissing (a ValueError) if there is none.

    Checked when a seat is built, so a typo in a path is reported like an
    unknown AI name (before any game starts) rather than as a forfeit.
    """
    if not argv or not argv[0]:
        raise EngineMissing(N_("{player} cannot start: no program was given"))
    path = shutil.which(argv[0])
    if path is None:
        if os.path.exists(argv[0]):
            raise EngineMissing(N_("{player} cannot start: '{program}' is not an executable file"), program=argv[0])
        raise EngineMissing(N_("{player} cannot start: there is no such program as '{program}'"), program=argv[0])
    return path


class EngineProcess:
    """One engine subprocess: send a line, read a line before a deadline, close.

    The process runs in its own session (POSIX), so terminating it also ends
    any helper it started (an engine launched through a shell script). An engine
    whose owner forgets to close it is killed when this object is collected
    or the program exits: the pipe threads hold no reference back to it.
    """

    def __init__(self, argv: Sequence[str], quit_line: str | None = "quit") -> None:
        self.argv = list(argv)
        self.command = shlex.join(self.argv)
        self.name = program_name(self.argv)
        self.quit_line = quit_line
        self.greeted = False  # the engine has said something: an exit is then no failure to start
        self._proc: subprocess.Popen | None = None
        self._lines: queue.Queue = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._eof = False
        self._last_sent = 0.0
        self._heard_since_sent = False
        self._threads: list[threading.Thread] = []
        self._finalizer: weakref.finalize | None = None

    # ------------------------------------------------------------------ life
    @property
    def pid(self) -> int | None:
        return None if self._proc is None else self._proc.pid

    def start(self) -> None:
        """Start the program; EngineError "could not be started ..." if the OS refuses."""
        if self._proc is not None:
            return
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", errors="replace", bufsize=1,
                start_new_session=os.name == "posix", preexec_fn=_dies_with_parent())
        except OSError as exc:
            log.info("could not start %s", self.command, exc_info=True)
            raise EngineError(N_("{player} could not be started ({why})"), self.name,
                              why=saves.refusal_words(exc)) from None
        with _LIVE_LOCK:
            _LIVE.add(self._proc)
        self._finalizer = weakref.finalize(self, _kill, self._proc)
        self._last_sent = time.monotonic()
        pipes = ((_read_lines, self._proc.stdout, self._lines), (_read_stderr, self._proc.stderr, self._stderr))
        for target, stream, sink in pipes:
            thread = threading.Thread(target=target, args=(stream, sink), name="engine-pipe", daemon=True)
            thread.start()
            self._threads.append(thread)

    # ------------------------------------------------------------------- I/O
    def send(self, line: str) -> None:
        """Write one line; EngineError if the engine is gone."""
        if self._proc is None:
            raise EngineError(N_("{player} is not running"), self.name)
        if self._proc.poll() is not None:
            raise self._exited()
        try:
            self._proc.stdin.write(line + "\n")
            self._proc.stdin.flush()
        except (OSError, ValueError):
            raise self._exited() from None
        self._last_sent, self._heard_since_sent = time.monotonic(), False

    def read_line(self, until: float) -> str:
        """The engine's next line, waiting until `until` (time.monotonic()) at most.

        EngineTimeout if nothing came; EngineError if the engine exited or
        flooded its output.
        """
        if self._eof:
            raise self._exited()
        try:
            line = self._lines.get(timeout=max(0.0, until - time.monotonic()))
        except queue.Empty:
            raise EngineTimeout(self.name, time.monotonic() - self._last_sent, self._heard_since_sent) from None
        if line is _EOF:
            self._eof = True
            raise self._exited()
        if line is _FLOOD:
            raise EngineError(N_("{player} wrote more than {count} lines without being asked"), self.name,
                              count=MAX_UNREAD_LINES)
        self._heard_since_sent = self.greeted = True
        return line

    def stderr_tail(self, lines: int = 3) -> str:
        """The last things the engine wrote on stderr, for the log ("" if none)."""
        return " | ".join(list(self._stderr)[-lines:])[-300:]

    def last_words(self) -> str:
        """The engine's last line on stderr if it is words for people, shortened ("" if none).

        A crash report (a traceback, a source line) says nothing a player can
        act on: it is left to the log, as is everything before the last line.
        """
        for line in reversed(self._stderr):
            if TECHNICAL.search(line):
                return ""
            words = line.strip()
            if words:
                return words if len(words) <= LAST_WORDS else words[:LAST_WORDS - 3].rstrip() + "..."
        return ""

    def _exited(self) -> EngineError:
        """The error for an engine whose output ended: its exit code and last words."""
        code = None
        if self._proc is not None:
            try:
                code = self._proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
        for thread in self._threads[1:]:
            thread.join(timeout=0.2)  # let stderr's last lines arrive
        how = "closed" if code is None else "killed" if code < 0 else "exit"
        values: dict[str, str | int] = {"code": code} if how == "exit" else {}
        if how == "killed":
            try:
                values["signal"] = signal.Signals(-code).name
            except ValueError:
                values["signal"] = f"signal {-code}"
        words = self.last_words()
        if words:
            values["words"] = words
        error = EngineError(ENDINGS[how, self.greeted, bool(words)], self.name, **values)
        tail = self.stderr_tail()
        if tail:
            log.warning("%s; its stderr ends: %s", error, tail)
        return error

    # ------------------------------------------------------------------- end
    def close(self, polite: bool = True, grace: float = 0.3) -> None:
        """End the engine: the protocol's quit, then terminate, then kill; always reaped.

        Bounded to about `2 * grace` plus a kill. `polite=False` skips the quit
        line, for an engine already known to be broken.
        """
        proc, self._proc = self._proc, None
        if proc is None:
            return
        self._finalizer.detach()
        if polite and self.quit_line and proc.poll() is None:
            try:
                proc.stdin.write(self.quit_line + "\n")
                proc.stdin.flush()
            except (OSError, ValueError):
                pass
        try:
            proc.stdin.close()
        except (OSError, ValueError):
            pass
        steps = ((None, grace), (False, grace), (True, 5.0)) if polite else ((False, grace), (True, 5.0))
        for hard, wait in steps:
            if hard is not None:
                _signal(proc, hard)
            try:
                proc.wait(timeout=wait)
                break
            except subprocess.TimeoutExpired:
                continue
        for thread in self._threads:
            thread.join(timeout=0.2)
        _forget_process(proc)


class EngineSeat:
    """What every engine seat shares: a lazy start with a handshake, a polite end, a broken engine killed.

    The engine starts when the worker first prepares the seat (before the clock
    runs, so a slow loader does not lose its first move on time) or at its first
    move, never when the seat is built: the arena checks a spec without launching
    anything. Subclasses speak the protocol: `_handshake`, and `_forget` for what
    they remember of the engine's board.
    """

    wants_history = True
    quit_line: str | None = "quit"

    def __init__(self, argv: Sequence[str], startup: float) -> None:
        find_program(argv)
        self.argv = list(argv)
        self.startup = startup
        self._forget()

    def prepare(self) -> None:
        """Start the engine if it is not running, and let it settle after its last move."""
        try:
            if self._engine is None:
                self._start()
            self._wait_ready()
        except EngineError as exc:
            exc.name = exc.name or program_name(self.argv)
            self._drop()
            raise

    def close(self) -> None:
        """End the engine politely (the worker calls this when the match is over)."""
        if self._engine is not None:
            self._engine.close()
        self._forget()

    def _drop(self) -> None:
        """A broken engine is ended now; a later move (after an undo) starts a new one."""
        if self._engine is not None:
            self._engine.close(polite=False)
        self._forget()

    def _forget(self) -> None:
        """No engine: the next one starts afresh."""
        self._engine: EngineProcess | None = None

    def _start(self) -> None:
        engine = EngineProcess(self.argv, quit_line=self.quit_line)
        engine.start()
        self._engine = engine
        try:
            self._handshake(time.monotonic() + self.startup)
        except EngineTimeout as exc:
            raise exc.within(N_("{player} did not answer at start (it said nothing for {seconds} s)"),
                             N_("{player} did not answer at start (it gave no answer in {seconds} s)")) from None
        except EngineError as exc:  # a refusal at start is shown on its own: it names the engine
            exc.name = exc.name or engine.name
            raise

    def _handshake(self, until: float) -> None:
        """The protocol's greeting, answered by `until`."""
        raise NotImplementedError

    def _wait_ready(self) -> None:
        """Wait until an engine that stays busy after answering is ready (most never are)."""


class MakesAIs(Protocol):
    """What an engine check needs of a game (a GameEntry): its seats made from their specs."""

    def make_ai(self, spec: str) -> Any: ...


class EngineCheck:
    """The engine seats of a setup started, greeted and closed again, each on its own thread.

    A game with an engine that cannot start would only begin to be forfeited at
    the engine's first move; this says why before the game begins. The window
    keeps drawing meanwhile, and the check lasts as long as the slowest engine
    is given to start (the same limit its game would give it).
    """

    def __init__(self, game: MakesAIs, seats: list[tuple[int, str]]) -> None:
        self.problems: dict[int, str] = {}
        self.names = [program_name(AISpec.parse(spec).external[1]) for _seat, spec in seats]
        self._threads = [threading.Thread(target=self._check, args=(game, i, spec), name="engine-check",
                                          daemon=True) for i, spec in seats]
        for thread in self._threads:
            thread.start()

    @property
    def done(self) -> bool:
        return not any(t.is_alive() for t in self._threads)

    @property
    def problem(self) -> str:
        """The first seat's failure, or "" once every engine answered."""
        return self.problems[min(self.problems)] if self.problems else ""

    def _check(self, game: MakesAIs, seat: int, spec: str) -> None:
        """Start the engine and greet it (the seat's own start-up limit), then end it; a failure is kept."""
        name = program_name(AISpec.parse(spec).external[1])
        try:
            ai = game.make_ai(spec)
        except EngineError as exc:  # a sentence that names the engine, said in the language of the moment
            self.problems[seat] = exc.said()
            return
        except ValueError as exc:  # the seat spec itself, which engine_problem checked: the details are logged
            log.warning("the engine seat %s cannot be made: %s", spec, exc)
            self.problems[seat] = _("The engine '{name}' cannot be started: check its command").format(name=name)
            return
        try:
            ai.prepare()
        except EngineError as exc:
            self.problems[seat] = exc.said()
        except Exception:  # another program's failure is reported, never raised in the window
            log.warning("the engine check of %s failed", spec, exc_info=True)
            self.problems[seat] = _("The engine '{name}' failed as it started").format(name=name)
        finally:
            ai.close()


def _read_lines(stream, lines: queue.Queue) -> None:
    """Feed the engine's output to `lines`, then _EOF; drain past a flood so it never blocks."""
    flooded = False
    try:
        while line := stream.readline(MAX_LINE):
            if lines.qsize() < MAX_UNREAD_LINES:  # cleaned here: no NUL or escape of an engine reaches a screen
                lines.put(clean_text(line.rstrip("\r\n")))
            elif not flooded:
                lines.put(_FLOOD)
                flooded = True
    except (OSError, ValueError):
        pass  # the pipe was closed under us: the same as the end of output
    lines.put(_EOF)


def _read_stderr(stream, ring: collections.deque) -> None:
    try:
        while line := stream.readline(MAX_LINE):
            words = clean_text(line).strip()  # an engine's last words are shown: no control character
            if words:
                ring.append(words)
    except (OSError, ValueError):
        pass


def _kill(proc: subprocess.Popen) -> None:
    """The last resort for an engine nobody closed: kill it and reap it."""
    if proc.poll() is None:
        _signal(proc, True)
        try:
            proc.wait(timeout=5.0)
        except subprocess.TimeoutExpired:
            pass
    _forget_process(proc)


def _forget_process(proc: subprocess.Popen) -> None:
    with _LIVE_LOCK:
        _LIVE.discard(proc)


def end_all() -> None:
    """Kill every engine this process started and has not ended (and what each started).

    Called at exit, and by the AI process when it is told to stop or finds the
    app gone: an engine runs in a session of its own, so nothing else would end
    it, and it would go on running after the app. Safe in a signal handler: it
    takes no lock that the interrupted code may hold, and waits for nothing.
    """
    for _try in range(3):
        try:
            live = list(_LIVE)
            break
        except RuntimeError:  # another thread changed the set as it was read: read it again
            live = []
    for proc in live:
        if proc.poll() is None:
            _signal(proc, True)


atexit.register(end_all)


def _dies_with_parent():
    """On Linux, what makes an engine die with the process that started it, even a killed one
    (prctl's PR_SET_PDEATHSIG, run in the child before the engine's program); elsewhere None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    parent = os.getpid()

    def arm() -> None:  # in the forked child: only a system call, nothing that takes a lock
        prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        if os.getppid() != parent:  # the parent died before the call: nobody would ever kill this one
            os._exit(1)
    return arm


def _signal(proc: subprocess.Popen, hard: bool) -> None:
    """Terminate (or kill) the engine and what it started: its process group on POSIX."""
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL if hard else signal.SIGTERM)
        elif hard:
            proc.kill()
        else:
            proc.terminate()
    except OSError:
        pass  # it is already gone
