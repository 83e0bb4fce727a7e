"""boardhub: a desktop arcade of classic board games with strong AIs.

Scripting API::

    from boardhub import games
    dots = games.get("dots")
    ai = dots.ais["hard"]()            # name -> factory(level=None, seed=None)
    state = dots.rules.new_game({"rows": 3, "cols": 3})
"""
__version__ = "0.1.0"
