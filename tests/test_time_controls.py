"""Time controls: a budget with an increment (Fischer) and a fixed time per move, on a fake clock.

Each match here reads the time from a `FakeClock` the test moves by hand, and
its AI seats answer through a `ScriptedWorker` whose jobs the test finishes
with the thinking time it chooses: no test sleeps or measures time.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest
from uidriver import click, frames, key

from boardhub.core import saves
from boardhub.core.clock import FLAG, NO_CLOCK, PRESETS, ClockInfo, TimeControl, clock_text, label_of, next_change
from boardhub.core.game import get_game
from boardhub.core.i18n import _, set_language
from boardhub.core.match import AI_FLAG_SLACK, Match, Seat, Timing
from boardhub.core.match_text import winner_text
from boardhub.core.rules import IllegalMove
from boardhub.core.review_run import record_of_save
from boardhub.core.saved_games import game_data
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.core.stats import Stats, is_ai_forfeit, result_for
from boardhub.core.worker import Job
from boardhub.scenes.game import GameScene
from boardhub.ui import theme

DOTS = get_game("dots")
DAVINCI = get_game("davinci")
SMALL = {"rows": 3, "cols": 3}
FAKE_BRAIN = Path(__file__).with_name("fake_pbrain.py")
FAKE_OTHELLO = Path(__file__).with_name("fake_othello_engine.py")


class FakeClock:
    """The time a match reads: it moves only when the test says so."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class ScriptedWorker:
    """Keeps each move asked for, with its limit; the test answers it (`answer`) with the time it took."""

    def __init__(self) -> None:
        self.jobs: list[Job] = []

    def ask(self, request, limit: float) -> Job:
        job = Job(request, limit)
        job.started, job.deadline = 0.0, limit
        self.jobs.append(job)
        return job

    @staticmethod
    def cancel(job) -> None:
        if job is not None:
            job.cancelled = True

    def release(self, token) -> None:
        pass

    def answer(self, match: Match, seconds: float) -> None:
        """The last job answers the first legal move, having thought `seconds`."""
        job = self.jobs[-1]
        job._finish(match.rules.legal_moves(match.state)[0], finished=seconds)


def timed(key: str, seats: list[Seat], clock: FakeClock, worker=None, options=None) -> Match:
    control = TimeControl.parse(key)
    return Match(DOTS if options is None else DAVINCI, seats, SMALL if options is None else options, seed=1,
                 timing=Timing(ai_delay=0.0, chain_delay=0.0, control=control), worker=worker, clock=clock)


def first_move(m: Match):
    return m.rules.legal_moves(m.state)[0]


def second_move(m: Match) -> None:
    """Let the AI answer the first move (within 30 s), then close the match's engines."""
    deadline = m.clock() + 30
    while len(m.history) < 2 and not m.is_over and m.clock() < deadline:
        m.update()
        m.wait(0.05)
    m.close()
    assert len(m.history) == 2, m.outcome


def test_every_preset_reads_back_and_no_other_key_is_believed():
    assert TimeControl.parse(NO_CLOCK) is None and TimeControl.parse(None) is None
    for key in PRESETS[1:]:
        assert TimeControl.parse(key).key == key
    assert TimeControl.parse("3+2") == TimeControl(3, 2) and TimeControl.parse("10s") == TimeControl(per_move=10)
    for bad in ("", "3", "3+", "+2", "0+5", "0s", "99999+0", "3+999", "3.5+2", "1e9s", "-1+0", 3, ["3+2"], "3+2 "):
        with pytest.raises(ValueError):
            TimeControl.parse(bad)


# ---------------------------------------------------------------- the keys and the words

def test_the_labels_say_minutes_increments_and_time_a_move_in_both_languages():
    assert [label_of(k) for k in ("none", "1+0", "3+2", "10s")] == ["No clock", "1 min", "3 min + 2 s", "10 s a move"]
    set_language("ko")
    assert [label_of(k) for k in ("none", "3+2", "10s")] == ["시계 없음", "3분 + 2초", "한 수에 10초"]


