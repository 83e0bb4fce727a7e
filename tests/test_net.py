"""Network play over real sockets on loopback: whole games, identity, resends, hostile clients, restarts."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardhub.net import protocol, server as server_module
from boardhub.net.server import Server
from boardhub.net.seat import RemoteSeat
from boardhub.net.table import Seat
from nethelpers import client, free_port, kinds, raw, running, wait_until


def othello_table(url: str):
    host = client(url, t="create", game="othello", seats=["me", "open"], name="Ann")
    welcome = host.wait("welcome")
    guest = client(url, code=welcome["code"].lower(), name="Bob\x00\u202e" + "x" * 60)
    guest.wait("welcome")
    return host, guest, welcome


def test_two_people_and_a_watcher_play_a_whole_othello_game():
    with running() as (server, url):
        host, guest, welcome = othello_table(url)
        watcher = client(url, code=welcome["code"], want="watch")
        assert watcher.wait("welcome")["seat"] is None
        host.send({"t": "start"})
        seats = {0: RemoteSeat("othello", {}), 1: RemoteSeat("othello", {})}
        players = {0: host, 1: guest}
        for who, c in players.items():
            seats[who].update({"t": "welcome", "seat": who, "seats": []})
        table = server.tables[welcome["code"]]
        wait_until(lambda: table.started)
        while not table.over:
            who = table.rules.to_move(table.state)
            c = players[who]
            c.caught_up()
            for message in c.poll():
                seats[who].update(message)
            move = table.rules.legal_moves(seats[who].view)[0]
            n = c.act(table.rules.move_to_text(move, seats[who].view))
            wait_until(lambda: c.pending is None)
            assert table.seats[who].answers[n]["t"] == "ack"
        over = watcher.wait("over")
        assert over["seed"] == str(table.seed) and over["winner"] == table.rules.outcome(table.state).winner
        names = [s["name"] for s in table.to_json()["seats"]]
        assert names[1].startswith("Bob") and "\x00" not in names[1] and "\u202e" not in names[1]
        assert len(names[1]) <= protocol.MAX_NAME
        watched = [json.loads(f) for f in watcher.frames if json.loads(f)["t"] == "ev"]
        assert [e["move"] for e in watched] == table.moves


def test_a_watcher_cannot_act_and_a_player_acts_only_for_their_own_seat():
    with running() as (server, url):
        host, guest, welcome = othello_table(url)
        watcher = client(url, code=welcome["code"], want="watch")
        watcher.wait("welcome")
        host.send({"t": "start"})
        watcher.act("f5")
        assert watcher.wait("reject")["why"] == "watchers cannot play"
        guest.caught_up()
        guest.act("f5")  # black (the host) is to move
        assert guest.wait("reject")["why"] == "it is not your turn"
        table = server.tables[welcome["code"]]
        assert table.moves == []
        # a message naming another seat is not one the protocol has: that connection is closed
        got, code = raw(url, protocol.encode({"t": "hello", "v": protocol.VERSION, "code": welcome["code"], "want": "watch"}),
                        protocol.encode({"t": "act", "n": 1, "ver": 0, "move": "f5", "seat": 0}))
        assert code == protocol.CLOSE_MALFORMED and table.moves == []


def test_a_wrong_or_missing_token_gets_no_game_bytes_and_tokens_end_with_their_seat():
    with running() as (server, url):
        host, guest, welcome = othello_table(url)
        for hello in ({"t": "hello", "v": protocol.VERSION, "token": "0" * 32}, {"t": "hello", "v": protocol.VERSION},
                      {"t": "hello", "v": protocol.VERSION, "code": "WRONGCDE"}):
            got, code = raw(url, protocol.encode(hello))
            assert got == [] and code in (protocol.CLOSE_NO_TABLE, protocol.CLOSE_MALFORMED, protocol.CLOSE_BAD_TOKEN)
        table = server.tables[welcome["code"]]
        assert all(protocol.new_token() not in json.dumps(table.to_json()) for _ in range(3))
        token = guest.token
        assert token and token not in json.dumps(table.to_json())  # the server keeps the hash only
        host.send({"t": "seat", "seat": 1, "ai": "greedy:1"})  # the host seats an AI there instead
        wait_until(lambda: table.seats[1].kind == "ai")
        got, code = raw(url, protocol.encode({"t": "hello", "v": protocol.VERSION, "token": token}))
        assert got == [] and code == protocol.CLOSE_NO_TABLE


def test_a_resent_action_gets_its_first_answer_and_is_applied_once():
    with running() as (server, url):
        host, guest, welcome = othello_table(url)
        host.send({"t": "start"})
        table = server.tables[welcome["code"]]
        wait_until(lambda: table.started)
        host.caught_up()
        message = {"t": "act", "n": 7, "ver": 0, "move": "f5"}
        host.send(message)
        first = host.wait("ack")
        host.send(message)  # as if the acknowledgement had been lost
        assert host.wait("ack") == first
        host.send({**message, "move": "d3"})  # the same number again, even with another move: the first answer
        assert host.wait("ack") == first
        host.caught_up()
        assert table.moves == ["f5"] and table.version == 1


def test_an_action_on_an_old_version_is_refused_with_a_fresh_view():
    with running() as (server, url):
        host, guest, welcome = othello_table(url)
        host.send({"t": "start"})
        host.caught_up()
        host.send({"t": "act", "n": 1, "ver": 5, "move": "f5"})
        assert host.wait("reject")["why"] == "the table has moved on"
        assert host.wait("snap")["ver"] == 0


@pytest.mark.parametrize("frames, code", [
    (["x" * (protocol.MAX_FRAME + 1)], 1009),
    (["not json"], protocol.CLOSE_MALFORMED),
    ([b"\x00\x01binary"], protocol.CLOSE_MALFORMED),
    ([json.dumps({"t": "launch"})], protocol.CLOSE_MALFORMED),
    ([json.dumps({"t": "hello", "v": "1"})], protocol.CLOSE_MALFORMED),
    ([json.dumps({"t": "hello", "v": protocol.VERSION + 1, "code": "X"})], protocol.CLOSE_VERSION),
    ([json.dumps({"t": "hello", "v": protocol.VERSION, "code": "A" * 5000})], protocol.CLOSE_MALFORMED),
    (['{"t": "hello", "v": ' + "9" * 5000 + "}"], protocol.CLOSE_MALFORMED),
    (["[" * 3000 + "]" * 3000], protocol.CLOSE_MALFORMED),
    ([json.dumps({"t": "create", "v": protocol.VERSION, "game": "chess", "seats": ["me"]})], protocol.CLOSE_MALFORMED),
    ([json.dumps({"t": "create", "v": protocol.VERSION, "game": "othello", "seats": ["me", "gtp:/bin/sh"]})],
     protocol.CLOSE_MALFORMED),
    ([json.dumps({"t": "create", "v": protocol.VERSION, "game": "othello", "seats": ["me", "py:os:system"]})],
     protocol.CLOSE_MALFORMED),
])
def test_a_hostile_client_is_closed_and_every_other_table_goes_on(frames, code):
    with running() as (server, url):
        host, guest, welcome = othello_table(url)
        host.send({"t": "start"})
        got, closed = raw(url, *frames)
        assert closed == code and not any('"view"' in f for f in got)
        host.caught_up()
        host.act("f5")
        assert host.wait("ack")["ver"] == 1


def test_a_flood_closes_that_connection_only():
    with running() as (server, url):
        host, guest, welcome = othello_table(url)
        hello = protocol.encode({"t": "hello", "v": protocol.VERSION, "code": welcome["code"], "want": "watch"})
        got, closed = raw(url, hello, *[protocol.encode({"t": "sync", "n": i}) for i in range(500)])
        assert closed == protocol.CLOSE_FLOOD
        guest.caught_up()


def test_a_greeting_that_never_comes_is_closed(monkeypatch):
    monkeypatch.setattr(server_module, "HELLO_SECONDS", 0.3)
    with running() as (server, url):
        got, closed = raw(url, wait=3)
        assert got == [] and closed == protocol.CLOSE_SLOW_HELLO


def test_join_codes_cannot_be_found_by_trying():
    with running() as (server, url):
        host, guest, welcome = othello_table(url)
        for i in range(server_module.WRONG_CODES):
            assert raw(url, protocol.encode({"t": "hello", "v": protocol.VERSION, "code": f"WRONG{i:03d}"}))[1] == \
                protocol.CLOSE_NO_TABLE
        # now even the right code is refused from this address for a while
        got, closed = raw(url, protocol.encode({"t": "hello", "v": protocol.VERSION, "code": welcome["code"], "want": "watch"}))
        assert got == [] and closed == protocol.CLOSE_THROTTLED


def test_chat_is_cleaned_rate_limited_and_kept_apart_for_players_and_watchers():
    with running() as (server, url):
        host, guest, welcome = othello_table(url)
        watcher = client(url, code=welcome["code"], want="watch")
        watcher.wait("welcome")
        host.send({"t": "chat", "text": "hi\x00 there\u202e"})
        line = guest.wait("chat")
        assert line["text"] == "hi there" and line["from"] == "Ann" and not line["watcher"]
        host.send({"t": "chat", "text": "again"})
        assert host.wait("reject")["why"] == "one chat line a second"
        watcher.send({"t": "chat", "text": "from the stands"})
        assert watcher.wait("chat")["watcher"]
        guest.caught_up()
        assert [json.loads(f)["text"] for f in guest.frames if json.loads(f)["t"] == "chat"] == ["hi there"]


def test_a_dropped_player_comes_back_into_the_seat_with_nothing_lost_or_doubled():
    with running() as (server, url):
        host, guest, welcome = othello_table(url)
        host.send({"t": "start"})
        table = server.tables[welcome["code"]]
        host.caught_up()
        host.act("f5")
        host.wait("ack")
        guest.drop()
        wait_until(lambda: table.seats[1].conn is None)
        assert table.seats[1].away_since is not None
        guest.wait("reconnected")
        guest.caught_up()
        assert table.seats[1].conn is not None and table.seats[1].away_since is None
        guest.act("d6")
        assert guest.wait("ack")["ver"] == 2
        assert table.moves == ["f5", "d6"]


def test_an_ai_seat_plays_in_the_servers_ai_process():
    with running() as (server, url):
        host = client(url, t="create", game="othello", seats=["me", "random"], name="Ann")
        welcome = host.wait("welcome")
        host.send({"t": "start"})
        table = server.tables[welcome["code"]]
        host.caught_up()
        host.act("f5")
        wait_until(lambda: len(table.moves) == 2, timeout=60)
        assert table.rules.to_move(table.state) == 0


def slow_ai_table(server: Server, url: str):
    """An Othello table of a host and an AI seat whose every search lasts its whole time (set on the host:
    the network offers no program as a seat)."""
    host = client(url, t="create", game="othello", seats=["me", "random"], name="Ann")
    table = server.tables[host.wait("welcome")["code"]]
    table.seats[1] = Seat("ai", "Slow", ai="py:nethelpers:slow")
    host.send({"t": "start"})
    host.caught_up()
    host.act("f5")
    host.wait("ack")
    return host, table


def kill_the_ai_process(server: Server, code: str, not_pid: int | None = None) -> int:
    """Kill the AI process while it searches for the table `code` (a process other than `not_pid`): once the
    request is in its hands, not merely started (a process killed before that is replaced before it is asked)."""
    wait_until(lambda: code in server.ai_jobs and server._worker.searching is server.ai_jobs[code]
               and server._worker.pid not in (None, not_pid), timeout=30)
    pid = server._worker.pid
    os.kill(pid, signal.SIGKILL)
    return pid


def test_an_ai_seat_whose_process_is_killed_in_its_turn_is_asked_again_and_the_table_goes_on():
    with running(Server(ai_limit=1.5)) as (server, url):
        host, table = slow_ai_table(server, url)
        kill_the_ai_process(server, table.code)
        wait_until(lambda: len(table.moves) == 2, timeout=30)
        assert server._worker.retried == 1 and not table.over
        host.caught_up()  # the AI's move has reached the host's screen: its next move is made on it
        host.act("f3")  # the game goes on: the host's next move is taken
        assert host.wait("ack")["ver"] == 3


def test_an_ai_seat_whose_process_dies_twice_in_one_turn_forfeits_with_the_reason_in_words():
    with running(Server(ai_limit=1.5)) as (server, url):
        host, table = slow_ai_table(server, url)
        first = kill_the_ai_process(server, table.code)
        wait_until(lambda: server._worker.retried == 1, timeout=30)
        kill_the_ai_process(server, table.code, not_pid=first)
        over = host.wait("over", timeout=30)
        assert over["winner"] == 0 and over["reason"] == "error"
        assert over["detail"] == "Slow crashed twice in one move (its process ended each time)"
        assert table.moves == ["f5"] and table.over
        assert table.ai_turn() is None  # nothing more is asked of the AI: the table is not left waiting


def test_a_server_killed_and_started_again_resumes_every_table(tmp_path):
    port = free_port()
    url = f"ws://127.0.0.1:{port}"
    command = [sys.executable, "-m", "boardhub", "serve", "--port", str(port), "--state", str(tmp_path)]
    env = {**os.environ, "BOARDHUB_SAVES": str(tmp_path / "saves")}
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        assert proc.stdout.readline().startswith(b"serving")
        host = client(url, t="create", game="othello", seats=["me", "open"], name="Ann")
        code = host.wait("welcome")["code"]
        guest = client(url, code=code, name="Bob")
        guest.wait("welcome")
        host.send({"t": "start"})
        host.caught_up()
        host.act("f5")
        host.wait("ack")
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        assert proc.stdout.readline().startswith(b"serving 1 tables")
        guest.wait("reconnected", timeout=15)
        host.wait("reconnected", timeout=15)
        guest.caught_up()
        guest.act("d6")
        assert guest.wait("ack")["ver"] == 2
        saved = json.loads((tmp_path / f"{code}.json").read_text())
        assert saved["moves"] == ["f5", "d6"]
    finally:
        proc.kill()
        proc.wait(10)


def test_the_seed_is_sent_only_with_the_reveal():
    with running() as (server, url):
        host = client(url, t="create", game="davinci", options={"players": 2}, seats=["me", "open"], name="A")
        welcome = host.wait("welcome")
        guest = client(url, code=welcome["code"])
        guest.wait("welcome")
        table = server.tables[welcome["code"]]
        assert table.seed.bit_length() > 64
        host.send({"t": "start"})
        host.caught_up()
        guest.caught_up()
        for c in (host, guest):
            assert not any(str(table.seed) in f for f in c.frames)
        assert "over" not in kinds(host)


def test_a_table_hosted_on_the_network_is_heard_by_itself_and_strangers_datagrams_are_ignored():
    from boardhub.net import discovery

    port = free_port()
    heard_changed = []
    listener = discovery.Listener(("127.0.0.1", port), on_change=lambda: heard_changed.append(1))
    listener.start()
    beacon = discovery.Beacon(lambda: [discovery.beacon_bytes("ABCD3467", "davinci", "Ann\x00", 2, 47600)],
                              target=("127.0.0.1", port))
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as stranger:
            for junk in (b"\xff" * 600, b"[" * 400, b'{"m": "boardhub-table", "port": 99999}', b"hello"):
                stranger.sendto(junk, ("127.0.0.1", port))
        beacon.start()
        wait_until(lambda: listener.heard())
        (table,) = listener.heard()
        assert (table.code, table.game, table.host, table.free, table.port) == ("ABCD3467", "davinci", "Ann", 2, 47600)
        assert discovery.describe(table)["address"] == "ws://127.0.0.1:47600"
    finally:
        beacon.stop()
        listener.stop()
    assert listener.heard(now=time.monotonic() + discovery.FORGET + 1) == []


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_an_away_seat_counts_down_then_the_others_choose_a_stand_in_and_its_person_reclaims_it():
    clock = FakeClock()
    with running(Server(clock=clock)) as (server, url):
        host, guest, welcome = othello_table(url)
        table = server.tables[welcome["code"]]
        host.send({"t": "start"})
        host.caught_up()
        host.act("f5")
        host.wait("ack")
        token = guest.token
        guest.drop()
        guest.close()  # gone for good from this client object: the person comes back later with the token
        wait_until(lambda: table.seats[1].conn is None)
        host.caught_up()
        status = [m for m in host.poll() if m["t"] == "seats"][-1]
        assert status["seats"][1]["away"] == 60.0 and not status["seats"][1]["here"], status
        host.send({"t": "away", "seat": 1, "choice": "stand_in"})
        assert host.wait("reject")["why"] == "the countdown has not ended"
        clock.now += 61
        host.send({"t": "away", "seat": 1, "choice": "stand_in"})
        wait_until(lambda: len(table.moves) == 2, timeout=60)  # the stand-in AI answered d6's turn
        back = client(url, token=token)
        back.wait("welcome")
        wait_until(lambda: table.seats[1].kind == "human" and not table.seats[1].stand_in)
        assert table.to_json()["seats"][1]["was_stood_in"]


def test_in_a_game_of_two_the_one_still_there_may_claim_the_win_after_the_countdown():
    clock = FakeClock()
    with running(Server(clock=clock)) as (server, url):
        host, guest, welcome = othello_table(url)
        table = server.tables[welcome["code"]]
        host.send({"t": "start"})
        host.caught_up()
        guest.close()  # left on purpose: the short countdown
        wait_until(lambda: table.seats[1].conn is None)
        clock.now += 11
        host.send({"t": "away", "seat": 1, "choice": "win"})
        over = host.wait("over")
        assert over["winner"] == 0 and over["reason"] == "abandoned" and over["detail"] == "Ann wins: the other player left"
        host.act("d3")
        assert host.wait("reject")["why"] == "the game is over"


def test_a_rematch_turns_the_seats_and_keeps_the_ai():
    with running() as (server, url):
        host = client(url, t="create", game="davinci", options={"players": 3}, seats=["me", "open", "easy"],
                      name="Ann")
        welcome = host.wait("welcome")
        guest = client(url, code=welcome["code"], name="Bob")
        guest.wait("welcome")
        table = server.tables[welcome["code"]]
        table.started = True  # played to its end here, as quickly as the rules allow
        state = table.state
        while not table.rules.is_over(state):
            state = table.rules.apply(state, table.rules.legal_moves(state)[0])
        table.state = state
        first_seed = table.seed
        host.send({"t": "rematch"})
        assert host.wait("rematch")["asked"] == [0]
        guest.send({"t": "rematch"})
        assert host.wait("welcome")["seat"] == 1 and guest.wait("welcome")["seat"] == 2
        assert [s.kind for s in table.seats] == ["ai", "human", "human"] and table.seats[0].ai == "easy"
        assert not table.over and table.moves == [] and table.game == 2 and table.seed != first_seed


def test_an_ai_seats_forfeit_is_kept_in_words_when_the_table_is_resumed():
    from boardhub.core.i18n import Wording
    from boardhub.net.table import Table

    table = Table("othello", None, ["me", "random"], clock=lambda: 0.0)
    table.join(1, {"name": "Ann"})
    table.start(1, 0.0)
    table.act(1, {"t": "act", "n": 1, "ver": 0, "move": "f5"}, 0.0)
    seat, _spec, _view, version = table.ai_turn()
    refused = table.ai_played(seat, version, 99)  # an answer the rules refuse forfeits, as offline
    assert [m["t"] for _c, m in refused][-1] == "over" and table.over
    assert table.outcome().reason == "illegal" and table.outcome().winner == 0
    table.ended = None
    out = table.ai_failed(seat, version, Wording.of("{player} gave no answer {seconds} s after its time was up, "
                                                    "and was stopped", seconds="5"))
    over = [m for _c, m in out if m["t"] == "over"][0]
    assert over["detail"] == "random gave no answer 5 s after its time was up, and was stopped"
    again = Table.from_json(json.loads(json.dumps(table.to_json())), clock=lambda: 0.0)
    assert again.over and again.over_message()["detail"] == over["detail"] and again.outcome().reason == "error"


def test_a_seat_taken_back_by_a_new_client_with_its_token_plays_on_its_first_action_is_not_an_old_one():
    """An app killed and started again greets with the seat's token but counts its actions from 1 again:
    the welcome tells it where the seat's count stands, so its next move is played, not answered as a resend."""
    with running() as (server, url):
        host, guest, welcome = othello_table(url)
        host.send({"t": "start"})
        table = server.tables[welcome["code"]]
        wait_until(lambda: table.started)
        players = {0: host, 1: guest}
        for _ in range(2):  # a move each: the guest's first action has number 1
            who = table.rules.to_move(table.state)
            c = players[who]
            c.act(table.rules.move_to_text(table.rules.legal_moves(table.state)[0], table.state))
            wait_until(lambda: c.pending is None)
        assert len(table.moves) == 2
        guest._stopping = True
        guest.drop()  # the guest's app dies: its client and its action count with it
        wait_until(lambda: table.seats[1].conn is None)
        again = client(url, token=guest.token)
        assert again.wait("welcome")["seat"] == 1
        host.act(table.rules.move_to_text(table.rules.legal_moves(table.state)[0], table.state))
        wait_until(lambda: host.pending is None and len(table.moves) == 3)
        again.caught_up()
        again.act(table.rules.move_to_text(table.rules.legal_moves(table.state)[0], table.state))
        wait_until(lambda: again.pending is None)
        assert len(table.moves) == 4
        again.close()
        host.close()


