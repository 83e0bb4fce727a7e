"""Time controls: a budget per game with an increment per move (Fischer), or a fixed time per move.

A time control is a value with a short key that setups, saves and the command
line keep: "3+2" is three minutes each and two seconds added after each move
(as lichess writes it), "10s" is ten seconds for every move, none left over.
Without one a game plays as it always has: an AI seat has its move limit (0.5 s
by default, the source's referee rule) and a person's time only counts up.

Under a time control each seat's time left is worked out from what the match
already keeps: the seconds each move took. So a saved game resumes with each
clock where it stood, and undo gives back the time of the moves it takes back.
Nothing here reads a clock of its own: the match passes the time in.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Iterable

from boardhub.core.i18n import N_, _

FLAG = "flag"  # Outcome.reason of a seat whose time ran out ("on time"): the play's, not an AI's fault
NO_CLOCK = "none"  # the key of a game without a time control (what older setups and saves mean)
# What the setup offers, in its order: no clock, budgets with increments, then fixed times per move.
PRESETS = (NO_CLOCK, "1+0", "3+2", "5+3", "10+5", "5s", "10s", "30s")
# The most a key may say, so that a file's "99999999+0" is refused rather than believed.
MAX_MINUTES = 180
MAX_INCREMENT = 180
MAX_PER_MOVE = 3600

# How many more moves an AI plans its budget over: a game has about this many moves of a seat left
# for most of its length (Othello has 30 a side, Gomoku rarely more, a Dots board of 5 x 5 has 30 lines
# between both). Planning for more than it will play leaves time over; for fewer, it runs short late.
MOVES_LEFT = 25
INCREMENT_SHARE = 0.8  # of the increment an AI spends on the move it comes after
MOST_OF_LEFT = 0.25  # the most of its time left an AI stakes on one move
# What the AI keeps back of its time left: the answer's way out of the AI process, a busy machine.
SAFETY = 0.1  # seconds
SAFETY_SHARE = 0.05  # and this share of the time left
PER_MOVE_SHARE = 0.85  # of a fixed time per move an AI plans to use
MIN_PLAN = 0.02  # the least time an AI is given for a move, however little is left

LOW_TIME = 10.0  # under this many seconds a clock shows tenths and the low-time colour
_KEY = re.compile(r"^(\d{1,4})\+(\d{1,4})$|^(\d{1,5})s$")


@dataclass(frozen=True)
class TimeControl:
    """A game's time control: `minutes` + `increment` (Fischer), or `per_move` seconds a move."""

    minutes: int = 0
    increment: int = 0
    per_move: int = 0

    @property
    def fixed(self) -> bool:
        """A fixed time for every move, rather than a budget for the game."""
        return self.per_move > 0

    @property
    def budget(self) -> float:
        """Seconds each seat starts with: its budget for the game, or the time for one move."""
        return float(self.per_move if self.fixed else self.minutes * 60)

    @property
    def key(self) -> str:
        return f"{self.per_move}s" if self.fixed else f"{self.minutes}+{self.increment}"

    def label(self) -> str:
        """In the setup's words: "3 min + 2 s", "1 min", "10 s a move"."""
        if self.fixed:
            return _("{seconds} s a move").format(seconds=self.per_move)
        if not self.increment:
            return _("{minutes} min").format(minutes=self.minutes)
        return _("{minutes} min + {seconds} s").format(minutes=self.minutes, seconds=self.increment)

    @classmethod
    def parse(cls, key: object) -> "TimeControl | None":
        """The control a key names (None for no clock); ValueError for anything else."""
        if key is None or key == NO_CLOCK:
            return None
        match = _KEY.match(key) if isinstance(key, str) else None
        if match is None:
            raise ValueError(f"not a time control: {str(key)[:40]!r}")
        if match.group(3) is not None:
            per_move = int(match.group(3))
            if not 1 <= per_move <= MAX_PER_MOVE:
                raise ValueError(f"{per_move} s a move is not a time control boardhub offers")
            return cls(per_move=per_move)
        minutes, increment = int(match.group(1)), int(match.group(2))
        if not 1 <= minutes <= MAX_MINUTES or increment > MAX_INCREMENT:
            raise ValueError(f"{key} is not a time control boardhub offers")
        return cls(minutes, increment)

    def left(self, seconds: Iterable[float], turn: float = 0.0) -> float:
        """A seat's time left: `seconds`, what each of its moves took; `turn`, its time on the move now.

        Fischer: the budget, plus the increment for each move made, less the
        time they took and the time on this move. A fixed time per move: that
        time, less the time on this move (no move's time carries over).
        """
        if self.fixed:
            return self.budget - turn
        spent = list(seconds)
        return self.budget + self.increment * len(spent) - sum(spent) - turn

    def plan(self, left: float) -> float:
        """The move limit an AI gets for its next move when it has `left` seconds.

        A budget is spread over the moves it may still have to play, plus most of
        the increment that comes after this move, never more than a quarter of
        what is left and always keeping a margin back: an AI that plans by this
        never falls. A fixed time per move is used nearly whole.
        """
        margin = SAFETY + SAFETY_SHARE * max(left, 0.0)
        if self.fixed:
            plan = PER_MOVE_SHARE * left - SAFETY
        else:
            plan = min(left / MOVES_LEFT + INCREMENT_SHARE * self.increment, MOST_OF_LEFT * left)
        plan = min(plan, left - margin)
        return max(MIN_PLAN, plan) if left > MIN_PLAN else MIN_PLAN / 2


def label_of(key: str) -> str:
    """A preset's words in the setup: "No clock" for none."""
    control = TimeControl.parse(key)
    return _(N_("No clock")) if control is None else control.label()


def _tenths(seconds: float) -> int:
    """Time left in tenths, rounded up: a clock shows 0.0 only once its time is all gone."""
    return math.ceil(seconds * 10 - 1e-9)


def clock_text(seconds: float) -> str:
    """Time left as chess clocks show it: 3:00, 0:59, and tenths under ten seconds (0:09.4).

    Rounded up, so a clock reads 3:00 for the first second of three minutes and
    0:00.0 only when its seat has fallen; never below 0.
    """
    tenths = max(0, _tenths(seconds))
    if tenths < LOW_TIME * 10:
        return f"0:{tenths // 10:02d}.{tenths % 10}"
    whole = math.ceil(tenths / 10)
    return f"{whole // 60}:{whole % 60:02d}"


def next_change(seconds: float) -> float:
    """How long until `clock_text(seconds)` shows something else as the clock runs down (inf: at 0 it stays)."""
    tenths = _tenths(seconds)
    if tenths <= 0:
        return math.inf
    if tenths < LOW_TIME * 10:
        return seconds - (tenths - 1) / 10
    # whole seconds: the next lower one, or the first tenth shown under ten seconds
    return seconds - max(math.ceil(tenths / 10) - 1, LOW_TIME - 0.1)


def fallen_seat(outcome) -> int | None:
    """The seat whose time ran out, for an outcome "on time" (its number goes with its words); else None."""
    if outcome is None or outcome.reason != FLAG:
        return None
    seat = dict(outcome.values).get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


@dataclass(frozen=True)
class ClockInfo:
    """What an engine is told of its clock with a move: time left, and the game's budget (0: none)."""

    left: float  # seconds the seat has left: of its budget, or of this move under a fixed time per move
    match: float  # seconds of the whole game's budget; 0 under a fixed time per move
    increment: float = 0.0
