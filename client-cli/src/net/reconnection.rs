//! The reconnection machine: the link's state, entering, and coming back
//! after a drop (resume the seat, watch again, seek again).

use std::time::{Duration, Instant};

use mice_cake_engine::{Commitment, KeyChallenge, Seat};
use mice_cake_protocol::{
    ArenaId, ClientMessage, ErrorCode, PROTOCOL_VERSION, RoomCode, RoomEvent, RoomState,
    RoomStatus, SeatToken,
};
use tokio::sync::mpsc;

use super::NetEvent;
use super::entries::{Challenging, Entry, Identity, Seek, arena_join};
use super::socket::{Socket, closing_reason, open, send_frame};
use crate::seats::SeatStore;
use crate::tr;

/// The game under way as a player's link follows it: what a leave is
/// signed for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Playing {
    pub(super) seat: Option<Seat>,
    /// The game's commitment and the round under way (0: the deal).
    pub(super) exchange: Option<(Commitment, u32)>,
}

impl Playing {
    /// The game under way in a room's state.
    pub(super) fn of(state: &RoomState) -> Playing {
        Playing {
            seat: state.you,
            exchange: state
                .exchange
                .as_ref()
                .map(|exchange| (exchange.commitment, exchange.round)),
        }
    }

    /// Follows the room's events: a game starts (its deal, round 0), a
    /// round starts, the game ends.
    pub(super) fn follow(&mut self, event: &RoomEvent) {
        match event {
            RoomEvent::GameStarted { commitment, .. } => self.exchange = Some((*commitment, 0)),
            RoomEvent::RoundStarted { round, .. } => {
                if let Some((_, under_way)) = &mut self.exchange {
                    *under_way = *round;
                }
            }
            RoomEvent::GameOver { .. } => self.exchange = None,
            _ => {}
        }
    }
}

/// How long to keep trying to come back before giving up.
pub(super) const RECONNECT_FOR: Duration = Duration::from_secs(5 * 60);

/// Pauses between attempts grow by this much, up to [`LONGEST_PAUSE`].
pub(super) const PAUSE_STEP: Duration = Duration::from_millis(500);

pub(super) const LONGEST_PAUSE: Duration = Duration::from_secs(10);

/// Whether a refusal to enter is worth another try, as after a drop: a
/// server that is busy or stopping, or a node of a cluster that cannot
/// reach the room just now; anything else will not change by trying again.
pub(super) fn passing_refusal(code: ErrorCode) -> bool {
    matches!(
        code,
        ErrorCode::TooManyConnections
            | ErrorCode::ShuttingDown
            | ErrorCode::RateLimited
            | ErrorCode::Internal
            | ErrorCode::Unavailable
    )
}

