"""The live card table page (/table, /table/<id>) in a real browser: headless Debian Chromium driven
by Selenium, two independent sessions (two browsers, so two localStorages) at one table.

Needs a running deck server: DECK_SERVER_URL (default http://127.0.0.1:8080). Screenshots go to
ARTIFACTS_DIR (default out/browser-artifacts). Run: python3 -m unittest discover -s Server/Tests/browser -v

Each player sees only their own page: what a seat holds is read from that seat's page (its hand
cards' data-code), and the other page is checked never to show it.
"""

import json
import os
import re
import sys
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import open_browser, settle

BASE_URL = os.environ.get("DECK_SERVER_URL", "http://127.0.0.1:8080").rstrip("/")
ARTIFACTS = os.environ.get("ARTIFACTS_DIR", os.path.join("out", "browser-artifacts"))
SIZES = [(1280, 800), (390, 844)]
TIMEOUT = 60          # seconds a wait for a page state may take before the test fails: a bound for a hang, not a speed target

RANKS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King", "0": "10"}
SUITS = {"S": "Spades", "D": "Diamonds", "C": "Clubs", "H": "Hearts"}


def image_name(code):
    """The file name of a card's image, as the server names it: deckofcardsapi's aceDiamonds for
    the ace of diamonds (AD.png would be blocked as an ad), the code for every other card."""
    return "aceDiamonds" if code == "AD" else code


def card_name(code):
    """The words the page uses for a card, as in its aria-labels."""
    if code == "X1":
        return "Black Joker"
    if code == "X2":
        return "Red Joker"
    return f"{RANKS.get(code[:-1], code[:-1])} of {SUITS[code[-1]]}"


def api(method, path, params=None, token=None):
    """Calls the table API; returns (status, body)."""
    query = "?" + urllib.parse.urlencode(params) if params else ""
    request = urllib.request.Request(BASE_URL + "/api/table" + path + query, method=method,
                                     data=b"" if method == "POST" else None)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)



def parse_matrix(text):
    """'matrix(a, b, c, d, e, f)' → (scale, x, y)."""
    match = re.fullmatch(r"matrix\(([^)]*)\)", text.strip())
    assert match, f"the scene's transform is {text!r}, not a matrix"
    a, b, c, d, e, f = (float(n) for n in match.group(1).split(","))
    assert abs(b) < 1e-9 and abs(c) < 1e-9 and abs(a - d) < 1e-9, f"{text} is not a zoom and a pan"
    return a, e, f


