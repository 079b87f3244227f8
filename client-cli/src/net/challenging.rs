//! A challenge followed by the link until its room is entered: made and
//! waited for (taken back when the player leaves first), or picked among
//! those waiting and accepted; accepted, the seat taken in its room by key,
//! as after a pairing. A drop meanwhile watches the challenges again, and a
//! challenge that ended while the client was away is asked of the server's
//! API (`GET /api/challenges/{id}`).

use mice_cake_protocol::{
    Challenge, ChallengeEnd, ChallengeId, ChallengeStatus, ClientMessage, ErrorCode, RoomCode,
    ServerMessage,
};

use super::entries::{Challenging, watch_challenges};
use super::reconnection::{End, Link, closed};
use super::socket::Socket;
use crate::tr;

impl Link {
    /// What a challenge's message changes for the link; `Some` if the
    /// connection ends.
    pub(super) async fn learn_challenge(
        &mut self,
        socket: &mut Socket,
        message: &ServerMessage,
    ) -> Option<End> {
        match message {
            ServerMessage::ChallengeSent { challenge } => {
                if self.challenging == Some(Challenging::Made(None)) {
                    self.challenging = Some(Challenging::Made(Some(challenge.id)));
                }
                None
            }
            ServerMessage::Challenges { waiting, sent, .. } => {
                self.challenges_told(socket, waiting, sent).await
            }
            ServerMessage::Challenged { challenge } => self.challenged(socket, challenge).await,
            ServerMessage::ChallengeEnded { id, end } => {
                self.challenge_ended(socket, *id, *end).await
            }
            _ => None,
        }
    }

    /// The challenges waiting (the answer to `watch_challenges`): the one to
    /// accept picked, or the one followed found (or learnt to have ended
    /// while the client was away).
    async fn challenges_told(
        &mut self,
        socket: &mut Socket,
        waiting: &[Challenge],
        sent: &[Challenge],
    ) -> Option<End> {
        let has = |list: &[Challenge], id: ChallengeId| list.iter().any(|c| c.id == id);
        match self.challenging? {
            Challenging::Made(Some(id)) if !has(sent, id) => {
                self.ended_while_away(socket, id).await
            }
            Challenging::Accepting {
                asked,
                wait,
                chosen: None,
            } => match crate::challenges::pick(waiting, asked) {
                Some(challenge) => self.accept(socket, challenge.id).await,
                None if wait => None,
                None => Some(End::Refused(crate::challenges::none_waiting(asked))),
            },
            // Its accept was sent before a drop: again, if still waiting.
            Challenging::Accepting {
                chosen: Some(id), ..
            } if has(waiting, id) => self.accept(socket, id).await,
            Challenging::Accepting {
                chosen: Some(id), ..
            } => self.ended_while_away(socket, id).await,
            Challenging::Made(_) | Challenging::Accepted(_) => None,
        }
    }

    /// A new challenge to this player: accepted by a bot waiting for one.
    async fn challenged(&mut self, socket: &mut Socket, challenge: &Challenge) -> Option<End> {
        match self.challenging? {
            Challenging::Accepting {
                asked,
                wait: true,
                chosen: None,
            } if asked.is_none_or(|asked| asked == challenge.id) => {
                self.accept(socket, challenge.id).await
            }
            _ => None,
        }
    }

    /// Accepts challenge `id`.
    async fn accept(&mut self, socket: &mut Socket, id: ChallengeId) -> Option<End> {
        if let Some(Challenging::Accepting { asked, wait, .. }) = self.challenging {
            self.challenging = Some(Challenging::Accepting {
                asked,
                wait,
                chosen: Some(id),
            });
        }
        let accept = ClientMessage::AcceptChallenge { id };
        (!self.send(socket, &accept).await).then(closed)
    }

    /// The challenge followed ended: accepted, the seat in its room is
    /// taken (by key, as after a pairing); otherwise it is over, said.
    async fn challenge_ended(
        &mut self,
        socket: &mut Socket,
        id: ChallengeId,
        end: ChallengeEnd,
    ) -> Option<End> {
        if self.challenging?.id() != Some(id) {
            // Another of the player's challenges.
            return None;
        }
        let ChallengeEnd::Accepted { code } = end else {
            self.challenging = None;
            return Some(End::Refused(crate::challenges::end_words(id, end)));
        };
        self.challenging = Some(Challenging::Accepted(code));
        self.pair = Some(code);
        // The join answers for the entry now: refused, it is final.
        self.entering = true;
        self.rejoining_pair = true;
        let join = self.join_by_key(code)?;
        (!self.send(socket, &join).await).then(closed)
    }

