"""Time controls at network tables: the host's clock over real loopback sockets, on a fake clock.

The server reads the time from the test's clock, so a seat's minute passes in
no time at all; its flag timer is the loop's real one, set from that clock.
"""
from __future__ import annotations

import json

import pytest

from boardhub.core.clock import FLAG, TimeControl
from boardhub.core.events import GameOver
from boardhub.core.worker import Job
from boardhub.net import protocol
from boardhub.net.remote import RemoteSession
from boardhub.net.seat import RemoteSeat, host_clocks, time_control
from boardhub.net.server import Server
from boardhub.net.table import AI_FLAG_SLACK, Table
from nethelpers import client, raw, running, wait_until


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def timed_table(url: str, key: str, watcher: bool = False):
    """A started Othello table under `key`: the host (Ann, black), a guest (Bob), maybe a watcher."""
    host = client(url, t="create", game="othello", seats=["me", "open"], name="Ann", clock=key)
    welcome = host.wait("welcome")
    guest = client(url, code=welcome["code"], name="Bob")
    guest_welcome = guest.wait("welcome")
    others = [client(url, code=welcome["code"], want="watch")] if watcher else []
    for c in others:
        c.wait("welcome")
    host.send({"t": "start"})
    for c in (host, guest, *others):
        c.wait("started")
    return host, guest, others, welcome, guest_welcome


def test_a_seat_whose_time_runs_out_loses_on_time_for_everyone_by_the_server_s_own_timer():
    clock = FakeClock()
    with running(Server(clock=clock)) as (server, url):
        host, guest, (watcher,), welcome, _gw = timed_table(url, "1+0", watcher=True)
        assert welcome["clock"] == "1+0"
        table = server.tables[welcome["code"]]
        host.caught_up()
        clock.now += 12.5
        host.act("f5")
        host.wait("ack")
        ev = guest.wait("ev")
        assert ev["sec"] == 12.5 and ev["left"] == [47.5, 60.0]
        # Bob thinks for his whole minute; no one sends anything that would end it: the server's timer does
        clock.now += 60.0
        host.caught_up()  # a message only moves the timer to the clock's new time; it is no move of Bob's
        overs = [c.wait("over") for c in (host, guest, watcher)]
        for over in overs:
            assert over["reason"] == FLAG and over["winner"] == 0 and over["template"] == "{player} lost on time"
            assert over["detail"] == "Bob lost on time" and over["values"]["seat"] == 1
            assert over["left"] == [47.5, 0.0]
        assert table.ended.reason == FLAG and code_has_no_timer(server, welcome["code"])
        guest.act("d6")  # too late: the game is over
        assert guest.wait("reject")["why"] == "the game is over"
        assert table.moves == ["f5"]


def code_has_no_timer(server: Server, code: str) -> bool:
    return code not in server.flag_timers


def test_every_client_s_session_ends_on_time_and_shows_the_fallen_clock_at_zero(saves_folder):
    clock = FakeClock()
    with running(Server(clock=clock)) as (server, url):
        host, guest, _o, welcome, guest_welcome = timed_table(url, "5s")
        sessions = []
        for c, w in ((host, welcome), (guest, guest_welcome)):
            seat = RemoteSeat("othello", {})
            seat.update(w)
            c.caught_up()
            for message in c.poll():
                seat.update(message)
            sessions.append(RemoteSession(c, seat))
        assert all(s.match.timing.control == TimeControl(per_move=5) for s in sessions)
        assert sessions[1].match.time_left(0) == pytest.approx(5.0, abs=0.5)  # counting down on its own
        for s in sessions:  # this computer's count reaches zero first: it shows 0 and waits for the host's word
            s.seat.left_at -= 10.0
            assert s.match.time_left(0) <= 0 and not any(isinstance(e, GameOver) for e in s.update())
            assert not s.match.is_over and not s.revealed
        clock.now += 5.0
        host.caught_up()
        ends = []
        for s in sessions:
            wait_until(lambda: any(isinstance(e, GameOver) for e in ends.append(s.update()) or ends[-1]))
        for s in sessions:
            m = s.match
            assert m.is_over and m.outcome.reason == FLAG and m.outcome.winner == 1
            assert m.time_left(0) == 0.0 and m.time_left(1) == 5.0
            saved = json.loads(s.save_path.read_text())
            assert saved["timing"]["clock"] == "5s" and saved["forfeit"]["reason"] == FLAG
            s.close()


