"""Reviewing a game file: reading it in any of the game's formats, judging its positions on every core.

A file is a boardhub save of the game (JSON, any game) or a record in one of
the game's own notations (its entry's record formats: an Othello transcript,
a Gomoku move list or .psq file, Dots and Boxes "row col" lines). Positions
are judged in a process pool; each process keeps its judge's tables, and the
positions are handed out in order, so neighbouring positions mostly meet the
same tables.
"""
from __future__ import annotations

import json
import logging
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from boardhub.core import files, saves
from boardhub.core.clock import FLAG
from boardhub.core.game import GameEntry, get_game
from boardhub.core.i18n import N_, _
from boardhub.core.match import Match, Seat
from boardhub.core.position import start_state
from boardhub.core.records import one_line, record_format
from boardhub.core.requests import FirstPassRequest, JudgeRequest
from boardhub.core.review import Review, Verdict, assemble, jobs, positions, review_game, value_text
from boardhub.core.rules import IllegalMove, Outcome, normalize_options


log = logging.getLogger(__name__)
FIRST_PASS_SECONDS = 5.0  # the quick judge's whole game: its work is fixed, this only bounds a hang


class RecordError(ValueError):
    """A file that holds no game this review can read, in a player's words."""


@dataclass(frozen=True)
class GameRecord:
    """What a review needs of a game: its options, seed and moves, the edited position it started from (its
    text; None for the usual start), and how it ended when no move ended it (a seat's time ran out: the review
    says so after its last move)."""

    options: dict
    seed: int | None
    moves: tuple[Any, ...]
    ending: Outcome | None = None
    position: str | None = None

    def start(self, entry: GameEntry) -> Any:
        """The game's first position (IllegalMove for a position text the game cannot start from)."""
        return start_state(entry.rules, entry.position, self.options, self.seed, self.position)


def read_game(entry: GameEntry, path: Path, options: dict | None = None) -> GameRecord:
    """The game in `path`: a boardhub save of this game, or a record in one of its formats
    (`options`: what the record does not say, such as a board's size).

    The file is anyone's: it is read through the guarded reader (a regular file,
    capped), and only it is read (a path written in it is text, never followed).
    Every failure is a RecordError of one line, "name: why", never a traceback.
    """
    name = one_line(path.name)
    try:
        return _read_game(entry, path, name, options)
    except RecordError:
        raise
    except Exception:  # noqa: BLE001 - the last guard: a hostile file is refused in words, never a crash
        log.info("%s could not be read for a review", path, exc_info=True)
        raise RecordError(_("{name}: not a game boardhub can read").format(name=name)) from None


def _read_game(entry: GameEntry, path: Path, name: str, options: dict | None) -> GameRecord:
    try:
        text = files.read_bytes(path).decode("utf-8", errors="replace")
    except OSError as exc:
        raise RecordError(_("{name}: {why}").format(name=name, why=saves.refusal(exc))) from None
    except files.Unreadable as exc:
        raise RecordError(_("{name}: {why}").format(name=name, why=exc)) from None
    start = files.clean_text(text[:4096]).lstrip()[:1]  # a byte-order mark or a NUL hides nothing
    if not start and not files.clean_text(text).strip():
        raise RecordError(_("{name}: the file is empty").format(name=name))
    if start in ("{", "["):  # JSON: a boardhub save (a record in no game's notation starts so)
        return _read_save(entry, path)
    if not entry.record_formats:
        raise RecordError(_("{game} games are read from boardhub saves only").format(game=_(entry.title)))
    try:
        fmt, text = record_format(text, entry.record_formats)
        fixed = fmt.options(text)
    except IllegalMove as exc:
        raise RecordError(_("{name}: {why}").format(name=name, why=exc)) from None
    try:
        options = normalize_options(entry.options, {**(options or {}), **fixed})
    except ValueError as exc:
        raise RecordError(_("{name}: {why}").format(name=name, why=one_line(str(exc)))) from None
    match = Match(entry, [Seat()] * entry.rules.num_players(options), options, seed=0)
    try:
        moves = fmt.read(text, match)
        state = entry.rules.new_game(options, 0)
        for move in moves:
            state = entry.rules.apply(state, move)
    except IllegalMove as exc:
        raise RecordError(_("{name}: {why}").format(name=name, why=one_line(str(exc)))) from None
    return GameRecord(options, 0, tuple(moves))