def test_a_clock_shows_minutes_and_seconds_then_tenths_and_turns_when_its_text_does():
    assert [clock_text(t) for t in (180, 179.5, 179.0, 61.5, 10.0, 9.95, 9.9, 9.85, 0.04, 0.0, -3)] == \
        ["3:00", "3:00", "2:59", "1:02", "0:10", "0:10", "0:09.9", "0:09.9", "0:00.1", "0:00.0", "0:00.0"]
    for left in (180.0, 179.5, 75.25, 10.4, 10.0, 9.95, 9.9, 3.333, 0.04):
        wait = next_change(left)
        assert 0 < wait <= (1.0 if left > 9.9 else 0.1) + 1e-9
        assert clock_text(left - wait + 1e-4) == clock_text(left)  # the same text until the wait is over
        assert clock_text(left - wait - 1e-4) != clock_text(left)  # and another just after
    assert next_change(0.0) == float("inf")  # a clock at zero changes no more: its seat has fallen


# ---------------------------------------------------------------- counting down
def test_only_the_seat_to_move_counts_down_and_the_increment_comes_after_each_move():
    clock = FakeClock()
    m = timed("3+2", [Seat(None, "A"), Seat(None, "B")], clock)
    assert m.time_left(0) == m.time_left(1) == 180
    clock.advance(5)
    assert m.time_left(0) == pytest.approx(175) and m.time_left(1) == 180
    m.play(first_move(m))
    assert m.time_left(0) == pytest.approx(177)  # 180 - 5 + 2
    clock.advance(30)
    assert m.time_left(0) == pytest.approx(177) and m.time_left(1) == pytest.approx(150)
    m.play(first_move(m))
    assert m.time_left(1) == pytest.approx(152)


def test_a_fixed_time_a_move_starts_again_whole_and_keeps_nothing_over():
    clock = FakeClock()
    m = timed("10s", [Seat(None, "A"), Seat(None, "B")], clock)
    clock.advance(2)
    m.play(first_move(m))
    assert m.time_left(0) == 10  # two seconds used, none kept for later
    clock.advance(9.5)
    assert m.time_left(1) == pytest.approx(0.5)
    m.update()
    assert not m.is_over
    clock.advance(0.5)
    m.update()
    assert m.outcome.reason == FLAG and m.outcome.winner == 0


def test_paused_or_held_time_is_nobodys():
    clock = FakeClock()
    m = timed("1+0", [Seat(None, "A"), Seat(None, "B")], clock)
    clock.advance(10)
    m.hold(True)
    clock.advance(500)  # a panel covered the game: its clocks stood
    m.update()
    assert not m.is_over and m.time_left(0) == pytest.approx(50)
    m.hold(False)
    clock.advance(5)
    assert m.time_left(0) == pytest.approx(45)


def test_a_person_whose_time_runs_out_loses_on_time_and_a_late_move_is_refused():
    clock = FakeClock()
    m = timed("1+0", [Seat(None, "Ann"), Seat(None, "Bob")], clock)
    m.play(first_move(m))
    clock.advance(59.9)
    m.update()
    assert not m.is_over
    clock.advance(0.2)
    with pytest.raises(IllegalMove, match="Your time ran out"):
        m.play(first_move(m))  # the move came as the flag fell: the flag wins
    out = m.outcome
    assert out.reason == FLAG and out.winner == 0 and out.is_forfeit
    assert out.describe(["Ann", "Bob"]) == "Bob lost on time"
    assert m.time_left(1) == 0 and len(m.history) == 1
    assert winner_text(m) == "Ann wins"
    assert result_for(out, 1) == "loss" and result_for(out, 0) == "win"  # the clock is the play: no forfeit
    assert not is_ai_forfeit(out, 0)
    set_language("ko")
    assert out.describe(["Ann", "Bob"], _) == "Bob, 시간 초과로 패배"


