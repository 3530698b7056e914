"""The card table page (/table, /table/<id>, /table/watch/<key>) as a free-form tabletop in a real
browser: headless Debian Chromium driven by Selenium, with independent sessions (two browsers, so
two localStorages) at one table, by mouse at 1280 × 800 and by touch at 390 × 844.

Needs a running deck server: DECK_SERVER_URL (default http://127.0.0.1:8080). Screenshots go to
ARTIFACTS_DIR (default out/browser-artifacts). Run: python3 -m unittest discover -s Server/Tests/browser -v

What a seat holds is read from the API with that seat's token; the other pages are checked never
to show it.
"""

import json
import os
import tempfile
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tabletop_support import BASE_URL, TabletopPage, api, card_name, names_card, png, short_name, top_handle


class TabletopPageTests(TabletopPage):
    # Tests

    def test_klondike_by_mouse_and_keyboard(self):
        self.klondike(1280, 800, touch=False)

    def test_klondike_by_touch_on_a_phone(self):
        self.klondike(390, 844, touch=True)

    def klondike(self, width, height, touch):
        size = f"{width}x{height}"
        ann = self.browser(width, height, touch=touch)
        table_id = self.new_table(ann, "Ann", layout="klondike", seats=1)
        token = self.token(ann, table_id)
        shown = self.stacks(ann)
        self.assertEqual(sorted(shown), ["deck", "s1", "s2", "s3", "s4", "s5", "s6", "s7"])
        self.assertEqual([shown[f"s{n}"][2] for n in range(1, 8)], [1, 2, 3, 4, 5, 6, 7])
        self.assertEqual(shown["s7"][3][-1] != "back", True, "the tableau's top cards are face up")
        self.assertEqual(set(shown["s7"][3][:-1]), {"back"})
        self.wait(ann, lambda d: d.execute_script("return document.querySelectorAll('#felt .card.pictured').length") == 3 + sum(range(1, 8)),
                  "every card shows its picture")
        self.screenshot(ann, f"{size}-klondike-1-laid-out")

        # The top card of the seventh pile to a free place at the bottom right.
        top = self.view(table_id, token)[0]["s7"]["cards"][-1]
        start = self.centre(ann, '.stack[data-id="s7"] .card.top')
        end = self.screen(ann, 850, 540)
        (self.touch_drag if touch else self.mouse_drag)(ann, start, end)
        self.wait(ann, lambda d: any(s[3] == [top] for s in self.stacks(d).values() if s[2] == 1 and s[0] > 700),
                  f"{top} did not land where it was dropped")
        stacks = self.view(table_id, token)[0]
        moved = next(id for id, stack in stacks.items() if stack["cards"] and stack["cards"][-1] == top and id != "s7")
        self.assertAlmostEqual(stacks[moved]["x"], 850 - 45, delta=60)
        self.assertEqual(len(stacks["s7"]["cards"]), 6)
        self.screenshot(ann, f"{size}-klondike-2-card-moved")

        # A double click (a double tap) flips it with one request, and says nothing; Undo turns it
        # back. (Chromium follows a double tap with a dblclick too: that is no second flip.)
        point = self.centre(ann, f'.stack[data-id="{moved}"] .card.top')
        self.record_requests(ann)
        if touch:
            self.tap(ann, point)
            self.tap(ann, point)
        else:
            self.double_click(ann, point)
        self.wait(ann, lambda d: self.stacks(d)[moved][3] == ["back"], "the double click did not flip the card")
        ann.find_element(By.ID, "undo").click()
        self.wait(ann, lambda d: self.stacks(d).get(moved, [0, 0, 0, []])[3] == [top], "Undo did not turn the card back")
        # Actions go out one at a time in order, so a second flip would have gone before the undo.
        self.assertEqual(len(self.requests(ann, "/felt/flip/")), 1, "one double tap sent other than one flip")
        self.assertEqual(ann.find_element(By.ID, "status").text, "Undone.")
        self.screenshot(ann, f"{size}-klondike-3-flipped-and-undone")

        # The first pile by its grip, to the right.
        grip = self.centre(ann, '.stack[data-id="s1"] .grip')
        before = self.view(table_id, token)[0]["s1"]
        target = self.screen(ann, before["x"] + 20, before["y"] + 300)
        (self.touch_drag if touch else self.mouse_drag)(ann, grip, (target[0], target[1]))
        self.wait(ann, lambda d: self.view(table_id, token)[0]["s1"]["y"] > before["y"] + 200, "the pile did not move by its grip")

        if not touch:
            # The keyboard alone: the second pile's top card onto the third pile, then F flips it.
            moving = self.view(table_id, token)[0]["s2"]["cards"][-1]
            ann.execute_script("document.querySelector('.stack[data-id=\"s2\"]').focus()")
            ActionKeys = ann.switch_to.active_element
            ActionKeys.send_keys(Keys.ENTER)
            self.wait(ann, lambda d: "Picked up" in d.find_element(By.ID, "status").text, "Enter did not pick the card up")
            for _ in range(40):
                if "the stack 3" in ann.find_element(By.ID, "status").text:
                    break
                ann.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
            self.assertIn("the stack 3", ann.find_element(By.ID, "status").text)
            self.screenshot(ann, f"{size}-klondike-4-keyboard-choosing")
            ann.switch_to.active_element.send_keys(Keys.ENTER)
            self.wait(ann, lambda d: self.view(table_id, token)[0]["s3"]["cards"][-1] == moving,
                      "the keyboard did not play the card onto the third pile")
            ann.execute_script("document.querySelector('.stack[data-id=\"s3\"]').focus()")
            ann.switch_to.active_element.send_keys("f")
            self.wait(ann, lambda d: self.view(table_id, token)[0]["s3"]["cards"][-1] is None, "F did not flip the card")
            self.screenshot(ann, f"{size}-klondike-5-keyboard-played-and-flipped")
            # The wheel: with Ctrl it zooms about the pointer, without it pans; Fit puts all back.
            fitted = self.scale(ann)
            x, y = self.screen(ann, 500, 350)
            ann.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": -300, "modifiers": 2})
            self.wait(ann, lambda d: self.scale(d) > fitted * 2, "Ctrl and the wheel did not zoom in")
            self.assertAlmostEqual(self.screen(ann, 500, 350)[0], x, delta=2, msg="the zoom moved the point under the pointer")
            ann.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": 120, "modifiers": 0})
            self.wait(ann, lambda d: self.screen(d, 500, 350)[1] < y - 100, "the wheel did not pan")
            self.screenshot(ann, f"{size}-klondike-6-zoomed")
            ann.find_element(By.ID, "zoom-fit").click()
            self.wait(ann, lambda d: abs(self.scale(d) - fitted) < 1e-3, "Fit did not bring the table back")
        else:
            # Pinch to zoom in, then fit.
            before = self.scale(ann)
            x, y = self.screen(ann, 500, 350)
            self.pinch(ann, x, y, 80, 220)
            self.wait(ann, lambda d: self.scale(d) > before * 1.5, "the pinch did not zoom in")
            self.screenshot(ann, f"{size}-klondike-4-pinched")
            ann.find_element(By.ID, "zoom-fit").click()
            self.wait(ann, lambda d: abs(self.scale(d) - before) < 1e-3, "Fit did not bring the table back")
            # A long press opens the stack's menu; it spreads the third pile to the right.
            x, y = self.centre(ann, '.stack[data-id="s3"] .card.top')
            ann.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
            self.wait(ann, lambda d: d.find_element(By.ID, "menu").is_displayed(), "a long press did not open the menu")
            ann.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            self.screenshot(ann, f"{size}-klondike-5-long-press-menu")
            self.tap(ann, self.centre(ann, '.menu button[data-action="right"]'))
            self.wait(ann, lambda d: self.view(table_id, token)[0]["s3"]["layout"] == "right", "the menu did not spread the pile")
        self.assert_no_errors(ann)

        # Reload keeps the seat.
        ann.refresh()
        self.wait(ann, lambda d: d.find_element(By.ID, "whoami").text.startswith("Ann"), "the reload lost the seat")
        self.wait(ann, lambda d: len(self.stacks(d)) >= 8, "the reload does not show the table")

    def test_two_seats_and_a_watcher_on_a_laptop(self):
        self.two_seats(1280, 800)

    def test_two_seats_and_a_watcher_on_a_phone_sized_window(self):
        self.two_seats(390, 844)

    def two_seats(self, width, height):
        size = f"{width}x{height}"
        ann, bob = self.browser(width, height), self.browser(width, height)
        table_id = self.new_table(ann, "Ann", seats=3)
        self.join(bob, table_id, "Bob")
        ann_token, bob_token = self.token(ann, table_id), self.token(bob, table_id)

        # Ann deals two to each seat from the deck's menu.
        self.menu(ann, "deck", "deal", count=2)
        self.wait(bob, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hand .card")) == 2, "Bob's hand did not get two cards")
        ann_hand = self.view(table_id, ann_token)[1]["hand"]
        self.assertEqual(len(ann_hand), 2)
        self.screenshot(bob, f"{size}-two-1-dealt-bob")

        # Ann plays a card face down to a free place: Bob sees a back there and nothing that names it.
        hidden = ann_hand[0]
        ann.find_element(By.ID, "face-down").click()
        start = self.centre(ann, f'#hand .card[data-code="{hidden}"]')
        self.mouse_drag(ann, start, self.screen(ann, 520, 330))
        self.wait(bob, lambda d: any(s[3] == ["back"] and s[0] > 400 for s in self.stacks(d).values()), "Bob does not see the face-down card")
        placed = next(id for id, s in self.stacks(bob).items() if s[3] == ["back"] and s[0] > 400)
        html = bob.execute_script("return document.documentElement.outerHTML + JSON.stringify(localStorage) + JSON.stringify(sessionStorage)")
        images = bob.execute_script("return [...document.images].map(i => i.src)")
        self.assertFalse(names_card(html.replace(bob_token, ""), hidden), "Bob's page names the face-down card")
        self.assertNotIn(card_name(hidden), html)
        self.assertFalse([src for src in images if names_card(src, hidden)])
        self.screenshot(bob, f"{size}-two-2-face-down-bob")
        # Bob peeks: its face is shown to him alone; Ann hears that he looked.
        self.menu(bob, placed, "peek")
        self.wait(bob, lambda d: short_name(hidden) in d.find_element(By.ID, "status").text, "Bob's peek did not show him the card")
        self.wait(ann, lambda d: "Bob peeked" in d.find_element(By.ID, "status").text, "Ann was not told that Bob peeked")
        ann.find_element(By.ID, "face-down").click()
        self.double_click(ann, self.centre(ann, f'.stack[data-id="{placed}"] .card.top'))
        self.wait(bob, lambda d: self.stacks(d)[placed][3] == [hidden], "Bob does not see the card turned up")

        # While Ann drags the deck's top card, Bob sees that card follow her pointer (the deck
        # stays) and cannot take it.
        bob.execute_script("""
            window.seen = new Set();
            const card = document.querySelector('.stack[data-id="deck"] .card.top');
            new MutationObserver(() => window.seen.add(card.style.transform)).observe(card, { attributes: true, attributeFilter: ['style'] });""")
        start = self.centre(ann, '.stack[data-id="deck"] .card.top')
        end = self.screen(ann, 820, 420)
        self.mouse_drag(ann, start, end, steps=30, release=False)
        self.wait(bob, lambda d: d.execute_script("return window.seen.size") >= 5, "Bob did not see the card follow Ann's pointer")
        self.wait(bob, lambda d: "held" in d.find_element(By.CSS_SELECTOR, '.stack[data-id="deck"]').get_attribute("class"), "Bob does not see the deck held")
        self.screenshot(bob, f"{size}-two-3-bob-sees-ann-drag")
        self.mouse_drag(bob, self.centre(bob, '.stack[data-id="deck"] .card.top'), self.screen(bob, 100, 600))
        self.wait(bob, lambda d: "moving that stack" in d.find_element(By.ID, "status").text, "Bob was not told the deck is held")
        self.assertFalse(bob.find_elements(By.CSS_SELECTOR, ".ghost"), "a ghost stayed on Bob's page")
        self.mouse_release(ann, end)
        self.wait(ann, lambda d: any(s[0] > 700 and s[2] == 1 for s in self.stacks(d).values()), "Ann's drop did not land")
        # Carried by its grip, the whole stack follows her pointer on Bob's page.
        bob.execute_script("""
            window.seen = new Set();
            const stack = document.querySelector('.stack[data-id="deck"]');
            new MutationObserver(() => window.seen.add(stack.style.transform)).observe(stack, { attributes: true, attributeFilter: ['style'] });""")
        start = self.centre(ann, '.stack[data-id="deck"] .grip')
        end = self.screen(ann, 300, 560)
        self.mouse_drag(ann, start, end, steps=30, release=False)
        self.wait(bob, lambda d: d.execute_script("return window.seen.size") >= 5, "Bob did not see the stack follow Ann's pointer")
        self.mouse_release(ann, end)
        self.wait(bob, lambda d: self.stacks(d)["deck"][1] > 450, "Bob does not see the deck where Ann put it")

        # Ann passes her other card to Bob's plate.
        passed = ann_hand[1]
        self.mouse_drag(ann, self.centre(ann, f'#hand .card[data-code="{passed}"]'), self.centre(ann, '.plate[data-seat="2"]'))
        self.wait(bob, lambda d: d.find_elements(By.CSS_SELECTOR, f'#hand .card[data-code="{passed}"]'), "Bob did not get the passed card")
        self.assertFalse(names_card(ann.execute_script("return document.getElementById('hand').outerHTML"), passed), "the passed card stayed in Ann's hand")
        # Bob puts his first card last: the order is his own.
        order = bob.execute_script("return [...document.querySelectorAll('#hand .card')].map(c => c.dataset.code)")
        last = bob.execute_script("return document.querySelector('#hand .card:last-child').getBoundingClientRect().toJSON()")
        self.mouse_drag(bob, self.centre(bob, f'#hand .card[data-code="{order[0]}"]'), (last["right"] + 10, last["top"] + last["height"] / 2))
        self.wait(bob, lambda d: d.execute_script("return [...document.querySelectorAll('#hand .card')].map(c => c.dataset.code)") == order[1:] + order[:1],
                  "Bob's hand was not put in his order")

        # From the menu: spread, split, shuffle; Ctrl+Z undoes the shuffle.
        self.menu(ann, "deck", "split", count=5)
        self.wait(ann, lambda d: len(self.stacks(d)) >= 4, "the split made no new stack")
        split = max(self.stacks(ann), key=lambda id: int(id[1:]) if id[1:].isdigit() else -1)
        self.menu(ann, split, "right")
        self.wait(bob, lambda d: self.view(table_id, bob_token)[0][split]["layout"] == "right", "the spread did not happen")
        self.menu(ann, "deck", "shuffle")
        self.wait(ann, lambda d: "Shuffled" in d.find_element(By.ID, "status").text, "the shuffle was not done")
        ann.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, "z")
        self.wait(ann, lambda d: "Undone" in d.find_element(By.ID, "status").text, "Ctrl+Z did not undo")
        self.screenshot(ann, f"{size}-two-4-spread-and-split")

        # A rubber band around three stacks, then one of them by its grip: all three move.
        before = self.view(table_id, ann_token)[0]
        chosen = sorted(before, key=lambda id: before[id]["x"])[-3:]
        left = min(before[id]["x"] for id in chosen) - 10
        top = min(before[id]["y"] for id in chosen) - 30
        right = max(before[id]["x"] for id in chosen) + 100
        bottom = max(before[id]["y"] for id in chosen) + 140
        empty = self.screen(ann, left, top)
        self.mouse_drag(ann, empty, self.screen(ann, right, bottom))
        self.wait(ann, lambda d: d.execute_script("return document.querySelectorAll('.stack.selected').length") >= 3, "the band selected fewer than three stacks")
        selected = ann.execute_script("return [...document.querySelectorAll('.stack.selected')].map(e => e.dataset.id)")
        grip = self.centre(ann, f'.stack[data-id="{selected[0]}"] .grip')
        shift = [a - b for a, b in zip(self.screen(ann, -60, -40), self.screen(ann, 0, 0))]
        self.mouse_drag(ann, grip, (grip[0] + shift[0], grip[1] + shift[1]))
        self.wait(ann, lambda d: all(self.view(table_id, ann_token)[0][id]["y"] < before[id]["y"] - 20 for id in selected),
                  "the selected stacks did not all move")
        self.screenshot(ann, f"{size}-two-5-three-moved")

        # A watcher sees the table live, and no hand.
        ann.find_element(By.ID, "share").click()
        ann.find_element(By.ID, "make-watch").click()
        link = self.wait(ann, lambda d: d.find_element(By.ID, "watch-link").get_attribute("value"), "no watch link was made")
        self.assertIn("/table/watch/", link)
        watcher = self.browser(width, height)
        watcher.get(link)
        self.wait(watcher, lambda d: len(self.stacks(d)) == len(self.stacks(ann)), "the watcher does not see the table")
        self.assertFalse(watcher.find_element(By.ID, "hand").is_displayed())
        self.assertFalse(names_card(watcher.execute_script("return document.documentElement.outerHTML"), passed), "the watcher's page names a card in Bob's hand")
        self.menu(ann, "deck", "flip-card")
        self.wait(watcher, lambda d: self.stacks(d)["deck"][3][-1] != "back", "the watcher did not see the flip")
        self.screenshot(watcher, f"{size}-two-6-watcher")

        # Ann uploads a background.
        with tempfile.NamedTemporaryFile(suffix=".png", delete=False) as file:
            file.write(png(64, 48, (40, 90, 160)))
        ann.find_element(By.ID, "background-file").send_keys(file.name)
        self.wait(bob, lambda d: "pictured" in d.find_element(By.ID, "felt").get_attribute("class"), "Bob does not see the background")
        self.screenshot(bob, f"{size}-two-7-background")
        os.unlink(file.name)
        for driver in (ann, bob, watcher):
            self.assert_no_errors(driver)


    def test_hand_tools_sort_and_show_a_hand_on_a_phone(self):
        ann = self.browser(1280, 800)
        bob = self.browser(390, 844, touch=True)
        table_id = self.new_table(ann, "Ann", seats=2)
        self.join(bob, table_id, "Bob")
        self.menu(ann, "deck", "deal", count=6)
        self.wait(bob, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hand .card")) == 6, "Bob's hand did not get six cards")
        hand = lambda: bob.execute_script("return [...document.querySelectorAll('#hand .card')].map(c => c.dataset.code)")
        dealt = hand()

        # Sorted by suit (spades, hearts, clubs, diamonds; ace high), then by rank.
        suits, ranks = "SHCD", "234567890JQKA"
        by_suit = sorted(dealt, key=lambda c: (suits.index(c[-1]), ranks.index(c[:-1])))
        by_rank = sorted(dealt, key=lambda c: (ranks.index(c[:-1]), suits.index(c[-1])))
        self.tap(bob, self.centre(bob, "#sort-hand"))
        self.wait(bob, lambda d: hand() == by_suit, "the hand was not sorted by suit")
        self.assertEqual(bob.find_element(By.ID, "sort-hand").text, "Sort by rank")
        self.tap(bob, self.centre(bob, "#sort-hand"))
        self.wait(bob, lambda d: hand() == by_rank, "the hand was not sorted by rank")
        self.assertEqual(bob.find_element(By.ID, "status").text, "Your hand is sorted by rank.")

        # Bob shows his hand: Ann sees its cards on his plate, and large when she opens it.
        self.tap(bob, self.centre(bob, "#show-hand"))
        self.wait(bob, lambda d: d.find_element(By.ID, "show-hand").get_attribute("aria-pressed") == "true", "the toggle is not pressed")
        plate = '.plate[data-seat="2"]'
        self.wait(ann, lambda d: len(d.find_elements(By.CSS_SELECTOR, f"{plate} .shown .card")) == 6, "Ann does not see Bob's shown hand")
        shown = ann.execute_script(f"return [...document.querySelectorAll('{plate} .shown .card')].map(c => c.dataset.face)")
        self.assertEqual(sorted(shown), sorted(dealt))
        label = ann.find_element(By.CSS_SELECTOR, plate).get_attribute("aria-label")
        for code in dealt:
            self.assertIn(card_name(code), label)
        ann.find_element(By.CSS_SELECTOR, plate).click()
        self.wait(ann, lambda d: d.find_element(By.ID, "shown-hand").is_displayed(), "the plate did not open the shown hand")
        self.assertEqual(len(ann.find_elements(By.CSS_SELECTOR, "#shown-cards .card")), 6)
        self.assertEqual(ann.find_element(By.ID, "shown-hand-title").text, "Bob shows 6 cards")
        self.screenshot(ann, "1280x800-hand-shown-large")
        self.screenshot(bob, "390x844-hand-shown")

        # Hidden again: the dialog closes, and nothing on Ann's page names one of Bob's cards.
        self.tap(bob, self.centre(bob, "#show-hand"))
        self.wait(ann, lambda d: not d.find_elements(By.CSS_SELECTOR, f"{plate}.showing"), "Bob's hand is still shown to Ann")
        self.wait(ann, lambda d: not d.find_element(By.ID, "shown-hand").is_displayed(), "the dialog stayed open")
        self.wait(ann, lambda d: not d.find_elements(By.CSS_SELECTOR, "#shown-cards .card"), "the dialog kept Bob's cards")
        html = ann.execute_script("return document.documentElement.outerHTML")
        for code in dealt:
            self.assertFalse(names_card(html, code), f"Ann's page still names {code}")
            self.assertNotIn(card_name(code), html, f"Ann's page still names {card_name(code)}")
        for driver in (ann, bob):
            self.assert_no_errors(driver)

    def test_card_styles_are_the_seats_own_and_a_phone_starts_with_high_contrast(self):
        ann = self.browser(390, 844, touch=True)
        table_id = self.new_table(ann, "Ann", seats=2)
        self.menu(ann, "deck", "flip-card", touch=True)
        self.wait(ann, lambda d: d.find_elements(By.CSS_SELECTOR, "#felt .card.top.pictured:not(.down)"), "the flipped card shows no picture")
        themes = lambda d, theme: [n for n in d.execute_script("return performance.getEntriesByType('resource').map(e => e.name)") if f"theme={theme}" in n]
        self.assertEqual(Select(ann.find_element(By.ID, "card-style")).first_selected_option.get_attribute("value"), "high-contrast")
        self.assertTrue(themes(ann, "high-contrast"), "a phone's cards are not drawn in high contrast")
        Select(ann.find_element(By.ID, "card-style")).select_by_value("four-color")
        # Every card on the page (the face up one and the backs) is fetched in the new style.
        self.wait(ann, lambda d: len(themes(d, "four-color")) >= 2, "the cards were not drawn anew in four colours")
        self.assertEqual(json.loads(ann.execute_script("return localStorage.getItem(arguments[0])", f"deck-table:{table_id}"))["style"], "four-color")
        ann.refresh()
        self.wait(ann, lambda d: d.find_elements(By.CSS_SELECTOR, "#felt .card.top.pictured"), "the reload shows no card")
        self.assertEqual(Select(ann.find_element(By.ID, "card-style")).first_selected_option.get_attribute("value"), "four-color")
        self.assertTrue(themes(ann, "four-color"), "the seat's style was not kept")
        self.assert_no_errors(ann)

    def test_refusals_are_said_in_plain_words_in_a_line_of_their_own(self):
        ann = self.browser(1280, 800)
        table_id = self.new_table(ann, "Ann", seats=2)
        status, body = api("POST", f"/{table_id}/join/", {"name": "Bob"})
        self.assertEqual(status, 200, body)
        bob = body["seat"]["token"]
        self.wait(ann, lambda d: "Bob" in d.find_element(By.CSS_SELECTOR, '.plate[data-seat="2"]').text, "Ann does not see Bob sit down")

        # Ann opens the deck's menu on its top card; meanwhile Bob takes that very card.
        x, y = self.centre(ann, '.stack[data-id="deck"] .card.top')
        for kind in ("mousePressed", "mouseReleased"):
            ann.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "right", "clickCount": 1})
        self.wait(ann, lambda d: d.find_element(By.ID, "menu").is_displayed(), "the menu did not open")
        top = top_handle(self.view(table_id, bob)[0]["deck"])
        self.assertEqual(api("POST", f"/{table_id}/felt/hold/", {"stack": "deck"}, token=bob)[0], 200)
        self.wait(ann, lambda d: "held" in d.find_element(By.CSS_SELECTOR, '.stack[data-id="deck"]').get_attribute("class"), "Ann does not see Bob hold the deck")
        status, body = api("POST", f"/{table_id}/felt/move/", {"from": "deck", "handles": top, "to": "new", "x": 700, "y": 300, "face": "keep"}, token=bob)
        self.assertEqual(status, 200, body)
        self.wait(ann, lambda d: self.stacks(d)["deck"][2] == 51, "Ann does not see Bob take the card")
        ann.find_element(By.CSS_SELECTOR, '.menu button[data-action="flip-card"]').click()
        self.wait(ann, lambda d: d.find_element(By.ID, "status").text == "Bob moved that card first.", "the refusal was not said in plain words")
        refused = [entry["message"] for entry in ann.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(len(refused), 1, refused)
        self.assertIn("/felt/flip/", refused[0])

        # Bob holds the deck: Ann's shuffle is refused with his name.
        self.assertEqual(api("POST", f"/{table_id}/felt/hold/", {"stack": "deck"}, token=bob)[0], 200)
        self.menu(ann, "deck", "shuffle")
        self.wait(ann, lambda d: d.find_element(By.ID, "status").text == "Bob is moving that stack.", "the hold was not said in plain words")
        self.screenshot(ann, "1280x800-refusal-in-its-own-line")
        ann.get_log("browser")

        # On a plain-HTTP home network the page has no Clipboard API: Copy still copies the
        # invite link, or leaves it selected, and says which; nothing goes wrong.
        ann.find_element(By.ID, "share").click()
        ann.execute_script("Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })")
        ann.find_element(By.CSS_SELECTOR, 'button[data-copy="invite-link"]').click()
        self.wait(ann, lambda d: d.find_element(By.ID, "status").text in ("Copied.", "The link is selected: copy it from there."),
                  "Copy said nothing without the Clipboard API")
        self.assertTrue(ann.execute_script("""
            const input = document.getElementById('invite-link');
            return document.activeElement === input && input.selectionEnd - input.selectionStart === input.value.length"""))
        ann.find_element(By.ID, "share-close").click()
        self.wait(ann, lambda d: not d.find_element(By.ID, "share-panel").is_displayed(), "Close did not close the share panel")

        # The message line covers no seat plate, no stack and no control.
        box = ann.execute_script("return document.getElementById('status').getBoundingClientRect().toJSON()")
        line = {"x": box["left"], "y": box["top"], "width": box["width"], "height": box["height"]}
        others = ann.execute_script("""
            return [...document.querySelectorAll('.plate, .stack, button, input, select, #hand')]
              .filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect().toJSON())""")
        for box in others:
            # Edges that touch (to a fraction of a pixel) are no overlap.
            overlap = min(line["x"] + line["width"], box["right"]) - max(line["x"], box["left"]) > 0.5 and \
                min(line["y"] + line["height"], box["bottom"]) - max(line["y"], box["top"]) > 0.5
            self.assertFalse(overlap, f"the message line {line} covers {box}")

    def test_a_seeded_table_says_so_until_the_first_shuffle(self):
        status, answer = api("POST", "/new/", {"name": "Ann", "seed": "ab" * 32})
        self.assertEqual(status, 200, answer)
        table_id, token = answer["table_id"], answer["seat"]["token"]
        ann = self.browser(1280, 800)
        ann.get(BASE_URL + "/table")
        ann.execute_script("localStorage.setItem(arguments[0], arguments[1])", f"deck-table:{table_id}",
                           json.dumps({"number": 1, "name": "Ann", "token": token}))
        ann.get(f"{BASE_URL}/table/{table_id}")
        self.wait(ann, lambda d: d.find_element(By.ID, "seeded").is_displayed(), "the seeded table gives no warning")
        self.assertIn("seed", ann.find_element(By.ID, "seeded").text)
        self.screenshot(ann, "1280x800-seeded-warning")
        self.menu(ann, "deck", "shuffle")
        self.wait(ann, lambda d: not d.find_element(By.ID, "seeded").is_displayed(), "the warning stayed after a shuffle")


if __name__ == "__main__":
    unittest.main()
