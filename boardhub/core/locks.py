"""Two boardhub windows on one saves folder: file locks, so that neither loses what the other wrote.

The settings and the stats are read, changed and written under `locked(path)`,
which waits for the other window's write to finish; a game open in one window
holds `GameLock` until it is left, and a second window that tries to open it
is refused. Locks are the system's own (fcntl on POSIX, msvcrt on Windows),
held on a small lock file beside the file they guard: the system lets go of
them when a process ends, however it ends, so a kill never leaves a game
locked for good.
"""
from __future__ import annotations

import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

if os.name == "nt":  # pragma: no cover (Windows)
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

WAIT = 10.0  # seconds a read-modify-write waits for another window's (a write takes milliseconds)
POLL = 0.005


class Busy(OSError):
    """The lock is held elsewhere (another window has the game open, or never let go of a file)."""


def lock_path(path: Path) -> Path:
    """The lock file that guards `path`: hidden, beside it."""
    return path.with_name(f".{path.name}.lock")


def _open(lock: Path) -> int:
    lock.parent.mkdir(parents=True, exist_ok=True)
    return os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)


@contextmanager
def locked(path: Path, wait: float = WAIT) -> Iterator[None]:
    """Hold the lock of `path` while the block reads, changes and writes it; Busy after `wait` seconds."""
    fd = _open(lock_path(path))
    try:
        give_up = time.monotonic() + wait
        while not _try_lock(fd):
            if time.monotonic() > give_up:
                raise Busy(16, "in use", os.fspath(path))  # EBUSY: "it is in use" in the player's words
            time.sleep(POLL)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)


class GameLock:
    """A game held open by this process; `GameLock.take(path)` raises Busy when another process holds it.

    Within one process a game may be taken again (a scene that resumes the game it
    came from): the system's lock is held once, until the last holder lets go.
    """

    _held: dict[str, list[int]] = {}  # lock file -> [its descriptor, how many holders]

    def __init__(self, key: str) -> None:
        self._key: str | None = key

    @classmethod
    def take(cls, lock: Path) -> "GameLock":
        key = os.path.abspath(lock)
        held = cls._held.get(key)
        if held is not None:
            held[1] += 1
            return cls(key)
        fd = _open(lock)
        if not _try_lock(fd):
            os.close(fd)
            raise Busy(16, "in use", os.fspath(lock))
        cls._held[key] = [fd, 1]
        return cls(key)

    def release(self) -> None:
        """Let go (leaving the game); the lock file stays, so no other window's lock is ever on a removed file."""
        key, self._key = self._key, None
        held = self._held.get(key) if key is not None else None
        if held is None:
            return
        held[1] -= 1
        if held[1] == 0:
            del self._held[key]
            try:
                _unlock(held[0])
            finally:
                os.close(held[0])

    def __del__(self) -> None:
        self.release()
