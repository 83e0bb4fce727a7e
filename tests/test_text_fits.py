"""Every scene's text is readable and stays where it belongs, at the smallest and a large window.

Each scene below is built as a player reaches it, with long names and full
move lists where the screen has them, and drawn for a few frames while
`theme.recording()` notes every text drawn. The checks: no text under
theme.MIN_TEXT_PX, none of its pixels outside the surface it is drawn on (the
window, mostly), none outside the panel it was declared for
(`theme.panel_bounds`: the game's top bar and side panel, each button, choice
and text field), and no two texts of a scene's frame running into each other.
A failure lists every text that broke a rule, with where. Every scene is
checked in each language the interface speaks: Korean lines are often
shorter than English ones but taller, and some are longer.
"""
import ast
import random
import time
import zlib
from pathlib import Path

import pygame
import pytest
from uidriver import frames

from boardhub.app import App
from boardhub.core import i18n, saves
from boardhub.core.clock import TimeControl
from boardhub.core.external import ENDINGS, EngineError
from boardhub.core.game import GAME_KEYS, get_game
from boardhub.core.match import Match
from boardhub.core.rules import Outcome
from boardhub.core.session import GameSession
from boardhub.core.settings import Settings
from boardhub.core.setup import GameSetup, make_seats
from boardhub.core.stats import Stats
from boardhub.scenes.game import GameScene
from boardhub.scenes.setup import SetupScene
from boardhub.ui import theme

ROOT = Path(__file__).resolve().parents[1]
SIZES = ((800, 600), (1920, 1080))
# the AIs with the longest names, so names meet the least room they can have
LONG_AI = {"dots": "normal", "othello": "positional:5", "gomoku": "normal", "davinci": "seed:normal"}
FAST_AI = {"dots": "easy", "othello": "random", "gomoku": "easy", "davinci": "easy"}
PLAYERS = {"davinci": (2, 3, 4)}  # games whose number of players changes the screens


