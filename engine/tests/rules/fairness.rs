//! Sealed play (`docs/fairness.md`): fixed vectors for every derivation, a
//! game sealed and opened as server and clients do, and every tampering
//! caught with its own error.

use mice_cake_engine::fair::{self, DEAL_ROUND};
use mice_cake_engine::{
    Assignment, Column, Exchange, GameRecord, Opening, Options, PlayerKey, PlayerSecret, Policy,
    RecordedGame, ReplayError, RngDice, Roll, RollKind, SealSignature, Seat, Seated, Seed,
    UNSEALED_RECORD_FORMAT, UNSIGNED_RECORD_FORMAT, Viewer, Witness, WitnessError,
};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

fn hex(text: &str) -> [u8; 32] {
    text.parse::<mice_cake_engine::Nonce>().unwrap().to_bytes()
}

/// Seed 1: its first byte 1, the rest 0.
fn seed_one() -> Seed {
    Seed::from_u64(1)
}

// The expected values of the hashes were computed apart from this crate
// (Python's hashlib and hmac), from the byte layouts in docs/fairness.md.

#[test]
fn the_commitment_is_sha256_of_a_tag_and_the_seed() {
    assert_eq!(
        fair::commitment(seed_one()).to_string(),
        "b50404dbd89704d5e75ec6c6cb64511c8ab63bab723a854d56cc1227c6d223af"
    );
}

#[test]
fn a_seal_binds_commitment_round_seat_assignment_and_nonce() {
    let commitment = fair::commitment(seed_one());
    let assignment = Assignment::EMPTY.with(Column::A, 1).with(Column::C, 2);
    let nonce = mice_cake_engine::Nonce::from_bytes([0x11; 32]);
    let sealed = fair::seal(commitment, 3, Seat::Blue, &assignment, nonce);
    assert_eq!(
        sealed.to_string(),
        "391fa7bc7bd1d1b9963c3434369c3e70933c0ede9bb940337ce80bb7de1cf472"
    );
    let stealing = Assignment::EMPTY
        .with(Column::A, 2)
        .stealing("0/0".parse().unwrap());
    assert_eq!(
        fair::seal(
            commitment,
            5,
            Seat::Yellow,
            &stealing,
            mice_cake_engine::Nonce::from_bytes([0x22; 32])
        )
        .to_string(),
        "a53c9939c0b7373c9a4e7557d430cb615b3d41be2899de8fef039632910ec464"
    );
    // Every input counts.
    let other = [
        fair::seal(commitment, 4, Seat::Blue, &assignment, nonce),
        fair::seal(commitment, 3, Seat::Yellow, &assignment, nonce),
        fair::seal(
            commitment,
            3,
            Seat::Blue,
            &assignment.with(Column::D, 1),
            nonce,
        ),
        fair::seal(
            commitment,
            3,
            Seat::Blue,
            &assignment,
            mice_cake_engine::Nonce::from_bytes([0x12; 32]),
        ),
        fair::seal(
            fair::commitment(Seed::from_u64(2)),
            3,
            Seat::Blue,
            &assignment,
            nonce,
        ),
    ];
    assert!(other.iter().all(|seal| *seal != sealed));
}

#[test]
fn a_server_nonce_is_hmac_of_the_seed_over_round_and_seat() {
    assert_eq!(
        fair::server_nonce(seed_one(), 7, Seat::Blue).to_string(),
        "1fc48a1aaa90bd32c1175333e8a437debcd574ffe50a69c0dcd11378a05c204e"
    );
}

#[test]
fn deal_and_dice_are_chacha8_keyed_by_hmac_of_the_seed_over_both_nonces() {
    let nonces = Seated {
        yellow: mice_cake_engine::Nonce::from_bytes([0xaa; 32]),
        blue: mice_cake_engine::Nonce::from_bytes([0xbb; 32]),
    };
    assert_eq!(
        fair::deal_rng(seed_one(), nonces),
        ChaCha8Rng::from_seed(hex(
            "7e1c0959a4ff38047b7ba9887a2e320b5a9eeeb393a8dfa0b086dd16dd3ea41e"
        ))
    );
    assert_eq!(
        fair::dice_rng(seed_one(), 1, nonces),
        ChaCha8Rng::from_seed(hex(
            "78bdbf53c991e46dd5f6a517f1d7678925eeced1c6b0095057bde34b784e6cf9"
        ))
    );
    // The engine's stable sampling on top: the first row dealt and the
    // first eight dice of round 1, forever.
    let layout = mice_cake_engine::Layout::shuffled(&mut fair::deal_rng(seed_one(), nonces));
    let first_row: Vec<String> = layout.rows()[0].iter().map(ToString::to_string).collect();
    let mut dice = fair::dice_rng(seed_one(), 1, nonces);
    let faces: Vec<u8> = (0..8)
        .map(|_| mice_cake_engine::dice::roll_die(&mut dice))
        .collect();
    assert_eq!(
        (first_row, faces),
        (
            vec!["2/2".to_string(), "0/6".into(), "1/4".into(), "2/3".into()],
            vec![5, 3, 3, 1, 3, 3, 3, 5]
        )
    );
}

