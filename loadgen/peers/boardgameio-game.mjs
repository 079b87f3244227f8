// Our exchange as a boardgame.io 0.50 Game (see README.md). One turn is one
// round; both players are active at once (ActivePlayers.ALL):
//
//   move seal(round, seal)                 G.seals[seat] = seal
//   move open(round, assignment, nonce)    once both seals are in; checked against the seal;
//                                          when both are open: G.revealed = the report,
//                                          G.round + 1, G.started = the new round, endTurn
//
// Every move is `client: false` (the server alone runs it: it checks the
// opening and rolls the dice) and `ignoreStaleStateID: true` (both players
// move at once, so a move made on the state before the other's is not stale).
// The server sends the state to both players after every move: that state is
// `sealed`, `revealed` and `round_started` of ours.
import { createRequire } from 'node:module';
import { isSeal, opens, revealReport, roundStarted } from './exchange.mjs';

const require = createRequire(import.meta.url);
const { ActivePlayers, INVALID_MOVE } = require('boardgame.io/core');

function seal({ G, playerID }, round, sealHex) {
    const seat = Number(playerID);
    if (round !== G.round || !isSeal(sealHex) || G.seals[seat] !== null) return INVALID_MOVE;
    G.seals[seat] = sealHex;
}

function open({ G, playerID, events }, round, assignment, nonce) {
    const seat = Number(playerID);
    if (round !== G.round || G.seals[0] === null || G.seals[1] === null) return INVALID_MOVE;
    if (G.openings[seat] !== null || !opens(G.seals[seat], assignment, nonce)) return INVALID_MOVE;
    G.openings[seat] = { assignment, nonce };
    const other = G.openings[1 - seat];
    if (other === null) return;
    // Plain copies, not Immer drafts, go into the report.
    const openings = [null, null];
    openings[seat] = { assignment, nonce };
    openings[1 - seat] = JSON.parse(JSON.stringify(other));
    G.revealed = revealReport(G.round, [G.seals[0], G.seals[1]], openings);
    G.round += 1;
    G.seals = [null, null];
    G.openings = [null, null];
    G.started = roundStarted(G.round);
    events.endTurn();
}

export const Duel = {
    name: 'duel',
    minPlayers: 2,
    maxPlayers: 2,
    setup: () => ({ round: 1, seals: [null, null], openings: [null, null], revealed: null, started: roundStarted(1) }),
    turn: { activePlayers: ActivePlayers.ALL },
    moves: {
        seal: { move: seal, client: false, ignoreStaleStateID: true },
        open: { move: open, client: false, ignoreStaleStateID: true },
    },
    // Undo makes no sense for sealed moves (and would keep a copy of the
    // state per move in the stored state).
    disableUndo: true,
};
