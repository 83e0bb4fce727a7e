"""The file of seats this computer holds at network tables: read through the guarded reader, never trusted."""
from __future__ import annotations

import json
import shutil

from boardhub.net import kept_seats


def test_a_hostile_seats_file_keeps_no_seat_and_breaks_nothing(tmp_path, corpus):
    for case, path in sorted(corpus.items()):
        folder = tmp_path / case
        folder.mkdir()
        target = folder / kept_seats.FILE_NAME
        if path.is_symlink():
            target.symlink_to(path.readlink())
        elif path.is_file():
            shutil.copyfile(path, target)
        else:
            continue
        assert kept_seats.recall(folder, "127.0.0.1:47600", "ACDE4679") is None, case


def test_a_seat_kept_comes_back_and_a_token_of_the_wrong_shape_does_not(tmp_path):
    kept_seats.remember(tmp_path, "127.0.0.1:47600", "ACDE4679", "ab" * 16)
    assert kept_seats.recall(tmp_path, " 127.0.0.1:47600 ", "ACDE4679") == "ab" * 16
    assert kept_seats.recall(tmp_path, "127.0.0.1:47600", "ACDE4670") is None
    (tmp_path / kept_seats.FILE_NAME).write_text(json.dumps({"seats": [
        {"table": "127.0.0.1:47600 ACDE4679", "token": "x" * 100_000}, {"table": 5, "token": "t"}, "seat"]}))
    assert kept_seats.recall(tmp_path, "127.0.0.1:47600", "ACDE4679") is None
    kept_seats.forget(tmp_path, "127.0.0.1:47600", "ACDE4679")  # forgetting what is not there writes nothing
