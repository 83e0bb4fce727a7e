"""Saves that never lose a game: autosave after every move, Continue, the saves browser, stats, settings."""
import json
import os
import signal
import subprocess
import sys
import time

import pygame
import pytest
from uidriver import click, frames, key

from boardhub.core.game import get_game
from boardhub.core import saves
from boardhub.core.match import Match, Seat
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.core.stats import Stats
from boardhub.scenes.game import GameScene
from boardhub.scenes.menu import MenuScene
from boardhub.scenes.result import ResultScene
from boardhub.scenes.saves_browser import SavesScene
from boardhub.scenes.settings import SettingsScene
from boardhub.scenes.stats import StatsScene

DOTS = get_game("dots")


def new_game(app, game_key="dots", seats=(None, None), **options):
    humans = sum(ai is None for ai in seats)
    mode = "pvp" if humans == len(seats) else "ava" if humans == 0 else "pva"
    default = GameSetup.default(game_key, "pvp")
    setup = GameSetup(game_key, tuple(seats), {**default.options, **options}, default.limit, default.referee, mode)
    return app.open("game", GameSession.new(setup, app.start_worker))


def wait_for(app, condition, seconds=20.0):
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        frames(app, 1, 0.01)
    assert condition()


def to_menu(app):
    app.reset("menu")  # what the game's "Main menu" does
    frames(app, 1)
    assert isinstance(app.top, MenuScene)
    return app.top


def saved_moves(scene):
    return json.loads(scene.session.save_path.read_text())["moves"]


def test_every_move_is_saved_as_it_is_played(app):
    scene = new_game(app, rows=2, cols=2)
    assert saved_moves(scene) == []
    for n, move in enumerate([(0, 1), (2, 1), (1, 0)], 1):
        scene.match.play(move)
        frames(app, 1)
        assert saved_moves(scene) == [scene.match.text(m) for m in scene.match.moves] and len(saved_moves(scene)) == n


def test_continue_resumes_a_game_against_the_ai_exactly(app):
    scene = new_game(app, "othello", seats=(None, "greedy:1"))
    scene.match.timing.limit = 0.3
    scene.match.play(scene.match.parse("f5"))
    wait_for(app, lambda: len(scene.match.history) == 2)
    scene.match.play(scene.match.rules.legal_moves(scene.match.state)[0])
    frames(app, 1)
    before = scene.match.to_json()
    clocks = [scene.match.seat_time(i) for i in range(2)]
    menu = to_menu(app)
    assert menu.continue_button.visible and menu.resumable.path == scene.session.save_path
    click(app, menu.continue_button.rect.center)
    resumed = app.top
    assert isinstance(resumed, GameScene) and resumed is not scene
    after = resumed.match.to_json()
    for field in ("game", "options", "seed", "seats", "moves", "seconds", "timing"):
        assert after[field] == before[field], field
    assert [resumed.match.seat_time(i) for i in range(2)] == pytest.approx(clocks, abs=1e-3)
    assert resumed.session.save_path == scene.session.save_path  # the same game goes on in the same file
    wait_for(app, lambda: len(resumed.match.history) == 4)  # the AI answers in the resumed game


def test_continue_resumes_ai_vs_ai_and_it_plays_on(app):
    scene = new_game(app, "dots", seats=("easy", "normal"), rows=3, cols=3)
    scene.speed.value = 0.0
    scene.resume()  # the pacing follows the speed
    wait_for(app, lambda: len(scene.match.history) >= 3)
    seed, moves = scene.match.seed, saved_moves(scene)
    menu = to_menu(app)
    click(app, menu.continue_button.rect.center)
    resumed = app.top
    assert resumed.match.kind == "AvA" and resumed.match.seed == seed
    assert [resumed.match.text(m) for m in resumed.match.moves] == moves
    wait_for(app, lambda: len(resumed.match.history) > len(moves))


def test_continue_offers_the_newest_unfinished_game_and_never_a_finished_one(app):
    first = new_game(app, rows=1, cols=1)
    first.match.play((0, 1))
    frames(app, 1)
    second = new_game(app, rows=1, cols=1)
    for move in ((0, 1), (2, 1), (1, 0), (1, 2)):
        second.match.play(move)
    frames(app, 1)
    assert second.match.is_over
    menu = to_menu(app)
    assert menu.resumable.path == first.session.save_path


def write(folder, name, text):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text)
    return path


def bad_files(saves_folder):
    """A file of every kind that cannot be resumed, each with a word its reason must contain."""
    good = Match(DOTS, [Seat(), Seat()], {"rows": 2, "cols": 2}, seed=1)
    good.play((0, 1))
    data = {"format": saves.FORMAT, "kind": "game", **good.to_json()}
    folder = saves_folder / "games"
    return {
        write(folder, "truncated.json", json.dumps(data)[:40]): "cut short",
        write(folder, "garbage.json", "\x00\x01 not json"): "not a boardhub save",
        write(folder, "foreign.json", json.dumps({"format": 1, "kind": "settings"})): "not a saved game",
        write(folder, "future.json", json.dumps({**data, "format": saves.FORMAT + 1})): "from a newer boardhub",
        write(folder, "unknown_game.json", json.dumps({**data, "game": "chess"})): "chess",
        write(folder, "illegal.json", json.dumps({**data, "moves": ["0 1", "0 1"]})): "illegal",
        write(folder, "no_seats.json", json.dumps({k: v for k, v in data.items() if k != "seats"})): "seats",
    }


