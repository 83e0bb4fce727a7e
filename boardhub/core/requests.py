"""What crosses to the AI process and back: typed requests, their envelope, one reply.

Every question about a position is a frozen value that names its game, carries
the asking seat's view (never the state: hidden tiles stay home) and the seat:

- `MoveRequest`: a seat's AI (its spec, "hard", "gtp:edax -gtp") chooses a move;
- `EvaluateRequest`: the game's analysis scores every legal move ({move: score});
- `JudgeRequest`: the game's review judge gives a `Verdict` (a review's position, a hint);
- `FirstPassRequest`: the quick judge's verdicts of a whole game's positions, in one list;
- `FindWinRequest`: the game's solver looks for the side to move's forced win (Find the win).

The worker sends a request inside an `Ask` (its deadline and when it left) and a
`Release` when a match's AIs may go; the child answers each `Ask` with one
`Reply`: the answer, or an error as a `Wording` whose subject is the seat, and
its timings. A kind of question is a class, never a magic AI name.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from boardhub.core.game import GameEntry, get_game
from boardhub.core.i18n import Wording
from boardhub.core.review import first_pass


class NotOffered(ValueError):
    """The game has no such service (no evaluation, no review): the setup's mistake, not an AI's."""


@dataclass(frozen=True)
class MoveRequest:
    """A seat's AI is asked for its move."""

    game: str
    spec: str  # the seat's AI as the seat names it: "hard", "greedy:5", "py:module:function", "gtp:edax"
    view: Any  # what the seat may know: rules.view(state, seat)
    seat: int | None = None
    token: Any = None  # which AI instance (one per seat of one match); None for a fresh one
    seed: int | None = None
    history: tuple = ()  # the moves its seat may know, for AIs that set `wants_history` (engine adapters)
    clock: Any = None  # under a time control, a clock.ClockInfo for AIs that set `wants_clock` (engines)

    @property
    def subject(self) -> str:
        """Who answers, for the log."""
        return f"the AI {self.spec!r} of {self.game}"


@dataclass(frozen=True)
class EvaluateRequest:
    """The game's analysis scores every legal move of the position `seat` sees (None: a spectator)."""

    game: str
    view: Any
    seat: int | None

    @property
    def subject(self) -> str:
        return f"the evaluation of {self.game}"

    def answer(self, entry: GameEntry, deadline: float) -> dict:
        if entry.analysis is None:
            raise NotOffered(f"{entry.title} has no move evaluation")
        return entry.analysis(self.view, deadline)


@dataclass(frozen=True)
class JudgeRequest:
    """The game's review judge gives its verdict of the position `seat` sees: a review's, a hint's."""

    game: str
    view: Any
    seat: int
    level: Any = None  # a hint at the level the player chose (the game's hint_option); None: the judge's own

    @property
    def subject(self) -> str:
        return f"the review judge of {self.game}"

    def answer(self, entry: GameEntry, deadline: float) -> Any:
        if entry.review is None:
            raise NotOffered(f"{entry.title} has no review")
        if self.level is not None and entry.review.hint is not None:
            return entry.review.hint(self.view, self.seat, self.level, deadline)
        return entry.review.judge(self.view, self.seat, deadline)


@dataclass(frozen=True)
class FirstPassRequest:
    """A review's quick pass: every position of a game by the quick judge, answered as one list."""

    game: str
    work: tuple[tuple[Any, int], ...]  # (a seat's view, that seat), position by position

    @property
    def subject(self) -> str:
        return f"the quick judge of {self.game}"

    def answer(self, entry: GameEntry, deadline: float) -> list:
        if entry.review is None:
            raise NotOffered(f"{entry.title} has no review")
        return first_pass(entry.review, self.work, deadline)


@dataclass(frozen=True)
class FindWinRequest:
    """The game's solver looks for a forced win of the side to move in the position `seat` sees."""

    game: str
    view: Any
    seat: int | None

    @property
    def subject(self) -> str:
        return f"the win finder of {self.game}"

    def answer(self, entry: GameEntry, deadline: float) -> Any:
        if entry.find_win is None:
            raise NotOffered(f"{entry.title} has no win finder")
        return entry.find_win(self.view, deadline)


Request = Union[MoveRequest, EvaluateRequest, JudgeRequest, FirstPassRequest, FindWinRequest]
# answered by the game itself, not a seat's AI
Question = Union[EvaluateRequest, JudgeRequest, FirstPassRequest, FindWinRequest]


@dataclass(frozen=True)
class Ask:
    """A request on its way: by when to answer and when it left (both `time.monotonic()`)."""

    request: Request
    deadline: float
    sent: float = 0.0


@dataclass(frozen=True)
class Release:
    """Drop (and close) the AIs of a seat token: its match is over."""

    token: Any


@dataclass(frozen=True)
class Reply:
    """The child's one answer to an `Ask`.

    `answer` is the move (a MoveRequest), {move: score} (an EvaluateRequest), a
    Verdict (a JudgeRequest) or a list of them (a FirstPassRequest); or `error`
    says what went wrong, a sentence whose subject is the seat. `finished` is
    when it was ready and `prepare` the seconds spent getting ready (an
    engine's start, the AI's building), which its clock does not count.
    """

    answer: Any = None
    error: Wording | None = None
    finished: float = 0.0
    prepare: float = 0.0


def answer_here(request: Question, deadline: float) -> Any:
    """A question about a position answered in this process (a test, a command line): what the child answers."""
    return request.answer(get_game(request.game), deadline)
