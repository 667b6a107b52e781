"""``monopoly-tui serve`` in a real browser: Debian's chromium, headless, driven by chromedriver.

The page shows the game in a terminal drawn on a canvas, so the test reads what the browser's
terminal was sent: a script added to the page before it loads keeps every byte the page's
websocket receives (and the terminal sizes it asks for), and pyte, a terminal emulator, turns
them into the screen the page shows. The test loads the page, sees the title, starts a game,
rolls, and opens a second tab, which gets a game of its own that finds the first tab's save.

The browser resolves no host name but this machine's (``--host-resolver-rules``), and its
background traffic (updates, sync) is off: it talks to the test's server only.

Skipped, saying why, where chromium, chromedriver, selenium or pyte are not installed
(``.ci/run`` installs chromium and chromium-driver with apt-get when they are missing, and
sets ``MONOPOLY_TUI_REQUIRE_BROWSER`` once they are there: then a missing piece fails the
test). Every wait is for something to appear, with a generous deadline; nothing races a timer.
"""

from __future__ import annotations

import base64
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
WAIT = 90.0
"""Seconds to wait for something to appear on the page (a slow, busy machine is slow)."""

if os.environ.get("MONOPOLY_TUI_REQUIRE_BROWSER") and (CHROMIUM is None or CHROMEDRIVER is None):
    raise RuntimeError("MONOPOLY_TUI_REQUIRE_BROWSER is set but chromium or chromedriver is "
                       "missing")
if CHROMIUM is None or CHROMEDRIVER is None:
    pytest.skip("chromium and chromedriver are not installed (apt-get install chromium "
                "chromium-driver; .ci/run installs them): the browser test cannot run",
                allow_module_level=True)
if os.environ.get("MONOPOLY_TUI_REQUIRE_BROWSER"):  # CI: chromium is here, so the test runs
    import pyte
    import selenium
selenium = pytest.importorskip("selenium", reason="selenium is not installed (pip install "
                               "-e '.[test]'): the browser test cannot run")
pyte = pytest.importorskip("pyte", reason="pyte is not installed (pip install -e '.[test]')")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

RECORDER = """
window.__term = [];
const NativeWebSocket = window.WebSocket;
function b64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}
window.WebSocket = class extends NativeWebSocket {
  constructor(url, protocols) {
    super(url, protocols);
    const q = new URL(url).searchParams;
    window.__term.push(["resize", +q.get("width"), +q.get("height")]);
    this.addEventListener("message", (e) => {
      if (typeof e.data !== "string") window.__term.push(["data", b64(new Uint8Array(e.data))]);
    });
  }
  send(data) {
    try {
      const m = JSON.parse(data);
      if (m[0] === "resize") window.__term.push(["resize", m[1].width, m[1].height]);
    } catch (err) {}
    return super.send(data);
  }
};
"""
"""Added to every page before its own scripts: keeps what the page's terminal is sent."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for(what: str, check: Callable[[], bool], seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what} after {seconds:.0f} s")
        time.sleep(0.1)


class Terminal:
    """The screen of one tab's terminal, rebuilt from what its page received."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)

    def text(self) -> str:
        for entry in self.driver.execute_script("return (window.__term || []).splice(0);"):
            if entry[0] == "resize":
                self.screen.resize(int(entry[2]), int(entry[1]))
            else:
                self.stream.feed(base64.b64decode(entry[1]))
        return "\n".join(line.rstrip() for line in self.screen.display)

    def shows(self, *words: str) -> bool:
        text = self.text()
        return all(w in text for w in words)

    def wait(self, *words: str) -> str:
        try:
            _wait_for(f"{words} on the page", lambda: self.shows(*words))
        except AssertionError as e:
            raise AssertionError(f"{e}; the page shows:\n{self.text()}") from None
        return self.text()

    def _keys(self) -> Any:
        """The terminal's key input, focused (as a click on the page does). xterm keeps it
        at the cursor, which the game hides off the page, so chromedriver will not type
        into it as an element: the keys go to the page's focused element instead."""
        area = self.driver.find_element("css selector", "textarea.xterm-helper-textarea")
        self.driver.execute_script("arguments[0].focus();", area)
        return ActionChains(self.driver)

    def press(self, keys: str) -> None:
        self._keys().send_keys(keys).perform()

    def ctrl(self, key: str) -> None:
        self._keys().key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()


