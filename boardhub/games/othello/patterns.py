"""The expert's learned evaluation: disc patterns weighed by what boardhub's own games taught.

The patterns are those of the strong engines (Logistello, Edax, Egaroucid):
the edge with its two X-squares, the 3x3 and 2x5 corner blocks, the rows and
columns 2, 3 and 4, and the diagonals of length 4 to 8, each in every place
the board's symmetries put it (46 placements of 11 patterns). A placement's
configuration (each square empty, the mover's or the other's) is a ternary
number, and each pattern has one weight per configuration and game stage
(every 4 discs), shared by all its placements; a mobility term and a bias per
disc count complete the sum. The weights are learned by `training` and
predict the final disc difference, in UNIT per disc, for the side to move.
Potential mobility and frontier discs are left out: fitted to what these
weights miss on fresh self-play games, either term takes under half a
percent off the error in every stage (bench/othello_residuals.py: at most
20.32 to 20.23 discs, 20-27 discs on the board).

Speed: the configuration of a placement is read with table look-ups, never
square by square. Rows come from the bytes of the two bitboards packed into
one int; columns from the same bytes after one transposition of both boards
at once; each diagonal from one multiplication that gathers its squares into
a byte (one square per column, so the products never carry). A table per
placement and byte turns the byte's bits into that placement's ternary digits,
and `evaluate` is generated code with every constant in place.
"""
from __future__ import annotations

import array
import io
import json
import logging
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import product
from pathlib import Path
from typing import Callable

import numpy as np

from boardhub.core import files, saves
from boardhub.games.othello.engine import moves_mask
from boardhub.games.othello.evaluation import UNIT

log = logging.getLogger(__name__)

Square = tuple[int, int]  # (row, column), a1 = (0, 0)


# Each pattern's squares in the order of its ternary digits (the first square is digit 0).
PATTERN_SQUARES: dict[str, tuple[Square, ...]] = {
    "edge+2x": tuple([(0, c) for c in range(8)] + [(1, 1), (1, 6)]),
    "corner3x3": tuple([(r, c) for r in range(3) for c in range(3)]),
    "corner2x5": tuple([(r, c) for r in range(2) for c in range(5)]),
    "row2": tuple([(1, c) for c in range(8)]),
    "row3": tuple([(2, c) for c in range(8)]),
    "row4": tuple([(3, c) for c in range(8)]),
    "diag8": tuple([(i, i) for i in range(8)]),
    "diag7": tuple([(i, i + 1) for i in range(7)]),
    "diag6": tuple([(i, i + 2) for i in range(6)]),
    "diag5": tuple([(i, i + 3) for i in range(5)]),
    "diag4": tuple([(i, i + 4) for i in range(4)]),
}
PATTERNS = tuple(PATTERN_SQUARES)

# The 8 symmetries of the board on (row, column).
SYMMETRIES: tuple[Callable[[int, int], Square], ...] = (
    lambda r, c: (r, c), lambda r, c: (r, 7 - c), lambda r, c: (7 - r, c), lambda r, c: (7 - r, 7 - c),
    lambda r, c: (c, r), lambda r, c: (c, 7 - r), lambda r, c: (7 - c, r), lambda r, c: (7 - c, 7 - r),
)

STAGE_DISCS = 4  # discs per game stage: one weight set per stage
STAGES = (64 - 4) // STAGE_DISCS  # discs 4..63: stages 0..14


