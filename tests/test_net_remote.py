"""A remote game as the game screen plays it: `RemoteSession` and its mirror match over loopback sockets."""
from __future__ import annotations

import time

import pytest

from boardhub.core import saves
from boardhub.core.events import GameOver, MovePlayed, Notice
from boardhub.core.rules import IllegalMove, Outcome
from boardhub.core.stats import ONLINE, ONLINE_STOOD_IN, Stats
from boardhub.core.saved_games import saved_match
from boardhub.net.remote import RemoteSession
from boardhub.net.seat import RemoteSeat
from nethelpers import client, running, wait_until


def seated(c, welcome: dict, game: str, options: dict | None = None) -> RemoteSeat:
    """The seat of client `c` once its table has started, as the lobby hands it over."""
    seat = RemoteSeat(game, options or {})
    seat.update(welcome)
    end = time.monotonic() + 10
    while not (seat.started and seat.view is not None):
        assert time.monotonic() < end, "the table did not start"
        for message in c.poll():
            seat.update(message)
        time.sleep(0.005)
    return seat


def table(url: str, game: str, seats: list[str], options: dict | None = None, guests: int = 1):
    """A started table: the host's client and the guests', each with its seat."""
    host = client(url, t="create", game=game, options=options or {}, seats=seats, name="Ann")
    welcomes = [host.wait("welcome")]
    code = welcomes[0]["code"]
    others = []
    for i in range(guests):
        others.append(client(url, code=code, name=f"Guest{i + 1}"))
        welcomes.append(others[-1].wait("welcome"))
    host.send({"t": "start"})
    return [(c, seated(c, w, game, options)) for c, w in zip([host] + others, welcomes)], code


def pump(sessions, until, timeout: float = 10.0) -> dict[int, list]:
    """Every session's events until `until()` is true."""
    got: dict[int, list] = {i: [] for i in range(len(sessions))}
    end = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < end, "the table did not get there in time"
        for i, s in enumerate(sessions):
            got[i] += s.update()
        time.sleep(0.002)
    return got


def test_a_whole_othello_game_between_two_remote_sessions_is_shown_move_by_move_and_saved(saves_folder):
    with running() as (server, url):
        players, code = table(url, "othello", ["me", "open"])
        sessions = [RemoteSession(c, seat) for c, seat in players]
        hosted = server.tables[code]
        events: dict[int, list] = {0: [], 1: []}
        end = time.monotonic() + 30
        while not all(any(isinstance(e, GameOver) for e in events[i]) for i in events):
            assert time.monotonic() < end
            for i, s in enumerate(sessions):
                events[i] += s.update()
                if s.interactive:
                    s.play(s.match.rules.legal_moves(s.match.state)[0])
            time.sleep(0.001)
        for i, s in enumerate(sessions):
            played = [e for e in events[i] if isinstance(e, MovePlayed)]
            assert [s.match.text(e.move) for e in played] == hosted.moves  # each once, in order
            assert [e.ply for e in played] == list(range(1, len(hosted.moves) + 1))
            assert s.match.state == hosted.state and s.match.is_over
            assert s.match.outcome.winner == hosted.outcome().winner
            saved = saves.SavedGame(s.save_path, saves.read_game(s.save_path))
            again = saved_match(saved)
            assert again.state == hosted.state and [x.name for x in again.seats] == ["Ann", "Guest1"]
        assert len(list((saves_folder).rglob("*othello*.json"))) == 2
        # each player's result counts once, in the network row (both players share this test's stats file)
        winner = hosted.outcome().winner
        assert Stats.load().record_of("othello", ONLINE) == ((1, 0, 1, 0) if winner is not None else (0, 2, 0, 0))
        assert Stats.load().record_of("othello", ONLINE_STOOD_IN) is None
        for s in sessions:
            s.close()


