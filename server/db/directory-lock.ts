import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, lstatSync, realpathSync, renameSync, rmSync, type Stats } from 'node:fs';
import type { Server } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { listenAsOwner, listenQuietly, probeLock, type LockOwner, type LockProbe } from './lock-socket.ts';
import { monotonicMs } from '../domain/server-clock.ts';

const SOCKET_NAME = 'server.sock';
/** The pid file of earlier versions: meaningless once pids are reused, so it is ignored and removed. */
const LEGACY_LOCK_NAME = 'server.lock';
/** sun_path holds 108 bytes including the terminating NUL. */
const MAX_SOCKET_PATH_BYTES = 107;
const MAX_ATTEMPTS = 50;
/** Removing a dead lock takes microseconds; a remover the machine has stalled may hold its turn far longer. */
const TURN_WAIT_MS = 10_000;

/** Folders (by real path) this process holds: a second open here is a mistake, not another server. */
const heldByThisProcess = new Set<string>();

/** Mounts that cannot hold a socket file or a hard link (some FUSE and desktop-VM shared folders) say so. */
const SOCKET_FILE_UNSUPPORTED = new Set(['ENOTSUP', 'EOPNOTSUPP', 'EPERM']);

export type ReleaseLock = () => Promise<void>;

export interface LockOptions {
  /** Runs between the steps of removing a dead lock: tests stall there, as a loaded machine's scheduler does. */
  betweenRemovalSteps?: () => void;
}

interface Claimed {
  server: Server;
  /** Removes the lock's name, if it has one; the socket itself is closed by the caller. */
  release: () => void;
}

/** Another process holds the folder: `pid`, when it said who it is. */
export class DataFolderInUse extends Error {
  constructor(
    message: string,
    readonly pid: number | undefined,
  ) {
    super(message);
  }
}

function inUseError(dir: string, probe: LockProbe): Error {
  const pid = probe.state === 'alive' ? probe.owner?.pid : undefined;
  return new DataFolderInUse(
    `The data folder ${dir} is in use by another server (pid ${pid ?? 'unknown'}). Stop it, or set DATA_DIR to another folder, or use DATABASE_URL for several servers.`,
    pid,
  );
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** A Linux abstract socket name for a folder: `purpose` keeps the lock and the removers' turn apart. */
function abstractName(purpose: string, realDir: string): string {
  return `\0panic-alerts-dashboard/${purpose}${createHash('sha256').update(realDir).digest('hex')}`;
}

function fitsSunPath(path: string): boolean {
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES;
}

/** The same file: a reused inode number has another birth time (where the filesystem records one). */
function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.birthtimeMs === b.birthtimeMs;
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Whoever removes a dead lock holds this turn while it does. Two removers at once could go wrong: one
 * stats the dead socket and loses the CPU, the other removes it and a third server links its live one in,
 * the first wakes and renames that live socket away, and a fourth links into the empty name before it goes
 * back: two owners (CI saw it among six). A Linux abstract socket is bound atomically and dropped by the
 * kernel with its process, so the turn cannot outlive a crash. It is per network namespace: servers in two
 * namespaces sharing one folder, and other systems, rely on the re-check in removeDeadSocket alone.
 */
async function takeTurnToRemove(realDir: string): Promise<Server | 'busy' | 'unsupported'> {
  if (process.platform !== 'linux') return 'unsupported';
  const name = abstractName('takeover/', realDir);
  try {
    return await listenQuietly(name);
  } catch (error) {
    if (codeOf(error) === 'EADDRINUSE') return 'busy';
    throw error;
  }
}

/**
 * Removes the socket file found dead, and only that one. Check, rename and re-check run without
 * yielding; should a live socket be caught all the same (no turn held), it goes straight back.
 */
function removeDeadSocket(socketPath: string, gravePath: string, dead: Stats, options: LockOptions): void {
  const current = statOrUndefined(socketPath);
  if (!current || !sameFile(current, dead)) return;
  options.betweenRemovalSteps?.();
  try {
    renameSync(socketPath, gravePath);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return;
    throw error;
  }
  options.betweenRemovalSteps?.();
  if (!sameFile(lstatSync(gravePath), dead)) {
    try {
      linkSync(gravePath, socketPath);
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
    }
  }
  rmSync(gravePath, { force: true });
}

/**
 * The lock is a socket file in the folder. It is linked into place from a private name only once it
 * listens, so a socket at `server.sock` either accepts (its owner lives) or refuses (its owner is dead:
 * the kernel closed the socket with the process, whatever pid a restart gets). `link` fails when the name
 * exists, so two servers can never both create it; after linking, the owner greeting us must be ourselves.
 */
async function claimSocketFile(dir: string, realDir: string, owner: LockOwner, options: LockOptions): Promise<Claimed> {
  const socketPath = join(dir, SOCKET_NAME);
  const privatePath = join(dir, `.${SOCKET_NAME}.${owner.nonce}`);
  const gravePath = join(dir, `.${SOCKET_NAME}.${owner.nonce}.dead`);
  rmSync(privatePath, { force: true });
  const server = await listenAsOwner(privatePath, owner);
  try {
    chmodSync(privatePath, 0o600);
    const ours = lstatSync(privatePath);
    const turnWaitEnds = monotonicMs() + TURN_WAIT_MS;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        linkSync(privatePath, socketPath);
      } catch (error) {
        if (codeOf(error) !== 'EEXIST') throw error;
      }
      const probed = statOrUndefined(socketPath);
      if (!probed) continue;
      const holder = await probeLock(socketPath);
      if (holder.state === 'alive') {
        if (holder.owner?.nonce !== owner.nonce) throw inUseError(dir, holder);
        rmSync(privatePath, { force: true });
        const release = () => {
          const current = statOrUndefined(socketPath);
          if (current && sameFile(current, ours)) rmSync(socketPath, { force: true });
        };
        return { server, release };
      }
      if (holder.state !== 'dead') continue;
      const turn = await takeTurnToRemove(realDir);
      if (turn === 'busy') {
        if (monotonicMs() > turnWaitEnds)
          throw new Error(
            `Could not lock the data folder ${dir}: another server's removal of its dead lock never ended.`,
          );
        attempt--; // waiting for another's turn is not the lock changing hands
        await delay(1 + Math.random() * 4);
        continue;
      }
      try {
        removeDeadSocket(socketPath, gravePath, probed, options);
      } finally {
        if (turn !== 'unsupported') turn.close();
      }
    }
    throw new Error(`Could not lock the data folder ${dir}: its lock kept changing hands.`);
  } catch (error) {
    server.close();
    rmSync(privatePath, { force: true });
    throw error;
  }
}

