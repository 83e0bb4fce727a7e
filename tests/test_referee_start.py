"""Under the referee, an engine that never answered at start is said to be so, not to have been slow."""
from __future__ import annotations

import pytest

from boardhub.core.arena import play_game
from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.worker import ProcessWorker, ThreadWorker


@pytest.mark.parametrize("make_worker", [ThreadWorker, ProcessWorker])
def test_an_engine_that_never_answered_at_start_is_reported_as_such(make_worker):
    worker = make_worker()
    try:
        m = Match(get_game("othello"), [Seat("py:mute_engine:make"), Seat("random")], seed=1,
                  timing=Timing(limit=0.1, ai_delay=0.0, chain_delay=0.0, referee=True), worker=worker)
        play_game(m)
    finally:
        worker.close()
    detail = m.outcome.describe([s.label for s in m.seats])
    assert m.outcome.reason == "error" and m.outcome.winner == 1, detail
    assert "did not answer at start (it said nothing for 0.3 s)" in detail
    assert "took" not in detail and "limit" not in detail
