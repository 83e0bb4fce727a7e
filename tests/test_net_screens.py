"""The app's network screens, headless, over loopback only: hosting a table from the app, the LAN list,
joining by code (and failing in words), the waiting room, and the hand-over to the game screen.

Every server here binds 127.0.0.1 and every beacon is sent to a loopback address; the app
fixture's close stops the table the app hosts.
"""
from __future__ import annotations

import json
import time

import pygame
import pytest
from uidriver import click, key

from boardhub.core.i18n import _
from boardhub.core.settings import Settings
from boardhub.net import discovery, lobby, protocol
from boardhub.net.table import Seat, Table
from boardhub.scenes import net_join, net_room
from boardhub.scenes.net_host import HostScene
from boardhub.scenes.net_join import JoinScene
from boardhub.scenes.net_room import RoomScene
from nethelpers import client, free_port, running

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def until(app, condition, timeout: float = 10.0) -> None:
    """Frames until `condition()` holds, as the main loop would draw them while messages arrive."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError("the screen did not get there")
        app.frame(0.016)
        time.sleep(0.005)


@pytest.fixture
def lobby_app(app):
    """The app on its lobby, its beacon and listener on a loopback port of their own."""
    app.settings.beacon_address = f"127.0.0.1:{free_port()}"
    app.settings.player_name = "Ann"
    app.top.open_online()
    app.frame(0.016)
    assert isinstance(app.top, JoinScene)
    return app


def host_table(app, game: str = "othello", seats: tuple[str, ...] = ("me", "open")) -> RoomScene:
    """From the lobby: Host a table, pick the game and seats, press Enter; the waiting room."""
    click(app, app.top.host_button.rect.center)
    scene = app.top
    assert isinstance(scene, HostScene)
    scene.game_choice.set(game)
    scene.set_game()
    for choice, value in zip(scene.seats, seats):
        choice.set(value)
    key(app, pygame.K_RETURN)  # Enter hosts, as Enter starts the offline setup
    until(app, lambda: isinstance(app.top, RoomScene))
    return app.top


def test_hosting_from_the_scene_starts_a_loopback_server_and_the_hosts_client_gets_its_seat(lobby_app):
    app = lobby_app
    room = host_table(app)
    hosting = app.hosting
    assert hosting is not None and hosting.bind == "127.0.0.1" and hosting.beacon is None
    table = hosting.server.tables[room.code]
    assert room.my_seat == 0 and room.client.seat == 0 and room.client.token
    assert table.seats[0].kind == "human" and table.seats[0].name == "Ann" and table.seats[0].conn is not None
    assert [s["kind"] for s in room.seats] == ["human", "open"]
    assert room.address == f"127.0.0.1:{hosting.port}" and not room.start_button.enabled
    click(app, room.leave_button.rect.center)  # the host leaves: the table's server ends
    assert isinstance(app.top, JoinScene) and app.hosting is None
    with pytest.raises(OSError):
        client(hosting.url, code=room.code)


def test_a_guest_joins_by_a_code_typed_loosely_and_the_waiting_room_shows_them(lobby_app):
    app = lobby_app
    room = host_table(app)
    typed = f" {room.code[:4].lower()}-{room.code[4:].lower()} "
    guest = client(app.hosting.url, code=protocol.normal_code(typed), name="Bob\x00")
    assert guest.wait("welcome")["seat"] == 1
    until(app, lambda: room.seats[1]["kind"] == "human")
    assert room.seats[1]["name"] == "Bob" and room.seats[1]["here"]
    assert room.start_button.enabled and room.remove_buttons[1].visible and not room.ai_choices[1].visible
    click(app, room.remove_buttons[1].rect.center)  # the host removes the guest: the seat is open again
    assert guest.wait("removed") is not None
    until(app, lambda: room.seats[1]["kind"] == "open")
    assert room.ai_choices[1].visible and not room.start_button.enabled
    room.ai_choices[1].step(2)  # an AI in the seat, then another level
    until(app, lambda: room.seats[1]["kind"] == "ai")
    spec = room.ai_choices[1].value
    assert app.hosting.server.tables[room.code].seats[1].ai == spec and room.start_button.enabled
    guest.close()


def test_the_lan_list_shows_a_table_announced_by_a_beacon_on_loopback(lobby_app):
    app = lobby_app
    join = app.top
    target = lobby.beacon_target(app.settings.beacon_address)
    assert target[0] == "127.0.0.1" and join.listener is not None
    beacon = discovery.Beacon(lambda: [discovery.beacon_bytes("ACDE4679", "othello", "Bob", 1, 47650)], target)
    beacon.start()
    try:
        until(app, lambda: join.table_buttons)
    finally:
        beacon.stop()
    assert join.table_buttons[0].label == "Othello · Bob · 1 seat open"
    click(app, join.table_buttons[0].rect.center)
    assert join.address_field.text == "127.0.0.1:47650" and join.code_field.text == "ACDE4679"
    app.open("settings")  # another screen on top: the listener stops, and starts again on the way back
    assert join.listener is None
    key(app, pygame.K_ESCAPE)
    assert app.top is join and join.listener is not None


def test_a_hosted_network_table_is_announced_while_it_waits_for_people(monkeypatch):
    hosting = lobby.Hosting("lan", beacon=("127.0.0.1", 9), name="Ann")  # never started: nothing is sent
    table = Table("davinci", {"players": 3}, ["me", "open", "easy"])
    table.seats[0] = Seat("human", "Ann")  # the host's own client holds the first seat
    hosting.server.tables[table.code] = table
    hosting.port = 47651
    (datagram,) = hosting._announce()
    heard = discovery.parse(datagram, "127.0.0.1", 0.0)
    assert (heard.code, heard.game, heard.host, heard.free, heard.port) == (table.code, "davinci", "Ann", 1, 47651)
    table.started = True
    assert hosting._announce() == []
    assert lobby.Hosting("local").beacon is None and lobby.Hosting("internet").bind == "127.0.0.1"
    monkeypatch.delenv(lobby.LOOPBACK_ONLY)  # as the app runs for a player (the test suite keeps to loopback)
    assert lobby.Hosting("internet").bind == lobby.EVERY_INTERFACE and lobby.Hosting("local").bind == "127.0.0.1"
    assert lobby.beacon_target("") == (discovery.BROADCAST, discovery.PORT)


def join_with(app, address: str, code: str) -> str:
    join = app.top
    join.address_field.text, join.code_field.text = address, code
    click(app, join.join_button.rect.center)
    until(app, lambda: join.connecting is None)
    return join.error


def test_joining_with_a_wrong_code_a_full_table_or_no_host_says_so_in_words(lobby_app):
    app = lobby_app
    with running() as (server, url):
        host = client(url, t="create", game="othello", seats=["me", "random"], name="Cy")
        code = host.wait("welcome")["code"]
        address = url.removeprefix("ws://")
        wrong = next(c for c in ("ACDE4679", "KMNP3467") if c != code)
        assert join_with(app, address, wrong) == _(lobby.JOIN_FAILURES[protocol.CLOSE_NO_TABLE])
        assert join_with(app, address, code) == _(lobby.JOIN_FAILURES[protocol.CLOSE_FULL])
        assert join_with(app, address, "abc") == _("A join code has 8 letters and digits, such as ACDE 4679.")
        assert join_with(app, "", code).startswith(_("Type the host's address")[:10])
        assert isinstance(app.top, JoinScene)
        host.close()
    nobody = f"127.0.0.1:{free_port()}"
    assert join_with(app, nobody, code) == _(lobby.UNREACHABLE).format(address=nobody)


def test_a_watcher_takes_an_open_seat_from_the_waiting_room(lobby_app):
    app = lobby_app
    with running() as (server, url):
        host = client(url, t="create", game="othello", seats=["me", "open"], name="Cy")
        code = host.wait("welcome")["code"]
        join = app.top
        join.address_field.text, join.code_field.text = url, code.lower()
        click(app, join.watch_button.rect.center)
        until(app, lambda: isinstance(app.top, RoomScene))
        room = app.top
        assert room.my_seat is None and room.sit_buttons[1].visible and not room.start_button.visible
        until(app, lambda: room.watching == 1)
        assert room.note()[0].endswith("(1 watching)")  # the room says who is only watching
        watcher = room.client
        click(app, room.sit_buttons[1].rect.center)
        until(app, lambda: room.my_seat == 1)
        assert room.client is not watcher
        table = server.tables[code]
        until(app, lambda: table.seats[1].kind == "human" and not table.watchers)
        assert table.seats[1].name == "Ann"
        key(app, pygame.K_ESCAPE)  # anyone may leave: the seat is away, the lobby shows again
        assert app.top is join
        host.close()


def test_the_host_starts_the_game_and_the_room_hands_the_connection_over(lobby_app, monkeypatch):
    handed = []
    monkeypatch.setattr(net_room, "open_remote_game",
                        lambda app, c, seat: handed.append((c, seat)) or "")
    app = lobby_app
    room = host_table(app, seats=("me", "random"))
    assert room.start_button.enabled
    key(app, pygame.K_RETURN)  # Enter starts, as on the offline set-up
    until(app, lambda: handed)
    (c, seat), = handed
    assert c is room.client and seat.started and seat.seat == 0 and seat.view is not None and seat.my_turn
    assert app.hosting is not None  # the table goes on: the game screen has it now
    assert app.hosting.server.tables[room.code].started
    c.close()  # the game screen's to close; here, the test's


def test_the_host_picks_a_time_control_and_the_table_and_every_room_show_it(lobby_app):
    app = lobby_app
    click(app, app.top.host_button.rect.center)
    scene = app.top
    assert scene.clock.value == "none" and scene.clock in list(scene.reading_order())
    scene.clock.set("3+2")
    key(app, pygame.K_RETURN)
    until(app, lambda: isinstance(app.top, RoomScene))
    room = app.top
    assert app.hosting.server.tables[room.code].control.key == "3+2" and room.clock == "3+2"
    for said, shown in (("10s", "10s"), ("99999+0", "none"), (12, "none")):  # a guest's room: a key it knows
        guest = RoomScene(app, room.client, "127.0.0.1:1", [{"t": "welcome", "code": "ACDE4679", "game": "othello",
                          "options": {}, "seat": 1, "host": 0, "seats": [], "clock": said}], False)
        assert guest.clock == shown


def test_without_the_game_screen_for_network_play_the_room_says_so(lobby_app, monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "boardhub.net.remote", None)  # as if the module were missing
    app = lobby_app
    room = host_table(app, seats=("me", "random"))
    click(app, room.start_button.rect.center)
    until(app, lambda: room.gone)
    assert room.gone == net_room.NO_GAME_SCREEN and app.top is room


def test_hosting_checks_the_seats_and_the_port_before_it_starts(lobby_app):
    app = lobby_app
    click(app, app.top.host_button.rect.center)
    scene = app.top
    scene.seats[0].set("open")
    scene.start()
    assert scene.error == _("Choose one seat for yourself (Me).") and app.hosting is None
    scene.seats[1].set("me")
    scene.seat_changed(1, "me")
    assert scene.seat_values() == ["open", "me"]
    scene.reach.set("internet")
    scene.layout(app.size)
    assert scene.port_field.visible
    scene.port_field.text = "99999"
    scene.start()
    assert scene.error == _("Type a port from 1 to 65535.") and app.hosting is None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, JoinScene)


def test_the_players_name_and_the_beacons_address_are_settings_checked_as_they_load(saves_folder):
    Settings(player_name="Ann", beacon_address="127.0.0.1:47999").save()
    loaded = Settings.load()
    assert (loaded.player_name, loaded.beacon_address, loaded.problem) == ("Ann", "127.0.0.1:47999", "")
    data = json.loads((saves_folder / "settings.json").read_text())
    data["player_name"] = "Eve\x00\u202e" + "x" * 60
    data["beacon_address"] = 12
    (saves_folder / "settings.json").write_text(json.dumps(data))
    loaded = Settings.load()
    assert "\x00" not in loaded.player_name and len(loaded.player_name) <= protocol.MAX_NAME
    assert loaded.beacon_address == Settings().beacon_address and "beacon_address" in loaded.problem


@pytest.mark.parametrize("typed, address", [
    ("127.0.0.20:47600", ("127.0.0.20", 47600)),
    (" ws://example.org:8000/ ", ("example.org", 8000)),
    ("example.org", ("example.org", lobby.DEFAULT_PORT)),
    ("[::1]:5000", ("::1", 5000)),
    ("host:0", None), ("host:99999", None), ("host:abc", None), ("", None), ("a/b:1", None),
    ("user" + chr(64) + "host:5", None), ("two words:5", ("twowords", 5)),
])
def test_an_address_is_read_as_a_player_types_it(typed, address):
    parsed = lobby.parse_address(typed)
    assert (parsed and (parsed.host, parsed.port)) == address or (parsed is None and address is None)


def test_the_beacon_is_heard_on_loopback_when_it_is_sent_there(monkeypatch):
    assert lobby.listen_address("127.0.0.1:5000") == ("127.0.0.1", 5000)
    broadcast = Settings().beacon_address  # the default: the local network's broadcast
    assert lobby.listen_address(broadcast) == ("127.0.0.1", discovery.PORT)  # the suite's loopback
    monkeypatch.delenv(lobby.LOOPBACK_ONLY)
    assert lobby.listen_address(broadcast) == ("", discovery.PORT)


def test_a_port_already_taken_is_said_in_words_and_hosts_nothing(lobby_app):
    import socket
    app = lobby_app
    click(app, app.top.host_button.rect.center)
    scene = app.top
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        scene.reach.set("internet")
        scene.layout(app.size)
        scene.port_field.text = str(port)
        scene.start()
    assert scene.error == _("Cannot listen on port {port}: another program may be using it.").format(port=port)
    assert app.hosting is None and app.top is scene


def test_the_lobby_is_walked_with_tab_and_left_with_escape(lobby_app):
    app = lobby_app
    join = app.top
    key(app, pygame.K_TAB)  # the first key shows the ring on the default button, Join
    assert join.focus.shown and join.focus.current() is join.join_button
    key(app, pygame.K_TAB)  # round to the first widget: the name field, which takes the typing
    assert join.focus.current() is join.name_field and join.name_field.focused
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert join.focus.current() is join.code_field and join.code_field.focused and not join.name_field.focused
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="abc"))
    app.frame(0.016)
    assert join.code_field.text == "abc"
    key(app, pygame.K_RETURN)  # Enter in the code field joins: the code is checked first
    assert join.error == _(net_join.NO_ADDRESS)
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, JoinScene) and app.top.__class__.__name__ == "MenuScene"


def test_a_guest_joins_from_the_lobby_and_goes_to_the_game_when_the_host_starts(lobby_app, monkeypatch):
    handed = []
    monkeypatch.setattr(net_room, "open_remote_game", lambda app, c, seat: handed.append((c, seat)) or "")
    app = lobby_app
    with running() as (server, url):
        host = client(url, t="create", game="othello", seats=["me", "open"], name="Cy")
        code = host.wait("welcome")["code"]
        join = app.top
        join.address_field.text, join.code_field.text = url.removeprefix("ws://"), code
        key(app, pygame.K_RETURN)
        until(app, lambda: isinstance(app.top, RoomScene))
        room = app.top
        assert room.my_seat == 1 and room.seats[1]["name"] == "Ann" and not room.start_button.visible
        assert [b.visible for b in room.remove_buttons + room.sit_buttons] == [False] * 4
        host.send({"t": "start"})
        until(app, lambda: handed)
        (c, seat), = handed
        assert c is room.client and seat.seat == 1 and seat.started and not seat.my_turn
        c.close()
        host.close()


def test_a_guest_s_room_says_when_the_host_has_left(lobby_app):
    app = lobby_app
    with running() as (server, url):
        host = client(url, t="create", game="othello", seats=["me", "open"], name="Cy")
        code = host.wait("welcome")["code"]
        join = app.top
        join.address_field.text, join.code_field.text = url, code
        key(app, pygame.K_RETURN)
        until(app, lambda: isinstance(app.top, RoomScene))
        room = app.top
        assert room.note()[0] == _("Waiting for the host to start the game.")
        host.close()  # the host leaves: the table says so to everyone still there
        until(app, lambda: not room.seats[0]["here"])
        assert room.note()[0] == _("The host is not at the table now: the game starts only once they are back.")


def test_a_welcome_the_room_cannot_read_says_so_and_breaks_nothing(app):
    from test_net_screens_fit import QuietClient
    odd = {"t": "welcome", "code": "ACDE4679", "game": "chess", "options": {}, "seat": 1, "host": 0, "seats": []}
    room = app.push(RoomScene(app, QuietClient(), "127.0.0.1:1", [odd], False)) or app.top
    app.frame(0.016)
    assert room.gone == lobby.JOIN_FAILURES[protocol.CLOSE_VERSION] and room.seats == []
    odd = {**odd, "game": "othello", "seats": [{"kind": "human", "name": 5, "here": True}, "junk", None] * 3}
    room = app.push(RoomScene(app, QuietClient(), "127.0.0.1:1", [odd], False)) or app.top
    app.frame(0.016)
    assert len(room.seats) == 2 and not room.gone


def test_an_away_seat_counts_down_between_the_tables_messages(app):
    from test_net_screens_fit import QuietClient
    seats = [{"kind": "human", "name": "Cy", "here": True, "away": None},
             {"kind": "human", "name": "Bob", "here": False, "away": 58.3}]
    welcome = {"t": "welcome", "code": "ACDE4679", "game": "othello", "options": {}, "seat": 0, "host": 0,
               "seats": seats}
    room = RoomScene(app, QuietClient(), "127.0.0.1:1", [welcome], False)
    app.push(room)
    assert room.status(room.seats[1])[0] == _("away ({seconds} s)").format(seconds=59)
    room.seats_at -= 5  # five seconds later, with no message from the table
    assert room.status(room.seats[1])[0] == _("away ({seconds} s)").format(seconds=54)
    assert room.redraw_in() == 1.0  # a countdown on the screen: a frame each second


def test_a_guest_whose_app_died_mid_game_joins_again_and_is_back_at_the_game_in_its_own_seat(lobby_app):
    from boardhub.scenes.net_game import NetGameScene
    app = lobby_app
    with running() as (server, url):
        host = client(url, t="create", game="othello", seats=["me", "open"], name="Cy")
        code = host.wait("welcome")["code"]
        join = app.top
        join.address_field.text, join.code_field.text = url.removeprefix("ws://"), code
        key(app, pygame.K_RETURN)
        until(app, lambda: isinstance(app.top, RoomScene))
        first = app.top.client
        host.send({"t": "start"})
        table = server.tables[code]
        until(app, lambda: isinstance(app.top, NetGameScene))
        # the guest's app is killed: its connection ends without a word, and with it the token in memory
        first._stopping = True
        first.drop()
        until(app, lambda: table.seats[1].conn is None)
        app.pop()
        assert app.top is join
        key(app, pygame.K_RETURN)  # the same address and code, joined again
        until(app, lambda: isinstance(app.top, NetGameScene) or join.error)
        assert not join.error and table.seats[1].conn is not None and table.seats[1].name == "Ann"
        assert app.top.session.match.me == 1 and len(app.stack) == 3  # the game, no waiting room above it
        app.top.session.close()
        host.close()


def test_a_kept_seat_that_is_gone_falls_back_to_joining_by_the_code(lobby_app):
    from boardhub.core import saves
    from boardhub.net import kept_seats
    app = lobby_app
    with running() as (server, url):
        host = client(url, t="create", game="othello", seats=["me", "open"], name="Cy")
        code = host.wait("welcome")["code"]
        address = url.removeprefix("ws://")
        kept_seats.remember(saves.saves_dir(), address, code, "0" * 32)  # a seat this table no longer has
        join = app.top
        join.address_field.text, join.code_field.text = address, code
        key(app, pygame.K_RETURN)
        until(app, lambda: isinstance(app.top, RoomScene) or join.error)
        assert not join.error and app.top.my_seat == 1
        assert kept_seats.recall(saves.saves_dir(), address, code) == app.top.client.token != "0" * 32
        app.top.client.close()
        host.close()


def test_a_room_told_the_game_is_under_way_asks_for_the_next_frame_at_once(app):
    class Quiet:
        def poll(self):
            return []

        def close(self):
            pass
    seats = [{"kind": "human", "name": "Cy", "here": True}, {"kind": "human", "name": "Ann", "here": True}]
    welcome = {"t": "welcome", "code": "ACDE4679", "game": "othello", "options": {}, "seat": 1, "host": 0,
               "seats": seats}
    snap = {"t": "snap", "ver": 0, "ev": 0, "started": True, "moves": [], "view": {}}
    room = RoomScene(app, Quiet(), "127.0.0.1:47600", [welcome, snap], False)
    assert not room.handed_over and room.redraw_in() == 0  # the loop does not rest before handing over
