"""File ▸ Submit to the Class Arena… against a real HTTP server on 127.0.0.1: the dialog sends the agent in play,
follows its phases off the GUI thread, shows rank, scores, verdict and maps gained and lost, the leaderboard with
the student's row marked, a refusal in one line, and remembers the server and the token."""

from __future__ import annotations

import base64

import pytest
from PyQt5.QtCore import QSettings
from PyQt5.QtWidgets import QLineEdit

from app.gui.arena_dialog import SERVER_KEY, TOKEN_KEY, ArenaDialog
from tests.arena.fake_arena import STANDINGS, SUBMITTED, Answer, FakeArena, version_answer
from tests.paths import ROOT


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)


@pytest.fixture
def dialog(qtbot, settings, interaction):
    made = ArenaDialog(settings, interaction, "incrocio")
    made.poll_seconds = 0.01
    qtbot.addWidget(made)
    made.show()
    yield made
    made.shutdown()


def _fill(dialog: ArenaDialog, fake_arena: FakeArena, token: str = "tok-ada") -> None:
    dialog.server.setText(fake_arena.url)
    dialog.token.setText(token)


def test_submit_follows_the_phases_to_the_verdict_and_the_rank(qtbot, dialog, fake_arena):
    fake_arena.answer("POST", "/api/submissions", Answer(201, SUBMITTED))
    fake_arena.answer("GET", "/api/versions/17", Answer(200, version_answer("queued")),
                 Answer(200, version_answer("loading")), Answer(200, version_answer("playing", played=40)),
                 Answer(200, version_answer("done")))
    fake_arena.answer("GET", "/api/standings", Answer(200, STANDINGS))
    _fill(dialog, fake_arena)
    assert dialog.agent_files.text() == "Sends 3 file(s): lib/knowledge.clp, incrocio/strategy.clp, load-order.txt"
    dialog.submit_button.click()
    assert not dialog.submit_button.isEnabled()  # the window goes on: the requests run on a worker thread
    qtbot.waitUntil(lambda: dialog.submit_button.isEnabled(), timeout=10000)
    assert not dialog.banner.isVisible()
    sent = fake_arena.requests[0]
    assert sent.headers["Authorization"] == "Bearer tok-ada"
    files = {f["name"]: base64.b64decode(f["content"]) for f in sent.json()["files"]}
    assert files["incrocio/strategy.clp"] == (ROOT / "agents/clips/incrocio/strategy.clp").read_bytes()
    assert [r.path for r in fake_arena.requests] == ["/api/submissions"] + ["/api/versions/17"] * 4 + ["/api/standings"]
    assert dialog.title.text() == "Version 3"
    assert [label.text().split()[:2] for label in dialog.phase_labels.values()] == [
        ["●", "queued"], ["●", "loading"], ["●", "playing"], ["●", "done"]]
    assert dialog.progress.value() == 150
    assert dialog.scores.text() == ("Mean score 41.5 (95% interval 39.0 to 44.0), 71.2% of the oracle; "
                                    "rank 2 of 2")
    assert dialog.verdict.text() == ("Better than your previous version: +3.5 a map (95% interval +1.0 to +6.0) "
                                     "on 150 maps")
    assert dialog.maps_changed.text() == "Maps gained (2): k0-0001, k0-0007\nMaps lost (1): k0-0042"
    assert dialog.page == f"{fake_arena.url}/students/ada" and dialog.page_button.isEnabled()


def test_a_version_that_does_not_load_shows_clips_message(qtbot, dialog, fake_arena):
    fake_arena.answer("POST", "/api/submissions", Answer(201, SUBMITTED))
    fake_arena.answer("GET", "/api/versions/17", Answer(200, version_answer(
        "failed", load_error="[PRSUTILS1] strategy.clp:3: Syntax Error")))
    fake_arena.answer("GET", "/api/standings", Answer(200, STANDINGS))
    _fill(dialog, fake_arena)
    dialog.submit_button.click()
    qtbot.waitUntil(lambda: dialog.submit_button.isEnabled(), timeout=10000)
    assert dialog.problem.isVisible()
    assert dialog.problem.text() == "It does not load: [PRSUTILS1] strategy.clp:3: Syntax Error"
    assert dialog.phase_labels["playing"].text() == "○ playing"


def test_a_refusal_is_one_line_in_the_banner(qtbot, dialog, fake_arena):
    fake_arena.answer("POST", "/api/submissions", Answer(429, {"error": "20 a day"}, {"Retry-After": "90"}))
    _fill(dialog, fake_arena)
    dialog.submit_button.click()
    qtbot.waitUntil(lambda: dialog.banner.isVisible(), timeout=10000)
    assert dialog.banner.text() == f"too many submissions: try again in 2 min (HTTP 429 from {fake_arena.url}: 20 a day)"
    assert dialog.submit_button.isEnabled()


def test_an_agent_the_app_would_not_load_is_said_before_sending(qtbot, dialog, fake_arena, tmp_path):
    (tmp_path / "notes.txt").write_text("hello")
    dialog.agent.setText(str(tmp_path / "notes.txt"))
    assert not dialog.show_agent_files()
    assert dialog.agent_files.text().startswith(f"Cannot be sent: {tmp_path / 'notes.txt'}: an agent file must")
    _fill(dialog, fake_arena)
    dialog.submit_button.click()
    qtbot.waitUntil(lambda: dialog.banner.isVisible(), timeout=10000)
    assert fake_arena.requests == []


