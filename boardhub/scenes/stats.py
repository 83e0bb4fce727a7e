"""Your record: per game and per AI opponent, wins, draws and losses, the AIs' forfeits apart.

Reset forgets every result (a damaged stats file's too); a second click
confirms it, as deleting a saved game does.
"""
from __future__ import annotations

import pygame

from boardhub.core import saves
from boardhub.core.game import all_games
from boardhub.core.i18n import N_, _, ngettext, percent
from boardhub.core.seat_names import seat_label
from boardhub.core.stats import ONLINE, ONLINE_STOOD_IN, Stats
from boardhub.scenes.page import ScrollingPage
from boardhub.ui import theme
from boardhub.ui.scene import Host
from boardhub.ui.widgets import Button

COLUMNS = (N_("Won"), N_("Drawn"), N_("Lost"), N_("AI forfeits"), N_("Score"))
CONFIRM_SECONDS = 3.0
NOTE = N_("Games of one player against the AIs count, each once, when they end. A game an AI forfeited "
          "(it crashed, stopped answering or played an illegal move) is not your win: it is counted apart "
          "and left out of the score. Games at network tables count in rows of their own.")

# The rows of the games played at network tables; a game where an AI stood in for someone is counted apart.
ONLINE_LABELS = {ONLINE: N_("People online"), ONLINE_STOOD_IN: N_("People online, an AI stood in")}


class StatsScene(ScrollingPage):
    title = N_("Your results against the AIs")
    body_top = 160  # below the note and the column names (laid out for the note's lines)

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.clock = 0.0
        self.confirm_until = 0.0
        self.message, self.message_color = "", theme.MUTED
        self.reset_button = Button(N_("Reset stats"), self.reset)
        self.load()

    def load(self) -> None:
        self.stats = Stats.load()
        self.scroll = 0
        self.reset_button.enabled = bool(self.stats.error) or not self.stats.empty  # nothing to forget
        self.lines = self.build_lines()

    def build_lines(self) -> list[tuple[str, tuple]]:
        """One heading per game, then a row per opponent: ("kind", values), in the language of the moment
        (made again by `layout`, which a change of language calls)."""
        out: list[tuple[str, tuple]] = []
        for g in all_games():
            rows = self.stats.rows(g.key)
            out.append(("game", (_(g.title),)))
            if not rows:
                out.append(("none", (_("No games against the AI yet"),)))
            for name, won, drew, lost, forfeits in rows:
                played = won + drew + lost
                label = _(ONLINE_LABELS[name]) if name in ONLINE_LABELS else \
                    ", ".join(seat_label(ai) for ai in name.split(", "))
                hinted = self.stats.hinted_of(g.key, name)
                if hinted:
                    label = ngettext("{name} ({count} with hints)", "{name} ({count} with hints)", hinted).format(
                        name=label, count=hinted)
                score = percent((won + drew / 2) / played) if played else "-"
                out.append(("row", (label, won, drew, lost, forfeits, score)))
        return out

    # ---------------------------------------------------------------- reset
    @property
    def confirming(self) -> bool:
        return self.clock < self.confirm_until

    def reset(self) -> None:
        """The first click asks; the second, within CONFIRM_SECONDS, forgets every result."""
        if not self.confirming:
            self.confirm_until = self.clock + CONFIRM_SECONDS
            self.reset_button.label = N_("Reset: sure?")
            return
        self.confirm_until = 0.0
        self.reset_button.label = N_("Reset stats")
        try:
            Stats().reset()
        except (OSError, saves.SaveError) as exc:
            why = saves.refusal(exc) if isinstance(exc, OSError) else str(exc)
            self.message, self.message_color = _("Could not reset the stats ({why})").format(why=why), theme.ERROR
            return
        self.load()
        self.message, self.message_color = _("The stats start again from nothing"), theme.MUTED

    def update(self, dt: float) -> None:
        self.clock += dt
        if not self.confirming and self.reset_button.label != "Reset stats":
            self.reset_button.label = N_("Reset stats")

    def redraw_in(self) -> float | None:
        """"Reset: sure?" turns back into "Reset stats" when its confirmation times out."""
        return self.confirm_until - self.clock if self.confirming else None

    # ---------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        self.lines = self.build_lines()
        # the note takes the lines it needs at this width, and the table starts below it
        s = theme.scale(size)
        width = round(min(size[0] - 40 * s, 900 * s) - 80 * s)  # the page's panel, less its margins
        self.note = theme.wrap(_(NOTE), 19 * s, width)
        self.note_h = max(22 * s, theme.font(int(19 * s)).get_linesize())
        self.body_top = (80 * s + max(2, len(self.note)) * self.note_h + 40 * s) / s
        super().layout(size)
        gap = round(16 * s)
        w = self.back.rect.width
        self.back.rect.x = round(self.panel.centerx - w - gap / 2)
        self.reset_button.rect = pygame.Rect(self.back.rect.right + gap, self.back.rect.y, w, self.back.rect.height)

    def focusable(self) -> list:
        return [self.back, self.reset_button]

    def process_event(self, event):
        if self.reset_button.handle(event):
            return None
        return super().process_event(event)

    def row_count(self) -> int:
        return len(self.lines)

    def row_height(self) -> float:
        return 34 * self.s

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.s
        if self.message:  # under the table, left of "Scroll for more"
            theme.text(surface, theme.fit(self.message, 20 * s, self.body.width * 0.7), 20 * s,
                       (self.body.x, self.body.bottom), self.message_color)

    def draw_rows(self, surface: pygame.Surface) -> None:
        s, b = self.s, self.body
        col_w = 80 * s
        last = 110 * s  # "AI forfeits" is the widest column name
        cols_x = [b.right - (len(COLUMNS) - 1 - k) * col_w for k in range(len(COLUMNS))]
        cols_x[:3] = [x - (last - col_w) for x in cols_x[:3]]
        for x, name in zip(cols_x, COLUMNS):
            theme.text(surface, _(name), 20 * s, (x, b.y - 30 * s), theme.MUTED, "topright")
        if self.stats.error:
            theme.text(surface, theme.fit(_("Not counting results: {why}").format(why=self.stats.error), 20 * s,
                                          self.panel.width - 80 * s),
                       20 * s, (self.panel.x + 40 * s, self.panel.y + 80 * s), theme.ERROR)
            theme.text(surface, theme.fit(_("Reset stats starts a new file in its place."), 19 * s,
                                          self.panel.width - 80 * s),
                       19 * s, (self.panel.x + 40 * s, self.panel.y + 80 * s + self.note_h), theme.MUTED)
        else:
            for i, line in enumerate(self.note):
                theme.text(surface, line, 19 * s, (self.panel.x + 40 * s, self.panel.y + 80 * s + i * self.note_h),
                           theme.MUTED)
        y = b.y
        name_room = cols_x[0] - col_w - b.x - 20 * s
        for kind, values in self.lines[self.scroll:self.scroll + self.visible_rows]:
            if kind == "game":
                theme.text(surface, values[0], 26 * s, (b.x, y + 4 * s), theme.ACCENT, bold=True)
            elif kind == "none":
                theme.text(surface, values[0], 21 * s, (b.x + 20 * s, y + 6 * s), theme.MUTED)
            else:
                name = theme.fit(_("vs {name}").format(name=values[0]), 22 * s, name_room)
                theme.text(surface, name, 22 * s, (b.x + 20 * s, y + 6 * s), theme.TEXT)
                for x, v in zip(cols_x, values[1:]):
                    theme.text(surface, str(v), 22 * s, (x, y + 6 * s), theme.TEXT, "topright")
            y += self.row_height()
