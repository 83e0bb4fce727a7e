"""The review and hints on the screen, headless: the best move on request in every game against the AI,
counted in the stats; the review opened after a game, stepped with keys and clicks, its graph exported."""
import time

import pygame
import pytest
from uidriver import click, frames, key

from boardhub.core import saves
from boardhub.core.game import GAME_KEYS, get_game
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.core.rules import Outcome
from boardhub.core.stats import Stats
from boardhub.scenes.overlay import PanelScene
from boardhub.scenes.review import ReviewScene

OPTIONS = {"dots": {"rows": 2, "cols": 2}, "gomoku": {"size": 15, "rule": "freestyle"}}


def start(app, key_: str, seats):
    setup = GameSetup(key_, tuple(seats), OPTIONS.get(key_, {}), 0.5, False, "pva")
    app.open("game", GameSession.new(setup, app.start_worker))
    app.frame(0.016)
    return app.top


def wait(app, done, seconds=30.0):
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        frames(app, 1, 0.02)
    return done()


@pytest.mark.parametrize("game_key", GAME_KEYS)
def test_best_move_on_request_is_shown_and_the_game_counts_as_hinted(app, game_key):
    n = get_game(game_key).rules.num_players(OPTIONS.get(game_key, {}))
    game = start(app, game_key, [None] + ["easy"] * (n - 1))
    assert wait(app, lambda: game.session.interactive)
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    assert wait(app, lambda: game.session.hint_for(game.match.state) is not None)
    hint = game.session.hint_for(game.match.state)
    assert hint.best in game.match.rules.legal_moves(game.match.state)
    frames(app, 2)
    assert game.message is not None and game.message.text.startswith("Best move: ")
    assert game.session.hints == 1
    game.session.play(hint.best)  # the suggestion is a legal move; a new position has no hint
    assert game.session.hint_for(game.match.state) is None
    game.match.end_with(Outcome(0, (), "score", ""))  # ended here: the result is what counts
    frames(app, 3)
    opponent = ", ".join(["easy"] * (n - 1))
    assert Stats.load().hinted_of(game_key, opponent) == 1


def test_the_review_after_a_game_steps_and_exports_its_graph(app):
    othello = get_game("othello")
    app.settings.ai_delay = 0.0  # the AI's replies show at once: the review is the point here
    game = start(app, "othello", [None, "random"])
    while not game.match.is_over:  # the person plays the first legal move each time
        assert wait(app, lambda: game.session.interactive or game.match.is_over)
        if not game.match.is_over:
            game.session.play(othello.rules.legal_moves(game.match.state)[0])
    assert wait(app, lambda: isinstance(app.top, PanelScene))
    button = next(b for b in app.top.buttons if b.label == "Review the game")
    click(app, button.rect.center)
    review = app.top
    assert isinstance(review, ReviewScene)
    review.run.limit = 0.05
    assert wait(app, lambda: review.run.done, 60)
    assert not review.run.error and review.run.progress[0] == len(game.match.history) + 1
    key(app, pygame.K_END)
    assert review.selected == len(game.match.history) - 1
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)
    assert review.selected == 1
    click(app, (review.graph_rect.right - 8, review.graph_rect.centery))
    assert review.selected == len(game.match.history) - 1
    click(app, review.export_button.rect.center)
    assert list(saves.saves_dir().glob("review-othello-*.png"))
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, ReviewScene)


def test_a_da_vinci_review_says_its_moves_in_words_in_either_language(app):
    """The move list and the detail word every move as the game's own list does ("drew a black tile",
    "called Easy AI's 2nd-from-left tile 7 - wrong"), never in the record's notation ("draw b", "guess 2 2 7")."""
    from test_text_fits import build_review
    from boardhub.core import i18n
    from boardhub.ui import theme
    review = build_review("davinci")(app)
    rules = review.entry.rules
    notation = {rules.move_to_text(m, s) for m, s in zip(review.record.moves, review.run.states)}
    notation = {n for n in notation if " " in n}  # "stop" alone is a word too
    for language, words in (("en", ("drew a", "called", "placed it")), ("ko", ("뽑음", "추리", "놓음"))):
        i18n.set_language(language)
        with theme.recording() as drawn:
            review.draw(app.screen)
        texts = " | ".join(d.text for d in drawn)
        assert not [n for n in notation if n in texts], texts
        assert any(w in texts for w in words), texts
