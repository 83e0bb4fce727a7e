"""Frame time of the screens that show long text from outside, headless.

Three cases, each the way a player meets it:
  paste-16k     16,000 characters pasted into Import's field, then frames with the field focused
  file-6mb      a 6 MB record of one line imported into Gomoku from its file, then frames of its refusal
  saves-8000    Saved games listing a save whose move is 8,000 characters long

Each case runs in a child process with a time limit, so a case that draws no frame
in that time is reported as such rather than hanging the benchmark. With --base
REV (default: where this branch left main) the same cases run on that commit too,
checked out into a temporary git worktree, and the figures are printed side by
side: the frame times before and after the change, measured in one run.

    python bench/long_text.py [--base REV | --no-base] [--limit 60] [--frames 5]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CASES = ("paste-16k", "file-6mb", "saves-8000")
OPENINGS = {"othello": ("f5", "d6", "c3"), "gomoku": ("h8", "i9", "j10")}


def run_case(case: str, frames: int, folder: Path) -> list[float]:
    """The seconds each of `frames` frames took once the case's text is on the screen (in this process)."""
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["BOARDHUB_SAVES"] = str(folder / "saves")
    import pygame

    from boardhub.app import App
    from boardhub.core import saves
    from boardhub.core.game import get_game
    from boardhub.core.match import Match, Timing
    from boardhub.core.session import GameSession
    from boardhub.core.setup import make_seats

    app = App((1280, 800))
    app.open("menu")
    app.frame(0.016)

    def open_import(key: str) -> None:
        game = get_game(key)
        match = Match(game, make_seats([None, None]), {}, seed=1, timing=Timing(ai_delay=0.0))
        match.replay([game.rules.move_from_text(m) for m in OPENINGS[key]])  # a game in progress, which the import replaces
        session = GameSession(match, None, save_path=saves.new_game_path(key))
        scene = app.open("game", session)
        app.frame(0.016)
        next(b for b in scene.record_buttons if b.label == "Import").on_click()
        app.frame(0.016)

    if case == "paste-16k":
        open_import("othello")
        text = "f5d6c3d3c4f4 " * (16000 // 13) + "x" * (16000 % 13)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    elif case == "file-6mb":
        path = folder / "record.txt"
        path.write_text("f5" * 3_000_000)  # Gomoku reads it as one move, which its refusal names
        open_import("gomoku")
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(path)))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    else:
        game = get_game("dots")
        match = Match(game, make_seats([None, None]), {"rows": 3, "cols": 3}, seed=1)
        data = match.to_json()
        data["moves"] = ["0 1", "x" * 8000]
        saves.write_game(saves.games_dir() / "long-move.json", {**data, "kind_of_game": "PvP", "result": "",
                                                                "status": "a status"})
        app.open("saves")
    times = []
    for _ in range(frames):
        started = time.perf_counter()
        app.frame(0.016)
        times.append(time.perf_counter() - started)
    app.close()
    return times


def measure(tree: Path, case: str, frames: int, limit: float) -> str:
    """The case's frame times run on the checkout `tree`, in words: mean and slowest, or why none."""
    env = {**os.environ, "PYTHONPATH": str(tree), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with tempfile.TemporaryDirectory() as folder:
        cmd = [sys.executable, __file__, "--child", case, "--frames", str(frames), "--folder", folder]
        try:
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=limit, cwd=tree)
        except subprocess.TimeoutExpired:
            return f"no {frames} frames in {limit:g} s"
    if done.returncode != 0:
        return "failed: " + (done.stderr.strip().splitlines() or ["?"])[-1][:60]
    times = json.loads(done.stdout.strip().splitlines()[-1])
    return f"mean {1000 * sum(times) / len(times):9.1f} ms, slowest {1000 * max(times):9.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default=None, help="the commit to compare with (default: the merge base with main)")
    parser.add_argument("--no-base", action="store_true", help="measure this checkout only")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds a case may take")
    parser.add_argument("--frames", type=int, default=5)
    parser.add_argument("--child", choices=CASES)
    parser.add_argument("--folder")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(run_case(args.child, args.frames, Path(args.folder))))
        return
    trees = [("now", REPO)]
    worktree = None
    if not args.no_base:
        base = args.base or subprocess.run(["git", "merge-base", "HEAD", "main"], cwd=REPO, capture_output=True,
                                           text=True, check=True).stdout.strip()
        worktree = Path(tempfile.mkdtemp(prefix="boardhub-base-")) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", str(worktree), base], cwd=REPO, check=True,
                       capture_output=True)
        trees.insert(0, (f"base {base[:10]}", worktree))
    try:
        print(f"{args.frames} frames per case after the text arrives; a case may take {args.limit:g} s")
        for case in CASES:
            for name, tree in trees:
                print(f"{case:11} {name:16} {measure(tree, case, args.frames, args.limit)}", flush=True)
    finally:
        if worktree is not None:
            subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=REPO, capture_output=True)


if __name__ == "__main__":
    main()
