"""A whole game through GameSession, without a display: autosave after every move, the
stats counted once, the source's records, resume, replay (which never writes) and
hidden information: what leaves for the AI process is only ever a seat's view."""
from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest
from matchdriver import pva

from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.match_text import result_text
from boardhub.core.requests import EvaluateRequest
from boardhub.core.saved_games import latest_unfinished
from boardhub.core.events import GameOver, MovePlayed, Passed, Rewound
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.core.stats import Stats
from boardhub.core.worker import ThreadWorker
from boardhub.games.davinci.engine import DavinciView


def drive(session: GameSession, human_moves=lambda m: m.rules.legal_moves(m.state)[0],
          timeout: float = 60.0) -> list:
    """Play the session to its end: humans take `human_moves`, AIs answer; every event returned."""
    events = []
    give_up = time.monotonic() + timeout
    while not session.match.is_over:
        assert time.monotonic() < give_up, "the game did not end"
        if session.interactive:
            session.play(human_moves(session.match))
        else:
            session.match.wait(0.5)
        events += session.update()
    return events + session.update()


def saved_games() -> list[saves.SavedGame]:
    return [g for g in saves.list_games() if g.readable]



def test_a_game_is_saved_after_every_move_counted_once_and_recorded(fast, saves_folder):
    session = GameSession.new(pva(rows=2, cols=2), fast)
    session.pace(0.0, 0.0, 0.0)
    assert [g.path for g in saved_games()] == [session.save_path]  # saved before the first move
    moves_seen = []
    while not session.match.is_over:
        if session.interactive:
            session.play(session.match.rules.legal_moves(session.match.state)[0])
        else:
            session.match.wait(0.5)
        for ev in session.update():
            if isinstance(ev, MovePlayed):
                moves_seen.append(ev.move)
                data = saves.read_json(session.save_path, "game")
                assert len(data["moves"]) == len(session.match.history)  # the file follows every move
    assert moves_seen == session.match.moves
    data = saves.read_json(session.save_path, "game")
    assert data["result"] == result_text(session.match) != ""
    assert data["counted"] is True
    table = Stats.load().table["dots"]["easy"]
    assert sum(table) == 1
    # undo and play the end again: the game is still counted once
    assert session.undo()
    session.update()
    drive(session)
    assert Stats.load().table["dots"]["easy"] == table
    record = (saves_folder / "PvA.txt").read_text().split("\n")[:-1]
    assert record == [session.match.text(m) for m in session.match.moves]


def test_a_game_over_event_comes_once_and_not_after_an_undo_in_the_same_frame(fast):
    session = GameSession.new(pva(rows=1, cols=1), fast)
    m = session.match
    for move in m.rules.legal_moves(m.state)[:1]:
        session.play(move)
    events = drive(session)
    assert sum(isinstance(e, GameOver) for e in events) == 1
    session.undo()
    assert any(isinstance(e, Rewound) for e in session.update())
    assert not session.match.is_over


def test_resume_gives_the_game_exactly_as_it_was_left(fast):
    session = GameSession.new(pva("othello", "random"), fast)
    session.pace(0.0, 0.0, 0.0)
    give_up = time.monotonic() + 30
    while len(session.match.history) < 6:
        assert not session.match.is_over and time.monotonic() < give_up
        if session.interactive:
            session.play(session.match.rules.legal_moves(session.match.state)[-1])
        else:
            session.match.wait(1.0)
        session.update()
    session.close()
    saved = latest_unfinished()
    assert saved is not None and saved.path == session.save_path
    again = GameSession.resume(saved, fast)
    assert again.match.moves == session.match.moves
    assert again.match.state == session.match.state
    assert (again.match.seed, again.match.options, again.setup) == (session.match.seed, session.match.options,
                                                                     session.setup)
    assert [p.seconds for p in again.match.history] == [round(p.seconds, 4) for p in session.match.history]
    assert again.save_path == session.save_path  # the same file carries on