def _read_save(entry: GameEntry, path: Path) -> GameRecord:
    try:
        data = saves.read_json(path, "game")
    except saves.SaveError as exc:
        raise RecordError(one_line(str(exc))) from None
    name = one_line(path.name)
    if data.get("game") != entry.key:
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError(_("{name}: it names no game").format(name=name))
        raise RecordError(_("{name}: a game of {game!r}, not {key}").format(name=name, game=one_line(game), key=entry.key))
    try:
        return record_of_save(entry, data)
    except RecordError as exc:
        raise RecordError(_("{name}: {why}").format(name=name, why=exc)) from None


def record_of_save(entry: GameEntry, data: dict) -> GameRecord:
    """The game a boardhub save holds (its data as read); RecordError when it is not whole.

    The data is anyone's: a field missing or of the wrong kind is said in words,
    never in Python's (a key's repr, "invalid literal for int()").
    """
    for key, missing in (("seed", N_("not a whole game (it has no seed)")),
                         ("moves", N_("not a whole game (it has no moves)"))):
        if key not in data:
            raise RecordError(_(missing))
    given = data.get("options") or {}
    if not isinstance(given, dict):
        raise RecordError(_("not a whole game (its options are damaged)"))
    try:
        options = normalize_options(entry.options, given)
    except ValueError as exc:
        raise RecordError(_("not a whole game ({why})").format(why=one_line(str(exc)))) from None
    try:
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, (int, float)):
            raise RecordError(_("not a whole game (its seed is not a number)"))
        seed = int(seed)
        position = data.get("position")
        if position is not None and not isinstance(position, str):
            raise RecordError(_("not a whole game (its start position is not text)"))
        state = start_state(entry.rules, entry.position, options, seed, position)
        moves = []
        if not isinstance(data["moves"], list):
            raise RecordError(_("not a whole game (its moves are not a list)"))
        for text in data["moves"]:
            if not isinstance(text, str):
                raise RecordError(_("not a whole game (a move is not text)"))
            move = entry.rules.move_from_text(text, state)
            state = entry.rules.apply(state, move)
            moves.append(move)
    except RecordError:
        raise
    except IllegalMove as exc:
        raise RecordError(_("not a whole game ({why})").format(why=one_line(str(exc)))) from None
    except Exception:  # noqa: BLE001 - options of the wrong kind, a seed the rules refuse: the save is damaged
        log.info("a save's game could not be rebuilt", exc_info=True)
        raise RecordError(_("not a whole game (it is damaged)")) from None
    return GameRecord(options, seed, tuple(moves), _ending(data.get("forfeit")), position)


def _ending(forfeit: Any) -> Outcome | None:
    """A save's ending "on time", for the review to say; anything else (or a damaged one) says nothing."""
    try:
        outcome = Outcome.from_json(forfeit) if isinstance(forfeit, dict) else None
    except (KeyError, TypeError, ValueError):
        return None
    return outcome if outcome is not None and outcome.reason == FLAG else None


def _judge(game: str, view: Any, seat: int, limit: float) -> Verdict:
    """One position, judged in a pool process (the judge is the entry's, found by key)."""
    spec = get_game(game).review
    assert spec is not None
    return spec.judge(view, seat, time.monotonic() + limit)


def review_record(entry: GameEntry, record: GameRecord, seat: int | None, limit: float, jobs: int = 1,
                  progress: Callable[[int, int], None] | None = None) -> Review:
    """Review a game, its positions judged `jobs` at a time with `limit` seconds each."""
    spec = entry.review
    if spec is None:
        raise RecordError(_("{game} has no review").format(game=_(entry.title)))

    def judge_all(work: list[tuple[Any, int]]) -> list[Verdict]:
        out: list[Verdict] = []
        if jobs <= 1:
            for i, (view, s) in enumerate(work):
                out.append(spec.judge(view, s, time.monotonic() + limit))
                if progress:
                    progress(i + 1, len(work))
            return out
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            futures = [pool.submit(_judge, entry.key, view, s, limit) for view, s in work]
            for i, f in enumerate(futures):
                out.append(f.result())
                if progress:
                    progress(i + 1, len(work))
        return out

    return review_game(entry.rules, spec, entry.key, record.options, record.seed, record.moves, seat, judge_all,
                       record.start(entry))


def counted(row: dict[str, float]) -> str:
    """A seat's ratings in words: "1 inaccuracy, 2 mistakes, no blunders"."""
    words = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
    parts = []
    for name, plural in words.items():
        n = int(row[name])
        parts.append(f"{n} {name}" if n == 1 else f"{n or 'no'} {plural}")
    return ", ".join(parts)


