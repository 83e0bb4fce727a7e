"""Every case of the hostile-file corpus (tests/hostile_files.py) fed to every reader of the saves folder.

The games folder at start-up (the menu's Continue, the Saved games list, each row
drawn, Replay and Resume of each file), the settings, the stats (loaded, and
written at the end of a game against the AI) and the learned data. Each case:
no exception, a bounded time (the start-up runs in its own process under a
timeout: a FIFO or /dev/zero must not hang it), the file listed or refused in
words, and nothing else on disk changed.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path

import pytest
from hostile_files import PWNED, make_corpus, shaped, texts

from boardhub.core import saves
from boardhub.core.saved_games import load_entries
from boardhub.core.seat_check import starts_program
from boardhub.core.events import Notice
from boardhub.core.session import GameSession
from boardhub.core.settings import Settings
from boardhub.core.setup import GameSetup
from boardhub.core.stats import Stats

CASES = sorted([*texts(), "sparse_big", "a_folder", *(() if sys.platform == "win32" else
                                                      ("dev_zero", "dev_urandom", "dangling", "fifo"))])
START_UP_SECONDS = 240  # the whole corpus through the app, on a slow shared machine; a hang never ends
TECHNICAL = ("Traceback", "Error", "Exception", ".py", "\x00", ".tmp", "sys.set_int_max_str_digits")


def snapshot(folder: Path) -> dict[str, tuple]:
    """What a folder holds, link by link and byte by byte: a change to any file shows (but for the lock
    files of games opened, which hold nothing)."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.name.endswith(".lock") and path.stat().st_size == 0:
            continue
        info = path.lstat()
        if stat.S_ISREG(info.st_mode):
            out[str(path.relative_to(folder))] = ("file", hashlib.sha256(path.read_bytes()).hexdigest())
        elif stat.S_ISLNK(info.st_mode):
            out[str(path.relative_to(folder))] = ("link", os.readlink(path))
        else:
            out[str(path.relative_to(folder))] = (stat.S_IFMT(info.st_mode),)
    return out


def in_words(text: str) -> bool:
    return bool(text.strip()) and not any(t in text for t in TECHNICAL)


START_UP = """
    import json, sys
    import pygame
    from boardhub.app import App
    from boardhub.scenes.game import GameScene
    from boardhub.scenes.saves_browser import SavesScene
    app = App((800, 600))
    menu = app.open("menu")
    app.frame(0.016)
    out = {"continue": menu.resumable.path.name if menu.resumable else None, "menu_error": menu.error}
    browser = app.open("saves")
    app.frame(0.016)
    rows = {}
    for i, entry in enumerate(browser.entries):
        browser.select(i)
        app.frame(0.016)  # the row drawn
        row = {"readable": entry.readable, "error": entry.error, "said": []}
        if entry.readable:
            for action in (browser.replay_selected, browser.open_selected):
                browser.message = ""
                action()
                if browser.confirm is not None:  # asked before a program starts: the answer is no
                    row["said"].append("asked: " + browser.confirm.text)
                    browser.confirm.no.on_click()
                if isinstance(app.top, GameScene):
                    row["said"].append("opened")
                    app.pop()  # at once: the game's file stays as it was
                    app.frame(0.016)
                else:
                    row["said"].append(browser.message)
        rows[entry.path.name] = row
    out["rows"] = rows
    app.close()
    print("RESULT " + json.dumps(out))
"""


