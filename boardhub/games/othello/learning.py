"""The source's learning for its "feng shui" AI: the put board and the eat board.

The source (an Othello research paper) lets two AIs play many games and, after
each game, adds to two 8 x 8 boards:

- the put board: +1 on every square the winner played, -1 on every square the
  loser played (REMEMBER / ANALYSIS in the source);
- the eat board: +1 on every square where the winner captured a disc, -1 where
  the loser captured one, once per capture.

A draw adds nothing. After 100,000 random-vs-random games the put board is
highest in the corners and lowest next to them; the eat board is 0 in the
corners (a corner disc can never be captured). The positional AI plays by these
boards, so the boards are learned data worth keeping: a `learn` run writes a
named learning (learnings.py), and the app may keep adding the games played in
it (`learn_from_game`). Files of older boardhubs (one timestamped file a run)
are still read: the newest is the app's learning until the player picks one.

The source learns while it plays: each game is played by the boards that the
games before it taught (learning_run.py rebuilds a learned AI after every game),
so the boards after N games are exactly those of the N games replayed one by
one (a test checks it).

Boards are lists of 64 ints indexed by square (8 * row + col, a1 = 0), as the
engine's bitboards are; on disk they are written as 8 rows, row 1 first.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Sequence

from boardhub.core import saves
from boardhub.core.progress import progress_bar
from boardhub.core.i18n import _
from boardhub.games.othello.engine import BLACK, PASS, START, WHITE, OthelloState, flips, moves_mask, play

KIND = "othello-learning"
FILE_PREFIX = "othello-learning-"
log = logging.getLogger(__name__)
SHIPPED = "shipped default"  # the source named for the learning shipped with boardhub
MAX_SNAPSHOTS = 1000  # copies of the boards one learning keeps (each about 1 kB on disk)


@dataclass
class Learning:
    """Put and eat boards accumulated over `games` finished games."""

    put: list[int] = field(default_factory=lambda: [0] * 64)
    eat: list[int] = field(default_factory=lambda: [0] * 64)
    games: int = 0
    black_wins: int = 0
    white_wins: int = 0
    draws: int = 0
    players: str = ""  # who played the games, e.g. "random vs random"
    seed: int | None = None  # the seed of a `learn` run, so it can be reproduced
    source: str = ""  # where it was read from (a file name or SHIPPED); not saved
    # a named learning's run, so that it can be continued: its AIs, move limit (0: none) and the
    # game counts at which a copy of the boards is kept (`snapshots`, oldest first)
    a: str = ""
    b: str = ""
    limit: float = 0.0
    snapshot_at: list[int] = field(default_factory=list)
    snapshots: list["Learning"] = field(default_factory=list)

    def copy(self) -> "Learning":
        """The boards and counts alone (no snapshots): what a snapshot keeps."""
        return Learning(list(self.put), list(self.eat), self.games, self.black_wins, self.white_wins, self.draws,
                        self.players, self.seed, self.source)

    def add_game(self, moves: Sequence[int], winner: int | None) -> None:
        """Add one finished game: `moves` from the start (PASS included), `winner` BLACK, WHITE or None."""
        if winner not in (BLACK, WHITE, None):
            raise ValueError(f"winner must be BLACK (0), WHITE (1) or None for a draw, not {winner!r}")
        updates: list[tuple[int, int, int]] = []  # (mover, square, flipped discs)
        state = START
        for n, move in enumerate(moves):
            legal = moves_mask(state.me, state.opp)
            if move == PASS:
                if legal:
                    raise ValueError(f"move {n + 1}: pass while a move was possible")
            elif not isinstance(move, int) or not 0 <= move < 64 or not legal >> move & 1:
                raise ValueError(f"move {n + 1}: {move!r} is not a legal move")
            else:
                updates.append((state.player, move, flips(state.me, state.opp, move)))
            state = play(state, move)
        self.games += 1
        if winner is None:
            self.draws += 1
            return
        if winner == BLACK:
            self.black_wins += 1
        else:
            self.white_wins += 1
        for mover, sq, captured in updates:
            sign = 1 if mover == winner else -1
            self.put[sq] += sign
            while captured:
                low = captured & -captured
                self.eat[low.bit_length() - 1] += sign
                captured ^= low

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"games": self.games, "black_wins": self.black_wins, "white_wins": self.white_wins,
                                "draws": self.draws, "players": self.players, "seed": self.seed,
                                "put": _rows(self.put), "eat": _rows(self.eat)}
        if self.a or self.b:
            data.update(a=self.a, b=self.b, limit=self.limit)
        if self.snapshot_at or self.snapshots:
            data["snapshot_at"] = list(self.snapshot_at)
            data["snapshots"] = [{k: v for k, v in snap.to_json().items() if k not in ("players", "seed")}
                                 for snap in self.snapshots]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], source: str = "") -> "Learning":
        """Checked: a hand-edited or damaged file raises SaveError rather than a bad AI."""
        try:
            put, eat = _squares(data["put"]), _squares(data["eat"])
            counts = [int(data[k]) for k in ("games", "black_wins", "white_wins", "draws")]
            # fields of a named learning's run; a file written before them has none
            a, b, limit = str(data.get("a", "")), str(data.get("b", "")), float(data.get("limit", 0.0))
            at = [int(n) for n in data.get("snapshot_at", [])]
            snaps = [(_squares(d["put"]), _squares(d["eat"]),
                      [int(d[k]) for k in ("games", "black_wins", "white_wins", "draws")])
                     for d in data.get("snapshots", [])]
            if any(n < 0 for n in counts + at) or not 0 <= limit <= 3600 or len(at) > MAX_SNAPSHOTS \
                    or len(snaps) > MAX_SNAPSHOTS:
                raise ValueError("counts, snapshots or limit out of range")
        except (KeyError, TypeError, ValueError, AttributeError) as exc:  # what is wrong in it is for the log
            log.warning("%s is not valid Othello learning: %r", source or "the learning", exc)
            raise saves.SaveError(_("{name}: damaged: it is not Othello learning").format(
                name=source or _("the learning"))) from None
        seed = data.get("seed")
        players = str(data.get("players", ""))
        seed = seed if isinstance(seed, int) else None
        return cls(put, eat, *counts, players=players, seed=seed, source=source, a=a, b=b, limit=limit,
                   snapshot_at=at, snapshots=[cls(p, e, *c, players=players, seed=seed, source=source)
                                              for p, e, c in snaps])


def _rows(board: list[int]) -> list[list[int]]:
    return [board[8 * r:8 * r + 8] for r in range(8)]


def _squares(rows: Any) -> list[int]:
    if len(rows) != 8 or any(len(r) != 8 for r in rows):
        raise ValueError("a board must be 8 rows of 8 numbers")
    out = [v for r in rows for v in r]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in out):
        raise ValueError("board values must be whole numbers")
    return out


def winner_of(state: OthelloState) -> int | None:
    """Most discs wins, as in the source's WHO_WIN."""
    b, w = state.counts()
    return BLACK if b > w else WHITE if w > b else None


