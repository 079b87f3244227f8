//! The server's random source: deals, dice seeds, room codes, seat tokens.

use std::sync::Mutex;

use mice_cake_engine::Seed;
use mice_cake_protocol::ids::{
    ARENA_ID_LEN, CHALLENGE_ID_LEN, ROOM_CODE_ALPHABET, ROOM_CODE_LEN, SEAT_TOKEN_BYTES,
};
use mice_cake_protocol::{ArenaId, ChallengeId, GameId, RoomCode, SeatToken};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use sha2::{Digest, Sha256};

/// A ChaCha20 generator, seeded from the operating system, or from a fixed
/// seed for reproducible tests. Everything secret (tokens, game seeds) is
/// drawn from it.
pub(crate) struct ServerRng(Mutex<ChaCha20Rng>);

impl ServerRng {
    /// From the operating system's entropy, or from `seed` if given. With
    /// a seed, `run` (the server's run on its data directory, from 1) varies
    /// the stream: a restarted server must not draw the tokens and game ids
    /// of the last run again.
    pub(crate) fn new(seed: Option<Seed>, run: u64) -> Result<ServerRng, getrandom::Error> {
        let bytes = match seed {
            Some(seed) if run <= 1 => seed.to_bytes(),
            Some(seed) => Sha256::new()
                .chain_update(seed.to_bytes())
                .chain_update(run.to_le_bytes())
                .finalize()
                .into(),
            None => {
                let mut bytes = [0; 32];
                getrandom::fill(&mut bytes)?;
                bytes
            }
        };
        Ok(ServerRng(Mutex::new(ChaCha20Rng::from_seed(bytes))))
    }

    fn fill(&self, bytes: &mut [u8]) {
        // A poisoned lock only means another thread panicked mid-draw; the
        // generator's state is still a valid generator state.
        let mut rng = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        rng.fill_bytes(bytes);
    }

    /// A challenge for one proof of a key: 256 unguessable bits.
    pub(crate) fn key_challenge(&self) -> mice_cake_engine::KeyChallenge {
        let mut bytes = [0; 32];
        self.fill(&mut bytes);
        mice_cake_engine::KeyChallenge::from_bytes(bytes)
    }

    /// A seat token: 128 unguessable bits.
    pub(crate) fn seat_token(&self) -> SeatToken {
        let mut bytes = [0; SEAT_TOKEN_BYTES];
        self.fill(&mut bytes);
        SeatToken::from_bytes(bytes)
    }

    /// A room code, uniform over the alphabet.
    pub(crate) fn room_code(&self) -> RoomCode {
        let mut indices = [0; ROOM_CODE_LEN];
        for index in &mut indices {
            *index = self.below(ROOM_CODE_ALPHABET.len());
        }
        RoomCode::from_indices(indices)
    }

    /// A new arena's id.
    pub(crate) fn arena_id(&self) -> ArenaId {
        let mut indices = [0; ARENA_ID_LEN];
        for index in &mut indices {
            *index = self.below(ROOM_CODE_ALPHABET.len());
        }
        ArenaId::from_indices(indices)
    }

    /// A new challenge's id.
    pub(crate) fn challenge_id(&self) -> ChallengeId {
        let mut indices = [0; CHALLENGE_ID_LEN];
        for index in &mut indices {
            *index = self.below(ROOM_CODE_ALPHABET.len());
        }
        ChallengeId::from_indices(indices)
    }

    /// A generator of its own for a bot's random choices.
    pub(crate) fn bot_rng(&self) -> BotRng {
        let mut seed = [0; 32];
        self.fill(&mut seed);
        BotRng { seed, rng: None }
    }

    /// A room's own generator, keyed from this one.
    pub(crate) fn room_rng(&self) -> RoomRng {
        let mut key = [0; 32];
        self.fill(&mut key);
        RoomRng::from_key(key)
    }

    /// A uniform number below `bound` (small bounds only).
    fn below(&self, bound: usize) -> usize {
        let zone = 256 - 256 % bound;
        loop {
            let mut byte = [0u8];
            self.fill(&mut byte);
            if usize::from(byte[0]) < zone {
                return usize::from(byte[0]) % bound;
            }
        }
    }
}

/// A room's own generator, for what its rules draw: game seeds, seat
/// tokens, game ids. The room owns it and no lock is taken; its key is
/// drawn from the server's when the room opens. Each draw is ChaCha20 on a
/// stream of its own (the draw's number), so the room keeps 40 bytes rather
/// than a generator's 300.
pub(crate) struct RoomRng {
    key: [u8; 32],
    draws: u64,
}