def test_a_game_where_an_ai_stood_in_is_counted_in_a_row_of_its_own(saves_folder):
    with running() as (server, url):
        players, code = table(url, "othello", ["me", "open"])
        session = RemoteSession(*players[0])
        session._count({"stand_in": [1]}, Outcome(0, (40, 24), "score"))
        session._count({"stand_in": []}, Outcome(1, (24, 40), "score"))
        assert Stats.load().record_of("othello", ONLINE_STOOD_IN) == (1, 0, 0, 0)
        assert Stats.load().record_of("othello", ONLINE) == (0, 0, 1, 0)
        session.close()


def test_a_move_the_host_refuses_says_why_and_changes_nothing():
    with running() as (server, url):
        players, code = table(url, "othello", ["me", "open"])
        host = RemoteSession(*players[0])
        guest = RemoteSession(*players[1])
        with pytest.raises(IllegalMove):  # not the guest's turn: refused here, nothing sent
            guest.play(guest.match.parse("d3"))
        with pytest.raises(IllegalMove):  # not a legal square for black
            host.play(host.match.parse("a1"))
        assert not host.waiting and not guest.waiting
        # a move made on a table that moved on (as if the host's answer were lost): the host refuses it
        hosted = server.tables[code]
        host.client.version = 99
        before = host.match.state
        host.play(host.match.parse("d3"))
        got = pump([host], lambda: not host.waiting)[0]
        assert any(isinstance(e, Notice) and "moved on" in e.text for e in got)
        assert hosted.moves == [] and host.match.state == before and not host.match.history
        assert not any(isinstance(e, MovePlayed) for e in got)
        host.close()
        guest.close()


def test_a_chat_line_goes_round_the_players():
    with running() as (server, url):
        players, code = table(url, "othello", ["me", "open"])
        a, b = (RemoteSession(*p) for p in players)
        a.say("  good luck  ")
        pump([a, b], lambda: len(b.chat) == 1 and len(a.chat) == 1)
        assert (b.chat[0].name, b.chat[0].text, b.chat[0].watcher) == ("Ann", "good luck", False)
        a.say("again at once")  # the host allows one line a second: refused in words
        notes: list = []
        pump([a], lambda: notes.extend(e for e in a.update() if isinstance(e, Notice)) or notes)
        assert "one chat line a second" in notes[0].text and len(b.chat) == 1
        a.close()
        b.close()


def test_a_davinci_game_through_remote_sessions_ends_with_the_host_s_true_game_on_every_screen():
    with running() as (server, url):
        players, code = table(url, "davinci", ["me", "open", "open"], {"players": 3}, guests=2)
        sessions = [RemoteSession(*p) for p in players]
        hosted = server.tables[code]
        end = time.monotonic() + 60
        while not all(s.match.is_over and s.save_path for s in sessions):
            assert time.monotonic() < end
            for s in sessions:
                s.update()
                if s.interactive:
                    s.play(s.seat.view.legal_moves()[0])
                    if s.me != 0:  # the others look only at their own view, never the mirror's guesses
                        assert s.match.rules.view(s.match.state, s.me) == s.seat.view
            time.sleep(0.001)
        for s in sessions:
            assert s.match.state == hosted.state and s.match.seed == hosted.seed


