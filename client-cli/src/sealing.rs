//! Sealed play on the client's side (`docs/fairness.md`): the client seals
//! each move with a fresh nonce, opens it by itself once both seals are in,
//! and remembers what it saw (the commitment, every pair of seals before it
//! opened) so that the record can be checked against it after the game.
//!
//! Nothing here needs the person: the deal's nonce, a forced move and every
//! opening are sent by the client on its own ([`Sealer::automatic`]).

use mice_cake_engine::fair::{self, DEAL_ROUND};
use mice_cake_engine::{
    Assignment, Commitment, Nonce, Opening, PlayerSecret, Seat, Seated, Witness,
};
use mice_cake_protocol::{ClientMessage, ExchangeState, RoomCode, RoomState, RoomStatus};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng as _, SeedableRng as _};

use crate::effect::Effect;
use crate::openings::{KeptOpening, OpeningsFile, with_kept};

/// Which game a sealed move or a witness is of: a room's game number alone
/// would take game 1 of the next room (a pairing called off during its deal,
/// say) for the last room's, and skip its deal or judge it unfair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameKey {
    room: RoomCode,
    number: u32,
}

impl GameKey {
    /// The game the room is at.
    pub fn of(room: &RoomState) -> GameKey {
        GameKey {
            room: room.code,
            number: room.game,
        }
    }
}

/// A move sealed and not yet opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pending {
    game: GameKey,
    round: u32,
    opening: Opening,
    /// Whether the opening was sent (it is sent again after a reconnection
    /// if the server still waits for it).
    opened: bool,
    /// Whether the seal is to be sent again: a whole state came without it
    /// (it was lost with a connection, or with a server that died first).
    reseal: bool,
    /// Times the opening was refused as out of turn (`wrong_phase`), each
    /// answered by asking for the state.
    refusals: u32,
    /// Whether the opening waits for the server to show the seal: the
    /// server asked to slow down just after it was sent, and may have
    /// ignored it (the link sends it again), and the opening behind it.
    until_shown: bool,
}

/// Most times an opening refused as out of turn asks for the state again:
/// a view that is behind catches up in one; a server that keeps refusing
/// is not asked forever.
const SYNCS_PER_OPENING: u32 = 3;

/// The client's side of sealed play, for one seat.
#[derive(Debug, Default)]
pub struct Sealer {
    pending: Option<Pending>,
    /// The game the witness is of.
    game: Option<GameKey>,
    witness: Witness,
    /// Where sealed moves are kept, so that a client started again (after
    /// the terminal closed, say) can still open the move it sealed.
    kept: Option<KeptOpenings>,
    /// Where each seal's nonce comes from: ChaCha20, seeded by the shell
    /// from the operating system's random source; none without one (no
    /// seal then).
    nonces: Option<ChaCha20Rng>,
    /// The player's key pair, which signs every seal (Ed25519 signatures
    /// are deterministic: a seal sent again carries the same one).
    secret: Option<PlayerSecret>,
    /// Where asking for the room's state stands, after an opening was
    /// refused.
    sync: Sync,
}

/// Asking for the room's state (`sync`) after an opening was refused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Sync {
    /// Nothing to ask.
    #[default]
    None,
    /// To be asked.
    Due,
    /// Asked: no opening goes until the state comes.
    Asked,
}

/// The sealed moves kept (`openings.json`), as read when the client
/// started and kept since: found here, stored by the shell
/// ([`Effect::StoreOpening`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptOpenings {
    file: OpeningsFile,
    openings: Vec<KeptOpening>,
}

impl KeptOpenings {
    /// The moves of `file`, as read from it.
    pub fn new(file: OpeningsFile, openings: Vec<KeptOpening>) -> KeptOpenings {
        KeptOpenings { file, openings }
    }

    pub fn find(&self, commitment: Commitment, round: u32, seat: Seat) -> Option<Opening> {
        self.openings
            .iter()
            .find(|kept| kept.commitment == commitment && kept.round == round && kept.seat == seat)
            .map(|kept| kept.opening)
    }

