"""Game setup: the game's options, who sits where (Human, an AI at a level, an engine),
the time control, the AI move limit and referee mode (a game without a clock).

What does nothing in the set-up on screen is hidden (an option another option
switches off, the move limit when no AI plays), and nothing moves under the
mouse: the options come before the seats, so a change of the number of
players adds seats below the choice that changed it, and an engine's command
line opens under its seat. Engine seats are started and greeted when Start is
pressed, off the window's thread: one that fails is reported here in a
sentence, and the game does not start.

"As in the source" (Ctrl+O) sets every field as the game's source document
plays it (`GameEntry.source`) and says in the message box what it set.
"""
from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pygame

from boardhub.core.ai import PROTOCOL_NAMES, AISpec
from boardhub.core.clock import NO_CLOCK, PRESETS
from boardhub.core.clock import label_of as clock_label
from boardhub.core.external import EngineCheck
from boardhub.core.game import GameEntry
from boardhub.core.i18n import N_, _, seconds
from boardhub.core.ladder import ladder_specs, learned_specs, provisional, ratings
from boardhub.core.modes import Mode
from boardhub.core.position import start_state
from boardhub.core.rules import IllegalMove
from boardhub.core.seat_names import MAX_TYPED, seat_label
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.ui import theme
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, Choice, FocusRing, TextField, Toggle, offer_options

LIMITS = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0)
DETAIL_PX = 20  # the text size of the box that describes a seat's AI, whole, on up to DETAIL_LINES lines
DETAIL_LINES = 3
CHECK_POLL = 0.05  # seconds between looks at an engine being started


def ai_choices(game: GameEntry) -> tuple[list, list[str]]:
    """Human, every AI of the game at each of its levels ("greedy:5") from weakest to strongest by the
    measured ladder, then each learned AI at its levels by each saved learning ("positional:3@kim"), then
    its engine protocols; an AI is named as its seat will be ("Greedy 5 AI")."""
    values: list = [None, *ladder_specs(game), *learned_specs(game), *(f"{proto}:" for proto in game.externals)]
    return values, [choice_label(v) for v in values]



def choice_label(value: str | None) -> str:
    """A seat's choice as the setup shows it, in the language of the moment."""
    if value is not None and value.endswith(":"):
        return _("Engine ({protocol})").format(protocol=PROTOCOL_NAMES.get(value[:-1], value[:-1]))
    return seat_label(value)




def ai_detail(game: GameEntry, spec: str | None) -> str:
    """The line under an AI seat: its strength on the ladder, then its one-line description."""
    if spec is None or spec.endswith(":") or spec.partition(":")[0] in game.externals:
        return ""
    parsed = AISpec.parse(spec)
    blurb = _(game.ai_entry(parsed.name).blurb)
    if parsed.learning is not None:  # not on the measured ladder: its strength is its learning's
        return _("Plays by the learning '{name}' · {blurb}").format(name=parsed.learning, blurb=blurb)
    elo, ladder = ratings(game.key), ladder_specs(game)
    if not all(s in elo for s in ladder):  # no measured order, so no place on it to claim
        return blurb
    rank = len(ladder) - ladder.index(spec)
    if spec in provisional(game.key):  # placed by hand until the ladder is played again: said so
        place = _("Elo about {elo} (estimated), number {rank} of {count}")
    else:
        place = _("Elo {elo}, the strongest of {count}") if rank == 1 else _("Elo {elo}, number {rank} of {count}")
    return _("{place} · {blurb}").format(place=place.format(elo=f"{elo[spec]:.0f}", rank=rank, count=len(ladder)),
                                        blurb=blurb)




