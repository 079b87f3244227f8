//! Strategies for generated messages.

use mice_cake_engine::{
    Assignment, Domino, GameView, Nonce, Options, Policy, RecordedGame, Reveal, Seal, Seat, Seated,
    Seed, Viewer,
};
use mice_cake_protocol::{
    ChatChannel, ClientMessage, ErrorCode, PlayedRound, RoomCode, RoomEvent, RoomOptions,
    SeatToken, ServerMessage,
};
use proptest::prelude::*;

/// The cake after `rounds` rounds of random play in the game of `seed`.
pub(crate) fn played(seed: u64, rounds: usize) -> GameView {
    random_game(seed, rounds).game().view(Viewer::Spectator)
}

/// The game of `seed` after `rounds` rounds of random play.
fn random_game(seed: u64, rounds: usize) -> RecordedGame {
    let mut game = RecordedGame::new(Options::default(), Seed::from_u64(seed)).unwrap();
    let mut bots = Seed::from_u64(seed).stream(1);
    for _ in 0..rounds {
        if game.game().is_over() {
            break;
        }
        let view = game.game().view(Viewer::Spectator);
        let yellow = Policy::Random.choose(&view, Seat::Yellow, &mut bots);
        let blue = Policy::Random.choose(&view, Seat::Blue, &mut bots);
        game.play_round(&yellow, &blue).unwrap();
    }
    game
}

fn seat() -> impl Strategy<Value = Seat> {
    prop_oneof![Just(Seat::Yellow), Just(Seat::Blue)]
}

fn assignment() -> impl Strategy<Value = Assignment> {
    (
        proptest::array::uniform4(0u8..=4),
        proptest::option::of(0usize..28),
    )
        .prop_map(|(mice, steal)| Assignment {
            mice,
            steal: steal.and_then(Domino::from_index),
        })
}

fn room_code() -> impl Strategy<Value = RoomCode> {
    proptest::array::uniform5(0usize..31).prop_map(RoomCode::from_indices)
}

fn room_options() -> impl Strategy<Value = RoomOptions> {
    (
        prop_oneof![
            Just(Reveal::Standard),
            Just(Reveal::AllFaceUp),
            Just(Reveal::AllFaceDown)
        ],
        any::<bool>(),
        1u32..=10_000,
        proptest::option::of(0u64..=86_400_000),
        any::<bool>(),
        proptest::option::of(prop_oneof![Just(Policy::Random), Just(Policy::Greedy)]),
        any::<bool>(),
        any::<bool>(),
        1u32..=15,
    )
        .prop_map(
            |(
                reveal,
                boost,
                stall_limit,
                deadline_ms,
                public,
                bot,
                record_chat,
                rated,
                first_to,
            )| {
                RoomOptions {
                    game: Options {
                        reveal,
                        boost,
                        stall_limit,
                    },
                    deadline_ms,
                    public,
                    bot,
                    record_chat,
                    rated,
                    first_to,
                }
            },
        )
}

/// A player's key, or none (the bytes need not be a point: the wire does
/// not check).
fn key() -> impl Strategy<Value = Option<mice_cake_engine::PlayerKey>> {
    proptest::option::of(any::<[u8; 32]>().prop_map(mice_cake_engine::PlayerKey::from_bytes))
}

fn signature() -> impl Strategy<Value = Option<mice_cake_engine::SealSignature>> {
    proptest::option::of(
        proptest::collection::vec(any::<u8>(), 64).prop_map(|bytes| {
            let mut signature = [0; 64];
            signature.copy_from_slice(&bytes);
            mice_cake_engine::SealSignature::from_bytes(signature)
        }),
    )
}

fn challenge() -> impl Strategy<Value = mice_cake_engine::KeyChallenge> {
    any::<[u8; 32]>().prop_map(mice_cake_engine::KeyChallenge::from_bytes)
}

