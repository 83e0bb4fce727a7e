"""Gomoku over the Gomocup protocol, both ways: brains as seats, and boardhub as a brain.

The brain in a seat is tests/fake_pbrain.py in one of its modes; boardhub's
own brain (`python -m boardhub engine gomoku`) is driven by a scripted manager
and, for a full round trip, played as the seat of a match. Every wait is
bounded, so a regression that hangs shows up as a failure, not a stall.
"""
import subprocess
import sys
import time
from pathlib import Path

import pytest
from matchdriver import play_out

from boardhub import cli

from boardhub.core.game import get_game
from boardhub.core.ai import AISpec
from boardhub.core.external import EngineError, EngineProcess, engine_spec
from boardhub.core.match import Match, Seat, Timing
from boardhub.games.gomoku.brain import MIN_THINK, Brain
from boardhub.games.gomoku.engine import GomokuRules, parse_point, point_name
from boardhub.games.gomoku.external import PbrainEngine
from boardhub.games.gomoku.gomocup import RULE_BITS, from_gomocup, rule_from_bits, to_gomocup

FAKE = Path(__file__).with_name("fake_pbrain.py")
ROOT = FAKE.parent.parent
GOMOKU = get_game("gomoku")
RULES = GomokuRules()
FREESTYLE_15 = {"size": 15, "rule": "freestyle"}
NORMAL_FINISH = ("five", "full")
BOARDHUB_BRAIN = [sys.executable, "-m", "boardhub", "engine", "gomoku", "--ai", "normal"]


def fake(*extra):
    return [sys.executable, str(FAKE), *extra]


def brain_match(worker, spec, other="easy", limit=0.5, referee=False, options=FREESTYLE_15, seed=3):
    timing = Timing(limit=limit, referee=referee, ai_delay=0.0, chain_delay=0.0)
    return Match(GOMOKU, [Seat(spec), Seat(other)], options, seed=seed, timing=timing, worker=worker)


def position(moves, options=FREESTYLE_15):
    state = RULES.new_game(options)
    for m in moves:
        state = RULES.apply(state, m)
    return state


def points(*names, size=15):
    return tuple(parse_point(n, size) for n in names)


# ---------------------------------------------------------------- coordinates
def test_gomocup_counts_rows_from_the_top_and_boardhub_from_the_bottom():
    assert to_gomocup(parse_point("a1", 15), 15) == "0,14"
    assert point_name(from_gomocup("0,0", 15), 15) == "a15"
    assert point_name(from_gomocup("14,14", 15), 15) == "o1"
    assert point_name(from_gomocup("7,7", 15), 15) == "h8" and point_name(from_gomocup(" 9 , 9", 19), 19) == "j10"
    for size in (15, 19):
        assert all(from_gomocup(to_gomocup(p, size), size) == p for p in range(size * size))
    for bad, words in (("15,0", "off the 15 x 15 board"), ("-1,3", "off the"), ("7", "not a point"),
                       ("banana", "not a point"), ("1,2,3", "not a point")):
        with pytest.raises(ValueError, match=words):
            from_gomocup(bad, 15)


def test_rule_bits_both_ways():
    assert RULE_BITS == {"freestyle": 0, "standard": 1, "renju": 4}
    assert [rule_from_bits(b) for b in (0, 1, 2, 3, 4, 5, 6)] == [
        "freestyle", "standard", "freestyle", "standard", "renju", "renju", "renju"]
    for bits, words in ((8, "caro"), (16, "not a Gomocup rule"), (-1, "not a Gomocup rule")):
        with pytest.raises(ValueError, match=words):
            rule_from_bits(bits)


# ---------------------------------------------------------------- whole games
def test_a_brain_plays_whole_games_against_easy_in_the_worker(worker):
    for seed in (1, 2):
        match = brain_match(worker, engine_spec("pbrain", fake()), seed=seed)
        outcome = play_out(match)
        assert outcome.reason in NORMAL_FINISH, outcome.detail
        assert len(match.history) >= 9


