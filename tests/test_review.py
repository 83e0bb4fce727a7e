"""The review: each game's judge against values no one here wrote, the ratings, and the command line.

- Dots and Boxes: the exact values of small boards (published: 1x1 to 3x3) at
  the start, and at every position of a game the review's value equals an
  exhaustive minimax.
- Othello: in the last 14 empties the values are exact: they equal the
  published scores of FFO endgame positions #1-#7 and a plain minimax
  without pruning or tables.
- Gomoku: a forced win the review finds is played out through the referee.
- The command line reads each game's records and boardhub saves.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
import time

import pytest
from gomokupuzzles import PUZZLES, state as puzzle_state
from test_dots_ai import exhaustive
from test_gomoku_vcf import five_points
from test_othello_expert import minimax

from boardhub.core.game import get_game
from boardhub.core.review import RATINGS, ReviewSpec, rating, review_game
from boardhub.games.dots import review as dots_review
from boardhub.games.dots.engine import DotsRules
from boardhub.games.gomoku import review as gomoku_review
from boardhub.games.gomoku.engine import GomokuRules
from boardhub.games.othello import review as othello_review
from boardhub.games.othello.engine import flips, moves_mask, random_positions, transcript

DOTS = DotsRules()


def in_process(spec: ReviewSpec, limit: float):
    return lambda work: [spec.judge(view, seat, time.monotonic() + limit) for view, seat in work]


def test_ratings_follow_the_thresholds():
    thresholds = (4.0, 8.0, 16.0)
    assert [rating(x, thresholds) for x in (0, 3.9, 4, 7.9, 8, 15.9, 16, 40)] == \
        ["", "", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert RATINGS == ("inaccuracy", "mistake", "blunder")


# -- Dots and Boxes ---------------------------------------------------------

def random_game(rules, options: dict, seed: int) -> list:
    rng = random.Random(seed)
    s, moves = rules.new_game(options, 0), []
    while not rules.is_over(s):
        m = rng.choice(list(rules.legal_moves(s)))
        moves.append(m)
        s = rules.apply(s, m)
    return moves


# (3 x 3, -3 for the first, is beyond the review's fixed solving budget at the start: the solver's own tests prove it)
@pytest.mark.parametrize("rows, cols, margin", [(1, 1, -1), (1, 2, 0), (2, 2, 2), (2, 3, -2)])
def test_dots_review_starts_from_the_known_value_of_the_board(rows, cols, margin):
    options = {"rows": rows, "cols": cols}
    review = review_game(DOTS, dots_review.SPEC, "dots", options, 0, random_game(DOTS, options, rows * cols), None,
                         in_process(dots_review.SPEC, 30.0))
    assert review.values[0].value == margin and review.values[0].exact


@pytest.mark.parametrize("rows, cols, seed", [(1, 2, 0), (2, 2, 1), (2, 2, 2), (2, 3, 3)])
def test_dots_review_values_equal_exhaustive_minimax_at_every_position(rows, cols, seed):
    options = {"rows": rows, "cols": cols}
    moves = random_game(DOTS, options, seed)
    review = review_game(DOTS, dots_review.SPEC, "dots", options, 0, moves, None, in_process(dots_review.SPEC, 30.0))
    value = exhaustive(DOTS.new_game(options).geom)
    s = DOTS.new_game(options)
    for i in range(len(moves) + 1):
        rest = value(s.lines)
        lead = s.scores[0] - s.scores[1]
        assert review.values[i].value == lead + (rest if s.player == 0 else -rest), i
        assert review.values[i].exact
        if i < len(moves):
            m = review.moves[i]
            assert m.loss >= 0 and (m.loss == 0) == (m.rating == "")
            s = DOTS.apply(s, moves[i])


# -- Othello -----------------------------------------------------------------

@pytest.mark.parametrize("empties", [4, 6, 8])
def test_othello_endgame_values_are_exact_and_equal_plain_minimax(empties):
    for s in random_positions(empties, 6, 77 + empties):
        for seat in (0, 1):
            v = othello_review.judge(s, seat, time.monotonic() + 5)
            truth = minimax(s.me, s.opp)
            assert v.exact and v.value == (truth if s.player == seat else -truth)
            if v.best is not None and moves_mask(s.me, s.opp):
                f = flips(s.me, s.opp, v.best)
                assert -minimax(s.opp ^ f, s.me | f | 1 << v.best) == truth  # the best move keeps the value


def test_othello_review_of_a_whole_game_is_exact_in_its_last_fourteen_empties():
    rules = get_game("othello").rules
    moves = random_game(rules, {}, 5)
    review = review_game(rules, othello_review.SPEC, "othello", {}, 0, moves, None, in_process(othello_review.SPEC, 0.05))
    for i, v in enumerate(review.values):
        if 64 - 4 - i <= othello_review.EXACT_EMPTIES:
            assert v.exact, i
    assert len(review.moves) == len(moves)
    summary = review.summary()
    assert set(summary) == {0, 1} and all(row["moves"] > 0 for row in summary.values())


# -- Gomoku -----------------------------------------------------------------

@pytest.mark.parametrize("puzzle", PUZZLES[::10], ids=lambda p: p.name)
def test_gomoku_forced_win_found_by_the_review_wins_under_the_referee(puzzle):
    """The attacker plays the review's best point, the defender blocks a five where it can; the
    attacker's five ends the game and the referee names it the winner."""
    rules = GomokuRules()
    s = puzzle_state(puzzle)
    attacker = s.player
    first = gomoku_review.judge(s, attacker, time.monotonic() + 10)
    assert first.exact and first.value == 100.0 and "wins by fours" in first.note
    for _ in range(60):
        if s.reason:
            break
        if s.player == attacker:
            v = gomoku_review.judge(s, attacker, time.monotonic() + 10)
            assert v.value == 100.0, v
            s = rules.apply(s, v.best)
        else:
            blocks = [q for q in five_points(s, attacker) if q in rules.legal_moves(s)]
            s = rules.apply(s, blocks[0] if blocks else rules.legal_moves(s)[0])
    assert s.reason == "five" and s.winner == attacker


