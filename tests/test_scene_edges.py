"""Edges of the scenes that random input found (tests/test_fuzz.py), each replayed on purpose."""
import pygame
import pytest
from test_scenes import start
from uidriver import click, frames

from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.match import Match, Timing
from boardhub.core.session import GameSession
from boardhub.core.setup import make_seats
from boardhub.scenes.game import GameScene
from boardhub.scenes.record_import import ImportScene
from boardhub.scenes.result import ResultScene
from boardhub.scenes.settings import SettingsScene
from boardhub.scenes.setup import SetupScene


def uncovered_menu_buttons(menu, covered: list[pygame.Rect]) -> list:
    """The menu's buttons whose centre no rect of the scene above covers."""
    return [b for b in menu.widgets() if b.visible and not any(r.collidepoint(b.rect.center) for r in covered)]


def test_a_click_on_an_empty_part_of_the_setup_does_not_reach_the_menu_under_it(app):
    menu = app.top
    click(app, menu.cards[0][2][0].rect.center)
    setup = app.top
    assert isinstance(setup, SetupScene)
    covered = [w.rect for w in setup.widgets()]
    spots = uncovered_menu_buttons(menu, covered)
    assert spots, "no menu button lies under an empty part of the setup at this size"
    for button in spots:
        click(app, button.rect.center)
        assert app.running and app.stack == [menu, setup], f"the click reached the menu's {button.label!r}"


def test_a_click_on_an_empty_part_of_a_game_does_not_reach_the_menu_under_it(app):
    menu = app.top
    game = start(app, "pvp")
    covered = [game.board.rect] + [w.rect for w in game.widgets() if w.visible]
    spots = uncovered_menu_buttons(menu, covered)
    assert spots, "no menu button lies under an empty part of the game at this size"
    for button in spots:
        click(app, button.rect.center)
        assert app.running and app.stack == [menu, game], f"the click reached the menu's {button.label!r}"


def test_the_wheel_over_the_settings_does_not_scroll_the_game_under_them(app):
    game = start(app, "pvp", rows=2, cols=2)
    for move in ((0, 1), (0, 3), (1, 0), (1, 2)):
        game.match.play(move)
    frames(app, 2)
    app.push(SettingsScene(app))
    pygame.mouse.set_pos(game.moves_rect.center)  # where the wheel scrolls the game's move list
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    app.frame(0.016)
    assert isinstance(app.top, SettingsScene) and game.scroll == 0


def test_undo_then_result_in_one_frame_shows_no_result_of_a_game_in_progress(app):
    game = start(app, "pvp", rows=1, cols=1)
    for move in ((0, 1), (2, 1), (1, 0), (1, 2)):
        game.match.play(move)
    for _ in range(300):
        if isinstance(app.top, ResultScene):
            break
        frames(app, 1)
    click(app, app.top.buttons[2].rect.center)  # Look at the board
    frames(app, 1)
    assert app.top is game and game.result_button.visible
    for button in (game.undo_button, game.result_button):  # two clicks before the next frame
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.frame(0.016)
    assert not game.match.is_over and app.top is game


def game_of(app, key: str, seats: list, options: dict | None = None, moves: tuple = ()) -> GameScene:
    """A game on the screen over the menu, with `moves` already played."""
    game = get_game(key)
    worker = app.start_worker() if any(seats) else None
    match = Match(game, make_seats(seats), options or {}, seed=1, timing=Timing(ai_delay=0.0), worker=worker)
    match.replay(list(moves))
    session = GameSession(match, app.start_worker, save_path=saves.new_game_path(key))
    session.autosave()
    app.open("game", session)
    app.frame(0.016)
    return app.top


def random_moves(key: str, count: int, seed: int = 3) -> list:
    """Up to `count` random legal moves from the start, stopping one move before the game would end."""
    import random

    rules, rng = get_game(key).rules, random.Random(seed)
    state, moves = rules.new_game({}, 1), []
    while len(moves) < count:
        move = rng.choice(list(rules.legal_moves(state)))
        after = rules.apply(state, move)
        if rules.is_over(after):
            break
        state = after
        moves.append(move)
    return moves


def open_import(app, game: GameScene) -> None:
    """A click on the game's Import button."""
    [button] = [b for b in game.record_buttons if b.label == "Import"]
    click(app, button.rect.center)
    assert isinstance(app.top, ImportScene)


def test_a_long_pasted_move_list_is_imported_not_taken_for_a_file_name(app):
    from boardhub.games.gomoku.records import record_text
    game = game_of(app, "gomoku", [None, None])
    moves = random_moves("gomoku", 90)
    text = record_text(moves, 19)
    assert len(text) > 255 and "/" not in text  # one path part longer than a file name may be
    open_import(app, game)
    importer = app.top
    importer.field.text = text
    click(app, importer.buttons[0].rect.center)
    assert app.top is game and game.match.moves == moves


@pytest.mark.parametrize("text", ["~nosuchuser", "~nosuchuser/game.txt", "x" * 300],
                         ids=["unknown-user", "unknown-user-path", "too-long-a-name"])
def test_text_that_is_neither_a_record_nor_a_file_is_refused_with_a_message(app, text):
    game = game_of(app, "othello", [None, None])
    open_import(app, game)
    importer = app.top
    importer.field.text = text
    click(app, importer.buttons[0].rect.center)
    assert app.top is importer and importer.error and game.match.moves == []


def click_and_undo_in_one_frame(app, pos) -> None:
    """A click and Ctrl+Z before the next frame, as fast hands (or a slow frame) give them."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z",
                                         scancode=0))
    frames(app, 3)


def test_undoing_the_last_othello_move_in_its_own_frame_learns_nothing(app, saves_folder):
    app.settings.learn_in_app = True
    game = game_of(app, "othello", [None, None], moves=tuple(random_moves("othello", 80)))
    m = game.match
    last = next(mv for mv in m.rules.legal_moves(m.state) if m.rules.is_over(m.rules.apply(m.state, mv)))
    click_and_undo_in_one_frame(app, game.board.square_rect(last).center)
    assert not m.is_over and app.top is game and m.redo_stack[-1].move == last
    assert not list(saves_folder.glob("othello-learning*"))


def test_undoing_the_last_move_against_an_ai_in_its_own_frame_counts_nothing(app):
    game = game_of(app, "dots", ["py:aihelpers:first", None], {"rows": 1, "cols": 1},
                   moves=((0, 1), (2, 1), (1, 0)))
    a, b = game.board.ends((1, 2))  # the last line, the human's
    click_and_undo_in_one_frame(app, (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2)))
    assert not game.match.is_over and app.top is game and game.match.human_to_move
