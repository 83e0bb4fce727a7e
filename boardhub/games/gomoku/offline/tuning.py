"""Tuning the expert's evaluation by self-play: `python -m boardhub learn gomoku [--games N] [--jobs J]`.

The expert plays itself from varied balanced openings (openings.py), half
the games under renju on 19 x 19 and half under freestyle on 15 x 15, each
move on a fixed node budget instead of the clock, so that a game depends on
its seed alone: the same seed gives the same games, and the same weights,
however many processes play them. Every position where the evaluation
would be asked (no five to make or to stop, no straight four for the side
to move) becomes a sample: the side to move's features, the other side's,
and how the game ended for the side to move (1, 0, or 0.5 for a draw).

The fit is a logistic regression of the result on the features (numpy,
Newton's method, drawn towards the weights the games were played with): P(the side to move wins)
= 1 / (1 + exp(-(mover . f_mover - waiter . f_waiter + tempo))). The
weights, SCALE evaluation units to a unit of log-odds, are written to a new
file in the saves folder with how they were made; the expert plays by them
from then on (weights.py). One game in HOLD_OUT of each series is kept out
of the fit to measure it, and the weights the games were played with, on
games it has not seen.
"""
from __future__ import annotations

import multiprocessing as mp
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable

import numpy as np

from boardhub.core.progress import progress_bar
from boardhub.games.gomoku import weights as weights_file
from boardhub.games.gomoku.weights import SCALE
from boardhub.games.gomoku.engine import GomokuRules
from boardhub.games.gomoku.expert import ExpertAI
from boardhub.games.gomoku.lines import Board
from boardhub.games.gomoku.offline.openings import REACH, balanced, openings
from boardhub.games.gomoku.patterns import FEATURE_NAMES, HAS_FIVE, HAS_WIN4, NUM_FEATURES, WIN4S, Weights

DEFAULT_GAMES = 100
NODES = 1500  # nodes a move in self-play: about a tenth of a second on this project's machines
SERIES = (("renju", 19), ("freestyle", 15))  # game n plays SERIES[n % 2]
L2 = 1e-3  # the regularisation, per sample
HOLD_OUT = 10  # every HOLD_OUT-th game of each series is kept out of the fit
RULES = GomokuRules()
OPENINGS = 300  # a size's balanced openings in its centre's 5 x 5 (306 there), played first
WIDE_OPENINGS = 1200  # then these, reaching a step further out
WIDER_HOLDS = 1574  # the balanced openings of the centre's 7 x 7, the 5 x 5's among them: all are drawn
MAX_GAMES = 2 * (OPENINGS + WIDE_OPENINGS)  # each game from an opening of its own


@dataclass
class GameSamples:
    """One self-play game's samples: (mover's features, waiter's features, result for the mover)."""

    index: int
    rule: str
    winner: int | None
    samples: list[tuple[list[int], list[int], float]]


def play_game(index: int, seed: int, nodes: int, weights: Weights) -> GameSamples:
    """Self-play game `index` of a run seeded `seed`: its opening, its AIs' seeds and its samples."""
    rule, size = SERIES[index % 2]
    opening = game_opening(index, size, seed)
    ais = [ExpertAI(seed=seed * 100_003 + 2 * index + colour, nodes=nodes, weights=weights) for colour in (0, 1)]
    state = RULES.new_game({"rule": rule, "size": size, "forbidden_loses": True})
    board = Board(size, rule, weights)
    positions: list[tuple[int, list[int], list[int]]] = []
    for p in opening:
        board.play(p, state.player)
        state = RULES.apply(state, p)
    while not state.reason:
        side = state.player
        if _quiet(board, side):
            positions.append((side, board.features(side), board.features(1 - side)))
        move = ais[side].choose(state, time.monotonic() + 3600)
        board.play(move, side)
        state = RULES.apply(state, move)
    winner = state.winner
    samples = [(mover, waiter, 0.5 if winner is None else float(winner == side))
               for side, mover, waiter in positions]
    return GameSamples(index, rule, winner, samples)


def held_out(index: int) -> bool:
    """Whether game `index` is kept out of the fit: one in HOLD_OUT of each series (the series
    take turns, so a game's number in its series is index // 2)."""
    return index // 2 % HOLD_OUT == HOLD_OUT - 1


@lru_cache(maxsize=4)
def _near_openings(size: int, seed: int) -> list[tuple[int, ...]]:
    return openings(OPENINGS, size, seed)


@lru_cache(maxsize=4)
def _wide_openings(size: int, seed: int) -> list[tuple[int, ...]]:
    drawn = openings(WIDER_HOLDS, size, seed, reach=REACH + 1)
    return [o for o in drawn if not balanced(o, size)][:WIDE_OPENINGS]  # 1,268 with a stone outside the 5 x 5


def game_opening(index: int, size: int, seed: int) -> tuple[int, ...]:
    """Game `index`'s opening: the run's OPENINGS balanced openings of its size in the centre's
    5 x 5, then WIDE_OPENINGS reaching a step further out. Each game has one of its own: the
    expert's seed no longer changes its moves once three stones stand, so two games from the
    same opening would be the same game, its positions counted twice."""
    if index >= MAX_GAMES:
        raise ValueError(f"at most {MAX_GAMES} games: each needs an opening of its own")
    n = index // 2
    return _near_openings(size, seed)[n] if n < OPENINGS else _wide_openings(size, seed)[n - OPENINGS]


def _quiet(board: Board, side: int) -> bool:
    """Whether the search would evaluate this position: no five to make or stop, no straight four to make."""
    if board.has(side, HAS_FIVE) or board.has(1 - side, HAS_FIVE):
        return False
    if board.has(side, HAS_WIN4):  # a straight four to make wins, unless every one is forbidden to black
        return side == 0 and board.renju and all(board.forbidden(q) for q in board.points(side, WIN4S))
    return True


