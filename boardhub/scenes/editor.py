"""The position editor: set up a position by hand, then play it or analyse it.

Opened from the setup of a game that has one (Othello, Gomoku, Dots and Boxes).
The board is the game's own board view; the game's `PositionFormat`
(core/position.py) makes every edit, so the screen only routes clicks and keys:

- a click changes the place under it (empty, black, white...; a line drawn or
  not, a completed box's owner), a right click empties it;
- the arrows move a cursor, Space or Enter change the place under it, X (or B,
  1) and O (or W, 2) put the first or the second player's piece, Delete or
  Backspace empties it;
- T switches the side to move, C clears the board, S sets the usual start;
- Import reads the field (a pasted position or a file's path) through the
  guarded readers, and a position that cannot be read changes nothing; Export
  writes the position into the saves folder and copies it;
- Play from here starts the setup's game from the position, Analyse a game of
  people on both sides with the expert's hints (Esc goes back to the setup).

A position no game can have (a count of stones no game reaches, a box with no
owner) is shown with what is wrong, and Play and Analyse say so instead.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

import pygame

from boardhub.core.i18n import N_, _
from boardhub.core.modes import Mode
from boardhub.core.position import MAX_POSITION_CHARS, export_position, load_position
from boardhub.core.rules import IllegalMove
from boardhub.core.saves import plain
from boardhub.core.setup import GameSetup
from boardhub.ui import theme
from boardhub.ui.board import ARROWS, DrawContext
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, Choice, FocusRing, TextField, set_clipboard_text, show_input_method_at

PUT_KEYS = {pygame.K_x: 0, pygame.K_b: 0, pygame.K_1: 0, pygame.K_o: 1, pygame.K_w: 1, pygame.K_2: 1,
            pygame.K_DELETE: None, pygame.K_BACKSPACE: None}
CURSOR = (255, 150, 40)


class SideButton(Button):
    """The button that switches the side to move, worded by the position it stands for."""

    def __init__(self, editor: "EditorScene") -> None:
        super().__init__("", editor.switch_side)
        self.editor = editor

    def draw(self, surface: pygame.Surface) -> None:
        self.label = self.editor.side_label()  # the words of the moment (Button translates a catalog label)
        super().draw(surface)


def seat_word(entry: Any, seat: int) -> str:
    """A side as the editor names it: its colour where the board gives one, else "Player 1"."""
    if seat < len(entry.seat_names):
        return _(entry.seat_names[seat])
    return _("Player {number}").format(number=seat + 1)


class EditorScene(Scene):
    def __init__(self, app: Host, setup: GameSetup, start: Callable[[GameSetup], None]) -> None:
        """`setup`: the setup screen's game as it stands; `start(setup)` starts a game of a setup there."""
        super().__init__(app)
        self.entry = setup.entry
        self.formats = self.entry.position
        assert self.formats is not None, "only a game with a position editor opens it"
        self.setup, self.start_game = setup, start
        self.options = dict(setup.options)
        self.state = self.formats.start(self.options)
        self.message, self.message_color = "", theme.MUTED
        if setup.position is not None:
            try:
                self.state, self.options = load_position(self.formats, setup.position, self.options)
            except IllegalMove as exc:
                self.say(str(exc), theme.ERROR)
        self.board = self.entry.board(self.entry)
        self.cursor: Any = None  # the place the keys point at
        self.cursor_shown = False
        size_options = [o for o in self.entry.options if o.key in self.formats.fixed_options(self.state)
                        and not isinstance(o.default, bool)]
        # the sizes the setup's other options allow (Gomoku's 20 x 20 under freestyle only)
        self.size_choices = [(o, Choice(o.offered(self.options), [o.label_of(c) for c in o.offered(self.options)],
                                        self.options.get(o.key, o.default), lambda _value: self.resize()))
                             for o in size_options]
        self.side_button = SideButton(self)
        self.clear_button = Button(N_("Clear"), self.clear)
        self.start_button = Button(N_("Start position"), self.usual_start)
        self.field = TextField(placeholder=_("Paste a position (Ctrl+V) or a file's path"),
                               on_enter=self.import_position, max_chars=MAX_POSITION_CHARS)
        self.import_button = Button(N_("Import"), self.import_position)
        self.export_button = Button(N_("Export"), self.export)
        self.analyse_button = Button(N_("Analyse"), self.analyse)
        self.play_button = Button(N_("Play from here"), self.play, primary=True)
        self.back_button = Button(N_("Back"), self.app.pop)
        self.focus = FocusRing(self.widgets, arrows=False)  # the arrows move the board's cursor
        self.layout(app.size)

    # ---------------------------------------------------------------- what the screen shows
    def side_label(self) -> str:
        """The side button's words: who moves in the position."""
        return _("Side to move: {side}").format(side=seat_word(self.entry, self.entry.rules.to_move(self.state)))

    def widgets(self) -> list:
        return [*(c for _o, c in self.size_choices), self.side_button, self.clear_button, self.start_button,
                self.field, self.import_button, self.export_button, self.analyse_button, self.play_button,
                self.back_button]

    def say(self, message: str, color=theme.MUTED) -> None:
        self.message, self.message_color = message, color

    def problem(self) -> str | None:
        return self.formats.problem(self.state)

    def status(self) -> tuple[str, tuple[int, int, int]]:
        """The line under the board: what went wrong last, else what is wrong with the position, else
        what was done last, else who moves."""
        if self.message and self.message_color == theme.ERROR:
            return self.message, theme.ERROR
        why = self.problem()
        if why is not None:
            return why, theme.ERROR
        if self.message:
            return self.message, self.message_color
        return _("{side} to move").format(side=seat_word(self.entry, self.entry.rules.to_move(self.state))), \
            theme.MUTED

    # ---------------------------------------------------------------- edits
    def places(self) -> list:
        return self.formats.places(self.state)

    def edit(self, change: Callable[[], Any], said: str = "") -> None:
        """Make an edit; one the game refuses (a box with no lines) leaves the position as it was."""
        try:
            self.state = change()
        except IllegalMove as exc:
            self.say(str(exc), theme.ERROR)
            return
        self.say(said)

    def cycle(self, place: Any) -> None:
        self.edit(lambda: self.formats.cycle(self.state, place))

    def put(self, place: Any, piece: int | None) -> None:
        self.edit(lambda: self.formats.put(self.state, place, piece))

    def switch_side(self) -> None:
        seat = 1 - self.entry.rules.to_move(self.state)
        self.edit(lambda: self.formats.side(self.state, seat))

    def clear(self) -> None:
        self.edit(lambda: self.formats.blank(self.options), _("The board is cleared"))

    def usual_start(self) -> None:
        self.edit(lambda: self.formats.start(self.options), _("The usual start is set"))

    def resize(self) -> None:
        """Another board size: a new empty board of it."""
        self.options.update({o.key: c.value for o, c in self.size_choices})
        self.edit(lambda: self.formats.blank(self.options), _("A new board of this size"))
        self.cursor = None
        self.layout(self.size)

    def import_position(self) -> None:
        """Read the field's position; one that cannot be read is refused in words and nothing changes."""
        try:
            state, options = load_position(self.formats, self.field.text, self.options)
        except IllegalMove as exc:
            self.say(str(exc), theme.ERROR)
            return
        self.state, self.options = state, options
        for o, c in self.size_choices:
            c.set(options.get(o.key, o.default))
        self.cursor = None
        self.layout(self.size)
        self.say(_("Position imported"), theme.SUCCESS)

    def export(self) -> None:
        """The position into the saves folder as a file, and onto the clipboard."""
        text = self.formats.write(self.state)
        try:
            path = export_position(self.entry.key, self.formats, self.state)
        except OSError as exc:
            self.say(_("Could not save the position: {why}").format(why=plain(exc)), theme.ERROR)
            return
        if "\n" not in text:  # a one-line position shows in the field, to be copied from there too
            self.field.text = text
        said = _("Saved the position as {name} and copied it") if set_clipboard_text(text) \
            else _("Saved the position as {name}")
        self.say(said.format(name=path.name), theme.SUCCESS)

    # ---------------------------------------------------------------- leaving with a game
    def game_setup(self, setup: GameSetup) -> GameSetup | None:
        """`setup` starting from this position, or None (the reason said) where no game can."""
        why = self.problem()
        if why is not None:
            self.say(why, theme.ERROR)
            return None
        options = {**self.options, **self.formats.fixed_options(self.state)}
        text = self.formats.write(self.state)
        usual = self.formats.start(options)
        # the usual start is no edited position: the game is then one like any other (its records and learning)
        position = None if self.formats.write(usual) == text else text
        return replace(setup, options=options, position=position)

    def play(self) -> None:
        """The setup's game, with its seats, from this position."""
        setup = self.game_setup(self.setup)
        if setup is not None:
            self.app.pop()
            self.start_game(setup)

    def analyse(self) -> None:
        """People on both sides, with the expert's hints: a position to study, moved from either side."""
        n = self.entry.rules.num_players(self.options)
        setup = self.game_setup(replace(self.setup, seats=(None,) * n, mode=Mode.PVP, names=(), referee=False))
        if setup is not None:
            self.app.pop()
            self.start_game(setup)

    # ---------------------------------------------------------------- input
    def place_at(self, pos: tuple[int, int]) -> Any | None:
        """The place a click at `pos` means: the nearest within a place's reach."""
        reach = self.board.place_radius() * 1.45  # a square's corner is this far from its centre
        best, best_d = None, reach
        for place in self.places():
            xy = self.board.place_xy(place)
            if xy is None:
                continue
            d = ((xy[0] - pos[0]) ** 2 + (xy[1] - pos[1]) ** 2) ** 0.5
            if d < best_d:
                best, best_d = place, d
        return best

    def step(self, direction: tuple[int, int]) -> None:
        """The cursor to the nearest place that way (within 45 degrees), as a board's arrows go."""
        places = self.places()
        if self.cursor not in places:
            self.cursor = places[len(places) // 2]
            return
        here = self.board.place_xy(self.cursor)
        dx, dy = direction
        best, best_key = None, None
        for place in places:
            xy = self.board.place_xy(place)
            ahead = (xy[0] - here[0]) * dx + (xy[1] - here[1]) * dy
            side = abs((xy[0] - here[0]) * dy + (xy[1] - here[1]) * dx)
            if ahead < 0.5 or side > ahead + 0.5:
                continue
            key = (round(ahead + 2 * side, 3), round(side, 3))
            if best_key is None or key < best_key:
                best, best_key = place, key
        if best is not None:
            self.cursor = best

    def key(self, event: pygame.event.Event) -> bool:
        """The editor's own keys; False for a key it has no use for."""
        k = event.key
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        if k in ARROWS:
            self.focus.shown = False  # the arrows are the board's: Space and Enter then change its place
            if self.cursor_shown:
                self.step(ARROWS[k])
            self.cursor_shown = True
            if self.cursor not in self.places():
                self.step(ARROWS[k])
            return True
        at_cursor = self.cursor_shown and self.cursor in self.places()
        if k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and at_cursor:
            self.cycle(self.cursor)
            return True
        if k in PUT_KEYS and at_cursor:
            self.put(self.cursor, PUT_KEYS[k])
            return True
        actions = {pygame.K_t: self.switch_side, pygame.K_c: self.clear, pygame.K_s: self.usual_start,
                   pygame.K_e: self.export, pygame.K_p: self.play, pygame.K_a: self.analyse}
        if k in actions:
            actions[k]()
            return True
        if k == pygame.K_i:
            self.focus.focus(self.field)
            return True
        return False

    def process_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.field.focused:
                self.field.focused = False
            else:
                self.app.pop()
            return None
        if self.focus.handle(event):
            return None
        if self.field.handle(event):
            return None
        if event.type == pygame.MOUSEMOTION:
            self.cursor_shown = False
            return None
        if event.type == pygame.KEYDOWN:
            self.key(event)
            return None
        for w in self.widgets():
            if w is not self.field and w.handle(event):
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            place = self.place_at(event.pos)
            if place is not None:
                self.cursor = place
                if event.button == 1:
                    self.cycle(place)
                else:
                    self.put(place, None)
        return None

    def redraw_in(self) -> float | None:
        return self.field.redraw_in()

    # ---------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        margin, gap = round(20 * s), round(10 * s)
        top, bottom = round(70 * s), round(64 * s)  # the title; the status and keys lines
        side_w = round(min(max(300 * s, w * 0.34), 480 * s))
        room = min(w - side_w - 3 * margin, h - top - bottom)
        # the board and the panel side by side, the pair in the middle of a wide window
        left = max(margin, (w - room - margin - side_w) // 2)
        self.board_rect = pygame.Rect(left, top, room, room)
        self.board_rect.centery = (top + h - bottom) // 2
        # room round the board for its coordinates, which a small board draws larger than its frame
        self.board.layout(self.board_rect.inflate(-round(24 * s), -round(24 * s)), self.state)
        x = self.board_rect.right + margin
        panel_w = min(side_w, w - x - margin)
        self.panel = pygame.Rect(x, top, panel_w, h - top - margin)
        rows = len(self.size_choices) + 7
        row_h = round(min(46 * s, (self.panel.height - 2 * gap - (rows - 1) * gap - 20 * s) / rows))
        half = (panel_w - 2 * gap - gap) // 2
        y = self.panel.y + gap
        inner_x, inner_w = x + gap, panel_w - 2 * gap
        self.size_rows: list[tuple[str, pygame.Rect]] = []
        label_font = theme.font(int(22 * s))
        widest = max((label_font.size(_(o.label))[0] for o, _c in self.size_choices), default=0)
        label_w = round(min(inner_w * 0.45, widest + 2 * gap))  # the choice takes the rest: its values are long
        for o, c in self.size_choices:
            c.rect = pygame.Rect(inner_x + label_w, y, inner_w - label_w, row_h)
            self.size_rows.append((o.label, pygame.Rect(inner_x, y, label_w - gap, row_h)))
            y += row_h + gap
        self.side_button.rect = pygame.Rect(inner_x, y, inner_w, row_h)
        y += row_h + gap
        self.clear_button.rect = pygame.Rect(inner_x, y, half, row_h)
        self.start_button.rect = pygame.Rect(inner_x + half + gap, y, inner_w - half - gap, row_h)
        y += row_h + gap + round(10 * s)
        self.field.rect = pygame.Rect(inner_x, y, inner_w, row_h)
        y += row_h + gap
        self.import_button.rect = pygame.Rect(inner_x, y, half, row_h)
        self.export_button.rect = pygame.Rect(inner_x + half + gap, y, inner_w - half - gap, row_h)
        bottom_y = self.panel.bottom - gap - row_h
        self.back_button.rect = pygame.Rect(inner_x, bottom_y, inner_w, row_h)
        self.play_button.rect = pygame.Rect(inner_x, bottom_y - gap - row_h, inner_w, row_h)
        self.analyse_button.rect = pygame.Rect(inner_x, bottom_y - 2 * (gap + row_h), inner_w, row_h)
        # the keys, in the room between the import's buttons and Analyse
        help_top = self.import_button.rect.bottom + gap
        self.help_box = pygame.Rect(inner_x, help_top, inner_w, self.analyse_button.rect.y - gap - help_top)
        if self.field.focused:
            show_input_method_at(self.field.rect)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s, w, h = self.s, *self.size
        title = _("Edit position: {game}").format(game=_(self.entry.title))
        theme.text(surface, theme.fit(title, 34 * s, w - 40 * s, bold=True), 34 * s, (20 * s, 36 * s), theme.TEXT,
                   "midleft", bold=True)
        labels = tuple(seat_word(self.entry, i) for i in range(self.entry.rules.num_players(self.options)))
        # hints: Dots and Boxes draws its lines not drawn yet faintly, which the editor's clicks find
        ctx = DrawContext(now=0.0, hover=None, hints=True, last_move=False, animation=0.0, labels=labels)
        self.board.draw(surface, self.state, [], ctx)
        if self.cursor_shown and self.cursor is not None:
            xy = self.board.place_xy(self.cursor)
            r = self.board.place_radius()
            if xy is not None and r:
                box = pygame.Rect(0, 0, round(2 * r * 0.92), round(2 * r * 0.92))
                box.center = (round(xy[0]), round(xy[1]))
                pygame.draw.rect(surface, CURSOR, box, width=max(2, round(r * 0.14)), border_radius=round(r * 0.3))
        theme.panel(surface, self.panel)
        for label, rect in self.size_rows:
            theme.text(surface, theme.fit(_(label), 22 * s, rect.width), 22 * s, rect.midleft, theme.MUTED, "midleft")
        for wdg in self.widgets():
            wdg.draw(surface)
        self.focus.draw(surface)
        line, color = self.status()
        box = pygame.Rect(self.board_rect.x, self.board_rect.bottom + 6 * s, self.board_rect.width,
                          h - self.board_rect.bottom - 10 * s)
        lines, px = theme.wrap_to_fit(line, 20 * s, box)
        for i, text in enumerate(lines):
            theme.text(surface, text, px, (box.x, box.y + theme.line_height(px) * (i + 0.5)), color, "midleft")
        if self.help_box.height > 0:
            theme.paragraph(surface, self.help_text(), 17 * s, self.help_box, theme.MUTED)

    def help_text(self) -> str:
        """The editor's keys and what Import reads, in words."""
        return _("Click a place to change it, right click to empty it. Arrows move the cursor; Space changes "
                 "its place; X or O puts a piece, Delete takes it away. T: side to move, C: clear, S: start "
                 "position, P: play, A: analyse, I: import, E: export. Import reads {example}.").format(
            example=_(self.formats.example))