def test_bad_files_are_listed_with_their_reason_and_never_touched(app, saves_folder):
    bad = bad_files(saves_folder)
    contents = {path: path.read_bytes() for path in bad}
    scene = new_game(app, rows=2, cols=2)  # a good game beside them
    scene.match.play((0, 1))
    frames(app, 1)
    menu = to_menu(app)
    assert menu.resumable.path == scene.session.save_path  # Continue skips what cannot be resumed
    click(app, menu.saves_button.rect.center)
    browser = app.top
    assert isinstance(browser, SavesScene) and len(browser.entries) == len(bad) + 1
    by_path = {e.path: e for e in browser.entries}
    for path, word in bad.items():
        entry = by_path[path]
        assert not entry.readable and word in entry.error, (path.name, entry.error)
        browser.select(browser.entries.index(entry))
        assert not browser.open_button.enabled and browser.delete_button.enabled  # it may go, once confirmed
        click(app, browser.open_button.rect.center)
        click(app, browser.delete_button.rect.center)  # the first click only asks
        assert app.top is browser and path.exists() and "sure" in browser.delete_button.label
    assert by_path[scene.session.save_path].readable
    new_game(app, rows=2, cols=2).match.play((0, 1))  # more saving around them
    frames(app, 1)
    assert {path: path.read_bytes() for path in bad} == contents


def test_the_browser_lists_resumes_replays_and_deletes(app):
    unfinished = new_game(app, seats=(None, "easy"), rows=2, cols=2)
    unfinished.match.play((0, 1))
    frames(app, 1)
    finished = new_game(app, rows=1, cols=1)
    for move in ((0, 1), (2, 1), (1, 0), (1, 2)):
        finished.match.play(move)
    frames(app, 1)
    menu = to_menu(app)
    click(app, menu.saves_button.rect.center)
    browser = app.top
    frames(app, 1)
    assert [e.path for e in browser.entries] == [finished.session.save_path, unfinished.session.save_path]  # newest first
    done, going = (e.data for e in browser.entries)
    assert done["players"] == "Player 1 vs Player 2" and "Player 2 wins" in done["result"]
    assert going["players"] == "You vs Easy AI" and going["status"].startswith("move 2")
    assert browser.open_button.label == "Open"

    # replay: the moves come one by one on their own, then the end panel
    files = {e.path: e.path.read_bytes() for e in browser.entries}
    browser.select(0)
    click(app, browser.replay_button.rect.center)
    replay = app.top
    assert isinstance(replay, GameScene) and replay.session.is_replay and replay.match.moves == []
    assert replay.session.save_path is None  # a replay has no file to write
    replay.speed.value = 0.0
    replay.resume()  # the pacing follows the speed
    wait_for(app, lambda: isinstance(app.top, ResultScene))
    assert app.top.title == "End of the replay"
    assert replay.match.moves == finished.match.moves and replay.match.is_over
    click(app, app.top.buttons[2].rect.center)  # back to the saved games
    assert app.top is browser
    assert saves.list_games()[0].path == finished.session.save_path  # watching changed nothing
    assert {p: p.read_bytes() for p in files} == files and len(saves.list_games()) == len(files)

    # resume the unfinished one, a click on the row twice
    row_y = browser.list_rect.y + browser.row_h * 1.5
    click(app, (browser.list_rect.centerx, row_y))
    click(app, (browser.list_rect.centerx, row_y))
    resumed = app.top
    assert isinstance(resumed, GameScene) and resumed.session.save_path == unfinished.session.save_path
    assert resumed.match.moves == [(0, 1)]
    key(app, pygame.K_ESCAPE)
    app.pop()  # the pause panel
    app.pop()  # the game: the browser again

    # delete asks first
    browser.select(0)
    click(app, browser.delete_button.rect.center)
    assert finished.session.save_path.exists() and "sure" in browser.delete_button.label
    click(app, browser.delete_button.rect.center)
    assert not finished.session.save_path.exists()
    assert [e.path for e in browser.entries] == [unfinished.session.save_path]


def test_replay_steps_back_and_forward_while_paused(app):
    scene = new_game(app, rows=1, cols=1)
    for move in ((0, 1), (2, 1), (1, 0)):
        scene.match.play(move)
    frames(app, 1)
    [saved] = saves.list_games()
    replay = app.open("game", GameSession.replay(saved))
    key(app, pygame.K_SPACE)
    assert replay.match.paused
    for _ in range(2):
        key(app, pygame.K_RIGHT)
    assert replay.match.moves == [(0, 1), (2, 1)]
    key(app, pygame.K_LEFT)
    assert replay.match.moves == [(0, 1)]
    click(app, replay.board.rect.center)  # the board takes no moves in a replay
    assert replay.match.moves == [(0, 1)] and "replay" in replay.message.text.lower()


