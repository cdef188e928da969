"""Chromium's flags for the tests and benchmarks (tools/chromium.py): Chromium keeps only the
last --disable-features, so ours must carry Playwright's own list as well as ours."""

from tools import chromium


def test_playwrights_own_disabled_features_are_read_from_its_driver():
    features = chromium.playwright_disabled_features()
    # what the cross-site frame test depends on: Playwright turns partitioning off
    assert "ThirdPartyStoragePartitioning" in features
    assert all(name.isalnum() for name in features)


def test_one_disable_features_flag_carries_playwrights_list_and_ours():
    flags = [arg for arg in chromium.ARGS if arg.startswith("--disable-features=")]
    assert len(flags) == 1
    names = flags[0].split("=", 1)[1].split(",")
    assert set(chromium.playwright_disabled_features()) | set(chromium.OURS) == set(names)
    assert len(names) == len(set(names))


def test_the_tests_browser_caches_compiled_webassembly_without_waiting():
    # Chromium keeps only the last --js-flags: one, and only in the tests' browser
    flags = [arg for arg in chromium.TEST_ARGS if arg.startswith("--js-flags=")]
    assert flags == [chromium.WASM_CACHING]
    assert "--wasm-caching-timeout-ms=0" in flags[0].split("=", 1)[1].split()
    assert chromium.TEST_ARGS[:-1] == chromium.ARGS
    assert not any(arg.startswith("--js-flags=") for arg in chromium.ARGS)
