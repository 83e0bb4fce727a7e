"""A game as the app plays it: its setup, its match and everything around the match.

`GameSetup` is what a game starts from (the setup scene, Continue, the saves
browser, the arena and the smoke check all build one the same way).
`GameSession` owns the match and what surrounds it: autosave after every
move, the stats when a game ends (once, whatever undo does later), the source's
Dots and Boxes records, a game learning from itself, resuming a save, replaying
one (a session that never saves) and analysis requests. The scene calls
`update(now)` every frame and turns the typed events it returns into sounds,
animations and messages; it never blocks.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Collection

from boardhub.core import locks, saves, schema
from boardhub.core.ai import AISpec
from boardhub.core.game import GameEntry, get_game
from boardhub.core.i18n import _
from boardhub.core.ladder import ladder_specs
from boardhub.core.events import Event, GameOver, HintReady, MovePlayed, Notice, Passed, Rewound, SeatNotice
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.modes import Mode
from boardhub.core.records import load_record
from boardhub.core.requests import EvaluateRequest, JudgeRequest
from boardhub.core.review import value_text
from boardhub.core.rules import IllegalMove, Outcome, normalize_options
from boardhub.core.saved_games import game_data, saved_imported, saved_match
from boardhub.core.seat_names import seat_names
from boardhub.core.stats import Stats, opponent_of, result_for
from boardhub.core.worker import Job, Worker

log = logging.getLogger(__name__)

MODES = tuple(Mode)
ANALYSIS_SECONDS = 0.4  # an evaluation overlay: quick, and never the AI's move limit
HINT_SECONDS = 1.0  # a hint asked for: the expert's best move is worth a second
REPLAY_FIRST_MOVE = 0.5  # a replay shows its starting position at least this long


# ---------------------------------------------------------------- the setup
def make_seats(ais: list[str | None] | tuple[str | None, ...]) -> list[Seat]:
    """Seats with names people can tell apart: "Player 1", "You", "Hard AI 2"."""
    ais = list(ais)
    return [Seat(ai, name) for ai, name in zip(ais, seat_names(ais))]


@dataclass(frozen=True)
class GameSetup:
    """What a game starts from: the game, who sits where, its options, the move limit, referee mode."""

    game: str
    seats: tuple[str | None, ...]  # an AI as `python -m boardhub ais` names it, None for a human
    options: dict[str, Any] = field(default_factory=dict)
    limit: float = 0.5
    referee: bool = False
    mode: Mode = Mode.PVA

    def __post_init__(self) -> None:
        object.__setattr__(self, "mode", Mode(self.mode))  # "pva" as older callers and stored setups write it

    @property
    def entry(self) -> GameEntry:
        return get_game(self.game)

    @classmethod
    def default(cls, game: str, mode: Mode | str) -> "GameSetup":
        """The seats of the source's three modes: the human starts against a middle level of the
        measured ladder (the strongest is a click away in the setup); AIs play strongest."""
        entry, mode = get_game(game), Mode(mode)
        ais = ladder_specs(entry)
        middle = ais[len(ais) // 2]
        strong, strongest = ais[-2] if len(ais) > 1 else ais[-1], ais[-1]
        n = entry.rules.num_players({})
        seats = {Mode.PVP: [None] * n, Mode.PVA: [None] + [middle] * (n - 1),
                 Mode.AVA: [strong] + [strongest] * (n - 1)}[mode]
        return cls(game, tuple(seats), {o.key: o.default for o in entry.options}, 0.5, mode is Mode.AVA, mode)

    @classmethod
    def of_match(cls, match: Match) -> "GameSetup":
        """The setup a match was started from (a saved game's, for Play again and Change setup)."""
        return cls(match.game.key, tuple(seat.ai for seat in match.seats), dict(match.options),
                   match.timing.limit, match.timing.referee, match.mode)

    def fields(self) -> dict[str, Any]:
        """The setup as JSON can hold it (the settings keep the last one of each game and mode)."""
        return {"game": self.game, "seats": list(self.seats), "options": dict(self.options),
                "limit": self.limit, "referee": self.referee, "mode": self.mode.value}

    @classmethod
    def from_fields(cls, data: Any) -> "GameSetup":
        """A setup `fields()` wrote; ValueError for one this boardhub cannot offer any more.

        Only what the setup screen offers comes back: the game's AIs at one of
        their levels, engines of a protocol the game speaks, options it has.
        """
        try:
            entry = get_game(data["game"])
            options = normalize_options(entry.options, data["options"])
            seats = tuple(data["seats"])
            limit, referee, mode = data["limit"], data["referee"], data["mode"]
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a stored setup: {exc}") from None
        if mode not in MODES or not isinstance(referee, bool) or isinstance(limit, bool) \
                or not isinstance(limit, (int, float)) or not 0 < limit <= 60:
            raise ValueError("the mode, move limit or referee is not one the setup offers")
        if len(seats) != entry.rules.num_players(options):
            raise ValueError(f"{entry.title} with these options needs {entry.rules.num_players(options)} seats")
        for seat in seats:
            if seat is not None:
                _check_offered(entry, seat)
        return cls(entry.key, seats, options, float(limit), referee, Mode(mode))

    def match(self, worker: Worker | None = None, seed: int | None = None) -> Match:
        """A new match of this setup; ValueError for options or seats the game refuses."""
        seats = make_seats(self.seats)
        return Match(self.entry, seats, self.options, seed, Timing(self.limit, referee=self.referee),
                     worker if any(not s.is_human for s in seats) else None)


def _take(path: Path) -> locks.GameLock | None:
    """Hold the game of `path` for this window; locks.Busy when another window has it; None where the saves
    folder takes no lock file (read-only: the game then says it is not being saved)."""
    try:
        return saves.take_game(path)
    except locks.Busy:
        raise
    except OSError:
        return None


def _check_offered(entry: GameEntry, seat: Any) -> None:
    """ValueError unless `seat` names an AI of the game at one of its levels or an engine it speaks to."""
    if not isinstance(seat, str):
        raise ValueError(f"not a seat: {seat!r}")
    spec = AISpec.parse(seat)
    if spec.external is not None:
        if spec.external[0] not in entry.externals:
            raise ValueError(f"{entry.title} engines do not speak {spec.external[0]}")
        return
    ai = entry.ai_entry(spec.name)
    if (spec.level is not None or ai.levels) and \
            (ai.default_level if spec.level is None else spec.level) not in ai.levels:
        raise ValueError(f"{spec.name} has no level {spec.level}")


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


MAX_RECORD_CHARS = 20_000  # a full 20 x 20 Gomoku record is under 4,000 characters
UNDONE_IMPORTS = 8  # the replaced games kept for Undo: enough for any real run of imports


# ---------------------------------------------------------------- the session
class GameSession:
    """One game in the app, from its first move to its result (or a replay of a saved one)."""

    def __init__(self, match: Match, worker: Callable[[], Worker] | None = None, *,
                 save_path: Path | None = None, created: str = "", counted: bool = False,
                 script: list[MovePlayed] | None = None, ending: Outcome | None = None,
                 saved: saves.SavedGame | None = None, imported: int = 0, hints: int = 0) -> None:
        self.match = match
        self.entry = match.game
        self._worker = worker
        self.save_path = save_path  # None: a replay, which never writes
        self.created = created or datetime.now().isoformat(timespec="seconds")
        self.counted = counted  # the result is in the stats: once per game
        self.script = script  # a replay's moves, played on their own
        self.ending = ending  # how a replayed game ended when that was no move (a forfeit)
        self.saved = saved
        self.learn = False  # Othello's learned AI learns from this game (a setting)
        self.imported = imported  # the first moves came from an imported record: the move list says so
        self._events: list[Event] = []
        self._started = time.monotonic()
        self._next_at = self._started + max(match.timing.ai_delay, REPLAY_FIRST_MOVE)
        self._analysis_key: tuple[Any, int | None] | None = None
        self._analysis_job: Job | None = None
        self.analysis: dict | None = None
        self.hints = hints  # hints given in this game: it counts in the stats as played with hints
        self._hint_job: Job | None = None
        self._hint_state: Any = None  # the position the hint is for
        self.hint: Any = None  # the hint's Verdict, while its position stands
        self._replaced: list[Replaced] = []  # the games imports replaced, latest last: Undo brings them back
        self._hold: locks.GameLock | None = None  # the game's lock, while this window has it open

    # ---------------------------------------------------------------- starting
    @classmethod
    def new(cls, setup: GameSetup, worker: Callable[[], Worker] | None = None) -> "GameSession":
        """A new game of `setup`, saved from its first position on (and held: no other window opens it)."""
        match = setup.match(worker() if worker is not None and any(setup.seats) else None)
        session = cls(match, worker, save_path=saves.new_game_path(setup.game))
        session._hold = _take(session.save_path)
        session.autosave()
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
                      counted=bool(saved.data.get("counted")), saved=saved, imported=saved_imported(saved, match),
                      hints=hints if schema.is_int(hints) else 0)
        session._hold = hold
        return session

    @classmethod
    def replay(cls, saved: saves.SavedGame) -> "GameSession":
        """Watching a saved game again: its moves come from the record and nothing is written."""
        record = saved_match(saved)
        match = Match(record.game, record.seats, record.options, record.seed,
                      Timing(record.timing.limit, referee=record.timing.referee))
        return cls(match, script=list(record.history), ending=record.forfeit, counted=True, saved=saved,
                   imported=saved_imported(saved, record))

    def restart(self) -> "GameSession":
        """The same game from the start: a new game of the same setup, or the replay from its first move."""
        if self.is_replay:
            return GameSession.replay(self.saved)
        return GameSession.new(self.setup, self._worker)

    @property
    def setup(self) -> GameSetup:
        return GameSetup.of_match(self.match)

    # ---------------------------------------------------------------- what the screen asks
    @property
    def is_replay(self) -> bool:
        return self.script is not None

    @property
    def autoplay(self) -> bool:
        """Moves follow each other on their own (AI vs AI, a replay): speed, pause and step apply."""
        return self.is_replay or self.match.mode is Mode.AVA

    @property
    def interactive(self) -> bool:
        """The board takes a human's moves now."""
        return not self.is_replay and self.match.human_to_move

    @property
    def busy(self) -> bool:
        """Something will happen without input: an AI to move, a replay running, an analysis out."""
        m = self.match
        if self._analysis_job is not None or self._hint_job is not None:
            return True
        if m.is_over or m.paused:
            return False
        return self.is_replay or not m.seats[m.to_move].is_human

    def pace(self, ai_delay: float, ava_delay: float, animation: float) -> None:
        """The visible pause before an AI move (the speed in AI vs AI and replays)."""
        t = self.match.timing
        t.ai_delay = ava_delay if self.autoplay else ai_delay
        # an AI's run of lines in one turn is drawn one by one at the animation speed
        t.chain_delay = min(t.ai_delay, animation + 0.15)
        if self.is_replay and not self.match.history:
            self._next_at = self._started + max(t.ai_delay, REPLAY_FIRST_MOVE)

    # ---------------------------------------------------------------- a human's moves and controls
    def play(self, move: Any, now: float | None = None) -> None:
        """A human's move; IllegalMove (with the reason) leaves everything as it was."""
        if self.is_replay:
            raise IllegalMove(_("A replay: Space pauses and resumes, the arrow keys step"))
        self.match.play(move, now)

    def undo(self) -> bool:
        if self.is_replay:
            self.match.paused = True
            return self.match.take_back()
        if self._at_import():
            self._undo_import()
            return True
        undone = self.match.undo()
        if undone and self._at_import() and len(self.match.history) < self._replaced[-1].moves:
            # it went back past the import into the record's moves (to the human's last turn before
            # the AI's moves after it): the last decision the player took was the import itself
            self._undo_import()
        return undone

    def redo(self) -> bool:
        if self.is_replay:
            self.match.paused = True
            return self._forward()
        return self.match.redo()

    def can_undo(self) -> bool:
        return bool(self.match.history) if self.is_replay else self._at_import() or self.match.can_undo()

    def can_redo(self) -> bool:
        return not self.match.is_over if self.is_replay else self.match.can_redo()

    def toggle_pause(self) -> None:
        self.match.toggle_pause()

    def step(self) -> None:
        """One move on while paused (AI vs AI), one move forward (a replay)."""
        if self.is_replay:
            self.redo()
            return
        if not self.match.paused:
            self.match.toggle_pause()
        self.match.step()

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

    def analyse(self, seat: int | None) -> None:
        """Ask for the game's evaluation of this position as `seat` sees it; `analysis_for(seat)` has it once ready."""
        if self.entry.analysis is None or self._worker is None or self._analysing(seat):
            return
        self._analysis_key, self.analysis = (self.match.state, seat), None
        Worker.cancel(self._analysis_job)
        self._analysis_job = self.match.ask(EvaluateRequest, seat, ANALYSIS_SECONDS, worker=self._worker())

    @property
    def offers_hints(self) -> bool:
        """Hints are for a person playing the AIs; a replay or a game without AIs has none."""
        return self.entry.review is not None and self.match.mode is Mode.PVA and not self.is_replay

    def ask_hint(self) -> str:
        """Ask the expert's best move for the human to move; HintReady follows. "" or why not, in words."""
        m = self.match
        if not self.offers_hints or self._worker is None:
            return _("Best moves are shown in games against the AI")
        if self.is_replay or m.is_over or not m.human_to_move:
            return _("A hint is for your own turn")
        if self.hint is not None and self._hint_state is m.state:
            return ""  # already shown for this position
        if self._hint_job is not None and self._hint_state is m.state:
            return ""  # being worked out
        Worker.cancel(self._hint_job)
        self._hint_state, self.hint = m.state, None
        self._hint_job = m.ask(JudgeRequest, m.to_move, HINT_SECONDS, worker=self._worker())
        self.hints += 1
        self.autosave()
        return ""

    def hint_for(self, state: Any) -> Any:
        """The hint's Verdict when it is for `state`, else None."""
        return self.hint if self.hint is not None and self._hint_state is state else None

    def _forget_hint(self) -> None:
        """A hint is for the turn it was asked in: once a move is played, undone or redone it goes, and
        coming back to its position by Undo or Redo does not bring it back (ask again)."""
        Worker.cancel(self._hint_job)
        self._hint_job = self._hint_state = self.hint = None

    @property
    def hinting(self) -> bool:
        return self._hint_job is not None

    def _poll_hint(self, events: list[Event]) -> None:
        job = self._hint_job
        if job is None or not job.done:
            return
        self._hint_job = None
        if self._hint_state is not self.match.state:
            return  # the position moved on: the hint is of no use now
        verdict = job.move
        if job.error is not None or getattr(verdict, "best", None) is None:
            events.append(Notice(_("No hint this time: the expert found no move to suggest"), "warning"))
            return
        self.hint = verdict
        spec = self.entry.review
        value = value_text(verdict.value, spec.baseline)
        how = _("{move}, {value} {unit} (proven)") if verdict.exact else _("{move}, {value} {unit} (estimated)")
        text = how.format(move=self.match.text(verdict.best), value=value, unit=_(spec.unit))
        note = verdict.note_text()
        events.append(HintReady(_("{hint}: {note}").format(hint=text, note=note) if note else text, verdict))

    def analysis_for(self, seat: int | None) -> dict | None:
        """{move: value} for the position on the board seen by `seat`, once it is ready."""
        return self.analysis if self._analysing(seat) else None

    def _analysing(self, seat: int | None) -> bool:
        """The analysis asked for (or answered) is of this very position, seen by `seat`."""
        key = self._analysis_key
        return key is not None and key[0] is self.match.state and key[1] == seat

    def close(self) -> None:
        Worker.cancel(self._analysis_job)
        Worker.cancel(self._hint_job)
        self.match.close()
        if self._hold is not None:
            self._hold.release()
            self._hold = None

    # ---------------------------------------------------------------- the frame
    def update(self, now: float | None = None) -> list[Event]:
        """Let the game move on (AI answers, a replay's next move) and say what happened."""
        now = time.monotonic() if now is None else now
        m = self.match
        if self.is_replay:
            if not m.is_over and not m.paused and now >= self._next_at:
                self._forward()
                self._next_at = now + max(m.timing.ai_delay, 0.05)
        else:
            m.update(now)
            forced = self.entry.forced_move(m.state) if m.human_to_move else None
            if forced is not None:
                m.play(forced, now)  # nothing to choose: the game makes the move
        events: list[Event] = []
        changed = False
        for ev in m.drain_events():  # the match's events go on as they are; the session adds its own
            changed = True
            if isinstance(ev, (MovePlayed, Rewound)):
                self._forget_hint()
            if isinstance(ev, MovePlayed) and ev.ply <= self.imported and not self.is_replay:
                self.imported = ev.ply - 1  # played over an undone imported move: that one is the player's
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
        if changed:
            self.autosave()
        self._poll_analysis()
        self._poll_hint(events)
        events, self._events = self._events + events, []
        return events

    def _forward(self) -> bool:
        """A replay's next move from the record (or its forfeit); False at its end."""
        m = self.match
        if m.is_over:
            return False
        n = len(m.history)
        if n < len(self.script):
            m.push_recorded(self.script[n].move, self.script[n].seconds)
        elif self.ending is not None:
            m.end_with(self.ending)
        else:
            return False
        return True

    def _poll_analysis(self) -> None:
        job = self._analysis_job
        if job is None or not job.done:
            return
        self._analysis_job = None
        if job.error is None and self._analysis_key is not None and self._analysis_key[0] is self.match.state:
            self.analysis = dict(job.move)  # the board reads it by `analysis_for` when it draws

    def _game_over(self, outcome: Outcome) -> None:
        if self.is_replay:
            return
        if outcome.is_forfeit and outcome.detail:
            self._events.append(Notice(outcome.describe([seat.label for seat in self.match.seats], _), "error"))
        self._write_record()
        self._count_result()
        if self.learn and self.entry.learn is not None:
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
        """Write the game to its file in the saves after every change, finished or not."""
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
        if m.mode is not Mode.PVA or not self.counted or self.is_replay:
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

    def _write_record(self) -> None:
        if not self.entry.writes_records:
            return
        try:
            saves.write_record(self.match.kind, [self.match.text(mv) for mv in self.match.moves])
        except OSError as exc:
            self._events.append(Notice(_("Could not write the game record: {why}").format(why=saves.plain(exc)),
                                       "warning"))
