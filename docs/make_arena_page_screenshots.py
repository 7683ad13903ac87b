"""Pictures of the class arena's web pages as headless Chromium shows them on a 1366x768 laptop: the
leaderboard, a student's own page and the teacher's page (docs/arena.md).

    python docs/make_arena_page_screenshots.py [OUT_DIR]

A class of four is made in a temporary folder and an ``arena serve`` started on 12 maps of maps/bench. Three
students submit shipped agents (one a second, worse version); one submits a rule that does not load. Once every
game is played, Chromium (the system's, through Selenium) signs in and takes the pictures.
"""

from __future__ import annotations

import base64
import csv
import json
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

ROOT = Path(__file__).resolve().parents[1]
CLASS = [("ada", "Ada Lovelace", "cross_agent.py"), ("alan", "Alan Turing", "random_agent.py"),
         ("grace", "Grace Hopper", "cross_agent.py"), ("edsger", "Edsger Dijkstra", None)]
BROKEN = b"(defrule fire-first\n   (status (step ?s)\n   =>\n"


def _post(address: str, path: str, token: str, body: dict) -> dict:
    request = urllib.request.Request(address + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"authorization": f"Bearer {token}", "content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read() or b"{}")


def _files(name: str, data: bytes) -> dict:
    return {"files": [{"name": name, "content": base64.b64encode(data).decode()}]}


def _queue_empty(address: str, token: str) -> bool:
    request = urllib.request.Request(address + "teacher", headers={"authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return "Queue: 0 games queued, 0 playing" in answer.read().decode()


def main(out: Path) -> None:
    folder = Path(tempfile.mkdtemp(prefix="arena-shots-"))
    hidden = folder / "hidden"
    hidden.mkdir()
    for path in sorted((ROOT / "maps" / "bench").glob("*.map"))[:12]:
        shutil.copy(path, hidden)
    (folder / "roster.csv").write_text("id,name\n" + "".join(f"{i},{n}\n" for i, n, _ in CLASS))
    server = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "arena", "serve", "--maps", str(hidden),
                               "--roster", str(folder / "roster.csv"), "--db", f"sqlite:///{folder / 'a.sqlite3'}",
                               "--tokens", str(folder / "tokens.csv"), "--port", "0", "--jobs", "2"],
                              stdout=subprocess.PIPE, text=True)
    address = re.search(r"(http://\S+/)", server.stdout.readline()).group(1)
    with (folder / "tokens.csv").open() as source:
        tokens = {row["identifier"]: row["token"] for row in csv.DictReader(source)}
    try:
        for identifier, _, agent in CLASS:
            if agent:
                _post(address, "api/submissions", tokens[identifier],
                      _files(agent, (ROOT / "agents" / agent).read_bytes()))
        _post(address, "api/submissions", tokens["edsger"], _files("fire.clp", BROKEN))
        _post(address, "api/me/name", tokens["grace"], {"name": "Amazing Grace"})
        _post(address, "api/submissions", tokens["ada"],
              _files("random_agent.py", (ROOT / "agents" / "random_agent.py").read_bytes()))
        while not _queue_empty(address, tokens["teacher"]):
            time.sleep(1)
        time.sleep(6)  # what the pages were built from is dropped: the pictures show every game
        _pictures(address, tokens, out)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(60)
        shutil.rmtree(folder, ignore_errors=True)


def _pictures(address: str, tokens: dict[str, str], out: Path) -> None:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--window-size=1366,768", "--hide-scrollbars"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    try:
        for who, page, name in (("ada", "", "arena-page-leaderboard.png"), ("ada", "students/ada", "arena-page-student.png"),
                                ("teacher", "teacher", "arena-page-teacher.png")):
            browser.delete_all_cookies()
            browser.get(address + "login")
            browser.find_element(By.NAME, "token").send_keys(tokens[who])
            browser.find_element(By.CSS_SELECTOR, "form[action='/login'] button").click()
            time.sleep(0.5)
            browser.get(address + page)
            browser.save_screenshot(str(out / name))
            print(out / name)
    finally:
        browser.quit()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)
