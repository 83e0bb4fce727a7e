"""A knockout bracket, as the source paper ended its experiments: each match best of N, the winner goes on.

The AIs are paired in the order given (1 v 2, 3 v 4, ...); when their number
is not a power of two, the first ones listed go through the first round
without playing (a bye). A match alternates who moves first, the first listed
moving first in its first game, and ends as soon as one side has won more than
half of `best_of` games. When the games run out level (draws, or one win each
for AIs that always play the same way), the match goes to the side with more
discs over its games, then to the one listed first: a bracket must name a
winner, and these rules are stated so that the result can be checked.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

from boardhub.core.arena import MAX_LIMIT, play_one
from boardhub.core.game import get_game
from boardhub.core.worker import ProcessWorker, Worker

MAX_BEST_OF = 99
MAX_PLAYERS = 64


@dataclass
class BracketMatch:
    """One match: its two sides (None: a bye), each game's winner (0, 1 or None for a draw) and disc margin."""

    a: str
    b: str | None
    games: list[tuple[int | None, int]] = field(default_factory=list)  # (winning side, a's discs minus b's)

    @property
    def wins(self) -> tuple[int, int]:
        return (sum(w == 0 for w, _m in self.games), sum(w == 1 for w, _m in self.games))

    @property
    def margin(self) -> int:
        return sum(m for _w, m in self.games)

    @property
    def winner(self) -> str:
        if self.b is None:
            return self.a
        a, b = self.wins
        if a != b:
            return self.a if a > b else self.b
        return self.b if self.margin < 0 else self.a  # level: more discs, then the one listed first

    def line(self) -> str:
        if self.b is None:
            return f"{self.a} goes through (bye)"
        a, b = self.wins
        draws = len(self.games) - a - b
        return (f"{self.a} {a}-{b} {self.b}: {self.winner} goes through "
                f"({len(self.games)} games, {draws} drawn, discs {self.margin:+d} for {self.a})")


@dataclass
class BracketResult:
    game: str
    players: list[str]
    best_of: int
    rounds: list[list[BracketMatch]] = field(default_factory=list)

    @property
    def champion(self) -> str:
        return self.rounds[-1][0].winner

    def text(self) -> str:
        """The bracket drawn in plain characters, then each match's result."""
        need = math.ceil((self.best_of + 1) / 2)
        lines = [f"BRACKET {self.game}: {len(self.players)} AIs, best of {self.best_of} "
                 f"(first to {need} wins; level: more discs, then the one listed first)"]
        lines += draw(self)
        for r, matches in enumerate(self.rounds, 1):
            for m in matches:
                lines.append(f"round {r}: {m.line()}")
        lines.append(f"CHAMPION {self.champion}")
        return "\n".join(lines)


def first_round(players: Sequence[str]) -> list[tuple[str, str | None]]:
    """The first round's pairs: byes for the first listed, so that the rest fill a power of two."""
    size = 1 << max(1, math.ceil(math.log2(len(players))))
    byes = size - len(players)
    pairs: list[tuple[str, str | None]] = [(p, None) for p in players[:byes]]
    rest = list(players[byes:])
    pairs += [(rest[i], rest[i + 1]) for i in range(0, len(rest), 2)]
    return pairs


def play_match(game_key: str, match: BracketMatch, best_of: int, seed: int, limit: float, options: dict | None,
               referee: bool, worker: Worker) -> None:
    """Play `match` until one side has won more than half of `best_of` games or all are played."""
    need = best_of // 2 + 1
    players = (match.a, match.b)
    for n in range(best_of):
        played = play_one(game_key, players, n, limit, seed, options, referee, worker)
        a_seat = played.a_seat
        out = played.outcome
        side = None if out.winner is None else (0 if out.winner == a_seat else 1)
        margin = out.scores[a_seat] - out.scores[1 - a_seat] if len(out.scores) == 2 else 0
        match.games.append((side, margin))
        if max(match.wins) >= need:
            return


