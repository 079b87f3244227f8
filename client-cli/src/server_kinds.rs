//! The one list of the server's messages in the client: what each kind is
//! to it. A new `ServerMessage` variant is placed here (the compiler asks,
//! nowhere else); the tracker, the connection and the line interface act
//! on the kinds they care about, by [`kind`], and pass over the rest.

use mice_cake_protocol::ServerMessage;

/// What a server message is to the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The answer to `hello`.
    Welcome,
    /// The greeting answered: in a room (seated or watching), the room
    /// list, the queue, an arena, a challenge made or the challenges
    /// watched. The connection is in.
    Admission,
    /// The room's news: its whole state, an event, its rounds so far, a
    /// chat line, leaving it.
    Room,
    /// The seek's news once under way: a pairing, its calling off, a bot
    /// offered, the end.
    Seek,
    /// An arena's news once joined.
    Arena,
    /// The challenges' news once watched: a new one, one ended, whom the
    /// player takes them from.
    Challenge,
    /// A refusal or a warning, the server going down, a player renamed, a
    /// bot's card kept.
    Notice,
}

/// What `message` is to the client.
pub fn kind(message: &ServerMessage) -> Kind {
    match message {
        ServerMessage::Welcome { .. } => Kind::Welcome,
        ServerMessage::Joined { .. }
        | ServerMessage::RoomList { .. }
        | ServerMessage::Seeking { .. }
        | ServerMessage::ArenaJoined { .. }
        | ServerMessage::ChallengeSent { .. }
        | ServerMessage::Challenges { .. } => Kind::Admission,
        ServerMessage::State { .. }
        | ServerMessage::Event { .. }
        | ServerMessage::Events { .. }
        | ServerMessage::History { .. }
        | ServerMessage::Chat { .. }
        | ServerMessage::Left { .. } => Kind::Room,
        ServerMessage::BotOffered { .. }
        | ServerMessage::Paired { .. }
        | ServerMessage::Unpaired { .. }
        | ServerMessage::SeekEnded { .. } => Kind::Seek,
        ServerMessage::ArenaUpdate { .. }
        | ServerMessage::ArenaPaired { .. }
        | ServerMessage::ArenaPaused { .. }
        | ServerMessage::ArenaLeft { .. } => Kind::Arena,
        ServerMessage::Challenged { .. }
        | ServerMessage::ChallengeEnded { .. }
        | ServerMessage::ChallengesFromSet { .. } => Kind::Challenge,
        ServerMessage::Error { .. }
        | ServerMessage::ShuttingDown { .. }
        | ServerMessage::Renamed { .. }
        | ServerMessage::BotDescribed { .. } => Kind::Notice,
    }
}
