"""F11 and Alt+Enter toggle full screen on every screen; the choice is saved and the next start opens so."""
from __future__ import annotations

import json

import pygame
import pytest
from uidriver import click, key

from boardhub.app import App
from boardhub.core import saves
from boardhub.core.session import GameSession
from boardhub.core.settings import Settings
from boardhub.core.setup import GameSetup


def saved() -> dict:
    return json.loads((saves.saves_dir() / "settings.json").read_text())


def desktop() -> tuple[int, int]:
    return pygame.display.get_desktop_sizes()[0]


@pytest.fixture
def fitted_app():
    """The app as `python -m boardhub` opens it (no size given), on its menu."""
    a = App()
    a.open("menu")
    a.frame(0.016)
    yield a
    a.close()


def is_fullscreen() -> bool:
    return bool(pygame.display.get_surface().get_flags() & pygame.FULLSCREEN)


def test_f11_fills_the_screen_and_back_and_the_choice_is_saved(fitted_app, saves_folder):
    app = fitted_app
    window = app.size
    key(app, pygame.K_F11)
    assert app.fullscreen and is_fullscreen() and app.size == desktop()
    assert app.top.size == app.size  # the menu laid out for the screen
    assert saved()["fullscreen"] is True
    key(app, pygame.K_F11)
    assert not app.fullscreen and not is_fullscreen() and app.size == window and app.top.size == window
    assert saved()["fullscreen"] is False


def test_alt_enter_toggles_too_and_plain_enter_does_not(fitted_app):
    app = fitted_app
    key(app, pygame.K_RETURN)
    assert not app.fullscreen
    key(app, pygame.K_RETURN, pygame.KMOD_LALT)
    assert app.fullscreen
    key(app, pygame.K_KP_ENTER, pygame.KMOD_RALT)
    assert not app.fullscreen


def test_the_window_size_is_not_taken_from_the_full_screen(fitted_app, saves_folder):
    app = fitted_app
    pygame.display.set_mode((900, 620), pygame.RESIZABLE)  # the player's drag, then the event that says so
    app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900, y=620))
    key(app, pygame.K_F11)
    app.frame(0.016)  # the screen's size-changed events: not the window's size
    app.close()
    back = Settings.load()
    assert back.fullscreen and (back.window_width, back.window_height) == (900, 620)


def test_the_next_start_opens_full_screen_and_leaves_it_to_the_remembered_window(saves_folder):
    s = Settings(fullscreen=True, window_width=900, window_height=640)
    s.save()
    app = App()
    try:
        assert app.fullscreen and is_fullscreen() and app.size == desktop()
        key(app, pygame.K_F11)
        assert not app.fullscreen and app.size == (900, 640)
    finally:
        app.close()
    assert Settings.load().fullscreen is False


def test_an_explicit_size_opens_a_window_of_that_size_whatever_the_setting(saves_folder):
    Settings(fullscreen=True).save()
    app = App((1000, 700))
    try:
        assert not app.fullscreen and app.size == (1000, 700)
    finally:
        app.close()


def test_an_old_settings_file_has_no_full_screen_and_a_wrong_value_is_refused(saves_folder):
    path = saves.saves_dir() / "settings.json"
    saves.write_json(path, "settings", {"sound": False})
    assert Settings.load().fullscreen is False
    saves.write_json(path, "settings", {"fullscreen": "yes"})
    s = Settings.load()
    assert s.fullscreen is False and "fullscreen" in s.problem


def test_the_settings_screen_has_a_toggle_that_follows_the_keys(fitted_app, saves_folder):
    app = fitted_app
    scene = app.open("settings")
    app.frame(0.016)
    click(app, scene.fullscreen.rect.center)
    assert app.fullscreen and scene.fullscreen.value and scene.size == app.size == desktop()
    key(app, pygame.K_F11)
    assert not app.fullscreen and not scene.fullscreen.value
    assert app.stack[0].size == app.size  # the menu under it laid out again as well
    assert saved()["fullscreen"] is False


def test_a_game_lays_out_for_the_full_screen_and_alt_enter_plays_no_move(fitted_app):
    app = fitted_app
    app.open("game", GameSession.new(GameSetup.default("othello", "pvp"), app.start_worker))
    game = app.top
    app.frame(0.016)
    before = len(game.match.history)
    small = game.board.rect.copy()
    key(app, pygame.K_RETURN, pygame.KMOD_ALT)
    assert app.fullscreen and game.size == app.size
    assert len(game.match.history) == before
    assert game.board.rect != small and app.screen.get_rect().contains(game.frame.side)
