"""Compare ▸ Batch with a class: a submissions folder, several files picked at once (issue 32)."""

from pathlib import Path

import pytest
from PyQt5.QtCore import Qt

from app.backends import registry
from app.gui.compare.controls import AgentPicker
from app.gui.interaction import ScriptedInteraction
from app.tournament import submissions

CLASS = Path(__file__).resolve().parents[1] / "data" / "grade-class"


@pytest.fixture
def picker(qtbot):
    interaction = ScriptedInteraction()
    widget = AgentPicker({}, interaction)
    qtbot.addWidget(widget)
    widget.messages = []
    widget.failed.connect(widget.messages.append)
    return widget, interaction


def rows(widget):
    return [widget.list.item(i) for i in range(widget.list.count())]


def test_a_submissions_folder_becomes_one_agent_per_submission(picker):
    widget, interaction = picker
    interaction.folder_answers.append(str(CLASS))
    widget.folder_button.click()
    names = [item.text() for item in rows(widget)]
    assert names == ["alice", "bob.clp", "carol", "dave", "✗ eve"]
    assert len(widget.chosen()) == 4
    assert str(CLASS / "alice") in rows(widget)[0].toolTip()
    eve = rows(widget)[4]
    assert eve.checkState() == Qt.Unchecked and "outside" in eve.toolTip()
    assert any("eve" in message for message in widget.messages)


def test_several_clp_files_picked_are_several_agents_unless_the_user_says_one(picker):
    widget, interaction = picker
    parts = [str(CLASS / "alice" / f"part{i}.clp") for i in (1, 2, 3)]
    interaction.agent_answers.append(parts)
    interaction.confirm_answers.append((False, False))
    widget.add_button.click()
    assert widget.chosen() == parts
    assert "3 .clp files as one agent" in interaction.confirm_questions[0]
    interaction.agent_answers.append(parts)
    interaction.confirm_answers.append((True, False))
    widget.add_button.click()
    assert ",".join(parts) in widget.chosen()


def test_a_python_file_picked_with_others_is_an_agent_of_its_own(picker):
    widget, interaction = picker
    python = str(CLASS / "carol" / "lines_agent.py")
    interaction.agent_answers.append([python, str(CLASS / "bob.clp")])
    widget.add_button.click()
    assert widget.chosen() == [python, str(CLASS / "bob.clp")]
    assert interaction.confirm_questions == []
    assert registry.resolve(python).paths


@pytest.fixture
def compare(qtbot):
    from app.gui.app import make_application
    from app.gui.compare.window import CompareWindow

    make_application()
    interaction = ScriptedInteraction()
    window = CompareWindow(interaction)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    yield window
    window.close()


def test_an_agent_that_does_not_load_is_shown_with_clips_message_and_the_batch_goes_on(qtbot, compare):
    from tests.paths import MAPS_DIR

    panel = compare.batch
    panel.folder.setText(str(MAPS_DIR / "four-known.map"))
    panel.set_agents([])
    compare.interaction.folder_answers.append(str(CLASS))
    panel.agent_picker.folder_button.click()
    panel.start()
    dave = next(item for item in rows(panel.agent_picker) if item.text().endswith("dave"))
    assert dave.text() == "✗ dave" and dave.checkState() == Qt.Unchecked
    assert "agent.clp:" in dave.toolTip() and "asert" in dave.toolTip()
    qtbot.waitUntil(lambda: not panel.running, timeout=60000)
    played = {found.agent for found in submissions.find(CLASS) if found.name in ("alice", "bob.clp", "carol")}
    assert {row.agent for row in panel.rows()} == played  # the agents as the CLI's bench --agents CLASS names them
    shown = {panel.results_view.summary_table.item(r, 0).text() for r in range(panel.results_view.summary_table.rowCount())}
    assert shown == {"alice", "bob.clp", "carol"}  # named by folder or file, not by path
    assert "dave not played:" in panel.status.text() and "agent.clp:" in panel.status.text()