/// Every step under the derivations, as `docs/fairness.md` states it, with
/// the vectors that page gives. They were computed apart from this crate
/// (and from `rand_chacha`), by a ChaCha8 and a shuffle written in Python
/// from the page's own words.
#[test]
fn every_step_under_the_derivations_has_its_vector() {
    // ChaCha8: the key as eight little-endian words, a 64-bit block
    // counter from 0, stream 0, eight rounds, one little-endian word per
    // draw.
    let mut zero = ChaCha8Rng::from_seed([0; 32]);
    let words: Vec<u32> = (0..4).map(|_| zero.next_u32()).collect();
    assert_eq!(words, [0x2fef_003e, 0xd640_5f89, 0xe8b8_5b7f, 0xa1a5_091f]);
    let nonces = Seated {
        yellow: mice_cake_engine::Nonce::from_bytes([0xaa; 32]),
        blue: mice_cake_engine::Nonce::from_bytes([0xbb; 32]),
    };
    let mut deal = fair::deal_rng(seed_one(), nonces);
    let words: Vec<u32> = (0..4).map(|_| deal.next_u32()).collect();
    assert_eq!(words, [2_108_895_980, 739_467_945, 38_076_017, 71_443_744]);

    // The pieces before the shuffle: by their smaller half, then larger.
    let order: Vec<String> = mice_cake_engine::Domino::ALL
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(order.len(), 28);
    assert_eq!(
        order[..8],
        ["0/0", "0/1", "0/2", "0/3", "0/4", "0/5", "0/6", "1/1"]
    );
    assert_eq!(order[27], "6/6");

    // The whole deal of the vector: Fisher–Yates from place 27 down to 1,
    // each swap with a place drawn in 0..=place, dealt row by row.
    let layout = mice_cake_engine::Layout::shuffled(&mut fair::deal_rng(seed_one(), nonces));
    let rows: Vec<String> = layout
        .rows()
        .iter()
        .map(|row| {
            row.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(
        rows,
        [
            "2/2 0/6 1/4 2/3",
            "1/2 0/3 2/6 0/4",
            "0/1 3/6 5/5 0/2",
            "1/6 1/3 6/6 3/5",
            "1/5 4/6 4/4 2/4",
            "5/6 0/0 4/5 1/1",
            "3/4 0/5 3/3 2/5",
        ]
    );

    // A die: a word below 2^32 − (2^32 mod 6) = 4,294,967,292 gives
    // 1 + word mod 6; a word at or above it is drawn again.
    struct Words(std::vec::IntoIter<u32>);
    impl rand_core::TryRng for Words {
        type Error = core::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(self.0.next().unwrap_or(0))
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(u64::from(self.try_next_u32()?))
        }
        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
            dst.fill(0);
            Ok(())
        }
    }
    let mut words = Words(vec![4_294_967_292, u32::MAX, 4_294_967_291, 9].into_iter());
    assert_eq!(mice_cake_engine::dice::roll_die(&mut words), 6);
    assert_eq!(mice_cake_engine::dice::roll_die(&mut words), 4);
}

/// The dice of a boost round, in the order drawn: the attempts (Yellow's
/// columns A to D, then Blue's), then the boosts (column by column, Yellow
/// first in an odd round). The record is `mice-cake sim --games 3 --seed 5
/// --boost`'s third game; the same 14 dice were drawn from the round's key
/// by a ChaCha8 written in Python from `docs/fairness.md` alone, and the
/// page's own check (`web/e2e/verify.test.mjs`) holds the record.
#[test]
fn a_boost_rounds_dice_are_drawn_attempts_first_then_boosts() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../web/e2e/fixtures/sim-boost-7.json"
    ))
    .unwrap();
    let record: GameRecord = serde_json::from_str(&text).unwrap();
    record.replay().unwrap();
    let round = &record.rounds[8];
    assert_eq!(round.round, 9);
    let attempts: Vec<(Seat, String, Vec<u8>)> = round
        .attempts
        .iter()
        .map(|a| (a.seat, a.column.to_string(), a.dice.faces().to_vec()))
        .collect();
    let boosts: Vec<(Seat, String, Vec<u8>)> = round
        .boosts
        .iter()
        .map(|b| (b.seat, b.column.to_string(), b.dice.faces().to_vec()))
        .collect();
    assert_eq!(
        attempts,
        [
            (Seat::Yellow, "D".into(), vec![4, 6, 1, 4]),
            (Seat::Blue, "A".into(), vec![3, 1]),
            (Seat::Blue, "D".into(), vec![6, 3]),
        ]
    );
    assert_eq!(
        boosts,
        [
            (Seat::Yellow, "D".into(), vec![5, 5]),
            (Seat::Blue, "D".into(), vec![4, 5]),
        ]
    );
    // The round's key, as the Python check computed it.
    let nonces = record.fair.as_ref().unwrap().rounds[8].nonces;
    let mut dice = fair::dice_rng(record.seed.unwrap(), 9, nonces);
    let drawn: Vec<u8> = (0..12)
        .map(|_| mice_cake_engine::dice::roll_die(&mut dice))
        .collect();
    assert_eq!(drawn, [4, 6, 1, 4, 3, 1, 6, 3, 5, 5, 4, 5]);
}

