"""The match engine: AI turns off the UI thread, the referee, undo / redo, saving."""
import subprocess
import sys
import time

import pytest

from boardhub.core.game import get_game
from boardhub.core.arena import play_game
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.worker import ThreadWorker

DOTS = get_game("dots")
FAST = dict(ai_delay=0.0, chain_delay=0.0)


def run_until(match, cond, timeout=10.0):
    end = time.monotonic() + timeout
    while not cond() and time.monotonic() < end:
        match.update()
        match.wait(0.05)
    assert cond()


def test_ai_vs_ai_plays_to_the_end_in_the_worker_process(worker):
    m = Match(DOTS, [Seat("normal"), Seat("easy")], {"rows": 2, "cols": 3}, seed=5,
              timing=Timing(referee=True, **FAST), worker=worker)
    play_game(m)
    assert m.outcome.reason == "score" and len(m.history) == 17
    assert sum(m.outcome.scores) == 6


@pytest.mark.parametrize("ai, reason, words", [
    ("py:aihelpers:crashing", "error", "stopped with an internal error"),
    ("py:aihelpers:illegal", "illegal", "is a dot"),
])
def test_a_broken_ai_forfeits_with_the_reason(worker, ai, reason, words):
    m = Match(DOTS, [Seat(), Seat(ai)], timing=Timing(**FAST), worker=worker)
    m.play((0, 1))
    run_until(m, lambda: m.is_over)
    assert m.outcome.reason == reason and m.outcome.winner == 0
    assert words in m.outcome.detail
    assert len(m.history) == 1  # nothing half-applied


def test_a_late_ai_loses_in_referee_mode_only(worker):
    timing = Timing(limit=0.1, referee=True, **FAST)
    m = Match(DOTS, [Seat("py:aihelpers:sleepy"), Seat()], timing=timing, worker=worker)
    run_until(m, lambda: m.is_over)
    assert m.outcome.reason == "time" and m.outcome.winner == 1
    m = Match(DOTS, [Seat("py:aihelpers:sleepy"), Seat()], timing=Timing(limit=0.1, **FAST), worker=worker)
    run_until(m, lambda: len(m.history) == 1)
    assert not m.is_over and m.history[0].seconds > 0.1


def test_an_engine_start_up_does_not_count_against_its_clock(worker):
    m = Match(DOTS, [Seat("py:aihelpers:slow_start"), Seat()], timing=Timing(limit=0.1, referee=True, **FAST),
              worker=worker)
    run_until(m, lambda: len(m.history) == 1 or m.is_over)
    assert not m.is_over and m.history[0].seconds < 0.1


def test_the_ai_move_waits_for_its_visible_delay():
    m = Match(DOTS, [Seat(), Seat("py:aihelpers:first")], timing=Timing(ai_delay=0.3), worker=ThreadWorker())
    m.play((8, 7))
    t0 = time.monotonic()
    run_until(m, lambda: len(m.history) == 2)
    assert time.monotonic() - t0 >= 0.28


def test_undo_against_an_ai_returns_to_your_turn_and_redo_replays(worker):
    m = Match(DOTS, [Seat(), Seat("py:aihelpers:first")], timing=Timing(**FAST), worker=worker)
    m.play((8, 7))
    run_until(m, lambda: m.human_to_move)
    m.play((7, 8))
    run_until(m, lambda: m.human_to_move)
    assert len(m.history) == 4
    assert m.undo()
    assert len(m.history) == 2 and m.human_to_move
    assert m.redo()
    assert len(m.history) == 4 and m.human_to_move
    m.undo()
    m.play((5, 8))  # a new move ends redo
    assert not m.can_redo()


def test_answers_to_an_undone_position_are_dropped():
    m = Match(DOTS, [Seat(), Seat("py:aihelpers:first")], timing=Timing(**FAST), worker=ThreadWorker())
    m.play((8, 7))
    m.update()  # the AI's search starts
    m.undo()
    time.sleep(0.1)
    m.update()
    assert m.history == [] and m.human_to_move


def test_a_search_queued_behind_another_still_gets_its_whole_limit():
    w = ThreadWorker()
    view = DOTS.rules.new_game()
    first = w.submit("dots", "py:aihelpers:sleepy", view, 0.1)
    second = w.submit("dots", "py:aihelpers:first", view, 0.3)
    assert second.wait(5) and first.done
    assert second.started >= first.finished
    assert second.deadline - second.started == pytest.approx(0.3 + second.prepare)  # building the AI is not thinking
    w.close()


def test_pause_and_step_in_ai_vs_ai(worker):
    m = Match(DOTS, [Seat("easy"), Seat("easy")], timing=Timing(**FAST), worker=worker)
    m.toggle_pause()
    for _ in range(10):
        m.update()
        m.wait(0.05)
    assert m.history == []
    m.step()
    run_until(m, lambda: len(m.history) == 1)
    for _ in range(5):
        m.update()
        m.wait(0.05)
    assert len(m.history) == 1


def test_save_and_resume_reproduce_the_game(worker):
    m = Match(DOTS, [Seat("normal"), Seat()], {"rows": 3, "cols": 2}, seed=9, timing=Timing(**FAST), worker=worker)
    run_until(m, lambda: m.human_to_move)
    m.play(m.rules.legal_moves(m.state)[0])
    data = m.to_json()
    back = Match.from_json(DOTS, data)
    assert back.state == m.state and back.moves == m.moves and back.seed == 9
    data["moves"][1] = "0 0"
    with pytest.raises(ValueError, match="move 2"):
        Match.from_json(DOTS, data)


def test_arena_cli_prints_the_result_line():
    out = subprocess.run([sys.executable, "-m", "boardhub", "arena", "dots", "--a", "normal", "--b", "easy",
                          "--games", "4", "--rows", "2", "--cols", "2", "--seed", "3"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("RESULT a=normal b=easy games=4 a_wins=")
    fields = dict(kv.split("=") for kv in last.split()[1:])
    assert int(fields["a_wins"]) + int(fields["draws"]) + int(fields["b_wins"]) == 4
    assert "4/4" in out.stderr  # the progress bar


def test_arena_refuses_unknown_ais():
    out = subprocess.run([sys.executable, "-m", "boardhub", "arena", "dots", "--a", "nobody", "--b", "easy"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "no AI called 'nobody'" in out.stderr


def test_scripting_api():
    dots = get_game("dots")
    ai = dots.ais["normal"](seed=1)
    state = dots.rules.new_game({"rows": 2, "cols": 2})
    while not dots.rules.is_over(state):
        state = dots.rules.apply(state, ai.choose(dots.rules.view(state, state.player), time.monotonic() + 0.5))
    assert sum(dots.rules.outcome(state).scores) == 4


@pytest.mark.parametrize("seats, humans, one", [
    ([Seat(), Seat("easy")], (0,), 0),
    ([Seat("easy"), Seat()], (1,), 1),
    ([Seat(), Seat()], (0, 1), None),
    ([Seat("easy"), Seat("normal")], (), None),
])
def test_the_human_seats_and_the_one_human_seat(seats, humans, one):
    m = Match(DOTS, seats, {"rows": 2, "cols": 3}, seed=5)
    assert m.human_seats == humans and m.human_seat == one
