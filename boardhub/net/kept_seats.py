"""The seats this computer holds at network tables, kept in the saves folder: a guest whose app was
closed or killed mid-game comes back into its own seat by joining the same table again.

A seat is won with the table's code and held with the token the host gives in its welcome; the
token lives only in the client's memory, so without this file a restarted app could only watch
its own seat. The file maps a table (its address and code) to that token. It is the player's own
file: it holds nothing another player may not see, and at most the last MOST seats.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from boardhub.core.files import Unreadable, loads_json, read_text
from boardhub.core.saves import atomic_write_text

FILE_NAME = "net_seats.json"
MOST = 20  # older seats are dropped: their tables are long over
MAX_TOKEN = 64  # a host's token is 32 hex digits: anything longer was not written here


def _path(folder: Path) -> Path:
    return Path(folder) / FILE_NAME


def _key(address: str, code: str) -> str:
    return f"{address.strip().lower()} {code}"


def _load(folder: Path) -> list[dict[str, Any]]:
    try:
        data = loads_json(read_text(_path(folder)))
    except (OSError, Unreadable, ValueError):
        return []  # missing, unreadable or not ours: no seat kept
    seats = data.get("seats") if isinstance(data, dict) else None
    if not isinstance(seats, list):
        return []
    return [s for s in seats if isinstance(s, dict) and isinstance(s.get("table"), str)
            and isinstance(s.get("token"), str) and len(s["token"]) <= MAX_TOKEN]


def _write(folder: Path, seats: list[dict[str, Any]]) -> None:
    try:
        atomic_write_text(_path(folder), json.dumps({"format": 1, "kind": "net_seats", "seats": seats[-MOST:]}),
                          durable=False)
    except OSError:
        pass  # the game goes on; only a restart of this app loses its way back to the seat


def recall(folder: Path, address: str, code: str) -> str | None:
    """The token of this computer's seat at the table (address, code), if it holds one."""
    key = _key(address, code)
    return next((s["token"] for s in reversed(_load(folder)) if s["table"] == key), None)


def remember(folder: Path, address: str, code: str, token: str) -> None:
    key = _key(address, code)
    seats = [s for s in _load(folder) if s["table"] != key]
    _write(folder, seats + [{"table": key, "token": token}])


def forget(folder: Path, address: str, code: str) -> None:
    key = _key(address, code)
    seats = _load(folder)
    if any(s["table"] == key for s in seats):
        _write(folder, [s for s in seats if s["table"] != key])
