"""The pause menu (Esc in a game)."""
from __future__ import annotations

from boardhub.core.session import GameSession
from boardhub.scenes.overlay import GamePanel
from boardhub.ui.widgets import Button


class PauseScene(GamePanel):
    title = "Paused"

    def __init__(self, app, session: GameSession) -> None:
        buttons = [
            Button("Resume", self.close, primary=True),
            Button("Restart", self.closing(self.restart)),
            Button("Change setup", self.closing(self.change_setup)),
            Button("Settings", lambda: self.app.replace("settings")),
            Button("Rules", lambda: self.app.replace("rules", session.entry)),
            Button("Main menu", lambda: self.app.reset("menu")),
        ]
        super().__init__(app, session, buttons)