fn key_proof() -> impl Strategy<Value = Option<mice_cake_protocol::KeyProof>> {
    (challenge(), signature()).prop_map(|(challenge, signature)| {
        signature.map(|signature| mice_cake_protocol::KeyProof {
            challenge,
            signature,
        })
    })
}

pub(crate) fn client_message() -> impl Strategy<Value = ClientMessage> {
    prop_oneof![
        (any::<u32>(), "\\PC{0,30}")
            .prop_map(|(version, name)| ClientMessage::Hello { version, name }),
        Just(ClientMessage::ListRooms),
        (room_options(), key(), signature(), key_proof()).prop_map(
            |(options, key, bot_declaration, key_proof)| ClientMessage::CreateRoom {
                options,
                key,
                bot_declaration,
                key_proof,
            }
        ),
        (room_code(), key(), signature(), key_proof()).prop_map(
            |(code, key, bot_declaration, key_proof)| ClientMessage::JoinRoom {
                code,
                key,
                bot_declaration,
                key_proof,
            }
        ),
        room_code().prop_map(|code| ClientMessage::WatchRoom { code }),
        (
            any::<[u8; 16]>(),
            proptest::option::of(any::<u64>()),
            key(),
            signature()
        )
            .prop_map(
                |(bytes, last_seq, key, bot_declaration)| ClientMessage::Resume {
                    token: SeatToken::from_bytes(bytes),
                    last_seq,
                    key,
                    bot_declaration,
                    key_proof: None,
                }
            ),
        (any::<u32>(), any::<[u8; 32]>(), signature()).prop_map(|(round, bytes, signature)| {
            ClientMessage::Seal {
                round,
                seal: Seal::from_bytes(bytes),
                signature,
            }
        }),
        (
            any::<u32>(),
            proptest::option::of(assignment()),
            any::<[u8; 32]>()
        )
            .prop_map(|(round, assignment, bytes)| ClientMessage::Open {
                round,
                assignment,
                nonce: Nonce::from_bytes(bytes),
            }),
        Just(ClientMessage::Rematch),
        signature().prop_map(|signature| ClientMessage::Leave { signature }),
        "\\PC{0,60}".prop_map(|text| ClientMessage::Chat { text }),
        any::<bool>().prop_map(|show| ClientMessage::SpectatorChat { show }),
    ]
}

fn chat_channel() -> impl Strategy<Value = ChatChannel> {
    prop_oneof![Just(ChatChannel::Players), Just(ChatChannel::Spectators)]
}

/// A match's score, drawn from `seed`.
fn match_score(seed: u64) -> mice_cake_protocol::MatchScore {
    let wins = u32::try_from(seed % 4).unwrap_or(0);
    mice_cake_protocol::MatchScore {
        id: mice_cake_engine::MatchId::from_bytes(u128::from(seed).to_be_bytes()),
        first_to: 3,
        number: wins + 1,
        wins: Seated {
            yellow: wins,
            blue: 0,
        },
        end: (wins == 3).then_some(mice_cake_engine::MatchEnd::Won {
            winner: Seat::Yellow,
        }),
        games: (0..wins)
            .map(|n| mice_cake_protocol::GameId::from_u128(u128::from(n)))
            .collect(),
        next_game_ms: (wins < 3).then_some(10_000),
    }
}

