"""Learning the expert's pattern weights from boardhub's own games.

1. Self-play: the expert's search at a fixed depth plays both sides from an
   opening of a few random moves, and picks now and then among moves almost as
   good as its best, so the games cover many positions. From SOLVE_EMPTIES
   empty squares on, the exact solver plays perfectly, so the result of each
   game is the exact result of its last SOLVE_EMPTIES moves.
2. Labels: positions from SOLVE_EMPTIES empties on carry their exact final
   score; earlier ones the game's result backed up stage by stage (see `fit`),
   each from its mover's side, and with `Settings.label_depth` the value of a
   deeper search of the expert as well: the position searched that many plies
   by the weights the games are played with, so the fit learns in one
   evaluation what the search sees a few moves ahead. The games of a fixed
   seed are the same whatever the number of processes.
3. Fit, stage by stage (every STAGE_DISCS discs): regularised least squares,
   solved by conjugate gradients over the sparse pattern features with numpy,
   from the last stage to the first, each fitted on its own positions and
   those of the next stage so neighbouring weight sets stay alike, with the ridge its validation
   games (another one in ten) choose. One game in ten is held out and its error printed per stage.
   Given earlier weights (`Settings.prior`), the fit starts from them and draws each weight back to
   them, and their error on the same held-out positions is printed too.

`python -m boardhub learn othello --patterns` runs it all on every core.
"""
from __future__ import annotations

import multiprocessing
import os
import random
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable

import numpy as np

from boardhub.core import saves
from boardhub.games.othello import evaluation, patterns
from boardhub.games.othello.endgame import EndgameSolver, final_score
from boardhub.games.othello.engine import START, flips, moves_mask
from boardhub.games.othello.expert import ExpertAI, to_discs

SOLVE_EMPTIES = 14  # the solver plays perfectly from here (about a tenth of a second a game)
OPENING_PLIES = (2, 12)  # random moves that start a game: from, to
NEAR_MOVE = 0.15  # chance to pick among the moves within NEAR_DISCS of the best instead of the best
NEAR_DISCS = 3
HELD_OUT = 10  # one game in this many is held out of the fit
VALIDATION = 5  # games numbered this modulo HELD_OUT choose each stage's ridge, then join the fit
CG_STEPS = 150
# squared discs of weight per unit of penalty: keeps rare configurations near zero (or near the prior's
# weights). Each stage takes the candidate that fits its validation games best: a ridge that suits tens
# of thousands of games lets a run of a few thousand overfit its positions.
RIDGES = (10.0, 30.0, 100.0, 300.0)
BACKED_UP = 0.5  # share of an early label from the next stage's value of the game's later position
MAX_LABEL_DEPTH = 8  # a labelling search deeper than this takes seconds a position
SEARCHED = 0.5  # with searched labels, a position's share of its label from the deeper search's value

Progress = Callable[[str, int, int], None]  # (phase, done, total)


@dataclass
class Settings:
    games: int = 12000
    seed: int = 0
    depth: int = 2  # plies of the expert's search for each move of the self-play games
    label_depth: int = 0  # plies of the search that labels each position before the solver's reach (0: none)
    jobs: int = 0  # processes; 0: every core
    evaluation: str = ""  # which evaluation played the games, for the record
    prior: Path | None = None  # weights the fit starts from and is drawn back to, instead of zero

    @property
    def processes(self) -> int:
        return self.jobs or os.cpu_count() or 1


@dataclass
class GameData:
    me: list[int] = field(default_factory=list)
    opp: list[int] = field(default_factory=list)
    black: list[bool] = field(default_factory=list)  # the mover is black
    exact: list[int | None] = field(default_factory=list)  # the exact score for the mover, where solved


def _evaluation() -> Callable[..., int]:
    """The expert's evaluation when weights exist, else the hand-made one (the very first run)."""
    try:
        return patterns.evaluator()
    except (OSError, ValueError, KeyError):
        return evaluation.evaluate


def _evaluation_name() -> str:
    return "the hand-made evaluation" if _evaluation() is evaluation.evaluate else "the learned evaluation"