    /// Keeps `kept` here, and says to store it.
    fn keep(&mut self, kept: KeptOpening) -> Effect {
        self.openings = with_kept(std::mem::take(&mut self.openings), kept);
        Effect::StoreOpening(self.file.clone(), kept)
    }
}

impl Sealer {
    /// A sealer that keeps its sealed moves in `kept` too (if given), signs
    /// its seals with `secret` (if given), and draws its nonces from a
    /// generator seeded with `nonce_seed` (secret, fresh from the operating
    /// system: [`crate::openings::fresh_nonce_seed`]; without one nothing is
    /// sealed).
    pub fn new(
        kept: Option<KeptOpenings>,
        secret: Option<PlayerSecret>,
        nonce_seed: Option<[u8; 32]>,
    ) -> Sealer {
        Sealer {
            kept,
            secret,
            nonces: nonce_seed.map(ChaCha20Rng::from_seed),
            ..Sealer::default()
        }
    }

    /// The next seal's nonce.
    fn next_nonce(&mut self) -> Option<Nonce> {
        let nonces = self.nonces.as_mut()?;
        let mut bytes = [0u8; 32];
        nonces.fill_bytes(&mut bytes);
        Some(Nonce::from_bytes(bytes))
    }

    /// The seal message for `seal` of `round`, signed.
    fn seal_message(&self, round: u32, seal: mice_cake_engine::Seal) -> ClientMessage {
        ClientMessage::Seal {
            round,
            seal,
            signature: self.secret.as_ref().map(|secret| secret.sign(seal)),
        }
    }

    /// The `join_arena` for `arena`, made with this player's key (the
    /// connection proves it as it sends it); none without a key.
    pub fn join_arena(&self, arena: mice_cake_protocol::ArenaId) -> Option<ClientMessage> {
        let secret = self.secret.as_ref()?;
        Some(ClientMessage::JoinArena {
            arena,
            join_code: None,
            key: secret.public_key(),
            key_proof: None,
            bot_declaration: None,
        })
    }

    /// What this client saw of the current (or last) game.
    pub fn witness(&self) -> &Witness {
        &self.witness
    }

    /// Seals `assignment` for `round` of the room's game: the move to keep
    /// on disk (if kept), then the message to send. Nothing when no
    /// exchange is open for that round, when a move is sealed for it
    /// already (a second seal would be refused, and opening it would then
    /// fail), or without a random source.
    pub fn seal(&mut self, room: &RoomState, round: u32, assignment: Assignment) -> Vec<Effect> {
        let mut effects = Vec::new();
        let (Some(seat), Some(exchange)) = (
            room.you,
            room.exchange.as_ref().filter(|e| e.round == round),
        ) else {
            return effects;
        };
        if self.holds(GameKey::of(room), round) || exchange.seals[seat].is_some() {
            return effects;
        }
        let Some(nonce) = self.next_nonce() else {
            return effects;
        };
        let seal = fair::seal(exchange.commitment, round, seat, &assignment, nonce);
        let opening = Opening { assignment, nonce };
        self.pending = Some(Pending {
            game: GameKey::of(room),
            round,
            opening,
            opened: false,
            reseal: false,
            refusals: 0,
            until_shown: false,
        });
        // Stored before it is sent: a client that dies in between can still
        // open what the server holds.
        if let Some(kept) = &mut self.kept {
            effects.push(kept.keep(KeptOpening {
                commitment: exchange.commitment,
                round,
                seat,
                opening,
            }));
        }
        self.witness.sealed_own(round);
        effects.push(Effect::Send(self.seal_message(round, seal)));
        // The other's seal in already: the opening goes right behind.
        effects.extend(self.open_due(GameKey::of(room), exchange, seat));
        effects
    }

    /// The assignment this client sealed for `round` of `game`, if it did.
    pub fn sealed_assignment(&self, game: GameKey, round: u32) -> Option<Assignment> {
        self.pending
            .filter(|pending| pending.game == game && pending.round == round)
            .map(|pending| pending.opening.assignment)
    }

    /// Whether a move of `round` is sealed and held by this client.
    pub fn holds(&self, game: GameKey, round: u32) -> bool {
        self.pending
            .is_some_and(|pending| pending.game == game && pending.round == round)
    }

