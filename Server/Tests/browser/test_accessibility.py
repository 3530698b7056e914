"""axe-core (PyPI's axe-selenium-python) on every page the server serves, as people use them:
`/`, `/memory`, `/table` (the new-table form), a table page seated at a table in play (stacks face
up and down on the felt, a spread, a hand, a seat showing its hand) and its watch page, at 390 × 844,
844 × 390, 768 × 1024 and 1280 × 800. No serious or critical finding is allowed; the others are
printed, to be seen.

Needs a running deck server: DECK_SERVER_URL (default http://127.0.0.1:8080).
"""

import unittest

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from tabletop_support import BASE_URL, TabletopPage, api

SIZES = ((390, 844), (844, 390), (768, 1024), (1280, 800))


class AccessibilityTests(TabletopPage):
    def test_no_serious_or_critical_finding_on_any_page_at_any_size(self):
        table_id, token = self.table_in_play()
        status, body = api("POST", f"/{table_id}/felt/watch/", {}, token=token)
        self.assertEqual(status, 200, body)
        watch_key = body["watch"]["key"]
        pages = [
            ("/", lambda d: d.find_elements(By.CSS_SELECTOR, "#endpoints *")),
            ("/memory", lambda d: d.find_elements(By.CSS_SELECTOR, "#cards button[data-index]")),
            ("/table", lambda d: d.find_element(By.ID, "join").is_displayed()),
            (f"/table/{table_id}", lambda d: d.find_elements(By.CSS_SELECTOR, '.plate.showing .shown .card')
                and d.find_elements(By.CSS_SELECTOR, "#hand .card")),
            (f"/table/watch/{watch_key}", lambda d: d.find_elements(By.CSS_SELECTOR, '.plate.showing .shown .card')),
        ]
        for width, height in SIZES:
            driver = self.browser(width, height, touch=width < 1000)
            self.sit_as(driver, table_id, token)
            for path, ready in pages:
                with self.subTest(size=f"{width}x{height}", page=path):
                    driver.get(BASE_URL + path)
                    self.wait(driver, ready, f"{path} did not show what it shows")
                    axe = Axe(driver)
                    axe.inject()
                    findings = axe.run()["violations"]
                    for finding in findings:
                        print(f"axe {width}x{height} {path.split('/')[1] or '/'}: {finding['impact']} {finding['id']} "
                              f"({len(finding['nodes'])})")
                    serious = [(f["id"], [n["target"] for n in f["nodes"]][:5]) for f in findings if f["impact"] in ("serious", "critical")]
                    self.assertEqual(serious, [])
            self.assert_no_errors(driver)


if __name__ == "__main__":
    unittest.main()
