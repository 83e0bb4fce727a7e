"""Positions set up by hand: each game's text format read and written back, hostile text refused in words,
and a game from an edited position kept whole by its setup, its save, resume, replay and review."""
from __future__ import annotations

from dataclasses import replace

import pytest

from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.match import Match
from boardhub.core.position import export_position, load_position, start_state
from boardhub.core.review_run import read_game, record_of_save
from boardhub.core.rules import IllegalMove
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.games.dots.engine import DotsRules
from boardhub.games.gomoku.engine import GomokuRules, parse_point
from boardhub.games.gomoku.records import from_psq
from boardhub.games.othello.engine import START, BLACK, WHITE, OthelloState, parse_square

# the start as Edax and Egaroucid write it: a1..h1, a2..h8, then the side to move
EDAX_START = "---------------------------OX------XO--------------------------- X"
OTHELLO, GOMOKU, DOTS = (get_game(k).position for k in ("othello", "gomoku", "dots"))


# ---------------------------------------------------------------- Othello's board string
def test_the_published_start_string_is_the_start_and_is_written_back_the_same():
    state = OTHELLO.read(EDAX_START, {})
    assert state == START
    assert OTHELLO.write(START) == EDAX_START
    # d4 and e5 white, e4 and d5 black: the squares the string names, not a mirror of them
    assert state.disc(parse_square("d4")) == WHITE and state.disc(parse_square("e4")) == BLACK


def test_both_spellings_and_a_board_in_eight_lines_read_the_same_and_write_the_canonical_one():
    other = EDAX_START.replace("X", "*").replace("-", ".").replace("O", "o")
    lines = "\n".join(EDAX_START[i:i + 8] for i in range(0, 64, 8)) + "\nX"
    for text in (other, lines):
        assert OTHELLO.read(text, {}) == START
        assert OTHELLO.write(OTHELLO.read(text, {})) == EDAX_START


def test_white_to_move_and_a_full_board_round_trip():
    white = OthelloState(START.black, START.white, WHITE)
    assert OTHELLO.write(white).endswith(" O")
    assert OTHELLO.read(OTHELLO.write(white), {}) == white
    full = OthelloState((1 << 64) - 1 ^ 1, 1, BLACK)  # no empty square: read and written, never started
    assert OTHELLO.read(OTHELLO.write(full), {}) == full
    assert "over" in OTHELLO.problem(full)
    with pytest.raises(IllegalMove):
        start_state(get_game("othello").rules, OTHELLO, {}, None, OTHELLO.write(full))


@pytest.mark.parametrize("text, words", [
    (EDAX_START[:60] + " X", "Only 61 squares"),  # the side's X is read as a square, and the count said
    (EDAX_START[:64], "side to move is missing"),
    (EDAX_START + " O", "More than 64"),
    (EDAX_START.replace("-", "?", 1), "not a disc"),
    ("", "Paste a position"),
])
def test_a_bad_board_string_is_refused_in_words(text, words):
    with pytest.raises(IllegalMove) as refused:
        load_position(OTHELLO, text, {})
    assert words in str(refused.value)


# ---------------------------------------------------------------- Gomoku's .psq
def stones(size: int, *names: str):
    state = GOMOKU.blank({"size": size})
    for i, name in enumerate(names):
        state = GOMOKU.put(state, parse_point(name, size), i % 2)
    return state


def test_a_position_is_written_as_a_psq_that_piskvork_reads_and_read_back_the_same():
    state = stones(15, "h8", "h9", "i9", "g7", "j10")
    text = GOMOKU.write(state)
    size, moves = from_psq(text)  # the game's own .psq reader, as Import and review read files
    assert size == 15 and moves == list(state.moves)
    assert GOMOKU.options(text) == {"size": 15}
    again = GOMOKU.read(text, {"size": 15})
    assert again == state and GOMOKU.write(again) == text
    assert again.player == 1  # black has one stone more: white moves


def test_a_psq_game_read_as_a_position_keeps_its_order_and_the_counts_give_the_side():
    text = "Piskvorky 19x19, 0:0, 0\n10,10,0\n11,10,0\n10,11,0\n11,11,0\n"
    state = GOMOKU.read(text, {"size": 19})
    assert state.player == 0 and len(state.moves) == 4
    assert from_psq(GOMOKU.write(state))[1] == from_psq(text)[1]
    with pytest.raises(IllegalMove):
        GOMOKU.side(state, 1)  # the stones say who moves


