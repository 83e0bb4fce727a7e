"""An engine seat's process never outlives the app: not when the app fails, not when it is killed, and
not when boardhub's own AI process (which started the engine) is killed."""
from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads processes from /proc")

FAKE = Path(__file__).with_name("fake_othello_engine.py")
ROOT = Path(__file__).resolve().parent.parent

APP = """
import sys, time
from boardhub.core.external import engine_spec
from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.worker import ProcessWorker


def main(fake, tag, how):
    worker = ProcessWorker()
    # an engine started by a script that outlives its engine's input (as a wrapper script may)
    command = f"{sys.executable} {fake} --protocol gtp --log {tag}; sleep 600"
    engine = engine_spec("gtp", ["sh", "-c", command])
    match = Match(get_game("othello"), [Seat(engine), Seat("random")], seed=1,
                  timing=Timing(limit=1.0, ai_delay=0, chain_delay=0), worker=worker)
    give_up = time.monotonic() + 30
    while not match.history and not match.is_over and time.monotonic() < give_up:  # the engine started, played
        match.update()
        match.wait(0.05)
        time.sleep(0.01)
    assert match.history and not match.is_over, match.outcome
    print(worker._proc.pid, flush=True)
    sys.stdin.readline()  # the test has found the engine
    if how == "fail":
        raise RuntimeError("the app fails without closing anything")
    time.sleep(60)


if __name__ == "__main__":  # the AI process is spawned: it imports this file too
    main(*sys.argv[1:4])
"""


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")  # a zombie has ended; only its exit status is left to collect


def processes() -> dict[int, tuple[bytes, int]]:
    """Every running process: its command line and its session."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and running(int(entry.name)):
            try:
                session = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[3])
                found[int(entry.name)] = ((entry / "cmdline").read_bytes(), session)
            except (OSError, IndexError, ValueError):
                pass
    return found


def engine_processes(tag: str, app: int) -> list[int]:
    """The engine's processes: the script the app's AI process started (its command names `tag`) and
    everything in its session (the engine runs in a session of its own)."""
    table = processes()
    scripts = [pid for pid, (cmdline, session) in table.items() if tag.encode() in cmdline and pid != app
               and session == pid]
    return [pid for pid, (_cmdline, session) in table.items() if session in scripts]


def gone_within(pids: list[int], seconds: float) -> bool:
    end = time.monotonic() + seconds
    while any(running(pid) for pid in pids):
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.parametrize("how", ["fail", "kill the app", "kill the AI process"])
def test_an_engine_seats_process_ends_with_the_app(tmp_path, how):
    script = tmp_path / "app.py"
    script.write_text(APP)
    tag = str(tmp_path / "engine-commands.log")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    app = subprocess.Popen([sys.executable, str(script), str(FAKE), tag, how], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    engines: list[int] = []
    try:
        ready, _, _ = select.select([app.stdout], [], [], 60)
        ai_pid = int(app.stdout.readline() or 0) if ready else 0
        assert ai_pid, app.communicate(timeout=30)[1]
        engines = engine_processes(tag, app.pid)
        assert len(engines) == 2 and running(ai_pid)  # the script and its engine
        app.stdin.write("go on\n")
        app.stdin.flush()
        if how == "kill the app":
            app.kill()
        elif how == "kill the AI process":
            os.kill(ai_pid, signal.SIGKILL)
        assert gone_within(engines, 10), f"the engine outlived the app ({how})"
        assert gone_within([ai_pid], 10)
    finally:
        app.kill()
        app.communicate(timeout=30)
        for pid in engines:  # a failed test leaves nothing running behind it
            if running(pid):
                os.kill(pid, signal.SIGKILL)
