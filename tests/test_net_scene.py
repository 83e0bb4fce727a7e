"""The game screen of a network table in a dummy window: chat, leaving, an away seat's choice, the rematch."""
from __future__ import annotations

import time

import pygame
import pytest

from boardhub.net import table as table_module
from boardhub.net.remote import RemoteSession
from nethelpers import running
from test_net_remote import pump, table


class Hosting:
    """Stands for the in-app server: records that leaving the table stopped it."""

    stopped = False

    def stop(self) -> None:
        self.stopped = True


def frames(app, until, others=(), timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < end, "the screen did not get there in time"
        for s in others:
            s.update()
        app.frame(0.02)
        time.sleep(0.002)


def key(app, k, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.frame(0.02)


@pytest.fixture
def othello(app):
    with running() as (server, url):
        players, code = table(url, "othello", ["me", "open"])
        hosting = Hosting()
        host, guest = RemoteSession(*players[0], hosting=hosting), RemoteSession(*players[1])
        app.open("net_game", host)
        app.frame(0.02)
        yield app, server.tables[code], host, guest, hosting
        guest.close()
        host.close()


def test_enter_opens_the_chat_line_enter_sends_it_and_escape_closes_it(othello):
    app, hosted, host, guest, _hosting = othello
    scene = app.top
    key(app, pygame.K_RETURN)
    assert scene.chat.visible and scene.chat.focused
    for letter in "hi":
        key(app, pygame.K_UNKNOWN, letter)
    key(app, pygame.K_RETURN)
    assert not scene.chat.visible
    frames(app, lambda: guest.chat and host.chat, [guest])
    assert guest.chat[-1].text == "hi" and guest.chat[-1].name == "Ann"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert not scene.chat.visible and app.top is scene  # Escape closed the chat, not the game


def test_ctrl_r_and_ctrl_d_at_a_table_say_how_a_game_ends_there(othello):
    app, hosted, host, guest, _hosting = othello
    scene = app.top
    for k, words in ((pygame.K_r, "leave the table from the menu"), (pygame.K_d, "Draws are not offered")):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
        app.frame(0.02)
        assert app.top is scene and words in scene.message.text  # said in words; the table plays on
    assert not hosted.over


def test_leaving_the_table_asks_first_then_leaves_and_stops_hosting(othello):
    app, hosted, host, guest, hosting = othello
    scene = app.top
    key(app, pygame.K_ESCAPE)
    assert app.top.title == "At the table"
    next(b for b in app.top.buttons if b.label == "Leave the table").on_click()
    assert app.top.title == "Leave the table?" and not hosting.stopped  # asked, nothing done yet
    next(b for b in app.top.buttons if b.label == "Stay").on_click()
    assert app.top is scene
    key(app, pygame.K_ESCAPE)
    next(b for b in app.top.buttons if b.label == "Leave the table").on_click()
    next(b for b in app.top.buttons if b.label == "Leave the table").on_click()
    assert hosting.stopped and type(app.top).__name__ == "MenuScene"
    pump([guest], lambda: not guest.seats[0].here)
    assert hosted.seats[0].left  # left on purpose: the short wait


def test_when_an_away_seat_s_countdown_ends_the_other_player_may_claim_the_win(othello, monkeypatch):
    monkeypatch.setattr(table_module, "LEFT_SECONDS", 1.0)
    app, hosted, host, guest, _hosting = othello
    guest.client.close()  # left on purpose
    frames(app, lambda: not host.seats[1].here)
    assert host.seats[1].away_left(time.monotonic()) is not None
    frames(app, lambda: getattr(app.top, "title", "") == "A player is away", timeout=5)
    labels = [b.label for b in app.top.buttons]
    assert labels == ["Wait for them", "Let an AI play for them", "Claim the win", "Agree a draw"]
    next(b for b in app.top.buttons if b.label == "Claim the win").on_click()
    frames(app, lambda: host.match.is_over and host.revealed)
    assert host.match.outcome.winner == 0 and hosted.over


def test_the_result_offers_a_rematch_and_the_next_game_starts_in_the_same_screen(othello):
    app, hosted, host, guest, _hosting = othello
    scene = app.top
    end = time.monotonic() + 30
    while not (host.revealed and guest.revealed):  # the game played out by both sessions, the screen aside
        assert time.monotonic() < end
        for s in (host, guest):
            s.update()
            if s.interactive:
                s.play(s.match.rules.legal_moves(s.match.state)[0])
        time.sleep(0.001)
    app.open("result", host)
    panel = app.top
    assert [b.label for b in panel.buttons][0] == "Rematch"
    panel.buttons[0].on_click()
    frames(app, lambda: panel.lines[-1][0].startswith("Asked for a rematch: Ann"), [])
    assert not panel.buttons[0].enabled  # asked once: nothing more to ask while the others decide
    guest.ask_rematch()
    frames(app, lambda: app.top is scene and host.games == 2, [guest])
    app.frame(0.02)
    assert host.me == 1 and not host.match.history and not host.match.is_over  # the seats turned
    assert [s.name for s in host.match.seats] == ["Guest1", "Ann"] and app.top.session is host


def test_an_othello_table_offers_no_evaluation_overlay_and_gomoku_keeps_its_move_numbers(app):
    for game, kept in (("othello", []), ("gomoku", ["Numbers"])):
        with running() as (server, url):
            players, code = table(url, game, ["me", "open"])
            session = RemoteSession(*players[0])
            app.open("net_game", session)
            app.frame(0.02)
            assert [b.label for b in app.top.action_buttons] == kept  # offline, Othello offers "Values"
            app.pop()
            session.close()
            players[1][0].close()


def test_a_da_vinci_watcher_s_screen_has_no_face_up_toggle_and_no_rematch(app):
    from nethelpers import client
    from test_net_remote import seated
    with running() as (server, url):
        players, code = table(url, "davinci", ["me", "open"], {"players": 2})
        sessions = [RemoteSession(*p) for p in players]
        w = client(url, code=code, want="watch")
        watcher = RemoteSession(w, seated(w, w.wait("welcome"), "davinci", {"players": 2}))
        app.open("net_game", watcher)
        app.frame(0.02)
        scene = app.top
        assert watcher.match.human_seats == () and scene.board.viewer is None
        assert [b.label for b in scene.action_buttons] == []  # offline, a table of AIs offers "Face up"
        end = time.monotonic() + 30
        while not all(s.revealed for s in sessions):
            assert time.monotonic() < end
            for s in sessions:
                s.update()
                if s.interactive:
                    s.play(s.seat.view.legal_moves()[0])
            time.sleep(0.001)
        frames(app, lambda: getattr(app.top, "title", "") == "Game over")  # the watcher's screen catches up
        assert "Rematch" not in [b.label for b in app.top.buttons]
        assert watcher.match.state == server.tables[code].state  # the whole deal, once it is over
        for s in sessions + [watcher]:
            s.close()
