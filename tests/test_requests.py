"""The AI process is asked typed questions and answers each with one Reply: a move, the game's
evaluation, its judge's verdict, a review's quick pass; a question a game does not offer is an error
in words, never a crash."""
from __future__ import annotations

import dataclasses
import pickle

import pytest

from boardhub.core.game import get_game
from boardhub.core.i18n import Wording
from boardhub.core.requests import (Ask, EvaluateRequest, FirstPassRequest, JudgeRequest, MoveRequest, Release,
                                    Reply)
from boardhub.core.review import Verdict
from boardhub.core.worker import ThreadWorker

OTHELLO = get_game("othello")
START = OTHELLO.rules.new_game({}, 1)


@pytest.fixture(scope="module")
def thread_worker():
    w = ThreadWorker()
    yield w
    w.close()


def questions() -> list:
    view = OTHELLO.rules.view(START, 0)
    return [MoveRequest("othello", "random", view, 0, token=None, seed=1),
            EvaluateRequest("othello", view, 0),
            JudgeRequest("othello", view, 0),
            FirstPassRequest("othello", ((view, 0), (view, 0)))]


def test_requests_and_replies_are_frozen_values_that_cross_a_pipe():
    for request in questions():
        ask = Ask(request, 1.0, 0.5)
        assert pickle.loads(pickle.dumps(ask)) == ask
        with pytest.raises(dataclasses.FrozenInstanceError):
            request.view = None
    reply = Reply("f5", None, 2.0, 0.1)
    assert pickle.loads(pickle.dumps(reply)) == reply and pickle.loads(pickle.dumps(Release(3))) == Release(3)


@pytest.mark.parametrize("worker_kind", ["thread", "process"])
def test_each_kind_of_request_gets_its_own_answer(worker_kind, thread_worker, worker):
    w = thread_worker if worker_kind == "thread" else worker  # conftest's `worker`: one AI process
    move, scores, verdict, first = [w.ask(request, 5.0) for request in questions()]
    for job in (move, scores, verdict, first):
        assert job.wait(60) and job.error is None, job.error
    assert move.move in OTHELLO.rules.legal_moves(START)
    assert isinstance(scores.move, dict) and set(scores.move) == set(OTHELLO.rules.legal_moves(START))
    assert isinstance(verdict.move, Verdict) and verdict.move.best in scores.move
    assert isinstance(first.move, list) and len(first.move) == 2 and all(isinstance(v, Verdict) for v in first.move)


def test_a_question_the_game_does_not_offer_is_an_error_in_words(thread_worker):
    dots = get_game("dots")
    assert dots.analysis is None  # the check needs a game without a move evaluation
    job = thread_worker.ask(EvaluateRequest("dots", dots.rules.view(dots.rules.new_game({}, 1), 0), 0), 1.0)
    assert job.wait(10) and job.move is None and isinstance(job.error, Wording)
    # the worker serves the next request as before
    ok = thread_worker.ask(EvaluateRequest("othello", OTHELLO.rules.view(START, 0), 0), 1.0)
    assert ok.wait(10) and ok.error is None and ok.move
