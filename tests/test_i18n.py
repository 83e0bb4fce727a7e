"""The interface in two languages: the catalogs match the source, every text a person sees is
marked for them, the language follows the system until the player picks one in Settings, and
a switch shows at once."""
import ast
import re
import sys
from pathlib import Path

import pygame
import pytest
from uidriver import click, frames

from boardhub.core import i18n
from boardhub.core.i18n import _
from boardhub.core.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import catalog  # noqa: E402

# The calls whose text reaches the screen: (function or class name, which argument)
SHOWN = {"text": 1, "wrap": 0, "fit": 0, "fit_size": 0, "Button": 0, "Refuse": 0, "IllegalMove": 0, "say": 0,
         "Notice": 0, "SmokeFailure": None, "draw_message": 1, "Toggle": None, "SaveError": 0,
         "EngineError": 0, "EngineMissing": 0, "Wording": 0}
# Modules whose texts are for logs, the command line or other programs, not for a person at the window
NOT_SHOWN = ("boardhub/cli.py", "boardhub/smoke.py", "boardhub/core/arena.py", "boardhub/core/progress.py",
             "boardhub/games/gomoku/brain.py", "boardhub/games/gomoku/gomocup.py", "boardhub/net/commands.py")
# Where an engine's or an AI's failure is worded: in the AI process, which speaks no language of its own
ENGINE_WORDS = ("boardhub/core/external.py", "boardhub/games/othello/external.py",
                "boardhub/games/gomoku/external.py", "boardhub/core/worker.py")
NAMES = {"boardhub"}  # the same in every language


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def test_the_catalogs_match_the_source():
    """Every marked text is in each language's catalog, translated, and each .mo is compiled from its .po."""
    problems = catalog.check()
    assert not problems, "the catalogs do not match the source:\n  " + "\n  ".join(problems)


def test_translations_keep_their_placeholders():
    """A translation names the same values as its source, or its .format() would fail or say less."""
    names = re.compile(r"\{(\w*)(?:![rsa])?(?::[^}]*)?\}")
    wrong = []
    for po in catalog.po_files():
        _header, entries = catalog.read_po(po)
        for e in entries:
            want = set(names.findall(e.msgid)) | set(names.findall(e.plural or ""))
            for s in e.strs:
                got = set(names.findall(s))
                if e.msgid == "{day} {month_name} {year}, {time}":
                    got -= {"month"}  # a language may write the month as a number instead of its name
                    want -= {"month_name"}
                    got -= {"month_name"}
                if got != want:
                    wrong.append(f"{po.parent.parent.name}: {e.msgid!r} -> {s!r}")
    assert not wrong, "\n".join(wrong)


