"""What the browser tests share: a headless Debian Chromium at an exact viewport size."""

import os

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def open_browser(width, height):
    """A new headless Chromium session (its own profile, so its own localStorage) whose viewport
    is exactly width × height CSS pixels at scale 1, keeping the console's messages for checks."""
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    # The window size includes no browser interface in headless mode, but make the viewport exact.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    return driver


def settle(driver, timeout=60):
    """Waits until the page is still: every running CSS transition and animation has finished,
    and two frames have been drawn since (so a ResizeObserver's refit and the layout it causes
    are done). A state of the page to wait for, not a pause: the timeout only ends a test that
    would otherwise hang."""
    previous = driver.timeouts.script
    driver.set_script_timeout(timeout)
    try:
        _wait_for_stillness(driver)
    finally:
        # The session's own script timeout is the test's, not this helper's.
        driver.set_script_timeout(previous)


def _wait_for_stillness(driver):
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
        (async () => {
            // A refit may start new transitions: look again until a frame starts none.
            for (;;) {
                await frame();
                await frame();
                const running = document.getAnimations();
                if (running.length === 0) break;
                await Promise.all(running.map((a) => a.finished.catch(() => null)));
            }
            done(true);
        })();
    """)
