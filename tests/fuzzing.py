"""Random input for the app: mouse, wheel, keys, typed and pasted text and window resizes, in
seeded batches with app frames between them, and the checks run after each batch.

Text includes what comes from elsewhere: pastes up to a megabyte, control characters,
NULs and the paths of hostile files (tests/hostile_files.py) for Import to read. A frame
must stay cheap however long the text: the characters measured to fit text in one frame
are counted (theme.Measured) against a generous bound, a structural check, never a timing.

`Fuzzer.run` keeps fuzzing whatever scene is on top (clicks open other scenes,
and that is part of the test) and starts again on a fresh copy of the target
scene until the target itself has had its share of events. A failure names the
scene, the seed and the last batch of events, so it can be replayed.
"""
from __future__ import annotations

import random
import string
from dataclasses import dataclass, field
from typing import Callable

import pygame

from boardhub.core.position import start_state
from boardhub.scenes.game import GameScene
from boardhub.scenes.menu import MenuScene
from boardhub.scenes.setup import SetupScene
from boardhub.ui import theme
from boardhub.ui.scene import Scene
from boardhub.ui.widgets import Widget

# keys a player uses here, with the shortcuts weighted up; letters and digits for text fields
SHORTCUTS = [pygame.K_ESCAPE, pygame.K_z, pygame.K_y, pygame.K_SPACE, pygame.K_RIGHT, pygame.K_m,
             pygame.K_RETURN, pygame.K_BACKSPACE]
OTHER_KEYS = [pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME,
              pygame.K_END, pygame.K_TAB, pygame.K_DELETE, pygame.K_KP_ENTER, pygame.K_v, pygame.K_F1,
              pygame.K_LSHIFT, pygame.K_LCTRL]
LETTERS = [getattr(pygame, f"K_{c}") for c in string.ascii_lowercase + string.digits]
MODS = [0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_LCTRL, pygame.KMOD_META, pygame.KMOD_SHIFT, pygame.KMOD_ALT,
        pygame.KMOD_CTRL | pygame.KMOD_SHIFT]
# what people paste or type into the record and engine fields: notation, paths, junk
TEXTS = ["f5d6c3d3c4", "f5 d6 c3", "h8 i9 j10", "a1", "z99", "pass", "0 1\n2 1", "Piskvork\n10,10,0\n-1\n",
         "Piskvork", "19,19", "/", "/tmp", "..", "~", ".", "-", "\t", " ", "é", "中文", "🙂", "\n",
         "x" * 600, "x" * 300, "f5" * 40, "10,10\n11,11", "~nosuchuser", "~/", " ".join(["h8", "i9", "j10"] * 30)]
# what comes from elsewhere: long pastes (up to a megabyte), control characters, NULs, lone surrogates
HOSTILE_TEXTS = ["x" * 1_000_000, "f5" * 300_000, "h8 i9 " * 100_000, "한" * 200_000, "0 1\n" * 50_000,
                 "\x00", "f5\x00d6", "\x00" * 5000, "\x1b[31mred\x07\x08", "\r\n\t\x0b\x0c", "\u202eevil",
                 "\ud800", "a\udfffb", "\ufeff", "\x7f\x9f", "e" + "\u0301" * 20_000]
EVENT_KINDS = ["motion", "down", "up", "wheel", "keydown", "keyup", "text", "resize"]
EVENT_WEIGHTS = [18, 20, 12, 6, 26, 6, 10, 0.5]
# Characters the fitting of text may measure in one frame (theme.Measured): a screen full of
# text costs tens of thousands; a text cut letter by letter costs its length squared
MEASURED_PER_FRAME = 2_000_000
frame_start = [0]  # theme.Measured.chars when the frame began


def bounded_width(real: Callable) -> Callable:
    """theme's measure of a text, failing the frame as soon as it measures past MEASURED_PER_FRAME
    (a fit gone letter by letter on a megabyte fails at once, not after hours)."""
    def width(f, msg: str) -> int:
        measured = theme.Measured.chars - frame_start[0]
        assert measured <= MEASURED_PER_FRAME, f"one frame measured over {measured:,} characters of text to fit it"
        return real(f, msg)
    return width


# Where Ctrl+V finds its text during a fuzz (the fuzz module puts this in place of the clipboard)
clipboard = [""]


def fuzz_clipboard() -> str:
    return clipboard[0]


def widget_rects(obj, depth: int = 0) -> list[pygame.Rect]:
    """The rects of every visible widget an object holds, in lists, tuples and dicts too."""
    if isinstance(obj, Widget):
        return [obj.rect] if obj.visible else []
    if depth > 2:
        return []
    if isinstance(obj, dict):
        obj = list(obj.values())
    if isinstance(obj, (list, tuple)):
        return [r for item in obj for r in widget_rects(item, depth + 1)]
    return []


