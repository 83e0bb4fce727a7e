"""Whatever an AI does, the window lives: a misbehaving AI forfeits with a sentence in the player's
language, and boardhub's own AI process, if it dies during a search, is restarted and asked again once."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from boardhub.core import i18n
from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.events import Notice
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.core.worker import ProcessWorker

DOTS = get_game("dots")
FAST = dict(ai_delay=0.0, chain_delay=0.0)
HANGUL = re.compile("[\uac00-\ud7a3]")
TESTS = Path(__file__).parent


@pytest.fixture(scope="module")
def worker():
    """An AI process of the module's own: these tests kill it, and a hang is given up after 0.5 s."""
    w = ProcessWorker()
    w.hang_grace = 0.5
    warm = ai_turn(w, "py:aihelpers:first")  # a process that has answered is given no time to start
    run_until(warm, lambda: len(warm.history) == 2)
    yield w
    w.close()


def ai_turn(worker, ai: str, limit: float = 0.3) -> Match:
    """A Dots game where the human has played and `ai` is asked for its move."""
    m = Match(DOTS, [Seat(), Seat(ai)], {"rows": 2, "cols": 2}, timing=Timing(limit=limit, **FAST), worker=worker)
    m.play(m.rules.legal_moves(m.state)[0])
    return m


def run_until(match: Match, cond, timeout: float = 20.0) -> list:
    events, end = [], time.monotonic() + timeout
    while not cond() and time.monotonic() < end:
        match.update()
        match.wait(0.05)
        events += match.drain_events()
    assert cond()
    return events


@pytest.mark.parametrize("ai, reason, english", [
    ("py:aihelpers:crashing", "error", "stopped with an internal error"),
    ("py:aihelpers:hanging", "error", "gave no answer 0.5 s after its time was up"),
    ("py:aihelpers:garbage", "illegal", "played an illegal move ({'banana': [1, 2, 3, 1, 2, 3, 1, 2, 3,"),
    ("py:aihelpers:poisonous", "illegal", "answered with something that is not a move"),
    ("py:aihelpers:unpicklable", "error", "gave an answer that cannot be passed on"),
    ("py:aihelpers:suicidal", "error", "crashed twice in one move"),
])
def test_a_misbehaving_ai_forfeits_with_a_sentence_in_the_players_language(worker, ai, reason, english):
    m = ai_turn(worker, ai)
    run_until(m, lambda: m.is_over)
    outcome = m.outcome
    assert outcome.reason == reason and outcome.winner == 0 and len(m.history) == 1
    labels = [seat.label for seat in m.seats]
    assert english in outcome.describe(labels) and len(outcome.describe(labels)) < 400
    try:
        i18n.set_language("ko")
        said = outcome.describe(labels, i18n._)
    finally:
        i18n.set_language("en")
    assert HANGUL.search(said) and english not in said
    assert not re.search(r"Error|Traceback|lambda|\.py\b", said)
    # the AI process serves the next game as before
    after = ai_turn(worker, "py:aihelpers:first")
    run_until(after, lambda: len(after.history) == 2)
    assert not after.is_over or after.outcome.reason == "score"


def test_an_ai_that_kills_its_own_process_is_asked_again_once_and_the_player_is_told(worker):
    m = ai_turn(worker, "py:aihelpers:suicidal")
    events = run_until(m, lambda: m.is_over)
    assert [type(ev).__name__ for ev in events if type(ev).__name__ == "SeatNotice"] == ["SeatNotice"]
    assert "crashed twice" in m.outcome.describe()


def test_an_ai_that_prints_plays_on_and_keeps_the_arenas_output_clean(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-m", "boardhub", "arena", "dots", "--a", "py:aihelpers:chatty",
                          "--b", "easy", "--games", "1", "--rows", "1", "--cols", "2", "--limit", "0.2", "--quiet"],
                         capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("RESULT a=py:aihelpers:chatty b=easy games=1 ") and "forfeits=0" in out.stdout
    assert "CHATTY-AI" not in out.stdout and "CHATTY-AI" in out.stderr


def kill_ai_process(worker, match: Match, not_pid: int | None = None) -> int:
    """Kill -9 the AI process while it searches (a new one than `not_pid`); its pid."""
    end = time.monotonic() + 20
    while True:
        match.update()
        proc, job = worker._proc, match._job
        if proc is not None and proc.pid != not_pid and job is not None and job.started and not job.done:
            break
        assert time.monotonic() < end, "the AI was never asked"
        time.sleep(0.01)
    time.sleep(0.1)  # inside its search
    os.kill(proc.pid, signal.SIGKILL)
    return proc.pid


def test_a_killed_ai_process_is_restarted_the_move_comes_and_a_notice_says_so(worker, saves_folder):
    setup = replace(GameSetup.default("dots", "pva"), seats=(None, "py:aihelpers:deliberate"),
                    options={"rows": 2, "cols": 2}, limit=1.0, referee=True)
    session = GameSession.new(setup, lambda: worker)
    session.pace(0.0, 0.0, 0.0)
    m = session.match
    session.play(m.rules.legal_moves(m.state)[0])
    retried = worker.retried
    kill_ai_process(worker, m)
    events, end = [], time.monotonic() + 20
    while len(m.history) < 2 and not m.is_over and time.monotonic() < end:
        m.wait(0.05)
        events += session.update()
    assert not m.is_over and len(m.history) == 2 and m.history[1].seat == 1  # the move came, no forfeit
    assert worker.retried == retried + 1
    notices = [ev.text for ev in events if isinstance(ev, Notice)]
    assert len(notices) == 1 and "restarted and asked again" in notices[0] and "{" not in notices[0]
    assert m.history[1].seconds < 1.0  # the try that died is not the seat's time


def test_a_second_death_in_one_move_forfeits_with_a_sentence(worker):
    m = ai_turn(worker, "py:aihelpers:deliberate", limit=1.0)
    first = kill_ai_process(worker, m)
    kill_ai_process(worker, m, not_pid=first)
    run_until(m, lambda: m.is_over)
    assert m.outcome.reason == "error" and m.outcome.winner == 0
    assert "crashed twice in one move" in m.outcome.describe([s.label for s in m.seats])


def test_an_ai_whose_process_died_once_plays_its_move(worker, tmp_path, monkeypatch):
    monkeypatch.setenv("AIHELPERS_MARKER", str(tmp_path / "died"))
    fresh = ProcessWorker()  # spawned with the marker in its environment
    try:
        m = ai_turn(fresh, "py:aihelpers:suicidal_once")
        events = run_until(m, lambda: len(m.history) == 2 or m.is_over)
        assert len(m.history) == 2 and fresh.retried == 1
        assert any(type(ev).__name__ == "SeatNotice" for ev in events)
    finally:
        fresh.close()
