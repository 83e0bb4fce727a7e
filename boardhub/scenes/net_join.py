"""Play online: the tables hosted on this network, listed by themselves, or an address and a join code typed.

The list comes from the LAN beacon's listener, which runs only while this screen
is on top. A table is joined by its address and code: the first open seat, or
as a watcher (who may take an open seat in the waiting room). A join that fails
says why in words: no table with this code, the table is full, the address
cannot be reached, another version.
"""
from __future__ import annotations

import threading

import pygame

from boardhub.core import saves
from boardhub.core.game import GAME_KEYS, get_game
from boardhub.core.i18n import N_, _, ngettext
from boardhub.net import kept_seats, protocol
from boardhub.net.discovery import Heard, Listener
from boardhub.net.lobby import Address, Connecting, listen_address, parse_address
from boardhub.ui import theme
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, FocusRing, TextField, form_keys

LISTED = 4  # tables shown at once: the newest heard
POLL = 0.1  # seconds between looks at a join under way
LIST_REFRESH = 1.0  # a table not heard of for a while leaves the list: looked at this often


def heard_label(heard: Heard) -> str:
    """A table as the list shows it: "Othello · Ann · 1 seat open"."""
    game = _(get_game(heard.game).title) if heard.game in GAME_KEYS else heard.game
    seats = ngettext("{count} seat open", "{count} seats open", heard.free).format(count=heard.free)
    return _("{game} · {host} · {seats}").format(game=game, host=heard.host or "?", seats=seats)

NO_ADDRESS = N_("Type the host's address, such as 192.168.1.20:47600.")


class JoinScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.name_field = TextField(app.settings.player_name, placeholder=N_("Your name, as the others see it"),
                                    on_enter=self.join, max_chars=protocol.MAX_NAME)
        self.address_field = TextField("", placeholder=N_("the host's address, such as 192.168.1.20:47600"),
                                       on_enter=self.join, max_chars=260)
        self.code_field = TextField("", placeholder=N_("8 letters and digits"), on_enter=self.join, max_chars=32)
        self.join_button = Button(N_("Join"), self.join, primary=True)
        self.watch_button = Button(N_("Watch"), lambda: self.join(watch=True))
        self.host_button = Button(N_("Host a table"), self.host)
        self.back_button = Button(N_("Back"), self.back)
        self.fields = (self.name_field, self.address_field, self.code_field)
        self.listener: Listener | None = None
        self.list_problem = ""
        self.heard: list[Heard] = []
        self.table_buttons: list[Button] = []
        self.chosen: tuple[str, int, str] | None = None  # the listed table picked (address, port, code)
        self.connecting: Connecting | None = None
        self.joining_address = ""
        self.joining: tuple[str, str, bool, bool] | None = None  # (address, code, watching, by a kept token)
        self.error = ""
        self.focus = FocusRing(self.reading_order, default=self.join_button)

    # ------------------------------------------------------------------ the LAN list
    def resume(self) -> None:
        # back here from a table: whatever this window hosted has ended
        self.app.stop_hosting()
        self.start_listening()
        self.layout(self.size)

    def pause(self) -> None:
        self.stop_listening()

    def shutdown(self) -> None:
        self.stop_listening()
        self.app.settings.player_name = self.typed_name()
        if self.connecting is not None:
            self.connecting.cancel()
            self.connecting = None

    def start_listening(self) -> None:
        if self.listener is not None:
            return
        try:
            self.listener = Listener(listen_address(self.app.settings.beacon_address),
                                     on_change=getattr(self.app, "wake", None))
        except OSError:
            self.list_problem = N_("This computer cannot listen for tables on the network; type an address.")
            return
        self.list_problem = ""
        self.listener.start()

    def stop_listening(self) -> None:
        """Stop the listener without waiting for its thread (which wakes twice a second to see it is
        stopped): the screen on top of this one shows at once."""
        listener, self.listener = self.listener, None
        if listener is not None:
            threading.Thread(target=listener.stop, name="boardhub-listener-stop", daemon=True).start()

    def refresh(self) -> None:
        heard = self.listener.heard()[:LISTED] if self.listener is not None else []
        if [(h.address, h.port, h.code, h.free, h.host, h.game) for h in heard] != \
                [(h.address, h.port, h.code, h.free, h.host, h.game) for h in self.heard]:
            self.heard = heard
            self.table_buttons = [Button(heard_label(h), lambda h=h: self.choose(h)) for h in heard]
            self.layout(self.size)

    def choose(self, heard: Heard) -> None:
        """A listed table: its address and code go into the fields, ready to join or watch."""
        self.address_field.text = str(Address(heard.address, heard.port))
        self.code_field.text = heard.code
        self.chosen = (heard.address, heard.port, heard.code)
        self.error = ""
        if self.focus.shown:  # picked with the keys: the next Enter joins it
            self.focus.focus(self.join_button)

    # ------------------------------------------------------------------ joining
    def typed_name(self) -> str:
        return protocol.clean_name(self.name_field.text, "")

    def join(self, watch: bool = False, kept: bool = True) -> None:
        if self.connecting is not None:
            return
        address = parse_address(self.address_field.text)
        if address is None:
            self.error = _(NO_ADDRESS)
            return
        code = protocol.normal_code(self.code_field.text)
        if len(code) != protocol.CODE_LENGTH or any(c not in protocol.CODE_ALPHABET for c in code):
            self.error = _("A join code has 8 letters and digits, such as ACDE 4679.")
            return
        name = self.typed_name()
        self.app.settings.player_name = name
        self.app.save_settings()
        hello = {"code": code, "want": "watch" if watch else "seat"}
        if name:
            hello["name"] = name
        # this computer's own seat at that table (its app closed or killed mid-game): taken back with its token
        token = None if watch or not kept else kept_seats.recall(saves.saves_dir(), str(address), code)
        if token is not None:
            hello = {"token": token}
        self.joining_address = str(address)
        self.joining = (str(address), code, watch, token is not None)
        self.connecting = Connecting(address.url, hello, on_message=getattr(self.app, "wake", None))
        self.error = ""

    def update(self, dt: float) -> None:
        self.refresh()
        if self.connecting is None:
            return
        state, got = self.connecting.greeted()
        if state == "wait":
            return
        connecting, self.connecting = self.connecting, None
        address, code, watching, by_token = self.joining or ("", "", False, False)
        if state == "failed":
            if by_token and connecting.client.closed is not None:  # the seat is gone: join as anyone joins
                kept_seats.forget(saves.saves_dir(), address, code)
                self.join(kept=False)
                return
            self.error = _(got).format(address=self.joining_address)
            return
        token = connecting.client.token
        if not watching and token:
            kept_seats.remember(saves.saves_dir(), address, code, token)
        self.app.open("net_room", connecting.client, self.joining_address, got, False)

    def host(self) -> None:
        self.app.settings.player_name = self.typed_name()
        self.app.open("net_host")

    def back(self) -> None:
        if self.connecting is not None:  # Esc while joining gives up the join, a second one leaves
            self.connecting.cancel()
            self.connecting = None
            return
        self.app.pop()

    # ------------------------------------------------------------------ layout and input
    def reading_order(self):
        yield self.name_field
        yield from self.table_buttons
        yield from (self.address_field, self.code_field)
        yield from (self.back_button, self.host_button, self.watch_button, self.join_button)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        gap = 8 * s
        note_h = 2 * theme.line_height(20 * s)
        head_h = theme.line_height(22 * s)
        fixed = (84 + 80) * s + 2 * (head_h + 10 * s) + note_h + 16 * s
        rows = 3 + LISTED
        row_h = min(max(38 * s, 28.0), max(22.0, (h - 16 - fixed) / rows - gap))
        self.panel = p = pygame.Rect(0, 0, min(w - 24, max(760 * s, 640)), min(h - 16, fixed + rows * (row_h + gap)))
        p.center = (w / 2, h / 2)
        self.x0 = x0 = p.x + 32 * s
        inner = p.width - 64 * s
        lab_w = min(200 * s, inner * 0.3)
        self.label_w = lab_w - 8 * s
        field_x, field_w = x0 + lab_w, inner - lab_w
        self.labels: list[tuple[str, int]] = []
        y = p.y + 84 * s

        def row(widget, label: str | None) -> None:
            nonlocal y
            if label is None:
                widget.rect = pygame.Rect(round(x0), round(y), round(inner), round(row_h))
            else:
                widget.rect = pygame.Rect(round(field_x), round(y), round(field_w), round(row_h))
                self.labels.append((label, round(y + row_h / 2)))
            y += row_h + gap

        row(self.name_field, N_("Your name"))
        y += 8 * s
        self.list_head_y = y
        y += head_h + 6 * s
        self.list_top = y
        for b in self.table_buttons:
            row(b, None)
        y = self.list_top + LISTED * (row_h + gap) + 8 * s
        self.type_head_y = y
        y += head_h + 6 * s
        row(self.address_field, N_("Address"))
        row(self.code_field, N_("Join code"))
        self.note_box = pygame.Rect(round(x0), round(y), round(inner), round(note_h))
        bh = 46 * s
        by = round(p.bottom - 66 * s)
        bw = (inner - 3 * 12 * s) / 4
        for i, b in enumerate((self.back_button, self.host_button, self.watch_button, self.join_button)):
            b.rect = pygame.Rect(round(x0 + i * (bw + 12 * s)), by, round(bw), round(bh))
        self.row_h = row_h

    def redraw_in(self) -> float | None:
        if self.connecting is not None:
            return POLL
        times = [t for t in (f.redraw_in() for f in self.fields) if t is not None]
        if self.listener is not None:
            times.append(LIST_REFRESH)
        return min(times) if times else None

    def process_event(self, event):
        if self.focus.handle(event):
            return None
        if any([f.handle(event) for f in self.fields]):  # every field hears a click: one keeps the focus
            return None
        if form_keys(event, self.back, self.join):
            return None
        for b in (*self.table_buttons, self.back_button, self.host_button, self.watch_button, self.join_button):
            if b.handle(event):
                return None
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s, p = self.s, self.panel
        theme.panel(surface, p)
        theme.text(surface, theme.fit(_("Play online"), 36 * s, p.width - 64 * s, bold=True), 36 * s,
                   (self.x0, p.y + 26 * s), theme.TEXT, bold=True)
        inner = p.width - 64 * s
        for label, y in self.labels:
            theme.row_label(surface, _(label), 22 * s, (self.x0, y), self.label_w)
        head = _("Tables on this network")
        theme.text(surface, theme.fit(head, 22 * s, inner, bold=True), 22 * s, (self.x0, self.list_head_y),
                   theme.TEXT, bold=True)
        if not self.table_buttons:
            empty = _(self.list_problem) if self.list_problem else \
                _("None yet: tables hosted on this network appear here by themselves.")
            lines = theme.wrap(empty, 20 * s, round(inner))[:2]
            for i, line in enumerate(lines):
                theme.text(surface, line, 20 * s, (self.x0, self.list_top + i * theme.line_height(20 * s)),
                           theme.MUTED)
        for b in self.table_buttons:
            b.draw(surface)
            if self.chosen is not None and b is self.chosen_button():
                pygame.draw.rect(surface, theme.ACCENT, b.rect, width=2, border_radius=b.rect.height // 4)
        typed = _("Or type the table's address and its join code")
        theme.text(surface, theme.fit(typed, 22 * s, inner, bold=True), 22 * s, (self.x0, self.type_head_y),
                   theme.TEXT, bold=True)
        for f in self.fields:
            f.draw(surface)
        for b in (self.back_button, self.host_button, self.watch_button, self.join_button):
            b.draw(surface)
        self.focus.draw(surface)
        if self.connecting is not None:
            self.draw_note(surface, _("Joining the table at {address}…").format(address=self.joining_address),
                           theme.MUTED)
        elif self.error:
            self.draw_note(surface, self.error, theme.ERROR)

    def chosen_button(self) -> Button | None:
        for h, b in zip(self.heard, self.table_buttons):
            if (h.address, h.port, h.code) == self.chosen:
                return b
        return None

    def draw_note(self, surface: pygame.Surface, message: str, color) -> None:
        theme.paragraph(surface, message, 20 * self.s, self.note_box, color)
