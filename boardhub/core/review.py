"""Reviewing a finished game: every position judged, every move rated by what it lost.

A game that can be reviewed gives its entry a `ReviewSpec`: the unit its values
are in, the losses that make an inaccuracy, a mistake and a blunder, and a
`judge(view, seat, deadline) -> Verdict` that runs where the AIs run. A verdict
is the value of a position for one seat under best play as the game's expert
sees it, the best move of the side to move, and whether the value is exact
(an endgame solver's proof) or an estimate.

A judgement is a function of the position alone: judges search by a fixed
budget of work (a depth, a node count), never by the clock, with tables
that start empty, and fold the board's symmetries onto one canonical form,
so the same position, or its mirror image, gets the same value on any
machine and in any order. The deadline a judge is given is only a courtesy.

The review judges every position once, from the start to the end. A judge
that scores every legal move (`Verdict.scores`, the very numbers of the
game's evaluation overlay and its Best move) rates a move by those scores:

    loss = the best move's score - the played move's score, for the mover

Otherwise a move is rated by comparing two neighbouring verdicts, as analysis
boards do (loss = value before the move - value after it, for the mover), so
no position is searched twice. A move that is the best move found, or the only
legal one, loses nothing; an estimate that is not `confident` rates nothing.
Two-player zero-sum games judge each position
for seat 0 and read the other seat's value as its negative; a game with
hidden information (Da Vinci Code) is judged from the reviewed seat's view
alone, and only that seat's moves are rated.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from boardhub.core.i18n import N_, Wording, _

RATINGS = (N_("inaccuracy"), N_("mistake"), N_("blunder"))


@dataclass(frozen=True)
class Verdict:
    """One position, judged for one seat."""

    value: float  # the position's value for the seat, in the game's unit, with best play from here
    best: Any = None  # the best move found for the side to move; None when the game is over
    exact: bool = False  # proven by a solver, not estimated
    note: str = ""  # what the value means beyond its number, in English: "Black wins by fours in 7"
    # the note as a template of the catalog with its values, said in the language of the moment; None: `note` is one
    wording: Wording | None = None
    # every legal move's value for the seat, in the order the judge listed them; () if not scored
    scores: tuple[tuple[Any, float], ...] = ()
    # an estimate sure enough to rate moves by; exact values always are
    confident: bool = True

    @classmethod
    def noted(cls, value: float, best: Any, exact: bool, template: str, **values: Any) -> "Verdict":
        """A verdict whose note is `template` with `values`."""
        wording = Wording.of(template, **values)
        return cls(value, best, exact, wording.english(), wording)

    def score(self, move: Any) -> float | None:
        """The value for the seat of playing `move` here, or None when the judge did not score it."""
        for m, v in self.scores:
            if m == move:
                return v
        return None

    @property
    def trusted(self) -> bool:
        """Exact, or an estimate sure enough to rate a move by."""
        return self.exact or self.confident

    def note_text(self, translate: Callable[[str], str] = _) -> str:
        """The note in the language of the moment."""
        if self.wording is not None:
            return self.wording.said(translate)
        return translate(self.note) if self.note else ""


Judge = Callable[[Any, int, float], Verdict]  # (the seat's view, seat, deadline) -> Verdict


@dataclass(frozen=True)
class ReviewSpec:
    """What a game hands the review: its judge, its unit and its thresholds."""

    judge: Judge
    unit: str  # the values' unit as a player reads it: "discs", "boxes", "% to win" (marked for the catalog)
    thresholds: tuple[float, float, float]  # least loss of an inaccuracy, a mistake, a blunder
    span: float  # the most the graph's half-height may be, in the unit (0: no cap); it shrinks to fit the values
    zero_sum: bool = True  # two players, one's gain the other's loss: judge once for seat 0
    baseline: float = 0.0  # an even game's value (50 for a chance in percent); the other seat's value
    # of a zero-sum game is its mirror image across it
    default_limit: float = 1.0  # seconds a position, by default, where the judge searches by the clock
    timed: bool = True  # False: the judge does a fixed amount of work a position and ignores its deadline
    # a cheap judge for a first pass drawn at once, refined by `judge` after; None: no first pass
    quick: Judge | None = None
    # the hint at a level the player chose, (view, seat, level, deadline) -> Verdict, and the game option
    # that holds the level; without them a hint is `judge`'s verdict
    hint: Callable[[Any, int, Any, float], "Verdict"] | None = None
    hint_option: str = ""


def value_text(value: float, baseline: float = 0.0) -> str:
    """A value as players read it: "+3.0" around an even game of 0, "62.5" for a chance in percent."""
    value += 0.0  # -0.0 (a zero seen from the other seat) reads "+0.0"
    return f"{value:+.1f}" if not baseline else f"{value:.1f}"


def rating(loss: float, thresholds: tuple[float, float, float]) -> str:
    """"blunder", "mistake", "inaccuracy" or "" for a move that lost `loss`."""
    for name, least in zip(reversed(RATINGS), reversed(thresholds)):
        if loss >= least:
            return name
    return ""


@dataclass(frozen=True)
class MoveReview:
    """One move of the game as the review sees it."""

    ply: int  # 0 for the first move
    seat: int  # who played it
    move: Any
    text: str  # the move in the game's notation
    before: Verdict  # the position it was played in, for `seat`
    after: Verdict  # the position it left, for `seat`
    value: float  # the move's value for `seat`: its score where it was played, else `after.value`
    best_text: str  # the best move found, in notation ("" when none)
    loss: float
    rating: str  # "", "inaccuracy", "mistake", "blunder"
    forced: bool  # the only legal move
    rated: bool  # its seat is reviewed and it had a choice

    @property
    def exact(self) -> bool:
        return self.before.exact and self.after.exact

    @property
    def trusted(self) -> bool:
        """Its values are sure enough to rate it: exact or confident, where it was played and (unless
        scored there) where it led."""
        return trusted(self.before, self.after, self.move)


@dataclass
class Review:
    """A whole game reviewed: a verdict for each position, a judgement of each move."""

    game: str
    seats: tuple[int, ...]  # the seats whose moves are rated
    perspective: int  # the graph's values are this seat's
    unit: str
    span: float
    baseline: float = 0.0
    values: list[Verdict] = field(default_factory=list)  # position 0 .. n, for `perspective`
    moves: list[MoveReview] = field(default_factory=list)

    def summary(self) -> dict[int, dict[str, float]]:
        """Per rated seat: moves rated, average loss, and how many of each rating."""
        out: dict[int, dict[str, float]] = {}
        for seat in self.seats:
            mine = [m for m in self.moves if m.seat == seat and m.rated]
            row: dict[str, float] = {"moves": len(mine),
                                     "average_loss": sum(m.loss for m in mine) / len(mine) if mine else 0.0}
            for name in RATINGS:
                row[name] = sum(m.rating == name for m in mine)
            out[seat] = row
        return out


def trusted(before: Verdict, after: Verdict, move: Any) -> bool:
    """Whether a move from `before` to `after` may be rated: its loss rests on exact or confident values."""
    return before.trusted and (before.score(move) is not None or after.trusted)


def first_pass(spec: ReviewSpec, work: Sequence[tuple[Any, int]], deadline: float) -> list[Verdict]:
    """Every listed position, (a seat's view, that seat), judged by the quick judge (the full judge where
    the game has none)."""
    judge = spec.quick or spec.judge
    return [judge(view, seat, deadline) for view, seat in work]


def positions(rules: Any, options: dict, seed: int | None, moves: Sequence[Any], start: Any = None) -> list[Any]:
    """Every state of a game from the start (`start`, an edited position's, else the usual one): moves + 1
    of them (IllegalMove names a bad move)."""
    state = rules.new_game(options, seed) if start is None else start
    out = [state]
    for move in moves:
        state = rules.apply(state, move)
        out.append(state)
    return out


def jobs(rules: Any, states: list[Any], spec: ReviewSpec, seat: int | None) -> list[tuple[Any, int]]:
    """What to judge, position by position: (the judging seat's view, that seat)."""
    judged = 0 if spec.zero_sum else (seat or 0)
    return [(rules.view(state, judged), judged) for state in states]


def assemble(rules: Any, states: list[Any], moves: Sequence[Any], verdicts: list[Verdict], spec: ReviewSpec,
             seat: int | None, game: str) -> Review:
    """The review from one verdict per position (as `jobs` listed them)."""
    judged = 0 if spec.zero_sum else (seat or 0)
    if spec.zero_sum:
        seats = (0, 1) if seat is None else (seat,)
        perspective = 0 if seat is None else seat
    else:
        seats, perspective = (judged,), judged

    def for_seat(v: Verdict, s: int) -> Verdict:
        """A zero-sum game's value for seat `s`; a game judged from one seat keeps that seat's values."""
        if s == judged or not spec.zero_sum:
            return v
        mirror = 2 * spec.baseline
        return replace(v, value=mirror - v.value, scores=tuple((m, mirror - x) for m, x in v.scores))

    review = Review(game, seats, perspective, spec.unit, spec.span, spec.baseline,
                    values=[for_seat(v, perspective) for v in verdicts])
    for ply, move in enumerate(moves):
        state = states[ply]
        mover = rules.to_move(state)
        before, after = for_seat(verdicts[ply], mover), for_seat(verdicts[ply + 1], mover)
        forced = len(rules.legal_moves(state)) <= 1
        rated = mover in seats and not forced
        best = before.best
        scored = before.score(move)
        value = after.value if scored is None else scored
        loss = 0.0
        if rated and trusted(before, after, move) and best is not None and best != move:
            loss = max(0.0, before.value - value)
        # a hidden-information judge knows the best move of its own seat only
        shown = best is not None and (spec.zero_sum or mover == judged)
        review.moves.append(MoveReview(
            ply, mover, move, rules.move_to_text(move, state), before, after, value,
            rules.move_to_text(best, state) if shown else "", loss,
            rating(loss, spec.thresholds) if rated else "", forced, rated))
    return review


def review_game(rules: Any, spec: ReviewSpec, game: str, options: dict, seed: int | None, moves: Sequence[Any],
                seat: int | None, judge_all: Callable[[list[tuple[Any, int]]], list[Verdict]],
                start: Any = None) -> Review:
    """Review a game: `judge_all` judges the listed (view, seat) pairs, here or in other processes."""
    states = positions(rules, options, seed, moves, start)
    verdicts = judge_all(jobs(rules, states, spec, seat))
    return assemble(rules, states, moves, verdicts, spec, seat, game)
