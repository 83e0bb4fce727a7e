"""Nothing on the game screen outlives what made it true: a message, a call's banner, the keyboard's
cursor, the Best ring, "Scroll for more" and the pause menu's words each go when they stop being true."""
import random
from types import SimpleNamespace

import pygame
import pytest
from uidriver import key

from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.scenes.game import GameScene
from boardhub.scenes.pause import PauseScene
from boardhub.scenes.result import ResultScene
from boardhub.ui import theme
from boardhub.ui.board import Play

GAMES = ("othello", "gomoku", "dots", "davinci")


def open_pvp(app, game_key: str) -> GameScene:
    app.settings.animation = "normal"
    app.open("game", GameSession.new(GameSetup(game_key, (None, None), {}, 0.5, False, "pvp")))
    app.frame(0.016)
    assert isinstance(app.top, GameScene)
    return app.top


def to_the_last_move(rules, match, rng: random.Random):
    """Play `match` on (random moves; Gomoku a five in a row) up to a move that ends it; that move."""
    if match.game.key == "gomoku":
        for black, white in (("h8", "a1"), ("i8", "a3"), ("j8", "a5"), ("k8", "a7")):
            match.play(rules.move_from_text(black, match.state))
            match.play(rules.move_from_text(white, match.state))
        return rules.move_from_text("l8", match.state)
    while True:
        moves = rules.legal_moves(match.state)
        final = [m for m in moves if rules.is_over(rules.apply(match.state, m))]
        if final:
            return final[0]
        match.play(rng.choice(moves))


def scene_pixels(scene: GameScene) -> bytes:
    surface = pygame.Surface(scene.size)
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("game_key", GAMES)
def test_after_game_over_nothing_said_or_pointed_at_before_it_is_drawn(app, game_key):
    scene = open_pvp(app, game_key)
    rules = scene.match.rules
    final = to_the_last_move(rules, scene.match, random.Random(3))
    app.frame(0.016)  # the moves' events: animations, and Da Vinci's calls announced mid-table
    scene.say("Black passes: no legal move")
    key(app, pygame.K_RIGHT)  # the keyboard's cursor shows
    assert scene.act(Play(final))
    for _ in range(200):
        app.frame(0.05)
        if isinstance(app.top, ResultScene):
            break
    assert isinstance(app.top, ResultScene)
    # the finished game as a view that saw none of what came before it draws it
    fresh = GameScene(app, scene.session)
    fresh.layout(scene.size)
    fresh.clock, fresh.over_since, fresh.result_shown = scene.clock, scene.over_since, scene.result_shown
    fresh.update(0.0)
    assert scene.message is None or not scene.message.visible()
    assert not scene.board.cursor_shown or scene.board.cursor is None
    assert scene.session.hint_for(scene.match.state) is None
    assert scene_pixels(scene) == scene_pixels(fresh)


def test_the_keyboard_cursor_leaves_a_square_once_it_is_played(app):
    scene = open_pvp(app, "othello")
    key(app, pygame.K_RIGHT)  # shows the cursor on a legal square
    key(app, pygame.K_RETURN)  # plays it
    assert len(scene.match.history) == 1
    app.frame(0.016)
    board = scene.board
    assert board.cursor in board.targets(scene.match), "the cursor stayed on the square just played"


def test_the_best_ring_does_not_come_back_with_undo_and_redo(app):
    scene = open_pvp(app, "othello")
    session, m = scene.session, scene.match
    best = m.rules.legal_moves(m.state)[0]
    session._hint.state, session._hint.answer = m.state, SimpleNamespace(best=best)  # a hint as the expert gives it
    assert session.hint_for(m.state) is not None
    scene.act(Play(best))
    app.frame(0.016)
    scene.undo()
    app.frame(0.016)
    assert session.hint_for(m.state) is None, "the Best ring came back with Undo"
    scene.redo()
    scene.undo()
    app.frame(0.016)
    assert session.hint_for(m.state) is None


def test_a_finished_games_menu_says_so_and_offers_no_resume(app):
    scene = open_pvp(app, "othello")
    m = scene.match
    m.play(to_the_last_move(m.rules, m, random.Random(5)))
    app.frame(0.016)
    app.open("pause", scene.session)
    panel = app.top
    assert isinstance(panel, PauseScene)
    assert panel.title == "Game over" and "Resume" not in [b.label for b in panel.buttons]
    app.pop()
    scene.undo()  # taken back, the game goes on: the menu pauses it again
    app.frame(0.016)
    app.open("pause", scene.session)
    assert app.top.title == "Paused" and app.top.buttons[0].label == "Resume"
    app.pop()
    scene.redo()
    app.frame(0.016)
    path = scene.session.save_path
    replay = GameSession.replay(saves.SavedGame(path, saves.read_json(path, "game")))
    app.open("game", replay)
    replay.toggle_pause()
    while replay.redo():
        pass
    app.frame(0.016)
    app.open("pause", replay)
    assert app.top.title == "End of the replay" and "Resume" not in [b.label for b in app.top.buttons]


def test_scroll_for_more_goes_at_the_end_of_the_rules(app, monkeypatch):
    app.open("rules", get_game("davinci"))
    page = app.top
    assert page.scroll_limit() > 0  # the rules are longer than a page at this size
    said = []
    real = theme.text

    def spy(surface, text, *args, **kwargs):
        said.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "text", spy)
    page.draw(app.screen)
    assert "Scroll for more" in said
    for _ in range(page.scroll_limit()):
        key(app, pygame.K_DOWN)
    assert page.scroll == page.scroll_limit()
    said.clear()
    page.draw(app.screen)
    assert "Scroll for more" not in said