class SetupScene(Scene):
    def __init__(self, app: Host, setup: GameSetup) -> None:
        super().__init__(app)
        self.game = setup.entry
        self.mode = setup.mode
        self.seat_choices: list[Choice] = []
        self.engine_fields: list[TextField] = []  # an engine seat's command line, under its choice
        # a human seat's name, beside its choice: the setup's own (Change setup), else the one typed last time
        self.name_fields: list[TextField] = []
        self.set_seats(setup.seats, [n or app.settings.seat_name(i) for i, n in
                                     enumerate((*setup.names, *[""] * len(setup.seats)))][:len(setup.seats)])
        self.error = ""
        self.notice = ""  # what "As in the source" set (marked, translated when drawn), until the next change
        self.check: EngineCheck | None = None  # engines being started for the setup in `checked`
        self.checked: GameSetup | None = None
        self.option_choices = [(o, Choice(o.choices, [o.label_of(c) for c in o.choices],
                                          setup.options.get(o.key, o.default), lambda _value: self.sync_seats()))
                               for o in self.game.options]
        offer_options(self.option_choices)
        # the clock: none (an AI's move limit, as the source plays), a budget with an increment, a time a move
        self.clock = Choice(PRESETS, clock_label, setup.clock, self.clock_changed)
        self.limit = Choice(LIMITS, lambda v: _("AI move limit {seconds}").format(seconds=seconds(v)), setup.limit,
                            lambda _value: self.changed())
        self.referee = Toggle(setup.referee, lambda _value: self.changed(),
                              labels=(N_("Off: late moves still count"), N_("On: a late AI loses")))
        self.mode_buttons = [Button(label, lambda m=m: self.set_mode(m))
                             for label, m in ((mode.label, mode) for mode in Mode)]
        self.swap_button = Button(N_("Swap who starts"), self.swap)
        self.source_button = Button(N_("As in the source"), self.apply_source)
        self.source_button.visible = self.game.source is not None
        self.start_button = Button(N_("Start"), self.start, primary=True)
        self.back_button = Button(N_("Back"), self.app.pop)
        # an edited position the game starts from (None: the usual start); its editor opens from here
        self.position = setup.position
        self.editor_button = Button(N_("Edit position…"), self.edit_position)
        self.editor_button.visible = self.game.position is not None
        self.focus = FocusRing(self.reading_order, default=self.start_button)  # Enter starts, as before

    def set_seats(self, seats: list[str | None] | tuple[str | None, ...], names: list[str] | None = None) -> None:
        """One row per seat; its name field keeps what was typed in it (`names`, by seat, where given)."""
        if names is None:
            names = [f.text for f in self.name_fields] + [self.app.settings.seat_name(i) for i in range(len(seats))]
        self.name_fields = [TextField(names[i], placeholder=N_("Name"), on_enter=self.start,
                                      max_chars=MAX_TYPED) for i in range(len(seats))]
        values, _labels = ai_choices(self.game)
        self.seat_choices = [Choice(values, choice_label, self._choice_of(ai), lambda _value, i=i: self.seat_changed(i))
                             for i, ai in enumerate(seats)]
        self.last_seat: int | None = None  # the seat changed last: its AI is the one described
        # the strongest AI one click from any AI seat, however far down the ladder the seat is
        self.strongest_buttons = [Button(N_("Strongest"), lambda c=c: self.pick_strongest(c))
                                  for c in self.seat_choices]
        self.engine_fields = [TextField(ai.partition(":")[2] if self._choice_of(ai) != ai else "",
                                        placeholder=N_("the engine's program and arguments"), on_enter=self.start)
                              for ai in seats]

    def seat_changed(self, seat: int) -> None:
        self.last_seat = seat
        self.changed()
        self.layout(self.size)

    def changed(self) -> None:
        """A field was changed by hand: what the preset set no longer describes the setup."""
        self.notice = ""

    def clock_changed(self, _value: object) -> None:
        """The clock shows or hides the move limit and Referee rows."""
        self.changed()
        self.layout(self.size)

    def apply_source(self) -> None:
        """Every field as the game's source plays it, in the mode chosen where the source has it, and the
        settings it names (the pauses before AI moves); the message box says what was set."""
        preset = self.game.source
        if preset is None or self.check is not None:
            return
        setup = preset.setup(self.game.key, self.current_mode())
        for option, choice in self.option_choices:
            choice.set(setup.options[option.key])
        self.mode = setup.mode
        self.set_seats(setup.seats)
        self.clock.set(setup.clock)  # the sources play a move limit, no clock
        self.position = setup.position  # and from the usual start
        self.limit.set(setup.limit)
        self.referee.value = setup.referee
        settings = preset.settings()
        if "ai_delay" in settings:
            self.app.settings.ai_delay = settings["ai_delay"]
        if "ava_delay" in settings:
            self.app.settings.set_ava_delay(self.game.key, settings["ava_delay"])
        self.error = ""
        self.layout(self.size)
        self.notice = preset.summary

    def pick_strongest(self, choice: Choice) -> None:
        choice.set(ladder_specs(self.game)[-1])
        self.seat_changed(self.seat_choices.index(choice))

    def detail_seat(self) -> int | None:
        """The seat whose AI the box describes: the one under the mouse or the keys' ring, else the one
        changed last, else the first AI seat; None when no seat has an AI to describe."""
        def described(i: int | None) -> bool:
            return i is not None and i < len(self.seat_choices) \
                and bool(ai_detail(self.game, self.seat_choices[i].value))
        pos = pygame.mouse.get_pos()
        for i, (c, b) in enumerate(zip(self.seat_choices, self.strongest_buttons)):
            if described(i) and (c.rect.collidepoint(pos) or (b.visible and b.rect.collidepoint(pos))):
                return i
        focused = self.focus.current() if self.focus.shown else None
        for i, (c, b) in enumerate(zip(self.seat_choices, self.strongest_buttons)):
            if described(i) and focused in (c, b):
                return i
        if described(self.last_seat):
            return self.last_seat
        return next((i for i in range(len(self.seat_choices)) if described(i)), None)

    def detail_text(self) -> str:
        """The described seat's AI, whole: "White · Greedy 5 AI: Elo 1500, number 3 of 9 · its description"."""
        seat = self.detail_seat()
        if seat is None:
            return ""
        value = self.seat_choices[seat].value
        return _("{seat} · {ai}: {detail}").format(seat=_(self.game.seat_title(seat, self.options())), ai=choice_label(value),
                                                    detail=ai_detail(self.game, value))

    def sync_seats(self) -> None:
        """One seat row per player: an option such as the number of players changes them; an option's
        choices follow the others (Gomoku's 20 x 20 board under freestyle only)."""
        offer_options(self.option_choices)
        n = self.game.rules.num_players(self.options())
        seats = self.seat_values()
        if n != len(seats):
            extra = GameSetup.default(self.game.key, self.current_mode()).seats[-1]
            self.set_seats((seats + [extra] * n)[:n])
        self.changed()
        self.layout(self.size)

    def _choice_of(self, ai: str | None) -> str | None:
        """The seat's entry in the choice list: engine seats show as their protocol."""
        if ai is not None and ai.partition(":")[0] in self.game.externals:
            return ai.partition(":")[0] + ":"
        return ai

    @staticmethod
    def _is_engine(value: str | None) -> bool:
        return value is not None and value.endswith(":")

    def seat_values(self) -> list[str | None]:
        return [c.value + f.text.strip() if self._is_engine(c.value) else c.value
                for c, f in zip(self.seat_choices, self.engine_fields)]

    def options(self) -> dict:
        return {o.key: c.value for o, c in self.option_choices}

    def set_mode(self, mode: Mode) -> None:
        self.mode = mode
        n = len(self.seat_choices)
        seats = list(GameSetup.default(self.game.key, mode).seats)
        self.set_seats((seats + seats[-1:] * n)[:n])
        self.referee.value = mode is Mode.AVA
        self.changed()
        self.layout(self.size)

    def swap(self) -> None:
        seats = self.seat_values()
        seats = seats[1:] + seats[:1]
        names = [f.text for f in self.name_fields]
        names = names[1:] + names[:1]  # a player's name goes with their seat
        for choice, field, ai, name_field, name in zip(self.seat_choices, self.engine_fields, seats,
                                                       self.name_fields, names):
            choice.set(self._choice_of(ai))
            field.text = ai.partition(":")[2] if self._is_engine(self._choice_of(ai)) else field.text
            name_field.text = name
        self.changed()
        self.layout(self.size)

    def typed_names(self) -> list[str]:
        """The names typed for the seats, by seat: "" for an AI seat or an empty field (its own name)."""
        return [f.text if c.value is None else "" for c, f in zip(self.seat_choices, self.name_fields)]

    def setup(self) -> GameSetup:
        return GameSetup(self.game.key, tuple(self.seat_values()), self.options(),
                         self.limit.value, self.referee.value, self.current_mode(), tuple(self.typed_names()),
                         self.clock.value, self.position)

    def edit_position(self) -> None:
        """The position editor, over the setup: its Play and Analyse start a game here (`start_from`)."""
        self.app.open("editor", self.setup(), self.start_from)

    def start_from(self, setup: GameSetup) -> None:
        """Start the game of `setup` (the editor's): the setup shows its position and options from now on."""
        self.position = setup.position
        for o, c in self.option_choices:
            c.set(setup.options.get(o.key, c.value))
        self.layout(self.size)
        self.start(setup)

    def engine_problem(self) -> str:
        """Why an engine seat cannot even be tried (no command, no such program, options engines do not
        play), or ""."""
        engines = any(self._is_engine(choice.value) for choice in self.seat_choices)
        why = self.game.engines_refuse(self.options()) if engines and self.game.engines_refuse else None
        if why:
            return _(why)
        for i, (choice, value) in enumerate(zip(self.seat_choices, self.seat_values())):
            if not self._is_engine(choice.value):
                continue
            try:
                proto, argv = AISpec.parse(value).external
            except ValueError:
                return _("Type the engine's program and its arguments ({seat})").format(seat=_(self.game.seat_title(i, self.options())))
            if shutil.which(argv[0]) is None and not _is_file(argv[0]):
                return _("Cannot find the engine program '{name}': check its name or give its full path").format(
                    name=argv[0])
        return ""

    def start(self, setup: GameSetup | None = None) -> None:
        """Start the game (of the screen, or `setup`); engine seats are started first, and the game begins
        once each one answered."""
        if self.check is not None:
            return
        self.error = self.engine_problem()
        if self.error:
            return
        setup = setup or self.setup()
        if setup.position is not None:
            try:  # an option changed here since (another board size) may no longer fit the position
                start_state(self.game.rules, self.game.position, setup.options, None, setup.position)
            except IllegalMove as exc:
                self.error = _("The edited position does not fit this setup: {why}").format(why=exc)
                return
        engines = [(i, ai) for i, (ai, choice) in enumerate(zip(setup.seats, self.seat_choices))
                   if self._is_engine(choice.value)]
        if not engines:
            self.begin(setup)
            return
        self.check, self.checked = EngineCheck(self.game, engines), setup
        for f in (*self.engine_fields, *self.name_fields):
            f.focused = False
        self.start_button.enabled = False

    def update(self, dt: float) -> None:
        if self.check is None or not self.check.done:
            return
        check, setup, self.check, self.checked = self.check, self.checked, None, None
        self.start_button.enabled = True
        if check.problem:
            self.error = check.problem
        else:
            self.begin(setup)

    def begin(self, setup: GameSetup) -> None:
        """The game of `setup`, which its game and mode will offer again next time."""
        # an edited position is this game's only: the next setup of the game and mode starts as usual
        self.app.settings.remember_setup(replace(setup, position=None).fields())
        # an AI seat's position keeps the name typed there before, for the next game a human sits there
        self.app.settings.remember_seat_names([self.app.settings.seat_name(i) if ai is not None else name
                                               for i, (ai, name) in enumerate(zip(setup.seats, setup.names))])
        self.app.save_settings()  # a read-only saves folder costs the memory of this setup, never the game
        self.app.replace("game", GameSession.new(setup, self.app.start_worker))

    def widgets(self):
        yield from self.mode_buttons
        yield from (c for _option, c in self.option_choices if c.visible)
        yield from self.seat_choices
        yield from (b for b in self.strongest_buttons if b.visible)
        yield from (f for f in self.name_fields if f.visible)
        yield from (f for f in self.engine_fields if f.visible)
        yield from (w for w in (self.swap_button, self.clock, self.limit, self.referee) if w.visible)
        yield from (w for w in (self.source_button, self.editor_button, self.start_button, self.back_button) if w.visible)

    def reading_order(self):
        """The widgets top to bottom, as Tab visits them: each seat's Strongest or name beside it and its
        command line under it."""
        yield from self.mode_buttons
        yield from (c for _option, c in self.option_choices if c.visible)
        for c, b, n, f in zip(self.seat_choices, self.strongest_buttons, self.name_fields, self.engine_fields):
            yield from (w for w in (c, b, n, f) if w.visible)
        yield from (w for w in (self.swap_button, self.clock, self.limit, self.referee) if w.visible)
        yield from (w for w in (self.back_button, self.source_button, self.editor_button, self.start_button)
                    if w.visible)

    def layout(self, size: tuple[int, int]) -> None:
        """Rows as tall as the window allows for the most rows this game can show, so none ever moves
        because another one appeared; the panel is as tall as those rows."""
        super().layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        gap = 10 * s
        # the box that describes an AI (or says what went wrong), whole: its lines at their text size
        box_h = max(DETAIL_LINES * theme.line_height(DETAIL_PX * s), DETAIL_LINES * theme.MIN_TEXT_PX * 1.4)
        # the title, under the modes, between the sections, the box, the buttons
        title_h, sep = 90 * s, 18 * s  # the title's room, and between the sections
        fixed = title_h + 2 * sep + (22 + 10 + 74) * s + box_h
        players = self.game.most_players()
        # a seat: its choice (its Strongest button beside it), and an engine's command line where one can show
        rows = 1 + len(self.option_choices) + players * (2 if self.game.externals else 1) + 0.85 + 2
        room = h - 24 * s - fixed
        row_h = min(max(40 * s, 30.0), max(24.0, room / rows - gap))
        readable = min(28.0, 40 * s)  # a selector's smallest readable height
        if row_h < readable:  # many rows in a short window (Da Vinci's options and 4 seats): the sections
            room += (title_h - 80 * s) + 2 * (sep - 6 * s)  # close up, then the gaps give way
            title_h, sep = 80 * s, 6 * s
            gap = max(2.0, room / rows - readable)
            row_h = min(readable, max(24.0, room / rows - gap))
        height = min(h - 16, fixed + rows * (row_h + gap))
        self.panel = p = pygame.Rect(0, 0, min(w - 24, max(760 * s, 640)), height)
        p.center = (w / 2, h / 2)
        x0, lab_w = p.x + 36 * s, min(220 * s, (p.width - 72 * s) * 0.34)
        field_x, field_w = x0 + lab_w, p.right - 36 * s - (x0 + lab_w)
        self.label_w = lab_w - 8 * s
        y = p.y + title_h
        mw = (p.width - 72 * s - 2 * gap) / 3
        for i, b in enumerate(self.mode_buttons):
            b.rect = pygame.Rect(round(x0 + i * (mw + gap)), round(y), round(mw), round(row_h))
        y += row_h + 22 * s
        self.rows: list[tuple[str, int]] = []

        def row(widget, label: str, height: float = row_h, after: float = gap) -> None:
            nonlocal y
            widget.rect = pygame.Rect(round(field_x), round(y), round(field_w), round(height))
            if label:
                self.rows.append((label, round(y + height / 2)))
            y += height + after

        options = self.options()
        hints = self.game.review.hint_option if self.game.review is not None else ""
        for o, c in self.option_choices:
            # the hint level does something only where hints are given: a person against the AI
            c.visible = o.applies(options) and (o.key != hints or self.current_mode() is Mode.PVA)
            if c.visible:
                row(c, o.label)
        y += sep
        # every seat's choice leaves room for its Strongest button, so no arrow moves when the button comes
        strongest_w = round(min(150 * s, field_w * 0.3))
        for i, (c, f, b, n) in enumerate(zip(self.seat_choices, self.engine_fields, self.strongest_buttons,
                                             self.name_fields)):
            row(c, self.game.seat_title(i, options))
            c.rect.width -= strongest_w + round(gap)
            b.visible = c.value is not None and not self._is_engine(c.value) \
                and c.value != ladder_specs(self.game)[-1]
            b.rect = pygame.Rect(0, 0, strongest_w, c.rect.height)
            b.rect.midright = (round(field_x + field_w), c.rect.centery)
            n.visible = c.value is None  # a human's name where an AI's Strongest button would be
            n.focused = n.focused and n.visible
            n.rect = b.rect.copy()
            f.visible = self._is_engine(c.value)
            f.focused = f.focused and f.visible
            if f.visible:
                row(f, "")
        seats = self.seat_values()
        self.swap_button.visible = len(set(seats)) > 1  # all Human (or one AI everywhere): nothing to swap
        if self.swap_button.visible:
            row(self.swap_button, "", row_h * 0.85)
        y += sep
        row(self.clock, N_("Time control"))
        # the limit and the referee are about AIs only, in a game without a clock (a clock plans an AI's time)
        ai_plays = any(ai is not None for ai in seats) and self.clock.value == NO_CLOCK
        self.limit.visible = self.referee.visible = ai_plays
        if ai_plays:  # no clock: an AI has a limit a move, on the clock's row, with the referee under it
            half = round((self.clock.rect.width - gap) / 2)
            self.limit.rect = pygame.Rect(self.clock.rect.right - half, self.clock.rect.y, half,
                                          self.clock.rect.height)
            self.clock.rect.width -= half + round(gap)
            row(self.referee, N_("Referee"))
        bw, bh = 180 * s, 48 * s
        self.start_button.rect = pygame.Rect(round(p.right - 36 * s - bw), round(p.bottom - 70 * s),
                                             round(bw), round(bh))
        self.back_button.rect = pygame.Rect(round(x0), round(p.bottom - 70 * s), round(bw * 0.7), round(bh))
        # between Back and Start, sharing the room there: As in the source, Edit position (where the game has them)
        middle = [b for b in (self.source_button, self.editor_button) if b.visible]
        room = self.start_button.rect.x - self.back_button.rect.right - 2 * gap
        if middle:
            w = min(bw * 1.3, (room - gap * (len(middle) - 1)) / len(middle))
            x = (self.back_button.rect.right + self.start_button.rect.x) / 2 - (w * len(middle) + gap * (len(middle) - 1)) / 2
            for b in middle:
                b.rect = pygame.Rect(round(x), self.start_button.rect.y, round(w), round(bh))
                x += w + gap
        # the box takes the room under the last row (kept for engines' command lines while none shows)
        top = min(y + 8 * s, p.bottom - 80 * s - box_h)
        self.message_box = pygame.Rect(round(x0), round(top), round(p.width - 72 * s), round(p.bottom - 80 * s - top))
        self.x0 = x0

    def redraw_in(self) -> float | None:
        """An engine being started is looked at often; a focused engine field's caret blinks."""
        if self.check is not None:
            return CHECK_POLL
        times = [t for t in (f.redraw_in() for f in (*self.engine_fields, *self.name_fields)) if t is not None]
        return min(times) if times else None

    def process_event(self, event):
        if self.check is not None:  # engines are starting for the setup shown: only leaving is open
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.app.pop()
            else:
                self.back_button.handle(event)
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_e and event.mod & pygame.KMOD_CTRL \
                and self.editor_button.visible:
            self.edit_position()  # Ctrl+E: before the name fields, which take every other key typed
            return None
        if self.focus.handle(event):  # Tab, the arrows, Enter (Start while no ring shows), Space
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_o \
                and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):  # before a name field takes the key
            self.apply_source()
            return None
        for f in (*self.engine_fields, *self.name_fields):
            if f.visible and f.handle(event):
                return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return None
        for wdg in self.widgets():
            if wdg.handle(event):
                return None
        return None  # the setup fills the window: nothing reaches the menu under it

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s, p = self.s, self.panel
        theme.panel(surface, p)
        title = (_("New game: {game}, from an edited position") if self.position is not None
                 else _("New game: {game}")).format(game=_(self.game.title))
        theme.text(surface, theme.fit(title, 38 * s, p.width - 72 * s, bold=True), 38 * s, (p.x + 36 * s, p.y + 30 * s),
                   theme.TEXT, bold=True)
        for b in self.mode_buttons:
            b.draw(surface)
        active = self.mode_buttons[list(Mode).index(self.current_mode())]
        pygame.draw.rect(surface, theme.ACCENT, active.rect, width=2, border_radius=active.rect.height // 4)
        for label, y in self.rows:
            theme.text(surface, theme.fit(_(label), 24 * s, self.label_w), 24 * s, (self.x0, y), theme.MUTED, "midleft")
        for wdg in self.widgets():
            if wdg not in self.mode_buttons:
                wdg.draw(surface)
        self.focus.draw(surface)
        if self.check is not None:
            self.draw_message(surface, _("Starting {names}…").format(names=", ".join(self.check.names)), theme.MUTED)
        elif self.error:
            self.draw_message(surface, self.error, theme.ERROR)
        elif self.notice:
            self.draw_message(surface, _(self.notice), theme.TEXT, "midleft")
        else:
            self.draw_message(surface, self.detail_text(), theme.MUTED, "midleft")

    def draw_message(self, surface: pygame.Surface, message: str, color, anchor: str = "center") -> None:
        """A sentence whole in the box above the buttons: wrapped, and smaller until it fits (its end
        is cut only where even the smallest text would not fit)."""
        box, px = self.message_box, DETAIL_PX * self.s
        if not message:
            return
        lines, px = theme.wrap_to_fit(message, px, box)
        line_h = theme.line_height(px)
        top = box.y
        x = box.centerx if anchor == "center" else box.x
        for i, line in enumerate(lines):
            theme.text(surface, line, px, (x, top + line_h * (i + 0.5)), color, anchor)

    def current_mode(self) -> Mode:
        return Mode.of_seats(sum(c.value is None for c in self.seat_choices), len(self.seat_choices))


def _is_file(typed: str) -> bool:
    """Whether a typed program path names a file: "~name" of no user, a NUL or a name too long names none."""
    try:
        return Path(typed).expanduser().is_file()
    except (OSError, RuntimeError, ValueError):
        return False