/// A fresh nonce from a player's random source.
fn nonce(rng: &mut ChaCha8Rng) -> mice_cake_engine::Nonce {
    let mut bytes = [0; 32];
    rng.fill_bytes(&mut bytes);
    mice_cake_engine::Nonce::from_bytes(bytes)
}

/// The two players' key pairs in the tests' games.
fn players_keys() -> Seated<PlayerSecret> {
    Seated {
        yellow: PlayerSecret::from_bytes([0x11; 32]),
        blue: PlayerSecret::from_bytes([0x22; 32]),
    }
}

/// Seals (signed) then opens both moves of `exchange`, as two clients do.
fn seal_and_open(exchange: &mut Exchange, moves: Seated<Assignment>, players: &mut ChaCha8Rng) {
    let openings = Seated::from_fn(|seat| Opening {
        assignment: moves[seat],
        nonce: nonce(players),
    });
    let keys = players_keys();
    for seat in Seat::ALL {
        let sealed = fair::seal(
            exchange.commitment,
            exchange.round,
            seat,
            &openings[seat].assignment,
            openings[seat].nonce,
        );
        exchange
            .seal(seat, sealed, Some(keys[seat].sign(sealed)))
            .unwrap();
    }
    for seat in Seat::ALL {
        exchange.open(seat, openings[seat]).unwrap();
    }
}

/// A whole game between two clients with their own nonces (greedy Yellow,
/// random Blue), every third of Blue's moves made by the server instead
/// (a missed deadline), and what Yellow's client witnessed.
fn sealed_game(number: u64, options: Options) -> (GameRecord, Witness) {
    let seed = Seed::from_u64(number);
    let mut players = ChaCha8Rng::seed_from_u64(number ^ 0x5eed);
    let mut bots = seed.stream(3);
    let commitment = fair::commitment(seed);
    let mut witness = Witness::new(commitment);
    let keys = players_keys();
    let mut deal = Exchange::new(commitment, DEAL_ROUND)
        .with_keys(Seated::from_fn(|seat| Some(keys[seat].public_key())));
    seal_and_open(&mut deal, Seated::default(), &mut players);
    witness.saw_seals(&deal);
    let mut game = RecordedGame::dealt(options, seed, &deal).unwrap();
    while game.game().outcome().is_none() {
        let view = game.game().view(Viewer::Spectator);
        let yellow = Policy::Greedy.choose(&view, Seat::Yellow, &mut bots);
        let blue = Policy::Random.choose(&view, Seat::Blue, &mut bots);
        let mut exchange = game.exchange();
        if exchange.round.is_multiple_of(3) {
            let opening = Opening {
                assignment: yellow,
                nonce: nonce(&mut players),
            };
            let sealed = fair::seal(
                commitment,
                exchange.round,
                Seat::Yellow,
                &yellow,
                opening.nonce,
            );
            exchange
                .seal(Seat::Yellow, sealed, Some(keys.yellow.sign(sealed)))
                .unwrap();
            exchange.make_for(Seat::Blue, seed, blue).unwrap();
            witness.saw_seals(&exchange);
            exchange.open(Seat::Yellow, opening).unwrap();
        } else {
            seal_and_open(&mut exchange, Seated { yellow, blue }, &mut players);
            witness.saw_seals(&exchange);
        }
        game.play_exchange(&exchange).unwrap();
    }
    (game.into_record().unwrap(), witness)
}

#[test]
fn a_sealed_game_verifies_and_so_does_its_witness() {
    for (number, options) in [
        (1, Options::default()),
        (
            2,
            Options {
                boost: true,
                ..Options::default()
            },
        ),
    ] {
        let (record, witness) = sealed_game(number, options);
        assert!(record.is_sealed());
        let json = serde_json::to_string(&record).unwrap();
        let record: GameRecord = serde_json::from_str(&json).unwrap();
        record.replay().unwrap();
        witness.check(&record).unwrap();
        let fair = record.fair.as_ref().unwrap();
        assert!(fair.rounds.iter().any(|exchange| exchange.by_server.blue));
        assert!(
            fair.rounds
                .iter()
                .all(|exchange| !exchange.by_server.yellow)
        );
    }
}

