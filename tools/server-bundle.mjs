// The server is TypeScript; compiling it at every start (tsx) cost seconds while phones' panics waited.
// It is compiled once into ES modules and recompiled whenever a file it was built from changes, so an
// edit takes effect at the next start and a stale bundle is never run. Split at dynamic imports: what a
// start needs first (the start window that takes panics) loads without parsing the whole server. Plain
// JavaScript: it runs before anything can compile TypeScript.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));
const KEPT_BUNDLES = 3;

/** Where `npm start` keeps the compiled server. */
export const defaultBundleOptions = {
  root: projectRoot,
  entry: 'server/main.ts',
  cacheDir: join(projectRoot, '.tmp/server-bundle'),
};

/**
 * Besides the project's files esbuild reads, what shapes the output: this compiler, the TypeScript settings,
 * and the installed packages. Those are known by npm's record of them (it rewrites node_modules/.package-lock.json
 * at every install), not file by file: a start checks 200 files rather than 700.
 */
function extraInputs(root) {
  return [
    fileURLToPath(import.meta.url),
    ...['tsconfig.json', 'package.json', 'node_modules/.package-lock.json'].map((name) => join(root, name)),
  ];
}

const isPackageFile = (root, path) => relative(root, path).split(sep).includes('node_modules');

function fingerprint(path) {
  try {
    const stat = statSync(path);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
}

function readManifest(cacheDir) {
  try {
    return JSON.parse(readFileSync(join(cacheDir, 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The bundle of the manifest when every file it was built from is exactly as it was then. */
function freshBundle(cacheDir, root) {
  const manifest = readManifest(cacheDir);
  if (!manifest) return undefined;
  for (const [path, print] of Object.entries(manifest.inputs)) {
    if (fingerprint(resolve(root, path)) !== print) return undefined;
  }
  const bundlePath = join(cacheDir, manifest.bundle);
  return fingerprint(bundlePath) === 'missing' ? undefined : bundlePath;
}

/** esbuild comes with tsx (a dependency), wherever npm placed it. */
function loadEsbuild() {
  return createRequire(fileURLToPath(import.meta.resolve('tsx')))('esbuild');
}

const LOADERS = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.json': 'json',
};

/**
 * Left to node_modules: PGlite finds its WebAssembly beside itself, argon2 is a native addon, and pg is
 * loaded only for PostgreSQL.
 */
const NOT_BUNDLED = ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pg-native'];

/** CommonJS packages inside an ES module still call `require` for Node's own modules. */
const REQUIRE_BANNER =
  "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);";

/**
 * Loads every bundled file, the project's and its packages': each keeps its own `import.meta.url`, so
 * paths resolved from it (migrations, dist/) still point beside it; and each file's fingerprint is taken
 * before it is read, so a file changed during the compile makes the bundle stale rather than wrongly fresh.
 */
function loadFingerprinted(root, fingerprints) {
  return {
    name: 'load-fingerprinted',
    setup(build) {
      build.onLoad({ filter: /.*/ }, (args) => {
        const loader = LOADERS[extname(args.path)];
        if (!loader) return undefined;
        if (!isPackageFile(root, args.path)) fingerprints[relative(root, args.path)] = fingerprint(args.path);
        const source = readFileSync(args.path, 'utf8');
        const contents =
          loader === 'json'
            ? source
            : source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        return { contents, loader };
      });
    },
  };
}

function pruneOldBundles(cacheDir, current) {
  const bundles = readdirSync(cacheDir)
    .filter((name) => name.startsWith('server-') && name !== current && !name.includes('.tmp-'))
    .map((name) => ({ name, at: statSync(join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  // A few are kept for starts that read the previous manifest a moment ago.
  for (const { name } of bundles.slice(KEPT_BUNDLES)) rmSync(join(cacheDir, name), { recursive: true, force: true });
}

/** The entry module's name inside a bundle's folder; the chunks beside it are named by their content. */
const ENTRY_FILE = 'main.mjs';

/** Writes the output files into a folder named by their content; a folder of that name already holds the same files. */
function writeBundleFolder(cacheDir, outputFiles, outdir) {
  const hash = createHash('sha256');
  for (const file of [...outputFiles].sort((a, b) => a.path.localeCompare(b.path)))
    hash.update(relative(outdir, file.path)).update(file.contents);
  const folder = `server-${hash.digest('hex').slice(0, 16)}`;
  // Written under a private name and renamed: a concurrent start sees the old files or the new, never half.
  const staging = join(cacheDir, `${folder}.tmp-${process.pid}-${Date.now()}`);
  for (const file of outputFiles) {
    const target = join(staging, relative(outdir, file.path));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.contents);
  }
  try {
    renameSync(staging, join(cacheDir, folder));
  } catch (error) {
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    rmSync(staging, { recursive: true, force: true }); // another start wrote the same folder first
  }
  return folder;
}

/** Compiles `entry` with the packages it uses into ES modules; several processes may do it at once. */
async function compile({ root, entry, cacheDir }) {
  const fingerprints = Object.fromEntries(extraInputs(root).map((path) => [relative(root, path), fingerprint(path)]));
  const outdir = join(cacheDir, 'out');
  const result = await loadEsbuild().build({
    absWorkingDir: root,
    entryPoints: { main: entry },
    bundle: true,
    splitting: true,
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: NOT_BUNDLED,
    banner: { js: REQUIRE_BANNER },
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [loadFingerprinted(root, fingerprints)],
  });
  const unfingerprinted = Object.keys(result.metafile.inputs).filter(
    (path) => !(path in fingerprints) && !isPackageFile(root, resolve(root, path)),
  );
  if (unfingerprinted.length > 0)
    throw new Error(`Cannot tell when these server inputs change: ${unfingerprinted.join(', ')}`);
  mkdirSync(cacheDir, { recursive: true });
  const folder = writeBundleFolder(cacheDir, result.outputFiles, outdir);
  const unique = `${process.pid}-${Date.now()}`;
  const bundle = `${folder}/${ENTRY_FILE}`;
  writeFileSync(join(cacheDir, `manifest.json.${unique}`), JSON.stringify({ bundle, inputs: fingerprints }, null, 1));
  renameSync(join(cacheDir, `manifest.json.${unique}`), join(cacheDir, 'manifest.json'));
  pruneOldBundles(cacheDir, folder);
  return join(cacheDir, bundle);
}

/**
 * The path of a compiled bundle of `entry` that matches the sources as they are now, compiling one when
 * there is none or any file it was built from changed. Answers `{ path, compiledMs }` (0 when reused).
 */
export async function ensureServerBundle(options = defaultBundleOptions) {
  const fresh = freshBundle(options.cacheDir, options.root);
  if (fresh) return { path: fresh, compiledMs: 0 };
  const started = performance.now();
  const path = await compile(options);
  return { path, compiledMs: Math.round(performance.now() - started) };
}
