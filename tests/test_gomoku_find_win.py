"""Find the win: the threat solver's line for the side to move, played out with the referee's rules,
the words for a position without a forced win, and the game screen's key, button and Esc."""
import time

import pygame
import pytest
from gomokupositions import position
from gomokupuzzles import PUZZLES, state as puzzle_state
from uidriver import frames, key

from boardhub.core.game import get_game
from boardhub.core.i18n import set_language
from boardhub.core.requests import FindWinRequest
from boardhub.core.review_run import GameRecord
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.games.gomoku.engine import BLACK, WHITE, GomokuRules, forbidden, point_name
from boardhub.games.gomoku.find_win import FIND_MOVES, find_win
from boardhub.scenes.game import GameScene
from boardhub.scenes.review import ReviewScene

GOMOKU = get_game("gomoku")
RULES = GomokuRules()


def played_out(state, line):
    """The position after `line`, each move checked by the referee (IllegalMove if one is not legal)."""
    for move in line:
        state = RULES.apply(state, move)
    return state


def attacker_has_won(start, line) -> bool:
    """The line ends the game for the side that was to move: a five, or (renju) a four whose every
    completing point black may not play, so that black can stop it nowhere."""
    end = played_out(start, line)
    attacker = start.player
    if end.over:
        return end.winner == attacker
    if attacker != WHITE or end.rule != "renju":
        return False
    completing = [p for p in range(end.size ** 2) if not end.board[p]
                  and RULES.apply(end.__class__(end.size, end.rule, end.board, WHITE, end.moves), p).winner == WHITE]
    return bool(completing) and all(forbidden(end.board, end.size, p) for p in completing)


# every third puzzle of both collections, black's and white's (tests/test_gomoku_vcf.py solves them all)
@pytest.mark.parametrize("puzzle", PUZZLES[::3], ids=lambda pz: pz.name)
def test_the_line_found_for_a_vcf_puzzle_is_a_real_win(puzzle):
    start = puzzle_state(puzzle)
    win = find_win(start)
    assert win.kind == "vcf" and win.attacker == start.player and win.complete
    assert attacker_has_won(start, win.line), [point_name(p, 15) for p in win.line]
    # a VCF: each defender's reply was the one point that stopped the four just made
    state = start
    for i, move in enumerate(win.line[:-1]):
        state = RULES.apply(state, move)
        if i % 2 == 0:
            reply = win.line[i + 1]
            assert RULES.apply(state.__class__(state.size, state.rule, state.board, start.player, state.moves),
                               reply).winner == start.player  # the attacker would have made five there
    assert win.wording().english() == \
        f"{('Black', 'White')[start.player]} wins with a VCF (fours only) in {win.moves} moves"


@pytest.mark.parametrize("black, white, player", [
    ("a1 a3 o1 o3 o15", "g9 h9 j8 j7", WHITE),  # j9 makes two open threes
    ("f7 g7 h9 h10", "a1 b1 o15 n15", BLACK),  # h7 makes two open threes
])
def test_a_win_by_threes_is_shown_as_one_line_that_wins(black, white, player):
    start = position(black, white, player, rule="freestyle")
    win = find_win(start)
    assert win.kind == "vct" and attacker_has_won(start, win.line)
    assert "with a VCT (threes and fours) in 3 moves" in win.wording().english()


@pytest.mark.parametrize("black, white, player", [
    ("h8", "a1", BLACK),  # the opening: nothing forced
    ("f7 g7 h9 h10", "a1 k12 l12 m12", BLACK),  # black's threes are too slow against white's fours
])
def test_a_position_without_a_forced_win_says_so(black, white, player):
    win = find_win(position(black, white, player, rule="freestyle"))
    assert win.line == () and win.complete
    assert win.wording().english() == f"No forced win found for Black within {FIND_MOVES} moves"


def test_a_search_its_budget_stopped_does_not_claim_there_is_no_win():
    win = find_win(puzzle_state(PUZZLES[0]), nodes=40)
    assert win.line == () and not win.complete
    assert win.wording().english() == "No forced win found for Black: the search stopped before the end"


def test_the_words_are_said_in_korean():
    win = find_win(position("f7 g7 h9 h10", "a1 b1 o15 n15", BLACK, rule="freestyle"))
    set_language("ko")
    try:
        said = win.wording().said()
    finally:
        set_language("en")
    assert said != win.wording().english() and "흑" in said and "3" in said