    /// The `join_room` that takes this player's seat in room `code`, by
    /// key (the link proves it as it sends it).
    pub(super) fn join_by_key(&self, code: RoomCode) -> Option<ClientMessage> {
        Some(ClientMessage::JoinRoom {
            code,
            key: Some(self.identity.key()?),
            bot_declaration: self.identity.bot_declaration(),
            key_proof: None,
        })
    }

    /// The challenge `id` is no longer waiting, and its end was missed
    /// while the connection was down: the server's API says how it ended.
    async fn ended_while_away(&mut self, socket: &mut Socket, id: ChallengeId) -> Option<End> {
        let url = format!("{}/api/challenges/{id}", api_base(&self.url));
        let status = tokio::task::spawn_blocking(move || challenge_status(&url)).await;
        match status.ok().flatten().and_then(|status| status.end) {
            Some(end) => self.challenge_ended(socket, id, end).await,
            None => {
                self.challenging = None;
                Some(End::Refused(tr!(
                    "net-challenge-ended-while-away",
                    id = id.to_string()
                )))
            }
        }
    }

    /// What to send when coming back while a challenge is followed: watch
    /// the challenges again (to learn where it stands), or, accepted, ask
    /// its room for the seat by key. `None` when none is followed.
    pub(super) fn challenge_again(&mut self) -> Option<ClientMessage> {
        match self.challenging? {
            Challenging::Accepted(code) => {
                self.rejoining_pair = true;
                self.join_by_key(code)
            }
            Challenging::Made(_) | Challenging::Accepting { .. } => {
                watch_challenges(&self.identity)
            }
        }
    }

    /// The cancel to send before leaving: the challenge made is taken back
    /// (it outlives the connection otherwise, until it expires).
    pub(super) fn cancel_before_leaving(&mut self) -> Option<ClientMessage> {
        let Some(Challenging::Made(Some(id))) = self.challenging else {
            return None;
        };
        self.challenging = None;
        Some(ClientMessage::CancelChallenge { id })
    }

    /// Whether a refusal of the challenge being made is final although it
    /// would be worth another try for another greeting: too many made
    /// lately (`rate_limited`) stays so for a minute.
    pub(super) fn challenge_refused_for_good(&self, code: ErrorCode) -> bool {
        self.challenging == Some(Challenging::Made(None)) && code == ErrorCode::RateLimited
    }

    /// A refusal of the accept sent: a bot waiting goes on waiting (the
    /// challenge was taken back meanwhile, say); anyone else is told.
    /// `None` when no accept was waiting for its answer.
    pub(super) fn accept_refused(&mut self, message: &str) -> Option<Option<End>> {
        let Some(Challenging::Accepting {
            asked,
            wait,
            chosen: Some(_),
        }) = self.challenging
        else {
            return None;
        };
        if wait {
            self.challenging = Some(Challenging::Accepting {
                asked,
                wait,
                chosen: None,
            });
            return Some(None);
        }
        self.challenging = None;
        Some(Some(End::Refused(message.to_owned())))
    }
}

/// The server's HTTP address, from its WebSocket one (`ws://host/ws`).
fn api_base(url: &str) -> String {
    let base = url.trim_end_matches('/').trim_end_matches("/ws");
    match base.split_once("://") {
        Some(("wss", rest)) => format!("https://{rest}"),
        Some((_, rest)) => format!("http://{rest}"),
        None => format!("http://{base}"),
    }
}

/// A challenge as the server's API tells it (`GET /api/challenges/{id}`),
/// if it answers.
fn challenge_status(url: &str) -> Option<ChallengeStatus> {
    let mut response = crate::tls::http_agent().get(url).call().ok()?;
    let text = response.body_mut().read_to_string().ok()?;
    serde_json::from_str(&text).ok()
}

#[cfg(test)]
mod tests {
    use super::api_base;

    #[test]
    fn the_api_is_where_the_socket_is() {
        assert_eq!(api_base("ws://localhost:8080/ws"), "http://localhost:8080");
        assert_eq!(api_base("wss://game.example/ws"), "https://game.example");
    }
}
