"""Agents as students' machines save them: Windows text, Windows load orders, folders with spaces and accents,
names that a case-insensitive file system takes for one (issue 37)."""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import pytest

from app.analysis.mistakes import load_errors
from app.backends.clips.loading import clips_readable
from app.backends.games import play
from app.backends.registry import ROOT, resolve
from app.core import PROFILES, AgentError, BattleshipError
from app.core.formats import load_map
from app.report.standings import shell_command
from app.report.student import check_distinct_files
from app.tournament.submissions import Student, find, read_roster
from tests.paths import MAPS_DIR

TEMPLATE = ROOT / "agents" / "templates" / "my_agent.clp"
FOUR_KNOWN = load_map(MAPS_DIR / "four-known.map")
RULES = PROFILES["unito-2019"]
#: a rule a student adds, in Italian: its comment and its printout have accents
SAYS = ('\n; è già colpita: lo dice\n(defrule AGENT::dice (declare (salience 100))\n'
        '   (status (step 0) (currently running))\n   =>\n   (printout t "già colpita" crlf))\n')


def _windows_agent(folder, encoding: str, extra: str = "") -> str:
    """The template agent with ``SAYS`` (and ``extra``), saved as Notepad would: ``encoding``, CRLF."""
    path = folder / "mio agente.clp"
    text = TEMPLATE.read_text(encoding="utf-8") + SAYS + extra
    path.write_bytes(text.replace("\n", "\r\n").encode(encoding))
    return str(path)


@pytest.fixture
def student_folder(tmp_path):
    """A user folder as on a student's Windows laptop: a space and an accent in it."""
    folder = tmp_path / "Niccolò Rossi" / "agenti IA"
    folder.mkdir(parents=True)
    return folder


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8-sig", "utf-8"])
@pytest.mark.parametrize("sandbox", [True, False], ids=["confined", "in-process"])
def test_a_clips_agent_saved_by_notepad_loads_and_plays(student_folder, encoding, sandbox, monkeypatch):
    if not sandbox:
        monkeypatch.setenv("BATTLESHIP_NO_SANDBOX", "1")
    agent = _windows_agent(student_folder, encoding)
    reference = play(str(TEMPLATE), FOUR_KNOWN, RULES)
    game = play(agent, FOUR_KNOWN, RULES)
    assert game.result().score == reference.result().score
    assert game.load_errors == ()
    assert any("già colpita" in note for _, note in game.notes)
    assert game.refusals == []  # the UTF-8 copy is made where a confined agent may write


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8-sig"])
def test_a_load_error_in_a_windows_file_names_the_students_file_and_line(student_folder, encoding):
    agent = _windows_agent(student_folder, encoding, '(defrule AGENT::sbagliata\n   =>\n   (asert (pippo)))\n')
    line = (TEMPLATE.read_text(encoding="utf-8") + SAYS).count("\n") + 3
    [error] = load_errors(resolve(agent), RULES)
    assert error.startswith(f"{agent}:{line}: Missing function declaration for 'asert'")


def test_a_file_neither_utf8_nor_windows_text_is_one_line_naming_it(student_folder):
    agent = student_folder / "rotto.clp"
    agent.write_bytes(TEMPLATE.read_bytes() + b"\n; \x81\x8d\n")  # bytes cp1252 leaves undefined
    with pytest.raises(AgentError, match=r"rotto\.clp:\d+: not UTF-8 nor Windows text \(byte 0x81\)"):
        load_errors(resolve(str(agent)), RULES)


def _windows_folder_agent(folder) -> None:
    """incrocio's files in ``folder``, its load order as Windows writes it: BOM, CRLF, backslashes."""
    (folder / "lib").mkdir()
    shutil.copy(ROOT / "agents" / "clips" / "lib" / "knowledge.clp", folder / "lib" / "knowledge.clp")
    shutil.copy(ROOT / "agents" / "clips" / "incrocio" / "strategy.clp", folder / "strategy.clp")
    (folder / "load-order.txt").write_bytes("\ufeff# prima la base, poi la strategia\r\nlib\\knowledge.clp\r\n"
                                             "strategy.clp\r\n".encode("utf-8"))


def test_a_load_order_written_on_windows_lists_the_files_in_order(student_folder):
    _windows_folder_agent(student_folder)
    spec = resolve(str(student_folder))
    assert spec.paths == (student_folder / "lib" / "knowledge.clp", student_folder / "strategy.clp")
    assert play(str(student_folder), FOUR_KNOWN, RULES).result().score == \
        play("incrocio", FOUR_KNOWN, RULES).result().score


@pytest.mark.parametrize("entry", ["C:\\Users\\Niccolò\\agent.clp", "\\agent.clp", "C:agent.clp"])
def test_a_windows_absolute_path_in_a_load_order_is_refused_on_every_system(student_folder, entry):
    (student_folder / "agent.clp").write_text("(defmodule AGENT (import MAIN ?ALL) (export ?ALL))\n")
    (student_folder / "load-order.txt").write_text(f"{entry}\n")
    with pytest.raises(AgentError, match=r"load-order\.txt:1: .* is an absolute path"):
        resolve(str(student_folder))