def play_games(games: int, seed: int, jobs: int, nodes: int, weights: Weights,
               on_game: Callable[[int, GameSamples], None] | None = None) -> list[GameSamples]:
    """`games` self-play games, `jobs` at a time, in the games' order whatever `jobs` is."""
    args = [(n, seed, nodes, weights) for n in range(games)]
    out: list[GameSamples] = []
    if jobs <= 1:
        results: Iterable[GameSamples] = (play_game(*a) for a in args)
        for game in results:
            out.append(game)
            if on_game:
                on_game(len(out), game)
        return out
    with ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("spawn")) as pool:
        for game in pool.map(play_game, *zip(*args)):
            out.append(game)
            if on_game:
                on_game(len(out), game)
    return out


def _design(games: Iterable[GameSamples]) -> tuple[np.ndarray, np.ndarray]:
    rows, labels = [], []
    for game in games:
        for mover, waiter, result in game.samples:
            rows.append(mover + [-v for v in waiter] + [1])
            labels.append(result)
    return np.array(rows, dtype=float).reshape(-1, 2 * NUM_FEATURES + 1), np.array(labels, dtype=float)


def _objective(x: np.ndarray, y: np.ndarray, w: np.ndarray, prior: np.ndarray, penalty: np.ndarray) -> float:
    z = x @ w
    return float(np.sum(np.logaddexp(0, z) - y * z) + 0.5 * np.sum(penalty * (w - prior) ** 2))


def fit(x: np.ndarray, y: np.ndarray, prior: np.ndarray, iterations: int = 50) -> np.ndarray:
    """The logistic regression's coefficients by Newton's method with a backtracking line search,
    drawn towards `prior` (the weights the games were played with) by an L2 penalty on all but the
    last, the tempo: a feature the games rarely show keeps about the worth it had."""
    n, k = x.shape
    w = np.zeros(k)  # from knowing nothing: the Newton steps stay well-conditioned
    penalty = np.full(k, L2 * max(n, 1))
    penalty[-1] = 0.0
    current = _objective(x, y, w, prior, penalty)
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -50, 50)))
        gradient = x.T @ (p - y) + penalty * (w - prior)
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty) + 1e-6 * np.eye(k)
        step = np.linalg.solve(hessian, gradient)
        scale = 1.0
        while scale > 1e-10:
            trial = w - scale * step
            value = _objective(x, y, trial, prior, penalty)
            if value <= current:
                break
            scale /= 2
        else:
            break
        w, improved, current = trial, current - value, value
        if improved < 1e-9 * max(1.0, abs(current)):
            break
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float | None:
    """Mean cross-entropy of the results under the model (ln 2 = 0.693 knows nothing); None without data."""
    if not len(y):
        return None
    z = x @ w
    return float(np.mean(np.logaddexp(0, z) - y * z))


def to_weights(w: np.ndarray, source: str) -> Weights:
    units = [int(round(v * SCALE)) for v in w]
    return Weights(tuple(units[:NUM_FEATURES]), tuple(units[NUM_FEATURES:2 * NUM_FEATURES]), units[-1], source)


@dataclass
class Learned:
    """What one `learn gomoku` run made: the weights and how."""

    weights: Weights
    made: dict
    path: Path | None = None


def learn(games: int = DEFAULT_GAMES, seed: int = 0, jobs: int = 1, nodes: int = NODES,
          start: Weights | None = None, on_game: Callable[[int, GameSamples], None] | None = None) -> Learned:
    """Play the games, fit the weights and say how they were made (nothing is saved here)."""
    if not 2 <= games <= MAX_GAMES:
        raise ValueError(f"from 2 to {MAX_GAMES} games, each from an opening of its own")
    start = start or weights_file.default_weights()
    started = time.monotonic()
    played = play_games(games, seed, jobs, nodes, start, on_game)
    train = [g for g in played if not held_out(g.index)]
    held = [g for g in played if held_out(g.index)]
    x, y = _design(train)
    if not len(y):
        raise ValueError("the games gave no positions to learn from: play more games")
    prior = np.array(list(start.mover) + list(start.waiter) + [start.tempo], dtype=float) / SCALE
    w = fit(x, y, prior)
    hx, hy = _design(held)
    held_loss = log_loss(hx, hy, w)
    made = {
        "command": f"python -m boardhub learn gomoku --games {games} --seed {seed}",
        "games": games, "seed": seed, "nodes_per_move": nodes,
        "series": [f"{rule} {size}x{size}" for rule, size in SERIES],
        "positions": int(len(y)), "held_out_positions": int(len(hy)),
        "fit_error": {"log_loss": round(log_loss(x, y, w), 4),
                      "held_out_log_loss": None if held_loss is None else round(held_loss, 4),
                      "played_with_held_out_log_loss": None if held_loss is None else round(log_loss(hx, hy, prior), 4),
                      "no_knowledge": round(float(np.log(2)), 4)},
        "results": {"black": sum(g.winner == 0 for g in played), "white": sum(g.winner == 1 for g in played),
                    "draws": sum(g.winner is None for g in played)},
        "played_with": start.source, "scale": SCALE, "features": list(FEATURE_NAMES),
        "seconds": round(time.monotonic() - started),
    }
    return Learned(to_weights(w, "learned"), made)


def progress_printer(total: int) -> Callable[[int, GameSamples], None]:
    """A progress bar on stderr: games played, positions gathered, time."""
    started = time.monotonic()
    positions = [0]

    def show(done: int, game: GameSamples) -> None:
        positions[0] += len(game.samples)
        progress_bar(done, total, f"games, {positions[0]} positions", time.monotonic() - started)
    return show
