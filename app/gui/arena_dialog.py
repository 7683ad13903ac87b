"""File ▸ Submit to the Class Arena… and Class Arena Standings…: a student's side of the class arena (issue 40).

One dialog: the server's address and the student's token (remembered in the settings, the token shown masked),
the agent to send (the window's agent, preselected), Submit; then the version's phases as the server reports
them (queued, loading, playing, done, each with its time), the games played, and once they are: the rank, the
mean score with its 95% interval, the verdict against the previous version with the maps gained and lost, and
"Open my page". The Standings tab is the leaderboard. Every request runs on a worker thread
(``app.gui.jobs``) through app/arena/client.py, so the window never waits on the network.
"""

from __future__ import annotations

import threading
from datetime import datetime
from pathlib import Path

from PyQt5.QtCore import QEvent, QSettings, Qt, QThread, QUrl
from PyQt5.QtGui import QBrush, QColor, QDesktopServices, QFont
from PyQt5.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
        QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.arena import client
from app.core import BattleshipError
from app.gui.interaction import Interaction
from app.gui.jobs import Job, start_job
from app.gui.retranslate import retranslate
from app.gui.theme import MUTED_INK, card, card_title, error_banner, fit_to_screen

SERVER_KEY, TOKEN_KEY = "arena/server", "arena/token"  # what the dialog remembers in the settings
PHASES = ("queued", "loading", "playing", "done")
YOU_FILL = QColor("#E3F0FA")  # the student's own row of the leaderboard


