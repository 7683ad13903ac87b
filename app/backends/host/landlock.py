"""Linux Landlock through its three system calls (ctypes): read only where allowed, write only in the scratch folder.

Landlock is an unprivileged kernel feature (Linux 5.13+). A process restricts
itself: every file-system access of the kinds the ruleset "handles" is refused
unless a rule allows it beneath one of the listed paths. It stays in force for
the process and is inherited by anything it could start.
"""

from __future__ import annotations

import ctypes
import functools
import os
import platform
from collections.abc import Iterable
from pathlib import Path

# x86-64 and arm64 share these numbers (the generic syscall table since Linux 5.13)
_SYS_CREATE_RULESET, _SYS_ADD_RULE, _SYS_RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1
_PR_SET_NO_NEW_PRIVS = 38

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_ABI1_ALL = (1 << 13) - 1  # execute .. make_sym
REFER, TRUNCATE = 1 << 13, 1 << 14
READ = EXECUTE | READ_FILE | READ_DIR
FILE_ONLY = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE  # rights that mean something on a file (not a folder)


NET_BIND_TCP, NET_CONNECT_TCP = 1 << 0, 1 << 1  # ABI 4
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1  # ABI 6


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


@functools.cache
def _libc() -> ctypes.CDLL:
    """The C library (loaded once: the zygote's children inherit it; ``syscall`` returns a long)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return libc


@functools.cache
def abi_version() -> int:
    """The kernel's Landlock ABI version; 0 when it has none (or this is not x86-64/arm64 Linux)."""
    if platform.system() != "Linux" or platform.machine() not in ("x86_64", "aarch64"):
        return 0
    libc = _libc()
    version = libc.syscall(_SYS_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_CREATE_RULESET_VERSION))
    return max(0, int(version))


def restrict(read: Iterable[Path], write: Iterable[Path]) -> None:
    """Allow reading beneath ``read`` and everything beneath ``write``; refuse every other file access, and
    where the kernel's ABI has them, every TCP bind and connect (ABI 4), connecting to an abstract UNIX socket
    made outside and signalling a process outside (ABI 6: also the SIGIO of a descriptor's owner).

    Paths that do not exist are skipped. Raises OSError when the kernel refuses.
    """
    abi = abi_version()
    if abi < 1:
        raise OSError("this kernel offers no Landlock")
    handled = _ABI1_ALL | (REFER if abi >= 2 else 0) | (TRUNCATE if abi >= 3 else 0)
    libc = _libc()
    attr = _RulesetAttr(handled, NET_BIND_TCP | NET_CONNECT_TCP if abi >= 4 else 0,
                        SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0)
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8  # the fields this kernel knows
    ruleset = libc.syscall(_SYS_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
    try:
        for paths, access in ((read, READ & handled), (write, handled)):
            for path in paths:
                _add_rule(libc, int(ruleset), Path(path), access)
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
        if libc.syscall(_SYS_RESTRICT_SELF, ctypes.c_int(int(ruleset)), ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    finally:
        os.close(int(ruleset))


def _add_rule(libc: ctypes.CDLL, ruleset: int, path: Path, access: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # nothing there to allow
    try:
        if not path.is_dir():
            access &= FILE_ONLY
        rule = _PathBeneathAttr(access, fd)
        if libc.syscall(_SYS_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(_RULE_PATH_BENEATH),
                        ctypes.byref(rule), ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
    finally:
        os.close(fd)
