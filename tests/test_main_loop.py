"""The main loop draws when something changed and otherwise sleeps until an event."""
import threading

import pygame
import pytest

from boardhub.app import App, post_ai_answer
from boardhub.core.worker import Worker
from boardhub.ui.scene import Scene


class Probe(Scene):
    """Counts its frames and updates; asks for its next frame after `wait` seconds."""

    def __init__(self, app, wait: float | None = None) -> None:
        super().__init__(app)
        self.wait = wait
        self.draws = self.updates = 0

    def update(self, dt: float) -> None:
        self.updates += 1

    def redraw_in(self) -> float | None:
        return self.wait

    def draw(self, surface) -> None:
        self.draws += 1


class InstantWorker(Worker):
    """Answers every job at once, on its thread."""

    def _run(self, job, request) -> None:
        job._finish(move="a move")

    def _release(self, release) -> None:
        pass


@pytest.fixture
def bare_app():
    a = App((1280, 800))
    a._worker = InstantWorker()  # no AI process to start
    pygame.event.get()  # what the window posted on opening is not what these tests send
    yield a
    a.close()


def test_a_still_scene_is_drawn_once_and_the_loop_sleeps(bare_app):
    probe = Probe(bare_app)
    bare_app.push(probe)
    bare_app.run(max_seconds=0.3)
    assert probe.draws == 1
    assert probe.updates <= 2  # a turn of the loop, asleep until the run ends, one turn to finish


def test_an_animating_scene_is_drawn_every_frame(bare_app):
    probe = Probe(bare_app, 0.0)
    bare_app.push(probe)
    bare_app.run(max_seconds=0.3)
    assert probe.draws >= 5
    assert len(bare_app.frame_times) == probe.draws - 1  # the gaps between the run's frames


def test_a_scene_is_drawn_again_when_it_asked(bare_app):
    probe = Probe(bare_app, 0.1)
    bare_app.push(probe)
    bare_app.run(max_seconds=0.35)
    assert 2 <= probe.draws <= 6
    assert probe.updates <= 10  # it slept in between, it did not spin


def test_input_and_ai_answers_wake_a_resting_loop(bare_app):
    probe = Probe(bare_app)
    bare_app.push(probe)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    timers = [threading.Timer(0.1, post_ai_answer), threading.Timer(0.2, lambda: pygame.event.post(motion))]
    for t in timers:
        t.start()
    bare_app.run(max_seconds=0.4)
    for t in timers:
        t.join()
    assert probe.draws == 3  # the first frame, the answer, the hover


def test_a_scene_opened_during_update_is_drawn(bare_app):
    class Opener(Probe):
        def update(self, dt: float) -> None:
            super().update(dt)
            if self.updates == 2:
                self.app.push(self.panel)

    opener = Opener(bare_app, 0.05)
    opener.panel = Probe(bare_app)
    bare_app.push(opener)
    bare_app.run(max_seconds=0.3)
    assert opener.panel.draws == 1


def test_the_worker_says_when_each_job_is_done():
    worker = InstantWorker()
    done = threading.Semaphore(0)
    calls = []

    def on_done() -> None:
        calls.append(1)
        done.release()
        if len(calls) == 1:
            raise RuntimeError("a callback that fails must not stop the worker")

    worker.on_done = on_done
    jobs = [worker.submit("dots", "easy", None, 0.1) for _ in range(2)]
    assert done.acquire(timeout=5) and done.acquire(timeout=5)
    assert all(job.done and job.move == "a move" for job in jobs)
    worker.close()


def test_the_app_wakes_on_its_workers_answers_and_not_after_closing():
    app = App((1280, 800))
    worker = InstantWorker()
    app._worker = worker
    assert app.start_worker().on_done is post_ai_answer
    app.close()
    post_ai_answer()  # a search that ends after the window closed finds no loop to wake, and no error
