"""How long a full review takes in each game, and the window's frame rate while one runs.

    python bench/review_speed.py [--jobs 2] [--limit S] [--games othello,gomoku,dots,davinci] [--fps-seconds 8]

1. For each game a whole game is played by the expert against itself (0.1 s a
   move, seeded: the same game every run), then reviewed: first the quick
   pass the review screen draws at once (every position by the game's quick
   judge, in one process), then the way `python -m boardhub review` does it:
   every position judged by its fixed budget of work, JOBS positions at a
   time. Printed: moves, positions, seconds of each, seconds per position,
   against the target of 20 s for a whole game.
2. The review screen of the Othello game runs in the app's main loop, drawing
   every frame, while the AI process judges the positions: its frames per
   second and 95th percentile frame time, against 58 FPS and 18 ms.
"""
from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from benchlib import load_note  # noqa: E402

from boardhub.core.game import get_game  # noqa: E402
from boardhub.core.review import first_pass, jobs, positions  # noqa: E402
from boardhub.core.review_run import GameRecord, review_record  # noqa: E402
from boardhub.core.rules import normalize_options  # noqa: E402

TARGET_FPS = 58.0
TARGET_P95 = 18.0  # ms
TARGET_REVIEW = 20.0  # seconds for a whole game's review on 2 cores
OPTIONS = {"dots": {"rows": 4, "cols": 4}, "gomoku": {"size": 15, "rule": "renju"}, "davinci": {"players": 2}}
PLAY_SECONDS = 0.1


def self_play(key: str, seed: int = 1) -> GameRecord:
    """The expert against itself from the start: a whole game, the same one each run up to timing."""
    entry = get_game(key)
    rules = entry.rules
    options = normalize_options(entry.options, OPTIONS.get(key, {}))
    state = rules.new_game(options, seed)
    ais = [entry.make_ai("expert", seed=seed + i) for i in range(rules.num_players(options))]
    moves = []
    while not rules.is_over(state) and len(moves) < 400:
        seat = rules.to_move(state)
        move = ais[seat].choose(rules.view(state, seat), time.monotonic() + PLAY_SECONDS)
        moves.append(move)
        state = rules.apply(state, move)
    return GameRecord(options, seed, tuple(moves))


def review_fps(record: GameRecord, seconds: float) -> tuple[float, float, int]:
    """(FPS, p95 ms, positions judged) of the review screen drawing every frame while the review runs."""
    from boardhub.app import App
    app = App((1280, 800))
    entry = get_game("othello")
    scene = app.open("review", entry, record, None, entry.seat_names)
    scene.redraw_in = lambda: 0.0  # draw every frame, as a moving screen does
    app.run(max_seconds=1.0)  # warm up: the worker process starts, fonts load
    app.frame_times.clear()
    app.run(max_seconds=seconds)
    times = sorted(app.frame_times)
    judged = scene.run.progress[0]
    app.close()
    return len(times) / sum(times), times[min(len(times) - 1, int(0.95 * len(times)))] * 1000, judged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=float, default=0.0,
                        help="seconds a position, for judges that still search by the clock (Da Vinci Code)")
    parser.add_argument("--games", default="othello,gomoku,dots,davinci")
    parser.add_argument("--fps-seconds", type=float, default=8.0)
    args = parser.parse_args()
    print(f"review of a whole expert-vs-expert game, {args.jobs} positions at a time; {load_note()}")
    records = {}
    for key in args.games.split(","):
        entry = get_game(key)
        records[key] = record = self_play(key)
        limit = args.limit or entry.review.default_limit
        spec = entry.review
        states = positions(entry.rules, record.options, record.seed, record.moves)
        started = time.monotonic()
        first_pass(spec, jobs(entry.rules, states, spec, None), time.monotonic() + limit)
        quick = time.monotonic() - started
        started = time.monotonic()
        review = review_record(entry, record, None, limit, args.jobs)
        spent = time.monotonic() - started
        count = len(review.values)
        exact = sum(v.exact for v in review.values)
        verdict = "PASS" if spent <= TARGET_REVIEW else "FAIL"
        print(f"RESULT review_time game={key} moves={len(record.moves)} positions={count} exact={exact} "
              f"jobs={args.jobs} first_pass={quick:.1f}s seconds={spent:.1f} per_position={spent / count:.2f}s "
              f"(target: <= {TARGET_REVIEW:g} s) {verdict}", flush=True)
    if "othello" in records and args.fps_seconds > 0:
        fps, p95, judged = review_fps(records["othello"], args.fps_seconds)
        ok = fps >= TARGET_FPS and p95 <= TARGET_P95
        print(f"RESULT review_fps fps={fps:.1f} p95={p95:.1f}ms positions_judged={judged} "
              f"(targets: >= {TARGET_FPS:g} FPS, p95 <= {TARGET_P95:g} ms) {'PASS' if ok else 'FAIL'}")


if __name__ == "__main__":
    main()
