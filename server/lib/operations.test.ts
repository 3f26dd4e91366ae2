import { describe, expect, it } from 'vitest';
import { HOSTS, loadSpec, type HostName } from './spec';
import { PUBLIC_OPERATIONS } from './operations';

describe('typed operations', () => {
  it('PUBLIC_OPERATIONS are exactly the operations the specs open without a token', () => {
    const open = (Object.keys(HOSTS) as HostName[]).flatMap((host) => loadSpec(host).operations.filter((op) => !op.secured).map((op) => op.operationId));
    expect(open.sort()).toEqual([...PUBLIC_OPERATIONS].sort());
  });

  it('operationIds are unique across the four specs (one handler map serves them all)', () => {
    const ids = (Object.keys(HOSTS) as HostName[]).flatMap((host) => loadSpec(host).operations.map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