def play_game(seed: int, depth: int, label_depth: int = 0) -> tuple[np.ndarray, ...]:
    """One self-play game: (me, opp, discs, score for the mover, mover is black, score is exact, searched
    value for the mover in discs) of every position where a move was chosen.

    The searched value is that of a `label_depth`-ply search (from empty
    tables, so it depends on the position alone) of each position the solver
    has not reached; NaN where there is none.
    """
    rng = random.Random(seed)
    ai = ExpertAI(seed=seed, evaluate=_evaluation())
    ai._start_clock(float("inf"))
    solver = EndgameSolver()
    data = GameData()
    state = START
    me, opp, black = state.me, state.opp, True
    random_plies = rng.randint(*OPENING_PLIES)
    ply = 0
    exact: int | None = None
    while True:
        legal = moves_mask(me, opp)
        if not legal:
            if not moves_mask(opp, me):
                break
            me, opp, black = opp, me, not black
            if exact is not None:
                exact = -exact
            continue
        squares = [sq for sq in range(64) if legal >> sq & 1]
        empties = 64 - (me | opp).bit_count()
        if empties <= SOLVE_EMPTIES and exact is None:
            exact = solver.solve(me, opp)
        data.me.append(me)
        data.opp.append(opp)
        data.black.append(black)
        data.exact.append(exact)
        if exact is not None:
            sq = _perfect_move(solver, me, opp, squares, exact)
        elif ply < random_plies:
            sq = rng.choice(squares)
        else:
            sq = _searched_move(ai, me, opp, squares, depth, rng)
        f = flips(me, opp, sq)
        me, opp, black = opp ^ f, me | f | 1 << sq, not black
        if exact is not None:
            exact = -exact
        ply += 1
    # the final score counts the empty squares for the winner, as the solver's exact scores do
    final_black = final_score(me, opp) if black else -final_score(me, opp)
    labels = [e if e is not None else (final_black if b else -final_black) for e, b in zip(data.exact, data.black)]
    searched = np.full(len(labels), np.nan, dtype=np.float32)
    if label_depth > 0:
        labeller = ExpertAI(seed=seed, evaluate=ai.evaluate)
        for i, (m, o, e) in enumerate(zip(data.me, data.opp, data.exact)):
            if e is None:
                searched[i] = to_discs(labeller.fixed_value(m, o, label_depth))
    return (np.array(data.me, dtype=np.uint64), np.array(data.opp, dtype=np.uint64),
            np.array([(m | o).bit_count() for m, o in zip(data.me, data.opp)], dtype=np.int8),
            np.array(labels, dtype=np.int8), np.array(data.black, dtype=bool),
            np.array([e is not None for e in data.exact], dtype=bool), searched)


def _perfect_move(solver: EndgameSolver, me: int, opp: int, squares: list[int], value: int) -> int:
    """A move that keeps the exact score `value` (a null window around it proves each candidate)."""
    for sq in squares:
        f = flips(me, opp, sq)
        if -solver.solve(opp ^ f, me | f | 1 << sq, -value - 1, -value + 1) == value:
            return sq
    raise AssertionError("no move keeps the solved score")  # cannot happen: the score is some child's


def _searched_move(ai: ExpertAI, me: int, opp: int, squares: list[int], depth: int, rng: random.Random) -> int:
    """The best move of a fixed-depth search, or now and then one almost as good."""
    big = 1 << 30
    scores = {}
    for sq in squares:
        f = flips(me, opp, sq)
        scores[sq] = -ai._search(opp ^ f, me | f | 1 << sq, depth - 1, -big, big, False)
    best = max(scores.values())
    if rng.random() < NEAR_MOVE:
        near = [sq for sq in squares if scores[sq] >= best - NEAR_DISCS * evaluation.UNIT]
        return rng.choice(near)
    return min(sq for sq in squares if scores[sq] == best)


FIELDS = ("me", "opp", "discs", "score", "black", "exact", "searched")


def _game_job(args: tuple[int, int, int]) -> tuple[np.ndarray, ...]:
    return play_game(*args)