def shown_literals(path: Path) -> list[str]:
    """Texts in English written straight into a call that shows them, unmarked for the catalog."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name not in SHOWN:
            continue
        index = SHOWN[name]
        args = node.args if index is None else node.args[index:index + 1]
        for arg in args:
            parts = [arg] if isinstance(arg, ast.Constant) else \
                [v for v in arg.values if isinstance(v, ast.Constant)] if isinstance(arg, ast.JoinedStr) else []
            words = "".join(str(p.value) for p in parts if isinstance(p.value, str))
            if re.search(r"[A-Za-z]{3,}", words) and words.strip() not in NAMES:
                out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {words.strip()[:60]!r}")
    return out


def test_no_text_a_person_sees_is_left_out_of_the_catalog():
    """The gaps: English written straight into a call that draws, says or refuses, not marked with _() or N_()."""
    gaps = []
    for path in sorted((ROOT / "boardhub").rglob("*.py")):
        if path.relative_to(ROOT).as_posix() in NOT_SHOWN:
            continue
        gaps += shown_literals(path)
    assert not gaps, "texts not in the catalog:\n  " + "\n  ".join(gaps)


def test_the_translating_function_is_never_rebound():
    """A module that translates with `_` never uses `_` for a value too: in a function that did, `_()`
    would call the value (or fail before it is set)."""
    bad = []
    for path in sorted((ROOT / "boardhub").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports_it = any(isinstance(n, ast.ImportFrom) and n.module == "boardhub.core.i18n"
                         and any(a.name == "_" for a in n.names) for n in ast.walk(tree))
        if imports_it:
            bad += [f"{path.relative_to(ROOT)}:{n.lineno}" for n in ast.walk(tree)
                    if isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)]
    assert not bad, "`_` is assigned where it translates: " + ", ".join(bad)


@pytest.mark.parametrize("env, code", [
    ({"LANG": "ko_KR.UTF-8"}, "ko"), ({"LANGUAGE": "ko:en", "LANG": "en_US.UTF-8"}, "ko"),
    ({"LC_ALL": "en_GB.UTF-8", "LANG": "ko_KR.UTF-8"}, "en"), ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"), ({}, "en"), ({"LANG": "Korean_Korea.949"}, "ko"),
])
def test_the_language_comes_from_the_system(env, code):
    assert i18n.detect(env) == code


def test_korean_is_spoken_where_it_is_chosen():
    assert i18n.set_language("ko") == "ko"
    assert _("Saved games") == "저장된 게임"
    assert i18n.ngettext("{count} saved game in {folder}", "{count} saved games in {folder}", 3) == \
        "{folder}에 저장된 게임 {count}개"
    assert i18n.seconds(0.5) == "0.5초"
    assert i18n.set_language("en") == "en" and _("Saved games") == "Saved games"
    assert i18n.seconds(0.5) == "0.5 s" and i18n.number(12345.5, 1) == "12,345.5" and i18n.percent(0.625) == "62%"


def test_the_settings_keep_the_language(saves_folder):
    assert Settings.load().language is None  # first start: the system's language
    settings = Settings(language="ko")
    settings.save()
    assert Settings.load().language == "ko"
    (saves_folder / "settings.json").write_text(
        (saves_folder / "settings.json").read_text().replace('"ko"', '"xx"'))
    assert Settings.load().language is None  # a language this version does not speak: the system's


def drawn_texts(app) -> list[str]:
    from boardhub.ui import theme
    with theme.recording() as drawn:
        app.draw(app.screen)
    return [d.text for d in drawn]


def test_switching_the_language_in_settings_changes_the_menu_at_once(app):
    """The switch applies to the settings page itself, to the menu under it and to the next start."""
    menu = app.top
    assert "Saved games" in drawn_texts(app)
    click(app, menu.settings_button.rect.center)
    settings = app.top
    language = dict(settings.rows)["Language"]
    assert language.value == "en"
    click(app, (language.rect.right - 5, language.rect.centery))  # the arrow to the next language
    assert i18n.language() == "ko" and app.settings.language == "ko"
    texts = drawn_texts(app)
    assert "설정" in texts and "언어" in texts and "한국어" in texts
    assert Settings.load().language == "ko"  # kept at once, not only when Settings closes
    click(app, settings.back.rect.center)
    frames(app, 1)
    assert app.top is menu
    texts = drawn_texts(app)
    assert "저장된 게임" in texts and "Saved games" not in texts
    assert any("오델로" in t for t in texts)


def test_a_saved_game_reads_in_the_language_of_the_moment(app, saves_folder):
    """A game saved while the interface spoke English lists its players and state in Korean after a switch."""
    from boardhub.core.saved_games import saved_players, saved_status
    from boardhub.core.session import GameSession
    from boardhub.core.setup import GameSetup
    from boardhub.core import saves
    session = GameSession.new(GameSetup.default("dots", "pva"), app.start_worker)
    session.autosave()
    session.close()
    [saved] = saves.list_games()
    assert saved.data["players"] == "You vs Hard AI"  # the file keeps the source's words
    i18n.set_language("ko")
    assert saved_players(saved) == "나 vs 어려움 AI"
    assert saved_status(saved) == "1수째, 나 차례"


def test_an_input_method_composes_in_a_text_field():
    """Korean typed through an input method shows while it is composed, then lands as typed."""
    from boardhub.ui import theme
    from boardhub.ui.widgets import TextField
    pygame.font.init()
    field = TextField()
    field.rect = pygame.Rect(0, 0, 400, 40)
    field.focused = True
    assert field.handle(pygame.event.Event(pygame.TEXTEDITING, text="하", start=1, length=0))
    surface = pygame.Surface((400, 40))
    with theme.recording() as drawn:
        field.draw(surface)
    assert [d.text for d in drawn] == ["하"] and field.text == ""
    field.handle(pygame.event.Event(pygame.TEXTEDITING, text="한", start=1, length=0))
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="한"))
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="글"))
    assert field.text == "한글" and field.composition == ""
    field.focused = False
    assert not field.handle(pygame.event.Event(pygame.TEXTEDITING, text="ㄱ", start=1, length=0))


def test_a_move_typed_in_korean_mode_is_read_as_its_keys(app):
    """A keyboard left in Korean mode types Hangul for the notation's letters: the keys are what count."""
    from boardhub.core.session import GameSession
    from boardhub.core.setup import GameSetup
    from boardhub.scenes.move_entry import latin_keys
    assert latin_keys("ㄹ5") == "f5" and latin_keys("혀ㄷㄴㄴ 2 4 7") == "guess 2 4 7" and latin_keys("ㅓ10") == "j10"
    game = app.open("game", GameSession.new(GameSetup("othello", (None, None), {}, 0.5, False, "pvp"),
                                            app.start_worker))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="ㄹ", start=1, length=0))
    frames(app, 1)
    assert game.keys.shown and game.keys.composing == "ㄹ" and not game.keys.text
    for text in ("ㄹ", "5"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 1)
    assert game.keys.text == "f5"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    frames(app, 1)
    assert [game.match.text(m) for m in game.match.moves] == ["f5"]