def test_the_games_folder_at_start_up_lists_every_hostile_file_in_words(saves_folder):
    real = GameSession.new(GameSetup.default("othello", "pvp"))  # the one game Continue should offer
    real.close()
    Path(PWNED).unlink(missing_ok=True)
    # the games folder lists JSON files: the corpus's records in plain text lie there unlisted
    corpus = {case: path for case, path in make_corpus(saves.games_dir()).items() if path.suffix == ".json"}
    # the corpus is older than the real game, but some of its files say they were saved in 9999
    for path in corpus.values():
        if path.is_file() and not path.is_symlink():
            os.utime(path, (time.time() - 3600, time.time() - 3600))
    before = snapshot(saves.games_dir())
    env = {**os.environ, "BOARDHUB_SAVES": str(saves_folder), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.run([sys.executable, "-c", textwrap.dedent(START_UP)], env=env, capture_output=True, text=True,
                         timeout=START_UP_SECONDS)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "Traceback" not in run.stderr, run.stderr[-3000:]
    out = json.loads(run.stdout.split("RESULT ", 1)[1])
    assert out["continue"] == real.save_path.name and out["menu_error"] == ""
    rows = out["rows"]
    assert set(rows) == {p.name for p in corpus.values()} | {real.save_path.name}
    for case, path in corpus.items():
        row = rows[path.name]
        if not row["readable"]:
            assert row["error"].startswith(f"{path.name}: ") and in_words(row["error"]), (case, row)
        for said in row["said"]:
            assert said == "opened" or in_words(said), (case, said)
    shell = rows["g_shell_seat.json"]["said"]
    assert shell[0] == "opened" and "would start the program 'sh'" in shell[1]  # replayed; never resumed
    assert "its move limit (1e+06 s) is not one boardhub offers" in rows["g_huge_limit.json"]["said"][1]
    for case in ("g_long_move", "g_long_name", "g_many_moves", "g_huge_board", "g_forfeit_winner",
                 "huge_int", "deep_list", "inf_seed", "nul_in_seat", "fifo", "dev_zero", "sparse_big"):
        if case in corpus:
            assert not rows[f"{case}.json"]["readable"], case
    assert snapshot(saves.games_dir()) == before  # nothing in the games folder changed
    assert not Path(PWNED).exists()


def put(case_path: Path, target: Path) -> None:
    """The corpus case at `target`: the same bytes, link, folder or FIFO."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if case_path.is_symlink():
        target.symlink_to(os.readlink(case_path))
    elif case_path.is_dir():
        target.mkdir()
    elif not case_path.is_file():
        os.mkfifo(target)
    else:
        shutil.copyfile(case_path, target)


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_settings_file_gives_the_defaults_and_a_reason(case, corpus, saves_folder):
    path = saves_folder / "settings.json"
    put(corpus[case], path)
    before = snapshot(saves_folder)
    settings = Settings.load()
    after = snapshot(saves_folder)
    if settings.problem:
        assert in_words(settings.problem)
        moved = after.pop("settings-damaged.json", None)
        if moved is not None:  # a damaged regular file is kept beside, byte for byte
            assert moved == before.pop("settings.json")
    assert after == before
    assert 0 <= settings.ai_delay <= 10 and 0 <= settings.ava_delay <= 10
    assert isinstance(settings.last_setups, dict) and isinstance(settings.engines(), set)


@pytest.fixture(scope="module")
def fast(worker):
    return lambda: worker


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_stats_file_never_stops_a_game_against_the_ai_from_ending(case, corpus, saves_folder, fast):
    path = saves_folder / "stats.json"
    put(corpus[case], path)
    before = snapshot(saves_folder)
    stats = Stats.load()
    assert stats.error == "" or in_words(stats.error)
    setup = replace(GameSetup.default("dots", "pva"), options={"rows": 1, "cols": 1}, seats=(None, "easy"))
    session = GameSession.new(setup, fast)
    session.pace(0.0, 0.0, 0.0)
    events, give_up = [], time.monotonic() + 30
    while not session.match.is_over:
        assert time.monotonic() < give_up
        if session.interactive:
            session.play(session.match.rules.legal_moves(session.match.state)[0])
        else:
            session.match.wait(0.5)
        events += session.update()
    events += session.update()
    session.close()
    last = saves.read_json(session.save_path, "game")
    assert last["result"] and last["counted"] is True  # the game's last save came, whatever the stats file was
    if stats.error:
        notices = [e.text for e in events if isinstance(e, Notice) and "not counted" in e.text]
        assert notices and all(in_words(n) for n in notices)
        after = snapshot(saves_folder)
        assert {k: v for k, v in after.items() if k in before} == before  # the stats file is left as it was
    else:
        assert sum(Stats.load().table["dots"]["easy"]) == 1


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_file_in_the_learned_data_is_refused_in_words(case, corpus):
    from boardhub.games.gomoku import weights
    from boardhub.games.othello import book, learning
    for module in (book, learning, weights):
        try:
            module.load(corpus[case])
        except ValueError as exc:  # SaveError: the file's name and why
            assert in_words(str(exc)), (module.__name__, str(exc))


@pytest.mark.parametrize("case", sorted(shaped()))
def test_each_hostile_save_lists_replays_or_is_refused_in_words(case, corpus, saves_folder):
    put(corpus[case], saves.games_dir() / f"{case}.json")
    before = snapshot(saves.games_dir())
    (entry,) = load_entries()
    if not entry.readable:
        assert in_words(entry.error)
        return
    replay = GameSession.replay(entry)
    replay.pace(0.0, 0.0, 0.0)
    give_up = time.monotonic() + 10
    while len(replay.match.history) < len(replay.script) and time.monotonic() < give_up:
        replay.update(time.monotonic() + 1)
    assert replay.match.worker is None
    asked = []

    class NoWorker:  # the AI process, asked for only when every seat may be played here; it runs nothing
        def cancel(self, job): pass
        def release(self, token): pass

    try:
        GameSession.resume(entry, lambda: asked.append(1) or NoWorker()).close()
    except ValueError as exc:
        assert in_words(str(exc)) and not asked
    else:
        assert not any(starts_program(seat["ai"]) for seat in entry.data["seats"])
    assert snapshot(saves.games_dir()) == before