/// Every way of tampering with a sealed record the tests try.
#[derive(Clone, Copy, Debug)]
enum Tampering {
    Die,
    Seed,
    Commitment,
    Nonce(Seat),
    Assignment,
    Seal(Seat),
    DropRound,
    Deal,
    DealNonce(Seat),
    ServerNonce,
    /// A move the server made passed off as the player's.
    PassedOff,
    /// A signature dropped (and the seal's move kept as the player's).
    SignatureDropped(Seat),
    /// A signature's byte changed.
    SignatureChanged(Seat),
    /// A player's key replaced by another.
    KeyReplaced(Seat),
    /// A move the server made for Blue claimed as Blue's own, after Blue's
    /// key and every signature of Blue's were taken out of the record (as a
    /// keyless seat's moves would be).
    PassedOffKeyless,
    /// Blue's key taken out, Blue's signatures left in.
    KeyDroppedSignaturesKept,
}

/// Tampers with `record` at the `at`-th suitable place; returns whether it
/// could.
fn tamper(record: &mut GameRecord, how: Tampering, at: usize) -> bool {
    let rounds = record.rounds.len();
    let index = at % rounds;
    let fair = record.fair.as_mut().unwrap();
    match how {
        Tampering::Die => {
            let Some(attempt) = record
                .rounds
                .iter_mut()
                .flat_map(|round| round.attempts.iter_mut())
                .filter(|attempt| !attempt.dice.is_empty())
                .nth(at % 16)
            else {
                return false;
            };
            let mut faces = attempt.dice.faces().to_vec();
            faces[0] = faces[0] % 6 + 1;
            attempt.dice = Roll::new(&faces).unwrap();
        }
        Tampering::Seed => record.seed = Some(Seed::from_u64(at as u64 + 1_000_000)),
        Tampering::Commitment => {
            fair.commitment = fair::commitment(Seed::from_u64(at as u64 + 1_000_000));
        }
        Tampering::Nonce(seat) => {
            let mut bytes = fair.rounds[index].nonces[seat].to_bytes();
            bytes[at % 32] ^= 1;
            fair.rounds[index].nonces[seat] = mice_cake_engine::Nonce::from_bytes(bytes);
        }
        Tampering::Assignment => {
            let assignment = &mut record.rounds[index].assignments.yellow;
            let Some((from, _)) = assignment.placements().next() else {
                return false;
            };
            let to = Column::ALL.into_iter().find(|&c| c != from).unwrap();
            assignment.mice[from.index()] -= 1;
            assignment.mice[to.index()] += 1;
        }
        Tampering::Seal(seat) => {
            let mut bytes = fair.rounds[index].seals[seat].to_bytes();
            bytes[at % 32] ^= 0x80;
            fair.rounds[index].seals[seat] = mice_cake_engine::Seal::from_bytes(bytes);
        }
        Tampering::DropRound => {
            if rounds < 2 {
                return false;
            }
            let index = at % (rounds - 1);
            record.rounds.remove(index);
            fair.rounds.remove(index);
        }
        Tampering::Deal => {
            let mut rows = *record.layout.rows();
            let (a, b) = (at % 4, (at + 1) % 4);
            let swap = rows[0][a];
            rows[0][a] = rows[6][b];
            rows[6][b] = swap;
            record.layout = mice_cake_engine::Layout::new(rows).unwrap();
        }
        Tampering::DealNonce(seat) => {
            let mut bytes = fair.deal.nonces[seat].to_bytes();
            bytes[at % 32] ^= 4;
            fair.deal.nonces[seat] = mice_cake_engine::Nonce::from_bytes(bytes);
        }
        Tampering::ServerNonce => {
            // A move of Yellow's client claimed as the server's.
            fair.rounds[index].by_server.yellow = true;
        }
        Tampering::PassedOff => {
            // A move the server made for Blue (a missed deadline) claimed
            // as Blue's own.
            let Some(exchange) = fair
                .rounds
                .iter_mut()
                .filter(|exchange| exchange.by_server.blue)
                .nth(at % 4)
            else {
                return false;
            };
            exchange.by_server.blue = false;
        }
        Tampering::SignatureDropped(seat) => {
            let exchange = if at.is_multiple_of(5) {
                &mut fair.deal
            } else {
                &mut fair.rounds[index]
            };
            if exchange.signatures[seat].take().is_none() {
                return false;
            }
        }
        Tampering::SignatureChanged(seat) => {
            let Some(signature) = fair.rounds[index].signatures[seat] else {
                return false;
            };
            let mut bytes = signature.to_bytes();
            bytes[at % 64] ^= 0x10;
            fair.rounds[index].signatures[seat] = Some(SealSignature::from_bytes(bytes));
        }
        Tampering::PassedOffKeyless => {
            fair.keys.as_mut().unwrap().blue = None;
            for exchange in std::iter::once(&mut fair.deal).chain(fair.rounds.iter_mut()) {
                exchange.signatures.blue = None;
            }
            let Some(exchange) = fair
                .rounds
                .iter_mut()
                .filter(|exchange| exchange.by_server.blue)
                .nth(at % 4)
            else {
                return false;
            };
            exchange.by_server.blue = false;
        }
        Tampering::KeyDroppedSignaturesKept => {
            fair.keys.as_mut().unwrap().blue = None;
        }
        Tampering::KeyReplaced(seat) => {
            let keys = fair.keys.as_mut().unwrap();
            keys[seat] = Some(PlayerSecret::from_bytes([at as u8; 32]).public_key());
            if keys[seat] == Some(players_keys()[seat].public_key()) {
                return false;
            }
        }
    }
    true
}

