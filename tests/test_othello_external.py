"""Othello engines as seats over GTP and NBoard, against a scripted fake engine.

Every engine here is tests/fake_othello_engine.py in one of its modes; every
wait is bounded, so a regression that hangs shows up as a failure, not a stall.
"""
import gc
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from matchdriver import play_out

from boardhub import cli

from boardhub.core.game import get_game
from boardhub.core.ai import AISpec
from boardhub.core.arena import play_series
from boardhub.core.external import EngineError, EngineProcess, EngineTimeout, engine_spec
from boardhub.core.match import Match, Seat, Timing
from boardhub.games.othello.ai import RandomAI
from boardhub.games.othello.engine import PASS, START, OthelloRules, play
from boardhub.games.othello.external import GtpEngine, NBoardEngine, game_record, nboard_depth

FAKE = Path(__file__).with_name("fake_othello_engine.py")
ROOT = FAKE.parent.parent
OTHELLO = get_game("othello")
RULES = OthelloRules()
ADAPTERS = {"gtp": GtpEngine, "nboard": NBoardEngine}


def fake(protocol, *extra):
    return [sys.executable, str(FAKE), "--protocol", protocol, *extra]


def fake_spec(protocol, *extra):
    return engine_spec(protocol, fake(protocol, *extra))


def engine_match(worker, spec, limit=0.5, referee=False):
    timing = Timing(limit=limit, referee=referee, ai_delay=0.0, chain_delay=0.0)
    return Match(OTHELLO, [Seat(spec), Seat("random")], seed=3, timing=timing, worker=worker)


def gone(pid):
    """The process is neither running nor a zombie waiting to be reaped."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def game_with_a_pass():
    """Random moves until a game has a pass before its end; its moves and the pass's index."""
    rng = random.Random(0)
    while True:
        state, moves = START, []
        while not RULES.is_over(state):
            move = rng.choice(RULES.legal_moves(state))
            moves.append(move)
            state = play(state, move)
        if PASS in moves[:-2]:
            return moves, moves.index(PASS)


def position(moves):
    state = START
    for m in moves:
        state = play(state, m)
    return state


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize("protocol", ["gtp", "nboard"])
def test_an_engine_plays_whole_games_against_random_in_the_worker(worker, protocol):
    result = play_series("othello", fake_spec(protocol), "random", 2, limit=1.0, progress=False, worker=worker)
    assert result.games == 2 and result.forfeits == []
    assert result.a_wins + result.draws + result.b_wins == 2


