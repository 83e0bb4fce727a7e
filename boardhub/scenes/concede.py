"""The panels that ask before a game ends by the players' word: a resignation, a draw offered.

The game screen's keys (Ctrl+R, Ctrl+D, game_frame.ctrl_key) and the pause
menu open them by name.
"""
from __future__ import annotations

from boardhub.core.i18n import N_, _
from boardhub.core.session_base import Session
from boardhub.scenes.overlay import GamePanel
from boardhub.ui import theme
from boardhub.ui.scene import Host
from boardhub.ui.widgets import Button


class ResignScene(GamePanel):
    """Resign this game? Asked first: one key must not throw a game away."""

    title = N_("Resign?")

    def __init__(self, app: Host, session: Session) -> None:
        seat = session.resigning_seat
        name = session.match.seats[seat].label if seat is not None else ""
        buttons = [Button(N_("Keep playing"), self.close, primary=True),
                   Button(N_("Resign"), self.closing(session.resign))]
        super().__init__(app, session, buttons, [(_("{name} loses this game").format(name=name), theme.TEXT)])


class DrawOfferScene(GamePanel):
    """Two people on one screen: the one not to move answers the other's draw offer."""

    title = N_("Draw offered")

    def __init__(self, app: Host, session: Session) -> None:
        seats, asked = session.match.seats, session.draw_asked
        offerer = seats[1 - asked].label if asked is not None else ""
        lines = [(_("{name} offers a draw").format(name=offerer), theme.TEXT),
                 (_("{name}, do you accept?").format(name=seats[asked].label if asked is not None else ""),
                  theme.TEXT)]
        buttons = [Button(N_("Accept the draw"), lambda: self.answer(True)),
                   Button(N_("Decline"), self.close, primary=True)]
        super().__init__(app, session, buttons, lines)

    def answer(self, accepted: bool) -> None:
        self.session.answer_draw(accepted)
        self.app.pop()

    def close(self) -> None:  # Escape, or Decline: the offer is declined
        self.answer(False)
