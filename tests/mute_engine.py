"""An Othello GTP engine seat that never says a word (py:mute_engine:make), given 0.3 s to start."""
import sys
from pathlib import Path

from boardhub.games.othello.external import GtpEngine

FAKE = [sys.executable, str(Path(__file__).with_name("fake_othello_engine.py")), "--protocol", "gtp"]
STARTUP = 0.3


def make(seed=None):
    return GtpEngine([*FAKE, "--mode", "mute"], seed, startup=STARTUP)
