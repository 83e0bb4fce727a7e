"""An earlier commit's AI as a seat of today's arena, for strength comparisons against the previous commit.

Two `boardhub` packages cannot live in one process, so the earlier commit is
checked out into a temporary git worktree (`previous_tree`, removed at the
end) and its AI runs in a persistent subprocess started with PYTHONPATH at
that worktree. In the arena the seat is the `py:` AI `py:previous:make`
(this folder is on the path of the benchmarks and of their AI processes);
`use(tree, game, ai)` says which tree and which of its AIs it plays, through
the environment, which the arena's AI processes inherit.

The seat's `choose(view, deadline)` sends the pickled view and the time left
to the subprocess, which answers with its AI's move before its own deadline:
the time left less MARGIN for the trip back. One subprocess serves every seat
of an AI process, started by the seat's `prepare()`, which the worker does
not count against the seat's clock.

    python bench/previous.py [--base REV] [--game othello] [--ai expert]

Every benchmark's --base also takes a folder holding an earlier commit's
files (`git archive REV | tar -x -C FOLDER`), where git or the history is
not at hand.

checks the round trip: a few moves of the earlier commit's AI, and the
wrapper's overhead with its random AI.
"""
from __future__ import annotations

import contextlib
import itertools
import os
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

REPO = Path(__file__).resolve().parent.parent
TREE_VAR, AI_VAR = "BOARDHUB_PREVIOUS_TREE", "BOARDHUB_PREVIOUS_AI"  # the worktree; "game:ai spec"
MARGIN = 0.015  # seconds kept back from the earlier AI's time for the answer's trip back
SPEC = "py:previous:make"
STATS = ("reason", "depth", "nodes", "seconds")  # an AI's figures a seat may ask for, where the AI keeps them


@contextlib.contextmanager
def previous_tree(rev: str = "HEAD", repo: Path = REPO) -> Iterator[Path]:
    """`rev` of `repo` checked out into a temporary worktree, removed afterwards. A `rev` that is a
    folder holding a boardhub package (an earlier commit exported, `git archive`, for a machine
    without the repository's history) is used as it is and left in place."""
    if _exported(rev):
        yield Path(rev).resolve()
        return
    commit = _git(repo, "rev-parse", "--verify", f"{rev}^{{commit}}").strip()
    folder = Path(tempfile.mkdtemp(prefix="boardhub-previous-"))
    tree = folder / commit[:12]
    _git(repo, "worktree", "add", "--detach", str(tree), commit)
    try:
        yield tree
    finally:
        _git(repo, "worktree", "remove", "--force", str(tree))
        with contextlib.suppress(OSError):
            folder.rmdir()


def describe(rev: str, repo: Path = REPO) -> str:
    """"28729c0 One cursor routine for every board": the commit's short hash and subject."""
    if _exported(rev):
        return f"the exported tree {Path(rev).resolve()}"
    return _git(repo, "log", "-1", "--format=%h %s", rev).strip()


def _exported(rev: str) -> bool:
    return (Path(rev) / "boardhub" / "__init__.py").is_file()


def _git(repo: Path, *args: str) -> str:
    out = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"git {' '.join(args)} failed: {out.stderr.strip()}")
    return out.stdout


def use(tree: Path, game: str, ai: str) -> str:
    """Make `py:previous:make` play `ai` of `game` from `tree`; returns that seat's spec."""
    os.environ[TREE_VAR] = str(tree)
    os.environ[AI_VAR] = f"{game}:{ai}"
    return SPEC


