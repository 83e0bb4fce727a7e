"""Menus and dialogs without a mouse: Tab, Shift+Tab and the arrows move a visible focus ring,
Enter and Space press what it is on, Esc goes back (never quits from the main menu), Return on
the result panel plays again, and Esc puts back a Da Vinci tile picked for a call."""
import pygame
import pytest
from uidriver import click, frames, key

from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.match import Match, Timing
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup, make_seats
from boardhub.games.davinci.engine import BLACK
from boardhub.scenes.game import GameScene
from boardhub.scenes.menu import MenuScene
from boardhub.scenes.setup import SetupScene
from boardhub.ui import theme


def ring_drawn(app, widget) -> bool:
    """The focus ring's colour shows just outside `widget` on the screen as drawn now."""
    for scene in app.visible():
        scene.draw(app.screen)
    r = widget.rect.inflate(6, 6)
    edge = [(x, r.top) for x in range(r.left + 10, r.right - 10, 3)]
    return any(tuple(app.screen.get_at(p))[:3] == theme.FOCUS for p in edge)


def test_esc_on_the_main_menu_does_not_quit(app):
    assert isinstance(app.top, MenuScene)
    key(app, pygame.K_ESCAPE)
    assert app.running and isinstance(app.top, MenuScene)
    quit_button = app.top.quit_button
    assert quit_button.visible  # quitting stays one click away
    click(app, quit_button.rect.center)
    assert not app.running
    app.running = True


def test_the_menu_is_walked_with_tab_and_arrows_and_pressed_with_enter(app):
    menu = app.top
    key(app, pygame.K_TAB)  # the first key shows the ring, where Enter would press
    first = menu.focus.current()
    assert menu.focus.shown and ring_drawn(app, first)
    key(app, pygame.K_TAB)
    second = menu.focus.current()
    assert second is not first and ring_drawn(app, second) and not ring_drawn(app, first)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert menu.focus.current() is first
    game, _rect, buttons = menu.cards[0]
    while menu.focus.current() is not buttons[0]:  # round to the first card's Player vs Player
        key(app, pygame.K_TAB)
    key(app, pygame.K_DOWN)
    assert menu.focus.current() is buttons[2]  # the button under it, not the next in order
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene) and app.top.game is game and app.top.mode == "pvp"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_the_setup_s_choices_step_with_left_and_right(app):
    app.open("setup", GameSetup.default("othello", "pva"))
    setup = app.top
    seat = next(c for c in setup.seat_choices if c.value is not None)
    key(app, pygame.K_TAB)
    while setup.focus.current() is not seat:
        key(app, pygame.K_TAB)
    assert ring_drawn(app, seat)
    before = seat.value
    key(app, pygame.K_LEFT)
    assert seat.value != before
    key(app, pygame.K_RIGHT)
    assert seat.value == before
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def finished_game(app) -> GameScene:
    setup = GameSetup("dots", (None, None), {"rows": 1, "cols": 1}, 0.5, False, "pvp")
    app.open("game", GameSession.new(setup, app.start_worker))
    game = app.top
    game.match.replay([(0, 1), (1, 0), (1, 2), (2, 1)])
    frames(app, 2)
    game.show_result()
    return game


def test_return_on_the_result_panel_plays_again(app):
    game = finished_game(app)
    panel = app.top
    assert panel.buttons[0].label == "Play again" and panel.buttons[0].primary
    key(app, pygame.K_RETURN)
    again = app.top
    assert isinstance(again, GameScene) and again is not game and not again.match.history
    app.reset("menu")


def test_the_pause_menu_moves_down_and_presses_with_space(app):
    setup = GameSetup("othello", (None, None), {}, 0.5, False, "pvp")
    app.open("game", GameSession.new(setup, app.start_worker))
    game = app.top
    game.match.play(game.match.rules.legal_moves(game.match.state)[0])
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert pause is not game and pause.buttons[0].label == "Resume"
    key(app, pygame.K_DOWN)  # shows the ring on the default, Resume
    assert ring_drawn(app, pause.buttons[0])
    key(app, pygame.K_DOWN)
    assert pause.focus.current() is pause.buttons[1] and ring_drawn(app, pause.buttons[1])
    key(app, pygame.K_SPACE)  # Restart
    assert isinstance(app.top, GameScene) and not app.top.match.history
    app.reset("menu")


def test_esc_puts_back_a_picked_davinci_tile(app):
    davinci = get_game("davinci")
    match = Match(davinci, make_seats([None, "easy"]), {"players": 2}, seed=5,
                  timing=Timing(ai_delay=0, chain_delay=0), worker=app.start_worker())
    app.open("game", GameSession(match, app.start_worker, save_path=saves.new_game_path("davinci")))
    frames(app, 1)
    game = app.top
    board = game.board
    match.play(("draw", BLACK))
    view = board.view(match.state)
    if view.phase == "place":
        match.play(("place", view.slots[0]))
    frames(app, 1)
    view = board.view(match.state)
    target = (1, view.hidden(1)[0])
    click(app, board.rack_rects(view)[target].center)
    assert board.selected == target
    key(app, pygame.K_ESCAPE)
    assert board.selected is None and app.top is game  # the pick is undone, no pause menu
    key(app, pygame.K_ESCAPE)
    assert app.top is not game  # with nothing picked, Esc pauses as before
    app.reset("menu")


@pytest.mark.parametrize("name", ["stats", "saves"])
def test_tab_reaches_the_buttons_of_pages_whose_arrows_scroll(app, name):
    page = app.open(name)
    key(app, pygame.K_TAB)
    first = page.focus.current()
    assert first is not None and ring_drawn(app, first)
    key(app, pygame.K_TAB)
    assert page.focus.current() is not first or len(page.focus.candidates()) == 1
    key(app, pygame.K_DOWN)  # the arrows still belong to the page (its list, its scroll)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
