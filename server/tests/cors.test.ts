import Fastify from 'fastify';
import cors from '@fastify/cors';
import { describe, expect, it } from 'vitest';
import { corsOptions } from '../app';

async function host() {
  const app = Fastify();
  await app.register(cors, corsOptions(['https://cabinet.example.ru']));
  app.get('/v1/projects/1', async () => ({ id: 1 }));
  await app.ready();
  return app;
}

describe('CORS of an API host', () => {
  it("answers the app's origin and the widget's sandboxed frame (Origin: null) without credentials", async () => {
    const app = await host();
    for (const origin of ['https://cabinet.example.ru', 'null']) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/v1/projects/1',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(String(preflight.headers['access-control-allow-headers'])).toContain('Authorization');
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('says nothing to another origin', async () => {
    const app = await host();
    const answer = await app.inject({ method: 'GET', url: '/v1/projects/1', headers: { origin: 'https://evil.example' } });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});