    /// What the client sends by itself now, as the room stands: the deal's
    /// nonce, a forced move (a single legal assignment), the opening of a
    /// sealed move once both seals are in. Notes the seals it sees.
    pub fn automatic(&mut self, room: &RoomState) -> Vec<Effect> {
        let game = GameKey::of(room);
        let Some(exchange) = self.witness_seals(room) else {
            return Vec::new();
        };
        let Some(seat) = room.you.filter(|_| room.status == RoomStatus::Playing) else {
            return Vec::new();
        };
        self.recall_kept(game, exchange, seat);
        let mut effects = Vec::new();
        if self.sync == Sync::Due {
            self.sync = Sync::Asked;
            effects.push(Effect::Send(ClientMessage::Sync));
        }
        effects.extend(self.reseal(game, exchange, seat));
        if exchange.seals[seat].is_none() && !self.holds(game, exchange.round) {
            let forced = room
                .choices
                .and_then(|choices| choices[seat].forced)
                .filter(|_| exchange.round != DEAL_ROUND);
            if exchange.round == DEAL_ROUND {
                effects.extend(self.seal(room, DEAL_ROUND, Assignment::EMPTY));
            } else if let Some(forced) = forced {
                effects.extend(self.seal(room, exchange.round, forced));
            }
        }
        effects.extend(self.open_due(game, exchange, seat));
        effects
    }

