"""How the tests and the benchmarks launch Chromium (Debian's, driven by Playwright): the
benchmarks the full browser (`CHROMIUM`), the tests its headless shell (`HEADLESS_SHELL`).

One flag needs care. Chromium 156 loads its omnibox pop-up, a WebUI page of many files, in a
renderer of its own whenever a tab opens: a UI that a headless browser never shows, and a
large part of an end-to-end test's fixed CPU cost. `--disable-features` switches it off, but
Chromium keeps only the *last* `--disable-features` it is given, and Playwright passes its
own (among them ThirdPartyStoragePartitioning, which decides what storage a frame on another
site gets). So ours repeats Playwright's list, read from the installed driver, and adds ours.
"""

from __future__ import annotations

import re
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
# The tests' browser: the same Chromium build without the browser's UI layer (Playwright's own
# default for headless runs). A visit of the kind every end-to-end test makes (new tab, engine
# restored from its snapshot) cost 1.9 CPU-s in it against 2.5-2.8 in the full browser (all its
# processes; `python3 bench/visit_cpu.py`): the browser and GPU processes do half the work,
# the page a tenth less. The benchmarks keep the full browser: what people run.
HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell"

# The omnibox pop-up's WebUI (the first two are needed in Chromium 156, the third is its
# full-page variant).
OURS = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]

# Playwright 1.65's list, used if its driver cannot be read (a layout of a later version).
PLAYWRIGHT_1_65 = [
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled",
    "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
]


def playwright_disabled_features() -> list:
    """The features Playwright's driver disables (`disabledFeatures` in its
    chromiumSwitches), or PLAYWRIGHT_1_65 when the driver's source cannot be read."""
    try:
        import playwright

        package = Path(playwright.__file__).parent / "driver" / "package" / "lib"
        for source in (package / "coreBundle.js",
                       package / "server" / "chromium" / "chromiumSwitches.js"):
            if source.exists():
                found = re.search(r"disabledFeatures = \[(.*?)\]", source.read_text(), re.S)
                if found:
                    without_comments = re.sub(r"//[^\n]*", "", found.group(1))
                    names = re.findall(r"[\"']([A-Za-z0-9]+)[\"']", without_comments)
                    if names:
                        return names
    except (ImportError, OSError):
        pass
    return PLAYWRIGHT_1_65


COMMON = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update",
    "--no-first-run", "--disable-sync",
]


def with_features_disabled(features: list) -> list:
    """COMMON, and one `--disable-features` naming `features` and OURS."""
    return COMMON + ["--disable-features=" + ",".join(dict.fromkeys(features + OURS))]


ARGS = with_features_disabled(playwright_disabled_features())
# The same, with a frame on another site given storage of its own (partitioned by the top
# site), as Chrome ships since version 115 and Playwright switches off. With Playwright's
# list this Chromium refuses such a frame Cache Storage: the benchmark measures an embedded
# game both ways, and the tests check both.
ARGS_AS_SHIPPED = with_features_disabled(
    [f for f in playwright_disabled_features() if f != "ThirdPartyStoragePartitioning"])

# The tests' browser only (the benchmarks measure what people run). V8 stores a compiled
# WebAssembly module in the HTTP cache's code cache only after 1,000 bytes of new optimized
# (TurboFan) code and then 2 s without more, which a test's page, closed at its end, seldom
# leaves it: so nearly every page compiled Pyodide's 9.6 MB module and tiered its hot
# functions up again. With no wait (timeout 0), and stored again after each 100 kB of new
# optimized code, the warm profile's pages load the module compiled (a trace of such a page,
# category v8.wasm, shows wasm.Deserialize and next to no TurboFan work): test_embed_fit.py and
# test_bakuk_page.py (71 tests, 5 workers) took 119 and 111 CPU-s against 140 and 132
# without. These flags change how V8 compiles and caches, never what a page does.
# (`--liftoff-only` or `--no-wasm-tier-up` saved as much at a page's start, but the tests that
# compute in the page ran slower: the fairness lab's replay 12 s against 6-8 s.)
WASM_CACHING = "--js-flags=--wasm-caching-timeout-ms=0 --wasm-caching-threshold=100000"
TEST_ARGS = ARGS + [WASM_CACHING]
