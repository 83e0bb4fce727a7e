"""What the game screen reads of a game, whoever plays it: the shape every kind of session shares.

A session owns a match and turns it into what the game scene shows and
does. `GameSession` (core/session.py) is a game played on this computer
(it saves, counts, imports, hints and analyses); `ReplaySession`
(core/replay_session.py) is a saved game watched again, move by move from
its record. A game hosted on another computer is one more kind. Each kind
answers the same questions, listed here with the plain answers of a match
played here; what a kind does not offer (hints, analysis) answers "none".

The scene calls `update(now)` every frame; it never blocks, and returns the
match's events as they are, with only the session's own added (a `Passed`
after a pass, a `Notice` for what the player should read).
"""
from __future__ import annotations

import time
from typing import Any

from boardhub.core.events import Event, GameOver, MovePlayed, Notice, Passed, SeatNotice
from boardhub.core.i18n import _
from boardhub.core.match import Match
from boardhub.core.modes import Mode
from boardhub.core.rules import Outcome
from boardhub.core.setup import GameSetup


class Session:
    """A match and the answers the game screen asks of it."""

    learn = False  # Othello's learned AI learns from this game (a setting; only a game played here does)

    def __init__(self, match: Match, imported: int = 0) -> None:
        self.match = match
        self.entry = match.game
        self.imported = imported  # the first moves came from an imported record: the move list says so
        self._events: list[Event] = []  # the session's own events, said before the match's next ones

    # ---------------------------------------------------------------- what the screen asks
    @property
    def setup(self) -> GameSetup:
        """The setup this game was started from (Play again, Change setup)."""
        return GameSetup.of_match(self.match)

    def restart(self) -> "Session":
        """The same game from the start, as a new session of the same kind."""
        raise NotImplementedError

    @property
    def is_replay(self) -> bool:
        """A recorded game watched again: the screen says so and its buttons step through it."""
        return False

    @property
    def autoplay(self) -> bool:
        """Moves follow each other on their own (AI vs AI, a replay): speed, pause and step apply."""
        return self.match.mode is Mode.AVA

    @property
    def interactive(self) -> bool:
        """The board takes a human's moves now."""
        return self.match.human_to_move

    @property
    def busy(self) -> bool:
        """Something will happen without input: an AI to move, a replay running, a question out."""
        m = self.match
        return not (m.is_over or m.paused) and not m.seats[m.to_move].is_human

    def pace(self, ai_delay: float, ava_delay: float, animation: float) -> None:
        """The visible pause before an AI move (the speed in AI vs AI and replays)."""
        t = self.match.timing
        t.ai_delay = ava_delay if self.autoplay else ai_delay
        # an AI's run of lines in one turn is drawn one by one at the animation speed
        t.chain_delay = min(t.ai_delay, animation + 0.15)

    def record_so_far(self) -> tuple[int, int, int, int] | None:
        """(won, drawn, lost, forfeited by the AIs) of the player against these AIs, where the stats keep it."""
        return None

    # ---------------------------------------------------------------- a human's moves and controls
    def play(self, move: Any, now: float | None = None) -> None:
        """A human's move; IllegalMove (with the reason) leaves everything as it was."""
        self.match.play(move, now)

    def undo(self) -> bool:
        return self.match.undo()

    def redo(self) -> bool:
        return self.match.redo()

    def can_undo(self) -> bool:
        return self.match.can_undo()

    def can_redo(self) -> bool:
        return self.match.can_redo()

    def toggle_pause(self) -> None:
        self.match.toggle_pause()

    def step(self) -> None:
        """One move on while paused (AI vs AI)."""
        if not self.match.paused:
            self.match.toggle_pause()
        self.match.step()

    @property
    def resigning_seat(self) -> int | None:
        """The seat a resignation now would be for; None: nobody may resign (a replay, a game over)."""
        return None

    @property
    def can_resign(self) -> bool:
        return self.resigning_seat is not None

    @property
    def can_offer_draw(self) -> bool:
        """The player to move may offer a draw now."""
        return False

    def resign(self) -> str:
        """The player resigns (GameOver follows): "" or why not, in words."""
        return _("Resigning is for a game played on this computer")

    def offer_draw(self) -> str:
        """The player to move offers a draw: "" once it is out (`draw_asked` is then the seat a person
        answers for, or an AI answers by a Notice or the end of the game), else why not, in words."""
        return _("Draws are offered in a game played on this computer")

    draw_asked: int | None = None  # the seat of the person asked to accept a draw, while the question stands

    def answer_draw(self, accepted: bool) -> None:
        """The person asked answers the draw offer: the game ends drawn, or a Notice says it goes on."""

    # ---------------------------------------------------------------- questions about the position
    @property
    def offers_hints(self) -> bool:
        return False

    def ask_hint(self) -> str:
        """Ask for the best move for the human to move (HintReady follows): "" or why not, in words."""
        return _("Best moves are shown in games against the AI")

    def hint_for(self, state: Any) -> Any:
        """The hint's Verdict when it is for `state`, else None."""
        return None

    @property
    def hinting(self) -> bool:
        return False

    @property
    def offers_find_win(self) -> bool:
        """Whether "Find the win" is offered: the game has a solver, and the game is played here."""
        return False

    def find_win(self) -> str:
        """Look for the side to move's forced win (a Notice says what was found): "" or why not, in words."""
        return _("Find the win is offered in games played on this computer")

    def win_for(self, state: Any) -> Any:
        """The forced win found for `state` (its line and its words), while it is shown; else None."""
        return None

    def clear_win(self) -> bool:
        """Take the forced win off the board (Esc); False when none was shown or asked for."""
        return False

    @property
    def finding_win(self) -> bool:
        return False

    def analyse(self, seat: int | None) -> None:
        """Ask for the game's evaluation of this position as `seat` sees it (where the session offers one)."""

    def analysis_for(self, seat: int | None) -> dict | None:
        """{move: value} for the position on the board seen by `seat`, once it is ready."""
        return None

    def close(self) -> None:
        self.match.close()

    # ---------------------------------------------------------------- the frame
    def update(self, now: float | None = None) -> list[Event]:
        """Let the game move on (AI answers, a replay's next move) and say what happened."""
        now = time.monotonic() if now is None else now
        self._advance(now)
        drained = self.match.drain_events()
        events = self._passed_on(drained)
        self._after(drained, events)
        events, self._events = self._events + events, []
        return events

    def _advance(self, now: float) -> None:
        """The game moves on by itself: the match collects its AIs' answers."""
        self.match.update(now)

    def _passed_on(self, drained: list[Event]) -> list[Event]:
        """The match's events as the screen gets them: a move an undo in the same frame took back and
        a game over an undo has reopened since are dropped; a pass is named; a seat's notice is said."""
        m = self.match
        events: list[Event] = []
        for ev in drained:
            if isinstance(ev, MovePlayed):
                if ev.ply <= len(m.history):  # not when an undo in the same frame took it back
                    events.append(ev)
                    if self.entry.pass_move is not None and ev.move == self.entry.pass_move:
                        events.append(Passed(ev.seat, m.seats[ev.seat].label))
            elif isinstance(ev, GameOver):
                if m.is_over:  # not when an undo since has reopened the game
                    self._game_over(ev.outcome)
                    events.append(ev)
            elif isinstance(ev, SeatNotice):  # the AI's process was restarted, and so on: the seat named
                events.append(Notice(ev.wording.said(player=m.seats[ev.seat].label), "warning"))
            else:
                events.append(ev)
        return events

    def _game_over(self, outcome: Outcome) -> None:
        """The game just ended (once, whatever undo does later)."""

    def _after(self, drained: list[Event], events: list[Event]) -> None:
        """After the match's events of this frame: `drained` as the match gave them, `events` what the
        screen will get (a kind may add to it)."""
