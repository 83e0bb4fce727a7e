"""AIs that misbehave on purpose, loaded by tests as py:aihelpers:NAME."""
import time


class Crashing:
    def choose(self, view, deadline):
        raise RuntimeError("boom")


class Sleepy:
    """Answers with the first legal line, but only well after its deadline."""

    def choose(self, view, deadline):
        time.sleep(max(0.0, deadline - time.monotonic()) + 0.4)
        return first_line(view)


class Illegal:
    def choose(self, view, deadline):
        return (0, 0)  # a dot


def first_line(view):
    g = view.geom
    return next(g.line_coord[i] for i in range(g.num_lines) if not view.lines >> i & 1)


class First:
    def choose(self, view, deadline):
        return first_line(view)


def crashing():
    return Crashing()


def sleepy():
    return Sleepy()


def illegal():
    return Illegal()


def first(seed=None):
    return First()


class SlowStart(First):
    """Takes 0.3 s to get ready, like an engine loading its book, then answers at once."""

    def __init__(self):
        self.ready = False

    def prepare(self):
        if not self.ready:
            time.sleep(0.3)
            self.ready = True


def slow_start():
    return SlowStart()
