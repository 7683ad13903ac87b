"""The main window's game settings: the rules profile, the game limits (Game Limits…), the agent parameters
(Agent Parameters…), the sandbox (Run Agents Unconfined) and the interface language; a changed setting starts a
fresh game.
"""

from __future__ import annotations

import re
import textwrap

from PyQt5.QtCore import QT_TRANSLATE_NOOP, QSettings, Qt, QTimer
from PyQt5.QtWidgets import QAction, QActionGroup, QComboBox, QLabel, QMainWindow, QMenuBar

from app.backends import host
from app.backends.host import layers as host_layers
from app.backends.host.warm import prestart
from app.backends.kinds.course_files import course_files
from app.backends.params import parse_agent_params
from app.backends.registry import AgentSpec
from app.core import DEFAULT_PROFILE, PROFILES, BattleshipError
from app.gui import i18n
from app.gui.i18n import translate
from app.gui.interaction import Interaction
from app.gui.main_messages import Messages
from app.gui.main_setup import GameSetup
from app.gui.session import GameSession
from app.gui.theme import menu_action

SANDBOX_KEY = "agents/no_sandbox"  # the no-sandbox preference in the settings


# the agent host's words for the status bar (app/backends/host: status, status_line), translated here
CONFINEMENT = (QT_TRANSLATE_NOOP("MainWindow", "agent in the app's own process, unconfined (--no-sandbox)"),
               QT_TRANSLATE_NOOP("MainWindow", "agent in its own process, not confined"))


def _confinement(text: str) -> tuple[str, str]:
    """The agent host's one-line status (``agent confined (seccomp, …)``) in the interface's language: short
    (for the status bar: the mechanisms go to its tooltip) and in full."""
    confined = re.fullmatch(r"agent confined \((.*)\)", text)
    if confined:
        return (translate("MainWindow", "agent confined"),
                translate("MainWindow", "agent confined ({0})").format(confined.group(1)))
    return translate("MainWindow", text), translate("MainWindow", text)