/// The task behind a session.
pub(super) struct Link {
    pub(super) url: String,
    pub(super) name: String,
    pub(super) commands: mpsc::Receiver<ClientMessage>,
    pub(super) events: mpsc::Sender<NetEvent>,
    /// This player's seat token, to resume after a drop.
    pub(super) token: Option<SeatToken>,
    /// The room watched, to watch again after a drop.
    pub(super) watching: Option<RoomCode>,
    /// The arena played (and its join code): joined again after a drop,
    /// once the seat of a game under way is taken back.
    pub(super) arena: Option<(ArenaId, Option<String>)>,
    /// The arena watched, to watch again after a drop.
    pub(super) watching_arena: Option<ArenaId>,
    /// Whether to join the arena again once the seat resumed is back.
    pub(super) rejoin_arena: bool,
    /// Whether the player paused in the arena (`pause`, until `join`): a
    /// game's end does not join it again then.
    pub(super) arena_paused: bool,
    /// The last event seen, so that a resume brings what was missed.
    pub(super) last_seq: Option<u64>,
    /// The greeting is out (or waits for the welcome) and not yet
    /// answered: a refusal now is final.
    pub(super) entering: bool,
    /// The greeting to send once the welcome comes: it may carry a proof
    /// of the key, which answers the welcome's challenge.
    pub(super) greeting_due: Option<ClientMessage>,
    /// This connection's challenge, from its welcome: every proof of the
    /// key sent on it answers it (and holds on it alone).
    pub(super) challenge: Option<KeyChallenge>,
    /// This connection replaces one that dropped.
    pub(super) returning: bool,
    /// Attempts to come back since the last success.
    pub(super) failures: u32,
    /// When to stop trying to come back.
    pub(super) give_up_at: Option<Instant>,
    /// Commands given while the link was down, sent once it is back.
    pub(super) held: Vec<ClientMessage>,
    /// What the server said when announcing its shutdown.
    pub(super) farewell: Option<String>,
    /// Where seats are kept while held.
    pub(super) seats: Option<SeatStore>,
    /// The room entered.
    pub(super) room: Option<RoomCode>,
    /// A room to join if the seat to resume there is gone.
    pub(super) join_if_gone: Option<RoomCode>,
    /// The seek under way, until its game starts: made again after a drop
    /// (the queue forgets a connection that went away), or when the seat
    /// the pairing gave is gone before the game began (the opponent never
    /// came, and the room was closed meanwhile).
    pub(super) seek: Option<Seek>,
    /// The pair's room a pairing named (`paired`), until this client is
    /// seated there: a drop before its `joined` came asks for the seat by
    /// key (the server gives back a seat its proven key holds), rather
    /// than seek again and leave the seat to be played by deadlines.
    pub(super) pair: Option<RoomCode>,
    /// Whether the greeting under way is that ask: refused, the seek goes
    /// on instead.
    pub(super) rejoining_pair: bool,
    /// Whether the greeting under way takes a seat back (`resume`): a room
    /// that says it has closed is then not taken at its word while the
    /// game there was not seen to end (see [`Link::resume_refused_for_now`]).
    pub(super) resuming: bool,
    /// Whether to seek again once the server ends the seek: a pairing was
    /// called off for this client's deal seal, which never reached the
    /// room.
    pub(super) seek_again_when_ended: bool,
    /// Whether this connection was told `seeking`: the server seeks for
    /// it again when its pairing is called off. One that entered the pair's
    /// room otherwise (asked for its seat by key, or resumed it after a
    /// drop) is told `unpaired` alone, and the client seeks again itself.
    pub(super) sought_here: bool,
    /// The first greeting, until it is answered: sent again after a drop
    /// or a passing refusal (`unavailable`: a cluster's node that cannot
    /// reach the room just now).
    pub(super) greeting: Option<ClientMessage>,
    /// The last seal sent, and when: sent again if the server refuses it
    /// for coming too fast.
    pub(super) last_seal: Option<(ClientMessage, Instant)>,
    /// When to send [`Link::last_seal`] again, after a `rate_limited`.
    pub(super) resend_at: Option<tokio::time::Instant>,
    /// Who the player is: their key, announced with every seat taken.
    pub(super) identity: Identity,
    /// The game under way, for a leave to be signed.
    pub(super) playing: Playing,
    /// The challenge this client plays (made, or to accept), until its
    /// room is entered.
    pub(super) challenging: Option<Challenging>,
    /// Whether this connection asked to hear of the player's challenges
    /// (once a connection: the answer, `challenges`, admits too).
    pub(super) challenges_watched: bool,
}

/// Why a connection ended.
pub(super) enum End {
    /// The user is done (the interface dropped its sender, or left).
    Done,
    /// The server refused to let us in (for good): the reason.
    Refused(String),
    /// The connection dropped.
    Dropped(String),
}

/// How a connection that closed under the link ends.
pub(super) fn closed() -> End {
    End::Dropped(tr!("net-closed"))
}

impl Link {
    /// The link for `entry`, not yet connected.
    pub(super) fn new(
        url: &str,
        name: &str,
        entry: &Entry,
        seats: Option<SeatStore>,
        identity: Identity,
        commands: mpsc::Receiver<ClientMessage>,
        events: mpsc::Sender<NetEvent>,
    ) -> Link {
        Link {
            url: url.to_owned(),
            name: name.to_owned(),
            commands,
            events,
            // A seat taken back is held from the start: the server does not
            // send its token again, and a drop must resume it as any other.
            token: match entry {
                Entry::Resume { token, .. } => Some(*token),
                _ => None,
            },
            arena: match entry {
                Entry::Arena { id, join_code } => Some((*id, join_code.clone())),
                _ => None,
            },
            watching_arena: match entry {
                Entry::WatchArena(id) => Some(*id),
                _ => None,
            },
            rejoin_arena: false,
            arena_paused: false,
            watching: None,
            last_seq: None,
            entering: false,
            greeting_due: None,
            challenge: None,
            returning: false,
            failures: 0,
            give_up_at: None,
            held: Vec::new(),
            farewell: None,
            seats,
            // A seat to take back is in a known room from the start:
            // refused, it is forgotten there.
            room: match entry {
                Entry::Resume { code, .. } => Some(*code),
                _ => None,
            },
            join_if_gone: match entry {
                Entry::Resume {
                    code,
                    or_join: true,
                    ..
                } => Some(*code),
                _ => None,
            },
            last_seal: None,
            resend_at: None,
            seek: match entry {
                Entry::Seek(seek) => Some(*seek),
                _ => None,
            },
            pair: None,
            rejoining_pair: false,
            resuming: matches!(entry, Entry::Resume { .. }),
            seek_again_when_ended: false,
            sought_here: false,
            greeting: None,
            playing: Playing::default(),
            challenging: Challenging::of(entry),
            challenges_watched: false,
            identity,
        }
    }

