// `npm run build`, after scripts/prerender.ts: compresses the site and writes its manifest
// (scripts/site-manifest.ts), which the server reads at start.
import { writeSiteManifest } from './site-manifest'

const CLIENT_DIR = 'dist/client'

const manifest = await writeSiteManifest(CLIENT_DIR)
const files = Object.values(manifest.files)
const compressed = files.filter((file) => file.encodings.length > 0).length
console.info(`Manifest of ${files.length} files written; ${compressed} precompressed`)
