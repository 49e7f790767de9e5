"""A well-behaved test engine: a random legal move at once."""
from uci_base import Engine


class RandomMover(Engine):
    name = "random"


RandomMover().run()
