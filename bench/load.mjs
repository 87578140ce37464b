// A small HTTP load generator, run as its own process so it never shares an event loop with the
// server it loads. N keep-alive connections each send one request, wait for the whole answer, and
// send the next, first for a warm-up (not counted), then for the measured time.
// Usage: node bench/load.mjs '{"url":"http://127.0.0.1:3000/api/users/my","headers":{},"connections":50,"warmupSeconds":3,"seconds":10}'
// Prints a line when the warm-up ends, then one JSON line: requests, errors, statuses, req/s, latency percentiles (ms), the generator's own CPU.
import http from 'node:http';

const options = JSON.parse(process.argv[2] ?? '{}');
const url = new URL(options.url);
const connections = options.connections ?? 50;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
const requestOptions = {
  agent,
  host: url.hostname,
  port: url.port,
  path: url.pathname + url.search,
  method: 'GET',
  headers: options.headers ?? {},
};

/** Sends one request; resolves with its status code once the whole body has been read. */
function once() {
  return new Promise((resolve) => {
    const request = http.request(requestOptions, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('error', () => resolve(0));
    request.end();
  });
}

/** Runs every connection until `until` (ms on the performance clock); records latencies if asked. */
async function phase(until, record) {
  const latencies = [];
  const statuses = {};
  let errors = 0;
  async function connection() {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await once();
      if (!record) continue;
      latencies.push(performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 0) errors += 1;
    }
  }
  await Promise.all(Array.from({ length: connections }, connection));
  return { latencies, statuses, errors };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

await phase(performance.now() + (options.warmupSeconds ?? 3) * 1000, false);
console.log(JSON.stringify({ phase: 'measuring' }));
const cpuBefore = process.cpuUsage();
const started = performance.now();
const { latencies, statuses, errors } = await phase(started + (options.seconds ?? 10) * 1000, true);
const elapsedMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
agent.destroy();

const sorted = Float64Array.from(latencies).sort();
const round = (n) => Math.round(n * 100) / 100;
console.log(
  JSON.stringify({
    requests: sorted.length,
    errors,
    statuses,
    seconds: round(elapsedMs / 1000),
    reqPerSec: Math.round(sorted.length / (elapsedMs / 1000)),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    /** Share of one core the generator itself used while measuring. */
    generatorCpu: round((cpu.user + cpu.system) / 1000 / elapsedMs),
  }),
);
