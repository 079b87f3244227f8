// Drives one peer server (Colyseus or boardgame.io) through our exchange and
// prints one JSON report on stdout (see README.md):
//
//   node drive.mjs saturated --server colyseus|boardgameio [--rooms 50] [--warmup 3] [--duration 15]
//   node drive.mjs seated    --server colyseus|boardgameio --connections 2000 [--settle 3]
//
// Common options: --port (default 18390 Colyseus, 18391 boardgame.io),
// --procs (client processes; default 1, seated: one per 5,000 connections),
// --concurrency (rooms set up at once per client process, default 50),
// --setup-limit (seconds, default 300).
//
// It starts the server itself (a child process on 127.0.0.1), reads its CPU
// time (utime + stime of /proc/PID/stat) and RSS (VmRSS of /proc/PID/status),
// and kills it at the end. The clients run in child processes of this one
// (`node drive.mjs worker`, told what to do over IPC).
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { chooseMove } from './exchange.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const SERVERS = {
    colyseus: { script: 'colyseus-server.mjs', port: 18390 },
    boardgameio: { script: 'boardgameio-server.mjs', port: 18391 },
};

// ---------------------------------------------------------------- the main process

const children = new Set();

function cleanup() {
    for (const c of children) {
        try { c.kill('SIGKILL'); } catch { /* gone */ }
    }
    children.clear();
}

function usage(msg) {
    if (msg) console.error(`drive.mjs: ${msg}`);
    console.error('usage: node drive.mjs saturated|seated --server colyseus|boardgameio [--rooms N] [--warmup S] [--duration S] [--connections N] [--settle S] [--port P] [--procs N] [--concurrency N]');
    process.exit(2);
}

function parseArgs(argv) {
    const mode = argv[0];
    if (mode !== 'saturated' && mode !== 'seated') usage(`unknown mode ${mode}`);
    const o = { mode, rooms: 50, warmup: 3, duration: 15, connections: 0, settle: 3, concurrency: 50, setupLimit: 300 };
    const names = {
        '--server': 'server', '--rooms': 'rooms', '--warmup': 'warmup', '--duration': 'duration',
        '--connections': 'connections', '--settle': 'settle', '--port': 'port', '--procs': 'procs',
        '--concurrency': 'concurrency', '--setup-limit': 'setupLimit',
    };
    for (let i = 1; i < argv.length; i += 2) {
        const key = names[argv[i]];
        if (!key || argv[i + 1] === undefined) usage(`bad option ${argv[i]}`);
        o[key] = key === 'server' ? argv[i + 1] : Number(argv[i + 1]);
        if (key !== 'server' && !(o[key] >= 0)) usage(`bad value for ${argv[i]}`);
    }
    if (!SERVERS[o.server]) usage('--server colyseus or boardgameio');
    o.port ??= SERVERS[o.server].port;
    if (mode === 'seated') {
        if (!(o.connections >= 2) || o.connections % 2) usage('--connections: an even number, at least 2');
        o.rooms = o.connections / 2;
        o.procs ??= Math.max(1, Math.ceil(o.connections / 5000));
    } else {
        o.procs ??= 1;
    }
    o.procs = Math.max(1, Math.min(o.procs, o.rooms));
    return o;
}

/** Open-file limits [soft, hard] of this process. */
function fileLimits() {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
    const [soft, hard] = line.trim().split(/\s+/).slice(3, 5);
    return [Number(soft), hard === 'unlimited' ? Infinity : Number(hard)];
}

/** Node cannot raise its own limit: run again under a shell that does. */
async function raiseFileLimit() {
    const [soft, hard] = fileLimits();
    if (soft >= hard || process.env.PEERS_DRIVE_ULIMIT) return false;
    const child = spawn('/bin/sh', ['-c', 'ulimit -n "$(ulimit -H -n)" && exec "$@"', 'sh',
        process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
        stdio: 'inherit', env: { ...process.env, PEERS_DRIVE_ULIMIT: '1' },
    });
    children.add(child);
    const forward = (sig) => child.kill(sig);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
    children.delete(child);
    process.exitCode = code;
    return true;
}

