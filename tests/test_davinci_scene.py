"""The Da Vinci Code table in the app, headless: a whole turn by clicks, and hidden tiles
that stay hidden in every pixel the human can see."""
import pytest
from uidriver import click

from boardhub.core.game import get_game
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.games.davinci.engine import BLACK
from boardhub.scenes.game import GameScene

DAVINCI = get_game("davinci")


def pvp_against(app, ai=None, players=2, seed=5) -> GameScene:
    from boardhub.core import saves
    from boardhub.core.match import Match, Timing
    from boardhub.core.setup import make_seats
    seats = make_seats([None] + [ai] * (players - 1))
    worker = app.start_worker() if ai else None
    match = Match(DAVINCI, seats, {"players": players}, seed=seed, timing=Timing(ai_delay=0, chain_delay=0),
                  worker=worker)
    session = GameSession(match, app.start_worker, save_path=saves.new_game_path(DAVINCI.key))
    session.autosave()
    app.open("game", session)
    app.frame(0.016)
    if ai is None:  # people sharing the screen: the first to move clicks the cover away
        click(app, app.top.board.rect.center)
        app.frame(0.016)
    return app.top


def test_a_turn_by_clicks_draw_place_pick_a_tile_and_call_its_number(app):
    game = pvp_against(app, players=2)
    m, board = game.match, game.board
    click(app, board.pile_rects()[BLACK].center)
    assert ("draw", BLACK) in m.moves
    view = board.view(m.state)
    if view.phase == "place":  # more than one slot: the player picks one (one slot is taken at once)
        slot, rect = next(iter(board.slot_rects(view, board.rack_rects(view)).items()))
        click(app, rect.center)
    assert m.moves[-1][0] == "place"
    view = board.view(m.state)
    target = (1, view.hidden(1)[0])
    click(app, board.rack_rects(view)[target].center)
    assert board.selected == target and m.moves[-1][0] == "place"
    value = view.candidates(*target)[0]
    click(app, board.pad_rects()[value].center)
    assert m.moves[-1] == ("guess", *target, value)


def test_a_click_on_your_own_tile_in_the_guess_phase_is_refused(app):
    game = pvp_against(app)
    m, board = game.match, game.board
    m.play(("draw", BLACK))
    view = board.view(m.state)
    m.play(("place", view.slots[0]))
    view = board.view(m.state)
    click(app, board.rack_rects(view)[(0, 0)].center)
    assert "another player" in game.message.text and board.selected is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_human_never_sees_the_numbers_of_hidden_tiles(app, players):
    """A state and another the human cannot tell from it (hidden numbers swapped) draw the same pixels."""
    import random

    import pygame
    from test_davinci_hidden import hidden_numbers, rearranged

    from boardhub.ui.board import DrawContext
    game = pvp_against(app, ai="easy", players=players, seed=players)
    m, board = game.match, game.board
    rng = random.Random(players)
    while len(m.history) < 12 and not m.is_over:  # a few turns in: tiles drawn, guessed, revealed
        if m.human_to_move:
            m.play(rng.choice(m.rules.legal_moves(m.state)))
        app.frame(0.016)
        m.wait(0.1)
    state = m.state
    other = rearranged(state, 0, rng)
    assert hidden_numbers(other, 0) != hidden_numbers(state, 0)  # the hidden numbers really differ
    ctx = DrawContext(1000.0, None, True, True, 0.0, tuple(s.label for s in m.seats))
    shots = []
    for s in (state, other):
        app.screen.fill((0, 0, 0))
        board.draw(app.screen, s, m.history, ctx)
        shots.append(pygame.image.tobytes(app.screen.subsurface(board.rect), "RGB"))
    assert shots[0] == shots[1]


def test_the_setup_has_one_seat_row_per_player(app):
    from boardhub.scenes.setup import SetupScene
    setup = app.open("setup", GameSetup.default(DAVINCI.key, "pva"))
    assert isinstance(setup, SetupScene)
    players = next(c for o, c in setup.option_choices if o.key == "players")
    players.set(4)
    setup.sync_seats()
    assert len(setup.seat_choices) == 4 and setup.seat_values()[0] is None
    players.set(3)
    setup.sync_seats()
    assert len(setup.setup().seats) == 3


def test_the_probability_hint_shows_the_likely_numbers_of_opponent_tiles(app):
    import time
    game = pvp_against(app, players=2)
    hints = next(b for b in game.action_buttons if b.label.startswith("Hints"))
    click(app, hints.rect.center)
    end = time.monotonic() + 10
    while game.context().analysis is None and time.monotonic() < end:
        app.frame(0.016)
        time.sleep(0.02)
    # the hints are worked out from the human's view of the table (seat 0), never from the hidden tiles
    assert game.board.wants_analysis(game.match) == (True, 0)
    hints = game.session.analysis_for(0)
    assert hints is not None and game.context().analysis is hints
    view = game.board.view(game.match.state)
    assert view.seat == 0
    for index in view.hidden(1):
        dist = hints[(1, index)]
        assert abs(sum(dist.values()) - 1) < 1e-6
