"""The Agent Parameters dialog as a form: one typed field per parameter the agent takes, then a line for the rest.

The kind of a field comes from the value the agent reported for this game: ``True``/``False`` a check box,
a whole number a spin box, a decimal a decimal box, anything else a text field. Values go back as text,
as ``--agent-param`` takes them.
"""

from __future__ import annotations

from PyQt5.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from app.backends.base import RUNNER_PARAMS  # the step caps: their types are known

BOOLEAN_WORDS = ("true", "false")
LIMIT = 1_000_000_000


def kind_of(text: str) -> type:
    """bool, int, float or str: what ``text`` reads as."""
    if text.strip().lower() in BOOLEAN_WORDS:
        return bool
    for kind in (int, float):
        try:
            kind(text)
        except ValueError:
            continue
        return kind
    return str


def field_for(text: str, kind: type | None = None) -> QWidget:
    """An input for a parameter whose value is ``text`` now (of ``kind`` when known, else as it reads)."""
    kind = kind or kind_of(text)
    if kind is bool:
        box = QCheckBox()
        box.setChecked(text.strip().lower() == "true")
        return box
    if kind is int:
        spin = QSpinBox()
        spin.setRange(-LIMIT, LIMIT)
        spin.setValue(int(text))
        return spin
    if kind is float:
        decimal = QDoubleSpinBox()
        decimal.setRange(-LIMIT, LIMIT)
        decimal.setDecimals(max(3, len(text.partition(".")[2])))
        decimal.setValue(float(text))
        return decimal
    return QLineEdit(text)


def field_text(widget: QWidget) -> str:
    """What a field of ``field_for`` holds, as text."""
    if isinstance(widget, QCheckBox):
        return "True" if widget.isChecked() else "False"
    if isinstance(widget, QSpinBox):
        return str(widget.value())
    if isinstance(widget, QDoubleSpinBox):
        return f"{widget.value():g}"
    return widget.text().strip()


class ParamsForm(QDialog):
    """One field per parameter of ``agent`` (starting from ``values``), then ``other`` for anything else."""

    def __init__(self, agent: str, values: dict[str, str], other: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Agent parameters"))
        form = QFormLayout(self)
        form.addRow(QLabel(self.tr("What {0} takes, with the values of this game:").format(agent)))
        self.fields = {}
        for key, text in values.items():
            field = field_for(text, RUNNER_PARAMS.get(key))
            field.setToolTip(self.tr("{0} (now {1})").format(key, text))
            form.addRow(key, field)
            self.fields[key] = field
        self.other = QLineEdit(other)
        self.other.setPlaceholderText(self.tr("AGENT:KEY=VALUE for another agent, separated by spaces"))
        self.other.setToolTip(self.tr("Parameters for other agents, as --agent-param takes them"))
        form.addRow(self.tr("Other"), self.other)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, str]:
        """Every field's value, as text."""
        return {key: field_text(field) for key, field in self.fields.items()}
