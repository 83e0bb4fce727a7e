"""The bluffer: the opponent the report's computer was written for, a person who may bluff.

The report's goal is "an AI that plays a user (a person) who may bluff": a
player who "also calls numbers of blocks they hold themselves, to confuse,
knowing the other side reasons that called numbers are not held". This AI
plays as such a tricky person would:

- Its honest calls read the table well: the most probable (tile, value) from
  the exact odds the expert uses (expert.seat_belief), and after a right call
  it goes on or stops as the expert does.
- It bluffs on the first call of a turn, at its level's rate (BLUFF_RATES),
  when no honest call is likely anyway (best chance below BLUFF_BELOW), so a
  bluff costs little: it calls, on a rival's hidden tile of that colour, the
  number of one of its own hidden tiles - never the tile it just drew, which
  the miss turns face up at once and would expose the bluff on the spot. Of its
  own tiles it names the one the table reads best, to lead the others away
  from it, on the rival tile where that number looks most plausible.
- Drawing, placing and revealing as the source's computer does (the colour it
  holds less of, a joker between equal or consecutive numbers).

Like every AI it sees only its seat's view; its bluffs and its lot are drawn
from its own seeded generator.
"""
from __future__ import annotations

import random

from boardhub.games.davinci.ai import SeedAI
from boardhub.games.davinci.engine import JOKER, DavinciView, Move
from boardhub.games.davinci.expert import ExpertAI, public_reading, ruled_out
from boardhub.games.davinci.moves import Guess, Phase, Stop, routine_move

LEVELS = (20, 40, 60)  # per cent: the share of its long-shot first calls that are bluffs
BLUFF_BELOW = 0.9  # never bluff away a near-certain call


class BlufferAI:
    """Honest calls by exact odds; at its rate, a long-shot first call becomes a bluff on a number it holds."""

    def __init__(self, level: int = 40, seed: int | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"bluffer levels are {', '.join(map(str, LEVELS))}, not {level!r}")
        self.rate = level / 100
        self.rng = random.Random(seed)
        self.caller = ExpertAI(seed=self.rng.randrange(1 << 30))
        self.source = SeedAI("normal", seed=self.rng.randrange(1 << 30))

    def choose(self, view: DavinciView, deadline: float) -> Move:
        routine = routine_move(self.source, view)
        if routine is not None:
            return routine
        p, honest = self.caller.best_call(view)
        if view.phase is Phase.CONTINUE:
            return honest if self.caller.go_on(view, p) else Stop()
        if p < BLUFF_BELOW and self.rng.random() < self.rate:
            bluff = self.bluff(view)
            if bluff is not None:
                return bluff
        return honest

    def bluff(self, view: DavinciView) -> Move | None:
        """A call of a number it holds, on a rival tile of that colour where it is a legal value; None if none."""
        me = view.seat
        rack = view.racks[me]
        reading = public_reading(rack, view, ruled_out(view))
        # its own hidden tiles, the most readable first; never the tile drawn this turn
        own = sorted((i for i in reading if rack[i].uid != view.drawn and rack[i].value != JOKER),
                     key=lambda i: (-reading[i].get(rack[i].value, 0.0), i))
        for i in own:
            colour, value = rack[i].colour, rack[i].value
            targets = [(s, j) for s in range(view.players) if s != me for j in view.hidden(s)
                       if view.racks[s][j].colour == colour and value in view.candidates(s, j)]
            if targets:
                # where the number is most plausible: the tile with the fewest values left
                fewest = min(len(view.candidates(s, j)) for s, j in targets)
                s, j = self.rng.choice([t for t in targets if len(view.candidates(*t)) == fewest])
                return Guess(s, j, value)
        return None