def test_the_font_draws_every_letter_of_every_translation():
    """A translation may only use letters the shipped font has (no Hanja crept into the Korean)."""
    from boardhub.ui import theme
    pygame.font.init()
    f = theme.font(20)
    missing = set()
    for po in catalog.po_files():
        _header, entries = catalog.read_po(po)
        letters = {c for e in entries for s in e.strs for c in s if c.isprintable() and not c.isspace()}
        missing |= {c for c, metrics in zip(sorted(letters), f.metrics("".join(sorted(letters)))) if metrics is None}
    assert not missing, f"the font has no glyph for {sorted(missing)}"


def test_an_empty_text_stays_empty():
    """gettext answers "" with the catalog's header; a blank line of a panel must stay blank."""
    i18n.set_language("ko")
    assert _("") == ""


def test_the_cores_sentences_keep_their_english_and_say_themselves_in_korean():
    """An outcome's detail and a review's note stay English sentences (logs, the command line) and are
    said again from their templates on a Korean screen."""
    from boardhub.core.review import Verdict
    from boardhub.core.rules import Outcome
    out = Outcome.worded(1, (), "forbidden", "Black played a forbidden {shape} at {point}", shape="double three",
                         point="h8")
    note = Verdict.noted(100.0, None, True, "{colour} wins by force in {moves}", colour="Black", moves=7)
    assert out.detail == "Black played a forbidden double three at h8" == out.describe(["You", "Expert AI"], _)
    assert note.note == "Black wins by force in 7" == note.note_text()
    assert Outcome.from_json(out.to_json()) == out
    i18n.set_language("ko")
    assert out.describe(["나", "고수 AI"], _) == "흑이 h8에 금수(삼삼)를 두었습니다"
    assert note.note_text() == "흑 7수 필승"
def test_every_word_a_game_entry_shows_is_in_the_catalog():
    """What the registry hands the screens (titles, blurbs, rules, AIs, options, units) is marked, so a new
    game or option cannot reach the screen in English only."""
    from boardhub.core.game import all_games
    from boardhub.core.seat_names import AI_NAMES
    known = {msgid for msgid, _plural in catalog.extract()}
    words = []
    for game in all_games():
        words += [game.title, game.blurb, game.rules_text, game.record_example, *game.seat_names]
        words += [a.blurb for a in game.ai_entries] + [label for label, _page in game.pages]
        for o in game.options:
            words += [o.label, *o.labels]
        if game.review is not None:
            words.append(game.review.unit)
        assert all(a.name in AI_NAMES for a in game.ai_entries), "an AI without a name on the screen"
    missing = [w for w in words if w not in known]
    assert not missing, f"not marked for the catalog: {missing}"


def korean_entries() -> dict[str, str]:
    _header, entries = catalog.read_po(catalog.LOCALE / "ko" / "LC_MESSAGES" / "boardhub.po")
    return {e.msgid: e.strs[0] for e in entries}


