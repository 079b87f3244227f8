//! Every refusal the server can send has its words in every language, and
//! each of its causes its own sentence, not the catch-all one.

use mice_cake_engine::{AssignmentError, Column, Domino};
use mice_cake_protocol::{BadChat, BadName, ErrorCode, RefusalArg, RefusalArgs};

use super::*;

fn args_of(refusal: &RefusalArgs) -> FluentArgs<'static> {
    let mut args = FluentArgs::new();
    for (name, value) in refusal {
        match value {
            RefusalArg::Number(number) => args.set(name.clone(), *number),
            RefusalArg::Text(text) => args.set(name.clone(), text.clone()),
        }
    }
    args
}

#[test]
fn every_error_code_has_its_words_in_every_language() {
    for language in LANGUAGES {
        for part in [Part::Web, Part::Terminal] {
            let words = Words::new(language, part).unwrap();
            for code in ErrorCode::ALL {
                let id = format!("refusal-{}", code.as_str());
                assert!(words.has(&id), "{language}: no {id}");
                // Without arguments (an older server's refusal) it still
                // reads as a sentence, no placeable left unfilled.
                let bare = words.format(&id, None);
                assert!(
                    !bare.contains('{'),
                    "{language}: {id} without arguments: {bare}"
                );
            }
        }
    }
}

#[test]
fn each_cause_of_a_refusal_has_its_own_sentence_in_every_language() {
    let piece = Domino::new(6, 6).unwrap();
    let assignment = [
        AssignmentError::GameOver,
        AssignmentError::TooManyMice { placed: 5 },
        AssignmentError::RestingMiceUsed {
            placed: 4,
            available: 2,
        },
        AssignmentError::MiceLeftUnplaced {
            placed: 1,
            available: 3,
        },
        AssignmentError::EmptyColumn(Column::B),
        AssignmentError::OpponentStashEmpty(Column::C),
        AssignmentError::StealWithoutTarget(Column::D),
        AssignmentError::TargetNotInOpponentStash(piece),
        AssignmentError::StealTargetWithoutSteal(piece),
    ]
    .map(|error| {
        (
            ErrorCode::IllegalAssignment,
            mice_cake_protocol::illegal_assignment_args(&error),
        )
    });
    let names = [
        BadName::Empty,
        BadName::TooLong {
            chars: 40,
            most: 32,
        },
        BadName::Invisible(mice_cake_protocol::name::CodePoint('\u{202E}')),
        BadName::LeadingMark(mice_cake_protocol::name::CodePoint('\u{301}')),
        BadName::TooManyMarks,
    ]
    .map(|error| (ErrorCode::BadName, error.args()));
    let chats =
        [BadChat::Empty, BadChat::TooLong(300)].map(|error| (ErrorCode::BadChat, error.args()));
    for language in LANGUAGES {
        let words = Words::new(language, Part::Web).unwrap();
        for (code, refusal) in assignment.iter().chain(&names).chain(&chats) {
            let id = format!("refusal-{}", code.as_str());
            let said = words.format(&id, Some(&args_of(refusal)));
            let catch_all = words.format(&id, None);
            assert_ne!(
                said, catch_all,
                "{language}: {id} {refusal:?} falls to the catch-all"
            );
            assert!(!said.contains('{'), "{language}: {id} {refusal:?}: {said}");
            for value in refusal.values() {
                if let RefusalArg::Text(text) = value
                    && (text.contains('/') || text.starts_with("U+") || text.len() == 1)
                {
                    assert!(
                        said.contains(text.as_str()),
                        "{language}: {said} lacks {text}"
                    );
                }
            }
        }
    }
}
