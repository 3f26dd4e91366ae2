// node bench/big-body.mjs [root] — memory and time of the reference back end under anonymous 100 MB JSON bodies.
// Bounded and loopback only: one server on 127.0.0.1 (BENCH_PORT, default 5180, in-memory database), two bodies in
// parallel, then eight; every request gives up after 60 s. Prints resident memory (VmRSS now, VmHWM peak) before and
// after, and how long the server took to answer. `root` is the checkout to run (default: this one).
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { startReferenceServer } from './reference-server.mjs';

const ROOT = path.resolve(process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..'));
const PORT = Number(process.env.BENCH_PORT ?? 5180);
const SIZE = 100 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 'x');

const memory = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
};

function send() {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port: PORT, path: '/hosts/main/v2/stash', method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': SIZE } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: Date.now() - started }));
    });
    const timer = setTimeout(() => req.destroy(new Error('timeout')), 60_000);
    req.on('error', () => resolve({ status: 'error', ms: Date.now() - started }));
    req.on('close', () => clearTimeout(timer));
    const head = Buffer.from('{"hash":"1questionnaireX","field":"a","value":"');
    const tail = Buffer.from('"}');
    let sent = 0;
    const pump = () => {
      while (sent < SIZE) {
        const left = SIZE - sent;
        const piece = sent === 0 ? head : left === tail.length ? tail : CHUNK.subarray(0, Math.min(CHUNK.length, left - tail.length));
        sent += piece.length;
        if (!req.write(piece)) return req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const server = await startReferenceServer(ROOT, PORT);
try {
  const idle = memory(server.pid);
  const two = await Promise.all([send(), send()]);
  const afterTwo = memory(server.pid);
  const eight = await Promise.all(Array.from({ length: 8 }, send));
  const afterEight = memory(server.pid);
  console.log(JSON.stringify({ root: path.basename(ROOT), idle, two: { answers: two, memory: afterTwo }, eight: { slowestMs: Math.max(...eight.map((a) => a.ms)), statuses: [...new Set(eight.map((a) => a.status))], memory: afterEight } }, null, 1));
} finally {
  server.kill('SIGTERM');
}
