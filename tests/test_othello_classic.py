"""Othello's classic AIs from the source paper: greedy, the learned "feng shui" AI, learning, pictures, tournaments."""
import json
import random
import time

import pygame
import pytest

from boardhub import cli
from boardhub.core.arena import SeriesResult, elo_ratings, play_tournament
from boardhub.core.worker import ThreadWorker
from boardhub.core.game import get_game as get
from boardhub.games.othello import learning, learnings
from boardhub.games.othello.ai import NO_MOVE, GreedyAI, LookAhead, PositionalAI
from boardhub.games.othello.engine import BLACK, PASS, START, WHITE, flips, moves_mask, parse_square, play
from boardhub.games.othello.ui.learning_pictures import export_png
from boardhub.games.othello.learning import Learning

CORNERS = {"a1", "h1", "a8", "h8"}
X_SQUARES = {"b2", "g2", "b7", "g7"}
C_SQUARES = {"b1", "a2", "g1", "h2", "a7", "b8", "g8", "h7"}
# the shortest possible game: black wipes white out in 9 moves
WIPEOUT = "d3 c3 b3 d2 e1 d6 d7 e3 f4".split()


def sq(name):
    return parse_square(name)


def source_look(me, opp, q, depth, put, eat):
    """The source's LOOK, literally: every legal move in row order, a strictly better score wins."""
    if q == depth:
        return 0, 0
    best_point, best_xy = -100000000.0, None
    legal = moves_mask(me, opp)
    for s in range(64):
        if not legal >> s & 1:
            continue
        f = flips(me, opp, s)
        point = put[s] + sum(eat[t] for t in range(64) if f >> t & 1)
        point -= source_look(opp & ~f, me | f | 1 << s, q + 1, depth, put, eat)[0]
        if point > best_point:
            best_point, best_xy = point, s
    if best_xy is None:
        return NO_MOVE, None
    return best_point, best_xy


def random_position(rng, moves):
    state = START
    for _ in range(moves):
        mask = moves_mask(state.me, state.opp)
        if not mask:
            if not moves_mask(state.opp, state.me):
                break
            state = play(state, PASS)
            continue
        state = play(state, rng.choice([s for s in range(64) if mask >> s & 1]))
    return state


def far():
    return time.monotonic() + 60


def test_greedy_plays_the_source_look_ahead_on_random_positions():
    rng = random.Random(7)
    ones = [1] * 64
    checked = 0
    while checked < 40:
        plies = (1, 3)[checked % 2]
        state = random_position(rng, rng.randrange(2, 56))
        if not moves_mask(state.me, state.opp):
            continue
        expected = source_look(state.me, state.opp, 0, plies, ones, ones)[1]
        assert GreedyAI(plies).choose(state, far()) == expected
        checked += 1


def test_greedy_level_5_equals_the_plain_look_ahead():
    rng = random.Random(11)
    ones = [1] * 64
    checked = 0
    while checked < 10:
        state = random_position(rng, rng.randrange(50, 56) if checked < 6 else rng.randrange(16, 30))
        if not moves_mask(state.me, state.opp):
            continue
        assert GreedyAI(5).choose(state, far()) == source_look(state.me, state.opp, 0, 5, ones, ones)[1]
        checked += 1


def test_a_move_that_leaves_the_opponent_without_a_move_scores_the_sources_bonus():
    # after the wipeout's 8th move black's f4 ends the game: worth 10,000,000 three plies deep
    state = START
    for name in WIPEOUT[:8]:
        state = play(state, sq(name))
    search = LookAhead(3, [1] * 64, [1] * 64)
    value = search.root(state.me, state.opp, 3, [s for s in range(64) if moves_mask(state.me, state.opp) >> s & 1])
    assert value[-1] == (4 - NO_MOVE, sq("f4"))


def test_the_learned_ai_plays_the_look_ahead_on_its_weights():
    rng = random.Random(3)
    put = [rng.randrange(-500, 500) for _ in range(64)]
    eat = [rng.randrange(-200, 300) for _ in range(64)]
    custom = Learning(put, eat, games=1)
    for n in range(12):
        state = random_position(rng, rng.randrange(2, 50))
        if not moves_mask(state.me, state.opp):
            continue
        plies = (1, 3, 5)[n % 3]
        expected = source_look(state.me, state.opp, 0, plies, put, eat)[1]
        assert PositionalAI(plies, learning=custom).choose(state, far()) == expected


