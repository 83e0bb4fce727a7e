"""Hostile records: every import reader and `boardhub review` fed the hostile-file corpus.

Each case either reads as a game or is refused in one plain line; never a
traceback, never Python's own wording (its advice to call
`sys.set_int_max_str_digits()`), never a hang, never another file read or
written. A record is read only from the file given: a path written in it is
text, not a file to follow.
"""
import os
import re
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from hostile_files import texts

from boardhub import cli
from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat
from boardhub.core.records import load_record, read_record
from boardhub.core.review_run import RecordError, read_game
from boardhub.core.rules import IllegalMove
from boardhub.games.gomoku.records import from_psq, parse_record

GAMES = ("othello", "gomoku", "dots")
PYTHON_WORDS = re.compile(r"Traceback|set_int_max_str_digits|Exceeds the limit|invalid literal|Error\b|"
                          r"object has no attribute|not subscriptable|\bint\(\)")
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
# what the issue names, run as the command a person types (the rest run in-process, below)
COMMAND_CASES = ("empty", "deep_top", "deep_list", "huge_int", "record_huge_number", "inf_seed", "dev_zero",
                 "dev_urandom", "fifo", "a_folder", "record_names_file", "sparse_big", "record_controls")


def snapshot(*folders: Path) -> dict[str, tuple]:
    """Every entry under `folders` with its kind, size and time of change: what a run must leave alone."""
    seen = {}
    for folder in folders:
        for root, dirs, names in os.walk(folder):
            for name in dirs + names:
                path = Path(root) / name
                info = path.lstat()
                seen[str(path)] = (info.st_mode, info.st_size, info.st_mtime_ns)
    return seen


def refusal_is_plain(reason: str) -> None:
    assert "\n" not in reason.strip() and len(reason) < 400, reason[:500]
    assert not PYTHON_WORDS.search(reason), reason
    assert not CONTROL.search(reason), repr(reason)


@pytest.mark.parametrize("game", GAMES)
def test_every_import_reader_reads_or_refuses_each_hostile_file_in_words(corpus, game):
    """As Import does: the path given (or the text pasted), the record's options, its moves."""
    entry = get_game(game)
    cases = [(name, str(path)) for name, path in corpus.items()]
    cases += [(f"{name} (pasted)", t if isinstance(t, str) else t.decode("utf-8", "replace"))
              for name, t in texts().items()]
    for name, given in cases:
        try:
            fmt, text = load_record(given, entry.record_formats)
            fixed = fmt.options(text)
            options = {**{o.key: o.default for o in entry.options}, **fixed}
            fmt.read(text, Match(entry, [Seat()] * entry.rules.num_players(options), options, seed=0))
        except IllegalMove as exc:
            refusal_is_plain(str(exc))
        # anything else raised fails the test, with the case's name in pytest's report
        except Exception as exc:  # noqa: BLE001
            pytest.fail(f"{game} {name}: {type(exc).__name__}: {exc}"[:400])


@pytest.mark.parametrize("game", GAMES)
def test_review_reads_or_refuses_each_hostile_file_in_one_line(corpus, game, capsys, tmp_path, monkeypatch,
                                                              saves_folder):
    """`boardhub review` on every case, in-process: exit 0 (a game it could read) or 2 with one line."""
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    before = snapshot(corpus["empty"].parent)
    for name, path in corpus.items():
        code = cli.main(["review", game, str(path), "--quiet", "--jobs", "1", "--limit", "0.01"])
        out, err = capsys.readouterr()
        assert code in (0, 2), (name, code, err)
        if code == 2:
            assert not out and len(err.splitlines()) == 1 and err.startswith("review: "), (name, err[:300])
            refusal_is_plain(err)
    assert snapshot(corpus["empty"].parent) == before
    assert not list(here.iterdir())
    assert not [p for p in saves_folder.rglob("*") if p.is_file()]  # a review reads the saves folder, writes none


