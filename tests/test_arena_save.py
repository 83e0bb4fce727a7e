"""`arena --save DIR`: every game of a series written in its game's own record, which loads back
with the game's reader and replays to the same result.

The series play fast AIs with a short limit and no referee, so that a busy
machine cannot turn a slow move into a forfeit (a forfeit is not a move, and a
move list cannot hold it).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from boardhub import cli
from boardhub.core import saves
from boardhub.core.arena import play_series, play_table, play_tournament, record_name, safe_name
from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat
from boardhub.core.records import load_record
from boardhub.core.saved_games import saved_match

# (game, a, b, options): the fastest AIs of each game on a small board
SERIES = [
    ("othello", "random", "greedy:1", {}),
    ("gomoku", "easy", "easy", {"size": 15}),
    ("dots", "easy", "normal", {"rows": 2, "cols": 3}),
    ("davinci", "easy", "seed", {}),
]
GAMES = 3


def replayed(path: Path, game_key: str, options: dict) -> Match:
    """The game a saved file holds, read back as the app reads it: a record by the game's own reader
    (its entry's formats), a boardhub save file as Saved games opens it."""
    entry = get_game(game_key)
    if path.suffix == ".json":
        return saved_match(saves.SavedGame(path, saves.read_json(path, "game")))
    fmt, text = load_record(str(path), entry.record_formats)
    match = Match(entry, [Seat() for _ in range(entry.rules.num_players(options))], options, seed=0)
    match.replay(fmt.read(text, match))
    return match


@pytest.mark.parametrize("game_key, a, b, options", SERIES, ids=[s[0] for s in SERIES])
def test_every_game_of_a_series_is_saved_in_its_record_and_replays_to_the_same_result(
        tmp_path, worker, game_key, a, b, options):
    result = play_series(game_key, a, b, GAMES, limit=0.05, seed=11, options=options, progress=False,
                         referee=False, worker=worker, save=tmp_path / "games")
    formats = get_game(game_key).record_formats
    ending = formats[0].ending if formats else "json"  # a game without a record format: a save file
    paths = [tmp_path / "games" / record_name(game_key, (a, b), n, GAMES, ending) for n in range(GAMES)]
    assert sorted((tmp_path / "games").iterdir()) == paths
    assert result.saved == GAMES and not result.forfeits
    wins = {"a": 0, "draw": 0, "b": 0}
    for n, path in enumerate(paths):
        match = replayed(path, game_key, options)
        assert match.is_over, path.name
        a_seat = n % 2  # a starts the even-numbered games
        out = match.outcome
        wins["draw" if out.winner is None else "a" if out.winner == a_seat else "b"] += 1
    assert (wins["a"], wins["draw"], wins["b"]) == (result.a_wins, result.draws, result.b_wins)


@pytest.mark.parametrize("players", [("easy", "seed", "seed:hard"), ("seed:hard", "easy", "expert", "seed")])
def test_a_table_of_three_or_four_saves_each_game_with_the_seats_it_was_played_in(tmp_path, worker, players):
    options = {"players": len(players)}
    result = play_table("davinci", players, len(players), limit=0.05, seed=4, options=options, progress=False,
                        referee=False, worker=worker, save=tmp_path)
    assert result.saved == len(players)
    wins: dict[str, int] = {}
    for n in range(len(players)):
        match = replayed(tmp_path / record_name("davinci", players, n, len(players), "json"), "davinci", options)
        seated = [s.ai for s in match.seats]
        assert seated == list(players[n:] + players[:n])  # game n: the table turned n places
        assert match.is_over and match.outcome.winner is not None
        winner = seated[match.outcome.winner]
        wins[winner] = wins.get(winner, 0) + 1
    assert wins == {p: w for p, w in result.wins.items() if w}


def test_a_tournament_saves_each_pair_s_games_under_the_pair(tmp_path, worker):
    play_tournament("dots", ["easy", "normal", "hard"], 2, limit=0.05, options={"rows": 2, "cols": 2},
                    progress=False, referee=False, worker=worker, save=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        f"dots-{a}-vs-{b}-g00{n}.txt" for a, b in [("easy", "normal"), ("easy", "hard"), ("normal", "hard")]
        for n in (1, 2))


def test_file_names_carry_the_series_and_the_game_number_in_safe_characters():
    assert record_name("othello", ["expert", "greedy:5"], 6, 10, "txt") == "othello-expert-vs-greedy5-g007.txt"
    assert record_name("davinci", ["a", "b", "c"], 0, 1500, "json") == "davinci-a-vs-b-vs-c-g0001.json"
    for spec in ('gtp:"edax -gtp"', "py:../../etc/passwd:make", "pbrain:C:\\engines\\brain.exe", "::", "é"):
        name = safe_name(spec)
        assert name and set(name) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        assert not name.startswith(".") and "/" not in name


def test_a_game_that_cannot_be_written_is_told_in_words_and_the_series_goes_on(tmp_path, worker):
    blocker = tmp_path / "taken"
    blocker.write_text("a file, not a folder")
    told: list[str] = []
    result = play_series("dots", "easy", "easy", 2, limit=0.05, options={"rows": 1, "cols": 2}, progress=False,
                         referee=False, worker=worker, save=blocker, report=told.append)
    assert result.games == 2 and result.saved == 0
    assert told == [f"arena: could not save dots-easy-vs-easy-g00{n}.txt in {blocker}: a file has that name, "
                    "not a folder" for n in (1, 2)]


def test_the_arena_command_saves_and_says_so(tmp_path, capsys):
    folder = tmp_path / "new" / "folder"
    code = cli.main(["arena", "dots", "--a", "easy", "--b", "normal", "--games", "2", "--limit", "0.05",
                     "--jobs", "2", "--quiet", "--rows", "2", "--cols", "2", "--save", str(folder)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert out.out.splitlines()[-1] == f"saved 2 games in {folder}"
    assert [p.name for p in sorted(folder.iterdir())] == ["dots-easy-vs-normal-g001.txt",
                                                          "dots-easy-vs-normal-g002.txt"]


def test_the_arena_command_reports_a_folder_it_cannot_write_without_a_traceback(tmp_path, capsys):
    blocker = tmp_path / "taken"
    blocker.write_text("")
    code = cli.main(["arena", "dots", "--a", "easy", "--b", "easy", "--games", "2", "--limit", "0.05",
                     "--jobs", "1", "--quiet", "--rows", "1", "--cols", "1", "--save", str(blocker)])
    out = capsys.readouterr()
    assert code == 1
    assert out.out.splitlines()[0].startswith("RESULT a=easy b=easy games=2 ")
    assert out.out.splitlines()[-1] == f"saved 0 of 2 games in {blocker}"
    assert "could not save dots-easy-vs-easy-g001.txt" in out.err and "Traceback" not in out.err
