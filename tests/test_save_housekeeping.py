"""What kills and odd values leave behind: stray temp files cleaned at the next start (only boardhub's own,
only old ones), temp names never in a notice, and settings out of range taking their defaults with a reason."""
from __future__ import annotations

import os
import sys
import time

import pytest

from boardhub.core import saves
from boardhub.core.events import Notice
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.core.settings import Settings


def aged(path, seconds: float):
    path.write_text("half a file")
    os.utime(path, (time.time() - seconds, time.time() - seconds))
    return path


def test_stray_temp_files_of_boardhub_are_cleaned_at_the_next_start(app, saves_folder):
    games = saves.games_dir()
    games.mkdir(parents=True, exist_ok=True)
    stray = [aged(saves_folder / ".settings.json.k3j_x9a2.tmp", 7200),
             aged(games / ".20260101-100000-dots-abcdef.json.q1w2e3r4.tmp", 7200)]
    kept = [aged(games / ".20260101-100000-dots-abcdef.json.a1b2c3d4.tmp", 10),  # another window writing now
            aged(games / "notes.tmp", 7200),  # not a name boardhub gives
            aged(saves_folder / ".my.json.short.tmp", 7200)]
    link = games / ".x.json.abcdefgh.tmp"
    if sys.platform != "win32":
        os.symlink(saves_folder / "settings.json", link)
    app.open("menu")  # the app starting again
    assert not any(p.exists() for p in stray)
    assert all(p.exists() for p in kept)
    assert sys.platform == "win32" or link.is_symlink()  # a link is not a temp file boardhub wrote


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="a read-only folder binds no superuser")
def test_a_save_that_fails_names_the_game_file_never_a_temp_file(saves_folder):
    session = GameSession.new(GameSetup.default("othello", "pvp"))
    games = saves.games_dir()
    games.chmod(0o500)
    try:
        session.play(session.match.rules.legal_moves(session.match.state)[0])
        notices = [e.text for e in session.update() if isinstance(e, Notice)]
    finally:
        games.chmod(0o700)
    session.close()
    assert notices and all(".tmp" not in n for n in notices)
    assert any("permission denied" in n for n in notices)


def test_a_failed_write_is_about_the_file_asked_for(saves_folder, monkeypatch):
    target = saves_folder / "stats.json"

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied", src, None, dst)
    monkeypatch.setattr(saves.os, "replace", refuse)
    with pytest.raises(OSError) as failed:
        saves.atomic_write_text(target, "{}")
    assert failed.value.filename == str(target) and ".tmp" not in saves.plain(failed.value)
    assert not [p for p in saves_folder.iterdir() if p.name.endswith(".tmp")]


def test_settings_out_of_range_take_their_defaults_and_say_so(saves_folder):
    saves.write_json(saves_folder / "settings.json", "settings",
                     {"ai_delay": -5, "ava_delay": 1e300, "window_width": 10 ** 9, "sound": "no", "hints": False})
    settings = Settings.load()
    assert (settings.ai_delay, settings.ava_delay, settings.window_width, settings.sound) == (1.0, 0.5, 0, True)
    assert settings.hints is False  # what is usable is used
    assert settings.problem == ("Some settings were not usable and their defaults apply: "
                                "sound, ai_delay, ava_delay, window_width")


def test_an_ai_delay_that_is_not_a_number_is_refused_in_words(saves_folder):
    (saves_folder / "settings.json").parent.mkdir(parents=True, exist_ok=True)
    (saves_folder / "settings.json").write_text('{"format": 1, "kind": "settings", "ai_delay": NaN}')
    settings = Settings.load()
    assert settings.ai_delay == 1.0
    assert "not a number (NaN)" in settings.problem and "settings-damaged.json" in settings.problem
