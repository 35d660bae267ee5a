import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { configure } from '@testing-library/dom';

// findBy*/waitFor give up after 1 s by default: lazily loaded parts (the breakdown dialog, the map chunk)
// are transformed on first import, which took over 5 s when the whole suite ran in parallel on a loaded
// 2-core machine. The ui project's test timeout (20 s) stays above this.
configure({ asyncUtilTimeout: 15_000 });

// Files share a worker's document (vitest's `isolate: false`): whatever a test rendered is unmounted after it,
// so no file starts on another's leftovers.
afterEach(cleanup);
