"""`arena --seats A,B,C,D`: a table of three or four AIs, the seats turned one place a game so each
AI starts equally often, a RESULT line with each AI's wins and share, and plain refusals."""
from __future__ import annotations

import json

import pytest

from boardhub import cli
from boardhub.core.arena import TableResult, options_for_seats, play_series, play_table, seating
from boardhub.core.game import get_game


def parse(line: str) -> dict:
    """A RESULT line's fields; "a:1,b:2" values as {AI: value} (an AI's spec may hold a colon itself)."""
    assert line.startswith("RESULT ")
    fields = dict(item.split("=", 1) for item in line.split()[1:])
    for key in ("wins", "share", "slowest"):
        if key in fields:
            fields[key] = {ai: float(v) for ai, _, v in (x.rpartition(":") for x in fields[key].split(","))}
    return fields


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("count", [2, 3, 4])
def test_each_ai_starts_once_in_every_round_of_the_table(count):
    for first in range(0, 3 * count, count):
        rounds = [seating(n, count) for n in range(first, first + count)]
        assert sorted(order[0] for order in rounds) == list(range(count))  # seat 0 starts
        assert all(sorted(order) == list(range(count)) for order in rounds)
    assert [seating(n, 2).index(0) for n in range(4)] == [0, 1, 0, 1]  # --a starts the even games, as before


def test_the_result_line_gives_each_ai_s_wins_and_share():
    r = TableResult(["expert", "hard", "easy"], games=30, wins={"expert": 14, "hard": 10, "easy": 6},
                    slowest={"expert": 0.41, "hard": 0.05, "easy": 0.001})
    assert r.line() == ("RESULT seats=expert,hard,easy games=30 wins=expert:14,hard:10,easy:6 "
                        "share=expert:0.467,hard:0.333,easy:0.200 draws=0 "
                        "slowest=expert:0.410,hard:0.050,easy:0.001 late=0 forfeits=0")
    drawn = TableResult(["a", "b", "c", "d"], games=4, wins={"a": 2}, draws=2)  # a game without a winner is shared
    assert parse(drawn.line())["share"] == {"a": 0.625, "b": 0.125, "c": 0.125, "d": 0.125}


def test_a_table_series_through_the_command_line(capsys):
    code, out, err = run(capsys, "arena", "davinci", "--seats", "easy,seed:hard,seed", "--games", "3",
                         "--limit", "0.05", "--jobs", "1", "--quiet", "--no-referee")
    assert code == 0, err
    fields = parse(out.splitlines()[-1])
    assert fields["seats"] == "easy,seed:hard,seed" and fields["games"] == "3"
    assert set(fields["wins"]) == {"easy", "seed:hard", "seed"}
    assert sum(fields["wins"].values()) + int(fields["draws"]) == 3
    assert sum(fields["share"].values()) == pytest.approx(1, abs=0.002)


def test_two_seats_are_a_and_b(capsys):
    code, out, err = run(capsys, "arena", "dots", "--seats", "easy,normal", "--games", "2", "--limit", "0.05",
                         "--jobs", "1", "--quiet", "--rows", "1", "--cols", "2")
    assert code == 0, err
    assert out.startswith("RESULT a=easy b=normal games=2 a_wins=")


def test_the_same_seed_gives_the_same_games_whatever_the_games_at_a_time(tmp_path):
    players = ["easy", "seed", "seed:hard"]
    for jobs in (1, 2):
        play_table("davinci", players, 4, limit=0.05, seed=9, options={"players": 3}, progress=False,
                   referee=False, jobs=jobs, save=tmp_path / f"table{jobs}")
        play_series("dots", "easy", "normal", 3, limit=0.05, seed=9, options={"rows": 2, "cols": 2},
                    progress=False, referee=False, jobs=jobs, save=tmp_path / f"series{jobs}")
    one, two = sorted((tmp_path / "table1").iterdir()), sorted((tmp_path / "table2").iterdir())
    assert [p.name for p in one] == [p.name for p in two] and len(one) == 4

    def game(path):
        data = json.loads(path.read_text())
        return data["seats"], data["moves"], data["result"]
    assert [game(p) for p in one] == [game(p) for p in two]
    assert len({tuple(game(p)[1]) for p in one}) > 1  # each game its own seed
    series = [sorted((tmp_path / f"series{jobs}").iterdir()) for jobs in (1, 2)]
    assert [p.read_text() for p in series[0]] == [p.read_text() for p in series[1]] and len(series[0]) == 3


def test_the_player_count_option_is_set_from_the_seats_and_kept_when_given():
    davinci = get_game("davinci")
    assert options_for_seats(davinci, {}, 4)["players"] == 4
    assert options_for_seats(davinci, {"players": 3}, 3, given={"players"})["players"] == 3


@pytest.mark.parametrize("argv, words", [
    (["othello", "--seats", "random,greedy:1,greedy:3"], "arena: Othello is played by 2 players, not 3"),
    (["davinci", "--seats", "easy,seed,expert,seed:hard,seed:normal"],
     "arena: Da Vinci Code is played by 2, 3 or 4 players, not 5"),
    (["davinci", "--seats", "easy,seed,expert", "--players", "4"],
     "arena: --players 4 seats 4 players, not the 3 AIs given"),
    (["davinci", "--seats", "easy,easy,seed"], "arena: a table needs two or more different AIs"),
    (["davinci", "--seats", "easy,seed,nobody"], "arena: Da Vinci Code has no AI called 'nobody'"),
])
def test_a_table_the_game_cannot_seat_is_refused_in_words(capsys, argv, words):
    code, out, err = run(capsys, "arena", *argv, "--games", "1", "--quiet")
    assert code == 2 and not out
    assert err.startswith(words) and "Traceback" not in err


@pytest.mark.parametrize("argv, words", [
    (["--seats", "random,greedy:1", "--a", "random", "--b", "greedy:1"], "not --a/--b and --seats"),
    (["--seats", "random,greedy:1", "--tournament", "random,greedy:1"], "not --seats and --tournament"),
])
def test_seats_with_a_and_b_or_a_tournament_is_refused(capsys, argv, words):
    with pytest.raises(SystemExit) as exc:
        cli.main(["arena", "othello", *argv])
    assert exc.value.code == 2
    assert words in capsys.readouterr().err
