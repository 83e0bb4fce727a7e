"""The arena plays several games at a time with the same results, and gives a seat its own move limit."""
from __future__ import annotations

import subprocess
import sys

from boardhub.core.arena import play_series


def series(jobs: int, seed: int = 5) -> tuple:
    """The running score after each game, and the final result, of greedy:1 against random."""
    running = []
    r = play_series("othello", "greedy:1", "random", 6, limit=0.5, seed=seed, progress=False, jobs=jobs,
                    on_game=lambda so_far: running.append((so_far.a_wins, so_far.draws, so_far.b_wins)))
    return running, (r.games, r.a_wins, r.draws, r.b_wins, r.margin, r.forfeits, r.late)


def test_a_series_gives_the_same_results_game_by_game_whatever_the_games_at_a_time():
    one, two = series(1), series(2)
    assert one == two
    assert one[1][0] == 6 and not one[1][5]
    # the seeds decide: other seeds give other games (random's moves differ); two seeds, since the
    # margins of two seeds' six games have come out equal by chance
    assert any(series(1, seed=seed) != one for seed in (6, 7))


def test_a_seat_may_have_its_own_move_limit():
    # the patient seat waits until its deadline: with 0.1 s it would be late, with its own 0.4 s it is not
    r = play_series("othello", "random", "py:patientai:make", 2, limit=0.1, progress=False, limit_b=0.4, jobs=2)
    assert r.slowest["b"] > 0.2 and r.late == 0 and not r.forfeits
    assert r.slowest["a"] < 0.1


def test_the_arena_command_takes_jobs():
    out = subprocess.run([sys.executable, "-m", "boardhub", "arena", "othello", "--a", "greedy:1", "--b", "random",
                          "--games", "4", "--jobs", "2", "--quiet"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("RESULT a=greedy:1 b=random games=4 ")
