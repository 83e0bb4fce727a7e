"""The window, the clock, the scene stack and the one main loop."""
from __future__ import annotations

import math
import os
import sys
import time
import warnings
from typing import Any, Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window's class, which a launcher's StartupWMClass matches: before pygame's import, which
# otherwise names it after the script ("__main__.py")
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "boardhub")
import pygame  # noqa: E402  (after the prompt is hidden)

from boardhub.core import i18n  # noqa: E402
from boardhub.core.settings import Settings  # noqa: E402
from boardhub.core.worker import ProcessWorker, Worker
from boardhub.scenes.concede import DrawOfferScene, ResignScene
from boardhub.scenes.editor import EditorScene
from boardhub.scenes.game import GameScene
from boardhub.scenes.menu import MenuScene
from boardhub.scenes.net_host import HostScene
from boardhub.scenes.net_join import JoinScene
from boardhub.scenes.net_room import RoomScene
from boardhub.scenes.net_game import AwayScene, LeaveScene, NetGameScene, NetMenuScene
from boardhub.scenes.pause import PauseScene
from boardhub.scenes.record_import import ImportScene
from boardhub.scenes.result import ResultScene
from boardhub.scenes.review import ReviewScene
from boardhub.scenes.rules_page import RulesScene
from boardhub.scenes.saves_browser import SavesScene
from boardhub.scenes.settings import SettingsScene
from boardhub.scenes.setup import SetupScene
from boardhub.scenes.stats import StatsScene
from boardhub.ui import theme
from boardhub.ui.icon import set_window_icon
from boardhub.ui.scene import Scene
from boardhub.ui.sound import Sounds
from boardhub.ui.window import Placement, place_window

FPS = 60
# Every screen by the name scenes open it with: no scene imports another's class.
SCENES: dict[str, Callable[..., Scene]] = {
    "menu": MenuScene, "setup": SetupScene, "game": GameScene, "pause": PauseScene, "result": ResultScene,
    "import": ImportScene, "rules": RulesScene, "saves": SavesScene, "stats": StatsScene,
    "settings": SettingsScene, "review": ReviewScene, "editor": EditorScene,
    "resign": ResignScene, "draw_offer": DrawOfferScene,
    "net_join": JoinScene, "net_host": HostScene, "net_room": RoomScene,
    "net_game": NetGameScene, "net_menu": NetMenuScene, "net_leave": LeaveScene, "net_away": AwayScene,
}
# The longest the loop sleeps for a frame a scene asked for later: waking costs nothing,
# and a clock that drifts from the scene's own is corrected within a second.
MAX_WAIT = 1.0
# pygame.event.wait counts whole milliseconds and may wake this much early: still on time.
SLACK = 0.002
# Posted from the AI worker's thread when an answer is ready, to wake a loop that sleeps.
AI_ANSWER = pygame.event.custom_type()
# Posted once the window has kept its new size or maximised state for a moment: the
# settings are written then, once, not for every step of a drag across the screen.
WINDOW_SAVE = pygame.event.custom_type()
WINDOW_SAVE_MS = 800


def post_ai_answer() -> None:
    """Wake the main loop (called on the worker's thread: posting an event is thread-safe).

    The worker may finish a search after the window has closed; then there is no
    loop to wake, and posting would raise.
    """
    if not pygame.get_init():
        return
    try:
        pygame.event.post(pygame.event.Event(AI_ANSWER))
    except pygame.error:
        pass


def is_fullscreen_key(event: pygame.event.Event) -> bool:
    """F11, or Alt+Enter (either Enter): the keys that toggle full screen from every screen."""
    return event.key == pygame.K_F11 or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                                         and bool(event.mod & pygame.KMOD_ALT))


def check_pygame_ce() -> None:
    """pygame and pygame-ce share one folder; the last installed wins. We need -ce."""
    if not getattr(pygame, "IS_CE", False):
        sys.exit("boardhub needs pygame-ce, but plain pygame is installed over it.\n"
                 "Fix: pip uninstall -y pygame pygame-ce && pip install pygame-ce")


