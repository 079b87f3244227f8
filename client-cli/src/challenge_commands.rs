//! The challenges' commands that talk to the server (`docs/client.md`):
//! whom `mice-cake challenge WHO` means (a key, or a name the server
//! knows), and `challenges` (the list, or whom they come from) and
//! `decline`, short exchanges on a connection of their own. Playing a
//! challenge (`challenge`, `accept`) is the connection's and the
//! interfaces', as any room.

use mice_cake_engine::{PlayerKey, PlayerSecret};
use mice_cake_protocol::{ChallengeId, ChallengesFrom, ClientMessage, PlayersNamed, ServerMessage};

use crate::challenges::{
    as_key, end_words, from_words, list_lines, none_waiting, one_key, pick, player_words,
    query_value,
};
use crate::net::{NetEvent, Session};
use crate::plain::{Output, print_lines};
use crate::tr;

/// The key `who` names: a key as typed (64 hex digits), or the one key
/// the server at `http` knows by that name.
pub fn resolve(who: &str, http: &str) -> anyhow::Result<PlayerKey> {
    if let Some(key) = as_key(who) {
        return Ok(key);
    }
    let name = mice_cake_protocol::player_name(who)
        .map_err(|error| anyhow::anyhow!(crate::cli::bad_name(&error)))?;
    let url = format!("{http}/api/players?name={}", query_value(&name));
    let named: PlayersNamed = serde_json::from_str(&crate::replay::fetch(&url)?)?;
    one_key(&name, &named).map_err(anyhow::Error::msg)
}

/// The server's next message `wanted` picks; a refusal, or the connection
/// closing, is the error.
async fn answer(
    session: &mut Session,
    wanted: impl Fn(&ServerMessage) -> bool,
) -> anyhow::Result<ServerMessage> {
    while let Some(event) = session.events.recv().await {
        match event {
            NetEvent::Message(message) if wanted(&message) => return Ok(message),
            NetEvent::Message(ServerMessage::Error {
                code,
                message,
                args,
            }) => anyhow::bail!(crate::catalogue::refusal_with(code, &message, &args)),
            NetEvent::Closed(reason) => anyhow::bail!(tr!("main-disconnected", reason = reason)),
            _ => {}
        }
    }
    anyhow::bail!(tr!("main-connection-ended"))
}

/// The challenges watched on a new connection made as `identity`: the
/// session, and the server's `challenges` answer.
async fn watched(
    url: &str,
    name: &str,
    identity: crate::net::Identity,
) -> anyhow::Result<(Session, ServerMessage)> {
    let mut session =
        crate::net::connect(url, name, crate::net::Entry::Challenges, None, identity).await?;
    let told = answer(&mut session, |message| {
        matches!(message, ServerMessage::Challenges { .. })
    })
    .await?;
    Ok((session, told))
}

/// `mice-cake challenges`: those waiting for the player and those they
/// sent, printed (`--json`: the server's message).
pub async fn list(
    url: &str,
    name: &str,
    identity: crate::net::Identity,
    output: Output,
) -> anyhow::Result<()> {
    let (session, told) = watched(url, name, identity).await?;
    match (output, &told) {
        (Output::Json, _) => print_lines([serde_json::to_string(&told)?]),
        (
            Output::Text,
            ServerMessage::Challenges {
                waiting,
                sent,
                from,
            },
        ) => print_lines(list_lines(waiting, sent, *from)),
        (Output::Text, _) => {}
    }
    session.leave().await;
    Ok(())
}

/// `mice-cake decline [ID]`: declines `asked`, or the newest waiting.
pub async fn decline(
    url: &str,
    name: &str,
    identity: crate::net::Identity,
    asked: Option<ChallengeId>,
    output: Output,
) -> anyhow::Result<()> {
    let (mut session, told) = watched(url, name, identity).await?;
    let ServerMessage::Challenges { waiting, .. } = &told else {
        anyhow::bail!(tr!("main-connection-ended"));
    };
    let challenge = pick(waiting, asked)
        .cloned()
        .ok_or_else(|| anyhow::anyhow!(none_waiting(asked)))?;
    let id = challenge.id;
    session
        .commands
        .send(ClientMessage::DeclineChallenge { id })
        .await?;
    let ended = answer(&mut session, |message| {
        matches!(message, ServerMessage::ChallengeEnded { id: ended, .. } if *ended == id)
    })
    .await?;
    match (output, &ended) {
        (Output::Json, _) => print_lines([serde_json::to_string(&ended)?]),
        (Output::Text, ServerMessage::ChallengeEnded { end, .. }) => print_lines([tr!(
            "challenges-declined-from",
            words = end_words(id, *end),
            player = player_words(&challenge.from)
        )]),
        (Output::Text, _) => {}
    }
    session.leave().await;
    Ok(())
}

/// `mice-cake challenges --from WHOM`: whom the player (the holder of
/// `secret`) takes challenges from, signed, and the server's answer.
pub async fn take_from(
    url: &str,
    name: &str,
    identity: crate::net::Identity,
    from: ChallengesFrom,
    output: Output,
) -> anyhow::Result<()> {
    let secret: PlayerSecret = identity
        .secret
        .clone()
        .ok_or_else(|| anyhow::anyhow!(tr!("net-challenges-need-a-key")))?;
    let (mut session, _) = watched(url, name, identity).await?;
    let at_ms = crate::arena_text::now_ms();
    let choice = ClientMessage::ChallengesFrom {
        from,
        at_ms,
        signature: secret.sign_challenges_from(from.byte(), at_ms),
    };
    session.commands.send(choice).await?;
    let set = answer(&mut session, |message| {
        matches!(message, ServerMessage::ChallengesFromSet { .. })
    })
    .await?;
    match (output, &set) {
        (Output::Json, _) => print_lines([serde_json::to_string(&set)?]),
        (Output::Text, ServerMessage::ChallengesFromSet { from }) => {
            print_lines([from_words(*from)]);
        }
        (Output::Text, _) => {}
    }
    session.leave().await;
    Ok(())
}
