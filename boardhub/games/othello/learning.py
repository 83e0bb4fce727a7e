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
boards, so the boards are learned data worth keeping: each `learn` run writes a
new timestamped file in the saves folder, the AI reads the newest, and the app
may keep adding the games played in it (`learn_from_game`).

Boards are lists of 64 ints indexed by square (8 * row + col, a1 = 0), as the
engine's bitboards are; on disk they are written as 8 rows, row 1 first.
"""
from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass, field
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Sequence

from boardhub.core import saves
from boardhub.core.progress import progress_bar
from boardhub.core.game import get_game
from boardhub.core.i18n import _
from boardhub.games.othello.engine import BLACK, PASS, START, WHITE, OthelloState, flips, moves_mask, play

KIND = "othello-learning"
FILE_PREFIX = "othello-learning-"
log = logging.getLogger(__name__)
SHIPPED = "shipped default"  # the source named for the learning shipped with boardhub


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
        return {"games": self.games, "black_wins": self.black_wins, "white_wins": self.white_wins,
                "draws": self.draws, "players": self.players, "seed": self.seed,
                "put": _rows(self.put), "eat": _rows(self.eat)}

    @classmethod
    def from_json(cls, data: dict[str, Any], source: str = "") -> "Learning":
        """Checked: a hand-edited or damaged file raises SaveError rather than a bad AI."""
        try:
            put, eat = _squares(data["put"]), _squares(data["eat"])
            counts = [int(data[k]) for k in ("games", "black_wins", "white_wins", "draws")]
        except (KeyError, TypeError, ValueError) as exc:  # what is wrong in it is for the log
            log.warning("%s is not valid Othello learning: %r", source or "the learning", exc)
            raise saves.SaveError(_("{name}: damaged: it is not Othello learning").format(
                name=source or _("the learning"))) from None
        seed = data.get("seed")
        return cls(put, eat, *counts, players=str(data.get("players", "")),
                   seed=seed if isinstance(seed, int) else None, source=source)


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


def play_games(a: str, b: str, games: int, seed: int = 0, learning: Learning | None = None,
               limit: float = 0.5, on_game: Callable[[int, Learning], None] | None = None) -> Learning:
    """Play `games` games of AI `a` against AI `b` and add each to `learning` (a fresh one by default).

    `a` plays black in the even-numbered games. Both AIs are built once from
    `seed`, so the same call learns the same boards. `on_game(done, learning)`
    follows progress.
    """
    game = get_game("othello")
    rng = random.Random(seed)
    ai_a, ai_b = game.make_ai(a, seed=rng.getrandbits(32)), game.make_ai(b, seed=rng.getrandbits(32))
    learning = learning if learning is not None else Learning(players=f"{a} vs {b}", seed=seed)
    for n in range(games):
        seats = (ai_a, ai_b) if n % 2 == 0 else (ai_b, ai_a)
        state, moves = START, []
        while True:
            legal = moves_mask(state.me, state.opp)
            if not legal:
                if not moves_mask(state.opp, state.me):
                    break
                move = PASS
            else:
                move = seats[state.player].choose(state, time.monotonic() + limit)
                if not isinstance(move, int) or move == PASS or not legal >> move & 1:
                    raise ValueError(f"{a if seats[state.player] is ai_a else b} played an illegal move {move!r}")
            moves.append(move)
            state = play(state, move)
        learning.add_game(moves, winner_of(state))
        if on_game is not None:
            on_game(n + 1, learning)
    return learning


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
