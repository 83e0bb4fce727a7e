"""Da Vinci Code's tile history on hover (and under the keys' cursor): read from the public record only,
so the story of a tile the viewer cannot see never tells its number."""
from __future__ import annotations

import random
import re

import pygame
import pytest
from uidriver import key

from boardhub.core.game import get_game
from boardhub.core.match import Match
from boardhub.core.setup import make_seats
from boardhub.games.davinci.engine import DavinciRules
from boardhub.games.davinci.moves import Guessed
from boardhub.games.davinci.tile_history import current_turn, tile_history, turns
from boardhub.games.davinci.ui.board import DavinciBoard, pick
from boardhub.games.davinci.words import value_words
from boardhub.ui import theme
from boardhub.ui.board import DrawContext

RULES = DavinciRules()
DAVINCI = get_game("davinci")
NAMES = ("Ann", "Expert AI", "Bo", "Cy")


@pytest.fixture(autouse=True)
def fonts():
    """The board's drawing measures text (an earlier test may have shut pygame down)."""
    pygame.init()


def played(options: dict, seed: int, moves: int):
    rng = random.Random(seed)
    state = RULES.new_game(options, seed)
    for _ in range(moves):
        if state.over:
            break
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
    return state


def called(text: str) -> set[str]:
    """The values the history says were called."""
    return set(re.findall(r"called (.+?) by", text))


def test_a_hidden_tiles_history_names_only_the_wrong_calls_and_is_the_same_for_every_onlooker():
    checked = 0
    for seed, options in enumerate([{"players": 2}, {"players": 3, "draw_start": True},
                                    {"players": 4, "deal_jokers": True}] * 3):
        state = played(options, seed, 30 + 12 * seed)
        if state.over:
            continue
        for viewer in range(state.players):
            view = RULES.view(state, viewer)
            for owner, rack in enumerate(state.racks):
                for tile in rack:
                    if tile.revealed or owner == viewer:
                        continue
                    text = "\n".join(tile_history(view, tile.uid, NAMES))
                    wrong = {value_words(e.value) for e in view.history
                             if isinstance(e, Guessed) and e.uid == tile.uid}
                    assert called(text) == wrong and value_words(tile.value) not in called(text)
                    # nothing in it comes from the tile's value: an observer is told the same
                    assert text == "\n".join(tile_history(RULES.view(state, None), tile.uid, NAMES))
                    checked += 1
    assert checked > 20


def test_calls_draws_and_reveals_are_told_with_their_turns():
    state = RULES.new_game({"players": 2}, 3)
    state = RULES.apply(state, ("draw", 0))
    state = RULES.apply(state, RULES.legal_moves(state)[0])  # placed: the drawn tile is seat 0's
    drawn = state.drawn
    target = state.racks[1][0]
    wrong = next(v for v in RULES.view(state, 0).candidates(1, 0) if v != target.value)
    state = RULES.apply(state, ("guess", 1, 0, wrong))  # wrong: seat 0's drawn tile turns up
    view = RULES.view(state, 1)
    assert tile_history(view, target.uid, NAMES) == [
        "Dealt at the start", f"Turn 1: called {value_words(wrong)} by Ann - wrong", "Called once"]
    assert tile_history(view, drawn, NAMES) == [
        "Turn 1: drawn", "Turn 1: turned face up by its owner after their wrong call", "No call on it yet"]
    assert current_turn(view) == 2 and turns(view) == [1, 1, 1, 1]


def test_the_starting_draws_are_told_as_such():
    state = RULES.new_game({"players": 2, "draw_start": True}, 4)
    for _ in range(16):
        state = RULES.apply(state, RULES.legal_moves(state)[0])
    view = RULES.view(state, 0)
    assert not view.setup and set(turns(view)) == {0}
    assert tile_history(view, state.racks[1][0].uid, NAMES)[0] == "Drawn at the start"
    assert current_turn(view) == 1


def board_and_match(seed=5):
    match = Match(DAVINCI, make_seats([None, "easy"]), {"players": 2}, seed=seed)
    board = DavinciBoard(DAVINCI)
    board.layout(pygame.Rect(0, 0, 1000, 700), match.state)
    board.look(match)
    board.update(match, 0.0)
    return board, match


def draw(board, match, pointer=None, hover=None):
    surface = pygame.Surface(board.rect.size)
    ctx = DrawContext(1000.0, hover, True, True, 0.0, ("You", "Easy AI"), humans=(0,), pointer=pointer)
    with theme.recording() as texts:
        board.draw(surface, match.state, match.history, ctx)
    return [t.text for t in texts]


def test_hovering_a_tile_shows_its_history_and_nothing_elsewhere():
    board, match = board_and_match()
    rect = board.rack_rects(board.view(match.state))[(1, 0)]
    assert "Dealt at the start" not in draw(board, match, pointer=(2, 2))
    texts = draw(board, match, pointer=rect.center)
    assert "Easy AI: white tile" in texts or "Easy AI: black tile" in texts
    assert "Dealt at the start" in texts and "No call on it yet" in texts


def test_the_keys_cursor_on_a_tile_shows_its_history(app):
    from boardhub.core import saves
    from boardhub.core.session import GameSession
    match = Match(DAVINCI, make_seats([None, "easy"]), {"players": 2}, seed=5, worker=app.start_worker())
    app.open("game", GameSession(match, app.start_worker, save_path=saves.new_game_path(DAVINCI.key)))
    match.timing.ai_delay = match.timing.chain_delay = 1e6
    match.play(("draw", 0))
    match.play(RULES.legal_moves(match.state)[0])
    app.frame(0.016)
    scene = app.top
    key(app, pygame.K_RIGHT)  # the keys show the cursor, on the first hidden tile to call
    app.frame(0.016)
    assert scene.board.cursor_shown and scene.board.cursor == pick(1, 0)
    with theme.recording() as texts:
        app.frame(0.016)
    assert "No call on it yet" in [t.text for t in texts]