def test_increments_are_added_after_each_move_and_a_fixed_time_per_move_is_never_carried_over():
    clock = FakeClock()
    with running(Server(clock=clock)) as (server, url):
        host, guest, _o, welcome, _gw = timed_table(url, "1+2")
        host.caught_up()
        clock.now += 10.0
        host.act("f5")
        assert guest.wait("ev")["left"] == [52.0, 60.0]
        clock.now += 1.25
        guest.act("d6")
        assert guest.wait("ack")
        assert [host.wait("ev")["left"] for _ in range(2)][1] == [52.0, 60.75]
        table = server.tables[welcome["code"]]
        assert table.time_left(0, clock.now + 3.0) == 49.0  # the seat to move's time runs down between moves
    with running(Server(clock=clock)) as (server, url):
        host, guest, _o, welcome, _gw = timed_table(url, "10s")
        host.caught_up()
        clock.now += 4.0
        host.act("f5")
        assert guest.wait("ev")["left"] == [10.0, 10.0]


def test_a_move_cancels_the_server_s_timer_and_the_next_seat_s_is_set():
    clock = FakeClock()
    with running(Server(clock=clock)) as (server, url):
        host, guest, _o, welcome, _gw = timed_table(url, "3+2")
        code = welcome["code"]
        host.caught_up()
        deadline, first = server.flag_timers[code]
        assert deadline == clock.now + 180.0 and not first.cancelled()
        clock.now += 30.0
        host.act("f5")
        host.wait("ack")
        guest.wait("ev")
        assert first.cancelled()
        deadline, second = server.flag_timers[code]
        assert deadline == clock.now + 180.0 and second is not first and not second.cancelled()
        host.send({"t": "chat", "text": "hello"})  # the same turn: the same timer
        host.wait("chat")
        assert server.flag_timers[code][1] is second
        assert server.tables[code].over is False


def test_a_rejoining_client_gets_every_seat_s_clock_from_the_snapshot():
    clock = FakeClock()
    with running(Server(clock=clock)) as (server, url):
        host, guest, _o, welcome, _gw = timed_table(url, "3+2")
        host.caught_up()
        clock.now += 20.0
        host.act("f5")
        guest.wait("ev")
        token = guest.token
        guest.drop()
        guest.close()
        table = server.tables[welcome["code"]]
        wait_until(lambda: table.seats[1].conn is None)
        clock.now += 7.5  # Bob is away and his clock runs on
        back = client(url, token=token)
        hello = back.wait("welcome")
        snap = back.wait("snap")
        assert hello["clock"] == "3+2" and snap["left"] == [162.0, 172.5] and snap["secs"] == [20.0]
        seat = RemoteSeat("othello", {})
        seat.update(hello)
        seat.update(snap)
        session = RemoteSession(back, seat)
        m = session.match
        assert m.time_left(0) == 162.0 and 172.0 < m.time_left(1) <= 172.5
        session.close()