def test_two_agents_whose_names_differ_only_by_case_are_not_taken_for_one(tmp_path):
    (tmp_path / "clips").mkdir()
    shutil.copy(TEMPLATE, tmp_path / "clips" / "Greedy.clp")
    (tmp_path / "greedy.py").write_text('"""A Python greedy."""\n')
    with pytest.raises(AgentError, match=r"^agents 'greedy' \(.*greedy\.py\) and 'Greedy' \(.*Greedy\.clp\) differ "
                                         r"only by the case of their names"):
        resolve("greedy", tmp_path)
    with pytest.raises(AgentError, match="differ only by the case"):
        resolve("GREEDY", tmp_path)


def test_an_agent_named_in_another_case_is_found_as_windows_and_macos_find_its_file(tmp_path):
    (tmp_path / "clips").mkdir()
    shutil.copy(TEMPLATE, tmp_path / "clips" / "Greedy.clp")
    assert resolve("greedy", tmp_path).paths == (tmp_path / "clips" / "Greedy.clp",)


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8-sig"])
def test_a_roster_saved_by_excel_on_windows_reads_its_names(student_folder, encoding):
    roster = student_folder / "studenti.csv"
    roster.write_bytes("id,name,email\r\n123,Niccolò Rossi,niccolo@studenti.it\r\n".encode(encoding))
    assert read_roster(roster) == {"123": Student("123", "Niccolò Rossi", "niccolo@studenti.it")}


def test_clips_is_handed_an_ascii_path_for_a_file_in_a_folder_with_accents(student_folder, monkeypatch):
    """Windows' C library may not open C:\\Users\\Niccolò\\...: CLIPS loads a copy by an ASCII path instead."""
    monkeypatch.chdir(student_folder)  # a working folder with accents too, as a confined agent's never has
    agent = student_folder / "agente già.clp"
    agent.write_bytes(TEMPLATE.read_bytes())
    with clips_readable(agent) as source:
        assert source.isascii() and Path(source).read_bytes() == TEMPLATE.read_bytes()
    assert not Path(source).exists()
    with clips_readable(TEMPLATE) as source:
        assert source == str(TEMPLATE)  # an ASCII path to a UTF-8 file: no copy


def test_two_students_whose_ids_differ_only_by_case_are_not_given_one_page():
    check_distinct_files(["rossi", "bianchi", "Verdi"])
    with pytest.raises(BattleshipError, match=r"^students 'Rossi' and 'rossi' would have one page file \(rossi\.html\)"):
        check_distinct_files(["Rossi", "bianchi", "rossi"])


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8-sig"])
@pytest.mark.parametrize("sandbox", [True, False], ids=["confined", "in-process"])
def test_a_python_agent_saved_by_notepad_imports_and_plays(student_folder, encoding, sandbox, monkeypatch):
    if not sandbox:
        monkeypatch.setenv("BATTLESHIP_NO_SANDBOX", "1")
    template = ROOT / "agents" / "templates" / "my_agent.py"
    agent = student_folder / "mio_agente.py"
    text = "# è già colpita: il mio primo agente\n" + template.read_text(encoding="utf-8") + "SALUTO = 'già'\n"
    agent.write_bytes(text.replace("\n", "\r\n").encode(encoding))
    assert play(str(agent), FOUR_KNOWN, RULES).result().score == play(str(template), FOUR_KNOWN, RULES).result().score


class TestCommandsToPaste:
    """The report prints commands to run again: pasted into the user's terminal, a path with a space or an
    accent (C:\\Users\\Niccolò Rossi) must arrive whole."""

    PARTS = ["C:\\Users\\Niccolò Rossi\\venv\\Scripts\\python.exe", "C:\\lab\\main.py", "run", "--agent",
             "C:\\Users\\Niccolò Rossi\\a.clp,C:\\Users\\Niccolò Rossi\\b.clp", "--map", "D:\\mappe\\l'isola.map"]

    def test_powershell_on_windows(self):
        assert shell_command(self.PARTS, windows=True) == (
            "& 'C:\\Users\\Niccolò Rossi\\venv\\Scripts\\python.exe' C:\\lab\\main.py run --agent "
            "'C:\\Users\\Niccolò Rossi\\a.clp,C:\\Users\\Niccolò Rossi\\b.clp' --map 'D:\\mappe\\l''isola.map'")

    def test_a_posix_shell_elsewhere(self):
        assert shlex.split(shell_command(self.PARTS, windows=False)) == self.PARTS


def test_a_load_order_named_in_another_case_is_found_on_linux_too(student_folder):
    """Windows and macOS open Load-Order.txt as load-order.txt: a teacher grading on Linux does as well."""
    _windows_folder_agent(student_folder)
    (student_folder / "load-order.txt").rename(student_folder / "Load-Order.TXT")
    assert resolve(str(student_folder)).paths == (student_folder / "lib" / "knowledge.clp",
                                                  student_folder / "strategy.clp")
    [submission] = find(student_folder.parent)
    assert submission.paths == (student_folder / "lib" / "knowledge.clp", student_folder / "strategy.clp")
