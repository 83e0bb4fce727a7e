import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Network play stays on loopback whatever a test clicks: tables bind 127.0.0.1, beacons go to 127.0.0.1
os.environ["BOARDHUB_LOOPBACK_ONLY"] = "1"
# The interface in its source language whatever the machine's locale; the Korean checks switch to it.
os.environ["LANGUAGE"] = "en"

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def english():
    """Every test starts in English, whatever an earlier one switched to (the fuzz may click Korean)."""
    from boardhub.core import i18n
    i18n.set_language("en")
    yield


@pytest.fixture(autouse=True)
def saves_folder(tmp_path, monkeypatch):
    """Every test writes its saves into its own folder, never into the checkout's."""
    folder = tmp_path / "saves"
    monkeypatch.setenv("BOARDHUB_SAVES", str(folder))
    return folder


@pytest.fixture
def app():
    """The app on its main menu, in a dummy window."""
    from boardhub.app import App
    a = App((1280, 800))
    a.open("menu")
    a.frame(0.016)
    yield a
    a.close()


@pytest.fixture(scope="module")
def worker():
    """One AI process for a test module's matches."""
    from boardhub.core.worker import ProcessWorker
    w = ProcessWorker()
    yield w
    w.close()


@pytest.fixture
def fast(worker):
    """A getter of the module's AI process, as the app hands it to sessions."""
    return lambda: worker


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """The hostile-file corpus, made once a module: the readers only read it (their tests' snapshots prove it)."""
    from hostile_files import make_corpus
    return make_corpus(tmp_path_factory.mktemp("corpus"))
