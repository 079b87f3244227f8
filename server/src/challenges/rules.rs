//! Whether a challenge may be made (`docs/protocol.md`, "Challenges"): pure,
//! given what the store knows of the two keys.

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{ChallengesFrom, ErrorCode, MAX_OPEN_CHALLENGES};

use crate::room::Refusal;

/// What is known of a challenge about to be made.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Asked {
    pub(crate) from: PlayerKey,
    pub(crate) to: PlayerKey,
    /// Whether the challenger's key declared itself a bot's.
    pub(crate) from_bot: bool,
    /// Whether the challenged key declared itself a bot's.
    pub(crate) to_bot: bool,
    /// Whether the game is to be rated.
    pub(crate) rated: bool,
    /// Whom the challenged key takes challenges from.
    pub(crate) taken_from: ChallengesFrom,
    /// Whether the two keys have played a game together here.
    pub(crate) played: bool,
    /// The challenges the challenger has waiting already.
    pub(crate) open: usize,
}

/// The refusal of a challenge `asked` may not make, if any. `name` is the
/// challenged player's, for the sentence.
pub(crate) fn refusal(asked: &Asked, name: &str) -> Option<Refusal> {
    let refused = |reason: &str, message: String| {
        Some(Refusal::new(ErrorCode::ChallengeRefused, message).with("reason", reason))
    };
    if asked.from == asked.to {
        return refused("yourself", "you cannot challenge yourself".into());
    }
    match asked.taken_from {
        ChallengesFrom::Nobody => {
            return refused("nobody", format!("{name} takes no challenges"))
                .map(|refusal| refusal.with("player", name));
        }
        ChallengesFrom::Played if !asked.played => {
            return refused(
                "not_played",
                format!("{name} takes challenges only from players they have played"),
            )
            .map(|refusal| refusal.with("player", name));
        }
        ChallengesFrom::Played | ChallengesFrom::Everyone => {}
    }
    if asked.open >= MAX_OPEN_CHALLENGES {
        return refused(
            "too_many",
            format!(
                "you have {MAX_OPEN_CHALLENGES} challenges waiting for an answer already: cancel \
                 one first"
            ),
        )
        .map(|refusal| refusal.with("max", MAX_OPEN_CHALLENGES));
    }
    if asked.rated && asked.from_bot != asked.to_bot {
        return refused(
            "bot_against_person",
            "a rated challenge is between two bots or two people: a bot and a person play \
             casual games only"
                .into(),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked() -> Asked {
        Asked {
            from: PlayerKey::from_bytes([1; 32]),
            to: PlayerKey::from_bytes([2; 32]),
            from_bot: false,
            to_bot: false,
            rated: true,
            taken_from: ChallengesFrom::Everyone,
            played: false,
            open: 0,
        }
    }

    fn reason(asked: &Asked) -> Option<String> {
        refusal(asked, "Bob").map(|refusal| match refusal.args.get("reason") {
            Some(mice_cake_protocol::RefusalArg::Text(reason)) => reason.clone(),
            other => panic!("a reason: {other:?}"),
        })
    }

    #[test]
    fn each_way_a_challenge_is_refused_has_its_reason() {
        assert_eq!(reason(&asked()), None);
        let yourself = Asked {
            to: asked().from,
            ..asked()
        };
        assert_eq!(reason(&yourself).as_deref(), Some("yourself"));
        let nobody = Asked {
            taken_from: ChallengesFrom::Nobody,
            played: true,
            ..asked()
        };
        assert_eq!(reason(&nobody).as_deref(), Some("nobody"));
        let strangers = Asked {
            taken_from: ChallengesFrom::Played,
            ..asked()
        };
        assert_eq!(reason(&strangers).as_deref(), Some("not_played"));
        let played = Asked {
            played: true,
            ..strangers
        };
        assert_eq!(reason(&played), None);
        let too_many = Asked {
            open: MAX_OPEN_CHALLENGES,
            ..asked()
        };
        assert_eq!(reason(&too_many).as_deref(), Some("too_many"));
        let bot = Asked {
            from_bot: true,
            ..asked()
        };
        assert_eq!(reason(&bot).as_deref(), Some("bot_against_person"));
        assert_eq!(
            reason(&Asked {
                rated: false,
                ..bot
            }),
            None,
            "casual: a bot may challenge a person"
        );
        assert_eq!(
            reason(&Asked {
                to_bot: true,
                ..bot
            }),
            None
        );
    }
}
