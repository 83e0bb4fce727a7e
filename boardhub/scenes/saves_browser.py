"""The saved games: every game played here, newest first, to resume, replay or delete.

A file that cannot be used (damaged, cut short, not boardhub's, from a newer
boardhub, or with a move its rules refuse) is listed with the reason and
left exactly as it is.
"""
from __future__ import annotations

from datetime import datetime

import pygame

from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.session import GameSession, load_entries
from boardhub.ui import theme
from boardhub.ui.scene import Scene
from boardhub.ui.widgets import Button

CONFIRM_SECONDS = 3.0
DOUBLE_CLICK = 0.4

def when(stamp: str) -> str:
    """"21 Nov 2026, 23:59" from an ISO time."""
    try:
        return datetime.fromisoformat(stamp).strftime("%d %b %Y, %H:%M")
    except ValueError:
        return stamp


class SavesScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.entries: list[saves.SavedGame] = []
        self.selected = 0
        self.scroll = 0
        self.clock = 0.0
        self.message, self.message_color = "", theme.MUTED
        self.confirm_until = 0.0
        self.last_click = (-1, -1.0)
        self.open_button = Button("Resume", self.open_selected, primary=True)
        self.replay_button = Button("Replay", self.replay_selected)
        self.delete_button = Button("Delete", self.delete_selected)
        self.back_button = Button("Back", self.app.pop)
        self.buttons = [self.open_button, self.replay_button, self.delete_button, self.back_button]

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.entries = load_entries()
        folder = saves.saves_dir()
        if not folder.is_dir():
            self.say(f"The saves folder {folder} cannot be made: games are not being saved", theme.ERROR)
        self.selected = min(self.selected, max(0, len(self.entries) - 1))
        self.sync_buttons()

    @property
    def current(self) -> saves.SavedGame | None:
        return self.entries[self.selected] if self.entries else None

    def sync_buttons(self) -> None:
        cur = self.current
        usable = cur is not None and cur.readable
        self.open_button.enabled = self.replay_button.enabled = self.delete_button.enabled = usable
        self.open_button.label = "Open" if usable and cur.finished else "Resume"
        confirming = self.clock < self.confirm_until
        self.delete_button.label = "Delete: sure?" if confirming else "Delete"

    def say(self, msg: str, color=theme.MUTED) -> None:
        self.message, self.message_color = msg, color

    # ---------------------------------------------------------------- actions
    def open_selected(self) -> None:
        self.open_game(lambda saved: GameSession.resume(saved, self.app.start_worker), "open")

    def replay_selected(self) -> None:
        self.open_game(GameSession.replay, "replay")

    def open_game(self, make, verb: str) -> None:
        """The game scene of the session `make(saved)` builds for the chosen game, or why it cannot be built."""
        cur = self.current
        if cur is None or not cur.readable:
            return
        try:
            session = make(cur)
        except ValueError as exc:
            self.say(f"Cannot {verb} it: {exc}", theme.ERROR)
            return
        self.app.open("game", session)

    def delete_selected(self) -> None:
        cur = self.current
        if cur is None or not cur.readable:
            return
        if self.clock >= self.confirm_until:  # the first click only asks
            self.confirm_until = self.clock + CONFIRM_SECONDS
            self.sync_buttons()
            return
        self.confirm_until = 0.0
        try:
            saves.delete_game(cur.path)
        except OSError as exc:
            self.say(f"Could not delete {cur.path.name}: {exc}", theme.ERROR)
            return
        self.say(f"Deleted {self.title_of(cur)}")
        self.refresh()

    def select(self, index: int) -> None:
        if self.entries and index != self.selected:
            self.selected = max(0, min(len(self.entries) - 1, index))
            self.confirm_until = 0.0
            self.sync_buttons()
        rows = self.visible_rows
        self.scroll = min(self.selected, max(self.scroll, self.selected - rows + 1))

    # ---------------------------------------------------------------- events
    def process_event(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_selected()
            elif event.key == pygame.K_DELETE:
                self.delete_selected()
            return None
        if event.type == pygame.MOUSEWHEEL:
            limit = max(0, len(self.entries) - self.visible_rows)
            self.scroll = max(0, min(limit, self.scroll - event.y))
            return None
        for b in self.buttons:
            if b.handle(event):
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.list_rect.collidepoint(event.pos):
            index = self.scroll + int((event.pos[1] - self.list_rect.y) // self.row_h)
            if index < len(self.entries):
                double = self.last_click[0] == index and self.clock - self.last_click[1] < DOUBLE_CLICK
                self.select(index)
                self.last_click = (index, self.clock)
                if double:
                    self.open_selected()
        return None

    def update(self, dt: float) -> None:
        self.clock += dt
        self.sync_buttons()

    def redraw_in(self) -> float | None:
        """"Delete: sure?" turns back into "Delete" when its confirmation times out."""
        if self.clock < self.confirm_until:
            return self.confirm_until - self.clock
        return None

    # ---------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        self.panel = pygame.Rect(round(30 * s), round(24 * s), round(w - 60 * s), round(h - 48 * s))
        self.row_h = round(62 * s)
        self.list_rect = pygame.Rect(self.panel.x + round(20 * s), self.panel.y + round(96 * s),
                                     self.panel.width - round(40 * s), 0)
        bottom = self.panel.bottom - round(84 * s)
        self.list_rect.height = max(self.row_h, (bottom - self.list_rect.y) // self.row_h * self.row_h)
        bw, bh, gap = round(min(200 * s, (self.panel.width - 60 * s) / 4)), round(48 * s), round(14 * s)
        x = self.panel.centerx - (4 * bw + 3 * gap) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, self.panel.bottom - round(68 * s), bw, bh)
            x += bw + gap

    @property
    def visible_rows(self) -> int:
        return max(1, self.list_rect.height // self.row_h)

    @staticmethod
    def title_of(saved: saves.SavedGame) -> str:
        try:
            return get_game(saved.data["game"]).title
        except (KeyError, TypeError):
            return saved.path.name

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s = self.s
        theme.panel(surface, self.panel)
        theme.text(surface, "Saved games", 40 * s, (self.panel.x + 28 * s, self.panel.y + 22 * s), theme.TEXT,
                   bold=True)
        folder = theme.fit(f"{len(self.entries)} in {saves.games_dir()}", 19 * s, self.panel.width - 56 * s)
        theme.text(surface, folder, 19 * s, (self.panel.x + 28 * s, self.panel.y + 64 * s), theme.MUTED)
        if not self.entries:
            theme.text(surface, "No saved games yet: every game you play is kept here, move by move.", 24 * s,
                       self.list_rect.midtop, theme.MUTED, "midtop")
        r = self.list_rect
        for k, saved in enumerate(self.entries[self.scroll:self.scroll + self.visible_rows]):
            index = self.scroll + k
            row = pygame.Rect(r.x, r.y + k * self.row_h, r.width, self.row_h - round(6 * s))
            chosen = index == self.selected
            pygame.draw.rect(surface, theme.BUTTON_HOVER if chosen else theme.BUTTON, row, border_radius=8)
            if chosen:
                pygame.draw.rect(surface, theme.ACCENT, row, width=2, border_radius=8)
            self.draw_row(surface, saved, row)
        if len(self.entries) > self.visible_rows:
            more = f"{self.scroll + 1}-{min(len(self.entries), self.scroll + self.visible_rows)} of " \
                   f"{len(self.entries)}: scroll for more"
            theme.text(surface, more, 18 * s, (r.right, self.panel.y + 64 * s), theme.MUTED, "topright")
        if self.message:
            theme.text(surface, theme.fit(self.message, 20 * s, self.panel.width - 56 * s), 20 * s,
                       (self.panel.centerx, self.panel.bottom - 80 * s), self.message_color, "midbottom")
        for b in self.buttons:
            b.draw(surface)

    def draw_row(self, surface: pygame.Surface, saved: saves.SavedGame, row: pygame.Rect) -> None:
        s = self.s
        x, top, mid = row.x + 16 * s, row.y + 8 * s, row.y + 32 * s
        right = row.right - 16 * s
        stamp = when(saved.updated)
        date_w = theme.font(int(20 * s)).size(stamp)[0]
        theme.text(surface, stamp, 20 * s, (right, top), theme.MUTED, "topright")
        if not saved.readable:
            theme.text(surface, theme.fit(saved.path.name, 24 * s, row.width - date_w - 60 * s), 24 * s, (x, top),
                       theme.TEXT, bold=True)
            theme.text(surface, theme.fit(f"Unreadable: {saved.error}", 20 * s, row.width - 32 * s), 20 * s, (x, mid),
                       theme.ERROR)
            return
        data = saved.data
        title = self.title_of(saved)
        kind = {"PvP": "Player vs Player", "PvA": "Player vs AI", "AvA": "AI vs AI"}.get(data.get("kind_of_game"), "")
        head = theme.text(surface, title, 24 * s, (x, top), theme.TEXT, bold=True)
        players = theme.fit(f"{data.get('players', '')}  ·  {kind}", 20 * s, row.width * 0.55 - head.width)
        theme.text(surface, players, 20 * s, (head.right + 14 * s, top + 3 * s), theme.MUTED)
        status = str(data.get("status", ""))
        color = theme.ACCENT if saved.finished else theme.TEXT
        label = f"Finished: {status}" if saved.finished else f"In progress: {status}"
        theme.text(surface, theme.fit(label, 20 * s, row.width - 32 * s), 20 * s, (x, mid), color)