def finish_against_ai(app):
    """A 1x1 game against the easy AI, ended by hand: the human completes the box or not."""
    scene = new_game(app, seats=(None, "easy"), rows=1, cols=1)
    m = scene.match
    m.play((0, 1))
    wait_for(app, lambda: len(m.history) == 2)
    rest = [x for x in m.rules.legal_moves(m.state)]
    m.play(rest[0])
    wait_for(app, lambda: m.is_over)
    frames(app, 2)
    return scene


def test_results_against_the_ai_go_into_the_stats_once(app, saves_folder):
    scene = finish_against_ai(app)
    outcome = scene.match.outcome
    expected = {0: "win", 1: "loss", None: "draw"}[outcome.winner]
    row = Stats.load().table["dots"]["easy"]
    assert row[("win", "draw", "loss").index(expected)] == 1 and sum(row) == 1
    scene.undo()
    frames(app, 1)
    assert scene.session.counted
    menu = to_menu(app)
    click(app, menu.stats_button.rect.center)
    assert isinstance(app.top, StatsScene)
    rows = [v for kind, v in app.top.lines if kind == "row"]
    assert rows == [("Easy AI", *row, 0, f"{(row[0] + row[1] / 2):.0%}")]  # no forfeit by the AI
    frames(app, 1)


def test_a_damaged_stats_file_is_reported_and_never_overwritten(app, saves_folder):
    path = write(saves_folder, "stats.json", '{"format": 1, "kind": "stats", "games": {"dots": 7}}')
    before = path.read_bytes()
    scene = finish_against_ai(app)
    assert path.read_bytes() == before
    assert "not counted" in scene.message.text
    menu = to_menu(app)
    click(app, menu.stats_button.rect.center)
    assert app.top.stats.error and "stats.json" in app.top.stats.error
    frames(app, 1)


def test_settings_persist_between_runs(app):
    from boardhub.app import App
    click(app, app.top.settings_button.rect.center)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    volume = dict(settings.rows)["Sound volume"]
    for _ in range(10):  # the left arrow, from 100% down to Off
        click(app, (volume.rect.x + 4, volume.rect.centery))
    assert app.settings.sound is False
    key(app, pygame.K_ESCAPE)  # closing the panel saves
    other = App((800, 600))
    try:
        assert other.settings.sound is False and other.sounds.muted
    finally:
        other.close()


def test_an_interrupted_write_leaves_the_old_file_whole(saves_folder, monkeypatch):
    path = saves_folder / "games" / "g.json"
    saves.write_game(path, {"moves": ["0 1"]})

    def crash(*_):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        saves.write_game(path, {"moves": ["0 1", "2 1"]})
    assert saves.read_json(path, "game")["moves"] == ["0 1"]
    assert [p.name for p in path.parent.iterdir()] == ["g.json"]  # no temp file left behind


WRITER = """
import sys
from pathlib import Path
from boardhub.core import saves
path = Path(sys.argv[1])
n = 0
while True:
    n += 1
    saves.write_game(path, {"moves": ["0 1"] * n, "filler": "x" * 20000})
    print(n, flush=True)
"""


def test_killing_the_app_while_it_saves_loses_at_most_the_last_move(saves_folder, tmp_path):
    path = saves_folder / "games" / "g.json"
    for delay in (0.05, 0.11, 0.23, 0.31, 0.47):
        path.unlink(missing_ok=True)
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        lines = out.split()
        written = int(lines[-1]) if lines else 0
        if not path.exists():
            assert written == 0
            continue
        moves = saves.read_json(path, "game")["moves"]  # always whole, never half written
        assert len(moves) in (written, written + 1)  # the write under way when killed may or may not land


def test_the_result_panel_shows_the_record_against_that_ai(app):
    scene = finish_against_ai(app)
    wait_for(app, lambda: scene.result_shown)
    row = Stats.load().table["dots"]["easy"]
    assert (f"So far against this AI: {row[0]} won, {row[1]} drawn, {row[2]} lost"
            in [text for text, _ in app.top.lines])


def test_a_saves_folder_that_cannot_be_made_costs_the_saves_not_the_game(app, tmp_path, monkeypatch):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("BOARDHUB_SAVES", str(blocker / "saves"))
    scene = new_game(app, rows=2, cols=2)
    scene.match.play((0, 1))
    frames(app, 1)
    assert scene.match.moves == [(0, 1)] and "Could not save the game" in scene.message.text
    menu = to_menu(app)
    assert not menu.continue_button.visible
    click(app, menu.saves_button.rect.center)
    assert isinstance(app.top, SavesScene) and app.top.entries == []
    assert "cannot be made" in app.top.message
    frames(app, 2)
