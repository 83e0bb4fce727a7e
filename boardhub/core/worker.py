"""Run AI searches off the UI thread, in a long-lived child process.

A pure-Python search holds the GIL; run on a thread of the UI process it steals
frames from the window (bench/ui_fps.py measures it). So the searches run in
one child process, spawned once and fed by a worker thread; the UI only polls
`Job.done`. The child builds each AI once per seat token and keeps it, so AIs
may keep state (a transposition table) between moves of one game.

What crosses the pipe is typed (core/requests.py): an `Ask` carries one request
(a seat's move, the game's evaluation, its review judge's verdict, a review's
quick pass) with its deadline; the child answers each with one `Reply`.

`ThreadWorker` runs searches on the worker thread itself: used by the
benchmark as the baseline, and where a child process is not wanted.

A job's `error` is what went wrong, a sentence kept as its template whose
subject is the seat ("{player} stopped with an internal error"): the match
names the seat and the screen says it in the player's language (this process
and the AI's speak none). A Python exception's class, message and traceback go
to the log, never to the player.
"""
from __future__ import annotations

import itertools
import logging
from abc import ABC, abstractmethod
import multiprocessing as mp
import os
import queue
import signal
import sys
import threading
import time
from dataclasses import dataclass, field, replace
from multiprocessing.connection import wait
from multiprocessing.reduction import ForkingPickler
from typing import Any, Callable

from boardhub.core.external import EngineError, end_all
from boardhub.core.game import get_game
from boardhub.core.i18n import N_, Wording
from boardhub.core.requests import Ask, MoveRequest, NotOffered, Question, Release, Reply, Request

# How long past its deadline an AI may run before it is treated as hung and its
# process is replaced; far beyond any referee tolerance, so only runaways hit it.
HANG_GRACE = 5.0
# More for a process that has not answered yet: its start (an interpreter, the game's modules) is
# not the AI's time, and on a loaded machine it can take seconds that its deadline does not know of.
START_GRACE = 20.0
# What the player reads when an AI raised (the details are logged).
INTERNAL_ERROR = Wording(N_("{player} stopped with an internal error"))
# A search asked again in a new AI process may answer this much past its deadline without the referee
# counting it: the new process first loads what the old one had ready (modules, tables, books), and
# that is the restart's cost, not the AI's thinking.
RESTART_GRACE = 2.0
# What the player reads when the AI process died during a search and the search was asked again.
RETRIED = Wording(N_("{player}'s process stopped during its search: it was restarted and asked again"))
# An answer that is not a move of this world: it cannot cross from the AI process.
UNPICKLABLE = Wording(N_("{player} gave an answer that cannot be passed on"))
UNREADABLE = Wording(N_("{player} gave an answer that cannot be read"))

log = logging.getLogger(__name__)

_DIED = object()  # the AI process ended during an exchange


