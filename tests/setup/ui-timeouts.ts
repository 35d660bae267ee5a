import { configure } from '@testing-library/dom';

// findBy*/waitFor give up after 1 s by default: lazily loaded parts (the breakdown dialog, the map chunk)
// take longer than that when the whole suite runs in parallel on a 2-core machine.
configure({ asyncUtilTimeout: 5000 });