def play_bracket(game_key: str, players: Sequence[str], best_of: int = 3, limit: float = 0.5, seed: int = 0,
                 options: dict | None = None, referee: bool = True, worker: Worker | None = None,
                 on_match: Callable[[int, BracketMatch], None] | None = None) -> BracketResult:
    """The whole knockout: every match in order, each with its own seeds; `on_match(round, match)` follows it."""
    players = list(players)
    if not 2 <= len(players) <= MAX_PLAYERS or len(set(players)) != len(players):
        raise ValueError(f"a bracket needs 2 to {MAX_PLAYERS} different AIs")
    if not (1 <= best_of <= MAX_BEST_OF and best_of % 2):
        raise ValueError(f"--best-of is an odd number from 1 to {MAX_BEST_OF}, not {best_of}")
    if not (math.isfinite(limit) and 0 < limit <= MAX_LIMIT):
        raise ValueError(f"a move limit is above 0 and at most {MAX_LIMIT:g} seconds, not {limit}")
    game = get_game(game_key)
    if game.rules.num_players(options or {}) != 2:
        raise ValueError(f"{game.title} with these options is not a game of two")
    for spec in players:  # a bad name fails here, before any game starts
        game.make_ai(spec)
    result = BracketResult(game_key, players, best_of)
    own = worker is None
    worker = worker or ProcessWorker()
    try:
        pairs: list[tuple[str, str | None]] = first_round(players)
        number = 0
        while True:
            matches = []
            for a, b in pairs:
                m = BracketMatch(a, b)
                if b is not None:
                    play_match(game_key, m, best_of, seed + number * best_of, limit, options, referee, worker)
                    number += 1
                matches.append(m)
                if on_match is not None:
                    on_match(len(result.rounds) + 1, m)
            result.rounds.append(matches)
            if len(matches) == 1:
                return result
            winners = [m.winner for m in matches]
            pairs = [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
    finally:
        if own:
            worker.close()


def draw(result: BracketResult) -> list[str]:
    """The bracket as lines of plain characters: each round a column, a match's winner between its two sides.

    Entries of the first round sit on every other line; a match's winner sits
    on the line midway between its two sides, joined to them by '+' and '|'.
    """
    def entry(name: str | None, score: str) -> str:
        return "(bye)" if name is None else f"{name} {score}".rstrip()
    first = result.rounds[0]
    labels = [entry(n, s) for m in result.rounds[0] for n, s in
              ((m.a, str(m.wins[0]) if m.b else ""), (m.b, str(m.wins[1]) if m.b else ""))]
    for r, matches in enumerate(result.rounds[1:], 1):
        labels += [entry(n, str(w)) for m in matches for n, w in ((m.a, m.wins[0]), (m.b, m.wins[1]))]
    labels.append(f"{result.champion}  CHAMPION")
    width = max(len(s) for s in labels) + 3
    column = width + 3
    height = 4 * len(first) - 1
    grid = [[" "] * (column * (len(result.rounds) + 1)) for _ in range(height)]

    def put(row: int, col: int, text: str) -> None:
        for i, ch in enumerate(text):
            grid[row][col + i] = ch

    rows = []  # the rows of the sides of this round's matches, two a match
    for i, m in enumerate(first):
        rows += [4 * i, 4 * i + 2]
    for r, matches in enumerate(result.rounds):
        x = r * column
        winners_rows = []
        for i, m in enumerate(matches):
            top, bottom = rows[2 * i], rows[2 * i + 1]
            sides = ((m.a, m.wins[0]), (m.b, m.wins[1]))
            for row, (name, won) in zip((top, bottom), sides):
                text = entry(name, str(won) if m.b is not None else "")
                put(row, x, text + " " + "-" * (width - len(text) - 1) + "+")
            for row in range(top + 1, bottom):
                grid[row][x + width] = "|"
            mid = (top + bottom) // 2
            grid[mid][x + width] = "+"
            put(mid, x + width + 1, "--")
            winners_rows.append(mid)
        rows = winners_rows
    put(rows[0], len(result.rounds) * column, f"{result.champion}  CHAMPION")
    return ["".join(line).rstrip() for line in grid]
