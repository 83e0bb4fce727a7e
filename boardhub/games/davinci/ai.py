"""The AIs of Da Vinci Code: a beginner ("easy") and the source's computer ("seed").

Both see only their seat's `DavinciView`: their own tiles, face-up tiles,
the colours of hidden tiles and the public history. Every decision is a
function of that view and the AI's seeded random generator, so two games
that differ only in numbers the seat cannot see get the same moves.

The source's computer (the term-project report's guess(), weight_init(),
weight_add(), did_USER_lie() and choiceColor_COM()), for 2-4 players:

- Candidates: for every hidden tile of every opponent, the values left
  after elimination by colour, by the face-up tiles and the AI's own tiles
  (every tile is unique), by order (a face-up number to the left bounds the
  tile from below, one to the right from above) and by calls already found
  wrong on that tile.
- Memory: a queue of each opponent's last calls (MEMORY: longer at "hard").
  People rarely call a number they hold, so a candidate that its owner
  called after the tile reached their rack weighs (100 - r) / n, any other
  r / n, with n the tile's candidates and r the owner's reliability. A tile
  with one candidate left is certain and weighs 100.
- Reliability: every opponent starts at TRUST. When one of their tiles is
  revealed, a remembered call of that very tile made while they held it is
  a bluff: r falls by FALL; a reveal that exposes no bluff raises r by RISE.
- Guessing: the heaviest (tile, value); after a right call the AI goes on
  only if the heaviest weight left reaches LEAST_SCORE_TO_GUESS.
- Drawing: the colour it holds less of (white on a tie, as the source).
- Placing: a joker between two equal numbers (black 4, white 4) or two
  consecutive ones (4, 5), where opponents find it hardest to read; else,
  and for a number that borders a joker, a random allowed slot.
- Revealing its own tile (empty piles, wrong call; the source has no such
  rule): the tile the public information pins down most, which tells the
  others least.
"""
from __future__ import annotations

import random
from collections import deque

from boardhub.games.davinci.engine import BLACK, JOKER, WHITE, DavinciView, Move
from boardhub.games.davinci.moves import Guess, Guessed, Phase, Place, Reveal, Revealed, Stop, entry_times, routine_move

LEVELS = ("normal", "hard")
MEMORY = {"normal": 4, "hard": 12}  # calls remembered per opponent
TRUST = 70  # starting reliability, out of 100
FALL = 20
RISE = 2
LEAST_SCORE_TO_GUESS = 40
CERTAIN = 100


def held(view: DavinciView) -> set[tuple[int, int]]:
    """The tiles this seat can see: its own, its drawn tile and every face-up tile."""
    seen = {(t.colour, t.value) for rack in view.racks for t in rack if t.value is not None}
    if view.hand is not None and view.hand[1] is not None:
        seen.add(view.hand)
    return seen


def possible_values(view: DavinciView, target: int, index: int, seen: set[tuple[int, int]]) -> list[int]:
    """The public candidates of a hidden tile less the tiles this seat can see."""
    colour = view.racks[target][index].colour
    return [v for v in view.candidates(target, index) if (colour, v) not in seen]


def opponents_hidden(view: DavinciView) -> list[tuple[int, int]]:
    """(seat, index) of every hidden tile of the other players, in seat and rack order."""
    return [(s, i) for s in range(view.players) if s != view.to_move for i in view.hidden(s)]


