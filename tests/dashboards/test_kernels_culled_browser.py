"""A served page that is gone without saying goodbye does not keep its kernel: `lopti-nb serve
--cull-after N` shuts the kernel of a page with no connection down once it has been quiet N seconds, while
the kernel of a page that is still open stays, however long the page sits unused.

Voilà's own page posts a shutdown when it unloads; a browser that is killed, a phone that drops
the tab or a lost network never sends it. Playwright's ``page.close()`` does not run the page's
``beforeunload`` handler, so it closes the page the way such a browser does."""
from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request

import pytest

from lopti_nb.voila import MIN_CULL_AFTER, cull_interval

pytestmark = pytest.mark.browser

CULL_AFTER = MIN_CULL_AFTER  # seconds (the smallest allowed: shorter culls kernels still starting)
GONE_WITHIN = 45  # seconds after the page closed: CULL_AFTER + the interval + shutdown, generously


def kernel_model(server, kernel_id: str) -> dict | None:
    """The server's model of the kernel (``/api/kernels/<id>``), or ``None`` once it is gone."""
    try:
        with urllib.request.urlopen(f"{server.url}/api/kernels/{kernel_id}", timeout=5) as reply:
            return json.loads(reply.read())
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return None
        raise


def kernel_processes(kernel_id: str) -> list[int]:
    """Process ids whose command line names the kernel's connection file."""
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if kernel_id.encode() in f.read():
                        found.append(int(pid))
            except OSError:
                pass
    return found


def test_the_kernel_of_a_closed_page_is_shut_down_and_an_open_page_keeps_its_own(browser, serve):
    server = serve(args=("--cull-after", str(CULL_AFTER)))
    try:
        context = browser.new_context(viewport={"width": 1000, "height": 800})
        page = context.new_page()
        page.goto(f"{server.url}/voila/render/reckoning_risk.ipynb", wait_until="commit", timeout=90000)
        page.wait_for_selector(".jupyter-widgets button, .jupyter-widgets .widget-inline-hbox",
                               state="visible", timeout=90000)
        kernel_id = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data')"
                                  ".textContent).kernelId")
        model = kernel_model(server, kernel_id)
        assert model is not None and model["connections"] >= 1, model
        assert kernel_processes(kernel_id), "no process runs the page's kernel"

        # open and unused for longer than the limit: the kernel stays
        page.wait_for_timeout((CULL_AFTER + 2 * cull_interval(CULL_AFTER) + 1) * 1000)
        assert kernel_model(server, kernel_id) is not None, "the kernel of an open page was shut down"

        page.close()  # no beforeunload: the page says no goodbye
        context.close()
        closed = time.monotonic()
        while kernel_model(server, kernel_id) is not None or kernel_processes(kernel_id):
            assert time.monotonic() - closed < GONE_WITHIN, \
                f"the kernel of the closed page still runs after {GONE_WITHIN} s:\n{server.read_log()}"
            time.sleep(0.5)
        print(f"kernel of the closed page gone after {time.monotonic() - closed:.1f} s "
              f"(limit {CULL_AFTER} s)")
    finally:
        server.stop()
