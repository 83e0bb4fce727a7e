"""Playing from the keyboard, headless: the arrow keys' cursor and Enter, moves typed in each
game's notation, the refusals they get, and the keys that keep their other uses where no
human is to move (Space and Right in AI vs AI, the arrows in a replay)."""
import copy
import random
import time

import pygame
import pytest
from uidriver import frames, key

from boardhub.core.game import get_game
from boardhub.core import saves
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.games.gomoku.records import to_psq
from boardhub.games.othello.engine import PASS
from boardhub.scenes.game import GameScene
from boardhub.ui.board import ARROWS


def start(app, game: str, seats=(None, None), **options) -> GameScene:
    mode = "pvp" if seats == (None, None) else "ava" if None not in seats else "pva"
    setup = GameSetup(game, seats, options, 0.5, False, mode)
    app.open("game", GameSession.new(setup, app.start_worker))
    app.frame(0.016)
    return app.top


def type_text(app, text: str) -> None:
    """Typed as SDL delivers it: each key's KEYDOWN, then its character as TEXTINPUT."""
    for ch in text:
        k = pygame.K_SPACE if ch == " " else pygame.key.key_code(ch)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.frame(0.016)


def load_game(path):
    return saves.SavedGame(path, saves.read_json(path, "game"))


def enter(app) -> None:
    key(app, pygame.K_RETURN)


def arrows_to(game: GameScene, target) -> list[int]:
    """The fewest arrow presses that take the cursor to `target`, found by trying them on copies of the board."""
    paths = [(copy.copy(game.board), [])]
    seen = {game.board.cursor}
    while paths:
        board, path = paths.pop(0)
        if board.cursor == target:
            return path
        for k in ARROWS:
            trial = copy.copy(board)
            trial.key(k, game.match)
            if trial.cursor not in seen:
                seen.add(trial.cursor)
                paths.append((trial, path + [k]))
    raise AssertionError(f"no arrows take the cursor from {game.board.cursor} to {target}")


def steer(app, game: GameScene, target, most: int = 12) -> None:
    """Press the arrows that take the cursor to `target`, as a player looking at the board would."""
    if not game.board.cursor_shown:
        key(app, pygame.K_UP)  # the first key shows the cursor
    path = arrows_to(game, target)
    assert len(path) <= most, f"{len(path)} presses to reach {target}"
    for k in path:
        key(app, k)
    assert game.board.cursor == target


# ---------------------------------------------------------------- Othello: the arrows
def test_a_whole_othello_game_is_played_with_the_arrows_and_enter(app):
    game = start(app, "othello")
    rules = game.match.rules
    rng = random.Random(7)
    while not game.match.is_over:
        state = game.match.state
        legal = rules.legal_moves(state)
        played = len(game.match.history)
        if legal == [PASS]:
            assert "press Enter to pass" in game.board.banner(game.match)
            enter(app)
            assert game.match.moves[-1] == PASS
            continue
        move = rng.choice(legal)
        steer(app, game, move)
        assert set(game.board.targets(game.match)) == set(legal)  # the cursor only visits legal squares
        enter(app)
        assert len(game.match.history) == played + 1 and game.match.moves[-1] == move
    assert game.match.outcome is not None and len(game.match.moves) >= 58


def test_enter_passes_when_a_pass_is_the_only_othello_move(app):
    rules = get_game("othello").rules
    rng = random.Random(0)
    for _ in range(500):  # a random game in which someone must pass
        state, moves = rules.new_game(), []
        while not rules.is_over(state) and rules.legal_moves(state) != [PASS]:
            moves.append(rng.choice(rules.legal_moves(state)))
            state = rules.apply(state, moves[-1])
        if not rules.is_over(state):
            break
    game = start(app, "othello")
    game.match.replay(moves)
    app.frame(0.016)
    enter(app)
    assert game.match.moves[-1] == PASS


def test_the_first_key_only_shows_the_cursor_and_the_mouse_hides_it(app):
    game = start(app, "othello")
    enter(app)
    assert game.match.moves == [] and game.board.cursor_shown  # a stray Enter never plays unseen
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(3, 0), buttons=(0, 0, 0)))
    app.frame(0.016)
    assert not game.board.cursor_shown
    enter(app)
    assert game.match.moves == []  # shown again, where it was
    enter(app)
    assert len(game.match.moves) == 1


def test_the_cursor_is_drawn_on_its_square(app):
    from boardhub.games.othello.ui.board import CURSOR
    game = start(app, "othello")
    key(app, pygame.K_DOWN)
    frames(app, 2)
    r = game.board.square_rect(game.board.cursor)
    edge = (r.x + round(game.board.cell * 0.06), r.centery)
    assert app.screen.get_at(edge)[:3] == CURSOR


# ---------------------------------------------------------------- typed moves and refusals
@pytest.mark.parametrize("game_key, typed, words", [
    ("othello", "z9", "not a square"),
    ("othello", "d4", "taken"),
    ("othello", "c5", "flips nothing"),
    ("dots", "1 1", "a box, not a line"),
    ("dots", "hello", "Not a position"),
    ("gomoku", "z99", "not a point"),
    ("gomoku", "a20", "off the board"),
])
def test_a_typed_move_that_cannot_be_played_is_refused_as_a_warning(app, game_key, typed, words):
    game = start(app, game_key)
    type_text(app, typed)
    enter(app)
    assert game.match.moves == []
    assert words in game.message.text and game.message.kind == "warning"
    assert game.keys.text == typed  # kept, to be mended
    key(app, pygame.K_BACKSPACE)
    assert game.keys.text == typed[:-1]
    key(app, pygame.K_ESCAPE)
    assert game.keys.text == "" and app.top is game  # Esc clears the move first
    key(app, pygame.K_ESCAPE)
    assert app.top is not game  # then opens the pause menu


