"""Host a table: the game, its options, who sits where (me, an open seat for a person, an AI at a level)
and where the table can be reached from.

Starting runs the table's server inside the app (kept by the app, so it outlives
this screen) and the host's own seat joins it over loopback as any guest joins,
then the waiting room opens. The table binds 127.0.0.1 until the host chooses a
network: "This network" listens on every address and announces the table with
the LAN beacon; "Open to the internet" listens on a port the host forwards.
"""
from __future__ import annotations

from typing import Any

import pygame

from boardhub.core.clock import NO_CLOCK, PRESETS
from boardhub.core.clock import label_of as clock_label
from boardhub.core.game import GameEntry, all_games, get_game
from boardhub.core.i18n import N_, _
from boardhub.core.ladder import ladder_specs
from boardhub.core.seat_names import seat_label
from boardhub.net import protocol
from boardhub.net.lobby import DEFAULT_PORT, REACH, Connecting, Hosting, beacon_target, parse_port
from boardhub.ui import theme
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, Choice, FocusRing, TextField, form_keys, offer_options

ME, OPEN = "me", "open"
REACH_NOTES = {
    "local": N_("Only this computer can join (another boardhub window, or the command line)."),
    "lan": N_("Computers on this network see the table in their list, or type its address."),
    "internet": N_("Forward this port on your router to this computer, and allow it in the firewall "
                   "(the README says how); then share your public address."),
}
POLL = 0.1  # seconds between looks at a connection under way (its messages also wake the loop)


def seat_choices(game: GameEntry) -> list[str]:
    """Me, an open seat, then the game's AIs at each level from weakest to strongest (as offline)."""
    return [ME, OPEN, *ladder_specs(game)]


def seat_choice_label(value: str) -> str:
    if value == ME:
        return _("Me")
    if value == OPEN:
        return _("Open seat (a person)")
    return seat_label(value)