def test_a_replay_plays_the_record_and_writes_nothing(fast, saves_folder):
    session = GameSession.new(pva(rows=2, cols=3), fast)
    session.pace(0.0, 0.0, 0.0)
    drive(session)
    before = {p: p.stat().st_mtime_ns for p in saves_folder.rglob("*") if p.is_file()}
    stats = Stats.load().table
    replay = GameSession.replay(saves.SavedGame(session.save_path, saves.read_json(session.save_path, "game")))
    replay.pace(0.0, 0.0, 0.0)
    assert replay.is_replay and replay.autoplay and not replay.interactive
    with pytest.raises(ValueError):
        replay.play(replay.match.rules.legal_moves(replay.match.state)[0])
    events = []
    give_up = time.monotonic() + 30
    while not replay.match.is_over and time.monotonic() < give_up:
        events += replay.update(time.monotonic() + 1.0)
    assert replay.match.moves == session.match.moves
    assert replay.match.state == session.match.state
    assert any(isinstance(e, GameOver) for e in events)
    assert replay.undo() and replay.match.paused and len(replay.match.history) == len(session.match.history) - 1
    assert replay.redo() and replay.match.is_over
    after = {p: p.stat().st_mtime_ns for p in saves_folder.rglob("*") if p.is_file()}
    assert after == before
    assert Stats.load().table == stats


def test_a_pass_is_announced_by_the_game_entry(fast):
    """Othello's pass is the entry's `pass_move`: the session tells the screen, which names no move."""
    othello = get_game("othello")
    rng = random.Random(5)
    for _ in range(50):  # random games until one reaches a pass: it happens within a few
        session = GameSession.new(GameSetup.default("othello", "pvp"), fast)
        m = session.match
        while not m.is_over and m.rules.legal_moves(m.state) != [othello.pass_move]:
            session.play(rng.choice(m.rules.legal_moves(m.state)))
            assert not any(isinstance(e, Passed) for e in session.update())
        if not m.is_over:
            break
    else:
        pytest.fail("no pass in 50 random games")
    session.play(othello.pass_move)
    events = session.update()
    assert [e for e in events if isinstance(e, Passed)] == [Passed(m.history[-1].seat, "Player " + str(
        m.history[-1].seat + 1))]
    assert [type(e) for e in events if isinstance(e, (MovePlayed, Passed))] == [MovePlayed, Passed]


class RecordingWorker(ThreadWorker):
    """The real worker, keeping every job it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.jobs = []

    def ask(self, *args, **kwargs):
        job = super().ask(*args, **kwargs)
        self.jobs.append(job)
        return job


def hidden_values_seen(view: DavinciView) -> list:
    """Numbers of other seats' face-down tiles that a view carries (there must be none)."""
    seen = [t.value for seat, rack in enumerate(view.racks) if seat != view.seat
            for t in rack if not t.revealed and t.value is not None]
    if view.hand is not None and view.to_move != view.seat and view.hand[1] is not None:
        seen.append(view.hand[1])  # another seat's drawn tile, waiting to be placed
    return seen


def test_ai_and_analysis_jobs_carry_only_what_the_seat_may_see():
    worker = RecordingWorker()
    try:
        setup = replace(GameSetup.default("davinci", "ava"), options={**GameSetup.default("davinci", "ava").options,
                                                                      "players": 3},
                        seats=("seed:normal", "expert", "easy"), limit=0.2)
        session = GameSession.new(setup, lambda: worker)
        session.pace(0.0, 0.0, 0.0)
        give_up = time.monotonic() + 60
        while len(session.match.history) < 30 and not session.match.is_over and time.monotonic() < give_up:
            session.match.wait(1.0)
            session.update()
        session.toggle_pause()  # the position stays while the analysis runs
        seat = session.match.to_move
        session.analyse(seat)
        give_up = time.monotonic() + 10
        while session.analysis_for(seat) is None and time.monotonic() < give_up:
            session.update()
            time.sleep(0.01)
        assert session.analysis_for(seat) is not None
        assert any(isinstance(j.request, EvaluateRequest) for j in worker.jobs) and len(worker.jobs) > 10
        rules = session.match.rules
        for request in (job.request for job in worker.jobs):
            assert isinstance(request.view, DavinciView)  # never the state, whose hidden numbers it holds
            assert hidden_values_seen(request.view) == []
            history = getattr(request, "history", ())  # a move's: what its seat may know
            assert history == rules.public_history(session.match.moves[:len(history)], request.view.seat)
        # the check can fail: the state itself would carry hidden numbers
        full = rules.face_up_view(session.match.state)
        assert hidden_values_seen(replace(full, seat=0)) != []
        session.close()
    finally:
        worker.close()