def test_dots_lines_are_drawn_by_typing_row_and_column(app):
    game = start(app, "dots")
    for typed in ("0 1", "1 0", "2,1", "1 2"):  # the four sides of the top-left box
        type_text(app, typed)
        enter(app)
    assert game.match.moves == [(0, 1), (1, 0), (2, 1), (1, 2)]
    assert game.match.state.owners[0] == 1  # the second player closed it
    type_text(app, "0 1")
    enter(app)
    assert "already drawn" in game.message.text and len(game.match.moves) == 4


def test_dots_lines_are_drawn_with_the_arrows_too(app):
    game = start(app, "dots")
    rules = game.match.rules
    rng = random.Random(3)
    for _ in range(12):
        move = rng.choice(rules.legal_moves(game.match.state))
        steer(app, game, move)
        enter(app)
        assert game.match.moves[-1] == move


def test_gomoku_points_are_typed_or_reached_with_the_arrows(app):
    game = start(app, "gomoku", size=19, rule="renju", forbidden_loses=False)
    parse = game.match.parse
    type_text(app, "h8")
    enter(app)
    assert game.match.moves == [parse("h8")]
    key(app, pygame.K_RIGHT)  # shows the cursor beside the last stone
    assert game.board.cursor in game.board.targets(game.match)
    steer(app, game, parse("j10"))
    key(app, pygame.K_SPACE)
    assert game.match.moves == [parse("h8"), parse("j10")]
    key(app, pygame.K_RIGHT)
    start_at = game.board.cursor
    key(app, pygame.K_RIGHT)
    assert game.board.cursor == start_at + 1  # one point to the right, on the same row
    steer(app, game, parse("i8"))
    key(app, pygame.K_LEFT)
    assert game.board.cursor == parse("g8")  # h8 holds a stone: the arrow passes over it


def test_gomoku_m_is_a_column_and_ctrl_m_the_sound(app):
    game = start(app, "gomoku", size=19, rule="renju", forbidden_loses=False)
    sound = app.settings.sound
    type_text(app, "m10")
    enter(app)
    assert game.match.moves == [game.match.parse("m10")] and app.settings.sound == sound
    key(app, pygame.K_m, pygame.KMOD_LCTRL)
    assert app.settings.sound != sound


def test_a_typed_space_that_plays_the_cursor_is_not_typed(app):
    game = start(app, "dots")
    key(app, pygame.K_SPACE)  # shows the cursor
    type_text(app, " ")  # plays it; its character is no text
    assert len(game.match.moves) == 1 and game.keys.text == ""


# ---------------------------------------------------------------- where no human is to move
def test_space_and_right_still_pause_and_step_ai_vs_ai(app):
    game = start(app, "othello", seats=("random", "random"))
    key(app, pygame.K_SPACE)
    assert game.match.paused
    frames(app, 30, sleep=0.02)
    played = len(game.match.history)
    key(app, pygame.K_RIGHT)
    deadline = time.monotonic() + 10
    while len(game.match.history) == played and time.monotonic() < deadline:
        app.frame(0.016)
        time.sleep(0.01)
    assert len(game.match.history) == played + 1 and game.match.paused
    key(app, pygame.K_SPACE)
    assert not game.match.paused
    type_text(app, "f5")
    assert game.keys.text == ""  # nobody is typing a move


def test_the_arrows_still_step_a_replay(app, saves_folder):
    game = start(app, "othello")
    for text in ("f5", "d6", "c3", "d3"):
        type_text(app, text)
        enter(app)
    assert len(game.match.moves) == 4
    path = game.session.save_path
    app.open("game", GameSession.replay(load_game(path)))
    replay = app.top
    key(app, pygame.K_SPACE)
    assert replay.match.paused
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert len(replay.match.history) >= 2
    n = len(replay.match.history)
    key(app, pygame.K_LEFT)
    assert len(replay.match.history) == n - 1 and not replay.board.cursor_shown


# ---------------------------------------------------------------- a .psq game on another board
def test_a_15_by_15_psq_imported_in_a_19_by_19_game_starts_a_15_by_15_game(app):
    game = start(app, "gomoku", size=19, rule="renju", forbidden_loses=False)
    rules = get_game("gomoku").rules
    small = rules.new_game({"size": 15})
    moves = [rules.move_from_text(t, small) for t in ("h8", "i9", "o15")]
    game.session.import_record(to_psq(moves, 15))
    app.frame(0.016)
    m = game.match
    assert m.start.size == 15 and m.options["size"] == 15 and m.moves == moves
    assert game.board.size == 15  # laid out again for the new board
    assert "15 x 15" in game.message.text
    assert GameSession.resume(load_game(game.session.save_path)).match.start.size == 15
    type_text(app, "a1")
    enter(app)
    assert m.moves[-1] == rules.move_from_text("a1", small)