def test_in_a_game_of_four_the_seat_that_falls_ends_it_as_a_forfeit_does_and_it_is_its_loss():
    clock = FakeClock()
    options = {o.key: o.default for o in DAVINCI.options} | {"players": 4}
    seats = [Seat(None, "Ann"), Seat("easy", "E1"), Seat("easy", "E2"), Seat("easy", "E3")]
    m = timed("1+0", seats, clock, worker=ScriptedWorker(), options=options)
    assert m.seats[m.to_move].is_human
    clock.advance(61)
    m.update()
    out = m.outcome
    assert out.reason == FLAG and out.winner is None  # as any forfeit among four: no winner named
    assert winner_text(m) == "No winner"
    assert result_for(out, 0) == "loss" and not is_ai_forfeit(out, 0)
    # an AI falling among four: no win of the player's, counted apart as that AI's forfeit
    ai_fell = type(out)(None, (), FLAG, "E1 lost on time", "{player} lost on time", (("player", "E1"), ("seat", 1)))
    assert result_for(ai_fell, 0) == "forfeit" and is_ai_forfeit(ai_fell, 0)


def test_undo_gives_back_the_time_of_the_moves_it_takes_back():
    clock = FakeClock()
    m = timed("1+0", [Seat(None, "A"), Seat(None, "B")], clock)
    clock.advance(20)
    m.play(first_move(m))
    clock.advance(5)
    m.undo()
    assert m.time_left(0) == 60 and m.time_left(1) == 60


# ---------------------------------------------------------------- AI seats
def test_an_ai_plans_its_move_limit_from_its_time_left_and_never_stakes_more_than_it_has():
    clock, worker = FakeClock(), ScriptedWorker()
    m = timed("1+0", [Seat("easy"), Seat(None, "B")], clock, worker)
    m.update()
    planned = worker.jobs[-1].limit
    assert planned == TimeControl(1, 0).plan(60) and 0 < planned < 60 / 10
    assert worker.jobs[-1].request.clock == ClockInfo(60.0, 60.0, 0.0)  # what an engine is told
    for control in (TimeControl(1, 0), TimeControl(3, 2), TimeControl(10, 5), TimeControl(per_move=5)):
        for left in (0.01, 0.2, 1.0, 4.0, 30.0, 600.0):
            plan = control.plan(min(left, control.budget))
            assert 0 < plan < min(left, control.budget) or plan <= 0.01  # never all it has, never nothing
    assert TimeControl(3, 2).plan(180) > TimeControl(3, 0).plan(180)  # most of the increment is spent
    assert TimeControl(per_move=10).plan(10) > 8  # a fixed time a move is used nearly whole


def test_an_ai_is_charged_its_thinking_and_one_past_its_time_left_falls():
    clock, worker = FakeClock(), ScriptedWorker()
    m = timed("1+0", [Seat("easy", "AI"), Seat(None, "B")], clock, worker)
    m.update()
    clock.advance(3)
    worker.answer(m, 2.5)
    m.update()
    assert len(m.history) == 1 and m.history[0].seconds == pytest.approx(2.5)
    assert m.time_left(0) == pytest.approx(57.5)
    m.play(first_move(m))
    m.update()
    worker.answer(m, 58.0)  # past its 57.5 s left
    m.update()
    assert m.outcome.reason == FLAG and m.outcome.winner == 1
    assert m.outcome.describe(["AI", "B"]) == "AI lost on time"


def test_an_ai_still_thinking_well_past_its_time_left_falls_without_its_answer():
    clock, worker = FakeClock(), ScriptedWorker()
    m = timed("5s", [Seat("easy", "AI"), Seat(None, "B")], clock, worker)
    m.update()
    assert worker.jobs[-1].limit < 5
    clock.advance(5 + AI_FLAG_SLACK / 2)
    m.update()
    assert not m.is_over  # it may still be getting ready, which is not thinking
    clock.advance(AI_FLAG_SLACK)
    m.update()
    assert m.outcome.reason == FLAG and m.outcome.winner == 1


def test_without_a_clock_an_ai_keeps_the_setups_limit_and_the_referee():
    clock, worker = FakeClock(), ScriptedWorker()
    m = Match(DOTS, [Seat("easy"), Seat(None, "B")], SMALL, seed=1, timing=Timing(limit=0.5, referee=True),
              worker=worker, clock=clock)
    m.update()
    assert worker.jobs[-1].limit == 0.5 and worker.jobs[-1].request.clock is None
    assert m.time_left(0) is None


