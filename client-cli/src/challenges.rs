//! Challenges in words and in choices (`docs/client.md`): whom a name
//! means (from `GET /api/players?name=NAME`'s answer), which challenge an
//! answer is for, how one ended, the list. Pure: the connection
//! ([`crate::net`]) and the interfaces read it; the commands that talk to
//! the server are [`crate::challenge_commands`]'.

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{
    Challenge, ChallengeEnd, ChallengeId, ChallengePlayer, ChallengesFrom, PlayersNamed, Pool,
    RoomOptions,
};

use crate::tr;

/// Hex digits of a key shown beside a name.
const SHORT_KEY: usize = 8;

/// `who` as a key, if it is one: 64 hex digits (either case).
pub fn as_key(who: &str) -> Option<PlayerKey> {
    let who = who.trim();
    if who.len() != 64 || !who.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return None;
    }
    who.to_ascii_lowercase().parse().ok()
}

/// The one key of the players the server knows by `name`; none, or more
/// than one, is said (with the keys, to challenge one by its key).
pub fn one_key(name: &str, named: &PlayersNamed) -> Result<PlayerKey, String> {
    match named.players.as_slice() {
        [one] => Ok(one.key),
        [] => Err(tr!("challenges-nobody-named", name = name)),
        several => {
            let keys: Vec<String> = several
                .iter()
                .map(|player| {
                    let badge = if player.bot { " [BOT]" } else { "" };
                    format!("{}{badge}", player.key)
                })
                .collect();
            Err(tr!(
                "challenges-several-named",
                name = name,
                count = several.len(),
                keys = keys.join(", ")
            ))
        }
    }
}

/// `text` as a URL's query value: every byte but the unreserved ones
/// percent-encoded.
pub fn query_value(text: &str) -> String {
    text.bytes()
        .map(|byte| {
            if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
                char::from(byte).to_string()
            } else {
                format!("%{byte:02X}")
            }
        })
        .collect()
}

/// The challenge an answer is for: `asked` among those `waiting`, or the
/// newest (they come oldest first).
pub fn pick(waiting: &[Challenge], asked: Option<ChallengeId>) -> Option<&Challenge> {
    match asked {
        Some(id) => waiting.iter().find(|challenge| challenge.id == id),
        None => waiting.last(),
    }
}

/// That no challenge (or not `asked`) waits for the player's answer.
pub fn none_waiting(asked: Option<ChallengeId>) -> String {
    match asked {
        Some(id) => tr!("challenges-not-waiting", id = id.to_string()),
        None => tr!("challenges-none-waiting"),
    }
}

/// How challenge `id` ended, in a sentence.
pub fn end_words(id: ChallengeId, end: ChallengeEnd) -> String {
    let id = id.to_string();
    match end {
        ChallengeEnd::Accepted { code } => {
            tr!("challenges-accepted", id = id, code = code.to_string())
        }
        ChallengeEnd::Declined => tr!("challenges-ended", id = id, end = "declined"),
        ChallengeEnd::Cancelled => tr!("challenges-ended", id = id, end = "cancelled"),
        ChallengeEnd::Expired => tr!("challenges-ended", id = id, end = "expired"),
    }
}

/// A challenge's link on the server at `http`: its page.
pub fn link(http: &str, id: ChallengeId) -> String {
    format!("{http}/c/{id}")
}

/// A player of a challenge: name, bot badge, the start of the key.
pub fn player_words(player: &ChallengePlayer) -> String {
    let key: String = player.key.to_string().chars().take(SHORT_KEY).collect();
    if player.name.is_empty() {
        return tr!("challenges-player-unnamed", key = key);
    }
    tr!(
        "challenges-player",
        name = player.name.as_str(),
        badge = if player.bot { " [BOT]" } else { "" },
        key = key
    )
}

/// A challenge's room in words: the variant, the time a round, rated or
/// casual, and a match's length.
pub fn options_words(options: &RoomOptions) -> String {
    let rules = mice_cake_engine::Options {
        stall_limit: mice_cake_engine::Options::default().stall_limit,
        ..options.game
    };
    let variant = Pool::of(&rules).map_or_else(String::new, crate::text::pool_words);
    let (deadline, time) = match options.deadline_ms {
        None => ("default", String::new()),
        Some(0) => ("none", String::new()),
        Some(ms) => (
            "some",
            humantime::format_duration(std::time::Duration::from_millis(ms)).to_string(),
        ),
    };
    let standard_stall = options.game.stall_limit == rules.stall_limit;
    tr!(
        "challenges-options",
        variant = variant,
        deadline = deadline,
        time = time,
        kind = if options.rated { "rated" } else { "casual" },
        first_to = options.first_to,
        stall = if standard_stall { "standard" } else { "other" },
        stall_limit = options.game.stall_limit
    )
}