def test_the_arena_command_line_takes_both_quoting_forms():
    command = " ".join(fake("gtp"))
    for a in (f"gtp:{command}", f'gtp:"{command}"'):
        out = subprocess.run([sys.executable, "-m", "boardhub", "arena", "othello", "--a", a, "--b", "random",
                              "--games", "2", "--limit", "1", "--quiet"],
                             capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert out.returncode == 0, out.stderr
        assert "games=2" in out.stdout and "forfeits=0" in out.stdout


# ------------------------------------------------------------------- forfeits
@pytest.mark.parametrize("protocol", ["gtp", "nboard"])
@pytest.mark.parametrize("mode, reason, words", [
    ("crash", "error", 'stopped (exit code 3), saying "fake engine: crashed on purpose"'),
    ("illegal", "illegal", "is taken"),
    ("garbage", "error", "not a square"),
    ("silent", "error", "no move within the limit"),
])
def test_a_broken_engine_loses_with_the_reason(worker, protocol, mode, reason, words):
    started = time.monotonic()
    outcome = play_out(engine_match(worker, fake_spec(protocol, "--mode", mode), limit=0.3), within=15)
    assert outcome.reason == reason and outcome.winner == 1
    assert words in outcome.detail
    assert time.monotonic() - started < 8


@pytest.mark.parametrize("mode", ["silent", "slow"])
def test_a_late_engine_loses_on_time_in_referee_mode(worker, mode):
    outcome = play_out(engine_match(worker, fake_spec("gtp", "--mode", mode), limit=0.3, referee=True), within=15)
    assert outcome.reason == "time" and outcome.winner == 1


@pytest.mark.parametrize("protocol", ["gtp", "nboard"])
def test_an_engine_that_dies_mid_game_loses_and_says_how(worker, protocol):
    match = engine_match(worker, fake_spec(protocol, "--mode", "die", "--after", "4"))
    outcome = play_out(match, within=15)
    assert outcome.reason == "error" and "killed by SIGKILL" in outcome.detail
    assert len(match.history) >= 8  # four moves of its own and the replies


def test_a_missing_program_loses_in_a_match_and_is_refused_by_the_arena(worker, capsys):
    outcome = play_out(engine_match(worker, "gtp:/no/such/engine -gtp"), within=15)
    assert outcome.reason == "error" and "cannot start: there is no such program as '/no/such/engine'" in outcome.detail
    assert cli.main(["arena", "othello", "--a", "nboard:no-such-engine", "--b", "random",
                     "--games", "1", "--quiet"]) == 2
    assert "The engine cannot start: there is no such program as 'no-such-engine'" in capsys.readouterr().err


def test_a_file_that_is_not_a_program_is_refused(tmp_path):
    script = tmp_path / "engine"
    script.write_text("not a program\n")
    with pytest.raises(ValueError, match="not an executable file"):
        GtpEngine([str(script)])


# ------------------------------------------------------------------ handshakes
@pytest.mark.parametrize("protocol, words", [
    ("gtp", "The engine 'fake_othello_engine' refused an 8x8 board: unacceptable size"),
    ("nboard", "The engine 'fake_othello_engine' stopped at start (exit code 1), saying \"fake engine: expected nboard 1\""),
])
def test_an_engine_that_refuses_to_start_says_why(protocol, words):
    engine = ADAPTERS[protocol](fake(protocol, "--mode", "refuse"))
    with pytest.raises(EngineError, match=re.escape(words)):
        engine.choose(START, time.monotonic() + 0.5)
    engine.close()


@pytest.mark.parametrize("protocol", ["gtp", "nboard"])
def test_an_engine_that_never_answers_its_greeting_is_given_up_on(protocol):
    engine = ADAPTERS[protocol](fake(protocol, "--mode", "mute"), startup=0.5)
    started = time.monotonic()
    with pytest.raises(EngineError, match=r"did not answer at start \(it said nothing for 0.5 s\)"):
        engine.choose(START, time.monotonic() + 0.5)
    assert time.monotonic() - started < 3


# ------------------------------------------------------ keeping the engine in step
def test_gtp_sends_only_new_moves_and_starts_over_after_an_undo(tmp_path):
    log = tmp_path / "commands"
    engine = GtpEngine(fake("gtp", "--log", str(log)))
    opponent, history = RandomAI(seed=5), []
    try:
        for _ in range(3):
            view = position(history)
            move = engine.choose(view, time.monotonic() + 1, history=history)
            assert move in RULES.legal_moves(view)
            history.append(move)
            history.append(opponent.choose(position(history), time.monotonic() + 1))
        engine.choose(position(history[:2]), time.monotonic() + 1, history=history[:2])  # after an undo
    finally:
        engine.close()
    sent = log.read_text().splitlines()
    name = RULES.move_to_text
    assert sent[:2] == ["boardsize 8", "clear_board"] and sent.count("clear_board") == 2
    restart = len(sent) - sent[::-1].index("clear_board")
    assert [line for line in sent[:restart] if line.startswith("play")] == [
        f"play w {name(history[1])}", f"play w {name(history[3])}"]
    assert [line for line in sent[restart:] if line.startswith("play")] == [
        f"play b {name(history[0])}", f"play w {name(history[1])}"]
    assert sum(line == "genmove b" for line in sent) == 4
    assert any(line.startswith("time_left b 0.") for line in sent)
    assert sent[-1] == "quit"


def test_nboard_tells_each_move_and_resets_with_the_game_record(tmp_path):
    log = tmp_path / "commands"
    engine = NBoardEngine(fake("nboard", "--log", str(log)))
    moves, _ = game_with_a_pass()
    try:
        for n in (0, 1, 2, 1):
            engine.choose(position(moves[:n]), time.monotonic() + 1, history=moves[:n])
    finally:
        engine.close()
    sent = log.read_text().splitlines()
    games_sent = [line for line in sent if line.startswith("set game")]
    assert sent[0] == "nboard 2" and len(games_sent) == 2
    assert [line for line in sent if line.startswith("move")] == [f"move {RULES.move_to_text(m).upper()}"
                                                                   for m in moves[:2]]
    assert sent.count("go") == 4 and sent[-1] == "quit"


@pytest.mark.parametrize("protocol", ["gtp", "nboard"])
def test_passes_are_answered_here_and_the_engine_follows_them(protocol, tmp_path):
    moves, at = game_with_a_pass()
    log = tmp_path / "commands"
    engine = ADAPTERS[protocol](fake(protocol, "--log", str(log)))
    try:
        asked_before = None
        for n in range(at - 2, at + 3):
            view = position(moves[:n])
            if n == at:
                asked_before = log.read_text().count("\n")
            move = engine.choose(view, time.monotonic() + 1, history=moves[:n])
            assert move in RULES.legal_moves(view)
            if n == at:
                assert move == PASS and log.read_text().count("\n") == asked_before  # not asked
    finally:
        engine.close()
    told = log.read_text()
    assert ("move PA" in told) if protocol == "nboard" else ("pass" not in told)


def test_the_history_must_lead_to_the_position():
    engine = GtpEngine(fake("gtp"))
    with pytest.raises(ValueError, match="does not lead to the position"):
        engine.choose(START, time.monotonic() + 1, history=(37,))


def test_the_game_record_and_depths():
    record = game_record([37, 43])
    assert record.startswith("(;GM[Othello]") and record.endswith("B[F5]W[D6];)")
    assert "BO[8 ---------------------------O*------*O--------------------------- *]" in record
    moves, at = game_with_a_pass()
    assert f"{'BW'[position(moves[:at]).player]}[PA]" in game_record(moves)
    assert [nboard_depth(t) for t in (0.0, 0.5, 1.0, 4.0, 1e9)] == [1, 6, 8, 12, 60]


# --------------------------------------------------------------- the subprocess
def test_a_silent_engine_is_ended_and_reaped_in_bounded_time():
    engine = EngineProcess(fake("gtp", "--mode", "mute"))
    engine.start()
    pid = engine.pid
    with pytest.raises(EngineTimeout, match="said nothing for 0.2 s"):
        engine.read_line(time.monotonic() + 0.2)
    started = time.monotonic()
    engine.close()  # it ignores quit: terminated
    assert time.monotonic() - started < 2 and gone(pid)


def test_an_engine_nobody_closed_is_killed_when_dropped():
    engine = EngineProcess(fake("gtp", "--mode", "mute"))
    engine.start()
    pid = engine.pid
    del engine
    gc.collect()
    assert gone(pid)


def test_an_engine_that_floods_its_output_is_stopped():
    engine = EngineProcess([sys.executable, "-c", "while True: print('chatter')"])
    engine.start()
    time.sleep(0.5)
    with pytest.raises(EngineError, match="wrote more than 10000 lines"):
        for _ in range(20_000):
            engine.read_line(time.monotonic() + 5)
    engine.close()


def test_an_exit_is_reported_with_its_code_and_last_words():
    engine = EngineProcess([sys.executable, "-c", "import sys; sys.stderr.write('no weights file\\n'); sys.exit(4)"])
    engine.start()
    with pytest.raises(EngineError, match=r'stopped at start \(exit code 4\), saying "no weights file"'):
        engine.read_line(time.monotonic() + 5)
    with pytest.raises(EngineError, match="stopped"):
        engine.send("genmove b")
    engine.close()


def test_a_program_the_os_refuses_cannot_start(tmp_path):
    engine = EngineProcess([str(tmp_path)])  # a folder
    with pytest.raises(EngineError, match=r"could not be started \(permission denied\)"):
        engine.start()


@pytest.mark.parametrize("argv", [["edax", "-gtp"], ["/opt/my engines/edax"], ["ntest"], ["a b", "c d"]])
def test_a_seat_spec_gives_back_the_command(argv):
    spec = engine_spec("nboard", argv)
    assert AISpec.parse(spec).external == ("nboard", argv)
    assert engine_spec("gtp", ["edax", "-gtp"]) == "gtp:edax -gtp"
