//! Connections refused or cut off: why, named as the metrics and the log's
//! summary name it (`mice_cake_refused_total` by `reason`).

use crate::tally::Tally;

/// Why a connection was refused or cut off, in the order the log's summary
/// counts them.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Refused {
    /// Turned away: every slot held by a player.
    ServerFull,
    /// Pushed out (in no game) to make room for a newcomer.
    PushedOut,
    /// No `hello` in time.
    NoHello,
    /// Too many messages (or pings) over the rate.
    TooManyMessages,
    /// A frame the WebSocket protocol does not allow.
    ProtocolError,
    /// A seat token that leads nowhere.
    BadToken,
    /// A hop the trusted proxies wrote in the forwarding header, or their
    /// PROXY protocol header, that cannot be read: a proxy gone wrong (what
    /// a client writes of its own is never read, so never counted here).
    BadForwarding,
}

impl Refused {
    pub(crate) const KINDS: &[&str] = &[
        "server_full",
        "pushed_out",
        "no_hello",
        "too_many_messages",
        "protocol_error",
        "bad_token",
        "bad_forwarding",
    ];

    /// Its name in the log and the metrics.
    pub(crate) fn label(self) -> &'static str {
        Refused::KINDS[self as usize]
    }
}

/// The log's summary of refusals.
pub(crate) fn tally() -> Tally {
    Tally::new(
        "connections refused or cut off: turned away while every slot held a player, pushed \
         out (in no game) for a newcomer while every slot was held, no hello in time, too many \
         messages, a frame the WebSocket protocol does not allow, a seat token that leads \
         nowhere, or a trusted proxy's own word on the client that cannot be read",
        Refused::KINDS,
    )
}
