"""The network screens' text is readable and stays in its place, at 800x600 and 1920x1080, in each language:
the checks of test_text_fits.py, on the lobby, the host's set-up and the waiting room with long names,
four seats, an away countdown and long messages. No socket: the room reads a made-up table."""
from __future__ import annotations

import pytest
from uidriver import frames

from boardhub.net.discovery import Heard
from boardhub.scenes.net_room import RoomScene
from boardhub.ui import theme
from test_text_fits import cut_with_room, cuts, fresh, language, overlaps, problems, sized_app  # noqa: F401

LONG = "Wolfeschlegelsteinhausen"  # protocol.MAX_NAME characters, as long as a name at a table gets


class StillListener:
    """A listener that heard these tables (and binds nothing)."""

    def __init__(self, heard: list[Heard]) -> None:
        self._heard = heard

    def heard(self) -> list[Heard]:
        return self._heard

    def stop(self) -> None:
        pass


class QuietClient:
    """A connection to a table that says nothing more (the room was handed its welcome)."""

    url = "ws://127.0.0.1:47600"

    def poll(self):
        return []

    def send(self, message) -> None:
        pass

    def close(self) -> None:
        pass


def lobby(with_tables: bool, error: bool):
    def build(app):
        app.settings.player_name = LONG
        app.top.open_online()
        join = app.top
        join.stop_listening()
        if with_tables:
            join.listener = StillListener([Heard("127.100.200.200", 47600 + i, "ACDE467" + str(i), game, LONG, 3, 0.0)
                                           for i, game in enumerate(("davinci", "othello", "gomoku", "dots"))])
            join.refresh()
            join.choose(join.heard[0])
        if error:
            join.address_field.text = "127.100.200.200:47600"
            join.code_field.text = "ACDE 4679"
            join.error = "Cannot reach 127.100.200.200:47600: check the address, and that the host is still hosting."
        return join
    return build


def host(game: str, players: int | None, reach: str, error: bool = False, clock: str = "none"):
    def build(app):
        app.settings.player_name = LONG
        app.open("net_host")
        scene = app.top
        scene.game_choice.set(game)
        scene.set_game()
        if players is not None:
            scene.option_choices[0][1].set(players)
            scene.sync_seats()
        for choice, ai in zip(scene.seats[1:], ("seed:normal", "positional:5", "expert")):
            choice.set(ai if ai in choice.values else "open")
        scene.reach.set(reach)
        scene.clock.set(clock)
        scene.layout(app.size)
        if error:
            scene.error = "Cannot listen on port 47600: another program may be using it."
        return scene
    return build


class InternetHosting:
    """The table this app hosts, open to the internet (nothing listens: the room only reads it)."""

    reach, port = "internet", 47600

    def stop(self) -> None:
        pass


def room(hosting: bool, watcher: bool = False, internet: bool = False, host_here: bool = True, clock: str = "10+5"):
    def build(app):
        if internet:
            app.hosting = InternetHosting()
        seats = [{"kind": "human", "name": LONG, "ai": None, "here": host_here, "away": None if host_here else 9.5},
                 {"kind": "human", "name": LONG[::-1], "ai": None, "here": False, "away": 58.3},
                 {"kind": "ai", "name": "seed:normal", "ai": "seed:normal", "here": True, "away": None},
                 {"kind": "open", "name": "Seat 4", "ai": None, "here": False, "away": None}]
        welcome = {"t": "welcome", "code": "ACDE4679", "game": "davinci", "options": {"players": 4},
                   "seat": None if watcher else (0 if hosting else 1), "host": 0, "seats": seats, "clock": clock}
        scene = RoomScene(app, QuietClient(), "127.100.200.200:47600", [welcome], hosting)
        app.push(scene)
        scene.notice = "Copied the address and the code"
        return scene
    return build


SCENES = {
    "lobby-empty": lobby(False, False),
    "lobby-tables": lobby(True, False),
    "lobby-error": lobby(True, True),
    "host-davinci-4p-internet": host("davinci", 4, "internet", clock="10+5"),
    "host-davinci-3p-error": host("davinci", 3, "lan", error=True),
    "host-gomoku": host("gomoku", None, "local"),
    "host-othello": host("othello", None, "lan"),
    "room-host": room(True),
    "room-host-internet": room(True, internet=True),
    "room-guest": room(False),
    "room-watcher": room(False, watcher=True, clock="none"),
    "room-guest-per-move": room(False, clock="30s"),
    "room-guest-host-away": room(False, host_here=False),
}


@pytest.mark.parametrize("name", list(SCENES))
def test_network_screens_text_is_readable_and_stays_in_its_place(sized_app, name, language, cuts):
    app = sized_app
    fresh(app)
    with theme.recording() as drawn:
        SCENES[name](app)
        frames(app, 3)
    found = problems(drawn, app.size)
    scene = app.top
    with theme.recording() as frame:
        scene.draw(app.screen)
    found += overlaps(frame) + cut_with_room(frame, cuts)
    assert not found, f"{name} at {app.size[0]}x{app.size[1]} in {language}:\n  " + "\n  ".join(found)


def test_a_short_name_leaves_its_room_to_the_seat_s_status_in_the_host_s_waiting_room(sized_app, cuts):
    """An open seat with the host's AI choice beside it: "waiting for a person" is said whole."""
    app = sized_app
    fresh(app)
    seats = [{"kind": "human", "name": "Ann", "ai": None, "here": True, "away": None},
             {"kind": "open", "name": "Seat 2", "ai": None, "here": False, "away": None},
             {"kind": "ai", "name": "seed:normal", "ai": "seed:normal", "here": True, "away": None}]
    welcome = {"t": "welcome", "code": "ACDE4679", "game": "davinci", "options": {"players": 3},
               "seat": 0, "host": 0, "seats": seats}
    scene = RoomScene(app, QuietClient(), "127.0.0.1:47600", [welcome], True)
    app.push(scene)
    scene.layout(app.size)
    with theme.recording() as frame:
        scene.draw(app.screen)
    status = scene.status(seats[1])[0]
    assert any(d.text == status for d in frame) and status not in [whole for whole, _px, _w in cuts.values()]
