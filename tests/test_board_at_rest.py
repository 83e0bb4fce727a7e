"""The board a running game view draws is the board of the game as it stands, whatever happened before.

For every game: a scripted game is played, then undone, redone, taken back by
Ctrl+Z, jumped through several moves at once and replayed back and forth, and its
review is jumped through by its move list; after
each step, once the animations have finished, the running view draws, pixel for
pixel, what a fresh view of the same position draws. A view that keeps something
of a move taken back (a disc's colour from its last flip, a call's banner) fails.
"""
import random
from types import SimpleNamespace

import pygame
import pytest
from uidriver import click, key

from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.scenes.game import GameScene
from boardhub.ui import theme
from boardhub.ui.board import Play

GAMES = ("othello", "gomoku", "dots", "davinci")
MOVES = {"othello": 14, "gomoku": 12, "dots": 16, "davinci": 24}
REST = 60.0  # seconds after the scene's clock: every animation and announcement of a board is over by then


def settle(app, scene: GameScene) -> None:
    """Frames until the board's animations have run their course."""
    for _ in range(400):
        app.frame(0.05)
        if not scene.board.busy(scene.clock) and not scene.session.busy:
            return
    raise AssertionError("the board never came to rest")


def fresh_view(scene: GameScene):
    """A new board view of the scene's game, laid out in the same place, looked at by the same person."""
    board = scene.session.entry.board(scene.session.entry)
    board.layout(scene.board.rect, scene.match.state)
    board.replay = scene.session.is_replay
    if hasattr(board, "same_onlooker"):  # a table shared by people: who is looking at it now
        board.same_onlooker(scene.board)
    board.update(scene.match, 0.0)
    return board


def drawn(board, scene: GameScene) -> bytes:
    ctx = scene.context()
    ctx = type(ctx)(**{**ctx.__dict__, "now": scene.clock + REST})
    surface = pygame.Surface(scene.size)
    surface.fill(theme.BG)
    board.draw(surface, scene.match.state, scene.match.history, ctx)
    return pygame.image.tobytes(surface.subsurface(board.rect.clip(surface.get_rect())), "RGB")


def check(app, scene: GameScene, step: str) -> None:
    settle(app, scene)
    if getattr(scene.board, "cover", None):  # people sharing Da Vinci's table: the one to move takes it
        scene.board.uncover(scene.match)
        app.frame(0.016)
    running, fresh = drawn(scene.board, scene), drawn(fresh_view(scene), scene)
    assert running == fresh, f"after {step} (move {len(scene.match.history)}), the board drawn is not the game's"


def scripted(rules, state, rng: random.Random):
    return rng.choice(rules.legal_moves(state))


def open_game(app, session: GameSession) -> GameScene:
    app.open("game", session)
    app.frame(0.016)
    scene = app.top
    assert isinstance(scene, GameScene)
    return scene


@pytest.mark.parametrize("game_key", GAMES)
def test_the_running_view_draws_the_position_after_undo_redo_and_replay_steps(app, game_key):
    app.settings.animation = "normal"
    entry = get_game(game_key)
    scene = open_game(app, GameSession.new(GameSetup(entry.key, (None, None), {}, 0.5, False, "pvp")))
    rng = random.Random(7)
    while len(scene.match.history) < MOVES[game_key] and not scene.match.is_over:
        assert scene.act(Play(scripted(entry.rules, scene.match.state, rng)))
        check(app, scene, "a move")
    for _ in range(3):
        scene.undo()
        check(app, scene, "Undo")
    scene.redo()
    check(app, scene, "Redo")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    check(app, scene, "Ctrl+Z")
    for _ in range(4):  # a jump several moves back at once, the board drawn only at the end
        scene.undo()
    check(app, scene, "a jump back")
    while scene.session.can_redo():
        scene.redo()
    check(app, scene, "a jump forward")

    path = scene.session.save_path
    replay = open_game(app, GameSession.replay(saves.SavedGame(path, saves.read_json(path, "game"))))
    replay.session.toggle_pause()
    for _ in range(len(replay.session.script)):
        replay.redo()
        check(app, replay, "a replay's Forward")
    for _ in range(3):
        key(app, pygame.K_LEFT)
        check(app, replay, "a replay's Back")
    replay.redo()
    check(app, replay, "a replay's Forward after Back")


class IdleWorker:
    """An AI process that never answers: the review's positions stay unjudged, its board is the point."""

    def ask(self, *args, **kwargs):
        return SimpleNamespace(done=False, cancelled=False)


def board_pixels(review) -> bytes:
    surface = pygame.Surface(review.size)
    review.draw(surface)
    return pygame.image.tobytes(surface.subsurface(review.board.rect), "RGB")


@pytest.mark.parametrize("game_key", GAMES)
def test_a_jump_in_the_reviews_move_list_draws_the_position_jumped_to(app, game_key, monkeypatch):
    from boardhub.core.review_run import GameRecord
    from boardhub.scenes.review import ReviewScene
    monkeypatch.setattr(app, "start_worker", IdleWorker)
    entry = get_game(game_key)
    rules, rng = entry.rules, random.Random(11)
    state, moves = rules.new_game({}, 3), []
    while len(moves) < MOVES[game_key] and not rules.is_over(state):
        moves.append(scripted(rules, state, rng))
        state = rules.apply(state, moves[-1])
    record, labels = GameRecord({}, 3, tuple(moves)), ("Player 1", "Player 2")
    review = app.open("review", entry, record, None, labels)
    for jump in (pygame.K_END, pygame.K_HOME, pygame.K_PAGEDOWN, "row 3", pygame.K_PAGEUP, "row 1", pygame.K_END):
        if isinstance(jump, str):  # a click on a row of the list
            row = int(jump.split()[1])
            click(app, (review.list_rect.x + 8, review.list_rect.y + (row - review.scroll) * review.row_h + 2))
            assert review.selected == row
        else:
            key(app, jump)
        fresh = ReviewScene(app, entry, record, None, labels)
        fresh.layout(review.size)
        fresh.selected, fresh.clock = review.selected, review.clock
        assert board_pixels(review) == board_pixels(fresh), f"after a jump to move {review.selected + 1}"