def default_path() -> Path:
    """The learning shipped with boardhub: 100,000 random-vs-random games (seed 0)."""
    return Path(str(resources.files("boardhub") / "assets" / "othello_learned.json"))


def learning_files() -> list[Path]:
    """Saved learnings, newest first (the name carries the time it was made)."""
    return sorted(saves.saves_dir().glob(f"{FILE_PREFIX}*.json"), reverse=True)


def newest_saved() -> tuple[Learning, Path] | None:
    """The newest readable learning in the saves folder and its file, or None.

    Unreadable files are logged by name and skipped, never overwritten.
    """
    for path in learning_files():
        try:
            return load(path), path
        except saves.SaveError as exc:
            log.warning("skipping %s", exc)
    return None


def newest_learning() -> Learning:
    """What the positional AI plays by: the newest saved learning, else the shipped default."""
    found = newest_saved()
    return found[0] if found else load(default_path(), source=SHIPPED)


def load(path: Path, source: str | None = None) -> Learning:
    """One learning file; SaveError says why it cannot be used."""
    return Learning.from_json(saves.read_json(path, KIND), source=path.name if source is None else source)


def save_new(learning: Learning) -> Path:
    """Write `learning` to a new timestamped file in the saves folder."""
    folder = saves.saves_dir()
    while True:
        path = folder / f"{FILE_PREFIX}{datetime.now():%Y%m%d-%H%M%S-%f}.json"
        if not path.exists():
            break
    saves.write_json(path, KIND, learning.to_json())
    learning.source = path.name
    return path


def learn_from_game(moves: Sequence[int], winner: int | None) -> Path:
    """Add a game played in the app to the newest learning, for "keep learning from my games".

    `moves` are the game's moves from the start (squares, PASS included) and
    `winner` BLACK, WHITE or None. The newest saved learning is updated in
    place; if there is none, the shipped default is copied into a new file
    first, so the shipped asset itself never changes. Returns the file written.
    A move list that is not a legal game raises ValueError and writes nothing.
    """
    found = newest_saved()
    learning = found[0] if found else load(default_path(), source=SHIPPED)
    learning.add_game(moves, winner)
    if found is None:
        return save_new(learning)
    saves.write_json(found[1], KIND, learning.to_json())
    return found[1]


def progress_printer(total: int) -> Callable[[int, Learning], None]:
    """A progress bar on stderr, redrawn about 200 times over the run."""
    started = time.monotonic()
    step = max(1, total // 200)

    def show(done: int, learning: Learning) -> None:
        if done % step and done != total:
            return
        progress_bar(done, total, f"black={learning.black_wins} draws={learning.draws} white={learning.white_wins}",
                     time.monotonic() - started)
    return show