def test_gomoku_values_are_chances_and_the_other_seat_mirrors_them():
    rules = GomokuRules()
    s = rules.new_game({"size": 15, "rule": "freestyle"})
    for move in (112, 113, 127, 98):
        s = rules.apply(s, move)
    mine = gomoku_review.judge(s, 0, time.monotonic() + 0.3)
    assert 0.0 <= mine.value <= 100.0 and mine.best in rules.legal_moves(s)
    assert gomoku_review.chance(0) == 50.0


def test_only_the_reviewed_seat_is_rated():
    rules = get_game("othello").rules
    moves = random_game(rules, {}, 9)
    review = review_game(rules, othello_review.SPEC, "othello", {}, 0, moves, 1, in_process(othello_review.SPEC, 0.05))
    assert review.seats == (1,) and review.perspective == 1
    assert all(not m.rated for m in review.moves if m.seat == 0)
    assert any(m.rated for m in review.moves if m.seat == 1)


# -- the command line ---------------------------------------------------------

def run_review(*args: str, env_dir=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "boardhub", "review", *args, "--quiet", "--jobs", "1"],
                          capture_output=True, text=True, timeout=300)


def test_cli_reviews_an_othello_transcript_and_writes_the_graph(tmp_path):
    rules = get_game("othello").rules
    moves = random_game(rules, {}, 3)
    record = tmp_path / "game.txt"
    record.write_text(transcript(moves))
    png = tmp_path / "graph.png"
    out = run_review("othello", str(record), "--limit", "0.05", "--png", str(png))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert sum(1 for line in lines if line[:4].strip().rstrip(".").isdigit()) == len(moves)
    assert lines[-3].startswith("Black:") or any(line.startswith("Black:") for line in lines)
    assert png.stat().st_size > 1000


def test_cli_reviews_a_dots_record_as_the_source_writes_it(tmp_path):
    moves = random_game(DOTS, {"rows": 2, "cols": 3}, 4)
    record = tmp_path / "PvA.txt"
    record.write_text("".join(f"{r} {c}\n" for r, c in moves))
    out = run_review("dots", str(record), "--limit", "0.5", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["values"][0] == -2 and len(data["moves"]) == len(moves)  # 2 x 3 is a loss by 2 for the first


def test_cli_reviews_a_gomoku_psq_and_a_boardhub_save(tmp_path):
    psq = tmp_path / "game.psq"
    psq.write_text("Piskvorky 15x15, 11:11, 0\n8,8,100\n9,9,100\n8,9,100\n9,10,100\n8,10,100\n-1\n")
    out = run_review("gomoku", str(psq), "--limit", "0.1")
    assert out.returncode == 0, out.stderr
    assert len([line for line in out.stdout.splitlines() if line[:4].strip().rstrip(".").isdigit()]) == 5
    save = tmp_path / "save.json"
    save.write_text(json.dumps({"format": 1, "kind": "game", "game": "othello", "options": {}, "seed": 0,
                                "seats": [{"ai": None}, {"ai": "expert"}], "moves": ["f5", "d6", "c3"]}))
    out = run_review("othello", str(save), "--limit", "0.05", "--seat", "1")
    assert out.returncode == 0, out.stderr
    assert "White: 1 move rated" in out.stdout


def test_cli_refuses_a_damaged_file_in_plain_words(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "kind": "game", "game": "othello", "moves": ["f5", ')
    out = run_review("othello", str(bad))
    assert out.returncode == 2 and "review: bad.json" in out.stderr and "Traceback" not in out.stderr
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("f5 f5 f5")
    out = run_review("othello", str(wrong))
    assert out.returncode == 2 and "Traceback" not in out.stderr and out.stderr.startswith("review: wrong.txt")


def test_cli_reviews_a_da_vinci_save_from_the_reviewed_seat(tmp_path):
    """Da Vinci Code games are read from boardhub saves; only the reviewed seat's moves are rated."""
    from boardhub.core.match import Match, Seat
    from boardhub.core.saved_games import game_data
    from boardhub.core import saves
    entry = get_game("davinci")
    match = Match(entry, [Seat(), Seat("easy")], {"players": 2}, seed=4)
    rng = random.Random(4)
    while not match.is_over:
        match.push_recorded(rng.choice(list(entry.rules.legal_moves(match.state))), 0.0)
    path = tmp_path / "davinci.json"
    path.write_text(saves.json_text("game", game_data(match, "2026-01-01T00:00:00", True)))
    out = run_review("davinci", str(path), "--limit", "0.05", "--seat", "1", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert len(data["moves"]) == len(match.history)
    assert all(not m["rated"] for m in data["moves"] if m["seat"] == 0)
    assert any(m["rated"] for m in data["moves"] if m["seat"] == 1)
    assert all(0 <= v <= 100 for v in data["values"])


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 6, 7])
def test_othello_review_gives_the_published_ffo_scores(number):
    """The review's judge on FFO endgame positions #1-#7 (14 empties): the published exact score
    for either seat, and a best move among the published best moves."""
    from test_othello_ffo import position, published, published_best
    s = position(number)
    score = max(published(number).values())
    for seat in (0, 1):
        v = othello_review.judge(s, seat, time.monotonic() + 0.5)
        assert v.exact and v.value == (score if seat == s.player else -score)
    assert get_game("othello").rules.move_to_text(v.best) in published_best(number)
