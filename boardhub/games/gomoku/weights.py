"""The Gomoku expert's evaluation weights on disk: the shipped file and the ones `learn gomoku` makes.

A weights file is JSON: for every feature (patterns.FEATURE_NAMES) its
worth to the side to move and to the other side, the side to move's tempo,
all in evaluation units, and how the weights were made (games, positions,
seed, fit error). `learn gomoku` (offline/tuning.py) writes a new timestamped file
in the saves folder each run; the expert plays by the newest readable one
there, else by the file shipped in boardhub/assets, which that command made.
"""
from __future__ import annotations

import logging
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

from boardhub.core import saves
from boardhub.core.i18n import _
from boardhub.games.gomoku.patterns import FEATURE_NAMES, HAND_WEIGHTS, Weights

SCALE = 200  # evaluation units to one unit of log-odds: the units the weights are fitted in
KIND = "gomoku-weights"
FILE_PREFIX = "gomoku-weights-"
SHIPPED = "gomoku_weights.json"
log = logging.getLogger(__name__)
_cache: dict[str, Weights] = {}


def shipped_path() -> Path:
    """The weights shipped with boardhub."""
    return Path(str(resources.files("boardhub") / "assets" / SHIPPED))


def to_json(weights: Weights, made: dict[str, Any]) -> dict[str, Any]:
    """The file's content: the weights by feature name, and `made`, how they were made."""
    return {"mover": dict(zip(FEATURE_NAMES, weights.mover)), "waiter": dict(zip(FEATURE_NAMES, weights.waiter)),
            "tempo": weights.tempo, "made": made}


def from_json(data: dict[str, Any], source: str) -> Weights:
    """Checked: a hand-edited or damaged file raises SaveError rather than a bad AI."""
    try:
        mover = tuple(_whole(data["mover"][name]) for name in FEATURE_NAMES)
        waiter = tuple(_whole(data["waiter"][name]) for name in FEATURE_NAMES)
        tempo = _whole(data["tempo"])
    except (KeyError, TypeError, ValueError) as exc:
        log.warning("%s is not valid Gomoku weights: %r", source, exc)
        raise saves.SaveError(_("{name}: damaged: it is not Gomoku weights").format(name=source)) from None
    return Weights(mover, waiter, tempo, source)


def _whole(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{value!r} is not a whole number")
    return value


def load(path: Path, source: str | None = None) -> Weights:
    """One weights file; SaveError says why it cannot be used."""
    return from_json(saves.read_json(path, KIND), path.name if source is None else source)


def saved_files() -> list[Path]:
    """Weights made by `learn gomoku`, newest first (the name carries the time it was made)."""
    return sorted(saves.saves_dir().glob(f"{FILE_PREFIX}*.json"), reverse=True)


def default_weights() -> Weights:
    """What the expert plays by: the newest readable saved weights, else the shipped ones.

    Read once per saves folder and process. Unreadable files are logged by
    name and skipped, never overwritten; if even the shipped file cannot be
    read, the hand-set weights the tuning started from.
    """
    folder = str(saves.saves_dir())
    got = _cache.get(folder)
    if got is None:
        got = _cache[folder] = _find()
    return got


def _find() -> Weights:
    for path in saved_files():
        try:
            return load(path)
        except saves.SaveError as exc:
            log.warning("skipping %s", exc)
    try:
        return load(shipped_path(), source="shipped")
    except saves.SaveError as exc:
        log.warning("%s; playing by the hand-set weights", exc)
        return HAND_WEIGHTS


def save_new(weights: Weights, made: dict[str, Any]) -> Path:
    """Write `weights` to a new timestamped file in the saves folder; the expert plays by it from now on."""
    folder = saves.saves_dir()
    while True:
        path = folder / f"{FILE_PREFIX}{datetime.now():%Y%m%d-%H%M%S-%f}.json"
        if not path.exists():
            break
    saves.write_json(path, KIND, to_json(weights, made))
    _cache.pop(str(folder), None)
    return path
