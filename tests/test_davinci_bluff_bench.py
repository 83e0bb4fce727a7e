"""bench/davinci_bluff.py's FACTS: the bluffs it counts in a finished game are the ones the bluffer made."""
from __future__ import annotations

import sys
from pathlib import Path

from boardhub.games.davinci import bluffer
from boardhub.games.davinci.ai import SeedAI
from boardhub.games.davinci.engine import DavinciRules
from boardhub.games.davinci.moves import Guessed, Revealed

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import davinci_bluff  # noqa: E402

RULES = DavinciRules()


class Recording(bluffer.BlufferAI):
    """A bluffer that notes the history index of each bluff it makes."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.made: list[int] = []

    def bluff(self, view):
        move = super().bluff(view)
        if move is not None:
            self.made.append(len(view.history))
        return move


def test_the_benchmark_counts_the_bluffs_made_and_the_ones_that_came_face_up():
    made = caught = 0
    counted = (0, 0)
    for deal in range(6):
        ais = [SeedAI("hard", seed=deal), Recording(60, seed=deal + 100)]
        state = RULES.new_game({"players": 2}, deal)
        while not state.over:
            state = RULES.apply(state, ais[state.to_move].choose(RULES.view(state, state.to_move), 0.0))
        facts = davinci_bluff.bluffs(state, 1)
        counted = (counted[0] + facts[0], counted[1] + facts[1])
        made += len(ais[1].made)
        for when in ais[1].made:
            call = state.history[when]
            assert isinstance(call, Guessed) and call.seat == 1 and not call.right
            tile = next(t for t in state.racks[1] if t.value == call.value
                        and t.colour == next(x for x in state.racks[0] if x.uid == call.uid).colour)
            caught += any(((isinstance(e, Guessed) and e.right) or isinstance(e, Revealed)) and e.uid == tile.uid
                          for e in state.history[when:])
    assert made > 0  # the deals do hold bluffs
    assert counted == (made, caught)
    # the honest AI never calls a tile it holds: nothing to count
    assert davinci_bluff.bluffs(state, 0)[0] == 0
