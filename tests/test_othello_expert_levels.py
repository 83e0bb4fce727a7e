"""Othello's expert levels and the hint level: each level a larger search budget than the one below
(counted in nodes under a clock that ticks with the work, never in seconds), the levels offered
wherever an AI is chosen, and the hint level chosen in the setup, kept and used by the hint key."""
import random

import pygame
import pytest
from uidriver import frames, key

from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.i18n import set_language
from boardhub.core.requests import JudgeRequest
from boardhub.core.seat_names import seat_label
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.games.othello import expert, review
from boardhub.games.othello.engine import START, OthelloRules
from boardhub.scenes.game import GameScene
from boardhub.scenes.setup import SetupScene, ai_choices

ENTRY = get_game("othello")


def midgame(plies: int = 20, seed: int = 3):
    """A position out of the opening book: random moves from the start."""
    rules, state, rng = OthelloRules(), START, random.Random(seed)
    for _ in range(plies):
        state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    return state


class WorkClock:
    """time.monotonic for the expert that moves on a tick each time it is read: the clock is read every
    few hundred nodes, so a share of the time is a share of the work, the same on any machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1e-4
        return self.now


def test_expert_level_budgets_rise_level_by_level():
    rows = [expert.BUDGETS[level] for level in expert.LEVELS]
    assert expert.LEVELS == (1, 2, 3, 4, 5) and expert.FULL_LEVEL == 5
    for lower, higher in zip(rows, rows[1:]):
        assert higher.depth > lower.depth and higher.share > lower.share
        assert higher.solve_empties > lower.solve_empties and higher.book >= lower.book
        assert higher.selective_empties >= lower.selective_empties
    # the top level is the full expert: as deep as time allows, the whole share, both solvers, the whole book
    assert rows[-1] == expert.Budget(expert.MAX_DEPTH, 1.0, expert.SOLVE_EMPTIES, expert.SELECTIVE_EMPTIES, True)


def test_a_higher_expert_level_searches_more_of_the_same_position(monkeypatch):
    state = midgame()
    nodes, depths = [], []
    for level in expert.LEVELS:
        monkeypatch.setattr(expert.time, "monotonic", WorkClock())
        ai = expert.ExpertAI(level=level, seed=0)
        move = ai.choose(state, 0.04)  # about 40,000 nodes of the work clock for the whole move
        assert move in OthelloRules().legal_moves(state)
        nodes.append(ai.nodes)
        depths.append(ai.depth)
    assert nodes == sorted(set(nodes)), nodes  # strictly more work at each level
    assert depths[:4] == [1, 2, 4, 6] and depths[4] >= 6, depths  # the caps, and no cap at the top


def test_low_expert_levels_leave_the_book_to_the_higher_ones(monkeypatch):
    after_f5 = OthelloRules().apply(START, 37)  # f5: in the book
    seen = []
    monkeypatch.setattr(expert, "book_move", lambda me, opp, rng: seen.append(1) or None)
    for level in expert.LEVELS:
        monkeypatch.setattr(expert.time, "monotonic", WorkClock())
        expert.ExpertAI(level=level, seed=0).choose(after_f5, 0.01)
    assert len(seen) == sum(expert.BUDGETS[level].book for level in expert.LEVELS) == 3


def test_the_expert_levels_are_offered_and_expert_alone_still_means_the_full_strength():
    ai = ENTRY.ai_entry("expert")
    assert ai.levels == expert.LEVELS and ai.default_level == 5
    values, _labels = ai_choices(ENTRY)
    assert all(f"expert:{level}" in values for level in expert.LEVELS)
    assert ENTRY.make_ai("expert:2").level == 2  # the registry builds the seat's level
    assert ENTRY.make_ai("expert").level == 5  # a seat saved before the levels keeps its strength
    with pytest.raises(ValueError):
        ENTRY.make_ai("expert:6")
    assert seat_label("expert:3") == "Expert 3 AI" and seat_label("expert") == "Expert AI"
    set_language("ko")
    try:
        assert seat_label("expert:3") == "고수 3 AI"
    finally:
        set_language("en")
    old = GameSetup.default("othello", "pva").fields() | {"seats": [None, "expert"], "options": {}}
    assert GameSetup.from_fields(old).options == {"hint_level": 5}  # a setup stored before the hint level


def test_expert_hint_levels_look_further_level_by_level():
    rows = [review.HINT_BUDGETS[level] for level in sorted(review.HINT_BUDGETS)]
    for (depth, exact), (depth2, exact2) in zip(rows, rows[1:]):
        assert depth2 > depth and exact2 > exact
    assert rows[-1] == (review.MIDGAME_DEPTH, review.EXACT_EMPTIES)  # level 5 is the review's own judge
    state = midgame(30)
    full = JudgeRequest("othello", state, state.player, 5).answer(ENTRY, 0.0)
    assert full == review.judge(state, state.player)
    quick = JudgeRequest("othello", state, state.player, 1).answer(ENTRY, 0.0)
    assert quick.best in OthelloRules().legal_moves(state) and not quick.confident


class AskingWorker:
    """A worker that keeps what it was asked and answers nothing: the question is what is read."""

    def __init__(self) -> None:
        self.asked = []

    def ask(self, request, limit):
        from boardhub.core.worker import Job
        self.asked.append(request)
        return Job(request, limit)

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def test_the_expert_hint_asks_at_the_level_of_the_setup_and_a_resumed_game_keeps_it():
    worker = AskingWorker()
    setup = GameSetup("othello", (None, "expert:3"), {"hint_level": 2})
    session = GameSession.new(setup, lambda: worker)
    try:
        assert session.hint_level == 2
        session.ask_hint()
        judged = [r for r in worker.asked if isinstance(r, JudgeRequest)]
        assert [r.level for r in judged] == [2]
    finally:
        session.close()
    saved = next(s for s in saves.list_games() if s.data["game"] == "othello")
    again = GameSession.resume(saved, lambda: worker)
    try:
        assert again.hint_level == 2 and GameSetup.of_match(again.match).options == {"hint_level": 2}
    finally:
        again.close()


def test_the_expert_hint_row_is_set_with_the_keys_and_remembered(app):
    app.open("setup", GameSetup.default("othello", "pva"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    hints = next(c for o, c in setup.option_choices if o.key == "hint_level")
    assert hints.value == 5 and ("Hints", hints.rect.centery) in setup.rows
    for _ in range(10):  # Tab round the ring to the hint row, as a player without a mouse would
        key(app, pygame.K_TAB)
        if setup.focus.current() is hints:
            break
    assert setup.focus.current() is hints
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert hints.value == 3
    setup.start()
    frames(app, 1)
    assert isinstance(app.top, GameScene) and app.top.session.hint_level == 3
    assert app.settings.last_setups["othello/pva"]["options"] == {"hint_level": 3}


def test_the_expert_hint_row_shows_only_where_hints_are_given(app):
    for mode, shown in (("pva", True), ("pvp", False), ("ava", False)):
        app.open("setup", GameSetup.default("othello", mode))
        hints = next(c for o, c in app.top.option_choices if o.key == "hint_level")
        assert hints.visible is shown and (("Hints", hints.rect.centery) in app.top.rows) is shown
        app.pop()
