"""A game in progress: seats, history, undo / redo, clocks, AI turns and the result.

The scene calls `update(now)` every frame; it never blocks. An AI seat's move is
a job on the worker; its answer is shown once the seat's delay has passed (a
visible pause against a human, the speed setting in AI vs AI). Every change of
history drops the running search and its answer, so answers to a position that
no longer stands are never shown.
"""
from __future__ import annotations

import hashlib
import itertools
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Collection

from boardhub.core.clock import FLAG, ClockInfo, TimeControl
from boardhub.core.events import GameOver, MatchEvent, MovePlayed, Rewound, SeatNotice
from boardhub.core.i18n import N_, _
from boardhub.core.modes import Mode
from boardhub.core.requests import EvaluateRequest, FindWinRequest, JudgeRequest, MoveRequest, Request
from boardhub.core.position import start_state
from boardhub.core.rules import IllegalMove, Outcome, normalize_options
from boardhub.core.schema import check_limit, is_int, is_number
from boardhub.core.seat_check import honest_name, seat_problem
from boardhub.core.seat_names import shown_name
from boardhub.core.worker import Job, Worker

if TYPE_CHECKING:
    from boardhub.core.game import GameEntry

# Referee tolerance: the time an answer needs to cross from the AI's process.
REFEREE_GRACE = 0.05
# How far past its time left a running search may go before its seat falls: an AI's getting ready
# (an engine's start, its first tables: 1.5 s for Othello's expert on a busy machine) is not its
# thinking and is only known once it answers, when its thinking time is judged exactly.
AI_FLAG_SLACK = 3.0
MAX_TURN = 10.0 ** 6  # seconds on one move a save may say (past any time control's budget: it fell)
# The most of a move shown in a sentence: an AI's garbage answer may be any size.
MOVE_WORDS = 60

# The secret behind every AI's seed. The deal of a game of hidden tiles is drawn
# from the match's seed; an AI seeded by anything computable from it (the seed
# times 31 plus the seat, as before) could draw the same deal and read every
# hidden tile. The AI process never sees this key, so an AI's seed says nothing
# of the deal, while one run of the app (an arena's series) still gives the same
# games for the same seed, however many at a time.
_AI_KEY = secrets.token_bytes(32)


def ai_seed(match_seed: int, seat: int) -> int:
    """The seed of the AI in `seat`: a keyed hash of the match's seed, unknowable without the key."""
    text = f"{match_seed}:{seat}".encode()
    return int.from_bytes(hashlib.blake2b(text, key=_AI_KEY, digest_size=8).digest(), "big")


def _shorten(words: str, times: int = 1) -> str:
    """`words` cut to `times` MOVE_WORDS characters: a sentence never carries a whole answer of any size."""
    most = MOVE_WORDS * times
    return words if len(words) <= most else words[:most - 3] + "..."


def new_seed() -> int:
    """A new game's seed: 128 random bits, too many to search from the tiles a seat can see."""
    return secrets.randbits(128)


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a human, or an AI named as in `python -m boardhub ais`."""

    ai: str | None = None  # None for a human
    name: str = ""

    @property
    def is_human(self) -> bool:
        return self.ai is None

    @property
    def label(self) -> str:
        """The seat's name in the language of the moment."""
        return shown_name(self.ai, self.name)

    def to_json(self) -> dict:
        return {"ai": self.ai, "name": self.name}

    @classmethod
    def from_json(cls, data: dict) -> "Seat":
        return cls(data.get("ai"), data.get("name", ""))




@dataclass
class Timing:
    """The match's pacing, set by the scene (delays are presentation, never the AI's)."""

    limit: float = 0.5  # the AI move limit
    ai_delay: float = 1.0  # before an AI move is shown when the seat changes
    chain_delay: float = 0.25  # between consecutive moves of the same seat
    referee: bool = False  # a late AI loses
    seat_limits: dict[int, float] = field(default_factory=dict)  # a seat's own limit (a slow engine's), by seat
    control: TimeControl | None = None  # a time control (clock.py): the clocks count down and a seat can fall

    def limit_of(self, seat: int) -> float:
        """The move limit of `seat`: its own if it has one, else `limit`."""
        return self.seat_limits.get(seat, self.limit)


