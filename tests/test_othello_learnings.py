"""The source paper's learning experiments: learning while playing, named learnings and snapshots, how alike
two learnings are, the source's own file, AIs that play by a named learning, and the knockout bracket."""
from __future__ import annotations

import json
import math

import pytest

from boardhub import cli
from boardhub.core.ai import AISpec
from boardhub.core.bracket import BracketMatch, first_round, play_bracket
from boardhub.core.game import get_game
from boardhub.core.seat_check import seat_problem
from boardhub.core.seat_names import ai_name
from boardhub.core.setup import GameSetup
from boardhub.core.worker import ThreadWorker
from boardhub.games.othello import learning, learning_run, learnings
from boardhub.games.othello.ai import PositionalAI
from boardhub.games.othello.engine import START, play
from boardhub.games.othello.learning import Learning
from tests.hostile_files import make_corpus


def replay_game(a: str, b: str, n: int, boards: Learning) -> list[int]:
    """Game n as fresh AIs would play it from `boards`, written here without the run's code path."""
    ai = {spec: PositionalAI(int(spec.partition(":")[2]), learning=boards) for spec in (a, b)}
    seats = (ai[a], ai[b]) if n % 2 == 0 else (ai[b], ai[a])
    state, moves = START, []
    from boardhub.games.othello.engine import PASS, moves_mask
    while moves_mask(state.me, state.opp) or moves_mask(state.opp, state.me):
        move = seats[state.player].choose(state, math.inf) if moves_mask(state.me, state.opp) else PASS
        moves.append(move)
        state = play(state, move)
    return moves


def test_the_online_boards_after_n_games_equal_the_games_replayed_one_by_one():
    played: list[list[int]] = []
    online = learning_run.play_games("positional:1", "positional:3", 8, seed=3, on_moves=played.append)
    boards = Learning()
    for n, moves in enumerate(played):
        # each game is the one that fresh AIs play by the boards the games before it taught
        assert moves == replay_game("positional:1", "positional:3", n, boards)
        boards.add_game(moves, learning.winner_of(learning_run.final_state(moves)))
    assert (online.put, online.eat, online.games) == (boards.put, boards.eat, 8)
    assert len({tuple(m) for m in played}) > 2  # the boards changed the games: not the same two games again


def test_a_continued_learning_learns_what_one_longer_run_learns():
    whole = learning_run.play_games("positional:1", "random", 6, seed=5, snapshots=(2, 4))
    part = learning_run.play_games("positional:1", "random", 3, seed=5, snapshots=(2, 4))
    assert [s.games for s in part.snapshots] == [2]
    again = Learning.from_json(json.loads(json.dumps(part.to_json())))  # through the file, as `learn` continues
    learning_run.play_games("positional:1", "random", 6, seed=5, learning=again)
    assert (again.put, again.eat, again.games) == (whole.put, whole.eat, 6)
    assert [(s.games, s.put) for s in again.snapshots] == [(s.games, s.put) for s in whole.snapshots]


def test_similarity_is_the_pearson_correlation_of_each_board():
    a, b = Learning(list(range(64)), [1] * 63 + [2]), Learning([2 * v + 7 for v in range(64)], [0] * 64)
    sim = learnings.similarity(a, b)
    assert sim.put == pytest.approx(1.0) and sim.eat is None and sim.mean == pytest.approx(1.0)
    c = Learning([-v for v in range(64)], [2] + [1] * 63)
    assert learnings.similarity(a, c).put == pytest.approx(-1.0)
    assert learnings.similarity(a, c).eat == pytest.approx(-1 / 63)


def test_the_sources_txt_file_round_trips(saves_folder, tmp_path):
    lrn = Learning([v * 3 - 90 for v in range(64)], [v % 7 - 3 for v in range(64)], 10, 4, 5, 1)
    path = tmp_path / "random vs random.txt"
    learnings.write_txt(path, lrn)
    lines = path.read_text().splitlines()
    assert len(lines) == 19 and lines[8] == "" and lines[17] == "" and lines[18] == "5 4 1"  # win lose draw
    back = learnings.read_txt(path)
    assert (back.put, back.eat, back.games, back.black_wins, back.white_wins, back.draws) == \
        (lrn.put, lrn.eat, 10, 4, 5, 1)
    learnings.write_txt(tmp_path / "again.txt", back)
    assert (tmp_path / "again.txt").read_text() == path.read_text()


def test_the_papers_own_numbers_read_as_the_source_wrote_them(tmp_path):
    # the source's fscanf reads numbers separated by any white space: tabs, as the paper prints them
    put = "\n".join("\t".join(str(8 * r + c) for c in range(8)) for r in range(8))
    eat = "\n".join("\t".join(str(-(8 * r + c)) for c in range(8)) for r in range(8))
    (tmp_path / "p.txt").write_text(f"{put}\n\n{eat}\n\n20 30 4\n")
    lrn = learnings.read_txt(tmp_path / "p.txt")
    assert lrn.put == list(range(64)) and lrn.eat == [-v for v in range(64)]
    assert (lrn.white_wins, lrn.black_wins, lrn.draws, lrn.games) == (20, 30, 4, 54)


