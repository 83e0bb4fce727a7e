"""A cheating Da Vinci Code AI (py:davinci_cheat:make): it rebuilds the deal from the seed it is given.

When every AI's seed was the match's seed times 31 plus its seat, the match's
seed was (seed - seat) // 31, and the deal is drawn from the match's seed alone:
this AI then knew every hidden tile dealt and called each right. `REBUILT`
keeps, by seed, the racks it rebuilt, for the test to compare with the real deal.
"""
from boardhub.games.davinci.ai import EasyAI
from boardhub.games.davinci.engine import DavinciRules

REBUILT: dict[int, tuple] = {}  # the AI's seed -> the racks it rebuilt, as (colour, value) per seat


class Cheat:
    def __init__(self, seed=None) -> None:
        self.seed, self.known, self.easy = seed, None, EasyAI(seed)

    def rebuild(self, view) -> dict:
        """The value of every dealt tile by its uid, as the deal would be from the inferred match seed."""
        match_seed = (self.seed - view.seat) // 31
        options = {"players": view.players, "deal_jokers": view.deal_jokers,
                   "piles_end_in_draw": view.piles_end_in_draw}
        start = DavinciRules().new_game(options, match_seed)
        REBUILT[self.seed] = tuple(tuple((t.colour, t.value) for t in rack) for rack in start.racks)
        return {t.uid: t.value for rack in start.racks for t in rack}

    def choose(self, view, deadline):
        if self.known is None:
            self.known = self.rebuild(view)
        if view.phase in ("guess", "continue"):
            for target in range(view.players):
                for index in view.hidden(target) if target != view.to_move else ():
                    value = self.known.get(view.racks[target][index].uid)
                    if value in view.candidates(target, index):
                        return ("guess", target, index, value)
            if view.phase == "continue":
                return ("stop",)
        return self.easy.choose(view, deadline)


def make(seed=None):
    return Cheat(seed)