def test_two_twin_deals_seat_0_cannot_tell_apart_draw_the_same_pixels_on_its_screen(monkeypatch):
    """Everything seat 0's screen draws comes from its view: the others' hidden numbers differ, the pixels do not."""
    import itertools
    import random
    from dataclasses import replace

    import pygame
    from test_davinci_hidden import consistent, rearranged

    from boardhub.app import App
    from boardhub.games.davinci.engine import DavinciRules
    from boardhub.net import protocol
    from boardhub.net.server import Server
    from boardhub.net.table import Table
    from boardhub.scenes.net_game import NetGameScene

    rules = DavinciRules()
    first = rules.new_game({"players": 3}, 7)
    twin = replace(rearranged(replace(first, piles=((), ())), 0, random.Random(3)), piles=first.piles)
    assert consistent(twin) and twin.racks != first.racks
    counter = itertools.count()
    monkeypatch.setattr(protocol, "new_token", lambda: f"{next(counter) // 2:032x}")
    app = App((800, 600))
    with running() as (s0, u0), running() as (s1, u1):
        tables, seats = [], [[], []]
        for k, (server, state) in enumerate(((s0, first), (s1, twin))):
            tables.append(Table("davinci", {"players": 3}, ["me", "open", "open"], seed=11 + k, state=state,
                                code="TWNTBL34", clock=lambda: 0.0))  # the moves' times are public: alike
            server.tables["TWNTBL34"] = tables[-1]
        welcomes = [[], []]
        for s in range(3):
            for k, url in enumerate((u0, u1)):
                c = client(url, code="TWNTBL34", want=s, name=f"P{s + 1}")
                welcomes[k].append(c.wait("welcome"))
                seats[k].append(c)
        for k in (0, 1):
            seats[k][0].send({"t": "start"})
        sessions = [RemoteSession(seats[k][0], seated(seats[k][0], welcomes[k][0], "davinci", {"players": 3}))
                    for k in (0, 1)]
        for s in sessions:
            s.match.hold(True)  # each clock stands from its own start: each turn then reads 0:00 on both screens
        scenes = [NetGameScene(app, s) for s in sessions]
        compared = 0
        for k in range(12):
            if rules.view(tables[0].state, 0) != rules.view(tables[1].state, 0) or tables[0].over:
                break
            shots, said = [], []
            for scene, session in zip(scenes, sessions):
                session.client.caught_up()
                session.update()
                scene.layout((800, 600))
                scene.update(0.0)
                said.append(scene.message and (scene.message.text, scene.message.kind))
                scene.message = None  # its fading runs on the wall clock: its words are compared instead
                surface = pygame.Surface((800, 600))
                scene.draw(surface)
                shots.append(pygame.image.tobytes(surface, "RGB"))
            assert said[0] == said[1] and shots[0] == shots[1], f"seat 0's screens differ after {k} moves"
            compared += 1
            mover = rules.to_move(tables[0].state)
            for t, cs in zip(tables, seats):
                cs[mover].caught_up()  # it acts on the table's latest version, in both twins alike
                legal = rules.view(t.state, mover).legal_moves()
                cs[mover].act(rules.move_to_text(legal[(k * 7) % len(legal)], t.state))
            for cs in seats:
                cs[mover].caught_up()
        assert compared >= 3
        for s in sessions:
            s.close()
    app.close()


def test_a_dropped_player_shows_away_with_a_countdown_on_the_others_screen_and_comes_back():
    with running() as (server, url):
        players, code = table(url, "othello", ["me", "open"])
        host, guest = (RemoteSession(*p) for p in players)
        guest.client.drop()
        first = pump([host, guest], lambda: not host.seats[1].here)
        left = host.seats[1].away_left(time.monotonic())
        assert left is not None and 50 < left <= 60  # the long wait of a dropped player, counting down
        assert host.choices_for(1) == []  # nothing to choose before it ends
        got = pump([host, guest], lambda: host.seats[1].here and guest.connected and not guest._back)
        assert any(isinstance(e, Notice) and "back" in e.text for e in got[0])
        assert any(isinstance(e, Notice) and "reconnecting" in e.text for e in first[1] + got[1])
        assert any(isinstance(e, Notice) and "caught up" in e.text for e in got[1])
        host.play(host.match.parse("d3"))
        pump([host, guest], lambda: len(guest.match.history) == 1 and len(host.match.history) == 1)
        assert server.tables[code].moves == ["d3"]
        host.close()
        guest.close()


