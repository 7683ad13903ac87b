"""Windows' layer of the portable agent host: each child in a Job Object of its own (imported on Windows only).

The job (kernel32, through ctypes) has:

- kill-on-close: the app holds the job's only handle, so when the app ends, however it ends, the child ends;
- an active-process limit of 1: the agent's process can start no other process (``CreateProcess`` fails);
- a memory limit per process (committed memory: ``JOB_OBJECT_LIMIT_PROCESS_MEMORY``), the agent's;
- die-on-unhandled-exception: a crash ends the process, no error-reporting dialog waits for a click.

The child is put in its job right after it starts (before its interpreter has imported anything), and the whole
job is ended at once (``TerminateJobObject``). The child reads its job's limits itself (``child_layers``) and sends
them in its ready message: the status line says what its process finds in force.

Written against Microsoft's documentation of these calls and structures; it could not be run where it was written
(Linux). docs/sandbox.md says so.
"""

from __future__ import annotations

import ctypes
import sys
from ctypes import wintypes

from app.backends.host.limits import DEFAULT_MEMORY, memory_text
from app.backends.host.oslayer import Layer

_kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)

_EXTENDED_LIMITS = 9  # JobObjectExtendedLimitInformation
_ACTIVE_PROCESS = 0x00000008  # JOB_OBJECT_LIMIT_ACTIVE_PROCESS
_PROCESS_MEMORY = 0x00000100  # JOB_OBJECT_LIMIT_PROCESS_MEMORY
_DIE_ON_UNHANDLED_EXCEPTION = 0x00000400  # JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION
_KILL_ON_CLOSE = 0x00002000  # JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
_PROCESS_SET_QUOTA, _PROCESS_TERMINATE = 0x0100, 0x0001
_CREATE_NEW_PROCESS_GROUP, _CREATE_NO_WINDOW = 0x00000200, 0x08000000


class _IoCounters(ctypes.Structure):
    _fields_ = [(name, ctypes.c_ulonglong) for name in (
        "ReadOperationCount", "WriteOperationCount", "OtherOperationCount",
        "ReadTransferCount", "WriteTransferCount", "OtherTransferCount")]


class _BasicLimits(ctypes.Structure):
    _fields_ = [("PerProcessUserTimeLimit", wintypes.LARGE_INTEGER),
                ("PerJobUserTimeLimit", wintypes.LARGE_INTEGER),
                ("LimitFlags", wintypes.DWORD),
                ("MinimumWorkingSetSize", ctypes.c_size_t),
                ("MaximumWorkingSetSize", ctypes.c_size_t),
                ("ActiveProcessLimit", wintypes.DWORD),
                ("Affinity", ctypes.c_size_t),  # ULONG_PTR
                ("PriorityClass", wintypes.DWORD),
                ("SchedulingClass", wintypes.DWORD)]


class _ExtendedLimits(ctypes.Structure):
    _fields_ = [("BasicLimitInformation", _BasicLimits),
                ("IoInfo", _IoCounters),
                ("ProcessMemoryLimit", ctypes.c_size_t),
                ("JobMemoryLimit", ctypes.c_size_t),
                ("PeakProcessMemoryUsed", ctypes.c_size_t),
                ("PeakJobMemoryUsed", ctypes.c_size_t)]


def _declare(name: str, restype, *argtypes):
    function = getattr(_kernel32, name)
    function.restype, function.argtypes = restype, list(argtypes)
    return function


_CreateJobObjectW = _declare("CreateJobObjectW", wintypes.HANDLE, wintypes.LPVOID, wintypes.LPCWSTR)
_SetInformationJobObject = _declare("SetInformationJobObject", wintypes.BOOL, wintypes.HANDLE, ctypes.c_int,
                                    wintypes.LPVOID, wintypes.DWORD)
_QueryInformationJobObject = _declare("QueryInformationJobObject", wintypes.BOOL, wintypes.HANDLE, ctypes.c_int,
                                      wintypes.LPVOID, wintypes.DWORD, ctypes.POINTER(wintypes.DWORD))
_AssignProcessToJobObject = _declare("AssignProcessToJobObject", wintypes.BOOL, wintypes.HANDLE, wintypes.HANDLE)
_TerminateJobObject = _declare("TerminateJobObject", wintypes.BOOL, wintypes.HANDLE, wintypes.UINT)
_IsProcessInJob = _declare("IsProcessInJob", wintypes.BOOL, wintypes.HANDLE, wintypes.HANDLE,
                           ctypes.POINTER(wintypes.BOOL))
