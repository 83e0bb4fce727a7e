"""The pause menu (Esc in a game)."""
from __future__ import annotations

from boardhub.scenes.overlay import PanelScene
from boardhub.ui.widgets import Button


class PauseScene(PanelScene):
    title = "Paused"

    def __init__(self, app, game_scene) -> None:
        self.game_scene = game_scene
        buttons = [
            Button("Resume", self.close, primary=True),
            Button("Restart", self.closing(game_scene.restart)),
            Button("Change setup", self.closing(game_scene.change_setup)),
            Button("Settings", self.settings),
            Button("Rules", self.rules),
            Button("Main menu", game_scene.to_menu),
        ]
        super().__init__(app, buttons)

    def settings(self) -> None:
        from boardhub.scenes.settings import SettingsScene
        self.app.replace(SettingsScene(self.app))

    def rules(self) -> None:
        from boardhub.scenes.rules_page import RulesScene
        self.app.replace(RulesScene(self.app, self.game_scene.game))
