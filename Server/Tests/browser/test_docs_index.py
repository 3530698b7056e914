"""The front page of `make docs` (Scripts/docs-index.html), read and tapped as a person would at
four sizes: every text at least 12 px, every link a target of at least 44 × 44 px, nothing wider
than the window, and no serious or critical finding of axe-core."""

import os
import pathlib
import unittest

from axe_selenium_python import Axe

from browser_support import open_browser

PAGE = (pathlib.Path(__file__).resolve().parents[3] / "Scripts" / "docs-index.html").as_uri()
ARTIFACTS = os.environ.get("ARTIFACTS_DIR", "out/browser-artifacts")

SMALL_TEXT = """
  const found = [];
  for (const element of document.querySelectorAll('body *')) {
    const hasText = [...element.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (hasText && size < 12) found.push(`${element.tagName} ${size}px`);
  }
  return found;"""

TARGETS = """
  return [...document.querySelectorAll('a, button')].map(e => {
    const r = e.getBoundingClientRect();
    return [e.textContent.trim().slice(0, 40), r.width, r.height];
  });"""


class DocsIndexTests(unittest.TestCase):
    def test_readable_and_hittable_at_every_size(self):
        for width, height in ((390, 844), (844, 390), (768, 1024), (1280, 800)):
            with self.subTest(size=f"{width}x{height}"):
                driver = open_browser(width, height)
                try:
                    driver.get(PAGE)
                    driver.save_screenshot(os.path.join(ARTIFACTS, f"docs-index-{width}x{height}.png"))
                    self.assertEqual(driver.execute_script(SMALL_TEXT), [])
                    targets = driver.execute_script(TARGETS)
                    self.assertEqual(len(targets), 8, targets)
                    self.assertEqual([t for t in targets if t[1] < 44 or t[2] < 44], [])
                    self.assertTrue(driver.execute_script(
                        "return document.documentElement.scrollWidth <= window.innerWidth"))
                    axe = Axe(driver)
                    axe.inject()
                    violations = axe.run()["violations"]
                    self.assertEqual([v["id"] for v in violations if v["impact"] in ("serious", "critical")], [])
                finally:
                    driver.quit()


if __name__ == "__main__":
    unittest.main()
