"""Takes SLOW_UCIOK seconds (default 4) to answer `uci`."""
import os
import time

from uci_base import Engine


class SlowUciOk(Engine):
    name = "slow-uciok"

    def on_uci(self):
        time.sleep(float(os.environ.get("SLOW_UCIOK", "4")))
        super().on_uci()


SlowUciOk().run()
