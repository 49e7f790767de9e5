"""Takes SLOW_UCIOK seconds (default 3) to answer `uci`."""
import os
import time

from uci_base import Engine


class SlowUciOk(Engine):
    name = "slow-uciok"

    def on_uci(self):
        time.sleep(float(os.environ.get("SLOW_UCIOK", "3")))
        super().on_uci()


SlowUciOk().run()
