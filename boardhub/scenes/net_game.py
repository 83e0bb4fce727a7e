"""A game at a network table: the game screen, with the table's chat, its seats' connection and its menu.

The board, keys, move list, sounds and messages are the game screen's own; the
session (`net.remote.RemoteSession`) sends this seat's moves and brings the
host's. The client wakes the resting loop with an event when a message
arrives, so the window costs nothing while it waits for another player.
"""
from __future__ import annotations

import time
from dataclasses import replace

import pygame

from boardhub.core.i18n import N_, _
from boardhub.net.protocol import MAX_CHAT
from boardhub.scenes.game import GameScene
from boardhub.scenes.game_frame import clock_text
from boardhub.scenes.overlay import PanelScene
from boardhub.ui import theme
from boardhub.ui.scene import Host
from boardhub.ui.widgets import Button, TextField

# Posted from the client's thread when a message arrives, to wake a loop that sleeps.
NET_MESSAGE = pygame.event.custom_type()
CHAT_LINES = 4  # the last chat lines shown under the move list


def post_net_message() -> None:
    """Wake the main loop (posting is thread-safe); after the window has closed there is nothing to wake."""
    if not pygame.get_init():
        return
    try:
        pygame.event.post(pygame.event.Event(NET_MESSAGE))
    except pygame.error:
        pass