pub(crate) fn server_message() -> impl Strategy<Value = ServerMessage> {
    let event = prop_oneof![
        (
            any::<u32>(),
            seat(),
            any::<[u8; 32]>(),
            any::<bool>(),
            signature()
        )
            .prop_map(
                |(round, seat, bytes, by_server, signature)| RoomEvent::Sealed {
                    round,
                    seat,
                    seal: Seal::from_bytes(bytes),
                    by_server,
                    signature,
                }
            ),
        (proptest::option::of(any::<u128>()), any::<u64>()).prop_map(|(id, seed)| {
            let played = random_game(seed, 0);
            RoomEvent::GameOver {
                result: mice_cake_protocol::GameResult {
                    winner: None,
                    score: Seated::default(),
                    ending: if seed % 2 == 0 {
                        mice_cake_protocol::Ending::Abandoned {
                            cause: mice_cake_protocol::ForfeitCause::NotOpened,
                        }
                    } else {
                        mice_cake_protocol::Ending::Aborted {
                            seat: (seed % 3 > 0).then_some(Seat::Blue),
                            cause: mice_cake_protocol::ForfeitCause::Left,
                        }
                    },
                },
                game_id: id.map(mice_cake_protocol::GameId::from_u128),
                seed: played.seed(),
                match_score: (seed % 5 == 0).then(|| match_score(seed)),
            }
        }),
        any::<u32>().prop_map(|count| RoomEvent::Spectators { count }),
        any::<u64>().prop_map(|seed| RoomEvent::MatchEnded {
            match_score: match_score(seed)
        }),
        (
            any::<u32>(),
            proptest::option::of(any::<u64>()),
            any::<u64>(),
            0usize..30
        )
            .prop_map(|(round, deadline_ms, seed, rounds)| {
                let view = played(seed, rounds);
                RoomEvent::RoundStarted {
                    round,
                    deadline_ms,
                    choices: Seated::from_fn(|seat| view.choices(seat)),
                }
            }),
        (seat(), any::<bool>(), proptest::option::of(any::<u64>())).prop_map(
            |(seat, connected, grace_ms)| RoomEvent::Connection {
                seat,
                connected,
                grace_ms
            }
        ),
        seat().prop_map(|seat| RoomEvent::PlayerLeft { seat }),
        seat().prop_map(|seat| RoomEvent::RematchRequested { seat }),
    ];
    prop_oneof![
        (any::<u32>(), "\\PC{0,20}", challenge()).prop_map(|(version, server, challenge)| {
            ServerMessage::Welcome {
                version,
                server,
                challenge,
            }
        }),
        (any::<u64>(), event).prop_map(|(seq, event)| ServerMessage::Event {
            seq,
            event: Box::new(event)
        }),
        room_code().prop_map(|code| ServerMessage::Left { code }),
        (
            proptest::sample::select(ErrorCode::ALL.to_vec()),
            "\\PC{0,40}",
            proptest::collection::btree_map(
                "[a-z_]{1,12}",
                prop_oneof![
                    any::<i64>().prop_map(mice_cake_protocol::RefusalArg::Number),
                    "\\PC{0,12}".prop_map(mice_cake_protocol::RefusalArg::Text),
                ],
                0..3
            )
        )
            .prop_map(|(code, message, args)| ServerMessage::Error {
                code,
                message,
                args
            }),
        "\\PC{0,40}".prop_map(|message| ServerMessage::ShuttingDown { message }),
        (any::<u32>(), any::<u64>(), 0usize..20, any::<u32>()).prop_map(
            |(game, seed, rounds, autos)| {
                let played = random_game(seed, rounds);
                let record = played.record().unwrap();
                let sealed = &record.fair.as_ref().unwrap().rounds;
                let rounds = played
                    .rounds_since(0)
                    .unwrap()
                    .into_iter()
                    .enumerate()
                    .map(|(index, (report, beats))| PlayedRound {
                        sealed: sealed.get(index).copied(),
                        report,
                        auto: Seated {
                            yellow: autos >> (index % 16) & 1 == 1,
                            blue: autos >> (16 + index % 16) & 1 == 1,
                        },
                        beats,
                    })
                    .collect();
                ServerMessage::History { game, rounds }
            }
        ),
        (
            chat_channel(),
            "\\PC{1,24}",
            proptest::option::of(seat()),
            "\\PC{1,60}",
            any::<u64>()
        )
            .prop_map(|(channel, name, seat, text, at_ms)| ServerMessage::Chat {
                channel,
                name,
                seat,
                text,
                at_ms
            }),
    ]
}