/// How long a challenge has before it expires, as a clock shows it.
fn left(challenge: &Challenge) -> String {
    crate::arena_text::countdown(0, challenge.expires_in_ms)
}

/// A challenge made, as its challenger is told: what and to whom, how long
/// it waits, and its link on the server at `http`.
pub fn sent_lines(challenge: &Challenge, http: &str) -> Vec<String> {
    vec![
        tr!(
            "challenges-sent",
            id = challenge.id.to_string(),
            player = player_words(&challenge.to),
            options = options_words(&challenge.options),
            left = left(challenge)
        ),
        tr!("challenges-link", link = link(http, challenge.id)),
    ]
}

/// A new challenge to the player, in a line, with the command that
/// accepts it.
pub fn challenged_line(challenge: &Challenge) -> String {
    tr!(
        "challenges-challenged",
        id = challenge.id.to_string(),
        player = player_words(&challenge.from),
        options = options_words(&challenge.options),
        left = left(challenge)
    )
}

/// Whom the player takes challenges from, in a sentence.
pub fn from_words(from: ChallengesFrom) -> String {
    let from = match from {
        ChallengesFrom::Everyone => "everyone",
        ChallengesFrom::Played => "played",
        ChallengesFrom::Nobody => "nobody",
    };
    tr!("challenges-from", from = from)
}

