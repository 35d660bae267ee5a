// A further script chunk that has not arrived after 120 s is a failed chunk (SPEC §8, §9).
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
const CHUNK_LOAD_ERROR = 'Loading chunk failed';

export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(chunkLoadError()), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      () => {
        clearTimeout(timer);
        reject(chunkLoadError());
      },
    );
  });
}

function chunkLoadError(): Error {
  const error = new Error(CHUNK_LOAD_ERROR);
  error.name = 'ChunkLoadError';
  return error;
}