@pytest.mark.parametrize("text", ["", "1 2 3", "x " * 131, "1 " * 130, "1 " * 132, "1 " * 128 + "-1 0 0",
                                  "9" * 50 + " 1" * 130])
def test_a_txt_that_is_not_the_sources_file_is_refused_in_words(tmp_path, text):
    (tmp_path / "bad.txt").write_text(text)
    with pytest.raises(ValueError, match="bad.txt: "):
        learnings.read_txt(tmp_path / "bad.txt")


def test_hostile_files_are_refused_as_txt_and_as_named_learnings(saves_folder, tmp_path):
    corpus = make_corpus(tmp_path / "corpus")
    learnings.folder().mkdir(parents=True)
    for case, path in corpus.items():
        with pytest.raises(ValueError) as refused:
            learnings.read_txt(path)
        assert "Traceback" not in str(refused.value) and str(refused.value)
        if path.is_file() and not path.is_symlink():
            (learnings.folder() / "victim.json").write_bytes(path.read_bytes()[:1 << 20])
            try:
                learnings.resolve("victim")
            except ValueError as exc:
                assert str(exc).startswith("victim"), (case, str(exc))


@pytest.mark.parametrize("spec", ["positional:3@../../etc/passwd", "positional:3@a/b", "positional:3@..",
                                  "positional:3@", "positional@a.json", "positional:3@" + "x" * 41,
                                  "positional:3@C:\\x", "positional:3@kim#", "positional:3@kim#x"])
def test_a_learning_name_never_reaches_a_file_outside_the_learnings_folder(spec, saves_folder):
    with pytest.raises(ValueError):
        AISpec.parse(spec)
    with pytest.raises(ValueError):
        get_game("othello").make_ai(spec)
    with pytest.raises(ValueError):
        GameSetup.from_fields({"game": "othello", "options": {}, "seats": [None, spec], "limit": 0.5,
                               "referee": False, "mode": "pva"})
    for name in ("..", "../x", "a/b", "a\\b", "", ".hidden", "x" * 41, "shipped"):
        with pytest.raises(ValueError):
            learnings.path_of(name)


def test_an_ai_plays_by_its_named_learning_and_two_sit_at_one_table(saves_folder):
    favour_e6, favour_c4 = [0] * 64, [0] * 64
    favour_e6[44], favour_c4[26] = 9, 9  # e6, c4 (square 8 * row + col)
    learnings.save("kim", Learning(favour_e6, [0] * 64, games=1))
    learnings.save("lee", Learning(favour_c4, [0] * 64, games=1))
    spec = AISpec.parse("positional:3@kim")
    assert (spec.name, spec.level, spec.learning, str(spec)) == ("positional", 3, "kim", "positional:3@kim")
    game = get_game("othello")
    assert game.make_ai("positional:1@kim").choose(START, math.inf) == 44
    assert game.make_ai("positional:1@lee").choose(START, math.inf) == 26
    assert ai_name("positional:3@kim", str) == "Positional 3 AI (kim)"
    setup = GameSetup.from_fields({"game": "othello", "options": {}, "seats": ["positional:1@kim", "positional:1@lee"],
                                   "limit": 0.5, "referee": False, "mode": "ava"})
    assert setup.seats == ("positional:1@kim", "positional:1@lee")
    with pytest.raises(ValueError, match="no learning"):
        game.make_ai("positional:1@park")
    with pytest.raises(ValueError, match="plays by no learning"):
        game.make_ai("greedy:1@kim")
    assert seat_problem(game, "positional:1@park", ()) is not None and seat_problem(game, "positional:1@kim", ()) is None


