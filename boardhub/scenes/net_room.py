"""The table's waiting room: its join code and address to share, the seats filling, and the start.

Everyone sees who sits where (people, AI seats with their level, who is connected
or away). The host starts the game once no seat is open, puts an AI in a seat or
opens it again, changes an AI's level and removes someone; a watcher may take an
open seat; anyone may leave (the host's leaving ends the table). Every change is
a message to the host's table (net/table.py), which answers everyone with the
seats as they now are, so every computer's room shows the same. When the game
starts, the game screen takes the connection over (`open_remote_game`).
"""
from __future__ import annotations

import math
import time
from typing import Any

import pygame

from boardhub.core.clock import label_of as clock_label
from boardhub.core.game import get_game
from boardhub.core.i18n import N_, _, ngettext
from boardhub.core.ladder import ladder_specs
from boardhub.core.seat_names import seat_label
from boardhub.net import protocol
from boardhub.net.client import Client
from boardhub.net.lobby import Connecting, free_seats, join_failure
from boardhub.net.seat import RemoteSeat, time_control
from boardhub.ui import theme
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, Choice, FocusRing, set_clipboard_text

OPEN = "open"
POLL = 0.1  # seconds between looks at a seat being taken (its messages also wake the loop)
NO_GAME_SCREEN = N_("The game has started, but this version of boardhub cannot show a network game.")


def open_remote_game(app: Host, client: Client, seat: RemoteSeat) -> str:
    """Hand the table's connection to the game screen; "" once it shows, else why not (source words).

    The one place the waiting room meets the network game screen, imported only here, when a game starts.
    """
    try:
        from boardhub.net.remote import RemoteSession
    except ImportError:
        return NO_GAME_SCREEN
    app.replace("net_game", RemoteSession(client, seat, hosting=getattr(app, "hosting", None)))
    return ""






def shown_code(code: str) -> str:
    """A join code as people read it out: two groups of four ("ACDE 4679")."""
    return f"{code[:4]} {code[4:]}" if len(code) == 8 else code



def watching(message: dict[str, Any]) -> int:
    """How many watch the table, as the host's message says (0 for a count that is not one)."""
    count = message.get("watching", 0)
    return count if isinstance(count, int) and not isinstance(count, bool) and 0 <= count < 10_000 else 0