function clockTicks() {
    try {
        return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
        return 100;
    }
}

/** utime + stime of a process, in clock ticks. */
function cpuTicks(pid) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // fields 14 and 15 of proc(5)
}

/** Resident set size of a process, in bytes. */
function rssBytes(pid) {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return Number(line.split(/\s+/)[1]) * 1024;
}

function versions() {
    const v = (name) => {
        try {
            return JSON.parse(readFileSync(join(HERE, 'node_modules', name, 'package.json'), 'utf8')).version;
        } catch {
            return null;
        }
    };
    return {
        node: process.versions.node,
        '@colyseus/core': v('@colyseus/core'),
        '@colyseus/ws-transport': v('@colyseus/ws-transport'),
        'colyseus.js': v('colyseus.js'),
        'boardgame.io': v('boardgame.io'),
        'socket.io': v('socket.io'),
        'socket.io-client': v('socket.io-client'),
        ws: v('ws'),
    };
}

async function startServer(o) {
    const script = join(HERE, SERVERS[o.server].script);
    const child = spawn(process.execPath, [script, '--port', String(o.port), '--stdin-lifeline'], {
        stdio: ['pipe', 'pipe', 'inherit'],
        env: { ...process.env, NODE_ENV: 'production' },
    });
    children.add(child);
    const ready = await new Promise((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`${o.server} server: not ready in 30 s`)), 30000);
        child.on('exit', (code) => reject(new Error(`${o.server} server exited (${code}) before it was ready`)));
        child.stdout.on('data', function onData(chunk) {
            out += chunk;
            const nl = out.indexOf('\n');
            if (nl < 0) return;
            clearTimeout(timer);
            child.stdout.off('data', onData);
            child.stdout.on('data', (more) => process.stderr.write(more));
            try {
                resolve(JSON.parse(out.slice(0, nl)));
            } catch {
                reject(new Error(`${o.server} server said: ${out.slice(0, nl)}`));
            }
        });
    });
    if (!ready.ready || ready.pid !== child.pid) throw new Error(`${o.server} server: unexpected ${JSON.stringify(ready)}`);
    child.removeAllListeners('exit');
    child.on('exit', (code, sig) => {
        if (!stopping) console.error(`drive.mjs: the ${o.server} server exited (${code ?? sig})`);
    });
    return child;
}
let stopping = false;

function startWorkers(o) {
    const per = Math.floor(o.rooms / o.procs);
    const workers = [];
    for (let i = 0; i < o.procs; i++) {
        const rooms = per + (i < o.rooms % o.procs ? 1 : 0);
        const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'worker'], {
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        children.add(child);
        const w = { child, rooms, waiting: new Map(), next: 0 };
        child.on('message', (m) => {
            const resolve = w.waiting.get(m.id);
            if (resolve) {
                w.waiting.delete(m.id);
                resolve(m);
            }
        });
        child.on('exit', (code, sig) => {
            if (!stopping) console.error(`drive.mjs: a client process exited (${code ?? sig})`);
            for (const resolve of w.waiting.values()) resolve({ error: 'client process exited' });
            w.waiting.clear();
        });
        w.ask = (msg) => new Promise((resolve) => {
            if (!child.connected) return resolve({ error: 'client process exited' });
            const id = w.next++;
            w.waiting.set(id, resolve);
            child.send({ ...msg, id }, (err) => {
                if (err && w.waiting.delete(id)) resolve({ error: `client process: ${err.message}` });
            });
        });
        workers.push(w);
    }
    return workers;
}

const ZERO = { rounds: 0, framesSent: 0, framesReceived: 0, bytesSent: 0, bytesReceived: 0, errors: 0, closed: 0, stalled: 0 };

async function counts(workers) {
    const replies = await Promise.all(workers.map((w) => w.ask({ cmd: 'count' })));
    const sum = { ...ZERO };
    for (const r of replies) {
        if (r.error) throw new Error(r.error);
        for (const k of Object.keys(sum)) sum[k] += r.counters[k];
    }
    return sum;
}