def test_the_question_goes_to_the_ai_process_as_a_typed_request():
    start = puzzle_state(PUZZLES[1])
    assert FindWinRequest("gomoku", start, start.player).answer(GOMOKU, time.monotonic() + 30) == find_win(start)


def puzzle_game(app, puzzle) -> GameScene:
    """Two people at the puzzle's position, on the screen."""
    start = puzzle_state(puzzle)
    setup = GameSetup("gomoku", (None, None), {"size": 15, "rule": "renju", "forbidden_loses": False}, mode="pvp")
    session = GameSession.new(setup, app.start_worker)
    session.import_record(" ".join(point_name(p, 15) for p in start.moves))
    app.open("game", session)
    frames(app, 2)
    assert session.match.state.board == start.board
    return app.top


def wait_for_win(app, scene, limit=60.0):
    end = time.monotonic() + limit
    while scene.session.finding_win:
        assert time.monotonic() < end, "no answer came"
        app.frame(0.016)  # the window keeps drawing frames while the AI process searches
        time.sleep(0.01)
    frames(app, 1)


def test_ctrl_f_or_the_button_shows_the_numbered_line_and_esc_or_a_move_takes_it_off(app):
    scene = puzzle_game(app, PUZZLES[1])
    session = scene.session
    key(app, pygame.K_f, pygame.KMOD_CTRL)
    assert session.finding_win and scene.message.text == "Looking for a forced win…"
    wait_for_win(app, scene)
    win = session.win_for(session.match.state)
    assert win is not None and attacker_has_won(session.match.state, win.line)
    assert scene.message.text == f"Black wins with a VCF (fours only) in {win.moves} moves"
    # the line is drawn over the empty points: the first move's point shows a stone, until Esc
    x, y = scene.board.point_xy(win.line[0])
    spot = (round(x + scene.board.cell * 0.25), round(y + scene.board.cell * 0.25))  # off the grid's lines
    shown = tuple(app.screen.get_at(spot))
    key(app, pygame.K_ESCAPE)
    frames(app, 1)
    assert session.win_for(session.match.state) is None and isinstance(app.top, GameScene)
    assert tuple(app.screen.get_at(spot)) != shown
    # the button asks again; a move played takes the line away (it was for the position before)
    next(iter(scene.win_buttons)).on_click()
    wait_for_win(app, scene)
    assert session.win_for(session.match.state) == win
    scene.act(scene.board.click(tuple(round(v) for v in scene.board.point_xy(win.line[0])), session.match))
    frames(app, 1)
    assert session.win_for(session.match.state) is None and session.match.state.moves[-1] == win.line[0]
    key(app, pygame.K_ESCAPE)  # with nothing shown, Esc opens the pause menu as before
    assert not isinstance(app.top, GameScene)
    # the pause menu's entry: the panel closes and the search runs for the position now on the board
    button = next(b for b in app.top.buttons if b.label == "Find the win")
    button.on_click()
    assert app.top is scene and session.finding_win
    wait_for_win(app, scene)
    after = session.win_for(session.match.state)
    assert after is not None and (after.line == () or attacker_has_won(session.match.state, after.line))
    assert scene.message.text == after.wording().english()


def test_the_review_finds_the_win_of_the_position_shown_with_ctrl_f(app):
    # black's h7 would make two open threes: a win by threats for black, to move after white's n15
    names = "f7 a1 g7 b1 h9 o15 h10 n15 h7".split()
    options = {"size": 15, "rule": "freestyle", "forbidden_loses": False}
    start = RULES.new_game(options)
    moves = tuple(RULES.move_from_text(n, start) for n in names)
    record = GameRecord(options, 0, moves)
    app.open("review", GOMOKU, record, None, ("Black", "White"))
    review = app.top
    assert isinstance(review, ReviewScene)
    review.select(8)  # the position before h7
    key(app, pygame.K_f, pygame.KMOD_CTRL)
    end = time.monotonic() + 60
    while review.win is not None and review.win[2] is None:
        assert time.monotonic() < end, "no answer came"
        frames(app, 1, 0.01)
    state, _job, win = review.win
    assert state is review.run.states[8] and attacker_has_won(state, win.line)
    assert review.message == "Black wins with a VCT (threes and fours) in 3 moves"
    key(app, pygame.K_ESCAPE)  # the line goes first, then the review
    assert review.win is None and app.top is review
    key(app, pygame.K_ESCAPE)
    assert app.top is not review
