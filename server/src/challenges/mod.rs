//! Challenges (`docs/protocol.md`, "Challenges"): a player, by their proven
//! key, asks another key to play a room of given options. The challenge is
//! kept in the database (it outlives a restart, every node sees it) and
//! told to the challenged player's connections wherever they are
//! (`challenge_link`); accepted, a room is made for the two as for a
//! pairing (`Made::Challenge`: it calls its game off if one does not come)
//! and both are told its code; declined, cancelled or expired, both are
//! told that. Each end is one conditional write, so that of two ends that
//! cross — an accept and a cancel, two nodes expiring — one wins.
//!
//! `rules.rs` says whether a challenge may be made; a session checks who
//! asks (the key's proof) and the room's options before it asks here.

mod rules;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use mice_cake_engine::{PlayerKey, SealSignature};
use mice_cake_protocol::{
    Challenge, ChallengeEnd, ChallengeId, ChallengePlayer, ChallengesFrom, ErrorCode, RoomCode,
    RoomOptions, ServerMessage,
};
use tokio_util::sync::CancellationToken;
use tracing::{info, warn};

use crate::challenge_link::{ChallengeNews, Listeners};
use crate::frame::frame;
use crate::lobby::Lobby;
use crate::ratelimit::RateLimit;
use crate::room::{Made, Refusal, RoomContext};
use crate::store::{ChallengesFromChoice, StoreError, StoredChallenge};

pub(crate) use rules::Asked;

/// How often waiting challenges are looked over for the expired.
const EXPIRY_SWEEP: Duration = Duration::from_secs(1);
/// Challenges a key may make in a burst, then one a minute.
const KEY_BURST: u32 = 6;
/// Challenges an address may make in a burst, then one every 20 s.
const ADDRESS_BURST: u32 = 20;

/// The challenges of this server (a node's share of a cluster's).
pub(crate) struct Challenges {
    rooms: Arc<RoomContext>,
    lobby: Arc<dyn Lobby>,
    news: Arc<dyn ChallengeNews>,
    listeners: Arc<Listeners>,
    /// How long a challenge waits for its answer.
    expiry: Duration,
    rates: Mutex<Rates>,
}

/// Challenges made lately, by key and by address (this node's count).
#[derive(Debug, Default)]
struct Rates {
    keys: HashMap<PlayerKey, RateLimit>,
    addresses: HashMap<String, RateLimit>,
}

/// A challenge asked for, its challenger's key proven and the room's
/// options checked.
#[derive(Clone, Debug)]
pub(crate) struct Asking {
    pub(crate) from: ChallengePlayer,
    pub(crate) to: PlayerKey,
    pub(crate) options: RoomOptions,
    /// Where the challenger plays from (`admission::address_key`).
    pub(crate) address: String,
}

impl Challenges {
    /// The challenges, their expiry swept until `shutdown`.
    pub(crate) fn start(
        rooms: Arc<RoomContext>,
        lobby: Arc<dyn Lobby>,
        news: Arc<dyn ChallengeNews>,
        listeners: Arc<Listeners>,
        expiry: Duration,
        shutdown: CancellationToken,
    ) -> Arc<Challenges> {
        let challenges = Arc::new(Challenges {
            rooms,
            lobby,
            news,
            listeners,
            expiry,
            rates: Mutex::new(Rates::default()),
        });
        tokio::spawn(Arc::clone(&challenges).sweep(shutdown));
        challenges
    }

    /// The connections here that watch keys' challenges.
    pub(crate) fn listeners(&self) -> &Arc<Listeners> {
        &self.listeners
    }