async function main() {
    if (await raiseFileLimit()) return;
    const o = parseArgs(process.argv.slice(2));
    const tick = clockTicks();
    const [files] = fileLimits();
    const server = await startServer(o);
    const pid = server.pid;
    process.on('SIGINT', () => { cleanup(); process.exit(130); });
    process.on('SIGTERM', () => { cleanup(); process.exit(143); });

    if (o.mode === 'seated') await sleep(o.settle * 1000);
    const rssBefore = rssBytes(pid);
    const cpuStart = cpuTicks(pid);

    const setupStart = performance.now();
    const workers = startWorkers(o);
    const setup = await Promise.all(workers.map((w) => w.ask({
        cmd: 'setup', mode: o.mode, server: o.server, port: o.port, rooms: w.rooms,
        concurrency: o.concurrency, setupLimit: o.setupLimit,
    })));
    const setupSeconds = (performance.now() - setupStart) / 1000;
    const failures = setup.reduce((n, r) => n + (r.failures ?? r.rooms ?? 1), 0);
    const errorSamples = setup.flatMap((r) => r.samples ?? (r.error ? [r.error] : [])).slice(0, 5);
    const seatedClients = setup.reduce((n, r) => n + (r.seated ?? 0), 0);

    const report = {
        scenario: o.mode,
        peer: o.server,
        versions: versions(),
        setup: o.mode === 'seated'
            ? `${o.rooms} rooms × 2 players seated, one round started, no seal sent; ${o.procs} client process(es)`
            : `${o.rooms} rooms × 2 players at full speed; ${o.procs} client process(es)`,
        rooms: o.rooms,
        clients: o.rooms * 2,
        clients_seated: seatedClients,
        setup_failures: failures,
        setup_seconds: setupSeconds,
        open_file_limit: files,
    };

    if (o.mode === 'seated') {
        await sleep(o.settle * 1000);
        const rssAfter = rssBytes(pid);
        const c = await counts(workers);
        report.connections = o.connections;
        report.connections_open = seatedClients - c.closed;
        report.counts = { frames_sent: c.framesSent, frames_received: c.framesReceived, bytes_sent: c.bytesSent, bytes_received: c.bytesReceived, errors: c.errors, closed: c.closed };
        report.server = {
            pid,
            rss_before_bytes: rssBefore,
            rss_bytes: rssAfter,
            rss_per_connection_bytes: Math.round((rssAfter - rssBefore) / o.connections),
            cpu_seconds_setup: (cpuTicks(pid) - cpuStart) / tick,
        };
    } else {
        await sleep(o.warmup * 1000);
        const t0 = performance.now();
        const cpu0 = cpuTicks(pid);
        const c0 = await counts(workers);
        await sleep(o.duration * 1000);
        const c1 = await counts(workers);
        const cpu1 = cpuTicks(pid);
        const t1 = performance.now();
        const rss = rssBytes(pid);
        const d = Object.fromEntries(Object.keys(ZERO).map((k) => [k, c1[k] - c0[k]]));
        d.stalled = c1.stalled;
        const seconds = (t1 - t0) / 1000;
        const cpuSeconds = (cpu1 - cpu0) / tick;
        report.seconds = seconds;
        report.counts = {
            rounds: d.rounds, frames_sent: d.framesSent, frames_received: d.framesReceived,
            bytes_sent: d.bytesSent, bytes_received: d.bytesReceived, errors: d.errors, closed: c1.closed,
            rooms_without_a_round: d.stalled,
        };
        report.rounds_per_second = d.rounds / seconds;
        report.frames_per_round = d.rounds ? (d.framesSent + d.framesReceived) / d.rounds : null;
        report.frames_sent_per_round = d.rounds ? d.framesSent / d.rounds : null;
        report.frames_received_per_round = d.rounds ? d.framesReceived / d.rounds : null;
        report.bytes_per_round = d.rounds ? (d.bytesSent + d.bytesReceived) / d.rounds : null;
        report.server = {
            pid,
            rss_before_bytes: rssBefore,
            rss_bytes: rss,
            cpu_seconds: cpuSeconds,
            cpu_share_of_one_core: cpuSeconds / seconds,
            cpu_us_per_round: d.rounds ? (cpuSeconds * 1e6) / d.rounds : null,
            cpu_us_per_frame: d.rounds ? (cpuSeconds * 1e6) / (d.framesSent + d.framesReceived) : null,
            clk_tck: tick,
        };
    }
    report.error_samples = errorSamples;
    stopping = true;
    server.kill('SIGTERM');
    for (const w of workers) w.child.kill('SIGKILL');
    await Promise.race([new Promise((r) => server.on('exit', r)), sleep(3000)]);
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    const c = report.counts;
    if (failures > 0 || c.errors > 0 || c.closed > 0 || c.rooms_without_a_round > 0) process.exitCode = 3;
}