def test_a_run_is_the_apps_learning_only_when_the_player_says_so(saves_folder, capsys):
    assert cli.main(["learn", "othello", "--a", "positional:1", "--b", "random", "--games", "4", "--name", "mine",
                     "--snapshots", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "LEARNED name=mine" in out and "SIMILARITY to=shipped games=2 put=" in out and "Pearson" in out
    assert learnings.default_name() is None and PositionalAI(1).learning.games == 100_000
    assert learnings.refs() == ["shipped", "mine", "mine#2"]
    assert cli.main(["learn", "othello", "--name", "mine", "--default"]) == 0
    assert PositionalAI(1).learning.games == 4
    assert cli.main(["learn", "othello", "--name", "mine", "--games", "6", "--quiet"]) == 0  # continued
    assert learnings.load("mine").games == 6
    assert cli.main(["learn", "othello", "--name", "mine", "--games", "8", "--a", "greedy:1"]) == 2
    assert cli.main(["learn", "othello", "--compare", "mine#2,shipped"]) == 0
    assert "SIMILARITY a=mine#2 b=shipped put=" in capsys.readouterr().out


def test_the_txt_file_imports_and_exports_from_the_command_line(saves_folder, tmp_path, capsys):
    src = tmp_path / "random vs random.txt"
    learnings.write_txt(src, Learning([1] * 64, [2] * 64, 3, 1, 1, 1))
    assert cli.main(["learn", "othello", "--import", str(src), "--name", "paper"]) == 0
    assert cli.main(["learn", "othello", "--import", str(src), "--name", "paper"]) == 2  # never overwritten
    assert cli.main(["learn", "othello", "--name", "paper", "--export", str(tmp_path / "out.txt")]) == 0
    assert (tmp_path / "out.txt").read_text() == src.read_text()
    (tmp_path / "bad.txt").write_text("not numbers")
    assert cli.main(["learn", "othello", "--import", str(tmp_path / "bad.txt"), "--name", "bad"]) == 2
    assert "bad.txt: not the source's learning file" in capsys.readouterr().err


def test_the_first_round_gives_the_byes_to_the_first_listed():
    assert first_round(list("abcd")) == [("a", "b"), ("c", "d")]
    assert first_round(list("abcde")) == [("a", None), ("b", None), ("c", None), ("d", "e")]
    level = BracketMatch("x", "y", [(0, 10), (1, -4)])
    assert level.winner == "x"  # one win each: more discs
    assert BracketMatch("x", "y", [(0, 2), (1, -4)]).winner == "y"
    assert BracketMatch("x", "y", [(None, 0)]).winner == "x"  # level on all counts: the one listed first


def test_the_bracket_plays_best_of_three_knockouts_and_prints_a_bracket(saves_folder):
    worker = ThreadWorker()
    try:
        result = play_bracket("othello", ["random", "greedy:1", "greedy:3", "positional:1"], best_of=3, limit=5.0,
                              seed=1, worker=worker)
    finally:
        worker.close()
    assert [len(r) for r in result.rounds] == [2, 1]
    for matches in result.rounds:
        for m in matches:
            assert 2 <= len(m.games) <= 3 and (max(m.wins) == 2 or len(m.games) == 3)
    final = result.rounds[1][0]
    assert {final.a, final.b} == {m.winner for m in result.rounds[0]} and result.champion == final.winner
    text = result.text()
    assert text.startswith("BRACKET othello: 4 AIs, best of 3") and f"CHAMPION {result.champion}" in text
    drawn = text.splitlines()[1:8]
    assert drawn[0].startswith("random ") and drawn[2].startswith("greedy:1 ") and drawn[6].startswith("positional:1 ")
    assert drawn[3].rstrip().endswith(f"{result.champion}  CHAMPION")


def test_the_bracket_from_the_command_line(saves_folder, capsys):
    assert cli.main(["arena", "othello", "--bracket", "random,greedy:1", "--best-of", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "best of 1" in out and "CHAMPION " in out
    assert cli.main(["arena", "othello", "--bracket", "random,greedy:1", "--best-of", "2"]) == 2
    with pytest.raises(SystemExit):
        cli.main(["arena", "othello", "--bracket", "random,greedy:1", "--tournament", "random,greedy:1"])


def test_the_setup_offers_each_learning_and_the_arena_seats_two(saves_folder):
    from boardhub.core.arena import play_series
    from boardhub.scenes.setup import ai_choices, ai_detail
    game = get_game("othello")
    learnings.save("kim", Learning([1] * 64, [0] * 64, games=1))
    values, labels = ai_choices(game)
    assert {"positional:1@kim", "positional:3@kim", "positional:5@kim"} <= set(values)
    assert "Positional 3 AI (kim)" in labels and "kim" in ai_detail(game, "positional:3@kim")
    learnings.save("lee", Learning([-1] * 64, [0] * 64, games=1))
    worker = ThreadWorker()
    try:
        result = play_series("othello", "positional:1@kim", "positional:1@lee", 2, limit=5.0, progress=False,
                             worker=worker)
    finally:
        worker.close()
    assert result.games == 2 and not result.forfeits


def test_a_run_cannot_write_over_the_shipped_learning(saves_folder, capsys):
    assert cli.main(["learn", "othello", "--name", "shipped", "--games", "100001", "--quiet"]) == 2
    assert "keeps itself" in capsys.readouterr().err and learnings.names() == []
    assert cli.main(["learn", "othello", "--name", "shipped", "--default"]) == 0
    assert learnings.default_name() == "shipped" and PositionalAI(1).learning.games == 100_000


def test_a_hostile_choice_file_leaves_the_app_on_its_usual_learning(saves_folder, tmp_path):
    corpus = make_corpus(tmp_path / "corpus")
    choice = saves_folder / learnings.CHOICE_FILE
    saves_folder.mkdir(parents=True, exist_ok=True)
    for case, path in corpus.items():
        if not path.is_file() or path.is_symlink():
            continue
        choice.write_bytes(path.read_bytes()[:1 << 20])
        assert learnings.default_name() is None, case
        assert learnings.app_learning().games == 100_000, case
    choice.write_text(json.dumps({"format": 1, "kind": "othello-learning-choice", "default": "../../x"}))
    assert learnings.default_name() is None