def test_the_standings_tab_marks_the_student_s_row(qtbot, dialog, fake_arena):
    fake_arena.answer("GET", "/api/standings", Answer(200, STANDINGS))
    _fill(dialog, fake_arena)
    dialog.refresh_button.click()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 3, timeout=10000)
    assert dialog.standings_info.text() == "3 students on 150 maps: the term's hidden maps"
    cells = [[dialog.table.item(row, column).text() for column in range(dialog.table.columnCount())]
             for row in range(3)]
    assert cells[1][:7] == ["2", "Ada (you)", "3", "150/150", "41.5", "39.0–44.0", "71.2%"]
    assert cells[0][7] == "better" and cells[2][0] == "—"
    assert dialog.table.item(1, 1).font().bold() and not dialog.table.item(0, 1).font().bold()


def test_server_and_token_are_remembered_and_the_token_masked(qtbot, dialog, fake_arena, settings, interaction):
    fake_arena.answer("GET", "/api/standings", Answer(200, STANDINGS))
    _fill(dialog, fake_arena, "secret-token")
    dialog.refresh_button.click()
    qtbot.waitUntil(lambda: dialog.refresh_button.isEnabled(), timeout=10000)
    assert settings.value(SERVER_KEY) == fake_arena.url and settings.value(TOKEN_KEY) == "secret-token"
    again = ArenaDialog(settings, interaction)
    qtbot.addWidget(again)
    assert again.server.text() == fake_arena.url and again.token.text() == "secret-token"
    assert again.token.echoMode() == QLineEdit.Password
    again.show_token.setChecked(True)
    assert again.token.echoMode() == QLineEdit.Normal


def test_open_my_page_opens_the_server_s_page(qtbot, dialog, fake_arena, monkeypatch):
    opened = []
    monkeypatch.setattr("app.gui.arena_dialog.QDesktopServices.openUrl", lambda url: opened.append(url.toString()))
    fake_arena.answer("POST", "/api/submissions", Answer(201, SUBMITTED))
    fake_arena.answer("GET", "/api/versions/17", Answer(200, version_answer("done")))
    fake_arena.answer("GET", "/api/standings", Answer(200, STANDINGS))
    _fill(dialog, fake_arena)
    dialog.submit_button.click()
    qtbot.waitUntil(lambda: dialog.submit_button.isEnabled(), timeout=10000)
    dialog.page_button.click()
    dialog.leaderboard_button.click()
    assert opened == [f"{fake_arena.url}/students/ada", f"{fake_arena.url}/"]


def test_the_file_menu_opens_it_with_the_agent_in_play(qtbot, window):
    assert window.select_agent("probabilistico")
    assert "Submit to the Class Arena…" in [a.text() for a in window.file_menu.actions()]
    opened = window.companions.open_arena()
    assert opened.agent.text() == "probabilistico" and opened.isVisible()
    assert window.companions.open_arena() is opened  # one per window
    window.close()
    assert not opened.isVisible()


def test_it_speaks_italian_at_once_when_the_language_changes(qtbot, dialog):
    from app.gui import i18n

    dialog.show_standings(STANDINGS)
    dialog.show_version(version_answer("done"))
    try:
        assert i18n.install("it")
        qtbot.waitUntil(lambda: dialog.tabs.tabText(0) == "Invia", timeout=5000)
        assert dialog.windowTitle() == "Arena della classe"
        assert dialog.phase_labels["queued"].text().startswith("● in coda ")
        assert dialog.verdict.text().startswith("Migliore della tua versione precedente: +3.5 a mappa")
        assert dialog.scores.text().endswith("; posizione 2 su 2")
        assert dialog.table.item(1, 1).text() == "Ada (tu)" and dialog.table.item(0, 7).text() == "migliore"
        assert dialog.table.horizontalHeaderItem(5).text() == "IC 95%"
    finally:
        i18n.install("en")


def test_a_verdict_and_a_mean_without_their_interval_yet(dialog):
    dialog.show_version(version_answer("done", low=None, high=None, verdict={
        "verdict": "undecided", "maps": 4, "mean": 58.75, "low": None, "high": None, "gained": ["k0-0001.map"],
        "lost": []}))
    assert dialog.scores.text() == "Mean score 41.5, 71.2% of the oracle"
    assert dialog.verdict.text() == ("Not decided yet against your previous version: +58.8 a map on 4 maps, the "
                                     "interval still unbounded")
    assert dialog.maps_changed.text() == "Maps gained (1): k0-0001.map\nMaps lost (0): —"


def test_the_name_the_others_see_is_sent_then_the_leaderboard_shown(qtbot, dialog, fake_arena):
    fake_arena.answer("POST", "/api/me/name", Answer(204))
    fake_arena.answer("GET", "/api/standings", Answer(200, STANDINGS))
    _fill(dialog, fake_arena)
    dialog.tabs.setCurrentIndex(1)
    dialog.name.setText("  Countess of Lovelace ")
    dialog.name_button.click()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 3, timeout=10000)
    assert [(r.method, r.path) for r in fake_arena.requests] == [("POST", "/api/me/name"), ("GET", "/api/standings")]
    assert fake_arena.requests[0].json() == {"name": "Countess of Lovelace"}
    assert fake_arena.requests[0].headers["Authorization"] == "Bearer tok-ada"


def test_closing_the_dialog_stops_following_the_version(qtbot, dialog, fake_arena):
    fake_arena.answer("POST", "/api/submissions", Answer(201, SUBMITTED))
    fake_arena.answer("GET", "/api/versions/17", Answer(200, version_answer("playing", played=3)))
    _fill(dialog, fake_arena)
    dialog.submit_button.click()
    qtbot.waitUntil(lambda: len(fake_arena.requests) >= 3, timeout=10000)
    threads = [thread for thread, _job in dialog._jobs]
    dialog.close()
    assert threads and not any(thread.isRunning() for thread in threads)
    asked = len(fake_arena.requests)
    qtbot.wait(200)
    assert len(fake_arena.requests) == asked