def test_an_ai_seat_is_named_as_offline_never_by_its_spec_and_a_stand_in_keeps_the_person_s_name():
    from boardhub.net.remote import table_seats
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "ai", "ai": "seed:normal", "name": "seed:normal"},
             {"kind": "ai", "ai": "seed:normal", "name": "seed:normal"},
             {"kind": "ai", "ai": "easy", "name": "Cai", "stand_in": True}]
    names = [s.name for s in table_seats(seats)]
    assert names == ["Ann", "Classic normal AI 1", "Classic normal AI 2", "Cai"]
    assert [s.ai for s in table_seats(seats)] == [None, "seed:normal", "seed:normal", "easy"]


def test_a_davinci_table_joined_mid_game_lists_each_move_by_the_seat_that_made_it():
    import random

    from boardhub.net.remote import RemoteMatch
    rules = RemoteSeat("davinci", {"players": 4}).rules
    state, rng, movers, texts = rules.new_game({"players": 4}, 11), random.Random(4), [], []
    for _ in range(30):  # wrong calls among them: tiles turned up by the rules, by no move
        move = rng.choice(list(rules.legal_moves(state)))
        movers.append(rules.to_move(state))
        texts.append(rules.move_to_text(move))
        state = rules.apply(state, move)
    seat = RemoteSeat("davinci", {"players": 4})
    seat.seat, seat.moves, seat.view, seat.started = 2, texts, rules.view(state, 2), True
    match = RemoteMatch(seat)
    assert [played.seat for played in match.history] == movers and len(set(movers)) > 1


def test_a_table_joined_mid_game_shows_each_seat_s_clock_from_the_host_s_figures():
    seat = RemoteSeat("othello", {})
    seat.seat, seat.moves, seat.started = 1, ["d3", "c3", "c4"], True
    seat.seats = [{"kind": "human", "name": "Ann", "used": 12.5}, {"kind": "human", "name": "Bob", "used": 30.0}]
    seat.view = None
    from boardhub.net.remote import RemoteMatch
    match = RemoteMatch(seat)
    assert match.seat_time(0) == 12.5 and match.seat_time(1) == 30.0  # not the 0 s the catch-up took here
    match.add(1, "e3", None, match._turn_start + 4.0)
    assert match.seat_time(1) == 34.0 and match.seat_time(0) == 12.5


def test_a_move_that_comes_while_a_panel_holds_the_clocks_starts_the_next_turn_at_zero():
    from boardhub.net.remote import RemoteMatch
    seat = RemoteSeat("othello", {})
    seat.seat, seat.moves, seat.started, seat.view = 1, [], True, None
    match = RemoteMatch(seat)
    match.hold(True, 100.0)  # the menu is open
    match.add(0, "d3", None, 101.5)  # the host's move comes 1.5 s later
    assert match.turn_elapsed(101.5) == 0.0 and match.turn_elapsed(130.0) == 0.0  # never below zero
    match.hold(False, 140.0)
    assert match.turn_elapsed(143.0) == 3.0


def test_every_screen_shows_the_host_s_time_of_a_move_not_its_own():
    """The host times each move (from the turn given to the move arriving); the guest's screen, which saw the
    move arrive at another moment, lists the host's figure, and so does a screen that joins later."""
    from boardhub.net.server import Server
    now = [100.0]
    with running(Server(clock=lambda: now[0])) as (server, url):
        players, code = table(url, "othello", ["me", "open"])
        host, guest = (RemoteSession(*p) for p in players)
        pump([host, guest], lambda: host.interactive)
        now[0] += 7.25  # the host's clock: black thinks 7.25 s
        host.play(host.match.parse("f5"))
        events = pump([host, guest], lambda: len(guest.match.history) == 1 and len(host.match.history) == 1)
        assert [e.seconds for e in events[1] if isinstance(e, MovePlayed)] == [7.25]
        assert host.match.history[0].seconds == guest.match.history[0].seconds == 7.25
        late = RemoteSession(*players[1])  # a screen that joins now takes the moves so far with their times
        assert [p.seconds for p in late.match.history] == [7.25]
        for s in (host, guest):
            s.close()