/// Whether `error` is the one `how` must cause.
fn is_expected(how: Tampering, error: &ReplayError) -> bool {
    match (how, error) {
        (Tampering::Die, ReplayError::DieMismatch { .. })
        | (Tampering::Seed | Tampering::Commitment, ReplayError::SeedMismatch)
        | (Tampering::Deal, ReplayError::LayoutMismatch)
        | (Tampering::DropRound, ReplayError::RoundNumber { .. } | ReplayError::OutcomeMismatch)
        | (
            Tampering::ServerNonce,
            ReplayError::ServerNonce {
                seat: Seat::Yellow, ..
            },
        ) => true,
        (
            Tampering::Nonce(seat) | Tampering::Seal(seat),
            ReplayError::SealMismatch { round, seat: which },
        ) => *round > 0 && *which == seat,
        (Tampering::Assignment, ReplayError::SealMismatch { seat, .. }) => *seat == Seat::Yellow,
        (
            Tampering::PassedOff | Tampering::PassedOffKeyless,
            ReplayError::ServerMoveClaimed {
                seat: Seat::Blue, ..
            },
        )
        | (
            Tampering::KeyDroppedSignaturesKept,
            ReplayError::SignedWithoutKey {
                seat: Seat::Blue, ..
            },
        ) => true,
        (Tampering::SignatureDropped(seat), ReplayError::Unsigned { seat: which, .. })
        | (Tampering::SignatureChanged(seat), ReplayError::BadSignature { seat: which, .. })
        | (Tampering::KeyReplaced(seat), ReplayError::BadSignature { seat: which, .. }) => {
            *which == seat
        }
        (
            Tampering::DealNonce(seat),
            ReplayError::SealMismatch {
                round: 0,
                seat: which,
            },
        ) => *which == seat,
        _ => false,
    }
}

const TAMPERINGS: [Tampering; 22] = [
    Tampering::Die,
    Tampering::Seed,
    Tampering::Commitment,
    Tampering::Nonce(Seat::Yellow),
    Tampering::Nonce(Seat::Blue),
    Tampering::Assignment,
    Tampering::Seal(Seat::Yellow),
    Tampering::Seal(Seat::Blue),
    Tampering::DropRound,
    Tampering::Deal,
    Tampering::DealNonce(Seat::Yellow),
    Tampering::DealNonce(Seat::Blue),
    Tampering::ServerNonce,
    Tampering::PassedOff,
    Tampering::SignatureDropped(Seat::Yellow),
    Tampering::SignatureDropped(Seat::Blue),
    Tampering::SignatureChanged(Seat::Yellow),
    Tampering::SignatureChanged(Seat::Blue),
    Tampering::KeyReplaced(Seat::Yellow),
    Tampering::KeyReplaced(Seat::Blue),
    Tampering::PassedOffKeyless,
    Tampering::KeyDroppedSignaturesKept,
];

#[test]
fn each_tampering_is_caught_with_its_own_error() {
    let (record, _) = sealed_game(5, Options::default());
    for how in TAMPERINGS {
        let mut tampered = record.clone();
        assert!(tamper(&mut tampered, how, 3), "{how:?}");
        let error = tampered.replay().unwrap_err();
        assert!(is_expected(how, &error), "{how:?} gave {error:?}");
        // Every message names the link: the round, the seat, the die.
        let message = error.to_string();
        match error {
            ReplayError::DieMismatch { round, die, .. } => {
                assert!(
                    message.starts_with(&format!("round {round}: ")),
                    "{message}"
                );
                assert!(message.contains(&format!("die {die}")), "{message}");
            }
            ReplayError::SealMismatch { seat, .. }
            | ReplayError::ServerNonce { seat, .. }
            | ReplayError::Unsigned { seat, .. }
            | ReplayError::BadSignature { seat, .. }
            | ReplayError::ServerMoveClaimed { seat, .. }
            | ReplayError::SignedWithoutKey { seat, .. } => {
                assert!(message.contains(&seat.to_string()), "{message}");
            }
            _ => {}
        }
    }
}