/// The challenges waiting for the player and those they sent, a line
/// each, then whom they take challenges from.
pub fn list_lines(waiting: &[Challenge], sent: &[Challenge], from: ChallengesFrom) -> Vec<String> {
    let mut lines = Vec::new();
    if waiting.is_empty() {
        lines.push(tr!("challenges-none-for-you"));
    } else {
        lines.push(tr!("challenges-for-you", count = waiting.len()));
        lines.extend(waiting.iter().map(|challenge| {
            tr!(
                "challenges-from-line",
                id = challenge.id.to_string(),
                player = player_words(&challenge.from),
                options = options_words(&challenge.options),
                left = left(challenge)
            )
        }));
    }
    if sent.is_empty() {
        lines.push(tr!("challenges-none-sent"));
    } else {
        lines.push(tr!("challenges-by-you", count = sent.len()));
        lines.extend(sent.iter().map(|challenge| {
            tr!(
                "challenges-to-line",
                id = challenge.id.to_string(),
                player = player_words(&challenge.to),
                options = options_words(&challenge.options),
                left = left(challenge)
            )
        }));
    }
    lines.push(from_words(from));
    lines
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::PlayerSecret;
    use mice_cake_protocol::NamedPlayer;

    use super::*;

    fn key(byte: u8) -> PlayerKey {
        PlayerSecret::from_bytes([byte; 32]).public_key()
    }

    fn player(byte: u8, name: &str) -> ChallengePlayer {
        ChallengePlayer {
            key: key(byte),
            name: name.into(),
            bot: false,
        }
    }

    fn challenge(id: &str, options: RoomOptions) -> Challenge {
        Challenge {
            id: id.parse().unwrap(),
            from: player(1, "Ann"),
            to: player(2, "Bea"),
            options,
            expires_in_ms: 598_000,
        }
    }

    /// `GET /api/players?name=NAME` as the server answers it.
    fn named(body: &str) -> PlayersNamed {
        serde_json::from_str(body).unwrap()
    }

    #[test]
    fn a_name_means_one_key_or_says_why_not() {
        let bea = key(2).to_string();
        let one = named(&format!(
            r#"{{"players":[{{"key":"{bea}","name":"Bea","bot":false}}]}}"#
        ));
        assert_eq!(one_key("Bea", &one), Ok(key(2)));
        let none = named(r#"{"players":[]}"#);
        assert_eq!(
            one_key("Bea", &none).unwrap_err(),
            "nobody is called Bea on this server: challenge a player by the name they have \
             there, or by their key (64 hex digits)"
        );
        let two = PlayersNamed {
            players: vec![
                NamedPlayer {
                    key: key(2),
                    name: "Bea".into(),
                    bot: false,
                },
                NamedPlayer {
                    key: key(3),
                    name: "bea".into(),
                    bot: true,
                },
            ],
        };
        let error = one_key("Bea", &two).unwrap_err();
        assert!(
            error.starts_with(
                "2 players are called Bea on this server: challenge one by their key ("
            ),
            "{error}"
        );
        assert!(error.contains(&bea), "{error}");
        assert!(error.contains(&format!("{} [BOT]", key(3))), "{error}");
    }

    #[test]
    fn a_key_is_taken_as_typed_and_a_name_is_asked_for() {
        let bea = key(2).to_string();
        assert_eq!(as_key(&bea), Some(key(2)));
        assert_eq!(as_key(&format!(" {} ", bea.to_uppercase())), Some(key(2)));
        assert_eq!(as_key("Bea"), None);
        assert_eq!(as_key(&bea[..63]), None);
        assert_eq!(query_value("Ann Bé/x"), "Ann%20B%C3%A9%2Fx");
    }

    #[test]
    fn the_newest_waiting_is_the_one_answered_unless_one_is_named() {
        let waiting = [
            challenge("AAAA222222", RoomOptions::default()),
            challenge("BBBB333333", RoomOptions::default()),
        ];
        assert_eq!(
            pick(&waiting, None).map(|c| c.id.to_string()),
            Some("BBBB333333".into())
        );
        let older = "aaaa222222".parse().unwrap();
        assert_eq!(pick(&waiting, Some(older)).map(|c| c.id), Some(older));
        let unknown = "CCCC444444".parse().unwrap();
        assert!(pick(&waiting, Some(unknown)).is_none());
        assert!(pick(&[], None).is_none());
        assert_eq!(
            none_waiting(Some(unknown)),
            "no challenge CCCC444444 is waiting for your answer (mice-cake challenges lists them)"
        );
    }

    #[test]
    fn a_challenge_is_said_in_words() {
        let single = RoomOptions::default();
        assert_eq!(
            options_words(&single),
            "standard, the server's time a round, casual"
        );
        let rated_match = RoomOptions {
            game: mice_cake_engine::Options {
                boost: true,
                reveal: mice_cake_engine::Reveal::AllFaceUp,
                stall_limit: 5,
            },
            deadline_ms: Some(30_000),
            rated: true,
            first_to: 3,
            ..RoomOptions::default()
        };
        assert_eq!(
            options_words(&rated_match),
            "face up boost, 30s a round, rated, a match: first to 3 wins, stall limit 5"
        );
        let untimed = RoomOptions {
            deadline_ms: Some(0),
            ..RoomOptions::default()
        };
        assert!(options_words(&untimed).contains("no deadline"));
        let sent = challenge("K7M2QX9PHT", rated_match);
        let bea = key(2).to_string();
        assert_eq!(
            sent_lines(&sent, "http://localhost:8080"),
            vec![
                format!(
                    "challenge K7M2QX9PHT sent to Bea ({}…): face up boost, 30s a round, rated, \
                     a match: first to 3 wins, stall limit 5; it waits 9:58 for the answer",
                    &bea[..8]
                ),
                "its link: http://localhost:8080/c/K7M2QX9PHT".to_owned(),
            ]
        );
        assert!(
            challenged_line(&sent).ends_with("to accept: mice-cake accept K7M2QX9PHT"),
            "{}",
            challenged_line(&sent)
        );
        let lines = list_lines(std::slice::from_ref(&sent), &[], ChallengesFrom::Played);
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert!(
            lines[1].starts_with("  K7M2QX9PHT  from Ann ("),
            "{lines:?}"
        );
        assert_eq!(lines[2], "no challenge you sent is waiting for its answer");
        assert_eq!(
            lines[3],
            "you take challenges only from players you have played"
        );
        let id = sent.id;
        assert_eq!(
            end_words(id, ChallengeEnd::Declined),
            "challenge K7M2QX9PHT declined"
        );
        assert_eq!(
            end_words(
                id,
                ChallengeEnd::Accepted {
                    code: "K7QMX".parse().unwrap()
                }
            ),
            "challenge K7M2QX9PHT accepted: on to room K7QMX"
        );
        let unnamed = ChallengePlayer {
            name: String::new(),
            ..player(2, "")
        };
        assert!(player_words(&unnamed).starts_with("a player with no name yet ("));
    }

    #[test]
    fn french_and_spanish_say_a_match_in_their_words() {
        let options = RoomOptions {
            first_to: 3,
            ..RoomOptions::default()
        };
        let french = crate::catalogue::speaking("fr", || options_words(&options));
        assert!(french.contains("un match en 3 victoires"), "{french}");
        let spanish = crate::catalogue::speaking("es", || options_words(&options));
        assert!(spanish.contains("un encuentro a 3 victorias"), "{spanish}");
    }
}
