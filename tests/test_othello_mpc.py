"""Multi-ProbCut: the fitted lines, their file, and what the cuts do to the expert's search."""
from __future__ import annotations

import json
import random

from boardhub.games.othello import mpc
from boardhub.games.othello.endgame import EndgameSolver
from boardhub.games.othello.engine import moves_mask, random_positions
from boardhub.games.othello.expert import ExpertAI
from boardhub.games.othello.offline import mpc_fit
from tests.hostile_files import make_corpus


def test_the_check_depth_is_shallower_and_of_the_same_parity():
    for depth in range(3, mpc.DEEPEST + 1):
        shallow = mpc.shallow_depth(depth)
        assert 1 <= shallow <= depth - 2 and shallow % 2 == depth % 2


def test_the_fit_recovers_a_known_line_and_its_error():
    rng = random.Random(3)
    searched = []
    for _ in range(400):  # depth 5 is 0.8 * depth 3 + 40, with a normal error of sigma 150
        x = rng.uniform(-2000, 2000)
        row = [0] * mpc.DEEPEST
        row[2] = round(x)
        row[4] = round(0.8 * x + 40 + rng.gauss(0, 150))
        searched.append(row)
    found = [((1 << 36) - 1, 0)] * len(searched)  # 36 discs, 28 empty squares: one stage
    line = next(x for x in mpc_fit.fit(found, searched) if x["depth"] == 5)
    assert line["stage"] == mpc.stage(28) and line["shallow"] == 3 and line["samples"] == 400
    assert abs(line["a"] - 0.8) < 0.02 and abs(line["b"] - 40) < 15 and abs(line["sigma"] - 150) < 15


def test_the_endgame_fit_recovers_a_known_line_from_neighbouring_counts_of_empties():
    rng = random.Random(4)
    found, searched = [], []
    for _ in range(600):  # the final margin is 0.9 * the depth-2 value - 60, with a normal error of sigma 500
        empties = rng.randint(*mpc.ENDGAME_EMPTIES)
        x = rng.uniform(-3000, 3000)
        row = [round(0.9 * x - 60 + rng.gauss(0, 500))] + [0] * mpc.ENDGAME_SHALLOW
        row[mpc.ENDGAME_SHALLOW] = round(x)
        found.append(((1 << (64 - empties)) - 1, 0))
        searched.append(row)
    lines = mpc_fit.fit_endgame(found, searched)
    assert [line["empties"] for line in lines] == list(range(mpc.ENDGAME_EMPTIES[0], mpc.ENDGAME_EMPTIES[1] + 1))
    for line in lines:
        near = sum(abs(64 - p[0].bit_count() - line["empties"]) <= mpc_fit.SMOOTH for p in found)
        assert line["samples"] == near and line["shallow"] == mpc.ENDGAME_SHALLOW
        assert abs(line["a"] - 0.9) < 0.06 and abs(line["b"] + 60) < 120 and abs(line["sigma"] - 500) < 90


def test_endgame_values_are_the_exact_margin_and_the_shallow_searches():
    me, opp = mpc_fit.positions(1, seed=3, empties=(10, 10))[0]
    assert 64 - (me | opp).bit_count() == 10
    ai = ExpertAI(seed=0)
    ai.cuts = {}
    assert mpc_fit.endgame_values((me, opp)) == [EndgameSolver().solve(me, opp) * 100] + [
        ai.fixed_value(me, opp, d) for d in range(1, mpc.ENDGAME_SHALLOW + 1)]


def test_positions_depend_on_the_seed_alone():
    first = mpc_fit.positions(12, seed=5)
    assert mpc_fit.positions(12, seed=5) == first and mpc_fit.positions(12, seed=6) != first
    assert mpc_fit.positions(6, seed=5) == first[:6]
    for me, opp in first:
        empties = 64 - (me | opp).bit_count()
        assert mpc_fit.EMPTIES[0] <= empties <= mpc_fit.EMPTIES[1] and moves_mask(me, opp)


def test_a_positions_values_do_not_depend_on_what_the_process_searched_before(monkeypatch):
    monkeypatch.setattr(mpc, "DEEPEST", 4)
    a, b = mpc_fit.positions(2, seed=1)
    alone = mpc_fit.values(b)
    mpc_fit.values(a)
    assert mpc_fit.values(b) == alone and len(alone) == 4