def review_lines(review: Review, labels: tuple[str, ...]) -> list[str]:
    """The review as text: one line per move, then a summary per rated seat."""
    unit = review.unit
    lines = []
    for m in review.moves:
        if not m.rated:
            why = "only move" if m.forced else "not reviewed"
            lines.append(f"{m.ply + 1:>3}. {labels[m.seat]:<8} {m.text:<14} {'':>8}  ({why})")
            continue
        exact = " exact" if m.exact else ""
        best = f"best {m.best_text} {value_text(m.before.value, review.baseline)}" if m.best_text else "best -"
        note = f"  [{m.before.note}]" if m.before.note else ""
        lines.append(f"{m.ply + 1:>3}. {labels[m.seat]:<8} {m.text:<14} {value_text(m.value, review.baseline):>7}  {best:<18} "
                     f"loss {m.loss:5.1f} {unit}{exact}  {m.rating}{note}")
    for seat, row in review.summary().items():
        rated = int(row["moves"])
        lines.append(f"{labels[seat]}: {rated} move{'s' * (rated != 1)} rated, average loss "
                     f"{row['average_loss']:.2f} {unit}, {counted(row)}")
    return lines


def review_json(review: Review) -> str:
    """The review as JSON, for other tools."""
    return json.dumps({"game": review.game, "unit": review.unit, "perspective": review.perspective,
                       "values": [v.value for v in review.values],
                       "moves": [{"ply": m.ply, "seat": m.seat, "move": m.text, "value": m.value,
                                  "best": m.best_text, "best_value": m.before.value, "loss": m.loss,
                                  "rating": m.rating, "exact": m.exact, "rated": m.rated} for m in review.moves]})


class ReviewRun:
    """A review the app runs in the background: one position at a time in the AI process.

    The scene calls `update()` every frame; it never blocks. Where the game
    has a quick judge, one job first judges every position with it, so the
    whole graph is drawn at once; then each position is judged in turn and
    replaces its first-pass verdict. `review` holds the verdicts so far;
    `progress` says how many positions the full judge has done.
    """

    def __init__(self, entry: GameEntry, record: GameRecord, seat: int | None, worker: Any,
                 limit: float | None = None) -> None:
        if entry.review is None:
            raise RecordError(_("{game} has no review").format(game=_(entry.title)))
        self.entry, self.record, self.seat, self.worker = entry, record, seat, worker
        self.spec = entry.review
        self.limit = limit or self.spec.default_limit
        self.states = positions(entry.rules, record.options, record.seed, record.moves, record.start(entry))
        self.work = jobs(entry.rules, self.states, self.spec, seat)
        self.verdicts: list[Verdict] = []
        self.first: list[Verdict] = []  # the quick judge's verdicts of every position, once answered
        self.error = ""
        self._job: Any = None
        self._first_job: Any = None
        if self.spec.quick is not None:
            self._first_job = worker.ask(FirstPassRequest(entry.key, tuple(self.work)), FIRST_PASS_SECONDS)
        self.review = self._assemble()

    @property
    def done(self) -> bool:
        return len(self.verdicts) == len(self.work) or bool(self.error)

    @property
    def progress(self) -> tuple[int, int]:
        return len(self.verdicts), len(self.work)

    def update(self) -> bool:
        """Collect an answer and send the next position; True when something changed."""
        if self.done:
            return False
        changed = self._collect_first()
        job = self._job
        if job is None:
            view, seat = self.work[len(self.verdicts)]
            self._job = self.worker.ask(JudgeRequest(self.entry.key, view, seat), self.limit)
            return changed
        if not job.done:
            return changed
        self._job = None
        if job.error is not None or not isinstance(job.move, Verdict):
            self.error = _("The review stopped: the analysis could not judge a position")
            return True
        self.verdicts.append(job.move)
        self.review = self._assemble()
        return True

    def _collect_first(self) -> bool:
        """Take the first pass's answer when it comes; True when it changed the review."""
        job = self._first_job
        if job is None or not job.done:
            return False
        self._first_job = None
        if job.error is not None or not isinstance(job.move, list) or len(job.move) != len(self.work):
            return False  # no first pass: the full judge still draws the graph position by position
        self.first = job.move
        self.review = self._assemble()
        return True

    def cancel(self) -> None:
        """The review is closed: drop the answers of the positions being judged."""
        for job in (self._job, self._first_job):
            if job is not None:
                job.cancelled = True
        self._job = self._first_job = None

    def _assemble(self) -> Review:
        """The review of the positions judged so far: the full judge's, then the first pass's."""
        verdicts = self.verdicts + self.first[len(self.verdicts):]
        n = len(verdicts)
        moves = self.record.moves[:max(0, n - 1)]
        return assemble(self.entry.rules, self.states[:n] or self.states[:1], moves, verdicts, self.spec,
                        self.seat, self.entry.key) if n else Review(
            self.entry.key, (), 0, self.spec.unit, self.spec.span, self.spec.baseline)
