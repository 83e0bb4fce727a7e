"""A remote game as the game screen plays it: `RemoteSession` and its mirror match over loopback sockets."""
from __future__ import annotations

import time

import pytest

from boardhub.core import saves
from boardhub.core.events import GameOver, MovePlayed, Notice
from boardhub.core.rules import IllegalMove
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
        for s in sessions:
            s.close()


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
