"""The kinds of session the game screen shows, on one base: a game played here (GameSession) and a
saved game watched again (ReplaySession); and the one helper for a question about a position that
a hint and the analysis share (PositionRequest)."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path
from types import SimpleNamespace

from boardhub.core import saves
from boardhub.core.position_request import PositionRequest
from boardhub.core.replay_session import ReplaySession
from boardhub.core.session import GameSession
from boardhub.core.session_base import Session
from boardhub.core.setup import GameSetup

SESSION = Path(__file__).resolve().parent.parent / "boardhub" / "core" / "session.py"
# what the game screen and its panels read of any session (a game hosted elsewhere offers the same)
SCREEN_READS = ("setup", "restart", "is_replay", "autoplay", "interactive", "busy", "pace", "record_so_far", "play",
                "undo", "redo", "can_undo", "can_redo", "toggle_pause", "step", "offers_hints", "ask_hint",
                "hint_for", "hinting", "offers_find_win", "find_win", "win_for", "clear_win", "finding_win", "analyse",
                "analysis_for", "close", "update")


def a_job() -> SimpleNamespace:
    """A job as the worker's `Job` looks to its caller: done once answered, cancelled when dropped."""
    return SimpleNamespace(done=False, cancelled=False, error=None, move=None)


def test_a_position_request_keeps_its_answer_only_for_its_own_position():
    req, jobs = PositionRequest(), []
    first, same_looking, second = [1, 2], [1, 2], [3]  # positions are told apart by identity, not equality

    def send():
        jobs.append(a_job())
        return jobs[-1]

    assert not req.pending and not req.is_for(first, 0) and req.answer_for(first, 0) is None
    req.ask(first, 0, send)
    assert req.pending and req.is_for(first, 0)
    assert not req.is_for(first, 1) and not req.is_for(same_looking, 0)
    assert req.collect(first) is None and req.pending  # still being worked out
    jobs[0].done = True
    assert req.collect(first) is jobs[0] and not req.pending
    req.answer = {"a1": 3}
    assert req.answer_for(first, 0) == {"a1": 3}
    assert req.answer_for(first, 1) is None and req.answer_for(second, 0) is None

    req.ask(second, 0, send)  # a new question drops the old answer
    assert req.answer_for(first, 0) is None and req.answer is None
    req.ask(first, 0, send)  # and cancels the question still out
    assert jobs[1].cancelled and not jobs[2].cancelled
    jobs[2].done = True
    assert req.collect(second) is None and not req.pending  # the game moved on: the late answer is dropped

    req.ask(first, None, send)
    req.forget()
    assert jobs[3].cancelled and not req.pending and not req.is_for(first)


def finished_game() -> saves.SavedGame:
    session = GameSession.new(GameSetup("dots", (None, None), {"rows": 1, "cols": 2}, mode="pvp"))
    m = session.match
    while not m.is_over:
        session.play(m.rules.legal_moves(m.state)[0])
        session.update()
    session.close()
    return saves.SavedGame(session.save_path, saves.read_json(session.save_path, "game"))


def test_a_replay_is_a_session_of_its_own_kind():
    saved = finished_game()
    replay = GameSession.replay(saved)
    assert isinstance(replay, ReplaySession) and isinstance(replay, Session)
    assert not isinstance(replay, GameSession)  # it saves, counts and imports nothing: none of that is in it
    assert replay.is_replay and replay.autoplay and not replay.interactive
    assert isinstance(replay.restart(), ReplaySession) and replay.restart().saved is saved
    # a replay asks nothing about its positions
    assert not replay.offers_hints and replay.ask_hint() and replay.hint_for(replay.match.state) is None
    assert replay.analysis_for(0) is None and not replay.hinting
    live = GameSession.resume(saved)
    assert not live.is_replay and isinstance(live, Session)
    live.close()


def test_every_kind_of_session_answers_what_the_game_screen_reads():
    for kind in (Session, GameSession, ReplaySession):
        missing = [name for name in SCREEN_READS if not hasattr(kind, name)]
        assert missing == [], kind.__name__


def test_the_game_session_never_asks_whether_it_is_a_replay():
    """A replay's behaviour is the replay class's: no method of the game played here branches on it."""
    tree = ast.parse(SESSION.read_text(encoding="utf-8"))
    game = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "GameSession")
    asked = [n.lineno for n in ast.walk(game) if isinstance(n, ast.Attribute) and n.attr in ("is_replay", "script")]
    assert asked == []
    # the check itself: the way the session used to ask is found
    old = "class GameSession:\n    def play(self, move):\n        if self.is_replay:\n            raise ValueError\n"
    assert [n.attr for n in ast.walk(ast.parse(old)) if isinstance(n, ast.Attribute)] == ["is_replay"]


def test_the_setup_is_no_longer_the_sessions():
    """What a game starts from lives in core/setup.py; the session module only uses it."""
    assert GameSetup.__module__ == "boardhub.core.setup"
    from boardhub.core import session
    assert not hasattr(session, "make_seats") and not hasattr(session, "_check_offered")
    assert "class GameSetup" not in inspect.getsource(session)
