"""The measured ladder and the setup it explains: AIs listed weakest to strongest with their
strength and description, a middle level as the default opponent and the strongest one click
away, one name per AI on every screen, and seats named by their colour where the board has one."""
import json

import pytest
from uidriver import click

from boardhub.core import ladder
from boardhub.core.game import GAME_KEYS, all_games, get_game
from boardhub.core.seat_names import seat_label
from boardhub.core.setup import GameSetup
from boardhub.scenes.setup import SetupScene, ai_choices, ai_detail


def open_setup(app, key_: str, mode: str) -> SetupScene:
    game, _, buttons = next(card for card in app.top.cards if card[0].key == key_)
    click(app, dict(zip(("pvp", "pva", "ava"), buttons))[mode].rect.center)
    assert isinstance(app.top, SetupScene)
    return app.top


def ai_values(game) -> list[str]:
    values, _ = ai_choices(game)
    return [v for v in values if v is not None and not v.endswith(":")]


@pytest.fixture
def ladder_file(tmp_path, monkeypatch):
    """Point the ladder at a file of the test's own (each path is read once, so each test has its own)."""
    path = tmp_path / "ladder.json"
    monkeypatch.setattr(ladder, "LADDER_PATH", path)
    return path


def write_ladder(path, games: dict[str, dict[str, float]]) -> None:
    path.write_text(json.dumps({"format": ladder.FORMAT, "limit": 0.1, "seed": 1, "date": "2024-01-01",
                                "games": {k: {"games_per_pair": 2, "elo": elo} for k, elo in games.items()}}))


# ---------------------------------------------------------------- the shipped ladder
@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_shipped_ladder_rates_every_ai_the_setup_lists(key):
    game = get_game(key)
    elo = ladder.ratings(key)
    assert set(elo) == set(ladder.registry_specs(game))  # every AI at every level, nothing else
    data = json.loads(ladder.LADDER_PATH.read_text())
    assert data["games"][key]["games_per_pair"] > 0 and data["limit"] > 0 and "seed" in data and data["date"]
    listed = ai_values(game)
    assert [elo[v] for v in listed] == sorted(elo.values())  # weakest first, strongest last
    assert ladder.strength(key, listed[-1]) == max(elo.values())


def test_the_setup_follows_the_file_it_reads(ladder_file):
    write_ladder(ladder_file, {"dots": {"easy": 1900, "normal": 1700, "hard": 1500, "expert": 1300}})
    assert ai_values(get_game("dots")) == ["expert", "hard", "normal", "easy"]
    assert ladder.strength("dots", "normal") == 1700 and ladder.strength("dots", "nobody") is None


@pytest.mark.parametrize("content", [None, "", "{not json", "[1, 2]", '{"format": 99, "games": {}}',
                                     '{"format": 1, "games": {"dots": {"elo": {"easy": "strong"}}}}',
                                     '{"format": 1, "games": {"dots": {"elo": {"easy": 1500}}}}',
                                     '{"format": 1, "games": {"dots": [1]}}'])
def test_a_missing_damaged_or_partial_ladder_leaves_the_registry_order(ladder_file, content):
    if content is not None:
        ladder_file.write_text(content)
    for game in all_games():
        assert ai_values(game) == ladder.registry_specs(game)
        for mode in ("pvp", "pva", "ava"):
            GameSetup.default(game.key, mode).match()  # still a setup that starts
        for spec in ai_values(game):
            assert ai_detail(game, spec) == game.ai_entry(spec.partition(":")[0]).blurb  # no strength claimed


# ---------------------------------------------------------------- the default and the strongest
@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_default_opponent_is_a_middle_level(key):
    specs = ladder.ladder_specs(get_game(key))
    opponents = GameSetup.default(key, "pva").seats[1:]
    assert set(opponents) == {specs[len(specs) // 2]}
    if len(specs) >= 3:
        assert opponents[0] not in (specs[0], specs[-1])


def test_the_default_follows_the_ladder_not_the_registry(ladder_file):
    write_ladder(ladder_file, {"dots": {"easy": 1900, "normal": 1700, "hard": 1500, "expert": 1300}})
    assert GameSetup.default("dots", "pva").seats == (None, "normal")  # the upper middle of expert..easy


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_strongest_is_one_click_from_the_default(app, key):
    setup = open_setup(app, key, "pva")
    seat = next(i for i, c in enumerate(setup.seat_choices) if c.value is not None)
    strongest = ladder.ladder_specs(setup.game)[-1]
    button = setup.strongest_buttons[seat]
    assert button in list(setup.widgets())
    click(app, button.rect.center)
    assert setup.seat_choices[seat].value == strongest and setup.setup().seats[seat] == strongest
    assert button not in list(setup.widgets())  # nothing stronger to offer
    assert setup.strongest_buttons[0] not in list(setup.widgets())  # the human's seat has none


# ---------------------------------------------------------------- what the setup says
@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_ai_shows_its_description_and_strength(app, key):
    setup = open_setup(app, key, "pva")
    game = setup.game
    for spec in ai_values(game):
        detail = ai_detail(game, spec)
        assert game.ai_entry(spec.partition(":")[0]).blurb in detail
        # an AI placed by hand until the ladder is played again says its Elo is an estimate
        elo = "Elo about {:.0f} (estimated)" if spec in ladder.provisional(key) else "Elo {:.0f}"
        assert elo.format(ladder.strength(key, spec)) in detail and f"of {len(ai_values(game))}" in detail
    assert "the strongest of" in ai_detail(game, ai_values(game)[-1])
    seat = next(i for i, c in enumerate(setup.seat_choices) if c.value is not None)
    assert setup.detail_seat() == seat  # the AI seat is described, never the human's
    assert setup.detail_text().endswith(ai_detail(game, setup.seat_choices[seat].value))


@pytest.mark.parametrize("key", GAME_KEYS)
def test_one_name_per_ai_in_the_setup_and_the_seats(key):
    game = get_game(key)
    values, labels = ai_choices(game)
    for value, label in zip(values, labels):
        if value is not None and not value.endswith(":"):
            assert label == seat_label(value)
            seats = GameSetup(key, (None,) + (value,) * (game.rules.num_players({}) - 1)).match().seats
            assert seats[1].label.startswith(label)  # "Seed normal AI 2" where one AI sits twice


@pytest.mark.parametrize("key, names", [("othello", ["Black", "White"]), ("gomoku", ["Black", "White"]),
                                        ("dots", ["Moves first", "Moves second"]),
                                        ("davinci", ["Moves first", "Moves second"])])
def test_seats_are_named_by_colour_where_the_game_has_colours(app, key, names):
    setup = open_setup(app, key, "pva")
    rows = [label for label, _ in setup.rows]
    assert [label for label in rows if label in ("Black", "White", "Moves first", "Moves second")] == names