# ------------------------------------------------------------------ the seat, in the arena's AI process
class _Server:
    """The subprocess that runs the earlier commit's AIs: pickles in, pickles out."""

    def __init__(self, tree: str) -> None:
        env = dict(os.environ, PYTHONPATH=tree)
        env.pop(TREE_VAR, None)
        self.proc = subprocess.Popen([sys.executable, __file__, "--serve"], cwd=tree, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        kind, where = self.read()
        if kind != "ready" or not Path(where).resolve().is_relative_to(Path(tree).resolve()):
            self.proc.kill()
            raise RuntimeError(f"the earlier commit's boardhub did not load from {tree} (it came from {where})")

    def ask(self, message: tuple) -> Any:
        pickle.dump(message, self.proc.stdin, protocol=pickle.HIGHEST_PROTOCOL)
        self.proc.stdin.flush()
        kind, value = self.read()
        if kind == "error":
            raise RuntimeError(f"the earlier commit's AI failed: {value}")
        return value

    def tell(self, message: tuple) -> None:
        with contextlib.suppress(OSError):
            pickle.dump(message, self.proc.stdin, protocol=pickle.HIGHEST_PROTOCOL)
            self.proc.stdin.flush()

    def read(self) -> tuple[str, Any]:
        try:
            return pickle.load(self.proc.stdout)
        except EOFError:
            raise RuntimeError("the earlier commit's AI process ended") from None


_SERVER: _Server | None = None
_IDS = itertools.count(1)


class PreviousAI:
    """A seat played by the earlier commit's AI in the subprocess; the game's whole history goes along."""

    wants_history = True

    def __init__(self, tree: str, game: str, ai: str, seed: int | None) -> None:
        self.tree, self.game, self.ai, self.seed = tree, game, ai, seed
        self.id = next(_IDS)
        self.built = False

    def prepare(self) -> None:
        """Start the subprocess and build the AI there (its game's modules imported): not thinking time."""
        global _SERVER
        if _SERVER is None or _SERVER.proc.poll() is not None:
            _SERVER = _Server(self.tree)
            self.built = False
        if not self.built:
            _SERVER.ask(("build", self.id, self.game, self.ai, self.seed))
            self.built = True

    def choose(self, view: Any, deadline: float, history: tuple = ()) -> Any:
        self.prepare()
        return _SERVER.ask(("choose", self.id, view, deadline - time.monotonic(), tuple(history)))

    def stats(self) -> dict[str, Any]:
        """What the earlier AI says of its search, as far as it keeps the figure: STATS's
        attributes (its last move's reason and depth, its nodes and seconds so far)."""
        self.prepare()
        return _SERVER.ask(("stats", self.id))

    def close(self) -> None:
        if _SERVER is not None:
            _SERVER.tell(("close", self.id))


def make(seed: int | None = None) -> PreviousAI:
    """The `py:previous:make` seat: the AI that `use` named, from the tree it named."""
    tree, spec = os.environ.get(TREE_VAR), os.environ.get(AI_VAR, "")
    game, _, ai = spec.partition(":")
    if not tree or not ai:
        raise ValueError(f"{SPEC} plays an earlier commit's AI: bench/previous.py's use(tree, game, ai) names it")
    return PreviousAI(tree, game, ai, seed)


# ------------------------------------------------------------------ the subprocess, in the earlier tree
def serve() -> None:
    """Build ("build", id, game, ai, seed), ask ("choose", id, view, seconds left, history) and query
    ("stats", id) AIs until EOF."""
    channel_in, channel_out = sys.stdin.buffer, os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # whatever an AI prints must not mix into the answers
    import boardhub  # the earlier commit's: PYTHONPATH points at its worktree
    from boardhub.core.game import get_game

    def send(message: tuple) -> None:
        pickle.dump(message, channel_out, protocol=pickle.HIGHEST_PROTOCOL)
        channel_out.flush()

    send(("ready", boardhub.__file__))
    ais: dict[int, Any] = {}
    while True:
        try:
            message = pickle.load(channel_in)
        except EOFError:
            return
        if message[0] == "close":
            ai = ais.pop(message[1], None)
            getattr(ai, "close", lambda: None)()
            continue
        try:
            if message[0] == "stats":
                ai = ais[message[1]]
                send(("stats", {name: getattr(ai, name) for name in STATS if hasattr(ai, name)}))
                continue
            if message[0] == "build":
                _, key, game, spec, seed = message
                ais[key] = get_game(game).make_ai(spec, seed=seed)
                send(("built", key))
                continue
            _, key, view, left, history = message
            deadline = time.monotonic() + left - MARGIN
            ai = ais[key]
            if getattr(ai, "wants_history", False):
                move = ai.choose(view, deadline, history=history)
            else:
                move = ai.choose(view, deadline)
            send(("move", move))
        except Exception as exc:  # the seat raises it in the arena, which counts a forfeit
            send(("error", f"{type(exc).__name__}: {exc}"))


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description="check an earlier commit's AI as a seat")
    parser.add_argument("--base", default="HEAD", help="the earlier commit (default HEAD, the last commit)")
    parser.add_argument("--game", default="othello")
    parser.add_argument("--ai", default="expert")
    parser.add_argument("--limit", type=float, default=0.5)
    args = parser.parse_args()
    from boardhub.core.game import get_game
    game = get_game(args.game)
    rules = game.rules
    with previous_tree(args.base) as tree:
        print(f"earlier commit: {describe(args.base)} in {tree}")
        for name, moves in ((args.ai, 6), ("random", 200)):
            use(tree, args.game, name)
            seat = make(seed=1)
            seat.prepare()
            options = {o.key: o.default for o in game.options}
            state, trips = rules.new_game(options, 1), []
            for _ in range(moves):
                if rules.is_over(state):
                    state = rules.new_game(options, len(trips))
                started = time.monotonic()
                move = seat.choose(rules.view(state, rules.to_move(state)), started + args.limit)
                trips.append(time.monotonic() - started)
                state = rules.apply(state, move)
            seat.close()
            trips.sort()
            print(f"{args.game} {name}: {len(trips)} moves, median {1000 * trips[len(trips) // 2]:.2f} ms, "
                  f"slowest {1000 * trips[-1]:.1f} ms (limit {args.limit:g} s)")


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        serve()
    else:
        main()
