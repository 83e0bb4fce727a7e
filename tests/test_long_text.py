"""Long text costs little: fitting a line finds its cut with a few measures (not one per letter),
wrapping a paragraph a few per line, each cached; text fields clean and cap what comes in and
say so, and a focused field's caret stops asking for frames after a while.

The cost is counted, not timed: a font that counts the characters it is asked to measure
stands in for the interface's (a cut found letter by letter measures the text's length
squared; bench/long_text.py prints the frame times).
"""
import random

import pygame
import pytest

from boardhub.ui import theme, widgets
from boardhub.ui.widgets import TextField

@pytest.fixture(autouse=True, scope="module")
def fonts():
    pygame.init()
    yield


WORDS = ["f5", "d6", "Gomoku", "한국어", "오목", "x" * 30, "a", "move", "…", "中文", "🙂", "12,13"]


def random_text(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words))


class CountingFont:
    """The interface's font, counting what it measures."""

    def __init__(self, real: pygame.font.Font, counts: dict) -> None:
        self.real, self.counts = real, counts

    def size(self, text: str) -> tuple[int, int]:
        self.counts["calls"] += 1
        self.counts["chars"] += len(text)
        return self.real.size(text)

    def __getattr__(self, name):
        return getattr(self.real, name)


@pytest.fixture
def measured(monkeypatch):
    """{calls, chars}: what the fitting functions measure inside the test."""
    counts = {"calls": 0, "chars": 0}
    real = theme.font
    def counting_font(px, bold=False):
        return CountingFont(real(px, bold), counts)
    counting_font.cache_clear = real.cache_clear  # the app empties the fonts' cache as it closes
    monkeypatch.setattr(theme, "font", counting_font)
    return counts


def width(text: str, px: float, bold: bool = False) -> int:
    return theme.font(int(px), bold).size(text)[0]


@pytest.mark.parametrize("seed", range(6))
def test_fit_keeps_the_longest_start_that_fits(seed):
    rng = random.Random(seed)
    for _ in range(40):
        msg = random_text(rng, rng.randint(0, 60))
        px, room = rng.choice([14, 20, 26, 40]), rng.randint(0, 900)
        bold = rng.random() < 0.3
        cut = theme.fit(msg, px, room, bold)
        if width(msg, px, bold) <= room:
            assert cut == msg
            continue
        assert cut.endswith("…") and msg.startswith(cut[:-1])
        kept = len(cut) - 1
        assert width(cut, px, bold) <= room or kept == 0
        assert width(msg[:kept + 1] + "…", px, bold) > room, "a longer start fits too"


@pytest.mark.parametrize("seed", range(4))
def test_fit_tail_keeps_the_longest_end_that_fits(seed):
    rng = random.Random(seed)
    for _ in range(40):
        msg = random_text(rng, rng.randint(0, 60))
        px, room = rng.choice([14, 22, 30]), rng.randint(0, 900)
        tail = theme.fit_tail(msg, px, room)
        assert msg.endswith(tail) and width(tail, px) <= room
        if tail != msg:
            assert width(msg[len(msg) - len(tail) - 1:], px) > room, "a longer end fits too"


def greedy_wrap(msg: str, px: float, room: int) -> list[str]:
    """Wrapping as it was written first: a word at a time, each line measured whole."""
    out = []
    for para in msg.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if width(trial, px) <= room or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_wrap_breaks_lines_where_word_by_word_wrapping_does(seed):
    rng = random.Random(seed)
    for _ in range(25):
        msg = "\n".join(random_text(rng, rng.randint(0, 80)) for _ in range(rng.randint(1, 3)))
        px, room = rng.choice([16, 20, 28]), rng.randint(40, 700)
        assert theme.wrap(msg, px, room) == greedy_wrap(msg, px, room)


def test_fit_size_shrinks_a_label_to_fit_and_no_further():
    label = "Player vs Player"
    full = width(label, 30)
    size = theme.fit_size(label, 30, full - 20)
    assert size < 30 and width(label, size) <= full - 20 and width(label, size + 1) > full - 20
    assert theme.fit_size(label, 30, full) == 30
    assert theme.fit_size("x" * 5000, 30, 200) == theme.MIN_TEXT_PX / theme.TEXT_SCALE


