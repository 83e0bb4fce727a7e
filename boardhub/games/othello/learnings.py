"""Named learnings of the "feng shui" AI: where they live, which one the app plays by, how alike two are.

A learning (learning.py) is kept by name in the saves folder's
`othello-learnings/NAME.json`, snapshots of its boards inside it. A learning is
referred to by its name, a snapshot by "NAME#GAMES" (the boards after that many
games), the learning shipped with boardhub as "shipped", and the newest file of
an older boardhub as "older". A name is letters,
digits, '-' and '_' only (`REF`, shared with the AI specs in core/ai.py), so no
name can reach a file outside that folder.

Which learning the app's learned AI plays by is the player's choice
(`set_default`, kept in `othello-learnings.json`): a `learn` run does not change
it by itself. Without a choice it is, as before named learnings, the newest
file of an older boardhub's, else the shipped one.

`similarity` is how alike two learnings' boards are: the Pearson correlation of
the 64 weights of the put boards, the same of the eat boards, and their mean.
A correlation ignores the boards' scale, so a learning of 900 games compares
with one of 100,000.

The source's own file ("random vs random.txt") holds 8 rows of the put board,
8 rows of the eat board, then "win lose draw": `read_txt` and `write_txt`.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from boardhub.core import files, saves
from boardhub.core.ai import LEARNING_REF
from boardhub.core.i18n import N_, _
from boardhub.games.othello import learning as learned
from boardhub.games.othello.learning import KIND, SHIPPED, Learning

FOLDER = "othello-learnings"
CHOICE_FILE = "othello-learnings.json"
CHOICE_KIND = "othello-learning-choice"
SHIPPED_NAME = "shipped"  # the reference of the shipped learning; no saved learning may take it
# the newest learning file of an older boardhub (one timestamped file a run, games played in the app
# added to it): listed while there is one, and what the app plays by until the player chooses
OLDER_NAME = "older"
RESERVED = (SHIPPED_NAME, OLDER_NAME)
MAX_TXT_BYTES = 64 << 10  # the source's file is about 1 kB


def folder() -> Path:
    return saves.saves_dir() / FOLDER


def check_name(name: str) -> str:
    """`name` if a learning may be called so, else ValueError: the name becomes a file name in `folder()`."""
    if not isinstance(name, str) or not LEARNING_REF.fullmatch(name) or "#" in name:
        raise ValueError(_("a learning's name is 1 to 40 letters, digits, '-' or '_', not '{name}'").format(
            name=files.clean_text(str(name), limit=60)))
    if name in RESERVED:
        raise ValueError(_("'{name}' names a learning boardhub keeps itself; choose another name").format(name=name))
    return name


def path_of(name: str) -> Path:
    """The file of the learning `name` (checked: never outside `folder()`)."""
    return folder() / f"{check_name(name)}.json"


def names() -> list[str]:
    """The saved learnings' names, in alphabetical order (files with other names are not learnings)."""
    if not folder().is_dir():
        return []
    found = [p.stem for p in folder().glob("*.json") if LEARNING_REF.fullmatch(p.stem) and "#" not in p.stem
             and p.stem not in RESERVED]
    return sorted(found, key=str.casefold)


def shipped() -> Learning:
    return learned.load(learned.default_path(), source=SHIPPED)


def exists(name: str) -> bool:
    if name == OLDER_NAME:
        return bool(learned.learning_files())
    return name == SHIPPED_NAME or path_of(name).is_file()


def load(name: str) -> Learning:
    """The learning `name`; SaveError says why it cannot be used (gone, damaged, not a learning)."""
    if name == SHIPPED_NAME:
        return shipped()
    if name == OLDER_NAME:
        found = learned.newest_saved()
        if found is None:
            raise saves.SaveError(_("no learning of an older boardhub can be read"))
        found[0].source = OLDER_NAME
        return found[0]
    return learned.load(path_of(name), source=name)


def resolve(ref: str) -> Learning:
    """A learning ("NAME"), one of its snapshots ("NAME#400") or the shipped one ("shipped"); ValueError in words."""
    if not isinstance(ref, str) or not LEARNING_REF.fullmatch(ref):
        raise ValueError(_("no learning called '{name}'").format(name=files.clean_text(str(ref), limit=60)))
    name, _sep, games = ref.partition("#")
    if not exists(name):
        raise ValueError(_("no learning called '{name}'").format(name=name))
    whole = load(name)
    if not games:
        return whole
    for snap in whole.snapshots:
        if snap.games == int(games):
            snap.source = ref
            return snap
    if whole.games == int(games):
        return whole
    raise ValueError(_("the learning '{name}' has no snapshot after {games} games").format(name=name, games=games))


def refs() -> list[str]:
    """Every learning and snapshot that can be shown or compared: "shipped", then each name and its snapshots."""
    out = [SHIPPED_NAME] + ([OLDER_NAME] if learned.learning_files() else [])
    for name in names():
        out.append(name)
        try:
            snaps = load(name).snapshots
        except saves.SaveError:
            continue
        out.extend(f"{name}#{s.games}" for s in snaps)
    return out


