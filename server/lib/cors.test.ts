import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCors } from './cors';

async function app() {
  const server = Fastify();
  registerCors(server, ['null', 'https://cabinet.example']);
  server.get('/hosts/main/v1/projects/1', async () => ({ id: 1 }));
  await server.ready();
  return server;
}

describe('cross-origin answers (the sandboxed widget frame sends Origin: null)', () => {
  it('answers a preflight for Authorization and JSON from an allowed origin, echoing it, without credentials', async () => {
    const server = await app();
    const answer = await server.inject({
      method: 'OPTIONS',
      url: '/hosts/main/v1/projects/1',
      headers: { origin: 'null', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('null');
    expect(String(answer.headers['access-control-allow-headers'])).toContain('Authorization');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    const get = await server.inject({ method: 'GET', url: '/hosts/main/v1/projects/1', headers: { origin: 'https://cabinet.example' } });
    expect(get.headers['access-control-allow-origin']).toBe('https://cabinet.example');
    expect(get.headers.vary).toContain('Origin');
  });

  it('says nothing to other origins', async () => {
    const server = await app();
    const get = await server.inject({ method: 'GET', url: '/hosts/main/v1/projects/1', headers: { origin: 'https://evil.example' } });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});