def test_gomoku_positions_no_game_has_are_refused_in_words():
    two_black = GOMOKU.put(GOMOKU.put(GOMOKU.blank({"size": 15}), 0, 0), 1, 0)
    assert "as many" in GOMOKU.problem(two_black)
    five = GOMOKU.blank({"size": 15})
    for i, name in enumerate(("a1", "a5", "b1", "b5", "c1", "c5", "d1", "d5", "e1")):
        five = GOMOKU.put(five, parse_point(name, 15), i % 2)
    assert "winning row" in GOMOKU.problem(five)
    with pytest.raises(IllegalMove) as refused:
        GOMOKU.read(GOMOKU.write(stones(15, "h8")), {"size": 19})
    assert "15 x 15" in str(refused.value)


def test_renju_stones_that_would_be_forbidden_to_play_are_a_position_black_may_start_from():
    # a double three of black's already on the board: the rule judges moves, and these stones were none
    state = GOMOKU.blank({"size": 15, "rule": "renju"})
    for name in ("h8", "a1", "i8", "a3", "h9", "a5", "h10", "o15", "j8", "o13"):
        state = GOMOKU.put(state, parse_point(name, 15), 0 if name[0] in "hij" else 1)
    assert GOMOKU.problem(state) is None


# ---------------------------------------------------------------- Dots and Boxes' grid
def test_a_dots_grid_round_trips_with_its_owners_scores_and_mover():
    state = DOTS.blank({"rows": 2, "cols": 3})
    for line in ((0, 1), (1, 0), (1, 2), (2, 1)):
        state = DOTS.put(state, line, 0)  # the fourth line completes the box, which goes to the mover
    state = DOTS.side(DOTS.cycle(state, (1, 1)), 0)  # its owner set to the second player
    text = DOTS.write(state)
    assert text == "+-+.+.+/|2|..../+-+.+.+/......./+.+.+.+ 1"
    assert DOTS.options(text) == {"rows": 2, "cols": 3}
    again = DOTS.read(text, {"rows": 2, "cols": 3})
    assert again == state and again.scores == (0, 1) and DOTS.write(again) == text


def test_dots_owners_must_match_the_completed_boxes():
    g = "+-+/|.|/+-+ 1"  # a completed box nobody owns
    state = DOTS.read(g, {"rows": 1, "cols": 1})
    assert "needs an owner" in DOTS.problem(state)
    assert "not completed" in DOTS.problem(DOTS.read("+.+/|1|/+-+ 1", {"rows": 1, "cols": 1}))
    with pytest.raises(IllegalMove):
        DOTS.put(DOTS.blank({"rows": 1, "cols": 1}), (1, 1), 0)  # no owner without four lines
    assert DOTS.problem(DOTS.read("+.+/|.|/+-+ 2", {"rows": 1, "cols": 1})) is None


@pytest.mark.parametrize("text", ["+-+/|1|/+-+", "+-+/|3|/+-+ 1", "+-+/|1|/+x+ 1", "+-+/|1/+-+ 1",
                                  "++/||/++ 1", "/".join(["+.+"] * 99) + " 1", "+.+/..|/+.+ 1 1"])
def test_a_bad_dots_grid_is_refused_in_words(text):
    with pytest.raises(IllegalMove):
        load_position(DOTS, text, {})


# ---------------------------------------------------------------- hostile text and files
@pytest.mark.parametrize("game", ["othello", "gomoku", "dots"])
def test_every_hostile_file_and_text_is_a_position_or_a_refusal_in_words(corpus, game):
    formats = get_game(game).position
    for name, path in corpus.items():
        for text in (str(path), path.read_text(errors="replace")[:5000] if path.is_file() and
                     path.stat().st_size < 1 << 16 else ""):
            try:
                load_position(formats, text, {})
            except IllegalMove as exc:
                words = str(exc)
                assert words and "Traceback" not in words and "Error" not in words, (name, words)


def test_export_writes_the_position_into_the_saves_folder(saves_folder):
    path = export_position("othello", OTHELLO, START)
    assert path.parent == saves.saves_dir() and path.read_text().strip() == EDAX_START
    state, options = load_position(OTHELLO, str(path), {})  # a file's path reads its position
    assert state == START


# ---------------------------------------------------------------- games from an edited position
CORNER = "X" + EDAX_START[1:]  # the start and a black disc on a1, black to move


def test_a_setup_with_a_position_starts_there_and_older_setups_read_without_one():
    setup = replace(GameSetup.default("othello", "pvp"), position=CORNER)
    assert setup.match().start == OTHELLO.read(CORNER, {})
    fields = setup.fields()
    assert fields["position"] == CORNER and GameSetup.from_fields(fields) == setup
    older = {k: v for k, v in fields.items() if k != "position"}
    assert GameSetup.from_fields(older).position is None
    with pytest.raises(ValueError):
        GameSetup.from_fields({**fields, "position": "X" * 70})
    with pytest.raises(ValueError):
        GameSetup.from_fields({**fields, "position": 7})


