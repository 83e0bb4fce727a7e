"""Messages have a kind, a place that covers nothing and a lifetime; paused clocks stand still."""
from __future__ import annotations

import time
from dataclasses import replace

import pygame
import pytest

from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.scenes.game_frame import MESSAGE_LOOK, Message
from boardhub.scenes.pause import PauseScene
from boardhub.ui import theme
from uidriver import frames


def test_each_kind_lives_its_own_time_and_then_goes():
    for kind, (_, lifetime) in MESSAGE_LOOK.items():
        m = Message("text", kind, shown=100.0)
        assert m.visible(100.0 + lifetime - 0.01) and not m.visible(100.0 + lifetime)
        assert m.alpha(100.0) == 1.0 and m.alpha(100.0 + lifetime) == 0.0
    assert MESSAGE_LOOK["error"][1] > MESSAGE_LOOK["info"][1]  # an error stays long enough to read


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_message_strip_covers_neither_the_board_nor_the_top_bar(app, size, key="othello"):
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.size = size
    scene = app.open("game", GameSession.new(GameSetup.default(key, "pvp"), app.start_worker))
    frames(app, 1)
    assert not scene.message_rect.colliderect(scene.board.rect)
    assert not scene.message_rect.colliderect(scene.top_rect)
    assert scene.message_rect.bottom <= scene.board.rect.y
    scene.say("The engine stopped", "error")
    app.draw(app.screen)
    strip = app.screen.subsurface(scene.message_rect)
    colours = {tuple(strip.get_at((x, y)))[:3] for x in range(strip.get_width()) for y in range(0, strip.get_height(), 2)}
    assert theme.ERROR in colours  # drawn in the error colour, in its strip


def test_a_message_goes_while_a_panel_covers_the_game(app):
    scene = app.open("game", GameSession.new(GameSetup.default("dots", "pvp"), app.start_worker))
    scene.say("Sound off", "info")
    scene.message = replace(scene.message, shown=time.monotonic() - 10)  # as if the panel stayed 10 s
    app.open("pause", scene.session)
    frames(app, 1)
    app.pop()
    frames(app, 1)
    assert not scene.message.visible()


def test_match_clocks_stand_still_while_held_or_paused():
    game = get_game("dots")
    m = Match(game, [Seat(None, "A"), Seat(None, "B")], {"rows": 2, "cols": 2})
    t0 = m._turn_start
    m.hold(True, now=t0 + 2)
    assert m.turn_elapsed(now=t0 + 50) == pytest.approx(2)
    m.hold(False, now=t0 + 50)
    assert m.turn_elapsed(now=t0 + 51) == pytest.approx(3)
    m.play((0, 1), now=t0 + 51)
    assert m.history[-1].seconds == pytest.approx(3)  # what is saved leaves the held time out
    m.toggle_pause()
    time.sleep(0.05)
    before = m.turn_elapsed()
    time.sleep(0.1)
    assert m.turn_elapsed() == before
    m.toggle_pause()
    time.sleep(0.05)
    assert m.turn_elapsed() > before


def test_the_pause_menu_stops_a_humans_clock(app):
    scene = app.open("game", GameSession.new(GameSetup.default("dots", "pvp"), app.start_worker))
    frames(app, 1)
    app.open("pause", scene.session)
    assert isinstance(app.top, PauseScene)
    time.sleep(1.2)
    frames(app, 1)
    app.pop()
    frames(app, 1)
    assert scene.match.turn_elapsed() < 1.0
