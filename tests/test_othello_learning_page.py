"""The Learned boards page: a learning beside another, 3-D surfaces, the app's learning chosen there, and the
source's txt file in and out."""
from __future__ import annotations

import pygame
from uidriver import click, frames

from boardhub.core.game import get_game
from boardhub.games.othello import learnings
from boardhub.games.othello.learning import Learning
from boardhub.games.othello.ui.learning_page import LearningScene
from boardhub.games.othello.ui.learning_pictures import export_png


def open_page(app) -> LearningScene:
    game = get_game("othello")
    (_, page), = game.pages[:1]
    app.top.open_page(game, page)
    frames(app, 2)
    return app.top


def reds(image: pygame.Surface, top: int, bottom: int) -> int:
    return sum(1 for x in range(0, image.get_width(), 4) for y in range(top, bottom, 4)
               if (c := image.get_at((x, y))).r > 150 and c.g < 90 and c.b < 90)


def test_the_png_export_draws_the_3d_surfaces_under_the_heat_maps(tmp_path):
    path = export_png(tmp_path / "boards.png", learnings.shipped())
    image = pygame.image.load(str(path))
    assert image.get_size() == (1400, 820 + 720)
    assert reds(image, 820, 1540) > 100  # the eat board's surface stands deep red round its edges


def test_the_page_compares_two_learnings_and_chooses_the_apps(app, saves_folder):
    learnings.save("kim", Learning([v - 30 for v in range(64)], [1] * 64, games=5))
    page = open_page(app)
    assert page.learning_choice.value == "shipped" and "kim" in page.learning_choice.values
    page.learning_choice.set("kim")
    page.compare_choice.set("shipped")
    page.style_choice.set("3d")
    page.refresh()
    frames(app, 1)
    assert page.picture is not None and page.other is not None and page.shown.games == 5
    assert learnings.default_name() is None
    click(app, page.use_button.rect.center)
    assert learnings.default_name() == "kim" and not page.use_button.enabled
    click(app, page.export_txt_button.rect.center)
    assert learnings.read_txt(saves_folder / "kim.txt").put == [v - 30 for v in range(64)]


def test_the_page_imports_the_sources_file_and_refuses_a_bad_one_in_words(app, saves_folder, tmp_path):
    learnings.write_txt(tmp_path / "random vs random.txt", Learning([3] * 64, [4] * 64, 2, 1, 1, 0))
    (tmp_path / "bad.txt").write_text("1 2 3")
    page = open_page(app)
    click(app, page.import_button.rect.center)
    assert page.importing and page.path_field.focused
    page.path_field.text, page.name_field.text = str(tmp_path / "bad.txt"), "paper"
    page.do_import()
    assert "bad.txt: not the source's learning file" in page.message and learnings.names() == []
    page.path_field.text, page.name_field.text = str(tmp_path / "random vs random.txt"), "../paper"
    page.do_import()
    assert "letters, digits" in page.message and learnings.names() == []
    page.name_field.text = "paper"
    page.do_import()
    assert learnings.names() == ["paper"] and not page.importing and page.learning_choice.value == "paper"
    assert page.shown.put == [3] * 64


def test_the_knockout_page_plays_a_bracket_and_draws_its_champion(app, saves_folder):
    import time
    from boardhub.games.othello.ui.bracket_page import BracketScene
    menu = app.top
    button = menu.cards[1][2][-1]
    assert button.label == "Knockout"
    click(app, button.rect.center)
    page = app.top
    assert isinstance(page, BracketScene)
    for slot, spec in zip(page.slots, ("random", "greedy:1", "", "")):
        slot.set(spec)
    page.best_of.set(1)
    page.slots[2].set("random")
    click(app, page.start_button.rect.center)
    assert page.error == "Choose two or more different AIs" and page.choosing()  # random twice
    page.slots[2].set("")
    click(app, page.start_button.rect.center)
    give_up = time.monotonic() + 60
    while (page.running or not page.champion) and time.monotonic() < give_up:
        frames(app, 1)
        time.sleep(0.05)
    assert page.champion in ("random", "greedy:1") and len(page.rounds) == 1 and not page.error
    assert page.rounds[0][0].winner == page.champion
    click(app, page.new_button.rect.center)
    assert page.choosing()
