"""A save never starts a program or imports code by itself.

A saved game's seat may name an engine (`gtp:...`) or code (`py:module:function`):
resuming it would run whatever the file says. Such a seat is played only when this
computer's own settings list it (an engine the player set up here), and then only
once the player said yes; Replay never starts anything; a file cannot make itself
Continue's pick by dating itself in the future, nor set a move limit of a million
seconds.
"""
from __future__ import annotations

import json
import os
import shlex
import sys
import time
from pathlib import Path

import pytest
from uidriver import click, frames

from boardhub.core import saves
from boardhub.core.saved_games import latest_unfinished, load_entries, saved_players
from boardhub.core.session import GameSession
from boardhub.core.settings import Settings
from boardhub.core.setup import GameSetup
from boardhub.scenes.game import GameScene
from boardhub.scenes.saves_browser import SavesScene

FAKE = Path(__file__).with_name("fake_othello_engine.py")
ENGINE = "gtp:" + shlex.join([sys.executable, str(FAKE), "--protocol", "gtp"])


def write_save(name: str, seats: list, **changes) -> Path:
    """An Othello game in the shape boardhub writes, after black's f5: white (seat 1) to move."""
    data = {"game": "othello", "options": {}, "seed": 7, "seats": seats, "moves": ["f5"], "seconds": [0.4],
            "timing": {"limit": 0.5, "referee": False}, "forfeit": None, "kind_of_game": "PvA",
            "created": "2026-01-01T10:00:00", "updated": "2026-01-01T10:00:01", "players": "", "status": "",
            "result": "", "counted": False, "imported": 0, "hints": 0, **changes}
    path = saves.games_dir() / name
    saves.write_game(path, data)
    return path


def seat(ai: str | None, name: str = "x") -> dict:
    return {"ai": ai, "name": name}


def no_worker():
    raise AssertionError("the AI process was asked for")


def test_an_engine_seat_from_a_file_is_refused_and_never_started(tmp_path):
    marker = tmp_path / "pwned"
    write_save("shell.json", [seat(None, "You"), seat(f"gtp:/bin/sh -c 'touch {marker}'")])
    saved = saves.list_games()[0]
    with pytest.raises(ValueError) as refused:
        GameSession.resume(saved, no_worker)
    assert "would start the program 'sh'" in str(refused.value) and "Replay" in str(refused.value)
    assert latest_unfinished() is None  # Continue offers nothing it cannot play
    replay = GameSession.replay(saved)  # the moves show, and no AI is ever asked
    replay.pace(0.0, 0.0, 0.0)
    give_up = time.monotonic() + 5
    while len(replay.match.history) < len(replay.script) and time.monotonic() < give_up:
        replay.update(time.monotonic() + 1)
    assert replay.match.moves == [replay.match.parse("f5")] and replay.match.worker is None
    time.sleep(0.2)
    assert not marker.exists()


