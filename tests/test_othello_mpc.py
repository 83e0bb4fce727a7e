"""Multi-ProbCut: the fitted lines, their file, and what the cuts do to the expert's search."""
from __future__ import annotations

import json
import random

from boardhub.games.othello import mpc
from boardhub.games.othello.engine import moves_mask
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
