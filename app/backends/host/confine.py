"""Confinement of an agent host process: namespaces, resource limits, a seccomp filter and Landlock, as the OS
offers them.

Applied by the child to itself: its namespaces first (while it is one thread),
the rest after its own modules are imported and before the agent's files are
loaded (so code an agent runs while loading is confined too). Each measure is
independent: what the OS lacks is reported, not fatal. docs/sandbox.md,
"Threat model", says which measures stop what.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import os
import signal
import struct
import sys
import sysconfig
import tempfile
from pathlib import Path

from app.backends.host import landlock
from app.backends.host.limits import Limits


def apply_rlimits(limits: Limits) -> str:
    """Address space, CPU seconds, file size, no core files; '' or what could not be set."""
    try:
        import resource
    except ImportError:  # Windows
        return "rlimits"
    wanted = [(resource.RLIMIT_CORE, 0), (resource.RLIMIT_FSIZE, limits.file_size),
              (resource.RLIMIT_CPU, limits.cpu_seconds), (resource.RLIMIT_AS, limits.memory)]
    missing = []
    for which, value in wanted:
        try:
            _, hard = resource.getrlimit(which)
            extra = 10 if which == resource.RLIMIT_CPU else 0  # SIGXCPU at the soft limit, SIGKILL at the hard one
            ceiling = value + extra if hard == resource.RLIM_INFINITY else min(value + extra, hard)
            # the hard limit is lowered too: else the agent could raise its soft limit up to the app's hard one
            resource.setrlimit(which, (min(value, ceiling), ceiling))
        except (ValueError, OSError):
            missing.append(which)
    return "" if not missing else "rlimits"


#: system calls the agent's process may not make at all: programs, processes, every socket call (a socket the
#: agent could get another way, e.g. from io_uring, can connect nowhere), io_uring itself, tracing, signals to
#: others, scheduling and credential changes, namespaces and mounts, and kernel facilities it has no use for
_REFUSED = (
    "execve", "execveat", "fork", "vfork", "ptrace", "process_vm_writev", "process_madvise",
    "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4", "sendto", "sendmsg", "sendmmsg",
    "recvmsg", "recvmmsg", "io_uring_setup", "io_uring_enter", "io_uring_register",
    "tkill", "pidfd_send_signal", "pidfd_open", "pidfd_getfd", "rt_sigqueueinfo", "rt_tgsigqueueinfo",
    "sched_setscheduler", "sched_setparam", "sched_setattr", "setpriority", "ioprio_set",
    "setrlimit", "setuid", "setgid", "setreuid", "setregid", "setresuid", "setresgid", "setfsuid", "setfsgid",
    "setgroups", "capset", "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "open_tree",
    "move_mount", "fsopen", "fsmount", "fsconfig", "fspick", "mount_setattr",
    "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd", "kcmp")
_F_SETFL, _O_ASYNC = 4, 0o20000
_FCNTL_SIGNALLING = (8, 10, 15)  # F_SETOWN, F_SETSIG, F_SETOWN_EX
_IOCTL_SIGNALLING = (0x8901, 0x8902, 0x5452)  # FIOSETOWN, SIOCSPGRP, FIOASYNC
_PR_SET_PDEATHSIG = 1
_PRCTL_REFUSED = (_PR_SET_PDEATHSIG, 35)  # and PR_SET_MM


#: what a loaded template (``template.py``) may do that a game's process may not: fork its games' processes, and
#: receive each game's channel from the app (a descriptor passed over its control socket)
_FORKS = ("fork", "vfork", "recvmsg")


def _seccomp_filter(own: int, may_fork: bool = False):
    """The filter (pyseccomp's, not loaded) for a process of pid ``own``, and the names of the rules the library
    refused; ``may_fork``: a template's, which lets the process fork (its games' own filter then refuses it)."""
    import pyseccomp as seccomp

    clone_thread = 0x00010000
    refuse = seccomp.ERRNO(errno.EPERM)
    rules = [(refuse, name) for name in _REFUSED if not (may_fork and name in _FORKS)]
    if not may_fork:
        rules.append((refuse, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, clone_thread, 0)))
    else:  # a template's game process sets its own parent-death signal (SIGKILL, at the template's end), and
        # nothing in the template may clear or change its own
        rules.append((refuse, "prctl", seccomp.Arg(0, seccomp.EQ, _PR_SET_PDEATHSIG),
                      seccomp.Arg(1, seccomp.NE, int(signal.SIGKILL))))
    rules += [# signals only to itself: never to the app, its process group, or every process (-1)
              (refuse, "kill", seccomp.Arg(0, seccomp.NE, own)),
              (refuse, "tgkill", seccomp.Arg(0, seccomp.NE, own)),
              # no signals by I/O either: no owner for a descriptor's SIGIO/SIGURG, no asynchronous I/O mode
              *[(refuse, "fcntl", seccomp.Arg(1, seccomp.EQ, command)) for command in _FCNTL_SIGNALLING],
              (refuse, "fcntl", seccomp.Arg(1, seccomp.EQ, _F_SETFL), seccomp.Arg(2, seccomp.MASKED_EQ, _O_ASYNC,
                                                                                  _O_ASYNC)),
              *[(refuse, "ioctl", seccomp.Arg(1, seccomp.EQ, request)) for request in _IOCTL_SIGNALLING],
              # the parent-death signal set before the filter stays; memory-map tricks on its own process neither
              *[(refuse, "prctl", seccomp.Arg(0, seccomp.EQ, option)) for option in _PRCTL_REFUSED
                if not (may_fork and option == _PR_SET_PDEATHSIG)],
              # limits may be read (prlimit64 with no new limit) but not changed
              (refuse, "prlimit64", seccomp.Arg(2, seccomp.NE, 0)),
              # clone3's flags are out of a filter's reach: C libraries then fall back to clone, checked above
              (seccomp.ERRNO(errno.ENOSYS), "clone3")]
    not_added = []
    syscall_filter = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    for action, name, *conditions in rules:
        try:
            syscall_filter.add_rule(action, name, *conditions)
        except (OSError, RuntimeError, ValueError):  # one rule the library refuses must not drop the others
            not_added.append(name)
    return syscall_filter, not_added


#: two pids no process has (above the kernel's pid_max): the filter is compiled with each, and the words that
#: differ are where a child's own pid goes
_PID_MARKS = (0x5EC0_0DE5, 0x5EC0_0DE7)
_compiled: dict[bool, tuple[bytes, tuple[int, ...], list[str]]] = {}  # may_fork -> the program


def compile_seccomp() -> None:
    """Compile the filters once (a game's, a template's), ahead of the children that load them (the zygote does,
    before it forks): each child then only writes its pid into the program and loads it, instead of building it
    rule by rule."""
    for may_fork in (False, True):
        _compile(may_fork)


def _compile(may_fork: bool) -> None:
    if sys.platform != "linux":
        return
    try:
        programs, refused = [], []
        for mark in _PID_MARKS:
            syscall_filter, refused = _seccomp_filter(mark, may_fork)
            with tempfile.TemporaryFile() as program:
                syscall_filter.export_bpf(program)
                program.seek(0)
                programs.append(program.read())
    except Exception:  # noqa: BLE001  (no pyseccomp or libseccomp: each child says why, as before)
        return
    first, second = programs
    if len(first) != len(second) or len(first) % 8 or not first:
        return
    places = []
    for offset in range(0, len(first), 8):  # struct sock_filter: u16 code, u8 jt, u8 jf, u32 k
        if first[offset:offset + 8] != second[offset:offset + 8]:
            if (first[offset:offset + 4] != second[offset:offset + 4]
                    or struct.unpack_from("=I", first, offset + 4)[0] != _PID_MARKS[0]
                    or struct.unpack_from("=I", second, offset + 4)[0] != _PID_MARKS[1]):
                return  # the programs differ by more than the pid: build each child's own
            places.append(offset + 4)
    if places:
        _compiled[may_fork] = (first, tuple(places), refused)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def _load_compiled(own: int, may_fork: bool) -> str | None:
    """Load the compiled filter with ``own`` written in; '' or what is missing, None when it cannot (then the
    filter is built the usual way)."""
    program, places, refused = _compiled[may_fork]
    patched = bytearray(program)
    for place in places:
        struct.pack_into("=I", patched, place, own)
    buffer = (ctypes.c_char * len(patched)).from_buffer(patched)
    fprog = _SockFprog(len(patched) // 8, ctypes.addressof(buffer))
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return None
    if libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        return None
    return f"seccomp (without rules for {', '.join(refused)})" if refused else ""


_PR_SET_NO_NEW_PRIVS, _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 38, 22, 2


def apply_seccomp(may_fork: bool = False) -> str:
    """Refuse execve, new processes (fork, or clone without CLONE_THREAD; but fork when ``may_fork``: a
    template's), sockets and io_uring, signals to other processes (also through a descriptor's owner), clearing
    the parent-death signal, scheduling, limit and credential changes, namespaces; '' or why not. A second call
    stacks a second filter: the kernel applies both."""
    if sys.platform != "linux":
        return "seccomp (not Linux)"
    if may_fork in _compiled:
        loaded = _load_compiled(os.getpid(), may_fork)
        if loaded is not None:
            return loaded
    try:
        syscall_filter, not_added = _seccomp_filter(os.getpid(), may_fork)
        syscall_filter.load()
    except Exception as exc:  # no binding or libseccomp, or it refused (old kernel): say so, keep going
        return f"seccomp ({type(exc).__name__}: {exc})"
    if not_added:
        return f"seccomp (without rules for {', '.join(not_added)})"
    return ""


def readable_paths(agent_paths: tuple[Path, ...], root: Path) -> list[Path]:
    """What the agent may read: its own files, the app's code, the Python installation and the system libraries.

    Not the repository as a whole: maps (and tests' data) live there.
    """
    places = set(_installation(root)) | {Path(f"/proc/{os.getpid()}")}  # its own /proc: threadpoolctl
    places |= {Path(p).resolve() for p in agent_paths}
    return sorted(places)


@functools.cache
def _installation(root: Path) -> frozenset[Path]:
    """The app's code, the Python installation and the system libraries (the same for every agent: the zygote
    works it out once, its children inherit it)."""
    places = {Path(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix, sysconfig.get_paths()["stdlib"],
                                sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"])}
    places |= {root / "app", root / "agents", root / "resources"}
    places |= {Path(p) for p in ("/usr/lib", "/usr/lib64", "/usr/local/lib", "/lib", "/lib64", "/usr/share/zoneinfo",
                                 "/etc/ld.so.cache", "/etc/localtime", "/dev/null", "/dev/urandom",
                                 "/sys/devices/system/cpu")}
    for entry in sys.path:  # site-packages of a virtual environment or a user install, not the working folder
        path = Path(entry or ".").resolve()
        if "-packages" in path.name:
            places.add(path)
    return frozenset(places)


def apply_landlock(agent_paths: tuple[Path, ...], root: Path, scratch: Path) -> str:
    """Reads only where ``readable_paths`` says, writes only under ``scratch``; '' or why not."""
    if sys.platform != "linux":
        return "landlock (not Linux)"
    if landlock.abi_version() < 1:
        return "landlock (this kernel has none)"
    try:
        landlock.restrict(readable_paths(agent_paths, root), [scratch, Path(os.devnull)])
    except OSError as exc:
        return f"landlock ({exc})"
    return ""


_CLONE_NEWUSER, _CLONE_NEWNET = 0x10000000, 0x40000000


def isolate() -> str:
    """Move into a new user namespace (the app's capabilities, even root's, do not follow) and a new network
    namespace with no interface but a loopback that is down; '' or why not. Only a process of one thread can:
    the child calls it first."""
    if sys.platform != "linux":
        return "namespaces (not Linux)"
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    uid, gid = os.getuid(), os.getgid()
    if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET) != 0:
        return f"namespaces ({os.strerror(ctypes.get_errno())})"
    with contextlib.suppress(OSError):  # its own user and group inside too (unmapped, it would be "nobody")
        Path("/proc/self/setgroups").write_text("deny")
        Path("/proc/self/uid_map").write_text(f"{uid} {uid} 1")
        Path("/proc/self/gid_map").write_text(f"{gid} {gid} 1")
    return ""


def confine(limits: Limits, agent_paths: tuple[Path, ...], root: Path, scratch: Path,
            isolated: str = "", may_fork: bool = False) -> tuple[list[str], list[str]]:
    """Apply every measure (``isolated``: what ``isolate`` said before; ``may_fork``: a template's filter, which
    lets it fork its games' processes); (what is in force, what is missing with why)."""
    applied, missing = [], []
    # the limits first (the filter refuses setting them), the filter before Landlock (loading libseccomp looks
    # for it in places Landlock closes); reported in the usual order
    rlimits = apply_rlimits(limits)
    seccomp = apply_seccomp(may_fork)
    for name, problem in (("seccomp", seccomp), ("landlock", apply_landlock(agent_paths, root, scratch)),
                          ("rlimits", rlimits), ("namespaces", isolated)):
        (missing if problem else applied).append(problem or name)
    more, lacking = os_layer()
    return applied + more, missing + lacking


def available(isolated: str) -> tuple[list[str], list[str]]:
    """What ``confine`` will put in force in this process (probed, not applied; ``isolated``: what ``isolate``
    said): (in force, missing with why). The child sends it in its ready message: the app says what the agent's
    own process finds, never what the app's platform suggests."""
    applied, missing = [], []
    if sys.platform != "linux":
        missing += ["seccomp (not Linux)", "landlock (not Linux)"]
    else:
        import importlib.util

        # found, not imported: the child loads libseccomp when it confines itself
        if importlib.util.find_spec("pyseccomp") is not None:
            applied.append("seccomp")
        else:
            missing.append("seccomp (pip install pyseccomp)")
        (applied if landlock.abi_version() >= 1 else missing).append(
            "landlock" if landlock.abi_version() >= 1 else "landlock (this kernel has none)")
    try:
        import resource  # noqa: F401
        applied.append("rlimits")
    except ImportError:
        missing.append("rlimits")
    (missing if isolated else applied).append(isolated or "namespaces")
    more, lacking = os_layer()
    return applied + more, missing + lacking


def os_layer() -> tuple[list[str], list[str]]:
    """The OS's own layer as this process finds it in force: (in force, missing with why). Windows: the Job
    Object the app put it in (``windows.py``); macOS: ``sandbox-exec`` (``macos.py``); Linux: none (the measures
    above)."""
    if sys.platform == "win32":
        from app.backends.host.windows import child_layers  # lazy: Windows' module, importable there only

        return child_layers()
    if sys.platform == "darwin":
        from app.backends.host.macos import child_layers  # lazy: macOS's module, imported there only

        return child_layers(Path.cwd())
    return [], []


def status_line(applied: list[str], missing: list[str]) -> str:
    """``agent confined (seccomp, landlock, rlimits)``, with what is missing after a semicolon."""
    text = f"agent confined ({', '.join(applied)})" if applied else "agent in its own process, not confined"
    return text + (f"; missing: {', '.join(missing)}" if missing else "")
