"""A game played on this computer, and everything around its match.

`GameSession` owns the match and what surrounds it: autosave after every
move, the stats when a game ends (once, whatever undo does later), the source's
Dots and Boxes records, a game learning from itself, resuming a save, a record
imported in place of the game (Undo brings the old one back), hints and the
analysis overlay. What the game scene reads of any session, and the frame's
handling of the match's events, is `Session`'s (core/session_base.py); a saved
game watched again is a `ReplaySession` (core/replay_session.py); what a game
starts from is a `GameSetup` (core/setup.py).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Collection

from boardhub.core import locks, saves, schema
from boardhub.core.concede import accepts_draw, agreed_draw, draw_offer_problem, resigned, resigner
from boardhub.core.events import Event, GameOver, HintReady, MovePlayed, Notice, Rewound
from boardhub.core.i18n import _
from boardhub.core.match import Match
from boardhub.core.modes import Mode
from boardhub.core.position_request import PositionRequest
from boardhub.core.records import load_record
from boardhub.core.replay_session import ReplaySession
from boardhub.core.requests import EvaluateRequest, FindWinRequest, JudgeRequest
from boardhub.core.review import value_text
from boardhub.core.rules import IllegalMove, Outcome, normalize_options
from boardhub.core.saved_games import game_data, saved_imported, saved_match
from boardhub.core.session_base import Session
from boardhub.core.setup import GameSetup
from boardhub.core.stats import Stats, opponent_of, result_for
from boardhub.core.worker import Worker

log = logging.getLogger(__name__)

ANALYSIS_SECONDS = 0.4  # an evaluation overlay: quick, and never the AI's move limit
HINT_SECONDS = 1.0  # a hint asked for: the expert's best move is worth a second
DRAW_SECONDS = 1.0  # an AI weighing a draw offer: as long as a hint
WIN_SECONDS = 20.0  # Find the win: a guard only, the solver stops by its own node budget well before
MAX_RECORD_CHARS = 20_000  # a full 20 x 20 Gomoku record is under 4,000 characters
UNDONE_IMPORTS = 8  # the replaced games kept for Undo: enough for any real run of imports


def _take(path: Path) -> locks.GameLock | None:
    """Hold the game of `path` for this window; locks.Busy when another window has it; None where the saves
    folder takes no lock file (read-only: the game then says it is not being saved)."""
    try:
        return saves.take_game(path)
    except locks.Busy:
        raise
    except OSError:
        return None


@dataclass
class ImportedGame:
    """A record read for import and not yet in place of the game (`GameSession.import_record` puts it there)."""

    match: Match
    fixed: dict  # the options the record fixes that the game had otherwise


@dataclass
class Replaced:
    """A game an import replaced, kept so that Undo brings it back."""

    match: Match
    imported: int  # its own imported moves
    by: Match  # the import's game
    moves: int  # how many moves the import brought: Undo at (or before) them takes the import back


class GameSession(Session):
    """One game played in the app, from its first move to its result."""

    def __init__(self, match: Match, worker: Callable[[], Worker] | None = None, *,
                 save_path: Path | None = None, created: str = "", counted: bool = False,
                 imported: int = 0, hints: int = 0) -> None:
        super().__init__(match, imported)
        self._worker = worker
        self.save_path = save_path  # None: a game that is not saved
        self.created = created or datetime.now().isoformat(timespec="seconds")
        self.counted = counted  # the result is in the stats: once per game
        self.hints = hints  # hints given in this game: it counts in the stats as played with hints
        self._hint = PositionRequest()  # the expert's best move for the human to move, asked for
        self._analysis = PositionRequest()  # the game's evaluation of the position a board shows
        self._draw = PositionRequest()  # an AI's judge weighing the player's draw offer
        self._win = PositionRequest()  # the game's solver looking for the side to move's forced win
        self.draw_asked: int | None = None  # a person's seat asked to accept a draw (two people on one screen)
        self._replaced: list[Replaced] = []  # the games imports replaced, latest last: Undo brings them back
        self._hold: locks.GameLock | None = None  # the game's lock, while this window has it open
        # the source's record (writes_records): the lines this game has in its file (None: the file is not
        # this game's yet), the lines a resumed game came back with (no change: nothing to write), and
        # whether writing failed (said once; the game's end tries again)
        self._recorded: list[str] | None = None
        self._record_from: list[str] | None = None
        self._record_failed = False

    # ---------------------------------------------------------------- starting
    @classmethod
    def new(cls, setup: GameSetup, worker: Callable[[], Worker] | None = None) -> "GameSession":
        """A new game of `setup`, saved from its first position on (and held: no other window opens it)."""
        match = setup.match(worker() if worker is not None and any(setup.seats) else None)
        session = cls(match, worker, save_path=saves.new_game_path(setup.game))
        session._hold = _take(session.save_path)
        session.autosave()  # the source's record starts here too, empty, as the source opens its file
        return session

    @classmethod
    def resume(cls, saved: saves.SavedGame, worker: Callable[[], Worker] | None = None,
               trusted: Collection[str] = ()) -> "GameSession":
        """The saved game exactly as it was left; ValueError naming the file and the reason.

        An engine or `py:` seat is played only when `trusted` (this computer's
        settings' engines) lists it: the scene asks the player before calling this.
        A game open in another window is refused, in words.
        """
        match = saved_match(saved, worker, trusted)  # a file that cannot be played leaves no lock file behind
        try:
            hold = _take(saved.path)
        except locks.Busy:
            match.close()
            raise ValueError(_("{name}: it is open in another boardhub window").format(
                name=saves.file_name(saved.path))) from None
        hints = saved.data.get("hints", 0)
        session = cls(match, worker, save_path=saved.path, created=str(saved.data.get("created", "")),
                      counted=bool(saved.data.get("counted")), imported=saved_imported(saved, match),
                      hints=hints if schema.is_int(hints) else 0)
        session._hold = hold
        session._record_from = session._record_lines()  # opened again, not yet played on: its record stays
        return session

    @staticmethod
    def replay(saved: saves.SavedGame) -> ReplaySession:
        """Watching a saved game again: its moves come from the record and nothing is written."""
        return ReplaySession(saved)

    def restart(self) -> "GameSession":
        """A new game of the same setup."""
        return GameSession.new(self.setup, self._worker)

    # ---------------------------------------------------------------- what the screen asks
    @property
    def busy(self) -> bool:
        return self._analysis.pending or self._hint.pending or self._draw.pending or self._win.pending \
            or super().busy

    # ---------------------------------------------------------------- resigning, a draw
    @property
    def resigning_seat(self) -> int | None:
        return resigner(self.match)

    @property
    def can_offer_draw(self) -> bool:
        return draw_offer_problem(self.match) is None

    def resign(self) -> str:
        seat = resigner(self.match)
        if seat is None:
            return _("Nobody can resign now") if not self.match.is_over else _("The game is over")
        self.draw_asked = None
        self.match.end_with(resigned(self.match, seat))
        return ""

    def offer_draw(self) -> str:
        m = self.match
        why = draw_offer_problem(m)
        if why is not None:
            return _(why)
        other = 1 - m.to_move
        if m.seats[other].is_human:
            self.draw_asked = other  # the scene asks that person on the same screen
            return ""
        if self.entry.review is None or self._worker is None:  # nothing to weigh the offer by: it plays on
            self._events.append(Notice(_("{name} declines the draw").format(name=m.seats[other].label)))
            return ""
        if not (self._draw.pending and self._draw.is_for(m.state, other)):
            self._draw.ask(m.state, other, lambda: m.ask(JudgeRequest, other, DRAW_SECONDS, worker=self._worker()))
        return ""

    def answer_draw(self, accepted: bool) -> None:
        seat, self.draw_asked = self.draw_asked, None
        if seat is None or self.match.is_over:
            return
        if accepted:
            self.match.end_with(agreed_draw())
        else:
            self._events.append(Notice(_("{name} declines the draw").format(name=self.match.seats[seat].label)))

    def _draw_answered(self) -> None:
        """The AI's answer to a draw offer, once its judge came back for the position still on the board."""
        job = self._draw.collect(self.match.state)
        if job is None or self.match.is_over:
            return
        seat, spec = self._draw.seat, self.entry.review
        verdict = job.move
        self._draw.forget()
        if job.error is None and accepts_draw(verdict.value, spec.baseline, spec.unit):
            self.match.end_with(agreed_draw())
        else:
            self._events.append(Notice(_("{name} declines the draw").format(name=self.match.seats[seat].label)))

    # ---------------------------------------------------------------- a human's moves and controls
    def undo(self) -> bool:
        if self._at_import():
            self._undo_import()
            return True
        undone = self.match.undo()
        if undone and self._at_import() and len(self.match.history) < self._replaced[-1].moves:
            # it went back past the import into the record's moves (to the human's last turn before
            # the AI's moves after it): the last decision the player took was the import itself
            self._undo_import()
        return undone

    def can_undo(self) -> bool:
        return self._at_import() or self.match.can_undo()

    # ---------------------------------------------------------------- a record imported in place of the game
    def read_record(self, text: str) -> ImportedGame:
        """The game a pasted record or a file gives, read without touching the game in progress;
        IllegalMove says what is wrong. A record without a move is refused: it would only wipe the game."""
        old = self.match
        fmt, text = load_record(text, self.entry.record_formats)
        if len(text) > MAX_RECORD_CHARS:  # no game's record is near this long; drawing it would be
            raise IllegalMove(_("This record is too long: at most {count} characters").format(
                count=f"{MAX_RECORD_CHARS:,}"))
        current = normalize_options(self.entry.options, old.options)
        fixed = {k: v for k, v in fmt.options(text).items() if current[k] != v}
        match = Match(old.game, old.seats, {**old.options, **fixed}, timing=old.timing, worker=old.worker)
        match.replay(fmt.read(text, match))
        if not match.history:
            raise IllegalMove(_("No moves in this record: the game is unchanged"))
        return ImportedGame(match, fixed)

    @property
    def import_replaces_moves(self) -> bool:
        """An import would replace moves played (or taken back) in this game: the player is asked first."""
        return bool(self.match.history or self.match.redo_stack)

    def import_record(self, record: str | ImportedGame) -> None:
        """Carry on from the moves of a pasted record or a file (or what `read_record` read), same seats;
        IllegalMove says what is wrong. Undo brings back the game it replaced.

        A record that fixes an option of its own (a .psq file on 15 x 15 in a
        19 x 19 game) switches the game to it, and a notice says so.
        """
        imported = record if isinstance(record, ImportedGame) else self.read_record(record)
        match, fixed = imported.match, imported.fixed
        if fixed:
            changes = ", ".join(_("{option}: {value}").format(option=_(o.label), value=_(o.label_of(fixed[o.key])))
                                for o in self.entry.options if o.key in fixed)
            self._events.append(Notice(_("Switched to the record's options ({changes})").format(changes=changes)))
        self.match.close()  # its AIs go; the worker builds them again if Undo brings it back
        self._replaced.append(Replaced(self.match, self.imported, match, len(match.history)))
        del self._replaced[:-UNDONE_IMPORTS]
        self.match = match
        self.imported = len(match.history)
        if match.is_over:  # the record ends the game: the result and the stats as for any other finish
            match.events.append(GameOver(match.outcome))
        self._events.append(Rewound())
        self.autosave()

    def _at_import(self) -> bool:
        """The game stands at (or before) the end of the moves its last import brought: Undo now
        takes back the import itself."""
        last = self._replaced[-1] if self._replaced else None
        return last is not None and last.by is self.match and len(self.match.history) <= last.moves

    def _undo_import(self) -> None:
        last = self._replaced.pop()
        self.match.close()
        self.match, self.imported = last.match, last.imported
        self._events += [Rewound(), Notice(_("The game from before the import is back"))]
        self.autosave()

    # ---------------------------------------------------------------- questions about the position
    def analyse(self, seat: int | None) -> None:
        """Ask for the game's evaluation of this position as `seat` sees it; `analysis_for(seat)` has it once ready."""
        m = self.match
        if self.entry.analysis is None or self._worker is None or self._analysis.is_for(m.state, seat):
            return
        self._analysis.ask(m.state, seat, lambda: m.ask(EvaluateRequest, seat, ANALYSIS_SECONDS,
                                                        worker=self._worker()))

    def analysis_for(self, seat: int | None) -> dict | None:
        return self._analysis.answer_for(self.match.state, seat)

    @property
    def offers_hints(self) -> bool:
        """Hints are for a person playing the AIs, and for a position set up to study (Analyse in the position
        editor: people on both sides); another game of people only has none."""
        study = self.match.mode is Mode.PVP and self.match.position is not None
        return self.entry.review is not None and (self.match.mode is Mode.PVA or study)

    def ask_hint(self) -> str:
        m = self.match
        if not self.offers_hints or self._worker is None:
            return super().ask_hint()
        if m.is_over or not m.human_to_move:
            return _("A hint is for your own turn")
        if self._hint.answer_for(m.state) is not None or (self._hint.pending and self._hint.is_for(m.state)):
            return ""  # already shown for this position, or being worked out
        level = self.hint_level
        self._hint.ask(m.state, None, lambda: m.ask(JudgeRequest, m.to_move, HINT_SECONDS, worker=self._worker(),
                                                    level=level))
        self.hints += 1
        self.autosave()
        return ""

    @property
    def hint_level(self) -> Any:
        """The level the setup chose for hints (the game's hint option), None where the game has none."""
        key = self.entry.review.hint_option if self.entry.review is not None else ""
        return self.match.options.get(key) if key else None

    def hint_for(self, state: Any) -> Any:
        return self._hint.answer_for(state)

    @property
    def offers_find_win(self) -> bool:
        return self.entry.find_win is not None and self._worker is not None

    def find_win(self) -> str:
        m = self.match
        if not self.offers_find_win:
            return super().find_win()
        if m.is_over:
            return _("The game is over: there is no win left to find")
        if self._win.answer_for(m.state) is not None or (self._win.pending and self._win.is_for(m.state)):
            return ""  # already shown for this position, or being worked out
        self._win.ask(m.state, None, lambda: m.ask(FindWinRequest, m.to_move, WIN_SECONDS, worker=self._worker()))
        if m.mode is Mode.PVA:  # a solved position is the strongest of hints: the game counts as hinted
            self.hints += 1
            self.autosave()
        return ""

    def win_for(self, state: Any) -> Any:
        return self._win.answer_for(state)

    def clear_win(self) -> bool:
        shown = self._win.state is not None
        self._win.forget()
        return shown

    @property
    def finding_win(self) -> bool:
        return self._win.pending

    @property
    def hinting(self) -> bool:
        return self._hint.pending

    def close(self) -> None:
        if self.match.timing.control is not None and not self.match.is_over:
            self.autosave()  # the clock of the move being thought about, so that a resume goes on with it
        self._analysis.forget()
        self._hint.forget()
        self._draw.forget()
        self._win.forget()
        super().close()
        if self._hold is not None:
            self._hold.release()
            self._hold = None

    # ---------------------------------------------------------------- the frame
    def _advance(self, now: float) -> None:
        m = self.match
        m.update(now)
        forced = self.entry.forced_move(m.state) if m.human_to_move else None
        if forced is not None:
            m.play(forced, now)  # nothing to choose: the game makes the move

    def _after(self, drained: list[Event], events: list[Event]) -> None:
        for ev in drained:
            if isinstance(ev, (MovePlayed, Rewound)):
                # a hint is for the turn it was asked in: once a move is played, undone or redone it goes,
                # and coming back to its position by Undo or Redo does not bring it back (ask again)
                self._hint.forget()
                self._win.forget()  # the line shown was for the position before
            if isinstance(ev, MovePlayed) and ev.ply <= self.imported:
                self.imported = ev.ply - 1  # played over an undone imported move: that one is the player's
        if drained:
            self.autosave()
        job = self._analysis.collect(self.match.state)
        if job is not None and job.error is None:
            self._analysis.answer = dict(job.move)  # the board reads it by `analysis_for` when it draws
        self._hint_ready(events)
        self._win_found(events)
        self._draw_answered()

    def _hint_ready(self, events: list[Event]) -> None:
        """The hint asked for, once it came back for the position still on the board, in words."""
        job = self._hint.collect(self.match.state)
        if job is None:
            return
        verdict = job.move
        if job.error is not None or getattr(verdict, "best", None) is None:
            events.append(Notice(_("No hint this time: the expert found no move to suggest"), "warning"))
            return
        self._hint.answer = verdict
        spec = self.entry.review
        value = value_text(verdict.value, spec.baseline)
        how = _("{move}, {value} {unit} (proven)") if verdict.exact else _("{move}, {value} {unit} (estimated)")
        text = how.format(move=self.match.text(verdict.best), value=value, unit=_(spec.unit))
        note = verdict.note_text()
        events.append(HintReady(_("{hint}: {note}").format(hint=text, note=note) if note else text, verdict))

    def _win_found(self, events: list[Event]) -> None:
        """The forced win looked for, once the answer came back for the position still on the board:
        its line stays on the board (`win_for`) and its words are said."""
        job = self._win.collect(self.match.state)
        if job is None:
            return
        if job.error is not None or job.move is None:
            events.append(Notice(_("The search for a forced win stopped without an answer"), "warning"))
            return
        self._win.answer = job.move
        events.append(Notice(job.move.wording().said(), "success" if job.move.line else "info"))

    def _game_over(self, outcome: Outcome) -> None:
        if outcome.is_forfeit and outcome.detail:
            self._events.append(Notice(outcome.describe([seat.label for seat in self.match.seats], _), "error"))
        self._write_record()
        self._count_result()
        # the learned boards and the source's records are games from the usual start, which this one may not be
        if self.learn and self.entry.learn is not None and self.match.position is None:
            try:
                self.entry.learn(self.match.moves, outcome)
            except OSError as exc:
                self._events.append(Notice(_("Could not learn from this game: {why}").format(why=saves.plain(exc)),
                                            "warning"))
            except saves.SaveError as exc:  # its words name the file and say why, in the player's language
                self._events.append(Notice(_("Could not learn from this game: {why}").format(why=exc), "warning"))
            except ValueError:
                log.warning("the game could not be learnt from", exc_info=True)
                self._events.append(Notice(_("Could not learn from this game"), "warning"))

    # ---------------------------------------------------------------- saving
    def autosave(self) -> None:
        """Write the game to its file in the saves after every change, finished or not (and the
        source's record, where the game keeps one)."""
        self._follow_record()
        if self.save_path is None:
            return
        try:
            saves.write_game(self.save_path, game_data(self.match, self.created, self.counted, self.imported,
                                                       self.hints))
        except OSError as exc:
            self._events.append(Notice(_("Could not save the game: {why}").format(why=saves.plain(exc)), "error"))

    def _count_result(self) -> None:
        """A game of one human against AIs goes into the stats, once."""
        m = self.match
        human = m.human_seat
        if self.counted or m.mode is not Mode.PVA or human is None:
            return
        try:
            Stats.load().record(self.entry.key, opponent_of(m.seats), result_for(m.outcome, human),
                                hinted=self.hints > 0, game_id=self.game_id)
        except (OSError, ValueError) as exc:  # SaveError: a stats file that must not be replaced, in words
            why = saves.plain(exc) if isinstance(exc, OSError) else exc
            self._events.append(Notice(_("The result was not counted: {why}").format(why=why), "warning"))
        self.counted = True

    def record_so_far(self) -> tuple[int, int, int, int] | None:
        """(won, drawn, lost, forfeited by the AIs) of the player against these AIs, after a game that counted."""
        m = self.match
        if m.mode is not Mode.PVA or not self.counted:
            return None
        try:
            return Stats.load().record_of(self.entry.key, opponent_of(m.seats))
        except (OSError, ValueError):
            return None

    @property
    def game_id(self) -> str:
        """What names this game in the stats, so that it counts once whatever moment a kill comes at: its
        file's name, made unique when the game began (a time and a random part) and kept by every resume."""
        return self.save_path.name[:200] if self.save_path else ""

    def _record_lines(self) -> list[str]:
        return [self.match.text(mv) for mv in self.match.moves]

    def _follow_record(self) -> None:
        """The source's record follows the game as it is played: each new line is appended as its move is
        played, so that a game left unfinished leaves its record. A move taken back (Undo), an import, or
        a resumed game played on rewrites the file whole, atomically, with the moves as they stand."""
        if not self.entry.writes_records or self._record_failed or self.match.position is not None:
            return  # the source's record format cannot hold a position set up by hand
        lines, written = self._record_lines(), self._recorded
        if lines == written or (written is None and lines == self._record_from):
            return
        try:
            if written is not None and lines[:len(written)] == written:
                saves.append_record(self.match.kind, lines[len(written):])
            else:
                saves.write_record(self.match.kind, lines)
        except OSError as exc:
            self._record_failed = True
            self._events.append(Notice(_("Could not write the game record: {why}").format(why=saves.plain(exc)),
                                       "warning"))
            return
        self._recorded = lines

    def _write_record(self) -> None:
        """The finished game's record, written whole as it always was (whatever happened to the lines
        written during the game)."""
        if not self.entry.writes_records or self.match.position is not None:
            return
        lines = self._record_lines()
        try:
            saves.write_record(self.match.kind, lines)
        except OSError as exc:
            self._events.append(Notice(_("Could not write the game record: {why}").format(why=saves.plain(exc)),
                                       "warning"))
            return
        self._recorded, self._record_failed = lines, False
