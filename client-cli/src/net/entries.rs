//! The entries: how to enter a room, an arena or the queue, and who the
//! player is (their key), made into the greeting to send.

use mice_cake_engine::{KeyChallenge, PlayerKey, PlayerSecret, SealSignature};
use mice_cake_protocol::bots::BotCard;
use mice_cake_protocol::{ArenaId, ChallengeId, ClientMessage, RoomCode, RoomOptions, SeatToken};

/// How to enter a room (or an arena).
#[derive(Clone, Debug)]
pub enum Entry {
    /// Create one with these options.
    Create(RoomOptions),
    /// Take the free seat.
    Join(RoomCode),
    /// Take back a seat held before (its token kept in the seats file);
    /// with `or_join`, take the free seat instead if that one is gone.
    Resume {
        code: RoomCode,
        token: SeatToken,
        or_join: bool,
    },
    /// Watch.
    Watch(RoomCode),
    /// Only list the rooms.
    List,
    /// Be paired with whoever is waiting (quick pairing); the bot offered
    /// after the wait asked is played.
    Seek(Seek),
    /// Join an arena and play it, game after game.
    Arena {
        id: ArenaId,
        /// A club's arena's join code.
        join_code: Option<String>,
    },
    /// Watch an arena's standings.
    WatchArena(ArenaId),
    /// Challenge the player whose key is `to` to a room of `options`, and
    /// take the seat there once they accept.
    Challenge { to: PlayerKey, options: RoomOptions },
    /// Accept a challenge made to this player — `id`, or the newest
    /// waiting; with `wait`, the next to come if none waits (a bot) — and
    /// take the seat in its room.
    Accept { id: Option<ChallengeId>, wait: bool },
    /// Only watch this player's challenges: to list them, decline one, or
    /// choose whom they come from.
    Challenges,
}

/// What a quick pairing asks (see the protocol's `seek`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seek {
    /// The pool; any if none.
    pub pool: Option<mice_cake_protocol::Pool>,
    /// The time per round; any if none.
    pub deadline_ms: Option<u64>,
    pub rated: bool,
    /// When to be offered the bot; the server's default (30 s) if none,
    /// never if 0.
    pub bot_after_ms: Option<u64>,
    /// Whether the person is asked before the bot offered is played (the
    /// full-screen interface: it sends `create_room` with the offer's
    /// options once they say yes), rather than play it at once (a script).
    pub ask_before_bot: bool,
}

impl Seek {
    /// The `seek` message, made as `identity`.
    pub fn message(self, identity: &Identity) -> ClientMessage {
        ClientMessage::Seek {
            pool: self.pool,
            deadline_ms: self.deadline_ms,
            rated: self.rated,
            bot_after_ms: self.bot_after_ms,
            key: identity.key(),
            bot_declaration: identity.bot_declaration(),
            key_proof: None,
        }
    }
}

/// Who the client plays as: its key pair (which signs its moves, and here
/// its leaving a game: `docs/fairness.md`) and, when a program plays, the
/// key's declaration that it is a bot, made with every seat taken.
#[derive(Clone, Debug, Default)]
pub struct Identity {
    pub secret: Option<PlayerSecret>,
    /// A program plays (`mice-cake bot`): the key declares itself a bot.
    pub bot: bool,
    /// A bot's card for the bots' page (its engine, its owner's note),
    /// cleaned as the server keeps it: sent once the first greeting is
    /// answered.
    pub card: Option<BotCard>,
}

impl Identity {
    /// The public key announced with every seat taken.
    pub fn key(&self) -> Option<PlayerKey> {
        self.secret.as_ref().map(PlayerSecret::public_key)
    }

    /// The key's declaration that it is a bot, for a bot.
    pub fn bot_declaration(&self) -> Option<SealSignature> {
        self.secret
            .as_ref()
            .filter(|_| self.bot)
            .map(PlayerSecret::sign_bot)
    }

    /// The `describe_bot` message for a bot with a card, signed now.
    pub fn describe_bot(&self) -> Option<ClientMessage> {
        let (secret, card) = (self.secret.as_ref()?, self.card.as_ref()?);
        let bot_declaration = self.bot_declaration()?;
        let at_ms = crate::seats::now_ms();
        Some(ClientMessage::DescribeBot {
            key: secret.public_key(),
            bot_declaration,
            card: card.clone(),
            at_ms,
            signature: secret.sign_bot_card(card.text(), at_ms),
        })
    }

