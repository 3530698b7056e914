"""The table page at the sizes people use, measured from the DOM as a person would judge it: a
table in play (stacks face up and down, a spread, a hand, a seat showing its hand) at 390 × 844,
844 × 390 and 768 × 1024 by touch and 1280 × 800 by mouse.

At every size: the felt fills most of the table's area and half the window or more, felt cards
are never smaller than the hand's at fit, nothing scrolls sideways. At 390 × 844 also: felt cards
at least 48 CSS px wide, every text at least 12 CSS px (scaled by the zoom on the felt), every
target a finger can press at least 44 × 44 CSS px (the stack menu's too), and a carried card
stays under the finger at the point where it was taken, and the stack it is over lights up as its
target. Screenshots: table-size-<w>x<h>.png.
"""

from selenium.webdriver.common.by import By

from tabletop_support import BASE_URL, TabletopPage

SIZES = ((390, 844, True), (844, 390, True), (768, 1024, True), (1280, 800, False))

MEASURE = """
  const rect = (e) => e.getBoundingClientRect();
  const area = (r) => r.width * r.height;
  const stage = rect(document.getElementById('stage'));
  const felt = rect(document.getElementById('felt'));
  const scene = new DOMMatrix(document.getElementById('scene').style.transform);
  const scale = Math.hypot(scene.a, scene.b);
  const feltCards = [...document.querySelectorAll('#felt .card')].map(rect);
  const handCards = [...document.querySelectorAll('#hand .card')].map(rect);
  return {
    stageShare: area(felt) / area(stage),
    windowShare: area(felt) / (innerWidth * innerHeight),
    feltCard: Math.min(...feltCards.map((r) => Math.min(r.width, r.height))),
    handCard: Math.max(...handCards.map((r) => r.width)),
    sideways: document.documentElement.scrollWidth > innerWidth,
    scale,
  };"""

# Every shown element with text of its own, and the size a reader sees: the computed size,
# times the zoom for text on the felt.
SMALL_TEXT = """
  const scene = document.getElementById('scene');
  const m = new DOMMatrix(scene.style.transform);
  const scale = Math.hypot(m.a, m.b);
  const found = [];
  for (const element of document.querySelectorAll('body *')) {
    const own = [...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !element.getClientRects().length || element.closest('[hidden], dialog:not([open]), option')) continue;
    const size = parseFloat(getComputedStyle(element).fontSize) * (scene.contains(element) ? scale : 1);
    if (size < 11.95) found.push(`${element.tagName}.${element.className} "${element.textContent.trim().slice(0, 20)}" ${size.toFixed(1)}px`);
  }
  return found;"""

# Everything a finger can press, and its size: controls, plates, hand cards, stacks' top cards
# and grips, the menu's items.
TARGETS = """
  const found = [];
  const pressable = 'button, select, input:not([type=checkbox]):not([type=file]), label.toggle, .file-button, .plate, #hand .card, #felt .stack .card.top, .grip';
  for (const element of document.querySelectorAll(pressable)) {
    if (!element.getClientRects().length || element.closest('[hidden], dialog:not([open])')) continue;
    if (getComputedStyle(element).visibility === 'hidden' || getComputedStyle(element).display === 'none') continue;
    const r = element.getBoundingClientRect();
    found.push([`${element.tagName}#${element.id}.${element.className}`.slice(0, 60), Math.min(r.width, r.height) >= 43.5 ? 'ok' : 'small', Math.round(r.width), Math.round(r.height)]);
  }
  return found;"""