// ---------------------------------------------------------------- a client process

function worker() {
    const counters = { ...ZERO };
    const rooms = []; // per room, {rounds}
    let seen = [];
    process.on('disconnect', () => process.exit(0)); // the main process is gone
    process.on('message', async (m) => {
        if (m.cmd === 'count') {
            // Rooms that finished no round since the last count.
            const stalled = rooms.filter((r, i) => r.rounds === (seen[i] ?? 0)).length;
            seen = rooms.map((r) => r.rounds);
            process.send({ id: m.id, counters: { ...counters, stalled } });
        } else if (m.cmd === 'setup') {
            try {
                process.send({ id: m.id, ...await setupRooms(m, counters, rooms) });
            } catch (e) {
                process.send({ id: m.id, error: String(e.stack || e), failures: m.rooms, seated: 0 });
            }
        }
    });
}

function byteLength(data) {
    if (typeof data === 'string') return Buffer.byteLength(data);
    if (Array.isArray(data)) return data.reduce((n, d) => n + byteLength(d), 0); // ws fragments
    return data.byteLength ?? data.length ?? 0;
}

/** Counts the WebSocket frames (and their payload bytes) of one `ws` socket. */
function countFrames(ws, counters) {
    ws.on('message', (data) => {
        counters.framesReceived++;
        counters.bytesReceived += byteLength(data);
    });
    const send = ws.send;
    ws.send = function (data, ...rest) {
        counters.framesSent++;
        counters.bytesSent += byteLength(data);
        return send.call(this, data, ...rest);
    };
}

async function setupRooms(m, counters, rooms) {
    const play = m.mode === 'saturated';
    const makeRoom = m.server === 'colyseus' ? colyseusRooms(m.port) : boardgameioRooms(m.port);
    let next = 0;
    let seated = 0;
    let failures = 0;
    const samples = [];
    const deadline = Date.now() + m.setupLimit * 1000;
    async function lane() {
        while (next < m.rooms && Date.now() < deadline) {
            next++;
            const room = { rounds: 0 };
            rooms.push(room);
            try {
                await makeRoom({ play, counters, room });
                seated += 2;
            } catch (e) {
                failures++;
                if (samples.length < 5) samples.push(String(e.message || e));
            }
        }
    }
    await Promise.all(Array.from({ length: Math.min(m.concurrency, m.rooms) }, lane));
    failures += m.rooms - next;
    return { seated, failures, samples };
}

function withTimeout(promise, ms, what) {
    let timer;
    return Promise.race([
        promise,
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms); }),
    ]).finally(() => clearTimeout(timer));
}