@pytest.fixture(scope="module", params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def sized_app(request, tmp_path_factory):
    """One app per window size for every scene of this module (one AI process each)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOARDHUB_SAVES", str(tmp_path_factory.mktemp("text-saves")))
        app = App(request.param)
        app.open("menu")
        yield app
        app.close()


def fresh(app) -> None:
    """Back to the menu with default settings and an empty saves folder."""
    app.settings = Settings(ai_delay=0.0, ava_delay=0.0, animation="none")
    app.reset("menu")
    pygame.mouse.set_pos((0, 0))  # where no board is: a scene that pointed at a tile leaves no tooltip behind
    for path in saves.saves_dir().rglob("*.json"):
        path.unlink()


def random_moves(key: str, options: dict, seed: int, count: int | None, to_move: int | None = None) -> list:
    """At least `count` random legal moves from the start (None: to the end of the game),
    then on until the seat `to_move` is to move, where one is given."""
    rules, rng = get_game(key).rules, random.Random(seed)
    state, moves = rules.new_game(options, seed), []
    while not rules.is_over(state) and (count is None or len(moves) < count
                                        or (to_move is not None and rules.to_move(state) != to_move)):
        moves.append(rng.choice(list(rules.legal_moves(state))))
        state = rules.apply(state, moves[-1])
    return moves


def options_of(key: str, players: int | None) -> dict:
    game = get_game(key)
    options = {o.key: o.default for o in game.options}
    if players is not None:
        options["players"] = players
    return options


def seats_of(key: str, mode: str, n: int) -> list:
    long, fast = LONG_AI[key], FAST_AI[key]
    return {"pvp": [None] * n, "pva": [None] + [long] * (n - 1), "ava": [long] + [fast] * (n - 1)}[mode]


def build_menu(app, with_continue: bool = False):
    if with_continue:
        saved_game("othello", moves=7)
        app.reset("menu")
    return app.top


# The longest thing an engine may say as it fails: its last words quoted, shortened as the app shortens them
ENGINE_STOPPED = EngineError(ENDINGS["exit", False, True], "pbrain-rapfi", code=1,
                             words="cannot open the weights file 'weights/rapfi-mix9-nnue.bin': no such file" + "...")


def build_setup(key: str, mode: str, players: int | None = None, engine: bool = False,
                error: EngineError | None = None):
    def build(app):
        app.open("setup", GameSetup.default(key, mode))
        setup = app.top
        assert isinstance(setup, SetupScene)
        for option, choice in setup.option_choices:
            if option.key == "players" and players is not None:
                choice.set(players)
        setup.sync_seats()
        if engine:  # an engine seat opens its command line under the seat
            choice = setup.seat_choices[-1]
            choice.set(next(v for v in choice.values if isinstance(v, str) and v.endswith(":")))
            setup.layout(setup.size)
        if error is not None:  # said in the language of the moment, as the engine check says it
            setup.error = error.said()
        return setup
    return build


def build_source_setup(key: str, mode: str):
    """The setup after "As in the source": its summary in the message box, in the language of the moment."""
    def build(app):
        app.open("setup", GameSetup.default(key, mode))
        setup = app.top
        setup.apply_source()
        assert setup.notice
        return setup
    return build


def build_setup_with(key: str, options: dict, seat: str):
    """A setup with chosen options (Gomoku's 20 x 20 freestyle) and the AI seat at one of its levels."""
    def build(app):
        default = GameSetup.default(key, "pva")
        app.open("setup", GameSetup(key, (None, seat), {**default.options, **options}, 0.5, False, "pva"))
        app.top.seat_changed(1)  # the box describes the level chosen
        return app.top
    return build


GOMOCUP = {"size": 20, "rule": "freestyle", "forbidden_loses": False}


def build_gomocup_board(app):
    """The 20 x 20 board with stones up to its far edges (t20, a1), against the AI."""
    setup = GameSetup("gomoku", (None, LONG_AI["gomoku"]), GOMOCUP, 0.1, False, "pva")
    match = setup.match(app.start_worker(), 1)
    rules = match.rules
    names = "k10 k11 l10 t20 j10 a1 m10 t1 j11 a20 i12 s19 h13 b2 l12 r18 h11 c3"
    match.replay([rules.move_from_text(n, match.state) for n in names.split()])
    scene = app.open("game", GameSession(match, app.start_worker, save_path=saves.new_game_path("gomoku")))
    frames(app, 2)
    return scene


def build_find_win(app):
    """A Renju VCF puzzle (tests/gomokupuzzles.py) with its winning line found and numbered on the board."""
    from gomokupuzzles import PUZZLES, state as puzzle_state
    start = puzzle_state(PUZZLES[4])
    setup = GameSetup("gomoku", (None, None), {"size": 15, "rule": "renju", "forbidden_loses": False}, mode="pvp")
    session = GameSession.new(setup, app.start_worker)
    session.import_record(" ".join(get_game("gomoku").rules.move_to_text(p, start) for p in start.moves))
    scene = app.open("game", session)
    frames(app, 2)
    scene.win_buttons[0].on_click()
    deadline = time.monotonic() + 60
    while session.win_for(session.match.state) is None:
        assert time.monotonic() < deadline, "no win came"
        app.frame(0.016)
        time.sleep(0.01)
    frames(app, 2)
    return scene


def start_game(app, key: str, mode: str, players: int | None = None, moves: int | None = 24) -> GameScene:
    """A game of `mode` with `moves` random moves played (None: to its end), on the screen.

    It stands still, so every run draws the same: against the AI it is the
    player's turn, and AI against AI is paused.
    """
    options = options_of(key, players)
    n = get_game(key).rules.num_players(options)
    seed = zlib.crc32(key.encode())
    setup = GameSetup(key, tuple(seats_of(key, mode, n)), options, 0.1, mode == "ava", mode)
    match = setup.match(app.start_worker(), seed)
    match.replay(random_moves(key, options, seed, moves, to_move=0 if mode == "pva" else None))
    match.paused = mode == "ava"
    scene = app.open("game", GameSession(match, app.start_worker, save_path=saves.new_game_path(key)))
    assert isinstance(scene, GameScene)
    frames(app, 2)  # as a player sees it: the panels below open from a game already on the screen
    return scene


def build_game(key: str, mode: str, players: int | None = None, toggled: bool = False):
    def build(app):
        scene = start_game(app, key, mode, players)
        if toggled:  # the board's own buttons on: hints, move numbers, evaluations, tiles face up
            for button in scene.action_buttons:
                button.on_click()
            frames(app, 2)
        return scene
    return build


def build_tile_history(players: int):
    """Da Vinci Code with the mouse over another player's tile: its history in a tooltip."""
    def build(app):
        scene = start_game(app, "davinci", "pva", players, moves=40)
        view = scene.board.view(scene.match.state)
        rects = scene.board.rack_rects(view)
        seat = 1 if 1 in {s for s, _i in rects} else 0
        pygame.mouse.set_pos(rects[(seat, 0)].center)
        frames(app, 2)
        from boardhub.scenes.game_frame import context
        assert scene.board.told_tile(view, context(scene)) == (seat, 0)  # the tooltip shows
        return scene
    return build


def build_undone(key: str):
    """A game with moves taken back: "+3 to redo" under a full move list."""
    def build(app):
        scene = start_game(app, key, "pvp", moves=40)
        for _ in range(3):
            scene.match.undo()
        frames(app, 2)
        return scene
    return build


def build_best(key: str):
    """A game against the AI with the Best move ringed and tagged on a board full of stones or discs."""
    def build(app):
        scene = start_game(app, key, "pva", moves=40)
        scene.ask_hint()
        deadline = time.monotonic() + 60
        while scene.session.hint_for(scene.match.state) is None:
            assert time.monotonic() < deadline, "no hint came"
            app.frame(0.016)
            time.sleep(0.01)
        return scene
    return build


def build_result(key: str, players: int | None = None):
    def build(app):
        scene = start_game(app, key, "pva", players, moves=None)
        scene.show_result()
        return app.top
    return build


def build_engine_forfeit(app):
    """The result of a game whose engine seat stopped with last words: the forfeit's sentence at its longest."""
    scene = start_game(app, "gomoku", "pva", moves=6)
    m = scene.match
    m.end_with(Outcome.worded(0, (), "error", ENGINE_STOPPED.wording.template, player=m.seats[1].label,
                              **dict(ENGINE_STOPPED.wording.values)))
    frames(app, 2)  # the forfeit's notice, as the session says it
    scene.show_result()
    return app.top


def build_setup_clock(key: str, players: int | None = None):
    """The setup with a time control chosen: the clock's row alone, the AI's limit and the referee gone."""
    def build(app):
        setup = build_setup(key, "pva", players)(app)
        setup.clock.set("10+5")
        setup.layout(setup.size)
        return setup
    return build


def build_clock(key: str, players: int | None = None, flagged: bool = False):
    """A game under a time control, the player to move low on time (tenths, the low-time colour);
    `flagged`: the player's time ran out, and the result says so."""
    def build(app):
        scene = start_game(app, key, "pva", players)
        m = scene.match
        m.timing.control = TimeControl.parse("10+5")
        m._turn_start = m.clock() - (m.time_left(m.to_move) - 7.3)
        if flagged:
            m._turn_start -= 10
            frames(app, 3)
            scene.show_result()
            return app.top
        frames(app, 2)
        return scene
    return build


def build_opening(options: dict, moves: str):
    """A Gomoku game between two people at a step of an opening rule: its words in the status line,
    its choices as buttons, its offers on the board."""
    def build(app):
        setup = GameSetup("gomoku", (None, None), {"size": 15, **options}, 0.5, False, "pvp")
        match = setup.match(None, 1)
        match.replay([match.parse(text) for text in moves.split()])
        scene = app.open("game", GameSession(match, app.start_worker, save_path=saves.new_game_path("gomoku")))
        frames(app, 2)
        return scene
    return build


def build_pause(key: str):
    def build(app):
        start_game(app, key, "pva").menu_button.on_click()
        return app.top
    return build


def build_import(key: str):
    def build(app):
        game = start_game(app, key, "pvp", moves=4)
        next(b for b in game.record_buttons if b.label == "Import").on_click()
        return app.top
    return build


REVIEWED: dict[str, tuple[list, list]] = {}  # each game's review verdicts, judged once a test run (about 9 s for Gomoku)


def build_review(key: str):
    """The review of a finished game against the AI, judged up to the move shown (the texts are the point)."""
    def build(app):
        start_game(app, key, "pva", moves=None).show_result()
        next(b for b in app.top.buttons if b.label == "Review the game").on_click()
        review = app.top
        review.run.limit = 0.02
        judged = REVIEWED.get(key)
        if judged is not None:  # the same record, judged by fixed work: its verdicts as the first build got them
            review.run.cancel()
            review.run.first, review.run.verdicts = list(judged[0]), list(judged[1])
            review.run.review = review.run._assemble()
        deadline = time.monotonic() + 120
        while not review.run.done and review.run.progress[0] < 14:  # the positions around the move shown
            assert time.monotonic() < deadline, "the review did not get that far"
            app.frame(0.016)
            time.sleep(0.002)
        assert not review.run.error
        REVIEWED.setdefault(key, (list(review.run.first), list(review.run.verdicts)))
        for _ in range(12):  # a move some way in, with its better move drawn
            review.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        return review
    return build


def saved_game(key: str, moves: int | None = None) -> None:
    """A game against the AI in the saves folder: finished, or its first `moves` moves."""
    options = options_of(key, None)
    game = get_game(key)
    seats = make_seats(seats_of(key, "pva", game.rules.num_players(options)))
    match = Match(game, seats, options, seed=zlib.crc32(key.encode()))
    match.replay(random_moves(key, options, zlib.crc32(key.encode()), moves))
    path = saves.games_dir() / f"text-{key}-{moves}.json"
    result = "over" if match.is_over else ""
    saves.write_game(path, {**match.to_json(), "kind_of_game": "PvA", "result": result,
                            "players": " vs ".join(seat.label for seat in seats),
                            "status": "Game over" if match.is_over else "Your turn"})


def build_saves(app):
    """One finished game of each kind, an unfinished one and a file that cannot be read."""
    for key in GAME_KEYS:
        saved_game(key)
    saved_game("dots", moves=3)
    saves.atomic_write_text(saves.games_dir() / "damaged.json", '{"format": 1, "kind": "ga')
    return app.open("saves")


def build_stats(app):
    stats = Stats()
    for key in GAME_KEYS:
        for result in ("win", "draw", "loss"):
            stats.record(key, LONG_AI[key], result)
    return app.open("stats")


def build_rules(key: str):
    return lambda app: app.open("rules", get_game(key))


def build_learning(app):
    game = get_game("othello")
    (_, page), = game.pages[:1]
    app.top.open_page(game, page)
    return app.top


def build_learning_compare(style: str):
    def build(app):
        from boardhub.games.othello import learnings
        from boardhub.games.othello.learning import Learning
        run = Learning([v * 7 % 23 - 11 for v in range(64)], [v % 5 for v in range(64)], games=900)
        run.snapshots = [Learning([v % 9 - 4 for v in range(64)], [v % 3 for v in range(64)], games=400)]
        learnings.save("ai3-vs-ai5-a-long-name-for-the-choice", run)
        page = build_learning(app)
        page.learning_choice.set("ai3-vs-ai5-a-long-name-for-the-choice#400")
        page.compare_choice.set("shipped")
        page.style_choice.set(style)
        page.refresh()
        return page
    return build


def build_learning_import(app):
    page = build_learning(app)
    page.start_import()
    page.path_field.text = "/home/someone/experiments/random vs random.txt"
    return page


def build_knockout(played: bool):
    def build(app):
        from boardhub.core.bracket import BracketMatch
        game = get_game("othello")
        app.top.open_page(game, game.pages[1][1])
        page = app.top
        if played:  # a finished bracket of five, the longest names the page shows
            names = ["positional:5", "positional:3", "greedy:5", "greedy:3", "random"]
            first = [BracketMatch(names[0], None), BracketMatch(names[1], None), BracketMatch(names[2], None),
                     BracketMatch(names[3], names[4], [(0, 4), (1, -2), (0, 6)])]
            second = [BracketMatch(names[0], names[1], [(0, 8), (0, 2)]),
                      BracketMatch(names[2], names[3], [(1, -8), (1, -2)])]
            final = [BracketMatch(names[0], names[3], [(0, 2), (1, -4), (None, 0)])]
            page.entrants, page.rounds, page.champion = names, [first, second, final], final[0].winner
            page.layout(page.size)
        return page
    return build


SCENES = {
    "menu": build_menu,
    "menu-continue": lambda app: build_menu(app, with_continue=True),
    "saves": build_saves,
    "stats": build_stats,
    "settings": lambda app: app.open("settings"),
    "learned-boards": build_learning,
    "learned-boards-compare": build_learning_compare("heat"),
    "learned-boards-compare-3d": build_learning_compare("3d"),
    "learned-boards-import": build_learning_import,
    "knockout": build_knockout(False),
    "knockout-played": build_knockout(True),
    "setup-othello-engine": build_setup("othello", "pva", engine=True),
    "setup-error": build_setup("gomoku", "pva", engine=True, error=ENGINE_STOPPED),
    "result-engine-forfeit": build_engine_forfeit,
    "setup-davinci-4p-clock": build_setup_clock("davinci", 4),
    "setup-gomoku-clock": build_setup_clock("gomoku"),
    "game-othello-clock": build_clock("othello"),
    "game-davinci-4p-clock": build_clock("davinci", 4),
    "result-othello-flag": build_clock("othello", flagged=True),
    "result-davinci-4p-flag": build_clock("davinci", 4, flagged=True),
    "setup-othello-expert-level": build_setup_with("othello", {"hint_level": 2}, "expert:3"),
    "setup-gomoku-20": build_setup_with("gomoku", GOMOCUP, "expert"),
    "game-gomoku-20": build_gomocup_board,
    "game-gomoku-find-win": build_find_win,
    "game-gomoku-swap2-answer": build_opening({"rule": "freestyle", "opening": "swap2"}, "h8 h9 i9"),
    "game-gomoku-swap2-choose": build_opening({"rule": "freestyle", "opening": "swap2"}, "h8 h9 i9 more j10 g7"),
    "game-gomoku-soosorv-declare": build_opening({"renju_opening": "soosorv8"}, "h8 h9 h10 swap h6"),
    "game-gomoku-soosorv-offer": build_opening({"renju_opening": "soosorv8"}, "h8 h9 h10 swap h6 8 stay g7"),
}
for _key in GAME_KEYS:
    for _players in PLAYERS.get(_key, (None,)):
        _name = _key if _players is None else f"{_key}-{_players}p"
        for _mode in ("pvp", "pva", "ava"):
            SCENES[f"setup-{_name}-{_mode}"] = build_setup(_key, _mode, _players)
            SCENES[f"game-{_name}-{_mode}"] = build_game(_key, _mode, _players)
        for _mode in ("pva", "ava"):
            SCENES[f"game-{_name}-{_mode}-toggled"] = build_game(_key, _mode, _players, toggled=True)
        SCENES[f"result-{_name}"] = build_result(_key, _players)
    SCENES[f"pause-{_key}"] = build_pause(_key)
    if _key == "davinci":
        for _players in PLAYERS[_key]:
            SCENES[f"game-davinci-{_players}p-tile-history"] = build_tile_history(_players)
    SCENES[f"game-{_key}-undone"] = build_undone(_key)
    if _key in ("othello", "gomoku"):
        SCENES[f"game-{_key}-best"] = build_best(_key)
    SCENES[f"rules-{_key}"] = build_rules(_key)


def build_editor(key: str, problem: bool):
    """The position editor over the game's setup: a position with a box or a few pieces, or (`problem`) one
    no game can start from, whose status line says what is wrong."""
    def build(app):
        app.open("setup", GameSetup.default(key, "pva"))
        setup = app.top
        setup.edit_position()
        editor = app.top
        formats = editor.formats
        places = formats.places(editor.state)
        if key == "dots":
            for line in ((0, 1), (1, 0), (1, 2), (2, 1), (0, 3)):
                editor.state = formats.put(editor.state, line, 0)
        else:
            for i in range(3 if problem else 2):  # three stones of one colour in Gomoku: no count a game has
                editor.state = formats.put(editor.state, places[i * 2], 0 if problem else i % 2)
        if problem and key != "gomoku":
            editor.field.text = "not a position"
            editor.import_position()
        editor.cursor, editor.cursor_shown = places[3], True
        return editor
    return build


for _key in GAME_KEYS:
    if get_game(_key).position is not None:
        SCENES[f"editor-{_key}"] = build_editor(_key, False)
        SCENES[f"editor-{_key}-problem"] = build_editor(_key, True)
for _key in GAME_KEYS:
    if get_game(_key).source is not None:
        SCENES[f"setup-{_key}-source"] = build_source_setup(_key, "pva")
    if get_game(_key).record_formats:
        SCENES[f"import-{_key}"] = build_import(_key)
    if get_game(_key).review is not None:
        SCENES[f"review-{_key}"] = build_review(_key)


def problems(drawn: list[theme.DrawnText], window: tuple[int, int]) -> list[str]:
    """Every text that breaks a rule, in words, once each."""
    out: list[str] = []
    for d in drawn:
        where = f"{d.text!r} at {tuple(d.ink)} ({d.px} px)"
        if d.px < theme.MIN_TEXT_PX:
            out.append(f"too small: {where}")
        if not d.ink.width:
            continue  # nothing visible (spaces)
        if not d.area.contains(d.ink):
            what = "the window" if d.area.size == window else f"its {d.area.width}x{d.area.height} surface"
            out.append(f"leaves {what}: {where}")
        elif d.bounds is not None and not d.bounds.contains(d.ink):
            out.append(f"leaves its panel {tuple(d.bounds)}: {where}")
    return list(dict.fromkeys(out))


@pytest.fixture
def cuts(monkeypatch):
    """Every text `theme.fit` cut with "…": the cut text -> (the whole text, its size, the width it had)."""
    made: dict[str, tuple[str, float, float]] = {}
    whole_fit = theme.fit

    def noting_fit(msg: str, px: float, width: float, bold: bool = False) -> str:
        out = whole_fit(msg, px, width, bold)
        if out != theme.shown(msg):
            made[out] = (theme.shown(msg), px, width)
        return out
    monkeypatch.setattr(theme, "fit", noting_fit)
    return made


def cut_with_room(drawn: list[theme.DrawnText], cuts: dict[str, tuple[str, float, float]]) -> list[str]:
    """Texts cut with "…" although the whole text, wrapped at the same width, had room on the lines below
    it: inside its panel (or its surface), clear of every other text drawn there."""
    out = []
    for d in drawn:
        if d.text not in cuts or not d.ink.width:
            continue
        whole, px, width = cuts[d.text]
        lines = theme.wrap(whole, px, int(width))
        below = pygame.Rect(d.rect.x, d.rect.bottom, max(d.rect.width, round(width)),
                            (len(lines) - 1) * theme.line_height(px))
        room = d.bounds if d.bounds is not None else d.area
        if not room.contains(below):
            continue
        if any(o is not d and o.area.size == d.area.size and o.ink.width and o.ink.colliderect(below)
               for o in drawn):
            continue
        out.append(f"cut though the whole text fits on the lines below: {d.text!r} at {tuple(d.ink)} ({whole!r})")
    return out


def shown_state(scene):
    """The position a scene's board shows: a game's, or the review's move shown; None without a board."""
    if hasattr(scene, "match"):
        return scene.match.state
    run = getattr(scene, "run", None)
    if run is not None and getattr(scene, "record", None) is not None:
        ply = scene.selected if scene.selected is not None else len(scene.record.moves)
        return run.states[ply] if ply < len(run.states) else None
    return None


def over_pieces(drawn: list[theme.DrawnText], scene) -> list[str]:
    """Texts drawn over a stone or a disc of the board, other than a stone's own label (its move
    number, centred on it)."""
    board, state = getattr(scene, "board", None), shown_state(scene)
    if board is None or state is None:
        return []
    pieces = board.piece_rects(state)
    out = []
    for d in drawn:
        if not d.ink.width or d.area.size != scene.size:
            continue
        hit = d.ink.collidelist(pieces)
        if hit < 0:
            continue
        own = next((p for p in pieces if p.collidepoint(d.ink.center)), None)
        if own is not None and own.inflate(own.width // 2, own.height // 2).contains(d.ink):
            continue  # a number on its stone
        out.append(f"drawn over a piece at {tuple(pieces[hit])}: {d.text!r} at {tuple(d.ink)}")
    return out


def overlaps(drawn: list[theme.DrawnText]) -> list[str]:
    """Texts of one frame of one scene whose letters run into each other.

    Only texts drawn on surfaces of one size are compared: a text drawn on a layer of its own (the
    message strip, which fades) has its layer's coordinates, not the window's."""
    out = []
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            if a.area.size == b.area.size and a.ink.width and b.ink.width and a.ink.colliderect(b.ink):
                out.append(f"runs into each other: {a.text!r} at {tuple(a.ink)} and {b.text!r} at {tuple(b.ink)}")
    return out


@pytest.fixture(params=list(i18n.LANGUAGES), ids=lambda code: f"lang_{code}")
def language(request):
    """Each language the interface speaks, back to the source language after the test."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(i18n.SOURCE)


@pytest.mark.parametrize("name", list(SCENES))
def test_text_is_readable_and_stays_in_its_place(sized_app, name, language, cuts):
    app = sized_app
    fresh(app)
    with theme.recording() as drawn:  # from the start: some pictures are drawn once, as the scene is laid out
        SCENES[name](app)
        frames(app, 3)
    assert drawn, f"{name} drew no text"
    found = problems(drawn, app.size)
    for scene in app.visible():  # a panel covers what it is drawn over: each scene is checked on its own
        with theme.recording() as frame:
            scene.draw(app.screen)
        found += overlaps(frame) + cut_with_room(frame, cuts) + over_pieces(frame, scene)
    assert not found, f"{name} at {app.size[0]}x{app.size[1]} in {language}:\n  " + "\n  ".join(found)


def test_a_text_outside_its_panel_is_found():
    """The checks can fail: a line wider than its panel and one cut by the window's edge."""
    pygame.font.init()
    surface = pygame.Surface((200, 100))
    with theme.recording() as drawn:
        with theme.panel_bounds(surface, pygame.Rect(10, 10, 60, 40)):
            theme.text(surface, "far too long for this panel", 20, (12, 12))
        theme.text(surface, "cut", 20, (190, 50))
        theme.text(surface, "small", 8, (20, 60))
    assert drawn[2].px == theme.MIN_TEXT_PX  # asked smaller, drawn at the smallest size
    found = problems(drawn, (200, 100))
    assert any(p.startswith("leaves its panel") and "far too long" in p for p in found)
    assert any(p.startswith("leaves the window") and "'cut'" in p for p in found)
    assert not any("'small'" in p for p in found)


def test_a_description_cut_where_it_could_wrap_is_found(cuts):
    """The check can fail: a long line cut with "…" over empty room, and not one whose room is taken."""
    pygame.font.init()
    surface = pygame.Surface((300, 200))
    whole = "a description long enough to need two lines at this width, or three"
    with theme.recording() as drawn:
        theme.text(surface, theme.fit(whole, 20, 200), 20, (10, 10))
        theme.text(surface, theme.fit(whole, 20, 200), 20, (10, 120))
        theme.text(surface, "under it", 20, (10, 120 + theme.line_height(20)))
    found = cut_with_room(drawn, cuts)
    assert len(found) == 1 and "(10, 1" in found[0].split(" at ")[1]


def test_every_text_goes_through_the_theme():
    """Only ui/theme.py opens fonts, so its smallest size holds for every text on the screen."""
    opened = []
    for path in (ROOT / "boardhub").rglob("*.py"):
        if path == ROOT / "boardhub" / "ui" / "theme.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("Font", "SysFont", "freetype"):
                opened.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not opened, "fonts opened outside ui/theme.py: " + ", ".join(opened)


def test_the_font_has_every_letter_the_interface_draws():
    """Latin, the symbols the screens use, every Hangul syllable and the jamo an input method shows."""
    pygame.font.init()
    f = theme.font(20)
    sample = "Éé·…‹›△□×→←↑↓—–“”‘’°±" + "가각똠힣" + "ㄱㅏㅎ"
    missing = [c for c, metrics in zip(sample, f.metrics(sample)) if metrics is None]
    assert not missing, f"the font has no glyph for {missing}"
    assert theme.shown("\u1112\u1161\u11ab") == "한"  # letters typed apart are drawn as one syllable
