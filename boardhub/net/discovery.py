"""Tables on the local network, found by themselves: a small UDP beacon while hosting, and a listener.

A host announces each open table once a second: a short JSON datagram with the
game, the table's code, the free seats and the port its server listens on. The
beacon runs only while a table is hosted and is sent to one address, a setting
(the local network's broadcast address by default; loopback in every test and
benchmark). A listener keeps what it heard in the last few seconds; anything that
is not a well-formed beacon is ignored, so a stranger's datagram can do no more
than not appear.
"""
from __future__ import annotations

import json
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from boardhub.core import files

PORT = 47601
BROADCAST = "255.255.255.255"
EVERY = 1.0  # seconds between two beacons
FORGET = 4.0  # seconds after which a table not heard of is gone from the list
MAX_DATAGRAM = 512
MAGIC = "boardhub-table"


@dataclass(frozen=True)
class Heard:
    """A table announced on the network: where its server is and what it offers."""

    address: str
    port: int
    code: str
    game: str
    host: str
    free: int
    at: float


def beacon_bytes(code: str, game: str, host: str, free: int, port: int) -> bytes:
    return json.dumps({"m": MAGIC, "code": code, "game": game, "host": host, "free": free, "port": port},
                      separators=(",", ":")).encode("utf-8")[:MAX_DATAGRAM]


def parse(data: bytes, address: str, now: float) -> Heard | None:
    """A datagram as a table, or None for anything else."""
    try:
        m = files.loads_json(data.decode("utf-8"), max_depth=2)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(m, dict) or m.get("m") != MAGIC:
        return None
    code, game, host, free, port = (m.get(k) for k in ("code", "game", "host", "free", "port"))
    if not (isinstance(code, str) and len(code) <= 16 and isinstance(game, str) and len(game) <= 16
            and isinstance(host, str) and isinstance(free, int) and isinstance(port, int) and 0 < port < 65536):
        return None
    return Heard(address, port, files.clean_text(code, limit=16), files.clean_text(game, limit=16),
                 files.clean_text(host, limit=24), max(0, min(free, 4)), now)


class Beacon:
    """Announces tables while hosting; `tables()` says what to announce at each beat."""

    def __init__(self, tables: Callable[[], list[bytes]], target: tuple[str, int] = (BROADCAST, PORT)) -> None:
        self.tables, self.target = tables, target
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="boardhub-beacon", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            while not self._stop.is_set():
                for datagram in self.tables():
                    try:
                        sock.sendto(datagram, self.target)
                    except OSError:
                        pass  # no network at this moment: the next beat tries again
                self._stop.wait(EVERY)


class Listener:
    """Hears beacons on `bind`; `heard()` lists the tables heard of lately, newest first."""

    def __init__(self, bind: tuple[str, int] = ("", PORT), on_change: Callable[[], None] | None = None) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(bind)
        self.sock.settimeout(0.5)
        self.on_change = on_change
        self._seen: dict[tuple[str, int, str], Heard] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="boardhub-listener", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self.sock.close()

    def heard(self, now: float | None = None) -> list[Heard]:
        now = time.monotonic() if now is None else now
        with self._lock:
            return sorted((h for h in self._seen.values() if now - h.at < FORGET), key=lambda h: -h.at)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                data, (address, _port) = self.sock.recvfrom(MAX_DATAGRAM + 1)
            except (socket.timeout, OSError):
                continue
            heard = parse(data[:MAX_DATAGRAM], address, time.monotonic())
            if heard is None:
                continue
            with self._lock:
                if len(self._seen) > 256:  # a flood of made-up tables forgets the oldest
                    self._seen = {k: h for k, h in self._seen.items() if time.monotonic() - h.at < FORGET}
                self._seen[(heard.address, heard.port, heard.code)] = heard
            if self.on_change is not None:
                self.on_change()


def describe(heard: Heard) -> dict[str, Any]:
    """A heard table as the join screen lists it."""
    return {"address": f"ws://{heard.address}:{heard.port}", "code": heard.code, "game": heard.game,
            "host": heard.host, "free": heard.free}