def test_a_py_seat_from_a_file_imports_nothing(tmp_path, monkeypatch):
    marker = tmp_path / "imported"
    (tmp_path / "boardhub_hostile_marker.py").write_text(
        f"open({str(marker)!r}, 'w').close()\ndef make(seed=None):\n    raise SystemExit\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    write_save("code.json", [seat(None, "You"), seat("py:boardhub_hostile_marker:make")])
    with pytest.raises(ValueError) as refused:
        GameSession.resume(saves.list_games()[0], no_worker)
    assert "would load the code 'boardhub_hostile_marker:make'" in str(refused.value)
    assert latest_unfinished() is None
    assert not marker.exists() and "boardhub_hostile_marker" not in sys.modules


@pytest.mark.parametrize("ai, words", [
    ("@analysis", "damaged: its seats are not what boardhub writes"),  # a learning's mark with no AI before it
    ("stockfish:3", "an AI this boardhub does not have (stockfish:3)"),
    ("greedy:99", "an AI this boardhub does not have (greedy:99)"),
    ("pbrain:engine", "its engine speaks Gomocup, which this game's engines do not"),
])
def test_a_seat_the_setup_could_not_offer_is_refused_in_words(ai, words):
    write_save("odd.json", [seat(None, "You"), seat(ai)])
    with pytest.raises(ValueError, match=r"odd\.json: ") as refused:
        GameSession.resume(saves.list_games()[0], no_worker)
    assert words in str(refused.value)


def trust(engine: str) -> Settings:
    """This computer's settings with `engine` set up for Othello against the player, as the setup keeps it."""
    settings = Settings()
    settings.remember_setup({"game": "othello", "mode": "pva", "seats": [None, engine], "options": {},
                             "limit": 0.5, "referee": False})
    settings.save()
    return settings


def test_an_engine_this_computers_settings_list_is_played_once_the_player_says_yes(app):
    app.settings = trust(ENGINE)
    assert app.settings.engines() == {ENGINE}
    write_save("engine.json", [seat(None, "You"), seat(ENGINE, "fake_othello_engine (GTP)")])
    menu = app.top
    menu.resume()
    assert menu.resumable is not None and menu.continue_button.visible
    click(app, menu.continue_button.rect.center)
    assert menu.confirm is not None and app.top is menu  # asked, in words, before anything starts
    assert "fake_othello_engine (GTP)" in menu.confirm.text and "trust" in menu.confirm.text
    click(app, menu.confirm.no.rect.center)
    assert menu.confirm is None and app.top is menu
    click(app, menu.continue_button.rect.center)
    click(app, menu.confirm.yes.rect.center)
    assert isinstance(app.top, GameScene)
    assert app.top.session.match.seats[1].ai == ENGINE


def test_the_saves_browser_asks_before_resuming_an_engine_game(app):
    app.settings = trust(ENGINE)
    write_save("engine.json", [seat(None, "You"), seat(ENGINE, "fake_othello_engine (GTP)")])
    browser = app.open("saves")
    assert isinstance(browser, SavesScene)
    click(app, browser.open_button.rect.center)
    assert browser.confirm is not None and app.top is browser
    frames(app, 1)
    click(app, browser.confirm.yes.rect.center)
    assert isinstance(app.top, GameScene)


def test_a_file_cannot_make_itself_continues_pick_with_a_date_in_the_future():
    real = GameSession.new(GameSetup.default("othello", "pva"))
    real.close()
    future = write_save("future.json", [seat(None, "You"), seat("greedy:1")], updated="9999-12-31T23:59:59")
    hour_ago = time.time() - 3600
    os.utime(future, (hour_ago, hour_ago))
    assert latest_unfinished().path == real.save_path
    listed = {g.path.name: g for g in saves.list_games()}
    assert listed["future.json"].updated < listed[real.save_path.name].updated
    assert not listed["future.json"].updated.startswith("9999")


@pytest.mark.parametrize("limit", [1e6, 0, -1, 61])
def test_a_move_limit_the_setup_could_not_give_is_refused_with_its_reason(limit):
    write_save("limit.json", [seat(None, "You"), seat("greedy:1")], timing={"limit": limit, "referee": False})
    (entry,) = load_entries()
    assert entry.readable  # its moves replay: a replay asks no AI for a move
    GameSession.replay(entry).close()
    with pytest.raises(ValueError) as refused:
        GameSession.resume(entry, no_worker)
    assert f"limit.json: its move limit ({limit:g} s) is not one boardhub offers" in str(refused.value)
    assert latest_unfinished() is None  # nor is it Continue's pick


def test_an_arena_limit_of_sixty_seconds_still_resumes(worker):
    path = write_save("slow.json", [seat(None, "You"), seat("greedy:1")], timing={"limit": 60, "referee": True})
    session = GameSession.resume(saves.list_games()[0], lambda: worker)
    assert session.match.timing.limit == 60.0 and session.save_path == path
    session.close()
    assert json.loads(path.read_text())["timing"]["limit"] == 60


def test_a_file_cannot_give_an_engine_seat_the_name_of_an_ai(tmp_path):
    write_save("named.json", [seat(None, "You\x00"), seat("gtp:/bin/sh -c 'true'", "Expert AI")])
    (entry,) = load_entries()
    assert saved_players(entry) == "You vs sh (GTP)"
    replay = GameSession.replay(entry)
    assert [s.label for s in replay.match.seats] == ["You", "sh (GTP)"]
