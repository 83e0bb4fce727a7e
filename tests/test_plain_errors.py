"""An AI or an engine that fails is reported in words a player reads: never a class name, a traceback
or a source line, which go to the log instead.

Each seat below fails its own way (it raises, its process dies, it answers what cannot be read, an
engine exits, talks nonsense, refuses, never answers, is not installed, crashes with a Python
traceback); each game is played to its forfeit with the seats named as the app names them.
"""
import re
import sys
import time
from pathlib import Path

import pytest
from matchdriver import play_out

from boardhub.core.external import EngineError, EngineProcess, engine_spec
from boardhub.core.game import get_game
from boardhub.core.match import Match, Timing
from boardhub.core.setup import make_seats
from boardhub.core.worker import ProcessWorker

HERE = Path(__file__).resolve().parent
OTHELLO_FAKE = [sys.executable, str(HERE / "fake_othello_engine.py"), "--protocol"]
# what a player must never read: a Python class (RuntimeError, IllegalMove), a traceback, a source line
TECHNICAL = re.compile(r"Error|Exception|Traceback|\.py:|\.py\b|\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b")


def othello_engine(*args: str) -> str:
    return engine_spec(args[0], [*OTHELLO_FAKE, *args])


@pytest.fixture(scope="module")
def flaky_worker(tmp_path_factory):
    """An AI process whose py:arenahelpers seats go wrong in their first game (set before it starts)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOARDHUB_TEST_FLAKY", str(tmp_path_factory.mktemp("flaky")))
        worker = ProcessWorker()
        yield worker
        worker.close()


def crash_script(folder: Path) -> str:
    """An engine written in Python that dies at start with a traceback on stderr."""
    script = folder / "crashy_engine.py"
    script.write_text("import sys\nsys.stdin.readline()\nraise RuntimeError('weights file is corrupt')\n")
    return engine_spec("gtp", [sys.executable, str(script)])


def forfeit(worker, game: str, ai: str, options: dict | None = None):
    """The outcome of a game of `ai` (first to move) against the easy AI, played to its end."""
    seats = make_seats([ai, "random" if game == "othello" else "easy"])
    match = Match(get_game(game), seats, options, seed=3, timing=Timing(limit=0.3, ai_delay=0.0, chain_delay=0.0),
                  worker=worker)
    return play_out(match, within=30)


@pytest.mark.parametrize("game, ai, words", [
    ("dots", "py:aihelpers:crashing", "stopped with an internal error"),
    ("dots", "py:aihelpers:illegal", "played an illegal move"),
    ("dots", "py:aihelpers:suicidal", "crashed twice in one move (its process ended each time)"),
    ("dots", "py:arenahelpers:unreadable", "gave an answer that cannot be read"),
    ("othello", othello_engine("gtp", "--mode", "crash"), 'stopped (exit code 3), saying "fake engine: crashed on'),
    ("othello", othello_engine("nboard", "--mode", "refuse"), "stopped at start (exit code 1)"),
    ("othello", othello_engine("gtp", "--mode", "garbage"), "gave a move that is not a square"),
    ("othello", othello_engine("gtp", "--mode", "die"), "was killed by SIGKILL"),
    ("othello", "gtp:false", "false (GTP) stopped at start (exit code 1)"),
    ("othello", "gtp:/no/such/engine", "cannot start: there is no such program as '/no/such/engine'"),
])
def test_a_forfeit_says_what_happened_in_plain_words(flaky_worker, game, ai, words):
    outcome = forfeit(flaky_worker, game, ai)
    assert outcome.is_forfeit and words in outcome.detail, outcome.detail
    assert not TECHNICAL.search(outcome.detail), outcome.detail


def test_an_engine_that_crashes_with_a_traceback_shows_none_of_it(flaky_worker, tmp_path, caplog):
    outcome = forfeit(flaky_worker, "othello", crash_script(tmp_path))
    assert outcome.detail == "crashy_engine (GTP) stopped at start (exit code 1)"
    assert not TECHNICAL.search(outcome.detail)


def test_the_engine_error_is_a_sentence_and_the_log_keeps_the_detail(tmp_path, caplog):
    script = tmp_path / "crashy_engine.py"
    script.write_text("raise RuntimeError('weights file is corrupt')\n")
    engine = EngineProcess([sys.executable, str(script)])
    engine.start()
    with caplog.at_level("WARNING"), pytest.raises(EngineError) as info:
        engine.read_line(time.monotonic() + 5)
    engine.close()
    assert str(info.value) == "The engine 'crashy_engine' stopped at start (exit code 1)"
    assert "RuntimeError: weights file is corrupt" in caplog.text  # for whoever reads the log


def test_words_an_engine_writes_for_people_are_passed_on():
    engine = EngineProcess([sys.executable, "-c", "import sys; sys.stderr.write('no weights file\\n'); sys.exit(4)"])
    engine.start()
    with pytest.raises(EngineError) as info:
        engine.read_line(time.monotonic() + 5)
    engine.close()
    name = Path(sys.executable).stem  # code given with -c has no name of its own: the interpreter's
    assert str(info.value) == f"The engine '{name}' stopped at start (exit code 4), saying \"no weights file\""


def test_an_ai_exception_is_logged_not_shown(caplog):
    from boardhub.core.worker import ThreadWorker
    worker = ThreadWorker()
    try:
        with caplog.at_level("WARNING"):
            outcome = forfeit(worker, "dots", "py:aihelpers:crashing")
    finally:
        worker.close()
    assert outcome.detail == "Py aihelpers crashing AI stopped with an internal error"
    assert "RuntimeError: boom" in caplog.text