def hot_rects(scene: Scene) -> list[pygame.Rect]:
    """Where clicks do something on this scene: its widgets, its board and a board's own targets."""
    rects = [r for value in vars(scene).values() for r in widget_rects(value)]
    board = getattr(scene, "board", None)
    if board is not None:
        rects.append(board.rect)
        match = getattr(scene, "match", None)  # a review shows positions, not a match
        if match is not None and hasattr(board, "pile_rects"):  # Da Vinci: piles, pad, stop button, racks
            view = board.view(match.state)
            tiles = board.rack_rects(view)
            rects += [*board.pile_rects().values(), *board.pad_rects().values(), board.stop_rect(),
                      *tiles.values(), *board.slot_rects(view, tiles).values()]
    return [r for r in rects if r.width > 0 and r.height > 0]


def random_size(rng: random.Random) -> tuple[int, int]:
    """A window size from tiny to large; the app keeps its layouts at theme.MIN_SIZE or more."""
    band = rng.random()
    if band < 0.2:
        return rng.randint(1, 200), rng.randint(1, 200)
    if band < 0.45:
        return rng.randint(200, theme.MIN_SIZE[0] - 1), rng.randint(150, theme.MIN_SIZE[1] - 1)
    if band < 0.9:
        return rng.randint(640, 1600), rng.randint(480, 1000)
    return rng.randint(1600, 2560), rng.randint(1000, 1600)


def check_match(match) -> None:
    """The match is what replaying its moves from the start (an edited position's, where it has one) gives,
    and its redo list still plays."""
    rules = match.rules
    assert match.start == start_state(rules, match.game.position, match.options, match.seed, match.position)
    assert len(match.states) == len(match.history) + 1 and match.states[0] is match.start
    state = match.start
    for n, played in enumerate(match.history):
        assert played.seat == rules.to_move(state), f"move {n + 1} is recorded for the wrong seat"
        state = rules.apply(state, played.move)
        assert state == match.states[n + 1], f"state after move {n + 1} differs from the replay"
    if match.forfeit is None:
        for played in reversed(match.redo_stack):
            if rules.is_over(state):
                break
            state = rules.apply(state, played.move)


def assert_stack_shape(stack: list[Scene]) -> None:
    """Scenes stack as the app's own buttons put them: the menu only at the bottom, one game
    at most, and no setup above a game. A click that reached a scene under the top one (a
    menu button under a game) breaks this shape."""
    names = [type(s).__name__ for s in stack]
    assert not any(isinstance(s, MenuScene) for s in stack[1:]), f"a menu above the bottom: {names}"
    games = [i for i, s in enumerate(stack) if isinstance(s, GameScene)]
    assert len(games) <= 1, f"two games at once: {names}"
    above_game = stack[games[0] + 1:] if games else []
    assert not any(isinstance(s, SetupScene) for s in above_game), f"a setup above a game: {names}"


