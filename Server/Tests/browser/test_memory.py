"""The Memorize page in a real browser: headless Debian Chromium driven by Selenium.

Needs a running deck server: DECK_SERVER_URL (default http://127.0.0.1:8080). Screenshots go to
ARTIFACTS_DIR (default ./artifacts/memory). Needs Debian's `chromium` and `chromium-driver` and
PyPI's `selenium`. Run: python3 -m unittest discover -s Server/Tests/browser -v

The player here plays by clicking and remembers only what a person sees: the names of the faces
shown after turning cards (their aria-labels). It never reads a face from the JSON API.
"""

import json
import math
import os
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import open_browser, settle

BASE_URL = os.environ.get("DECK_SERVER_URL", "http://127.0.0.1:8080").rstrip("/")
ARTIFACTS = os.environ.get("ARTIFACTS_DIR", os.path.join("artifacts", "memory"))
SIZES = [(1280, 800), (390, 844)]
FACE_DOWN = "Face-down card"   # the page's one label for every face-down card
TIMEOUT = 60          # seconds a wait for a page state may take before the test fails: a bound for a hang, not a speed target


def api(method, path, form=None):
    """Calls the JSON API; returns (status, body)."""
    data = urllib.parse.urlencode(form).encode() if form is not None else (b"" if method == "POST" else None)
    request = urllib.request.Request(BASE_URL + "/api/memory" + path, data=data, method=method)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)



class MemoryPageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.makedirs(ARTIFACTS, exist_ok=True)
        status, body = api("GET", "/themes/")
        assert status == 200, f"GET /api/memory/themes/ answered {status}: is the deck server running at {BASE_URL}?"
        cls.themes = body["themes"]

    def setUp(self):
        self.drivers = []

    def tearDown(self):
        for driver in self.drivers:
            driver.quit()

    def browser(self, width, height):
        driver = open_browser(width, height)
        self.drivers.append(driver)
        viewport = driver.execute_script("return [innerWidth, innerHeight]")
        self.assertEqual(viewport, [width, height])
        return driver

    def screenshot(self, driver, name):
        path = os.path.join(ARTIFACTS, f"{name}.png")
        driver.save_screenshot(path)
        return path

    # Reading the page

    def load(self, driver, query=""):
        """Opens /memory and waits for a dealt game; returns its id."""
        driver.get(BASE_URL + "/memory" + query)
        WebDriverWait(driver, TIMEOUT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#cards button[data-index]")
                                             and d.execute_script("return location.hash.length > 1"))
        return driver.execute_script("return location.hash.slice(1)")

    def cards(self, driver):
        return driver.find_elements(By.CSS_SELECTOR, "#cards button[data-index]")

    def labels(self, driver):
        return driver.execute_script(
            "return [...document.querySelectorAll('#cards button[data-index]')].map(b => b.getAttribute('aria-label'))")

    def score(self, driver):
        return int(driver.find_element(By.ID, "score").text)

    def turn(self, driver, index):
        """Clicks card `index` and waits for the server's answer to show it face up."""
        card = driver.find_element(By.CSS_SELECTOR, f'#cards button[data-index="{index}"]')
        card.click()
        WebDriverWait(driver, TIMEOUT).until(lambda d: card.get_attribute("aria-label") != FACE_DOWN)
        settle(driver)   # the turn animation ends, as a player would see it
        return card.get_attribute("aria-label")

    def assert_cards_inside(self, driver, name):
        """Every card lies wholly inside the window, and the page does not scroll."""
        width, height, scroll_width, scroll_height = driver.execute_script(
            "return [innerWidth, innerHeight, document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        self.assertLessEqual(scroll_width, width, f"{name}: the page scrolls sideways")
        self.assertLessEqual(scroll_height, height, f"{name}: the page scrolls down")
        rects = driver.execute_script(
            "return [...document.querySelectorAll('#cards button[data-index]')].map(b => b.getBoundingClientRect().toJSON())")
        self.assertTrue(rects)
        for index, rect in enumerate(rects):
            self.assertTrue(rect["left"] >= 0 and rect["top"] >= 0 and rect["right"] <= width and rect["bottom"] <= height,
                            f"{name}: card {index} at {rect} is not inside the {width}×{height} window")
            self.assertGreater(rect["width"], 20, f"{name}: card {index} is too small to play")
        # The cards use the room they have: along one side the grid is nearly as long as the table.
        table = driver.execute_script("return document.getElementById('table').getBoundingClientRect().toJSON()")
        grid = driver.execute_script("return document.getElementById('cards').getBoundingClientRect().toJSON()")
        self.assertTrue(grid["width"] >= table["width"] * 0.75 or grid["height"] >= table["height"] * 0.75,
                        f"{name}: the cards ({grid}) use little of the table ({table})")

    def largest_game_query(self):
        """A query for the largest deal a theme allows (found by asking for fewer and fewer pairs)."""
        for pairs in range(30, 1, -1):
            status, _ = api("POST", "/new/", {"theme": self.themes[0]["name"], "pairs": pairs})
            if status == 200:
                return "?" + urllib.parse.urlencode({"theme": self.themes[0]["name"], "pairs": pairs}), pairs
        self.fail(f"theme {self.themes[0]['name']} deals no number of pairs from 2 to 30")

    # Tests

    def test_every_card_fits_the_window_at_both_sizes_and_after_a_resize(self):
        query, pairs = self.largest_game_query()
        for width, height in SIZES:
            with self.subTest(size=f"{width}x{height}"):
                driver = self.browser(width, height)
                self.load(driver)
                self.assert_cards_inside(driver, f"default game {width}x{height}")
                self.screenshot(driver, f"new-game-{width}x{height}")
                self.load(driver, query)
                self.assertEqual(len(self.cards(driver)), 2 * pairs)
                self.assert_cards_inside(driver, f"{2 * pairs} cards {width}x{height}")
                self.screenshot(driver, f"largest-game-{width}x{height}")
                # Turned sideways: the page refits the cards to the new window.
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                       {"width": height, "height": width, "deviceScaleFactor": 1, "mobile": False})
                WebDriverWait(driver, TIMEOUT).until(lambda d: d.execute_script("return innerWidth") == height)
                settle(driver)
                self.assert_cards_inside(driver, f"{2 * pairs} cards resized to {height}x{width}")
                self.screenshot(driver, f"largest-game-resized-{height}x{width}")

    def test_theme_name_colours_and_labels(self):
        driver = self.browser(*SIZES[0])
        for theme in self.themes:
            with self.subTest(theme=theme["name"]):
                game_id = self.load(driver, "?" + urllib.parse.urlencode({"theme": theme["name"]}))
                self.assertEqual(driver.find_element(By.ID, "theme").text, theme["name"])
                self.assertEqual(self.score(driver), 0)
                labels = self.labels(driver)
                self.assertEqual(set(labels), {FACE_DOWN}, "face-down cards must all have the same label")
                self.assertTrue(all(card.is_enabled() for card in self.cards(driver)))
                back = driver.execute_script(
                    "const s = getComputedStyle(document.querySelector('#cards .back'));"
                    "return s.backgroundImage + ' ' + s.backgroundColor")
                for color in theme["colors"]:
                    red, green, blue = (int(color[i:i + 2], 16) for i in (1, 3, 5))
                    self.assertIn(f"rgb({red}, {green}, {blue})", back, f"the cards' backs ({back}) lack {color}")
                if len(theme["colors"]) == 2:
                    self.assertIn("linear-gradient", back)
                name = self.turn(driver, 0)
                self.assertNotIn(name, ("", FACE_DOWN))
                self.assertNotRegex(name, r"^[A-Z0-9]{2,3}$", "a card's label is its name, not its code")
                self.assertEqual(self.labels(driver)[1:], [FACE_DOWN] * (len(labels) - 1))
                hidden = driver.execute_script(
                    "return [...document.querySelectorAll('#cards button[data-index]')].slice(1)"
                    ".map(b => b.querySelector('.front').innerHTML)")
                self.assertEqual(set(hidden), {""}, "a face-down card's face is in the page")
                self.screenshot(driver, f"theme-{theme['name'].replace(' ', '-').replace('&', 'and')}")
                self.assertEqual(api("GET", f"/{game_id}/")[1]["theme"]["name"], theme["name"])

    def test_keyboard_play(self):
        driver = self.browser(*SIZES[0])
        self.load(driver)
        body = driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.TAB)
        self.assertEqual(driver.switch_to.active_element.get_attribute("id"), "new-game")
        driver.switch_to.active_element.send_keys(Keys.TAB)
        first = driver.switch_to.active_element
        self.assertEqual(first.get_attribute("data-index"), "0")
        first.send_keys(Keys.ENTER)
        WebDriverWait(driver, TIMEOUT).until(lambda d: first.get_attribute("aria-label") != FACE_DOWN)
        first.send_keys(Keys.TAB)
        second = driver.switch_to.active_element
        self.assertEqual(second.get_attribute("data-index"), "1")
        second.send_keys(Keys.ENTER)
        WebDriverWait(driver, TIMEOUT).until(lambda d: second.get_attribute("aria-label") != FACE_DOWN)
        self.screenshot(driver, "keyboard-two-cards")

    def test_a_whole_game_by_clicking_then_new_game(self):
        for width, height in SIZES:
            with self.subTest(size=f"{width}x{height}"):
                driver = self.browser(width, height)
                self.play_whole_game(driver, f"{width}x{height}")

    def play_whole_game(self, driver, size):
        # The built-in theme dealing the most pairs, so that the game surely has mismatches.
        theme = max(self.themes, key=lambda theme: theme["pairs"] or 0)
        game_id = self.load(driver, "?" + urllib.parse.urlencode({"theme": theme["name"]}))
        count = len(self.cards(driver))
        unseen = list(range(count))
        known = {}             # index → label, for turned cards not yet matched
        matched = 0
        lowest = highest = 0   # the score the rules allow, given how long each match took
        blundered = False

        def turn_pair(first, second, first_label=None, started=None, answered=None):
            """Turns two cards (the first perhaps already turned); returns the second's label
            and adds the points a match earns, bounded by the time the server could have measured."""
            nonlocal lowest, highest, matched
            if first_label is None:
                started = time.monotonic()
                first_label = self.turn(driver, first)
                answered = time.monotonic()
            before_second = time.monotonic()
            label = self.turn(driver, second)
            done = time.monotonic()
            if label == first_label:
                lowest += 2 * max(10 - math.floor(done - started), 1)
                highest += 2 * max(10 - math.floor(max(0.0, before_second - answered)), 1)
                matched += 2
                known.pop(first, None)
                known.pop(second, None)
            return label

        while matched < count:
            twins = [index for index in known if list(known.values()).count(known[index]) == 2]
            if twins:
                # A card still face up from the last mismatch is turned second: choosing it
                # first would do nothing.
                twins.sort(key=lambda index: self.labels(driver)[index] != FACE_DOWN)
                turn_pair(*twins)
                continue
            first = unseen.pop(0)
            started = time.monotonic()
            label = self.turn(driver, first)
            answered = time.monotonic()
            twin = next((index for index, seen in known.items() if seen == label), None)
            if twin is None and not blundered and known:
                # Forget on purpose once: a card seen before (none matches this new one) and
                # this new card cost exactly 1.
                twin = next(iter(known))
                before = self.score(driver)
                self.turn(driver, twin)
                self.assertEqual(self.score(driver), before - 1, "a mismatch with one card seen before costs 1")
                self.screenshot(driver, f"mismatch-{size}")
                lowest, highest, blundered = lowest - 1, highest - 1, True
                known[first] = label
                continue
            if twin is not None:
                turn_pair(first, twin, label, started, answered)
                continue
            second = unseen.pop(0)
            other = turn_pair(first, second, label, started, answered)
            if other != label:
                known[first], known[second] = label, other

        WebDriverWait(driver, TIMEOUT).until(
            lambda d: all(not card.is_enabled() for card in self.cards(d)))
        self.assertTrue(blundered, f"a game of {count} cards went without a mismatch")
        score = self.score(driver)
        self.assertTrue(lowest <= score <= highest, f"score {score} is not within {lowest}…{highest}")
        status, state = api("GET", f"/{game_id}/")
        self.assertEqual((status, state["score"], state["finished"]), (200, score, True))
        self.assertNotIn(FACE_DOWN, self.labels(driver))
        self.assertIn(str(score), driver.find_element(By.ID, "status").text)
        self.screenshot(driver, f"finished-{size}")

        driver.find_element(By.ID, "new-game").click()
        WebDriverWait(driver, TIMEOUT).until(lambda d: d.execute_script("return location.hash.slice(1)") != game_id)
        WebDriverWait(driver, TIMEOUT).until(lambda d: set(self.labels(d)) == {FACE_DOWN})
        self.assertEqual(self.score(driver), 0)
        self.assertTrue(all(card.is_enabled() for card in self.cards(driver)))
        self.assertEqual(driver.find_element(By.ID, "status").text, "")
        self.assert_cards_inside(driver, f"new game after a finished one {size}")
        self.screenshot(driver, f"new-game-after-finish-{size}")
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(errors, [], "the page logged errors")


if __name__ == "__main__":
    unittest.main()
