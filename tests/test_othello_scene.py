"""The Othello board in the app, headless: clicks, refusals, passes and the pixels of discs."""
import random
import time

import pytest
from uidriver import click, frames

from boardhub.core.game import get_game
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.games.othello.engine import PASS, parse_square
from boardhub.games.othello.ui.board import DISC, LAST_MOVE
from boardhub.scenes import game_frame
from boardhub.scenes.game import GameScene

OTHELLO = get_game("othello")


def pvp(app) -> GameScene:
    setup = GameSetup(OTHELLO.key, (None, None), {}, 0.5, False, "pvp")
    app.open("game", GameSession.new(setup, app.start_worker))
    app.frame(0.016)
    return app.top


def test_a_click_plays_the_square_and_the_disc_turns_black(app):
    game = pvp(app)
    f5 = game.board.square_rect(parse_square("f5")).center
    click(app, f5)
    assert game.match.moves == [parse_square("f5")]
    for _ in range(60):
        app.frame(0.016)
    assert app.screen.get_at(f5)[:3] == LAST_MOVE
    off_centre = (f5[0] + round(game.board.cell * 0.25), f5[1])
    assert app.screen.get_at(off_centre)[:3] == DISC[0]
    e5 = game.board.square_rect(parse_square("e5")).center  # outflanked: now black too
    assert app.screen.get_at(e5)[:3] == DISC[0]
    assert game.board.scores(game.match.state) == ["4", "1"]


@pytest.mark.parametrize("square, words", [("a1", "flips nothing"), ("d4", "taken")])
def test_illegal_clicks_are_refused_with_the_reason(app, square, words):
    game = pvp(app)
    click(app, game.board.square_rect(parse_square(square)).center)
    assert game.match.moves == [] and words in game.message.text


def test_a_player_without_a_move_is_told_and_passes_with_a_click(app):
    rules = OTHELLO.rules
    rng = random.Random(0)
    for _ in range(500):  # find a random game in which someone must pass
        state, moves = rules.new_game(), []
        while not rules.is_over(state) and rules.legal_moves(state) != [PASS]:
            move = rng.choice(rules.legal_moves(state))
            moves.append(move)
            state = rules.apply(state, move)
        if not rules.is_over(state):
            break
    game = pvp(app)
    game.match.replay(moves)
    app.frame(0.016)
    assert "no legal move" in game_frame.status(game)[0]
    click(app, game.board.square_rect(0).center)
    assert game.match.moves[-1] == PASS
    app.frame(0.016)
    assert "passes" in game.message.text


def test_transcripts_export_to_a_file_and_import_from_a_paste(app, saves_folder):
    from boardhub.scenes.record_import import ImportScene
    game = pvp(app)
    for text in ("f5", "d6", "c3"):
        game.match.play(parse_square(text))
    export, import_ = game.record_buttons[0], game.record_buttons[1]
    click(app, export.rect.center)
    saved = list(saves_folder.glob("othello-*.txt"))
    assert len(saved) == 1 and saved[0].read_text().strip() == "f5d6c3"
    click(app, import_.rect.center)
    panel = app.top
    assert isinstance(panel, ImportScene)
    panel.field.text = "f5 d6 c3 d3 z9"
    panel.load()
    assert app.top is panel and "Move 5 (z9)" in panel.error  # refused, the first bad move named
    panel.field.text = str(saved[0])
    panel.load()
    assert app.top is panel and panel.import_button.label == "Replace the game"  # the game's moves would go
    panel.load()
    assert app.top is game and [game.match.rules.move_to_text(m) for m in game.match.moves] == ["f5", "d6", "c3"]
    assert not game.match.can_redo()


def test_the_evaluation_overlay_scores_every_legal_square(app):
    import time
    game = pvp(app)
    click(app, game.action_buttons[0].rect.center)
    assert game.action_buttons[0].label == "Values: on"
    # the overlay is of the position the human to move is thinking about
    assert game.board.wants_analysis(game.match) == (True, game.match.to_move)
    end = time.monotonic() + 10
    while game.context().analysis is None and time.monotonic() < end:
        app.frame(0.016)
        time.sleep(0.02)
    legal = set(game.match.rules.legal_moves(game.match.state))
    assert game.session.analysis_for(game.match.to_move) is game.context().analysis
    assert set(game.context().analysis) == legal


def test_the_learned_boards_page_shows_heat_maps_and_exports_a_png(app, saves_folder):
    from boardhub.games.othello.ui.learning_page import LearningScene
    menu = app.top
    page_button = menu.cards[1][2][-2]
    assert page_button.label == "Learned boards"
    click(app, page_button.rect.center)
    page = app.top
    assert isinstance(page, LearningScene) and page.picture is not None
    click(app, page.export_button.rect.center)
    assert len(list(saves_folder.glob("othello-learning-*.png"))) == 1


def test_games_played_in_the_app_teach_the_learned_ai_when_asked(app, saves_folder):
    from boardhub.games.othello.learning import newest_learning
    app.settings.learn_in_app = True
    game = pvp(app)
    before = newest_learning().games
    rules = game.match.rules
    rng = random.Random(3)
    while not game.match.is_over:
        game.match.play(rng.choice(rules.legal_moves(game.match.state)))
    app.frame(0.016)
    assert newest_learning().games == before + 1


def test_a_seat_can_be_an_engine_typed_in_the_setup(app):
    import shlex
    import sys
    from boardhub.scenes.setup import SetupScene
    setup = app.open("setup", GameSetup.default(OTHELLO.key, "pva"))
    assert isinstance(setup, SetupScene)
    second = setup.seat_choices[1]
    second.set("gtp:")
    setup.layout(setup.size)
    field = setup.engine_fields[1]
    assert field.visible
    click(app, setup.start_button.rect.center)
    assert app.top is setup and "the engine's program and its arguments" in setup.error
    field.text = "no-such-engine-program --gtp"
    click(app, setup.start_button.rect.center)
    assert app.top is setup and "Cannot find the engine program 'no-such-engine-program'" in setup.error
    field.text = shlex.join([sys.executable, "tests/fake_othello_engine.py", "--protocol", "gtp"])
    click(app, setup.start_button.rect.center)
    give_up = time.monotonic() + 20
    while app.top is setup and time.monotonic() < give_up:  # the engine is started and greeted first
        frames(app, 1, sleep=0.02)
    game = app.top
    assert isinstance(game, GameScene)
    assert game.match.seats[1].ai.startswith("gtp:") and "(GTP)" in game.match.seats[1].label