def save(name: str, learning: Learning) -> Path:
    path = path_of(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    saves.write_json(path, KIND, learning.to_json())
    learning.source = name
    return path


# ---------------------------------------------------------------------------- the app's learning
def default_name() -> str | None:
    """The learning the player chose for the app ("shipped" included), or None when none was chosen."""
    path = saves.saves_dir() / CHOICE_FILE
    if not path.exists():
        return None
    try:
        name = saves.read_json(path, CHOICE_KIND).get("default")
    except saves.SaveError:
        return None
    return name if isinstance(name, str) and LEARNING_REF.fullmatch(name) and "#" not in name else None


def set_default(name: str) -> None:
    """Make `name` ("shipped" and "older" included) the learning the app's learned AI plays by."""
    if name != SHIPPED_NAME:
        load(name)  # SaveError for one that cannot be read: never chosen
    saves.saves_dir().mkdir(parents=True, exist_ok=True)
    saves.write_json(saves.saves_dir() / CHOICE_FILE, CHOICE_KIND, {"default": name})


def app_learning() -> Learning:
    """What the learned AI plays by when no learning is named: the player's choice, else as before."""
    name = default_name()
    if name is not None:
        try:
            return load(name)
        except saves.SaveError as exc:
            learned.log.warning("the chosen learning cannot be read: %s", exc)
    try:
        return load(OLDER_NAME)
    except saves.SaveError:
        return shipped()


def learn_from_game(moves: list[int], winner: int | None) -> Path:
    """A game played in the app adds to the learning the app plays by (a copy of the shipped one, never it)."""
    name = default_name()
    if name is None or name in RESERVED or not path_of(name).is_file():  # shipped: a copy, as before
        return learned.learn_from_game(moves, winner)
    chosen = load(name)
    chosen.add_game(moves, winner)
    return save(name, chosen)


# ---------------------------------------------------------------------------- how alike
@dataclass(frozen=True)
class Similarity:
    """Pearson correlations of the put boards and of the eat boards (None where a board is flat), and their mean."""

    put: float | None
    eat: float | None

    @property
    def mean(self) -> float | None:
        both = [v for v in (self.put, self.eat) if v is not None]
        return sum(both) / len(both) if both else None

    def line(self) -> str:
        def f(v: float | None) -> str:
            return "n/a" if v is None else f"{v:+.3f}"
        return f"put={f(self.put)} eat={f(self.eat)} mean={f(self.mean)}"


def correlation(x: list[int], y: list[int]) -> float | None:
    """Pearson's r of two boards' 64 weights; None when either board has the same weight everywhere."""
    n = len(x)
    mx, my = sum(x) / n, sum(y) / n
    dx, dy = [v - mx for v in x], [v - my for v in y]
    sxx, syy = sum(v * v for v in dx), sum(v * v for v in dy)
    if not sxx or not syy:
        return None
    return max(-1.0, min(1.0, sum(a * b for a, b in zip(dx, dy)) / math.sqrt(sxx * syy)))


def similarity(a: Learning, b: Learning) -> Similarity:
    return Similarity(correlation(a.put, b.put), correlation(a.eat, b.eat))


SIMILARITY_METHOD = N_("The similarity is the Pearson correlation of the 64 weights of the two put boards, the same of "
                       "the two eat boards, and their mean; 1 is the same shape, 0 unrelated, -1 opposite. It "
                       "ignores scale, so boards of 900 games compare with boards of 100,000.")


# ---------------------------------------------------------------------------- the source's file
def write_txt(path: Path, learning: Learning) -> None:
    """The source's "random vs random.txt": 8 rows of the put board, a blank line, 8 rows of the eat board,
    a blank line, then "win lose draw".

    The source's program moves its 2p first and counts wins from its 1p, the
    second to move: its win is white's, its loss black's (its boards count
    for winners and losers alike, so they are boardhub's as they are). Rows
    are written row 1 first, columns a to h, as boardhub's files hold them.
    """
    def rows(board: list[int]) -> list[str]:
        return ["    ".join(str(v) for v in board[8 * r:8 * r + 8]) for r in range(8)]
    lines = rows(learning.put) + [""] + rows(learning.eat) + [""]
    lines.append(f"{learning.white_wins} {learning.black_wins} {learning.draws}")
    saves.atomic_write_text(Path(path), "\n".join(lines) + "\n")


def read_txt(path: Path, name: str = "") -> Learning:
    """A learning from the source's file (see `write_txt`); SaveError names the file and says what is wrong."""
    shown = saves.file_name(Path(path))
    try:
        text = files.read_bytes(path, MAX_TXT_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise saves.SaveError(_("{name}: the file is gone").format(name=shown)) from None
    except OSError as exc:
        raise saves.SaveError(_("{name}: it cannot be read ({why})").format(name=shown, why=saves.refusal(exc))) from None
    except files.Unreadable as exc:
        raise saves.SaveError(_("{name}: {why}").format(name=shown, why=exc)) from None
    except UnicodeDecodeError:
        raise saves.SaveError(_("{name}: not the source's learning file (it is not text)").format(name=shown)) from None
    words = text.split()
    if len(words) != 131 or not all(re.fullmatch(r"-?[0-9]{1,12}", w) for w in words):
        raise saves.SaveError(_("{name}: not the source's learning file: it must hold 64 numbers of the put "
                                "board, 64 of the eat board, then wins, losses and draws").format(name=shown))
    numbers = [int(w) for w in words]
    white, black, draws = numbers[128:]
    if min(white, black, draws) < 0:
        raise saves.SaveError(_("{name}: not the source's learning file: a count of games below 0").format(name=shown))
    return Learning(numbers[:64], numbers[64:128], white + black + draws, black, white, draws,
                    source=name or shown)
