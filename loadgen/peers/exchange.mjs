// The exchange every peer room plays, shared by the servers and the driver:
// the seal, its check, and the payloads of `sealed`, `revealed` and
// `round_started`, shaped and sized like ours (docs/protocol.md).
//
// An assignment is 7 small integers: mice on columns A–D, then a steal
// (flag, low, high; 0, 0, 0 without). Its bytes are those 7 values, one byte
// each. The seal is SHA-256(assignment bytes ‖ nonce bytes) in 64 lowercase
// hex digits; the nonce is 16 random bytes, 32 hex digits. (Ours also hashes
// a domain tag, the game's commitment, the round and the seat: the same one
// SHA-256 over a few more bytes.)
import { createHash, randomBytes } from 'node:crypto';

const COLUMNS = ['A', 'B', 'C', 'D'];
const HEX64 = /^[0-9a-f]{64}$/;
const HEX32 = /^[0-9a-f]{32}$/;

export function assignmentBytes(a) {
    return Buffer.from([...a.mice, ...a.steal]);
}

export function sealOf(assignment, nonce) {
    return createHash('sha256')
        .update(assignmentBytes(assignment))
        .update(Buffer.from(nonce, 'hex'))
        .digest('hex');
}

export function isSeal(s) {
    return typeof s === 'string' && HEX64.test(s);
}

/** A well-formed opening: 4 mice counts and a steal triple, each 0–6, and a 32-hex nonce. */
export function isOpening(assignment, nonce) {
    if (typeof nonce !== 'string' || !HEX32.test(nonce)) return false;
    if (!assignment || !Array.isArray(assignment.mice) || !Array.isArray(assignment.steal)) return false;
    if (assignment.mice.length !== 4 || assignment.steal.length !== 3) return false;
    const ints = [...assignment.mice, ...assignment.steal];
    return ints.every((v) => Number.isInteger(v) && v >= 0 && v <= 6);
}

/** The server's check of an opening against its seal (node:crypto). */
export function opens(seal, assignment, nonce) {
    return isOpening(assignment, nonce) && sealOf(assignment, nonce) === seal;
}

/** A client's move for a round: 3 or 4 columns with 1 or 2 mice, a fresh nonce. */
export function chooseMove() {
    const r = randomBytes(5);
    const mice = [0, 1, 2, 3].map((i) => 1 + (r[i] & 1));
    if (r[4] & 1) mice[r[4] >> 6] = 0; // half the time one column stays empty
    const assignment = { mice, steal: [0, 0, 0] };
    const nonce = randomBytes(16).toString('hex');
    return { assignment, nonce, seal: sealOf(assignment, nonce) };
}

/**
 * The round's report once both are open: both assignments, per seat one
 * attempt per column used (3 or 4) with its dice (mice + 1 of them: 2 or 3),
 * the outcome of each, both seals and both nonces. The dice come from
 * SHA-256(round ‖ both nonces), as ours come from the seed and both nonces:
 * neither player alone chooses them. About 650 bytes as JSON.
 */
export function revealReport(round, seals, openings) {
    const h = createHash('sha256')
        .update(String(round))
        .update(openings[0].nonce)
        .update(openings[1].nonce)
        .digest();
    let k = 0;
    const die = () => 1 + (h[k++ % h.length] % 6);
    const attempts = openings.map(({ assignment }) => {
        const seat = [];
        assignment.mice.forEach((mice, c) => {
            if (mice === 0) return;
            const dice = Array.from({ length: mice + 1 }, die);
            const sum = dice.reduce((a, b) => a + b, 0);
            seat.push({ column: COLUMNS[c], dice, result: sum >= 4 * (mice + 1) ? 'took' : 'failed' });
        });
        return seat;
    });
    return {
        round,
        assignments: { yellow: openings[0].assignment, blue: openings[1].assignment },
        attempts: { yellow: attempts[0], blue: attempts[1] },
        sealed: {
            seals: { yellow: seals[0], blue: seals[1] },
            nonces: { yellow: openings[0].nonce, blue: openings[1].nonce },
        },
        outcome: null,
    };
}

/** What `round_started` says of the new round: about 200 bytes as JSON. */
export function roundStarted(round) {
    const choice = { mice: 4, columns: ['piece', 'piece', 'piece', 'steal'], forced: null };
    return { round, deadline_ms: null, choices: { yellow: choice, blue: choice } };
}
