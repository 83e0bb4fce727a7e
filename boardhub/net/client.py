"""The client of network play: a thread that reads the host's messages into a queue the caller drains.

The window (or the command line) never waits on the network: it calls `poll()`
when it likes, and `on_message` (for the window, posting a pygame event) wakes a
resting loop when something arrives. A lost connection is mended by itself: the
client greets again with its seat's token and the number of the last event it saw,
and sends again the action that had no answer yet, under the same number, so the
host applies it once.
"""
from __future__ import annotations

import json
import queue
import threading
import time
from typing import Any, Callable

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from boardhub.net import protocol

MAX_INCOMING = 1 << 20  # a snapshot of a long game is far below this
RETRY_SECONDS = (0.2, 0.5, 1.0, 2.0, 4.0)  # waits between reconnection tries, the last one repeated
FATAL = {protocol.CLOSE_BAD_TOKEN, protocol.CLOSE_FULL, protocol.CLOSE_VERSION, protocol.CLOSE_NO_TABLE,
         protocol.CLOSE_THROTTLED, protocol.CLOSE_MALFORMED, protocol.CLOSE_FLOOD, 1009}


class Client:
    """One connection to a table: as a player (with a seat's token after the welcome) or a watcher."""

    def __init__(self, url: str, hello: dict[str, Any], on_message: Callable[[], None] | None = None,
                 reconnect_for: float = 60.0, ssl_context: Any = None, keep_frames: bool = False) -> None:
        self.url = url
        self.hello = {"v": protocol.VERSION, **hello}
        self.on_message = on_message
        self.reconnect_for = reconnect_for
        self.ssl_context = ssl_context
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.token: str | None = hello.get("token")
        self.seat: int | None = None
        self.code: str | None = None
        self.version = 0
        self.events_seen = 0
        self.next_action = 1
        self.pending: dict[str, Any] | None = None  # the action sent and not yet answered
        self.closed: tuple[int, str] | None = None  # why the connection ended for good
        self.frames: list[str] | None = [] if keep_frames else None  # every frame as it came, for the proof tests
        self._syncs = 0
        self._held: list[dict[str, Any]] = []
        self._ws: ClientConnection | None = None
        self._lock = threading.Lock()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="boardhub-client", daemon=True)

    # ------------------------------------------------------------------ the caller's side
    def start(self) -> None:
        self._ws = self._connect(self.hello)
        self._thread.start()

    def poll(self) -> list[dict[str, Any]]:
        """Every message that arrived since the last call, in order (those `wait` passed over first)."""
        out, self._held = self._held, []
        while True:
            try:
                out.append(self.messages.get_nowait())
            except queue.Empty:
                return out

    def wait(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """The next message of `kind`; the others before it are kept for `poll`. TimeoutError after `timeout`."""
        end = time.monotonic() + timeout
        while True:
            try:
                message = self.messages.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(f"no {kind!r} in {timeout} s") from None
            if message.get("t") == kind:
                return message
            self._held.append(message)

    def act(self, move: str) -> int:
        """Send a move in words of the game's notation; its action number (its answer is an ack or a reject)."""
        with self._lock:
            n = self.next_action
            self.next_action += 1
            self.pending = {"t": "act", "n": n, "ver": self.version, "move": move}
            self._send(self.pending)
        return n

    def caught_up(self, timeout: float = 10.0) -> None:
        """Return once everything the host sent before now has arrived (a sync and its echo)."""
        self._syncs += 1
        self.send({"t": "sync", "n": self._syncs})
        while self.wait("sync", timeout)["n"] != self._syncs:
            pass
        self._held = [m for m in self._held if m.get("t") != "sync"]

    def send(self, message: dict[str, Any]) -> None:
        with self._lock:
            self._send(message)

    def close(self) -> None:
        """Leave on purpose: the host counts a short wait for this seat, not a long one."""
        self._stopping = True
        try:
            if self._ws is not None:
                self._ws.send(protocol.encode({"t": "bye"}))
                self._ws.close()
        except (ConnectionClosed, OSError):
            pass
        if self._thread.is_alive():
            self._thread.join(5)

    def drop(self) -> None:
        """Lose the connection without a word, as a pulled cable would (the client reconnects by itself)."""
        if self._ws is not None:
            self._ws.close_socket()

    # ------------------------------------------------------------------ the thread
    def _send(self, message: dict[str, Any]) -> None:
        try:
            if self._ws is not None:
                self._ws.send(protocol.encode(message))
        except (ConnectionClosed, OSError):
            pass  # the reader mends the connection and sends the pending action again

    def _connect(self, hello: dict[str, Any]) -> ClientConnection:
        # entered as a context (closed by `close`), the one form every websockets release takes without a warning
        ws = connect(self.url, max_size=MAX_INCOMING, compression=None, open_timeout=5, close_timeout=2,
                     ssl=self.ssl_context).__enter__()
        ws.send(protocol.encode({"t": hello.get("t", "hello"), **{k: v for k, v in hello.items() if k != "t"}}))
        return ws

    def _run(self) -> None:
        while not self._stopping:
            ws = self._ws
            try:
                for frame in ws:
                    if self.frames is not None:
                        self.frames.append(frame)
                    self._receive(json.loads(frame))
            except ConnectionClosed:
                pass
            except (OSError, ValueError):
                pass
            code = ws.close_code if ws is not None else None
            if self._stopping:
                return
            if code in FATAL or self.token is None:
                self._finish(code or 1006)
                return
            self._put({"t": "lost"})  # the window says so while the client mends the connection
            if not self._reconnect():
                self._finish(1006)
                return

    def _reconnect(self) -> bool:
        end = time.monotonic() + self.reconnect_for
        for attempt in range(10_000):
            time.sleep(RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)])
            if self._stopping or time.monotonic() > end:  # after the wait: a client closed meanwhile stays closed
                return False
            try:
                ws = self._connect({"t": "hello", "v": protocol.VERSION, "token": self.token,
                                    "since": self.events_seen})
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError):
                continue
            if self._stopping:  # closed while it was connecting
                ws.close()
                return False
            with self._lock:
                self._ws = ws
                if self.pending is not None:  # its answer may have been lost: the same number, applied once
                    self._send(self.pending)
            self._put({"t": "reconnected"})
            return True
        return False

    def _finish(self, code: int) -> None:
        self.closed = (code, protocol.CLOSE_REASONS.get(code, "the connection was lost"))
        self._put({"t": "closed", "code": code, "why": self.closed[1]})

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if kind == "welcome":
            self.seat = message.get("seat")
            self.code = message.get("code")
            self.token = message.get("token", self.token)
            following = message.get("next")
            if isinstance(following, int) and not isinstance(following, bool):
                with self._lock:  # a seat taken back by a client started afresh: never an old action's number
                    self.next_action = max(self.next_action, following)
        elif kind in ("snap", "ack", "reject") and isinstance(message.get("ver"), int):
            self.version = message["ver"]
        if kind == "ev":
            self.version = message["ver"]
            self.events_seen = max(self.events_seen, message["n"])
        if kind == "snap":
            self.events_seen = max(self.events_seen, message.get("ev", 0))
        if kind in ("ack", "reject") and self.pending is not None and message.get("n") == self.pending["n"]:
            with self._lock:
                self.pending = None
        self._put(message)

    def _put(self, message: dict[str, Any]) -> None:
        self.messages.put(message)
        if self.on_message is not None:
            self.on_message()