# ---------------------------------------------------------------- saves, the setup
def test_a_saved_game_resumes_with_each_clock_where_it_stood(tmp_path):
    clock = FakeClock()
    m = timed("5+3", [Seat(None, "A"), Seat(None, "B")], clock)
    clock.advance(12)
    m.play(first_move(m))
    clock.advance(7)  # the player left in the middle of this move
    data = m.to_json()
    assert data["timing"]["clock"] == "5+3" and data["timing"]["turn"] == pytest.approx(7)
    later = FakeClock(5000.0)
    back = Match.from_json(DOTS, data)
    back.clock = later
    back._turn_start = later() - data["timing"]["turn"]  # as from_json does with its own clock
    assert back.timing.control == TimeControl(5, 3)
    assert back.time_left(0) == pytest.approx(291) and back.time_left(1, later()) == pytest.approx(293)


def test_the_session_saves_the_move_being_thought_about_when_it_closes_and_resumes_it(tmp_path):
    setup = GameSetup("dots", (None, None), {"rows": 2, "cols": 2}, mode="pvp", clock="1+0")
    session = GameSession.new(setup)
    m = session.match
    m._turn_start -= 20  # twenty seconds into the first move
    session.close()
    saved = saves.SavedGame(session.save_path, saves.read_game(session.save_path))
    back = GameSession.resume(saved)
    assert back.match.timing.control == TimeControl(1, 0)
    started = back.match._turn_start  # the move was resumed twenty seconds in: 40 s left at its restart
    assert back.match.time_left(0, started + 20) == pytest.approx(40, abs=0.01)
    back.close()


def test_a_save_and_a_stored_setup_from_before_time_controls_play_without_a_clock():
    m = Match(DOTS, [Seat(None, "A"), Seat(None, "B")], SMALL, seed=1)
    m.play(first_move(m))
    data = m.to_json()
    data["timing"] = {"limit": 0.5, "referee": False}  # what saves had before
    assert "clock" not in m.to_json()["timing"]  # and still have without a clock
    old = Match.from_json(DOTS, data)
    assert old.timing.control is None and old.time_left(0) is None and len(old.history) == 1
    fields = GameSetup.default("dots", "pva").fields()
    assert "clock" not in fields  # a setup without a clock is written as before time controls
    assert GameSetup.from_fields(fields).clock == NO_CLOCK
    fields["clock"] = "7+7"  # no preset: the game plays without a clock rather than be refused
    assert GameSetup.from_fields(fields).clock == NO_CLOCK
    with pytest.raises(ValueError):
        Match.from_json(DOTS, {**data, "timing": {"clock": "1e99+0"}})


@pytest.mark.parametrize("clock, turn", [("1e99+0", 0), ({"minutes": 3}, 0), ([], 0), ("3+2", "soon"),
                                         ("3+2", float("nan")), ("3+2", -5), ("3+2", 1e300), (True, 0)])
def test_a_save_with_a_clock_boardhub_never_wrote_is_damaged_in_words_or_its_turn_ignored(clock, turn):
    m = Match(DOTS, [Seat(None, "A"), Seat(None, "B")], SMALL, seed=1)
    data = {**m.to_json(), "timing": {"limit": 0.5, "referee": False, "clock": clock, "turn": turn}}
    path = saves.new_game_path("dots")
    saves.write_game(path, data)
    try:
        back = GameSession.resume(saves.SavedGame(path, saves.read_game(path)))
    except ValueError as exc:  # the save's reader or the match's: a sentence naming the file
        assert "damaged" in str(exc) and path.name in str(exc)
        return
    m = back.match  # a turn it cannot believe is not taken: the move starts afresh
    assert m.time_left(0, m._turn_start) == 180
    back.close()