def test_hand_made_weights_change_the_learned_ais_choice():
    # black's first moves d3, c4, f5, e6 each turn over one disc: equal for greedy
    zero = [0] * 64
    assert GreedyAI(1).choose(START, far()) == sq("d3")  # the first in square order
    favour_f5 = zero.copy()
    favour_f5[sq("f5")] = 100
    assert PositionalAI(1, learning=Learning(favour_f5, zero.copy())).choose(START, far()) == sq("f5")
    # the eat board: c4 and e6 turn over d4 and e5 respectively; make e5 the valuable capture
    eat = zero.copy()
    eat[sq("e5")] = 50
    assert PositionalAI(1, learning=Learning(zero.copy(), eat)).choose(START, far()) == sq("f5")
    eat[sq("d4")] = 80
    assert PositionalAI(1, learning=Learning(zero.copy(), eat)).choose(START, far()) == sq("d3")


def test_the_positional_ai_reads_the_newest_saved_learning(saves_folder):
    shipped = PositionalAI(1)
    assert shipped.learning.source == "shipped default" and shipped.learning.games == 100_000
    favour_e6 = [0] * 64
    favour_e6[sq("e6")] = 7
    learning.save_new(Learning(favour_e6, [0] * 64, games=1))  # a file of an older boardhub
    ai = PositionalAI(1)
    assert ai.learning.source == "older"
    assert ai.choose(START, far()) == sq("e6")


def test_a_late_search_answers_with_the_deepest_completed_depth():
    state = random_position(random.Random(5), 20)
    passed = time.monotonic() - 1
    assert GreedyAI(5).choose(state, passed) == GreedyAI(1).choose(state, far())


def test_no_move_means_pass():
    state = START
    for name in WIPEOUT:
        state = play(state, sq(name))
    assert GreedyAI(3).choose(state, far()) == PASS


def test_learning_counts_a_scripted_game():
    lrn = Learning()
    lrn.add_game([sq(m) for m in WIPEOUT], BLACK)
    expected_put = {"d3": 1, "b3": 1, "e1": 1, "d7": 1, "f4": 1, "c3": -1, "d2": -1, "d6": -1, "e3": -1}
    # black captured d4 (twice), c3, d2, d6, d5, d3, e4, e5, e3; white captured d4, d3, d5, e4
    expected_eat = {"d4": 1, "c3": 1, "d2": 1, "d6": 1, "e5": 1, "e3": 1}
    assert {s: v for s in range(64) if (v := lrn.put[s])} == {sq(k): v for k, v in expected_put.items()}
    assert {s: v for s in range(64) if (v := lrn.eat[s])} == {sq(k): v for k, v in expected_eat.items()}
    assert (lrn.games, lrn.black_wins, lrn.white_wins, lrn.draws) == (1, 1, 0, 0)
    lrn.add_game([sq(m) for m in WIPEOUT], None)  # a draw adds nothing to the boards
    assert lrn.games == 2 and lrn.draws == 1 and lrn.put[sq("d3")] == 1
    with pytest.raises(ValueError):
        lrn.add_game([sq("a1")], WHITE)
    assert lrn.games == 2


def test_learn_from_game_adds_to_the_newest_learning(saves_folder):
    moves = [sq(m) for m in WIPEOUT]
    first = learning.learn_from_game(moves, BLACK)  # no saved learning yet: a copy of the default
    shipped = learning.load(learning.default_path())
    copy = learning.load(first)
    assert copy.games == shipped.games + 1 and copy.put[sq("d3")] == shipped.put[sq("d3")] + 1
    assert learning.learn_from_game(moves, WHITE) == first
    assert learning.load(first).games == shipped.games + 2
    assert learning.load(learning.default_path()).games == shipped.games  # the asset never changes


def test_a_damaged_learning_file_is_skipped(saves_folder):
    learning.save_new(Learning(games=3))
    (saves_folder / "othello-learning-99999999-999999-999999.json").write_text("{broken")
    assert learning.newest_learning().games == 3


def test_the_shipped_learning_shows_the_sources_finding():
    shipped = learning.load(learning.default_path())
    assert (shipped.games, shipped.players, shipped.seed) == (100_000, "random vs random", 0)
    by_value = sorted(range(64), key=lambda s: shipped.put[s])
    assert {by_value[i] for i in range(60, 64)} == {sq(c) for c in CORNERS}  # corners highest
    assert {by_value[i] for i in range(12)} == {sq(c) for c in X_SQUARES | C_SQUARES}  # next to corners lowest
    assert all(shipped.eat[sq(c)] == 0 for c in CORNERS)  # a corner is never captured
    assert min(shipped.eat) == 0


def test_the_heat_map_exports_headless(tmp_path):
    shipped = learning.load(learning.default_path())
    path = export_png(tmp_path / "boards.png", shipped)
    image = pygame.image.load(str(path))
    assert image.get_width() > 1000 and image.get_height() > 600
    reds = sum(1 for x in range(0, image.get_width(), 4) for y in range(0, image.get_height(), 4)
               if (c := image.get_at((x, y))).r > 150 and c.g < 80 and c.b < 80)
    assert reds > 100  # the corners of the put board are deep red


