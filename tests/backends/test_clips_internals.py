"""The CLIPS bridge's internals: the C constants it relies on, and quiet destruction of environments."""

from __future__ import annotations

import os
import threading
from types import SimpleNamespace

import clips
import pytest

from app.backends.clips.capi import check_error_codes
from app.backends.clips.pool import destroy_quietly


class TestErrorCodeCheck:
    def test_the_installed_clips_passes(self):
        check_error_codes()

    def test_a_build_with_other_codes_is_refused_with_the_reason(self):
        fake = SimpleNamespace(GSE_NO_ERROR=0, FME_NO_ERROR=3, PSE_NO_ERROR=0)
        with pytest.raises(ImportError, match=r"FME_NO_ERROR=3"):
            check_error_codes(fake)

    def test_a_build_without_the_codes_is_refused(self):
        with pytest.raises(ImportError, match=r"GSE_NO_ERROR=None"):
            check_error_codes(SimpleNamespace(FME_NO_ERROR=0, PSE_NO_ERROR=0))


def _leaky_environment() -> clips.Environment:
    """An environment whose destruction makes CLIPS 6.4 print its deallocation note (a retracted ordered fact)."""
    env = clips.Environment()
    env.assert_string("(leak 1)").retract()
    return env


class _ClearedWhileAnotherThreadPrints(list):
    """A holder whose clear() (the destruction) waits for another thread's write to file descriptor 1."""

    def clear(self) -> None:
        writer = threading.Thread(target=os.write, args=(1, b"printed by another thread\n"))
        writer.start()
        writer.join()
        super().clear()


class TestDestroyQuietly:
    def test_the_deallocation_note_is_not_printed(self, capfd):
        destroy_quietly([_leaky_environment()])
        out, _ = capfd.readouterr()
        assert "ENVRNMNT8" not in out

    def test_other_threads_output_is_kept_during_the_destruction(self, capfd):
        destroy_quietly(_ClearedWhileAnotherThreadPrints([_leaky_environment()]))
        print("printed after", flush=True)
        out, _ = capfd.readouterr()
        assert out.splitlines() == ["printed by another thread", "printed after"]