@dataclass
class Fuzzer:
    """Seeded random input for one app; `run` fuzzes one target scene."""

    app: object
    seed: int
    paths: list[str] = field(default_factory=list)  # files to type or paste as an import's path
    rng: random.Random = field(init=False)
    queue: list[pygame.event.Event] = field(default_factory=list)  # the rest of a sequence of events
    log: list[str] = field(default_factory=list)  # the current batch, for the failure message
    restarts: int = 0  # times the app was quit (Quit, Esc on the menu) and started again

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        push = type(self.app).push.__get__(self.app)

        def guarded_push(scene: Scene) -> None:  # replace and reset push through here too
            push(scene)
            self.guard(scene)
        self.app.push = guarded_push

    # ---------------------------------------------------------------- events
    def position(self) -> tuple[int, int]:
        rng, (w, h) = self.rng, pygame.display.get_surface().get_size()
        band = rng.random()
        hot = hot_rects(self.app.top) if self.app.top is not None and band < 0.5 else []
        if hot:
            r = rng.choice(hot)
            return rng.randint(r.left, r.right), rng.randint(r.top, r.bottom)
        if band < 0.9:
            return rng.randint(0, max(0, w - 1)), rng.randint(0, max(0, h - 1))
        return rng.randint(-300, w + 300), rng.choice([rng.randint(-300, -1), rng.randint(h, h + 300)])

    def event(self) -> pygame.event.Event:
        if self.queue:
            return self.queue.pop(0)
        rng = self.rng
        kind = rng.choices(EVENT_KINDS, EVENT_WEIGHTS)[0]
        if kind == "motion":
            pos = self.position()
            pygame.mouse.set_pos(pos)  # posted motion does not move SDL's mouse: hovers read this
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        if kind in ("down", "up"):
            button = rng.choice([1, 1, 1, 1, 2, 3, 4, 5])
            etype = pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP
            return pygame.event.Event(etype, pos=self.position(), button=button)
        if kind == "wheel":
            return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 1, 2, 5]), flipped=False)
        if kind in ("keydown", "keyup"):
            pool = rng.choices([SHORTCUTS, OTHER_KEYS, LETTERS], [5, 2, 3])[0]
            key = rng.choice(pool)
            if key == pygame.K_ESCAPE and rng.random() < 0.6:
                key = pygame.K_z  # Esc leaves most scenes: keep it rarer than the other shortcuts
            mod = rng.choice(MODS)
            name = pygame.key.name(key)
            unicode = name if len(name) == 1 else ""
            etype = pygame.KEYDOWN if kind == "keydown" else pygame.KEYUP
            return pygame.event.Event(etype, key=key, mod=mod, unicode=unicode, scancode=0)
        if kind == "text":
            band = rng.random()
            if band < 0.15:
                text = rng.choice(HOSTILE_TEXTS)
            elif band < 0.25 and self.paths:  # a hostile file's path in place of the text, then Enter
                self.queue = [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(self.paths)),
                              pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)]
                return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="a",
                                          scancode=0)
            elif band < 0.6:
                text = rng.choice(TEXTS)
            else:
                text = "".join(rng.choice(string.ascii_letters + string.digits + " ,.;:/-_\n")
                               for _ in range(rng.randint(1, 12)))
            if rng.random() < 0.3:  # pasted: the next Ctrl+V brings it
                clipboard[0] = text
            return pygame.event.Event(pygame.TEXTINPUT, text=text)
        size = random_size(rng)
        self.app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        etype = rng.choice([pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED])
        return pygame.event.Event(etype, size=size, w=size[0], h=size[1], x=size[0], y=size[1])

    # ---------------------------------------------------------------- running
    def guard(self, scene: Scene) -> None:
        """Fail as soon as input reaches a scene that another full-window scene covers.

        A player cannot see such a scene, so nothing they do may reach it (a click
        on a game's empty side panel must not press the menu's button beneath).
        """
        if getattr(scene, "_fuzz_guard", None) is self:
            return
        scene._fuzz_guard = self
        original = type(scene).process_event.__get__(scene)

        def process_event(event):
            stack = self.app.stack
            covers = [s for s in stack[stack.index(scene) + 1:] if not s.transparent] if scene in stack else []
            assert not covers, f"{type(covers[-1]).__name__} passed input down to {type(scene).__name__}"
            return original(event)
        scene.process_event = process_event

    def batch(self, count: int) -> None:
        """Post `count` random events, then run one frame of the app."""
        self.log = []
        for _ in range(count + len(self.queue)):  # a sequence begun is posted whole
            event = self.event()
            self.log.append(f"{pygame.event.event_name(event.type)} {str(event.dict)[:300]}")
            pygame.event.post(event)
        frame_start[0] = theme.Measured.chars
        self.app.frame(self.rng.choice([0.0, 0.016, 0.016, 0.05, 0.2]))
        measured = theme.Measured.chars - frame_start[0]
        assert measured <= MEASURED_PER_FRAME, f"one frame measured {measured:,} characters of text to fit it"

    def check(self) -> None:
        """After a batch: a live stack of scenes laid out for the window, and consistent matches."""
        app = self.app
        if not app.running:
            # the only way out is the menu's Quit (its button or Esc); then start again
            assert isinstance(app.top, MenuScene), f"the app stopped on {type(app.top).__name__}"
            pygame.event.clear()
            app.running = True
            app.reset("menu")
            self.restarts += 1
        assert app.stack, "the scene stack is empty"
        assert_stack_shape(app.stack)
        assert app.size[0] >= theme.MIN_SIZE[0] and app.size[1] >= theme.MIN_SIZE[1]
        for scene in app.stack:
            assert scene.size == app.size, f"{type(scene).__name__} is laid out for {scene.size}, not {app.size}"
            if isinstance(scene, GameScene):
                check_match(scene.match)

    def run(self, build: Callable[[object], Scene], target_events: int, episode_batches: int = 8,
            max_events: int | None = None) -> dict:
        """Fuzz fresh copies of the scene `build` makes until it has had `target_events` events.

        Each episode starts on a new copy and runs `episode_batches` batches on
        whatever is on top. Returns counts for the test to check and report.
        """
        # panels that a key dismisses (Enter, Space, Esc) are left often: give their fuzz room to reach its target
        max_events = max_events or 10 * target_events
        on_target = total = episodes = 0
        while on_target < target_events and total < max_events:
            episodes += 1
            target = self.fresh(build)
            for _ in range(episode_batches):
                count = self.rng.randint(1, 40)
                if self.app.top is target:
                    on_target += count
                total += count
                self.batch(count)
                self.check()
        return {"on_target": on_target, "total": total, "episodes": episodes, "restarts": self.restarts}

    def fresh(self, build: Callable[[object], Scene]) -> Scene:
        """Back to the menu in the standard window, then the target scene on top."""
        app = self.app
        pygame.event.clear()
        app.screen = pygame.display.set_mode(theme.BASE_SIZE, pygame.RESIZABLE)
        app.size = theme.BASE_SIZE
        app.running = True
        app.reset("menu")
        target = build(app)
        assert app.top is target
        app.frame(0.016)
        self.check()
        return target
