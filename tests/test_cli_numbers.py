"""Nonsense numbers on the command line are refused in one line with exit code 2 (or lowered with a note),
before anything runs; the arena's library refuses them too and never queues every game at once."""
from __future__ import annotations

import math

import pytest

from boardhub import cli
from boardhub.core import arena

SERIES = ["arena", "othello", "--a", "random", "--b", "random", "--quiet"]


@pytest.mark.parametrize("argv, words", [
    (SERIES + ["--games", "-5"], "arena: --games must be from 1 to 1,000,000 (games), not -5"),
    (SERIES + ["--games", "0"], "arena: --games must be from 1"),
    (SERIES + ["--games", "1000000000"], "arena: --games must be from 1 to 1,000,000 (games), not 1000000000"),
    (SERIES + ["--limit", "-1"], "arena: --limit must be from 0.01 to 3,600 (seconds a move), not -1"),
    (SERIES + ["--limit", "nan"], "arena: --limit must be a number of seconds a move, not nan"),
    (SERIES + ["--limit", "inf"], "arena: --limit must be a number of seconds a move, not inf"),
    (SERIES + ["--limit", "1e9"], "arena: --limit must be from 0.01 to 3,600 (seconds a move), not 1,000,000,000"),
    (SERIES + ["--jobs", "-2"], "arena: --jobs must be from 0 to 1,024"),
    (SERIES + ["--seed", str(1 << 200)], "arena: --seed must be a whole number between -2**128 and 2**128"),
    (["arena", "dots", "--tournament", "easy,normal", "--games", "-1"], "arena: --games must be from 1"),
    (["learn", "othello", "--games", "-3"], "learn: --games must be from 0 to 1,000,000 (games), not -3"),
    (["learn", "othello", "--games", "2", "--limit", "nan"], "learn: --limit must be a number of seconds a move"),
    (["learn", "othello", "--games", "2", "--limit", "-1"], "learn: --limit must be from 0 to 3,600"),
    (["learn", "othello", "--games", "2", "--limit", "0.001"], "learn: --limit must be 0 or from 0.01"),
    (["learn", "gomoku", "--games", "5000000"], "learn: --games must be from 0 to 1,000,000"),
    (["learn", "othello", "--patterns", "--jobs", "-1"], "learn: --jobs must be from 0 to 1,024"),
    (["learn", "othello", "--patterns", "--label-depth", "30"], "learn: --label-depth must be from 0 to 8 (plies"),
    (["book", "othello", "--limit", "inf"], "book: --limit must be a number of seconds a position, not inf"),
    (["book", "othello", "--margin", "nan"], "book: --margin must be a number of discs, not nan"),
    (["book", "othello", "--plies", "1000"], "book: --plies must be from 1 to 60 (plies), not 1000"),
    (["perft", "othello", "40"], "perft: --depth must be from 0 to 12 (moves; deeper takes days), not 40"),
    (["review", "othello", "game.txt", "--limit", "nan"], "review: --limit must be a number of seconds a position"),
    (["review", "othello", "game.txt", "--limit", "-1"], "review: --limit must be from 0 to 3,600"),
    (["review", "othello", "game.txt", "--limit", "0.001"], "review: --limit must be 0 or from 0.01"),
    (["engine", "gomoku", "--ai", "normal", "--seed", str(-(1 << 129))], "engine: --seed must be a whole number"),
])
def test_a_nonsense_number_is_refused_in_one_line(capsys, argv, words):
    code = cli.main(argv)
    out = capsys.readouterr()
    assert code == 2 and out.out == ""
    assert out.err.startswith(words) and out.err.count("\n") == 1, out.err


def test_too_many_jobs_are_lowered_with_a_note(capsys, monkeypatch):
    monkeypatch.setattr(cli.os, "cpu_count", lambda: 2)
    code = cli.main(["arena", "dots", "--a", "easy", "--b", "easy", "--games", "1", "--rows", "1", "--cols", "2",
                     "--limit", "0.05", "--jobs", "1000", "--quiet"])
    out = capsys.readouterr()
    assert code == 0 and out.out.startswith("RESULT a=easy b=easy games=1 ")
    assert out.err == "arena: --jobs 1000 is more than 4 a core; using 8\n"


@pytest.mark.parametrize("games, limit", [(-5, 0.5), (arena.MAX_GAMES + 1, 0.5), (2, -1.0), (2, math.nan),
                                          (2, math.inf), (2, 1e9)])
def test_the_arena_library_refuses_nonsense_numbers(games, limit):
    with pytest.raises(ValueError):
        arena.play_series("othello", "random", "random", games, limit=limit, progress=False)


def test_a_long_series_queues_a_few_games_ahead_not_all(monkeypatch):
    started: list[int] = []
    monkeypatch.setattr(arena, "play_one", lambda game_key, players, n, *rest: started.append(n) or n)
    seen_when_first_ended: list[int] = []

    def played(n: int) -> None:
        if not seen_when_first_ended:
            seen_when_first_ended.append(len(started))
    arena.play_games("othello", ["random", "random"], 500, played, worker=object(), jobs=1)
    assert len(started) == 500 and sorted(started) == list(range(500))
    assert seen_when_first_ended[0] <= 3  # the first game handed on before the rest were even queued


def test_every_hostile_file_as_a_prior_is_refused_in_one_line(capsys, corpus):
    for case, path in corpus.items():
        code = cli.main(["learn", "othello", "--patterns", "--games", "10", "--prior", str(path), "--quiet"])
        out = capsys.readouterr()
        assert code == 2 and out.out == "", case
        assert out.err == f"learn: --prior {path} is not an Othello weights file boardhub can read\n", case
