"""The main menu: one card per game with the source's three modes, Continue, Settings."""
from __future__ import annotations

import pygame

from boardhub.core import saves
from boardhub.core.game import GameEntry, all_games, get_game
from boardhub.core.i18n import N_, _
from boardhub.core.modes import Mode
from boardhub.core.saved_games import latest_unfinished, programs_started, resume_problem, saved_players
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.ui import theme
from boardhub.ui.confirm import Confirm
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, FocusRing

MODES = tuple((mode.label, mode) for mode in Mode)


class MenuScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.games = all_games()
        self.cards: list[tuple[GameEntry, pygame.Rect, list[Button]]] = []
        for g in self.games:
            buttons = [Button(label, lambda g=g, m=mode: self.open_setup(g, m)) for label, mode in MODES]
            buttons.append(Button(N_("Rules"), lambda g=g: self.open_rules(g)))
            buttons += [Button(label, lambda g=g, p=page: self.open_page(g, p)) for label, page in g.pages]
            self.cards.append((g, pygame.Rect(0, 0, 0, 0), buttons))
        self.continue_button = Button(N_("Continue"), self.continue_game, primary=True)
        self.saves_button = Button(N_("Saved games"), self.open_saves)
        self.stats_button = Button(N_("Stats"), self.open_stats)
        self.online_button = Button(N_("Play online"), self.open_online)
        self.settings_button = Button(N_("Settings"), self.open_settings)
        self.quit_button = Button(N_("Quit"), self.quit)
        self.bottom_row = [self.continue_button, self.online_button, self.saves_button, self.stats_button,
                           self.settings_button, self.quit_button]
        self.resumable: saves.SavedGame | None = None
        self.error = ""
        self.confirm: Confirm | None = None  # the question asked before a saved game starts another program
        saves.clean_stray_temps()  # what kills left behind; only old temp files of boardhub's own
        self.focus = FocusRing(self.reading_order, default=self.continue_button)

    def resume(self) -> None:
        """Offer Continue only when an unfinished game is saved and can be resumed."""
        self.app.stop_hosting()  # back on the menu, this window plays at no table it hosted
        try:
            self.resumable = latest_unfinished(self.app.settings.engines())
        except OSError as exc:
            self.resumable = None
            self.error = _("The saves folder cannot be read: {why}").format(why=saves.plain(exc))
        if self.app.settings.problem:  # said once, on the first menu
            self.error, self.app.settings.problem = self.app.settings.problem, ""
        self.continue_button.visible = self.resumable is not None
        self.layout(self.size)  # the bottom row centres the buttons that show

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        if self.confirm is not None:
            self.confirm.layout(size)
        s = theme.scale(size)
        w, h = size
        self.s = s
        bw, bh = 200 * s, 48 * s
        top_y = 132 * s
        row = [b for b in self.bottom_row if b.visible]
        bw = min(bw, (w - 40 * s) / len(row) - 16 * s)
        x = w / 2 - (len(row) * bw + (len(row) - 1) * 16 * s) / 2
        for b in row:
            b.rect = pygame.Rect(round(x), round(h - 90 * s), round(bw), round(bh))
            x += bw + 16 * s
        n = len(self.cards)
        cols = max(1, min(n, int((w - 80 * s) // (380 * s))))
        if n > cols > 2 and n % cols == 1:
            cols -= 1  # 2 x 2 rather than 3 and a lone card
        card_w = min(460 * s, (w - 80 * s) / cols - 24 * s)
        rows_of_buttons = max((len(b) + 1) // 2 for _game, _rect, b in self.cards)  # buttons sit two a row
        # the blurb's two lines stand a real line apart however small the font gets
        self.blurb_step = max(20 * s, theme.line_height(21 * s))
        head = max(112 * s, 62 * s + 2 * self.blurb_step + 4 * s)
        card_h = head + (12 + 44 * rows_of_buttons) * s
        rows_of_cards = (n + cols - 1) // cols
        block = rows_of_cards * card_h + (rows_of_cards - 1) * 20 * s
        top_y = max(top_y, (top_y + h - 128 * s - block) / 2)  # centred between the title and the note
        total = cols * card_w + (cols - 1) * 24 * s
        half = (card_w - 48 * s - 10 * s) / 2
        self.blurbs = {}
        for k, (g, rect, buttons) in enumerate(self.cards):
            cx = w / 2 - total / 2 + (k % cols) * (card_w + 24 * s)
            cy = top_y + (k // cols) * (card_h + 20 * s)
            rect.update(round(cx), round(cy), round(card_w), round(card_h))
            self.blurbs[g.key] = theme.wrap(_(g.blurb), 21 * s, round(card_w - 48 * s))[:2]
            by = cy + head
            for i, b in enumerate(buttons):
                row, col = divmod(i, 2)
                b.rect = pygame.Rect(round(cx + 24 * s + col * (half + 10 * s)), round(by + row * 44 * s),
                                     round(half), round(38 * s))

    def open_setup(self, game: GameEntry, mode: Mode) -> None:
        """The setup last started for this game and mode, else the default; one no longer valid is passed over."""
        setup = GameSetup.default(game.key, mode)
        stored = self.app.settings.last_setup(game.key, mode)
        if stored is not None:
            try:
                setup = GameSetup.from_fields(stored)
            except ValueError:
                pass  # an AI or an option this version no longer has: the default, without a word
        if (setup.game, setup.mode) != (game.key, mode):
            setup = GameSetup.default(game.key, mode)
        self.app.open("setup", setup)

    def open_rules(self, game: GameEntry) -> None:
        self.app.open("rules", game)

    def open_page(self, game: GameEntry, page) -> None:
        self.app.push(page(self.app, game))

    def open_saves(self) -> None:
        self.app.open("saves")

    def open_online(self) -> None:
        self.app.open("net_join")

    def open_stats(self) -> None:
        self.app.open("stats")

    def open_settings(self) -> None:
        self.app.open("settings")

    def continue_game(self, asked: bool = False) -> None:
        """Resume the newest unfinished game; one whose seat starts another program asks the player first."""
        if self.resumable is None:
            return
        programs = programs_started(self.resumable)
        if programs and not asked and not resume_problem(self.resumable, self.app.settings.engines()):
            self.confirm = Confirm(
                N_("Start another program?"),
                _("Continuing this game starts {programs} on this computer. It is set up here as an engine; "
                  "start it only if you trust it.").format(programs=", ".join(programs)),
                N_("Start it"), lambda: self.continue_game(asked=True), self.drop_confirm)
            self.confirm.layout(self.size)
            return
        self.confirm = None
        try:
            session = GameSession.resume(self.resumable, self.app.start_worker, self.app.settings.engines())
        except ValueError as exc:
            self.resumable = None
            self.continue_button.visible = False
            self.error = _("The saved game cannot be resumed: {why}").format(why=exc)
            return
        self.app.open("game", session)

    def drop_confirm(self) -> None:
        self.confirm = None

    def quit(self) -> None:
        self.app.running = False

    def widgets(self):
        if self.confirm is not None:  # the question takes every event: only its buttons answer
            yield from (self.confirm.yes, self.confirm.no)
            return
        yield from self.bottom_row
        for _game, _rect, buttons in self.cards:
            yield from buttons

    def reading_order(self):
        """The cards' buttons, then the bottom row: the order Tab goes round them."""
        for _game, _rect, buttons in self.cards:
            yield from buttons
        yield from self.bottom_row

    def process_event(self, event):
        if self.confirm is not None and self.confirm.handle(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return None  # Esc goes back everywhere else; here it would quit at once, so Quit is a button
        if self.focus.handle(event):
            return None
        for b in self.widgets():
            if b.handle(event):
                return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s, (w, h) = self.s, self.size
        theme.text(surface, "boardhub", 72 * s, (w / 2, 62 * s), theme.ACCENT, "center", bold=True)
        theme.text(surface, _("Classic board games against AIs you choose"), 26 * s, (w / 2, 108 * s),
                   theme.MUTED, "center")
        for g, rect, buttons in self.cards:
            theme.panel(surface, rect)
            theme.text(surface, _(g.title), 36 * s, (rect.x + 24 * s, rect.y + 22 * s), theme.TEXT, bold=True)
            for i, line in enumerate(self.blurbs[g.key]):
                theme.text(surface, line, 21 * s, (rect.x + 24 * s, rect.y + 62 * s + i * self.blurb_step),
                           theme.MUTED)
            for b in buttons:
                b.draw(surface)
        for b in self.bottom_row:
            b.draw(surface)
        self.focus.draw(surface)
        if self.resumable is not None:
            data = self.resumable.data
            note = _("Continue: {game}, {players}, move {number}").format(
                game=_(get_game(data["game"]).title), players=saved_players(self.resumable),
                number=len(data.get("moves", [])) + 1)
            theme.text(surface, note, 20 * s, (w / 2, h - 110 * s), theme.MUTED, "center")
        if self.error:
            theme.text(surface, theme.fit(self.error, 20 * s, w - 40 * s), 20 * s, (w / 2, h - 130 * s), theme.ERROR,
                       "center")
        if self.confirm is not None:
            self.confirm.draw(surface)
