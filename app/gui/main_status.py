"""The main window's texts about the game in play: the map's header (title, fleet, oracle), the status bar's
counters and hint, and which game controls are enabled.
"""

from __future__ import annotations

from pathlib import Path

from app.core import GameMap
from app.gui.board_state import BoardState
from app.gui.i18n import translate


class StatusTexts:
    """Keeps the header, the status bar and the controls in step with the session (a mixin of ``MainWindow``)."""

    def _init_status(self) -> None:
        self._oracle_map: GameMap | None = None  # the map the oracle scores of ``_oracles`` belong to
        self._oracles: dict[tuple, int] = {}

    def _update_header(self) -> None:
        """The map's title and summary line above the board, and the window title."""
        game_map = self.game_map
        if game_map is None:
            self.map_title.setText(translate("MainWindow", "No map loaded"))
            self.map_info.setText(translate("MainWindow", "Load a map to start (Ctrl+O)."))
            self.setWindowTitle(translate("MainWindow", "Battleship Lab"))
            return
        fleet = (translate("MainWindow", "standard fleet") if game_map.is_standard
                 else translate("MainWindow", "non-standard fleet {0}").format(game_map.fleet_description()))
        if game_map.warnings:  # a course map the course plays as it is (docs/rules.md)
            fleet += " · " + (translate("MainWindow", "1 warning") if len(game_map.warnings) == 1
                              else translate("MainWindow", "{0} warnings").format(len(game_map.warnings)))
        known = len(game_map.known)
        self.map_title.setText(game_map.name or Path(self.map_path or "").stem)
        known_text = (translate("MainWindow", "1 cell known at start") if known == 1
                      else translate("MainWindow", "{0} cells known at start").format(known))
        oracle = translate("MainWindow", "oracle {0}").format(self._oracle_text())
        self.map_info.setText(f"{fleet} · {known_text} · {oracle}")
        self.map_info.setToolTip("\n".join(t for t in (self.map_path, game_map.notes, *game_map.warnings) if t))
        spec = self.session.spec
        title = translate("MainWindow", "Battleship Lab")
        self.setWindowTitle(f"{title} — {self.map_title.text()}" + (f" — {spec.name}" if spec else ""))

    def _oracle_text(self) -> str:
        """The map's oracle score under the rules in play ("—" without a map), computed once per map and rules."""
        if self.game_map is None or self.session.profile is None:
            return "—"
        from app.core.oracle import oracle_score

        profile = self.session.profile
        if self._oracle_map is not self.game_map:  # not an id(): CPython reuses the ids of freed maps
            self._oracle_map, self._oracles = self.game_map, {}
        key = (profile.name, profile.fires, profile.guesses, profile.max_steps)
        if key not in self._oracles:
            self._oracles[key] = oracle_score(self.game_map, profile)
        return str(self._oracles[key])

    def _update_status(self, state: BoardState | None) -> None:
        """The status bar's counters: steps, fires left, flags left."""
        if state is None:
            self.step_label.setText(translate("MainWindow", "Steps {0}").format("—"))
            self.fires_label.setText(translate("MainWindow", "Fires left {0}").format("—"))
            self.flags_label.setText(translate("MainWindow", "Flags left {0}").format("—"))
            return
        obs = state.observation
        self.step_label.setText(translate("MainWindow", "Steps {0}").format(f"{obs.step} / {obs.max_steps}"))
        self.step_label.setToolTip(translate("MainWindow", "Steps played of the game's limit (the log numbers them "
                                                           "from 0, as the exec facts do)"))
        self.fires_label.setText(translate("MainWindow", "Fires left {0}").format(obs.fires_left))
        self.flags_label.setText(translate("MainWindow", "Flags left {0}").format(obs.guesses_left))

    def _update_controls(self) -> None:
        """Enable the game controls the session allows, and say in the status bar what to do next."""
        s = self.session
        ready = s.can_start() and not s.over
        human = s.is_human
        self.run_action.setEnabled(ready and not human and not s.running)
        self.step_action.setEnabled(ready and not human)
        self.step_rule_action.setEnabled(s.can_step_rule and not s.running)
        self.pause_action.setEnabled(s.running)
        self.reset_action.setEnabled(s.started or s.over or s.failed)
        self.save_log_action.setEnabled(bool(s.events))
        self.solve_action.setEnabled(ready and human)
        for act in (self.run_action, self.step_action, self.step_rule_action, self.pause_action):
            self._tool_slots[act].setVisible(not human)  # manual play has no use for them
        self._tool_slots[self.solve_action].setVisible(human)
        if s.game_map is None:
            text = translate("MainWindow", "Load a map to start.")
        elif s.spec is None:
            text = translate("MainWindow", "Pick an agent.")
        elif s.over:
            text = translate("MainWindow", "Game over — press Reset to play again.")
        elif s.running:
            text = translate("MainWindow", "Running…")
        elif human:
            text = translate("MainWindow", "Your move.")
        elif s.paused_turn is not None:
            text = translate("MainWindow", "Paused mid-turn before {0} (see the Rules tab).").format(
                s.paused_turn.next_rule)
        elif s.started:
            text = translate("MainWindow", "Paused.")
        else:
            text = translate("MainWindow", "Ready — press Run or Step.")
        if not self.load_banner.isHidden() and not s.over:
            text = f"{text}   " + translate("MainWindow", "The agent did not load cleanly: see the red banner.")
        if self._notice and not s.over:
            text = f"{text}   {self._notice}"
        self.state_label.setText(text)