#[test]
fn a_die_changed_is_named_down_to_the_die() {
    let (mut record, _) = sealed_game(6, Options::default());
    let round = &mut record.rounds[1];
    let attempt = round
        .attempts
        .iter_mut()
        .find(|attempt| attempt.dice.len() >= 2)
        .unwrap();
    let (seat, column) = (attempt.seat, attempt.column);
    let mut faces = attempt.dice.faces().to_vec();
    let (recorded, derived) = (faces[1] % 6 + 1, faces[1]);
    faces[1] = recorded;
    attempt.dice = Roll::new(&faces).unwrap();
    assert_eq!(
        record.replay(),
        Err(ReplayError::DieMismatch {
            round: 2,
            seat,
            column,
            kind: RollKind::Attempt,
            die: 2,
            recorded,
            derived,
        })
    );
}

#[test]
fn a_witness_catches_a_history_rewritten_consistently() {
    // A server that rewrites a round after the fact, recomputing the seal of
    // the move it changed: the record holds together, but not with what the
    // client saw before it opened.
    let (record, witness) = sealed_game(7, Options::default());
    let mut rewritten = record.clone();
    let fair = rewritten.fair.as_mut().unwrap();
    let round = 4;
    let assignment = rewritten.rounds[round - 1].assignments.blue;
    fair.rounds[round - 1].seals.blue = fair::seal(
        fair.commitment,
        4,
        Seat::Blue,
        &assignment,
        mice_cake_engine::Nonce::from_bytes([9; 32]),
    );
    assert_eq!(
        witness.check(&rewritten),
        Err(WitnessError::SealChanged {
            round: 4,
            seat: Seat::Blue
        })
    );
    let mut other_game = record.clone();
    other_game.fair.as_mut().unwrap().commitment = fair::commitment(Seed::from_u64(99));
    assert_eq!(
        witness.check(&other_game),
        Err(WitnessError::OtherCommitment)
    );
    let mut short = record.clone();
    short.rounds.pop();
    short.fair.as_mut().unwrap().rounds.pop();
    assert!(matches!(
        witness.check(&short),
        Err(WitnessError::RoundMissing { .. })
    ));
}

#[test]
fn a_seal_from_a_player_with_a_key_is_taken_only_with_its_signature() {
    let keys = players_keys();
    let commitment = fair::commitment(Seed::from_u64(4));
    let mut exchange = Exchange::new(commitment, 2).with_keys(Seated {
        yellow: Some(keys.yellow.public_key()),
        blue: None,
    });
    let sealed = fair::seal(
        commitment,
        2,
        Seat::Yellow,
        &Assignment::EMPTY,
        mice_cake_engine::Nonce::from_bytes([9; 32]),
    );
    let before = exchange;
    for (signature, refused) in [
        (None, mice_cake_engine::ExchangeError::Unsigned),
        (
            Some(keys.blue.sign(sealed)),
            mice_cake_engine::ExchangeError::BadSignature,
        ),
        (
            Some(
                keys.yellow
                    .sign(mice_cake_engine::Seal::from_bytes([0; 32])),
            ),
            mice_cake_engine::ExchangeError::BadSignature,
        ),
    ] {
        assert_eq!(exchange.seal(Seat::Yellow, sealed, signature), Err(refused));
        assert_eq!(exchange, before, "a refused seal changes nothing");
    }
    exchange
        .seal(Seat::Yellow, sealed, Some(keys.yellow.sign(sealed)))
        .unwrap();
    // Blue announced no key: a signature cannot be checked, and is refused.
    assert_eq!(
        exchange.seal(Seat::Blue, sealed, Some(keys.blue.sign(sealed))),
        Err(mice_cake_engine::ExchangeError::NoKey)
    );
    exchange.seal(Seat::Blue, sealed, None).unwrap();
}

