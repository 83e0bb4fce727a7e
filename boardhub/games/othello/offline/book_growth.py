"""Growing Othello's opening book with the expert's own deeper searches (`python -m boardhub book othello`).

From the start, ply after ply: every position reached that the book does not
hold yet is scored by the expert at a long limit (every legal move's value in
discs, `ExpertAI.evaluate_moves`), the book is backed up by negamax, and the
moves within a margin of the best lead to the next ply's positions, in
rounds until the book is closed: every move within the margin of the best
(as backed up) leads into the book. Both sides' near-best moves are
followed, so the expert finds its answer to any reasonable reply in the
book. The positions of a ply are scored side by side in `jobs` processes;
the book is handed back after every ply, so a run that is stopped keeps
what it finished.
"""
from __future__ import annotations

import itertools
import multiprocessing as mp
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime
from typing import Any, Callable, Iterable

from boardhub.core.progress import progress_bar
from boardhub.games.othello.book import Book, canonical, child_key, key_of, split_key
from boardhub.games.othello.engine import BLACK, PASS, START, OthelloState
from boardhub.games.othello.expert import ExpertAI

DEFAULT_PLIES = 8
DEFAULT_LIMIT = 1.0  # seconds of search per position
EXPAND_MARGIN = 2.0  # discs: growing follows every move this close to the best

# (round, ply, plies, scored, to score, positions in the book)
Progress = Callable[[int, int, int, int, int, int], None]

_ANALYST: ExpertAI | None = None  # one per process, so its tables carry over between positions


def score_moves(me: int, opp: int, limit: float) -> dict[int, float]:
    """The expert's value in discs of every move of (me, opp) to move, after `limit` seconds of search."""
    global _ANALYST
    if _ANALYST is None:
        _ANALYST = ExpertAI(seed=0)
    values = _ANALYST.evaluate_moves(OthelloState(me, opp, BLACK), time.monotonic() + limit)
    return {sq: v for sq, v in values.items() if sq != PASS}


def grow(book: Book, plies: int = DEFAULT_PLIES, limit: float = DEFAULT_LIMIT, margin: float = EXPAND_MARGIN,
         jobs: int = 1, on_progress: Progress | None = None,
         on_ply: Callable[[Book], None] | None = None) -> int:
    """Grow `book` to `plies` plies from the start along moves within `margin` discs of the best.

    Backing up changes values: a line that looked best may fall behind a
    move never followed. So the walk from the start is repeated, in rounds,
    until every move within the margin of the backed-up best leads into the
    book (up to `plies`). Returns the number of positions added.
    `on_ply(book)` follows every ply that added positions (the book backed
    up), `on_progress` every scored position.
    """
    added = 0
    pool = ProcessPoolExecutor(jobs, mp_context=mp.get_context("spawn")) if jobs > 1 else None
    try:
        for round_ in itertools.count(1):
            added_before = added
            layer = {key_of(*canonical(START.me, START.opp)[:2])}
            for ply in range(plies):
                todo = sorted(k for k in layer if k not in book.positions)
                if on_progress and (todo or round_ == 1):
                    on_progress(round_, ply, plies, 0, len(todo), len(book.positions))
                for n, (key, values) in enumerate(zip(todo, _scores(todo, limit, pool)), 1):
                    if values:
                        book.positions[key] = values
                        added += 1
                    if on_progress:
                        on_progress(round_, ply, plies, n, len(todo), len(book.positions))
                if todo:
                    book.backup()
                    if on_ply:
                        on_ply(book)
                layer = next_layer(book, layer, margin)
            if added == added_before:
                return added
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def _scores(keys: list[str], limit: float, pool: ProcessPoolExecutor | None) -> Iterable[dict[int, float]]:
    """Each position's move values, in the order of `keys`, as they come."""
    boards = [split_key(k) for k in keys]
    if pool is None:
        return (score_moves(me, opp, limit) for me, opp in boards)
    return pool.map(score_moves, [b[0] for b in boards], [b[1] for b in boards], [limit] * len(boards))


def next_layer(book: Book, layer: set[str], margin: float) -> set[str]:
    """The positions after the moves within `margin` of the best in each book position of `layer`."""
    out = set()
    for key in layer:
        values = book.positions.get(key)
        if not values:
            continue
        me, opp = split_key(key)
        best = max(values.values())
        for sq, v in values.items():
            if v >= best - margin:
                child = child_key(me, opp, sq)
                if child is not None:
                    out.add(child)
    return out


def run_record(argv: list[str], plies: int, limit: float, margin: float, jobs: int, added: int,
               seconds: float, positions: int) -> dict[str, Any]:
    """What one growing run did, for the book's note of how it was made."""
    return {"command": "python -m boardhub " + " ".join(argv), "plies": plies, "limit": limit,
            "margin": margin, "jobs": jobs, "added": added, "positions": positions, "seconds": round(seconds),
            "date": f"{datetime.now():%Y-%m-%d %H:%M}",
            "scored_by": "ExpertAI.evaluate_moves (boardhub.games.othello.expert), backed up by negamax"}


def progress_printer() -> Progress:
    """A progress bar on stderr: the ply, its positions scored so far, the book's size, the time."""
    started = time.monotonic()

    def show(round_: int, ply: int, plies: int, done: int, todo: int, size: int) -> None:
        progress_bar(done, todo, f"new positions of ply {ply + 1}/{plies} (round {round_}), {size} in the book",
                     time.monotonic() - started)
    return show