/// The key foretells every seed the room draws: never shown.
impl std::fmt::Debug for RoomRng {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RoomRng { .. }")
    }
}

impl RoomRng {
    /// A generator keyed by `key` (a test's, or one drawn by the server).
    pub(crate) fn from_key(key: [u8; 32]) -> RoomRng {
        RoomRng { key, draws: 0 }
    }

    fn fill(&mut self, bytes: &mut [u8]) {
        let mut rng = ChaCha20Rng::from_seed(self.key);
        rng.set_stream(self.draws);
        self.draws += 1;
        rng.fill_bytes(bytes);
    }

    /// A new game's seed.
    pub(crate) fn game_seed(&mut self) -> Seed {
        let mut bytes = [0; 32];
        self.fill(&mut bytes);
        Seed::from_bytes(bytes)
    }

    /// A seat token: 128 unguessable bits.
    pub(crate) fn seat_token(&mut self) -> SeatToken {
        let mut bytes = [0; SEAT_TOKEN_BYTES];
        self.fill(&mut bytes);
        SeatToken::from_bytes(bytes)
    }

    /// A match's id: 128 random bits.
    pub(crate) fn match_id(&mut self) -> mice_cake_engine::MatchId {
        let mut bytes = [0; 16];
        self.fill(&mut bytes);
        mice_cake_engine::MatchId::from_bytes(bytes)
    }

    /// A game id (a random UUID).
    pub(crate) fn game_id(&mut self) -> GameId {
        let mut bytes = [0; 16];
        self.fill(&mut bytes);
        uuid::Builder::from_random_bytes(bytes).into_uuid()
    }
}

/// A room's generator for its bots' random choices. Its seed is drawn
/// when the room opens, so that a seeded server draws the same codes and
/// tokens whether or not a room has bots; the generator (300 bytes) is
/// made on first use, and most rooms have no bot.
pub(crate) struct BotRng {
    seed: [u8; 32],
    rng: Option<Box<ChaCha20Rng>>,
}

/// The seed foretells every random bot move: never shown, as ChaCha's own
/// `Debug` shows nothing of its state.
impl std::fmt::Debug for BotRng {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BotRng { .. }")
    }
}

impl BotRng {
    /// The generator, made from the seed the first time.
    pub(crate) fn get(&mut self) -> &mut ChaCha20Rng {
        let seed = self.seed;
        self.rng
            .get_or_insert_with(|| Box::new(ChaCha20Rng::from_seed(seed)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bots_generator_shows_nothing_of_its_seed() {
        let rng = ServerRng::new(Some(Seed::from_u64(1)), 1).unwrap();
        let mut bot = rng.bot_rng();
        let seed = bot.seed;
        let shown = format!("{bot:?}");
        assert_eq!(shown, "BotRng { .. }");
        bot.get();
        assert_eq!(format!("{bot:?}"), shown);
        assert_ne!(seed, [0; 32]);
    }

    #[test]
    fn a_rooms_generator_draws_each_value_once_and_shows_nothing() {
        let mut room = RoomRng::from_key([7; 32]);
        let mut again = RoomRng::from_key([7; 32]);
        let drawn = [room.seat_token(), room.seat_token()];
        assert_ne!(drawn[0], drawn[1]);
        assert_eq!(drawn, [again.seat_token(), again.seat_token()]);
        assert_ne!(
            room.game_seed().to_bytes(),
            RoomRng::from_key([8; 32]).game_seed().to_bytes()
        );
        assert_eq!(format!("{room:?}"), "RoomRng { .. }");
    }

    #[test]
    fn a_fixed_seed_gives_the_same_codes_and_tokens() {
        let (a, b) = (
            ServerRng::new(Some(Seed::from_u64(1)), 1).unwrap(),
            ServerRng::new(Some(Seed::from_u64(1)), 1).unwrap(),
        );
        assert_eq!(a.room_code(), b.room_code());
        assert_eq!(a.seat_token(), b.seat_token());
        let os = ServerRng::new(None, 1).unwrap();
        assert_ne!(os.seat_token(), a.seat_token());
    }

    #[test]
    fn a_seeded_server_draws_other_tokens_on_its_next_run() {
        let first = ServerRng::new(Some(Seed::from_u64(1)), 1).unwrap();
        let second = ServerRng::new(Some(Seed::from_u64(1)), 2).unwrap();
        let again = ServerRng::new(Some(Seed::from_u64(1)), 2).unwrap();
        assert_ne!(first.seat_token(), second.seat_token());
        assert_eq!(second.room_code(), {
            again.seat_token();
            again.room_code()
        });
    }
}
