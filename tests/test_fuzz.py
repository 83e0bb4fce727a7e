"""Every scene survives random input: over a thousand seeded random events each, with
frames between batches and window resizes from tiny to large.

Each scene below gets fresh runs until it has had its own share of events; the
fuzz may click its way to other scenes, which are fuzzed too. After every batch
the stack is alive, every scene is laid out for the window and every match equals
the replay of its moves (see fuzzing.Fuzzer.check). Typed and pasted text includes
megabyte pastes, control characters, NULs and the paths of hostile files, which Import
reads; no frame may measure more than a sane amount of text to fit it. A failure names the scene,
its seed and the last batch of events. BOARDHUB_FUZZ_SEED shifts every seed and
BOARDHUB_FUZZ_EVENTS sets the share per scene, for longer runs by hand (the default keeps
the whole suite within its ten minutes on two cores).
"""
import functools
import os
import random
import shutil
import time
import zlib

import pytest
import fuzzing
from fuzzing import Fuzzer
from hostile_files import make_corpus

from boardhub.core.game import GAME_KEYS, get_game
from boardhub.app import App
from boardhub.core import saves
from boardhub.core.match import Match, Timing
from boardhub.core.stats import Stats
from boardhub.core.session import GameSession
from boardhub.core.settings import Settings
from boardhub.core.setup import GameSetup, make_seats
from boardhub.scenes.editor import EditorScene
from boardhub.scenes.game import GameScene
from boardhub.scenes.pause import PauseScene
from boardhub.scenes.record_import import ImportScene
from boardhub.scenes.review import ReviewScene
from boardhub.scenes.result import ResultScene
from boardhub.scenes.rules_page import RulesScene
from boardhub.scenes.saves_browser import SavesScene
from boardhub.scenes.settings import SettingsScene
from boardhub.scenes.setup import SetupScene
from boardhub.scenes.stats import StatsScene
from boardhub.ui import theme, widgets

EVENTS = int(os.environ.get("BOARDHUB_FUZZ_EVENTS", 900))
SEED_SHIFT = int(os.environ.get("BOARDHUB_FUZZ_SEED", 0))

# cheap-to-mid AIs, so games move on while the fuzz runs: (the thinking one, the other)
AIS = {"dots": ("hard", "normal"), "othello": ("greedy:3", "random"), "gomoku": ("normal", "easy"),
       "davinci": ("seed:normal", "easy")}
OPTIONS = {"dots": {"rows": 3, "cols": 3}, "othello": {}, "gomoku": {"size": 15, "rule": "renju"},
           "davinci": {"players": 3}}


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    """One app for every scene (one AI process): each run starts it again on a fresh menu."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOARDHUB_SAVES", str(tmp_path_factory.mktemp("fuzz-saves")))
        # engine seats typed at random must never start a program of this machine
        mp.chdir(tmp_path_factory.mktemp("fuzz-cwd"))
        mp.setattr(shutil, "which", lambda *args, **kwargs: None)
        mp.setattr(widgets, "clipboard_text", fuzzing.fuzz_clipboard)  # Ctrl+V pastes what the fuzz chose
        mp.setattr(theme, "_width", fuzzing.bounded_width(theme._width))
        app = App(theme.BASE_SIZE)
        app.open("menu")
        yield app
        app.close()


@pytest.fixture(scope="module")
def hostile_paths(tmp_path_factory) -> list[str]:
    """The hostile files' paths, typed and pasted for Import to read."""
    return [str(p) for p in make_corpus(tmp_path_factory.mktemp("hostile")).values()]


def fresh_settings(app, **changes) -> None:
    app.settings = Settings(**changes)
    app.sounds.muted = not app.settings.sound


def setup_of(game, seats, limit=0.5, referee=False) -> GameSetup:
    humans = sum(seat is None for seat in seats)
    mode = "pvp" if humans == len(seats) else "ava" if humans == 0 else "pva"
    return GameSetup(game.key, tuple(seats), dict(OPTIONS[game.key]), limit, referee, mode)


def open_game(app, session: GameSession) -> GameScene:
    scene = app.open("game", session)
    assert isinstance(scene, GameScene)
    return scene


