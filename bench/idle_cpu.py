"""CPU the app's window costs at rest, in a real X window (Xvfb with openbox).

Each state runs in its own app process on a private X display; the figure is
that process's CPU time over wall time (share of one core), the AI process
excluded. Rest states: the still main menu, a human's turn in each game
(Player vs Player, nothing moving), a human's turn under a time control (its clock
counting down), a paused AI vs AI game, a network table (hosted in the
app on 127.0.0.1) waiting for the other player's move. For contrast, an
AI vs AI game at no delay, animating every move. Target: <= 5 % in every rest state.

    python bench/idle_cpu.py [--seconds 10] [--warmup 2] [--states menu,pvp-dots]

Needs Xvfb and openbox (apt-get install -y xvfb openbox).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace

TARGET = 5.0  # % of one core, at rest
GAMES = ("dots", "othello", "gomoku", "davinci")
STATES = {  # name -> (what it shows, is a rest state)
    "menu": ("main menu, still", True),
    **{f"pvp-{g}": (f"{g}: a human's turn (PvP)", True) for g in GAMES},
    "ava-paused": ("othello: AI vs AI, paused", True),
    "clock-dots": ("dots: a human's turn, 10+5 clock", True),
    "net-othello": ("othello: network, the other's turn", True),
    "ava-playing": ("othello: AI vs AI, no delay", False),
}
MARK = "IDLE_CPU "


# ---------------------------------------------------------------- the app process
_KEPT: list = []  # the bench's other player at a network table: kept connected, never moving


def open_net_game(app) -> None:
    """A table hosted in this process on 127.0.0.1, this window's seat waiting for the other's move."""
    from boardhub.net.client import Client
    from boardhub.net.remote import RemoteSession
    from boardhub.net.seat import RemoteSeat
    from boardhub.net.server import Server, ServerThread
    hosting = ServerThread(Server(), "127.0.0.1", 0)
    url = f"ws://127.0.0.1:{hosting.start()}"
    host = Client(url, {"t": "create", "game": "othello", "seats": ["open", "me"], "name": "Host"})
    host.start()
    seat = RemoteSeat("othello", {})
    seat.update(host.wait("welcome"))
    other = Client(url, {"code": host.code, "name": "Guest"})  # black, to move, and it never does
    other.start()
    other.wait("welcome")
    _KEPT.append(other)
    host.send({"t": "start"})
    while not (seat.started and seat.view is not None):
        for message in host.poll():
            seat.update(message)
        time.sleep(0.01)
    app.open("net_game", RemoteSession(host, seat, hosting))


def open_state(app, state: str) -> None:
    """Put the app in `state`, as a player would leave it."""
    from boardhub.core.session import GameSession
    from boardhub.core.setup import GameSetup
    if state == "net-othello":
        open_net_game(app)
        return
    if state == "menu":
        app.open("menu")
        return
    if state.startswith("pvp-"):
        setup = GameSetup.default(state[len("pvp-"):], "pvp")
    elif state == "clock-dots":  # the clock's text turns once a second: one frame a second, no more
        setup = replace(GameSetup.default("dots", "pvp"), clock="10+5")
    else:
        app.settings.set_ava_delay("othello", 0.0)  # moves follow each other at once: always animating
        setup = GameSetup.default("othello", "ava")
    app.open("game", GameSession.new(setup, app.start_worker))
    if state == "ava-paused":
        app.top.session.match.toggle_pause()


def game_over(app) -> bool:
    session = getattr(app.top, "session", None)
    return session is None or session.match.is_over


def child(state: str, seconds: float, warmup: float) -> None:
    """Measure one state and print one line: MARK and a JSON object."""
    from boardhub.app import App
    app = App((1280, 800))
    drawn = [0]
    draw = app.draw

    def counted_draw(surface) -> None:
        drawn[0] += 1
        draw(surface)

    app.draw = counted_draw
    open_state(app, state)
    app.run(max_seconds=warmup)  # the window maps, fonts load, the AI process starts
    frames = drawn[0]
    cpu, wall = time.process_time(), time.perf_counter()
    if STATES[state][1]:
        app.run(max_seconds=seconds)  # one run: a new run draws its first frame at once
    else:
        while time.perf_counter() - wall < seconds:  # a game that ends is followed by a new one
            app.run(max_seconds=min(1.0, seconds - (time.perf_counter() - wall)))
            if game_over(app):
                open_state(app, state)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    frames = drawn[0] - frames
    app.close()
    print(MARK + json.dumps({"state": state, "cpu": 100 * cpu / wall, "fps": frames / wall, "seconds": wall}),
          flush=True)


# ---------------------------------------------------------------- the display and the table
def start_display() -> tuple[str, list[subprocess.Popen]]:
    """A new Xvfb display with openbox on it: (":N", the processes to stop)."""
    missing = [p for p in ("Xvfb", "openbox") if shutil.which(p) is None]
    if missing:
        sys.exit(f"idle_cpu needs {' and '.join(missing)} to open a real window: "
                 "apt-get install -y xvfb openbox")
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()  # Xvfb picks a free display and writes its number when ready
    if not number:
        xvfb.kill()
        sys.exit("Xvfb did not start")
    display = f":{number}"
    wm = subprocess.Popen(["openbox"], env={**os.environ, "DISPLAY": display},
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)  # let the window manager take the screen before a window maps
    return display, [wm, xvfb]


def run_state(state: str, display: str, saves: str, seconds: float, warmup: float) -> dict:
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
           "BOARDHUB_SAVES": saves}  # the games autosave: keep them out of the player's folder
    cmd = [sys.executable, __file__, "--child", state, "--seconds", str(seconds), "--warmup", str(warmup)]
    try:
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=seconds + warmup + 120)
    except subprocess.TimeoutExpired:
        return {"state": state, "error": "timed out"}
    for line in out.stdout.splitlines():
        if line.startswith(MARK):
            return json.loads(line[len(MARK):])
    tail = (out.stderr.strip().splitlines() or ["no output"])[-1]
    return {"state": state, "error": f"exit {out.returncode}: {tail}"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds per state")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds before measuring")
    parser.add_argument("--states", default=",".join(STATES), help=f"comma-separated, of: {', '.join(STATES)}")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.seconds, args.warmup)
        return
    states = [s for s in args.states.split(",") if s]
    unknown = [s for s in states if s not in STATES]
    if unknown:
        parser.error(f"unknown states: {', '.join(unknown)}")
    display, procs = start_display()
    rows = []
    try:
        with tempfile.TemporaryDirectory() as saves:
            print(f"app CPU, share of one core, {args.seconds:g} s each after {args.warmup:g} s "
                  f"(Xvfb {display}, openbox, 1280x800 window)")
            print(f"{'state':40} {'CPU %':>6} {'frames/s':>9}")
            for state in states:
                r = run_state(state, display, saves, args.seconds, args.warmup)
                rows.append(r)
                label = STATES[state][0] + ("" if STATES[state][1] else " (animating)")
                if "error" in r:
                    print(f"{label:40} {'-':>6} {'-':>9}  {r['error']}", flush=True)
                else:
                    print(f"{label:40} {r['cpu']:6.1f} {r['fps']:9.1f}", flush=True)
    finally:
        for p in procs:
            p.terminate()
            p.wait(timeout=5)
    rest = [r for r in rows if STATES[r["state"]][1]]
    failed = [r["state"] for r in rest if "error" in r]
    measured = [r for r in rest if "error" not in r]
    worst = max(measured, key=lambda r: r["cpu"], default=None)
    ok = worst is not None and not failed and worst["cpu"] <= TARGET
    figure = f"max_rest={worst['cpu']:.1f}% ({worst['state']})" if worst else "max_rest=-"
    errors = f" errors={','.join(failed)}" if failed else ""
    print(f"RESULT idle_cpu {figure} target<={TARGET:g}%{errors} {'PASS' if ok else 'FAIL'}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