/** For a folder whose path is too long for a socket file: an abstract socket, which needs no file at all. */
async function claimAbstractSocket(dir: string, realDir: string, owner: LockOwner): Promise<Claimed> {
  if (process.platform !== 'linux') {
    throw new Error(`The data folder path ${dir} is too long for its lock socket; set DATA_DIR to a shorter path.`);
  }
  const name = abstractName('', realDir);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    try {
      return { server: await listenAsOwner(name, owner), release: () => {} };
    } catch (error) {
      if (codeOf(error) !== 'EADDRINUSE') throw error;
    }
    const holder = await probeLock(name);
    if (holder.state === 'alive') throw inUseError(dir, holder);
  }
  throw new Error(`Could not lock the data folder ${dir}: its lock kept changing hands.`);
}

/**
 * PGlite corrupts a folder that two processes write at once, so a server claims the folder with a lock the
 * kernel holds for it and drops when the process ends, however it ends (SIGKILL included). Resolves to the
 * function that releases it.
 */
export async function acquireDirectoryLock(dataDir: string, options: LockOptions = {}): Promise<ReleaseLock> {
  const dir = resolve(dataDir);
  const realDir = realpathSync(dir);
  if (heldByThisProcess.has(realDir)) throw new Error(`The data folder ${dir} is already open in this process.`);
  heldByThisProcess.add(realDir);
  try {
    const owner: LockOwner = { pid: process.pid, nonce: randomBytes(6).toString('hex') };
    const longestPath = join(dir, `.${SOCKET_NAME}.${owner.nonce}.dead`);
    let claimed: Claimed | undefined;
    if (fitsSunPath(longestPath)) {
      try {
        claimed = await claimSocketFile(dir, realDir, owner, options);
      } catch (error) {
        if (process.platform !== 'linux' || !SOCKET_FILE_UNSUPPORTED.has(codeOf(error) ?? '')) throw error;
      }
    }
    const { server, release } = claimed ?? (await claimAbstractSocket(dir, realDir, owner));
    rmSync(join(dir, LEGACY_LOCK_NAME), { force: true });
    return () =>
      new Promise<void>((done) => {
        heldByThisProcess.delete(realDir);
        // Unlinked before the socket closes, so the name never points at a dead socket of ours.
        release();
        server.close(() => done());
      });
  } catch (error) {
    heldByThisProcess.delete(realDir);
    throw error;
  }
}