@contextlib.contextmanager
def _server(saves: Path) -> Iterator[str]:
    port = _free_port()
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "monopoly_tui", "--saves", str(saves), "serve", "--port",
         str(port)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
        start_new_session=True)
    try:
        def up() -> bool:
            if proc.poll() is not None:
                out = proc.stdout.read().decode() if proc.stdout else ""
                raise AssertionError(f"the server stopped ({proc.returncode}):\n{out}")
            with socket.socket() as s:
                return s.connect_ex(("127.0.0.1", port)) == 0

        _wait_for("the server to listen", up)
        yield f"http://127.0.0.1:{port}/"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)  # the server and each tab's game
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def _record(driver: Any) -> None:
    """Keep what the current tab's terminal is sent, from its next page on."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})


@contextlib.contextmanager
def _browser(profile: Path) -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--window-size=1600,1000", f"--user-data-dir={profile}",
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-default-apps", "--no-first-run",
                "--disable-features=OptimizationHints,MediaRouter,Translate"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    try:
        _record(driver)
        yield driver
    finally:
        driver.quit()


def test_the_browser_loads_the_title_starts_a_game_and_rolls(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    shots = Path(os.environ.get("MONOPOLY_TUI_SCREENSHOTS", tmp_path))
    with _server(saves) as url, _browser(tmp_path / "profile") as driver:
        driver.get(url)
        assert driver.title == "monopoly-tui"
        term = Terminal(driver)
        title = term.wait("Each edition played by its own rulebook.", "New game")
        assert "Load a saved game" in title
        driver.save_screenshot(str(shots / "serve-title.png"))

        term.press("n")  # New game: the setup screen
        term.wait("1 Edition", "Next [ctrl+n]")
        term.ctrl("n")  # the edition, then the rules: the setup's defaults
        term.wait("Standard rules")
        term.ctrl("n")
        term.wait("Start the game [ctrl+s]")
        term.ctrl("s")
        term.wait("Start playing")
        term.press(Keys.ENTER)  # who goes first: start playing
        # Computer seats play at their pace until a human's turn: the banner asks that player
        # to roll, with the key (shown for a human seat only).
        screen = term.wait("roll the dice  [r]")
        banner = next(line for line in screen.splitlines() if "roll the dice  [r]" in line)
        found = re.search(r"▶\s+\d+\s+(.+?) · ", banner)
        assert found, banner
        name = found.group(1)
        # The log's line for this roll (not the roll for who goes first: "... = 7 to start").
        turn_roll = re.compile(rf"{re.escape(name)} rolled [^=\n]*= \d+\b(?! to)")
        assert not turn_roll.search(screen)
        term.press("r")
        _wait_for(f"{name}'s roll in the log", lambda: bool(turn_roll.search(term.text())))
        driver.save_screenshot(str(shots / "serve-rolled.png"))

        # The game saves in the server's folder, after the roll.
        _wait_for("the autosave", lambda: any(saves.glob("*.json")))

        # A second tab: a game of its own (the title again, not the first tab's game), which
        # finds the first tab's game in the same saves folder and offers to resume it.
        driver.switch_to.new_window("tab")
        _record(driver)
        driver.get(url)
        second = Terminal(driver)
        text = second.wait("Each edition played by its own rulebook.", "Resume")
        assert " rolled " not in text
        driver.save_screenshot(str(shots / "serve-second-tab.png"))

