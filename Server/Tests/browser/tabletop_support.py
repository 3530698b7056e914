"""What the table page's browser tests share: the API called with a seat's token, a session
at a given size (with touch emulation for a phone), reading stacks and places off a page, and
input as Chromium receives it (mouse, touch, pinch, a long press) through the DevTools protocol.
"""

import json
import os
import re
import struct
import unittest
import urllib.error
import urllib.parse
import urllib.request
import zlib

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_support import open_browser, settle

BASE_URL = os.environ.get("DECK_SERVER_URL", "http://127.0.0.1:8080").rstrip("/")
ARTIFACTS = os.environ.get("ARTIFACTS_DIR", os.path.join("out", "browser-artifacts"))
TIMEOUT = 60          # seconds a wait for a page state may take: a bound for a hang, not a speed target

RANKS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King", "0": "10"}
SUITS = {"S": "Spades", "D": "Diamonds", "C": "Clubs", "H": "Hearts"}


def card_name(code):
    return f"{RANKS.get(code[:-1], code[:-1])} of {SUITS[code[-1]]}"


def short_name(code):
    """The page's short name of a card: "10♥"."""
    return ("10" if code[:-1] == "0" else code[:-1]) + {"S": "♠", "D": "♦", "C": "♣", "H": "♥"}[code[-1]]


def names_card(text, code):
    """Whether text names the card by its code as a word of its own ("3C" in data-face="3C" or
    /cards/3C.png), not inside a longer run of letters and digits such as a random token, nor as a
    percent escape such as the favicon's "%3C" (a "<")."""
    return re.search(rf"(?<![A-Za-z0-9%]){re.escape(code)}(?![A-Za-z0-9])", text) is not None


