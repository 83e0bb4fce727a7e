"""Drive the app through its main screens and save what the window shows.

    xvfb-run -s "-screen 0 1280x800x24" python tools/screenshots.py [folder]

Writes menu.png, setup.png, game.png (a game against the AI in progress, the
mouse over a line) and result.png (a finished game), settings.png and ava.png (AI vs AI) into the
folder (shots/), then the menu with Continue, the saved games, a replay and the stats.
"""
from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

import pygame


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "shots")
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("BOARDHUB_SAVES", str(out / "saves"))
    from boardhub.app import App

    app = App((1280, 800))
    app.open("menu")

    def frames(n: int) -> None:
        for _ in range(n):
            app.frame(1 / 60)
            time.sleep(1 / 60)

    def shot(name: str) -> None:
        frames(2)
        pygame.image.save(app.screen, str(out / name))

    shot("menu.png")
    menu = app.top
    menu.open_setup(menu.games[0], "pva")
    shot("setup.png")
    app.top.start()
    game = app.top
    m = game.match
    rng = random.Random(4)
    while len(m.history) < 22:
        if m.human_to_move:
            safe = [mv for mv in m.rules.legal_moves(m.state) if not third_side(m.state, mv)]
            m.play(rng.choice(safe or m.rules.legal_moves(m.state)))
        frames(1)
    while not m.human_to_move:
        frames(1)
    frames(40)
    target = next(mv for mv in m.rules.legal_moves(m.state) if not third_side(m.state, mv))
    a, b = game.board.ends(target)
    pygame.mouse.set_pos(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + 6))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pygame.mouse.get_pos(), rel=(0, 0), buttons=(0, 0, 0)))
    shot("game.png")
    while not m.is_over:
        if m.human_to_move:
            legal = m.rules.legal_moves(m.state)
            safe = [mv for mv in legal if not third_side(m.state, mv)]
            m.play(rng.choice(safe or legal))
        frames(1)
    frames(120)
    shot("result.png")
    menu = app.reset("menu")
    menu.open_settings()
    shot("settings.png")
    app.pop()
    menu.open_setup(menu.games[0], "ava")
    app.top.start()
    while len(app.top.match.history) < 12:
        frames(1)
    shot("ava.png")
    app.reset("menu")
    shot("menu_continue.png")
    app.top.open_saves()
    shot("saves.png")
    app.top.replay_selected()
    frames(150)
    shot("replay.png")
    app.reset("menu")
    app.top.open_stats()
    shot("stats.png")
    app.close()


def third_side(state, move) -> bool:
    g = state.geom
    i = g.line_index[move]
    return any(bin(state.lines & g.box_mask[b]).count("1") == 2 for b in g.line_boxes[i])


if __name__ == "__main__":
    main()