class NetGameScene(GameScene):
    def __init__(self, app: Host, session) -> None:
        super().__init__(app, session)
        session.client.on_message = post_net_message
        self.chat = TextField(placeholder=N_("Say something, Enter sends"), on_enter=self.send_chat,
                              max_chars=MAX_CHAT)
        self.chat.visible = False
        self.menu_button.on_click = self.open_menu
        self.record_buttons = self.record_buttons[:1]  # Export; an import would replace the table's moves
        self.declined: set[int] = set()  # away seats this player chose to wait for
        board, actions, banner = self.board, self.board.actions, self.board.banner
        # a remote table's hidden tiles are never this screen's to turn face up, and a game against people
        # gets no engine's help (hints, the evaluation overlay), as on the online servers players know
        hidden = {getattr(board, name, None) for name in ("toggle_face_up", "toggle_hints", "toggle_eval",
                                                       "toggle_chains")} - {None}
        board.actions = lambda match: [a for a in actions(match) if a[1] not in hidden]
        board.banner = lambda match: banner(match) if session.interactive else None
        self.layout(self.size)

    # ---------------------------------------------------------------- the table's controls
    def open_menu(self) -> None:
        self.app.open("net_menu", self.session)

    def send_chat(self) -> None:
        self.session.say(self.chat.text)
        self.chat.text = ""
        self.close_chat()

    def open_chat(self) -> None:
        self.chat.visible = self.chat.focused = True
        pygame.key.start_text_input()

    def close_chat(self) -> None:
        self.chat.visible = self.chat.focused = False

    def show_result(self) -> None:
        """The result once the host has revealed the game (its seed and every rack), not before."""
        if self.session.revealed:
            super().show_result()

    def click_board(self, pos) -> None:
        s = self.session
        if not s.interactive and not self.match.is_over:
            self.say(_("Not connected to the table: wait until it is back") if not s.connected else
                     _("Wait: your move is on its way to the host") if s.waiting else
                     _("Wait for your turn"))
            return
        super().click_board(pos)

    # ---------------------------------------------------------------- the frame
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.top is not self:
            return
        now = time.monotonic()
        for seat, state in enumerate(self.session.seats):
            if state.here or state.away_until is None:
                self.declined.discard(seat)
            elif seat not in self.declined and self.session.choices_for(seat, now):
                self.declined.add(seat)  # asked once; Wait leaves it so
                self.app.open("net_away", self.session, seat)
                return

    def sync_controls(self) -> None:
        super().sync_controls()
        self.undo_button.visible = self.redo_button.visible = False  # no take-backs at a network table

    def redraw_in(self) -> float | None:
        """The game screen's frames, a second's tick for an away seat's countdown, the chat's caret."""
        if self.app.top is not self:
            return None
        waits = [w for w in (super().redraw_in(), self.chat.redraw_in()) if w is not None]
        now = time.monotonic()
        if any(s.away_left(now) for s in self.session.seats):
            waits.append(1.0 - now % 1.0)
        return min(waits) if waits else None

    # ---------------------------------------------------------------- input
    def process_event(self, event):
        if event.type == NET_MESSAGE:
            return None  # it only wakes the loop: update reads the messages
        if self.chat.visible:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.close_chat()
                return None
            if self.chat.handle(event):
                return None
        if event.type == pygame.KEYDOWN and not self.keys.shown:
            if event.key == pygame.K_ESCAPE:
                self.open_menu()
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_chat()
                return None
        return super().process_event(event)

    # ---------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        if not hasattr(self, "chat"):
            return  # the game screen lays out once before the chat exists
        s, r = self.frame.s, self.frame.moves
        line = theme.line_height(18 * s)
        height = round(line * (CHAT_LINES + 1) + 40 * s)
        height = min(height, r.height // 2)
        self.chat_rect = pygame.Rect(r.x, r.bottom - height, r.width, height)
        self.frame = replace(self.frame, moves=pygame.Rect(r.x, r.y, r.width, r.height - height - round(8 * s)))
        self.chat.rect = pygame.Rect(r.x, self.chat_rect.bottom - round(34 * s), r.width, round(34 * s))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_seat_states(surface)
        self.draw_chat(surface)

    def draw_seat_states(self, surface: pygame.Surface) -> None:
        """Each seat's connection on its place in the top bar: away (with its countdown), an AI standing in."""
        m, s, now = self.match, self.frame.s, time.monotonic()
        n = len(m.seats)
        slot_w = min(380 * s, (self.top_rect.width - 40 * s) / n)
        x0 = self.top_rect.centerx - slot_w * n / 2
        for i, state in enumerate(self.session.seats):
            left = state.away_left(now)
            if state.here and not state.stand_in and not (i == m.me and not self.session.connected):
                continue
            if i == m.me and not self.session.connected:
                words, color = _("reconnecting…"), theme.ACCENT
            elif state.stand_in:
                words, color = _("AI stands in"), theme.MUTED
            elif left:
                words, color = _("away {time}").format(time=clock_text(left + 0.999)), theme.ACCENT
            else:
                words, color = _("away"), theme.ERROR
            # in place of the seat's clock, under its name, clear of its score on the right
            px = 15 * s
            left = x0 + i * slot_w + 8 * s + 44 * s
            room = slot_w * 0.62 - 60 * s
            width = min(theme.font(int(px)).size(words)[0] + 14 * s, room)
            pill = pygame.Rect(round(left), round(10 * s + 25 * s + 13 * s - theme.line_height(px) / 2 - 1 * s),
                               round(width), round(theme.line_height(px) + 2 * s))
            pygame.draw.rect(surface, theme.BG, pill, border_radius=round(6 * s))
            pygame.draw.rect(surface, color, pill, width=1, border_radius=round(6 * s))
            theme.text(surface, theme.fit(words, px, width - 10 * s), px, pill.center, color, "center")

    def draw_chat(self, surface: pygame.Surface) -> None:
        """The last chat lines under the move list (watchers' lines marked as such), then the entry."""
        s, r = self.frame.s, self.chat_rect
        px = 18 * s
        line = theme.line_height(px)
        pygame.draw.line(surface, theme.PANEL_EDGE, (r.x, r.y), (r.right, r.y), 1)
        theme.text(surface, _("Chat (Enter)"), px, (r.x, r.y + 4 * s), theme.MUTED)
        rows: list[tuple[str, tuple]] = []
        for c in self.session.chat:
            who = _("A watcher") if c.watcher else c.name  # the host names no watcher
            for k, text in enumerate(theme.wrap(_("{name}: {text}").format(name=who, text=c.text), px, r.width)):
                rows.append((text, theme.MUTED if c.watcher else theme.TEXT))
        bottom = (self.chat.rect.y if self.chat.visible else r.bottom) - 4 * s
        room = max(0, int((bottom - r.y - line - 6 * s) // line))
        shown = rows[-room:] if room else []
        y = bottom - len(shown) * line
        for text, color in shown:
            theme.text(surface, theme.fit(text, px, r.width), px, (r.x, y), color)
            y += line
        if self.chat.visible:
            self.chat.draw(surface)


class NetPanel(PanelScene):
    """A panel over a network game: the table's messages go on being read under it."""

    def __init__(self, app: Host, session, buttons: list[Button], lines=()) -> None:
        self.session = session
        super().__init__(app, buttons, lines)

    def update(self, dt: float) -> None:
        self.session.pump()


class NetMenuScene(NetPanel):
    title = N_("At the table")

    def __init__(self, app: Host, session) -> None:
        buttons = [Button(N_("Resume"), self.close, primary=True),
                   Button(N_("Rules"), lambda: self.app.replace("rules", session.entry)),
                   Button(N_("Leave the table"), lambda: self.app.replace("net_leave", session))]
        super().__init__(app, session, buttons)


class LeaveScene(NetPanel):
    title = N_("Leave the table?")

    def __init__(self, app: Host, session) -> None:
        buttons = [Button(N_("Stay"), self.close, primary=True),
                   Button(N_("Leave the table"), lambda: self.app.reset("menu"))]
        lines = [(N_("The others may let an AI take your seat."), theme.MUTED)]
        super().__init__(app, session, buttons, lines)


class AwayScene(NetPanel):
    """A seat's countdown has ended: the players still here choose what happens to it."""

    title = N_("A player is away")

    def __init__(self, app: Host, session, seat: int) -> None:
        self.seat = seat
        name = session.match.seats[seat].label
        words = {"stand_in": N_("Let an AI play for them"), "win": N_("Claim the win"), "draw": N_("Agree a draw")}
        buttons = [Button(N_("Wait for them"), self.close, primary=True)]
        buttons += [Button(words[c], self.choosing(c)) for c in session.choices_for(seat)]
        lines = [(_("{name} has not come back.").format(name=name), theme.TEXT)]
        super().__init__(app, session, buttons, lines)

    def choosing(self, choice: str):
        def run() -> None:
            self.session.decide_away(self.seat, choice)
            self.close()
        return run

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.session.choices_for(self.seat):  # they came back, or the game ended
            self.close()