class Match:
    """The state of one game, its history and the driving of AI seats."""

    _tokens = itertools.count(1)
    position: str | None = None  # an edited position's text the game started from (a table's games have none)

    def __init__(self, game: "GameEntry", seats: list[Seat], options: dict | None = None, seed: int | None = None,
                 timing: Timing | None = None, worker: Worker | None = None, position: str | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        """`position`: the text of an edited position (the game's own format) the game starts from instead
        of the usual start; IllegalMove (a ValueError, in words) for one the game cannot start from.
        `clock`: where the match reads the time (time.monotonic; a test gives its own)."""
        self.clock = clock or time.monotonic
        self.game = game
        self.rules = game.rules
        self.options = dict(options or {})
        self.seed = new_seed() if seed is None else seed
        self.seats = list(seats)
        if len(self.seats) != self.rules.num_players(self.options):
            raise ValueError(f"{game.title} needs {self.rules.num_players(self.options)} seats")
        self.timing = timing or Timing()
        self.worker = worker
        self.start = start_state(self.rules, game.position, self.options, self.seed, position)
        # kept as the game writes it: a save holds the canonical text, whatever spelling it was read from
        self.position = None if position is None else game.position.write(self.start)
        self.states: list[Any] = [self.start]
        self.history: list[MovePlayed] = []
        self.redo_stack: list[MovePlayed] = []
        self.forfeit: Outcome | None = None
        self._paused = False  # AI vs AI stopped by the player (Space)
        self._held = False  # a panel covers the game (the pause menu): its clocks stand still
        self._stopped_at: float | None = None  # when the clocks stopped, while they stand
        self._step = False
        self._job: Job | None = None
        self._ready: tuple[Any, float] | None = None
        self._turn_start = self.clock()
        self._show_at = 0.0
        # one token per seat and match: the worker keeps one AI object per token
        self._tokens_by_seat = [next(self._tokens) for _seat in self.seats]
        self.events: list[MatchEvent] = []

    # ---------------------------------------------------------------- reading
    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def to_move(self) -> int:
        return self.rules.to_move(self.state)

    @property
    def is_over(self) -> bool:
        return self.forfeit is not None or self.rules.is_over(self.state)

    @property
    def outcome(self) -> Outcome | None:
        if self.forfeit is not None:
            return self.forfeit
        return self.rules.outcome(self.state) if self.rules.is_over(self.state) else None

    @property
    def moves(self) -> list[Any]:
        return [p.move for p in self.history]

    @property
    def mode(self) -> Mode:
        """Who plays: people only, people against AIs, or AIs only."""
        return Mode.of_seats(len(self.human_seats), len(self.seats))

    @property
    def kind(self) -> str:
        """The mode as saves and the source's record files spell it: "PvP", "PvA" or "AvA"."""
        return self.mode.kind

    @property
    def human_seats(self) -> tuple[int, ...]:
        """The seats people play, in seat order."""
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_human)

    @property
    def human_seat(self) -> int | None:
        """The one person's seat when exactly one person plays (the "you" of the screens); else None."""
        humans = self.human_seats
        return humans[0] if len(humans) == 1 else None

    @property
    def human_to_move(self) -> bool:
        return not self.is_over and self.seats[self.to_move].is_human

    def seat_time(self, seat: int) -> float:
        return sum(p.seconds for p in self.history if p.seat == seat)

    def turn_elapsed(self, now: float | None = None) -> float:
        now = self.clock() if now is None else now
        return (self._stopped_at if self._stopped_at is not None else now) - self._turn_start

    # ---------------------------------------------------------------- a time control's clocks
    def time_left(self, seat: int, now: float | None = None) -> float | None:
        """Under a time control, the seconds `seat` has left now (0 or less once it fell); None without one.

        The seat to move has the time of this move taken off; an AI whose answer
        waits to be shown has the time it thought taken off, not the wait.
        """
        control = self.timing.control
        if control is None:
            return None
        if self.forfeit is not None and self.forfeit.reason == FLAG and seat == self.to_move:
            return 0.0  # the seat that fell: its flag is down
        on_move = not self.is_over and seat == self.to_move
        return control.left(self._seconds_of(seat), self._on_clock(now) if on_move else 0.0)

    def _seconds_of(self, seat: int) -> list[float]:
        return [p.seconds for p in self.history if p.seat == seat]

    def _on_clock(self, now: float | None) -> float:
        """The time the move now being thought about has taken: an AI's answer that waits has its own."""
        return self._ready[1] if self._ready is not None else self.turn_elapsed(now)

    def _fell(self, now: float) -> bool:
        """Under a time control, end the game when the seat to move has no time left; True if it did.

        A person falls at 0. A search still running falls a little later
        (AI_FLAG_SLACK): its getting ready is not known until it answers, and
        then `update` judges its thinking time exactly.
        """
        if self.timing.control is None or self.is_over:
            return False
        seat = self.to_move
        left = self.time_left(seat, now)
        human = self.seats[seat].is_human
        if (human and left <= 0) or (not human and self._ready is None and left < -AI_FLAG_SLACK):
            self._flag(seat)
            return True
        return False

    def _flag(self, seat: int) -> None:
        """`seat`'s time ran out: it loses on time (with more than two seats, the game ends as a forfeit
        does, with no winner named). Its number goes with the outcome for the stats."""
        self._lose(seat, FLAG, N_("{player} lost on time"), player=self.seats[seat].label, seat=seat)

    def clock_info(self, seat: int, now: float | None = None) -> ClockInfo | None:
        """What an engine in `seat` is told of its clock for the move it starts now (None: no time control)."""
        control = self.timing.control
        if control is None:
            return None
        left = self.time_left(seat, now)
        return ClockInfo(left, 0.0 if control.fixed else control.budget, float(control.increment))

    # ---------------------------------------------------------------- playing
    def play(self, move: Any, now: float | None = None) -> None:
        """A human's move; IllegalMove (with the reason) leaves everything as it was."""
        if self.is_over:
            raise IllegalMove(_("The game is over"))
        if not self.seats[self.to_move].is_human:
            raise IllegalMove(_("Wait for your turn: the AI is to move"))
        now = self.clock() if now is None else now
        if self._fell(now):
            raise IllegalMove(_("Your time ran out"))
        self._push(move, self.turn_elapsed(now), now)

    def push_recorded(self, move: Any, seconds: float, now: float | None = None) -> None:
        """A move from a record, whoever's turn it is (a replay); IllegalMove changes nothing."""
        if self.is_over:
            raise IllegalMove(_("The game is over"))
        self._push(move, seconds, self.clock() if now is None else now)

    def end_with(self, outcome: Outcome) -> None:
        """End the game the way a record says it ended (a forfeit has no move of its own)."""
        self.forfeit = outcome
        self.worker and self.worker.cancel(self._job)  # a resignation may come while an AI thinks
        self._job, self._ready = None, None
        self.events.append(GameOver(outcome))

    def _push(self, move: Any, seconds: float, now: float) -> None:
        seat = self.to_move
        new = self.rules.apply(self.state, move)  # raises before anything changes
        played = MovePlayed(seat, move, len(self.history) + 1, seconds, self.game.move_sound(self.state, new))
        self.states.append(new)
        self.history.append(played)
        self.redo_stack.clear()
        self._new_turn(now)
        self.events.append(played)  # the history's entry is the event: one value for one move
        if self.is_over:
            self.events.append(GameOver(self.outcome))

    def _new_turn(self, now: float) -> None:
        self.worker and self.worker.cancel(self._job)
        self._job, self._ready = None, None
        self._turn_start = now
        if self._stopped_at is not None:
            self._stopped_at = now  # a turn that starts while the clocks stand starts at zero

    def update(self, now: float | None = None) -> None:
        """Drive AI seats: start searches, collect answers, show them when due."""
        now = self.clock() if now is None else now
        if self._fell(now) or self.is_over or self.seats[self.to_move].is_human:
            return
        seat = self.to_move
        if self._job is None and self._ready is None:
            self._start_search(seat, now)
        job = self._job
        if job is not None and job.done:
            self._job = None
            if job.retried is not None:  # its process died and the search was asked again: say so
                self.events.append(SeatNotice(seat, job.retried))
            late = job.finished - job.deadline
            control = self.timing.control
            if control is not None and job.error is None:  # under a time control the clock is the referee
                left = control.left(self._seconds_of(seat))
                if job.elapsed > left + REFEREE_GRACE + job.grace:
                    self._flag(seat)
                    return
                # an answer in its time is charged its thinking; what crossing from the AI process
                # added past the time left is not the AI's
                self._ready = (job.move, max(0.0, min(job.elapsed, left)))
            # without a clock, a referee: a late answer loses (a restarted search has a grace)
            elif control is None and self.timing.referee and late > REFEREE_GRACE + job.grace:
                self._lose(seat, "time", N_("{player} took {seconds} s, over the {limit} s limit"),
                           player=self.seats[seat].label, seconds=f"{job.elapsed:.2f}",
                           limit=f"{self.timing.limit_of(seat):g}")
                return
            if job.error is not None:
                # the worker's sentence with the seat as its subject: "Expert AI stopped with an internal error"
                self._lose(seat, "error", job.error.template, player=self.seats[seat].label, **dict(job.error.values))
                return
            if self._ready is None:
                self._ready = (job.move, job.elapsed)
        if self._ready is not None and now >= self._show_at and (not self.paused or self._step):
            move, seconds = self._ready
            self._step = False
            try:
                self._push(move, seconds, now)
            except IllegalMove as exc:
                self._lose(seat, "illegal", N_("{player} played an illegal move ({move}): {why}"),
                           player=self.seats[seat].label, move=self._describe(move), why=_shorten(str(exc), 3))
            except Exception:  # an answer that is no move at all (garbage): the rules cannot even read it
                self._lose(seat, "illegal", N_("{player} answered with something that is not a move ({move})"),
                           player=self.seats[seat].label, move=self._describe(move))

    def around(self, ply: int) -> tuple[Any, Any]:
        """The positions before and after the `ply`-th move (a MovePlayed's), for a board to animate."""
        return self.states[ply - 1], self.states[ply]

    def text(self, move: Any) -> str:
        """The move in the game's notation (which may depend on the board, e.g. its size)."""
        return self.rules.move_to_text(move, self.start)

    def parse(self, text: str) -> Any:
        """The move that `text` names on this game's board; IllegalMove if none."""
        return self.rules.move_from_text(text, self.start)

    def _describe(self, move: Any) -> str:
        """The move in words for a sentence, shortened: an AI's answer may be anything."""
        try:
            words = self.text(move)
        except Exception:
            try:
                words = repr(move)
            except Exception:
                words = type(move).__name__
        return _shorten(words)

    def _start_search(self, seat: int, now: float) -> None:
        same_seat = bool(self.history) and self.history[-1].seat == seat
        delay = min(self.timing.chain_delay, self.timing.ai_delay) if same_seat else self.timing.ai_delay
        self._show_at = self._turn_start + delay
        clock = self.clock_info(seat, now)
        request = MoveRequest(self.game.key, self.seats[seat].ai, self.rules.view(self.state, seat), seat,
                              token=self._tokens_by_seat[seat], seed=ai_seed(self.seed, seat),
                              history=tuple(self.rules.public_history(self.moves, seat)), clock=clock)
        self._job = self._send(request, self.planned_limit(seat, now), self.worker)

    def planned_limit(self, seat: int, now: float | None = None) -> float:
        """The move limit `seat`'s AI gets now: the setup's, or under a time control what it plans from
        its time left (clock.TimeControl.plan: never more than it has)."""
        control = self.timing.control
        if control is None:
            return self.timing.limit_of(seat)
        return control.plan(self.time_left(seat, now))

    def ask(self, kind: type[EvaluateRequest] | type[JudgeRequest] | type[FindWinRequest], seat: int | None,
            limit: float, worker: Worker | None = None, level: Any = None) -> Job:
        """A question about this position, seen from `seat` (None: a spectator): the game's evaluation
        of every legal move (EvaluateRequest), its judge's verdict (JudgeRequest, a hint) or its solver's
        forced win (FindWinRequest).

        With the AI seats' moves (`_start_search`), the only places where a
        position leaves for the AI process: a request carries the seat's view
        (and a move's, the history its rules call public for that seat), never
        the state itself, so an AI or an analysis cannot read hidden tiles.
        """
        view = self.rules.view(self.state, seat)
        # a level only where one was chosen (a hint's), so every other question is as it always was
        request = kind(self.game.key, view, seat) if level is None else JudgeRequest(self.game.key, view, seat, level)
        return self._send(request, limit, worker)

    def _send(self, request: Request, limit: float, worker: Worker | None) -> Job:
        worker = worker or self.worker
        if worker is None:
            raise RuntimeError("asking an AI needs a worker")
        return worker.ask(request, limit)

    def _lose(self, seat: int, reason: str, detail: str, /, **values: Any) -> None:  # a value may be called `reason`
        others = [i for i in range(len(self.seats)) if i != seat]
        winner = others[0] if len(others) == 1 else None
        self.end_with(Outcome.worded(winner, (), reason, detail, **values))

    def wait(self, timeout: float) -> None:
        """Block until the running search answers (headless play: the arena, tests)."""
        if self._job is not None:
            self._job.wait(timeout)

    # ---------------------------------------------------------------- controls
    def step(self) -> None:
        """While paused, let the next AI move through."""
        self._step = True

    @property
    def paused(self) -> bool:
        return self._paused

    @paused.setter
    def paused(self, value: bool) -> None:
        self._paused = value
        self._sync_clocks()

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self._step = False

    def hold(self, held: bool, now: float | None = None) -> None:
        """Stop the clocks while a panel covers the game; they go on from where they stood."""
        self._held = held
        self._sync_clocks(now)

    def _sync_clocks(self, now: float | None = None) -> None:
        """The clocks stand while the game is paused or held, and time standing is nobody's."""
        now = self.clock() if now is None else now
        stopped = self._paused or self._held
        if stopped and self._stopped_at is None:
            self._stopped_at = now
        elif not stopped and self._stopped_at is not None:
            gap = now - self._stopped_at
            self._turn_start += gap
            self._show_at += gap
            self._stopped_at = None

    def _stop_at(self) -> bool:
        """Where undo and redo stop: a human's turn, or every move in AI vs AI."""
        return self.mode is Mode.AVA or self.seats[self.to_move].is_human

    def can_undo(self) -> bool:
        return bool(self.history) and (self.mode is Mode.AVA or any(
            self.seats[p.seat].is_human for p in self.history))

    def undo(self, now: float | None = None) -> bool:
        """Take back moves to the last decision of a human (one move in AI vs AI)."""
        if not self.can_undo():
            return False
        now = self.clock() if now is None else now
        while True:
            self._take_back()
            if not self.history or self._stop_at():
                break
        if self.mode is Mode.AVA:
            self.paused = True
        self._new_turn(now)
        self.events.append(Rewound())
        return True

    def take_back(self, now: float | None = None) -> bool:
        """One move back, whoever played it (a replay); redo brings it again."""
        if not self.history:
            return False
        self._take_back()
        self._new_turn(self.clock() if now is None else now)
        self.events.append(Rewound())
        return True

    def _take_back(self) -> None:
        self.forfeit = None
        self.states.pop()
        self.redo_stack.append(self.history.pop())

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self, now: float | None = None) -> bool:
        """Replay taken-back moves up to the next human decision."""
        if not self.redo_stack:
            return False
        now = self.clock() if now is None else now
        while self.redo_stack:
            played = self.redo_stack.pop()
            self.states.append(self.rules.apply(self.state, played.move))
            self.history.append(played)
            if self._stop_at() or self.is_over:
                break
        self._new_turn(now)
        self.events.append(Rewound())
        if self.is_over:
            self.events.append(GameOver(self.outcome))
        return True

    def replay(self, moves: list[Any], seconds: list[float] = ()) -> None:
        """Play `moves` on from here (a loaded game); IllegalMove names the first bad one."""
        for n, move in enumerate(moves):
            try:
                state = self.rules.apply(self.state, move)
            except IllegalMove as exc:
                raise IllegalMove(_("move {number} ({move}) is illegal: {why}").format(
                    number=n + 1, move=self._describe(move), why=exc)) from None
            self.history.append(MovePlayed(self.to_move, move, len(self.history) + 1,
                                           seconds[n] if n < len(seconds) else 0.0,
                                           self.game.move_sound(self.state, state)))
            self.states.append(state)
        self.redo_stack.clear()

    def close(self) -> None:
        """Drop any running search and the seats' AIs (leaving the game, a new game)."""
        if self.worker:
            self.worker.cancel(self._job)
            for seat, token in zip(self.seats, self._tokens_by_seat):
                if not seat.is_human:
                    self.worker.release(token)
        self._job = self._ready = None

    def drain_events(self) -> list[MatchEvent]:
        events, self.events = self.events, []
        return events

    # ---------------------------------------------------------------- saving
    def to_json(self) -> dict:
        return {
            "game": self.game.key, "options": self.options, "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "moves": [self.text(p.move) for p in self.history],
            "seconds": [round(p.seconds, 4) for p in self.history],
            "timing": self._timing_json(),
            "forfeit": self.forfeit.to_json() if self.forfeit else None,
            **({"position": self.position} if self.position is not None else {}),  # older saves have none
        }

    def _timing_json(self) -> dict:
        """The limit and the referee; under a time control its key and the time already on the move now,
        so that a game left in the middle of a move resumes with that move's clock where it stood."""
        timing: dict[str, Any] = {"limit": self.timing.limit, "referee": self.timing.referee}
        if self.timing.control is not None:
            timing["clock"] = self.timing.control.key
            if not self.is_over:
                timing["turn"] = round(max(0.0, self.turn_elapsed()), 3)
        return timing

    @classmethod
    def from_json(cls, game: "GameEntry", data: dict, timing: Timing | None = None,
                  worker: Worker | None = None, trusted: Collection[str] = ()) -> "Match":
        """Rebuild a saved match by replaying its moves; a bad record raises ValueError.

        A match that will play (a worker is given) takes its seats from the file
        only as the setup would offer them: an engine or `py:` seat must be one of
        `trusted` (the seats this computer's settings list), else ValueError says
        why; without a worker no AI is ever asked, whatever the seats say.
        A move limit the setup could not have given is refused for a match that plays.
        """
        timing = timing or Timing()
        t = data.get("timing", {})
        limit = t.get("limit", timing.limit)
        if worker is not None:
            check_limit(limit)  # Unreadable, a ValueError in words; a replay asks no AI, so any limit shows
        timing.limit = float(limit)
        timing.referee = bool(t.get("referee", timing.referee))
        timing.control = TimeControl.parse(t.get("clock"))  # none in a save from before time controls
        seats = [Seat(seat.ai, honest_name(seat.ai, seat.name)) for seat in map(Seat.from_json, data["seats"])]
        if worker is not None:
            for seat in seats:
                problem = seat_problem(game, seat.ai, trusted)
                if problem is not None:
                    raise problem
        options = data.get("options") or {}
        normalize_options(game.options, options)  # a value the game does not offer (a board of 10^30) is refused
        seed = data["seed"]
        if not is_int(seed):
            raise TypeError("the seed is not a whole number")
        position = data.get("position")
        if position is not None and not isinstance(position, str):
            raise TypeError("the start position is not text")
        try:
            match = cls(game, seats, options, seed, timing, worker, position)
        except IllegalMove as exc:
            raise ValueError(str(exc)) from exc
        seconds = [float(v) for v in data.get("seconds", [])]
        try:
            match.replay([match.parse(text) for text in data["moves"]], seconds)
        except IllegalMove as exc:
            raise ValueError(str(exc)) from exc
        if data.get("forfeit"):
            match.forfeit = Outcome.from_json(data["forfeit"])
        turn = t.get("turn", 0.0)
        if timing.control is not None and is_number(turn) and 0 < turn < MAX_TURN:
            match._turn_start -= turn  # the move left unfinished goes on with the time it had taken
        return match