def test_a_game_from_a_position_is_saved_resumed_replayed_and_reviewed_from_it(saves_folder):
    setup = replace(GameSetup.default("othello", "pvp"), position=CORNER)
    session = GameSession.new(setup)
    start = session.match.start
    for _ in range(3):
        session.play(session.match.rules.legal_moves(session.match.state)[-1])
        session.update()
    played, state = list(session.match.moves), session.match.state
    session.close()
    saved = next(g for g in saves.list_games() if g.path == session.save_path)
    assert saved.data["position"] == CORNER
    resumed = GameSession.resume(saved)
    assert resumed.match.start == start and resumed.match.state == state and resumed.match.moves == played
    assert resumed.setup.position == CORNER  # Play again starts from it too
    assert resumed.restart().match.start == start
    resumed.close()
    replay = GameSession.replay(saved)
    assert replay.match.start == start and replay.script
    record = record_of_save(get_game("othello"), saved.data)
    assert record.position == CORNER and record.start(get_game("othello")) == start
    assert read_game(get_game("othello"), saved.path).moves == tuple(played)


def test_a_save_without_a_position_starts_as_usual_and_a_damaged_one_is_refused(saves_folder):
    match = GameSetup.default("othello", "pvp").match()
    data = match.to_json()
    assert "position" not in data  # a game from the usual start writes what it always wrote
    assert Match.from_json(get_game("othello"), data).start == START
    with pytest.raises(ValueError):
        Match.from_json(get_game("othello"), {**data, "position": "O" * 64 + " X"})  # nobody can move
    with pytest.raises((ValueError, TypeError)):
        Match.from_json(get_game("othello"), {**data, "position": ["X"]})


def test_gomoku_and_dots_games_play_on_from_their_positions(saves_folder):
    gomoku = replace(GameSetup.default("gomoku", "pvp"), options={"size": 15, "rule": "freestyle",
                                                                  "forbidden_loses": False},
                     position=GOMOKU.write(stones(15, "h8", "h9", "i9")))
    match = gomoku.match()
    assert match.to_move == 1 and len(match.start.moves) == 3
    match.play(parse_point("a1", 15))
    # its record is the whole game: the stones first, in turn from black, then the moves
    psq = get_game("gomoku").record_formats[1].write(match)
    assert from_psq(psq)[1] == [parse_point(p, 15) for p in ("h8", "h9", "i9", "a1")]
    grid = DOTS.write(DOTS.side(DOTS.put(DOTS.blank({"rows": 2, "cols": 2}), (0, 1), 0), 1))
    dots = replace(GameSetup.default("dots", "pvp"), options={"rows": 2, "cols": 2}, position=grid)
    m = dots.match()
    assert m.to_move == 1 and m.state.lines.bit_count() == 1
    m.play((0, 3))
    assert len(DotsRules().legal_moves(m.state)) == 10
    assert GomokuRules().to_move(match.state) == 0


def test_a_gomocup_brain_is_told_an_edited_positions_stones_before_its_first_move():
    import sys
    import time
    from pathlib import Path

    from boardhub.games.gomoku.external import PbrainEngine
    fake = [sys.executable, str(Path(__file__).with_name("fake_pbrain.py"))]
    start = GOMOKU.read(GOMOKU.write(stones(15, "h8", "h9", "i9")), {"size": 15, "rule": "freestyle"})
    engine = PbrainEngine(fake)
    try:
        engine.prepare()
        # the match's history is the moves after the position (none yet); the stones go as a BOARD
        move = engine.choose(start, time.monotonic() + 2.0, history=())
        assert not start.board[move]
    finally:
        engine.close()


def test_a_review_run_judges_the_positions_from_the_edited_start():
    from boardhub.core.review_run import GameRecord, ReviewRun

    class Idle:  # a worker that takes the jobs and never answers: only the positions are looked at
        def ask(self, request, limit):
            return type("Job", (), {"done": False, "cancelled": False})()
    entry = get_game("othello")
    start = OTHELLO.read(CORNER, {})
    move = entry.rules.legal_moves(start)[0]
    run = ReviewRun(entry, GameRecord({}, 0, (move,), position=CORNER), None, Idle())
    assert run.states == [start, entry.rules.apply(start, move)]


def test_a_match_keeps_its_position_in_the_canonical_spelling():
    other = "*" + EDAX_START[1:].replace("-", ".").replace("X", "*").replace("O", "o")
    setup = replace(GameSetup.default("othello", "pvp"), position="\x1b" + other)
    assert setup.match().to_json()["position"] == CORNER