class ArenaDialog(QDialog):
    """Submit an agent to the class arena and follow it; the leaderboard. ``poll_seconds``: how often a version
    in play is asked about."""

    poll_seconds = 2.0
    SIZE = (1080, 680)  # how large it opens (less on a smaller screen): the leaderboard's columns fit at 1366x768

    def __init__(self, settings: QSettings, interaction: Interaction, agent: str = "",
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.settings, self.interaction = settings, interaction
        self.setWindowTitle(self.tr("Class arena"))
        self.page = ""  # the student's page, once the server named it
        self._version: dict = {}  # the version shown (what the server last said of it)
        self._standings: dict = {}  # the leaderboard shown
        self._rank: tuple[int, int] | None = None  # the student's rank and the ranked rows, from the leaderboard
        self._stop = threading.Event()  # set when the dialog closes: a following job ends
        self._jobs: list[tuple[QThread, Job]] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        self.banner = error_banner()
        layout.addWidget(self.banner)
        layout.addWidget(self._build_connection())
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_submit_tab(), self.tr("Submit"))
        self.tabs.addTab(self._build_standings_tab(), self.tr("Standings"))
        layout.addWidget(self.tabs, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.server.setText(str(settings.value(SERVER_KEY, "")))
        self.token.setText(str(settings.value(TOKEN_KEY, "")))
        self.agent.setText(agent)
        self.show_agent_files()
        self.show_version(None)
        fit_to_screen(self, *self.SIZE)

    # ----- building ------------------------------------------------------------------------------
    def _build_connection(self) -> QWidget:
        """The server's address and the token, on one line: both tabs use them."""
        frame, row = card(QHBoxLayout, (14, 10))
        self.server = QLineEdit()
        self.server.setPlaceholderText(self.tr("the address your teacher gave, e.g. http://lab.example.org:8000"))
        self.token = QLineEdit()
        self.token.setEchoMode(QLineEdit.Password)
        self.token.setPlaceholderText(self.tr("your token"))
        self.show_token = QCheckBox(self.tr("Show"))
        self.show_token.toggled.connect(lambda shown: self.token.setEchoMode(
            QLineEdit.Normal if shown else QLineEdit.Password))
        row.addWidget(QLabel(self.tr("Server")))
        row.addWidget(self.server, 3)
        row.addSpacing(12)
        row.addWidget(QLabel(self.tr("Token")))
        row.addWidget(self.token, 2)
        row.addWidget(self.show_token)
        return frame

    def _build_submit_tab(self) -> QWidget:
        """The agent to send and Submit, then what the server says of the version sent."""
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.setContentsMargins(14, 12, 14, 12)
        self.agent = QLineEdit()
        self.agent.setPlaceholderText(self.tr("an agent's name, a .clp or .py file, or a folder with "
                                              "load-order.txt"))
        self.agent.editingFinished.connect(self.show_agent_files)
        files_button, folder_button = QPushButton(self.tr("Files…")), QPushButton(self.tr("Folder…"))
        files_button.clicked.connect(self.choose_files)
        folder_button.clicked.connect(self.choose_folder)
        self.submit_button = QPushButton(self.tr("Submit"))
        self.submit_button.setDefault(True)
        self.submit_button.setToolTip(self.tr("Send the agent's files as your next version: its games are queued "
                                              "on every hidden map"))
        self.submit_button.clicked.connect(self.submit)
        agent_row = QHBoxLayout()
        agent_row.addWidget(QLabel(self.tr("Agent")))
        agent_row.addWidget(self.agent, 1)
        for button in (files_button, folder_button, self.submit_button):
            agent_row.addWidget(button)
        layout.addLayout(agent_row)
        self.agent_files = QLabel()
        self.agent_files.setWordWrap(True)
        self.agent_files.setStyleSheet(f"color: {MUTED_INK.name()}")
        layout.addWidget(self.agent_files)
        layout.addSpacing(8)
        self.title = card_title("")
        layout.addWidget(self.title)
        phases = QHBoxLayout()
        self.phase_labels: dict[str, QLabel] = {}
        for phase in PHASES:
            label = QLabel()
            label.setTextFormat(Qt.PlainText)
            self.phase_labels[phase] = label
            phases.addWidget(label)
            phases.addSpacing(18)
        phases.addStretch(1)
        layout.addLayout(phases)
        self.progress = QProgressBar()
        self.progress.setFormat(self.tr("%v of %m games played"))
        layout.addWidget(self.progress)
        self.problem = error_banner()
        layout.addWidget(self.problem)
        self.scores = QLabel()
        self.verdict = QLabel()
        self.maps_changed = QLabel()
        for label in (self.scores, self.verdict, self.maps_changed):
            label.setWordWrap(True)
            label.setTextFormat(Qt.PlainText)
            label.setTextInteractionFlags(Qt.TextSelectableByMouse)
            layout.addWidget(label)
        layout.addStretch(1)
        page_row = QHBoxLayout()
        page_row.addStretch(1)
        self.page_button = QPushButton(self.tr("Open my page"))
        self.page_button.setToolTip(self.tr("Your page on the arena, in the browser: every game with its replay, "
                                            "and the coach's advice"))
        self.page_button.clicked.connect(self.open_page)
        page_row.addWidget(self.page_button)
        layout.addLayout(page_row)
        return tab

    def _build_standings_tab(self) -> QWidget:
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.setContentsMargins(14, 12, 14, 12)
        self.standings_info = QLabel(self.tr("Refresh to see the leaderboard."))
        layout.addWidget(self.standings_info)
        heads = (self.tr("#"), self.tr("Student"), self.tr("Version"), self.tr("Games"), self.tr("Mean"),
                 self.tr("95% interval"), self.tr("% of oracle"), self.tr("vs previous"), self.tr("Maps +/−"),
                 self.tr("Submitted"))
        self.table = QTableWidget(0, len(heads))
        self.table.setHorizontalHeaderLabels(heads)
        tips = {4: self.tr("The mean score over the maps played"),
                5: self.tr("Where the mean over every hidden map lies, with 95% confidence"),
                7: self.tr("This version against the same student's previous one, paired by map"),
                8: self.tr("Maps where this version scored higher / lower than the previous one")}
        for column, tip in tips.items():
            self.table.horizontalHeaderItem(column).setToolTip(tip)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeToContents)
        header.setStretchLastSection(True)
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.name = QLineEdit()
        self.name.setPlaceholderText(self.tr("the name the others see"))
        self.name.setToolTip(self.tr("How the other students see you on the leaderboard (until you choose, an "
                                     "anonymous label); your teacher sees your name on the roster"))
        self.name_button = QPushButton(self.tr("Set"))
        self.name_button.clicked.connect(self.choose_name)
        row.addWidget(QLabel(self.tr("Your name on the leaderboard")))
        row.addWidget(self.name, 1)
        row.addWidget(self.name_button)
        row.addSpacing(24)
        self.leaderboard_button = QPushButton(self.tr("Open the leaderboard"))
        self.leaderboard_button.clicked.connect(self.open_leaderboard)
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.refresh_button.clicked.connect(self.refresh_standings)
        row.addWidget(self.leaderboard_button)
        row.addWidget(self.refresh_button)
        layout.addLayout(row)
        return tab

    # ----- the agent -----------------------------------------------------------------------------
    def choose_files(self) -> None:
        """Ask for agent files (several .clp files: one agent, loaded in the order picked)."""
        paths = self.interaction.choose_agent_files(self._start_dir())
        if paths:
            self.agent.setText(",".join(paths))
            self.show_agent_files()

    def choose_folder(self) -> None:
        """Ask for an agent's folder (its load-order.txt lists its files)."""
        folder = self.interaction.choose_agent_folder(self._start_dir())
        if folder:
            self.agent.setText(folder)
            self.show_agent_files()

    def _start_dir(self) -> str:
        first = Path(self.agent.text().split(",")[0].strip())
        return str(first if first.is_dir() else first.parent) if first.parts else ""

    def show_agent_files(self) -> bool:
        """Say which files Submit would send, or why the app would not load them; False then."""
        text = self.agent.text().strip()
        if not text:
            self.agent_files.setText(self.tr("Pick the agent to submit."))
            return False
        try:
            names = [name for name, _ in client.read_agent([text])]
        except BattleshipError as error:
            self.agent_files.setText(self.tr("Cannot be sent: {0}").format(error))
            return False
        self.agent_files.setText(self.tr("Sends {0} file(s): {1}").format(len(names), ", ".join(names)))
        return True

    # ----- requests --------------------------------------------------------------------------------
    def _remember(self) -> tuple[str, str]:
        """The server and token typed, kept in the settings for the next time."""
        server, token = self.server.text().strip(), self.token.text().strip()
        self.settings.setValue(SERVER_KEY, server)
        self.settings.setValue(TOKEN_KEY, token)
        return server, token

    def submit(self) -> None:
        """Send the agent; follow its version on a worker thread until its games are played, then the standings."""
        server, token = self._remember()
        agent = self.agent.text().strip()
        self.banner.hide()
        self.page, self._rank = "", None  # the last version's, until this one's come
        self.show_version(None)
        self.tabs.setCurrentIndex(0)
        self.submit_button.setEnabled(False)
        stop, poll = self._stop, self.poll_seconds

        def follow(send) -> None:
            answer = client.submit(server, token, [agent])
            send(("submitted", dict(answer, page=client.page_url(server, answer["page"]) if answer.get("page")
                                    else "")))
            while not stop.is_set():
                version = client.version(server, token, int(answer["id"]))
                send(("version", version))
                if version.get("phase") in client.FINISHED or stop.wait(poll):
                    break
            if not stop.is_set():
                send(("standings", client.standings(server, token)))

        self._start(follow)

    def refresh_standings(self) -> None:
        """Ask for the leaderboard (on a worker thread)."""
        server, token = self._remember()
        self.banner.hide()
        self.refresh_button.setEnabled(False)
        self._start(lambda send: send(("standings", client.standings(server, token or None))))

    def choose_name(self) -> None:
        """Send the name the other students see, then show the leaderboard with it (on a worker thread)."""
        server, token = self._remember()
        name = self.name.text().strip()
        self.banner.hide()
        self.refresh_button.setEnabled(False)

        def rename(send) -> None:
            client.set_name(server, token, name)
            send(("standings", client.standings(server, token)))

        self._start(rename)

    def _start(self, work) -> None:
        self._jobs.append(start_job(work, self._on_answer, self._on_finished, self._forget))

    def _forget(self, thread: QThread) -> None:
        self._jobs = [(t, job) for t, job in self._jobs if t is not thread]

    def _on_answer(self, item) -> None:
        kind, answer = item
        if kind == "submitted":
            self.page = answer["page"]
            self.show_version({"version": answer.get("version"), "phase": answer.get("phase"),
                               "games": answer.get("games"), "played": 0,
                               "phases": {"queued": datetime.now().isoformat(timespec="seconds")}})
        elif kind == "version":
            self.show_version(answer)
        else:
            self.show_standings(answer)

    def _on_finished(self, error: str) -> None:
        self.submit_button.setEnabled(True)
        self.refresh_button.setEnabled(True)
        if error:
            self.banner.setText(error)
            self.banner.show()

    # ----- what the server said ------------------------------------------------------------------
    def show_version(self, version: dict | None) -> None:
        """The version's phases, games played, scores and verdict (None: nothing submitted yet)."""
        version = self._version = version or {}
        self.page_button.setEnabled(bool(self.page))
        self.title.setText(self.tr("Version {0}").format(version["version"]) if version.get("version")
                           else self.tr("Nothing submitted from here yet"))
        times = version.get("phases") or {}
        for phase, label in self.phase_labels.items():
            when = _clock(times.get(phase))
            label.setText(f"● {self._phase_name(phase)} {when}" if when else f"○ {self._phase_name(phase)}")
            label.setStyleSheet("" if when else f"color: {MUTED_INK.name()}")
        self.progress.setMaximum(max(int(version.get("games") or 0), 1))
        self.progress.setValue(int(version.get("played") or 0))
        self.progress.setVisible(bool(version))
        problem = version.get("load_error") or version.get("stopped")
        if problem:
            self.problem.setText(self.tr("It does not load: {0}").format(problem) if version.get("load_error")
                                 else self.tr("Stopped: {0}").format(problem))
        elif version.get("phase") == "failed":
            self.problem.setText(self.tr("Its games failed: your page says why."))
        self.problem.setVisible(bool(problem) or version.get("phase") == "failed")
        self.scores.setText(self._scores_text(version))
        self.verdict.setText(self._verdict_text(version.get("verdict")))
        self.maps_changed.setText(self._maps_text(version.get("verdict")))

    def _scores_text(self, version: dict) -> str:
        if version.get("mean") is None:
            return ""
        if version.get("low") is None or version.get("high") is None:  # one game: no interval yet
            text = self.tr("Mean score {0:.1f}").format(version["mean"])
        else:
            text = self.tr("Mean score {0:.1f} (95% interval {1:.1f} to {2:.1f})").format(
                version["mean"], version["low"], version["high"])
        if version.get("oracle_pct") is not None:
            text += self.tr(", {0:.1f}% of the oracle").format(version["oracle_pct"])
        return text + (self.tr("; rank {0} of {1}").format(*self._rank) if self._rank else "")

    def _verdict_text(self, verdict: dict | None) -> str:
        """The verdict against the previous version, in words, with the mean difference and its interval."""
        if not verdict:
            return ""
        words = {"better": self.tr("Better than your previous version"),
                 "worse": self.tr("Worse than your previous version"),
                 "same": self.tr("No different from your previous version"),
                 "undecided": self.tr("Not decided yet against your previous version"),
                 "none": self.tr("Your first version: nothing to compare it with")}
        text = words.get(str(verdict.get("verdict")), str(verdict.get("verdict")))
        if verdict.get("mean") is None or not verdict.get("maps"):
            return text
        if verdict.get("low") is None or verdict.get("high") is None:  # too few maps yet to bound it
            return text + self.tr(": {0:+.1f} a map on {1} maps, the interval still unbounded").format(
                verdict["mean"], verdict["maps"])
        text += self.tr(": {0:+.1f} a map (95% interval {1:+.1f} to {2:+.1f}) on {3} maps").format(
            verdict["mean"], verdict["low"], verdict["high"], verdict["maps"])
        return text

    def _maps_text(self, verdict: dict | None) -> str:
        if not verdict or not (verdict.get("gained") or verdict.get("lost")):
            return ""
        gained, lost = verdict.get("gained") or [], verdict.get("lost") or []
        return "\n".join([self.tr("Maps gained ({0}): {1}").format(len(gained), ", ".join(gained) or "—"),
                          self.tr("Maps lost ({0}): {1}").format(len(lost), ", ".join(lost) or "—")])

    def _phase_name(self, phase: str) -> str:
        return {"queued": self.tr("queued"), "loading": self.tr("loading"), "playing": self.tr("playing"),
                "done": self.tr("done")}[phase]

    def show_standings(self, standings: dict) -> None:
        """The leaderboard in the table, the student's own row marked; their rank to the version tab."""
        self._standings = standings
        rows = standings.get("rows") or []
        map_set = str(standings.get("map_set"))
        which = {"term": self.tr("the term's hidden maps"),
                 "freeze": self.tr("the final maps, played after the deadline: the ones graded")}.get(map_set, map_set)
        self.standings_info.setText(self.tr("{0} students on {1} maps: {2}").format(
            len(rows), standings.get("maps"), which))
        self.table.setRowCount(len(rows))
        ranked = sum(1 for row in rows if row.get("rank") is not None)
        self._rank = None
        for index, row in enumerate(rows):
            for column, text in enumerate(self._cells(row, standings.get("maps"))):
                item = QTableWidgetItem(text)
                if column not in (1, 7, 9):  # the numbers, right; the name, the verdict's word and the time, left
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                if row.get("you"):
                    item.setBackground(QBrush(YOU_FILL))
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(index, column, item)
            if row.get("you") and row.get("rank") is not None:
                self._rank = (row["rank"], ranked)
        self.scores.setText(self._scores_text(self._version))

    def _cells(self, row: dict, maps) -> list[str]:
        def number(value, suffix=""):
            return "—" if value is None else f"{value:.1f}{suffix}"

        verdicts = {"better": self.tr("better"), "worse": self.tr("worse"), "same": self.tr("same"),
                    "undecided": self.tr("undecided"), "none": "—"}
        return [
            "—" if row.get("rank") is None else str(row["rank"]),
            str(row.get("student", "")) + (self.tr(" (you)") if row.get("you") else ""),
            str(row.get("version", "")), f"{row.get('games', 0)}/{row.get('maps', maps)}", number(row.get("mean")),
            "—" if row.get("low") is None or row.get("high") is None else f"{row['low']:.1f}–{row['high']:.1f}",
            number(row.get("oracle_pct"), "%"), verdicts.get(str(row.get("verdict")), str(row.get("verdict") or "—")),
            client.gained_lost(row, "−", "—"), _clock(row.get("submitted_at"), date=True),
        ]

    # ----- pages, closing ----------------------------------------------------------------------------
    def open_page(self) -> None:
        """The student's page in the browser."""
        if self.page:
            QDesktopServices.openUrl(QUrl(self.page))

    def open_leaderboard(self) -> None:
        """The arena's leaderboard page in the browser."""
        try:
            url = client.page_url(self.server.text(), "/")
        except BattleshipError as error:
            self._on_finished(str(error))
            return
        QDesktopServices.openUrl(QUrl(url))

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        """A language chosen in the main window's menu: this dialog's texts in it at once (retranslate.py)."""
        if event.type() == QEvent.LanguageChange:
            retranslate(self)
            self.show_version(self._version)  # made anew: its lines are composed (a phase and its time)
            if self._standings:
                self.show_standings(self._standings)
        super().changeEvent(event)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt naming)
        """Stop following the version (the server goes on playing it) and let the worker threads end."""
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self, wait_ms: int = 5000) -> None:
        """End the worker threads: a following one stops at its next poll; one waiting on a server that does not
        answer is ended after ``wait_ms`` (the window is closing: nothing would show its answer)."""
        self._stop.set()
        for thread, _job in list(self._jobs):
            if not thread.wait(wait_ms):
                thread.terminate()
                thread.wait(1000)
        self._stop = threading.Event()


def _clock(iso: str | None, date: bool = False) -> str:
    """An ISO time from the server as the local clock reads it (``19:00:05``; with ``date``, the day too, short:
    ``11-28 19:00``, so the leaderboard fits a laptop's screen)."""
    if not iso:
        return ""
    try:
        when = datetime.fromisoformat(str(iso).replace("Z", "+00:00"))
    except ValueError:
        return str(iso)
    if when.tzinfo is not None:
        when = when.astimezone()
    return when.strftime("%m-%d %H:%M" if date else "%H:%M:%S")