def self_play(settings: Settings, progress: Progress | None = None) -> dict[str, np.ndarray]:
    """Every game's positions, in game order (so the result does not depend on the number of processes)."""
    jobs = [(settings.seed * 1_000_003 + n, settings.depth, settings.label_depth) for n in range(settings.games)]
    out: dict[str, list[np.ndarray]] = {key: [] for key in FIELDS + ("game",)}

    def add(n: int, result: tuple[np.ndarray, ...]) -> None:
        for key, part in zip(FIELDS, result):
            out[key].append(part)
        out["game"].append(np.full(len(result[0]), n, dtype=np.int32))
        if progress:
            progress("self-play", n + 1, settings.games)

    if settings.processes == 1:
        for n, job in enumerate(jobs):
            add(n, _game_job(job))
    else:
        with multiprocessing.get_context("spawn").Pool(settings.processes) as pool:
            for n, result in enumerate(pool.imap(_game_job, jobs, chunksize=4)):
                add(n, result)
    return {key: np.concatenate(parts) for key, parts in out.items()}


# ---------------------------------------------------------------------------- the fit
@dataclass
class Features:
    """The sparse design of one stage: per row, one column per placement, plus mobility and bias."""

    cols: np.ndarray  # (rows, placements) feature column of each placement's configuration
    mobility: np.ndarray  # (rows,) mobility difference
    discs: np.ndarray  # (rows,) disc count, the bias column
    width: int  # pattern columns


def _design(indices: np.ndarray, offsets: dict[str, int], dense: dict[str, np.ndarray],
            mobility: np.ndarray, discs: np.ndarray, width: int) -> Features:
    cols = np.empty_like(indices)
    for j, p in enumerate(patterns.PLACEMENTS):
        cols[:, j] = offsets[p.pattern] + dense[p.pattern][indices[:, j]]
    return Features(cols, mobility.astype(np.float64), discs.astype(np.int64), width)


def _predict(f: Features, w: np.ndarray, w_mob: float, bias: np.ndarray) -> np.ndarray:
    return w[f.cols].sum(axis=1) + w_mob * f.mobility + bias[f.discs]


def _solve(f: Features, y: np.ndarray, ridge: float, steps: int,
           prior: np.ndarray | None = None) -> tuple[np.ndarray, float, np.ndarray]:
    """Ridge least squares by conjugate gradients on the normal equations (the bias is not penalised).

    The penalty draws each weight towards `prior` (the same layout as the
    answer: patterns, mobility, bias), or towards zero without one: weights of
    configurations these games rarely show keep what earlier games taught.
    """
    n_cols = f.cols.shape[1]
    size = f.width + 1 + 65
    x0 = np.zeros(size) if prior is None else prior

    def forward(v: np.ndarray) -> np.ndarray:
        return _predict(f, v[:f.width], v[f.width], v[f.width + 1:])

    def backward(r: np.ndarray) -> np.ndarray:
        g = np.empty(size)
        g[:f.width] = np.bincount(f.cols.ravel(), weights=np.repeat(r, n_cols), minlength=f.width)
        g[f.width] = r @ f.mobility
        g[f.width + 1:] = np.bincount(f.discs, weights=r, minlength=65)
        return g

    penalty = np.full(size, ridge)
    penalty[f.width + 1:] = 1e-6

    def normal(v: np.ndarray) -> np.ndarray:
        return backward(forward(v)) + penalty * v

    x = np.zeros(size)  # the step from x0
    r = backward(y - forward(x0))
    p = r.copy()
    rr = r @ r
    for _ in range(steps):
        if rr < 1e-10:  # already fitted (labels the start explains exactly): a step would divide by zero
            break
        ap = normal(p)
        alpha = rr / (p @ ap)
        x += alpha * p
        r -= alpha * ap
        new = r @ r
        p = r + (new / rr) * p
        rr = new
    x += x0
    return x[:f.width], float(x[f.width]), x[f.width + 1:]


def _chosen_ridge(design: Callable[[np.ndarray], Features], label: np.ndarray, x0: np.ndarray | None,
                  train: np.ndarray, valid: np.ndarray) -> float:
    """The ridge of RIDGES whose fit on the `train` positions predicts the `valid` positions' labels
    best (the first without validation positions); `design(mask)`: those positions' features."""
    if not valid.any() or len(RIDGES) == 1:
        return RIDGES[0]
    f, fv = design(train), design(valid)
    errors = [_rmse(_predict(fv, *_solve(f, label[train], ridge, CG_STEPS, x0)), label[valid]) for ridge in RIDGES]
    return RIDGES[int(np.argmin(errors))]


