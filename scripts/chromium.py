"""Debian's Chromium as the e2e tests, the benchmarks and the icon script launch it: one place for its flags.

Playwright's own browser download cannot work here, so every launch passes ``executable_path=CHROMIUM``
and ``args=CHROMIUM_ARGS``. The flags keep the browser from reaching out on its own (no QUIC, no
background networking, component updates or sync) and let it run as root in a container (no sandbox,
no GPU). The e2e tests import this module from scripts/ (e2e/conftest.py puts it on ``sys.path``).
"""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS: list[str] = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# An init script for timing a page: the moment the page's own Python sets its ready flag, in
# window.__readyAt (ms since navigation start). Init scripts run before <html> exists, so it observes the
# whole document; polling from the test would add its interval to every figure.
READY_OBSERVER = """
new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.ready === "1") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""