def test_learn_command_saves_a_new_learning_and_a_picture(saves_folder, tmp_path, capsys):
    png = tmp_path / "out.png"
    assert cli.main(["learn", "othello", "--games", "4", "--seed", "9", "--png", str(png)]) == 0
    out = capsys.readouterr()
    assert "players=random vs random seed=9 games=4" in out.out
    assert "4/4" in out.err  # the progress bar
    names = learnings.names()
    assert len(names) == 1 and png.is_file()
    data = json.loads(learnings.path_of(names[0]).read_text())
    assert data["kind"] == "othello-learning" and data["games"] == 4
    assert cli.main(["learn", "othello", "--games", "4", "--seed", "9", "--quiet", "--name", "again"]) == 0
    assert len(learnings.names()) == 2  # a new learning per run, with the same boards for the same seed
    assert learnings.load(names[0]).put == learnings.load("again").put
    assert learning.learning_files() == []  # the files of older boardhubs are read, no longer written
    assert cli.main(["learn", "othello"]) == 2


def test_elo_fits_every_result_around_1500():
    series = [SeriesResult("a", "b", games=4, a_wins=3, b_wins=1), SeriesResult("b", "c", games=4, a_wins=2, draws=2),
              SeriesResult("a", "c", games=4, a_wins=4)]
    elo = elo_ratings(["a", "b", "c"], series)
    assert abs(sum(elo.values()) / 3 - 1500) < 1e-6
    assert elo["a"] > elo["b"] > elo["c"]
    # maximum likelihood: at the fitted ratings each AI's points equal its expected points, counting
    # its virtual draw with the anchor, which sits wherever the shift to a mean of 1500 moved it
    def actual(p):
        return 0.5 + sum(r.a_wins + r.draws / 2 if r.a == p else r.b_wins + r.draws / 2
                         for r in series if p in (r.a, r.b))

    def expected(p, anchor):
        total = 1 / (1 + 10 ** ((anchor - elo[p]) / 400))
        for r in series:
            if p in (r.a, r.b):
                total += r.games / (1 + 10 ** ((elo[r.b if r.a == p else r.a] - elo[p]) / 400))
        return total

    lo, hi = 0.0, 3000.0
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if expected("a", mid) > actual("a") else (lo, mid)
    for p in elo:
        assert abs(actual(p) - expected(p, lo)) < 1e-6
    assert elo_ratings(["x", "y"], [SeriesResult("x", "y", games=2, a_wins=1, b_wins=1)]) == {"x": 1500, "y": 1500}


def test_a_tiny_tournament_prints_and_saves_its_table(saves_folder):
    worker = ThreadWorker()
    try:
        result = play_tournament("othello", ["random", "greedy:1", "positional:1"], 2, limit=2.0,
                                 progress=False, worker=worker)
    finally:
        worker.close()
    assert [(r.a, r.b, r.games) for r in result.series] == [
        ("random", "greedy:1", 2), ("random", "positional:1", 2), ("greedy:1", "positional:1", 2)]
    table = result.table()
    assert table.startswith("TOURNAMENT othello: 3 AIs, 2 games per pair, 6 games")
    total = sum(sum(result.record(p)[i] for p in result.players) for i in (0, 2))
    assert total == 2 * (6 - sum(r.draws for r in result.series))  # every decided game: one win, one loss
    assert abs(sum(result.elo.values()) / 3 - 1500) < 1e-6
    data = json.loads(result.save().read_text())
    assert data["kind"] == "tournament" and set(data["elo"]) == {"random", "greedy:1", "positional:1"}


def test_tournament_command_line(saves_folder, capsys):
    assert cli.main(["arena", "othello", "--tournament", "greedy:1,random", "--games", "2"]) == 0
    out = capsys.readouterr()
    assert "TOURNAMENT othello: 2 AIs" in out.out and "Elo" in out.out and "saved " in out.out
    assert "2/2" in out.err
    assert len(list(saves_folder.glob("tournament-othello-*.json"))) == 1
    with pytest.raises(SystemExit):
        cli.main(["arena", "othello", "--a", "random"])  # neither --b nor --tournament


def test_registry_names_the_classic_ais():
    game = get("othello")
    names = [a.name for a in game.ai_entries]
    assert names[:3] == ["random", "greedy", "positional"]
    assert game.ai_entry("greedy").levels == (1, 3, 5) and game.ai_entry("positional").default_level == 5
    assert isinstance(game.make_ai("greedy:3"), GreedyAI) and isinstance(game.make_ai("positional"), PositionalAI)
    with pytest.raises(ValueError):
        game.make_ai("greedy:4")