class GameSettings:
    """What the user sets for the next games: the Rules drop-down (``rules_box``), Game Limits… and Agent
    Parameters… (``limits_action``, ``params_action``: the parameters are ``session.params``), Run Agents
    Unconfined (``sandbox_action``, said by ``sandbox_label``) and the Language menu (``language_actions``).
    What the agent of the current game takes comes with its setup (a per-step reading of the session)."""

    def __init__(self, window: QMainWindow, setup: GameSetup, session: GameSession, interaction: Interaction,
                 messages: Messages, settings: QSettings):
        self.window, self.setup, self.session = window, setup, session
        self.interaction, self.messages, self.settings = interaction, messages, settings
        self._agent_parameters: dict[str, str] = {}  # what the current game's agent takes (from its setup)
        self._parameters_error = ""  # why they could not be listed
        self.rules_box = QComboBox()
        self.rules_box.setToolTip(translate("MainWindow", "The rules profile: how the game is scored and what a "
                                                          "fire on water tells"))
        for name, profile in PROFILES.items():
            self.rules_box.addItem(name, name)
            self.rules_box.setItemData(self.rules_box.count() - 1, profile.description, Qt.ToolTipRole)
        self.rules_box.activated.connect(lambda _i: self.setup.use_rules(str(self.rules_box.currentData())))
        self.sandbox_label = QLabel("")  # what confines the agents (docs/sandbox.md)
        self._confinement_timer = QTimer(self.sandbox_label)  # goes with the label: never fires on a closed window
        self._confinement_timer.setSingleShot(True)
        self._confinement_timer.timeout.connect(self._show_confinement)
        session.collect("parameters", lambda view: view.driver.parameters(), self._on_parameters, setup_only=True)
        session.reset_done.connect(self._on_reset)

    def _on_parameters(self, parameters, problem: str) -> None:
        self._agent_parameters, self._parameters_error = dict(parameters or {}), problem

    def _on_reset(self, _state) -> None:
        self._agent_parameters, self._parameters_error = {}, ""

    def make_menu_actions(self) -> None:
        """Game Limits…, Agent Parameters… and Run Agents Unconfined (the window puts them in its File menu)."""
        self.limits_action = menu_action(
            self.window, translate("MainWindow", "Game Limits…"), "Ctrl+L",
            translate("MainWindow", "Fires, flags and steps a game allows (as run's --fires, --guesses, "
                                    "--max-steps)"), self.edit_limits)
        self.limits_action.setMenuRole(QAction.PreferencesRole)  # macOS: the app menu's Preferences…
        self.params_action = menu_action(
            self.window, translate("MainWindow", "Agent Parameters…"), "Ctrl+Shift+P",
            translate("MainWindow", "Settings for the agents, as with --agent-param (KEY=VALUE or "
                                    "AGENT:KEY=VALUE)"), self.edit_params)
        self.sandbox_action = QAction(translate("MainWindow", "Run Agents Unconfined (No Sandbox)"), self.window)
        self.sandbox_action.setCheckable(True)
        self.sandbox_action.setToolTip(translate("MainWindow", "Run agents inside the app's own process, as "
                                                               "--no-sandbox does: for debugging the app only (a "
                                                               "crashing or hostile agent then takes the app with "
                                                               "it, and a loop inside one CLIPS rule stops only "
                                                               "when the app is closed)"))

    def build_language_menu(self, menu: QMenuBar) -> None:
        """Language ▸ English / Italiano: switched at once, remembered for the next start (``--lang`` overrides
        it)."""
        self.language_menu = menu.addMenu(translate("MainWindow", "&Language"))
        self.language_menu.setToolTipsVisible(True)
        group = QActionGroup(self.window)
        current = i18n.current_language()
        self.language_actions: dict[str, QAction] = {}
        for code, name in i18n.LANGUAGES.items():
            act = QAction(name, self.window, checkable=True)
            act.setChecked(code == current)
            act.setToolTip(translate("MainWindow", "The interface language: switched at once, kept for the next "
                                                   "start"))
            act.triggered.connect(lambda _checked=False, c=code: self.choose_language(c))
            group.addAction(act)
            self.language_menu.addAction(act)
            self.language_actions[code] = act

    def select_rules(self, name: str) -> None:
        """Pick a rules profile by name."""
        index = self.rules_box.findData(name)
        if index >= 0:
            self.rules_box.setCurrentIndex(index)
            self.setup.use_rules(name)

    def params_text(self) -> str:
        """The agent parameters in force, as typed: ``KEY=VALUE`` items separated by spaces."""
        return " ".join(f"{key}={value}" for key, value in self.session.params.items())

    def edit_params(self) -> None:
        """Ask for the agent parameters and start a fresh game with them: a form of what the agent takes once a
        game has shown it, else a line as ``--agent-param`` takes them."""
        spec = self.setup.current_spec()
        if spec is not None and self._agent_parameters and not self._parameters_error:
            self._edit_params_form(spec)
            return
        example = f"e.g. {spec.name}:KEY=VALUE" if spec is not None else "e.g. AGENT:KEY=VALUE"
        if spec is not None and self._parameters_error:
            takes = translate("MainWindow", "Could not list what {0} takes: {1}").format(spec.name,
                                                                                         self._parameters_error)
        elif spec is not None and self._agent_parameters:  # cleared whenever the agent or the game changes
            takes = textwrap.fill(", ".join(f"{key}={value}" for key, value in self._agent_parameters.items()),
                                  100, subsequent_indent="    ")
            takes = translate("MainWindow", "{0} takes (values of this game):").format(spec.name) + f"\n    {takes}"
        else:
            takes = translate("MainWindow", "An agent given a key it does not take lists the ones it takes when the "
                                            "game starts.")
        answer = self.interaction.ask_text(
            translate("MainWindow", "Agent parameters"),
            translate("MainWindow", "Settings for the agents, as --agent-param takes them: KEY=VALUE for whichever "
                                    "agent plays,\nAGENT:KEY=VALUE for one agent only ({0}); separated by spaces. "
                                    "Empty: none.").format(example)
            + f"\n\n{takes}",
            self.params_text())
        if answer is not None:
            self.set_params_text(answer)

    def _edit_params_form(self, spec: AgentSpec) -> None:
        in_force = dict(self._agent_parameters)  # what the agent takes, with this game's values

        def about_this_agent(item: str) -> bool:  # KEY or AGENT:KEY for a key this agent takes
            agent, _, key = item.rpartition(":")
            return key in in_force and agent in ("", spec.name)

        set_before = {item.rpartition(":")[2] for item in self.session.params if about_this_agent(item)}
        other = " ".join(f"{item}={value}" for item, value in self.session.params.items() if not about_this_agent(item))
        answer = self.interaction.ask_params(spec.name, in_force, other)
        if answer is None:
            return
        values, other = answer
        items = [f"{key}={value}" for key, value in values.items() if value != in_force[key] or key in set_before]
        self.set_params_text(" ".join(items + ([other] if other else [])))

    def agent_params(self, items: list[str], also: list[str]) -> dict[str, str]:
        """``[AGENT:]KEY=VALUE`` items as ``--agent-param`` takes them, AGENT one of the listed agents or
        of ``also``; BattleshipError (one line) for a malformed one."""
        return parse_agent_params(items, sorted(self.setup.agents) + also)

    def set_params_text(self, text: str) -> bool:
        """Use the parameters in ``text`` from a fresh game on; a malformed one is shown and changes nothing."""
        spec = self.setup.current_spec()
        try:
            params = self.agent_params(text.split(), [spec.name] if spec is not None else [])
        except BattleshipError as error:
            self.messages.show_error(translate("MainWindow", "Agent parameters not changed: {0}").format(error))
            return False
        self.messages.hide_error()
        self.session.params = params
        self.messages.log(translate("MainWindow", "agent parameters: {0} (from this game on)").format(
            self.params_text() or translate("MainWindow", "none")))
        self.setup.restart()
        return True

    def edit_limits(self) -> None:
        """Ask for the game's limits (fires, flags, steps) and the course files, and start a fresh game with them."""
        profile = self.setup.profile()
        course = self.setup.course
        answer = self.interaction.ask_limits((profile.fires, profile.guesses, profile.max_steps),
                                             (str(course.main), str(course.env)) if course else ("", ""))
        if answer is not None:
            self.set_limits(*answer)

    def set_limits(self, fires: int | None = None, guesses: int | None = None, max_steps: int | None = None,
                   course_main: str | None = None, course_env: str | None = None) -> bool:
        """Play with these limits (None: the rules profile's) from a fresh game on, and CLIPS agents against the
        course's main.clp and env.clp (as --course-main and --course-env; "": the app's own, None: unchanged); a
        bad one is shown, and changes nothing."""
        try:
            PROFILES[DEFAULT_PROFILE].with_limits(fires, guesses, max_steps)  # the same checks for every profile
            course = self.setup.course if course_main is None else course_files(course_main, course_env)
        except BattleshipError as error:
            self.messages.show_error(translate("MainWindow", "Game limits not changed: {0}").format(error))
            return False
        self.messages.hide_error()
        self.setup.limits = (fires, guesses, max_steps)
        profile = self.setup.profile()
        self.messages.log(translate("MainWindow", "limits: {0} fires, {1} flags, {2} steps (from this game on)")
                          .format(profile.fires, profile.guesses, profile.max_steps))
        if course != self.setup.course:
            self.setup.course = course
            self.messages.log(translate("MainWindow", "CLIPS agents play against the course's {0} and {1} (from "
                                                      "this game on)").format(course.main, course.env) if course
                              else translate("MainWindow", "CLIPS agents play against the app's own MAIN and ENV "
                                                           "(from this game on)"))
        self.setup.restart()
        return True

    def follow_sandbox(self) -> None:
        """The no-sandbox preference from the settings (or --no-sandbox), followed from now on."""
        unconfined = str(self.settings.value(SANDBOX_KEY, "false")) == "true" or not host.enabled()
        self.sandbox_action.setChecked(unconfined)
        self.sandbox_action.toggled.connect(self._set_unconfined)
        self._set_unconfined(unconfined)

    def _set_unconfined(self, unconfined: bool) -> None:
        """The no-sandbox preference: kept in the settings, shown in the status bar; new games follow it."""
        host.set_enabled(not unconfined)
        self.settings.setValue(SANDBOX_KEY, "true" if unconfined else "false")
        if not unconfined:
            QTimer.singleShot(0, prestart)  # a warm agent process once the window runs: the first game does not wait
        self._show_confinement()

    def _show_confinement(self) -> None:
        """The status bar says what the agent's process reports it enforces (asked again shortly while a
        starting process has not said yet: the window does not wait for it)."""
        text = host_layers.status(wait=False)
        if text is None:
            self._confinement_timer.start(100)
            return
        first, rest = text.split(";")[0], text[len(text.split(";")[0]):]
        short, full = _confinement(first)
        self.sandbox_label.setText(short)
        self.sandbox_label.setToolTip(translate("MainWindow", "{0}. See docs/sandbox.md; File menu: Run Agents "
                                                              "Unconfined.").format(full + rest))

    def choose_language(self, code: str) -> None:
        """Use ``code`` (en, it) for the interface now (every window follows Qt's ``LanguageChange``) and from
        the next start on."""
        self.settings.setValue(i18n.SETTINGS_KEY, code)
        if not i18n.install(code):
            self.messages.show_error(translate("MainWindow", "No {0} translation found ({1}): the interface stays "
                                                             "as it is").format(i18n.LANGUAGES[code],
                                                                                i18n.catalogue_path(code)))