    /// Notes what the room shows of the game's seals (a new game starts a
    /// new witness); its exchange, if one is under way.
    fn witness_seals<'room>(&mut self, room: &'room RoomState) -> Option<&'room ExchangeState> {
        let game = GameKey::of(room);
        if self.game == Some(game)
            && let Some(report) = &room.last_report
        {
            self.witness.saw_revealed(report.round);
        }
        let exchange = room.exchange.as_ref()?;
        if self.game != Some(game) {
            self.game = Some(game);
            self.witness = Witness::new(exchange.commitment);
        }
        self.witness.saw_commitment(exchange.commitment);
        if let (Some(yellow), Some(blue)) = (exchange.seals.yellow, exchange.seals.blue) {
            self.witness.saw(exchange.round, Seated { yellow, blue });
        }
        Some(exchange)
    }

    /// A move sealed by an earlier run of the client (its seat taken
    /// back): held again, to be opened when due, or sealed again, the
    /// same, if the server never got its seal.
    fn recall_kept(&mut self, game: GameKey, exchange: &ExchangeState, seat: Seat) {
        if !self.holds(game, exchange.round)
            && let Some(opening) = self
                .kept
                .as_ref()
                .and_then(|kept| kept.find(exchange.commitment, exchange.round, seat))
        {
            self.pending = Some(Pending {
                game,
                round: exchange.round,
                opening,
                opened: false,
                reseal: exchange.seals[seat].is_none(),
                refusals: 0,
                until_shown: false,
            });
        }
    }

    /// A seal the server does not have after all: the same one again,
    /// never another (the server takes a repeated seal as said once).
    fn reseal(&mut self, game: GameKey, exchange: &ExchangeState, seat: Seat) -> Option<Effect> {
        let pending = self.pending.as_mut()?;
        if exchange.seals[seat].is_some()
            || pending.game != game
            || pending.round != exchange.round
            || !pending.reseal
        {
            return None;
        }
        pending.reseal = false;
        let seal = fair::seal(
            exchange.commitment,
            pending.round,
            seat,
            &pending.opening.assignment,
            pending.opening.nonce,
        );
        let round = pending.round;
        Some(Effect::Send(self.seal_message(round, seal)))
    }

    /// The opening of this seat's move, once the other's seal is in and
    /// this client's own is sent (protocol 13: the server sends a player its
    /// own `sealed` with what follows, and waits for the opening). A seal
    /// the server shows must be this client's: another could never be
    /// opened.
    fn open_due(&mut self, game: GameKey, exchange: &ExchangeState, seat: Seat) -> Option<Effect> {
        let pending = self.pending?;
        let ours = fair::seal(
            exchange.commitment,
            exchange.round,
            seat,
            &pending.opening.assignment,
            pending.opening.nonce,
        );
        let sealed = match exchange.seals[seat] {
            Some(shown) => shown == ours,
            // Sent, not yet shown; one to send again is not sent yet.
            None => !pending.reseal && !pending.until_shown,
        };
        let theirs = exchange.seals[seat.opponent()];
        if pending.game != game
            || pending.round != exchange.round
            || theirs.is_none()
            || !sealed
            || exchange.opened[seat]
            || exchange.by_server[seat]
            || pending.opened
            || self.sync != Sync::None
        {
            return None;
        }
        let theirs = theirs?;
        // The pair this client opened after: its own seal as it made it.
        let mut seals = Seated::from_fn(|_| ours);
        seals[seat.opponent()] = theirs;
        self.witness.saw(exchange.round, seals);
        let pending = self.pending.as_mut()?;
        pending.opened = true;
        let opening = pending.opening;
        let round = pending.round;
        self.witness.opened(round, seat, opening);
        Some(Effect::Send(ClientMessage::Open {
            round,
            assignment: (round != DEAL_ROUND).then_some(opening.assignment),
            nonce: opening.nonce,
        }))
    }

    /// The server refused a message as out of turn (`wrong_phase`): if it
    /// was the opening sent, the room's state is asked for, and the opening
    /// sent again if the state still waits for it (a server whose view was
    /// behind, as a node of a cluster back from a pause). Never exits.
    pub fn opening_refused(&mut self) {
        let Some(pending) = &mut self.pending else {
            return;
        };
        if !pending.opened || pending.refusals >= SYNCS_PER_OPENING {
            return;
        }
        pending.refusals += 1;
        pending.opened = false;
        self.sync = Sync::Due;
    }

    /// The server asked to slow down (`rate_limited`) while this seat's
    /// seal is not shown: the seal may have been ignored (the link sends it
    /// again), and the opening sent right behind it refused. The opening
    /// goes again once the seal is shown; a refusal meanwhile asks for
    /// nothing.
    pub fn slowed_down(&mut self, room: &RoomState) {
        let shown = room
            .you
            .zip(room.exchange.as_ref())
            .is_some_and(|(seat, exchange)| exchange.seals[seat].is_some());
        if let Some(pending) = self.pending.as_mut().filter(|_| !shown) {
            pending.until_shown = true;
            pending.opened = false;
        }
    }

    /// The connection dropped: an opening sent may not have arrived, and is
    /// sent again if the server still waits for it.
    pub fn reconnecting(&mut self) {
        if let Some(pending) = &mut self.pending {
            pending.opened = false;
        }
    }

    /// A whole state came (after a reconnection, or a server restart, which
    /// keeps no player's opening): an opening the server does not hold is
    /// sent again.
    pub fn resync(&mut self, room: &RoomState) {
        // The state asked for (or any) is here: the opening may go again.
        self.sync = Sync::None;
        let held = room
            .you
            .zip(room.exchange.as_ref())
            .is_some_and(|(seat, exchange)| exchange.opened[seat]);
        if !held {
            self.reconnecting();
        }
        // A seal sent and lost (with the connection, or with a server
        // killed before it stored it) is sent again.
        let lost = room
            .you
            .zip(room.exchange.as_ref())
            .is_some_and(|(seat, exchange)| {
                exchange.seals[seat].is_none() && self.holds(GameKey::of(room), exchange.round)
            });
        if lost && let Some(pending) = &mut self.pending {
            pending.reseal = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_protocol::{ExchangeState, RoomOptions};

    use super::*;

    /// Room `code` at its first game's deal, dealt from `seed`: this client
    /// sits Yellow, nobody has sealed.
    fn at_deal(code: &str, seed: u64) -> RoomState {
        RoomState {
            status: RoomStatus::Playing,
            game: 1,
            exchange: Some(ExchangeState {
                commitment: fair::commitment(mice_cake_engine::Seed::from_u64(seed)),
                round: DEAL_ROUND,
                seals: Seated::default(),
                opened: Seated::default(),
                by_server: Seated::default(),
            }),
            ..crate::fixture::waiting_room(
                code.parse().unwrap(),
                RoomOptions::default(),
                Some(Seat::Yellow),
            )
        }
    }

    /// A pairing called off during its deal, then another: game 1 of the
    /// second room is a game of its own — its deal is sealed, and what the
    /// client saw of the first is not held against it.
    #[test]
    fn the_deal_of_the_next_room_s_first_game_is_sealed_and_witnessed_afresh() {
        let mut sealer = crate::fixture::sealer();
        let first = at_deal("K7QMX", 1);
        let sent = sealer.automatic(&first);
        assert!(
            matches!(
                sent.as_slice(),
                [Effect::Send(ClientMessage::Seal {
                    round: DEAL_ROUND,
                    ..
                })]
            ),
            "{sent:?}"
        );
        let next = at_deal("P3RWT", 2);
        let sent = sealer.automatic(&next);
        let [Effect::Send(ClientMessage::Seal { round, seal, .. })] = sent.as_slice() else {
            panic!("the next room's deal is sealed: {sent:?}");
        };
        assert_eq!(*round, DEAL_ROUND);
        assert!(sealer.holds(GameKey::of(&next), DEAL_ROUND));
        assert!(!sealer.holds(GameKey::of(&first), DEAL_ROUND));
        // Both seals in: the client opens its own, and its witness is of
        // this game's commitment alone.
        let mut both_in = next.clone();
        if let Some(exchange) = &mut both_in.exchange {
            exchange.seals = Seated {
                yellow: Some(*seal),
                blue: Some(*seal),
            };
        }
        let sent = sealer.automatic(&both_in);
        assert!(
            matches!(
                sent.as_slice(),
                [Effect::Send(ClientMessage::Open {
                    round: DEAL_ROUND,
                    ..
                })]
            ),
            "{sent:?}"
        );
        let witness = serde_json::to_string(sealer.witness()).unwrap();
        let first_commitment = serde_json::to_string(&first.exchange.unwrap().commitment).unwrap();
        assert!(
            !witness.contains(first_commitment.trim_matches('"')),
            "{witness}"
        );
    }

    /// Sealing with moves kept: the move to store comes out first, then
    /// its seal; nothing is written by the sealer itself.
    #[test]
    fn a_move_to_keep_is_stored_before_its_seal_is_sent_and_the_sealer_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let file = OpeningsFile::in_dir(&dir.path().join("state"));
        let kept = KeptOpenings::new(file.clone(), Vec::new());
        let mut sealer = Sealer::new(Some(kept), None, Some([9; 32]));
        let room = at_deal("K7QMX", 1);
        let effects = sealer.automatic(&room);
        let [
            Effect::StoreOpening(stored_in, stored),
            Effect::Send(ClientMessage::Seal {
                round: DEAL_ROUND,
                seal,
                ..
            }),
        ] = &effects[..]
        else {
            panic!("the opening to store, then its seal: {effects:?}");
        };
        assert_eq!(*stored_in, file);
        let commitment = room.exchange.as_ref().unwrap().commitment;
        assert_eq!(
            (stored.commitment, stored.round, stored.seat),
            (commitment, DEAL_ROUND, Seat::Yellow)
        );
        assert_eq!(
            fair::seal(
                commitment,
                DEAL_ROUND,
                Seat::Yellow,
                &stored.opening.assignment,
                stored.opening.nonce
            ),
            *seal
        );
        assert!(!dir.path().join("state").exists(), "nothing written");
    }

    /// The nonces are the seed's: the same seed seals the same, another
    /// seals otherwise.
    #[test]
    fn the_same_seed_seals_the_same_and_another_seed_otherwise() {
        let room = at_deal("K7QMX", 1);
        let sealed = |seed: [u8; 32]| Sealer::new(None, None, Some(seed)).automatic(&room);
        assert_eq!(sealed([1; 32]), sealed([1; 32]));
        assert_ne!(sealed([1; 32]), sealed([2; 32]));
        assert!(
            Sealer::default().automatic(&room).is_empty(),
            "no seed, no seal"
        );
    }
}
