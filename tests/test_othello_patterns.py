"""The learned pattern evaluation: the fast code reads the same configurations as a plain
square-by-square reading, the board's symmetries leave every value unchanged, and the learning
pipeline is reproducible whatever the number of processes."""
from __future__ import annotations

import random

import numpy as np
import pytest

from boardhub.games.othello import patterns
from boardhub.games.othello.offline import training
from boardhub.games.othello.engine import START, OthelloRules, moves_mask, play
from boardhub.games.othello.expert import ExpertAI, to_discs

RULES = OthelloRules()


def random_positions(games: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = START
        while not RULES.is_over(state):
            out.append((state.me, state.opp))
            state = play(state, rng.choice(RULES.legal_moves(state)))
    return out


def random_weights(seed: int) -> patterns.Weights:
    rng = np.random.default_rng(seed)
    stages = [{name: rng.normal(0, 2, size=3 ** len(patterns.PATTERN_SQUARES[name]))[patterns.canonical_map(name)]
               for name in patterns.PATTERNS} for _ in range(patterns.STAGES)]
    return patterns.Weights(stages, rng.normal(0, 1, patterns.STAGES), rng.normal(0, 1, 65), {})


def plain_value(weights: patterns.Weights, me: int, opp: int) -> int:
    """The evaluation read square by square, placement by placement, as the module's docstring defines it."""
    discs = (me | opp).bit_count()
    stage = patterns.stage_of(discs)
    total = 0
    for p in patterns.PLACEMENTS:
        index = sum(3 ** k * (1 if me >> sq & 1 else 2 if opp >> sq & 1 else 0) for k, sq in enumerate(p.squares))
        total += int(round(weights.patterns[stage][p.pattern][patterns.canonical_map(p.pattern)[index]] * 100))
    mobility = moves_mask(me, opp).bit_count() - moves_mask(opp, me).bit_count()
    total += int(round(weights.mobility[stage] * 100)) * mobility + int(round(weights.bias[discs] * 100))
    return max(-6400, min(6400, total))


def symmetric(bb: int, sym) -> int:
    out = 0
    for sq in range(64):
        if bb >> sq & 1:
            r, c = sym(*divmod(sq, 8))
            out |= 1 << (8 * r + c)
    return out


def test_the_placements_are_those_of_the_strong_engines():
    counts = {}
    for p in patterns.PLACEMENTS:
        counts[p.pattern] = counts.get(p.pattern, 0) + 1
    assert counts == {"edge+2x": 4, "corner3x3": 4, "corner2x5": 8, "row2": 4, "row3": 4, "row4": 4,
                      "diag8": 2, "diag7": 4, "diag6": 4, "diag5": 4, "diag4": 4}
    for p in patterns.PLACEMENTS:
        assert len(set(p.squares)) == len(patterns.PATTERN_SQUARES[p.pattern])


def test_fast_evaluation_equals_a_square_by_square_reading():
    weights = random_weights(1)
    evaluate = patterns.compile_evaluator(weights)
    for me, opp in random_positions(12, seed=3):
        assert evaluate(me, opp) == plain_value(weights, me, opp)
        assert evaluate(me, opp, moves_mask(me, opp)) == evaluate(me, opp)


def test_numpy_indices_equal_the_plain_reading():
    positions = random_positions(3, seed=4)
    me = np.array([p[0] for p in positions], dtype=np.uint64)
    opp = np.array([p[1] for p in positions], dtype=np.uint64)
    indices = patterns.pattern_indices(patterns.cells(me, opp))
    for row, (a, b) in zip(indices, positions):
        for j, p in enumerate(patterns.PLACEMENTS):
            assert row[j] == sum(3 ** k * (1 if a >> sq & 1 else 2 if b >> sq & 1 else 0)
                                 for k, sq in enumerate(p.squares))


def test_every_symmetry_of_the_board_has_the_same_value():
    # weights are shared by a pattern's placements and by a configuration's symmetric images,
    # so the value cannot depend on how the board is turned
    evaluate = patterns.compile_evaluator(random_weights(2))
    for me, opp in random_positions(4, seed=5)[::5]:
        value = evaluate(me, opp)
        for sym in patterns.SYMMETRIES:
            assert evaluate(symmetric(me, sym), symmetric(opp, sym)) == value


def test_the_shipped_weights_load_and_favour_the_side_with_the_corners():
    """Over midgame positions of random games, the four corners given to the mover score higher than
    the same corners given to the other side: by more than two discs on average, in most positions."""
    evaluate = patterns.compile_evaluator(patterns.Weights.load(patterns.shipped_path()))
    corners = 0x8100000000000081
    positions = [p for p in random_positions(30, seed=6) if 16 <= (p[0] | p[1]).bit_count() <= 40]
    gains = [evaluate(me & ~corners | corners, opp & ~corners) - evaluate(me & ~corners, opp & ~corners | corners)
             for me, opp in positions]
    assert sum(gains) / len(gains) > 200  # 1/100 disc
    assert sum(g > 0 for g in gains) > 0.6 * len(gains)


def test_a_self_play_game_is_replayed_by_its_seed_and_labels_the_solved_end_exactly():
    first = training.play_game(7, depth=1)
    again = training.play_game(7, depth=1)
    for a, b in zip(first, again):
        np.testing.assert_array_equal(a, b)  # NaN where nothing was searched, in both
    me, opp, discs, score, black, exact, searched = first
    assert exact[-1] and not exact[0]
    assert np.isnan(searched).all()  # no labelling search asked for
    # a solved position's label is the exact score of the rest of the game: the final disc
    # difference (empties to the winner) from its mover's side
    assert abs(int(score[-1])) <= 64
    assert all(int(score[i]) == (int(score[-1]) if black[i] == black[-1] else -int(score[-1]))
               for i in range(len(score)) if exact[i])


def test_a_labelling_search_gives_each_unsolved_position_its_value_at_that_depth():
    me, opp, discs, score, black, exact, searched = training.play_game(7, depth=1, label_depth=2)
    plain = training.play_game(7, depth=1)
    assert all(np.array_equal(a, b) for a, b in zip(plain[:6], (me, opp, discs, score, black, exact)))
    assert np.isnan(searched[exact]).all() and not np.isnan(searched[~exact]).any()
    # the value of a fresh expert's own 2-ply search, read as discs: the position alone decides it
    expert = ExpertAI(seed=0)
    for i in range(0, int((~exact).sum()), 9):
        assert searched[i] == pytest.approx(to_discs(expert.fixed_value(int(me[i]), int(opp[i]), 2)), abs=0.05)


def test_self_play_gives_the_same_games_with_one_or_two_processes():
    one = training.self_play(training.Settings(games=4, seed=3, depth=1, jobs=1))
    two = training.self_play(training.Settings(games=4, seed=3, depth=1, jobs=2))
    for key in one:
        np.testing.assert_array_equal(one[key], two[key])


def corner_games(positions: list[tuple[int, int]]) -> dict[str, np.ndarray]:
    """Synthetic self-play data where the result is +20 for the mover exactly when it holds corner a1."""
    me = np.array([p[0] for p in positions], dtype=np.uint64)
    opp = np.array([p[1] for p in positions], dtype=np.uint64)
    holds = (me & np.uint64(1)) != 0
    return {"me": me, "opp": opp, "discs": np.array([(int(a) | int(b)).bit_count() for a, b in positions]),
            "score": np.where(holds, 20, -20).astype(np.int8), "black": np.ones(len(me), dtype=bool),
            "exact": np.ones(len(me), dtype=bool), "game": np.arange(len(me)) // 60}


def test_the_fit_learns_a_pattern_that_decides_the_games(tmp_path):
    # the fitted evaluation must put the a1 configurations far apart
    positions = random_positions(40, seed=8)
    weights = training.fit(corner_games(positions), training.Settings(games=40))
    evaluate = patterns.compile_evaluator(weights)
    late = [(a, b) for a, b in positions if 40 <= (a | b).bit_count() < 56]
    with_corner = [evaluate(a, b) for a, b in late if a & 1]
    without = [evaluate(a, b) for a, b in late if not a & 1]
    assert with_corner and without
    assert np.mean(with_corner) > 1000 > -1000 > np.mean(without)


def test_each_stage_takes_the_ridge_its_validation_games_fit_best():
    # the disc difference is a sum over the squares, which the patterns fit closely (the lightest
    # ridge); coin flips teach nothing, and the firmest ridge keeps the weights near zero
    data = corner_games(random_positions(60, seed=8))
    diff = np.array([int(a).bit_count() - int(b).bit_count() for a, b in zip(data["me"], data["opp"])])
    coins = np.random.default_rng(3).choice([-20, 20], size=len(diff))
    signal = training.fit({**data, "score": diff.astype(np.int8)}, training.Settings(games=60))
    noise = training.fit({**data, "score": coins.astype(np.int8)}, training.Settings(games=60))
    assert all(stage["ridge"] == training.RIDGES[0] for stage in signal.info["stages"])
    assert sum(stage["ridge"] == training.RIDGES[-1] for stage in noise.info["stages"]) >= 0.6 * patterns.STAGES


def test_searched_values_teach_the_fit_what_the_results_do_not_say():
    # the results say nothing (every game a draw); the searched values say a1 is worth 20 discs to its holder
    data = corner_games(random_positions(40, seed=8))
    holds = (data["me"] & np.uint64(1)) != 0
    data["exact"] = np.zeros(len(holds), dtype=bool)
    data["score"] = np.zeros(len(holds), dtype=np.int8)
    blind = training.fit({**data, "searched": np.full(len(holds), np.nan)}, training.Settings(games=40))
    taught = training.fit({**data, "searched": np.where(holds, 20.0, -20.0)}, training.Settings(games=40))
    late = [(int(a), int(b)) for a, b in zip(data["me"], data["opp"]) if 40 <= (int(a) | int(b)).bit_count() < 56]

    def gap(weights: patterns.Weights) -> float:
        evaluate = patterns.compile_evaluator(weights)
        return (np.mean([evaluate(a, b) for a, b in late if a & 1])
                - np.mean([evaluate(a, b) for a, b in late if not a & 1]))
    assert abs(gap(blind)) < 100 < 500 < gap(taught)  # 1/100 disc
    assert all("rmse_vs_search_discs" in stage for stage in taught.info["stages"] if stage["held_out"])


def test_a_fit_from_a_prior_keeps_what_it_knew_of_configurations_the_games_never_show(monkeypatch):
    monkeypatch.setattr(training, "CG_STEPS", 5)  # no gradient reaches an unseen configuration at any step
    data = corner_games(random_positions(40, seed=8))
    me, opp = data["me"], data["opp"]
    prior = patterns.Weights.load(patterns.shipped_path())
    fresh = training.fit(data, training.Settings(games=40))
    drawn = training.fit(data, training.Settings(games=40, prior=patterns.shipped_path()))
    seen = set(patterns.canonical_map("edge+2x")[patterns.pattern_indices(patterns.cells(me, opp))[
        :, [j for j, p in enumerate(patterns.PLACEMENTS) if p.pattern == "edge+2x"]]].ravel().tolist())
    unseen = [i for i in np.unique(patterns.canonical_map("edge+2x")).tolist()
              if i not in seen and abs(prior.patterns[9]["edge+2x"][i]) > 1][:50]
    assert len(unseen) == 50
    for i in unseen:
        assert fresh.patterns[9]["edge+2x"][i] == 0.0
        assert drawn.patterns[9]["edge+2x"][i] == pytest.approx(prior.patterns[9]["edge+2x"][i], abs=1e-6)
    assert all("rmse_before_discs" in stage for stage in drawn.info["stages"] if stage["held_out"])
    assert "prior" in drawn.info and "--prior" in drawn.info["command"]


def test_hostile_weights_in_the_saves_folder_are_skipped_for_the_shipped_ones(saves_folder, corpus):
    # a pipe, a device, a folder or a damaged archive named like learned weights: never read, never a hang
    saves_folder.mkdir(parents=True, exist_ok=True)
    for n, path in enumerate(corpus.values()):
        (saves_folder / f"{patterns.FILE_PREFIX}2099{n:04}.npz").symlink_to(path)
    assert len(patterns.saved_files()) == len(corpus)
    assert patterns.load_weights().info == patterns.Weights.load(patterns.shipped_path()).info


@pytest.mark.parametrize("discs", [4, 5, 8, 35, 63])
def test_stages_cover_every_disc_count(discs):
    assert 0 <= patterns.stage_of(discs) < patterns.STAGES
