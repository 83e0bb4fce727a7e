"""A corpus of hostile files, made by this script rather than typed by hand.

Every reader of boardhub (the saves folder at start-up, Continue, Saved games,
Replay, Import, `review`, settings, stats, learned data) is fed each of these:
none may raise, hang, eat memory or change another file. `make_corpus(folder)`
writes them and returns {case name: path}; `python tests/hostile_files.py DIR`
writes them for a look by hand.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

BIG = 20 << 20  # past every cap boardhub has, written sparse so it costs no disk


def _save(kind: str = "game", **fields: object) -> str:
    return json.dumps({"format": 1, "kind": kind, **fields})


def _game(**changes: object) -> str:
    """A saved game in the very shape boardhub writes it (an Othello game, You against an AI), with `changes`:
    what a file from elsewhere looks like when it means harm and passes every check of shape."""
    data: dict[str, object] = {
        "game": "othello", "options": {}, "seed": 12345,
        "seats": [{"ai": None, "name": "You"}, {"ai": "greedy:1", "name": "Greedy 1 AI"}],
        "moves": ["f5"], "seconds": [0.5], "timing": {"limit": 0.5, "referee": False}, "forfeit": None,
        "kind_of_game": "PvA", "created": "2026-01-01T10:00:00", "updated": "2026-01-01T10:00:01",
        "players": "You vs Greedy 1 AI", "status": "move 2, Greedy 1 AI to move", "result": "",
        "counted": False, "imported": 0, "hints": 0}
    data.update(changes)
    return _save(**data)


PWNED = "/tmp/boardhub-pwned"  # what the shell seat would make; a test checks it never appears


def shaped() -> dict[str, str]:
    """Saved games whole in shape, each with one hostile value (a seat that runs a program, a limit of 1e6...)."""
    you = {"ai": None, "name": "You"}
    return {
        "g_shell_seat": _game(seats=[you, {"ai": f"gtp:/bin/sh -c 'touch {PWNED}'", "name": "sh (GTP)"}],
                              updated="9999-12-31T23:59:59"),
        "g_py_seat": _game(seats=[you, {"ai": "py:os:system", "name": "x"}]),
        "g_py_seat_module": _game(seats=[{"ai": "py:boardhub_hostile_marker:make", "name": "x"}, you]),
        "g_at_analysis_seat": _game(seats=[you, {"ai": "@analysis", "name": "x"}]),
        "g_unknown_ai": _game(seats=[you, {"ai": "stockfish:99", "name": "x"}]),
        "g_bad_quote_engine": _game(seats=[you, {"ai": "gtp:\"unterminated", "name": "x"}]),
        "g_future_updated": _game(updated="9999-12-31T23:59:59"),
        "g_bad_updated": _game(updated="yesterday"),
        "g_huge_limit": _game(timing={"limit": 1e6, "referee": False}),
        "g_zero_limit": _game(timing={"limit": 0, "referee": True}),
        "g_negative_limit": _game(timing={"limit": -1, "referee": False}),
        "g_string_limit": _game(timing={"limit": "fast", "referee": False}),
        "g_nul_in_name": _game(seats=[{"ai": None, "name": "Yo\x00u"}, {"ai": "greedy:1", "name": "G\x1b[31m"}]),
        "g_long_name": _game(seats=[{"ai": None, "name": "x" * 100_000}, {"ai": "greedy:1", "name": "G"}]),
        "g_long_move": _game(moves=["f5" * 4000]),
        # an edited start position: far too long, not text, controls in it, one nobody can move from
        "g_position_huge": _game(position="X" * 3_000_000),
        "g_position_not_text": _game(position={"board": ["X"] * 64}),
        "g_position_controls": _game(position="\x1b[31m" + "-" * 64 + " X\x00"),
        "g_position_over": _game(position="X" * 64 + " O", moves=[]),
        "g_many_moves": _game(moves=["f5"] * 100_000),
        "g_bad_move": _game(moves=["z9\x00"]),
        "g_huge_board": _game(game="dots", options={"rows": 10 ** 30, "cols": 10 ** 30}, moves=[]),
        "g_bool_seed": _game(seed=True),
        "g_float_seed": _game(seed=1.5),
        "g_huge_seed": _game(seed=10 ** 39),
        "g_forfeit_winner": _game(forfeit={"winner": 99, "scores": [], "reason": "error", "detail": "x"}),
        "g_forfeit_list": _game(forfeit=[1, 2]),
        "g_long_status": _game(status="s" * 1_000_000),
        "g_seats_strings": _game(seats=["human", "greedy"]),
        "g_one_seat": _game(seats=[{"ai": None, "name": "You"}]),
        "g_hints_negative": _game(hints=-5, imported=10 ** 9),
    }


def texts() -> dict[str, str | bytes]:
    """The cases that are plain file contents: {name: text or bytes}."""
    deep = "[" * 1000 + "]" * 1000
    return {
        "empty": b"",
        "spaces": "   \n\t\n",
        "nul_bytes": b"\x00" * 64,
        "binary": bytes(range(256)) * 8,
        "not_utf8": b'{"format": 1, "kind": "game", "game": "\xff\xfe"}',
        "utf16": '{"format": 1, "kind": "game"}'.encode("utf-16"),
        "bom": "\ufeff" + _save(),
        "cut_short": _save(game="othello")[:-7],
        "deep_list": '{"format": 1, "kind": "game", "x": ' + deep + "}",
        "deep_top": deep,
        "deep_object": '{"a":' * 1000 + "1" + "}" * 1000,
        "huge_int": '{"format": 1, "kind": "game", "seed": ' + "9" * 5000 + "}",
        "huge_format": '{"format": ' + "1" * 5000 + ', "kind": "game"}',
        "inf_seed": '{"format": 1, "kind": "game", "seed": 1e999}',
        "nan_seed": '{"format": 1, "kind": "game", "seed": NaN}',
        "negative_seed": _save(game="davinci", seed=-1, moves=[]),
        "nul_in_seat": _save(game="othello", seats=["hum\x00an", "greedy"], moves=[]),
        "control_chars": _save(game="othello", seats=["\x1b[31mred\x07", "\u202eevil"], moves=[]),
        "long_move": _save(game="othello", seats=["human", "greedy"], moves=["f5" * 4000]),
        "long_name": _save(game="othello", seats=["x" * 100_000, "greedy"], moves=[]),
        "shell_seat": _save(game="othello", seats=["gtp:/bin/sh -c 'touch /tmp/boardhub-pwned'", "human"],
                            moves=[], updated="9999-12-31T23:59:59"),
        "py_seat": _save(game="othello", seats=["py:os:system", "human"], moves=[]),
        "future_updated": _save(game="othello", seats=["human", "greedy"], moves=[], updated="9999-12-31T23:59:59"),
        "wrong_types": _save(game=7, seats="human", moves={"a": 1}, options=[1], seed="x", limit="fast"),
        "unknown_game": _save(game="chess", seats=["human", "human"], moves=[]),
        "huge_limit": _save(game="othello", seats=["human", "greedy"], moves=[], limit=1e6),
        "newer_format": json.dumps({"format": 99, "kind": "game"}),
        "wrong_kind": _save(kind="stats"),
        "top_list": "[1, 2, 3]",
        "top_string": '"hello"',
        "long_line": "f5" * (3 << 20),
        "many_lines": "f5 d6\n" * 400_000,
        "record_nul": "f5\x00d6 c3",
        "record_huge_int": "99999999999999999999999999999999999999999999999999 1",
        "record_path": json.dumps({"format": 1, "kind": "game", "game": "othello", "record": "/etc/passwd",
                                   "path": "/etc/passwd"}),
        "s_stats_deep_counts": _save("stats", games={"dots": {"easy": [[[1]]]}}),
        "s_stats_huge_count": _save("stats", games={"dots": {"easy": [10 ** 39, 0, 0]}}),
        "s_stats_negative": _save("stats", games={"dots": {"easy": [-1, 0, 0]}}),
        "s_stats_long_name": _save("stats", games={"dots": {"e" * 100_000: [1, 0, 0]}}),
        "s_stats_counted_junk": _save("stats", games={}, counted=[1, None, {}]),
        "s_stats_games_list": _save("stats", games=[1, 2]),
        "s_settings_nan_delay": '{"format": 1, "kind": "settings", "ai_delay": NaN}',
        "s_settings_negative_delay": _save("settings", ai_delay=-5, ava_delay=1e300, window_width=10 ** 9),
        "s_settings_wrong_types": _save("settings", sound="yes", language=["ko"], animation=3, last_setups=[1]),
        "s_settings_setups_junk": _save("settings", last_setups={"othello/pva": {"seats": "x" * 10_000}}),
        # records in each game's notation (Import and review read them as text, not JSON)
        "record_huge_number": "f5 " + "9" * 5000 + " 1\n",
        "record_huge_row": "9" * 5000 + " 1\n",
        "record_exponent": "1e999 1e999\n",
        "record_controls": "f5\x1b[31m d6\x07 c3\u202e\x00\n",
        "record_long_token": "x" * 100_000,
        "record_many_numbers": "1. " * 300_000,
        "dots_many_lines": "0 1\n" * 250_000,
        "psq_huge_size": "Piskvorky " + "9" * 5000 + "x19, 0:0, 0\n8,8,0\n",
        "psq_huge_move": "Piskvorky 19x19, 0:0, 0\n" + "9" * 5000 + ",8,0\n",
        "psq_negative": "Piskvorky 15x15, 0:0, 0\n-8,-8,-1\n",
        "psq_many_moves": "Piskvorky 15x15, 0:0, 0\n" + "8,8,0\n" * 150_000,
        "psq_header_only": "Piskvorky 15x15, 0:0, 0",
        **shaped(),
    }


def make_corpus(folder: Path) -> dict[str, Path]:
    """Write every case into `folder` (made if missing); {name: path}, special files included where the system allows."""
    folder.mkdir(parents=True, exist_ok=True)
    out: dict[str, Path] = {}
    for name, content in texts().items():
        path = folder / f"{name}.json"
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8", errors="surrogatepass")
        else:
            path.write_bytes(content)
        out[name] = path
    # a record whose whole text is the path of another file that holds a game: a reader that
    # followed it would read (and show) that other file
    target = folder / "record_target.txt"
    target.write_text("f5 d6 c3 d3 c4\n", encoding="utf-8")
    out["record_target"] = target
    names = folder / "record_names_file.txt"
    names.write_text(str(target), encoding="utf-8")
    out["record_names_file"] = names
    big = folder / "sparse_big.json"
    with open(big, "wb") as f:
        f.truncate(BIG)
    out["sparse_big"] = big
    folder_named = folder / "a_folder.json"
    folder_named.mkdir(exist_ok=True)
    out["a_folder"] = folder_named
    if sys.platform != "win32":
        for name, target in (("dev_zero", "/dev/zero"), ("dev_urandom", "/dev/urandom"),
                             ("dangling", str(folder / "nowhere"))):
            link = folder / f"{name}.json"
            if not link.is_symlink():
                link.symlink_to(target)
            out[name] = link
        fifo = folder / "fifo.json"
        if not fifo.exists():
            os.mkfifo(fifo)
        out["fifo"] = fifo
    return out


if __name__ == "__main__":
    for case, where in make_corpus(Path(sys.argv[1] if len(sys.argv) > 1 else "hostile")).items():
        print(case, where)