#[test]
fn a_signed_record_holds_its_keys_and_an_older_one_still_replays() {
    let (record, _) = sealed_game(8, Options::default());
    assert!(record.is_signed());
    let json = serde_json::to_value(&record).unwrap();
    assert_eq!(json["format"], 4);
    assert_eq!(
        json["fair"]["keys"]["yellow"],
        players_keys().yellow.public_key().to_string()
    );
    assert!(json["fair"]["deal"]["signatures"]["blue"].is_string());

    // Format 3 without its keys is refused: keys cannot be dropped to pass
    // moves off as unsigned.
    let mut keyless = record.clone();
    keyless.fair.as_mut().unwrap().keys = None;
    assert_eq!(
        keyless.replay().unwrap_err(),
        ReplayError::KeysMisplaced { format: 4 }
    );

    // A seat without a key (a client that announced none): its moves are
    // unsigned, and the record holds; nothing proves they are the player's.
    let mut unsigned = record.clone();
    let fair = unsigned.fair.as_mut().unwrap();
    fair.keys.as_mut().unwrap().blue = None;
    for exchange in std::iter::once(&mut fair.deal).chain(fair.rounds.iter_mut()) {
        exchange.signatures.blue = None;
    }
    unsigned.replay().unwrap();

    // Format 2 (before signed moves): no keys, no signatures, and it replays.
    let mut older = unsigned;
    older.format = UNSIGNED_RECORD_FORMAT;
    let fair = older.fair.as_mut().unwrap();
    fair.keys = None;
    for exchange in std::iter::once(&mut fair.deal).chain(fair.rounds.iter_mut()) {
        exchange.signatures = Seated::default();
    }
    let json = serde_json::to_value(&older).unwrap();
    assert!(json["fair"].get("keys").is_none());
    assert!(json["fair"]["deal"].get("signatures").is_none());
    older.replay().unwrap();
    assert!(older.is_sealed() && !older.is_signed());
}

#[test]
fn a_key_that_is_not_a_usable_point_is_told_apart() {
    assert!(players_keys().yellow.public_key().is_usable());
    assert!(!PlayerKey::from_bytes([0; 32]).is_usable());
}

#[test]
fn a_format_1_record_still_replays_with_its_seed_alone() {
    // Format 1 dealt from the seed's generator and rolled every die from it.
    let seed = Seed::from_u64(21);
    let options = Options::default();
    let mut rng = seed.rng();
    let layout = mice_cake_engine::Layout::shuffled(&mut rng);
    let mut game = mice_cake_engine::Game::new(options, &layout).unwrap();
    let mut bots = seed.stream(1);
    let mut rounds = Vec::new();
    while game.outcome().is_none() {
        let view = game.view(Viewer::Spectator);
        let yellow = Policy::Greedy.choose(&view, Seat::Yellow, &mut bots);
        let blue = Policy::Greedy.choose(&view, Seat::Blue, &mut bots);
        rounds.push(
            game.resolve(&yellow, &blue, &mut RngDice(&mut rng))
                .unwrap(),
        );
    }
    let record = GameRecord {
        format: UNSEALED_RECORD_FORMAT,
        options,
        seed: Some(seed),
        layout,
        outcome: game.outcome().copied(),
        rounds,
        fair: None,
    };
    let json = serde_json::to_value(&record).unwrap();
    assert!(json.get("fair").is_none(), "format 1 is written as it was");
    assert_eq!(record.replay().unwrap(), game);
    assert!(!record.is_sealed());
    // A format 1 game in progress resumes and plays on with its own dice.
    let mut partial = record.clone();
    partial.rounds.truncate(3);
    partial.outcome = None;
    let mut resumed = RecordedGame::resume(partial).unwrap();
    for round in &record.rounds[3..] {
        resumed
            .play_round(&round.assignments.yellow, &round.assignments.blue)
            .unwrap();
    }
    assert_eq!(resumed.record().unwrap(), record);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_tampering_of_every_game_is_caught(
        number in 0u64..1_000,
        boost in any::<bool>(),
        how in 0..TAMPERINGS.len(),
        at in 0usize..1_000,
    ) {
        let options = Options { boost, ..Options::default() };
        let (record, _) = sealed_game(number, options);
        prop_assert!(record.replay().is_ok());
        let how = TAMPERINGS[how];
        let mut tampered = record.clone();
        prop_assume!(tamper(&mut tampered, how, at));
        let error = tampered.replay().unwrap_err();
        prop_assert!(is_expected(how, &error), "{:?} gave {:?}", how, error);
    }
}

#[test]
fn a_witness_keeps_the_first_seals_and_reports_any_change_in_play() {
    let (record, mut witness) = sealed_game(8, Options::default());
    witness.check(&record).unwrap();
    // A second, different pair of seals for round 2, or another commitment.
    let mut changed = witness.clone();
    let mut seals = record.fair.as_ref().unwrap().rounds[1].seals;
    seals.blue = mice_cake_engine::Seal::from_bytes([1; 32]);
    changed.saw(2, seals);
    assert_eq!(
        changed.check(&record),
        Err(WitnessError::SealChangedInPlay {
            round: 2,
            seat: Seat::Blue
        })
    );
    let mut recommitted = witness.clone();
    recommitted.saw_commitment(fair::commitment(Seed::from_u64(12345)));
    assert_eq!(
        recommitted.check(&record),
        Err(WitnessError::CommitmentChangedInPlay)
    );
    // The same pair again (a state after a reconnection) changes nothing.
    let first = record.fair.as_ref().unwrap().rounds[1].seals;
    witness.saw(2, first);
    witness.check(&record).unwrap();
}

