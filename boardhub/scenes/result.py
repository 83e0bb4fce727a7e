"""The result panel: who won and why, then play again, change the setup or go to the menu."""
from __future__ import annotations

from boardhub.core.stats import Stats, opponent_of
from boardhub.scenes.overlay import PanelScene
from boardhub.ui import theme
from boardhub.ui.widgets import Button


def result_lines(match) -> list[tuple[str, tuple]]:
    out = match.outcome
    scores = out.scores or tuple(getattr(match.state, "scores", ()))
    score = " - ".join(map(str, scores))
    if out.winner is None:
        head = "A draw"
    else:
        who = match.seats[out.winner].label
        head = "You win!" if who == "You" else f"{who} wins"
    lines = [(f"{head}   {score}".strip(), theme.TEXT)]
    if out.detail:
        lines.append((out.detail, theme.ERROR if out.is_forfeit else theme.MUTED))
    return lines


class ResultScene(PanelScene):
    title = "Game over"

    def __init__(self, app, game_scene) -> None:
        self.game_scene = game_scene
        buttons = [
            Button("Play again", self.closing(game_scene.restart), primary=True),
            Button("Change setup", self.closing(game_scene.change_setup)),
            Button("Look at the board", self.close),
            Button("Main menu", game_scene.to_menu),
        ]
        super().__init__(app, buttons, result_lines(game_scene.match) + record_line(game_scene))


def record_line(game_scene) -> list[tuple[str, tuple]]:
    """The player's record against these AIs, after a game that counted."""
    m = game_scene.match
    if m.kind != "PvA" or not game_scene.counted:
        return []
    row = Stats.load().table.get(game_scene.game.key, {}).get(opponent_of(m.seats))
    if not row:
        return []
    them = "this AI" if len(m.seats) == 2 else "these AIs"
    return [(f"So far against {them}: {row[0]} won, {row[1]} drawn, {row[2]} lost", theme.MUTED)]
