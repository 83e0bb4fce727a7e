"""The result panel: who won and why, then play again, change the setup or go to the menu
(after a replay: watch again, or back to the saved games)."""
from __future__ import annotations

from boardhub.core.clock import FLAG
from boardhub.core.i18n import N_, _, ngettext
from boardhub.core.review_run import GameRecord
from boardhub.core.match_text import score_text, winner_text
from boardhub.core.modes import Mode
from boardhub.core.session_base import Session
from boardhub.core.stats import is_ai_forfeit
from boardhub.scenes.overlay import GamePanel
from boardhub.ui import theme
from boardhub.ui.scene import Host
from boardhub.ui.widgets import Button

# The panel's lines are wrapped at this width for its text at scale 1; both scale with the window.
LINE_PX, LINE_WIDTH = 26, 440


def result_lines(session: Session) -> list[tuple[str, tuple]]:
    """Who won, then each side beside its own score ("You 0 - 9 Expert AI"), then why, in the seats' names."""
    match = session.match
    out = match.outcome
    head = winner_text(match)
    won = out.winner is not None and match.mode is Mode.PVA and match.seats[out.winner].is_human
    lines = [(_("You win!") if won else head, theme.TEXT)]
    score = score_text(match)
    if score:
        lines += [(line, theme.TEXT) for line in theme.wrap(score, LINE_PX, LINE_WIDTH)]
    detail = out.describe([seat.label for seat in match.seats], _)
    if detail:
        color = theme.ERROR if out.is_forfeit else theme.MUTED
        lines += [(line, color) for line in theme.wrap(detail, LINE_PX, LINE_WIDTH)]
    record = session.record_so_far()
    if record is not None:
        one = len(match.seats) == 2
        if is_ai_forfeit(out, match.human_seat):  # the stats say so too: a forfeit is no win at the board
            lines.append((_("Not a win in your stats: AI forfeits count apart"), theme.MUTED))
        so_far = _("So far against this AI: {won} won, {drawn} drawn, {lost} lost") if one else \
            _("So far against these AIs: {won} won, {drawn} drawn, {lost} lost")
        lines.append((so_far.format(won=record[0], drawn=record[1], lost=record[2]), theme.MUTED))
        if record[3]:
            forfeited = ngettext("and {count} game this AI forfeited", "and {count} games this AI forfeited",
                                 record[3]) if one else \
                ngettext("and {count} game these AIs forfeited", "and {count} games these AIs forfeited", record[3])
            lines.append((forfeited.format(count=record[3]), theme.MUTED))
    return lines


def rematch_line(session) -> tuple[str, tuple]:
    """Who at a network table has asked for a rematch (each person must, for it to start)."""
    asked = [session.match.seats[i].label for i in session.rematch_asked if i < len(session.match.seats)]
    if not asked:
        return _("A rematch starts once every player asks for one"), theme.MUTED
    return _("Asked for a rematch: {names}").format(names=", ".join(asked)), theme.SUCCESS


class ResultScene(GamePanel):
    def __init__(self, app: Host, session: Session) -> None:
        self.net = hasattr(session, "ask_rematch")  # a game at a network table: a rematch, not a new setup
        if self.net:
            self.title = N_("Game over")
            self.games = session.games
            buttons = [  # a watcher has no seat to ask a rematch for
                *([Button(N_("Rematch"), session.ask_rematch, primary=True)] if session.me is not None else []),
                Button(N_("Look at the board"), self.close, primary=session.me is None),
                Button(N_("Leave the table"), lambda: self.app.reset("menu")),
            ]
        elif session.is_replay:
            self.title = N_("End of the replay")
            buttons = [
                Button(N_("Watch again"), self.closing(self.restart), primary=True),
                Button(N_("Look at the board"), self.close),
                Button(N_("Saved games"), self.closing(lambda: self.app.pop())),  # the saves browser is under the replay
                Button(N_("Main menu"), lambda: self.app.reset("menu")),
            ]
        else:
            self.title = N_("Game over")
            buttons = [
                Button(N_("Play again"), self.closing(self.restart), primary=True),
                Button(N_("Change setup"), self.closing(self.change_setup)),
                Button(N_("Look at the board"), self.close),
                Button(N_("Main menu"), lambda: self.app.reset("menu")),
            ]
        if session.match.game.review is not None and session.match.history:
            buttons.insert(-1, Button(N_("Review the game"), self.closing(self.review)))
        lines = result_lines(session)
        super().__init__(app, session, buttons, lines + [rematch_line(session)] if self.net else lines)

    def update(self, dt: float) -> None:
        """At a network table: who has asked for a rematch, and the panel goes when the rematch starts."""
        if not self.net:
            return
        self.session.pump()
        if self.session.games != self.games:
            self.close()
            return
        self.lines[-1] = rematch_line(self.session)
        for button in self.buttons:  # asked once, the rematch waits on the others: no second asking
            if button.on_click == self.session.ask_rematch:
                button.enabled = self.session.me not in self.session.rematch_asked

    def review(self) -> None:
        """Every move judged: a person's own moves against AIs, every player's otherwise."""
        match = self.session.match
        out = match.outcome
        record = GameRecord(dict(match.options), match.seed, tuple(match.moves),
                            out if out is not None and out.reason == FLAG else None, match.position)
        self.app.open("review", match.game, record, match.human_seat, tuple(s.label for s in match.seats))