@pytest.mark.parametrize("length", [5_000, 1_000_000])
def test_fitting_a_long_line_measures_a_little_of_it(measured, length):
    """A line of `length` letters, fitted to 600 pixels: the measures add up to a few times what
    shows, however long the line (letter by letter, 5,000 letters cost 12 million)."""
    msg = ("move f5 d6 " * (length // 11 + 1))[:length]
    shown = theme.fit(msg, 22, 600)
    assert measured["chars"] < 60 * len(shown), measured
    measured["chars"] = 0
    tail = theme.fit_tail(msg, 22, 600)
    assert measured["chars"] < 60 * len(tail), measured
    measured["chars"] = 0
    theme.fit_size(msg, 40, 600)
    assert measured["chars"] < 60 * len(shown), measured


def test_wrapping_a_long_paragraph_measures_each_line_a_few_times(measured):
    msg = random_text(random.Random(9), 20_000)
    lines = theme.wrap(msg, 20, 500)
    assert len(lines) > 100
    assert measured["chars"] < 8 * len(msg), measured  # each line measured a few times


def test_a_text_fitted_again_is_not_measured_again(measured):
    msg = random_text(random.Random(11), 400)
    first = theme.fit(msg, 20, 300), theme.fit_size(msg, 30, 300), theme.wrap(msg, 20, 300), theme.fit_tail(msg, 20, 300)
    before = measured["calls"]
    assert before > 0
    again = theme.fit(msg, 20, 300), theme.fit_size(msg, 30, 300), theme.wrap(msg, 20, 300), theme.fit_tail(msg, 20, 300)
    assert again == first and measured["calls"] == before


# ---------------------------------------------------------------- text fields
@pytest.fixture
def field():
    f = TextField(max_chars=1000)
    f.rect = pygame.Rect(10, 10, 400, 44)
    f.focused = True
    return f


def press(field, key, mod=0):
    return field.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def test_a_megabyte_pasted_is_cut_at_the_cap_and_the_field_says_so(field, monkeypatch):
    monkeypatch.setattr(widgets, "clipboard_text", lambda: "f5d6 " * 200_000)
    press(field, pygame.K_v, pygame.KMOD_CTRL)
    assert len(field.text) == 1000 and field.text == ("f5d6 " * 200)
    assert field.note == "At most 1,000 characters"
    with theme.recording() as drawn:
        field.draw(pygame.Surface((420, 64)))
    assert "At most 1,000 characters" in [d.text for d in drawn]
    press(field, pygame.K_BACKSPACE)
    assert field.note == "" and len(field.text) == 999
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="xyz"))
    assert field.text.endswith("x") and len(field.text) == 1000 and field.note  # typing stops at the cap too


def test_a_paste_that_fits_has_no_note(field, monkeypatch):
    monkeypatch.setattr(widgets, "clipboard_text", lambda: "h8 i9\r\nj10\n")
    press(field, pygame.K_v, pygame.KMOD_CTRL)
    assert field.text == "h8 i9 j10 " and field.note == ""


def test_control_characters_and_nuls_typed_or_pasted_never_reach_the_field(field, monkeypatch):
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="f5\x00d6\x1b[31m\x07"))
    field.handle(pygame.event.Event(pygame.TEXTEDITING, text="\x00ㄹ", start=0, length=1))
    monkeypatch.setattr(widgets, "clipboard_text", lambda: "\u202ec3\x00\tc4\x7f")
    press(field, pygame.K_v, pygame.KMOD_CTRL)
    assert field.text == "f5d6[31mc3 c4" and field.composition == "ㄹ"
    assert all(ch.isprintable() for ch in field.text)
    field.draw(pygame.Surface((420, 64)))  # draws: no NUL reaches the font


def test_the_import_field_holds_a_whole_record_and_no_more(app):
    from boardhub.core.session import MAX_RECORD_CHARS
    from test_scene_edges import game_of, open_import
    game = game_of(app, "gomoku", [None, None])
    open_import(app, game)
    importer = app.top
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="h8 " * 100_000))
    app.frame(0.016)
    assert len(importer.field.text) == MAX_RECORD_CHARS and "At most" in importer.field.note


def test_a_record_file_past_the_cap_is_refused_in_words(app, tmp_path):
    from test_scene_edges import game_of, open_import
    path = tmp_path / "long.txt"
    path.write_text("f5" * 50_000)  # past the Import's cap of 20,000 characters, under a record file's 1 MB
    from boardhub.core.game import get_game
    game = game_of(app, "gomoku", [None, None], moves=(get_game("gomoku").rules.move_from_text("h8"),))
    open_import(app, game)
    importer = app.top
    importer.field.text = str(path)
    importer.load()
    assert app.top is importer and "at most 20,000 characters" in importer.error and len(game.match.moves) == 1


def test_the_caret_stops_blinking_after_a_while_and_asks_for_no_frames(field, monkeypatch):
    now = [100_000]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: now[0])
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="f5"))
    assert field.redraw_in() == 0.5
    now[0] += widgets.BLINK_MS - 100
    assert field.redraw_in() == pytest.approx(0.1)
    now[0] += 100
    assert field.redraw_in() is None and field._caret_shown()  # shown, steady
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="d6"))
    assert field.redraw_in() == 0.5  # a key: it blinks again


def test_a_megabyte_typed_as_a_move_is_read_no_further_than_a_move(app, monkeypatch):
    from boardhub.scenes import move_entry
    from test_scene_edges import game_of
    read = []
    real = move_entry.latin_keys
    monkeypatch.setattr(move_entry, "latin_keys", lambda text: read.append(len(text)) or real(text))
    game = game_of(app, "othello", [None, None])
    for text in ("f" + "\x00" * 1_000_000, "5" * 1_000_000):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        app.frame(0.016)
    assert game.keys.text == "f" + "5" * (move_entry.MAX_CHARS - 1)
    assert read and max(read) <= 4 * move_entry.MAX_CHARS  # not the megabyte: a move is 24 letters at most


def test_saved_games_listing_a_save_with_a_long_move_measures_little(app, measured):
    """A save whose move is 8,000 letters long (a file from elsewhere): its row is cut with a few
    measures, not one per letter (which cost 1.8 s a frame)."""
    from boardhub.core import saves
    from boardhub.core.game import get_game
    from boardhub.core.match import Match
    from boardhub.core.setup import make_seats
    match = Match(get_game("dots"), make_seats([None, None]), {"rows": 3, "cols": 3}, seed=1)
    data = {**match.to_json(), "kind_of_game": "PvP", "result": "", "status": "a status"}
    saves.write_game(saves.games_dir() / "long-move.json", {**data, "moves": ["0 1", "x" * 8000]})
    app.open("saves")
    app.frame(0.016)
    assert measured["chars"] < 100_000, measured
