"""Two boardhub processes on one saves folder lose nothing.

Each test runs real processes (what two windows are): the settings each changed,
every result each recorded, and a game open in one is refused in the other, in
words. A game killed between its count in the stats and its own last save is
counted once when it is finished again.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from boardhub.core import saves
from boardhub.core.saved_games import latest_unfinished
from boardhub.core.session import GameSession
from boardhub.core.settings import Settings
from boardhub.core.setup import GameSetup
from boardhub.core.stats import Stats

TIMEOUT = 120


def start(code: str, folder: Path, *args: str) -> subprocess.Popen:
    """A process of boardhub's core on the saves folder `folder` running `code` (args in sys.argv[1:])."""
    env = {**os.environ, "BOARDHUB_SAVES": str(folder), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def finish(proc: subprocess.Popen) -> str:
    out, _err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 0, out
    return out


def wait_for(path: Path) -> None:
    give_up = time.monotonic() + TIMEOUT
    while not path.exists():
        assert time.monotonic() < give_up, f"{path.name} never came"
        time.sleep(0.01)


SETTINGS = """
    import sys, time
    from pathlib import Path
    from boardhub.core.settings import Settings
    key, value, ready, go = sys.argv[1], sys.argv[2], Path(sys.argv[3]), Path(sys.argv[4])
    settings = Settings.load()          # both windows have read the file before either writes
    ready.touch()
    while not go.exists():
        time.sleep(0.01)
    setattr(settings, key, {"False": False, "True": True}.get(value, value))
    settings.save()
"""


def test_two_windows_each_keep_the_setting_they_changed(saves_folder, tmp_path):
    Settings().save()
    a = start(SETTINGS, saves_folder, "sound", "False", str(tmp_path / "a-ready"), str(tmp_path / "a-go"))
    b = start(SETTINGS, saves_folder, "language", "ko", str(tmp_path / "b-ready"), str(tmp_path / "b-go"))
    wait_for(tmp_path / "a-ready")
    wait_for(tmp_path / "b-ready")
    (tmp_path / "a-go").touch()  # one after the other: the second writes over the file the first wrote
    finish(a)
    (tmp_path / "b-go").touch()
    finish(b)
    settings = Settings.load()
    assert settings.sound is False and settings.language == "ko"


def test_two_windows_each_keep_their_own_last_setup(saves_folder, tmp_path):
    code = """
        import sys, time
        from pathlib import Path
        from boardhub.core.settings import Settings
        game, ready, go = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
        settings = Settings.load()
        ready.touch()
        while not go.exists():
            time.sleep(0.01)
        settings.remember_setup({"game": game, "mode": "pvp", "seats": [None, None], "options": {},
                                 "limit": 0.5, "referee": False})
        settings.save()
    """
    procs = [start(code, saves_folder, game, str(tmp_path / f"{game}-ready"), str(tmp_path / f"{game}-go"))
             for game in ("othello", "gomoku")]
    for game in ("othello", "gomoku"):
        wait_for(tmp_path / f"{game}-ready")
    for game, proc in zip(("othello", "gomoku"), procs):
        (tmp_path / f"{game}-go").touch()
        finish(proc)
    assert set(Settings.load().last_setups) == {"othello/pvp", "gomoku/pvp"}


def test_two_windows_recording_results_at_once_keep_every_one(saves_folder, tmp_path):
    code = """
        import sys, time
        from pathlib import Path
        from boardhub.core.stats import Stats
        who, go = sys.argv[1], Path(sys.argv[2])
        while not go.exists():
            time.sleep(0.001)
        for n in range(200):
            Stats.load().record("dots", "easy", ("win", "draw", "loss")[n % 3], game_id=f"{who}-{n}")
    """
    procs = [start(code, saves_folder, who, str(tmp_path / "go")) for who in ("a", "b")]
    time.sleep(0.5)  # both started (importing) before either records
    (tmp_path / "go").touch()
    for proc in procs:
        finish(proc)
    row = Stats.load().table["dots"]["easy"]
    assert sum(row) == 400 and row == [134, 134, 132]


HOLD = """
    import sys, time
    from pathlib import Path
    from boardhub.core import saves
    from boardhub.core.session import GameSession
    from boardhub.core.worker import ThreadWorker
    held, leave = Path(sys.argv[1]), Path(sys.argv[2])
    (saved,) = saves.list_games()
    session = GameSession.resume(saved, ThreadWorker)
    held.touch()
    while not leave.exists():
        time.sleep(0.01)
    session.close()
"""


def test_a_game_open_in_one_window_is_refused_in_another(saves_folder, tmp_path, worker):
    session = GameSession.new(GameSetup.default("othello", "pvp"))
    session.close()
    other = start(HOLD, saves_folder, str(tmp_path / "held"), str(tmp_path / "leave"))
    wait_for(tmp_path / "held")
    (saved,) = saves.list_games()
    with pytest.raises(ValueError) as refused:
        GameSession.resume(saved, lambda: worker)
    assert str(refused.value) == f"{saved.path.name}: it is open in another boardhub window"
    with pytest.raises(OSError):
        saves.delete_game(saved.path)  # nor deleted under the other window
    assert saved.path.exists()
    (tmp_path / "leave").touch()
    finish(other)
    again = GameSession.resume(saved, lambda: worker)  # once the other window left it, it opens here
    again.close()


def test_a_window_killed_while_a_game_is_open_does_not_keep_it_locked(saves_folder, tmp_path, worker):
    GameSession.new(GameSetup.default("othello", "pvp")).close()
    other = start(HOLD, saves_folder, str(tmp_path / "held"), str(tmp_path / "never"))
    wait_for(tmp_path / "held")
    other.kill()
    other.communicate(timeout=TIMEOUT)
    (saved,) = saves.list_games()
    GameSession.resume(saved, lambda: worker).close()


KILLED_AFTER_COUNT = """
    import os, time
    from dataclasses import replace
    from boardhub.core import saves
    from boardhub.core.session import GameSession
    from boardhub.core.setup import GameSetup
    from boardhub.core.stats import stats_path
    from boardhub.core.worker import ThreadWorker

    write_game = saves.write_game
    def write_then_die(path, data):
        if data.get("result") and stats_path().exists():
            os._exit(0)  # killed between the stats' write and the game's own last save
        write_game(path, data)
    saves.write_game = write_then_die
    worker = ThreadWorker()
    setup = replace(GameSetup.default("dots", "pva"), options={"rows": 1, "cols": 1}, seats=(None, "easy"))
    session = GameSession.new(setup, lambda: worker)
    session.pace(0.0, 0.0, 0.0)
    give_up = time.monotonic() + 60
    while time.monotonic() < give_up:
        if session.interactive:
            session.play(session.match.rules.legal_moves(session.match.state)[0])
        else:
            session.match.wait(0.5)
        session.update()
    raise SystemExit("the game did not end")
"""


def test_a_game_killed_between_its_count_and_its_save_is_counted_once(saves_folder, worker):
    finish(start(KILLED_AFTER_COUNT, saves_folder))
    assert sum(Stats.load().table["dots"]["easy"]) == 1
    saved = latest_unfinished()  # the file lacks the last move: the game is not over there
    assert saved is not None and not saved.data["counted"]
    session = GameSession.resume(saved, lambda: worker)
    session.pace(0.0, 0.0, 0.0)
    give_up = time.monotonic() + 60
    while not session.match.is_over:
        assert time.monotonic() < give_up
        if session.interactive:
            session.play(session.match.rules.legal_moves(session.match.state)[0])
        else:
            session.match.wait(0.5)
        session.update()
    session.update()
    session.close()
    assert session.counted and sum(Stats.load().table["dots"]["easy"]) == 1


def test_continue_in_a_second_window_says_the_game_is_open_in_the_first(app, saves_folder, tmp_path):
    GameSession.new(GameSetup.default("othello", "pvp")).close()
    other = start(HOLD, saves_folder, str(tmp_path / "held"), str(tmp_path / "leave"))
    try:
        wait_for(tmp_path / "held")
        menu = app.top
        menu.resume()
        assert menu.continue_button.visible
        menu.continue_game()
        assert app.top is menu and "it is open in another boardhub window" in menu.error
    finally:
        (tmp_path / "leave").touch()
        finish(other)
