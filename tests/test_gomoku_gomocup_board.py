"""Gomoku's 20 x 20 board, the Gomocup board, under freestyle rules: fives along every edge, the AIs
on it, Gomocup brains told its size, .psq records and their import, and the setup offering it."""
import sys
import time
from pathlib import Path

import pytest

from boardhub.core.game import get_game
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.games.gomoku import psq_options, review
from boardhub.games.gomoku.ai import NormalAI
from boardhub.games.gomoku.brain import Brain
from boardhub.games.gomoku.engine import GomokuRules, parse_point, point_name
from boardhub.games.gomoku.expert import ExpertAI
from boardhub.games.gomoku.external import PbrainEngine
from boardhub.games.gomoku.records import from_psq, to_psq
from boardhub.scenes.setup import SetupScene

GOMOKU = get_game("gomoku")
RULES = GomokuRules()
BIG = {"size": 20, "rule": "freestyle"}
FAKE = Path(__file__).with_name("fake_pbrain.py")


def play(moves, options=BIG):
    state = RULES.new_game(options)
    for move in moves:
        state = RULES.apply(state, move)
    return state


def xy(x, y):
    return y * 20 + x


def edge_fives():
    """Five black stones along each edge and on both long diagonals' ends, with white's replies away
    from them (on the two middle rows, spread so that white never makes a five of its own)."""
    lines = {
        "bottom row": [xy(x, 0) for x in range(15, 20)],
        "top row": [xy(x, 19) for x in range(0, 5)],
        "left column": [xy(0, y) for y in range(15, 20)],
        "right column": [xy(19, y) for y in range(0, 5)],
        "diagonal to t20": [xy(15 + k, 15 + k) for k in range(5)],
        "diagonal to a20": [xy(4 - k, 15 + k) for k in range(5)],
    }
    replies = [xy(x, 10) for x in (2, 5, 8, 11)]
    return {name: (line, replies) for name, line in lines.items()}


@pytest.mark.parametrize("name", list(edge_fives()))
def test_five_in_a_row_wins_at_every_edge_of_the_gomocup_board(name):
    line, replies = edge_fives()[name]
    moves = [m for pair in zip(line, replies + [None]) for m in pair if m is not None]
    state = play(moves)
    assert state.winner == 0 and state.reason == "five" and sorted(state.win_line) == sorted(line)
    assert not play(moves[:-1]).over  # four is not yet five


def test_the_gomocup_board_is_named_a1_to_t20_and_is_freestyle_only():
    assert point_name(xy(19, 19), 20) == "t20" and parse_point("t20", 20) == xy(19, 19)
    assert parse_point("t1", 20) == 19
    with pytest.raises(Exception):
        parse_point("t1", 19)
    for rule in ("renju", "standard"):
        with pytest.raises(ValueError):
            RULES.new_game({"size": 20, "rule": rule})
    black = [xy(x, 0) for x in (0, 1, 2, 4, 5, 3)]  # the last stone joins 3 and 2 into six
    white = [xy(x, 10) for x in (1, 4, 7, 10, 13)]
    overline = play([m for pair in zip(black, white + [None]) for m in pair if m is not None])
    assert overline.winner == 0 and len(overline.win_line) == 6  # freestyle: six wins too


def test_the_ais_block_a_four_on_the_far_edge_of_the_gomocup_board():
    # black has four on the t column (x 19) with one end at the board's edge: the one point left must be taken
    black = [xy(19, y) for y in (16, 17, 18, 19)]
    white = [xy(x, 5) for x in (3, 6, 9)]
    state = play([m for pair in zip(black, white + [None]) for m in pair if m is not None] + [xy(9, 9), xy(10, 10)])
    assert state.player == 1  # white to move
    assert ExpertAI(seed=0).choose(state, time.monotonic() + 2.0) == xy(19, 15)
    assert NormalAI(seed=0).choose(state, time.monotonic() + 2.0) == xy(19, 15)
    first = ExpertAI(seed=0).choose(play([]), time.monotonic() + 1.0)
    assert first in RULES.legal_moves(play([]))


def test_the_review_judge_reads_the_gomocup_board_and_its_mirror_images_alike():
    black = [xy(19, y) for y in (16, 17, 18, 19)]
    white = [xy(x, 5) for x in (3, 6, 9)]
    state = play([m for pair in zip(black, white + [None]) for m in pair if m is not None] + [xy(9, 9), xy(10, 10)])
    verdict = review.quick(state, 1)  # the first pass: the judge's own work on smaller budgets
    assert verdict.best == xy(19, 15)  # white must block the four on the far edge
    mirrored = play([xy(19 - p % 20, p // 20) for p in state.moves])
    again = review.quick(mirrored, 1)
    assert again.best == xy(0, 15) and again.value == verdict.value


def test_a_psq_of_the_gomocup_board_round_trips_and_switches_an_import_to_freestyle(saves_folder):
    moves = [xy(19, 19), xy(0, 0), xy(10, 10), xy(19, 0)]
    game = play(moves)
    text = to_psq(game, times=[0.1, 0.2, 0.3, 0.4])
    assert text.startswith("Piskvorky 20x20, 0:0, 0\n") and "20,1,100" in text
    assert from_psq(text) == (20, moves)
    assert psq_options(text) == {**BIG, "opening": "none", "renju_opening": "none"}  # the stones only
    session = GameSession.new(GameSetup("gomoku", (None, None), {"size": 19, "rule": "renju"}, mode="pvp"))
    try:
        session.import_record(text)
        assert session.match.state.size == 20 and session.match.state.rule == "freestyle"
        assert session.match.state.moves == tuple(moves)
    finally:
        session.close()


def test_a_gomocup_brain_is_told_start_20(tmp_path):
    log = tmp_path / "commands"
    engine = PbrainEngine([sys.executable, str(FAKE), "--log", str(log)])
    try:
        move = engine.choose(play([]), time.monotonic() + 2, history=())
        assert move in range(400)
    finally:
        engine.close()
    sent = log.read_text().splitlines()
    assert "START 20" in sent and "INFO rule 0" in sent


def test_boardhub_as_a_brain_plays_20_freestyle_only():
    out: list[str] = []
    brain = Brain(NormalAI(seed=0), out.append)
    brain.handle("START 20", iter(()))
    assert out[-1] == "OK" and brain.state.size == 20
    brain.handle("INFO rule 4", iter(()))  # renju is not played on the Gomocup board: it stays freestyle
    assert brain.rule == "freestyle" and out[-1].startswith("MESSAGE")
    other = Brain(NormalAI(seed=0), out.append)
    other.handle("INFO rule 1", iter(()))  # standard, told before the game
    other.handle("START 20", iter(()))
    assert out[-1].startswith("ERROR") and "freestyle" in out[-1] and other.state is None


def test_the_setup_offers_20_x_20_under_freestyle_only(app):
    app.open("setup", GameSetup.default("gomoku", "pva"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    size, rule = (next(c for o, c in setup.option_choices if o.key == k) for k in ("size", "rule"))
    assert 20 not in size.values  # renju by default
    rule.set("freestyle")
    rule.on_change("freestyle")
    assert 20 in size.values
    size.set(20)
    assert setup.setup().options["size"] == 20
    rule.set("renju")
    rule.on_change("renju")
    assert 20 not in size.values and size.value == 19  # back to the default board, never an unplayable one
