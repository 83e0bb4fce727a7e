"""The arena survives seats that fail: each failure costs that game alone, as a forfeit
counted with its reason, and the series goes on to play its later games normally.

The failing seats (tests/arenahelpers.py) go wrong in the 1st and 3rd games they
play and play well in the 2nd and 4th; each series runs through play_series with
its own AI process, as `python -m boardhub arena` does.
"""
import threading

import pytest

from boardhub.core.game import get_game
from boardhub.core import worker as worker_module
from boardhub.core.arena import play_series
from boardhub.core.rules import FORFEIT_REASONS
from boardhub.core.worker import ProcessWorker

DOTS = {"rows": 3, "cols": 3}
GAMES = 4
SERIES_SECONDS = 90


@pytest.fixture(autouse=True)
def flaky_folder(tmp_path, monkeypatch):
    """Where the failing seats count their games; set before the series starts its AI process."""
    folder = tmp_path / "flaky"
    folder.mkdir()
    monkeypatch.setenv("BOARDHUB_TEST_FLAKY", str(folder))
    return folder


def series(*args, **kwargs):
    """play_series, bounded in time: a series that never ends fails the test instead of hanging it."""
    out: list = []
    thread = threading.Thread(target=lambda: out.append(play_series(*args, progress=False, **kwargs)), daemon=True)
    thread.start()
    thread.join(SERIES_SECONDS)
    assert out, f"the series did not finish in {SERIES_SECONDS} s"
    return out[0]


def check_series(result, reason: str, words: str) -> None:
    """Every game played; games 1 and 3 forfeited by the failing seat for `reason`, 2 and 4 not."""
    assert reason in FORFEIT_REASONS
    assert result.games == GAMES
    assert result.forfeit_reasons == {reason: 2}, result.forfeits
    assert [f.split(":")[0] for f in result.forfeits] == ["game 1", "game 3"]
    assert all(words in f for f in result.forfeits), result.forfeits
    # the failing seat is a; it lost the games it broke and the series went on past them
    assert result.b_wins >= 2


@pytest.mark.parametrize("ai, reason, words, replaced", [
    ("crashing", "error", "stopped with an internal error", 0),
    ("late", "time", "over the 0.2 s limit", 0),
    ("cheating", "illegal", "illegal move", 0),
    ("unreadable", "error", "gave an answer that cannot be read", 0),
])
def test_a_failing_ai_forfeits_that_game_and_the_series_goes_on(ai, reason, words, replaced):
    worker = ProcessWorker()
    try:
        result = series("dots", f"py:arenahelpers:{ai}", "easy", GAMES, limit=0.2, options=DOTS, worker=worker)
    finally:
        worker.close()
    check_series(result, reason, words)
    assert worker.replaced == replaced  # a dead AI process is replaced, and counted


def test_an_ai_whose_process_dies_is_asked_again_and_no_game_is_forfeited():
    # its process ends on its 2nd move of every odd-numbered game it is built for: each game's first
    # build; rebuilt in a new process (the game's even-numbered build), it plays on
    worker = ProcessWorker()
    try:
        result = series("dots", "py:arenahelpers:dying", "easy", GAMES, limit=0.2, options=DOTS, worker=worker)
    finally:
        worker.close()
    assert result.games == GAMES and not result.forfeits, result.forfeits
    assert worker.replaced == 4 and worker.retried == 4


def test_a_hung_ai_loses_on_time_and_its_process_is_replaced(monkeypatch):
    monkeypatch.setattr(worker_module, "HANG_GRACE", 0.5)  # the worker gives up on it sooner
    worker = ProcessWorker()
    try:
        result = series("dots", "py:arenahelpers:hanging", "easy", GAMES, limit=0.2, options=DOTS, worker=worker)
    finally:
        worker.close()
    check_series(result, "time", "over the 0.2 s limit")
    assert worker.replaced == 2


def test_without_a_referee_a_hung_ai_still_forfeits_with_the_reason(monkeypatch):
    monkeypatch.setattr(worker_module, "HANG_GRACE", 0.5)
    result = series("dots", "py:arenahelpers:hanging", "easy", GAMES, limit=0.2, options=DOTS, referee=False)
    check_series(result, "error", "no answer")


@pytest.mark.parametrize("game, ai, rival, words", [
    ("gomoku", "brain", "easy", "stopped (exit code 3)"),
    ("othello", "gtp", "random", "killed by SIGKILL"),
    ("gomoku", "vanishing", "easy", "no such program"),
])
def test_an_engine_that_dies_or_vanishes_forfeits_that_game_and_the_series_goes_on(game, ai, rival, words):
    result = series(game, f"py:arenahelpers:{ai}", rival, GAMES, limit=0.3)
    check_series(result, "error", words)


def test_an_engine_that_does_not_exist_stops_the_series_before_it_starts():
    with pytest.raises(ValueError, match="no such program"):
        play_series("gomoku", "pbrain:/no/such/pbrain-engine", "easy", GAMES, progress=False)


def test_the_first_move_does_not_pay_for_the_start_of_the_ai_process():
    """A series starts its AI process and asks at once: the process's start-up and the import of the
    game's modules are not the first AI's thinking time, or it would lose on time at short limits."""
    dots = get_game("dots")
    worker = ProcessWorker()
    try:
        job = worker.submit("dots", "easy", dots.rules.new_game({}, 1), 0.05)
        assert job.wait(30) and job.error is None
    finally:
        worker.close()
    # a random line takes microseconds; starting a Python process and importing the game, tens of ms
    assert job.elapsed < 0.02 and job.finished <= job.deadline