class TablePageTests(unittest.TestCase):
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

    def browser(self, width, height):
        driver = open_browser(width, height)
        self.drivers.append(driver)
        self.assertEqual(driver.execute_script("return [innerWidth, innerHeight]"), [width, height])
        return driver

    def screenshot(self, driver, name):
        settle(driver)      # arrivals and the glow end, as a person would see the table
        driver.save_screenshot(os.path.join(ARTIFACTS, f"table-{name}.png"))

    def wait(self, driver, condition, message, timeout=TIMEOUT):
        try:
            return WebDriverWait(driver, timeout, poll_frequency=0.02).until(condition)
        except TimeoutException:
            self.fail(f"{message} (after {timeout} s)")

    def assert_no_errors(self, driver, allowed=()):
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
                  and not any(text in entry["message"] for text in allowed)]
        self.assertFalse(errors, "the page logged errors: " + "; ".join(entry["message"] for entry in errors))

    # Sitting down

    def new_table(self, driver, name, seats=None):
        """Opens /table, starts a table as `name`; returns its id."""
        driver.get(BASE_URL + "/table")
        self.wait(driver, lambda d: d.find_element(By.ID, "join").is_displayed(), "the new-table form is not shown")
        self.assertEqual(driver.find_element(By.ID, "join-button").text, "New table")
        if seats:
            driver.execute_script("document.getElementById('seats-wanted').value = arguments[0]", str(seats))
        field = driver.find_element(By.ID, "name")
        field.clear()
        field.send_keys(name)
        driver.find_element(By.ID, "join-button").click()
        self.wait(driver, lambda d: re.fullmatch(r"/table/[^/]+", d.execute_script("return location.pathname"))
                  and self.my_seat(d) is not None, "the new table did not open")
        return driver.execute_script("return location.pathname").split("/")[2]

    def join(self, driver, table_id, name):
        driver.get(f"{BASE_URL}/table/{table_id}")
        self.wait(driver, lambda d: d.find_element(By.ID, "join").is_displayed(), "the join form is not shown")
        self.assertEqual(driver.find_element(By.ID, "join-button").text, "Join table")
        field = driver.find_element(By.ID, "name")
        field.clear()
        field.send_keys(name, Keys.ENTER)
        self.wait(driver, lambda d: self.my_seat(d) is not None, f"{name} did not sit down")
        self.wait(driver, lambda d: "Live" in d.find_element(By.ID, "live").text, "the event stream did not open")

    # Reading a page

    def my_seat(self, driver):
        """(seat number, name) from the page's own words, or None when not seated."""
        text = driver.execute_script(
            "const w = document.getElementById('whoami'); return w.hidden ? '' : w.textContent")
        match = re.fullmatch(r"You are (.+), seat (\d+) of \d+", text or "")
        return (int(match.group(2)), match.group(1)) if match else None

    def hand(self, driver):
        return driver.execute_script(
            "return [...document.querySelectorAll('#hand .card')].map(c => c.dataset.code)")

    def seat_labels(self, driver):
        return driver.execute_script(
            "return [...document.querySelectorAll('#seats .seat')].map(s => s.getAttribute('aria-label'))")

    def count_shown(self, driver, name):
        for label in self.seat_labels(driver):
            match = re.fullmatch(rf"{re.escape(name)}: (\d+) cards?", label)
            if match:
                return int(match.group(1))
        return None

    def backs_shown(self, driver, name):
        return driver.execute_script(
            "const s = [...document.querySelectorAll('#seats .seat')].find(s => s.getAttribute('aria-label').startsWith(arguments[0] + ':'));"
            "return s ? s.querySelectorAll('.back-card').length : null", name)

    def center(self, driver):
        return driver.execute_script(
            "return [...document.querySelectorAll('.pile[data-pile=center] .card')].map(c => c.dataset.code)")

    def deck_remaining(self, driver):
        label = driver.find_element(By.ID, "deck").get_attribute("aria-label")
        match = re.match(r"Deck: (\d+) cards?", label)
        return int(match.group(1)) if match else 0

    def transform(self, driver):
        return parse_matrix(driver.execute_script("return document.getElementById('scene').style.transform"))

    def token(self, driver, table_id):
        saved = driver.execute_script("return localStorage.getItem(arguments[0])", f"deck-table:{table_id}")
        return json.loads(saved)["token"] if saved else None

    def assert_never_shows(self, driver, codes, who):
        """Nothing in the page (markup, image addresses, labels, text) names one of `codes`."""
        html = driver.execute_script("return document.documentElement.outerHTML")
        sources = driver.execute_script("return [...document.images].map(i => i.currentSrc || i.src)")
        text = driver.execute_script("return document.body.innerText")
        labels = " ".join(driver.execute_script(
            "return [...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))"))
        for code in codes:
            self.assertNotIn(f'data-code="{code}"', html, f"{who}'s page holds {code}")
            self.assertNotIn(f"/img/{image_name(code)}.", html, f"{who}'s page links to {code}'s image")
            for source in sources:
                self.assertNotIn(f"/img/{image_name(code)}.", source, f"{who}'s page shows {code}")
            self.assertNotIn(card_name(code), text + labels, f"{who}'s page names {card_name(code)}")

    def background_point(self, driver):
        """A point of the stage over the table's background (no card, button or seat)."""
        point = driver.execute_script("""
            const box = document.getElementById('stage').getBoundingClientRect();
            for (let fy = 0.5; fy > 0.05; fy -= 0.05) for (let fx = 0.1; fx < 0.95; fx += 0.05) {
              const x = box.left + box.width * fx, y = box.top + box.height * fy;
              const hit = document.elementFromPoint(x, y);
              if (hit && ['felt', 'scene', 'stage', 'seats', 'middle', 'piles'].includes(hit.id)) return [x, y];
            }
            return null""")
        self.assertIsNotNone(point, "no point of the stage shows the table's background")
        return point

    def wheel(self, driver, x, y, delta, ctrl=True):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": delta, "modifiers": 2 if ctrl else 0})

    def pinch(self, driver, x, y, start, end, steps=6):
        """Two touch points about (x, y), `start` apart moving to `end` apart."""
        def points(gap):
            return [{"x": x - gap / 2, "y": y, "id": 1}, {"x": x + gap / 2, "y": y, "id": 2}]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
        for step in range(1, steps + 1):
            gap = start + (end - start) * step / steps
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(gap)})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def click_at(self, driver, x, y, count=1):
        for n in range(1, count + 1):
            for kind in ("mousePressed", "mouseReleased"):
                driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
                    "type": kind, "x": x, "y": y, "button": "left", "clickCount": n})

    def drag(self, driver, x, y, dx, dy):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left", "clickCount": 1})
        for step in range(1, 6):
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
                "type": "mouseMoved", "x": x + dx * step / 5, "y": y + dy * step / 5, "button": "left", "buttons": 1})
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": "mouseReleased", "x": x + dx, "y": y + dy, "button": "left", "clickCount": 1})

    def assert_layout(self, driver, name):
        """Nothing scrolls; at the fitted zoom every card of the scene is inside the stage, the
        hand's cards do not hide one another's corner, and names are big enough to read."""
        width, height, scroll_width, scroll_height = driver.execute_script(
            "return [innerWidth, innerHeight, document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        self.assertLessEqual(scroll_width, width, f"{name}: the page scrolls sideways")
        self.assertLessEqual(scroll_height, height, f"{name}: the page scrolls down")
        stage, rects, plates, hand = driver.execute_script("""
            const r = (e) => e.getBoundingClientRect().toJSON();
            return [r(document.getElementById('stage')),
                    [...document.querySelectorAll('#scene .card, #scene .back-card, #deck, #seats .seat')].map(r),
                    [...document.querySelectorAll('#seats .plate, #mine-label, .pile .label, #deck .count')]
                      .map(e => [e.textContent, parseFloat(getComputedStyle(e).fontSize) * r(e).height / e.offsetHeight]),
                    [...document.querySelectorAll('#hand .card')].map(r)]""")
        for rect in rects:
            self.assertTrue(rect["left"] >= stage["left"] - 0.5 and rect["right"] <= stage["right"] + 0.5
                            and rect["top"] >= stage["top"] - 0.5 and rect["bottom"] <= stage["bottom"] + 0.5,
                            f"{name}: {rect} lies outside the stage {stage}")
        for text, pixels in plates:
            self.assertGreaterEqual(pixels, 11.5, f"{name}: {text!r} is drawn at {pixels:.1f} px, too small to read")
        for left, right in zip(hand, hand[1:]):
            self.assertGreaterEqual(right["left"] - left["left"], left["width"] * 0.16,
                                    f"{name}: a hand card hides the corner of the one under it")
        if hand:
            self.assertGreaterEqual(hand[0]["width"], 44, f"{name}: hand cards are {hand[0]['width']} px wide, too small")

    # Tests

    def test_two_people_at_one_table(self):
        for width, height in SIZES:
            with self.subTest(size=f"{width}x{height}"):
                self.two_people(width, height)
                for driver in self.drivers:
                    driver.quit()
                self.drivers = []

    def two_people(self, width, height):
        size = f"{width}x{height}"
        ann, bob = self.browser(width, height), self.browser(width, height)
        table_id = self.new_table(ann, "Ann")
        self.assertEqual(self.my_seat(ann), (1, "Ann"))
        self.assertGreaterEqual(len(table_id), 22, "a table id of at least 128 bits")
        share = ann.find_element(By.ID, "share-link").get_attribute("href")
        self.assertEqual(share, f"{BASE_URL}/table/{table_id}")
        self.screenshot(ann, f"{size}-1-ann-alone")

        self.join(bob, table_id, "Bob")
        self.assertEqual(self.my_seat(bob), (2, "Bob"))
        self.wait(ann, lambda d: self.count_shown(d, "Bob") == 0, "Ann does not see Bob sit down")
        self.assertEqual(self.count_shown(bob, "Ann"), 0)
        self.assertIn("Seat 3: free", self.seat_labels(bob))

        # Ann draws three, one click at a time; Bob sees her count each time. How long that took
        # is printed, not held to a limit: a busy machine may take longer, and speed is measured
        # by the benchmarks.
        delays = []
        for drawn in (1, 2, 3):
            before = self.deck_remaining(ann)
            clicked = time.monotonic()
            ann.find_element(By.ID, "deck").click()
            self.wait(bob, lambda d: self.count_shown(d, "Ann") == drawn, f"Bob does not see Ann's {drawn} cards")
            delays.append(time.monotonic() - clicked)
            self.wait(ann, lambda d: len(self.hand(d)) == drawn, "Ann's drawn card is not in her hand")
            self.assertEqual(self.deck_remaining(ann), before - 1)
            self.wait(bob, lambda d: self.deck_remaining(d) == before - 1, "Bob's deck count is behind")
        print(f"\n  {size}: from Ann's click to Bob's page showing her count: "
              + ", ".join(f"{1000 * delay:.0f} ms" for delay in delays), file=sys.stderr)
        self.assertEqual(self.backs_shown(bob, "Ann"), 3)
        ann_hand = self.hand(ann)
        self.assertEqual(len(set(ann_hand)), 3)
        self.assert_never_shows(bob, ann_hand, "Bob")
        self.assertEqual(self.hand(bob), [])
        self.screenshot(ann, f"{size}-2-ann-drew-3")
        self.screenshot(bob, f"{size}-2-bob-sees-ann-drew-3")

        # The API agrees with each page, and Bob's view holds nothing of Ann's hand.
        ann_token, bob_token = self.token(ann, table_id), self.token(bob, table_id)
        status, ann_view = api("GET", f"/{table_id}/", token=ann_token)
        self.assertEqual(status, 200)
        self.assertEqual([card["code"] for card in ann_view["hand"]], ann_hand)
        status, bob_view = api("GET", f"/{table_id}/", token=bob_token)
        self.assertFalse(set(ann_hand) & set(re.findall(r'"code":\s*"(\w+)"', json.dumps(bob_view))))

        # Ann plays her first card by clicking it; Bob sees it on the center pile.
        played = ann_hand[0]
        ann.find_element(By.CSS_SELECTOR, f'#hand .card[data-code="{played}"]').click()
        self.wait(bob, lambda d: self.center(d)[-1:] == [played], f"Bob does not see {played} in the center")
        self.wait(ann, lambda d: self.hand(d) == ann_hand[1:], "the played card is still in Ann's hand")
        self.assertEqual(self.count_shown(bob, "Ann"), 2)
        self.assertIn(card_name(played), bob.find_element(By.CSS_SELECTOR, ".pile[data-pile=center]").get_attribute("aria-label"))
        self.assertIn(f"Ann played {card_name(played)}", bob.find_element(By.ID, "status").text)
        self.assert_never_shows(bob, ann_hand[1:], "Bob")
        self.screenshot(bob, f"{size}-3-bob-sees-ann-play")

        # Bob, by keyboard: Tab to the deck and Enter draws; Tab to his card and Enter plays it.
        bob.execute_script("document.getElementById('copy-link').focus()")
        for _ in range(3):
            ActionChains(bob).send_keys(Keys.TAB).perform()
            if bob.switch_to.active_element.get_attribute("id") == "deck":
                break
        self.assertEqual(bob.switch_to.active_element.get_attribute("id"), "deck", "Tab does not reach the deck")
        ActionChains(bob).send_keys(Keys.ENTER).perform()
        self.wait(bob, lambda d: len(self.hand(d)) == 1, "Enter on the deck does not draw")
        bob_card = self.hand(bob)[0]
        self.wait(ann, lambda d: self.count_shown(d, "Bob") == 1, "Ann does not see Bob draw")
        self.assert_never_shows(ann, [bob_card], "Ann")
        for _ in range(6):
            ActionChains(bob).send_keys(Keys.TAB).perform()
            if bob.switch_to.active_element.get_attribute("data-code") == bob_card:
                break
        focused = bob.switch_to.active_element
        self.assertEqual(focused.get_attribute("data-code"), bob_card, "Tab does not reach Bob's card")
        self.assertEqual(focused.get_attribute("aria-label"), card_name(bob_card))
        self.screenshot(bob, f"{size}-4-bob-card-focused")
        ActionChains(bob).send_keys(Keys.ENTER).perform()
        self.wait(ann, lambda d: self.center(d)[-1:] == [bob_card], "Ann does not see Bob's card in the center")
        self.assertEqual(self.hand(bob), [])

        # A reload sits Ann down at the same seat with the same hand, at once.
        ann_hand = self.hand(ann)
        ann.refresh()
        self.wait(ann, lambda d: self.my_seat(d) == (1, "Ann") and self.hand(d) == ann_hand,
                  "after a reload Ann is not back at seat 1 with her hand")
        self.assertFalse(ann.find_element(By.ID, "join").is_displayed())
        self.wait(ann, lambda d: "Live" in d.find_element(By.ID, "live").text, "the event stream did not reopen")
        bob.find_element(By.ID, "deck").click()
        self.wait(ann, lambda d: self.count_shown(d, "Bob") == 1, "after her reload Ann gets no live updates")
        self.assert_layout(ann, f"Ann {size}")
        self.assert_layout(bob, f"Bob {size}")
        self.screenshot(ann, f"{size}-5-ann-after-reload")
        self.screenshot(bob, f"{size}-5-bob")

        self.zoom_and_pan(ann, size)
        self.card_seen_large(bob, size)
        # The window changes size (turned sideways, or smaller): the scene fits it again.
        self.resize(ann, *((height, width) if height > width else (1024, 640)), f"Ann {size} resized")
        for driver in (ann, bob):
            self.assert_no_errors(driver)

    def zoom_and_pan(self, driver, size):
        fitted = self.transform(driver)
        x, y = self.background_point(driver)
        # Ctrl + wheel zooms in about the pointer: the scene point under it stays put.
        self.wheel(driver, x, y, -240)
        self.wait(driver, lambda d: self.transform(d)[0] > fitted[0] * 1.3, "Ctrl + wheel does not zoom in")
        scale, tx, ty = self.transform(driver)
        stage = driver.execute_script("return document.getElementById('stage').getBoundingClientRect().toJSON()")
        px, py = x - stage["left"], y - stage["top"]
        self.assertAlmostEqual((px - fitted[1]) / fitted[0], (px - tx) / scale, delta=0.5)
        self.assertAlmostEqual((py - fitted[2]) / fitted[0], (py - ty) / scale, delta=0.5)
        self.screenshot(driver, f"{size}-6-zoomed")
        # Dragging the background pans by as much as the pointer moved.
        x, y = self.background_point(driver)
        self.drag(driver, x, y, -60, -40)
        self.wait(driver, lambda d: self.transform(d)[1:] != (tx, ty), "dragging the background does not pan")
        panned = self.transform(driver)
        self.assertAlmostEqual(panned[0], scale)
        self.assertAlmostEqual(panned[1] - tx, -60, delta=1)
        self.assertAlmostEqual(panned[2] - ty, -40, delta=1)
        # Double-click on the background fits it again.
        x, y = self.background_point(driver)
        self.click_at(driver, x, y, count=2)
        self.wait(driver, lambda d: all(abs(a - b) < 1e-3 for a, b in zip(self.transform(d), fitted)),
                  "double-click does not fit the scene again")
        # A pinch (two touch points moving apart) zooms too, about the fingers' midpoint.
        x, y = self.background_point(driver)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        self.pinch(driver, x, y, 60, 180)
        self.wait(driver, lambda d: self.transform(d)[0] > fitted[0] * 2, "a pinch does not zoom")
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        self.screenshot(driver, f"{size}-7-pinched")
        driver.find_element(By.ID, "zoom-fit").click()
        self.wait(driver, lambda d: all(abs(a - b) < 1e-3 for a, b in zip(self.transform(d), fitted)), "Fit does not fit")

    def card_seen_large(self, driver, size):
        """Double-click the center's top card: it shows large; Ctrl + wheel zooms its art, and the
        image asked for grows with the zoom."""
        top = driver.find_element(By.CSS_SELECTOR, '.pile[data-pile=center] .card[tabindex="0"]')
        code = top.get_attribute("data-code")
        # clickCount says which click of a double-click each is, whatever the time between them.
        box = top.rect
        self.click_at(driver, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, count=2)
        self.wait(driver, lambda d: d.execute_script("return document.getElementById('card-view').open"),
                  "double-click on a card does not show it large")
        image = driver.find_element(By.ID, "card-large")
        self.wait(driver, lambda d: d.execute_script("const i = arguments[0]; return i.complete && i.naturalWidth > 0", image),
                  "the large card's image does not load")
        self.assertIn(f"/img/{image_name(code)}.png", image.get_attribute("src"))
        self.assertEqual(image.get_attribute("alt"), card_name(code))
        first = int(image.get_attribute("data-width"))
        shown = driver.execute_script("return arguments[0].getBoundingClientRect().width", image)
        self.assertGreaterEqual(first, shown, "the large card is drawn from a smaller image")
        self.assertEqual(self.center(driver)[-1], code, "a double-click on a pile card changed the pile")
        self.screenshot(driver, f"{size}-8-card-large")
        box = driver.execute_script("return document.getElementById('card-frame').getBoundingClientRect().toJSON()")
        for _ in range(2):
            self.wheel(driver, box["left"] + box["width"] * 0.5, box["top"] + box["height"] * 0.4, -240)
        self.wait(driver, lambda d: parse_matrix(image.get_attribute("data-transform"))[0] > 3, "Ctrl + wheel does not zoom the card")
        self.wait(driver, lambda d: int(image.get_attribute("data-width")) > first and "width=" in image.get_attribute("src"),
                  "zooming the card does not ask for a larger image")
        self.wait(driver, lambda d: d.execute_script("const i = arguments[0]; return i.complete && i.naturalWidth > 0", image),
                  "the larger image does not load")
        self.screenshot(driver, f"{size}-9-card-art-zoomed")
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        self.wait(driver, lambda d: not d.execute_script("return document.getElementById('card-view').open"), "Escape does not close the card")

    def resize(self, driver, width, height, name):
        before = self.transform(driver)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.wait(driver, lambda d: d.execute_script("return innerWidth") == width, "the window does not change size")
        self.wait(driver, lambda d: self.transform(d) != before, "the scene is not fitted to the new size")
        settle(driver)
        self.assert_layout(driver, f"{name} to {width}x{height}")
        self.screenshot(driver, f"{name.replace(' ', '-')}-to-{width}x{height}")

    def test_a_whole_round(self):
        """Deal, each plays, take: the round two people play, with screenshots of both pages."""
        for width, height in SIZES:
            with self.subTest(size=f"{width}x{height}"):
                size = f"{width}x{height}"
                ann, bob = self.browser(width, height), self.browser(width, height)
                table_id = self.new_table(ann, "Ann", seats=3)
                self.join(bob, table_id, "Bob")
                self.wait(ann, lambda d: self.count_shown(d, "Bob") == 0, "Ann does not see Bob")
                deal = ann.find_element(By.ID, "deal-count")
                deal.clear()
                deal.send_keys("5")
                ann.find_element(By.ID, "deal").click()
                for driver, other in ((ann, "Bob"), (bob, "Ann")):
                    self.wait(driver, lambda d: len(self.hand(d)) == 5 and self.count_shown(d, other) == 5, "the deal does not show")
                    self.assertEqual(self.backs_shown(driver, other), 5)
                    self.assertEqual(self.deck_remaining(driver), 52 - 10)
                self.assertFalse(set(self.hand(ann)) & set(self.hand(bob)))
                self.assert_never_shows(bob, self.hand(ann), "Bob")
                self.assert_never_shows(ann, self.hand(bob), "Ann")
                self.assert_layout(ann, f"Ann after the deal {size}")
                self.assert_layout(bob, f"Bob after the deal {size}")
                self.screenshot(ann, f"round-{size}-1-dealt-ann")
                self.screenshot(bob, f"round-{size}-1-dealt-bob")

                played = []
                for driver, other in ((ann, bob), (bob, ann)):
                    code = self.hand(driver)[2]
                    driver.find_element(By.CSS_SELECTOR, f'#hand .card[data-code="{code}"]').click()
                    played.append(code)
                    self.wait(other, lambda d: self.center(d)[-len(played):] == played, "a played card is not in the center")
                    self.wait(driver, lambda d: code not in self.hand(d), "a played card stays in the hand")
                self.screenshot(ann, f"round-{size}-2-both-played-ann")
                self.screenshot(bob, f"round-{size}-2-both-played-bob")

                # Ann takes the top of the center: Bob's card.
                ann.find_element(By.ID, "take").click()
                self.wait(ann, lambda d: played[1] in self.hand(d), "Take top does not take the center's top card")
                self.wait(bob, lambda d: self.center(d) == played[:1] and self.count_shown(d, "Ann") == 5,
                          "Bob does not see Ann take the top card")
                self.assertIn("Ann took", bob.find_element(By.ID, "status").text)
                self.assert_layout(ann, f"Ann after taking {size}")
                self.screenshot(ann, f"round-{size}-3-ann-took-ann")
                self.screenshot(bob, f"round-{size}-3-ann-took-bob")

                # Shuffle asks once, then brings every card back.
                shuffle = bob.find_element(By.ID, "shuffle")
                shuffle.click()
                self.assertIn("sure", shuffle.text)
                shuffle.click()
                for driver in (ann, bob):
                    self.wait(driver, lambda d: self.deck_remaining(d) == 52 and self.hand(d) == [] and self.center(d) == [],
                              "Shuffle does not gather every card")
                self.screenshot(ann, f"round-{size}-4-shuffled-ann")

                # Bob leaves: his seat is free for Ann, and his page offers the seat again.
                leave = bob.find_element(By.ID, "leave")
                leave.click()
                leave.click()
                self.wait(bob, lambda d: d.find_element(By.ID, "join").is_displayed(), "after leaving Bob is not offered a seat")
                self.assertIsNone(self.token(bob, table_id))
                self.wait(ann, lambda d: "Seat 2: free" in self.seat_labels(d), "Ann does not see Bob leave")
                self.screenshot(bob, f"round-{size}-5-bob-left")
                for driver in (ann, bob):
                    self.assert_no_errors(driver)
                    driver.quit()
                self.drivers = []

    def test_a_forgotten_seat_and_a_missing_table(self):
        driver = self.browser(*SIZES[0])
        status, body = api("POST", "/new/", {"name": "Cy", "seats": 2})
        self.assertEqual(status, 200)
        table_id = body["table_id"]
        driver.get(BASE_URL + "/table")
        driver.execute_script("localStorage.setItem(arguments[0], JSON.stringify({token: 'not-a-token', number: 2, name: 'Di'}))",
                              f"deck-table:{table_id}")
        driver.get(f"{BASE_URL}/table/{table_id}")
        self.wait(driver, lambda d: d.find_element(By.ID, "join").is_displayed(), "a wrong token does not lead to the join form")
        self.assertIsNone(self.token(driver, table_id), "the wrong token is kept")
        self.assertIn("Cy is here", driver.find_element(By.ID, "join-text").text)
        self.assertEqual(self.count_shown(driver, "Cy"), 0)
        self.screenshot(driver, "join-form-1280x800")
        # The table fills up: the form says so.
        status, ed = api("POST", f"/{table_id}/join/", {"name": "Ed"})
        self.assertEqual(status, 200)
        driver.refresh()
        self.wait(driver, lambda d: "full" in d.find_element(By.ID, "join-text").text, "a full table is not said to be full")
        self.assertFalse(driver.find_element(By.ID, "join-button").is_enabled())
        # This page sits at Ed's seat; Ed's seat is given up elsewhere (another tab, a bot): the
        # page hears it on its event stream and offers a seat again.
        driver.execute_script("localStorage.setItem(arguments[0], JSON.stringify({token: arguments[1], number: 2, name: 'Ed'}))",
                              f"deck-table:{table_id}", ed["seat"]["token"])
        driver.refresh()
        self.wait(driver, lambda d: self.my_seat(d) == (2, "Ed"), "the page does not sit down at Ed's seat")
        self.wait(driver, lambda d: "Live" in d.find_element(By.ID, "live").text, "the event stream did not open")
        self.assertEqual(api("POST", f"/{table_id}/leave/", token=ed["seat"]["token"])[0], 200)
        self.wait(driver, lambda d: d.find_element(By.ID, "join").is_displayed() and "1 seat free" in d.find_element(By.ID, "join-text").text,
                  "the page does not see its seat given up")
        self.assertIsNone(self.token(driver, table_id))
        self.assertEqual(self.hand(driver), [])

        driver.get(f"{BASE_URL}/table/{'0' * 32}")
        self.wait(driver, lambda d: d.find_element(By.ID, "join-title").text == "No table here", "an unknown table is not said to be missing")
        self.screenshot(driver, "missing-table-1280x800")
        driver.get(BASE_URL + "/table")
        self.wait(driver, lambda d: d.find_element(By.ID, "join").is_displayed(), "the new-table form is not shown")
        self.screenshot(driver, "new-table-1280x800")
        self.assert_no_errors(driver, allowed=("401", "404", "Unauthorized", "Not Found"))

    def test_a_full_table_of_eight(self):
        """Eight seats, long names, big and empty hands: every seat, name and card still fits."""
        status, body = api("POST", "/new/", {"name": "Ann", "seats": 8})
        self.assertEqual(status, 200)
        table_id, token = body["table_id"], body["seat"]["token"]
        names = ["Bob", "Maximiliana Fitzgerald-Okonkwo", "Cy", "Dmitri", "Eve", "Fatima", "Gus"]
        draws = [1, 3, 5, 8, 12, 0, 2]
        for name, count in zip(names, draws):
            status, joined = api("POST", f"/{table_id}/join/", {"name": name})
            self.assertEqual(status, 200)
            if count:
                self.assertEqual(api("POST", f"/{table_id}/draw/", {"count": count}, joined["seat"]["token"])[0], 200)
        status, drew = api("POST", f"/{table_id}/draw/", {"count": 13}, token)
        self.assertEqual(status, 200)
        for card in drew["hand"][:3]:
            self.assertEqual(api("POST", f"/{table_id}/play/", {"cards": card["code"], "pile": "center"}, token)[0], 200)
        for width, height in SIZES:
            with self.subTest(size=f"{width}x{height}"):
                driver = self.browser(width, height)
                driver.get(BASE_URL + "/table")
                driver.execute_script("localStorage.setItem(arguments[0], JSON.stringify({token: arguments[1], number: 1, name: 'Ann'}))",
                                      f"deck-table:{table_id}", token)
                driver.get(f"{BASE_URL}/table/{table_id}")
                self.wait(driver, lambda d: self.my_seat(d) == (1, "Ann") and len(self.hand(d)) == 10, "Ann is not seated with her 10 cards")
                for name, count in zip(names, draws):
                    self.assertEqual(self.count_shown(driver, name), count)
                    self.assertEqual(self.backs_shown(driver, name), count)
                self.assertEqual(self.center(driver), [card["code"] for card in drew["hand"][:3]])
                self.screenshot(driver, f"eight-seats-{width}x{height}")
                self.assert_layout(driver, f"eight seats {width}x{height}")
                # No two seats' boxes overlap, nor a seat and the deck, piles or hand.
                boxes = driver.execute_script(
                    "return [...document.querySelectorAll('#seats .seat, #deck, .pile, #hand')].map(e => e.getBoundingClientRect().toJSON())")
                for i, a in enumerate(boxes):
                    for b in boxes[i + 1:]:
                        overlap = min(a["right"], b["right"]) - max(a["left"], b["left"]), min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
                        self.assertFalse(overlap[0] > 1 and overlap[1] > 1, f"{a} and {b} overlap")
                self.court_art(driver, f"{width}x{height}")
                self.assert_no_errors(driver)

    def court_art(self, driver, size):
        """Double-click a court card in the hand (where it shows, under the next card) and zoom
        into its figure: the card stays in the hand, and the image grows with the zoom."""
        hand = self.hand(driver)
        courts = [index for index, code in enumerate(hand) if code[0] in "JQK"]
        if not courts:
            return
        index = courts[0]
        rects = driver.execute_script(
            "return [...document.querySelectorAll('#hand .card')].map(c => c.getBoundingClientRect().toJSON())")
        visible = (rects[index + 1]["left"] - rects[index]["left"]) if index + 1 < len(rects) else rects[index]["width"]
        self.click_at(driver, rects[index]["left"] + min(visible, rects[index]["width"]) / 2,
                      rects[index]["top"] + rects[index]["height"] / 2, count=2)
        self.wait(driver, lambda d: d.execute_script("return document.getElementById('card-view').open"),
                  "double-click on a hand card does not show it large")
        self.assertEqual(driver.find_element(By.ID, "card-view-title").text, card_name(hand[index]))
        # The first click's play waited for a second click, and the double-click cancelled it:
        # every wait put off was cancelled, whenever this is read.
        put_off, cancelled = driver.execute_script(
            "const d = document.body.dataset; return [Number(d.playsPutOff || 0), Number(d.playsCancelled || 0)]")
        self.assertGreater(put_off, 0, "the double-click's first click did not wait for a second")
        self.assertEqual(put_off, cancelled, "a double-click on a hand card left its first click's play to happen")
        self.assertEqual(self.hand(driver), hand, "a double-click on a hand card played it")
        image = driver.find_element(By.ID, "card-large")
        first = int(image.get_attribute("data-width"))
        box = driver.execute_script("return document.getElementById('card-frame').getBoundingClientRect().toJSON()")
        self.wheel(driver, box["left"] + box["width"] * 0.5, box["top"] + box["height"] * 0.42, -200)
        self.wait(driver, lambda d: int(image.get_attribute("data-width")) > first, "zooming the card does not ask for a larger image")
        self.wait(driver, lambda d: d.execute_script("const i = arguments[0]; return i.complete && i.naturalWidth > 0", image),
                  "the larger image does not load")
        self.screenshot(driver, f"court-art-{size}")
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()

    def test_new_table_form_upright(self):
        driver = self.browser(*SIZES[1])
        driver.get(BASE_URL + "/table")
        self.wait(driver, lambda d: d.find_element(By.ID, "join").is_displayed(), "the new-table form is not shown")
        box = driver.execute_script("return document.getElementById('join').getBoundingClientRect().toJSON()")
        self.assertTrue(box["left"] >= 0 and box["right"] <= SIZES[1][0], f"the form {box} does not fit the window")
        self.screenshot(driver, "new-table-390x844")
        self.assert_no_errors(driver)


if __name__ == "__main__":
    unittest.main()
