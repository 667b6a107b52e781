"""``monopoly-tui serve`` in a real browser: Debian's chromium, headless, driven by chromedriver.

The page shows the game in a terminal drawn on a canvas, so the test reads what the browser's
terminal was sent: a script added to the page before it loads keeps every byte the page's
websocket receives (and the terminal sizes it asks for), and pyte, a terminal emulator, turns
them into the screen the page shows. The first test loads the page, sees the title with its
footer before any key (and when its frame arrived), starts a game (the focus seen on the
Players step), rolls, and opens a second tab, which gets a game of its own that finds the first
tab's save. The others try what the server must refuse: another site's page, another host name
(DNS rebinding), a huge terminal, more tabs than ``--max-games``; and what a tab says when its
server stops (Ctrl+C), and that its button waits for the server to be back.

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
import sqlite3
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
      if (typeof e.data !== "string") {
        window.__term.push(["data", b64(new Uint8Array(e.data)), performance.now()]);
      }
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
"""Added to every page before its own scripts: keeps what the page's terminal is sent (and
when: milliseconds after the navigation began)."""



def _saved(saves: Path) -> bool:
    """Whether a game's decision is in the saves folder's journal (read only: this process
    holds no game)."""
    db = saves / "games.sqlite3"
    if not db.exists():
        return False
    try:
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as c:
            return bool(c.execute("SELECT COUNT(*) FROM decisions").fetchone()[0])
    except sqlite3.Error:
        return False

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

    def _entries(self) -> list[list[Any]]:
        entries: list[list[Any]] = self.driver.execute_script(
            "return (window.__term || []).splice(0);")
        return entries

    def _feed(self, entry: list[Any]) -> None:
        if entry[0] == "resize":
            self.screen.resize(int(entry[2]), int(entry[1]))
        else:
            self.stream.feed(base64.b64decode(entry[1]))

    def text(self) -> str:
        for entry in self._entries():
            self._feed(entry)
        return "\n".join(line.rstrip() for line in self.screen.display)

    def first_shown(self, *words: str) -> float:
        """Wait for ``words``; the milliseconds after the navigation at which the page had
        been sent the frame that shows them all."""
        when: list[float] = []

        def shown() -> bool:
            for entry in self._entries():
                self._feed(entry)
                if not when and all(w in "\n".join(self.screen.display) for w in words):
                    when.append(float(entry[2]))
            return bool(when)

        _wait_for(f"{words} on the page", shown)
        return when[0]

    def focused_row(self) -> str | None:
        """Which seat's name field is drawn focused: the one whose top border has a colour of
        its own (a focused field's border is the accent; the others' are all alike)."""
        self.text()
        seen: dict[str, str] = {}
        for y, line in enumerate(self.screen.display):
            for name in ("Player 1", "Computer 2"):
                x = line.find(name)
                if x > 0 and y > 0:
                    seen[name] = self.screen.buffer[y - 1][x].fg
        if len(seen) < 2 or seen["Player 1"] == seen["Computer 2"]:
            return None
        colours = [c.fg for row in (self.screen.buffer[y] for y in range(self.screen.lines))
                   for c in row.values()]
        # the focused one's colour is the rarer of the two
        return min(seen, key=lambda name: colours.count(seen[name]))

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


class Served:
    """A ``monopoly-tui serve`` process and where it is."""

    def __init__(self, proc: subprocess.Popen[bytes], port: int, log: Path) -> None:
        self.proc, self.port, self.log_file = proc, port, log
        self.url = f"http://127.0.0.1:{port}/"

    def log(self) -> str:
        return self.log_file.read_text(encoding="utf-8", errors="replace")


def _start(saves: Path, port: int, log: Path, *options: str) -> Served:
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "monopoly_tui", "--saves", str(saves), "serve", "--port",
             str(port), *options], stdout=out, stderr=subprocess.STDOUT, env=env,
            start_new_session=True)
    served = Served(proc, port, log)

    def up() -> bool:
        if proc.poll() is not None:
            raise AssertionError(f"the server stopped ({proc.returncode}):\n{served.log()}")
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", port)) == 0

    _wait_for("the server to listen", up)
    return served


def _end(served: Served) -> None:
    """Stop the server as Ctrl+C does (it stops each tab's game); killed if it will not."""
    if served.proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(served.proc.pid, signal.SIGINT)
    try:
        served.proc.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        served.proc.kill()
        served.proc.wait()


@contextlib.contextmanager
def _server(saves: Path, *options: str, log: Path | None = None) -> Iterator[Served]:
    served = _start(saves, _free_port(), log or saves.parent / "server.log", *options)
    try:
        yield served
    finally:
        _end(served)


def _record(driver: Any) -> None:
    """Keep what the current tab's terminal is sent, from its next page on."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})


@contextlib.contextmanager
def _browser(profile: Path) -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--window-size=1600,1000", f"--user-data-dir={profile}",
                # evil.example is this machine, as a DNS-rebinding page would have it
                "--host-resolver-rules=MAP evil.example 127.0.0.1, MAP * ~NOTFOUND, "
                "EXCLUDE 127.0.0.1",
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
    with _server(saves) as served, _browser(tmp_path / "profile") as driver:
        url = served.url
        driver.get(url)
        assert driver.title == "monopoly-tui"
        term = Terminal(driver)
        # The footer's keys on the first paint, before any key is pressed (as in a terminal).
        first = term.first_shown("Each edition played by its own rulebook.", "n New game",
                                 "l Load", "q Quit")
        print(f"first frame: {first:.0f} ms after the navigation")
        title = term.text()
        assert "Load a saved game" in title
        driver.save_screenshot(str(shots / "serve-title.png"))

        term.press("n")  # New game: the setup screen
        term.wait("1 Edition", "Next [ctrl+n]")
        term.ctrl("n")  # the edition, then the rules: the setup's defaults
        term.wait("Standard rules")
        term.ctrl("n")
        term.wait("Start the game [ctrl+s]", "Player 1", "Computer 2")
        # The focus can be seen: on the first seat's name, then, three Tabs on (its token and
        # kind), on the second seat's.
        _wait_for("the focus on seat 1's name", lambda: term.focused_row() == "Player 1")
        term.press(Keys.TAB * 3)
        _wait_for("the focus on seat 2's name", lambda: term.focused_row() == "Computer 2")
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
        _wait_for("the autosave", lambda: _saved(saves))

        # A second tab: a game of its own (the title again, not the first tab's game), which
        # finds the first tab's game in the same saves folder and offers to resume it.
        driver.switch_to.new_window("tab")
        _record(driver)
        driver.get(url)
        second = Terminal(driver)
        text = second.wait("Each edition played by its own rulebook.", "Resume")
        assert " rolled " not in text
        driver.save_screenshot(str(shots / "serve-second-tab.png"))



EVIL_PAGE = """<!DOCTYPE html><html><head><title>another site</title></head><body><script>
window.__result = null;
// Another site's page tries the game's websocket, even with the right token.
const ws = new WebSocket("{url}?width=80&height=24");
ws.binaryType = "arraybuffer";
let bytes = 0;
ws.onmessage = (e) => {{ bytes += e.data.byteLength || e.data.length; }};
ws.onclose = (e) => {{ window.__result = {{code: e.code, bytes: bytes}}; }};
</script></body></html>"""


@contextlib.contextmanager
def _another_site(page: str) -> Iterator[str]:
    """A web page of another origin (another port on this machine), served by a thread."""
    import http.server
    import threading

    body = page.encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


def _websocket_url(served: Served) -> str:
    import urllib.request

    with urllib.request.urlopen(served.url, timeout=WAIT) as answer:
        page = answer.read().decode()
    found = re.search(r'data-session-websocket-url="([^"]+)"', page)
    assert found, page
    return found.group(1)


def test_only_the_servers_own_pages_get_a_game_and_only_so_big(tmp_path: Path) -> None:
    with _server(tmp_path / "saves") as served, _browser(tmp_path / "profile") as driver:
        ws_url = _websocket_url(served)
        # Another site's page: the websocket is refused before any game starts, and the
        # server's log says why.
        with _another_site(EVIL_PAGE.format(url=ws_url)) as evil:
            driver.get(evil)
            _wait_for("the other site's websocket to close",
                      lambda: driver.execute_script("return window.__result;") is not None)
            result = driver.execute_script("return window.__result;")
            assert result["bytes"] == 0 and result["code"] == 1006, result
        origin = evil.rstrip("/")
        _wait_for("the refusal in the log", lambda: f"Origin '{origin}'" in served.log())
        assert "started" not in served.log()
        # A page on another name for this machine (DNS rebinding): a plain 403.
        driver.get(f"http://evil.example:{served.port}/")
        assert "403 Forbidden: Host 'evil.example:" in driver.find_element("tag name",
                                                                          "body").text
        _wait_for("the refused Host in the log",
                  lambda: f"Host 'evil.example:{served.port}' is not this server"
                  in served.log())
        # The server's own page asking for a huge terminal gets one of 500 x 200.
        driver.get(served.url)
        term = Terminal(driver)
        term.wait("New game")
        driver.execute_script("""
            window.__big = [];
            const url = document.getElementById("terminal").dataset.sessionWebsocketUrl;
            const big = new WebSocket(url + "?width=20000&height=20000");
            big.binaryType = "arraybuffer";
            big.onmessage = (e) => {
              if (typeof e.data !== "string") window.__big.push(b64(new Uint8Array(e.data)));
            };
            window.__bigSocket = big;
        """)
        cols, rows = 500, 200
        screen = pyte.Screen(cols + 1, rows + 1)
        stream = pyte.ByteStream(screen)

        def painted(x: int, y: int) -> bool:
            return bool(screen.buffer[y][x].bg != "default")

        def drawn() -> bool:
            for data in driver.execute_script("return window.__big.splice(0);"):
                stream.feed(base64.b64decode(data))
            return painted(cols - 1, rows - 1)

        _wait_for("the big game's screen", drawn)
        assert not any(painted(cols, y) for y in range(rows + 1))
        assert not any(painted(x, rows) for x in range(cols + 1))
        assert "at 500×200" in served.log()
        driver.execute_script("window.__bigSocket.close();")


def test_the_cap_holds_and_a_closed_tab_lets_another_play(tmp_path: Path) -> None:
    with _server(tmp_path / "saves", "--max-games", "1") as served, \
            _browser(tmp_path / "profile") as driver:
        driver.get(served.url)
        Terminal(driver).wait("New game")
        first = driver.current_window_handle
        driver.switch_to.new_window("tab")
        _record(driver)
        driver.get(served.url)
        text = " ".join(driver.find_element("tag name", "body").text.split())
        assert "Every game this server runs is taken: it runs at most 1 at once" in text
        assert "Close one of those tabs" in text
        second = driver.current_window_handle
        driver.switch_to.window(first)
        driver.close()  # the first tab goes, and its game with it
        _wait_for("the first tab's game to end",
                  lambda: "ended: its tab's connection closed (0 running)" in served.log())
        (pid,) = [int(p) for p in re.findall(r"game (\d+) started", served.log())]
        _wait_for("its process to be gone", lambda: not Path(f"/proc/{pid}").exists()
                  or "zombie" in Path(f"/proc/{pid}/status").read_text())
        driver.switch_to.window(second)
        driver.find_element("link text", "open the game again").click()
        Terminal(driver).wait("Each edition played by its own rulebook.", "New game")


def test_a_stopped_servers_tab_says_so_and_its_button_waits_for_the_server(
        tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    port = _free_port()
    log = tmp_path / "server.log"
    served = _start(saves, port, log)
    try:
        with _browser(tmp_path / "profile") as driver:
            driver.get(served.url)
            term = Terminal(driver)
            term.wait("New game")
            term.press("n")  # a game, so that there is one to resume
            term.wait("1 Edition")
            term.ctrl("n")
            term.wait("Standard rules")
            term.ctrl("n")
            term.wait("Start the game [ctrl+s]")
            term.ctrl("s")
            term.wait("Start playing")
            term.press(Keys.ENTER)  # who goes first: start playing
            term.wait("roll the dice  [r]")
            term.press("r")  # a decision: the game saves it
            _wait_for("the autosave", lambda: _saved(saves))
            stopped_at = time.monotonic()
            os.kill(served.proc.pid, signal.SIGINT)  # Ctrl+C
            served.proc.wait(timeout=WAIT)
            print(f"the server stopped {time.monotonic() - stopped_at:.2f} s after Ctrl+C")
            assert served.proc.returncode == 0
            assert "ended: the server is stopping (0 running)" in served.log()

            def says(words: str) -> bool:
                return words in driver.find_element("tag name", "body").text

            _wait_for("the tab to say the server stopped",
                      lambda: says("The server on this machine stopped"))
            assert says("Start monopoly-tui serve again, then open the game again and Resume")
            button = driver.find_element("css selector", ".closed-dialog button")
            button.click()  # the server is not there: the button says so, and stays
            _wait_for("the button to say the server is still stopped",
                      lambda: says("The server on this machine is still stopped"))
            assert driver.current_url.startswith(served.url)
            served = _start(saves, port, log)  # started again, on the same port
            button.click()
            Terminal(driver).wait("Each edition played by its own rulebook.", "c Resume")
    finally:
        _end(served)
