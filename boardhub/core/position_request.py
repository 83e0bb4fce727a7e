"""One question about one position to the AI process, while that position stands.

A hint and the analysis overlay ask the same kind of thing: something about
the position on the board, worked out in the AI process, worth showing only
while the board still shows that position. `PositionRequest` keeps that
bookkeeping once: what was asked and for which position, the job, the answer,
and dropping an answer that comes back after the game moved on.
"""
from __future__ import annotations

from typing import Any, Callable

from boardhub.core.worker import Job, Worker


class PositionRequest:
    """The latest question about a position (seen by a seat) and, once it came back, its answer.

    A position is the match's state object itself (compared by identity: an
    undo and a redo make new states, and an answer for the old one is not
    shown for them); `seat` is whose view was asked about (None: nobody's in
    particular, or a spectator's).
    """

    def __init__(self) -> None:
        self.state: Any = None  # the position asked about; None while nothing is asked
        self.seat: int | None = None
        self.job: Job | None = None  # out in the AI process
        self.answer: Any = None  # the answer, while it is for `state`

    def is_for(self, state: Any, seat: int | None = None) -> bool:
        """This very position, seen by `seat`, was asked about (answered or not)."""
        return self.state is not None and self.state is state and self.seat == seat

    def answer_for(self, state: Any, seat: int | None = None) -> Any:
        """The answer when it is for `state` seen by `seat`, else None."""
        return self.answer if self.is_for(state, seat) else None

    @property
    def pending(self) -> bool:
        """A question is out and not yet collected."""
        return self.job is not None

    def ask(self, state: Any, seat: int | None, send: Callable[[], Job]) -> None:
        """Ask about `state` seen by `seat` (`send` puts the request on the worker); what was asked
        before is dropped, its answer too."""
        self.forget()
        self.state, self.seat = state, seat
        self.job = send()

    def collect(self, state: Any) -> Job | None:
        """The finished job, once, when the board still shows the position it was asked about;
        None while it runs, and for an answer that came too late (the job is dropped then)."""
        job = self.job
        if job is None or not job.done:
            return None
        self.job = None
        return job if self.state is state else None

    def forget(self) -> None:
        """Drop the question and its answer (a running search finishes by its deadline, unread)."""
        Worker.cancel(self.job)
        self.state = self.seat = self.job = self.answer = None