def game_scene(app, key: str, mode: str) -> GameScene:
    game = get_game(key)
    n = game.rules.num_players(OPTIONS[key])
    thinker, other = AIS[key]
    seats = {"pvp": [None] * n,
             "pva": [thinker] + [None] + [other] * (n - 2),  # the AI moves first: it thinks at once
             "ava": [thinker] + [other] * (n - 1)}[mode]
    if mode == "ava":  # moves come quickly and each one animates slowly: animations always run
        fresh_settings(app, animation="slow", ava_delay=0.1)
        setup = setup_of(game, seats, limit=0.1, referee=True)
    else:
        fresh_settings(app)
        setup = setup_of(game, seats)
    return open_game(app, GameSession.new(setup, app.start_worker))


@functools.lru_cache(maxsize=None)
def random_game(key: str, seed: int) -> tuple:
    """The moves of a game played to its end by random legal moves (computed once per game)."""
    game = get_game(key)
    rules, rng = game.rules, random.Random(seed)
    state, moves = rules.new_game(OPTIONS[key], seed), []
    while not rules.is_over(state):
        moves.append(rng.choice(list(rules.legal_moves(state))))
        state = rules.apply(state, moves[-1])
    return tuple(moves)


def finished_match(app, key: str, seed: int) -> GameScene:
    """A finished game between people, on the screen."""
    game = get_game(key)
    seats = make_seats([None] * game.rules.num_players(OPTIONS[key]))
    match = Match(game, seats, OPTIONS[key], seed=seed, timing=Timing())
    match.replay(list(random_game(key, seed)))
    session = GameSession(match, app.start_worker, save_path=saves.new_game_path(key))
    session.autosave()
    return open_game(app, session)


def build_result(key: str):
    def build(app):
        if key == "dots":  # an AI that raises: the result is a forfeit, and Play again meets it again
            fresh_settings(app, ai_delay=0.0)
            game = get_game("dots")
            setup = setup_of(game, ["py:aihelpers:crashing", None], referee=True)
            open_game(app, GameSession.new(setup, app.start_worker))
            deadline = time.monotonic() + 20
            while not isinstance(app.top, ResultScene):
                assert time.monotonic() < deadline, "the crashing AI's game did not end"
                app.frame(0.2)  # the result waits for its pause on the scene's clock: long frames
                time.sleep(0.005)
            assert app.top.session.match.outcome.reason == "error"
        else:
            fresh_settings(app)
            scene = finished_match(app, key, seed=zlib.crc32(key.encode()))
            scene.show_result()
        assert isinstance(app.top, ResultScene)
        return app.top
    return build


def build_game(key: str, mode: str):
    return lambda app: game_scene(app, key, mode)


def build_setup(key: str, mode: str):
    def build(app):
        fresh_settings(app)
        app.open("setup", GameSetup.default(get_game(key).key, mode))
        assert isinstance(app.top, SetupScene)
        return app.top
    return build


def build_editor(key: str):
    """The position editor over the game's setup (its Play and Analyse lead to games, fuzzed too)."""
    def build(app):
        fresh_settings(app)
        app.open("setup", GameSetup.default(key, "pva"))
        app.top.edit_position()
        assert isinstance(app.top, EditorScene)
        return app.top
    return build


def build_pause(key: str):
    def build(app):
        game_scene(app, key, "pva").menu_button.on_click()
        assert isinstance(app.top, PauseScene)
        return app.top
    return build


def build_rules(key: str):
    def build(app):
        fresh_settings(app)
        app.open("rules", get_game(key))
        assert isinstance(app.top, RulesScene)
        return app.top
    return build


def build_import(key: str):
    def build(app):
        game = game_scene(app, key, "pvp")
        next(b for b in game.record_buttons if b.label == "Import").on_click()
        assert isinstance(app.top, ImportScene)
        return app.top
    return build


def build_menu(app):
    fresh_settings(app)
    return app.top


def build_settings(app):
    fresh_settings(app)
    app.open("settings")
    assert isinstance(app.top, SettingsScene)
    return app.top


def build_learning(app):
    fresh_settings(app)
    menu = app.top
    game = get_game("othello")
    (label, page), = game.pages[:1]
    menu.open_page(game, page)
    return app.top


def saved_game(key: str, moves: int | None = None) -> saves.SavedGame:
    """A game between people in the saves folder: finished, or its first `moves` moves."""
    game = get_game(key)
    seed = zlib.crc32(key.encode())
    match = Match(game, make_seats([None] * game.rules.num_players(OPTIONS[key])), OPTIONS[key], seed=seed)
    match.replay(list(random_game(key, seed))[:moves])
    path = saves.games_dir() / f"fuzz-{key}-{moves}.json"
    result = "over" if match.is_over else ""
    saves.write_game(path, {**match.to_json(), "kind_of_game": "PvP", "result": result, "status": "a status"})
    return saves.SavedGame(path, saves.read_json(path, "game"))


