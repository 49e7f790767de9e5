"""Declares no option at all: an engine without a hash table or threads,
to which testers still pass `-each option.Hash=16 option.Threads=1`."""
from uci_base import Engine


class NoOptions(Engine):
    name = "no_options"

    def on_uci(self):
        self.send(f"id name {self.name}")
        self.send("id author arbiter tests")
        self.send("uciok")


NoOptions().run()