@pytest.mark.parametrize("case", COMMAND_CASES)
def test_the_review_command_refuses_a_hostile_file_in_one_line(corpus, case, tmp_path):
    game = GAMES[COMMAND_CASES.index(case) % len(GAMES)]
    saves = tmp_path / "saves"
    before = snapshot(corpus["empty"].parent)
    out = subprocess.run([sys.executable, "-m", "boardhub", "review", game, str(corpus[case]), "--quiet",
                          "--jobs", "1", "--limit", "0.01"], capture_output=True, text=True, timeout=60,
                         cwd=tmp_path, env={**os.environ, "BOARDHUB_SAVES": str(saves)}, errors="replace")
    assert out.returncode == 2 or (out.returncode == 0 and case == "record_controls"), (out.returncode, out.stderr)
    if out.returncode == 2:
        assert out.stdout == "" and len(out.stderr.splitlines()) == 1, out.stderr[:500]
        refusal_is_plain(out.stderr)
    assert snapshot(corpus["empty"].parent) == before
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]  # at most the saves folder made, empty


def test_review_reads_only_the_file_it_was_given(corpus):
    """A record whose text is the path of another game is refused as a record; the other file is not read."""
    target = corpus["record_target"]
    assert len(read_game(get_game("othello"), target).moves) == 5  # the game it would have found
    with pytest.raises(RecordError) as info:
        read_game(get_game("othello"), corpus["record_names_file"])
    assert str(info.value).startswith("record_names_file.txt: Move 1")


def test_import_still_takes_a_pasted_path(corpus):
    entry = get_game("othello")
    assert len(read_record(str(corpus["record_target"]), Match(entry, [Seat()] * 2, {}, seed=0),
                           entry.record_formats)) == 5


@pytest.mark.parametrize("game, text, words", [
    ("dots", "9" * 5000 + " 1", "a number of 5000 digits"),
    ("gomoku", "Piskvorky " + "9" * 5000 + "x19, 0:0, 0\n8,8,0", "a number of 5000 digits"),
    ("othello", "f5 " * ((1 << 20) // 3 + 1), "too long to be a game record"),  # past 1 MB
    ("dots", "0 1\n1 0\n" * 100, "more lines than the largest board has (112)"),
    ("gomoku", "x" * 5000, "Move 1 (xxxxxxxxxxxx…) is not a move: too long to be a point"),
    ("gomoku", "   \x00\x07  ", "The record is empty"),
])
def test_records_past_their_caps_are_refused_in_words(game, text, words):
    entry = get_game(game)
    with pytest.raises(IllegalMove) as info:
        read_record(text, Match(entry, [Seat()] * 2, {}, seed=0), entry.record_formats)
    assert words in str(info.value)


def test_a_huge_record_file_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "huge.psq"
    with open(big, "wb") as f:
        f.truncate(200 << 20)  # sparse: no disk used
    with pytest.raises(IllegalMove) as info:
        load_record(str(big), get_game("gomoku").record_formats)
    assert "too big" in str(info.value)


@pytest.mark.parametrize("reader, text", [
    (lambda t: parse_record(t, 19), "1. " * 300_000),
    (from_psq, "Piskvorky 19x19, 0:0, 0\n" + "garbage line\n" * 80_000),
])
def test_the_gomoku_readers_do_not_build_lists_of_the_whole_text(reader, text):
    """Before, the move list was split into a list of every token: about 28 times the text in memory."""
    tracemalloc.start()
    try:
        reader(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < len(text), (peak, len(text))


def test_review_png_in_a_missing_folder_is_refused_and_no_folder_made(tmp_path):
    record = tmp_path / "game.txt"
    record.write_text("f5 d6 c3\n")
    png = tmp_path / "no" / "such" / "graph.png"
    code = subprocess.run([sys.executable, "-m", "boardhub", "review", "othello", str(record), "--png", str(png),
                           "--quiet", "--jobs", "1", "--limit", "0.01"], capture_output=True, text=True, timeout=60)
    assert code.returncode == 2 and code.stdout == "", code.stderr
    assert code.stderr.strip() == f"review: cannot write {png}: there is no folder {png.parent}"
    assert not (tmp_path / "no").exists()