def _later(game: np.ndarray, discs: np.ndarray, ahead: int) -> np.ndarray:
    """For each position, the first later position of its game with at least `ahead` more discs (-1: none)."""
    out = np.full(len(game), -1, dtype=np.int64)
    j = 0
    for i in range(len(game)):
        j = max(j, i)
        while j < len(game) and game[j] == game[i] and discs[j] < discs[i] + ahead:
            j += 1
        if j < len(game) and game[j] == game[i]:
            out[i] = j
    return out


def _rmse(guess: np.ndarray, truth: np.ndarray) -> float:
    """The root mean square error in discs (nan for no positions)."""
    return float(np.sqrt(np.mean((guess - truth) ** 2))) if len(truth) else float("nan")


def _prior_vector(prior: patterns.Weights, s: int, offsets: dict[str, int], dense: dict[str, np.ndarray],
                  canon: dict[str, np.ndarray], width: int) -> np.ndarray:
    """Stage s of `prior` in the fit's layout: pattern columns, mobility, bias by disc count."""
    x = np.zeros(width + 1 + 65)
    for name in patterns.PATTERNS:
        x[offsets[name] + dense[name][canon[name]]] = prior.patterns[s][name]
    x[width] = prior.mobility[s]
    x[width + 1:] = prior.bias
    return x


