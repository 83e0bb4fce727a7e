"""AIs that misbehave on purpose, loaded by tests as py:aihelpers:NAME."""
import os
import signal
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


# ---------------------------------------------------------------- AIs that misbehave in every way an AI can
class Garbage:
    """Answers with something that is no move of any game."""

    def choose(self, view, deadline):
        return {"banana": [1, 2, 3] * 100}


class Unpicklable:
    """Answers with a value that cannot cross from the AI process (a function)."""

    def choose(self, view, deadline):
        return lambda: first_line(view)


class Chatty(First):
    """Prints to stdout (through print and the descriptor itself), then answers well."""

    def choose(self, view, deadline):
        print("CHATTY-AI thinking out loud")
        os.write(1, b"CHATTY-AI straight to the descriptor\n")
        return first_line(view)


class Hanging:
    """Never answers: it waits forever."""

    def choose(self, view, deadline):
        while True:
            time.sleep(1)


class Suicidal:
    """Kills its own process, every time it is asked."""

    def choose(self, view, deadline):
        os.kill(os.getpid(), signal.SIGKILL)


class SuicidalOnce(First):
    """Kills its own process the first time any of its kind is asked (a marker file in $AIHELPERS_MARKER)."""

    def choose(self, view, deadline):
        marker = os.environ["AIHELPERS_MARKER"]
        if not os.path.exists(marker):
            open(marker, "w").close()
            os.kill(os.getpid(), signal.SIGKILL)
        return first_line(view)


def garbage():
    return Garbage()


def unpicklable():
    return Unpicklable()


def chatty():
    return Chatty()


def hanging():
    return Hanging()


def suicidal():
    return Suicidal()


def suicidal_once():
    return SuicidalOnce()


class Deliberate:
    """Thinks until just before its deadline, then plays the first free line: a search to interrupt."""

    def choose(self, view, deadline):
        time.sleep(max(0.0, deadline - time.monotonic() - 0.05))
        return first_line(view)


def deliberate():
    return Deliberate()


class Poison:
    """A value that raises whatever is done with it (read, compared, hashed or written)."""

    def _fail(self, *args, **kwargs):
        raise RuntimeError("poisoned")

    __iter__ = __len__ = __getitem__ = __eq__ = __hash__ = __repr__ = __str__ = __index__ = __int__ = _fail


class Poisonous:
    """Answers with a Poison: no rules can read it."""

    def choose(self, view, deadline):
        return Poison()


def poisonous():
    return Poisonous()
