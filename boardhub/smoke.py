"""`boardhub --smoke`: start the app headless, let the AIs play a few moves of
every game, save what the window shows, and say whether it all worked.

It checks what a packaged build most easily breaks and a unit test never sees:
the window and its fonts, the assets inside the bundle, the AI worker process
(spawned from the app's own executable) and each game's scene. Its own saves
go into the output folder, so a player's game in progress is never touched.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from dataclasses import replace
from pathlib import Path

import pygame

from boardhub.core import i18n
from boardhub.app import FPS, App
from boardhub.core import saves
from boardhub.core.game import GameEntry, all_games
from boardhub.core.modes import Mode
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup

MOVES = 4
LIMIT = 0.1  # seconds per AI move: enough for every AI to answer, short enough to be quick
TIMEOUT = 60.0  # per game; the first move also waits for the worker process to start
SETTLE = 0.5  # seconds of frames after the last move, so the screenshot shows it drawn


class SmokeFailure(Exception):
    """A game that did not play: the message says which and why."""


def smoke(out: str | None = None, size: tuple[int, int] = (1280, 800), moves: int = MOVES) -> int:
    """Play `moves` AI moves of every game headless; 0 if all went well, else 1 with the reason."""
    # before pygame starts (App() does): a smoke run needs no screen and no sound card
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    folder = Path(out) if out else Path(tempfile.mkdtemp(prefix="boardhub-smoke-"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        report = Report(folder / "smoke.txt")
    except OSError as exc:
        print(f"smoke: FAILED: cannot write into {folder}: {exc}", file=sys.stderr)
        return 1
    try:
        report.line(f"smoke: the app keeps its saves in {saves.saves_dir()}")
        os.environ["BOARDHUB_SAVES"] = str(folder / "saves")
        report.line(f"smoke: screenshots and this run's saves in {folder}")
        run_games(folder, size, moves, report)
    except Exception as exc:
        if not isinstance(exc, SmokeFailure):  # not one of ours: where it broke matters
            report.line(traceback.format_exc().rstrip(), err=True)
        report.line(f"smoke: FAILED: {exc}", err=True)
        return 1
    return 0


class Report:
    """Lines for the console and for smoke.txt: a windowed build on Windows has no console."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.write_text("", encoding="utf-8")

    def line(self, text: str, err: bool = False) -> None:
        stream = sys.stderr if err else sys.stdout
        if stream is not None:
            print(text, file=stream, flush=True)
        with self.path.open("a", encoding="utf-8") as f:
            f.write(text + "\n")


def run_games(folder: Path, size: tuple[int, int], moves: int, report: Report) -> None:
    app = App(size)
    try:
        app.settings.ava_delay = 0.0  # no pause between AI moves (only this run's settings file)
        app.open("menu")
        frames(app, 0.1)
        report.line(f"smoke: menu ok -> {screenshot(app, folder / 'menu.png')}")
        for code in i18n.LANGUAGES:  # every catalog is in the build and reads
            if i18n.set_language(code) != code:
                raise SmokeFailure(f"the {i18n.LANGUAGES[code]} catalog ({code}) cannot be read")
        i18n.set_language(app.settings.language)
        report.line(f"smoke: languages ok: {', '.join(i18n.LANGUAGES)}")
        for game in all_games():
            played = play(app, game, moves)
            path = screenshot(app, folder / f"{game.key}.png")
            report.line(f"smoke: {game.key} ok, {played} moves -> {path}")
            while len(app.stack) > 1:  # the game, and its result panel if it ended
                app.pop()
        report.line(f"smoke: network ok, {play_network(moves)} moves through a table on 127.0.0.1")
    finally:
        app.close()


def play_network(moves: int) -> int:
    """Host an Othello table on loopback, seat two clients at it and play `moves` moves through the server."""
    from boardhub.net.client import Client
    from boardhub.net.seat import RemoteSeat
    from boardhub.net.server import Server, ServerThread

    server = ServerThread(Server(), "127.0.0.1", 0)
    url = f"ws://127.0.0.1:{server.start()}"
    clients: list[Client] = []
    try:
        host = Client(url, {"t": "create", "game": "othello", "seats": ["me", "open"], "name": "smoke"})
        host.start()
        code = host.wait("welcome")["code"]
        guest = Client(url, {"code": code, "name": "smoke"})
        guest.start()
        guest.wait("welcome")
        clients = [host, guest]
        host.send({"t": "start"})
        seats = [RemoteSeat("othello", {}), RemoteSeat("othello", {})]
        for seat_number, seat in enumerate(seats):
            seat.seat = seat_number
        give_up = time.monotonic() + TIMEOUT
        played = 0
        while played < moves:
            if time.monotonic() > give_up:
                raise SmokeFailure(f"network: {played} of {moves} moves through the table in {TIMEOUT:g} s")
            for c, seat in zip(clients, seats):
                for message in c.poll():
                    seat.update(message)
                    if message.get("t") == "ack":
                        played += 1
                    elif message.get("t") in ("reject", "closed"):
                        raise SmokeFailure(f"network: the table said {message.get('why')!r}")
                if seat.my_turn and c.pending is None:
                    move = seat.rules.legal_moves(seat.view)[0]
                    c.act(seat.rules.move_to_text(move, seat.view))
            time.sleep(0.01)
        return played
    finally:
        for c in clients:
            c.close()
        server.stop()


def play(app: App, game: GameEntry, moves: int) -> int:
    """Open `game` AI against AI with its default AIs and let them make `moves` moves."""
    # referee off: a slow machine must not turn a late answer into a failed smoke run
    setup = replace(GameSetup.default(game.key, Mode.AVA), limit=LIMIT, referee=False)
    scene = app.open("game", GameSession.new(setup, app.start_worker))
    match = scene.match
    give_up = time.monotonic() + TIMEOUT
    while len(match.history) < moves and not match.is_over:
        if time.monotonic() > give_up:
            raise SmokeFailure(f"{game.key}: {len(match.history)} of {moves} AI moves in {TIMEOUT:g} s "
                               "(is the AI worker process running?)")
        frames(app, 0.0)
    if match.forfeit is not None:
        raise SmokeFailure(f"{game.key}: {match.forfeit.detail}")
    played = len(match.history)
    scene.session.toggle_pause()  # the screenshot shows the moves counted, drawn in full
    frames(app, SETTLE + app.settings.animation_seconds)
    return played


def frames(app: App, seconds: float) -> None:
    """Run the app's frames for `seconds` (at least one), at its frame rate."""
    end = time.monotonic() + seconds
    while True:
        app.frame(app.clock.tick(FPS) / 1000)
        if time.monotonic() >= end:
            return


def screenshot(app: App, path: Path) -> Path:
    """Save the window; a one-colour window means nothing was drawn, which fails the run."""
    pygame.image.save(app.screen, str(path))
    w, h = app.screen.get_size()
    colours = {tuple(app.screen.get_at((x, y))) for x in range(0, w, 8) for y in range(0, h, 8)}
    if len(colours) < 2:
        raise SmokeFailure(f"{path.name}: the window is blank")
    return path
