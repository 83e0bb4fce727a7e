"""The pause menu (Esc in a game)."""
from __future__ import annotations

from boardhub.core.i18n import N_, _
from boardhub.core.session_base import Session
from boardhub.scenes.game_frame import offer_draw
from boardhub.scenes.overlay import GamePanel
from boardhub.ui.scene import Host
from boardhub.ui.widgets import Button


class PauseScene(GamePanel):
    title = N_("Paused")

    def __init__(self, app: Host, session: Session) -> None:
        over = session.match.is_over  # nothing to resume: the game is over (or the replay at its end)
        if over:
            self.title = N_("End of the replay") if session.is_replay else N_("Game over")
        buttons = [
            Button(N_("Look at the board") if over else N_("Resume"), self.close, primary=True),
            Button(N_("Restart"), self.closing(self.restart)),
            Button(N_("Change setup"), self.closing(self.change_setup)),
        ]
        if session.can_resign:  # the game ends only once the confirmation says so
            buttons.append(Button(N_("Resign"), lambda: self.app.replace("resign", session)))
        if session.can_offer_draw:
            buttons.append(Button(N_("Offer a draw"), self.closing(
                lambda: offer_draw(self.app, session, self.say_below))))
        if session.offers_find_win and not over:  # as Ctrl+F and the game screen's button
            buttons.append(Button(N_("Find the win"), self.closing(
                lambda: self.say_below(session.find_win() or _("Looking for a forced win…"), "info"))))
        buttons += [
            Button(N_("Settings"), lambda: self.app.replace("settings")),
            Button(N_("Rules"), lambda: self.app.replace("rules", session.entry)),
            Button(N_("Main menu"), lambda: self.app.reset("menu")),
        ]
        super().__init__(app, session, buttons)

    def say_below(self, text: str, kind: str) -> None:
        """Say `text` on the game screen this menu covered (it is on top again once the menu closed)."""
        say = getattr(self.app.top, "say", None)
        if say is not None:
            say(text, kind)