@dataclass
class Job:
    """One request on the worker; the UI thread polls `done` and reads the answer.

    The deadline is set when the search starts, not when the job is queued, so
    an AI never loses time to a search that is still finishing before it.
    """

    request: Request
    limit: float  # seconds for the search
    id: int = 0
    started: float = 0.0
    deadline: float = 0.0  # time.monotonic() by which to answer, once started
    finished: float = 0.0  # time.monotonic() when the answer was ready
    move: Any = None  # the reply's answer: a move, or the scores, verdict or verdicts a question asked for
    error: Wording | None = None  # what the AI did, the seat its subject ("{player} stopped with an internal error")
    prepare: float = 0.0  # seconds an engine took to start, which its clock does not count
    retried: Wording | None = None  # the search was asked again after its AI process died (what to tell)
    lost: float = 0.0  # seconds of a first try whose process died: not the AI's thinking, never counted
    grace: float = 0.0  # seconds past the deadline the referee forgives (RESTART_GRACE after a restart)
    cancelled: bool = False
    _event: threading.Event = field(default_factory=threading.Event, repr=False)

    @property
    def done(self) -> bool:
        return self._event.is_set()

    @property
    def token(self) -> Any:
        """The seat token of a move's AI; None for a question, which no AI of a seat answers."""
        return self.request.token if isinstance(self.request, MoveRequest) else None

    @property
    def elapsed(self) -> float:
        """The thinking time, an engine's start-up excluded."""
        return self.finished - self.started - self.prepare

    def wait(self, timeout: float | None = None) -> bool:
        return self._event.wait(timeout)

    def _start(self) -> Ask:
        now = time.monotonic()
        self.deadline = now + self.limit
        self.started = now  # last: a reader that sees `started` sees the deadline too
        return Ask(self.request, self.deadline, now)

    def _restart(self) -> Ask:
        """The request again, after its AI process died: the whole move's time anew, from now.

        The time of the try that died (and of the restart) is `lost`: set
        aside like an engine's start-up, so neither the clock nor the referee
        counts it against the seat; and the new process's getting ready has
        `grace` past the deadline.
        """
        now = time.monotonic()
        self.lost = now - self.started
        self.deadline = now + self.limit
        self.grace = RESTART_GRACE
        return Ask(self.request, self.deadline, now)

    def _finish(self, move: Any = None, error: Wording | None = None, finished: float | None = None,
                prepare: float = 0.0) -> None:
        if error is not None and not isinstance(error, Wording):  # a sentence in no language: never shown raw
            log.warning("an AI's error arrived as %r, not as a sentence", error)
            error = UNREADABLE
        self.move, self.error = move, error
        self.finished = time.monotonic() if finished is None else finished
        self.prepare = prepare + self.lost
        self.deadline += prepare  # set before `done`, so readers see the final deadline
        self._event.set()

    def _reply(self, reply: Reply) -> None:
        self._finish(reply.answer, reply.error, reply.finished, reply.prepare)


class _AICache:
    """AIs by seat token, so one seat keeps one AI object for a whole match."""

    def __init__(self, limit: int = 16) -> None:
        self.ais: dict[Any, Any] = {}
        self.limit = limit

    def get(self, req: MoveRequest):
        key = (req.game, req.spec, req.token)
        if req.token is None or key not in self.ais:
            ai = get_game(req.game).make_ai(req.spec, seed=req.seed)
            if req.token is None:
                return ai
            if len(self.ais) >= self.limit:
                _close(self.ais.pop(next(iter(self.ais))))
            self.ais[key] = ai
        return self.ais[key]

    def release(self, token: Any) -> None:
        for key in [k for k in self.ais if k[2] == token]:
            _close(self.ais.pop(key))

    def close(self) -> None:
        while self.ais:
            _close(self.ais.popitem()[1])


def _close(ai: Any) -> None:
    """AIs that hold resources (an engine subprocess) have close(); it must not fail the worker."""
    try:
        getattr(ai, "close", lambda: None)()
    except Exception:
        pass


def run_request(cache: _AICache, ask: Ask) -> Reply:
    """Answer one request here: a seat's AI chooses its move, or the game answers a question."""
    if isinstance(ask.request, MoveRequest):
        return _run_move(cache, ask.request, ask.deadline)
    return _run_question(ask.request, ask.deadline)