def stage_of(discs: int) -> int:
    """The weight set for a position with `discs` discs on the board."""
    return min(STAGES - 1, max(0, (discs - 4) // STAGE_DISCS))


@dataclass(frozen=True)
class Placement:
    pattern: str
    squares: tuple[int, ...]  # bit indices in digit order


def _placements() -> tuple[Placement, ...]:
    out = []
    for name, base in PATTERN_SQUARES.items():
        seen = set()
        for sym in SYMMETRIES:
            image = tuple(sym(r, c) for r, c in base)
            key = frozenset(image)
            if key not in seen:
                seen.add(key)
                out.append(Placement(name, tuple(8 * r + c for r, c in image)))
    return tuple(out)


PLACEMENTS = _placements()


def _automorphisms(name: str) -> list[list[int]]:
    """For each symmetry mapping the pattern onto itself: where each digit's square goes, as digit positions."""
    base = PATTERN_SQUARES[name]
    where = {sq: k for k, sq in enumerate(base)}
    out = []
    for sym in SYMMETRIES:
        image = [sym(r, c) for r, c in base]
        if set(image) == set(base):
            out.append([where[sq] for sq in image])
    return out


@lru_cache(maxsize=None)
def canonical_map(name: str) -> np.ndarray:
    """Each configuration's index -> the smallest index among its symmetric images (shared weights)."""
    n = len(PATTERN_SQUARES[name])
    digits = np.array(list(product(range(3), repeat=n)), dtype=np.int64)[:, ::-1]  # digit k = column k
    powers = 3 ** np.arange(n, dtype=np.int64)
    best = None
    for perm in _automorphisms(name):
        moved = np.zeros(len(digits), dtype=np.int64)
        for k, target in enumerate(perm):
            moved += digits[:, k] * powers[target]
        best = moved if best is None else np.minimum(best, moved)
    return best


def cells(me: np.ndarray, opp: np.ndarray) -> np.ndarray:
    """(N, 64) int8 cells from uint64 bitboards: 0 empty, 1 the mover's, 2 the other's."""
    bits = 1 << np.arange(64, dtype=np.uint64)
    mine = (me[:, None] & bits) != 0
    theirs = (opp[:, None] & bits) != 0
    return (mine.astype(np.int8) + 2 * theirs.astype(np.int8))


def pattern_indices(board_cells: np.ndarray) -> np.ndarray:
    """(N, len(PLACEMENTS)) raw configuration indices of every placement, for training and tests."""
    out = np.empty((len(board_cells), len(PLACEMENTS)), dtype=np.int64)
    for j, p in enumerate(PLACEMENTS):
        powers = 3 ** np.arange(len(p.squares), dtype=np.int64)
        out[:, j] = board_cells[:, list(p.squares)].astype(np.int64) @ powers
    return out


# ---------------------------------------------------------------------------- the fast evaluator
_TRANSPOSE = ((0x0F0F0F0F00000000, 28), (0x3333000033330000, 14), (0x5500550055005500, 7))
_GATHER = 0x0101010101010101  # times a diagonal's squares: its bits, by column, in the top byte


def _two(mask: int, gap: int) -> int:
    return mask | mask << gap


def _digit_table(bits_to_digit: dict[int, int], scale: int) -> tuple[int, ...]:
    """byte -> the sum of scale * 3**digit over the byte's bits that are the placement's."""
    return tuple(scale * sum(3 ** d for bit, d in bits_to_digit.items() if byte >> bit & 1) for byte in range(256))


def _source(weights_name: str) -> tuple[str, dict[str, object]]:
    """The code of `evaluate` and the constants it names."""
    names: dict[str, object] = {}
    lines = []
    for j, p in enumerate(PLACEMENTS):
        rows = {sq // 8 for sq in p.squares}
        cols = {sq % 8 for sq in p.squares}
        terms = []
        if len(rows) <= 3 or len(cols) <= 3:
            source = "b" if len(rows) <= 3 else "t"
            groups: dict[int, dict[int, int]] = {}
            for digit, sq in enumerate(p.squares):
                r, c = divmod(sq, 8)
                if source == "t":
                    r, c = c, r
                groups.setdefault(r, {})[c] = digit
            for r, bits in sorted(groups.items()):
                names[f"M{j}_{r}"] = _digit_table(bits, 1)
                names[f"O{j}_{r}"] = _digit_table(bits, 2)
                terms += [f"M{j}_{r}[{source}{r}]", f"O{j}_{r}[{source}{8 + r}]"]
            lines.append(f"    s += w{j}[{' + '.join(terms)}]")
        else:  # a diagonal: one square per column
            mask = sum(1 << sq for sq in p.squares)
            bits = {sq % 8: digit for digit, sq in enumerate(p.squares)}
            names[f"M{j}"] = _digit_table(bits, 1)
            names[f"O{j}"] = _digit_table(bits, 2)
            lines.append(f"    y = (d & {_two(mask, 128)}) * {_GATHER}")
            lines.append(f"    s += w{j}[M{j}[y >> 56 & 255] + O{j}[y >> 184 & 255]]")
    head = [
        "def evaluate(me, opp, my_moves=None):",
        "    if my_moves is None:",
        "        my_moves = moves_mask(me, opp)",
        "    x = me | opp << 64",
        f"    {', '.join(f'b{i}' for i in range(16))}, = x.to_bytes(16, 'little')",
    ]
    for mask, shift in _TRANSPOSE:
        head.append(f"    t = {_two(mask, 64)} & (x ^ (x << {shift}))")
        head.append(f"    x ^= t ^ (t >> {shift})")
    head += [
        f"    {', '.join(f't{i}' for i in range(16))}, = x.to_bytes(16, 'little')",
        "    d = me | opp << 128",
        f"    {', '.join(f'w{j}' for j in range(len(PLACEMENTS)))}, mobility, s = {weights_name}[(me | opp).bit_count()]",
        "    s += mobility * (my_moves.bit_count() - moves_mask(opp, me).bit_count())",
    ]
    tail = ["    return s if -6400 < s < 6400 else (6400 if s > 0 else -6400)"]
    return "\n".join(head + lines + tail), names


@dataclass
class Weights:
    """Learned weights: per stage, one array per pattern (indexed by canonical configuration), mobility, bias."""

    patterns: list[dict[str, np.ndarray]]  # per stage: pattern -> float weights in discs, canonical indices
    mobility: np.ndarray  # per stage, discs per move of difference
    bias: np.ndarray  # per disc count 0..64, discs
    info: dict

    def save(self, path: Path) -> None:
        arrays = {f"s{s}_{name}": np.round(w * UNIT).astype(np.int16)
                  for s, stage in enumerate(self.patterns) for name, w in stage.items()}
        arrays["mobility"] = self.mobility.astype(np.float32)
        arrays["bias"] = self.bias.astype(np.float32)
        with open(path, "wb") as f:
            np.savez_compressed(f, **arrays)
        path.with_suffix(".json").write_text(json.dumps(self.info, indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> "Weights":
        """The weights of `path` (and its JSON, when there is one); OSError or ValueError (files.Unreadable
        among them) for anything else: a pipe or device, a damaged or oversized archive, wrong shapes."""
        raw = files.read_bytes(path)
        try:
            archive = zipfile.ZipFile(io.BytesIO(raw))
            if sum(member.file_size for member in archive.infolist()) > MAX_UNPACKED_BYTES:
                raise ValueError("unpacks to more than any weights file")
            with np.load(io.BytesIO(raw), allow_pickle=False) as data:
                patterns = [{name: _array(data, f"s{s}_{name}", 3 ** len(PATTERN_SQUARES[name])) / UNIT
                             for name in PATTERNS} for s in range(STAGES)]
                mobility = _array(data, "mobility", STAGES)
                bias = _array(data, "bias", 65)
        except (zipfile.BadZipFile, EOFError, KeyError) as exc:
            raise ValueError(f"not a weights archive: {exc}") from None
        info_path = path.with_suffix(".json")
        info = files.loads_json(files.read_text(info_path)) if info_path.exists() else {}
        return cls(patterns, mobility, bias, info if isinstance(info, dict) else {})


MAX_UNPACKED_BYTES = 16 << 20  # the shipped weights unpack to about 5 MB


def _array(data: "np.lib.npyio.NpzFile", key: str, length: int) -> np.ndarray:
    """One array of a weights archive as float64, refused unless it has `length` finite numbers."""
    value = data[key]
    if value.shape != (length,) or value.dtype.kind not in "iuf" or not np.all(np.isfinite(value)):
        raise ValueError(f"{key} is not {length} numbers")
    return value.astype(np.float64)


def compile_evaluator(weights: Weights) -> Callable[..., int]:
    """`evaluate(me, opp, my_moves=None) -> int` in UNIT for the mover, using `weights`."""
    per_count = []
    stage_rows = []
    for s in range(STAGES):
        stage = weights.patterns[s]
        raw = {name: array.array("i", np.round(stage[name][canonical_map(name)] * UNIT).astype(np.int32).tolist())
               for name in PATTERNS}
        stage_rows.append([raw[p.pattern] for p in PLACEMENTS])
    for discs in range(65):
        row = list(stage_rows[stage_of(discs)])
        row.append(int(round(weights.mobility[stage_of(discs)] * UNIT)))
        row.append(int(round(weights.bias[discs] * UNIT)))
        per_count.append(tuple(row))
    code, names = _source("WEIGHTS")
    scope: dict[str, object] = dict(names, WEIGHTS=tuple(per_count), moves_mask=moves_mask)
    exec(compile(code, "<othello patterns>", "exec"), scope)
    return scope["evaluate"]  # type: ignore[return-value]


# ---------------------------------------------------------------------------- which weights
FILE_PREFIX = "othello-patterns-"
SHIPPED = "othello_patterns.npz"


def saved_files() -> list[Path]:
    """Weights made by `learn othello --patterns` on this computer, newest first."""
    return sorted(saves.saves_dir().glob(f"{FILE_PREFIX}*.npz"), reverse=True)


def shipped_path() -> Path:
    """The weights that come with boardhub, made by the command their JSON names."""
    return Path(str(resources.files("boardhub.assets") / SHIPPED))


def load_weights() -> Weights:
    """The newest weights made on this computer, else the shipped ones."""
    for path in saved_files():
        try:
            return Weights.load(path)
        except (OSError, ValueError, KeyError) as exc:
            log.warning("skipping unreadable Othello weights %s: %s", path, exc)
    return Weights.load(shipped_path())


_EVALUATE: Callable[..., int] | None = None


def evaluator() -> Callable[..., int]:
    """The learned evaluation, compiled once per process on first use."""
    global _EVALUATE
    if _EVALUATE is None:
        _EVALUATE = compile_evaluator(load_weights())
    return _EVALUATE


def reset() -> None:
    """Forget the compiled evaluation, so the next use reads the newest weights."""
    global _EVALUATE
    _EVALUATE = None
