// A boardgame.io 0.50 server hosting the Game of boardgameio-game.mjs, as
// boardgame.io serves games: Koa, its Lobby API (create a match, join it for
// credentials) and socket.io, the state in its default in-memory storage.
// Started by drive.mjs:
//
//   NODE_ENV=production node boardgameio-server.mjs --port 18391
//
// prints one line `{"ready":true,"server":"boardgameio","pid":…,"port":…}`
// once it listens on 127.0.0.1.
import { createRequire } from 'node:module';
import { Duel } from './boardgameio-game.mjs';

const require = createRequire(import.meta.url);
const { Server } = require('boardgame.io/server');

const args = process.argv.slice(2);
const at = args.indexOf('--port');
const port = at >= 0 ? Number(args[at + 1]) : 18391;

// The clients (Node.js) send no Origin: CORS does not apply to them.
const server = Server({ games: [Duel], origins: [] });
// `run` hands `port` to http.Server.listen: an options object binds loopback only.
await server.run({ port: { port, host: '127.0.0.1' } });
console.log(JSON.stringify({ ready: true, server: 'boardgameio', pid: process.pid, port }));

const stop = () => process.exit(0);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started by drive.mjs: end with it, however it ends.
if (args.includes('--stdin-lifeline')) process.stdin.on('end', stop).resume();