def test_the_shipped_lines_are_read_and_a_damaged_file_means_no_cuts(tmp_path):
    shipped = mpc.load()
    assert shipped, "boardhub ships its fitted lines"
    assert all(3 <= d <= mpc.DEEPEST and cut.shallow == mpc.shallow_depth(d) and cut.sigma > 0
               for (_, d), cut in shipped.items())
    for case, path in make_corpus(tmp_path / "corpus").items():
        assert mpc.load(path) == {}, case
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"lines": [{"stage": 4, "depth": 5, "a": -3, "b": 0, "sigma": 100},
                                         {"stage": 99, "depth": 5, "a": 1, "b": 0, "sigma": 100},
                                         {"stage": 4, "depth": 2, "a": 1, "b": 0, "sigma": 100},
                                         {"stage": 4, "depth": 6, "a": 1, "b": 0, "sigma": 0},
                                         {"stage": 4, "depth": 7, "a": 1.0, "b": 5, "sigma": 80}]}))
    assert mpc.load(odd) == {(4, 7): mpc.Cut(3, 1.0, 5.0, 80.0)}  # only the line a fit could make


def test_the_shipped_endgame_lines_are_read_and_a_damaged_file_means_an_exact_solver_only(tmp_path):
    shipped = mpc.load_endgame()
    assert sorted(shipped) == list(range(mpc.ENDGAME_EMPTIES[0], mpc.ENDGAME_EMPTIES[1] + 1))
    assert all(cut.shallow == mpc.ENDGAME_SHALLOW and 0.5 < cut.a < 2 and cut.sigma > 0 for cut in shipped.values())
    for case, path in make_corpus(tmp_path / "corpus").items():
        assert mpc.load_endgame(path) == {}, case
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"endgame": [{"empties": 30, "shallow": 2, "a": 1, "b": 0, "sigma": 600},
                                           {"empties": 16, "shallow": 3, "a": 1, "b": 0, "sigma": 600},
                                           {"empties": 15, "shallow": 2, "a": 1, "b": 0, "sigma": -1},
                                           {"empties": 14, "shallow": 2, "a": 1.0, "b": 20, "sigma": 600}]}))
    assert mpc.load_endgame(odd) == {14: mpc.Cut(2, 1.0, 20.0, 600.0)}
    assert mpc.load(odd) == {}  # the midgame's lines are apart


def test_a_selective_solver_whose_lines_clear_no_window_is_the_exact_solver():
    ai = ExpertAI(seed=0)
    ai.end_cuts = {n: mpc.Cut(mpc.ENDGAME_SHALLOW, 1.0, 0.0, 9_000.0) for n in range(*mpc.ENDGAME_EMPTIES)}
    for state in random_positions(12, 4, seed=8):
        assert ai.selective.solve(state.me, state.opp) == EndgameSolver().solve(state.me, state.opp)
        # fail-soft: a bound beyond the window depends on the order the moves were tried in; its side does not
        wld = ai.selective.solve(state.me, state.opp, -1, 1), EndgameSolver().solve(state.me, state.opp, -1, 1)
        assert max(-1, min(1, wld[0])) == max(-1, min(1, wld[1]))


def test_an_error_no_window_can_clear_cuts_nothing():
    plain, wide = ExpertAI(seed=0), ExpertAI(seed=0)
    plain.cuts = {}
    wide.cuts = {(st, d): mpc.Cut(mpc.shallow_depth(d), 1.0, 0.0, 9_000.0)
                 for st in range(mpc.STAGES) for d in range(3, mpc.DEEPEST + 1)}
    for me, opp in mpc_fit.midgame(3, seed=2):
        assert wide.fixed_value(me, opp, 5) == plain.fixed_value(me, opp, 5)


def test_the_shipped_cuts_search_less_and_mostly_agree():
    depth = 6
    plain, cut = ExpertAI(seed=0), ExpertAI(seed=0)
    plain.cuts = {}
    agree = 0
    nodes = [0, 0]
    positions = mpc_fit.midgame(8, seed=99)
    for me, opp in positions:
        for i, ai in enumerate((plain, cut)):
            before = ai.nodes
            value = ai.fixed_value(me, opp, depth)
            nodes[i] += ai.nodes - before
            if i == 0:
                full = value
        agree += abs(value - full) <= 4 * 100  # within four discs of the full search
    assert nodes[1] < 0.75 * nodes[0]
    assert agree >= len(positions) * 3 // 4