def test_a_setup_with_a_clock_comes_back_from_its_fields_and_its_match():
    setup = GameSetup("dots", (None, "easy"), {"rows": 3, "cols": 3}, clock="3+2")
    assert GameSetup.from_fields(setup.fields()).clock == "3+2"
    m = setup.match(ScriptedWorker(), seed=1)
    assert m.timing.control == TimeControl(3, 2)
    assert GameSetup.of_match(m).clock == "3+2"
    with pytest.raises(ValueError):
        GameSetup("dots", (None, None), clock="forever")


def test_a_replay_of_a_game_lost_on_time_ends_on_time(tmp_path):
    clock = FakeClock()
    m = timed("1+0", [Seat(None, "A"), Seat(None, "B")], clock)
    m.play(first_move(m))
    clock.advance(61)
    m.update()
    path = saves.new_game_path("dots")
    saves.write_game(path, game_data(m, "2026-01-01T00:00:00", counted=False))
    replay = GameSession.replay(saves.SavedGame(path, saves.read_game(path)))
    assert replay.match.timing.control == TimeControl(1, 0)
    while replay.redo():
        pass
    assert replay.match.outcome.reason == FLAG and replay.match.outcome.describe(["A", "B"]) == "B lost on time"


# ---------------------------------------------------------------- a Gomocup brain is told the clock
def test_a_gomocup_brain_is_told_the_match_budget_and_its_time_left(tmp_path, worker):
    """The clock crosses the AI process: the worker hands it to the brain, which is told it in Gomocup's words."""
    from boardhub.core.external import engine_spec
    log = tmp_path / "commands"
    spec = engine_spec("pbrain", [sys.executable, str(FAKE_BRAIN), "--log", str(log)])
    m = Match(get_game("gomoku"), [Seat(None, "A"), Seat(spec)], {"size": 15, "rule": "freestyle"}, seed=1,
              timing=Timing(ai_delay=0.0, control=TimeControl(3, 2)), worker=worker)
    m.play(m.parse("h8"))
    second_move(m)
    sent = log.read_text().splitlines()
    assert "INFO timeout_match 180000" in sent
    turn = next(i for i, line in enumerate(sent) if line.startswith("TURN"))
    assert sent[turn - 1].startswith("INFO timeout_turn ") and sent[turn - 2].startswith("INFO time_left ")
    left, planned = int(sent[turn - 2].split()[-1]), int(sent[turn - 1].split()[-1])
    assert 170_000 < left <= 180_000 and 0 < planned < left


# ---------------------------------------------------------------- the screens
def drawn_texts(app) -> list[str]:
    with theme.recording() as drawn:
        app.draw(app.screen)
    return [d.text for d in drawn]


def test_the_setup_offers_the_clock_by_mouse_and_keys_and_the_game_starts_with_it(app):
    app.open("setup", GameSetup.default("dots", "pva"))
    setup = app.top
    assert setup.clock.value == NO_CLOCK and setup.clock.label == "No clock"
    assert setup.limit in list(setup.widgets()) and setup.referee in list(setup.widgets())
    click(app, (setup.clock.rect.right - 4, setup.clock.rect.centery))  # the right arrow
    assert setup.clock.value == "1+0" and setup.clock.label == "1 min"
    shown = list(setup.widgets())
    assert setup.limit not in shown and setup.referee not in shown  # a clock plans the AI's time
    key(app, pygame.K_TAB)  # the keys' ring shows; Tab walks to the clock, the right arrow steps it
    for _ in range(30):
        if setup.focus.current() is setup.clock:
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    assert setup.clock.value == "3+2" and setup.setup().clock == "3+2"
    setup.start()
    frames(app, 1)
    scene = app.top
    assert isinstance(scene, GameScene) and scene.match.timing.control == TimeControl(3, 2)
    assert app.settings.last_setup("dots", "pva")["clock"] == "3+2"  # offered again next time