def test_an_ai_seat_plans_its_move_from_its_time_left_and_its_slack_before_it_falls():
    class Recording:
        limits: list[float] = []

        def submit(self, game, spec, view, limit, seat=None, seed=None):
            self.limits.append(limit)
            job = Job(None, limit)  # never answers: the AI hangs
            return job

        def close(self):
            pass

    clock = FakeClock()
    worker = Recording()
    with running(Server(clock=clock, worker_factory=lambda: worker)) as (server, url):
        host = client(url, t="create", game="othello", seats=["me", "greedy:1"], name="Ann", clock="1+0")
        welcome = host.wait("welcome")
        host.send({"t": "start"})
        host.caught_up()
        clock.now += 20.0
        host.act("f5")
        host.wait("ack")
        wait_until(lambda: worker.limits)
        assert worker.limits == [TimeControl(1, 0).plan(60.0)]
        table = server.tables[welcome["code"]]
        assert table.flag_deadline() == clock.now + 60.0 + AI_FLAG_SLACK
        clock.now += 60.0 + AI_FLAG_SLACK
        host.caught_up()
        over = host.wait("over")
        assert over["reason"] == FLAG and over["winner"] == 0


def test_in_a_davinci_game_of_three_a_fall_ends_the_game_with_no_winner_as_offline():
    clock = FakeClock()
    table = Table("davinci", {"players": 3}, ["me", "open", "open"], clock, time_control="1+0")
    for i, conn in enumerate((1, 2, 3)):
        table.join(conn, {"want": i, "name": f"P{i}"})
    table.start(1, clock.now)
    clock.now += 60.0
    out = table.check_flag(clock.now)
    over = [m for _c, m in out if m["t"] == "over"]
    assert len(over) == 3 and over[0]["reason"] == FLAG and over[0]["winner"] is None
    assert over[0]["detail"] == "P0 lost on time"


def test_a_timed_table_is_saved_with_its_clock_and_the_move_under_way_and_an_old_file_has_none():
    clock = FakeClock()
    table = Table("othello", {}, ["me", "open"], clock, time_control="3+2")
    table.join(1, {"name": "Ann"})
    table.join(2, {"name": "Bob"})
    table.start(1, clock.now)
    clock.now += 10.0
    table.handle(1, {"t": "act", "n": 1, "ver": 0, "move": "f5"})
    clock.now += 4.0
    data = json.loads(json.dumps(table.to_json()))
    assert data["clock"] == "3+2" and data["turn"] == 4.0
    clock.now += 500.0  # the server was down: that time is no one's
    again = Table.from_json(data, clock)
    assert again.clocks(clock.now) == [172.0, 176.0]
    old = {k: v for k, v in data.items() if k not in ("clock", "turn")}
    assert Table.from_json(old, clock).control is None
    with pytest.raises(ValueError):
        Table.from_json({**data, "clock": "999+0"}, clock)


@pytest.mark.parametrize("key", ["999+0", "abc", "1+0" * 8, 5, None, True, "0s", "-1+0", "1+999"])
def test_a_table_created_with_a_clock_boardhub_does_not_offer_is_refused(key):
    with running() as (server, url):
        message = {"t": "create", "v": protocol.VERSION, "game": "othello", "seats": ["me", "open"], "clock": key}
        got, code = raw(url, json.dumps(message), wait=2.0)
        assert got == [] and code == protocol.CLOSE_MALFORMED and not server.tables


def test_a_client_believes_no_clock_figures_a_host_could_not_send():
    assert time_control("2+1") == TimeControl(2, 1)
    for bad in ("9999+0", 7, ["1+0"], {"k": 1}, "none", None):
        assert time_control(bad) is None
    assert host_clocks([10, 2.5], 2) == [10.0, 2.5]
    for bad in ([1], [1, 2, 3], ["1", 2], [True, 1], [float("nan"), 1], "12", None, {"0": 1}):
        assert host_clocks(bad, 2) is None
    assert host_clocks([-5, 1e300], 2) == [0.0, pytest.approx(host_clocks([1e300, 0], 2)[0])]
    seat = RemoteSeat("othello", {})
    seat.update({"t": "welcome", "seat": 0, "seats": [], "clock": "1+0"})
    seat.update({"t": "snap", "moves": [], "secs": [], "view": {}, "started": True, "left": ["x", 3]})
    assert seat.left is None  # figures it cannot read: the clocks count from the moves' own times
