"""Fitting Multi-ProbCut's lines (`python tools/fit_mpc.py`): deep values predicted from shallow ones.

Positions come from self-play games: a few random opening moves (the seed's),
then moves chosen by a one-ply look at the expert's evaluation, a tenth of them
at random so the games spread; a few positions of each game, across the
stages, are kept. Each position is searched by the expert at every depth from
1 to mpc.DEEPEST from empty tables (`ExpertAI.fixed_value`: a function of the
position alone, so a value does not depend on which process searched it or in
what order). For each stage and deep depth d, a least-squares line fits the
depth-d values from the depth-d' ones (d' = mpc.shallow_depth(d)); sigma is the
spread of what the line misses. Positions are listed from the seed before any
search, so the same seed and count give the same lines for any number of
processes.

The endgame's lines: positions with mpc.ENDGAME_EMPTIES empty squares, each solved
exactly (`endgame.EndgameSolver`) and searched at the check depth
mpc.ENDGAME_SHALLOW; one line per number of empties predicts the final margin
from the shallow value, fitted to the positions within SMOOTH empties of it
(neighbouring counts share their samples, so the lines change smoothly).
"""
from __future__ import annotations

import math
import multiprocessing as mp
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Callable

from boardhub.games.othello import mpc
from boardhub.games.othello.endgame import EndgameSolver
from boardhub.games.othello.engine import START, flips, moves_mask
from boardhub.games.othello.evaluation import UNIT
from boardhub.games.othello.expert import SOLVE_EMPTIES, WIN, ExpertAI

RANDOM_PLIES = (4, 12)  # the random opening of each game: between these many moves
SPREAD = 0.1  # the share of later moves played at random
PER_GAME = 3  # positions kept from each game
EMPTIES = (14, 56)  # the stages the positions are drawn from (fewer empties: the exact solver's)
MIN_SAMPLES = 12  # a stage and depth with fewer usable pairs gets no line
SMOOTH = 1  # an endgame line is fitted to the positions within this many empties of its own

Position = tuple[int, int]  # (mover's discs, the other side's)


def positions(count: int, seed: int, empties: tuple[int, int] = EMPTIES) -> list[Position]:
    """`count` positions from self-play games with `empties` empty squares (the first to the last),
    a function of the seed alone."""
    out: list[Position] = []
    probe = ExpertAI(seed=0)
    game = 0
    while len(out) < count:
        rng = random.Random(seed * 1_000_003 + game)
        game += 1
        span = range(empties[0], empties[1] + 1)
        wanted = set(rng.sample(span, min(PER_GAME, len(span))))
        me, opp = START.me, START.opp
        plies = 0
        opening = rng.randint(*RANDOM_PLIES)
        while wanted and len(out) < count:
            legal = moves_mask(me, opp)
            if not legal:
                if not moves_mask(opp, me):
                    break
                me, opp = opp, me
                continue
            left = 64 - (me | opp).bit_count()
            if left in wanted:
                wanted.discard(left)
                out.append((me, opp))
            squares = [sq for sq in range(64) if legal >> sq & 1]
            if plies < opening or rng.random() < SPREAD:
                sq = rng.choice(squares)
            else:
                sq = max(squares, key=lambda s: (-probe.fixed_value(*_after(me, opp, s), 0), -s))
            me, opp = _after(me, opp, sq)
            plies += 1
    return out


def midgame(count: int, seed: int, most_empties: int = EMPTIES[1]) -> list[Position]:
    """`count` of positions()' with more empty squares than the exact solver takes and at most
    `most_empties`: the midgame the cuts work in."""
    return [p for p in positions(3 * count, seed)
            if SOLVE_EMPTIES < 64 - (p[0] | p[1]).bit_count() <= most_empties][:count]


def _after(me: int, opp: int, sq: int) -> Position:
    """The position after `me` plays `sq`, from the new mover's side."""
    f = flips(me, opp, sq)
    return opp ^ f, me | f | 1 << sq


def values(position: Position) -> list[int]:
    """The expert's fixed-depth values of the position at depths 1..mpc.DEEPEST, with no cuts of its own."""
    ai = ExpertAI(seed=0)
    ai.cuts = {}
    return [ai.fixed_value(position[0], position[1], d) for d in range(1, mpc.DEEPEST + 1)]