def test_the_arena_command_line_runs_a_brain():
    out = subprocess.run([sys.executable, "-m", "boardhub", "arena", "gomoku", "--a", f"pbrain:{' '.join(fake())}",
                          "--b", "easy", "--games", "2", "--limit", "0.5", "--quiet", "--size", "15",
                          "--rule", "freestyle"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "games=2" in out.stdout
    assert not any(w in out.stdout for w in ("failed", "illegal", "took")), out.stdout


def test_a_brain_busy_after_its_move_is_waited_for_off_its_clock(worker):
    """The fake stays busy longer than a whole move's limit after each move: without the ABOUT
    wait before its turn, the next TURN would sit in the pipe and its answer come late."""
    match = brain_match(worker, engine_spec("pbrain", fake("--mode", "early", "--busy", "0.5")),
                        limit=0.3, referee=True, seed=4)
    outcome = play_out(match, within=40)
    assert outcome.reason in NORMAL_FINISH, outcome.detail
    assert all(p.seconds < 0.3 for p in match.history if p.seat == 0)


# ------------------------------------------------------------------- forfeits
@pytest.mark.parametrize("mode, reason, words", [
    ("crash", "error", 'stopped (exit code 3), saying "fake brain: crashed on purpose"'),
    ("illegal", "illegal", "is taken"),
    ("garbage", "error", "gave a move that is not a point: 'banana'"),
    ("silent", "error", "no move within the limit"),
    ("refuse", "error", "refused a 15x15 board: unsupported size"),
])
def test_a_broken_brain_loses_with_the_reason(worker, mode, reason, words):
    started = time.monotonic()
    outcome = play_out(brain_match(worker, engine_spec("pbrain", fake("--mode", mode, "--after", "1")), limit=0.3))
    assert outcome.reason == reason and outcome.winner == 1
    assert words in outcome.detail
    assert time.monotonic() - started < 8


@pytest.mark.parametrize("mode", ["silent", "slow"])
def test_a_late_brain_loses_on_time_in_referee_mode(worker, mode):
    outcome = play_out(brain_match(worker, engine_spec("pbrain", fake("--mode", mode)), limit=0.3, referee=True))
    assert outcome.reason == "time" and outcome.winner == 1


def test_without_a_referee_a_slow_brain_still_plays():
    engine = PbrainEngine(fake("--mode", "slow"))
    try:
        view = position(())
        engine.prepare()
        assert engine.choose(view, time.monotonic() + 0.2, history=()) == parse_point("h8", 15)
    finally:
        engine.close()


def test_a_brain_that_never_answers_its_greeting_is_given_up_on():
    engine = PbrainEngine(fake("--mode", "mute"), startup=0.5)
    started = time.monotonic()
    with pytest.raises(EngineError, match=r"The engine 'fake_pbrain' did not answer at start \(it said nothing for 0.5 s\)"):
        engine.prepare()
    assert time.monotonic() - started < 3


def test_a_brain_still_busy_long_after_its_move_loses_with_the_reason():
    engine = PbrainEngine(fake("--mode", "early", "--busy", "5"), settle=0.3)
    try:
        engine.prepare()
        move = engine.choose(position(()), time.monotonic() + 0.5, history=())
        with pytest.raises(EngineError, match=r"still busy 0.3 s after its move \(no answer to ABOUT\)"):
            engine.prepare()
        history = (move, parse_point("a1", 15))  # a new brain takes over, told the position
        assert engine.choose(position(history), time.monotonic() + 0.5, history=history) not in history
    finally:
        engine.close()


def test_a_missing_program_is_refused_by_the_seat_and_the_arena(capsys):
    with pytest.raises(ValueError, match="cannot start: there is no such program as '/no/such/pbrain'"):
        GOMOKU.make_ai("pbrain:/no/such/pbrain")
    assert cli.main(["arena", "gomoku", "--a", "pbrain:/no/such/pbrain", "--b", "easy", "--games", "1",
                     "--quiet"]) == 2
    assert "The engine cannot start: there is no such program as '/no/such/pbrain'" in capsys.readouterr().err


# ------------------------------------------------------ keeping the brain in step
def test_the_brain_is_told_turns_and_reset_with_the_whole_board(tmp_path):
    log = tmp_path / "commands"
    engine = PbrainEngine(fake("--log", str(log)))
    opening = points("a1")  # the brain plays white
    try:
        engine.prepare()
        first = engine.choose(position(opening), time.monotonic() + 1, history=opening)
        assert point_name(first, 15) == "h8"  # the fake's "7,7"
        history = opening + (first, parse_point("h9", 15))
        engine.prepare()
        second = engine.choose(position(history), time.monotonic() + 1, history=history)
        assert point_name(second, 15) == "g9"  # "6,6": the fake's next choice, one row from the top
        undone = history[:1]
        engine.prepare()
        assert engine.choose(position(undone), time.monotonic() + 1, history=undone) == first
    finally:
        engine.close()
    sent = log.read_text().splitlines()
    assert sent[:5] == ["ABOUT", "START 15", "INFO rule 0", "INFO timeout_match 0", "INFO time_left 2147483647"]
    assert [line for line in sent if line.split()[0] in ("TURN", "BEGIN", "BOARD", "RESTART")] == [
        "TURN 0,14", "TURN 7,6", "RESTART", "TURN 0,14"]
    assert sent.count("ABOUT") == 4 and sent[-1] == "END"
    turns = [i for i, line in enumerate(sent) if line.startswith("TURN")]
    assert all(sent[i - 1].startswith("INFO timeout_turn ") for i in turns)
    assert all(0 < int(sent[i - 1].split()[-1]) < 1000 for i in turns)


def test_a_brain_joining_mid_game_gets_the_moves_in_order_with_its_own_stones_as_1(tmp_path):
    log = tmp_path / "commands"
    engine = PbrainEngine(fake("--log", str(log)))
    history = points("h8", "a1", "o15")  # white to move: the brain is white
    try:
        engine.prepare()
        move = engine.choose(position(history), time.monotonic() + 1, history=history)
        assert move not in history
        engine.prepare()
        assert engine.choose(position(()), time.monotonic() + 1, history=()) == parse_point("h8", 15)
    finally:
        engine.close()
    sent = log.read_text().splitlines()
    board = sent.index("BOARD")
    assert sent[board:board + 5] == ["BOARD", "7,7,2", "0,14,1", "14,0,2", "DONE"]
    assert sent[board + 5:].count("RESTART") == 1 and "BEGIN" in sent[board + 5:]


def test_a_brain_without_restart_is_started_afresh_for_a_new_position(tmp_path):
    log = tmp_path / "commands"
    engine = PbrainEngine(fake("--mode", "norestart", "--log", str(log)))
    try:
        first = engine.choose(position(()), time.monotonic() + 1, history=())
        history = points("a1", "b1")
        assert engine.choose(position(history), time.monotonic() + 1, history=history) == first
    finally:
        engine.close()
    sent = log.read_text().splitlines()
    assert sent.count("START 15") == 2 and sent.index("RESTART") < sent.index("END") < sent.index("BOARD")


def test_a_new_rule_set_starts_a_fresh_brain(tmp_path):
    log = tmp_path / "commands"
    engine = PbrainEngine(fake("--log", str(log)))
    try:
        for options in (FREESTYLE_15, {"size": 15, "rule": "renju"}, {"size": 19, "rule": "standard"}):
            engine.choose(position((), options), time.monotonic() + 1, history=())
    finally:
        engine.close()
    sent = log.read_text().splitlines()
    assert [line for line in sent if line.startswith(("START", "INFO rule"))] == [
        "START 15", "INFO rule 0", "START 15", "INFO rule 4", "START 19", "INFO rule 1"]
    assert sent.count("END") == 3


def test_the_history_must_lead_to_the_position():
    engine = PbrainEngine(fake())
    with pytest.raises(ValueError, match="does not lead to the position"):
        engine.choose(position(()), time.monotonic() + 1, history=points("h8"))


# ------------------------------------------------- boardhub as a brain, in-process
class Lines:
    """A manager on the other side of a Brain object: commands in, answers collected."""

    def __init__(self, spec="easy"):
        self.out = []
        self.brain = Brain(GOMOKU.make_ai(spec, seed=1), self.out.append)

    def send(self, *commands):
        lines = iter(commands[1:])
        self.brain.handle(commands[0], lines)
        return self.out.pop() if self.out else None


def test_the_brain_keeps_its_time_margins():
    m = Lines()
    assert m.brain.think_time() == pytest.approx(5.0 * 0.98 - 0.03)  # no INFO: Gomocup's fast games
    m.send("INFO timeout_turn 1000")
    assert m.brain.think_time() == pytest.approx(0.95)  # the whole turn less the margin
    m.send("INFO timeout_match 60000")
    assert m.brain.think_time() == pytest.approx(0.95)  # a thirtieth of a minute is more than the turn
    m.send("INFO time_left 10000")
    assert m.brain.think_time() == pytest.approx(10 / 30 - 0.03)  # a share of the match time left
    m.send("INFO time_left 2147483647")  # unlimited
    assert m.brain.think_time() == pytest.approx(0.95)
    m.send("INFO timeout_turn 0")
    assert m.brain.think_time() == MIN_THINK


def test_the_brain_counts_its_own_time_against_the_match_clock():
    m = Lines()
    m.send("INFO timeout_turn 5000")
    m.send("INFO timeout_match 9000")
    m.send("START 15")
    assert m.brain.think_time() == pytest.approx(9 / 30 - 0.03)
    m.send("INFO time_left 6000")
    m.brain.spent += 1.5  # as if it had thought 1.5 s since the manager told it
    assert m.brain.think_time() == pytest.approx(4.5 / 30 - 0.03)
    m.send("RESTART")
    assert m.brain.spent == 0 and m.brain.think_time() == pytest.approx(6.0 / 30 - 0.03)

    assert m.send("INFO timeout_turn soon") == "MESSAGE INFO timeout_turn needs a whole number, not 'soon'"


def test_the_brain_replays_a_board_in_play_order_and_refuses_impossible_ones():
    m = Lines()
    m.send("INFO rule 4")
    assert m.send("START 15") == "OK"
    answer = m.send("BOARD", "7,7,2", "8,7,1", "7,8,2", "DONE")  # the opponent is black: 2 to 1
    state = m.brain.state
    assert state.rule == "renju" and state.moves[:3] == points("h8", "i8", "h7")
    assert state.moves[3] == from_gomocup(answer, 15)
    assert m.send("BOARD", "7,7,1", "8,7,1", "7,8,2", "DONE").startswith("ERROR BOARD: 2 stones of the brain")
    assert m.send("BOARD", "7,7,1", "7,7,2", "DONE") == "ERROR BOARD: the position cannot be played: h8 is taken"
    assert m.send("BOARD", "7,7,3", "DONE").startswith("ERROR BOARD: '7,7,3' is not x,y,1")
    assert m.send("BOARD", "15,7,2", "DONE") == "ERROR BOARD: 15,7 is off the 15 x 15 board (0-14 each way)"
    assert m.brain.state == state  # nothing changed by the refusals
    assert m.send(f"TAKEBACK {answer}") == "OK" and m.brain.state.moves == state.moves[:3]
    assert m.send("TAKEBACK 0,0") == "ERROR TAKEBACK 0,0: that is not the last move"


def test_the_brain_refuses_what_it_cannot_do():
    m = Lines()
    assert m.send("BEGIN") == "ERROR BEGIN before START: the board size is not known yet"
    assert m.send("START 21") == "ERROR boardhub plays on 15x15, 19x19, 20x20 boards, not 21"
    assert m.send("RECTSTART 15,19") == "ERROR boardhub plays square boards only, not 15,19"
    assert m.send("RECTSTART 19,19") == "OK" and m.brain.state.size == 19
    assert m.send("INFO rule 8") == "MESSAGE caro (a five blocked at both ends does not win) is not a rule " \
                                    "boardhub plays; playing freestyle"
    assert m.send("INFO rule 1") is None and m.brain.rule == "standard"
    assert m.send("TURN 9,9") is not None and m.send("TURN 9,9") == \
        "ERROR cannot play the opponent's move 9,9: j10 is taken"
    assert m.send("BEGIN") == "ERROR BEGIN on a board with stones: send RESTART first"
    assert m.send("SWAP2BOARD") == "UNKNOWN SWAP2BOARD is not a command boardhub knows"
    assert m.brain.handle("END", iter(())) is False


def test_the_brain_answers_an_error_when_its_ai_fails():
    m = Lines()
    m.brain.ai = type("Broken", (), {"choose": lambda self, view, deadline: 999})()
    m.send("START 15")
    assert m.send("BEGIN") == "ERROR the AI failed: IllegalMove: Not a point of the 15 x 15 board: 999"
    assert m.brain.state.moves == ()


# ------------------------------------------- boardhub as a brain, as a subprocess
def test_a_scripted_manager_gets_legal_timely_answers():
    brain = EngineProcess(BOARDHUB_BRAIN, quit_line="END")
    brain.start()

    def ask(command, within=5.0):
        brain.send(command)
        started = time.monotonic()
        line = brain.read_line(started + within)
        return line, time.monotonic() - started

    try:
        about, _ = ask("ABOUT", within=10)
        assert about.startswith('name="boardhub", version="')
        brain.send("INFO timeout_turn 500")
        brain.send("INFO timeout_match 0")
        brain.send("INFO rule 1")
        assert ask("START 20")[0].startswith("ERROR")
        assert ask("START 15")[0] == "OK"
        taken = set()
        for command in ("BEGIN", "TURN 0,0", "TURN 14,14"):
            if command != "BEGIN":
                taken.add(from_gomocup(command.split()[1], 15))
            reply, seconds = ask(command)
            move = from_gomocup(reply, 15)
            assert move not in taken and seconds < 0.5 + 0.25, (command, reply, seconds)
            taken.add(move)
        assert ask("RESTART")[0] == "OK"
        # the opponent (black) has four on the top row with one end blocked: the brain must block the other
        brain.send("BOARD")
        for line in ("3,0,2", "2,0,1", "4,0,2", "12,12,1", "5,0,2", "14,7,1", "6,0,2"):
            brain.send(line)
        brain.send("DONE")
        reply = brain.read_line(time.monotonic() + 1.0)
        assert reply == "7,0"
        assert ask("TAKEBACK 7,0")[0] == "OK"
        brain.send("END")
        with pytest.raises(EngineError, match=r"stopped \(exit code 0\)"):
            brain.read_line(time.monotonic() + 5)
    finally:
        brain.close()


def test_boardhub_as_the_brain_of_a_match_round_trip(worker):
    spec = engine_spec("pbrain", BOARDHUB_BRAIN)
    assert AISpec.parse(spec).external == ("pbrain", BOARDHUB_BRAIN)
    match = brain_match(worker, spec, options={"size": 15, "rule": "renju"}, seed=5)
    outcome = play_out(match, within=45)
    assert outcome.reason == "five" and outcome.winner == 0, outcome.detail

