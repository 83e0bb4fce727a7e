"""An Othello seat that thinks until its deadline on its first moves (py:patientai:make), for move limits."""
import time

from boardhub.games.othello.engine import PASS, moves_mask, squares_of

PATIENT_MOVES = 2


class Patient:
    """Waits until just before its deadline on its first PATIENT_MOVES moves, then answers at once."""

    def __init__(self) -> None:
        self.moves = 0

    def choose(self, view, deadline):
        self.moves += 1
        if self.moves <= PATIENT_MOVES:
            time.sleep(max(0.0, deadline - time.monotonic() - 0.05))
        legal = squares_of(moves_mask(view.me, view.opp))
        return legal[0] if legal else PASS  # a seat with no move is still asked, and passes


def make(seed=None):
    return Patient()