#[test]
fn a_game_cut_short_by_a_forfeit_does_not_look_for_the_round_being_played() {
    let (record, mut witness) = sealed_game(9, Options::default());
    // The game stops after round 3 by a forfeit: no outcome by the rules,
    // and round 4 was sealed (and opened by this client) but never played.
    let mut forfeited = record.clone();
    forfeited.rounds.truncate(3);
    forfeited.fair.as_mut().unwrap().rounds.truncate(3);
    forfeited.outcome = None;
    let mut seen = Witness::new(forfeited.fair.as_ref().unwrap().commitment);
    for (round, exchange) in (0u32..).zip(
        std::iter::once(&record.fair.as_ref().unwrap().deal)
            .chain(&record.fair.as_ref().unwrap().rounds[..4]),
    ) {
        seen.saw(round, exchange.seals);
    }
    seen.check(&forfeited).unwrap();
    // A round seen revealed but dropped from the record is still caught.
    let mut dropped = forfeited.clone();
    dropped.rounds.truncate(2);
    dropped.fair.as_mut().unwrap().rounds.truncate(2);
    seen.saw_revealed(3);
    assert_eq!(
        seen.check(&dropped),
        Err(WitnessError::RoundMissing { round: 3 })
    );
    // Rounds this client sealed in but the server played: named.
    witness.sealed_own(3);
    witness.sealed_own(4);
    assert_eq!(
        witness.moves_taken_over(&record, Seat::Yellow),
        Vec::<u32>::new()
    );
    assert_eq!(witness.moves_taken_over(&record, Seat::Blue), vec![3]);
}

#[test]
fn a_leave_in_the_record_is_signed_by_whoever_left_for_the_round_they_left_in() {
    let (record, _) = sealed_game(10, Options::default());
    let keys = players_keys();
    // Blue left during round 4: the record stops after round 3.
    let mut left = record.clone();
    left.rounds.truncate(3);
    left.outcome = None;
    let fair_part = left.fair.as_mut().unwrap();
    fair_part.rounds.truncate(3);
    let commitment = fair_part.commitment;
    let signed = |seat: Seat, round: u32, by: &PlayerSecret| mice_cake_engine::SignedLeave {
        seat,
        round,
        signature: by.sign_leave(commitment, round, seat),
    };
    fair_part.left = Some(signed(Seat::Blue, 4, &keys.blue));
    left.replay().unwrap();

    // Signed for the round just revealed (a leave sent as the reveal came):
    // it holds too.
    let mut as_revealed = left.clone();
    as_revealed.fair.as_mut().unwrap().left = Some(signed(Seat::Blue, 3, &keys.blue));
    as_revealed.replay().unwrap();
    // Another round than those, another key, another seat.
    let mut early = left.clone();
    early.fair.as_mut().unwrap().left = Some(signed(Seat::Blue, 2, &keys.blue));
    assert_eq!(
        early.replay().unwrap_err(),
        ReplayError::LeaveRound {
            seat: Seat::Blue,
            signed: 2,
            stopped: 4
        }
    );
    let mut forged = left.clone();
    forged.fair.as_mut().unwrap().left = Some(signed(Seat::Blue, 4, &keys.yellow));
    let error = forged.replay().unwrap_err();
    assert_eq!(
        error,
        ReplayError::BadLeave {
            seat: Seat::Blue,
            round: 4
        }
    );
    assert!(
        error.to_string().contains("not signed with Blue's key"),
        "{error}"
    );
    let mut swapped = left.clone();
    swapped.fair.as_mut().unwrap().left.as_mut().unwrap().seat = Seat::Yellow;
    assert!(matches!(
        swapped.replay().unwrap_err(),
        ReplayError::BadLeave {
            seat: Seat::Yellow,
            ..
        }
    ));
    // A game played to its end was left by nobody.
    let mut finished = record.clone();
    let last = u32::try_from(finished.rounds.len() + 1).unwrap();
    finished.fair.as_mut().unwrap().left = Some(signed(Seat::Blue, last, &keys.blue));
    assert!(matches!(
        finished.replay().unwrap_err(),
        ReplayError::LeaveRound { .. }
    ));
    // A leave belongs to format 4.
    let mut older = left.clone();
    older.format = mice_cake_engine::SIGNED_RECORD_FORMAT;
    assert_eq!(
        older.replay().unwrap_err(),
        ReplayError::LeaveMisplaced { format: 3 }
    );
    older.fair.as_mut().unwrap().left = None;
    older.replay().unwrap();
}
