"""Importing never loses a game: a record that holds no moves (an empty file, junk) is refused in
words and changes nothing, an import over moves played asks first, and Undo brings back the game
an import replaced, in the window and in its save."""
import json

import pygame
import pytest
from hostile_files import make_corpus
from test_scene_edges import game_of, open_import
from uidriver import click, frames, key

from boardhub.core.game import get_game
from boardhub.scenes.record_import import ImportScene
from boardhub.ui import theme

OPENING = ["f5", "d6", "c3", "d3", "c4"]  # the game in progress
RECORD = "f5f6e6f4e3"  # the record imported over it


def othello_game(app, moves=OPENING):
    rules = get_game("othello").rules
    return game_of(app, "othello", [None, None], moves=tuple(rules.move_from_text(m) for m in moves))


def texts(game) -> list[str]:
    return [game.match.rules.move_to_text(m) for m in game.match.moves]


def saved_moves(game) -> list[str]:
    return json.loads(game.session.save_path.read_text())["moves"]


def type_into(app, importer: ImportScene, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.frame(0.016)


def press_import(app, importer: ImportScene) -> None:
    click(app, importer.buttons[0].rect.center)  # the primary button: Import, or Replace the game


@pytest.mark.parametrize("content", ["", "   \n\n", "Piskvork\n", "\x00\x00"], ids=["empty", "blank", "header", "nuls"])
def test_an_empty_record_file_is_refused_and_the_game_stays(app, tmp_path, content):
    game = othello_game(app)
    path = tmp_path / "record.txt"
    path.write_text(content)
    open_import(app, game)
    importer = app.top
    type_into(app, importer, str(path))
    press_import(app, importer)
    frames(app, 2)
    assert app.top is importer and importer.error and importer.pending is None
    assert texts(game) == OPENING and saved_moves(game) == OPENING


def test_every_hostile_file_is_refused_and_the_game_stays(app, tmp_path):
    game = othello_game(app)
    open_import(app, game)
    importer = app.top
    for case, path in make_corpus(tmp_path / "hostile").items():
        importer.field.text = str(path)
        importer.pending = None
        importer.load()
        app.frame(0.016)
        # refused in words, or (a file that cleans to a record) asked about first: never replaced unasked
        assert app.top is importer and (importer.error or importer.pending is not None), case
        assert texts(game) == OPENING and saved_moves(game) == OPENING, case


def test_an_import_over_moves_asks_first_in_words(app):
    game = othello_game(app)
    open_import(app, game)
    importer = app.top
    type_into(app, importer, RECORD)
    press_import(app, importer)
    with theme.recording() as drawn:
        app.frame(0.016)
    assert app.top is importer and texts(game) == OPENING  # nothing replaced yet
    assert importer.import_button.label == "Replace the game"
    assert "This replaces the game in progress and its 5 moves: Undo brings it back" in [d.text for d in drawn]
    press_import(app, importer)
    assert app.top is game and texts(game) == ["f5", "f6", "e6", "f4", "e3"]


def test_an_edit_after_the_question_reads_the_record_again(app):
    game = othello_game(app)
    open_import(app, game)
    importer = app.top
    type_into(app, importer, RECORD)
    press_import(app, importer)
    assert importer.pending is not None
    click(app, importer.field.rect.center)  # the click on Import took the focus
    type_into(app, importer, "z9")  # now a bad record: it is refused, not imported
    assert importer.pending is None and importer.import_button.label == "Import"
    press_import(app, importer)
    assert app.top is importer and "z9" in importer.error and texts(game) == OPENING


def test_cancel_at_the_question_keeps_the_game(app):
    game = othello_game(app)
    open_import(app, game)
    importer = app.top
    type_into(app, importer, RECORD)
    press_import(app, importer)
    key(app, pygame.K_ESCAPE)
    assert app.top is game and texts(game) == OPENING and saved_moves(game) == OPENING


def test_an_import_into_a_game_without_moves_asks_nothing(app):
    game = othello_game(app, moves=[])
    open_import(app, game)
    importer = app.top
    type_into(app, importer, RECORD)
    press_import(app, importer)
    assert app.top is game and texts(game) == ["f5", "f6", "e6", "f4", "e3"]


def test_undo_brings_back_the_game_an_import_replaced(app):
    game = othello_game(app)
    open_import(app, game)
    importer = app.top
    type_into(app, importer, RECORD)
    press_import(app, importer)
    press_import(app, importer)
    assert app.top is game and saved_moves(game) == ["f5", "f6", "e6", "f4", "e3"]
    frames(app, 2)
    assert game.undo_button.enabled
    click(app, game.undo_button.rect.center)
    frames(app, 2)
    assert texts(game) == OPENING and saved_moves(game) == OPENING and game.session.imported == 0
    assert "before the import" in game.message.text
    click(app, game.board.square_rect(get_game("othello").rules.move_from_text("b3")).center)  # play on
    assert texts(game) == OPENING + ["b3"]


def test_undo_takes_back_moves_played_after_an_import_before_the_import_itself(app):
    game = othello_game(app)
    game.session.import_record(RECORD)
    frames(app, 1)
    rules = game.match.rules
    game.session.play(rules.move_from_text("d3"))
    frames(app, 1)
    click(app, game.undo_button.rect.center)
    assert texts(game) == ["f5", "f6", "e6", "f4", "e3"]  # the move played after it
    click(app, game.undo_button.rect.center)
    assert texts(game) == OPENING  # then the import
    click(app, game.undo_button.rect.center)
    assert texts(game) == OPENING[:-1]  # then the game's own moves, as before


def test_undo_after_the_ais_answer_to_an_import_brings_back_the_game(app):
    """Against the AI, the import leaves the AI to move and it answers: Undo takes back its answer
    and the import with it, as it takes back an AI's answer and the move that called for it."""
    import time
    rules = get_game("othello").rules
    game = game_of(app, "othello", [None, "random"], moves=tuple(rules.move_from_text(m) for m in OPENING[:4]))
    assert game.match.human_to_move
    game.session.import_record(RECORD)  # 5 moves: the AI (white) to move
    deadline = time.monotonic() + 20
    while len(game.match.moves) < 6:
        assert time.monotonic() < deadline, "the AI did not answer"
        frames(app, 1, sleep=0.01)
    click(app, game.undo_button.rect.center)
    frames(app, 1)
    assert texts(game) == OPENING[:4] and game.match.human_to_move