    pub(super) async fn run(mut self, mut socket: Socket, mut greeting: ClientMessage) {
        loop {
            let end = self.enter(&mut socket, greeting).await;
            let reason = match end {
                End::Done => {
                    let _ = socket.close(None).await;
                    return;
                }
                End::Refused(reason) => {
                    let _ = socket.close(None).await;
                    let _ = self.events.send(NetEvent::Closed(reason)).await;
                    return;
                }
                End::Dropped(reason) => why_dropped(reason, self.farewell.take()),
            };
            let Some(next) = self.coming_back() else {
                let _ = self.events.send(NetEvent::Closed(reason)).await;
                return;
            };
            greeting = next;
            match self.reconnect(reason).await {
                Some(fresh) => socket = fresh,
                None => return,
            }
        }
    }

    /// Says hello and the greeting, then forwards both ways until the
    /// connection ends. What was held meanwhile goes once the greeting is
    /// answered: the room's state is then known on the server's side (a
    /// node of a cluster judges an opening by it), and a refusal while
    /// entering can only be the greeting's.
    pub(super) async fn enter(&mut self, socket: &mut Socket, greeting: ClientMessage) -> End {
        let hello = ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            name: self.name.clone(),
        };
        self.entering = true;
        self.sought_here = false;
        self.challenge = None;
        self.challenges_watched = false;
        if !send_frame(socket, &hello).await {
            // A server that turns us away (full: close code 1013) may have
            // said why before closing: say it too.
            return End::Dropped(closing_reason(socket).await);
        }
        // Sent on the welcome: its proof answers the welcome's challenge.
        self.greeting_due = Some(greeting);
        self.pump(socket).await
    }

    /// What to send after hello when coming back: resume or watch again
    /// (or seek again, or the first greeting, never answered).
    pub(super) fn coming_back(&mut self) -> Option<ClientMessage> {
        if let Some(greeting) = &self.greeting {
            self.resuming = matches!(greeting, ClientMessage::Resume { .. });
            return Some(greeting.clone());
        }
        self.resuming = false;
        if self.token.is_none()
            && self.seek.is_some()
            && let (Some(code), Some(key)) = (self.pair, self.identity.key())
        {
            self.rejoining_pair = true;
            return Some(ClientMessage::JoinRoom {
                code,
                key: Some(key),
                bot_declaration: self.identity.bot_declaration(),
                key_proof: None,
            });
        }
        if self.token.is_none()
            && let Some(again) = self.challenge_again()
        {
            return Some(again);
        }
        if let Some(token) = self.token {
            // Back in the arena's game first; in the arena again after.
            self.rejoin_arena = self.arena.is_some();
            self.resuming = true;
            return Some(ClientMessage::Resume {
                token,
                last_seq: self.last_seq,
                key: self.identity.key(),
                bot_declaration: self.identity.bot_declaration(),
                key_proof: None,
            });
        }
        if let Some((id, join_code)) = &self.arena {
            return arena_join(*id, join_code.clone(), &self.identity);
        }
        if let Some(arena) = self.watching_arena {
            return Some(ClientMessage::WatchArena { arena });
        }
        self.watching
            .map(|code| ClientMessage::WatchRoom { code })
            .or_else(|| self.seek.map(|seek| seek.message(&self.identity)))
    }

    /// Retries with growing pauses; `None` when giving up (said) or when the
    /// user quit meanwhile.
    pub(super) async fn reconnect(&mut self, mut reason: String) -> Option<Socket> {
        let give_up_at = *self
            .give_up_at
            .get_or_insert_with(|| Instant::now() + RECONNECT_FOR);
        loop {
            self.failures += 1;
            let attempt = self.failures;
            let wait = (PAUSE_STEP * attempt).min(LONGEST_PAUSE);
            if Instant::now() + wait > give_up_at {
                let _ = self
                    .events
                    .send(NetEvent::Closed(tr!(
                        "net-gave-up",
                        attempts = attempt,
                        reason = reason.as_str()
                    )))
                    .await;
                return None;
            }
            let notice = NetEvent::Reconnecting {
                attempt,
                wait,
                reason: reason.clone(),
            };
            if self.events.send(notice).await.is_err() {
                return None;
            }
            let opened = async {
                tokio::time::sleep(wait).await;
                open(&self.url).await
            };
            tokio::select! {
                opened = opened => match opened {
                    Ok(socket) => {
                        self.returning = true;
                        return Some(socket);
                    }
                    Err(error) => reason = error,
                },
                () = hold_until_quit(&mut self.commands, &mut self.held) => return None,
            }
        }
    }

    /// In: the room (or the list, or the queue) answered the greeting.
    /// What was held meanwhile goes now; `Some` if the connection closed.
    pub(super) async fn admitted(&mut self, socket: &mut Socket) -> Option<End> {
        self.entering = false;
        self.resuming = false;
        self.greeting = None;
        self.failures = 0;
        self.give_up_at = None;
        if std::mem::take(&mut self.returning) {
            let _ = self.events.send(NetEvent::Reconnected).await;
        }
        for message in std::mem::take(&mut self.held) {
            if !self.send(socket, &message).await {
                return Some(closed());
            }
        }
        // A bot's card goes once: the server keeps it (in a cluster, for
        // every node). Its answer, or a refusal, is a line of the log.
        if let Some(describe) = self.identity.describe_bot() {
            self.identity.card = None;
            if !self.send(socket, &describe).await {
                return Some(closed());
            }
        }
        // A person playing hears of challenges made to them meanwhile, a
        // line in the game (a challenge's own run watches already).
        let playing = self.watching.is_none() && self.watching_arena.is_none();
        if playing
            && !std::mem::replace(&mut self.challenges_watched, true)
            && self.challenging.is_none()
            && !self.identity.bot
            && let Some(watch) = super::entries::watch_challenges(&self.identity)
            && !self.send(socket, &watch).await
        {
            return Some(closed());
        }
        None
    }

    /// Whether a refusal of the seat taken back is one to try again: a
    /// room that says it has closed (`unknown_room`) while the game there
    /// was under way, or never seen, may be a server's stale copy of a room
    /// that runs on another server now (a cluster's node back from a
    /// pause). A seat that really leads nowhere is refused as such
    /// (`bad_token`), and a game seen to end gives the seat up.
    pub(super) fn resume_refused_for_now(&self, code: ErrorCode) -> bool {
        let game_seen_ended = self.last_seq.is_some() && self.playing.exchange.is_none();
        self.resuming && code == ErrorCode::UnknownRoom && !game_seen_ended
    }

    /// The `join_arena` to send once, when coming back to an arena's
    /// game (after its room answered, whatever it said).
    pub(super) fn arena_join_again(&mut self) -> Option<ClientMessage> {
        if !std::mem::take(&mut self.rejoin_arena) {
            return None;
        }
        let (id, join_code) = self.arena.as_ref()?;
        arena_join(*id, join_code.clone(), &self.identity)
    }

    /// The `join_arena` to send as an arena's game ends, whatever the last
    /// join was answered (refused, or never answered for a drop): back in
    /// the arena, the player is paired again. Joining while in is
    /// harmless; one join a game, never a loop. None when the arena is
    /// over, left, or paused by the player, or for a spectator.
    pub(super) fn arena_join_after_game(&self) -> Option<ClientMessage> {
        if self.arena_paused || self.playing.seat.is_none() {
            return None;
        }
        let (id, join_code) = self.arena.as_ref()?;
        arena_join(*id, join_code.clone(), &self.identity)
    }

    /// The leave to send: signed with the player's key for the game under
    /// way, if one is (the record keeps it as the proof that they left).
    pub(super) fn signed_leave(&self) -> ClientMessage {
        let signature = match (&self.identity.secret, self.playing) {
            (
                Some(secret),
                Playing {
                    seat: Some(seat),
                    exchange: Some((commitment, round)),
                },
            ) => Some(secret.sign_leave(commitment, round, seat)),
            _ => None,
        };
        ClientMessage::Leave { signature }
    }
}

/// Waits until the user quits (leaves, or drops the sender); other commands
/// given meanwhile are held for when the link is back.
pub(super) async fn hold_until_quit(
    commands: &mut mpsc::Receiver<ClientMessage>,
    held: &mut Vec<ClientMessage>,
) {
    while let Some(command) = commands.recv().await {
        if matches!(command, ClientMessage::Leave { .. }) {
            return;
        }
        held.push(command);
    }
}

/// Why a connection dropped, in one phrase: what the server announced
/// before it went (its shutdown) says it all.
pub(super) fn why_dropped(reason: String, farewell: Option<String>) -> String {
    farewell.unwrap_or(reason)
}

/// Whether the room's game has got past its deal (or ended): a pairing's
/// room calls the pairing off only before both players sealed their deal.
pub(super) fn past_its_deal(state: &RoomState) -> bool {
    state.result.is_some()
        || (state.status == RoomStatus::Playing
            && state
                .exchange
                .as_ref()
                .is_none_or(|exchange| exchange.round != mice_cake_engine::fair::DEAL_ROUND))
}