// Colyseus: the first player creates a "duel" room, the second joins it by id
// (matchmaking over HTTP, then a WebSocket each). A player seals as soon as
// `round_started` comes, and opens as soon as it has seen both `sealed`.
function colyseusRooms(port) {
    const { Client } = require('colyseus.js');
    const client = new Client(`ws://127.0.0.1:${port}`);
    return async ({ play, counters, room: progress }) => {
        let started = 0;
        let onBothStarted;
        const bothStarted = new Promise((resolve) => { onBothStarted = resolve; });
        const player = (room, seat) => {
            const p = { round: 0, move: null, seals: 0 };
            countFrames(room.connection.transport.ws, counters);
            room.onMessage('round_started', (msg) => {
                p.round = msg.round;
                p.seals = 0;
                if (++started === 2) onBothStarted();
                if (!play) return;
                p.move = chooseMove();
                room.send('seal', { round: p.round, seal: p.move.seal });
            });
            room.onMessage('sealed', (msg) => {
                if (msg.round !== p.round || ++p.seals !== 2 || !play) return;
                room.send('open', { round: p.round, assignment: p.move.assignment, nonce: p.move.nonce });
            });
            room.onMessage('revealed', () => {
                if (seat !== 0) return;
                counters.rounds++;
                progress.rounds++;
            });
            room.onMessage('error', () => { counters.errors++; });
            room.onLeave(() => { counters.closed++; });
        };
        const first = await withTimeout(client.create('duel'), 30000, 'create');
        player(first, 0);
        const second = await withTimeout(client.joinById(first.roomId), 30000, 'join');
        player(second, 1);
        await withTimeout(bothStarted, 30000, 'round_started');
    };
}

// boardgame.io: a match is created and both seats joined through its Lobby
// API (credentials), then each player's Client connects over socket.io
// (WebSocket transport only) and syncs. A player seals as soon as the state
// shows a new round, and opens as soon as it shows both seals.
function boardgameioRooms(port) {
    const { Client, LobbyClient } = require('boardgame.io/client');
    const { SocketIO } = require('boardgame.io/multiplayer');
    const lobby = new LobbyClient({ server: `http://127.0.0.1:${port}` });
    let Duel = null;
    return async ({ play, counters, room: progress }) => {
        Duel ??= (await import('./boardgameio-game.mjs')).Duel;
        const { matchID } = await withTimeout(lobby.createMatch('duel', { numPlayers: 2 }), 30000, 'create');
        const joins = [];
        for (const playerID of ['0', '1']) {
            joins.push(await withTimeout(lobby.joinMatch('duel', matchID, { playerID, playerName: `p${playerID}` }), 30000, 'join'));
        }
        const synced = ['0', '1'].map((playerID, seat) => new Promise((resolve) => {
            const client = Client({
                game: Duel,
                multiplayer: SocketIO({ server: `http://127.0.0.1:${port}`, socketOpts: { transports: ['websocket'] } }),
                matchID,
                playerID,
                credentials: joins[seat].playerCredentials,
                debug: false,
            });
            const p = { synced: false, round: 0, move: null, opened: false, revealed: 0 };
            const onState = (state) => {
                if (!p.synced || !state) return;
                const G = state.G;
                if (G.revealed && G.revealed.round !== p.revealed) {
                    p.revealed = G.revealed.round;
                    if (seat === 0) {
                        counters.rounds++;
                        progress.rounds++;
                    }
                }
                if (!play) return;
                if (G.round !== p.round) {
                    p.round = G.round;
                    p.move = chooseMove();
                    p.opened = false;
                    client.moves.seal(p.round, p.move.seal);
                } else if (!p.opened && G.seals[0] !== null && G.seals[1] !== null) {
                    p.opened = true;
                    client.moves.open(p.round, p.move.assignment, p.move.nonce);
                }
            };
            client.subscribe(onState);
            client.start();
            const socket = client.transport.socket;
            socket.on('sync', () => {
                if (p.synced) return;
                p.synced = true;
                countFrames(socket.io.engine.transport.ws, counters);
                resolve();
                onState(client.getState());
            });
            socket.on('disconnect', () => { counters.closed++; });
        }));
        await withTimeout(Promise.all(synced), 30000, 'sync');
    };
}

if (process.argv[2] === 'worker') {
    worker();
} else {
    main().catch((e) => {
        console.error(`drive.mjs: ${e.stack || e}`);
        process.exitCode = 1;
    }).finally(cleanup);
}