def test_the_players_see_how_many_watch_and_the_times_of_moves_survive_a_restart():
    from boardhub.net.table import Table

    now = [0.0]
    table = Table("othello", None, ["me", "open"], clock=lambda: now[0])
    table.join(1, {"name": "Ann"})
    table.join(2, {"name": "Ben"})
    watched = table.join(3, {"want": "watch"})
    assert {c for c, m in watched if m["t"] == "seats" and m["watching"] == 1} == {1, 2, 3}
    assert [m["watching"] for c, m in watched if m["t"] == "welcome"] == [1]
    left = table.leave(3)
    assert {c for c, m in left if m["t"] == "seats" and m["watching"] == 0} == {1, 2}
    table.start(1, 0.0)
    now[0] = 3.5
    out = table.act(1, {"t": "act", "n": 1, "ver": 0, "move": "f5"}, now[0])  # Ann, black, thought 3.5 s
    assert [m["sec"] for c, m in out if m["t"] == "ev" and c == 2] == [3.5]
    again = Table.from_json(json.loads(json.dumps(table.to_json())), clock=lambda: 0.0)
    assert again.times == [3.5] and again.view_message(0)["secs"] == [3.5]


def test_a_gomoku_table_plays_through_swap2_and_the_seats_keep_their_people_when_colours_swap():
    with running() as (server, url):
        host = client(url, t="create", game="gomoku", seats=["me", "open"], name="Ann",
                      options={"rule": "freestyle", "opening": "swap2", "size": 15})
        welcome = host.wait("welcome")
        guest = client(url, code=welcome["code"], name="Bob")
        guest.wait("welcome")
        host.send({"t": "start"})
        table = server.tables[welcome["code"]]
        wait_until(lambda: table.started)
        players = {0: host, 1: guest}
        script = ["h8", "h9", "i9", "more", "j10", "g7", "white", "a1", "k11"]
        for text in script:
            who = table.rules.to_move(table.state)
            c = players[who]
            c.caught_up()
            n = c.act(text)
            wait_until(lambda: c.pending is None)
            assert table.seats[who].answers[n]["t"] == "ack", (text, table.seats[who].answers[n])
        state = table.state
        assert state.swapped and state.phase == "" and len(state.moves) == 7
        assert table.moves[3] == "more" and table.moves[6] == "white"
        assert state.board[table.rules.move_from_text("a1", state)] == 2  # Ann, seat 0, plays white
        assert table.rules.to_move(state) == 0 and [s["name"] for s in table.to_json()["seats"]][0] == "Ann"
        guest.caught_up()
        seen = RemoteSeat("gomoku", {"rule": "freestyle", "opening": "swap2", "size": 15})
        seen.update({"t": "welcome", "seat": 1, "seats": []})
        for message in guest.poll():
            seen.update(message)
        assert seen.view == state and not seen.my_turn  # Bob's screen rebuilds the swap from the moves
        n = guest.act("a2")  # not Bob's turn: Ann (white) is to move
        wait_until(lambda: guest.pending is None)
        assert table.seats[1].answers[n]["t"] != "ack"