    /// `message` with the proof that this client holds its key (needed
    /// to play rated), answering the connection's `challenge`, where it
    /// announces the key.
    pub fn proven(&self, message: &ClientMessage, challenge: KeyChallenge) -> ClientMessage {
        let mut message = message.clone();
        if let Some(secret) = &self.secret {
            message.prove_key(secret, challenge);
        }
        message
    }
}

pub(super) fn entry_message(entry: Entry, identity: &Identity) -> anyhow::Result<ClientMessage> {
    // The link proves the key as it sends the greeting, on the
    // connection's challenge.
    let (key, bot_declaration, key_proof) = (identity.key(), identity.bot_declaration(), None);
    Ok(match entry {
        Entry::Create(options) => ClientMessage::CreateRoom {
            options,
            key,
            bot_declaration,
            key_proof,
        },
        Entry::Join(code) => ClientMessage::JoinRoom {
            code,
            key,
            bot_declaration,
            key_proof,
        },
        Entry::Resume { token, .. } => ClientMessage::Resume {
            token,
            last_seq: None,
            key,
            bot_declaration,
            key_proof,
        },
        Entry::Watch(code) => ClientMessage::WatchRoom { code },
        Entry::List => ClientMessage::ListRooms,
        Entry::Seek(seek) => seek.message(identity),
        Entry::Arena { id, join_code } => {
            return arena_join(id, join_code, identity)
                .ok_or_else(|| anyhow::anyhow!(crate::tr!("net-arena-needs-a-key")));
        }
        Entry::WatchArena(arena) => ClientMessage::WatchArena { arena },
        Entry::Challenge { to, options } => ClientMessage::Challenge {
            to,
            options,
            key: key.ok_or_else(no_key_for_challenges)?,
            key_proof,
            bot_declaration,
        },
        Entry::Accept { .. } | Entry::Challenges => {
            watch_challenges(identity).ok_or_else(no_key_for_challenges)?
        }
    })
}

/// Why a client without a key cannot make, watch or answer challenges.
fn no_key_for_challenges() -> anyhow::Error {
    anyhow::anyhow!(crate::tr!("net-challenges-need-a-key"))
}

/// The `watch_challenges` made as `identity` (the link proves its key as it
/// sends it); none without a key.
pub(super) fn watch_challenges(identity: &Identity) -> Option<ClientMessage> {
    Some(ClientMessage::WatchChallenges {
        key: identity.key()?,
        key_proof: None,
        bot_declaration: identity.bot_declaration(),
    })
}

/// The `join_arena` made as `identity` (the link proves its key as it sends
/// it); none without a key (`connect` refuses an arena then).
pub(super) fn arena_join(
    id: ArenaId,
    join_code: Option<String>,
    identity: &Identity,
) -> Option<ClientMessage> {
    Some(ClientMessage::JoinArena {
        arena: id,
        join_code,
        key: identity.key()?,
        key_proof: None,
        bot_declaration: identity.bot_declaration(),
    })
}

/// Where the challenge this client plays stands, until its room is
/// entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Challenging {
    /// Made by this player: its id once the server made it
    /// (`challenge_sent`).
    Made(Option<ChallengeId>),
    /// To accept: `asked`, or the newest waiting (with `wait`, the next to
    /// come if none waits); `chosen` once its accept is sent.
    Accepting {
        asked: Option<ChallengeId>,
        wait: bool,
        chosen: Option<ChallengeId>,
    },
    /// Accepted: its room, until this player is seated there.
    Accepted(RoomCode),
}

impl Challenging {
    /// The challenge an entry plays, if any.
    pub(super) fn of(entry: &Entry) -> Option<Challenging> {
        match entry {
            Entry::Challenge { .. } => Some(Challenging::Made(None)),
            Entry::Accept { id, wait } => Some(Challenging::Accepting {
                asked: *id,
                wait: *wait,
                chosen: None,
            }),
            _ => None,
        }
    }

    /// The challenge's id, once known.
    pub(super) fn id(self) -> Option<ChallengeId> {
        match self {
            Challenging::Made(id) | Challenging::Accepting { chosen: id, .. } => id,
            Challenging::Accepted(_) => None,
        }
    }
}
