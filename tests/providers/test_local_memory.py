"""The embedded model's settings that keep a long-lived process flat in memory
and use the CPUs it is given (the RSS itself is measured in bench/memory.py)."""

from __future__ import annotations

from typing import Any

import pytest

from redraft import ConfigurationError
from redraft.providers._local import LocalProvider, free_cpus, usable_cpus

xllamacpp = pytest.importorskip("xllamacpp")


def test_the_prompt_cache_in_ram_is_bounded_and_threads_follow_the_cpus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[Any] = []

    def server(params: Any) -> object:
        built.append(params)
        return object()

    monkeypatch.setattr(xllamacpp, "Server", server)
    monkeypatch.setattr("os.getloadavg", lambda: (0.2, 0.0, 0.0))
    LocalProvider()._create_server()
    LocalProvider(threads=1, cache_ram_mib=0)._create_server()
    default, custom = built
    # The runtime's own default is 8 GiB: every generated token stayed cached.
    assert xllamacpp.CommonParams().cache_ram_mib == 8192
    assert default.cache_ram_mib == 64 and custom.cache_ram_mib == 0
    assert default.cpuparams.n_threads == free_cpus() == default.cpuparams_batch.n_threads
    assert free_cpus() == usable_cpus()  # an idle machine: every usable CPU
    assert custom.cpuparams.n_threads == 1


def test_usable_cpus_follows_the_affinity_mask(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.sched_getaffinity", lambda pid: {0, 3, 5})
    assert usable_cpus() == 3
    # Another process keeping a core busy takes that core off the threads.
    monkeypatch.setattr("os.getloadavg", lambda: (1.1, 0.0, 0.0))
    assert free_cpus() == 2
    monkeypatch.setattr("os.getloadavg", lambda: (7.0, 0.0, 0.0))
    assert free_cpus() == 1
    with pytest.raises(ConfigurationError, match="cache_ram_mib"):
        LocalProvider(cache_ram_mib=-1)