def test_every_engine_failure_is_a_whole_sentence_the_korean_catalog_has():
    """An engine's or the AI process's failure is made from a marked template with the seat as its place
    "{player}", never from an f-string or fragments: the screen says it whole in the player's language."""
    wrong, templates = [], []
    for rel in ENGINE_WORDS:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name == "N_" and isinstance(node.args[0], ast.Constant) and "{player}" in node.args[0].value:
                templates.append(node.args[0].value)
            made = name in ("EngineError", "EngineMissing", "Wording") or (
                name == "of" and getattr(node.func.value, "id", "") == "Wording")
            if made and node.args and not (
                    isinstance(node.args[0], ast.Call) and getattr(node.args[0].func, "id", "") == "N_"
                    or isinstance(node.args[0], (ast.Name, ast.Subscript, ast.IfExp))):  # chosen among marked ones
                wrong.append(f"{rel}:{node.lineno}")
    assert not wrong, "an engine's failure worded without a marked template: " + ", ".join(wrong)
    assert len(templates) > 40  # every ending, refusal and timeout of both protocols, and the AI process's own
    korean = korean_entries()
    missing = [t for t in templates if "{player}" not in korean.get(t, "")]
    assert not missing, "not in the Korean catalog with its seat: " + ", ".join(map(repr, missing))


def only_korean(text: str, *own: str) -> str:
    """`text` without the words that stay as written (a program's name, what an engine said): what is left
    must be Korean."""
    for words in own:
        assert words in text, f"{words!r} is not in {text!r}"
        text = text.replace(words, "")
    return text


def played_out(game: str, specs: list[str]):
    """The seats of a quick match between `specs` and how it ended, played on a thread."""
    from matchdriver import play_out
    from boardhub.core.game import get_game
    from boardhub.core.match import Match, Timing
    from boardhub.core.setup import make_seats
    from boardhub.core.worker import ThreadWorker
    seats = make_seats(specs)
    worker = ThreadWorker()
    try:
        match = Match(get_game(game), seats, None, seed=3, worker=worker,
                      timing=Timing(limit=0.3, ai_delay=0.0, chain_delay=0.0))
        return seats, play_out(match, within=30)
    finally:
        worker.close()


def test_an_engine_that_stops_at_start_forfeits_in_korean():
    """The forfeit of a seat whose engine exits at start is said in Korean on a Korean screen, though
    the AI process worded it with no language: only the engine's name and its own last words stay."""
    from boardhub.core.external import engine_spec
    script = "import sys; sys.stderr.write('no weights file\\n'); sys.exit(4)"
    seats, outcome = played_out("othello", [engine_spec("gtp", [sys.executable, "-c", script]), "random"])
    labels = [seat.label for seat in seats]
    assert outcome.is_forfeit and outcome.detail == f'{labels[0]} stopped at start (exit code 4), saying "no weights file"'
    i18n.set_language("ko")
    said = outcome.describe(labels, _)
    assert said == f'{labels[0]}이(가) 시작하자마자 멈췄습니다(종료 코드 4). 남긴 말: "no weights file"'
    assert not re.search(r"[A-Za-z]", only_korean(said, labels[0], '"no weights file"')), said


def test_the_setup_says_why_an_engine_cannot_start_in_korean():
    """The engine check before a game: a program that exits at start, and one the system refuses to run."""
    from boardhub.core.game import get_game
    from boardhub.core.external import EngineCheck
    i18n.set_language("ko")
    check = EngineCheck(get_game("othello"), [(1, "gtp:false")])
    for thread in check._threads:
        thread.join(30)
    assert check.done and check.problem == "엔진 'false'이(가) 시작하자마자 멈췄습니다(종료 코드 1)"


def test_a_program_the_system_refuses_is_said_in_korean(tmp_path):
    from boardhub.core.external import EngineError, EngineProcess
    engine = EngineProcess([str(tmp_path)])  # a folder: the system refuses to run it
    with pytest.raises(EngineError) as info:
        engine.start()
    assert str(info.value) == f"The engine '{tmp_path.name}' could not be started (permission denied)"
    i18n.set_language("ko")
    said = info.value.said()
    assert said == f"엔진 '{tmp_path.name}'을(를) 시작할 수 없었습니다(권한 없음)"
    assert not re.search(r"[A-Za-z]", only_korean(said, tmp_path.name))


def test_an_ai_that_raised_forfeits_in_korean():
    """The AI process's own note (an AI raised: its details are logged) is Korean on a Korean screen."""
    seats, outcome = played_out("dots", ["py:aihelpers:crashing", "easy"])
    label = seats[0].label
    assert outcome.detail == f"{label} stopped with an internal error"
    i18n.set_language("ko")
    assert outcome.describe([label, seats[1].label], _) == f"{label}이(가) 내부 오류로 멈췄습니다"