class HostScene(Scene):
    def __init__(self, app: Host, game: str | None = None) -> None:
        super().__init__(app)
        self.games = all_games()
        keys = [g.key for g in self.games]
        self.name_field = TextField(app.settings.player_name, placeholder=N_("Your name, as the others see it"),
                                    on_enter=self.start, max_chars=protocol.MAX_NAME)
        self.game_choice = Choice(keys, lambda key: _(get_game(key).title), game if game in keys else keys[0],
                                  lambda _key: self.set_game())
        # the table's time control, as the local setup offers it; the host's server keeps every seat's clock
        self.clock = Choice(PRESETS, clock_label, NO_CLOCK)
        self.reach = Choice(list(REACH), lambda key: _(REACH[key][0]), "local", lambda _key: self.layout(self.size))
        self.port_field = TextField(str(DEFAULT_PORT), placeholder=N_("a port, 1 to 65535"), on_enter=self.start,
                                    max_chars=5)
        self.start_button = Button(N_("Host the table"), self.start, primary=True)
        self.back_button = Button(N_("Back"), self.back)
        self.error = ""
        self.connecting: Connecting | None = None
        self.option_choices: list[tuple[Any, Choice]] = []
        self.seats: list[Choice] = []
        self.set_game()
        self.focus = FocusRing(self.reading_order, default=self.start_button)

    # ------------------------------------------------------------------ the choices
    @property
    def game(self) -> GameEntry:
        return get_game(self.game_choice.value)

    def set_game(self) -> None:
        game = self.game
        self.option_choices = [(o, Choice(o.choices, [o.label_of(c) for c in o.choices], o.default,
                                          lambda _v: self.sync_seats())) for o in game.options
                               if not o.local_only]
        self.seats = []
        self.sync_seats()

    def options(self) -> dict[str, Any]:
        return {o.key: c.value for o, c in self.option_choices}

    def sync_seats(self) -> None:
        """One seat row per player; a new row is an open seat, the first row is mine. An option's choices
        follow the others (Gomoku's 20 x 20 board under freestyle only)."""
        offer_options(self.option_choices)
        n = self.game.rules.num_players(self.options())
        values = [c.value for c in self.seats][:n]
        values += [OPEN] * (n - len(values))
        if ME not in values:
            values[0] = ME
        choices = seat_choices(self.game)
        self.seats = [Choice(choices, seat_choice_label, v, lambda value, i=i: self.seat_changed(i, value))
                      for i, v in enumerate(values)]
        self.layout(self.size)

    def seat_changed(self, seat: int, value: str) -> None:
        """Exactly one seat is mine: taking another one leaves the old one open."""
        if value == ME:
            for i, c in enumerate(self.seats):
                if i != seat and c.value == ME:
                    c.set(OPEN)
        self.error = ""

    def seat_values(self) -> list[str]:
        return [c.value for c in self.seats]

    # ------------------------------------------------------------------ starting
    def typed_name(self) -> str:
        return protocol.clean_name(self.name_field.text, "")

    def start(self) -> None:
        if self.connecting is not None:
            return
        seats = self.seat_values()
        if seats.count(ME) != 1:
            self.error = _("Choose one seat for yourself (Me).")
            return
        port = 0
        if self.reach.value == "internet":
            port = parse_port(self.port_field.text)
            if port is None:
                self.error = _("Type a port from 1 to 65535.")
                return
        name = self.typed_name()
        self.app.settings.player_name = name
        self.app.save_settings()
        hosting = Hosting(self.reach.value, port, beacon_target(self.app.settings.beacon_address), name,
                          self.app.start_worker)
        try:
            hosting.start()
        except OSError:
            hosting.stop()
            self.error = _("Cannot listen on port {port}: another program may be using it.").format(
                port=port) if port else _("The table's server could not start on this computer.")
            return
        self.app.host(hosting)
        hello = {"t": "create", "game": self.game.key, "options": self.options(), "seats": seats,
                 "name": name or _("Host"), "clock": self.clock.value}
        self.connecting = Connecting(hosting.url, hello, on_message=getattr(self.app, "wake", None))
        self.error = ""
        self.start_button.enabled = False

    def update(self, dt: float) -> None:
        if self.connecting is None:
            return
        state, got = self.connecting.greeted()
        if state == "wait":
            return
        connecting, self.connecting = self.connecting, None
        self.start_button.enabled = True
        if state == "failed":
            self.app.stop_hosting()
            self.error = _(got).format(address=connecting.url)
            return
        hosting = self.app.hosting
        self.app.replace("net_room", connecting.client, hosting.shared_address(), got, True)

    def back(self) -> None:
        if self.connecting is not None:
            self.connecting.cancel()
            self.connecting = None
            self.app.stop_hosting()
        self.app.pop()

    def shutdown(self) -> None:
        self.app.settings.player_name = self.typed_name()

    # ------------------------------------------------------------------ layout and input
    def reading_order(self):
        yield self.name_field
        yield self.game_choice
        yield from (c for _o, c in self.option_choices if c.visible)
        yield self.clock
        yield from self.seats
        yield self.reach
        if self.port_field.visible:
            yield self.port_field
        yield from (self.back_button, self.start_button)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        gap = 8 * s
        options = self.options()
        for o, c in self.option_choices:
            c.visible = o.applies(options)
        self.port_field.visible = self.reach.value == "internet"
        # room kept for the most rows the game shows (Da Vinci's options and four seats, a port), so rows
        # never move as its options and seats come and go; a game of fewer rows has them taller
        most_options = len(self.option_choices)
        most_seats = self.game.most_players()
        note_h = 2 * theme.line_height(20 * s)
        fixed = (84 + 14 + 14 + 88) * s + note_h
        rows = 4 + most_options + most_seats + 2  # the name, the game, the clock, who can join; a port
        margin = 16 if h <= 700 else 0.08 * h  # a large window keeps air round the panel
        row_h = min(max(38 * s, 28.0), max(22.0, (h - margin - fixed) / rows - gap))
        self.panel = p = pygame.Rect(0, 0, min(w - 24, max(760 * s, 640)), min(h - 16, fixed + rows * (row_h + gap)))
        p.center = (w / 2, h / 2)
        self.x0 = x0 = p.x + 32 * s
        lab_w = min(230 * s, (p.width - 64 * s) * 0.36)
        field_x, field_w = x0 + lab_w, p.right - 32 * s - (x0 + lab_w)
        self.label_w = lab_w - 8 * s
        self.rows: list[tuple[str | int, int]] = []  # a label to translate, or a seat's number
        y = p.y + 84 * s

        def row(widget, label: str | int, after: float = gap) -> None:
            nonlocal y
            widget.rect = pygame.Rect(round(field_x), round(y), round(field_w), round(row_h))
            self.rows.append((label, round(y + row_h / 2)))
            y += row_h + after

        row(self.name_field, N_("Your name"))
        row(self.game_choice, N_("Game"), gap + 14 * s)
        for o, c in self.option_choices:
            if c.visible:
                row(c, o.label)
        row(self.clock, N_("Time control"))
        y += 14 * s
        for i, c in enumerate(self.seats):
            row(c, i)
        y += 14 * s
        row(self.reach, N_("Who can join"))
        if self.port_field.visible:
            row(self.port_field, N_("Port"))
        bw, bh = 220 * s, 46 * s
        self.start_button.rect = pygame.Rect(round(p.right - 32 * s - bw), round(p.bottom - 66 * s), round(bw),
                                             round(bh))
        self.back_button.rect = pygame.Rect(round(x0), round(p.bottom - 66 * s), round(bw * 0.7), round(bh))
        top = min(y + 4 * s, p.bottom - 82 * s - note_h)
        self.note_box = pygame.Rect(round(x0), round(top), round(p.width - 64 * s), round(p.bottom - 82 * s - top))

    def redraw_in(self) -> float | None:
        if self.connecting is not None:
            return POLL
        times = [t for t in (f.redraw_in() for f in (self.name_field, self.port_field)) if t is not None]
        return min(times) if times else None

    def widgets(self):
        yield from self.reading_order()

    def process_event(self, event):
        if self.connecting is not None:  # the table is being made: only leaving is open
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.back()
            else:
                self.back_button.handle(event)
            return None
        if self.focus.handle(event):
            return None
        if any([f.handle(event) for f in (self.name_field, self.port_field)]):  # one keeps the focus
            return None
        if form_keys(event, self.back, self.start):
            return None
        for wdg in self.widgets():
            if wdg.visible and wdg.handle(event):
                return None
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s, p = self.s, self.panel
        theme.panel(surface, p)
        theme.text(surface, theme.fit(_("Host a table"), 36 * s, p.width - 64 * s, bold=True), 36 * s,
                   (self.x0, p.y + 26 * s), theme.TEXT, bold=True)
        for label, y in self.rows:
            text = _(self.game.seat_title(label, self.options())) if isinstance(label, int) else _(label)
            theme.row_label(surface, text, 22 * s, (self.x0, y), self.label_w)
        for wdg in self.widgets():
            if wdg.visible:
                wdg.draw(surface)
        self.focus.draw(surface)
        if self.connecting is not None:
            self.draw_note(surface, _("Opening the table…"), theme.MUTED)
        elif self.error:
            self.draw_note(surface, self.error, theme.ERROR)
        else:
            self.draw_note(surface, _(REACH_NOTES[self.reach.value]), theme.MUTED)

    def draw_note(self, surface: pygame.Surface, message: str, color) -> None:
        """A sentence whole in the box above the buttons: wrapped, smaller until it fits."""
        theme.paragraph(surface, message, 20 * self.s, self.note_box, color)
