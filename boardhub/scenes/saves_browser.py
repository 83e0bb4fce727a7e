"""The saved games: every game played here, newest first, to resume, replay or delete.

A file that cannot be used (damaged, cut short, not boardhub's, from a newer
boardhub, or with a move its rules refuse) is listed with the reason in words
and left exactly as it is, unless the player deletes it (a second click
confirms, as for any game). When a source checkout still holds the `saves/`
folder that versions before used, a line above the list offers to move its
files here.

A row above the list filters it by game and by state (unfinished, finished),
remembered while the app runs, and offers to remove the abandoned games (the
unfinished ones nobody played for ABANDONED_DAYS days) at once, after a
question that says how many.
"""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pygame

from boardhub.core import saves
from boardhub.core.files import clean_text
from boardhub.core.game import GAME_KEYS, get_game
from boardhub.core.i18n import N_, _, ngettext
from boardhub.core.match import Seat
from boardhub.core.modes import Mode
from boardhub.core.review_run import RecordError, record_of_save
from boardhub.core.saved_games import ABANDONED_DAYS, STATES, abandoned, load_entries, programs_started, \
    remove_games, resume_problem, saved_players, saved_status, shown_by
from boardhub.core.session import GameSession
from boardhub.core.settings import Settings
from boardhub.core.stats import merge_files
from boardhub.ui import theme
from boardhub.ui.confirm import Confirm
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, Choice, FocusRing

CONFIRM_SECONDS = 3.0
DOUBLE_CLICK = 0.4


MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))


def when(stamp: str) -> str:
    """"21 Nov 2026, 23:59" from an ISO time ("2026년 11월 21일 23:59" in Korean): the date in the
    language's own order, never strftime's, which follows the system's locale rather than the app's."""
    try:
        t = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    return _("{day} {month_name} {year}, {time}").format(day=t.day, month=t.month, month_name=_(MONTHS[t.month - 1]),
                                                        year=t.year, time=t.strftime("%H:%M"))


