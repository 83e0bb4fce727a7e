"""The app headless: synthetic mouse and key events, and pixels of the rendered window."""
import time

import pygame
import pytest
from uidriver import click, frames, key

from boardhub import app as app_module
from boardhub.core import saves
from boardhub.scenes.game import GameScene
from boardhub.scenes.menu import MenuScene
from boardhub.scenes.overlay import PanelScene
from boardhub.scenes.setup import SetupScene
from boardhub.ui import theme


def start(app, mode, **options):
    menu = app.top
    buttons = dict(zip(("pvp", "pva", "ava", "rules"), menu.cards[0][2]))
    click(app, buttons[mode].rect.center)  # first click: the mode on the game's card
    assert isinstance(app.top, SetupScene)
    for o, choice in app.top.option_choices:
        if o.key in options:
            choice.set(options[o.key])
    click(app, app.top.start_button.rect.center)  # second click: start
    assert isinstance(app.top, GameScene)
    return app.top


def test_two_clicks_from_the_menu_to_a_game_against_the_ai(app):
    game = start(app, "pva")
    assert game.match.kind == "PvA" and game.match.seats[0].is_human  # the human starts


def test_clicking_a_line_draws_it_in_the_window(app):
    game = start(app, "pvp", rows=2, cols=2)
    board = game.board
    a, b = board.ends((0, 1))
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + board.spacing * 0.2)  # a little off the line
    x, y = round(mid[0]), round((a[1] + b[1]) / 2)
    assert app.screen.get_at((x, y))[:3] != theme.INK
    click(app, (round(mid[0]), round(mid[1])))
    assert game.match.moves == [(0, 1)]
    frames(app, 30, 0.01)  # the line's animation
    assert app.screen.get_at((x, y))[:3] == theme.SEATS[0]  # last turn's line in the mover's colour


def test_illegal_and_stray_clicks_are_refused_with_a_message(app):
    game = start(app, "pvp", rows=2, cols=2)
    board = game.board
    click(app, tuple(round(v) for v in board.point(1, 1)))  # the middle of a box
    assert game.match.moves == [] and "closer" in game.message.text
    a, b = board.ends((0, 1))
    on_line = (round((a[0] + b[0]) / 2), round(a[1]))
    click(app, on_line)
    click(app, on_line)  # the line is drawn now: the click means nothing
    assert game.match.moves == [(0, 1)]


def test_a_full_game_ends_with_the_result_panel_and_a_record(app, saves_folder):
    game = start(app, "pvp", rows=1, cols=1)
    for move in ((0, 1), (2, 1), (1, 0), (1, 2)):
        a, b = game.board.ends(move)
        click(app, (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2)))
    assert game.match.is_over
    end = time.monotonic() + 5
    while not isinstance(app.top, PanelScene) and time.monotonic() < end:
        frames(app, 1, 0.02)
    assert app.top.title == "Game over"
    assert "Player 2 wins" in app.top.lines[0][0]
    assert (saves_folder / "PvP.txt").read_text() == "0 1\n2 1\n1 0\n1 2\n"
    [saved] = saves.list_games()  # kept, finished: nothing left to continue
    assert saved.finished and saved.data["moves"] == ["0 1", "2 1", "1 0", "1 2"]
    click(app, app.top.buttons[0].rect.center)  # play again
    assert isinstance(app.top, GameScene) and app.top.match.moves == []


def test_undo_redo_keys_and_escape_menu(app):
    game = start(app, "pvp", rows=2, cols=2)
    game.match.play((0, 1))
    game.match.play((0, 3))
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert game.match.moves == [(0, 1)]
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert game.match.moves == [(0, 1), (0, 3)]
    key(app, pygame.K_ESCAPE)
    assert app.top.title == "Paused"
    key(app, pygame.K_ESCAPE)
    assert app.top is game


def test_ai_vs_ai_pause_step_and_continue_from_the_menu(app):
    game = start(app, "ava", rows=2, cols=2)
    key(app, pygame.K_SPACE)
    assert game.match.paused
    n = len(game.match.history)
    key(app, pygame.K_RIGHT)
    end = time.monotonic() + 5
    while len(game.match.history) == n and time.monotonic() < end:
        frames(app, 1, 0.02)
    assert len(game.match.history) == n + 1
    frames(app, 10, 0.02)
    assert len(game.match.history) == n + 1  # still paused
    moves = list(game.match.moves)
    app.reset("menu")  # what the game's "Main menu" does
    app.frame(0.016)
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.continue_button.visible
    click(app, menu.continue_button.rect.center)
    assert isinstance(app.top, GameScene) and app.top.match.moves == moves


def test_window_resize_rescales_the_layout(app):
    game = start(app, "pvp")
    before = game.board.rect.copy()
    app.screen = pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    app.frame(0.016)
    assert game.board.rect.width < before.width and game.board.rect.right <= 800


def test_settings_rules_and_menu_scenes_draw(app):
    from boardhub.scenes.rules_page import RulesScene
    from boardhub.scenes.settings import SettingsScene
    menu = app.top
    click(app, menu.settings_button.rect.center)
    assert isinstance(app.top, SettingsScene)
    volume = dict(app.top.rows)["Sound volume"]
    for _ in range(10):  # the left arrow, from 100% down to Off
        click(app, (volume.rect.x + 4, volume.rect.centery))
    assert app.settings.sound is False and app.sounds.muted
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    click(app, menu.cards[0][2][3].rect.center)
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_plain_pygame_is_refused_with_a_clear_message(monkeypatch):
    monkeypatch.delattr(app_module.pygame, "IS_CE")
    with pytest.raises(SystemExit, match="needs pygame-ce"):
        app_module.check_pygame_ce()