class TableSizeTests(TabletopPage):
    def test_the_felt_fills_the_screen_and_reads_and_hits_at_every_size(self):
        table_id, token = self.table_in_play()
        for width, height, touch in SIZES:
            size = f"{width}x{height}"
            with self.subTest(size=size):
                driver = self.open_seated(width, height, touch, table_id, token)
                measured = driver.execute_script(MEASURE)
                self.screenshot(driver, f"size-{size}")
                print(f"{size}: felt {measured['stageShare']:.0%} of the table's area, {measured['windowShare']:.0%} of the window; "
                      f"felt cards {measured['feltCard']:.1f} px, hand cards {measured['handCard']:.1f} px")
                self.assertGreaterEqual(measured["stageShare"], 0.75, measured)
                self.assertGreaterEqual(measured["windowShare"], 0.5, measured)
                self.assertGreaterEqual(measured["feltCard"] + 0.5, measured["handCard"], "a card shrinks when it is played")
                self.assertFalse(measured["sideways"], "the page scrolls sideways")
                if (width, height) == (390, 844):
                    self.assertGreaterEqual(measured["feltCard"], 48, measured)
                    self.assertEqual(driver.execute_script(SMALL_TEXT), [])
                    small = [t for t in driver.execute_script(TARGETS) if t[1] == "small"]
                    self.assertEqual(small, [], "targets under 44 × 44 px")
                    # And all of each grip on the stage, the deck's at the felt's edge too.
                    outside = driver.execute_script("""
                        const stage = document.getElementById('stage').getBoundingClientRect();
                        return [...document.querySelectorAll('.grip')].map((g) => [g.parentElement.dataset.id, g.getBoundingClientRect()])
                          .filter(([, r]) => r.left < stage.left - 0.5 || r.right > stage.right + 0.5 || r.top < stage.top - 0.5 || r.bottom > stage.bottom + 0.5)
                          .map(([id]) => id)""")
                    self.assertEqual(outside, [], "grips reaching off the stage")
                    # The stack menu, opened by a long press.
                    x, y = self.centre(driver, '.stack[data-id="s1"] .card.top')
                    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
                    self.wait(driver, lambda d: d.find_element(By.ID, "menu").is_displayed(), "a long press did not open the menu")
                    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
                    small = [t for t in driver.execute_script(TARGETS) if t[1] == "small"]
                    self.assertEqual(small, [], "menu items under 44 × 44 px")
                    self.screenshot(driver, f"size-{size}-menu")
                self.assert_no_errors(driver)
                driver.quit()
                self.drivers.remove(driver)

    def test_a_carried_card_stays_under_the_finger_where_it_was_taken(self):
        table_id, token = self.table_in_play()
        for width, height, touch in SIZES[:2] + SIZES[3:]:
            with self.subTest(size=f"{width}x{height}"):
                driver = self.open_seated(width, height, touch, table_id, token)
                for source in ('#hand .card', '#felt .stack[data-id="s1"] .card.top'):
                    # Scrolled to, as a person would in a column that scrolls.
                    box = driver.execute_script("""
                        const card = document.querySelector(arguments[0]);
                        card.scrollIntoView({ block: 'nearest' });
                        return card.getBoundingClientRect().toJSON()""", source)
                    # Taken near its lower right corner, where the issue saw the finger end up.
                    start = (box["left"] + box["width"] * 0.8, box["top"] + box["height"] * 0.8)
                    end = self.screen(driver, 500, 350)
                    self.drag_and_hold(driver, start, end, touch)
                    # Chromium hands moves to the page at the next frame: wait for the last one.
                    under = lambda g: g and g["left"] <= end[0] <= g["right"] and g["top"] <= end[1] <= g["bottom"]
                    ghost = self.wait(driver, lambda d: (lambda g: g if under(g) else None)(d.execute_script(
                        "const g = document.querySelector('.ghost'); return g && g.getBoundingClientRect().toJSON()")),
                        f"{source}: the finger at {end} is not on a carried card")
                    # The same point of the card, measured from its own top left corner: carried over
                    # a turned felt, a card (from the hand too) is turned with it, that corner at
                    # the ghost's top right.
                    turned = driver.execute_script("return document.getElementById('scene').dataset.turned") == "true"
                    across = (end[1] - ghost["top"]) / ghost["height"] if turned else (end[0] - ghost["left"]) / ghost["width"]
                    down = (ghost["right"] - end[0]) / ghost["width"] if turned else (end[1] - ghost["top"]) / ghost["height"]
                    # Where it was taken, from the card's own corner: a turned felt card's is at
                    # its box's top right, so 80% of the box across is 20% down the card.
                    taken = (0.8, 0.2) if turned and source.startswith("#felt") else (0.8, 0.8)
                    self.assertAlmostEqual(across, taken[0], delta=0.06, msg=f"{source}: taken at {taken[0]:.0%} across, carried at {across:.0%}")
                    self.assertAlmostEqual(down, taken[1], delta=0.06, msg=f"{source}: taken at {taken[1]:.0%} down, carried at {down:.0%}")
                    # Over another stack, that stack lights up as where it would land.
                    target = self.centre(driver, '.stack[data-id="s2"] .card.top')
                    self.move_to(driver, target, touch)
                    self.wait(driver, lambda d: "drop-here" in d.find_element(By.CSS_SELECTOR, '.stack[data-id="s2"]').get_attribute("class"),
                              "the stack under the carried card is not lit as its target")
                    # Escape puts it back; the release that follows drops nothing.
                    driver.execute_script("document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))")
                    self.wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".ghost"), "Escape did not put the card back")
                    self.release(driver, end, touch)
                self.assert_no_errors(driver)
                driver.quit()
                self.drivers.remove(driver)

    # Support

    def open_seated(self, width, height, touch, table_id, token):
        driver = self.browser(width, height, touch=touch)
        self.sit_as(driver, table_id, token)
        driver.get(f"{BASE_URL}/table/{table_id}")
        self.wait(driver, lambda d: d.execute_script(
            "return document.querySelectorAll('#felt .card.pictured').length === document.querySelectorAll('#felt .card').length"
            " && document.querySelectorAll('#hand .card.pictured').length === 6"), "the table's cards are not all shown")
        return driver

    def drag_and_hold(self, driver, start, end, touch, steps=8):
        if touch:
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1], "id": 1}]})
            for step in range(1, steps + 1):
                x = start[0] + (end[0] - start[0]) * step / steps
                y = start[1] + (end[1] - start[1]) * step / steps
                driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y, "id": 1}]})
        else:
            self.mouse_drag(driver, start, end, steps=steps, release=False)

    def move_to(self, driver, point, touch):
        if touch:
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": point[0], "y": point[1], "id": 1}]})
        else:
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": point[0], "y": point[1], "button": "left", "buttons": 1})

    def release(self, driver, end, touch):
        if touch:
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        else:
            self.mouse_release(driver, end)