class App:
    """Owns the window and the stack; scenes ask it to push, pop and replace."""

    def __init__(self, size: tuple[int, int] | None = None) -> None:
        """Open the window at `size`, or (None) as the player left it last time, fitted to this desktop.

        An explicit size (`--size`, tests, benchmarks, the smoke check) is a one-off:
        its resizes are not remembered, so they never replace the player's window.
        """
        check_pygame_ce()
        pygame.init()
        pygame.display.set_caption("boardhub")
        set_window_icon()
        i18n.set_language(None)  # the system's language, for a word about settings that cannot be read
        self.settings = Settings.load()  # before the window opens: it opens at the size remembered there
        if self.settings.language in i18n.LANGUAGES and self.settings.language != i18n.language():
            i18n.set_language(self.settings.language)
        self.remember_window = size is None
        self._open_window(size)
        self.clock = pygame.time.Clock()
        self.sounds = Sounds()
        self.sounds.set_level(self.settings.loudness)
        theme.use_palette(self.settings.palette)
        self.stack: list[Scene] = []
        self.running = True
        self._key_text: str | None = None  # the text of a key that changed the screen: not the new screen's
        self._worker = None
        # the table this window hosts (net.lobby.Hosting): kept here, not by a screen, so that it
        # outlives the screen that started it; stopped when the host leaves the table or quits
        self.hosting: Any = None
        self.frame_times: list[float] = []  # seconds per frame, for the benchmarks

    def _open_window(self, size: tuple[int, int] | None) -> None:
        """Open the window at `size`, or where `place_window` puts it on this desktop."""
        if size is None:
            s = self.settings
            place = place_window(pygame.display.get_desktop_sizes(), (s.window_width, s.window_height),
                                 s.window_maximized)
            # centred, its frame and title bar stay on the screen (a default spot may push the bottom off)
            os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
        else:
            place = Placement(size, False, theme.MIN_SIZE)
        self.min_size = place.minimum
        self.window_size = place.size  # its size when not maximised: the one to open at next time
        self.window_maximized = place.maximized
        self._minimized = False
        # full screen as the player left it; an explicit size is a window of that size, as asked
        self._set_mode(size is None and self.settings.fullscreen)

    def _set_mode(self, fullscreen: bool) -> None:
        """Show the whole screen, or the window at its own size (maximised again if it was)."""
        self._minimized = False
        if fullscreen:
            # (0, 0): the desktop's own resolution, which pygame-ce shows as SDL's borderless
            # FULLSCREEN_DESKTOP: no change of the monitor's mode, and a quick way back
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
            window = self._window()
            if window is not None:
                window.minimum_size = self.min_size
            if self.window_maximized and window is not None:
                window.maximize()  # SDL sends no WINDOWMAXIMIZED for its own call: the state is set here
            else:
                self.window_size = self.screen.get_size()
                self.window_maximized = False
        self.fullscreen = fullscreen
        w, h = self.screen.get_size()
        self.size = (max(w, self.min_size[0]), max(h, self.min_size[1]))

    def toggle_fullscreen(self) -> None:
        """F11 or Alt+Enter, on any screen."""
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen (on) or go back to the window; every screen lays out again, the choice is kept."""
        kept = self.settings.fullscreen
        self.settings.fullscreen = on  # first: a screen's layout shows the setting (the Settings toggle)
        if on != self.fullscreen:
            self._set_mode(on)
            for scene in self.stack:
                scene.layout(self.size)
        if kept != on:
            self.save_settings()  # now: the next start opens as the player left it, even after a crash

    @staticmethod
    def _window() -> pygame.Window | None:
        """The display module's window, or None where this pygame has no Window API."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                return pygame.Window.from_display_module()
            except (AttributeError, pygame.error):
                return None  # the layouts still clamp their sizes

    def _track_window(self, event: pygame.event.Event) -> None:
        """Follow the window's size and maximised state as the player changes them, to open it so next time.

        Only the size of a window that is not maximised is kept (a maximised window is
        as big as the screen it is on); a window back from the taskbar is as it was.
        """
        if self.fullscreen:
            return  # the screen's size and state, not the window's: the window comes back as it was
        if event.type == pygame.WINDOWMINIMIZED:
            self._minimized = True
            return
        if event.type == pygame.WINDOWRESTORED and self._minimized:
            self._minimized = False
            return
        if event.type == pygame.WINDOWMAXIMIZED:
            self.window_maximized = True
        elif event.type == pygame.WINDOWRESTORED:
            self.window_maximized = False
        elif self.window_maximized or self._minimized:
            return
        else:
            self.window_size = pygame.display.get_surface().get_size()
        if self.remember_window:
            s = self.settings
            s.window_width, s.window_height = self.window_size
            s.window_maximized = self.window_maximized
            pygame.time.set_timer(WINDOW_SAVE, WINDOW_SAVE_MS, 1)  # a later change starts the wait again

    def save_settings(self) -> None:
        """Write the settings; a read-only saves folder is no reason to stop playing."""
        try:
            self.settings.save()
        except OSError:
            pass

    def set_language(self, code: str) -> None:
        """Speak `code` from now on, on every screen at once, and keep the choice in the settings.

        Labels are translated as they are drawn; what a screen words as it is
        laid out (wrapped paragraphs, a setup's rows) is laid out again here.
        """
        self.settings.language = i18n.set_language(code)
        self.save_settings()
        for scene in self.stack:
            scene.layout(self.size)

    def start_worker(self) -> Worker:
        """The AI worker process, started after the first frame or by the first AI game."""
        if self._worker is None:
            self._worker = ProcessWorker()
        if self._worker.on_done is None:  # also a worker a benchmark put in place
            self._worker.on_done = post_ai_answer
        return self._worker

    def wake(self) -> None:
        """Wake the resting loop from another thread (a network message arrived): thread-safe."""
        post_ai_answer()

    def host(self, hosting: Any) -> None:
        """Keep `hosting` (started) as this window's table server, ending any other first."""
        self.stop_hosting()
        self.hosting = hosting

    def stop_hosting(self) -> None:
        """End the hosted table's server and its beacon, if this window hosts one."""
        hosting, self.hosting = self.hosting, None
        if hosting is not None:
            hosting.stop()

    # ---------------------------------------------------------------- the stack
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.pause()
        self.stack.append(scene)
        scene.layout(self.size)
        scene.resume()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.pause()
        scene.shutdown()
        if self.top:
            self.top.layout(self.size)
            self.top.resume()
        else:
            self.running = False
        return scene

    def make(self, name: str, *args: Any) -> Scene:
        """The scene called `name` ("menu", "setup", "game"...), built with `args`."""
        return SCENES[name](self, *args)

    def open(self, name: str, *args: Any) -> Scene:
        """Open the scene called `name` over the current one: `app.open("setup", setup)`."""
        scene = self.make(name, *args)
        self.push(scene)
        return scene

    def replace(self, name: str, *args: Any) -> Scene:
        """Swap the top scene for the scene called `name`."""
        scene = self.make(name, *args)
        if self.stack:
            self._drop()
        self.push(scene)
        return scene

    def reset(self, name: str, *args: Any) -> Scene:
        """Empty the stack (back to the menu) and start again with the scene called `name`."""
        while self.stack:
            self._drop()
        return self.open(name, *args)

    def _drop(self) -> None:
        """Take the top scene off the stack for good."""
        scene = self.stack.pop()
        scene.pause()
        scene.shutdown()

    # ---------------------------------------------------------------- the loop
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == AI_ANSWER:
            return  # it only wakes the loop: the scenes poll their jobs in update
        if event.type == WINDOW_SAVE:
            self.save_settings()
            return
        if event.type == pygame.KEYDOWN and is_fullscreen_key(event):
            self.toggle_fullscreen()  # before the scenes: Alt+Enter never plays a move or presses a button
            return
        if event.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED):
            self._track_window(event)
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if event.type == pygame.WINDOWSIZECHANGED:
                self._track_window(event)
            w, h = pygame.display.get_surface().get_size()
            if (w, h) != self.size:
                # where a window manager ignores the minimum size, the layouts still get it
                self.size = (max(w, self.min_size[0]), max(h, self.min_size[1]))
                for s in self.stack:
                    s.layout(self.size)
            return
        if event.type == pygame.TEXTINPUT and self._key_text is not None:
            key_text, self._key_text = self._key_text, None
            if event.text == key_text:
                return  # the letter of a key that opened or closed a screen (the editor's P) is not typed there
        top = self.stack[-1] if self.stack else None
        self._dispatch(event)
        if event.type == pygame.KEYDOWN:
            changed = (self.stack[-1] if self.stack else None) is not top
            self._key_text = event.unicode if changed and getattr(event, "unicode", "") else None

    def _dispatch(self, event: pygame.event.Event) -> None:
        for scene in reversed(self.stack):
            event = scene.process_event(event)
            if event is None or not scene.transparent:
                return  # what a full screen leaves unused never reaches the screens hidden under it

    def frame(self, dt: float) -> None:
        """One frame: events, update the top scene, draw the visible scenes."""
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        if self.top:
            self.top.update(dt)
        self.draw(self.screen)
        pygame.display.flip()

    def visible(self) -> list[Scene]:
        """The scenes drawn, bottom first: the top one and what shows through transparent ones."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        return self.stack[max(first, 0):]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def redraw_in(self) -> float | None:
        """Seconds until a visible scene needs a frame with no input (0.0: every frame; None: only on input)."""
        times = [t for t in (scene.redraw_in() for scene in self.visible()) if t is not None]
        return max(0.0, min(times)) if times else None

    def run(self, max_seconds: float | None = None) -> None:
        """Play until the window closes (or for `max_seconds`), drawing only what changed.

        A frame is drawn when an event arrived (input, a resize, an AI's answer),
        when the stack changed, or when a visible scene's `redraw_in` came due;
        the first frame at once. While a scene animates the loop ticks at FPS;
        otherwise it sleeps in `pygame.event.wait` until the next event or the
        soonest frame a scene asked for, so a still window costs next to no CPU.
        """
        started = last = time.perf_counter()
        end = None if max_seconds is None else started + max_seconds
        last_drawn: float | None = None
        shown: tuple[Scene, ...] = ()  # the stack as last drawn
        due: float | None = started  # when a scene wants its next frame (perf_counter)
        woken_by: list[pygame.event.Event] = []
        while self.running and self.stack:
            events = woken_by + pygame.event.get()
            now = time.perf_counter()
            dt, last = now - last, now
            for event in events:
                self.handle(event)
                if not self.running:
                    return
            if self.top:
                self.top.update(dt)
            if not (self.running and self.stack):
                return
            if events or (due is not None and now >= due - SLACK) or not self._is_shown(shown):
                self._show(None if last_drawn is None else now - last_drawn)
                shown, last_drawn = tuple(self.stack), now
            now = time.perf_counter()
            if end is not None and now >= end - SLACK:
                return
            wait = self.redraw_in()
            due = None if wait is None else now + wait
            woken_by = [] if wait == 0.0 else self._sleep(wait, None if end is None else end - now)

    def _show(self, since_last: float | None) -> None:
        """Draw and flip a frame; `since_last` is the time since this run's previous frame (None: its first)."""
        self.draw(self.screen)
        pygame.display.flip()
        if since_last is None:  # the window shows: now start the AI process, so the first AI move is not slowed
            self.start_worker()
        else:  # only gaps between two frames of one run: what a run did in between is no frame time
            self.frame_times.append(since_last)
            if len(self.frame_times) > 10000:
                del self.frame_times[:5000]
        self.clock.tick(FPS)  # at most FPS frames a second, however fast input arrives

    @staticmethod
    def _sleep(wait: float | None, left: float | None) -> list[pygame.event.Event]:
        """Block until an event arrives or `wait` seconds pass (at most MAX_WAIT; None: no limit),
        never past `left` seconds; returns the event that woke the loop, if one did."""
        timeout = None if wait is None else min(wait, MAX_WAIT)
        if left is not None:
            timeout = left if timeout is None else min(timeout, left)
        event = pygame.event.wait() if timeout is None else pygame.event.wait(max(1, math.ceil(timeout * 1000)))
        return [] if event.type == pygame.NOEVENT else [event]

    def _is_shown(self, shown: tuple[Scene, ...]) -> bool:
        """The stack holds the very scenes last drawn (compared by identity)."""
        return len(shown) == len(self.stack) and all(a is b for a, b in zip(shown, self.stack))

    def close(self) -> None:
        while self.stack:
            self.pop()
        if self._worker is not None:
            self._worker.close()
        self.stop_hosting()
        self.save_settings()
        theme.font.cache_clear()  # fonts die with pygame.quit()
        pygame.quit()
