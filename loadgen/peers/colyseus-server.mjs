// A Colyseus 0.16 server with one room type, "duel", playing our exchange
// round after round (see README.md):
//
//   client → seal {round, seal}                 server → both: sealed {round, seat, seal, by_server}
//   client → open {round, assignment, nonce}    (once both seals are in; checked against the seal)
//   when both are open                          server → both: revealed {…report}, round_started {…}
//
// Plain Room messages (onMessage handlers, `broadcast`); no Schema state, so
// no patches are sent (the room's patch timer still ticks, as by default).
// Messages are encoded by Colyseus itself (msgpack). Started by drive.mjs:
//
//   node colyseus-server.mjs --port 18390
//
// prints one line `{"ready":true,"server":"colyseus","pid":…,"port":…}` once
// it listens on 127.0.0.1.
import { Server, Room } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { isSeal, opens, revealReport, roundStarted } from './exchange.mjs';

const SEATS = ['yellow', 'blue'];

class DuelRoom extends Room {
    maxClients = 2;

    onCreate() {
        this.seats = new Map(); // sessionId → 0 | 1
        this.round = 0;
        this.seals = [null, null];
        this.openings = [null, null];

        this.onMessage('seal', (client, msg) => {
            const seat = this.seats.get(client.sessionId);
            if (this.round === 0 || msg?.round !== this.round) return this.refuse(client, 'wrong_round');
            if (!isSeal(msg.seal)) return this.refuse(client, 'bad_seal');
            if (this.seals[seat] !== null) return this.refuse(client, 'already_committed');
            this.seals[seat] = msg.seal;
            this.broadcast('sealed', { round: this.round, seat: SEATS[seat], seal: msg.seal, by_server: false });
        });

        this.onMessage('open', (client, msg) => {
            const seat = this.seats.get(client.sessionId);
            if (this.round === 0 || msg?.round !== this.round) return this.refuse(client, 'wrong_round');
            if (this.seals[0] === null || this.seals[1] === null) return this.refuse(client, 'wrong_phase');
            if (this.openings[seat] !== null) return this.refuse(client, 'already_opened');
            if (!opens(this.seals[seat], msg.assignment, msg.nonce)) return this.refuse(client, 'bad_opening');
            this.openings[seat] = { assignment: msg.assignment, nonce: msg.nonce };
            if (this.openings[1 - seat] === null) return;
            this.broadcast('revealed', revealReport(this.round, this.seals, this.openings));
            this.startRound();
        });
    }

    onJoin(client) {
        const taken = new Set(this.seats.values());
        this.seats.set(client.sessionId, taken.has(0) ? 1 : 0);
        if (this.seats.size === 2) this.startRound();
    }

    onLeave(client) {
        // A player who leaves ends the game: the other waits for a new one.
        this.seats.delete(client.sessionId);
        this.round = 0;
        this.seals = [null, null];
        this.openings = [null, null];
    }

    startRound() {
        this.round += 1;
        this.seals = [null, null];
        this.openings = [null, null];
        this.broadcast('round_started', roundStarted(this.round));
    }

    refuse(client, code) {
        client.send('error', { code, round: this.round });
    }
}

const args = process.argv.slice(2);
const at = args.indexOf('--port');
const port = at >= 0 ? Number(args[at + 1]) : 18390;

const gameServer = new Server({
    transport: new WebSocketTransport(),
    greet: false,
    gracefullyShutdown: false, // drive.mjs ends it with SIGTERM: exit at once
});
gameServer.define('duel', DuelRoom);
await gameServer.listen(port, '127.0.0.1');
console.log(JSON.stringify({ ready: true, server: 'colyseus', pid: process.pid, port }));

const stop = () => process.exit(0);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started by drive.mjs: end with it, however it ends.
if (args.includes('--stdin-lifeline')) process.stdin.on('end', stop).resume();