def fit(data: dict[str, np.ndarray], settings: Settings, progress: Progress | None = None) -> patterns.Weights:
    """The weights of every stage, from the last to the first, and the held-out error of each in the info.

    Positions the solver reached keep their exact scores. Earlier positions are
    labelled Logistello's way: the game's result is noisy so early, so the label
    mixes it with the value the next stage (already fitted) gives the position
    STAGE_DISCS discs later in the same game. Where the data holds searched
    values (`Settings.label_depth`), SEARCHED of each unsolved position's label
    is its deeper search's value and the rest the label above; the held-out
    error against the searched values alone is printed beside the others.
    """
    cells = patterns.cells(data["me"], data["opp"])
    raw = patterns.pattern_indices(cells)
    canon = {name: patterns.canonical_map(name) for name in patterns.PATTERNS}
    me, opp = data["me"].tolist(), data["opp"].tolist()
    mobility = np.array([moves_mask(a, b).bit_count() - moves_mask(b, a).bit_count() for a, b in zip(me, opp)])
    for j, p in enumerate(patterns.PLACEMENTS):
        raw[:, j] = canon[p.pattern][raw[:, j]]
    # dense column numbers for the canonical configurations of each pattern
    offsets: dict[str, int] = {}
    dense: dict[str, np.ndarray] = {}
    width = 0
    for name in patterns.PATTERNS:
        ids = np.unique(canon[name])
        lookup = np.full(3 ** len(patterns.PATTERN_SQUARES[name]), -1, dtype=np.int64)
        lookup[ids] = np.arange(len(ids))
        offsets[name], dense[name] = width, lookup
        width += len(ids)
    discs = data["discs"].astype(np.int64)

    def design(mask: np.ndarray) -> Features:
        return _design(raw[mask], offsets, dense, mobility[mask], discs[mask], width)

    stage = np.array([patterns.stage_of(d) for d in discs])
    held = data["game"] % HELD_OUT == 0
    validation = data["game"] % HELD_OUT == VALIDATION
    outcome = data["score"].astype(np.float64)
    label = outcome.copy()
    searched = data["searched"].astype(np.float64) if "searched" in data else np.full(len(label), np.nan)
    has_search = ~np.isnan(searched) & ~data["exact"]
    later = _later(data["game"], discs, patterns.STAGE_DISCS)
    same_side = np.where(later >= 0, data["black"] == data["black"][np.maximum(later, 0)], True)
    predicted = np.zeros(len(label))  # each position's value under its stage's fitted weights
    stages: list[dict[str, np.ndarray]] = [{} for _ in range(patterns.STAGES)]
    mob, bias = np.zeros(patterns.STAGES), np.zeros(65)
    errors: list[dict] = []
    prior = patterns.Weights.load(settings.prior) if settings.prior else None
    for s in reversed(range(patterns.STAGES)):
        backed = (stage == s) & ~data["exact"] & (later >= 0) & (stage[np.maximum(later, 0)] > s)
        ahead = np.where(same_side, predicted[np.maximum(later, 0)], -predicted[np.maximum(later, 0)])
        label[backed] = BACKED_UP * ahead[backed] + (1 - BACKED_UP) * outcome[backed]
        mixed = (stage == s) & has_search
        label[mixed] = SEARCHED * searched[mixed] + (1 - SEARCHED) * label[mixed]
        fitted = ~held & ((stage == s) | (stage == s + 1))  # both labelled by now
        test = held & (stage == s)
        x0 = None if prior is None else _prior_vector(prior, s, offsets, dense, canon, width)
        ridge = _chosen_ridge(design, label, x0, fitted & ~validation, validation & (stage == s))
        w, w_mob, b = _solve(design(fitted), label[fitted], ridge, CG_STEPS, x0)
        mine = stage == s
        predicted[mine] = _predict(design(mine), w, w_mob, b)
        for d in np.unique(discs[mine]):
            bias[d] = b[d]
        mob[s] = w_mob
        stages[s] = {name: w[offsets[name] + dense[name][canon[name]]] for name in patterns.PATTERNS}
        ft = design(test)
        guess = _predict(ft, w, w_mob, b)
        rmse, result = _rmse(guess, label[test]), _rmse(guess, outcome[test])
        errors.insert(0, {"stage": s, "discs": f"{4 + 4 * s}-{7 + 4 * s}", "train": int(fitted.sum()), "ridge": ridge,
                          "held_out": int(test.sum()), "rmse_discs": round(rmse, 2),
                          "rmse_vs_result_discs": round(result, 2)})
        probed = has_search[test]  # among the held-out positions, those with a searched value
        probed_values = searched[test][probed]
        if probed.any():
            errors[0]["rmse_vs_search_discs"] = round(_rmse(guess[probed], probed_values), 2)
        if x0 is not None and test.any():  # the prior's error on the same held-out positions and labels
            before = _predict(ft, x0[:width], x0[width], x0[width + 1:])
            errors[0]["rmse_before_discs"] = round(_rmse(before, label[test]), 2)
            errors[0]["rmse_before_vs_result_discs"] = round(_rmse(before, outcome[test]), 2)
            if probed.any():
                errors[0]["rmse_before_vs_search_discs"] = round(_rmse(before[probed], probed_values), 2)
        if progress:
            progress("fit", patterns.STAGES - s, patterns.STAGES)
    info = {"games": settings.games, "positions": int(len(label)), "seed": settings.seed, "depth": settings.depth,
            "label_depth": settings.label_depth, "searched_share": SEARCHED if settings.label_depth else 0.0,
            "self_play_evaluation": settings.evaluation,
            "solve_empties": SOLVE_EMPTIES, "ridges": list(RIDGES), "backed_up": BACKED_UP,
            "held_out": f"1 game in {HELD_OUT}", "stages": errors, "made": datetime.now().isoformat(timespec="seconds"),
            "command": f"python -m boardhub learn othello --patterns --games {settings.games} --seed {settings.seed}"
                       + (f" --label-depth {settings.label_depth}" if settings.label_depth else "")
                       + (f" --prior {settings.prior}" if settings.prior else "")}
    if prior is not None:
        info["prior"] = {"file": str(settings.prior), "made_by": prior.info.get("command", "unknown"),
                         "games": prior.info.get("games")}
    return patterns.Weights(stages, mob, bias, info)


def learn(settings: Settings, out: Path | None = None, progress: Progress | None = None) -> tuple[Path, patterns.Weights]:
    """The whole pipeline: self-play, fit, and the weights written (into the saves folder unless `out`)."""
    started = time.monotonic()
    settings.evaluation = _evaluation_name()
    data = self_play(settings, progress)
    played = time.monotonic() - started
    weights = fit(data, settings, progress)
    weights.info["seconds"] = {"self_play": round(played), "fit": round(time.monotonic() - started - played),
                               "processes": settings.processes}
    if out is None:
        out = saves.saves_dir() / f"{patterns.FILE_PREFIX}{datetime.now():%Y%m%d-%H%M%S}.npz"
    out.parent.mkdir(parents=True, exist_ok=True)
    weights.save(out)
    patterns.reset()
    return out, weights
