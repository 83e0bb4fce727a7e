"""Buttons, choice boxes, toggles and sliders: each has a rect set by its scene's layout,
draws itself without side effects and says whether it consumed an event.

A widget's words (a label, a choice's values, a placeholder) are kept as the
source writes them, marked with `N_`, and translated as they are drawn: a
change of language shows on every widget at once, and code and tests know a
button by the same label in every language.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

import pygame

from boardhub.core.files import clean_text
from boardhub.core.i18n import N_, _
from boardhub.ui import theme

MAX_FIELD_CHARS = 1_000  # a field's text unless it says otherwise: a command line, a path
CLEAN_MARGIN = 64  # characters looked at past a field's room: a paste whose end cleaning drops is not cut
BLINK_MS = 10_000  # the caret blinks this long after the last key, then shows steadily


class Widget:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True

    def hovered(self) -> bool:
        return self.visible and self.enabled and self.rect.collidepoint(pygame.mouse.get_pos())

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def _clicked(self, event: pygame.event.Event) -> bool:
        return (self.visible and self.enabled and event.type == pygame.MOUSEBUTTONDOWN
                and event.button == 1 and self.rect.collidepoint(event.pos))


class Button(Widget):
    def __init__(self, label: str, on_click: Callable[[], Any], primary: bool = False) -> None:
        super().__init__()
        self.label, self.on_click, self.primary = label, on_click, primary

    def handle(self, event: pygame.event.Event) -> bool:
        if self._clicked(event):
            self.on_click()
            return True
        return False

    def activate(self) -> None:
        """Enter or Space on the focused button: what a click does."""
        self.on_click()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if not self.enabled:
            color = theme.PANEL
        elif self.primary:
            color = theme.lighten(theme.ACCENT, 0.25) if self.hovered() else theme.ACCENT
        else:
            color = theme.BUTTON_HOVER if self.hovered() else theme.BUTTON
        radius = max(4, self.rect.height // 4)
        pygame.draw.rect(surface, color, self.rect, border_radius=radius)
        if not self.enabled:
            pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, width=1, border_radius=radius)
        fg = (30, 30, 30) if self.primary and self.enabled else theme.TEXT if self.enabled else theme.DISABLED
        room = self.rect.width - self.rect.height * 0.5  # a little air at both ends
        label = _(self.label)
        px = theme.fit_size(label, self.rect.height * 0.58, room)
        with theme.panel_bounds(surface, self.rect):
            theme.text(surface, theme.fit(label, px, room), px, self.rect.center, fg, "center")


class Choice(Widget):
    """A value picked from a list: click the arrows (or the value) to step through it.

    It stops at both ends rather than wrapping round, so a click on an arrow
    never jumps from the largest value to the smallest; an arrow with nothing
    past it is drawn dim.
    """

    def __init__(self, values: Sequence[Any], labels: Sequence[str] | Callable[[Any], str], value: Any,
                 on_change: Callable[[Any], Any] | None = None) -> None:
        """`labels`: one per value, or a function that words a value (numbers with a unit) as it is drawn."""
        super().__init__()
        self.values = list(values)
        self.labels = labels if callable(labels) else list(labels)
        self.index = self.values.index(value) if value in self.values else 0
        self.on_change = on_change

    @property
    def value(self) -> Any:
        return self.values[self.index]

    @property
    def label(self) -> str:
        """The value shown, in the language of the moment."""
        if callable(self.labels):
            return self.labels(self.value)
        return _(self.labels[self.index])

    def set(self, value: Any) -> None:
        if value in self.values:
            self.index = self.values.index(value)

    def offer(self, values: Sequence[Any], labels: Sequence[str], fallback: Any) -> None:
        """Offer only `values` now (a choice another choice rules out goes); the value stays where it is
        still offered, else becomes `fallback` (or the first value)."""
        keep = self.value
        self.values, self.labels = list(values), list(labels)
        target = keep if keep in self.values else fallback if fallback in self.values else self.values[0]
        self.index = self.values.index(target)

    def handle(self, event: pygame.event.Event) -> bool:
        if self._clicked(event):
            step = -1 if event.pos[0] < self.rect.x + self.rect.height else 1
        elif (self.visible and self.enabled and event.type == pygame.MOUSEWHEEL
              and self.rect.collidepoint(pygame.mouse.get_pos())):
            step = -event.y
        else:
            return False
        self.step(step)
        return True  # a click on an end still belongs to the choice, not to what lies under it

    def step(self, step: int) -> None:
        """One value on (or back), stopping at the ends as the arrows do."""
        index = min(len(self.values) - 1, max(0, self.index + step))
        if index != self.index:
            self.index = index
            if self.on_change:
                self.on_change(self.value)

    def activate(self) -> None:
        """Enter or Space on a focused choice steps it on, as a click on its right arrow."""
        self.step(1)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        pygame.draw.rect(surface, theme.BUTTON_HOVER if self.hovered() else theme.BUTTON, r,
                         border_radius=r.height // 4)
        size = r.height * 0.58
        fg = theme.TEXT if self.enabled else theme.DISABLED
        left, right = (theme.ACCENT if more else theme.DISABLED
                       for more in (self.index > 0, self.index < len(self.values) - 1))
        label = theme.fit(self.label, size, r.width - 2 * r.height)  # never under the arrows
        with theme.panel_bounds(surface, r):
            theme.text(surface, "‹", r.height * 0.8, (r.x + r.height / 2, r.centery), left, "center")
            theme.text(surface, "›", r.height * 0.8, (r.right - r.height / 2, r.centery), right, "center")
            theme.text(surface, label, size, r.center, fg, "center")


class Toggle(Widget):
    def __init__(self, value: bool, on_change: Callable[[bool], Any] | None = None,
                 labels: tuple[str, str] = (N_("Off"), N_("On"))) -> None:
        super().__init__()
        self.value, self.on_change, self.labels = value, on_change, labels

    def handle(self, event: pygame.event.Event) -> bool:
        if self._clicked(event):
            self.activate()
            return True
        return False

    def activate(self) -> None:
        """Enter or Space on a focused toggle flips it, as a click does."""
        self.value = not self.value
        if self.on_change:
            self.on_change(self.value)

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        track = pygame.Rect(r.x, r.y + r.height * 0.15, r.height * 1.9, r.height * 0.7)
        on = self.value
        pygame.draw.rect(surface, theme.ACCENT if on else theme.BUTTON, track, border_radius=track.height // 2)
        knob_x = track.right - track.height / 2 if on else track.x + track.height / 2
        pygame.draw.circle(surface, theme.TEXT, (knob_x, track.centery), track.height * 0.42)
        theme.text(surface, _(self.labels[on]), r.height * 0.5, (track.right + r.height * 0.3, r.centery),
                   theme.TEXT, "midleft")


class Slider(Widget):
    """A number between `lo` and `hi`, dragged with the mouse, shown as `fmt(value)` (in the language of the moment)."""

    def __init__(self, lo: float, hi: float, value: float, step: float,
                 on_change: Callable[[float], Any] | None = None,
                 fmt: Callable[[float], str] = "{:.1f}".format) -> None:
        super().__init__()
        self.lo, self.hi, self.step = lo, hi, step
        self.value, self.on_change, self.fmt = value, on_change, fmt
        self.dragging = False

    def _track(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x + r.height * 0.3, r.centery - 2, r.width - r.height * 2.6, 4)

    def _set_from(self, x: int) -> None:
        t = self._track()
        frac = min(1.0, max(0.0, (x - t.x) / max(1, t.width)))
        value = round((self.lo + frac * (self.hi - self.lo)) / self.step) * self.step
        value = round(min(self.hi, max(self.lo, value)), 6)
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def handle(self, event: pygame.event.Event) -> bool:
        if self._clicked(event):
            self.dragging = True
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        t = self._track()
        pygame.draw.rect(surface, theme.BUTTON_HOVER, t, border_radius=2)
        frac = (self.value - self.lo) / (self.hi - self.lo)
        x = t.x + frac * t.width
        pygame.draw.rect(surface, theme.ACCENT, (t.x, t.y, x - t.x, t.height), border_radius=2)
        pygame.draw.circle(surface, theme.TEXT, (x, t.centery), self.rect.height * 0.3)
        theme.text(surface, self.fmt(self.value), self.rect.height * 0.5,
                   (self.rect.right, self.rect.centery), theme.TEXT, "midright")


FOCUS_KEYS = (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
              pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
DIRECTIONS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)}


class FocusRing:
    """Keyboard focus over a screen's widgets, so every menu and dialog works without a mouse.

    Tab and Shift+Tab go round the widgets in the screen's order, the arrow keys
    to the nearest one that way (Left and Right step a focused choice instead),
    and Enter or Space does what a click does. The focused widget carries a ring.
    The ring shows once a key is used: the first key only shows it, on the
    screen's default widget, so a stray key never presses anything unseen; Enter
    always presses the default widget (the one drawn as the default) while no
    ring shows. Moving the mouse hides the ring, as it hides the board's cursor.
    """

    def __init__(self, widgets: Callable[[], Iterable[Widget]], default: Widget | None = None,
                 arrows: bool = True) -> None:
        """`widgets`: the screen's widgets in reading order, asked anew each time (what shows changes);
        `arrows`=False leaves the arrow keys to the screen (a list they step through), and Tab alone
        moves the ring."""
        self.widgets, self.default, self.arrows = widgets, default, arrows
        self.focused: Widget | None = None
        self.shown = False

    def candidates(self) -> list[Widget]:
        return [w for w in self.widgets() if w.visible and w.enabled and w.rect.width]

    def current(self) -> Widget | None:
        """The focused widget while it can still take focus, else the default or the first."""
        ws = self.candidates()
        if self.focused in ws:
            return self.focused
        if self.default in ws:
            return self.default
        return ws[0] if ws else None

    def focus(self, widget: Widget | None) -> None:
        """Put the ring on `widget`; a text field takes the typing with it."""
        if isinstance(self.focused, TextField) and self.focused is not widget:
            self.focused.focused = False
        self.focused = widget
        if isinstance(widget, TextField):
            widget.focused = True

    def handle(self, event: pygame.event.Event) -> bool:
        """Take a focus key (True), or leave the event to the screen (False)."""
        if event.type == pygame.MOUSEMOTION:
            self.shown = False
            return False
        if event.type != pygame.KEYDOWN or event.key not in FOCUS_KEYS:
            return False
        if event.key in DIRECTIONS and not self.arrows:
            return False
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        typing = next((w for w in self.candidates() if isinstance(w, TextField) and w.focused), None)
        if typing is not None:
            if event.key != pygame.K_TAB:
                return False  # the field's own keys (Enter, Space, the caret's arrows)
            self.focused, self.shown = typing, True  # Tab leaves the field for the next widget
        current = self.current()
        if current is None:
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not self.shown:
            if event.key == pygame.K_SPACE:
                return False  # Space keeps the screen's own use until the keys show the ring
            if self.default is not None and self.default in self.candidates():
                self.default.activate()
                return True
            return False  # the screen's own Enter (open the game picked in a list)
        if not self.shown:
            self.shown = True
            self.focus(current)
            return True
        if event.key == pygame.K_TAB:
            ws = self.candidates()
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.focus(ws[(ws.index(current) + step) % len(ws)])
        elif event.key in DIRECTIONS:
            dx, dy = DIRECTIONS[event.key]
            if dx and isinstance(current, Choice):
                current.step(dx)
            else:
                self.focus(self.nearest(current, dx, dy) or current)
        else:
            self.focus(current)
            activate = getattr(current, "activate", None)
            if activate is not None:
                activate()
        return True

    def nearest(self, current: Widget, dx: int, dy: int) -> Widget | None:
        """The widget nearest `current` in the direction (dx, dy): mostly that way, then closest across."""
        cx, cy = current.rect.center
        best, best_cost = None, None
        for w in self.candidates():
            if w is current:
                continue
            ox, oy = w.rect.centerx - cx, w.rect.centery - cy
            along, across = ox * dx + oy * dy, abs(ox * dy) + abs(oy * dx)
            if along <= 0:
                continue
            cost = along + 2 * across
            if best_cost is None or cost < best_cost:
                best, best_cost = w, cost
        return best

    def draw(self, surface: pygame.Surface) -> None:
        """The ring round the focused widget, while the keys are in use."""
        current = self.current() if self.shown else None
        if current is None:
            return
        r = current.rect.inflate(8, 8)
        pygame.draw.rect(surface, theme.FOCUS, r, width=3, border_radius=max(6, r.height // 4))


def column(rect: pygame.Rect, heights: Sequence[float], gap: float) -> list[pygame.Rect]:
    """Stack rows of the given heights down `rect`, full width."""
    out, y = [], rect.y
    for h in heights:
        out.append(pygame.Rect(rect.x, round(y), rect.width, round(h)))
        y += h + gap
    return out


class TextField(Widget):
    """One line of text typed or pasted; it takes keys while it has the focus.

    The keys people expect of a line of text: Ctrl+A selects it all (the next
    key typed, pasted or deleted replaces it), Ctrl+Backspace deletes the last
    word, Ctrl+V pastes (line breaks become spaces: it is one line). Text
    typed through an input method (Korean, Japanese, Chinese) shows while it
    is being composed, underlined after the text, as the input method's
    TEXTEDITING events give it, until TEXTINPUT brings the finished letters.

    Text comes in cleaned of control characters (a NUL pasted from a file is
    dropped) and holds at most `max_chars` characters: a paste that would run
    past them is cut there, and the field says so at its right end.
    """

    def __init__(self, text: str = "", placeholder: str = "", on_enter: Callable[[], Any] | None = None,
                 max_chars: int = MAX_FIELD_CHARS) -> None:
        super().__init__()
        self.text, self.placeholder, self.on_enter = text, placeholder, on_enter
        self.max_chars = max_chars
        self.note = ""  # why the last paste or typing was cut, shown in the field until the next edit
        self._focused = False
        self.all_selected = False
        self.composition = ""  # what an input method is composing, not yet typed
        self._active_at = pygame.time.get_ticks()  # the caret blinks for a while after this, then stays

    @property
    def focused(self) -> bool:
        return self._focused

    @focused.setter
    def focused(self, on: bool) -> None:
        """A focused field shows the input method's candidate list beside itself."""
        self._focused = on
        self.composition = self.composition if on else ""
        self._active_at = pygame.time.get_ticks()
        if on:
            show_input_method_at(self.rect)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.visible and self.rect.collidepoint(event.pos)
            self.all_selected = False
            return self.focused
        if not (self.focused and self.visible):
            return False
        if event.type in (pygame.TEXTEDITING, pygame.TEXTINPUT, pygame.KEYDOWN):
            self._active_at = pygame.time.get_ticks()
        if event.type == pygame.TEXTEDITING:
            self.composition = clean_text(event.text, limit=self.max_chars)
            return True
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self._insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key == pygame.K_a and ctrl:
                self.all_selected = bool(self.text)
            elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.all_selected:
                self._insert("")
            elif event.key == pygame.K_BACKSPACE:
                self.text = without_last_word(self.text) if ctrl else self.text[:-1]
                self.note = ""
            elif event.key == pygame.K_v and ctrl:
                self._insert(clipboard_text().replace("\r\n", "\n"))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_enter:
                self.on_enter()
            elif event.key == pygame.K_ESCAPE:
                return False
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.all_selected = False  # the caret goes back to the end of the text
            return True  # other keys belong to the field, not to the scene's shortcuts
        return False

    def _insert(self, text: str) -> None:
        """Type `text` at the end, or in place of the whole text while it is selected: cleaned (one
        line, no control characters) and cut at `max_chars`, with a note when it was cut."""
        kept = "" if self.all_selected else self.text
        room = max(0, self.max_chars - len(kept))
        # a megabyte pasted is cut before it is cleaned: what lies far past the cap is never looked at
        cleaned = clean_text(text[:room + CLEAN_MARGIN])
        cut = len(cleaned) > room or len(text) > room + CLEAN_MARGIN
        self.text = kept + cleaned[:room]
        self.note = _("At most {count} characters").format(count=f"{self.max_chars:,}") if cut else ""
        self.all_selected = False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, (24, 28, 38), r, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if self.focused else theme.PANEL_EDGE, r, width=2, border_radius=6)
        px = r.height * 0.5
        room = r.width - 20
        if self.note:  # why the text was cut, at the field's right end; the text keeps the rest
            note_px = r.height * 0.4
            note = theme.fit(self.note, note_px, r.width * 0.5)
            with theme.panel_bounds(surface, r):
                note_rect = theme.text(surface, note, note_px, (r.right - 10, r.centery), theme.ERROR, "midright")
            room = note_rect.x - r.x - 20
        typed = theme.shown(self.text + self.composition)
        shown, color = (typed, theme.TEXT) if typed else (_(self.placeholder), theme.MUTED)
        f = theme.font(int(px))
        shown = theme.fit_tail(shown, px, room)  # keep the end in view, as editors do
        img = theme.render(f, shown, color)
        text_rect = img.get_rect(midleft=(r.x + 10, r.centery))
        if self.all_selected and self.focused:
            pygame.draw.rect(surface, theme.BUTTON_DOWN, text_rect.inflate(4, 2), border_radius=3)
        with theme.panel_bounds(surface, r):
            theme.blit_text(surface, img, text_rect, f, shown)
        if self.composition and typed:  # the letters being composed, underlined as input methods show them
            composing = f.size(theme.fit_tail(theme.shown(self.composition), px, room))[0]
            y = text_rect.bottom - 2
            pygame.draw.line(surface, theme.ACCENT, (max(text_rect.x, text_rect.right - composing), y),
                             (text_rect.right, y), 2)
        if self.focused and self._caret_shown():
            x = text_rect.right + 2  # after the text, or after the placeholder: never over its first letter
            pygame.draw.line(surface, theme.TEXT, (x, r.y + 8), (x, r.bottom - 8), 2)

    def _idle_ms(self) -> int:
        return max(0, pygame.time.get_ticks() - self._active_at)

    def _caret_shown(self) -> bool:
        """The caret blinks (500 ms on, 500 off) for a while after the last key, then stays on."""
        idle = self._idle_ms()
        return idle >= BLINK_MS or (idle // 500) % 2 == 0

    def redraw_in(self) -> float | None:
        """Seconds until the caret blinks, or None when it shows none or has stopped blinking (a
        window left with a field focused asks for no frames)."""
        if not (self.focused and self.visible):
            return None
        idle = self._idle_ms()
        if idle >= BLINK_MS:
            return None
        return (500 - idle % 500) / 1000


def show_input_method_at(rect: pygame.Rect) -> None:
    """Ask the input method to open its candidate list by `rect` (where the system has one)."""
    try:
        pygame.key.set_text_input_rect(rect)
    except (pygame.error, AttributeError):
        pass


def without_last_word(text: str) -> str:
    """`text` less its last word and the spaces after it, as Ctrl+Backspace deletes."""
    end = len(text.rstrip())
    while end > 0 and not text[end - 1].isspace():
        end -= 1
    return text[:end]


def clipboard_text() -> str:
    """The clipboard's text, or "" where the platform offers none."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


def set_clipboard_text(text: str) -> bool:
    try:
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError):
        return False


def offer_options(option_choices: Sequence[tuple[Any, Choice]]) -> None:
    """Each game option's choice offers what the others allow (`Option.offered`): Gomoku's 20 x 20
    board shows only under freestyle, and goes back to the default board when the rules change."""
    for option, choice in option_choices:
        if option.needs:
            options = {o.key: c.value for o, c in option_choices}
            offered = option.offered(options)
            choice.offer(offered, [option.label_of(v) for v in offered], option.default)


def form_keys(event: pygame.event.Event, back: Callable[[], None], submit: Callable[[], None]) -> bool:
    """A form's own keys, after its fields and focus ring had the event: Esc goes back, Enter submits.
    True for any key (a key no field took does nothing else)."""
    if event.type != pygame.KEYDOWN:
        return False
    if event.key == pygame.K_ESCAPE:
        back()
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        submit()
    return True
