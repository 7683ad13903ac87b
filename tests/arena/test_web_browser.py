"""A real browser on a real server: headless Chromium (the system's, driven by Selenium and its chromedriver)
reads the leaderboard, signs in with a token through the form, reads the student's own page and plays a game
in the in-page replay; with JavaScript off, it signs in and reads the same pages. Skipped, saying what is
missing, where Chromium or its driver is not installed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the arena's server needs requirements-arena.txt")
pytest.importorskip("selenium", reason="the browser tests need selenium (requirements-dev.txt)")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from tests.arena.web_helpers import Server, call, make_class, submit_each, wait_until  # noqa: E402

CHROMIUM = next((Path(p) for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if Path(p).is_file()), None)
DRIVER = shutil.which("chromedriver")

pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                reason="no Chromium with its chromedriver (Debian: apt-get install chromium "
                                       "chromium-driver)")


@pytest.fixture(scope="module")
def arena(tmp_path_factory):
    """A server whose students rossi and bianchi each submitted a version that was played on 3 maps."""
    folder = tmp_path_factory.mktemp("arena-browser")
    roster, maps = make_class(folder, 3)
    server = Server(folder, roster, maps)
    tokens = server.tokens()
    versions = submit_each(server, tokens, ("rossi", "bianchi"))

    def played() -> bool:
        return all(call(server.address, "GET", f"/api/versions/{v}", tokens[s])[1]["phase"] == "done"
                   for s, v in versions.items())

    wait_until(played, 120, "both versions' games")
    yield server, tokens
    server.stop()


def _chromium(script: bool = True) -> webdriver.Chrome:
    """Headless Chromium at 1366x768 (``script``: with JavaScript on)."""
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1366,768"):
        options.add_argument(argument)
    if not script:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(60)
    return driver


@pytest.fixture(scope="module")
def browser():
    driver = _chromium()
    yield driver
    driver.quit()


def test_the_leaderboard_lists_both_students_anonymously(arena, browser):
    server, _ = arena
    browser.delete_all_cookies()
    browser.get(server.address)
    rows = browser.find_elements(By.CSS_SELECTOR, "#leaderboard tr")[1:]
    assert len(rows) == 2
    cells = [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")] for row in rows]
    assert [c[0] for c in cells] == ["1", "2"] and all(c[1].startswith("Student ") for c in cells)
    assert all(c[3] == "3 of 3" for c in cells)


def test_a_student_signs_in_reads_their_page_and_replays_a_game(arena, browser):
    server, tokens = arena
    browser.delete_all_cookies()
    browser.get(server.address + "login")
    browser.find_element(By.NAME, "token").send_keys(tokens["rossi"])
    browser.find_element(By.CSS_SELECTOR, "form[action='/login'] button").click()
    WebDriverWait(browser, 30).until(lambda b: b.current_url.endswith("/students/rossi"))
    assert "Maria Rossi" in browser.find_element(By.TAG_NAME, "h1").text
    versions = browser.find_elements(By.CSS_SELECTOR, "#versions tr")[1:]
    assert len(versions) == 1 and "done" in versions[0].text
    # the replay's script fetched the first game from the server and drew its board
    WebDriverWait(browser, 30).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#board div")) == 121)
    first = browser.find_element(By.ID, "title").text
    buttons = browser.find_elements(By.XPATH, "//button[text()='replay']")
    assert len(buttons) == 3  # one a map
    buttons[-1].click()
    WebDriverWait(browser, 30).until(lambda b: b.find_element(By.ID, "title").text not in ("", first))
    title = browser.find_element(By.ID, "title").text
    browser.find_element(By.CSS_SELECTOR, "button[title='end']").click()
    assert title.startswith("map ") and browser.find_element(By.ID, "final").text.startswith("final score")
    browser.get(server.address + "students/bianchi")
    assert "403" in browser.find_element(By.TAG_NAME, "h1").text


def test_without_javascript_a_student_signs_in_and_reads_everything_but_the_animation(arena):
    server, tokens = arena
    browser = _chromium(script=False)
    try:
        browser.get(server.address + "login")
        browser.find_element(By.NAME, "token").send_keys(tokens["bianchi"])
        browser.find_element(By.CSS_SELECTOR, "form[action='/login'] button").click()
        WebDriverWait(browser, 30).until(lambda b: b.current_url.endswith("/students/bianchi"))
        assert "done" in browser.find_elements(By.CSS_SELECTOR, "#versions tr")[1].text
        maps = browser.find_element(By.XPATH, "//h2[text()='Your results per map']/following-sibling::table[1]")
        assert len(maps.find_elements(By.TAG_NAME, "tr")) == 1 + 3
        assert browser.find_elements(By.CSS_SELECTOR, "#board div") == []  # no script ran: no board drawn
        browser.find_element(By.LINK_TEXT, "Leaderboard").click()
        assert "Student" in browser.find_elements(By.CSS_SELECTOR, "#leaderboard tr")[1].text
    finally:
        browser.quit()
