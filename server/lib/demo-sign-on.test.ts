import { describe, expect, it } from 'vitest';
import { DEMO_SIGN_ON_FLAG, demoSignOnRefusal, isLoopback } from './demo-sign-on';

describe('demo sign-on listens only on loopback unless the flag is set', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])('%s is loopback', (host) => {
    expect(isLoopback(host)).toBe(true);
    expect(demoSignOnRefusal(host, {})).toBeNull();
  });

  it.each(['0.0.0.0', '::', '192.168.1.10', '10.0.0.5', 'example.ru', '128.0.0.1', '::ffff:10.0.0.1'])('%s is refused without the flag', (host) => {
    expect(isLoopback(host)).toBe(false);
    expect(demoSignOnRefusal(host, {})).toContain('включая администратора');
    expect(demoSignOnRefusal(host, { [DEMO_SIGN_ON_FLAG]: 'yes' })).not.toBeNull();
    expect(demoSignOnRefusal(host, { [DEMO_SIGN_ON_FLAG]: '1' })).toBeNull();
  });
});