def shown_path(path: Path) -> str:
    """A folder as a person reads it: the home folder as "~"."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)


STATE_LABELS = (N_("Finished or not"), N_("Unfinished"), N_("Finished"))  # one per saved_games.STATES



class FilterChoice(Choice):
    """A filter's choice: Enter goes round its values (the arrows still stop at the ends), so the
    keys alone reach every value from any."""

    def activate(self) -> None:
        self.step(1 if self.index < len(self.values) - 1 else -self.index)


def game_label(key: str | None) -> str:
    return _("All games") if key is None else _(get_game(key).title)


def reason_of(saved: saves.SavedGame) -> str:
    """Why a file cannot be used, without its name (the row shows that already)."""
    return saved.error.removeprefix(f"{saves.file_name(saved.path)}: ")


class SavesScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.all_entries: list[saves.SavedGame] = []  # every file of the folder
        self.entries: list[saves.SavedGame] = []  # the ones the filter shows: the list, its rows and scrolling
        self.described: dict[Path, tuple[str, str]] = {}  # each file's players and status, as its row says them
        self.selected = 0
        self.scroll = 0
        self.clock = 0.0
        self.message, self.message_color = "", theme.MUTED
        self.confirm_until = 0.0
        self.last_click = (-1, -1.0)
        self.old_folder: Path | None = None  # a checkout's saves/ from before, to move here
        self.confirm: Confirm | None = None  # the question asked before a saved game starts another program
        self.open_button = Button(N_("Resume"), self.open_selected, primary=True)
        self.replay_button = Button(N_("Replay"), self.replay_selected)
        self.review_button = Button(N_("Review"), self.review_selected)
        self.delete_button = Button(N_("Delete"), self.delete_selected)
        self.back_button = Button(N_("Back"), self.app.pop)
        self.move_button = Button(N_("Move them here"), self.move_old, primary=True)
        self.buttons = [self.open_button, self.replay_button, self.review_button, self.delete_button,
                        self.back_button]
        st = app.settings  # the filter as the player left it (a setting: it is there at the next start too)
        game = st.saves_game if st.saves_game in GAME_KEYS else None
        state = st.saves_state if st.saves_state in STATES else "all"
        self.game_choice = FilterChoice([None, *GAME_KEYS], game_label, game, lambda _v: self.filter_changed())
        self.state_choice = FilterChoice(STATES, STATE_LABELS, state, lambda _v: self.filter_changed())
        self.remove_button = Button(N_("Remove abandoned games"), self.ask_remove_abandoned)
        self.filters = [self.game_choice, self.state_choice, self.remove_button]
        self.focus = FocusRing(lambda: [*self.filters, self.move_button, *self.buttons], arrows=False)

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.all_entries = load_entries()
        self.entries = self.filtered()
        self.describe_entries()
        folder = saves.saves_dir()
        if not folder.is_dir():
            self.say(_("The saves folder {folder} cannot be made: games are not being saved").format(folder=folder),
                     theme.ERROR)
        old = saves.old_saves_dir()
        if old != self.old_folder:
            self.old_folder = old
            self.layout(self.size)  # the line that offers the move takes room above the list
        self.selected = min(self.selected, max(0, len(self.entries) - 1))
        self.scroll = max(0, min(self.scroll, len(self.entries) - self.visible_rows))
        self.sync_buttons()

    def filtered(self) -> list[saves.SavedGame]:
        return [e for e in self.all_entries if shown_by(e, self.game_choice.value, self.state_choice.value)]

    def filter_changed(self) -> None:
        """The list as the filter now says, the chosen game still chosen where it still shows."""
        st = self.app.settings
        st.saves_game, st.saves_state = self.game_choice.value or "", self.state_choice.value
        self.app.save_settings()
        cur = self.current
        self.entries = self.filtered()
        paths = [e.path for e in self.entries]
        self.selected = paths.index(cur.path) if cur is not None and cur.path in paths else 0
        self.scroll = 0
        self.confirm_until = 0.0
        self.select(self.selected)
        self.sync_buttons()

    @property
    def current(self) -> saves.SavedGame | None:
        return self.entries[self.selected] if self.entries else None

    def sync_buttons(self) -> None:
        cur = self.current
        usable = cur is not None and cur.readable
        self.open_button.enabled = self.replay_button.enabled = usable
        self.review_button.enabled = usable and cur.finished and cur.data.get("game") in GAME_KEYS \
            and get_game(cur.data["game"]).review is not None
        self.delete_button.enabled = cur is not None  # a damaged file may go too, once confirmed
        self.open_button.label = N_("Open") if usable and cur.finished else N_("Resume")
        confirming = self.clock < self.confirm_until
        self.delete_button.label = N_("Delete: sure?") if confirming else N_("Delete")
        self.move_button.visible = self.old_folder is not None

    def say(self, msg: str, color=theme.MUTED) -> None:
        self.message, self.message_color = msg, color

    # ---------------------------------------------------------------- actions
    def open_selected(self, asked: bool = False) -> None:
        """Resume (or open) the chosen game; one whose seat starts another program asks the player first."""
        cur = self.current
        if cur is None or not cur.readable:
            return
        programs = programs_started(cur)
        engines = self.app.settings.engines()
        refused = resume_problem(cur, engines)
        if refused:  # said at once: nothing to ask about a seat that will not be played here
            self.say(_("Cannot open it: {why}").format(why=refused), theme.ERROR)
            return
        if programs and not asked:
            self.confirm = Confirm(
                N_("Start another program?"),
                _("Resuming this game starts {programs} on this computer. Start it only if you trust it; "
                  "Replay shows the game's moves without starting anything.").format(programs=", ".join(programs)),
                N_("Start it"), lambda: self.open_selected(asked=True), self.drop_confirm)
            self.confirm.layout(self.size)
            return
        self.confirm = None
        self.open_game(lambda saved: GameSession.resume(saved, self.app.start_worker, engines),
                       _("Cannot open it: {why}"))

    def drop_confirm(self) -> None:
        self.confirm = None

    def replay_selected(self) -> None:
        self.open_game(GameSession.replay, _("Cannot replay it: {why}"))

    def open_game(self, make, refusal: str) -> None:
        """The game scene of the session `make(saved)` builds for the chosen game, or why it cannot be built."""
        cur = self.current
        if cur is None or not cur.readable:
            return
        try:
            session = make(cur)
        except ValueError as exc:
            self.say(refusal.format(why=exc), theme.ERROR)
            return
        self.app.open("game", session)

    def review_selected(self) -> None:
        """The review of the chosen finished game, every player's moves rated."""
        cur = self.current
        if not self.review_button.enabled or cur is None:
            return
        entry = get_game(cur.data["game"])
        try:
            record = record_of_save(entry, cur.data)
        except RecordError as exc:
            self.say(_("Cannot review it: {why}").format(why=exc), theme.ERROR)
            return
        seats = cur.data.get("seats") or []
        labels = tuple(clean_text(Seat.from_json(x).label, limit=80) if isinstance(x, dict) else _("Player {number}").format(number=i + 1)
                       for i, x in enumerate(seats)) or tuple(_(name) for name in entry.seat_names)
        players = entry.rules.num_players(record.options)
        humans = [i for i, x in enumerate(seats) if isinstance(x, dict) and x.get("ai") is None]
        seat = humans[0] if len(humans) == 1 else None  # a game against AIs: the person's moves
        labels = labels if len(labels) == players else \
            tuple(_("Player {number}").format(number=i + 1) for i in range(players))
        self.app.open("review", entry, record, seat, labels)

    def delete_selected(self) -> None:
        cur = self.current
        if cur is None:
            return
        if self.clock >= self.confirm_until:  # the first click only asks
            self.confirm_until = self.clock + CONFIRM_SECONDS
            self.sync_buttons()
            return
        self.confirm_until = 0.0
        try:
            saves.delete_game(cur.path)
        except OSError as exc:
            self.say(_("Could not delete {name} ({why})").format(name=saves.file_name(cur.path),
                                                                 why=saves.refusal(exc)),
                     theme.ERROR)
            return
        self.say(_("Deleted {name}").format(name=self.title_of(cur) if cur.readable else saves.file_name(cur.path)))
        self.refresh()

    def ask_remove_abandoned(self) -> None:
        """Ask before removing the abandoned games, saying how many and what abandoned means."""
        old = abandoned(self.all_entries)
        if not old:
            self.say(_("No unfinished game was last played more than {days} days ago: nothing to remove").format(
                days=ABANDONED_DAYS))
            return
        text = ngettext("Remove {count} unfinished game last played more than {days} days ago? It goes from "
                        "every game's list. Finished games and games open in another window stay.",
                        "Remove {count} unfinished games last played more than {days} days ago? They go from "
                        "every game's list. Finished games and games open in another window stay.",
                        len(old)).format(count=len(old), days=ABANDONED_DAYS)
        self.confirm = Confirm(N_("Remove abandoned games?"), text, N_("Remove them"),
                               lambda: self.remove_abandoned(old), self.drop_confirm)
        self.confirm.layout(self.size)

    def remove_abandoned(self, old: list[saves.SavedGame]) -> None:
        """Remove the games the question counted, and only those; the ones that stay, and why, in words."""
        self.confirm = None
        removed, kept = remove_games(old)
        said = ngettext("Removed {count} abandoned game", "Removed {count} abandoned games",
                        len(removed)).format(count=len(removed))
        if kept:
            why = "; ".join(_("{name}: {why}").format(name=saves.file_name(saved.path), why=reason)
                            for saved, reason in kept)
            said = ngettext("{done}; {count} could not be removed: {why}",
                            "{done}; {count} could not be removed: {why}", len(kept)).format(
                done=said, count=len(kept), why=why)
        self.say(said, theme.ERROR if kept else theme.MUTED)
        self.refresh()

    def move_old(self) -> None:
        """Move the files of the old saves folder here, overwriting none (the stats add up)."""
        old = self.old_folder
        if old is None:
            return
        try:
            report = saves.move_old_saves(old, merge={"stats.json": merge_files})
        except OSError as exc:
            self.say(_("Could not move the saves from {folder} ({why})").format(folder=old, why=saves.refusal(exc)),
                     theme.ERROR)
            return
        self.say(report.summary(shown_path(saves.saves_dir())),
                 theme.ERROR if report.failed else theme.MUTED)
        if "settings.json" in report.moved:  # the settings from before apply now, and are not written over at exit
            self.app.settings = Settings.load()
            self.app.sounds.set_level(self.app.settings.loudness)
            theme.use_palette(self.app.settings.palette)
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
        if self.confirm is not None and self.confirm.handle(event):
            return None
        if self.focus.handle(event):  # Tab among the buttons; the arrows and Enter keep to the list
            return None
        focused = self.focus.current() if self.focus.shown else None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and isinstance(focused, Choice):
                focused.step(1 if event.key == pygame.K_RIGHT else -1)  # a filter's value; Up and Down the list
            elif event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_selected()
            elif event.key == pygame.K_DELETE:
                self.delete_selected()
            return None
        for w in self.filters:  # the wheel over a filter steps it rather than scrolling the list
            if w.handle(event):
                return None
        if event.type == pygame.MOUSEWHEEL:
            limit = max(0, len(self.entries) - self.visible_rows)
            self.scroll = max(0, min(limit, self.scroll - event.y))
            return None
        for b in (*self.buttons, self.move_button):
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
    def describe_entries(self) -> None:
        """Each readable file's players and status in the language of the moment: once per listing and
        per layout (a change of language lays every scene out again), not per frame."""
        self.described = {e.path: (saved_players(e), saved_status(e)) for e in self.all_entries if e.readable}

    def layout(self, size: tuple[int, int]) -> None:
        self.describe_entries()
        super().layout(size)
        if self.confirm is not None:
            self.confirm.layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        self.panel = pygame.Rect(round(30 * s), round(24 * s), round(w - 60 * s), round(h - 48 * s))
        # two lines a row: the scale's room, or more where the smallest font is taller than the scale says
        self.line_h = theme.font(int(24 * s), bold=True).get_linesize()
        two_lines = 14 * s + self.line_h + theme.font(int(20 * s)).get_linesize() + round(6 * s)
        self.row_h = round(max(62 * s, two_lines))
        top = self.panel.y + round(96 * s)
        self.filter_rect = pygame.Rect(self.panel.x + round(20 * s), top, self.panel.width - round(40 * s),
                                       round(40 * s))
        f, gap = self.filter_rect, round(12 * s)
        cw = round(min(300 * s, (f.width - 2 * gap) * 0.33))
        self.game_choice.rect = pygame.Rect(f.x, f.y, cw, f.height)
        self.state_choice.rect = pygame.Rect(f.x + cw + gap, f.y, cw, f.height)
        rw = min(round(320 * s), f.right - self.state_choice.rect.right - gap)
        self.remove_button.rect = pygame.Rect(f.right - rw, f.y, rw, f.height)
        top = f.bottom + round(10 * s)
        self.offer_rect = pygame.Rect(self.panel.x + round(20 * s), top, self.panel.width - round(40 * s),
                                      round(52 * s))
        bw = round(min(230 * s, self.offer_rect.width / 3))
        self.move_button.rect = pygame.Rect(self.offer_rect.right - bw - round(8 * s),
                                            self.offer_rect.y + round(7 * s), bw, self.offer_rect.height - round(14 * s))
        if self.old_folder is not None:
            top = self.offer_rect.bottom + round(10 * s)
        self.list_rect = pygame.Rect(self.panel.x + round(20 * s), top, self.panel.width - round(40 * s), 0)
        bottom = self.panel.bottom - round(84 * s)
        self.list_rect.height = max(self.row_h, (bottom - self.list_rect.y) // self.row_h * self.row_h)
        n = len(self.buttons)
        bw, bh, gap = round(min(200 * s, (self.panel.width - 60 * s) / n)), round(48 * s), round(12 * s)
        x = self.panel.centerx - (n * bw + (n - 1) * gap) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, self.panel.bottom - round(68 * s), bw, bh)
            x += bw + gap
        self.scroll = max(0, min(self.scroll, len(self.entries) - self.visible_rows))

    @property
    def visible_rows(self) -> int:
        return max(1, self.list_rect.height // self.row_h)

    @staticmethod
    def title_of(saved: saves.SavedGame) -> str:
        try:
            return _(get_game(saved.data["game"]).title)
        except (KeyError, TypeError):
            return saves.file_name(saved.path)

    def header(self) -> str:
        """How many files the folder holds and where, with how many of them cannot be opened."""
        damaged = sum(not e.readable for e in self.all_entries)
        count = len(self.all_entries)
        folder = shown_path(saves.games_dir())
        if not damaged:
            return ngettext("{count} saved game in {folder}", "{count} saved games in {folder}", count).format(
                count=count, folder=folder)
        return ngettext("{count} file ({damaged} cannot be opened) in {folder}",
                        "{count} files ({damaged} cannot be opened) in {folder}", count).format(
            count=count, damaged=damaged, folder=folder)

    def position(self) -> str:
        """Which rows show, and the way to the others: "1-9 of 17: scroll down for more"."""
        n, rows = len(self.entries), self.visible_rows
        if n <= rows:
            return ""
        first, last = self.scroll + 1, min(n, self.scroll + rows)
        way = _("{first}-{last} of {count}: scroll down for more") if first == 1 else \
            _("{first}-{last} of {count}: scroll up for more") if last == n else \
            _("{first}-{last} of {count}: scroll up or down for more")
        return way.format(first=first, last=last, count=n)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s = self.s
        theme.panel(surface, self.panel)
        theme.text(surface, _("Saved games"), 40 * s, (self.panel.x + 28 * s, self.panel.y + 22 * s), theme.TEXT,
                   bold=True)
        r = self.list_rect
        more = self.position()
        more_w = theme.text(surface, more, 18 * s, (r.right, self.panel.y + 64 * s), theme.MUTED,
                            "topright").width if more else 0
        room = self.panel.width - 56 * s - (more_w + 24 * s if more else 0)
        theme.text(surface, theme.fit(self.header(), 19 * s, room), 19 * s, (self.panel.x + 28 * s, self.panel.y + 64 * s),
                   theme.MUTED)
        if self.old_folder is not None:
            self.draw_offer(surface)
        for w in self.filters:
            w.draw(surface)
        if not self.entries:
            empty = _("No saved games yet: every game you play is kept here, move by move.") if not self.all_entries \
                else _("No saved game fits this filter: choose another game or state above.")
            theme.text(surface, theme.fit(empty, 24 * s, r.width), 24 * s, r.midtop, theme.MUTED, "midtop")
        for k, saved in enumerate(self.entries[self.scroll:self.scroll + self.visible_rows]):
            index = self.scroll + k
            row = pygame.Rect(r.x, r.y + k * self.row_h, r.width, self.row_h - round(6 * s))
            chosen = index == self.selected
            pygame.draw.rect(surface, theme.BUTTON_HOVER if chosen else theme.BUTTON, row, border_radius=8)
            if chosen:
                pygame.draw.rect(surface, theme.ACCENT, row, width=2, border_radius=8)
            self.draw_row(surface, saved, row)
        if self.message:
            theme.text(surface, theme.fit(self.message, 20 * s, self.panel.width - 56 * s), 20 * s,
                       (self.panel.centerx, self.panel.bottom - 80 * s), self.message_color, "midbottom")
        for b in self.buttons:
            b.draw(surface)
        self.focus.draw(surface)
        if self.confirm is not None:
            self.confirm.draw(surface)

    def draw_offer(self, surface: pygame.Surface) -> None:
        """The line that offers to move the saves a source checkout kept before."""
        s, o = self.s, self.offer_rect
        pygame.draw.rect(surface, theme.ACCENT, o, width=1, border_radius=8)
        room = self.move_button.rect.x - o.x - 32 * s
        line = _("Games, stats and settings from before are still in {folder}").format(folder=self.old_folder)
        theme.text(surface, theme.fit(line, 20 * s, room), 20 * s, (o.x + 16 * s, o.centery), theme.TEXT, "midleft")
        self.move_button.draw(surface)

    def draw_row(self, surface: pygame.Surface, saved: saves.SavedGame, row: pygame.Rect) -> None:
        s = self.s
        x, top = row.x + 16 * s, row.y + 8 * s
        mid = max(row.y + 32 * s, top + self.line_h)
        right = row.right - 16 * s
        stamp = when(saved.updated)
        date_w = theme.text(surface, stamp, 20 * s, (right, top), theme.MUTED, "topright").width
        if not saved.readable:
            theme.text(surface, theme.fit(saves.file_name(saved.path), 24 * s, row.width - date_w - 60 * s, bold=True), 24 * s,
                       (x, top), theme.TEXT, bold=True)
            reason = _("Cannot be opened: {why}").format(why=reason_of(saved))
            theme.text(surface, theme.fit(reason, 20 * s, row.width - 32 * s), 20 * s, (x, mid), theme.ERROR)
            return
        data = saved.data
        title = self.title_of(saved)
        mode = Mode.of_kind(data.get("kind_of_game"))
        kind = mode.label if mode is not None else ""
        head = theme.text(surface, title, 24 * s, (x, top), theme.TEXT, bold=True)
        players, status = self.described[saved.path]
        players = theme.fit(f"{players}  ·  {_(kind) if kind else ''}", 20 * s,
                            row.width * 0.55 - head.width)
        theme.text(surface, players, 20 * s, (head.right + 14 * s, top + 3 * s), theme.MUTED)
        color = theme.ACCENT if saved.finished else theme.TEXT
        label = (_("Finished: {status}") if saved.finished else _("In progress: {status}")).format(status=status)
        theme.text(surface, theme.fit(label, 20 * s, row.width - 32 * s), 20 * s, (x, mid), color)