def endgame_values(position: Position) -> list[int]:
    """The exact final margin (in search units, as the lines predict it) and the expert's
    fixed-depth values at depths 1..mpc.ENDGAME_SHALLOW."""
    me, opp = position
    ai = ExpertAI(seed=0)
    ai.cuts = {}
    exact = EndgameSolver().solve(me, opp)
    return [exact * UNIT] + [ai.fixed_value(me, opp, d) for d in range(1, mpc.ENDGAME_SHALLOW + 1)]


def search_all(found: list[Position], jobs: int, show: Callable[[int, int, float], None] | None = None,
               search: Callable[[Position], list[int]] = values) -> list[list[int]]:
    """`search` (values() or endgame_values()) of every position, in order, `jobs` processes side by side."""
    started = time.monotonic()
    out: list[list[int]] = []
    if jobs <= 1:
        for p in found:
            out.append(search(p))
            if show:
                show(len(out), len(found), time.monotonic() - started)
        return out
    with ProcessPoolExecutor(jobs, mp_context=mp.get_context("spawn")) as pool:
        for v in pool.map(search, found, chunksize=1):
            out.append(v)
            if show:
                show(len(out), len(found), time.monotonic() - started)
    return out


def _line(pairs: list[tuple[int, int]]) -> tuple[float, float, float] | None:
    """The least-squares line y = a * x + b through (x, y) pairs and the spread sigma of what it misses;
    None with too few pairs or no spread in x."""
    n = len(pairs)
    if n < MIN_SAMPLES:
        return None
    mx = sum(x for x, _ in pairs) / n
    my = sum(y for _, y in pairs) / n
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    if sxx <= 0:
        return None
    a = sum((x - mx) * (y - my) for x, y in pairs) / sxx
    b = my - a * mx
    return a, b, math.sqrt(sum((y - a * x - b) ** 2 for x, y in pairs) / max(1, n - 2))


def fit(found: list[Position], searched: list[list[int]]) -> list[dict]:
    """One line per stage and deep depth: {stage, depth, shallow, a, b, sigma, samples}."""
    lines = []
    for st in range(mpc.STAGES):
        rows = [v for p, v in zip(found, searched) if mpc.stage(64 - (p[0] | p[1]).bit_count()) == st]
        for depth in range(3, mpc.DEEPEST + 1):
            shallow = mpc.shallow_depth(depth)
            pairs = [(v[shallow - 1], v[depth - 1]) for v in rows
                     if abs(v[shallow - 1]) < WIN and abs(v[depth - 1]) < WIN]  # decided games tell no line
            line = _line(pairs)
            if line is not None:
                a, b, sigma = line
                lines.append({"stage": st,
                              "empties": [st * mpc.STAGE_WIDTH, st * mpc.STAGE_WIDTH + mpc.STAGE_WIDTH - 1],
                              "depth": depth, "shallow": shallow, "a": round(a, 4), "b": round(b, 1),
                              "sigma": round(sigma, 1), "samples": len(pairs)})
    return lines


def fit_endgame(found: list[Position], searched: list[list[int]]) -> list[dict]:
    """One line per number of empties in mpc.ENDGAME_EMPTIES: {empties, shallow, a, b, sigma, samples}, the final
    margin predicted from the shallow value, over the positions within SMOOTH empties."""
    shallow = mpc.ENDGAME_SHALLOW
    lines = []
    for empties in range(mpc.ENDGAME_EMPTIES[0], mpc.ENDGAME_EMPTIES[1] + 1):
        pairs = [(v[shallow], v[0]) for p, v in zip(found, searched)
                 if abs(64 - (p[0] | p[1]).bit_count() - empties) <= SMOOTH and abs(v[shallow]) < WIN]
        line = _line(pairs)
        if line is not None:
            a, b, sigma = line
            lines.append({"empties": empties, "shallow": shallow, "a": round(a, 4), "b": round(b, 1),
                          "sigma": round(sigma, 1), "samples": len(pairs)})
    return lines