def _run_move(cache: _AICache, req: MoveRequest, deadline: float) -> Reply:
    """Build or reuse the seat's AI and ask it for its move.

    An AI with `prepare()` (an engine in a subprocess) gets it called first.
    The time that takes, and the time to build the AI for its seat's first move
    (its game's modules imported, its tables made), is added to its deadline:
    getting ready is not thinking. Any exception becomes an error in plain
    words: an engine's own (EngineError), or that the AI cannot be built or
    failed, the details logged.
    """
    started = time.monotonic()
    try:
        ai = cache.get(req)
        if hasattr(ai, "prepare"):
            ai.prepare()
    # An AI that never got ready spent all its time getting ready, none of it on a late answer:
    # its error is told as it is, never as a move over the limit ("took 3.01 s").
    except EngineError as exc:
        return _not_ready(exc.wording, started)
    except ValueError as exc:  # make_ai's reasons are the setup's, which checks them: a name, a level
        log.warning("the AI %r cannot be set up: %s", req.spec, exc)
        return _not_ready(Wording.of(N_("{player} could not be set up as '{spec}'"), spec=req.spec), started)
    except Exception:
        log.warning("the AI %r could not be built or made ready", req.spec, exc_info=True)
        return _not_ready(INTERNAL_ERROR, started)
    try:
        prepare = time.monotonic() - started
        deadline += prepare
        told: dict[str, Any] = {}
        if getattr(ai, "wants_history", False):  # an engine adapter replays the game to its engine
            told["history"] = req.history
        if getattr(ai, "wants_clock", False) and req.clock is not None:  # and tells it its time control
            told["clock"] = req.clock
        move = ai.choose(req.view, deadline, **told)
        return Reply(move, None, time.monotonic(), prepare)
    except EngineError as exc:  # an engine says what happened in the player's words
        return Reply(None, exc.wording, time.monotonic(), prepare)
    except Exception:  # an AI that raises forfeits, it never crashes the app
        log.warning("the AI %r failed to choose a move", req.spec, exc_info=True)
        return Reply(None, INTERNAL_ERROR, time.monotonic(), prepare)


def _run_question(req: Question, deadline: float) -> Reply:
    """The game answers a question about a position (its evaluation, its judge); finding the game
    (its modules imported) is getting ready, not thinking."""
    started = time.monotonic()
    try:
        entry = get_game(req.game)
    except Exception:
        log.warning("%s cannot be loaded", req.subject, exc_info=True)
        return _not_ready(INTERNAL_ERROR, started)
    prepare = time.monotonic() - started
    try:
        return Reply(req.answer(entry, deadline + prepare), None, time.monotonic(), prepare)
    except NotOffered as exc:  # the asker's mistake: the screens ask only what a game offers
        log.warning("%s was asked for: %s", req.subject, exc)
    except Exception:
        log.warning("%s failed", req.subject, exc_info=True)
    return Reply(None, INTERNAL_ERROR, time.monotonic(), prepare)


def _not_ready(error: Wording, started: float) -> Reply:
    """The answer of an AI that failed before it was asked: the time since `started` was preparing."""
    now = time.monotonic()
    return Reply(None, error, now, now - started)


def _quiet_stdout() -> None:
    """An AI that prints writes to stderr: the app's stdout carries results (the arena's RESULT line)."""
    try:
        sys.stdout.flush()
        os.dup2(sys.stderr.fileno(), 1)  # a write to the descriptor itself goes there too
    except (AttributeError, OSError, ValueError):
        pass  # no stderr (a windowed app): nothing to keep apart
    sys.stdout = sys.stderr


def _end_with_the_app() -> None:
    """The engines this process starts end with it, and it ends with the app.

    An engine runs in a session of its own: nothing else would end it. Told to
    stop (SIGTERM: the app's exit ends its daemon processes so), this process
    kills its engines first; and a thread waits on the app's process, so that
    if the app dies (even killed) this process and its engines go too, a search
    in progress or not. (An engine also dies with this process where the system
    allows it: see external._dies_with_parent.)
    """
    def stop(*_args) -> None:
        end_all()
        os._exit(0)
    try:
        signal.signal(signal.SIGTERM, stop)
    except (ValueError, OSError, AttributeError):
        pass
    parent = mp.parent_process()
    if parent is not None and getattr(parent, "sentinel", None) is not None:
        def watch() -> None:
            wait([parent.sentinel])
            stop()
        threading.Thread(target=watch, name="app-watch", daemon=True).start()


def _child_main(conn) -> None:
    _quiet_stdout()
    _end_with_the_app()
    cache = _AICache()
    try:
        _serve_requests(conn, cache)
    finally:  # the app closed the pipe or quit: its engines end politely
        cache.close()


