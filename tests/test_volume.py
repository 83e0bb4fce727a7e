"""The sound volume: a setting in steps of 10% (Off at 0) in place of on/off, by mouse and by keys, heard at
once, remembered, read from the files that kept only on/off; Ctrl+M still turns the sound off and back on."""
from __future__ import annotations

import json

import pygame
from uidriver import click, key

from boardhub.core import saves
from boardhub.core.session import GameSession
from boardhub.core.settings import Settings
from boardhub.core.setup import GameSetup
from boardhub.ui.sound import Sounds


def write_settings(data: dict) -> None:
    saves.write_json(saves.saves_dir() / "settings.json", "settings", data)


def test_old_files_with_sound_on_or_off_read_as_full_volume_or_off():
    write_settings({"sound": False})
    s = Settings.load()
    assert s.loudness == 0 and not s.problem
    write_settings({"sound": True})
    assert Settings.load().loudness == 100


def test_a_volume_out_of_range_takes_the_default():
    write_settings({"volume": 250, "sound": True})
    s = Settings.load()
    assert s.volume == 100 and "volume" in s.problem
    write_settings({"volume": True})  # a bool is not a percent
    assert "volume" in Settings.load().problem


def test_the_sounds_play_at_the_level_set():
    sounds = Sounds()
    sounds.set_level(30)
    assert sounds.volume == 0.3 and not sounds.muted
    sounds.set_level(0)
    assert sounds.muted


def test_left_and_right_step_the_volume_heard_at_once_and_remembered(app):
    click(app, app.top.settings_button.rect.center)
    settings = app.top
    volume = dict(settings.rows)["Sound volume"]
    settings.focus.focus(volume)
    settings.focus.shown = True
    for _ in range(3):
        key(app, pygame.K_LEFT)
    assert app.settings.loudness == 70 and app.sounds.volume == 0.7 and volume.label == "70%"
    key(app, pygame.K_RIGHT)
    assert app.settings.loudness == 80
    click(app, (volume.rect.x + 4, volume.rect.centery))  # the left arrow, by mouse
    assert app.settings.loudness == 70
    for _ in range(7):
        key(app, pygame.K_LEFT)
    assert app.settings.sound is False and app.sounds.muted and volume.label == "Off"
    key(app, pygame.K_RIGHT)
    assert app.settings.loudness == 10 and not app.sounds.muted
    key(app, pygame.K_ESCAPE)  # leaving the settings writes them
    data = json.loads((saves.saves_dir() / "settings.json").read_text())
    assert data["volume"] == 10 and data["sound"] is True


def test_ctrl_m_turns_the_sound_off_and_back_on_at_the_same_volume(app):
    app.settings.set_loudness(40)
    app.sounds.set_level(40)
    setup = GameSetup("dots", (None, None), {}, 0.5, False, "pvp")
    app.open("game", GameSession.new(setup, app.start_worker))
    app.frame(0.016)
    key(app, pygame.K_m, pygame.KMOD_LCTRL)
    assert app.settings.sound is False and app.sounds.muted and app.settings.volume == 40
    key(app, pygame.K_m, pygame.KMOD_LCTRL)
    assert app.settings.loudness == 40 and not app.sounds.muted and app.sounds.volume == 0.4