def top_handle(stack):
    """The handle of a stack's top card, as every view writes a stack: the handles' shared
    prefix and the card's index in base 36."""
    index, digits = len(stack["cards"]) - 1, ""
    while True:
        index, digit = divmod(index, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
        if index == 0:
            return stack["handles"] + digits


def api(method, path, params=None, token=None):
    """Calls the table API; returns (status, body)."""
    data = urllib.parse.urlencode(params or {}).encode() if method == "POST" else None
    query = "?" + urllib.parse.urlencode(params) if params and method != "POST" else ""
    request = urllib.request.Request(BASE_URL + "/api/table" + path + query, method=method, data=data)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def png(width, height, rgb):
    """A plain PNG of one colour."""
    row = b"\x00" + bytes(rgb) * width
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


class TabletopPage(unittest.TestCase):
    """The sessions of one test, and what the tests do with them."""

    @classmethod
    def setUpClass(cls):
        os.makedirs(ARTIFACTS, exist_ok=True)
        status, _ = api("GET", "/no-such-table/")
        assert status == 404, f"GET /api/table/no-such-table/ answered {status}: is the deck server running at {BASE_URL}?"

    def setUp(self):
        self.drivers = []

    def tearDown(self):
        for driver in self.drivers:
            driver.quit()

    def browser(self, width, height, touch=False):
        driver = open_browser(width, height)
        if touch:
            driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        self.drivers.append(driver)
        return driver

    def screenshot(self, driver, name):
        settle(driver)
        driver.save_screenshot(os.path.join(ARTIFACTS, f"table-{name}.png"))

    def wait(self, driver, condition, message, timeout=TIMEOUT):
        try:
            return WebDriverWait(driver, timeout, poll_frequency=0.02).until(condition)
        except TimeoutException:
            self.fail(f"{message} (after {timeout} s)")

    def assert_no_errors(self, driver):
        """The console is clean: no script error and no refused request (a 4xx logged by Chromium)."""
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE" and "favicon" not in entry["message"]]
        self.assertFalse(errors, "the page logged errors: " + "; ".join(entry["message"] for entry in errors))

    def record_requests(self, driver):
        """From now on the page's requests are kept in window.requests as "POST /path"."""
        driver.execute_script("""
            window.requests = [];
            const original = window.fetch;
            window.fetch = (input, init) => {
              window.requests.push(`${(init && init.method) || "GET"} ${new URL(String(input), location.href).pathname}`);
              return original(input, init);
            };""")

    def requests(self, driver, ending):
        """The recorded requests whose path ends with `ending`."""
        return [r for r in driver.execute_script("return window.requests") if r.endswith(ending)]

    # Sitting down

    def new_table(self, driver, name, layout="", seats=4):
        driver.get(BASE_URL + "/table")
        self.wait(driver, lambda d: d.find_element(By.ID, "join").is_displayed(), "the new-table form is not shown")
        Select(driver.find_element(By.ID, "seats-wanted")).select_by_visible_text(str(seats))
        Select(driver.find_element(By.ID, "layout")).select_by_value(layout)
        field = driver.find_element(By.ID, "name")
        field.clear()
        field.send_keys(name)
        driver.find_element(By.ID, "join-button").click()
        self.wait(driver, lambda d: re.fullmatch(r"/table/[^/]+", d.execute_script("return location.pathname"))
                  and self.stacks(d), "the new table did not open")
        self.wait(driver, lambda d: "Live" in d.find_element(By.ID, "live").text, "the event stream did not open")
        return driver.execute_script("return location.pathname").split("/")[2]

    def join(self, driver, table_id, name):
        driver.get(f"{BASE_URL}/table/{table_id}")
        self.wait(driver, lambda d: d.find_element(By.ID, "join").is_displayed(), "the join form is not shown")
        field = driver.find_element(By.ID, "name")
        field.clear()
        field.send_keys(name, Keys.ENTER)
        self.wait(driver, lambda d: d.find_element(By.ID, "whoami").text.startswith(name), f"{name} did not sit down")
        self.wait(driver, lambda d: "Live" in d.find_element(By.ID, "live").text, "the event stream did not open")

    def token(self, driver, table_id):
        return json.loads(driver.execute_script("return localStorage.getItem(arguments[0])", f"deck-table:{table_id}"))["token"]

    def table_in_play(self):
        """Ann (seat 1, who made it) and Bob at a table: six cards each, a face-up stack s1, a
        face-down spread s2 of five, Ann's hand shown. Answers the table's id and Ann's token."""
        status, body = api("POST", "/new/", {"name": "Ann", "seats": "3"})
        self.assertEqual(status, 200, body)
        table_id, token = body["table_id"], body["seat"]["token"]
        self.assertEqual(api("POST", f"/{table_id}/join/", {"name": "Bob"})[0], 200)
        for action, params in (("deal", {"count": "6"}), ("split", {"stack": "deck", "count": "3", "x": "400", "y": "300"}),
                               ("flip", {"stack": "s1"}), ("split", {"stack": "deck", "count": "5", "x": "650", "y": "420"}),
                               ("arrange", {"stack": "s2", "layout": "right", "step": "24"}), ("show", {"shown": "true"})):
            status, body = api("POST", f"/{table_id}/felt/{action}/", params, token=token)
            self.assertEqual(status, 200, body)
        return table_id, token

    def sit_as(self, driver, table_id, token, number=1, name="Ann"):
        """Keeps the seat in this browser, as a page that sat down there does."""
        driver.get(BASE_URL + "/")
        driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", f"deck-table:{table_id}",
                              json.dumps({"number": number, "name": name, "token": token}))

    # Reading a page

    def stacks(self, driver):
        """Each stack shown: id → (x, y, count, faces), faces as the page shows them ('back' or a code)."""
        return driver.execute_script("""
            const out = {};
            for (const e of document.querySelectorAll('#felt .stack')) {
              const m = new DOMMatrix(e.style.transform);
              out[e.dataset.id] = [Math.round(m.e), Math.round(m.f), Number(e.dataset.count),
                                   [...e.querySelectorAll('.card')].map(c => c.dataset.face)];
            }
            return out""")

    def view(self, table_id, token):
        status, body = api("GET", f"/{table_id}/felt/", token=token)
        self.assertEqual(status, 200, body)
        return {stack["id"]: stack for stack in body["stacks"]}, body

    def screen(self, driver, x, y):
        """The window point of the table point (x, y), through the scene's transform (which
        turns the felt a quarter on a portrait stage)."""
        return driver.execute_script("""
            const s = document.getElementById('stage').getBoundingClientRect();
            const p = new DOMMatrix(document.getElementById('scene').style.transform).transformPoint({ x: arguments[0], y: arguments[1] });
            return [s.left + p.x, s.top + p.y]""", x, y)

    def centre(self, driver, selector):
        """The centre of the element (at most 20 px below its top), scrolled into view first as
        a person would (a phone's toolbar scrolls sideways)."""
        rect = driver.execute_script("""
            const element = document.querySelector(arguments[0]);
            if (element.closest('.toolbar, .dock')) element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
            return element.getBoundingClientRect().toJSON()""", selector)
        return rect["left"] + rect["width"] / 2, rect["top"] + min(rect["height"] / 2, 20)

    def scale(self, driver):
        return driver.execute_script("const m = new DOMMatrix(document.getElementById('scene').style.transform); return Math.hypot(m.a, m.b)")

    # Input

    def mouse_drag(self, driver, start, end, steps=8, release=True, modifiers=0):
        (x, y), (x2, y2) = start, end
        send = lambda kind, px, py, **extra: driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": px, "y": py, "modifiers": modifiers, **extra})
        send("mouseMoved", x, y)
        send("mousePressed", x, y, button="left", buttons=1, clickCount=1)
        for step in range(1, steps + 1):
            send("mouseMoved", x + (x2 - x) * step / steps, y + (y2 - y) * step / steps, button="left", buttons=1)
        if release:
            send("mouseReleased", x2, y2, button="left", buttons=0, clickCount=1)

    def mouse_release(self, driver, point):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": point[0], "y": point[1], "button": "left", "clickCount": 1})

    def touch_drag(self, driver, start, end, steps=8):
        (x, y), (x2, y2) = start, end
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
        for step in range(1, steps + 1):
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x + (x2 - x) * step / steps, "y": y + (y2 - y) * step / steps, "id": 1}]})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def tap(self, driver, point):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": point[0], "y": point[1], "id": 1}]})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def pinch(self, driver, x, y, start, end, steps=6):
        points = lambda gap: [{"x": x - gap / 2, "y": y, "id": 1}, {"x": x + gap / 2, "y": y, "id": 2}]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
        for step in range(1, steps + 1):
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(start + (end - start) * step / steps)})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def double_click(self, driver, point):
        for count in (1, 2):
            for kind in ("mousePressed", "mouseReleased"):
                driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": point[0], "y": point[1], "button": "left", "clickCount": count})

    def menu(self, driver, stack, action, count=None, touch=False):
        """Opens a stack's menu with a right-click (or a long press) and chooses `action`."""
        x, y = self.centre(driver, f'.stack[data-id="{stack}"] .card.top')
        if touch:
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
            self.wait(driver, lambda d: d.find_element(By.ID, "menu").is_displayed(), "a long press did not open the menu")
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        else:
            for kind in ("mousePressed", "mouseReleased"):
                driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "right", "clickCount": 1})
        button = self.wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f'.menu button[data-action="{action}"]'), f"the menu has no {action}")
        if count is not None:
            field = button.find_element(By.XPATH, "following-sibling::input")
            field.clear()
            field.send_keys(str(count))
        button.click()
