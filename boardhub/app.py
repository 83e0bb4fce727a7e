"""The window, the clock, the scene stack and the one main loop."""
from __future__ import annotations

import os
import sys
import time
import warnings
from typing import Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (after the prompt is hidden)

from boardhub.core.settings import Settings  # noqa: E402
from boardhub.ui import theme
from boardhub.ui.icon import set_window_icon
from boardhub.ui.scene import Scene
from boardhub.ui.sound import Sounds

FPS = 60


def check_pygame_ce() -> None:
    """pygame and pygame-ce share one folder; the last installed wins. We need -ce."""
    if not getattr(pygame, "IS_CE", False):
        sys.exit("boardhub needs pygame-ce, but plain pygame is installed over it.\n"
                 "Fix: pip uninstall -y pygame pygame-ce && pip install pygame-ce")


class App:
    """Owns the window and the stack; scenes ask it to push, pop and replace."""

    def __init__(self, size: tuple[int, int] = theme.BASE_SIZE) -> None:
        check_pygame_ce()
        os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "boardhub")
        pygame.init()
        pygame.display.set_caption("boardhub")
        set_window_icon()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._set_minimum_size()
        self.size = self.screen.get_size()
        self.clock = pygame.time.Clock()
        self.settings = Settings.load()
        self.sounds = Sounds()
        self.sounds.muted = not self.settings.sound
        self.stack: list[Scene] = []
        self.running = True
        self._worker = None
        self.last_setup: dict = {}  # (game, mode) -> the setup last started, for "Change setup"
        self.frame_times: list[float] = []  # seconds per frame, for the benchmarks

    @staticmethod
    def _set_minimum_size() -> None:
        """Keep the window large enough for its layouts (best effort: an older API)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                pygame.Window.from_display_module().minimum_size = theme.MIN_SIZE
            except (AttributeError, pygame.error):
                pass  # the layouts still clamp their sizes

    @property
    def worker(self):
        """The AI worker process (started after the first frame, or by the first AI game)."""
        return self.start_worker()

    def start_worker(self):
        if self._worker is None:
            from boardhub.core.worker import ProcessWorker
            self._worker = ProcessWorker()
        return self._worker

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

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        if self.stack:
            old = self.stack.pop()
            old.pause()
            old.shutdown()
        self.push(scene)

    def reset(self, scene_factory: Callable[[], Scene]) -> None:
        """Empty the stack (back to the menu) and start again with one scene."""
        while self.stack:
            s = self.stack.pop()
            s.pause()
            s.shutdown()
        self.push(scene_factory())

    # ---------------------------------------------------------------- the loop
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            w, h = pygame.display.get_surface().get_size()
            if (w, h) != self.size:
                self.size = (max(w, theme.MIN_SIZE[0]), max(h, theme.MIN_SIZE[1]))
                for s in self.stack:
                    s.layout(self.size)
            return
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

    def draw(self, surface: pygame.Surface) -> None:
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        for scene in self.stack[max(first, 0):]:
            scene.draw(surface)

    def run(self, max_seconds: float | None = None) -> None:
        started = time.monotonic()
        last = time.perf_counter()
        first = not self.frame_times
        while self.running and self.stack:
            self.clock.tick(FPS)
            now = time.perf_counter()
            dt, last = now - last, now
            self.frame_times.append(dt)
            if len(self.frame_times) > 10000:
                del self.frame_times[:5000]
            self.frame(dt)
            if first:  # the menu shows: now start the AI process, so the first AI move is not slowed
                first = False
                self.start_worker()
            if max_seconds is not None and time.monotonic() - started > max_seconds:
                break

    def close(self) -> None:
        while self.stack:
            self.pop()
        if self._worker is not None:
            self._worker.close()
        try:
            self.settings.save()
        except OSError:
            pass  # a read-only saves folder must not stop the app from closing
        theme.font.cache_clear()  # fonts die with pygame.quit()
        pygame.quit()


def run(argv: list[str]) -> int:
    """Open the window on the main menu and play until it is closed."""
    import argparse
    parser = argparse.ArgumentParser(prog="boardhub", description="Classic board games with strong AIs. "
                                     "Subcommands: arena, ais (python -m boardhub arena --help).")
    parser.add_argument("--size", default="1280x800", help="window size, e.g. 1024x640")
    parser.add_argument("--startup-time", action="store_true",
                        help="draw the first menu frame, print 'ready' and exit (bench/startup.py)")
    parser.add_argument("--smoke", action="store_true",
                        help="headless check: a few AI moves of every game, screenshots, exit 0 if all worked")
    parser.add_argument("--smoke-out", metavar="FOLDER",
                        help="where --smoke writes its screenshots (default: a new temporary folder)")
    args = parser.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 1280x800, not {args.size!r}")
    if args.smoke:
        from boardhub.smoke import smoke
        return smoke(args.smoke_out, (w, h))
    app = App((w, h))
    from boardhub.scenes.menu import MenuScene
    app.push(MenuScene(app))
    if args.startup_time:
        app.frame(0.0)
        print("ready", flush=True)
        app.close()
        return 0
    try:
        app.run()
    finally:
        app.close()
    return 0
