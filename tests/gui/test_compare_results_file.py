"""Compare ▸ Batch and ``bench`` share one resumable results file: each continues the other's, and the batch
remembers its maps and ticks."""

from __future__ import annotations

import json
import shutil

import pytest
from PyQt5.QtCore import QSettings

from app.cli import main
from app.gui.app import make_application
from app.gui.compare.window import CompareWindow
from app.gui.interaction import ScriptedInteraction
from app.tournament.bench.store import ResultStore
from tests.paths import MAPS_DIR

BENCH_MAPS = sorted((MAPS_DIR / "bench").glob("k0-000[1-3].map"))  # 3 small maps


@pytest.fixture
def maps(tmp_path):
    """A folder with the first two maps (a third is added by the tests that continue a batch)."""
    folder = tmp_path / "maps"
    folder.mkdir()
    for path in BENCH_MAPS[:2]:
        shutil.copy(path, folder)
    return folder


def compare_window(qtbot, settings: QSettings | None = None) -> CompareWindow:
    make_application()
    window = CompareWindow(ScriptedInteraction(), settings=settings)
    qtbot.addWidget(window)
    window.resize(1366, 728)
    window.show()
    return window


def records(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_file_bench_wrote_is_opened_and_continued_in_the_batch(qtbot, tmp_path, maps, capsys):
    out = tmp_path / "class.jsonl"
    assert main(["bench", "--agents", "cross,random", "--maps", str(maps), "--out", str(out), "--jobs", "2",
                 "--no-progress"]) == 0
    before = records(out)
    assert len(before) == 4
    shutil.copy(BENCH_MAPS[2], maps)  # the class gets a third map: two games more
    window = compare_window(qtbot)
    panel = window.batch
    panel.set_agents([])
    panel.folder.setText("")
    window.interaction.results_answers.append(str(out))
    panel.results_file.choose()
    assert panel.folder.text() == str(maps) and panel.agent_picker.chosen() == ["cross", "random"]
    assert panel.rules.currentData() == before[0]["rules"] and panel.seed.value() == before[0]["seed"]
    assert panel.results_view.summary_table.rowCount() == 2 and len(panel.rows()) == 4  # the stored games, shown
    assert "4 of 6 games" in panel.status.text()
    panel.jobs.setValue(2)
    panel.start()
    qtbot.waitUntil(lambda: not panel.running, timeout=60000)
    after = records(out)
    assert after[:4] == before and len(after) == 6, "only the two missing games were played, and appended"
    assert {r["map_path"] for r in after[4:]} == {str(maps / BENCH_MAPS[2].name)}
    assert len(panel.rows()) == 6 and panel.results_view.games_table.rowCount() == 6 and panel.progress.value() == 6
    capsys.readouterr()
    assert main(["bench", "--agents", "cross,random", "--maps", str(maps), "--out", str(out), "--resume",
                 "--no-progress"]) == 0
    assert "resume: 6 games already in" in capsys.readouterr().err and len(records(out)) == 6


def test_a_file_the_batch_wrote_is_continued_by_bench_resume(qtbot, tmp_path, maps, capsys):
    out = tmp_path / "gui.jsonl"
    window = compare_window(qtbot)
    panel = window.batch
    panel.folder.setText(str(maps))
    panel.set_agents(["cross", "random"])
    panel.jobs.setValue(2)
    window.interaction.results_answers.append(str(out))
    panel.results_file.choose()
    assert "new file" in panel.status.text()
    panel.start()
    qtbot.waitUntil(lambda: not panel.running, timeout=60000)
    written = records(out)
    assert len(written) == 4 and str(out) in panel.status.text()
    shutil.copy(BENCH_MAPS[2], maps)
    capsys.readouterr()
    assert main(["bench", "--agents", "cross,random", "--maps", str(maps), "--out", str(out), "--resume",
                 "--jobs", "2", "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert "resume: 4 games already in" in captured.err and "2 to play" in captured.err
    assert records(out)[:4] == written and len(records(out)) == 6
    assert "6 of 6 games" in captured.out


def test_a_batch_without_a_file_writes_a_new_one_in_the_users_data_folder(qtbot, maps):
    from app.core.paths import user_data

    window = compare_window(qtbot)
    panel = window.batch
    panel.folder.setText(str(maps))
    panel.set_agents(["cross"])
    panel.jobs.setValue(1)
    panel.start()
    qtbot.waitUntil(lambda: not panel.running, timeout=60000)
    path = panel.results_file.path()
    assert path.startswith(str(user_data() / "batches")) and path.endswith(".jsonl")
    assert len(ResultStore(path).records()) == 2
    panel.start()  # Run batch again: the file named is continued, nothing is played twice
    qtbot.waitUntil(lambda: not panel.running, timeout=60000)
    assert len(ResultStore(path).records()) == 2 and "(2 were in the results file already)" in panel.status.text()


def test_a_file_that_is_not_a_results_file_is_one_line_in_the_status(qtbot, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    window = compare_window(qtbot)
    window.interaction.results_answers.append(str(bad))
    window.batch.results_file.choose()
    assert window.batch.status.text() == f"{bad}:1: not a results line (Expecting value: line 1 column 1 (char 0))"


def test_the_batch_remembers_its_maps_and_ticks_when_reopened(qtbot, tmp_path, maps):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    agent = tmp_path / "mine.py"
    shutil.copy(MAPS_DIR.parent / "agents" / "random_agent.py", agent)
    window = compare_window(qtbot, settings)
    panel = window.batch
    panel.folder.setText(str(maps))
    key = panel.add_agent_files([str(agent)])[0]
    panel.set_agents(["random", key])
    window.close()
    reopened = compare_window(qtbot, settings)
    assert reopened.batch.folder.text() == str(maps)
    assert reopened.batch.agent_picker.chosen() == ["random", key]


def test_a_results_file_of_another_format_is_refused_before_anything_starts(qtbot, tmp_path, maps):
    window = compare_window(qtbot)
    panel = window.batch
    panel.folder.setText(str(maps))
    panel.results_file.set_path(str(tmp_path / "r.csv"))
    panel.start()
    assert not panel.running
    assert panel.status.text() == f"{tmp_path / 'r.csv'}: the results file must end in .jsonl (the file of bench --out F.jsonl)"


def test_a_typed_name_of_a_results_file_sets_the_batch_up_as_the_button_does(qtbot, tmp_path, maps, capsys):
    out = tmp_path / "typed.jsonl"
    assert main(["bench", "--agents", "cross,random", "--maps", str(maps), "--out", str(out), "--jobs", "1",
                 "--no-progress"]) == 0
    window = compare_window(qtbot)
    panel = window.batch
    panel.set_agents([])
    panel.folder.setText("")
    panel.results_file.edit.setFocus()
    qtbot.keyClicks(panel.results_file.edit, str(out))
    qtbot.keyClick(panel.results_file.edit, "\r")
    assert panel.folder.text() == str(maps) and panel.agent_picker.chosen() == ["cross", "random"]
    panel.set_agents([])  # leaving the field again does not set it up again over the user's changes
    panel.results_file.edit.editingFinished.emit()
    assert panel.agent_picker.chosen() == []
    panel.results_file.edit.setText(str(tmp_path / "new.jsonl"))  # a new name only names the file
    panel.results_file.edit.editingFinished.emit()
    assert panel.agent_picker.chosen() == [] and not (tmp_path / "new.jsonl").exists()
