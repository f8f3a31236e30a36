"""What every browser test shares: where Debian's Chromium is, the flags it runs with on this
closed network, and a free loopback port for the server under test."""
import os
import socket

CHROMIUM = os.environ.get("LOPTI_NB_CHROMIUM", "/usr/bin/chromium")
# headless as root, and no background connections (they are refused here, many at a time)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