class RoomScene(Scene):
    def __init__(self, app: Host, client: Client, address: str, messages: list[dict[str, Any]],
                 hosting: bool) -> None:
        super().__init__(app)
        self.client, self.address, self.hosting = client, address, hosting
        self.remote: RemoteSeat | None = None
        self.game = ""
        self.code = ""
        self.my_seat: int | None = None
        self.host_seat = 0
        self.seats: list[dict[str, Any]] = []
        self.watching = 0  # how many watch the table
        self.clock = "none"  # the table's time control, by its key ("none": no clock)
        self.seats_at = time.monotonic()  # when the seats were last told
        self.handed_over = False
        self.gone = ""  # why this computer is no longer at the table (source words), "" while it is
        self.error = ""  # the table's last refusal, in the player's language
        self.notice = ""
        self.sitting: Connecting | None = None  # a watcher taking an open seat
        self.ai_choices: list[Choice] = []
        self.remove_buttons: list[Button] = []
        self.sit_buttons: list[Button] = []
        self.copy_button = Button(N_("Copy"), self.copy)
        self.start_button = Button(N_("Start the game"), self.start, primary=True)
        self.leave_button = Button(N_("Leave the table"), self.leave)
        self.focus = FocusRing(self.reading_order, default=self.start_button if hosting else None)
        # a game already under way (a player back in their seat) is handed over at the first frame, once
        # this screen is on the stack: the game screen then takes its place instead of lying under it
        self.take_all(messages, hand_over=False)

    # ------------------------------------------------------------------ what the table says
    def take_all(self, messages: list[dict[str, Any]], hand_over: bool = True) -> None:
        for message in messages:
            self.take(message)
        if hand_over and self.remote is not None and self.remote.started and not self.handed_over and not self.gone:
            self.hand_over()

    def seat_title(self, seat: int) -> str:
        """The seat's name in the room: its colour, or its turn where the table's options swap colours."""
        options = self.remote.options if self.remote is not None else None
        return _(get_game(self.game).seat_title(seat, options))

    def take(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if kind == "welcome":
            self.code, self.my_seat = message.get("code", ""), message.get("seat")
            self.host_seat = message.get("host", 0)
            if self.remote is None:
                try:  # a game or options this version does not know: the host runs another version
                    self.remote = RemoteSeat(str(message.get("game")), message.get("options") or {})
                except (KeyError, ValueError, TypeError):
                    self.gone = join_failure(protocol.CLOSE_VERSION)
                    return
                self.game = self.remote.entry.key
            control = time_control(message.get("clock"))  # the host's word, checked: a key it cannot send is none
            self.clock = "none" if control is None else control.key
            self.set_seats(message.get("seats", []))
            self.watching = watching(message)
        elif kind == "seats":
            self.set_seats(message.get("seats", []))
            self.watching = watching(message)
            self.error = ""
        elif kind == "removed":
            self.gone = N_("The host gave your seat to someone else: you are no longer at this table.")
        elif kind == "closed" and not self.gone:
            self.gone = join_failure(message.get("code")) if not self.hosting else \
                N_("The table's server stopped.")
        elif kind == "reject":
            self.error = _(str(message.get("why", "")))
        if self.remote is not None:
            self.remote.update(message)

    def set_seats(self, seats: list[dict[str, Any]]) -> None:
        """The seats as the table says they are now; the host's controls follow them."""
        if not self.game:
            return
        # the host's words, checked as any other computer's: seats as the game has them, each a record
        seats = [seat for seat in seats if isinstance(seat, dict)][:get_game(self.game).most_players()] \
            if isinstance(seats, list) else []
        first = len(seats) != len(self.seats)
        self.seats, self.seats_at = seats, time.monotonic()  # away countdowns run on from here
        if first:
            specs = [OPEN, *ladder_specs(get_game(self.game))]
            label = lambda v: _("Open seat (a person)") if v == OPEN else seat_label(v)  # noqa: E731
            self.ai_choices = [Choice(specs, label, OPEN, lambda v, i=i: self.set_seat(i, v))
                               for i in range(len(seats))]
            self.remove_buttons = [Button(N_("Remove"), lambda i=i: self.set_seat(i, OPEN))
                                   for i in range(len(seats))]
            self.sit_buttons = [Button(N_("Sit here"), lambda i=i: self.sit(i)) for i in range(len(seats))]
        for i, seat in enumerate(seats):
            mine_to_change = self.hosting and i != self.host_seat
            self.ai_choices[i].visible = mine_to_change and seat.get("kind") in (OPEN, "ai")
            self.ai_choices[i].set(seat.get("ai") if seat.get("kind") == "ai" else OPEN)
            self.remove_buttons[i].visible = mine_to_change and seat.get("kind") == "human"
            self.sit_buttons[i].visible = self.my_seat is None and seat.get("kind") == OPEN
        self.start_button.visible = self.hosting
        self.start_button.enabled = self.hosting and free_seats(seats) == 0
        self.layout(self.size)

    # ------------------------------------------------------------------ what the players do
    def set_seat(self, seat: int, value: str) -> None:
        """The host puts an AI (or nobody) in a seat; the table's answer updates every room."""
        self.client.send({"t": "seat", "seat": seat, "ai": value})

    def start(self) -> None:
        if self.hosting and not self.gone:
            self.client.send({"t": "start"})

    def sit(self, seat: int) -> None:
        """A watcher takes an open seat: a new connection to that seat, the watcher's ended once it holds it."""
        if self.sitting is not None or self.gone:
            return
        name = self.app.settings.player_name
        hello: dict[str, Any] = {"code": self.code, "want": seat}
        if name:
            hello["name"] = name
        self.sitting = Connecting(self.client.url, hello, on_message=getattr(self.app, "wake", None))

    def copy(self) -> None:
        text = _("A boardhub table: address {address}, join code {code}").format(address=self.address,
                                                                                  code=self.code)
        self.notice = _("Copied the address and the code") if set_clipboard_text(text) else \
            _("The clipboard cannot be used here: read out the address and the code")

    def leave(self) -> None:
        self.app.pop()

    def hand_over(self) -> None:
        self.handed_over = True
        why = open_remote_game(self.app, self.client, self.remote)
        if why:
            self.handed_over = False
            self.gone = why

    def shutdown(self) -> None:
        """Leaving the room other than into the game: this computer's seat is given up, and a host's table ends."""
        if self.sitting is not None:
            self.sitting.cancel()
            self.sitting = None
        if self.handed_over:
            return
        self.client.close()
        if self.hosting:
            self.app.stop_hosting()

    def update(self, dt: float) -> None:
        if self.sitting is not None:
            state, got = self.sitting.greeted()
            if state != "wait":
                sitting, self.sitting = self.sitting, None
                if state == "failed":
                    self.error = _(got).format(address=self.address)
                else:
                    old, self.client = self.client, sitting.client
                    old.close()
                    self.take_all(got)
                    return
        if not self.handed_over:
            self.take_all(self.client.poll())

    def redraw_in(self) -> float | None:
        if self.sitting is not None:
            return POLL
        if self.remote is not None and self.remote.started and not self.handed_over and not self.gone:
            return 0.0  # a game under way, told before this screen showed: handed over at the next frame
        return 1.0 if any(s.get("away") is not None for s in self.seats) else None

    # ------------------------------------------------------------------ layout and input
    def controls(self) -> list:
        return [*self.ai_choices, *self.remove_buttons, *self.sit_buttons]

    def reading_order(self):
        yield self.copy_button
        for c, r, b in zip(self.ai_choices, self.remove_buttons, self.sit_buttons):
            yield from (w for w in (c, r, b) if w.visible)
        yield self.leave_button
        if self.start_button.visible:
            yield self.start_button

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        self.panel = p = pygame.Rect(0, 0, min(w - 24, max(820 * s, 680)), min(h - 16, round(720 * s)))
        p.center = (w / 2, h / 2)
        self.x0 = x0 = p.x + 32 * s
        self.inner = inner = p.width - 64 * s
        # the code and the address, large, in a box of their own with the Copy button beside them
        self.code_px = min(56 * s, p.height * 0.09)
        self.share = pygame.Rect(round(x0), round(p.y + 78 * s), round(inner),
                                 round(theme.line_height(self.code_px) + theme.line_height(20 * s) * 3 + 20 * s))
        cw = min(150 * s, inner * 0.22)
        self.copy_button.rect = pygame.Rect(0, 0, round(cw), round(44 * s))
        self.copy_button.rect.midright = (round(self.share.right - 16 * s), self.share.centery)
        n = max(1, len(self.seats))
        top = self.share.bottom + 16 * s + theme.line_height(22 * s)
        bottom = p.bottom - 66 * s - 2 * theme.line_height(20 * s) - 12 * s
        gap = 8 * s
        self.row_h = row_h = min(56 * s, max(26.0, (bottom - top) / 4 - gap))
        self.seat_rows = [pygame.Rect(round(x0), round(top + i * (row_h + gap)), round(inner), round(row_h))
                          for i in range(n)]
        self.seats_head_y = self.share.bottom + 12 * s
        control_w = round(min(300 * s, inner * 0.38))
        for i, row in enumerate(self.seat_rows[:len(self.ai_choices)]):
            for wdg in (self.ai_choices[i], self.remove_buttons[i], self.sit_buttons[i]):
                width = control_w if wdg is self.ai_choices[i] else round(min(160 * s, control_w))
                wdg.rect = pygame.Rect(0, 0, width, round(row_h - 10 * s))
                wdg.rect.midright = (row.right - round(10 * s), row.centery)
        self.control_w = control_w
        self.note_y = top + 4 * (row_h + gap) + 4 * s
        bw, bh = 240 * s, 46 * s
        by = round(p.bottom - 66 * s)
        self.leave_button.rect = pygame.Rect(round(x0), by, round(min(bw, inner * 0.45)), round(bh))
        self.start_button.rect = pygame.Rect(0, by, round(min(bw, inner * 0.45)), round(bh))
        self.start_button.rect.right = round(x0 + inner)

    def process_event(self, event):
        if self.focus.handle(event):
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
            return None
        for wdg in (*self.controls(), self.copy_button, self.leave_button, self.start_button):
            if wdg.visible and wdg.handle(event):
                return None
        return None

    def status(self, seat: dict[str, Any]) -> tuple[str, tuple[int, int, int]]:
        """A seat's state in words and its colour: here, away (with its countdown), open, an AI."""
        kind = seat.get("kind")
        if kind == OPEN:
            return _("waiting for a person"), theme.MUTED
        if kind == "ai":
            return "", theme.MUTED  # its name says it is an AI, and which
        if seat.get("here"):
            return _("here"), theme.SUCCESS
        away = seat.get("away")
        if isinstance(away, (int, float)) and not isinstance(away, bool):
            left = max(0.0, away - (time.monotonic() - self.seats_at))
            return _("away ({seconds} s)").format(seconds=math.ceil(left)), theme.ERROR
        return _("away"), theme.ERROR

    def seat_name(self, i: int, seat: dict[str, Any]) -> str:
        kind = seat.get("kind")
        if kind == OPEN:
            name = _("Open seat")
        elif kind == "ai":
            try:
                name = seat_label(str(seat.get("ai")))
            except ValueError:
                name = str(seat.get("ai"))
        else:
            name = str(seat.get("name", ""))
        marks = []
        if i == self.host_seat:
            marks.append(_("host"))
        if i == self.my_seat:
            marks.append(_("you"))
        return _("{name} ({marks})").format(name=name, marks=", ".join(marks)) if marks else name

    def note(self) -> tuple[str, tuple[int, int, int]]:
        """The line under the seats, in the player's language: what is happening, or what went wrong; and
        how many watch the table."""
        text, colour = self.situation()
        if self.watching:
            text = _("{note} ({watching})").format(note=text, watching=ngettext(
                "{count} watching", "{count} watching", self.watching).format(count=self.watching))
        return text, colour

    def situation(self) -> tuple[str, tuple[int, int, int]]:
        host = self.seats[self.host_seat] if 0 <= self.host_seat < len(self.seats) else {}
        if self.gone:
            return _(self.gone), theme.ERROR
        if self.error:
            return self.error, theme.ERROR
        if self.sitting is not None:
            return _("Taking the seat…"), theme.MUTED
        if not self.hosting and host and not host.get("here"):
            return _("The host is not at the table now: the game starts only once they are back."), theme.ERROR
        if self.notice:
            return self.notice, theme.SUCCESS
        if self.hosting:
            if free_seats(self.seats):
                return _("Share the code and the address; the game can start once no seat is open."), theme.MUTED
            return _("Everyone is seated: start when you are ready."), theme.MUTED
        if self.my_seat is None:
            return _("Watching: take an open seat, or watch the game when it starts."), theme.MUTED
        return _("Waiting for the host to start the game."), theme.MUTED

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s, p = self.s, self.panel
        theme.panel(surface, p)
        title = _("Table for {game}").format(game=_(get_game(self.game).title)) if self.game else _("Table")
        theme.text(surface, theme.fit(title, 36 * s, self.inner, bold=True), 36 * s, (self.x0, p.y + 26 * s),
                   theme.TEXT, bold=True)
        # the code and the address to share
        box = self.share
        pygame.draw.rect(surface, theme.BG, box, border_radius=10)
        room = self.copy_button.rect.x - box.x - 32 * s
        small = 20 * s
        y = box.y + 10 * s
        theme.text(surface, theme.fit(_("Join code"), small, room), small, (box.x + 16 * s, y), theme.MUTED)
        y += theme.line_height(small)
        code_px = theme.fit_size(shown_code(self.code), self.code_px, room, bold=True)
        theme.text(surface, shown_code(self.code), code_px, (box.x + 16 * s, y), theme.ACCENT, bold=True)
        y += theme.line_height(self.code_px)
        address = _("Address: {address}").format(address=self.address)
        hosting = getattr(self.app, "hosting", None) if self.hosting else None
        if hosting is not None and hosting.reach == "internet":
            address = _("Address: {address} on this network; from the internet, your public address, port "
                        "{port}").format(address=self.address, port=hosting.port)
        lines = theme.wrap(address, small, round(room))
        if len(lines) > 2:
            lines = lines[:1] + [theme.fit(" ".join(lines[1:]), small, room)]
        for line in lines:
            theme.text(surface, line, small, (box.x + 16 * s, y), theme.TEXT)
            y += theme.line_height(small)
        self.copy_button.draw(surface)
        # the seats
        head = _("Seats")
        head_w = theme.text(surface, theme.fit(head, 22 * s, self.inner, bold=True), 22 * s,
                            (self.x0, self.seats_head_y), theme.TEXT, bold=True).width
        # the time control on the same line, to the right: every seat plays under it
        clock = _("Time control: {control}").format(control=clock_label(self.clock))
        room = self.inner - head_w - 24 * s
        if room > 0:
            theme.text(surface, theme.fit(clock, 20 * s, room), 20 * s,
                       (self.x0 + self.inner, self.seats_head_y + theme.line_height(22 * s) / 2),
                       theme.ACCENT if self.clock != "none" else theme.MUTED, "midright")
        for i, (row, seat) in enumerate(zip(self.seat_rows, self.seats)):
            theme.panel(surface, row, theme.BUTTON, radius=8)
            shown = [wdg for wdg in (self.ai_choices[i], self.remove_buttons[i], self.sit_buttons[i])
                     if wdg.visible]
            right = (min(wdg.rect.x for wdg in shown) if shown else row.right) - 12 * s
            px = min(22 * s, row.height * 0.45)
            title_w = min(150 * s, row.width * 0.2)
            with theme.panel_bounds(surface, row):
                theme.text(surface, theme.fit(self.seat_title(i), px * 0.9, title_w - 8 * s), px * 0.9,
                           (row.x + 12 * s, row.centery), theme.MUTED, "midleft")
                status, color = self.status(seat)
                name, name_x = self.seat_name(i, seat), row.x + 12 * s + title_w
                # the status has a third of the row, and whatever a short name leaves beside it
                name_need = theme.font(int(px)).size(theme.shown(name))[0] + 4
                status_w = min(theme.font(int(px)).size(theme.shown(status))[0] + 4,
                               max((right - row.x) * 0.3, right - name_x - name_need - 12 * s))
                name_w = right - name_x - status_w - 12 * s
                theme.text(surface, theme.fit(name, px, name_w), px, (name_x, row.centery), theme.TEXT, "midleft")
                theme.text(surface, theme.fit(status, px, status_w), px, (right, row.centery), color, "midright")
            for wdg in shown:
                wdg.draw(surface)
        # what is happening, then the buttons
        note, color = self.note()
        for j, line in enumerate(theme.wrap(note, 20 * s, round(self.inner))[:2]):
            theme.text(surface, line, 20 * s, (self.x0, self.note_y + j * theme.line_height(20 * s)), color)
        self.leave_button.draw(surface)
        if self.start_button.visible:
            self.start_button.draw(surface)
        self.focus.draw(surface)
