"""Network play in the tests: servers on loopback only, clients that keep every frame."""
from __future__ import annotations

import contextlib
import json
import socket
import time
from typing import Iterator

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from boardhub.net.client import Client
from boardhub.net.server import Server, ServerThread

LOOPBACK = "127.0.0.1"


@contextlib.contextmanager
def running(server: Server | None = None, port: int = 0) -> Iterator[tuple[Server, str]]:
    """A server on 127.0.0.1 and its ws:// address, stopped afterwards."""
    server = server or Server()
    thread = ServerThread(server, LOOPBACK, port)
    port = thread.start()
    try:
        yield server, f"ws://{LOOPBACK}:{port}"
    finally:
        thread.stop()


def client(url: str, **hello) -> Client:
    c = Client(url, hello, keep_frames=True, reconnect_for=10)
    c.start()
    return c


def raw(url: str, *frames: str | bytes, wait: float = 3.0) -> tuple[list[str], int | None]:
    """Send frames on a bare connection; (every frame received, the close code) once it closes or `wait` ends."""
    got: list[str] = []
    with connect(url, max_size=1 << 20, compression=None, open_timeout=5) as ws:
        for frame in frames:
            try:
                ws.send(frame)
            except ConnectionClosed:
                break
        end = time.monotonic() + wait
        while time.monotonic() < end:
            try:
                got.append(ws.recv(timeout=max(0.01, end - time.monotonic())))
            except (TimeoutError, ConnectionClosed):
                break
        return got, ws.close_code


def wait_until(condition, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError("the condition did not come true")
        time.sleep(0.005)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def kinds(c: Client) -> list[str]:
    return [json.loads(f)["t"] for f in c.frames or []]


class _Slow:
    """An Othello AI that thinks until its deadline, then plays the first legal move: a turn long enough
    for a test to kill its process in the middle of it."""

    def choose(self, view, deadline):
        from boardhub.core.game import get_game

        time.sleep(max(0.0, deadline - time.monotonic()))
        return get_game("othello").rules.legal_moves(view)[0]


def slow():
    """Loaded in the AI process as py:nethelpers:slow."""
    return _Slow()