def _serve_requests(conn, cache: _AICache) -> None:
    while True:
        try:
            ask = ForkingPickler.loads(conn.recv_bytes())
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if ask is None:
            return
        if isinstance(ask, Release):
            cache.release(ask.token)
            continue
        # The first request waits for this process to start, and rebuilding a position may import
        # its game's modules: neither is thinking, so like a preparation both move the deadline.
        waited = max(0.0, time.monotonic() - ask.sent) if ask.sent else 0.0
        reply = run_request(cache, replace(ask, deadline=ask.deadline + waited))
        reply = replace(reply, prepare=reply.prepare + waited)
        try:
            conn.send(reply)
        except OSError:  # the worker closed the pipe (the app quit): nobody waits for this answer
            return
        except Exception:  # an unpicklable move (pickling fails before anything is sent)
            log.warning("the answer of %s cannot be sent", ask.request.subject, exc_info=True)
            conn.send(replace(reply, answer=None, error=UNPICKLABLE))


class Worker(ABC):
    """The queue of jobs and the thread that serves them; subclasses say where they run.

    `on_done`, if set, is called on the worker thread after each job finishes:
    a window that sleeps until something happens sets it to wake itself, so an
    answer shows without the window polling for it.
    """

    _ids = itertools.count(1)
    on_done: Callable[[], None] | None = None

    def __init__(self) -> None:
        self._queue: queue.Queue[Job | Release | None] = queue.Queue()
        self._thread = threading.Thread(target=self._serve, name="ai-worker", daemon=True)
        self._thread.start()

    def ask(self, request: Request, limit: float) -> Job:
        """Queue `request` with `limit` seconds to answer it."""
        job = Job(request, limit, id=next(self._ids))
        self._queue.put(job)
        return job

    def submit(self, game: str, ai: str, view: Any, limit: float, token: Any = None, seed: int | None = None,
               history: tuple = (), seat: int | None = None) -> Job:
        """Queue a search of `limit` seconds for the AI named `ai` of `game` (a MoveRequest)."""
        return self.ask(MoveRequest(game, ai, view, seat, token, seed, tuple(history)), limit)

    def release(self, token: Any) -> None:
        """The match of `token` is over: its AIs may go (and close their engines)."""
        self._queue.put(Release(token))

    @staticmethod
    def cancel(job: Job | None) -> None:
        """Drop the job's answer; a search already running finishes by its deadline."""
        if job is not None:
            job.cancelled = True

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=2)

    def _serve(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                self._stop()
                return
            if isinstance(job, Release):
                self._release(job)
                continue
            if job.cancelled:
                job._finish(error=Wording(N_("{player} was not asked: the position is gone")))
                continue
            try:
                self._run(job, job._start())
            except Exception:  # this thread must outlive any job: a waiting match would hang
                log.warning("the AI worker failed on a job for %s", job.request.subject, exc_info=True)
                if not job.done:
                    job._finish(error=Wording(N_("{player} could not be asked for a move (an internal error)")))
            self._notify()

    def _notify(self) -> None:
        """Tell the owner a job is done; its callback must not stop this thread."""
        callback = self.on_done
        if callback is not None:
            try:
                callback()
            except Exception:
                pass

    @abstractmethod
    def _run(self, job: Job, ask: Ask) -> None:
        """Answer the job: run its search and call `job._finish`."""

    @abstractmethod
    def _release(self, release: Release) -> None:
        """Drop the AIs of a token where they live."""

    def _stop(self) -> None:
        pass


class ThreadWorker(Worker):
    """Searches run on the worker thread (they share the GIL with the UI)."""

    def __init__(self) -> None:
        self._cache = _AICache()
        super().__init__()

    def _run(self, job: Job, ask: Ask) -> None:
        job._reply(run_request(self._cache, ask))

    def _release(self, release: Release) -> None:
        self._cache.release(release.token)

    def _stop(self) -> None:
        self._cache.close()


class ProcessWorker(Worker):
    """Searches run in one long-lived child process, replaced if it dies or hangs."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._proc = None
        self._conn = None
        self.replaced = 0  # AI processes found dead or hung and replaced (a soak's crash count)
        self.retried = 0  # searches asked again after their process died
        self.searching: Job | None = None  # the job whose request the AI process holds now
        self._answers = 0
        self._restarted = False  # the AI process now running replaced one that died or hung
        self.hang_grace = HANG_GRACE
        super().__init__()
        self._spawn()

    @property
    def pid(self) -> int | None:
        """The AI process's id while one runs (a soak kills it at random moments)."""
        proc = self._proc
        return proc.pid if proc is not None and proc.is_alive() else None

    @property
    def answers(self) -> int:
        """The searches the AI process now running has answered (0: it was just started)."""
        return self._answers

    def _spawn(self) -> None:
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=_child_main, args=(child,), name="boardhub-ai", daemon=True)
        proc.start()
        child.close()
        self._restarted = self._proc is not None or self.replaced > 0  # a replacement, not the first
        self._proc, self._conn, self._answers = proc, parent, 0
        self._ready_tokens: set = set()  # the seats that have had an answer from the process now running

    def _kill(self) -> None:
        if self._proc is not None:
            if self._proc.is_alive():  # asked first: told to stop, it ends its engines (see _end_with_the_app)
                self._proc.terminate()
                self._proc.join(timeout=1)
            self._proc.kill()
            self._proc.join(timeout=2)
            self._conn.close()
        self._proc = self._conn = None

    def _run(self, job: Job, ask: Ask) -> None:
        """Ask the child; if its process dies during the search, restart it and ask once more.

        The player keeps the game when boardhub's own AI process dies (killed,
        out of memory): the search is asked again with the move's whole time,
        the time lost set aside, and the job says so (`retried`) for a notice.
        A second death in one move forfeits: that AI kills its own process.
        """
        reply = self._exchange(job, ask)
        if reply is _DIED:
            self.retried += 1
            job.retried = RETRIED
            log.warning("the AI process died during a search for %s: asking again", job.request.subject)
            reply = self._exchange(job, job._restart())
            if reply is _DIED:
                reply = Wording(N_("{player} crashed twice in one move (its process ended each time)"))
        if isinstance(reply, Wording):
            job._finish(error=reply)
        else:
            job._reply(reply)

    def _exchange(self, job: Job, ask: Ask) -> Reply | Wording | object:
        """One request and its answer: the Reply, a Wording (what went wrong) or _DIED."""
        if self._proc is None or not self._proc.is_alive():
            self.replaced += self._proc is not None  # None: the last one was already counted
            self._kill()
            self._spawn()
        if self._restarted and job.token not in self._ready_tokens:
            # a seat's first search in a replacement process rebuilds what the old one had ready
            job.grace = RESTART_GRACE
        try:
            self._conn.send(ask)
        except OSError:  # the process died between two searches, as the request left
            return self._died()
        except Exception:
            log.warning("the position for %s cannot be sent", job.request.subject, exc_info=True)
            return Wording(N_("{player} could not be given the position (an internal error)"))
        self.searching = job
        limit = max(job.deadline - time.monotonic(), 0) + self.hang_grace + (START_GRACE if not self._answers else 0)
        try:
            if not self._conn.poll(limit):
                self._replace()
                return Wording.of(N_("{player} gave no answer {seconds} s after its time was up, and was stopped"),
                                  seconds=f"{self.hang_grace:g}")
            reply = self._conn.recv()
        except (EOFError, OSError):
            return self._died()
        except Exception:  # the answer arrived whole but cannot be rebuilt here
            log.warning("the answer of %s cannot be read", job.request.subject, exc_info=True)
            return UNREADABLE
        finally:
            self.searching = None  # answered, stopped or dead: the process holds no request now
        if not isinstance(reply, Reply):
            log.warning("the AI process answered %r for %s", type(reply), job.request.subject)
            return UNREADABLE
        self._answers += 1
        self._ready_tokens.add(job.token)
        return reply

    def _died(self) -> object:
        self._replace()
        return _DIED

    def _replace(self) -> None:
        """The process is dead or hung: stopped, and counted; the next job starts a new one."""
        self.replaced += 1
        self._kill()

    def _release(self, release: Release) -> None:
        if self._conn is not None:
            try:
                self._conn.send(release)
            except OSError:
                pass  # a dead child holds no AIs

    def _stop(self) -> None:
        if self._conn is not None:
            try:
                self._conn.send(None)
            except OSError:
                pass
            self._proc.join(timeout=1)
            if self._proc.is_alive():
                self._proc.kill()