    /// Makes a challenge and tells it to the challenged player.
    pub(crate) async fn make(&self, asking: Asking) -> Result<Challenge, Refusal> {
        self.within_rates(asking.from.key, &asking.address)?;
        let storage = &self.rooms.storage;
        let to = asking.to;
        let now = crate::clock::unix_millis();
        let (to_name, to_bot) = match storage.player(to).await.map_err(|cause| stored(&cause))? {
            Some(profile) => (profile.name, profile.bot),
            None => (
                String::new(),
                storage.is_bot(to).await.map_err(|cause| stored(&cause))?,
            ),
        };
        let taken_from = storage
            .challenges_from(to)
            .await
            .map_err(|cause| stored(&cause))?
            .map_or(ChallengesFrom::Everyone, |choice| choice.from);
        let played = taken_from == ChallengesFrom::Played
            && storage
                .have_played(asking.from.key, to)
                .await
                .map_err(|cause| stored(&cause))?;
        let open = storage
            .waiting_challenges(asking.from.key, now)
            .await
            .map_err(|cause| stored(&cause))?
            .iter()
            .filter(|waiting| waiting.from.key == asking.from.key)
            .count();
        let asked = Asked {
            from: asking.from.key,
            to,
            from_bot: asking.from.bot,
            to_bot,
            rated: asking.options.rated,
            taken_from,
            played,
            open,
        };
        let shown = if to_name.is_empty() {
            to.to_string()
        } else {
            to_name.clone()
        };
        if let Some(refusal) = rules::refusal(&asked, &shown) {
            return Err(refusal);
        }
        let stored_challenge = StoredChallenge {
            id: self.rooms.rng.challenge_id(),
            from: asking.from,
            to: ChallengePlayer {
                key: to,
                name: to_name,
                bot: to_bot,
            },
            options: asking.options,
            made_at_ms: now,
            expires_at_ms: now + millis(self.expiry),
            end: None,
        };
        storage
            .add_challenge(stored_challenge.clone())
            .await
            .map_err(|cause| stored(&cause))?;
        let challenge = stored_challenge.told(now);
        info!(challenge = %challenge.id, "challenge made");
        self.news.tell(
            to,
            frame(&ServerMessage::Challenged {
                challenge: challenge.clone(),
            }),
        );
        Ok(challenge)
    }

    /// What waits for `key`: the challenges made to it, those it made, and
    /// whom it takes challenges from.
    pub(crate) async fn waiting(&self, key: PlayerKey) -> Result<ServerMessage, Refusal> {
        let storage = &self.rooms.storage;
        let now = crate::clock::unix_millis();
        let all = storage
            .waiting_challenges(key, now)
            .await
            .map_err(|cause| stored(&cause))?;
        let from = storage
            .challenges_from(key)
            .await
            .map_err(|cause| stored(&cause))?
            .map_or(ChallengesFrom::Everyone, |choice| choice.from);
        let (waiting, sent): (Vec<_>, Vec<_>) = all.iter().partition(|each| each.to.key == key);
        Ok(ServerMessage::Challenges {
            waiting: waiting.iter().map(|each| each.told(now)).collect(),
            sent: sent.iter().map(|each| each.told(now)).collect(),
            from,
        })
    }

    /// Challenge `id`, made to `key` and waiting for its answer.
    pub(crate) async fn to_answer(
        &self,
        key: PlayerKey,
        id: ChallengeId,
    ) -> Result<StoredChallenge, Refusal> {
        self.waiting_one(id, |each| each.to.key == key).await
    }

    /// `key` accepts challenge `id`, made to it: a room is made for the
    /// two, and both are told its code.
    pub(crate) async fn accept(
        &self,
        key: PlayerKey,
        id: ChallengeId,
    ) -> Result<RoomCode, Refusal> {
        let challenge = self.waiting_one(id, |each| each.to.key == key).await?;
        // Unlisted, as a pairing's: its code is told to its two players
        // alone, so that nobody else takes a seat meant for one of them.
        let options = RoomOptions {
            public: false,
            ..challenge.options
        };
        let room = self
            .lobby
            .create(&self.rooms, options, Made::Challenge(id))
            .await?;
        let code = room.code();
        // The room made, the challenge is ended for it, unless something
        // ended it meanwhile: then the room calls its game off by itself,
        // nobody coming.
        self.end(id, ChallengeEnd::Accepted { code }).await?;
        info!(challenge = %id, room = %code, "challenge accepted");
        Ok(code)
    }

    /// `key` declines challenge `id`, made to it.
    pub(crate) async fn decline(&self, key: PlayerKey, id: ChallengeId) -> Result<(), Refusal> {
        self.waiting_one(id, |each| each.to.key == key).await?;
        self.end(id, ChallengeEnd::Declined).await
    }

    /// `key` takes back challenge `id`, which it made.
    pub(crate) async fn cancel(&self, key: PlayerKey, id: ChallengeId) -> Result<(), Refusal> {
        self.waiting_one(id, |each| each.from.key == key).await?;
        self.end(id, ChallengeEnd::Cancelled).await
    }

