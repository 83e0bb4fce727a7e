"""The Learned boards page: any learning or snapshot as heat maps or 3-D surfaces, two side by side with how
alike they are, which one the app plays by, and the source's own file in and out.

The three choices at the top pick the learning, the one to compare it with
(nothing, or any learning or snapshot) and how the boards are drawn. The bar
at the bottom makes the learning the app's (a `learn` run never does by
itself), imports and exports the source's "random vs random.txt", and saves
the picture shown as a PNG. Files land in the saves folder.
"""
from __future__ import annotations

import time

import pygame

from boardhub.core import saves
from boardhub.core.i18n import N_, _, ngettext, number
from boardhub.games.othello import learnings
from boardhub.games.othello.learning import Learning
from boardhub.games.othello.ui import learning_pictures as pictures
from boardhub.ui import theme
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, Choice, TextField

NOTHING = ""  # the compare choice's "no second learning"


def ref_label(ref: str) -> str:
    """A learning's choice as the page shows it: "shipped (100,000 random games)", "kim", "kim after 400 games"."""
    if ref == NOTHING:
        return _("Nothing")
    if ref == learnings.SHIPPED_NAME:
        return _("Shipped: 100,000 random games")
    if ref == learnings.OLDER_NAME:
        return _("From an older boardhub")
    name, _sep, games = ref.partition("#")
    if games:
        return ngettext("{name} after {count} game", "{name} after {count} games", int(games)).format(
            name=name, count=number(int(games)))
    return name