class EasyAI:
    """A beginner: a random value still possible for a random hidden tile; stops after one right call."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: DavinciView, deadline: float) -> Move:
        phase = view.phase
        if phase is Phase.DRAW:
            return self.rng.choice(view.legal_moves())
        if phase is Phase.PLACE:
            return Place(self.rng.choice(view.slots))
        if phase is Phase.CONTINUE:
            return Stop()
        if phase is Phase.REVEAL:
            return Reveal(self.rng.choice(view.hidden(view.to_move)))
        seen = held(view)
        target, index = self.rng.choice(opponents_hidden(view))
        return Guess(target, index, self.rng.choice(possible_values(view, target, index, seen)))


class SeedAI:
    """The source's computer: weighted candidates, a memory of calls and a reliability per opponent."""

    def __init__(self, level: str = "normal", seed: int | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"seed levels are {', '.join(LEVELS)}, not {level!r}")
        self.memory = MEMORY[level]
        self.rng = random.Random(seed)

    def choose(self, view: DavinciView, deadline: float) -> Move:
        routine = routine_move(self, view)
        if routine is not None:
            return routine
        phase = view.phase
        weights = self.weights(view)
        best = max(w for w, _ in weights)
        if phase is Phase.CONTINUE and best < LEAST_SCORE_TO_GUESS:
            return Stop()
        return self.rng.choice([move for w, move in weights if w == best])

    # ------------------------------------------------------------------ turn steps
    def draw_colour(self, view: DavinciView) -> int:
        """choiceColor_COM: the colour it holds less of, so its rack is harder to read."""
        if not view.piles[BLACK]:
            return WHITE
        if not view.piles[WHITE]:
            return BLACK
        rack = view.racks[view.to_move]
        blacks = sum(t.colour == BLACK for t in rack)
        return WHITE if blacks >= len(rack) - blacks else BLACK

    def place_slot(self, view: DavinciView) -> int:
        """A joker between equal or consecutive numbers when it can; else a random allowed slot."""
        if view.hand[1] == JOKER:
            rack = view.racks[view.to_move]
            snug = [s for s in view.slots if 0 < s < len(rack)
                    and JOKER not in (rack[s - 1].value, rack[s].value)
                    and rack[s].value - rack[s - 1].value in (0, 1)]
            if snug:
                return self.rng.choice(snug)
        return self.rng.choice(view.slots)

    def reveal_index(self, view: DavinciView) -> int:
        """The own hidden tile with the fewest public candidates: revealing it tells the least."""
        seat = view.to_move
        hidden = view.hidden(seat)
        return min(hidden, key=lambda i: len(view.candidates(seat, i)))

    # ------------------------------------------------------------------ inference
    def weights(self, view: DavinciView) -> list[tuple[float, Move]]:
        """weight_init + weight_add: every (tile, value) guess with its weight."""
        seen = held(view)
        trust, calls = self.reliability(view)
        entered = entry_times(view.history)
        out = []
        for target, index in opponents_hidden(view):
            tile = view.racks[target][index]
            values = possible_values(view, target, index, seen)
            if len(values) == 1:
                out.append((CERTAIN, Guess(target, index, values[0])))
                continue
            r = trust[target]
            called = {v for c, v, when in calls[target] if c == tile.colour and when > entered.get(tile.uid, -1)}
            for v in values:
                out.append(((100 - r if v in called else r) / len(values), Guess(target, index, v)))
        return out

    def reliability(self, view: DavinciView) -> tuple[list[int], list[deque]]:
        """Each player's reliability and remembered calls, replayed from the public history.

        Calls are (colour, value, event number). A revealed tile that its
        owner had called while holding it exposes a bluff (did_USER_lie).
        """
        n = view.players
        trust = [TRUST] * n
        calls: list[deque] = [deque(maxlen=self.memory) for _ in range(n)]
        colour = {t.uid: t.colour for rack in view.racks for t in rack}
        entered = entry_times(view.history)
        for when, event in enumerate(view.history):
            if isinstance(event, Guessed):
                calls[event.seat].append((colour[event.uid], event.value, when))
                if event.right:
                    trust[event.target] = self._judge(trust[event.target], calls[event.target], colour[event.uid],
                                                      event.value, entered.get(event.uid, -1))
            elif isinstance(event, Revealed):
                trust[event.seat] = self._judge(trust[event.seat], calls[event.seat], colour[event.uid], event.value,
                                                entered.get(event.uid, -1))
        return trust, calls

    @staticmethod
    def _judge(trust: int, calls: deque, colour: int, value: int, entered: int) -> int:
        bluff = any(c == colour and v == value and when > entered for c, v, when in calls)
        return max(0, trust - FALL) if bluff else min(100, trust + RISE)