_OpenProcess = _declare("OpenProcess", wintypes.HANDLE, wintypes.DWORD, wintypes.BOOL, wintypes.DWORD)
_GetCurrentProcess = _declare("GetCurrentProcess", wintypes.HANDLE)
_CloseHandle = _declare("CloseHandle", wintypes.BOOL, wintypes.HANDLE)


def _failed(what: str) -> OSError:
    code = ctypes.get_last_error()
    return OSError(f"{what}: {ctypes.FormatError(code).strip()} (error {code})")


class JobObject(Layer):
    """A Job Object of the child's own (see the module's docstring). If the job cannot be made or the child
    cannot be put in it, the child runs without: it then reports the job missing, and the tree kill and the app's
    memory watch still hold."""

    def __init__(self) -> None:
        self._job: int | None = None
        self._memory = DEFAULT_MEMORY

    def popen_options(self) -> dict:
        # no console window for a child of the windowed app; Ctrl+C at the app's console does not reach the agent
        return {"creationflags": _CREATE_NEW_PROCESS_GROUP | _CREATE_NO_WINDOW}

    def interpreter(self, environment: dict[str, str]) -> str:
        # a virtual environment's python.exe is a launcher that starts the base interpreter as a second process,
        # which the job's limit of one process refuses: the base interpreter is started directly, told the
        # environment it serves, as multiprocessing does on Windows (bpo-35797)
        base = getattr(sys, "_base_executable", sys.executable)
        if sys.prefix != sys.base_prefix and base and base != sys.executable:
            environment["__PYVENV_LAUNCHER__"] = sys.executable
            return base
        return sys.executable

    def attach(self, pid: int) -> None:
        job = _CreateJobObjectW(None, None)
        if not job:
            return
        self._job = job
        process = _OpenProcess(_PROCESS_SET_QUOTA | _PROCESS_TERMINATE, False, pid)
        try:
            if not process or not self._set_limits() or not _AssignProcessToJobObject(job, process):
                self.release()
        finally:
            if process:
                _CloseHandle(process)

    def _set_limits(self) -> bool:
        info = _ExtendedLimits()
        info.BasicLimitInformation.LimitFlags = (_KILL_ON_CLOSE | _ACTIVE_PROCESS | _PROCESS_MEMORY
                                                 | _DIE_ON_UNHANDLED_EXCEPTION)
        info.BasicLimitInformation.ActiveProcessLimit = 1
        info.ProcessMemoryLimit = self._memory
        return bool(_SetInformationJobObject(self._job, _EXTENDED_LIMITS, ctypes.byref(info), ctypes.sizeof(info)))

    def limit_memory(self, limit: int) -> None:
        self._memory = limit
        if self._job is not None:
            self._set_limits()

    def kill(self, pid: int) -> None:
        if self._job is not None:
            _TerminateJobObject(self._job, 1)

    def release(self) -> None:
        if self._job is not None:
            _CloseHandle(self._job)
            self._job = None


def child_layers() -> tuple[list[str], list[str]]:
    """In the child: the job it is in and that job's limits, as it reads them (in force, missing with why)."""
    inside = wintypes.BOOL()
    if not _IsProcessInJob(_GetCurrentProcess(), None, ctypes.byref(inside)):
        return [], [str(_failed("job object (IsProcessInJob)"))]
    if not inside:
        return [], ["job object (the process is in none)"]
    info = _ExtendedLimits()
    if not _QueryInformationJobObject(None, _EXTENDED_LIMITS, ctypes.byref(info), ctypes.sizeof(info), None):
        return [], [str(_failed("job object (its limits cannot be read)"))]
    flags, parts = info.BasicLimitInformation.LimitFlags, []
    if flags & _ACTIVE_PROCESS and info.BasicLimitInformation.ActiveProcessLimit == 1:
        parts.append("one process")
    if flags & _PROCESS_MEMORY:
        parts.append(f"memory {memory_text(info.ProcessMemoryLimit)}")
    if flags & _KILL_ON_CLOSE:
        parts.append("ended with the app")
    if not parts:
        return [], ["job object (without limits)"]
    return [f"job object ({', '.join(parts)})"], []
