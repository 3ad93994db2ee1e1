// Debian's Chromium as the tests and the benchmark launch it: headless, and with every host but
// loopback unresolvable, so nothing leaves the machine (which has no internet anyway).
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE ::1',
]

/**
 * Playwright's own `--disable-features` list (playwright-core's chromiumSwitches.ts). Chromium
 * reads only the last `--disable-features` it is given, so a launch that adds one repeats these.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

/**
 * The flags above for the test suite's Playwright launch, plus one cut of browser chrome: every
 * new window of headless Chromium 156 starts a renderer for the address bar's WebUI popup
 * (chrome://omnibox-popup.top-chrome), which no page sees. It took 0.5 s of CPU per browser
 * context: a new context's first load of `/` cost 1.38 s of CPU with it and 0.72 s without
 * (6 loads each, one run), and the e2e files open about 300 contexts.
 * tests/e2e/chromium.test.ts checks that the popup stays off and Playwright's list is kept.
 */
export const TEST_CHROME_FLAGS = [
  ...CHROME_FLAGS,
  `--disable-features=${[
    ...PLAYWRIGHT_DISABLED_FEATURES,
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
    'WebUIOmniboxFullPopup',
  ].join(',')}`,
]
