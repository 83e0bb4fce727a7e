import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def saves_folder(tmp_path, monkeypatch):
    """Every test writes its saves into its own folder, never into the checkout's."""
    folder = tmp_path / "saves"
    monkeypatch.setenv("BOARDHUB_SAVES", str(folder))
    return folder
