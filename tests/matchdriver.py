"""Driving a match headless in tests."""
import time
from dataclasses import replace

from boardhub.core.setup import GameSetup


def pva(game: str = "dots", ai: str = "easy", **options) -> GameSetup:
    """A game against `ai` with these options over the game's own."""
    setup = GameSetup.default(game, "pva")
    return replace(setup, options={**setup.options, **options}, seats=(None, ai))


def play_out(match, within=20.0):
    """Drive a match to its end, failing (not stalling) if that takes over `within` s."""
    end = time.monotonic() + within
    while not match.is_over:
        assert time.monotonic() < end, "the match did not end in time"
        match.update()
        match.wait(0.05)
    match.close()
    return match.outcome