def build_review(key: str):
    """The review of a finished game, opened from the saved games, while its positions are being judged."""
    def build(app):
        fresh_settings(app)
        saved = saved_game(key)
        app.open("saves")
        scene = app.top
        scene.select(next(i for i, e in enumerate(scene.entries) if e.path == saved.path))
        scene.review_button.on_click()
        assert isinstance(app.top, ReviewScene)
        app.top.run.limit = 0.02
        return app.top
    return build


def build_saves(app):
    """The saved games: one of each game, an unfinished one and a file that cannot be read."""
    fresh_settings(app)
    for key in GAME_KEYS:
        saved_game(key)
    saved_game("dots", moves=3)
    saves.atomic_write_text(saves.games_dir() / "fuzz-damaged.json", '{"format": 1, "kind": "ga')
    app.open("saves")
    assert isinstance(app.top, SavesScene)
    return app.top


def build_replay(key: str):
    def build(app):
        fresh_settings(app, animation="slow")
        open_game(app, GameSession.replay(saved_game(key)))
        assert app.top.session.is_replay
        return app.top
    return build


def build_stats(app):
    fresh_settings(app)
    Stats().record("othello", "greedy:3", "win")
    app.open("stats")
    assert isinstance(app.top, StatsScene)
    return app.top


def build_net(name: str):
    """The network screens: the lobby, the host's set-up, and the waiting room of a table this app hosts
    (on loopback, as every table in the tests; the app's next reset ends it)."""
    def build(app):
        fresh_settings(app, player_name="Fuzz")
        app.open("net_join")
        if name == "net-host":
            app.top.host()
        elif name == "net-room":
            app.top.host()
            app.top.start()
            end = time.monotonic() + 10
            while app.top.__class__.__name__ != "RoomScene" and time.monotonic() < end:
                app.frame(0.016)
                time.sleep(0.005)
        return app.top
    return build


SHARES: dict[str, int] = {}  # a target's own share of events, where it is not EVENTS
TARGETS = {"menu": build_menu, "settings": build_settings, "learned-boards": build_learning,
           "saves": build_saves, "stats": build_stats,
           "net-join": build_net("net-join"), "net-host": build_net("net-host"), "net-room": build_net("net-room")}
for _key in GAME_KEYS:
    for _mode in ("pvp", "pva", "ava"):
        TARGETS[f"setup-{_key}-{_mode}"] = build_setup(_key, _mode)
        TARGETS[f"game-{_key}-{_mode}"] = build_game(_key, _mode)
    TARGETS[f"pause-{_key}"] = build_pause(_key)
    TARGETS[f"result-{_key}"] = build_result(_key)
    TARGETS[f"rules-{_key}"] = build_rules(_key)
    TARGETS[f"replay-{_key}"] = build_replay(_key)
for _key in GAME_KEYS:
    if get_game(_key).position is not None:
        TARGETS[f"editor-{_key}"] = build_editor(_key)
        SHARES[f"editor-{_key}"] = EVENTS // 3  # one screen of one kind, slow to redraw: a third keeps the time
    if get_game(_key).record_formats:
        TARGETS[f"import-{_key}"] = build_import(_key)
    if get_game(_key).review is not None:
        TARGETS[f"review-{_key}"] = build_review(_key)


@pytest.mark.parametrize("name", list(TARGETS))
def test_scene_survives_random_input(fuzz_app, hostile_paths, name):
    seed = zlib.crc32(name.encode()) + SEED_SHIFT
    fuzzer = Fuzzer(fuzz_app, seed, paths=hostile_paths)
    try:
        counts = fuzzer.run(TARGETS[name], SHARES.get(name, EVENTS))
    except BaseException as exc:
        exc.add_note(f"fuzz of {name} with seed {seed}; the last batch of events:\n  " + "\n  ".join(fuzzer.log))
        raise
    # the fuzz reached the scene itself, not only the scenes it leads to
    assert counts["on_target"] >= SHARES.get(name, EVENTS), f"{name} (seed {seed}) got only {counts}"
