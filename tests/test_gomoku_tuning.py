"""Gomoku's self-play tuning: the same seed gives the same games and weights however many processes
play them, the fit is the regression's optimum, and `learn gomoku` writes weights the expert uses."""
from __future__ import annotations

import json

import numpy as np
import pytest

from boardhub import cli
from boardhub.games.gomoku import weights
from boardhub.games.gomoku.offline import tuning
from boardhub.games.gomoku.lines import Board
from boardhub.games.gomoku.patterns import HAND_WEIGHTS, NUM_FEATURES

NODES = 60  # a tiny budget: quick games, still a search


def test_the_same_seed_learns_the_same_weights_whatever_the_processes():
    one = tuning.learn(games=2, seed=5, jobs=1, nodes=NODES, start=HAND_WEIGHTS)
    two = tuning.learn(games=2, seed=5, jobs=2, nodes=NODES, start=HAND_WEIGHTS)
    assert one.weights == two.weights
    assert one.made["positions"] == two.made["positions"] > 0
    other = tuning.learn(games=2, seed=6, jobs=1, nodes=NODES, start=HAND_WEIGHTS)
    assert other.made["positions"] != one.made["positions"] or other.weights != one.weights


def test_every_game_of_a_run_starts_from_an_opening_of_its_own():
    from boardhub.games.gomoku.offline.openings import _canonical, balanced, openings
    first = openings(3, 19, 7)
    assert [tuning.game_opening(n, 19, 7) for n in (0, 2, 4)] == first  # two games (sizes) an opening index
    for size in (15, 19):
        seen = [tuning.game_opening(n, size, 7) for n in range(0, tuning.MAX_GAMES, 2)]
        assert len({_canonical(o, size) for o in seen}) == len(seen)  # distinct even up to symmetry
        assert all(balanced(o, size) for o in seen[:tuning.OPENINGS])  # the centre's 5 x 5 first
        assert all(balanced(o, size, reach=3) and not balanced(o, size) for o in seen[tuning.OPENINGS:])
    with pytest.raises(ValueError):
        tuning.game_opening(tuning.MAX_GAMES, 15, 7)


def test_learn_gomoku_refuses_more_games_than_it_has_openings(capsys):
    assert cli.main(["learn", "gomoku", "--games", str(tuning.MAX_GAMES + 1)]) == 2
    assert f"--games from 2 to {tuning.MAX_GAMES}" in capsys.readouterr().err


def test_each_series_keeps_games_out_of_the_fit_to_measure_it_and_the_weights_played(monkeypatch):
    fitted: list[list[tuple[str, int]]] = []
    real = tuning._design

    def design(games):
        games = list(games)
        fitted.append([(g.rule, g.index) for g in games])
        return real(games)
    monkeypatch.setattr(tuning, "_design", design)
    monkeypatch.setattr(tuning, "HOLD_OUT", 2)  # the second game of each series is held out
    made = tuning.learn(games=4, seed=5, jobs=1, nodes=NODES, start=HAND_WEIGHTS).made
    assert fitted == [[("renju", 0), ("freestyle", 1)], [("renju", 2), ("freestyle", 3)]]
    error = made["fit_error"]
    assert made["held_out_positions"] > 0
    assert error["held_out_log_loss"] is not None and error["played_with_held_out_log_loss"] is not None


def test_the_fit_is_the_penalised_likelihoods_optimum():
    rng = np.random.default_rng(3)
    x = rng.poisson(1.5, size=(3000, 2 * NUM_FEATURES + 1)).astype(float)
    x[:, -1] = 1
    truth = rng.normal(0, 0.2, x.shape[1])
    y = (rng.random(len(x)) < 1 / (1 + np.exp(-(x @ truth)))).astype(float)
    prior = np.zeros(x.shape[1])
    w = tuning.fit(x, y, prior)
    penalty = np.full(x.shape[1], tuning.L2 * len(x))
    penalty[-1] = 0
    gradient = x.T @ (1 / (1 + np.exp(-(x @ w))) - y) + penalty * (w - prior)
    assert np.max(np.abs(gradient)) < 1e-4 * len(x)  # the optimum: the gradient vanishes
    assert tuning.log_loss(x, y, w) <= tuning.log_loss(x, y, truth)  # no worse than the truth on its data
    assert np.corrcoef(w, truth)[0, 1] > 0.9


def test_learn_gomoku_writes_weights_the_expert_then_plays_by(saves_folder, monkeypatch, capsys):
    monkeypatch.setattr(tuning, "NODES", NODES)
    assert cli.main(["learn", "gomoku", "--games", "2", "--jobs", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "LEARNED gomoku games=2" in out
    files = weights.saved_files()
    assert len(files) == 1 and files[0].parent == saves_folder
    data = json.loads(files[0].read_text())
    assert data["kind"] == "gomoku-weights" and data["made"]["games"] == 2 and data["made"]["positions"] > 0
    learned = weights.load(files[0])
    assert weights.default_weights() == learned
    assert Board(15, "renju").eval.weights == learned


def test_a_damaged_weights_file_is_skipped_and_kept(saves_folder):
    bad = saves_folder / f"{weights.FILE_PREFIX}20990101-000000-000000.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text('{"format": 1, "kind": "gomoku-weights", "mover": {}}')
    assert weights.default_weights() == weights.load(weights.shipped_path())
    assert bad.exists()


def test_learn_gomoku_refuses_othellos_options(capsys):
    assert cli.main(["learn", "gomoku", "--png", "x.png"]) == 2
    assert "--png" in capsys.readouterr().err


def test_the_shipped_weights_say_how_they_were_made():
    data = json.loads(weights.shipped_path().read_text())
    made = data["made"]
    assert made["games"] >= 100 and made["positions"] > 1000 and "seed" in made
    assert made["fit_error"]["held_out_log_loss"] < made["fit_error"]["no_knowledge"]


@pytest.mark.parametrize("name", ["mover", "waiter"])
def test_the_shipped_weights_read_back_whole(name):
    data = json.loads(weights.shipped_path().read_text())
    assert len(data[name]) == NUM_FEATURES and all(isinstance(v, int) for v in data[name].values())