    /// Keeps `key`'s choice of whom it takes challenges from, signed at
    /// `at_ms` with `signature` (checked by the caller).
    pub(crate) async fn choose_from(
        &self,
        key: PlayerKey,
        from: ChallengesFrom,
        at_ms: u64,
        signature: SealSignature,
    ) -> Result<(), Refusal> {
        let kept = self
            .rooms
            .storage
            .choose_challenges_from(
                key,
                ChallengesFromChoice {
                    from,
                    at_ms,
                    signature,
                },
            )
            .await
            .map_err(|cause| stored(&cause))?;
        if kept {
            Ok(())
        } else {
            Err(Refusal::new(
                ErrorCode::BadSignature,
                "this key chose whom it takes challenges from at that time or later already: \
                 sign the choice again, now",
            ))
        }
    }

    /// Challenge `id` if it waits and `is_theirs` says the asker may end it.
    async fn waiting_one(
        &self,
        id: ChallengeId,
        is_theirs: impl Fn(&StoredChallenge) -> bool,
    ) -> Result<StoredChallenge, Refusal> {
        let now = crate::clock::unix_millis();
        self.rooms
            .storage
            .challenge(id)
            .await
            .map_err(|cause| stored(&cause))?
            .filter(|each| each.waits(now) && is_theirs(each))
            .ok_or_else(|| unknown(id))
    }

    /// Ends challenge `id` so, and tells both sides; refused if it ended
    /// meanwhile.
    async fn end(&self, id: ChallengeId, end: ChallengeEnd) -> Result<(), Refusal> {
        let now = crate::clock::unix_millis();
        let ended = self
            .rooms
            .storage
            .end_challenge(id, end, now)
            .await
            .map_err(|cause| stored(&cause))?
            .ok_or_else(|| unknown(id))?;
        self.tell_end(&ended, end);
        Ok(())
    }

    fn tell_end(&self, challenge: &StoredChallenge, end: ChallengeEnd) {
        let told = frame(&ServerMessage::ChallengeEnded {
            id: challenge.id,
            end,
        });
        self.news.tell(challenge.from.key, told.clone());
        self.news.tell(challenge.to.key, told);
    }

    /// Expires the challenges whose time is up, every second, telling both
    /// sides of each (on a cluster, whichever node's write ends it).
    async fn sweep(self: Arc<Self>, shutdown: CancellationToken) {
        let mut tick = tokio::time::interval(EXPIRY_SWEEP);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                () = shutdown.cancelled() => return,
                _ = tick.tick() => {}
            }
            let now = crate::clock::unix_millis();
            match self.rooms.storage.expire_challenges(now).await {
                Ok(expired) => {
                    for challenge in &expired {
                        info!(challenge = %challenge.id, "challenge expired");
                        self.tell_end(challenge, ChallengeEnd::Expired);
                    }
                }
                Err(cause) => warn!(cause = %cause, "expired challenges cannot be read"),
            }
        }
    }

    /// Whether `key`, from `address`, may make another challenge now.
    fn within_rates(&self, key: PlayerKey, address: &str) -> Result<(), Refusal> {
        let now = Instant::now();
        let mut rates = self.rates.lock().unwrap_or_else(PoisonError::into_inner);
        // Buckets full again are forgotten, so that the maps stay small.
        rates.keys.retain(|_, rate| !rate.full(now));
        rates.addresses.retain(|_, rate| !rate.full(now));
        let by_key = rates
            .keys
            .entry(key)
            .or_insert_with(|| RateLimit::per_minute(1, KEY_BURST, now))
            .allow(now);
        let by_address = rates
            .addresses
            .entry(address.to_owned())
            .or_insert_with(|| RateLimit::per_minute(3, ADDRESS_BURST, now))
            .allow(now);
        if by_key && by_address {
            Ok(())
        } else {
            Err(Refusal::new(
                ErrorCode::RateLimited,
                "too many challenges made lately: wait a minute",
            )
            .with("reason", "challenges"))
        }
    }
}

fn unknown(id: ChallengeId) -> Refusal {
    Refusal::new(
        ErrorCode::UnknownChallenge,
        format!("no challenge {id} is waiting for you"),
    )
    .with("reason", "named")
    .with("challenge", id.to_string())
}

fn stored(cause: &StoreError) -> Refusal {
    warn!(cause = %cause, "challenges cannot be read or written");
    Refusal::new(
        ErrorCode::Internal,
        "the challenge could not be read or stored; try again",
    )
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}
