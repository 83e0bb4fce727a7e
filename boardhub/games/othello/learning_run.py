"""Learning while playing, as the source does: each game is played by the boards the games before it taught.

`play_games` plays a run of games between two AIs and adds each to the
boards before the next one starts; a learned AI not tied to a named learning
plays by those boards. Used by `python -m boardhub learn othello`.
"""
from __future__ import annotations

import random
import time
from typing import Any, Callable, Sequence

from boardhub.core.ai import AISpec
from boardhub.core.game import get_game
from boardhub.games.othello.ai import PositionalAI
from boardhub.games.othello.engine import PASS, START, OthelloState, moves_mask, play
from boardhub.games.othello.learning import MAX_SNAPSHOTS, Learning, winner_of


def learns(spec: str) -> bool:
    """Whether the AI `spec` plays by the boards being learned: a learned AI not tied to a named learning."""
    parsed = AISpec.parse(spec)
    return parsed.name == "positional" and parsed.learning is None


def game_seed(seed: int, n: int) -> int:
    """The seed of game `n` (from 0) of a run: a run continued later plays the very games one long run plays."""
    return random.Random(f"{seed}/{n}").getrandbits(32)


def play_one(a: str, b: str, n: int, learning: Learning, seed: int = 0, limit: float = 0.0) -> list[int]:
    """Game `n` of a run (a is black in the even-numbered games), played by `learning` as it stands: its moves.

    A learned AI without a named learning of its own (`learns`) plays by
    `learning`, as the source's programs read the boards that the games before
    taught; any other AI is built as the arena builds it. `limit` is seconds a
    move, 0 for none (every search completes, so a run replays exactly).
    """
    game = get_game("othello")
    rng = random.Random(game_seed(seed, n))

    def build(spec: str) -> Any:
        if learns(spec):
            level = AISpec.parse(spec).level
            return PositionalAI(5 if level is None else level, learning=learning)
        return game.make_ai(spec, seed=rng.getrandbits(32))
    ai_a, ai_b = build(a), build(b)
    seats = (ai_a, ai_b) if n % 2 == 0 else (ai_b, ai_a)
    state, moves = START, []
    while True:
        legal = moves_mask(state.me, state.opp)
        if not legal:
            if not moves_mask(state.opp, state.me):
                return moves
            move = PASS
        else:
            deadline = time.monotonic() + limit if limit else float("inf")
            move = seats[state.player].choose(state, deadline)
            if not isinstance(move, int) or move == PASS or not legal >> move & 1:
                raise ValueError(f"{a if seats[state.player] is ai_a else b} played an illegal move {move!r}")
        moves.append(move)
        state = play(state, move)


def final_state(moves: Sequence[int]) -> OthelloState:
    state = START
    for move in moves:
        state = play(state, move)
    return state


def play_games(a: str, b: str, games: int, seed: int = 0, learning: Learning | None = None,
               limit: float = 0.0, on_game: Callable[[int, Learning], None] | None = None,
               snapshots: Sequence[int] = (), on_moves: Callable[[list[int]], None] | None = None) -> Learning:
    """Play AI `a` against AI `b` until `learning` (a fresh one by default) holds `games` games, learning as it goes.

    Each game is added to the boards before the next is played, and the next
    is played by them (`play_one`). Game n's seed comes from `seed` and n
    alone, so the same call learns the same boards, and a learning continued
    to more games (the same `learning`, a larger `games`) learns what one
    longer run would have. At each count in `snapshots` a copy of the boards is
    kept in `learning.snapshots`. `on_game(done, learning)` follows progress;
    `on_moves(moves)` sees each game's moves.
    """
    if learning is None:
        learning = Learning(players=f"{a} vs {b}", seed=seed)
    if not learning.a:
        learning.a, learning.b, learning.limit = a, b, limit
    learning.snapshot_at = sorted(set(learning.snapshot_at) | {n for n in snapshots if n > learning.games})
    if len(learning.snapshot_at) > MAX_SNAPSHOTS:
        raise ValueError(f"a learning keeps at most {MAX_SNAPSHOTS} snapshots")
    start = learning.games
    for n in range(start, games):
        moves = play_one(a, b, n, learning, seed, limit)
        learning.add_game(moves, winner_of(final_state(moves)))
        if learning.games in learning.snapshot_at and all(s.games != learning.games for s in learning.snapshots):
            learning.snapshots.append(learning.copy())
        if on_moves is not None:
            on_moves(moves)
        if on_game is not None:
            on_game(n + 1 - start, learning)
    return learning
