"""Game setup: who sits where (Human or an AI with its level), the game's options,
the AI move limit and referee mode."""
from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from boardhub.core.ai import PROTOCOL_NAMES, AISpec
from boardhub.core.game import GameEntry
from boardhub.core.session import GameSession, GameSetup
from boardhub.ui import theme
from boardhub.ui.scene import Scene
from boardhub.ui.widgets import Button, Choice, TextField, Toggle

LIMITS = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0)
ORDINALS = ("Moves first", "Moves second", "Moves third", "Moves fourth")


def ai_choices(game: GameEntry) -> tuple[list, list[str]]:
    """Human, every AI of the game with each of its levels ("greedy:5"), then its engine protocols."""
    values: list = [None]
    labels = ["Human"]
    for a in game.ai_entries:
        for level in a.levels or (None,):
            values.append(a.name if level is None else f"{a.name}:{level}")
            labels.append(f"{a.name.capitalize()} AI" + ("" if level is None else f" {level}"))
    for proto in game.externals:
        values.append(f"{proto}:")
        labels.append(f"Engine ({PROTOCOL_NAMES[proto]})")
    return values, labels


class SetupScene(Scene):
    def __init__(self, app, setup: GameSetup) -> None:
        super().__init__(app)
        self.game = setup.entry
        config = setup
        self.mode = setup.mode
        self.seat_choices: list[Choice] = []
        self.engine_fields: list[TextField] = []  # an engine seat's command line, beside its choice
        self.set_seats(config.seats)
        self.error = ""
        self.option_choices = [(o, Choice(o.choices, [o.label_of(c) for c in o.choices],
                                          config.options.get(o.key, o.default), lambda _: self.sync_seats()))
                               for o in self.game.options]
        self.limit = Choice(LIMITS, [f"{v:g} s" for v in LIMITS], config.limit)
        self.referee = Toggle(config.referee, labels=("Off: late moves still count",
                                                          "On: a late AI loses"))
        self.mode_buttons = [Button(label, lambda m=m: self.set_mode(m))
                             for label, m in (("Player vs Player", "pvp"), ("Player vs AI", "pva"),
                                              ("AI vs AI", "ava"))]
        self.swap_button = Button("Swap who starts", self.swap)
        self.start_button = Button("Start", self.start, primary=True)
        self.back_button = Button("Back", self.app.pop)

    def set_seats(self, seats: list[str | None]) -> None:
        values, labels = ai_choices(self.game)
        self.seat_choices = [Choice(values, labels, self._choice_of(ai), lambda _: self.layout(self.size))
                             for ai in seats]
        self.engine_fields = [TextField(ai.partition(":")[2] if self._choice_of(ai) != ai else "",
                                        placeholder="program and arguments") for ai in seats]

    def sync_seats(self) -> None:
        """One seat row per player: an option such as the number of players changes them."""
        n = self.game.rules.num_players({o.key: c.value for o, c in self.option_choices})
        seats = self.seat_values()
        if n != len(seats):
            extra = GameSetup.default(self.game.key, self.current_mode()).seats[-1]
            self.set_seats((seats + [extra] * n)[:n])
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

    def set_mode(self, mode: str) -> None:
        self.mode = mode
        n = len(self.seat_choices)
        seats = list(GameSetup.default(self.game.key, mode).seats)
        self.set_seats((seats + seats[-1:] * n)[:n])
        self.referee.value = mode == "ava"
        self.layout(self.size)

    def swap(self) -> None:
        seats = self.seat_values()
        seats = seats[1:] + seats[:1]
        for choice, field, ai in zip(self.seat_choices, self.engine_fields, seats):
            choice.set(self._choice_of(ai))
            field.text = ai.partition(":")[2] if self._is_engine(self._choice_of(ai)) else field.text
        self.layout(self.size)

    def setup(self) -> GameSetup:
        return GameSetup(self.game.key, tuple(self.seat_values()), {o.key: c.value for o, c in self.option_choices},
                         self.limit.value, self.referee.value, self.current_mode())

    def engine_problem(self) -> str:
        """Why an engine seat cannot start, or ""."""
        for i, (choice, value) in enumerate(zip(self.seat_choices, self.seat_values())):
            if not self._is_engine(choice.value):
                continue
            try:
                proto, argv = AISpec.parse(value).external
            except ValueError:
                return f"{ORDINALS[i]}: give the engine's program and its arguments"
            if shutil.which(argv[0]) is None and not Path(argv[0]).expanduser().is_file():
                return f"{ORDINALS[i]}: cannot find the program {argv[0]!r}"
        return ""

    def start(self) -> None:
        self.error = self.engine_problem()
        if self.error:
            return
        setup = self.setup()
        self.app.last_setup[(self.game.key, setup.mode)] = setup
        self.app.replace("game", GameSession.new(setup, self.app.start_worker))

    def widgets(self):
        yield from self.mode_buttons
        yield from self.seat_choices
        yield from (f for f in self.engine_fields if f.visible)
        yield from (c for _, c in self.option_choices)
        yield from (self.limit, self.referee, self.swap_button, self.start_button, self.back_button)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 40 * s, 760 * s), min(h - 40 * s, 700 * s))
        self.panel.center = (w / 2, h / 2)
        p = self.panel
        x0, lab_w, gap = p.x + 36 * s, 220 * s, 12 * s
        rows = len(self.seat_choices) + len(self.option_choices) + 3  # the swap button, limit, referee
        row_h = min(40 * s, (p.height - 270 * s) / rows - gap)  # many seats and options: closer rows
        field_w = p.right - 36 * s - (x0 + lab_w)
        y = p.y + 90 * s
        mw = (p.width - 72 * s - 2 * gap) / 3
        for i, b in enumerate(self.mode_buttons):
            b.rect = pygame.Rect(round(x0 + i * (mw + gap)), round(y), round(mw), round(row_h))
        y += row_h + 28 * s
        self.rows: list[tuple[str, int]] = []
        for i, (c, f) in enumerate(zip(self.seat_choices, self.engine_fields)):
            f.visible = self._is_engine(c.value)
            choice_w = field_w * 0.42 if f.visible else field_w
            c.rect = pygame.Rect(round(x0 + lab_w), round(y), round(choice_w), round(row_h))
            f.rect = pygame.Rect(round(x0 + lab_w + choice_w + gap), round(y), round(field_w - choice_w - gap),
                                 round(row_h))
            self.rows.append((ORDINALS[i], round(y + row_h / 2)))
            y += row_h + gap
        self.swap_button.rect = pygame.Rect(round(x0 + lab_w), round(y), round(field_w), round(row_h * 0.85))
        y += row_h + 24 * s
        for o, c in self.option_choices:
            c.rect = pygame.Rect(round(x0 + lab_w), round(y), round(field_w), round(row_h))
            self.rows.append((o.label, round(y + row_h / 2)))
            y += row_h + gap
        self.limit.rect = pygame.Rect(round(x0 + lab_w), round(y), round(field_w), round(row_h))
        self.rows.append(("AI move limit", round(y + row_h / 2)))
        y += row_h + gap
        self.referee.rect = pygame.Rect(round(x0 + lab_w), round(y), round(field_w), round(row_h))
        self.rows.append(("Referee", round(y + row_h / 2)))
        bw = 180 * s
        self.start_button.rect = pygame.Rect(round(p.right - 36 * s - bw), round(p.bottom - 70 * s),
                                             round(bw), round(48 * s))
        self.back_button.rect = pygame.Rect(round(x0), round(p.bottom - 70 * s), round(bw * 0.7), round(48 * s))
        self.x0 = x0

    def redraw_in(self) -> float | None:
        """A focused engine field's caret blinks; nothing else here moves on its own."""
        times = [t for t in (f.redraw_in() for f in self.engine_fields) if t is not None]
        return min(times) if times else None

    def process_event(self, event):
        for f in self.engine_fields:
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
        theme.text(surface, f"New game: {self.game.title}", 38 * s, (p.x + 36 * s, p.y + 30 * s),
                   theme.TEXT, bold=True)
        for b in self.mode_buttons:
            b.draw(surface)
        active = {"pvp": 0, "pva": 1, "ava": 2}.get(self.current_mode())
        if active is not None:
            pygame.draw.rect(surface, theme.ACCENT, self.mode_buttons[active].rect, width=2,
                             border_radius=self.mode_buttons[active].rect.height // 4)
        for label, y in self.rows:
            theme.text(surface, label, 24 * s, (self.x0, y), theme.MUTED, "midleft")
        for wdg in self.widgets():
            if wdg not in self.mode_buttons:
                wdg.draw(surface)
        if self.error:
            theme.text(surface, self.error, 22 * s, (p.centerx, self.start_button.rect.y - 24 * s),
                       theme.ERROR, "center")

    def current_mode(self) -> str:
        humans = sum(c.value is None for c in self.seat_choices)
        return "pvp" if humans == len(self.seat_choices) else "ava" if humans == 0 else "pva"
