"""A trick of hearts on the free-form table in a real browser: four seats, each in a browser of its
own (so four localStorages), by mouse at 1280 × 800 and by touch at 390 × 844. Ann deals 13 cards
each, leads to the middle of the felt, the others play onto her card, and she takes the trick to
her corner and turns it face down; every seat sees each step.

Needs a running deck server: DECK_SERVER_URL (default http://127.0.0.1:8080). Screenshots go to
ARTIFACTS_DIR (default out/browser-artifacts): table-<w>x<h>-hearts-*.png.
"""

from selenium.webdriver.common.by import By

from tabletop_support import TabletopPage


class TrickTakingTests(TabletopPage):
    def test_a_trick_of_hearts_at_four_seats_on_laptops(self):
        self.hearts(1280, 800, touch=False)

    def test_a_trick_of_hearts_at_four_seats_by_touch_on_phones(self):
        self.hearts(390, 844, touch=True)

    def hearts(self, width, height, touch):
        size = f"{width}x{height}"
        drag = self.touch_drag if touch else self.mouse_drag
        players = [self.browser(width, height, touch=touch) for _ in range(4)]
        ann = players[0]
        table_id = self.new_table(ann, "Ann", layout="trick-taking-4")
        for driver, name in zip(players[1:], ["Bob", "Cy", "Di"]):
            self.join(driver, table_id, name)
        tokens = [self.token(driver, table_id) for driver in players]
        self.menu(ann, "deck", "deal", count=13, touch=touch)
        for driver in players:
            self.wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hand .card")) == 13, "a hand did not get 13 cards")
        self.screenshot(players[1], f"{size}-hearts-1-dealt-bob")

        # Ann leads to the middle of the felt; each of the others plays onto her card.
        played = []
        for seat, driver in enumerate(players):
            code = self.view(table_id, tokens[seat])[1]["hand"][0]
            start = self.centre(driver, f'#hand .card[data-code="{code}"]')
            if seat == 0:
                drag(driver, start, self.screen(driver, 500, 300))
                self.wait(driver, lambda d: any(s[3] == [code] for s in self.stacks(d).values()), "the lead did not land")
                trick = next(id for id, s in self.stacks(driver).items() if s[3] == [code])
            else:
                self.wait(driver, lambda d: trick in self.stacks(d), "the trick is not shown")
                drag(driver, start, self.centre(driver, f'.stack[data-id="{trick}"] .card.top'))
            played.append(code)
            for other in players:
                self.wait(other, lambda d: self.stacks(d).get(trick, [0, 0, 0])[2] == len(played), "a player does not see the card played")
        self.assertEqual(self.view(table_id, tokens[0])[0][trick]["cards"], played)
        self.screenshot(players[2], f"{size}-hearts-2-trick-seen-by-cy")

        # Ann takes the trick to her corner by its grip, and turns it face down.
        drag(ann, self.centre(ann, f'.stack[data-id="{trick}"] .grip'), self.screen(ann, 80, 560))
        self.wait(players[3], lambda d: self.stacks(d)[trick][1] > 450, "Di does not see the trick taken")
        self.menu(ann, trick, "flip-stack", touch=touch)
        self.wait(players[3], lambda d: set(self.stacks(d)[trick][3]) == {"back"}, "Di does not see the trick turned down")
        self.screenshot(players[3], f"{size}-hearts-3-trick-taken-seen-by-di")
        for driver in players:
            self.assert_no_errors(driver)


if __name__ == "__main__":
    import unittest
    unittest.main()