class LearningScene(Scene):
    def __init__(self, app: Host, game) -> None:
        super().__init__(app)
        self.game = game
        self.message = ""
        self.picture: pygame.Surface | None = None
        self.shown: Learning | None = None
        self.other: Learning | None = None
        self.error = ""
        self.learning_choice = Choice([learnings.SHIPPED_NAME], ref_label, learnings.SHIPPED_NAME,
                                      lambda _v: self.refresh())
        self.compare_choice = Choice([NOTHING], ref_label, NOTHING, lambda _v: self.refresh())
        self.style_choice = Choice(pictures.STYLES, lambda v: _(pictures.STYLE_LABELS[v]), pictures.HEAT,
                                   lambda _v: self.refresh())
        self.use_button = Button(N_("Use in the app"), self.use)
        self.import_button = Button(N_("Import .txt"), self.start_import)
        self.export_txt_button = Button(N_("Export .txt"), self.export_txt)
        self.export_button = Button(N_("Export PNG"), self.export, primary=True)
        self.back_button = Button(N_("Back"), self.app.pop)
        # the import row, in place of the choices while it is open: the file's path and the name to keep it by
        self.importing = False
        self.path_field = TextField(placeholder=N_("the file's path, such as random vs random.txt"),
                                    on_enter=self.do_import, max_chars=1000)
        self.name_field = TextField(placeholder=N_("a name"), on_enter=self.do_import, max_chars=40)
        self.do_import_button = Button(N_("Import"), self.do_import, primary=True)
        self.cancel_button = Button(N_("Cancel"), self.stop_import)
        # at first the learning the app plays by
        self.read_choices(learnings.default_name() or learnings.app_learning().source)

    # ------------------------------------------------------------------ what is shown
    def read_choices(self, selected: str | None = None) -> None:
        """The learnings and snapshots as they are on disk now, keeping the choices made where they still exist."""
        refs = learnings.refs()
        keep = selected if selected in refs else self.learning_choice.value
        self.learning_choice.values = refs
        self.learning_choice.set(keep if keep in refs else learnings.SHIPPED_NAME)
        other = self.compare_choice.value
        self.compare_choice.values = [NOTHING, *refs]
        self.compare_choice.set(other if other in self.compare_choice.values else NOTHING)

    def refresh(self) -> None:
        self.message = ""
        self.load()
        if self.size != (0, 0):
            self.layout(self.size)

    def load(self) -> None:
        self.error = ""
        try:
            self.shown = learnings.resolve(self.learning_choice.value)
            other = self.compare_choice.value
            self.other = learnings.resolve(other) if other != NOTHING else None
        except ValueError as exc:  # a damaged file: its name and why
            self.shown, self.other = None, None
            self.error = _("No learning can be read: {why}").format(why=exc)

    # ------------------------------------------------------------------ actions
    def use(self) -> None:
        name = self.learning_choice.value.partition("#")[0]
        try:
            learnings.set_default(name)
        except (ValueError, OSError) as exc:
            self.message = _("Could not choose it: {why}").format(why=exc if isinstance(exc, ValueError)
                                                                    else saves.plain(exc))
            return
        self.message = _("The app's learned AI plays by: {name}").format(name=ref_label(name))
        self.layout(self.size)

    def export(self) -> None:
        path = saves.saves_dir() / f"othello-learning-{time.strftime('%Y%m%d-%H%M%S')}.png"
        try:
            pictures.export_png(path, self.shown, self.other, self.style_choice.value)
            self.message = _("Saved {path}").format(path=path)
        except OSError as exc:
            self.message = _("Could not save the picture: {why}").format(why=saves.plain(exc))
        except pygame.error:  # the library's words are for programmers
            self.message = _("Could not save the picture")

    def export_txt(self) -> None:
        name = self.learning_choice.value.replace("#", "-")
        path = saves.saves_dir() / f"{name}.txt"
        try:
            saves.saves_dir().mkdir(parents=True, exist_ok=True)
            learnings.write_txt(path, self.shown)
            self.message = _("Saved {path}").format(path=path)
        except OSError as exc:
            self.message = _("Could not save the file: {why}").format(why=saves.plain(exc))

    def start_import(self) -> None:
        self.importing = True
        self.path_field.focused, self.name_field.focused = True, False
        self.message = _("The source's file: 8 rows of the put board, 8 of the eat board, then wins, losses "
                         "and draws.")
        self.layout(self.size)

    def stop_import(self) -> None:
        self.importing = False
        self.path_field.focused = self.name_field.focused = False
        self.message = ""
        self.layout(self.size)

    def do_import(self) -> None:
        path, name = self.path_field.text.strip().strip('"'), self.name_field.text.strip()
        try:
            learnings.check_name(name)
            if learnings.exists(name):
                raise ValueError(_("there is a learning called '{name}' already; choose another name").format(
                    name=name))
            imported = learnings.read_txt(path, name)
            learnings.save(name, imported)
        except ValueError as exc:  # the file's name and what is wrong in it, or the name's trouble
            self.message = str(exc)
            return
        except OSError as exc:
            self.message = _("Could not save the file: {why}").format(why=saves.plain(exc))
            return
        self.importing = False
        self.path_field.focused = self.name_field.focused = False
        self.read_choices(name)
        self.refresh()
        self.message = ngettext("Imported {count} game as {name}", "Imported {count} games as {name}",
                                imported.games).format(count=number(imported.games), name=name)

    # ------------------------------------------------------------------ layout, input, drawing
    def controls(self) -> list:
        if self.importing:
            return [self.path_field, self.name_field, self.do_import_button, self.cancel_button]
        return [self.learning_choice, self.compare_choice, self.style_choice]

    def buttons(self) -> list[Button]:
        return [self.back_button, self.use_button, self.import_button, self.export_txt_button, self.export_button]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        margin, gap = round(20 * s), round(12 * s)
        self.bar_y = h - round(70 * s)
        bh = round(46 * s)
        buttons = self.buttons()
        bw = (w - 2 * margin - gap * (len(buttons) - 1)) // len(buttons)
        for i, b in enumerate(buttons):
            b.rect = pygame.Rect(margin + i * (bw + gap), self.bar_y + round(12 * s), bw, bh)
        self.caption_px = max(theme.MIN_TEXT_PX, round(16 * s))
        self.top_y = round(8 * s) + self.caption_px + round(4 * s)
        ch = round(40 * s)
        cw = (w - 2 * margin - 2 * gap) // 3
        for i, c in enumerate((self.learning_choice, self.compare_choice, self.style_choice)):
            c.rect = pygame.Rect(margin + i * (cw + gap), self.top_y, cw, ch)
        fields_w = w - 2 * margin - 3 * gap - 2 * round(150 * s)
        self.path_field.rect = pygame.Rect(margin, self.top_y, round(fields_w * 0.68), ch)
        self.name_field.rect = pygame.Rect(self.path_field.rect.right + gap, self.top_y, fields_w - round(
            fields_w * 0.68), ch)
        self.do_import_button.rect = pygame.Rect(self.name_field.rect.right + gap, self.top_y, round(150 * s), ch)
        self.cancel_button.rect = pygame.Rect(self.do_import_button.rect.right + gap, self.top_y, round(150 * s), ch)
        self.message_y = self.bar_y - round(4 * s)
        self.message_px = max(theme.MIN_TEXT_PX, round(18 * s))
        self.picture_rect = pygame.Rect(0, self.top_y + ch + round(6 * s), w,
                                        self.message_y - self.message_px - round(6 * s) - (self.top_y + ch))
        if self.shown is None and not self.error:
            self.load()
        self.picture = None
        if self.shown is not None:  # rendered once per size and choice: drawing only blits it
            self.picture = pictures.render(self.shown, self.picture_rect.size, self.other, self.style_choice.value)
        for b in (self.export_button, self.export_txt_button, self.use_button):
            b.enabled = self.picture is not None
        chosen = learnings.default_name()
        self.use_button.enabled = self.picture is not None and chosen != self.learning_choice.value.partition("#")[0]

    def process_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.importing:
                self.stop_import()
            else:
                self.app.pop()
            return None
        if self.importing and event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.path_field.focused, self.name_field.focused = self.name_field.focused, self.path_field.focused
            return None
        if self.importing and event.type == pygame.MOUSEBUTTONDOWN:
            for f in (self.path_field, self.name_field):
                f.focused = f.rect.collidepoint(event.pos)
        for widget in (*self.controls(), *self.buttons()):
            if widget.handle(event):
                return None
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s = self.s
        if self.importing:
            captions = ((self.path_field, _("Import the source's file")), (self.name_field, _("Keep it as")))
        else:
            captions = ((self.learning_choice, _("Learning")), (self.compare_choice, _("Compare with")),
                        (self.style_choice, _("Show")))
        for widget, caption in captions:
            theme.text(surface, theme.fit(caption, self.caption_px, widget.rect.width), self.caption_px,
                       (widget.rect.x + 4 * s, widget.rect.y - 2 * s), theme.MUTED, "bottomleft")
        for widget in self.controls():
            widget.draw(surface)
        if self.picture is not None:
            surface.blit(self.picture, self.picture_rect.topleft)
        elif self.error:
            for i, line in enumerate(theme.wrap(self.error, 22 * s, self.size[0] - 60 * s)):
                theme.text(surface, line, 22 * s, (self.size[0] / 2, self.size[1] / 2 + i * 30 * s), theme.ERROR,
                           "center")
        note = self.message or self.status()
        theme.text(surface, theme.fit(note, self.message_px, self.size[0] - 40 * s), self.message_px,
                   (self.size[0] / 2, self.message_y), theme.MUTED, "midbottom")
        for b in self.buttons():
            b.draw(surface)

    def status(self) -> str:
        """Which learning the app's learned AI plays by, said under the picture."""
        chosen = learnings.default_name()
        if chosen is None:
            chosen = learnings.OLDER_NAME if learnings.exists(learnings.OLDER_NAME) else learnings.SHIPPED_NAME
        return _("The app's learned AI plays by: {name}").format(name=ref_label(chosen))
