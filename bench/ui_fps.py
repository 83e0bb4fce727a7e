"""Frame rate of the real game scene while AIs think, headless.

Runs the app's main loop on a Dots and Boxes game for a few seconds in three
set-ups and prints FPS and frame-time percentiles for each:
  idle     Player vs Player, nobody thinking (the baseline)
  thread   AI vs AI, searches on a thread of the UI process
  process  AI vs AI, searches in the worker process (what the app uses)
AI vs AI runs with no delay between moves, so an AI is thinking all the time.

    python bench/ui_fps.py [--ai expert] [--seconds 8]
"""
from __future__ import annotations

import argparse
import os

TARGET_FPS = 58.0  # while experts play AI vs AI in the worker process
TARGET_P95 = 18.0  # ms

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def measure(mode: str, ai: str, seconds: float) -> tuple[float, float, float, float]:
    from boardhub.app import App
    from boardhub.core.session import GameSession
    from boardhub.core.setup import GameSetup
    from boardhub.core.worker import ProcessWorker, ThreadWorker
    from boardhub.scenes.game import GameScene

    app = App((1280, 800))
    app.settings.set_ava_delay("dots", 0.0)  # the game below: its own pace
    app._worker = ThreadWorker() if mode == "thread" else ProcessWorker()
    seats = (None, None) if mode == "idle" else (ai, ai)
    setup = GameSetup("dots", seats, {"rows": 4, "cols": 4}, 0.5, False, "pvp" if mode == "idle" else "ava")
    scene = app.open("game", GameSession.new(setup, app.start_worker))
    if mode == "idle":  # the baseline: the main loop would rest; make it draw every frame, as a game in play does
        scene.redraw_in = lambda: 0.0
    app.run(max_seconds=1.0)  # warm up: the worker process starts, fonts load
    app.frame_times.clear()
    elapsed = 0.0
    while elapsed < seconds:
        # short runs: a game over is seen while its last move still shows, before the window rests
        app.run(max_seconds=0.25)
        elapsed += 0.25
        if app.top.__class__ is not GameScene or app.top.match.is_over:
            app.reset("game", GameSession.new(setup, app.start_worker))  # a new game keeps the AIs busy
    times = sorted(app.frame_times)
    app.close()
    fps = len(times) / sum(times)
    pct = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000  # noqa: E731
    return fps, pct(0.5), pct(0.95), pct(0.99)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ai", default="expert")
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    print(f"Dots and Boxes 4x4, AI vs AI {args.ai} vs {args.ai}, no delay; {args.seconds:g} s each")
    print(f"{'mode':8} {'FPS':>6} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7}")
    results = {}
    for mode in ("idle", "thread", "process"):
        results[mode] = measure(mode, args.ai, args.seconds)
        fps, p50, p95, p99 = results[mode]
        print(f"{mode:8} {fps:6.1f} {p50:7.1f} {p95:7.1f} {p99:7.1f}", flush=True)
    idle, proc = results["idle"], results["process"]
    ok = proc[0] >= TARGET_FPS and proc[2] <= TARGET_P95
    print(f"RESULT ui_fps process={proc[0]:.1f}fps p95={proc[2]:.1f}ms vs idle ratio {proc[0] / idle[0]:.3f} "
          f"(targets: >= {TARGET_FPS:g} FPS, p95 <= {TARGET_P95:g} ms) {'PASS' if ok else 'FAIL'}")


if __name__ == "__main__":
    main()
