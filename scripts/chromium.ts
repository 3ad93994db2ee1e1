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