def test_the_game_screen_counts_down_each_seat_and_redraws_only_when_a_clock_turns(app):
    setup = GameSetup("dots", (None, None), {"rows": 3, "cols": 3}, mode="pvp", clock="1+0")
    scene = app.open("game", GameSession.new(setup, app.start_worker))
    frames(app, 1)
    m = scene.match
    m.clock = clock = FakeClock()  # the screen reads the match's clock: from here on, the test's
    m._turn_start = clock()
    texts = drawn_texts(app)
    assert texts.count("1:00") == 2  # both clocks full
    clock.advance(55.25)  # the first seat has 4.75 s left: tenths, in the low-time colour
    assert scene.redraw_in() == pytest.approx(0.05)  # when 0:04.8 turns 0:04.7, not a frame before
    texts = drawn_texts(app)
    assert "0:04.8" in texts and "1:00" in texts  # the other seat's clock stands
    clock.advance(5)  # it falls
    scene.session.update(clock())
    assert m.outcome.reason == FLAG and m.outcome.winner == 1
    texts = drawn_texts(app)
    assert "0:00.0" in texts and "Player 1 lost on time" in texts  # the move list's last line says so


def test_a_clock_that_stands_asks_for_no_frame_of_its_own(app):
    """At rest (a panel over the game) nothing is redrawn; on screen, a turn of its text is the next frame."""
    setup = GameSetup("dots", (None, None), {"rows": 3, "cols": 3}, mode="pvp", clock="10+5")
    scene = app.open("game", GameSession.new(setup, app.start_worker))
    frames(app, 1)
    assert 0 < scene.redraw_in() <= 1.0
    app.open("pause", scene.session)
    assert scene.redraw_in() is None


def test_the_review_of_a_game_lost_on_time_says_so_after_its_last_move(app):
    clock = FakeClock()
    m = timed("1+0", [Seat(None, "Ann"), Seat("easy", "Bot")], clock, ScriptedWorker())
    m.play(first_move(m))
    m.update()
    clock.advance(60 + 2 * AI_FLAG_SLACK)  # the AI still thinking, well past its minute
    m.update()
    assert m.outcome.reason == FLAG and m.outcome.winner == 0
    record = record_of_save(DOTS, game_data(m, "2026-01-01T00:00:00", counted=False))
    assert record.ending == m.outcome
    assert record_of_save(DOTS, {**m.to_json(), "forfeit": None}).ending is None  # a game that ended at the board
    scene = app.open("review", DOTS, record, 0, ("Ann", "Bot"))
    scene.selected = len(record.moves) - 1
    assert "Bot lost on time" in drawn_texts(app)
    scene.selected = None
    assert "Bot lost on time" not in drawn_texts(app)


@pytest.mark.parametrize("who_falls, counted", [(0, (0, 0, 1, 0)), (1, (1, 0, 0, 0))])
def test_the_stats_count_a_game_lost_on_time_as_lost_and_won_on_time_as_won(who_falls, counted):
    setup = GameSetup("dots", (None, "easy"), {"rows": 3, "cols": 3}, clock="1+0")
    worker = ScriptedWorker()
    session = GameSession.new(setup, lambda: worker)
    m = session.match
    m.clock = clock = FakeClock()
    m._turn_start = clock()
    if who_falls == 1:  # the person moves; the AI then thinks past its minute
        m.play(first_move(m))
        session.update(clock())
        worker.answer(m, 61.0)
    else:
        clock.advance(60.5)
    session.update(clock())
    assert m.outcome.reason == FLAG and m.outcome.winner == 1 - who_falls
    assert Stats.load().record_of("dots", "easy") == counted
    session.close()


def test_a_gtp_othello_engine_is_told_the_time_the_match_planned_from_its_clock(tmp_path, worker):
    """GTP has no increment: the engine is told the move's planned time by time_settings and time_left."""
    from boardhub.core.external import engine_spec
    log = tmp_path / "commands"
    spec = engine_spec("gtp", [sys.executable, str(FAKE_OTHELLO), "--protocol", "gtp", "--log", str(log)])
    m = Match(get_game("othello"), [Seat(None, "A"), Seat(spec)], {}, seed=1,
              timing=Timing(ai_delay=0.0, control=TimeControl(3, 2)), worker=worker)
    m.play(m.parse("d3"))
    planned = m.planned_limit(1)
    second_move(m)
    told = [line for line in log.read_text().splitlines() if line.startswith("time_left w ")]
    assert told and 0.5 * planned < float(told[0].split()[2]) < planned  # seconds, far above the 0.5 s limit
