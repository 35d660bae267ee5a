import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/domain/loopback.ts';

describe('one loopback check', () => {
  it.each(['localhost', 'LOCALHOST', 'localhost.', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])(
    '%s is this machine',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each([
    '0.0.0.0',
    '192.168.1.20',
    '::',
    '128.0.0.1',
    '127.0.0.256',
    '127.0.0.1.evil.example',
    'localhost.evil.example',
    'evil.example',
    '',
  ])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
